"""The agent interface and agents by name, re-exported from ``realms.core.agents`` (where games find them),
with game ids accepted wherever a game is: ``make_agent("greedy", "kingdomino")``."""

from __future__ import annotations

import realms.games
from realms.core import agents as _core
from realms.core.agents import Agent, AgentFactory, RandomAgent, UnknownAgent, register
from realms.core.game import Game

#: the former name of ``AgentFactory``
Factory = AgentFactory

__all__ = ["Agent", "AgentFactory", "Factory", "RandomAgent", "UnknownAgent", "agent_names", "default_agent",
           "make_agent", "register"]


def _game(game: Game | str) -> Game:
    return realms.games.get(game) if isinstance(game, str) else game


def agent_names(game: Game | str) -> list[str]:
    """Every agent name ``make_agent`` accepts for ``game`` (strategy files aside), sorted."""
    return _core.agent_names(_game(game))


def default_agent(game: Game | str) -> str:
    """The agent offered to players who choose none: the game's ``default_agent``."""
    return _core.default_agent(_game(game))


def make_agent(name: str, game: Game | str, seed: int = 0, files: bool = True) -> Agent:
    """The agent ``name`` for ``game`` (a game or its id), seeded; a ``.toml`` name is a strategy file (with
    ``files`` False, refused: ``core.agents.make_agent``)."""
    return _core.make_agent(name, _game(game), seed, files)
