"""Bots: ``greedy`` is registered, plays legal moves, and beats ``random`` in at least 95% of 2-player games."""

from __future__ import annotations

import os

import pytest

from realms.agents import agent_names, make_agent
from realms.core.rng import derive_seed
from realms.games.burgundy.bots import evaluate, tile_value

from .helpers import GAME, grab, new

FULL = os.environ.get("REALMS_FULL") == "1"


def _play(names: list[str], seed: int, **opts):
    s = GAME.new({"players": len(names), **opts}, seed)
    agents = [make_agent(n, GAME, derive_seed(seed, i)) for i, n in enumerate(names)]
    while s.to_move is not None:
        a = agents[s.to_move].act(GAME, s)
        assert a in GAME.legal_actions(s)
        GAME.apply(s, a)
    return GAME.result(s)


def test_agents_registered():
    assert {"greedy", "random"} <= set(agent_names("burgundy"))


@pytest.mark.slow
def test_greedy_beats_random_in_at_least_95_percent_of_two_player_games():
    n = 400 if FULL else 40
    wins = 0
    for i in range(n):
        names = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        res = _play(names, derive_seed(777, i))
        g = names.index("greedy")
        wins += res.ranks[g] == 1 and not res.shared
    assert wins / n >= 0.95, f"greedy won {wins} of {n}"


@pytest.mark.parametrize("opts", [{"scenario": "free-choice"}, {"scenario": "random", "city_hall": "matching-colour"}])
def test_greedy_plays_every_scenario(opts):
    res = _play(["greedy", "greedy", "random"], 5, **opts)
    assert max(res.scores) > 0


def test_evaluate_prefers_more_vp_and_useful_tiles():
    s = new(2, seed=3)
    p = s.to_move
    base = evaluate(GAME, s, p)
    s.vp[p] += 5
    assert evaluate(GAME, s, p) == pytest.approx(base + 5)
    castle = grab(s, "castle")
    assert tile_value(s, p, castle) > 0
    s.occ[p] |= s.boards[p].type_mask[2]  # every castle space taken: a castle in storage is useless
    assert tile_value(s, p, castle) == 0
