"""The Supply: choosing the kingdom and sizing the piles.

>>> parse_kingdom("first-game")
'first-game'
>>> parse_kingdom("smithy, Village,cellar,Market,Militia,Mine,Moat,Remodel,Woodcutter,Workshop")[:2]
['Smithy', 'Village']
"""

from __future__ import annotations

from typing import Any

from realms.core.errors import OptionsError
from realms.core.rng import Rng
from realms.games.dominion.cards import BY_NAME, CARDS, COLONY, COST, KINGDOM, NAMES, PLATINUM, TYPES
from realms.games.dominion.cards.basic import COPPER, CURSE_ID, DUCHY, ESTATE, GOLD, PROVINCE, SILVER
from realms.games.dominion.cards.card import VICTORY

FIRST_GAME = {
    1: ["Cellar", "Market", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Woodcutter", "Workshop"],
    2: ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Workshop"],
}
KINGDOM_NAMES = sorted(NAMES[c] for c in set(KINGDOM[1]) | set(KINGDOM[2]))
_BY_LOWER = {n.lower(): n for n in KINGDOM_NAMES}


def parse_kingdom(value: Any) -> str | list[str]:
    """``first-game``, ``random`` or a list of 10 distinct kingdom card names (a list or a comma-separated
    string; names are matched case-insensitively). Raises OptionsError naming what is wrong."""
    if isinstance(value, str):
        key = value.strip().lower()
        if key in ("first-game", "random"):
            return key
        parts = [x.strip() for x in value.split(",")]
        if len(parts) == 1:
            raise OptionsError(f"dominion: option 'kingdom' must be first-game, random or 10 card names; got "
                               f"{value!r}. Kingdom cards: {', '.join(KINGDOM_NAMES)}")
        value = parts
    if not isinstance(value, list | tuple) or not all(isinstance(x, str) for x in value):
        raise OptionsError(f"dominion: option 'kingdom' must be first-game, random or a list of 10 card names, "
                           f"got {value!r}")
    out: list[str] = []
    for raw in value:
        name = _BY_LOWER.get(raw.strip().lower())
        if name is None:
            extra = " (a basic card, always in the Supply)" if raw.strip().title() in BY_NAME else ""
            raise OptionsError(f"dominion: {raw.strip()!r} is not a kingdom card{extra}; kingdom cards are "
                               f"{', '.join(KINGDOM_NAMES)}")
        if name in out:
            raise OptionsError(f"dominion: kingdom names {name} twice; a kingdom has 10 different cards")
        out.append(name)
    if len(out) != 10:
        raise OptionsError(f"dominion: a kingdom has 10 cards, got {len(out)} ({', '.join(out)})")
    return out


def choose_kingdom(kingdom: str | list[str], edition: int, rng: Rng) -> list[int]:
    """The 10 kingdom card ids; ``random`` draws them from the edition's randomizer deck with ``rng``."""
    if kingdom == "first-game":
        names = FIRST_GAME[edition]
    elif kingdom == "random":
        deck = list(KINGDOM[edition])
        rng.shuffle(deck)
        return sorted(deck[:10], key=lambda c: (COST[c], NAMES[c]))
    else:
        names = list(kingdom)
    return sorted((BY_NAME[n] for n in names), key=lambda c: (COST[c], NAMES[c]))


def pile_sizes(players: int, kingdom: list[int], colony_platinum: bool) -> dict[int, int]:
    """Card id -> starting pile count. One player (solitaire) uses the two-player sizes."""
    n = max(players, 2)
    victory = 8 if n == 2 else 12
    sizes = {COPPER: 60 - 7 * n, SILVER: 40, GOLD: 30, ESTATE: victory, DUCHY: victory, PROVINCE: victory,
             CURSE_ID: 10 * (n - 1)}
    if colony_platinum:
        sizes[PLATINUM] = 12
        sizes[COLONY] = victory
    for c in kingdom:
        sizes[c] = victory if TYPES[c] & VICTORY else 10
    return sizes


def supply_order(sizes: dict[int, int]) -> tuple[int, ...]:
    """Pile display order: treasures, victory cards and Curse, then the kingdom by cost and name."""
    basic = [COPPER, SILVER, GOLD, PLATINUM, ESTATE, DUCHY, PROVINCE, COLONY, CURSE_ID]
    head = [c for c in basic if c in sizes]
    rest = sorted((c for c in sizes if c not in head), key=lambda c: (COST[c], NAMES[c]))
    return tuple(head + rest)


__all__ = ["CARDS", "FIRST_GAME", "KINGDOM_NAMES", "choose_kingdom", "parse_kingdom", "pile_sizes", "supply_order"]
