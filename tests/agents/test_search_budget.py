"""A time budget counts thinking, not a one-time warm-up: a playout policy whose first call is slow (a compiled
kernel loading, caches filling) must not leave a search with a single playout."""

from __future__ import annotations

import time

import pytest

import realms.games
from realms.agents.analysis import analyze
from realms.core import agents as core_agents
from realms.core.agents import RandomAgent, register


class SlowFirstCall(RandomAgent):
    """Random, but the first move it is asked for in this process takes longer than the whole budget."""

    name = "slow-first-call"
    warmed = False

    def act(self, game, state):
        if not SlowFirstCall.warmed:
            SlowFirstCall.warmed = True
            time.sleep(0.4)
        return super().act(game, state)


@pytest.fixture
def slow_first_call():
    register("*", "slow-first-call", SlowFirstCall)
    SlowFirstCall.warmed = False
    yield
    del core_agents._EXTRA[("*", "slow-first-call")]  # other tests list every agent of a game


def test_a_slow_first_playout_does_not_eat_the_time_budget(slow_first_call):
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=5)
    found = analyze(game, state, kind="mc", seconds=0.3, seed=1, options={"policy": "slow-first-call"}, top=0)
    assert found.playouts > len(game.legal_actions(state)), found.playouts
    assert len(found.moves) > 1
