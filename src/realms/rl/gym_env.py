"""Gymnasium: one learner at one seat, every other seat played by an opponent: a registered agent
(``make_agent`` names), an agent object, a policy, or a pool of snapshots drawn from at each reset.

``SingleAgentEnv(game_id, opponents=["greedy"], seat=0, options={...})`` (one opponent stands for every
other seat). An opponent is any of:

- a registered agent's name (``"greedy"``, ``"mc:iterations=50"``), built afresh at each reset with a seed
  derived from the episode's;
- an agent object (anything with ``act(game, state)``, a ``realms.core.game.Agent``), asked through
  ``realms.core.agents.choose`` like a named one (it sees its seat's determinized copy);
- a policy: a callable ``policy(observation, action_mask) -> int`` handed that seat's observation vector
  (float32) and action mask (int8), exactly what the learner gets at its own seat (``realms.rl.policy.Policy``
  is one; a Stable-Baselines model fits as ``lambda o, m: model.predict({"observation": o, "action_mask": m},
  action_masks=m, deterministic=True)[0]``); an index that is not legal raises ``RealmsError``;
- an ``OpponentPool`` of such opponents (past snapshots of the learner, for self-play): each reset draws one
  member per seat, uniformly, from the episode's generator (``opponents_now`` says which).

Observations are
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

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
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


class OpponentPool:
    """Opponents to draw from at each reset: for self-play, snapshots of the learner as it was (any opponent
    ``SingleAgentEnv`` takes: a name, an agent object, a policy). ``max_size`` keeps the newest that many."""

    def __init__(self, snapshots: Iterable[Any] = (), max_size: int | None = None) -> None:
        if max_size is not None and max_size < 1:
            raise RealmsError(f"max_size must be at least 1, got {max_size}")
        self.max_size = max_size
        self.snapshots: list[Any] = []
        for snap in snapshots:
            self.add(snap)

    def add(self, snapshot: Any, copy_it: bool = False) -> None:
        """Adds ``snapshot`` (a deep copy of it with ``copy_it``, e.g. of a policy that goes on learning); the
        oldest goes when the pool is full."""
        if isinstance(snapshot, OpponentPool):
            raise RealmsError("an opponent pool cannot hold another pool")
        self.snapshots.append(copy.deepcopy(snapshot) if copy_it else snapshot)
        if self.max_size is not None and len(self.snapshots) > self.max_size:
            del self.snapshots[0]

    def draw(self, rng: np.random.Generator) -> Any:
        return self.snapshots[int(rng.integers(0, len(self.snapshots)))]

    def __len__(self) -> int:
        return len(self.snapshots)


class _PolicyOpponent:
    """A policy ``(observation, action_mask) -> index`` at one seat."""

    __slots__ = ("policy",)

    def __init__(self, policy: Callable[[np.ndarray, np.ndarray], Any]) -> None:
        self.policy = policy


def _check_opponent(game: Game, opponent: Any) -> None:
    """Fails now, in one line, on an opponent the environment could not use."""
    from realms.agents import make_agent

    if isinstance(opponent, str):
        make_agent(opponent, game, 0)
    elif isinstance(opponent, OpponentPool):
        if not opponent.snapshots:
            raise RealmsError("an opponent pool needs at least one snapshot")
        for snap in opponent.snapshots:
            _check_opponent(game, snap)
    elif not (callable(getattr(opponent, "act", None)) or callable(opponent)):
        raise RealmsError(f"an opponent is an agent name, an agent (with act), a policy (a callable) or an "
                          f"OpponentPool; got {type(opponent).__name__}")


class SingleAgentEnv(gym.Env):
    """One learner against registered agents (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game_id: str | Game, opponents: Sequence[Any] | str | OpponentPool | None = None,
                 seat: int | None = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "win", illegal: str = "lose",
                 render_mode: str | None = None) -> None:
        if illegal not in ILLEGAL:
            raise RealmsError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.table = Table(game_id, options, reward)
        self.game = self.table.game
        n = self.table.players
        if opponents is None:
            opponents = [self.game.default_agent] * (n - 1)
        elif isinstance(opponents, str | OpponentPool) or not isinstance(opponents, Sequence):
            opponents = [opponents] * (n - 1)
        elif len(opponents) == 1:
            opponents = list(opponents) * (n - 1)
        if len(opponents) != n - 1:
            raise RealmsError(f"{n} players need {n - 1} opponents, got {len(opponents)}")
        if seat is not None and not 0 <= seat < n:
            raise RealmsError(f"seat must be in 0..{n - 1} or None, got {seat}")
        for opponent in opponents:  # fail now on an unknown name or an unusable object
            _check_opponent(self.game, opponent)
        #: the opponent of each other seat in turn order from the learner's, as given (names, objects, pools)
        self.opponent_specs = list(opponents)
        #: the names among them (None for an object or a pool)
        self.opponent_names = [o if isinstance(o, str) else None for o in opponents]
        #: what plays each other seat in this episode (a pool's draw, an agent built from a name)
        self.opponents_now: list[Any] = []
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(self.table.low, self.table.high, (self.table.obs_size,), np.float32),
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
            seat = t.state.to_move
            agent = self._opponents[seat]
            if isinstance(agent, _PolicyOpponent):
                index = agent.policy(t.encode(seat), t.mask())
                try:
                    legal = t.play(int(index))
                except (TypeError, ValueError):
                    legal = False
                if not legal:
                    raise RealmsError(f"{self.game.id}: the policy at seat {seat} chose {index!r}, which is not "
                                      f"legal now")
            else:  # the harness's way: the agent sees only its seat's copy
                t.apply(choose(agent, self.game, t.state))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.table.new(game_seed)
        n = self.table.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(0, n))
        from realms.agents import make_agent

        others = [q for q in range(n) if q != self.seat]
        self._opponents = {}
        self.opponents_now = []
        for q, spec in zip(others, self.opponent_specs, strict=True):
            if isinstance(spec, OpponentPool):
                spec = spec.draw(self.np_random)
            self.opponents_now.append(spec)
            if isinstance(spec, str):
                self._opponents[q] = make_agent(spec, self.game, derive_seed(game_seed, q + 1))
            elif callable(getattr(spec, "act", None)):
                self._opponents[q] = spec
            else:
                self._opponents[q] = _PolicyOpponent(spec)
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
