"""What the RL wrappers share: one game and its encoder, masks, rewards, rendering (no RL library needed).

``Table`` holds a running game for the wrappers (PettingZoo, Gymnasium, OpenSpiel): it applies integer
actions, caches the legal actions of the current state, encodes observations with the game's declared
``Observer`` and turns a finished game's ``Result`` into rewards.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np

import realms.games
from realms.core.errors import RealmsError
from realms.core.game import Action, Game, Result
from realms.core.rng import Rng

REWARDS = ("win", "margin")
#: per game (its id and action space size), the masks built so far by the tuple of legal indices
#: (``Game.legal_indices``): read-only and shared by every table of the game; cleared when it holds this many
_MASKS: dict[tuple[str, int], dict[tuple[int, ...], np.ndarray]] = {}
MASK_CACHE = 1 << 15
ILLEGAL = ("raise", "lose", "random")


def resolve_game(game: str | Game) -> Game:
    return realms.games.get(game) if isinstance(game, str) else game


def observation_size(game: Game, options: Mapping[str, Any]) -> int:
    observer = game.observation()
    if observer is None:
        raise RealmsError(f"{game.id} declares no observation encoding (Game.observation)")
    return sum(int(np.prod(shape)) for _, shape in observer.fields(options))


def observation_bounds(observer: Any, options: Mapping[str, Any], size: int) -> tuple[np.ndarray, np.ndarray]:
    """The encoder's ``bounds(options)`` as float32 vectors of ``size`` entries (-inf..inf where it has none)."""
    declared = getattr(observer, "bounds", None)
    if declared is None:
        return np.full(size, -np.inf, np.float32), np.full(size, np.inf, np.float32)
    low, high = declared(options)
    low, high = np.asarray(low, np.float32), np.asarray(high, np.float32)
    if low.shape != (size,) or high.shape != (size,) or not (low <= high).all():
        raise RealmsError(f"the encoder's bounds must be two vectors of {size} entries, low <= high")
    return low, high


def rewards_of(result: Result, reward: str) -> list[float]:
    """Per seat: ``win`` gives +1 to a sole winner, 0 to each of a shared first place, -1 to everyone else
    (a one-player game: +1); ``margin`` gives the score minus the best other score (one player: the score)."""
    n = len(result.scores)
    if reward == "margin":
        if n == 1:
            return [float(result.scores[0])]
        return [float(result.scores[i] - max(result.scores[j] for j in range(n) if j != i)) for i in range(n)]
    winners = result.winners
    if n == 1:
        return [1.0]
    sole = len(winners) == 1
    return [(1.0 if sole else 0.0) if i in winners else -1.0 for i in range(n)]


class Table:
    """One game for the RL wrappers: state, cached legal actions, encodings, rewards."""

    def __init__(self, game: str | Game, options: Mapping[str, Any] | None = None, reward: str = "win") -> None:
        self.game = resolve_game(game)
        self.options = self.game.validate_options(options or {})
        if self.options.get("undo"):
            raise RealmsError(f"{self.game.id}: the option undo is for tables people play; the RL environments' "
                              "action space holds no undo (leave the option out)")
        if reward not in REWARDS:
            raise RealmsError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.reward = reward
        observer = self.game.observation()
        if observer is None:
            raise RealmsError(f"{self.game.id} declares no observation encoding (Game.observation)")
        # an encoder of its own where the game's can make one (``fresh``): its memory then follows this table's
        # states only, however many tables a process steps in turn
        fresh = getattr(observer, "fresh", None)
        self.observer = fresh() if fresh is not None else observer
        self.obs_size = observation_size(self.game, self.options)
        #: the least and the greatest value of each entry of an observation (the encoder's ``bounds``; -inf..inf
        #: for an encoder that declares none), float32
        self.low, self.high = observation_bounds(observer, self.options, self.obs_size)
        self.n_actions = self.game.action_space_size
        #: every action of the game by index (``Game.actions``)
        self.actions = self.game.actions
        self.players = int(self.options.get("players", self.game.min_players))
        self.state: Any = None
        self._legal: list[Action] | None = None
        self._mask: np.ndarray | None = None
        #: the masks of this game by legal indices (shared with the game's other tables)
        self._masks = _MASKS.setdefault((self.game.id, self.n_actions), {})
        #: whether the game hands out its legal indices itself (a ``legal_indices`` of its own, from caches):
        #: then masks are looked up by them; else (the default reads them off ``legal_actions``, and a game
        #: without such caches has too many distinct sets for a cache of masks to pay) each state's mask is
        #: written afresh from its legal actions
        self.int_legal = type(self.game).legal_indices is not Game.legal_indices
        #: whether the game has an ``apply_legal`` of its own (else the environments call ``apply``, one call less)
        self.own_apply = type(self.game).apply_legal is not Game.apply_legal

    @property
    def observer(self) -> Any:
        """The game's encoder. ``follow(state, seat)`` is its ``encode_next`` where it has one (else
        ``encode``): the table changes its state only through ``Game.apply``, which is what ``encode_next``
        asks of its caller."""
        return self._observer

    @observer.setter
    def observer(self, observer: Any) -> None:
        self._observer = observer
        self.follow = getattr(observer, "encode_next", None) or observer.encode

    # --- the game ------------------------------------------------------------------------------
    def new(self, seed: int) -> None:
        self.state = self.game.new(self.options, seed)
        self.players = self.game.players(self.state)
        self._legal = None
        self._mask = None

    @property
    def to_move(self) -> int | None:
        seat: int | None = self.state.to_move
        return seat

    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.game.legal_actions(self.state)
        return self._legal

    def legal_indices(self) -> list[int]:
        return [a.index for a in self.legal()]

    def mask(self) -> np.ndarray:
        """The legal actions of the seat to move as 0/1 (int8), looked up once per state; do not modify it (a
        mask from the cache of masks is read-only and shared)."""
        m = self._mask
        if m is None:
            if self.int_legal:
                legal = self.game.legal_indices(self.state)
                m = self._masks.get(legal)
                if m is None:
                    m = self.mask_of(legal)
            else:  # item writes into fresh zeros, for the handful of legal actions a decision has
                m = np.zeros(self.n_actions, np.int8)
                if self.state.to_move is not None:
                    for a in self.legal():
                        m[a.index] = 1
            self._mask = m
        return m

    def mask_of(self, legal: tuple[int, ...]) -> np.ndarray:
        """The mask of these legal indices, from the game's cache of masks (built and kept when missing): a
        read-only ``int8`` vector shared by every state with these legal actions. A lookup by a tuple of ints
        costs a fifth of zeros and an item write per legal action (``Game.legal_indices`` hands out tuples
        from caches of its own where it can)."""
        masks = self._masks
        m = masks.get(legal)
        if m is None:
            if len(masks) >= MASK_CACHE:
                masks.clear()
            m = np.zeros(self.n_actions, np.int8)
            for i in legal:
                m[i] = 1
            m.flags.writeable = False
            masks[legal] = m
        return m

    def is_legal(self, index: int) -> bool:
        """Whether action ``index`` (any int; out of range is not legal) is legal now."""
        return 0 <= index < self.n_actions and bool(self.mask()[index])

    def play(self, index: int) -> bool:
        """Applies action ``index`` (any int) for the seat to move if it is legal; False, changing nothing, if
        not. (One call where a step would make two: ``is_legal`` then ``apply_index``.)"""
        m = self._mask
        if m is None:
            m = self.mask()
        if not (0 <= index < self.n_actions and m[index]):
            return False
        self.game.apply_legal(self.state, index)
        self._legal = None
        self._mask = None
        return True

    def apply_index(self, index: int) -> None:
        """Applies action ``index`` for the seat to move (which must be legal: ``Game.apply_legal``)."""
        self.game.apply_legal(self.state, index)
        self._legal = None
        self._mask = None

    def apply(self, action: Action) -> None:
        self.game.apply(self.state, action)
        self._legal = None
        self._mask = None

    def random_index(self, rng: Rng) -> int:
        legal = self.legal()
        return legal[rng.below(len(legal))].index

    # --- what leaves it ----------------------------------------------------------------------------
    def encode(self, seat: int) -> np.ndarray:
        out: np.ndarray = self.follow(self.state, seat)
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def rewards(self) -> list[float]:
        res = self.result()
        if res is None:
            return [0.0] * self.players
        return rewards_of(res, self.reward)

    def render_text(self, seat: int | None) -> str:
        """The terminal drawing of ``seat``'s view (the game's renderer plug-in), as plain text."""
        from rich.console import Console

        view = self.view(seat)
        names = [f"player_{i}" for i in range(self.players)]
        renderer = self.game.renderer()
        buf = io.StringIO()
        console = Console(file=buf, width=120, color_system=None, force_terminal=False)
        if renderer is None:
            import json

            console.print(json.dumps(view, indent=1))
        else:
            console.print(renderer.render(view, names))
            res = self.result()
            if res is not None:
                console.print(renderer.render_result(res.to_json(), names))
        return buf.getvalue()
