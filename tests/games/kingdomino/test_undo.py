"""Kingdomino's undo (the option ``undo``): a placement, or the discard of a domino that fits nowhere, may be taken
back until the pick that follows it; never a pick (it ends the king's turn), nor the last round's placement."""

from __future__ import annotations

import pytest

import realms.games
from realms.core.errors import IllegalAction

G = realms.games.get("kingdomino")


def _kinds(s: object) -> set[str]:
    return {a.kind for a in G.legal_actions(s)}


def _opening(players: int = 3):  # type: ignore[no-untyped-def]
    s = G.new({"players": players, "undo": True}, 2)
    while s.round == 0:
        assert "undo" not in _kinds(s)  # the opening picks may not be taken back
        G.apply(s, G.legal_actions(s)[0])
    return s


def test_a_placement_may_be_taken_back_until_the_pick() -> None:
    s = _opening()
    seat = s.to_move
    before = G.state_hash(s)
    place = G.legal_actions(s)[0]
    G.apply(s, place)
    assert s.to_move == seat and "undo" in _kinds(s)
    G.apply(s, G.undo_action)
    assert G.state_hash(s) == before and "undo" not in _kinds(s)
    G.apply(s, G.legal_actions(s)[-1])  # another placement
    G.apply(s, G.legal_actions(s)[0])  # the pick
    assert s.to_move != seat and "undo" not in _kinds(s)


def test_a_pick_may_not_be_taken_back_even_when_the_same_seat_moves_next() -> None:
    s = _opening(players=2)  # two kings each: a seat may move twice in a row
    while True:
        seat, king = s.to_move, s.acting_king
        G.apply(s, G.legal_actions(s)[0])
        G.apply(s, G.legal_actions(s)[0])  # place, pick
        if s.to_move == seat:
            break
    assert s.acting_king != king and "undo" not in _kinds(s)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        G.apply(s, G.undo_action)


def test_the_last_rounds_placement_may_not_be_taken_back() -> None:
    s = _opening(players=2)
    while s.nxt:
        G.apply(s, G.legal_actions(s)[0])
    assert s.step == 0 and s.round > 0  # the last round: place only
    G.apply(s, G.legal_actions(s)[0])  # a placement with nothing to pick after it ends the king's turn
    assert "undo" not in _kinds(s)
