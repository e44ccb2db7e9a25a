"""The agent interface, and agents by name for a game: the ones the game declares (``Game.agents``), the
game-agnostic ``random``, and any registered beside them.

A game's ``bots`` module builds on this module alone, so a game depends on ``realms.core`` and nothing
above it. ``realms.agents`` re-exports all of it and also accepts game ids where this takes games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from realms.core.errors import UnknownAgent
from realms.core.rng import Rng

if TYPE_CHECKING:
    from realms.core.game import Action, Game

__all__ = ["Agent", "AgentFactory", "RandomAgent", "UnknownAgent", "agent_names", "default_agent", "make_agent",
           "register"]


class Agent:
    """Chooses an action for the seat to move. Agents must use only what that seat may see;
    search agents get hidden information through ``game.determinize``."""

    name = "agent"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, game: Game, state: Any) -> Action:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def act(self, game: Game, state: Any) -> Action:
        actions = game.legal_actions(state)
        return actions[self.rng.below(len(actions))] if len(actions) > 1 else actions[0]


#: builds an agent from its own seeded generator
AgentFactory = Callable[[Rng], Agent]

#: agents offered beside the games' own, by (game id or "*", name); "*" agents work for every game
_EXTRA: dict[tuple[str, str], AgentFactory] = {("*", "random"): RandomAgent}


def register(game_id: str, name: str, factory: AgentFactory) -> None:
    """Offer ``factory`` as agent ``name`` for ``game_id`` (``"*"``: for every game) beside the agents the
    game declares itself. A game's own bots are declared by ``Game.agents``, not registered."""
    _EXTRA[(game_id, name)] = factory


def _factories(game: Game) -> dict[str, AgentFactory]:
    found = {name: f for (g, name), f in _EXTRA.items() if g == "*"}
    found.update(game.agents())
    found.update({name: f for (g, name), f in _EXTRA.items() if g == game.id})
    return found


def agent_names(game: Game) -> list[str]:
    """Every agent name ``make_agent`` accepts for ``game`` (strategy files aside), sorted."""
    return sorted(_factories(game))


def default_agent(game: Game) -> str:
    """The agent offered to players who choose none: the game's ``default_agent``."""
    return game.default_agent


def make_agent(name: str, game: Game, seed: int = 0) -> Agent:
    """The agent ``name`` for ``game``, seeded with ``seed``.

    A name ending in ``.toml`` is a strategy file, read by the game's ``strategy_loader``.
    """
    if name.endswith(".toml"):
        loader = game.strategy_loader()
        if loader is None:
            raise UnknownAgent(f"{game.id} has no strategy files; {name!r} cannot be loaded")
        return loader(name, Rng(seed))
    factory = _factories(game).get(name)
    if factory is None:
        raise UnknownAgent(f"unknown agent {name!r} for {game.id}; agents are {', '.join(agent_names(game))}")
    return factory(Rng(seed))
