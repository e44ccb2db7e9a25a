"""The agent interface and the registry of agents by (game, name)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from realms.core.errors import RealmsError
from realms.core.game import Action, Game
from realms.core.rng import Rng


class UnknownAgent(RealmsError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


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


Factory = Callable[[Rng], Agent]
#: (game id or "*", name) -> factory; "*" agents work for every game
_REGISTRY: dict[tuple[str, str], Factory] = {("*", "random"): RandomAgent}
_LOADED_BOTS: set[str] = set()


def register(game_id: str, name: str, factory: Factory) -> None:
    _REGISTRY[(game_id, name)] = factory


def _load_game_bots(game_id: str) -> None:
    if game_id in _LOADED_BOTS:
        return
    import importlib

    _LOADED_BOTS.add(game_id)
    try:
        importlib.import_module(f"realms.games.{game_id}.bots")
    except ModuleNotFoundError as e:
        if e.name != f"realms.games.{game_id}.bots":
            raise


def agent_names(game_id: str) -> list[str]:
    _load_game_bots(game_id)
    return sorted({name for (g, name) in _REGISTRY if g in ("*", game_id)})


def make_agent(name: str, game: Game | str, seed: int = 0) -> Agent:
    """An agent by registered name for ``game``, seeded.

    A name ending in ``.toml`` is a strategy file, loaded by the game's ``bots.load_agent_file``.
    """
    game_id = game if isinstance(game, str) else game.id
    _load_game_bots(game_id)
    if name.endswith(".toml"):
        import importlib

        try:
            bots = importlib.import_module(f"realms.games.{game_id}.bots")
        except ModuleNotFoundError:
            bots = None
        loader = getattr(bots, "load_agent_file", None)
        if loader is None:
            raise UnknownAgent(f"{game_id} has no strategy files; {name!r} cannot be loaded")
        return loader(name, Rng(seed))
    factory = _REGISTRY.get((game_id, name)) or _REGISTRY.get(("*", name))
    if factory is None:
        raise UnknownAgent(f"unknown agent {name!r} for {game_id}; agents are {', '.join(agent_names(game_id))}")
    return factory(Rng(seed))
