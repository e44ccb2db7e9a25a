"""The game protocol that every game implements and everything above games uses.

A game object is stateless: it holds rules and tables, never a particular game. A *state* is plain
data (``clone()``, ``to_data()``), and everything that happens to it goes through the game:

>>> import realms.games
>>> game = realms.games.get("kingdomino")
>>> state = game.new({"players": 3}, seed=1)
>>> action = game.legal_actions(state)[0]
>>> action.kind
'pick'
>>> _ = game.apply(state, action)
>>> game.action_from_json(action.to_json()) is action
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import orjson

from realms.core.errors import IllegalAction
from realms.core.options import UNDO_OPTION, Option, validate_options
from realms.core.rng import Rng

if TYPE_CHECKING:
    from realms.core.plugins import Calculator, Level, Observer, Renderer


class Action:
    """A small immutable action with a fixed integer index within its game.

    Games build every action of their action space once, so ``legal_actions`` hands out shared
    instances and nothing is allocated on the hot path. ``to_json()`` is the stable wire form and
    ``str()`` a readable one.
    """

    __slots__ = ("index", "kind", "params", "text")

    index: int
    kind: str
    params: tuple[tuple[str, Any], ...]
    text: str

    def __init__(self, index: int, kind: str, params: Mapping[str, Any] | None = None, text: str = "") -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "kind", kind)
        items = tuple((params or {}).items())
        object.__setattr__(self, "params", items)
        if not text:
            text = kind + "".join(f" {k}={v}" for k, v in items)
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Action], tuple[int, str, dict[str, Any], str]]:
        # rebuilt through __init__, so states holding actions pickle (search agents' worker processes)
        return (Action, (self.index, self.kind, dict(self.params), self.text))

    def __getitem__(self, key: str) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        out.update(self.params)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.index == self.index and other.kind == self.kind

    def __hash__(self) -> int:
        return hash((self.index, self.kind))

    def __repr__(self) -> str:
        return f"Action({self.index}, {self.text!r})"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for game logs and animations. Built only when asked for.

    ``visible_to`` is None for a public event, or the one seat allowed to see it (a card drawn into a
    hand, say); servers and logs must drop events a seat may not see.
    """

    kind: str
    seat: int | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: int | None = None

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or self.visible_to == seat

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "text": self.text, "data": self.data}


def competition_ranks(keys: list[tuple[Any, ...]]) -> list[int]:
    """Ranks 1..n where a larger key is better and equal keys share a rank (1, 1, 3).

    >>> competition_ranks([(10, 2), (12, 0), (10, 2)])
    [2, 1, 2]
    """
    return [1 + sum(1 for other in keys if other > k) for k in keys]


class Result:
    """The outcome of a finished game.

    ``scores`` are the final scores; ``tiebreak`` the key per seat compared after the score (larger
    is better); ``ranks`` follow from (score, *tiebreak) with shared ranks for exact ties; ``winners``
    are the seats ranked 1 (several when the win is shared). ``breakdown`` (per seat, JSON-able) may
    be given as a function, so simulations that only need ranks never pay for it.
    """

    __slots__ = ("scores", "ranks", "tiebreak", "_breakdown", "_breakdown_fn")

    def __init__(
        self,
        scores: list[int],
        ranks: list[int],
        breakdown: list[dict[str, Any]] | Callable[[], list[dict[str, Any]]],
        tiebreak: list[tuple[Any, ...]] | None = None,
    ) -> None:
        self.scores = list(scores)
        self.ranks = list(ranks)
        self.tiebreak = [tuple(t) for t in tiebreak] if tiebreak else [() for _ in scores]
        self._breakdown: list[dict[str, Any]] | None
        self._breakdown_fn: Callable[[], list[dict[str, Any]]] | None
        if callable(breakdown):
            self._breakdown = None
            self._breakdown_fn = breakdown
        else:
            self._breakdown = breakdown
            self._breakdown_fn = None

    @classmethod
    def from_keys(
        cls,
        scores: list[int],
        tiebreak: list[tuple[Any, ...]],
        breakdown: list[dict[str, Any]] | Callable[[], list[dict[str, Any]]],
    ) -> Result:
        keys = [(s, *t) for s, t in zip(scores, tiebreak, strict=True)]
        return cls(scores, competition_ranks(keys), breakdown, tiebreak)

    @property
    def breakdown(self) -> list[dict[str, Any]]:
        if self._breakdown is None:
            assert self._breakdown_fn is not None
            self._breakdown = self._breakdown_fn()
            self._breakdown_fn = None
        return self._breakdown

    @property
    def winners(self) -> list[int]:
        return [seat for seat, r in enumerate(self.ranks) if r == 1]

    @property
    def shared(self) -> bool:
        """True when the win is shared by several seats."""
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": self.winners,
            "tiebreak": [list(t) for t in self.tiebreak],
            "breakdown": self.breakdown,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Result(scores={self.scores}, ranks={self.ranks})"


@dataclass(frozen=True, slots=True)
class FastOutcome:
    """A whole game played on a game's fast path (``Game.fast_games``): its result, the turns each seat took
    and the number of actions, all as the reference engine would have them."""

    result: Result
    turns: list[int]
    actions: int
    #: ``Game.stats`` of the finished game
    stats: list[dict[str, float]] = field(default_factory=list)


#: plays game ``(seed, per-seat agent seeds)`` on a fast path, as ``Game.new(options, seed)`` and
#: ``make_agent(name, game, agent_seed)`` per seat would through the protocol
FastGames = Callable[[int, list[int]], FastOutcome]


class State(Protocol):
    """What every game state offers. Concrete states add their own plain-data fields."""

    to_move: int | None

    def clone(self) -> State: ...

    def to_data(self) -> dict[str, Any]: ...


def canonical_json(data: Any) -> str:
    """Sorted keys, no spaces, non-ASCII escaped: the form hashed by ``state_hash``."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def canonical_bytes(data: Any) -> bytes:
    """``canonical_json(data).encode()``, computed by orjson where that gives the same bytes.

    orjson writes the same text for str keys, ASCII strings, bools, None and integers within 64 bits (the
    whole of most states); integers beyond 64 bits (Kingdomino's board masks) and non-ASCII text take the
    standard library's path. States hold no floats.
    """
    try:
        out = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return canonical_json(data).encode()
    return out if out.isascii() else canonical_json(data).encode()


# --- the agent interface: what a game's agents are (``realms.core.agents`` builds on it) -------------------
class Agent:
    """Chooses an action for the seat to move. Every harness asks through ``choose``, which hands ``act`` a
    determinized copy for that seat (never the true state); search agents sample further copies with
    ``game.determinize``."""

    name = "agent"
    #: what the agent reads of the state it is handed. ``"copy"`` (the default): anything, so the harness
    #: hands it a determinized copy. ``"view"``: only what its seat may see (``legal_actions``, ``view``, and
    #: state the game's determinize always keeps, such as its own hand), never the state's random
    #: generator, and it changes nothing; it then chooses alike on any determinized copy, so the harness
    #: may hand it the true state and skip the copy. A test checks every agent that declares it.
    reads = "copy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, game: Game, state: Any) -> Action:
        raise NotImplementedError

    def prepare(self, game: Game) -> None:
        """Load, once per process, whatever acting in ``game`` needs (compiled kernels, tables), so that a host
        calls it before a clock starts and a time budget holds from the first move. Nothing by default."""


#: builds an agent from its own seeded generator
AgentFactory = Callable[[Rng], Agent]
#: an agent from a strategy file: ``loader(path, rng)``; raises a RealmsError naming what is wrong
StrategyLoader = Callable[[str, Rng], Agent]


class Game:
    """Base class of a game's rules. Subclasses fill the class attributes and the abstract methods."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]]
    #: every action of the game, indexed by ``Action.index``
    actions: tuple[Action, ...]
    #: True when ``view(state, seat)`` is the same for every seat apart from its ``"seat"`` field, so a
    #: server may build it once per state and share it
    public_view: ClassVar[bool] = False

    # --- what the layers above read of a game: declared here, never listed by game elsewhere -----------------
    #: the bot levels offered to players, easiest first (``realms.agents.levels``); each is an agent name
    levels: ClassVar[tuple[Level, ...]] = ()
    #: the Gymnasium id of the one-learner environment (``realms.rl.gym_env``); None: none registered
    gym_id: ClassVar[str | None] = None
    #: generous bounds for OpenSpiel (``realms.rl.openspiel``): the most decisions in a game, the largest margin
    spiel_bounds: ClassVar[tuple[int, int]] = (100000, 1000)
    #: search agents whose playouts run in the game's compiled kernels, warmed ahead by ``python -m realms.kernels``
    #: besides a short tournament between ``random`` seats
    warm_searches: ClassVar[tuple[str, ...]] = ()
    #: the browser module that draws the game, a file of the web client (``realms/web``); None: the view as data
    web_module: ClassVar[str | None] = None

    def client_data(self) -> dict[str, Any]:
        """Facts of the game's components that its browser module draws with (Dominion's card costs and types),
        read from the game's own definitions and served with the games offered (``GET /api/meta``), so the
        browser keeps no copy of them; JSON-able, the same for every table. Empty by default."""
        return {}

    # --- options -------------------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Normalised options with defaults filled in; raises OptionsError naming what is wrong.

        Every game also accepts ``undo`` (``realms.core.undo``), kept only when true, so options without it
        validate exactly as before."""
        raw = raw or {}
        undo = False
        if isinstance(raw, Mapping) and UNDO_OPTION.name in raw:
            undo = UNDO_OPTION.coerce(raw[UNDO_OPTION.name], self.id)
            raw = {k: v for k, v in raw.items() if k != UNDO_OPTION.name}
        opts = validate_options(self.options_spec, raw, game=self.id)
        self.check_options(opts)
        if undo:
            opts[UNDO_OPTION.name] = True
        return opts

    def check_options(self, opts: dict[str, Any]) -> None:
        """Cross-option checks (incompatible variants, player counts). Override as needed."""

    # --- the protocol ------------------------------------------------------------------------
    def new(self, options: Mapping[str, Any] | None, seed: int) -> Any:
        raise NotImplementedError

    def to_move(self, state: Any) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        seat: int | None = state.to_move
        return seat

    def is_over(self, state: Any) -> bool:
        return state.to_move is None

    def legal_actions(self, state: Any) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: Any, action: Action, log: bool = False) -> list[Event]:
        """Apply ``action`` for ``to_move``. Raises IllegalAction (state unchanged) if not legal.

        Events are built only when ``log`` is true; otherwise the returned list is empty.
        """
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def result(self, state: Any) -> Result | None:
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        return state.clone()

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A copy of ``state`` whose hidden information, as seen by ``seat``, is resampled."""
        raise NotImplementedError

    def turns(self, state: Any) -> list[int]:
        """How many turns each seat has taken so far."""
        raise NotImplementedError

    def players(self, state: Any) -> int:
        players: int = state.players
        return players

    # --- undo within a turn (``realms.core.undo``) ---------------------------------------------------------
    @property
    def undo_action(self) -> Action:
        """The action that takes the mover's last undoable move back, ``{"type": "undo"}``. Its index is
        ``len(actions)``: it lies outside the action space, and is legal only in a game whose options set
        ``undo``."""
        made = self.__dict__.get("_undo_action")
        if made is None:
            made = self.__dict__["_undo_action"] = Action(len(self.actions), "undo", None, "undo")
        return made

    def undoable(self, before: Any, action: Action, after: Any) -> bool:
        """Whether ``action``, which took ``before`` to ``after`` with the same seat still to move, may be taken
        back (the game option ``undo``): only when it consumed no randomness and revealed nothing hidden to
        anyone, within the mover's own turn. Each game says which of its actions qualify; none by default."""
        return False

    # --- actions at the edges ----------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return len(self.actions)

    def action_from_index(self, index: int) -> Action:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.actions):
            raise IllegalAction(f"{self.id}: action index must be an integer in 0..{len(self.actions) - 1}, "
                                f"got {index!r}")
        return self.actions[index]

    def action_from_json(self, data: Any) -> Action:
        """The action whose JSON form is ``data``; raises IllegalAction for anything else."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"{self.id}: an action must be a JSON object, got {data!r}")
        try:
            key = canonical_bytes(data)
        except (TypeError, ValueError, RecursionError) as e:
            raise IllegalAction(f"{self.id}: not an action: {e}") from None
        table = self._json_table()
        try:
            return table[key]
        except KeyError:
            kinds = sorted({a.kind for a in self.actions})
            raise IllegalAction(
                f"{self.id}: {key.decode()} is not an action of this game (action types: {', '.join(kinds)})"
            ) from None

    def _json_table(self) -> dict[bytes, Action]:
        table = self.__dict__.get("_json_index")
        if table is None:
            table = {canonical_bytes(a.to_json()): a for a in (*self.actions, self.undo_action)}
            self.__dict__["_json_index"] = table
        return table

    def legal_indices(self, state: Any) -> tuple[int, ...]:
        """The indices of ``legal_actions(state)``, in the same order, as a tuple (hashable: the RL environments
        key their cached masks by it). A game may return a shared tuple from a cache of its own; the default
        reads them off ``legal_actions``."""
        return tuple([a.index for a in self.legal_actions(state)])

    def apply_legal(self, state: Any, index: int) -> None:
        """Applies action ``index`` for ``to_move``, which the caller took from ``legal_indices`` (or
        ``legal_actions``) of this very state: the same successor as ``apply(state, actions[index])``, no
        events. A game may skip the checks ``apply`` makes; for any other index the result is undefined (the
        RL environments check the index against the state's mask first). The default is ``apply``."""
        self.apply(state, self.actions[index])

    def action_mask(self, state: Any) -> list[bool]:
        mask = [False] * len(self.actions)
        for a in self.legal_actions(state):
            mask[a.index] = True
        return mask

    def describe(self, state: Any, action: Action) -> str:
        """A readable description of ``action`` in ``state`` (for menus and logs)."""
        return str(action)

    def caution(self, state: Any, action: Action) -> str | None:
        """What a person should read before sending ``action`` in ``state``, when it gives something up they may
        not mean to (Dominion: ending the buys with Treasures still in hand), or None. ``realms play`` asks
        before it plays such a move; bots are not asked."""
        return None

    def describe_say(self, state: Any, action: Action) -> dict[str, Any] | None:
        """``describe`` as a message key and its arguments, ``{"key": ..., "args": {...}}``, for a client that
        words it in the reader's language; None where the game gives the English text only."""
        return None

    # --- plug-ins: what the game offers the layers above, built when first asked for ------------
    #: the agent offered to players who choose none (an opponent worth playing); one of ``agents()``
    #: or ``random``
    default_agent: ClassVar[str] = "random"

    def agents(self) -> Mapping[str, AgentFactory]:
        """The game's own agents by name; ``random`` is offered for every game besides these."""
        return {}

    def strategy_loader(self) -> StrategyLoader | None:
        """What reads a strategy file (an agent name ending in ``.toml``); None when the game has none."""
        return None

    def renderer(self) -> Renderer | None:
        """The terminal drawing of views and results; None to show views as JSON."""
        return None

    def calculator(self) -> Calculator | None:
        """The scoring calculator (``realms score``); None when the game has none."""
        return None

    def observation(self) -> Observer | None:
        """The fixed-shape numeric encoding of a seat's view for RL (``realms.rl``); None when the game has
        none."""
        return None

    def stats(self, state: Any) -> list[dict[str, float]]:
        """Per-seat figures of a finished game that the simulator averages; empty when there are none."""
        return []

    def check_agent(self, name: str, agent: Any, state: Any) -> list[str]:
        """Whether ``agent`` (named ``name``) can play the game set up in ``state`` as it means to.

        Raises ``OptionsError`` when it cannot (a strategy none of whose cards is in the game); returns
        warnings, each one readable line, for what it can only partly do. The simulator asks before
        the first game; the default finds nothing.
        """
        return []

    #: what one step of ``turn_clock`` is called in reports and plots ("turn", "round")
    turn_label: ClassVar[str] = "turn"

    def turn_clock(self, state: Any) -> list[int]:
        """Per seat, how many turns (or rounds) are complete: the simulator samples ``turn_stats`` for a
        seat each time this grows. Cheap, as it is asked after every action of a by-turn simulation."""
        return self.turns(state)

    def turn_stats(self, state: Any, seat: int) -> dict[str, float]:
        """Figures of ``seat`` now, sampled by the simulator after each turn (``--by-turn``); empty when the
        game has none."""
        return {}

    # --- fast paths ---------------------------------------------------------------------------
    def fast_games(self, options: Mapping[str, Any], agents: list[str]) -> FastGames | None:
        """A fast path (lean integer code or a compiled kernel) that plays whole games of these validated
        ``options`` between these agent names (one per seat) with exactly the outcomes the reference engine
        gives, or None where there is none (the default; the simulator and ``realms bench`` then play
        through the protocol). A game's per-game ``stats`` must be empty where it offers one. The object may
        name itself in ``path`` ("the compiled kernel"), which ``play_path`` reports."""
        return None

    def play_path(self, options: Mapping[str, Any], agents: list[str]) -> str:
        """In words, which implementation plays whole games of these validated ``options`` between these agents
        (the simulator and ``realms bench`` print it): the fast path's ``path``, else the reference engine, with
        the reason where a fast path exists but declines these games (``fast_declined``)."""
        fast = self.fast_games(options, agents)
        if fast is not None:
            return str(getattr(fast, "path", "a fast path"))
        why = self.fast_declined(options, agents)
        return f"the reference engine ({why})" if why else "the reference engine"

    def fast_declined(self, options: Mapping[str, Any], agents: list[str]) -> str:
        """Why no fast path plays these games where one plays others (a card it does not cover, numba missing);
        empty where there is nothing to say (the default)."""
        return ""

    # --- hashing -----------------------------------------------------------------------------
    def state_hash(self, state: Any) -> str:
        """A hex digest of the full state (hidden information included)."""
        return hashlib.sha256(canonical_bytes(state.to_data())).hexdigest()

    # --- conveniences --------------------------------------------------------------------------
    def apply_all(self, state: Any, actions: Iterable[Action]) -> Any:
        for a in actions:
            self.apply(state, a)
        return state
