"""The encoders reuse the blocks of the last vector they built for a seat; whatever order states come in,
the result equals that of a fresh encoder."""

from __future__ import annotations

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng


@pytest.mark.parametrize(("game_id", "opts"), [("kingdomino", {"players": 3}), ("dominion", {"players": 3}),
                                               ("burgundy", {"players": 2}), ("dominion", {"players": 2}),
                                               # boards, kingdoms and dynasties that differ from game to game
                                               ("burgundy", {"players": 3, "scenario": "random"}),
                                               ("dominion", {"players": 2, "kingdom": "random"}),
                                               ("kingdomino", {"players": 2, "dynasty": True})])
def test_any_order_gives_the_fresh_encoding(game_id, opts):
    game = realms.games.get(game_id)
    cls = type(game.observation())
    states = []
    for seed in range(3):
        s = game.new(opts, seed)
        rng = Rng(seed)
        while s.to_move is not None:
            if rng.below(4) == 0:
                states.append(s.clone())
            actions = game.legal_actions(s)
            game.apply(s, actions[rng.below(len(actions))])
        states.append(s.clone())
    shared = cls()
    order = Rng(9)
    seen = []
    for _ in range(3 * len(states)):
        s = states[order.below(len(states))]
        seat = order.below(game.players(s))
        got = shared.encode(s, seat)
        seen.append(got)
        assert np.array_equal(got, cls().encode(s, seat))
    # vectors handed out earlier are copies: later calls do not change them
    s = states[0]
    first = shared.encode(s, 0)
    keep = first.copy()
    for t in states[1:20]:
        shared.encode(t, 0)
    assert np.array_equal(first, keep)
