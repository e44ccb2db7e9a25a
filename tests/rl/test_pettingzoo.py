"""The PettingZoo environments pass PettingZoo's own tests, for every game and its main variants."""

from __future__ import annotations

import types
import warnings
from functools import partial

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

import realms.games  # noqa: E402
import realms.rl  # noqa: E402
from realms.core.errors import IllegalAction  # noqa: E402
from tests.games.per_game import declared  # noqa: E402

#: every registered game at its main variants (``PETTINGZOO_TABLES`` of its tests/games/<id>/tables.py)
VARIANTS = [(g, o) for g in realms.games.ids() for o in declared(g, "tables").PETTINGZOO_TABLES]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in VARIANTS]


@pytest.mark.parametrize(("game", "opts"), VARIANTS, ids=IDS)
def test_api(game, opts):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(realms.rl.env(game, opts), num_cycles=300)


@pytest.mark.parametrize(("game", "opts"), VARIANTS, ids=IDS)
def test_seed(game, opts):
    seed_test(partial(realms.rl.env, game, opts), num_cycles=100)


@pytest.mark.parametrize(("game", "opts"), [v for v in VARIANTS if v[1].get("players", 2) > 1],
                         ids=[i for i, v in zip(IDS, VARIANTS, strict=True) if v[1].get("players", 2) > 1])
def test_max_cycles(game, opts):
    # the test samples actions without masks, so illegal ones are replaced by random legal ones
    mod = types.SimpleNamespace(env=partial(realms.rl.env, game, opts, illegal="random"),
                                parallel_env=partial(realms.rl.parallel_env, game, opts, illegal="random"))
    max_cycles_test(mod)


@pytest.mark.parametrize("game", realms.games.ids())
def test_agent_selection_follows_to_move_and_rewards_match_the_result(game):
    e = realms.rl.env(game, {"players": 3}, reward="margin")
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    state = e.engine_state()
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert agent == f"player_{state.to_move}"
        legal = {a.index for a in realms.games.get(game).legal_actions(state)}
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(sorted(legal))))
        steps += 1
    res = realms.games.get(game).result(state)
    scores = res.scores
    margins = [scores[i] - max(scores[j] for j in range(3) if j != i) for i in range(3)]
    assert steps > 10
    assert res is not None and margins == [realms.rl.rewards_of(res, "margin")[i] for i in range(3)]


def test_dominion_attack_answers_are_steps_of_the_defender():
    """A Militia makes the other seat decide: the environment hands that decision to the other agent."""
    game = realms.games.get("dominion")
    e = realms.rl.env("dominion", {"players": 2, "kingdom": "Militia,Moat,Village,Smithy,Market,Cellar,Chapel,"
                                                          "Workshop,Remodel,Mine"})
    found = 0
    for seed in range(30):
        e.reset(seed=seed)
        state = e.engine_state()
        rng = np.random.default_rng(seed)
        prev_current = None
        while state.to_move is not None:
            agent = e.agent_selection
            assert agent == f"player_{state.to_move}"
            if prev_current is not None and state.to_move != state.cur:
                found += 1
            mask = e.observe(agent)["action_mask"]
            legal = np.flatnonzero(mask)
            # prefer playing Militia to provoke answers
            names = [game.actions[i].to_json() for i in legal]
            pick = next((i for i, j in zip(legal, names, strict=True) if j.get("card") == "Militia"
                         and j["type"] in ("play", "buy")), None)
            e.step(int(pick if pick is not None else rng.choice(legal)))
            prev_current = state.cur
        if found:
            break
    assert found > 0


def test_rewards_win_and_illegal_conventions():
    e = realms.rl.env("kingdomino", {"players": 2})
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(bad)
    e = realms.rl.env("kingdomino", {"players": 2}, illegal="lose")
    e.reset(seed=1)
    offender = e.agent_selection
    e.step(bad)
    assert all(e.terminations.values())
    assert e._cumulative_rewards[offender] == -1.0 and sum(e._cumulative_rewards.values()) == -1.0


def test_render_ansi_uses_the_terminal_renderer():
    e = realms.rl.env("kingdomino", {"players": 2}, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "player_0" in text and "{" not in text[:5]


def test_json_view_in_infos():
    e = realms.rl.env("dominion", {"players": 2}, json_view=True)
    e.reset(seed=3)
    agent = e.agent_selection
    assert e.infos[agent]["view"]["seat"] == int(agent.split("_")[1])
    assert "hand" in e.infos[agent]["view"]["seats"][int(agent.split("_")[1])]


@pytest.mark.parametrize(("game", "opts"), [(g, declared(g, "tables").SINGLE_AGENT[1]) for g in realms.games.ids()])
def test_the_usual_step_path_matches_the_general_one(game, opts):
    """A step takes a shorter path while every agent is in and no max_cycles or JSON views are kept; an
    environment with an unreachable max_cycles always takes the general path: the same episode, call by call,
    with illegal actions replaced (and said so) now and then."""
    fast = realms.rl.env(game, opts, illegal="random")
    slow = realms.rl.env(game, opts, illegal="random", max_cycles=10**9)
    rng = np.random.default_rng(5)
    fast.reset(seed=4)
    slow.reset(seed=4)
    steps = 0
    for agent in fast.agent_iter():
        assert slow.agent_selection == agent
        got, want = fast.last(), slow.last()
        assert got[1:] == want[1:]
        obs = got[0]
        assert obs is not None and want[0] is not None
        assert np.array_equal(obs["observation"], want[0]["observation"])
        assert np.array_equal(obs["action_mask"], want[0]["action_mask"])
        if got[2] or got[3]:
            action = None
        elif steps % 7 == 3:
            action = int(np.flatnonzero(obs["action_mask"] == 0)[0])  # illegal: a random legal one is played
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        fast.step(action)
        slow.step(action)
        steps += 1
    assert slow.agents == [] and fast.rewards == slow.rewards and steps > 20


def _inf_warnings(caught):
    return [str(w.message) for w in caught if "infinity" in str(w.message) or "State is not" in str(w.message)]


@pytest.mark.parametrize(("game", "opts"), VARIANTS, ids=IDS)
def test_state_is_a_global_tensor_with_its_space(game, opts):
    """PettingZoo's own state test (actions sampled without masks, so illegal ones are replaced), and no warning
    of an infinite bound or a state that is not an array."""
    from pettingzoo.test import state_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state_test(realms.rl.env(game, opts, illegal="random"), realms.rl.parallel_env(game, opts, illegal="random"),
                   num_cycles=20)
    assert _inf_warnings(caught) == []
    e = realms.rl.env(game, opts)
    e.reset(seed=2)
    state = e.state()
    n = e.table.obs_size
    assert state.dtype == np.float32 and state.shape == e.state_space.shape == (e.table.players * n,)
    for seat in range(e.table.players):  # every seat's observation, seat 0 first
        assert np.array_equal(state[seat * n:(seat + 1) * n], e.observe(f"player_{seat}")["observation"])


@pytest.mark.parametrize(("game", "opts"), VARIANTS, ids=IDS)
def test_observation_spaces_declare_finite_bounds_that_hold(game, opts):
    e = realms.rl.env(game, opts)
    box = e.observation_space("player_0")["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all() and (box.low <= box.high).all()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(realms.rl.env(game, opts), num_cycles=60)
    assert _inf_warnings(caught) == []
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        assert box.contains(obs["observation"]), agent
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
