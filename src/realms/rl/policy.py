"""A small numpy policy over a game's observation encoding, and the agent that plays it.

``Policy`` is a one-hidden-layer network (tanh) whose logits over the whole action space are masked to
the legal actions before the softmax; ``accumulate`` adds the REINFORCE gradient of one decision and
``adam`` returns an Adam step over all weights. ``PolicyAgent`` plays the argmax of the masked policy from
what its seat sees (the observation encoding of ``view``-visible fields), so it is an ordinary ``Agent``.

``register(path, name)`` offers a saved policy (``Policy.save``) as agent ``name`` of its game to
``make_agent``; ``import realms.rl`` registers ``rl-policy`` from the file named by ``REALMS_RL_POLICY``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from realms.core import agents as core_agents
from realms.core.agents import Agent
from realms.core.game import Action, Game
from realms.core.rng import Rng


class Policy:
    """Masked softmax over ``W2 @ tanh(W1 @ x + b1) + b2``."""

    def __init__(self, params: dict[str, np.ndarray], game_id: str = "kingdomino") -> None:
        self.p = params
        self.game_id = game_id

    @classmethod
    def new(cls, n_in: int, n_out: int, hidden: int, rng: np.random.Generator,
            game_id: str = "kingdomino") -> Policy:
        return cls({
            "W1": (rng.standard_normal((hidden, n_in)) / np.sqrt(n_in)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "W2": (rng.standard_normal((n_out, hidden)) * 0.01).astype(np.float32),
            "b2": np.zeros(n_out, np.float32),
        }, game_id)

    def _forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(self.p["W1"] @ x + self.p["b1"])
        logits = self.p["W2"] @ h + self.p["b2"]
        logits = np.where(mask, logits, -np.inf)
        z = np.exp(logits - logits.max())
        return h, z / z.sum()

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self._forward(x, mask)[1]

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        """The most probable legal action: the policy as an opponent of ``SingleAgentEnv``."""
        return int(np.argmax(self.probs(observation, action_mask.astype(bool))))

    def zero_grads(self) -> dict[str, np.ndarray]:
        return {k: np.zeros_like(v) for k, v in self.p.items()}

    def accumulate(self, grads: dict[str, np.ndarray], x: np.ndarray, mask: np.ndarray, action: int,
                   weight: float) -> None:
        """Adds ``weight * d log pi(action | x) / d params`` to ``grads``."""
        h, probs = self._forward(x, mask)
        dlogits = -probs
        dlogits[action] += 1.0
        dlogits *= weight
        grads["W2"] += np.outer(dlogits, h)
        grads["b2"] += dlogits
        dh = (self.p["W2"].T @ dlogits) * (1.0 - h * h)
        grads["W1"] += np.outer(dh, x)
        grads["b1"] += dh

    def adam(self, lr: float, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> Callable[[dict], None]:
        """A function that takes one gradient-ascent Adam step with the given gradients."""
        m = {k: np.zeros_like(v) for k, v in self.p.items()}
        v = {k: np.zeros_like(x) for k, x in self.p.items()}
        t = [0]

        def step(grads: dict[str, np.ndarray]) -> None:
            t[0] += 1
            for k, g in grads.items():
                m[k] = b1 * m[k] + (1 - b1) * g
                v[k] = b2 * v[k] + (1 - b2) * g * g
                mh = m[k] / (1 - b1 ** t[0])
                vh = v[k] / (1 - b2 ** t[0])
                self.p[k] += (lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)

        return step

    def save(self, path: str | Path) -> None:
        # Any: mypy matches a ``**`` mapping against savez's ``allow_pickle: bool`` too
        arrays: dict[str, Any] = {"game_id": np.array(self.game_id), **self.p}
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        with np.load(path) as data:
            params = {k: data[k].astype(np.float32) for k in ("W1", "b1", "W2", "b2")}
            game_id = str(data["game_id"]) if "game_id" in data else "kingdomino"
        return cls(params, game_id)


class PolicyAgent(Agent):
    """Plays the most probable legal action of a ``Policy`` from its seat's observation."""

    name = "rl-policy"
    #: it reads only the observation encoding, which holds only what its seat may see (``choose`` may hand it
    #: the true state instead of a determinized copy)
    reads = "view"

    def __init__(self, policy: Policy, rng: Rng) -> None:
        super().__init__(rng)
        self.policy = policy

    def act(self, game: Game, state: Any) -> Action:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        observer = game.observation()
        assert observer is not None
        x = observer.encode(state, state.to_move)
        mask = np.zeros(game.action_space_size, dtype=bool)
        mask[[a.index for a in legal]] = True
        return game.actions[int(np.argmax(self.policy.probs(x, mask)))]


def register(path: str | Path, name: str = "rl-policy") -> None:
    """Offers the policy saved at ``path`` as agent ``name`` of its game (loaded when first used)."""
    cache: list[Policy] = []

    def factory(rng: Rng) -> Agent:
        if not cache:
            cache.append(Policy.load(path))
        return PolicyAgent(cache[0], rng)

    game_id = Policy.load(path).game_id
    core_agents.register(game_id, name, factory)


def register_from_environment() -> None:
    path = os.environ.get("REALMS_RL_POLICY")
    if path and Path(path).is_file():
        register(path)
