"""The lean path for random players (``realms.games.burgundy.fast``) against the reference engine: every action
it records is what ``RandomAgent`` picks from ``legal_actions`` with the same seed, and the final state hash,
result and turns agree."""

from __future__ import annotations

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.burgundy import fast

GAME = realms.games.get("burgundy")


@pytest.mark.parametrize("options, games", [
    ({"players": 2}, 12),
    ({"players": 3}, 6),
    ({"players": 4, "scenario": "random"}, 4),
    ({"players": 2, "scenario": "free-choice", "black_depot_timing": "during-effects"}, 4),
])
def test_lean_random_games_replay_through_the_reference_engine(options, games):
    opts = GAME.validate_options(options)
    for g in range(games):
        seed = derive_seed(12, g)
        seeds = [derive_seed(seed, k + 1) for k in range(opts["players"])]
        s = GAME.setup(opts, seed)
        record: list[int] = []
        n = fast.play(GAME, s, [Rng(x).state for x in seeds], record)
        ref = GAME.new(options, seed)
        bots = [make_agent("random", GAME, x) for x in seeds]
        for step, idx in enumerate(record):
            legal = GAME.legal_actions(ref)
            action = bots[ref.to_move].act(GAME, ref)
            assert action.index == idx and action in legal, (options, g, step)
            GAME.apply(ref, action)
        assert ref.to_move is None and n == len(record)
        assert GAME.state_hash(ref) == GAME.state_hash(s)
        assert GAME.result(ref) == GAME.result(s) and ref.turns == s.turns


def test_fast_games_hook_only_for_random_players():
    opts = GAME.validate_options({"players": 2})
    assert GAME.fast_games(opts, ["random", "greedy"]) is None
    assert GAME.fast_games(opts, ["random", "random"]) is not None
