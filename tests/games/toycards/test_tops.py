"""Tops' own rules, and that the conformance suite checks it although no file outside this folder names it."""

from __future__ import annotations

import pytest

import realms.games
from realms.core.errors import IllegalAction
from realms.core.rng import Rng
from tests.games.test_conformance import GAME_IDS
from tests.games.toycards import GAME


def test_the_conformance_suite_checks_tops_and_the_registry_does_not_offer_it():
    assert GAME.id in GAME_IDS and GAME.id not in realms.games.ids()


def test_a_card_played_scores_its_value_and_the_deck_refills_the_hand():
    s = GAME.new({}, seed=4)
    hand = sorted(s.hands[0])
    deck = len(s.deck)
    GAME.apply(s, GAME.actions[hand[0] - 1])
    assert s.played[0] == [hand[0]] and len(s.hands[0]) == 2 and len(s.deck) == deck - 1 and s.to_move == 1
    with pytest.raises(IllegalAction):
        GAME.apply(s, next(a for a in GAME.actions if a["card"] not in s.hands[1]))


def test_every_card_is_played_and_the_higher_total_wins():
    s = GAME.new({"players": 3}, seed=9)
    rng = Rng(1)
    while s.to_move is not None:
        legal = GAME.legal_actions(s)
        GAME.apply(s, legal[rng.below(len(legal))])
    result = GAME.result(s)
    assert sorted(c for p in s.played for c in p) == sorted(list(range(1, 7)) * 2)
    assert sum(result.scores) == 42 and GAME.turns(s) == [len(p) for p in s.played]
    best = max(result.scores)
    assert all(result.ranks[q] == 1 for q in result.winners) and all(result.scores[q] == best for q in result.winners)
