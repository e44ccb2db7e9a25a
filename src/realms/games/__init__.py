"""The game registry: every game by its id, loaded on first use.

``_MODULES`` below is the one place the built-in games are named: each entry is the package that declares the
game (``GAME``) and everything the layers above read of it (its levels, RL ids, kernel warm-ups, browser
module: see ``realms.core.game.Game``), and its order is the order games are offered in (the lobby, ``realms
list``). It is a list rather than a scan of this package so that ``ids()`` imports no game and the order is
chosen, not alphabetical. A game of your own, or a test's, is offered with ``register``.

>>> import realms.games
>>> "kingdomino" in realms.games.ids()
True
>>> realms.games.get("kingdomino").name
'Kingdomino'
"""

from __future__ import annotations

import importlib

from realms.core.errors import RealmsError, did_you_mean
from realms.core.game import Game

_MODULES: dict[str, str] = {
    "kingdomino": "realms.games.kingdomino",
    "dominion": "realms.games.dominion",
    "burgundy": "realms.games.burgundy",
}
_LOADED: dict[str, Game] = {}


class UnknownGame(RealmsError, KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


def ids() -> list[str]:
    """The ids of the games offered: the built-in ones, then any registered with ``register``."""
    return list(_MODULES) + [g for g in _LOADED if g not in _MODULES]


def register(game: Game) -> None:
    """Offer ``game`` under ``game.id`` beside the built-in games (a game of your own, or a test's)."""
    if game.id in _MODULES:
        raise RealmsError(f"{game.id!r} is a built-in game's id")
    _LOADED[game.id] = game


def unregister(game_id: str) -> None:
    """Withdraw a game offered with ``register``."""
    if game_id in _MODULES:
        raise RealmsError(f"{game_id!r} is a built-in game and cannot be withdrawn")
    _LOADED.pop(game_id, None)


def get(game_id: str) -> Game:
    """The game object registered under ``game_id``."""
    game = _LOADED.get(game_id)
    if game is None:
        if game_id not in _MODULES:
            raise UnknownGame(f"unknown game {game_id!r}{did_you_mean(game_id, ids())}; games are {', '.join(ids())}")
        module = importlib.import_module(_MODULES[game_id])
        game = module.GAME
        _LOADED[game_id] = game
    return game
