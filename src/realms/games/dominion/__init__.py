"""Dominion: the base set of both editions, Colony/Platinum, 1-4 players, strategy bots."""

from realms.games.dominion.rules import ACTIONS, Dominion, DominionState

GAME = Dominion()

__all__ = ["ACTIONS", "GAME", "Dominion", "DominionState"]
