"""Reinforcement learning on the Realms games: PettingZoo (AEC and parallel), Gymnasium (one learner against
registered agents) and OpenSpiel (``import realms.rl.openspiel``), all over the game protocol and each game's
declared observation encoding (``Game.observation()``). Needs the ``rl`` extra: ``pip install realms[rl]``.

>>> import realms.rl
>>> e = realms.rl.env("kingdomino", {"players": 2})
>>> e.reset(seed=1)
>>> e.agent_selection in e.possible_agents
True
>>> obs = e.observe(e.agent_selection)
>>> obs["observation"].dtype.name, int(obs["action_mask"].sum()) > 0
('float32', True)

Each game's Gymnasium id (``Game.gym_id``: ``realms/Kingdomino-v0``, ``realms/Dominion-v0``,
``realms/Burgundy-v0``) is registered when this package is imported. See docs/rl.md.
"""

from __future__ import annotations

from realms.rl.core import Table, rewards_of
from realms.rl.gym_env import OpponentPool, SingleAgentEnv, register_envs
from realms.rl.pettingzoo_env import RealmsAEC, RealmsParallel, env, parallel_env
from realms.rl.policy import register_from_environment

register_envs()
register_from_environment()

__all__ = ["OpponentPool", "RealmsAEC", "RealmsParallel", "SingleAgentEnv", "Table", "env", "parallel_env",
           "register_envs", "rewards_of"]
