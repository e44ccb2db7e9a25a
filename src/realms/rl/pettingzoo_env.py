"""PettingZoo environments for every Realms game: ``env`` (AEC, the natural form of a turn-based game) and
``parallel_env`` (one decision per step, taken from the agent to move).

Agents are ``player_0 .. player_{n-1}``, one per seat. ``agent_selection`` is always the seat that must
decide (``state.to_move``), so every decision is a step of the seat that makes it, including an opponent's
answer to an attack in Dominion. ``observe(agent)`` is ``{"observation": float32 vector, "action_mask":
int8 vector}`` from that seat's side (the mask is all zero for a seat that is not to move); the action
space is ``Discrete(game.action_space_size)``. Rewards come once, when the game ends (``reward="win"``:
+1 sole winner, 0 shared first place, -1 the others; ``reward="margin"``: score minus the best other
score); every agent is then terminated. ``infos[agent]["view"]`` holds the JSON view when
``json_view=True``. The observation space declares the encoder's bounds. ``state()`` is the global state for a
centralised critic, every seat's observation seat after seat (``state_space``); ``engine_state()`` is the engine's
own object, for debugging.

Illegal actions: ``illegal="raise"`` (default) raises ``IllegalAction``; ``"lose"`` ends the game with -1
for the offender and 0 for the others (PettingZoo's classic convention); ``"random"`` plays a uniformly
random legal action instead (from the environment's seeded generator) and says so in ``infos``.

``max_cycles``: each agent makes at most that many decisions. An agent that has made them is truncated;
its seat's later decisions are played by the uniform random policy (seeded) so the others can go on, until
every agent is truncated or the game ends (then the agents still in it are terminated with rewards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from realms.core.errors import IllegalAction, RealmsError
from realms.core.game import Game
from realms.core.rng import Rng
from realms.rl.core import ILLEGAL, Table


def _spaces(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    obs = spaces.Dict({
        "observation": spaces.Box(table.low, table.high, (table.obs_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.n_actions,), np.int8),
    })
    return obs, spaces.Discrete(table.n_actions)


def _state_space(table: Table) -> spaces.Box:
    """The global state's space: every seat's observation bounds, seat after seat."""
    p = table.players
    return spaces.Box(np.tile(table.low, p), np.tile(table.high, p), (p * table.obs_size,), np.float32)


def _global_state(table: Table) -> np.ndarray:
    """Every seat's observation, seat 0 first (a new float32 vector): all that any seat knows, for a centralised
    critic. The hidden rest (the order of the piles and decks, the state's generator) is in no seat's view."""
    n = table.obs_size
    out = np.empty(table.players * n, np.float32)
    for seat in range(table.players):
        out[seat * n:(seat + 1) * n] = table.follow(table.state, seat)
    return out


def _seed_from(np_random: np.random.Generator) -> int:
    return int(np_random.integers(0, 2**63 - 1))


class RealmsAEC(AECEnv):
    """A Realms game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "realms_v0", "is_parallelizable": False}
    agent_selection: str

    def __init__(self, game: str | Game, options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 reward: str = "win", illegal: str = "raise", max_cycles: int | None = None,
                 json_view: bool = False) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise RealmsError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if illegal not in ILLEGAL:
            raise RealmsError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.table = Table(game, options, reward)
        self.game = self.table.game
        self.render_mode = render_mode
        self.illegal = illegal
        self.max_cycles = max_cycles
        self.json_view = json_view
        self.metadata = {**self.metadata, "name": f"realms_{self.game.id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space, act_space = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        #: the space of ``state()``: every seat's observation, seat after seat
        self.state_space = _state_space(self.table)
        self._np_random, _ = seeding.np_random(None)
        self._fallback = Rng(0)
        self._any_out = False
        #: whether a step may take the usual path (see step): no agent out, no max_cycles, no JSON views
        self._plain = False
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the AEC API ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.table.new(_seed_from(self._np_random))
        self._fallback = Rng(_seed_from(self._np_random))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.decisions = dict.fromkeys(self.agents, 0)
        self._skip_agent_selection = None
        #: whether any agent has been terminated or truncated (until then a step needs no bookkeeping)
        self._any_out = False
        self._plain = self.max_cycles is None and not self.json_view
        self._advance()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._index[agent]
        t = self.table
        state = t.state
        if state.to_move == seat:
            mask = t.mask()
        else:
            mask = np.zeros(t.n_actions, dtype=np.int8)
        return {"observation": t.follow(state, seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """AECEnv.last with ``observe``'s body, and the building of the mask, inline: the call every step makes
        costs three calls less."""
        agent = self.agent_selection
        assert agent is not None
        if self._plain and observe:
            # the usual step (every agent in, no max_cycles or JSON views): the agent selected is the seat to move,
            # and no reward or flag is set before the game ends
            t = self.table
            state = t.state
            mask = t._mask
            if mask is None:
                if t.int_legal:  # Table.mask's body
                    legal = t.game.legal_indices(state)
                    mask = t._masks.get(legal)
                    if mask is None:
                        mask = t.mask_of(legal)
                    t._mask = mask
                else:  # item writes into fresh zeros
                    mask = t._mask = np.zeros(t.n_actions, np.int8)
                    legal_actions = t._legal
                    if legal_actions is None:
                        legal_actions = t._legal = t.game.legal_actions(state)
                    for a in legal_actions:
                        mask[a.index] = 1
            return ({"observation": t.follow(state, state.to_move), "action_mask": mask}, 0.0, False, False,
                    self.infos[agent])
        obs = None
        if observe:
            seat = self._index[agent]
            t = self.table
            state = t.state
            if state.to_move == seat:
                mask = t.mask()
            else:
                mask = np.zeros(t.n_actions, np.int8)
            obs = {"observation": t.follow(state, seat), "action_mask": mask}
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        t = self.table
        mask = t._mask
        if self._plain and mask is not None:
            # the usual step, its mask built by last() or observe(): every agent is in, no max_cycles or JSON views
            # to keep, and no reward before the game ends (the cumulative rewards are zero)
            index = int(action)
            if 0 <= index < t.n_actions and mask[index]:
                info = self.infos[agent]
                if info:
                    info.pop("illegal", None)
                state = t.state
                if t.own_apply:  # the mask is this state's: the index is legal
                    t.game.apply_legal(state, index)
                else:
                    t.game.apply(state, t.actions[index])
                t._legal = None
                t._mask = None
                self.decisions[agent] += 1
                seat = state.to_move
                if seat is not None:
                    self.agent_selection = self.possible_agents[seat]
                    return
                self._advance()
                self._accumulate_rewards()
                return
        if self._any_out and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # rewards are only ever set when the game ends (every agent is then out), so they are zero here
        index = int(action)
        info = self.infos[agent]
        if info:
            info.pop("illegal", None)
        if not t.play(index):
            if self.illegal == "raise":
                raise IllegalAction(f"{self.game.id}: action {action!r} is not legal for {agent} now "
                                    f"(legal: {t.legal_indices()[:20]}...)")
            info["illegal"] = index
            if self.illegal == "random":
                t.apply_index(t.random_index(self._fallback))
            else:  # lose
                for a in self.agents:
                    self.rewards[a] = -1.0 if a == agent else 0.0
                    self.terminations[a] = True
                self._any_out = True
                self._plain = False
                self._accumulate_rewards()
                return
        self.decisions[agent] += 1
        if self.max_cycles is not None and self.decisions[agent] >= self.max_cycles:
            self.truncations[agent] = True
            self._any_out = True
            self._plain = False
        seat = t.state.to_move
        if seat is not None and not self._any_out and not self.json_view:
            # the usual step: every agent is still in, the game goes on
            self.agent_selection = self.possible_agents[seat]
            return
        self._advance()
        self._accumulate_rewards()

    def _live(self, agent: str) -> bool:
        return agent in self.terminations and not (self.terminations[agent] or self.truncations[agent])

    def _advance(self) -> None:
        """Plays the decisions of seats whose agents are gone, ends the game if it is over, and selects the
        next agent: a dead one first (it must step with None), else the one to move."""
        t = self.table
        agents = self.possible_agents
        while t.state.to_move is not None and not self._live(agents[t.state.to_move]):
            t.apply_index(t.random_index(self._fallback))
        if t.state.to_move is None:
            rewards = t.rewards()
            for a in self.agents:
                if self._live(a):
                    self.terminations[a] = True
                    self.rewards[a] = rewards[self._index[a]]
                    self._any_out = True
                    self._plain = False
            nxt = None
        else:
            nxt = agents[t.state.to_move]
        if self.json_view:
            for a in self.agents:
                self.infos[a]["view"] = t.view(self._index[a])
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            self.agent_selection = dead[0]
            self._skip_agent_selection = nxt
        else:
            assert nxt is not None
            self.agent_selection = nxt

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.table.state.to_move
        return self.table.render_text(seat)

    def close(self) -> None:
        pass

    def state(self) -> np.ndarray:
        """The global state (``state_space``): every seat's observation, seat 0 first, as a new float32 vector."""
        return _global_state(self.table)

    def engine_state(self) -> Any:
        """The engine's full state (hidden information included): for debugging, never for agents."""
        return self.table.state


class RealmsParallel(ParallelEnv):
    """The same game as a ParallelEnv: each step applies the action of the agent to move and ignores the
    others' (their masks are all zero). ``max_cycles`` truncates everyone after that many steps."""

    metadata = {"render_modes": ["ansi"], "name": "realms_parallel_v0"}

    def __init__(self, game: str | Game, options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 reward: str = "win", illegal: str = "raise", max_cycles: int | None = None) -> None:
        if illegal not in ILLEGAL:
            raise RealmsError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.table = Table(game, options, reward)
        self.game = self.table.game
        self.render_mode = render_mode
        self.illegal = illegal
        self.max_cycles = max_cycles
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        obs_space, act_space = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.state_space = _state_space(self.table)
        self._np_random, _ = seeding.np_random(None)
        self._fallback = Rng(0)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        t = self.table
        out = {}
        for i, a in enumerate(self.possible_agents):
            mask = t.mask() if t.state.to_move == i else np.zeros(t.n_actions, dtype=np.int8)
            out[a] = {"observation": t.encode(i), "action_mask": mask}
        return out

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.table.new(_seed_from(self._np_random))
        self._fallback = Rng(_seed_from(self._np_random))
        self.agents = self.possible_agents[:]
        self.steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        t = self.table
        seat = t.state.to_move
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        terminations = dict.fromkeys(self.agents, False)
        agent = self.possible_agents[seat] if seat is not None else None
        if agent is not None and agent in actions:
            index = int(actions[agent])
            if 0 <= index < t.n_actions and t.is_legal(index):
                t.apply_index(index)
            elif self.illegal == "raise":
                raise IllegalAction(f"{self.game.id}: action {index} is not legal for {agent} now")
            elif self.illegal == "random":
                infos[agent]["illegal"] = index
                t.apply_index(t.random_index(self._fallback))
            else:
                infos[agent]["illegal"] = index
                for a in self.agents:
                    rewards[a] = -1.0 if a == agent else 0.0
                    terminations[a] = True
        self.steps += 1
        if t.state.to_move is None and not any(terminations.values()):
            final = t.rewards()
            for i, a in enumerate(self.possible_agents):
                rewards[a] = final[i]
                terminations[a] = True
        truncations = dict.fromkeys(self.agents, self.max_cycles is not None and self.steps >= self.max_cycles)
        obs = self._observations()
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return None if self.render_mode is None else self.table.render_text(self.table.state.to_move)

    def close(self) -> None:
        pass

    def state(self) -> np.ndarray:
        """The global state (``state_space``), as ``RealmsAEC.state``."""
        return _global_state(self.table)

    def engine_state(self) -> Any:
        return self.table.state


def env(game_id: str | Game, options: Mapping[str, Any] | None = None, render_mode: str | None = None,
        **kwargs: Any) -> RealmsAEC:
    """A PettingZoo AEC environment for ``game_id`` with game ``options`` (see ``RealmsAEC``)."""
    return RealmsAEC(game_id, options, render_mode=render_mode, **kwargs)


def parallel_env(game_id: str | Game, options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 **kwargs: Any) -> RealmsParallel:
    """A PettingZoo ParallelEnv for ``game_id`` (see ``RealmsParallel``)."""
    return RealmsParallel(game_id, options, render_mode=render_mode, **kwargs)
