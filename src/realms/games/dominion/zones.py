"""Moving cards between zones: the primitives every card is written with.

Zones per seat ``p`` (plain lists of card ids): ``s.hand[p]``, ``s.deck[p]``, ``s.disc[p]`` (its last
element is the top), ``s.play[p]`` (in play this turn), ``s.aside[p]`` (set aside or revealed: public)
and ``s.look[p]`` (looked at privately: Sentry, Library's candidate). Shared: ``s.supply`` (count per
card id), ``s.trash``.

The deck is *shuffled lazily*: its order is not fixed until a card is taken, so drawing picks a
uniformly random card of the deck with the state's RNG. That is the same distribution as shuffling
and drawing from the top, it makes a reshuffle a list swap, and it means no deck order exists that
could leak. Cards put *onto* the deck have a known position: ``s.top[p]`` is a stack of flags, one
per card of fixed position at the end of ``s.deck[p]`` (``PUBLIC`` 1 = everyone saw it, ``OWN`` 0 = only its
owner knows it, ``UNSEEN`` 2 = nobody has seen it: the cards fixed above a card Secret Passage put at an exact
depth among the shuffled ones, ``fix_above``).

What everyone knows is data too (see ``determinize`` in ``rules``): ``s.hpub[p]`` is a tuple of the
cards known to all to be in ``p``'s hand (gained to hand, revealed there: Mine, Artisan, Moat,
Bureaucrat, Adventurer), and ``s.dpub[p]`` a bit mask over ``s.disc[p]``'s positions whose card everyone
saw (gained or discarded face up, or seen as the top before being covered); the top card itself is
always public. A card leaving a hand publicly takes one known copy with it; a hand changed in private
(several cards discarded at once, a card put onto the deck unseen, Clean-up) forgets what was known of
it, so the record never depends on a choice nobody saw.

Events are built only when ``s.ev`` is a list (``apply(..., log=True)``); their texts never name a
card that the other players may not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realms.core.game import Event
from realms.core.rng import GOLDEN, MASK64
from realms.core.rng import MIX1 as _M1
from realms.core.rng import MIX2 as _M2
from realms.games.dominion.cards.card import (
    CARDS,
    CHOOSE,
    COST,
    NAMES,
    TO_DISCARD,
    TO_HAND,
    TREASURE,
    TYPES,
    VICTORY,
    Card,
)

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState

PROVINCE = 6  # card ids fixed by registration order in cards/basic.py (checked there)
BUY_PHASE = 1  # rules.BUY_PHASE

#: this turn's ``s.flags``: the current seat bought a Victory card; gained one in its Buy phase; the end of its
#: Buy phase was settled (Treasury); a Corsair trashed its Silver or Gold; an Outpost was played
BOUGHT_VICTORY, GAINED_VICTORY_IN_BUY, BUY_END_SETTLED, CORSAIR_STRUCK, OUTPOST_PLAYED = 1, 2, 4, 8, 16


def cost(s: DominionState, c: int) -> int:
    """What ``c`` costs now: its printed cost less this turn's reductions (Bridge), never below $0."""
    d = s.discount
    return COST[c] - d if COST[c] > d else 0 if d else COST[c]


#: per seat v, the bits of ``s.corsair`` that say another seat's Corsair affects v (bit 8 + 8 * attacker + v)
_CORSAIR_HITS = [sum(1 << (8 + 8 * q + v) for q in range(8)) for v in range(8)]


def corsair_hits(s: DominionState, v: int) -> bool:
    """Whether another seat's Corsair affects seat ``v`` now (it trashes the first Silver or Gold ``v`` plays in a
    turn)."""
    return bool(s.corsair & _CORSAIR_HITS[v])


def stay(s: DominionState, p: int, c: int) -> None:
    """The Duration card ``c`` that ``p`` just played will act at the start of ``p``'s next turn: it stays in play
    until then (``rules`` keeps it, and the Throne Room that played it, at Clean-up)."""
    s.dur[p].append(c)


#: the boxes whose cards never put anything into the expansions' per-seat zones (``gains``, ``dur``, ``held``,
#: ``shown``, ``bottom``, ``nvmat``, ``island``)
_PLAIN_SETS = frozenset({"basic", "base", "prosperity"})


class Kingdom:
    """What the engine's hot paths need to know of a game's Supply, found once per pile tuple (``kingdom_of``):
    whether a card of it may fill the expansions' per-seat zones (a card of another box than the base game's: an
    expansion's or one of your own; where none is, those zones stay empty all game, no record of gains is kept as
    nothing reads it, and a clone shares their empty lists: ``DominionState.xzones``), the cards that watch every
    gain (``Card.on_gain``), whether a Treasure of it does more than its coins, and whether a card of it acts at the
    end of a Buy phase."""

    __slots__ = ("buy_end", "piles", "special_treasure", "watchers", "zones")

    def __init__(self, piles: tuple[int, ...]) -> None:
        cards = [CARDS[c] for c in piles]
        self.piles = piles
        self.zones = any(c.set not in _PLAIN_SETS for c in cards)
        self.watchers = tuple(c for c in cards if type(c).on_gain is not Card.on_gain)
        self.special_treasure = any(c.types & TREASURE and not (c.data_only and not c.plus_buys) for c in cards)
        self.buy_end = any(type(c).buy_end is not Card.buy_end for c in cards)


#: by the identity of the pile tuple (hashing the tuple at every gain would cost more than the rest of the gain)
_KINGDOMS: dict[int, Kingdom] = {}


def kingdom_of(piles: tuple[int, ...]) -> Kingdom:
    """The ``Kingdom`` facts of these Supply piles."""
    k = _KINGDOMS.get(id(piles))
    if k is None or k.piles is not piles:
        if len(_KINGDOMS) > 10_000:
            _KINGDOMS.clear()
        k = _KINGDOMS[id(piles)] = Kingdom(piles)
    return k


def watchers(s: DominionState) -> tuple[Card, ...]:
    """The cards of this game's Supply that watch gains (Monkey, Blockade, Sailor, Pirate...)."""
    return kingdom_of(s.piles).watchers


def gained(s: DominionState, p: int, c: int) -> None:
    """What every gain does besides moving the card: the turn's record (Smugglers, Treasury) and the cards that
    watch gains."""
    if not s.xzones:  # a base-set Supply: no card reads the record, and the clones share its empty lists
        return
    if p == s.cur:
        s.gains[p].append(c)
        if s.phase == BUY_PHASE and TYPES[c] & VICTORY:
            s.flags |= GAINED_VICTORY_IN_BUY
    for w in kingdom_of(s.piles).watchers:
        w.on_gain(s, p, c)


def below(s: DominionState, n: int) -> int:
    """A uniform integer in [0, n) from the state's RNG (the same stream as ``Rng.below``)."""
    x = s.rng = (s.rng + GOLDEN) & MASK64
    z = ((x ^ (x >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return ((z ^ (z >> 31)) * n) >> 64


def say(s: DominionState, kind: str, seat: int | None, text: str, only: int | None = None, **data: Any) -> None:
    """An event, when events are asked for: public, or seen by seat ``only`` alone (``Event.visible_to``)."""
    if s.ev is not None:
        s.ev.append(Event(kind, seat, text, data, only))


def seat_name(p: int) -> str:
    return f"Seat {p + 1}"


def names(cards: list[int]) -> str:
    return ", ".join(NAMES[c] for c in cards)


def others(s: DominionState, p: int) -> list[int]:
    """The other seats in turn order, starting left of ``p``."""
    n = s.players
    return [(p + i) % n for i in range(1, n)]


def victims(s: DominionState, p: int) -> list[int]:
    """The other seats an Attack played now affects (not those that revealed a Moat, nor those a Lighthouse
    protects)."""
    immune = s.immune | s.shield
    return [v for v in others(s, p) if not immune >> v & 1]


def reshuffle(s: DominionState, p: int) -> bool:
    """Turn the discard pile into the deck (only when the deck is empty). False if nothing to shuffle. Cards known
    to be at the bottom (``s.bottom``) come first: they are what is left of the deck, in their order."""
    bottom = s.bottom[p]
    if bottom:
        s.deck[p] = bottom
        s.top[p] = [0] * len(bottom)
        s.bottom[p] = []
        return True
    disc = s.disc[p]
    if not disc:
        return False
    s.deck[p] = disc
    s.disc[p] = []
    s.dpub[p] = 0
    if s.ev is not None:
        say(s, "reshuffle", p, f"{seat_name(p)} shuffled {len(disc)} cards", cards=len(disc))
    return True


def take_top(s: DominionState, p: int) -> int:
    """Remove the top card of ``p``'s deck (reshuffling when empty) and return it; -1 if none."""
    deck = s.deck[p]
    top = s.top[p]
    if top:
        top.pop()
        return deck.pop()
    if not deck:
        if not reshuffle(s, p):
            return -1
        deck = s.deck[p]
        top = s.top[p]
        if top:  # the known bottom became the deck (Pearl Diver)
            top.pop()
            return deck.pop()
    i = below(s, len(deck))
    c = deck[i]
    last = deck.pop()
    if i < len(deck):
        deck[i] = last
    return c


def draw(s: DominionState, p: int, n: int) -> int:
    """Draw up to ``n`` cards into ``p``'s hand; returns how many were drawn.

    One 64-bit RNG output serves up to four random picks: ``i = z * m >> 64`` and the low 64 bits of
    ``z * m`` become the next ``z`` (multiply-shift; the bias stays below 2**-30 for decks under 200).
    """
    hand = s.hand[p]
    deck = s.deck[p]
    top = s.top[p]
    m = len(deck)
    if n == 5 and not top and m >= 5:
        # the commonest case (a new hand), unrolled: the same draws as the loop below
        x = (s.rng + GOLDEN) & MASK64
        z = ((x ^ (x >> 30)) * _M1) & MASK64
        z = ((z ^ (z >> 27)) * _M2) & MASK64
        z = (z ^ (z >> 31)) * m
        m -= 1
        i = z >> 64
        deck[i], deck[m] = deck[m], deck[i]
        z = (z & MASK64) * m
        m -= 1
        i = z >> 64
        deck[i], deck[m] = deck[m], deck[i]
        z = (z & MASK64) * m
        m -= 1
        i = z >> 64
        deck[i], deck[m] = deck[m], deck[i]
        z = (z & MASK64) * m
        m -= 1
        i = z >> 64
        deck[i], deck[m] = deck[m], deck[i]
        x = s.rng = (x + GOLDEN) & MASK64
        z = ((x ^ (x >> 30)) * _M1) & MASK64
        z = ((z ^ (z >> 27)) * _M2) & MASK64
        z = (z ^ (z >> 31)) * m
        m -= 1
        i = z >> 64
        deck[i], deck[m] = deck[m], deck[i]
        hand += deck[m:]
        del deck[m:]
        if s.ev is not None:
            say(s, "draw", p, f"{seat_name(p)} drew 5 cards", count=5)
        return 5
    if not top and m >= n:
        # the common case: move n random cards to the end of the deck, then into the hand
        x = s.rng
        z = 0
        for k in range(n):
            if not k & 3:
                x = (x + GOLDEN) & MASK64
                z = ((x ^ (x >> 30)) * _M1) & MASK64
                z = ((z ^ (z >> 27)) * _M2) & MASK64
                z ^= z >> 31
            z *= m
            i = z >> 64
            z &= MASK64
            m -= 1
            deck[i], deck[m] = deck[m], deck[i]
        s.rng = x
        hand += deck[m:]
        del deck[m:]
        if s.ev is not None and n:
            say(s, "draw", p, f"{seat_name(p)} drew {n} card{'s' if n != 1 else ''}", count=n)
        return n
    drawn = 0
    z = uses = 0
    while drawn < n:
        if top:
            top.pop()
            hand.append(deck.pop())
        elif deck:
            if not uses:
                x = s.rng = (s.rng + GOLDEN) & MASK64
                z = ((x ^ (x >> 30)) * _M1) & MASK64
                z = ((z ^ (z >> 27)) * _M2) & MASK64
                z ^= z >> 31
                uses = 4
            x = z * len(deck)
            i = x >> 64
            z = x & MASK64
            uses -= 1
            c = deck[i]
            last = deck.pop()
            if i < len(deck):
                deck[i] = last
            hand.append(c)
        elif reshuffle(s, p):
            deck = s.deck[p]
            top = s.top[p]
            continue
        else:
            break
        drawn += 1
    if s.ev is not None and drawn:
        say(s, "draw", p, f"{seat_name(p)} drew {drawn} card{'s' if drawn != 1 else ''}", count=drawn)
    return drawn


#: the most turns a seat takes when the game sets no ``turn_limit``: only a table where nobody can buy what ends the
#: game gets there (every Treasure trashed, say), and a bot's playout from it must end too
MAX_TURNS = 1000

#: the flags of ``s.top[p]``: who knows the card at that position
OWN, PUBLIC, UNSEEN = 0, 1, 2


def known_to(flag: int, mine: bool) -> bool:
    """Whether a deck card of fixed position with ``flag`` is known to a viewer (its owner when ``mine``)."""
    return flag == PUBLIC or (mine and flag == OWN)


def unseen_slots(s: DominionState, q: int) -> list[int]:
    """The positions in ``q``'s deck whose card its owner does not know either: the unordered part and the cards
    fixed above a card put at an exact depth (``UNSEEN``)."""
    deck, top = s.deck[q], s.top[q]
    free = len(deck) - len(top)
    return list(range(free)) + [free + i for i in range(len(top)) if top[i] == UNSEEN]


def fix_above(s: DominionState, p: int, c: int, d: int) -> None:
    """Put card ``c`` into ``p``'s deck with exactly ``d`` of the unordered cards above it (0 < d < their number):
    ``d`` of them, drawn at random as a draw would draw them, take the positions above it, unseen by all."""
    deck, top = s.deck[p], s.top[p]
    free = len(deck) - len(top)
    for j in range(d):
        m = free - j
        i = below(s, m)
        deck[i], deck[m - 1] = deck[m - 1], deck[i]
    deck.insert(free - d, c)
    s.top[p] = [OWN] + [UNSEEN] * d + top


def put_on_deck(s: DominionState, p: int, c: int, public: bool) -> None:
    """Put card ``c`` (already taken from its zone) on top of ``p``'s deck."""
    s.deck[p].append(c)
    s.top[p].append(1 if public else 0)


def topdeck_from_hand(s: DominionState, p: int, c: int) -> None:
    """``p`` puts card ``c`` from their hand onto their deck, face down: the others learn a card went, not which
    (Artisan; Courtyard)."""
    s.hand[p].remove(c)
    s.hpub[p] = ()  # which card left the hand is not public
    put_on_deck(s, p, c, False)
    say(s, "topdeck", p, f"{seat_name(p)} put a card from their hand onto their deck")


def deck_to_discard(s: DominionState, p: int) -> None:
    """Put the whole deck into the discard pile at once (Chancellor; not 'discarding' each card)."""
    to_pile(s, p, s.deck[p] + s.bottom[p][::-1], False)
    s.deck[p] = []
    s.top[p] = []
    s.bottom[p] = []


def to_pile(s: DominionState, p: int, cards: list[int], public: bool) -> None:
    """Put ``cards`` onto ``p``'s discard pile in one go (the last ends on top), face up for all to see
    (``public``) or not. The old top was in view until now, so it stays known."""
    disc = s.disc[p]
    n = len(disc)
    if n:
        s.dpub[p] |= 1 << (n - 1)
    if public and cards:
        s.dpub[p] |= ((1 << len(cards)) - 1) << n
    disc += cards


def discard(s: DominionState, p: int, c: int) -> None:
    """Discard ``c`` (already taken from its zone) face up."""
    disc = s.disc[p]
    n = len(disc)
    s.dpub[p] |= 3 << (n - 1) if n else 1  # the old top (still known) and ``c``
    disc.append(c)


def take_from_pile(s: DominionState, p: int, i: int) -> int:
    """Take the card at position ``i`` of ``p``'s discard pile. Taking the top keeps what is known of the
    rest; taking from inside forgets it (which copy went is not public)."""
    disc = s.disc[p]
    n = len(disc)
    c = disc.pop(i)
    s.dpub[p] = s.dpub[p] & ((1 << (n - 1)) - 1) if i == n - 1 else 0
    return c


def stage_discard(s: DominionState, p: int, c: int) -> None:
    """One pick of several discarded at once: ``c`` leaves the hand, unseen, to wait in ``s.look[p]``
    until ``flush_discards`` puts them all down together."""
    s.hand[p].remove(c)
    s.look[p].append(c)
    s.hpub[p] = ()


def flush_discards(s: DominionState, p: int, base: int) -> list[int]:
    """Discard the cards staged in ``s.look[p][base:]`` at once: others see only the one on top, and how
    many went. Returns them."""
    look = s.look[p]
    out = look[base:]
    del look[base:]
    if out:
        to_pile(s, p, out, False)
        if s.ev is not None:
            k = len(out)
            say(s, "discard", p, f"{seat_name(p)} discarded {k} card{'s' if k != 1 else ''}, {NAMES[out[-1]]} on top",
                count=k, top=NAMES[out[-1]])
    return out


def hand_left(s: DominionState, p: int, c: int) -> None:
    """``c`` left ``p``'s hand for all to see: a copy known to be there goes with it."""
    known = s.hpub[p]
    if c in known:
        i = known.index(c)
        s.hpub[p] = tuple(known[:i]) + tuple(known[i + 1:])


def hand_known(s: DominionState, p: int, c: int, new: bool) -> None:
    """Everyone now knows ``c`` is in ``p``'s hand: a card just put there (``new``), or one revealed
    from it (known already if a copy is)."""
    known = s.hpub[p]
    if new or c not in known:
        s.hpub[p] = (*known, c)


def gain(s: DominionState, p: int, c: int, dest: int = TO_DISCARD, quiet: bool = False) -> bool:
    """Gain ``c`` from the Supply; False (and nothing happens) if its pile is empty."""
    n = s.supply[c]
    if n <= 0:
        return False
    s.supply[c] = n - 1
    if n == 1:
        s.empty += 1
        s.gone |= 1 << c
    s.owned[p][c] += 1
    if dest == TO_DISCARD:
        discard(s, p, c)
    elif dest == TO_HAND:
        s.hand[p].append(c)
        s.hpub[p] = (*s.hpub[p], c)
    else:
        put_on_deck(s, p, c, True)
    if c == PROVINCE:
        _count_province(s, p)
    if s.ev is not None and not quiet:
        where = ("", " to their hand", " onto their deck")[dest]
        say(s, "gain", p, f"{seat_name(p)} gained {NAMES[c]}{where}", card=NAMES[c],
            to=("discard", "hand", "deck")[dest])
    gained(s, p, c)
    return True


def _count_province(s: DominionState, p: int) -> None:
    k = s.provinces[p] = s.provinces[p] + 1
    if k == 4 or k == 8:
        turn = s.turns[p] + (1 if p == s.cur else 0)
        (s.p4 if k == 4 else s.p8)[p] = turn


def gain_from_trash(s: DominionState, p: int, c: int) -> None:
    s.trash.remove(c)
    s.owned[p][c] += 1
    discard(s, p, c)
    say(s, "gain", p, f"{seat_name(p)} gained {NAMES[c]} from the trash", card=NAMES[c], source="trash")
    gained(s, p, c)


def trash(s: DominionState, p: int, c: int, quiet: bool = False) -> None:
    """Put ``c``, already taken from ``p``'s zone, into the trash."""
    s.trash.append(c)
    s.owned[p][c] -= 1
    if not quiet and s.ev is not None:
        say(s, "trash", p, f"{seat_name(p)} trashed {NAMES[c]}", cards=[NAMES[c]])


def trash_from_hand(s: DominionState, p: int, c: int, quiet: bool = False) -> None:
    s.hand[p].remove(c)
    if s.hpub[p]:
        hand_left(s, p, c)
    trash(s, p, c, quiet)


def distinct(cards: list[int]) -> list[int]:
    """The distinct card ids of ``cards`` in first-seen order."""
    return list(dict.fromkeys(cards))


def picks(cards: list[int]) -> list[int]:
    """One ``choose`` action per distinct card of ``cards``, in first-seen order: the options of a question that
    picks a card from a zone."""
    return [CHOOSE(c) for c in dict.fromkeys(cards)]
