"""The Supply: choosing the kingdom and sizing the piles.

>>> parse_kingdom("first-game")
'first-game'
>>> parse_kingdom("smithy, Village,cellar,Market,Militia,Mine,Moat,Remodel,Woodcutter,Workshop")[:2]
['Smithy', 'Village']
>>> parse_kingdom("Size Distortion", "first")[:3]
['Cellar', 'Chapel', 'Feast']
"""

from __future__ import annotations

from typing import Any

from realms.core.errors import OptionsError, did_you_mean
from realms.core.rng import Rng
from realms.games.dominion.cards import BY_NAME, CARDS, COLONY, COST, KINGDOM, NAMES, PLATINUM, TYPES
from realms.games.dominion.cards.basic import COPPER, CURSE_ID, DUCHY, ESTATE, GOLD, PROVINCE, SILVER
from realms.games.dominion.cards.card import VICTORY
from realms.games.dominion.kingdoms import FIRST_GAME as _FIRST_GAME
from realms.games.dominion.kingdoms import FIRST_GAME_SLUG, Kingdom, find, names, slugify

#: the recommended first kingdom of each edition (1, 2), card names alphabetical; the data is ``kingdoms.FIRST_GAME``
FIRST_GAME: dict[int, list[str]] = {e: list(cards) for e, cards in _FIRST_GAME.items()}
KINGDOM_NAMES = sorted(NAMES[c] for c in set(KINGDOM[1]) | set(KINGDOM[2]))
_BY_LOWER = {n.lower(): n for n in KINGDOM_NAMES}
_BY_LOWER["farm"] = "Harem"  # later printings' name of the same card
#: the boxes whose kingdom cards ``random`` may draw (option ``sets``)
BOXES = ("base", "intrigue", "seaside")


def parse_sets(value: Any) -> tuple[str, ...]:
    """The boxes ``random`` draws from: ``all`` or any of base, intrigue, seaside (a list or ``a,b``), in box
    order. Raises OptionsError naming what is wrong."""
    parts = value if isinstance(value, list | tuple) else str(value).split(",") if isinstance(value, str) else None
    if parts is None or not all(isinstance(x, str) for x in parts):
        raise OptionsError(f"dominion: option 'sets' must be all or names of {', '.join(BOXES)}; got {value!r}")
    names = {x.strip().lower() for x in parts if x.strip()}
    if names == {"all"}:
        return BOXES
    wrong = sorted(names - set(BOXES))
    if wrong or not names:
        raise OptionsError(f"dominion: option 'sets' takes all or {', '.join(BOXES)} (comma-separated); "
                           f"{', '.join(map(repr, wrong)) or 'nothing'} is not one")
    return tuple(b for b in BOXES if b in names)


def randomizer(edition: int, sets: tuple[str, ...]) -> list[int]:
    """The randomizer deck of this edition and these boxes, in id order. Cards of your own (a set not among the
    boxes) join every deck."""
    return [c for c in KINGDOM[edition] if CARDS[c].set in sets or CARDS[c].set not in BOXES]


def _accepted() -> str:
    """What option ``kingdom`` takes, for error messages."""
    return (f"first-game, random, a named kingdom ({', '.join(names())}; case and spaces or dashes do not "
            f"matter) or 10 kingdom card names")


def _named(kingdom: Kingdom) -> list[str]:
    """The card names of a named kingdom, checked against the cards registered now (not at import: the sets
    are written one after another). Raises OptionsError naming the missing cards."""
    missing = [c for c in kingdom.cards if c.lower() not in _BY_LOWER]
    if missing:
        raise OptionsError(f"dominion: kingdom {kingdom.slug} ({kingdom.name}) needs {', '.join(missing)}, which "
                           f"this installation does not have")
    return [_BY_LOWER[c.lower()] for c in kingdom.cards]


def parse_kingdom(value: Any, edition: int | str | None = None) -> str | list[str]:
    """``first-game``, ``random``, a named kingdom (``kingdoms.KINGDOMS``: a slug such as ``size-distortion-1e`` or
    the printed name, in any case, with spaces or dashes) or a list of 10 distinct kingdom card names (a list or
    a comma-separated string; names are matched case-insensitively). A named kingdom becomes its 10 card names,
    so a game record holds the cards it was dealt; a name printed in several versions picks the version of
    ``edition`` (1 / 2 / "first" / "second"; not given: the newest), and a version's slug picks it whatever the
    edition. Raises OptionsError naming what is wrong and what is accepted."""
    if isinstance(value, str):
        key = slugify(value)
        if key in ("random", FIRST_GAME_SLUG):
            return key
        parts = [x.strip() for x in value.split(",")]
        if len(parts) == 1:
            named = find(value, edition)
            if named is not None:
                return _named(named)
            meant = did_you_mean(key, ["first-game", "random", *names()])
            if meant:  # the kingdom meant first, then everything it could be
                raise OptionsError(f"dominion: option 'kingdom' got {value!r}{meant}; it must be {_accepted()}. "
                                   f"Kingdom cards: {', '.join(KINGDOM_NAMES)}")
            raise OptionsError(f"dominion: option 'kingdom' must be {_accepted()}; got {value!r}. "
                               f"Kingdom cards: {', '.join(KINGDOM_NAMES)}")
        value = parts
    if not isinstance(value, list | tuple) or not all(isinstance(x, str) for x in value):
        raise OptionsError(f"dominion: option 'kingdom' must be {_accepted()} (a list, or a,b,c); got {value!r}")
    out: list[str] = []
    for raw in value:
        name = _BY_LOWER.get(raw.strip().lower())
        if name is None:
            extra = " (a basic card, always in the Supply)" if raw.strip().title() in BY_NAME else ""
            meant = "" if extra else did_you_mean(raw.strip(), KINGDOM_NAMES)
            raise OptionsError(f"dominion: {raw.strip()!r} is not a kingdom card{extra}{meant}; kingdom cards are "
                               f"{', '.join(KINGDOM_NAMES)}")
        if name in out:
            raise OptionsError(f"dominion: kingdom names {name} twice; a kingdom has 10 different cards")
        out.append(name)
    if len(out) != 10:
        raise OptionsError(f"dominion: a kingdom has 10 cards, got {len(out)} ({', '.join(out)})")
    return out


def choose_kingdom(kingdom: str | list[str], edition: int, rng: Rng, sets: tuple[str, ...] = ("base",)) -> list[int]:
    """The 10 kingdom card ids, by cost and name; ``random`` draws them from the randomizer deck of the edition
    and ``sets`` with ``rng``, ``first-game`` is the edition's first game, and any other single name a named
    kingdom (as ``parse_kingdom`` reads it) in this edition."""
    if kingdom == "random":
        deck = randomizer(edition, sets)
        rng.shuffle(deck)
        return sorted(deck[:10], key=lambda c: (COST[c], NAMES[c]))
    parsed = parse_kingdom(kingdom, edition) if isinstance(kingdom, str) else list(kingdom)
    cards = FIRST_GAME[edition] if isinstance(parsed, str) else parsed
    return sorted((BY_NAME[n] for n in cards), key=lambda c: (COST[c], NAMES[c]))


def pile_sizes(players: int, kingdom: list[int], colony_platinum: bool) -> dict[int, int]:
    """Card id -> starting pile count. One player (solitaire) uses the two-player sizes; 5 and 6 players play with
    a second set of base cards (Treasures doubled, 15 / 18 Provinces)."""
    n = max(players, 2)
    victory = 8 if n == 2 else 12
    sets = 2 if n > 4 else 1
    sizes = {COPPER: 60 * sets - 7 * n, SILVER: 40 * sets, GOLD: 30 * sets, ESTATE: victory, DUCHY: victory,
             PROVINCE: victory if n < 5 else 3 * n, CURSE_ID: 10 * (n - 1)}
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


__all__ = ["BOXES", "CARDS", "FIRST_GAME", "KINGDOM_NAMES", "choose_kingdom", "parse_kingdom", "parse_sets",
           "pile_sizes", "randomizer", "supply_order"]
