"""A search's time budget holds from its first move: one-time loading (a compiled kernel, caches filling) is done by
``Agent.prepare`` before the clock starts, and a search that was not prepared counts it and stops at its deadline
rather than overrunning it. The clock here is a fake one the playout policy advances, so nothing depends on the
machine's speed."""

from __future__ import annotations

import types

import pytest

import realms.games
from realms.agents import search
from realms.agents.analysis import analyze
from realms.core import agents as core_agents
from realms.core.agents import RandomAgent, make_agent, register

FIRST_CALL = 0.4  # longer than the whole budget
EACH_CALL = 0.00001
BUDGET = 0.3


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        return self.now


class SlowFirstCall(RandomAgent):
    """Random, but the first move it is asked for in this process takes longer than the whole budget (on the
    fake clock); every later one 10 µs."""

    name = "slow-first-call"
    warmed = False
    clock: Clock | None = None

    def act(self, game, state):
        assert SlowFirstCall.clock is not None
        SlowFirstCall.clock.now += EACH_CALL if SlowFirstCall.warmed else FIRST_CALL
        SlowFirstCall.warmed = True
        return super().act(game, state)


@pytest.fixture
def clock(monkeypatch):
    register("*", "slow-first-call", SlowFirstCall)
    SlowFirstCall.warmed = False
    SlowFirstCall.clock = Clock()
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=SlowFirstCall.clock.perf_counter))
    monkeypatch.setattr(search, "_PREPARED", set())
    yield SlowFirstCall.clock
    del core_agents._EXTRA[("*", "slow-first-call")]  # other tests list every agent of a game


def test_a_search_budget_holds_from_its_first_move(clock):
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=5)
    agent = make_agent(f"mc:seconds={BUDGET},policy=slow-first-call", game, 1)
    start = clock.now
    agent.act(game, state)
    # the first playout alone took longer than the budget: the search stops there (it used to start its budget
    # after it, thinking another 0.3 s)
    assert clock.now - start < FIRST_CALL + BUDGET / 2


def test_prepare_loads_a_search_before_the_clock_starts(clock):
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=5)
    agent = make_agent(f"mc:seconds={BUDGET},policy=slow-first-call", game, 1)
    agent.prepare(game)
    assert SlowFirstCall.warmed
    start = clock.now
    agent.act(game, state)
    assert clock.now - start < BUDGET + 0.05  # the move keeps its budget
    assert sum(n for n, _ in agent.last_stats.values()) > len(game.legal_actions(state))  # and thinks in it


def test_prepare_is_paid_once_per_process_and_search(clock):
    game = realms.games.get("kingdomino")
    make_agent("mc:seconds=1,policy=slow-first-call", game, 1).prepare(game)
    before = clock.now
    make_agent("mc:seconds=2,policy=slow-first-call", game, 2).prepare(game)  # the same search, another budget
    assert clock.now == before


def test_an_analysis_prepares_its_search_before_its_budget(clock):
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=5)
    found = analyze(game, state, kind="mc", seconds=BUDGET, seed=1, options={"policy": "slow-first-call"}, top=0)
    assert found.playouts > len(game.legal_actions(state)), found.playouts
    assert len(found.moves) > 1


def test_a_playout_budget_stops_at_its_time_cap(clock):
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=5)
    agent = make_agent(f"mc:iterations=1000000,cap={BUDGET},policy=slow-first-call", game, 1)
    agent.prepare(game)
    start = clock.now
    agent.act(game, state)
    assert clock.now - start < BUDGET + 0.05  # a busy machine plays fewer playouts, never a longer move
    assert 0 < sum(n for n, _ in agent.last_stats.values()) < 1000000


@pytest.mark.parametrize("kind", ["mc", "ismcts"])
def test_a_cap_not_reached_leaves_the_playout_budget_deterministic(clock, kind):
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=5)
    capped = make_agent(f"{kind}:iterations=60,cap=1000,policy=slow-first-call", game, 1)
    plain = make_agent(f"{kind}:iterations=60,policy=slow-first-call", game, 1)
    assert capped.act(game, state) == plain.act(game, state)
    assert capped.last_stats == plain.last_stats
