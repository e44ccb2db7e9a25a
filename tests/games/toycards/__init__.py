"""Tops, a toy card game that exists only in the tests. It shows what adding a game takes: its own package and
nothing else. The conformance suite (tests/games/test_conformance.py) finds it here, as it finds every package
under tests/games/ that declares a ``GAME``, and checks it as it checks the built-in games.

Twelve cards, 1 to 6 twice, are shuffled; each of 2 or 3 players holds two of them, hidden from the others.
On a turn a player plays a card from hand face up, scoring its value, then draws the top card of the deck
while there is one. When every card has been played the highest score wins; a tie goes to whoever played
more 6s, and past that the win is shared.
"""

from __future__ import annotations

from tests.games.toycards.rules import Tops, TopsState

GAME = Tops()

__all__ = ["GAME", "Tops", "TopsState"]
