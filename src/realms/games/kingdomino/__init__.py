"""Kingdomino: 2-4 players, the Mighty Duel, Harmony, Middle Kingdom, Dynasty, both tie-breaks."""

from realms.games.kingdomino.rules import Kingdomino, KingdominoState

GAME = Kingdomino()

__all__ = ["GAME", "Kingdomino", "KingdominoState"]
