"""The agent interface, and agents by name for a game: the ones the game declares (``Game.agents``), the
game-agnostic ``random``, and any registered beside them.

A game's ``bots`` module builds on this module alone, so a game depends on ``realms.core`` and nothing
above it. ``realms.agents`` re-exports all of it and also accepts game ids where this takes games.

An agent that takes options is declared as an ``AgentSpec`` (which is also a plain factory: called with an
RNG alone it builds the agent with its defaults). Options are given in the name, after a colon:

>>> parse_agent_name("ismcts:seconds=2,policy=greedy")
('ismcts', {'seconds': '2', 'policy': 'greedy'})
>>> split_agent_list("ismcts:seconds=2,policy=greedy,full-greedy,random")
['ismcts:seconds=2,policy=greedy', 'full-greedy', 'random']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from realms.core.errors import IllegalAction, UnknownAgent, did_you_mean
from realms.core.game import Agent, AgentFactory, StrategyLoader
from realms.core.rng import Rng
from realms.core.undo import without_log

if TYPE_CHECKING:
    from realms.core.game import Action, Game, Result

__all__ = ["Agent", "AgentFactory", "AgentOption", "AgentOptionsError", "AgentSpec", "Playout", "RandomAgent",
           "StrategyLoader", "UnknownAgent", "agent_help", "agent_input", "agent_names", "choose", "default_agent",
           "is_strategy_file", "make_agent", "parse_agent_name", "register", "split_agent_list"]


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"
    reads = "view"  # legal_actions alone

    def act(self, game: Game, state: Any) -> Action:
        actions = game.legal_actions(state)
        return actions[self.rng.below(len(actions))] if len(actions) > 1 else actions[0]


# --- what an agent is handed ----------------------------------------------------------------------------

#: salts the harness's stream of determinizations for an agent apart from the agent's own stream
_INPUT_SALT = 0x1AF0_5EA7_C0DE_D1CE


def agent_input(game: Game, state: Any, seat: int, rng: Rng) -> Any:
    """What an agent deciding for ``seat`` may be handed: ``game.determinize(state, seat, rng)``, a copy that
    keeps everything the seat has seen and resamples everything else, the random generator included."""
    return game.determinize(state, seat, rng)


def _input_rng(agent: Any) -> Rng:
    """The agent's own stream of determinizations: seeded once from the agent's generator (without advancing
    it), so the moves of a seeded agent stay reproducible from (seed, actions) and its own choices are
    drawn exactly as when it was handed the true state."""
    rng = getattr(agent, "_input_rng", None)
    if rng is None:
        own = getattr(agent, "rng", None)
        rng = Rng((own.state if isinstance(own, Rng) else 0) ^ _INPUT_SALT)
        try:
            agent._input_rng = rng
        except AttributeError:  # an agent without attributes of its own: a fresh stream per call
            pass
    assert isinstance(rng, Rng)
    return rng


def choose(agent: Any, game: Game, state: Any, seat: int | None = None, rng: Rng | None = None) -> Action:
    """``agent``'s move for ``seat`` (the seat to move; by default whoever that is) in ``state``, asked the only
    way a harness may ask: the agent is handed ``agent_input`` — a determinized copy for that seat, never the
    true state — so it cannot cheat even by accident. Actions are shared values with fixed indices, so the
    action it picks on its copy is the action in the true game; one the true game does not allow raises
    ``IllegalAction`` naming the agent. An agent that declares ``reads = "view"`` is handed the true state
    (a copy per decision makes a fast simulation 3-9 times slower), which it may only read as its seat may
    see it; its action is checked by ``apply`` as anyone's is.

    ``rng`` draws the copy; by default the agent's own stream of determinizations (see ``_input_rng``), so
    the same seed and the same actions give the same moves. The simulator, the server's bots, the terminal
    and the golden playthroughs all ask through here.
    """
    to_move = game.to_move(state)
    if seat is None:
        seat = to_move
    if seat is None or seat != to_move:
        raise ValueError(f"{game.id}: seat {seat} cannot decide; the seat to move is {to_move}")
    if getattr(agent, "reads", "copy") == "view":  # it chose from the true legal actions; apply checks them
        view_only: Action = agent.act(game, without_log(state))  # bots never take moves back (core.undo)
        return view_only
    action: Action = agent.act(game, agent_input(game, state, seat, rng if rng is not None else _input_rng(agent)))
    legal = game.legal_actions(state)
    if id(action) not in set(map(id, legal)) and action not in legal:  # shared instances: identity is enough
        name = getattr(agent, "name", type(agent).__name__)
        raise IllegalAction(f"{game.id}: agent {name!r} chose {action!s}, which seat {seat + 1} may not play "
                            "in the real game")
    return action

class Playout(Agent):
    """An agent cheap enough to finish thousands of games a second inside a search (a *playout policy*).

    ``value`` may estimate every seat's final score from a running game, so that a search can stop a
    playout early and score the position instead; ``None`` (the default) means "play to the end".
    A game offers its playout policy as the agent named ``rollout``; search agents use it by default, and
    its ``rank`` (when it has one) to narrow wide roots, whatever the playout policy.
    """

    name = "playout"
    #: the playout length (in actions) after which a search scores the position with ``value`` by default
    cutoff = 0
    #: a score margin of about this size is a likely win (to turn ``value`` estimates into win chances)
    value_scale = 10.0

    #: how many of the root's actions a search keeps by default when ``rank`` orders them (0: all)
    width = 0
    #: whether tree searches narrow every node that way, not only the root (``rank`` must then be cheap)
    narrow_all = False

    def value(self, game: Game, state: Any) -> list[float] | None:
        return None

    def finish(self, game: Game, state: Any) -> Result | None:
        """The result of playing ``state`` (left unchanged) to the end with this policy in every seat, when
        the policy has a faster way than ``act`` step by step (a compiled kernel); ``None`` (the default):
        the search steps through ``act``."""
        return None

    def finish_after(self, game: Game, state: Any, action: Action) -> Result | None:
        """``finish`` of a copy of ``state`` after ``action`` (legal in it), without the copy: a flat search
        plays every root action from the same state. ``state`` is left unchanged, and the policy may keep
        what it derived from it (a packed copy) while the same unchanged object comes back; ``None`` (the
        default): the search copies the state, applies the action and calls ``finish``."""
        return None

    def finish_round(self, game: Game, state: Any, seat: int, rng: Rng,
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        """A flat search's round in one call: exactly what ``s = game.determinize(state, seat, rng)``, then
        ``seed = rng.next64()`` and, for each of ``actions`` in turn, ``self.rng.state = seed`` and
        ``finish_after(game, s, action)`` would do (the same draws of ``rng`` and of this policy's generator),
        as each action's final scores and winners; ``None`` (the default), having drawn nothing: the search
        does those steps itself."""
        return None

    def rank(self, game: Game, state: Any, actions: list[Action]) -> list[float] | None:
        """A score per action (higher: more promising), so a search may consider only the best few of a wide
        root; ``None`` (the default): no opinion."""
        return None

    def turn(self, game: Game, state: Any) -> Any:
        """A key of the turn in progress (any value that changes when the mover's turn ends), so that a search
        planning whole turns (``mc:plan=N``) expands the mover's own decisions while it stays the same;
        ``None`` (the default): while the same seat is to move."""
        return None

    def effort(self, game: Game, state: Any, actions: list[Action]) -> float:
        """The share of a search's budget (iterations or seconds) this decision deserves, from 0 to 1: a game
        may mark its routine decisions (Dominion: playing the Treasures, most Action plays) for fewer playouts,
        so that its decisive ones (the buys) get the full budget. 1 (the default): every decision alike."""
        return 1.0


class AgentOptionsError(UnknownAgent):
    """Options in an agent's name that it does not take, or values it cannot use."""


@dataclass(frozen=True, slots=True)
class AgentOption:
    """One option an agent takes: ``type`` is ``int``, ``float``, ``bool``, ``choice`` or ``agent`` (the name
    of another agent of the same game that takes no options, or a strategy file's path); ``None`` as a default
    means "not set"."""

    name: str
    type: str
    default: Any
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None

    def coerce(self, value: str, agent: str, valid_agents: list[str]) -> Any:
        where = f"agent {agent!r}: option {self.name!r}"
        text = value.strip()
        out: Any
        if self.type == "bool":
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise AgentOptionsError(f"{where} must be true or false, got {value!r}")
            return text.lower() in ("true", "1", "yes")
        if self.type in ("int", "float"):
            try:
                out = int(text) if self.type == "int" else float(text)
            except ValueError:
                kind = "an integer" if self.type == "int" else "a number"
                raise AgentOptionsError(f"{where} must be {kind}, got {value!r}") from None
            if not math.isfinite(out) or (self.minimum is not None and out < self.minimum) or (
                    self.maximum is not None and out > self.maximum):
                raise AgentOptionsError(f"{where} must be {self.range()}, got {value!r}")
            return out
        if self.type == "choice":
            folded = {c.lower().replace(" ", "-"): c for c in self.choices}
            text = folded.get(text.lower().replace(" ", "-"), text)
            if text not in self.choices:
                raise AgentOptionsError(f"{where} must be one of {', '.join(self.choices)}; got {value!r}"
                                        f"{did_you_mean(text, self.choices)}")
            return text
        if self.type == "agent":
            if text.endswith(".toml"):  # a strategy file, read when the agent is made
                return text
            if text not in valid_agents:
                raise AgentOptionsError(f"{where} must be one of {', '.join(valid_agents)}; got {value!r}"
                                        f"{did_you_mean(text, valid_agents)}")
            return text
        raise AssertionError(f"unknown agent option type {self.type}")

    def range(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"from {self.minimum:g} to {self.maximum:g}"
        if self.minimum is not None:
            return f"at least {self.minimum:g}"
        if self.maximum is not None:
            return f"at most {self.maximum:g}"
        return "a number"

    def describe(self) -> str:
        """``name=default`` (``name=…`` when unset), as ``realms list`` shows it."""
        if self.default is None:
            return f"{self.name}=…"
        if isinstance(self.default, bool):
            return f"{self.name}={str(self.default).lower()}"
        if isinstance(self.default, float):
            return f"{self.name}={self.default:g}"
        return f"{self.name}={self.default}"


@dataclass(frozen=True)
class AgentSpec:
    """An agent that takes options: ``build(rng, options)`` gets every declared option, defaults filled in.

    It is an ``AgentFactory`` too: ``spec(rng)`` builds the agent with its defaults."""

    build: Callable[[Rng, Mapping[str, Any]], Agent]
    options: tuple[AgentOption, ...]
    help: str = ""

    def __call__(self, rng: Rng) -> Agent:
        return self.build(rng, {o.name: o.default for o in self.options})

    def describe(self) -> str:
        """One line for ``realms list``: what it is and its options with their defaults."""
        opts = ",".join(o.describe() for o in self.options)
        return f"{self.help} (options: {opts})" if self.help else f"options: {opts}"


#: agents offered beside the games' own, by (game id or "*", name); "*" agents work for every game
_EXTRA: dict[tuple[str, str], AgentFactory] = {("*", "random"): RandomAgent}
#: modules that register agents when imported (``register_on_import``), not imported yet
_ON_IMPORT: list[Callable[[], object]] = []


def register_on_import(load: Callable[[], object]) -> None:
    """Offer the agents that ``load`` registers (a function that imports their module) without calling it now: it
    is called the first time a name is not found among the agents already offered, or all of them are listed.
    (The search agents come this way: their module, with its process pools, costs a process that plays without
    them about as much as a few dozen Kingdomino games.) Such a module adds names; one already offered keeps its
    agent."""
    if load not in _ON_IMPORT:
        _ON_IMPORT.append(load)


def _import_pending() -> bool:
    """Call the loaders of ``register_on_import`` not called yet; whether there were any."""
    if not _ON_IMPORT:
        return False
    while _ON_IMPORT:
        _ON_IMPORT.pop(0)()
    return True


def register(game_id: str, name: str, factory: AgentFactory) -> None:
    """Offer ``factory`` (an ``AgentSpec`` for an agent with options) as agent ``name`` for ``game_id``
    (``"*"``: for every game) beside the agents the game declares itself. A game's own bots are declared by
    ``Game.agents``, not registered."""
    if ":" in name or "," in name or "=" in name:
        raise ValueError(f"an agent name may not contain ':', ',' or '=': {name!r}")
    _EXTRA[(game_id, name)] = factory


def _level(game: Game, agent: str) -> AgentFactory:
    def build(rng: Rng) -> Agent:
        return make_agent(agent, game, rng.next64())

    return build


def _factories(game: Game) -> dict[str, AgentFactory]:
    _import_pending()
    found = {name: f for (g, name), f in _EXTRA.items() if g == "*"}
    found.update(game.agents())
    found.update({lv.name: _level(game, lv.agent) for lv in game.levels})  # easy, medium, hard: Game.levels
    found.update({name: f for (g, name), f in _EXTRA.items() if g == game.id})
    return found


def _factory(game: Game, name: str) -> AgentFactory | None:
    """``_factories(game).get(name)`` without building the others (a game's reference loop makes its agents
    afresh every game): one registered for the game, else its level, else its own agent, else one for every
    game."""
    found = _EXTRA.get((game.id, name))
    if found is not None:
        return found
    for lv in reversed(game.levels):
        if lv.name == name:
            return _level(game, lv.agent)
    own = game.agents().get(name)
    if own is not None:
        return own
    found = _EXTRA.get(("*", name))
    return _factory(game, name) if found is None and _import_pending() else found


def agent_names(game: Game) -> list[str]:
    """Every agent name ``make_agent`` accepts for ``game`` (strategy files aside), sorted."""
    return sorted(_factories(game))


def agent_help(game: Game) -> dict[str, str]:
    """For each agent of ``game`` that takes options, a line saying what it is and its options with their
    defaults (``name:key=value,...`` sets them)."""
    return {name: f.describe() for name, f in sorted(_factories(game).items()) if isinstance(f, AgentSpec)}


def default_agent(game: Game) -> str:
    """The agent offered to players who choose none: the game's ``default_agent``."""
    return game.default_agent


def parse_agent_name(name: str) -> tuple[str, dict[str, str]]:
    """``"mc:seconds=2,policy=greedy"`` to ``("mc", {"seconds": "2", "policy": "greedy"})``; a name without a
    colon has no options. A pair without ``=``, an empty key or a key given twice raises AgentOptionsError."""
    base, sep, rest = name.partition(":")
    base = base.strip()
    options: dict[str, str] = {}
    if not sep:
        return base, options
    for pair in rest.split(","):
        if not pair.strip():
            continue
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise AgentOptionsError(f"agent {name!r}: options must look like {base}:key=value,key=value; "
                                    f"got {pair.strip()!r}")
        if key in options:
            raise AgentOptionsError(f"agent {name!r}: option {key!r} is given twice")
        options[key] = value.strip()
    return base, options


def split_agent_list(text: str) -> list[str]:
    """A comma-separated list of agent names, where a name may carry options that are themselves separated
    by commas: a piece with ``=`` and no ``:`` continues the options of the agent before it."""
    out: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        if "=" in piece and ":" not in piece.split("=", 1)[0] and out and ":" in out[-1]:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def is_strategy_file(name: str, game: Game) -> bool:
    """Whether agent ``name`` is a strategy file's path: it ends in ``.toml`` and is not an agent's name with
    options (``mc:policy=my.toml`` is the agent ``mc``)."""
    return name.endswith(".toml") and _factory(game, name.partition(":")[0].strip()) is None


def make_agent(name: str, game: Game, seed: int = 0, files: bool = True) -> Agent:
    """The agent ``name`` for ``game``, seeded with ``seed``; with ``files`` False (a server's bots), a name that
    would read a strategy file, itself or as an option's value, raises UnknownAgent and reads nothing.

    A name ending in ``.toml`` is a strategy file, read by the game's ``strategy_loader`` (unless it is an agent's
    name with options, the last of them a file: ``mc:policy=my.toml``). ``NAME:k=v,k=v`` sets options of an agent
    that takes them (``realms list`` shows them); unknown names, options or values
    raise ``UnknownAgent`` (``AgentOptionsError`` for options) saying what is valid.
    """
    if is_strategy_file(name, game):
        if not files:
            raise UnknownAgent(f"{name!r} is a strategy file, and files cannot be loaded here")
        loader = game.strategy_loader()
        if loader is None:
            raise UnknownAgent(f"{game.id} has no strategy files; {name!r} cannot be loaded")
        return loader(name, Rng(seed))
    base, raw = parse_agent_name(name)
    factory = _factory(game, base)
    if factory is None:
        raise UnknownAgent(f"unknown agent {base!r} for {game.id}{did_you_mean(base, agent_names(game))}; agents are "
                           f"{', '.join(agent_names(game))}")
    if not isinstance(factory, AgentSpec):
        if raw:
            raise AgentOptionsError(f"agent {base!r} takes no options (given: {', '.join(raw)})")
        return factory(Rng(seed))
    by_name = {o.name: o for o in factory.options}
    unknown = [k for k in raw if k not in by_name]
    if unknown:
        raise AgentOptionsError(f"agent {base!r} has no option {unknown[0]!r}; its options are "
                                f"{', '.join(o.describe() for o in factory.options)}")
    plain = sorted(n for n, f in _factories(game).items() if not isinstance(f, AgentSpec))
    options = {o.name: o.coerce(raw[o.name], base, plain) if o.name in raw else o.default for o in factory.options}
    for o in factory.options:  # a strategy file named as an option is read now, so a bad one is said before play
        if o.type == "agent" and o.name in raw and options[o.name].endswith(".toml"):
            make_agent(options[o.name], game, seed, files)
    return factory.build(Rng(seed), options)
