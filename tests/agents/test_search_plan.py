"""mc's whole-turn planning (``plan=N``) and the own-score evaluation (``eval=score``)."""

from __future__ import annotations

import pytest

from realms.agents import make_agent
from realms.agents.search import SearchConfig, _Search
from realms.core.rng import Rng
from realms.sim import run_tournament
from tests.agents.test_search import OPTS, _position


def _search(game, state, iterations: int = 60, plan: int = 6, eval: str = "margin") -> _Search:
    cfg = SearchConfig("mc", 1.0, iterations, None, eval, 0.7, None, 1, None, 1.0, True, plan)
    return _Search(game, state, state.to_move, Rng(9), cfg)


def test_the_burgundy_rollout_keys_a_turn_by_its_mover_and_the_turns_it_has_finished() -> None:
    game, state = _position("burgundy", 30)
    rollout = make_agent("rollout", game, 1)
    p = state.to_move
    key = rollout.turn(game, state)
    assert key == (p, state.turns[p])
    while state.to_move == p and state.turns[p] == key[1]:
        game.apply(state, rollout.act(game, state))
    assert rollout.turn(game, state) != key


@pytest.mark.parametrize("steps", [20, 41, 90])
def test_burgundy_plans_are_the_root_actions_then_whole_turns_of_the_mover_from_them(steps: int) -> None:
    game, state = _position("burgundy", steps)
    search = _search(game, state)
    search.run()
    plans = search.plans
    roots = [a.index for a in search.root_actions]
    assert [tuple(a.index for a in p) for p in plans[:len(roots)]] == [(i,) for i in roots]  # the root's own
    assert len(plans) <= len(roots) + 6
    assert len({tuple(a.index for a in p) for p in plans}) == len(plans)
    rollout = make_agent("rollout", game, 1)
    key = rollout.turn(game, state)
    for plan in plans[len(roots):]:
        assert plan[0].index in roots
        s = game.clone(state)
        for a in plan:
            assert s.to_move == state.to_move and rollout.turn(game, s) == key
            assert a in game.legal_actions(s)
            game.apply(s, a)
        # the turn is over (or the game), unless the plan reached its length cap
        assert s.to_move is None or rollout.turn(game, s) != key or len(plan) == search._PLAN_STEPS


def test_the_root_statistics_are_each_root_actions_best_plan() -> None:
    game, state = _position("burgundy", 41)
    search = _search(game, state, iterations=120)
    stats = search.run()
    assert set(stats) <= {a.index for a in search.root_actions}
    assert sum(n for n, _ in stats.values()) <= 120
    assert all(n >= 120 // len(search.plans) for n, _ in stats.values())


@pytest.mark.parametrize("game_id", list(OPTS))
def test_plan_is_deterministic_under_an_iteration_budget_and_leaves_the_state_alone(game_id: str) -> None:
    game, state = _position(game_id, 12)
    before = game.state_hash(state)
    name = "mc:iterations=40,plan=4"
    a, b = make_agent(name, game, 5), make_agent(name, game, 5)
    assert a.act(game, state) == b.act(game, state)
    assert a.last_stats == b.last_stats
    assert game.state_hash(state) == before
    c = make_agent(name, game, 6)
    assert c.act(game, state) in game.legal_actions(state)
    assert c.last_stats != a.last_stats  # the seed matters


def test_plan_under_a_time_budget_plays_legal_moves() -> None:
    game, state = _position("burgundy", 41)
    agent = make_agent("mc:seconds=0.05,plan=4", game, 5)
    assert agent.act(game, state) in game.legal_actions(state)


def test_plan_beats_random_at_burgundy() -> None:
    report = run_tournament("burgundy", ["mc:iterations=30,plan=4", "random"], games=2, seed=11,
                            options={"players": 2})
    assert report.entrants[0].wins == 2, report.to_json()
    assert report.entrants[0].mean_score > report.entrants[1].mean_score + 15


def test_score_eval_rewards_each_seat_with_its_own_score() -> None:
    game, state = _position("burgundy", 12)
    search = _search(game, state, plan=0, eval="score")
    assert search._reward([150, 170], [1]) == [150.0, 170.0]
    assert search._reward([150, 170], None) == [150.0, 170.0]


def test_score_eval_is_deterministic_and_beats_random_at_burgundy() -> None:
    game, state = _position("burgundy", 30)
    a, b = make_agent("mc:iterations=40,eval=score", game, 5), make_agent("mc:iterations=40,eval=score", game, 5)
    assert a.act(game, state) == b.act(game, state) and a.last_stats == b.last_stats
    report = run_tournament("burgundy", ["mc:iterations=30,eval=score", "random"], games=2, seed=11,
                            options={"players": 2})
    assert report.entrants[0].wins == 2, report.to_json()
