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
