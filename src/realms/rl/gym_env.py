"""Gymnasium: one learner at one seat, every other seat played by a registered agent (``make_agent`` names).

``SingleAgentEnv(game_id, opponents=["greedy"], seat=0, options={...})`` (one name stands for every
opponent): observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` for the learner's seat, actions
``Discrete(action_space_size)``, and ``action_masks()`` returns the current mask (the convention of
sb3-contrib's MaskablePPO). The opponents move between the learner's decisions; the reward comes when the
game ends (``reward="win"`` or ``"margin"``, as in the PettingZoo environment). ``seat=None`` draws the
learner's seat at every reset. An illegal action ends the episode with reward -1 (``illegal="lose"``,
the default), raises (``"raise"``) or is replaced by a random legal one (``"random"``).

Registered ids: each registered game's ``Game.gym_id`` (``realms/Kingdomino-v0``, ``realms/Dominion-v0``,
``realms/Burgundy-v0``; two players, the game's default agent as the opponent unless ``opponents=`` says
otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from realms.core.agents import choose
from realms.core.errors import IllegalAction, RealmsError
from realms.core.game import Game
from realms.core.rng import Rng, derive_seed
from realms.rl.core import ILLEGAL, Table


def gym_ids() -> dict[str, str]:
    """The Gymnasium id of each registered game that declares one (``Game.gym_id``), by game id."""
    import realms.games

    out: dict[str, str] = {}
    for game_id in realms.games.ids():
        env_id = realms.games.get(game_id).gym_id
        if env_id is not None:
            out[game_id] = env_id
    return out


class SingleAgentEnv(gym.Env):
    """One learner against registered agents (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game_id: str | Game, opponents: Sequence[str] | str | None = None, seat: int | None = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "win", illegal: str = "lose",
                 render_mode: str | None = None) -> None:
        if illegal not in ILLEGAL:
            raise RealmsError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.table = Table(game_id, options, reward)
        self.game = self.table.game
        n = self.table.players
        if opponents is None:
            opponents = [self.game.default_agent] * (n - 1)
        elif isinstance(opponents, str):
            opponents = [opponents] * (n - 1)
        elif len(opponents) == 1:
            opponents = list(opponents) * (n - 1)
        if len(opponents) != n - 1:
            raise RealmsError(f"{n} players need {n - 1} opponents, got {len(opponents)}: {list(opponents)}")
        if seat is not None and not 0 <= seat < n:
            raise RealmsError(f"seat must be in 0..{n - 1} or None, got {seat}")
        from realms.agents import make_agent

        for name in opponents:  # fail now on an unknown name
            make_agent(name, self.game, 0)
        self.opponent_names = list(opponents)
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.table.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.n_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.table.n_actions)
        self._opponents: dict[int, Any] = {}
        self._fallback = Rng(0)

    def _obs(self) -> dict[str, np.ndarray]:
        t = self.table
        # a copy: the table's mask may be the game's shared read-only one, and Gymnasium wants new data each call
        mask = t.mask().copy() if t.state.to_move == self.seat else np.zeros(t.n_actions, dtype=np.int8)
        return {"observation": t.encode(self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        return self.table.mask().astype(bool)

    def _play_opponents(self) -> None:
        t = self.table
        while t.state.to_move is not None and t.state.to_move != self.seat:
            agent = self._opponents[t.state.to_move]
            t.apply(choose(agent, self.game, t.state))  # the harness's way: the agent sees only its seat's copy

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.table.new(game_seed)
        n = self.table.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(0, n))
        from realms.agents import make_agent

        others = [q for q in range(n) if q != self.seat]
        self._opponents = {q: make_agent(name, self.game, derive_seed(game_seed, q + 1))
                           for q, name in zip(others, self.opponent_names, strict=True)}
        self._fallback = Rng(derive_seed(game_seed, 0))
        self._play_opponents()
        return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        t = self.table
        if t.state.to_move is None:
            raise RealmsError("the episode is over: call reset()")
        index = int(action)
        info: dict[str, Any] = {}
        if not t.play(index):  # applied when legal
            if self.illegal == "raise":
                raise IllegalAction(f"{self.game.id}: action {index} is not legal now")
            info["illegal"] = index
            if self.illegal == "lose":
                return self._obs_final(), -1.0, True, False, info
            t.apply_index(t.random_index(self._fallback))
        self._play_opponents()
        if t.state.to_move is None:
            return self._obs(), t.rewards()[self.seat], True, False, info
        return self._obs(), 0.0, False, False, info

    def _obs_final(self) -> dict[str, np.ndarray]:
        return {"observation": self.table.encode(self.seat),
                "action_mask": np.zeros(self.table.n_actions, dtype=np.int8)}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render_text(self.seat)


def register_envs() -> None:
    """Registers each game's Gymnasium id (``gym_ids``), ``realms/Kingdomino-v0`` and the others (idempotent)."""
    for game_id, env_id in gym_ids().items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="realms.rl.gym_env:SingleAgentEnv",
                         kwargs={"game_id": game_id, "options": {"players": 2}})
