"""The rule bots' default answers that read only the card data: the order Action cards are played in, the order
cards are discarded in, a card's rough worth for gains and trashes, and the cards whose attack races for a shared
pile. The Python bots (``bots``) and the compiled bot (``botkernel``) both read them from here."""

from __future__ import annotations

from collections.abc import Callable

from realms.games.dominion.cards import BY_NAME, CARDS, COINS, COST, NAMES, TYPES
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CURSE,
    DURATION,
    PLUS_ACTIONS,
    REACTION,
    TREASURE,
    VICTORY,
)

#: Action play order when a bot gives none: the cards that give +Actions first (``Card.plus_actions``), then the
#: terminals; within each group by these lists (our own strength order), a card not listed after the listed ones
NONTERMINAL_ORDER = ("Village", "Mining Village", "Fishing Village", "Bazaar", "Festival", "Shanty Town",
                     "Native Village", "Lighthouse", "Laboratory", "Caravan", "Treasury", "Market", "Great Hall",
                     "Mill", "Merchant", "Haven", "Sea Chart", "Wishing Well", "Pearl Diver", "Scout", "Sentry",
                     "Lookout", "Tide Pools", "Secret Passage", "Warehouse", "Sailor", "Upgrade", "Lurker",
                     "Harbinger", "Poacher", "Spy", "Cellar", "Minion")
TERMINAL_ORDER = ("Throne Room", "Witch", "Sea Witch", "Sea Hag", "Torturer", "Nobles", "Diplomat", "Library",
                  "Council Room", "Wharf", "Ghost Ship", "Patrol", "Courtyard", "Masquerade", "Smithy", "Militia",
                  "Courtier", "Tribute", "Bandit", "Cutpurse", "Swindler", "Ambassador", "Pirate Ship", "Saboteur",
                  "Monkey", "Corsair", "Pirate", "Merchant Ship", "Blockade", "Adventurer", "Artisan", "Steward",
                  "Baron", "Mine", "Moneylender", "Bureaucrat", "Explorer", "Navigator", "Vassal", "Bridge",
                  "Coppersmith", "Chancellor", "Woodcutter", "Pawn", "Feast", "Workshop", "Ironworks", "Smugglers",
                  "Remodel", "Replace", "Trading Post", "Salvager", "Moat", "Secret Chamber", "Island", "Embargo",
                  "Treasure Map", "Thief", "Chapel", "Conspirator", "Tactician", "Outpost")
#: cards whose attack is a race for a shared pile: those that hand out Curses (``Card.curses``: the Curses go to
#: whoever plays them most often), so ``bmu-plus`` and ``rollout-plus`` buy the second copy at once, without waiting
#: for a 16-card deck (Witch's ``rollout-plus`` went from 45.6% to 52.3% against witch-big-money by it; docs/dominion.md
#: has the race against the wait, card by card)
RACE_CARDS = frozenset(c.name for c in CARDS if c.curses)


def play_key(c: int) -> int:
    """Card ``c``'s rank in the default play order (lower first)."""
    order: tuple[str, ...] = NONTERMINAL_ORDER
    base = 0
    if not PLUS_ACTIONS[c]:
        order, base = TERMINAL_ORDER, len(NONTERMINAL_ORDER) + 1
    name = NAMES[c]
    return base + (order.index(name) if name in order else len(order))


def discard_key(c: int) -> tuple[int, int, int]:
    """Lower discards first: Curses, pure Victory cards, then the cheapest (Copper before Action at equal cost)."""
    t = TYPES[c]
    group = 0 if t & CURSE else 1 if t == VICTORY else 2
    return (group, COST[c], 0 if t & TREASURE else 1)


def value(c: int) -> int:
    """A rough worth of owning ``c`` for picking among gains and trashes."""
    t = TYPES[c]
    if t & CURSE:
        return -10
    if t & TREASURE:
        return 3 * COINS[c] - 2
    if t & ACTION:
        return COST[c]
    return 1 + COST[c] // 3


#: the default play order's rank of every card, by id
PLAY_KEYS = [play_key(c) for c in range(len(NAMES))]
#: ``discard_key`` of every card, by id
DISCARD_KEYS = [discard_key(c) for c in range(len(NAMES))]

#: Chapel's trash order where a rule file sets only its money kept, and the money it keeps where the file sets only
#: its order: Curses, Estates, Coppers; $6
CHAPEL_TRASH = tuple(frozenset({BY_NAME[n]}) for n in ("Curse", "Estate", "Copper"))
CHAPEL_KEEP = 6

#: counts by kind of card: the plural word (``treasures``, or ``count(Treasures)``, ``in_hand(Treasures)``...)
KINDS: dict[str, Callable[[int], bool]] = {
    "treasures": lambda c: bool(TYPES[c] & TREASURE),
    "actions": lambda c: bool(TYPES[c] & ACTION),
    "victories": lambda c: bool(TYPES[c] & VICTORY),
    "curses": lambda c: bool(TYPES[c] & CURSE),
    "attacks": lambda c: bool(TYPES[c] & ATTACK),
    "reactions": lambda c: bool(TYPES[c] & REACTION),
    "durations": lambda c: bool(TYPES[c] & DURATION),
    "terminals": lambda c: bool(TYPES[c] & ACTION) and PLUS_ACTIONS[c] == 0,
    "villages": lambda c: bool(TYPES[c] & ACTION) and PLUS_ACTIONS[c] >= 2,
}
#: the card ids of each kind (a tuple to sum over)
KIND_IDS: dict[str, tuple[int, ...]] = {k: tuple(c for c in range(len(CARDS)) if f(c)) for k, f in KINDS.items()}

__all__ = ["CHAPEL_KEEP", "CHAPEL_TRASH", "DISCARD_KEYS", "KINDS", "KIND_IDS", "NONTERMINAL_ORDER", "PLAY_KEYS",
           "RACE_CARDS", "TERMINAL_ORDER", "discard_key", "play_key", "value"]

