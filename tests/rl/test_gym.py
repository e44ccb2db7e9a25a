"""The Gymnasium single-agent environment passes Gymnasium's checker and plays whole games against bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import realms.games  # noqa: E402
import realms.rl  # noqa: E402
from realms.core.errors import RealmsError  # noqa: E402
from realms.rl.gym_env import gym_ids  # noqa: E402
from tests.games.per_game import declared  # noqa: E402


def test_every_game_registers_the_gymnasium_id_it_declares():
    assert set(gym_ids()) == {g for g in realms.games.ids() if realms.games.get(g).gym_id}
    assert gym_ids()["kingdomino"] == "realms/Kingdomino-v0"
    assert all(env_id in gym.registry for env_id in gym_ids().values())


@pytest.mark.parametrize("env_id", list(gym_ids().values()))
def test_registered_ids_pass_check_env(env_id):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make(env_id)
        check_env(env.unwrapped)


@pytest.mark.parametrize(("game", "opponents", "opts"),
                         [(g, *declared(g, "tables").SINGLE_AGENT) for g in realms.games.ids()])
def test_whole_games_against_bots(game, opponents, opts):
    env = realms.rl.SingleAgentEnv(game, opponents=opponents, seat=None, options=opts, reward="margin")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env)
    seats = set()
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        seats.add(info["seat"])
        rng = np.random.default_rng(seed)
        done, steps = False, 0
        while not done:
            assert env.table.state.to_move == info["seat"]
            assert np.array_equal(obs["action_mask"].astype(bool), env.action_masks())
            obs, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert not truncated
            steps += 1
        res = env.table.result()
        assert res is not None and reward == realms.rl.rewards_of(res, "margin")[info["seat"]]
    assert len(seats) >= 1


def test_same_seed_same_episode():
    def run():
        env = realms.rl.SingleAgentEnv("kingdomino", opponents="greedy", seat=1, options={"players": 2})
        obs, _ = env.reset(seed=9)
        out = []
        done = False
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, r, done, _, _ = env.step(a)
            out.append((a, r, obs["observation"].sum()))
        return out

    assert run() == run()


def test_illegal_action_loses_by_default_and_bad_arguments_are_refused():
    env = realms.rl.SingleAgentEnv("dominion", opponents=["big-money"], options={"players": 2})
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert done and reward == -1.0 and info["illegal"] == bad
    with pytest.raises(RealmsError):
        realms.rl.SingleAgentEnv("dominion", opponents=["big-money", "random"], options={"players": 2})
    with pytest.raises(RealmsError):
        realms.rl.SingleAgentEnv("dominion", opponents=["no-such-bot"], options={"players": 2})


def _first_legal(observation, action_mask):
    assert observation.dtype == np.float32 and action_mask.dtype == np.int8
    return int(np.flatnonzero(action_mask)[0])


def _play_out(env, seed):
    obs, info = env.reset(seed=seed)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    return env.table.result()


def test_opponents_may_be_policies_agents_and_names():
    from realms.agents import make_agent

    game = realms.games.get("kingdomino")
    calls = []

    def policy(observation, action_mask):
        calls.append(1)
        return _first_legal(observation, action_mask)

    for opponent in (policy, make_agent("greedy", game, 3), "random"):
        env = realms.rl.SingleAgentEnv("kingdomino", opponents=[opponent], options={"players": 2})
        assert _play_out(env, 1) is not None
    assert calls  # the policy was asked at its seat's decisions
    # a trained Policy is itself such a callable
    from realms.rl.policy import Policy

    net = Policy.new(env.table.obs_size, env.table.n_actions, 8, np.random.default_rng(0))
    env = realms.rl.SingleAgentEnv("kingdomino", opponents=[net], options={"players": 2})
    assert _play_out(env, 2) is not None


def test_a_pool_of_snapshots_is_drawn_from_at_each_reset():
    drawn = []

    def snapshot(k):
        def policy(observation, action_mask):
            drawn.append(k)
            return _first_legal(observation, action_mask)
        return policy

    pool = realms.rl.OpponentPool([snapshot(0)], max_size=3)
    for k in range(1, 5):
        pool.add(snapshot(k))  # the oldest goes when the pool is full
    assert len(pool) == 3
    env = realms.rl.SingleAgentEnv("kingdomino", opponents=pool, options={"players": 3})
    used = set()
    for seed in range(8):
        drawn.clear()
        _play_out(env, seed)
        used |= set(drawn)
    assert used <= {2, 3, 4} and len(used) >= 2
    # the same seed draws the same snapshots
    picks = []
    for _ in range(2):
        env.reset(seed=5)
        picks.append([id(o) for o in env.opponents_now])
    assert picks[0] == picks[1]


def test_bad_opponents_are_refused_with_one_line():
    for bad in ([42], [realms.rl.OpponentPool()], ["no-such-bot"]):
        with pytest.raises(RealmsError) as err:
            realms.rl.SingleAgentEnv("kingdomino", opponents=bad, options={"players": 2})
        assert "\n" not in str(err.value)
    env = realms.rl.SingleAgentEnv("kingdomino", opponents=[lambda o, m: 10_000], options={"players": 2}, seat=1)
    with pytest.raises(RealmsError, match="not legal"):
        env.reset(seed=0)


@pytest.mark.parametrize("env_id", list(gym_ids().values()))
def test_check_env_finds_bounded_observations(env_id):
    env = gym.make(env_id)
    box = env.unwrapped.observation_space["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught if "inf" in str(w.message).lower()] == []
