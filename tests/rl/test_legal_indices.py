"""``Game.legal_indices`` and ``Game.apply_legal``, the integer path the RL environments take, against the Action
path: the same legal indices in the same order, the same mask, and the same successor state, at every position of
seeded random games of every game."""

from __future__ import annotations

import os

import numpy as np
import pytest

import realms.games
from realms.core.game import Game
from realms.core.rng import Rng
from realms.rl.core import Table
from tests.games.per_game import declared

FULL = os.environ.get("REALMS_FULL") == "1"

#: every registered game at the tables its tests/games/<id>/tables.py lists (``INTEGER_PATH``)
CASES = [(g, o) for g in realms.games.ids() for o in declared(g, "tables").INTEGER_PATH]


@pytest.mark.parametrize(("game_id", "opts"), CASES)
def test_the_integer_path_is_the_action_path(game_id, opts):
    game = realms.games.get(game_id)
    table = Table(game, opts)
    positions = 0
    games = 6 if FULL else 2
    for seed in range(games):
        s = game.new(table.options, seed)
        table.state = s
        rng = Rng(seed)
        while True:
            table._mask = table._legal = None
            actions = game.legal_actions(s)
            legal = game.legal_indices(s)
            assert type(legal) is tuple
            assert legal == tuple(a.index for a in actions)
            mask = table.mask()
            assert not mask.flags.writeable or not table.int_legal
            assert mask.tolist() == [int(b) for b in game.action_mask(s)]
            if s.to_move is None:
                assert legal == ()
                break
            index = legal[rng.below(len(legal))]
            other = s.clone()
            game.apply(other, game.actions[index])
            game.apply_legal(s, index)
            assert game.state_hash(s) == game.state_hash(other)
            positions += 1
    assert positions > 40 * games


def test_the_defaults_read_the_action_path():
    game = realms.games.get("burgundy")
    assert type(game).legal_indices is Game.legal_indices  # the default: this test covers it
    s = game.new({"players": 2}, 5)
    other = s.clone()
    legal = game.legal_indices(s)
    assert legal == tuple(a.index for a in game.legal_actions(s))
    Game.apply_legal(game, s, legal[-1])  # the default (Burgundy has an apply_legal of its own)
    game.apply(other, game.legal_actions(other)[-1])
    assert game.state_hash(s) == game.state_hash(other)


def test_masks_are_shared_and_bounded(monkeypatch):
    import realms.rl.core as core

    t1, t2 = Table("dominion"), Table("dominion")
    assert t1.int_legal and not Table("burgundy").int_legal and Table("burgundy").own_apply
    t1.new(1)
    t2.new(1)
    assert t1.mask() is t2.mask()  # the same legal indices: one read-only mask
    monkeypatch.setattr(core, "MASK_CACHE", 2)
    t1._masks.clear()
    for legal in [(0,), (1,), (2,)]:
        m = t1.mask_of(legal)
        assert np.flatnonzero(m).tolist() == list(legal)
    assert len(t1._masks) <= 2
