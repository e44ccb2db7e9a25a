"""The interfaces of what a game may offer the layers above it, besides the rules (see ``Game``):

- a terminal ``Renderer`` (the CLI draws views and results with it);
- a ``Calculator`` that scores something typed by hand (``realms score``);
- a strategy-file loader (``StrategyLoader``, declared with the agent interface in ``realms.core.game``: a
  ``.toml`` agent name);
- an ``Observer``: the fixed-shape numeric encoding of what a seat may see (``realms.rl`` uses it);
- its bot ``Level`` values (easy, medium, hard: named agents for players);

agents are declared as ``AgentFactory`` values (``realms.core.agents``) and simulator statistics by
``Game.stats``. A game builds these when they are first asked for, so importing a game stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from realms.core.options import Option

__all__ = ["Calculator", "Level", "Observer", "Renderer", "Scored"]


@dataclass(frozen=True, slots=True)
class Level:
    """A bot level a game offers players (``Game.levels``): an agent name like any other (``realms play --bots
    hard``, a server seat ``bot:hard``) that plays the concrete agent spec ``agent`` of its game."""

    name: str
    #: the concrete agent spec the level plays (``mc:seconds=2``)
    agent: str
    #: one line for players (English; the browser words it through its i18n key ``level.<game>.<name>``)
    description: str


class Renderer(Protocol):
    """Draws a game for the terminal. Both return something a rich console prints (a renderable or text).

    It may also have ``KEY``: a few lines of plain text that explain the notation of its board and moves, which
    ``realms play`` prints when a player answers the move prompt with ``?`` or ``help``."""

    def render(self, view: dict[str, Any], names: list[str]) -> Any:
        """The view of one seat (``game.view``); ``names[seat]`` labels each seat."""
        ...

    def render_result(self, result: dict[str, Any], names: list[str]) -> Any:
        """A finished game's result (``Result.to_json()``)."""
        ...


class Scored(Protocol):
    """What a calculator worked out."""

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-able data (what ``realms score --json`` prints)."""
        ...

    def render(self) -> Any:
        """The figures for the terminal (a rich renderable or text)."""
        ...


class Calculator(Protocol):
    """Scores something typed by hand, such as one player's board."""

    #: the switches it takes (``realms score`` flags), validated like game options
    options_spec: tuple[Option, ...]

    def score(self, text: str, options: Mapping[str, Any]) -> Scored:
        """Scores ``text``; raises a RealmsError (OptionsError for bad options) saying what is wrong."""
        ...


class Observer(Protocol):
    """A fixed-shape numeric encoding of what one seat may see, for reinforcement learning.

    The observation is a flat float32 vector (a numpy array, so the game module that builds it imports
    numpy; nothing in ``core`` does), the concatenation of ``fields`` in order. It holds only what
    ``game.view(state, seat)`` shows that seat: two states the seat cannot tell apart encode the same.

    An encoder may also have ``encode_next(state, seat)``: the same vector, for a caller that changes its
    states only through ``Game.apply`` (the RL environments), so that a state object it has encoded before
    has since moved on by legal actions only and the encoder may write only what those changed; it may return
    its own vector, read-only, which it then never changes while anything holds it (``encode`` returns a vector
    of the caller's own). And it may have ``fresh()``: a new encoder of its kind with no memory yet, so that each
    environment has its own. And ``bounds(options)``: the least and the greatest value of each entry, two float32
    vectors of the vector's size, which the RL environments declare as their observation spaces (without it they
    declare -inf..inf).
    """

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        """The named parts of the vector, in order, each with its shape, for validated ``options``."""
        ...

    def encode(self, state: Any, seat: int) -> Any:
        """The observation of ``seat`` in ``state``: a float32 vector as long as the fields together."""
        ...
