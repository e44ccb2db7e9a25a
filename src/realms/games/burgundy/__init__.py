"""The Castles of Burgundy: 2-4 players, every tile and knowledge tile, basic/random/free-choice estates."""

from realms.games.burgundy.rules import Burgundy, BurgundyState

GAME = Burgundy()

__all__ = ["GAME", "Burgundy", "BurgundyState"]
