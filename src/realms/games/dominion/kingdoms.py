"""Named kingdoms: the sets of 10 that Dominion's rulebooks recommend, as data.

Each rulebook of the base game, Intrigue and Seaside suggests a few fixed kingdoms with a name ("Size Distortion",
"High Seas"). This module holds every such kingdom whose 10 cards all exist in Realms (the base set, Intrigue and
Seaside, both editions), so that ``kingdom=<slug>`` deals it (``supply.parse_kingdom``) and ``realms list`` shows
it. It is plain data: it imports no card module, so a kingdom whose cards are not registered yet costs nothing
until someone asks for it, and the names are checked then.

A record names its rulebook in ``source`` and the edition of that rulebook in ``edition`` ("first" or "second").
Where a name was printed with different cards over the years, each version is its own record with its own
slug: ``-1e`` is the first edition's list, ``-2e`` the second edition's, ``-base-2e`` a first-edition Seaside
list revised for the base set's second edition, ``-intrigue-2e`` the list that Intrigue's second-edition
rulebook gives for Intrigue with the first edition of Seaside. The bare name (``size-distortion``) then picks
one version by edition (``find``): the first edition's where there is one, otherwise, and in the second
edition, the newest. Which cards a slug deals never depends on anything else; cards that an edition removed stay
playable by name in the other, so every version plays under either ``edition``.

Sources: the recommended sets printed in the base game, Intrigue and Seaside rulebooks, as recorded by
independent open-source Dominion programs that agree card for card and by the community wiki where it was
checked (see ``docs/dominion.md``, "Named kingdoms"). Intrigue's Harem is printed as Farm in recent printings;
Realms calls it Harem.

>>> find("Size Distortion", 1).slug, find("size_distortion", 2).slug, find("SIZE-DISTORTION-1E").slug
('size-distortion-1e', 'size-distortion-2e', 'size-distortion-1e')
>>> find("silver & gold").cards[:3]
('Bandit', 'Bureaucrat', 'Chapel')
>>> find("no such kingdom") is None
True
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Kingdom(NamedTuple):
    """One recommended set of 10: its printed name, a unique slug, the edition of the rulebook that lists it,
    that rulebook (a one-line source note), the boxes its cards come from (in box order) and the 10 cards,
    alphabetical."""

    name: str
    slug: str
    edition: str
    source: str
    boxes: tuple[str, ...]
    cards: tuple[str, ...]


def _k(name: str, slug: str, edition: str, source: str, boxes: str, cards: str) -> Kingdom:
    return Kingdom(name, slug, edition, source, tuple(boxes.split()), tuple(c.strip() for c in cards.split(",")))


_BASE1 = "base game rulebook, first edition"
_BASE2 = "base game rulebook, second edition"
_INT1 = "Intrigue rulebook, first edition"
_INT2 = "Intrigue rulebook, second edition"
_SEA1 = "Seaside rulebook, first edition"
_SEA1R = "Seaside rulebook, first edition, the set revised for the base game's second edition"
_SEA2 = "Seaside rulebook, second edition"

#: every named kingdom, grouped by rulebook; versions of one name from the oldest to the newest
KINGDOMS: tuple[Kingdom, ...] = (
    # the base game, first edition
    _k("First Game", "first-game-1e", "first", _BASE1, "base",
       "Cellar, Market, Militia, Mine, Moat, Remodel, Smithy, Village, Woodcutter, Workshop"),
    _k("Big Money", "big-money", "first", _BASE1, "base",
       "Adventurer, Bureaucrat, Chancellor, Chapel, Feast, Laboratory, Market, Mine, Moneylender, Throne Room"),
    _k("Interaction", "interaction", "first", _BASE1, "base",
       "Bureaucrat, Chancellor, Council Room, Festival, Library, Militia, Moat, Spy, Thief, Village"),
    _k("Size Distortion", "size-distortion-1e", "first", _BASE1, "base",
       "Cellar, Chapel, Feast, Gardens, Laboratory, Thief, Village, Witch, Woodcutter, Workshop"),
    _k("Village Square", "village-square", "first", _BASE1, "base",
       "Bureaucrat, Cellar, Festival, Library, Market, Remodel, Smithy, Throne Room, Village, Woodcutter"),
    # the base game, second edition
    _k("First Game", "first-game-2e", "second", _BASE2, "base",
       "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop"),
    _k("Size Distortion", "size-distortion-2e", "second", _BASE2, "base",
       "Artisan, Bandit, Bureaucrat, Chapel, Festival, Gardens, Sentry, Throne Room, Witch, Workshop"),
    _k("Deck Top", "deck-top", "second", _BASE2, "base",
       "Artisan, Bureaucrat, Council Room, Festival, Harbinger, Laboratory, Moneylender, Sentry, Vassal, Village"),
    _k("Sleight of Hand", "sleight-of-hand", "second", _BASE2, "base",
       "Cellar, Council Room, Festival, Gardens, Harbinger, Library, Militia, Poacher, Smithy, Throne Room"),
    _k("Improvements", "improvements", "second", _BASE2, "base",
       "Artisan, Cellar, Market, Merchant, Mine, Moat, Moneylender, Poacher, Remodel, Witch"),
    _k("Silver & Gold", "silver-and-gold", "second", _BASE2, "base",
       "Bandit, Bureaucrat, Chapel, Harbinger, Laboratory, Merchant, Mine, Moneylender, Throne Room, Vassal"),
    # Intrigue, first edition (alone, then with the base game)
    _k("Victory Dance", "victory-dance-1e", "first", _INT1, "intrigue",
       "Bridge, Duke, Great Hall, Harem, Ironworks, Masquerade, Nobles, Pawn, Scout, Upgrade"),
    _k("Secret Schemes", "secret-schemes", "first", _INT1, "intrigue",
       "Conspirator, Harem, Ironworks, Pawn, Saboteur, Shanty Town, Steward, Swindler, Trading Post, Tribute"),
    _k("Best Wishes", "best-wishes-1e", "first", _INT1, "intrigue",
       "Coppersmith, Courtyard, Masquerade, Scout, Shanty Town, Steward, Torturer, Trading Post, Upgrade, "
       "Wishing Well"),
    _k("Deconstruction", "deconstruction-1e", "first", _INT1, "base intrigue",
       "Bridge, Mining Village, Remodel, Saboteur, Secret Chamber, Spy, Swindler, Thief, Throne Room, Torturer"),
    _k("Hand Madness", "hand-madness", "first", _INT1, "base intrigue",
       "Bureaucrat, Chancellor, Council Room, Courtyard, Militia, Mine, Minion, Nobles, Steward, Torturer"),
    _k("Underlings", "underlings-1e", "first", _INT1, "base intrigue",
       "Baron, Cellar, Festival, Library, Masquerade, Minion, Nobles, Pawn, Steward, Witch"),
    # Intrigue, second edition (alone, with the base game, with Seaside's first edition)
    _k("Victory Dance", "victory-dance-2e", "second", _INT2, "intrigue",
       "Baron, Courtier, Duke, Harem, Ironworks, Masquerade, Mill, Nobles, Patrol, Replace"),
    _k("The Plot Thickens", "the-plot-thickens", "second", _INT2, "intrigue",
       "Conspirator, Ironworks, Lurker, Mining Village, Pawn, Secret Passage, Steward, Swindler, Torturer, "
       "Trading Post"),
    _k("Best Wishes", "best-wishes-2e", "second", _INT2, "intrigue",
       "Baron, Conspirator, Courtyard, Diplomat, Duke, Secret Passage, Shanty Town, Torturer, Upgrade, "
       "Wishing Well"),
    _k("Underlings", "underlings-2e", "second", _INT2, "base intrigue",
       "Cellar, Courtier, Diplomat, Festival, Library, Minion, Nobles, Pawn, Sentry, Vassal"),
    _k("Grand Scheme", "grand-scheme", "second", _INT2, "base intrigue",
       "Artisan, Bridge, Council Room, Market, Militia, Mill, Mining Village, Patrol, Shanty Town, Workshop"),
    _k("Deconstruction", "deconstruction-2e", "second", _INT2, "base intrigue",
       "Bandit, Diplomat, Harem, Lurker, Mine, Remodel, Replace, Swindler, Throne Room, Village"),
    _k("A Star to Steer By", "a-star-to-steer-by-intrigue-2e", "second", _INT2, "intrigue seaside",
       "Courtier, Diplomat, Ghost Ship, Haven, Lookout, Outpost, Secret Passage, Swindler, Treasure Map, "
       "Wishing Well"),
    _k("Shore Patrol", "shore-patrol-intrigue-2e", "second", _INT2, "intrigue seaside",
       "Cutpurse, Island, Lighthouse, Patrol, Pawn, Replace, Shanty Town, Trading Post, Warehouse, Wharf"),
    _k("Bridge Crossing", "bridge-crossing", "second", _INT2, "intrigue seaside",
       "Bridge, Conspirator, Duke, Embargo, Lurker, Native Village, Nobles, Salvager, Smugglers, Treasury"),
    # Seaside, first edition (alone, then with the base game)
    _k("High Seas", "high-seas-1e", "first", _SEA1, "seaside",
       "Bazaar, Caravan, Embargo, Explorer, Haven, Island, Lookout, Pirate Ship, Smugglers, Wharf"),
    _k("Buried Treasure", "buried-treasure-1e", "first", _SEA1, "seaside",
       "Ambassador, Cutpurse, Fishing Village, Lighthouse, Outpost, Pearl Diver, Tactician, Treasure Map, "
       "Warehouse, Wharf"),
    _k("Shipwrecks", "shipwrecks", "first", _SEA1, "seaside",
       "Ghost Ship, Merchant Ship, Native Village, Navigator, Pearl Diver, Salvager, Sea Hag, Smugglers, Treasury, "
       "Warehouse"),
    _k("Reach for Tomorrow", "reach-for-tomorrow-1e", "first", _SEA1, "base seaside",
       "Adventurer, Cellar, Council Room, Cutpurse, Ghost Ship, Lookout, Sea Hag, Spy, Treasure Map, Village"),
    _k("Repetition", "repetition-1e", "first", _SEA1, "base seaside",
       "Caravan, Chancellor, Explorer, Festival, Militia, Outpost, Pearl Diver, Pirate Ship, Treasury, Workshop"),
    _k("Give and Take", "give-and-take", "first", _SEA1, "base seaside",
       "Ambassador, Fishing Village, Haven, Island, Library, Market, Moneylender, Salvager, Smugglers, Witch"),
    # Seaside's first-edition sets with the base game's second edition (Give and Take needed no change)
    _k("Reach for Tomorrow", "reach-for-tomorrow-base-2e", "second", _SEA1R, "base seaside",
       "Artisan, Cellar, Council Room, Cutpurse, Ghost Ship, Lookout, Sea Hag, Treasure Map, Vassal, Village"),
    _k("Repetition", "repetition-base-2e", "second", _SEA1R, "base seaside",
       "Caravan, Explorer, Festival, Harbinger, Militia, Outpost, Pearl Diver, Pirate Ship, Treasury, Workshop"),
    # Seaside, second edition (alone, with the base game, with Intrigue)
    _k("High Seas", "high-seas-2e", "second", _SEA2, "seaside",
       "Bazaar, Blockade, Caravan, Corsair, Haven, Island, Lookout, Pirate, Warehouse, Wharf"),
    _k("Buried Treasure", "buried-treasure-2e", "second", _SEA2, "seaside",
       "Astrolabe, Cutpurse, Fishing Village, Lighthouse, Monkey, Outpost, Sailor, Sea Chart, Tactician, "
       "Treasure Map"),
    _k("Reach for Tomorrow", "reach-for-tomorrow-2e", "second", _SEA2, "base seaside",
       "Artisan, Cellar, Council Room, Cutpurse, Lookout, Monkey, Sea Witch, Treasure Map, Vassal, Village"),
    _k("Repetition", "repetition-2e", "second", _SEA2, "base seaside",
       "Caravan, Festival, Harbinger, Militia, Outpost, Pirate, Remodel, Sea Chart, Treasury, Workshop"),
    _k("A Star to Steer By", "a-star-to-steer-by-2e", "second", _SEA2, "intrigue seaside",
       "Bazaar, Courtier, Diplomat, Lookout, Monkey, Secret Passage, Swindler, Tide Pools, Treasure Map, "
       "Wishing Well"),
    _k("Shore Patrol", "shore-patrol-2e", "second", _SEA2, "intrigue seaside",
       "Cutpurse, Island, Lighthouse, Patrol, Pawn, Replace, Sea Chart, Shanty Town, Trading Post, Wharf"),
)

#: the option value that deals the first game of the edition being played
FIRST_GAME_SLUG = "first-game"
#: the ``First Game`` list of each edition (1 and 2), as ``supply.FIRST_GAME`` serves it
FIRST_GAME: dict[int, tuple[str, ...]] = {1: KINGDOMS[0].cards, 2: KINGDOMS[5].cards}


def slugify(text: str) -> str:
    """The slug a name or a typed value reads as: lower case, ``&`` as ``and``, apostrophes dropped, every run of
    spaces, dashes, underscores and other punctuation one dash.

    >>> slugify("  Silver & Gold "), slugify("The_Plot  Thickens"), slugify("reach-for-TOMORROW-1e")
    ('silver-and-gold', 'the-plot-thickens', 'reach-for-tomorrow-1e')
    """
    text = text.strip().lower().replace("&", " and ").replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


BY_SLUG: dict[str, Kingdom] = {k.slug: k for k in KINGDOMS}


def _versions() -> dict[str, tuple[Kingdom, ...]]:
    out: dict[str, tuple[Kingdom, ...]] = {}
    for k in KINGDOMS:
        if slugify(k.name) != k.slug:
            out[slugify(k.name)] = (*out.get(slugify(k.name), ()), k)
    return out


#: the bare slug of each name printed in several versions -> those versions, oldest first
VERSIONS: dict[str, tuple[Kingdom, ...]] = _versions()


def _edition(edition: int | str | None) -> int:
    """1 or 2 from ``1``/``2``/``"first"``/``"second"``; None (not known) reads as 2, the newest."""
    return 1 if edition in (1, "1", "first") else 2


def find(value: str, edition: int | str | None = None) -> Kingdom | None:
    """The named kingdom ``value`` names (a slug or the printed name, any case, spaces or dashes), or None. A bare
    name printed in several versions picks the version of ``edition`` (1 / 2 / "first" / "second"): in the first
    edition the first edition's list where there is one, otherwise the newest list."""
    key = slugify(value)
    if key in BY_SLUG:
        return BY_SLUG[key]
    versions = VERSIONS.get(key)
    if not versions:
        return None
    if _edition(edition) == 1:
        firsts = [k for k in versions if k.edition == "first"]
        if firsts:
            return firsts[0]
    return versions[-1]


def names() -> list[str]:
    """Every value ``kingdom=`` takes for a named kingdom: each bare name printed in several versions, then every
    record's slug, in the order of ``KINGDOMS``."""
    out: list[str] = []
    for k in KINGDOMS:
        bare = slugify(k.name)
        if bare in VERSIONS and bare not in out:
            out.append(bare)
        out.append(k.slug)
    return out


__all__ = ["BY_SLUG", "FIRST_GAME", "FIRST_GAME_SLUG", "KINGDOMS", "VERSIONS", "Kingdom", "find", "names",
           "slugify"]
