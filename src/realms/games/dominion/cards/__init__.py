"""Every Dominion card, one small class each, registered in id order: basic, base (first edition,
then second), prosperity. Import order fixes the ids, so new sets go at the end.

Cards of your own: the modules named in the environment variable ``REALMS_DOMINION_CARDS`` (comma-separated,
importable module names) are imported after the built-in sets, so their ``@register`` cards join every table
before the engine reads them. Each implementation beside the reference says whether it plays them (the
compiled kernel: ``kernel.uncovered``); where it does not, the reference does.
"""

import importlib
import os

from realms.games.dominion.cards.card import (
    BY_NAME,
    CARDS,
    COINS,
    COST,
    HANDLERS,
    IS_ACTION,
    IS_TREASURE,
    NAMES,
    TYPES,
    VP,
    Card,
)

#: the card sets in registration order (this order fixes every card id; append new sets at the end)
SETS = ("basic", "base1", "base2", "prosperity", "intrigue", "seaside")
#: the environment variable that names modules of cards of your own
EXTRA_ENV = "REALMS_DOMINION_CARDS"
for _module in SETS:
    importlib.import_module(f"realms.games.dominion.cards.{_module}")
for _module in filter(None, (m.strip() for m in os.environ.get(EXTRA_ENV, "").split(","))):
    importlib.import_module(_module)

PLATINUM = BY_NAME["Platinum"]
COLONY = BY_NAME["Colony"]
GARDENS = BY_NAME["Gardens"]
NCARDS = len(CARDS)
#: kingdom cards by edition, in id order: the randomizer decks
KINGDOM: dict[int, list[int]] = {e: [c.id for c in CARDS if e in c.editions] for e in (1, 2)}

__all__ = ["BY_NAME", "CARDS", "COINS", "COLONY", "COST", "GARDENS", "HANDLERS", "IS_ACTION", "IS_TREASURE",
           "KINGDOM", "NAMES", "NCARDS", "PLATINUM", "TYPES", "VP", "Card"]
