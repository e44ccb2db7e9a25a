"""Realms: Kingdomino, Dominion and The Castles of Burgundy on one game protocol.

>>> import realms.games
>>> game = realms.games.get("kingdomino")
>>> state = game.new({"players": 2}, seed=7)
>>> len(game.legal_actions(state)) > 0
True
"""

__version__ = "0.1.0"
