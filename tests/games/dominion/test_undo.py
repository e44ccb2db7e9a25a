"""Dominion's undo (the option ``undo``): the turn holder may take back playing a Treasure, an Action that draws
and reveals nothing, a buy and the end of the Action phase; never a draw, a shuffle, an Attack on another seat,
or the end of the turn."""

from __future__ import annotations

import pytest

from realms.core.errors import IllegalAction
from tests.games.dominion.util import G, act, choose, hand, legal, new, play, start_turn


def _game(*cards: str) -> object:
    return new(*cards, undo=True)


def _undo(s: object) -> None:
    G.apply(s, G.undo_action)


def test_playing_a_treasure_and_buying_may_be_taken_back() -> None:
    s = _game()
    start_turn(s, 0, hand=["Copper", "Copper", "Silver", "Estate", "Estate"], deck=["Gold"] * 5)
    before = G.state_hash(s)
    assert "undo" not in legal(s)
    play(s, "Silver")
    play(s, "Copper")
    act(s, "buy", "Silver")  # the last buy: with undo the turn waits for end_buys, so the buy may be taken back
    assert s.to_move == 0 and legal(s) == {"end buying", "undo"} and s.coins == 0
    _undo(s)
    assert s.coins == 3 and s.buys == 1 and "buy Silver" in legal(s)
    _undo(s)
    _undo(s)
    assert G.state_hash(s) == before
    assert "undo" not in legal(s)


def test_a_non_drawing_action_may_be_taken_back_a_drawing_one_may_not() -> None:
    s = _game("Festival", "Village")
    start_turn(s, 0, hand=["Festival", "Village", "Copper", "Copper", "Estate"], deck=["Gold"] * 5)
    before = G.state_hash(s)
    play(s, "Festival")
    assert "undo" in legal(s)
    _undo(s)
    assert G.state_hash(s) == before
    play(s, "Village")  # draws a card: what it drew is seen
    assert "undo" not in legal(s)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        _undo(s)


def test_a_choice_of_a_non_drawing_action_may_be_taken_back() -> None:
    s = _game("Chapel")
    start_turn(s, 0, hand=["Chapel", "Copper", "Copper", "Estate", "Estate"], deck=["Gold"] * 5)
    play(s, "Chapel")
    choose(s, "Estate")
    assert "undo" in legal(s)
    _undo(s)
    assert hand(s).count("Estate") == 2
    _undo(s)
    assert "Chapel" in hand(s)


def test_an_attack_on_another_seat_may_not_be_taken_back() -> None:
    s = _game("Militia")
    start_turn(s, 0, hand=["Militia", "Copper", "Copper", "Estate", "Estate"], deck=["Gold"] * 5,
               hand1=["Copper", "Copper", "Copper", "Estate", "Estate"])
    play(s, "Militia")  # seat 2 decides what to discard: another player acts
    assert s.to_move == 1 and "undo" not in legal(s)


def test_ending_the_turn_may_not_be_taken_back() -> None:
    s = _game()
    start_turn(s, 0, hand=["Copper", "Copper", "Silver", "Estate", "Estate"], deck=["Gold"] * 5)
    act(s, "play_treasures")
    act(s, "end_buys")
    assert s.to_move == 1 and "undo" not in legal(s)


def test_undo_off_is_refused_and_changes_nothing() -> None:
    s = new()
    before = G.state_hash(s)
    with pytest.raises(IllegalAction, match="undo is off"):
        _undo(s)
    assert G.state_hash(s) == before
    assert "undo" not in legal(s)
