"""Dominion's fixed-shape observation for RL: what one seat sees, as a flat float32 vector.

It holds what ``view(state, seat)`` shows that seat and nothing else: its own hand, deck contents (not
order), discard pile and private look, and the cards only it has seen (set aside face down, its Native Village
mat, the cards it knows at the bottom of its deck); of every seat the public zones (in play, set aside, its
Durations waiting for its next turn, set aside face up, its Island mat), the cards known to be in its hand, the
known cards on top of its deck, its discard pile's top card, the zone sizes (of the face-down cards and the Native
Village mat only how many), its tokens (Pirate Ship coins, Monkeys) and whether a Lighthouse protects it or its
Corsair waits; the Supply, its Embargo tokens and the trash; this turn's modifiers (an extra turn, an Outpost's turn
to follow, Bridge's reduction, Coppersmith's bonus, the Actions played); and every seat's cards owned (every gain
and trash is public, so what each seat owns is known to all). Seats are relative: block 0 is the observing seat,
then the next seats in turn order. Cards are indexed by card id (``realms.games.dominion.cards.NAMES``).

Layout (``fields``), for ``P`` players, ``C`` card ids (``len(NAMES)``: it grows with the card sets) and ``H``
frame handlers; counts are divided by 10:

- ``supply`` (C): cards left in each pile; ``in_game`` (C): 1 for the piles of this game; ``embargo`` (C): the
  Embargo tokens on each pile.
- ``trash`` (C); ``hand``, ``deck``, ``discard``, ``look`` (C each): the observing seat's own zones (``deck``
  counts the cards it knows at the bottom too, as the view's ``deck_contents`` does).
- ``held``, ``native_village``, ``deck_bottom`` (C each): the observing seat's own cards set aside face down
  (Haven), its Native Village mat and the cards it knows at the bottom of its deck (Pearl Diver).
- ``play``, ``aside``, ``hand_known``, ``deck_top_known``, ``owned`` (P, C each) per relative seat;
  ``discard_top`` (P, C) one-hot of the top card of each discard pile; ``durations`` (P, C): the Duration plays
  waiting for that seat's next turn (also counted in ``play``); ``shown`` (P, C): set aside face up (Blockade);
  ``island`` (P, C): its Island mat.
- ``sizes`` (P, 5): hand, deck (the known bottom included), discard and looked-at sizes / 10, turns taken / 30.
- ``mats`` (P, 6): cards set aside face down / 10, Native Village mat size / 10, Pirate Ship coins / 10, Monkeys
  waiting / 10, a Lighthouse protects it, its Corsair is active.
- ``turn`` (12 + P): phase one-hot (action, buy, over), actions, buys, coins (/ 10), this seat decides
  now, empty piles / 3, first edition, second edition, own VP / 50, Colony game, whose turn (relative
  one-hot, P).
- ``turn_flags`` (5): this turn is an extra turn, an extra turn follows (Outpost), cost reduction / 10 (Bridge),
  Copper bonus / 10 (Coppersmith), Actions played this turn / 10.
- ``pending`` (H + P + 1): the pending decision's frame kind (one-hot over the frame handlers), its
  decider (relative one-hot), and a 1 when nothing is pending.

Turns taken, a turn's counters and modifiers, the mats' tokens and the own VP are written up to caps (``CAP``,
``TURNS_CAP``, ``VP_RANGE``), so that every entry has a bound (``bounds``).
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Mapping, Sequence
from itertools import compress
from operator import ne
from pathlib import Path
from sys import getrefcount
from typing import Any

import numpy as np

from realms.core import cbuild
from realms.core.outbuf import FREE_CURRENT, Buffers, detach, switch
from realms.games.dominion.cards import CARDS, HANDLERS, NAMES
from realms.games.dominion.cards.card import Card
from realms.games.dominion.rules import score
from realms.games.dominion.state import DominionState
from realms.games.dominion.zones import known_to

C = len(NAMES)
H = len(HANDLERS)
_COUNT_FIELDS = ("supply", "in_game", "embargo", "trash", "hand", "deck", "discard", "look", "held",
                 "native_village", "deck_bottom")
_SEAT_FIELDS = ("play", "aside", "hand_known", "deck_top_known", "owned", "discard_top", "durations", "shown",
                "island")


class _Layout:
    """Offsets of one player count's layout."""

    def __init__(self, p: int) -> None:
        self.p = p
        self.fields: list[tuple[str, tuple[int, ...]]] = [(f, (C,)) for f in _COUNT_FIELDS]
        self.fields += [(f, (p, C)) for f in _SEAT_FIELDS]
        self.fields += [("sizes", (p, 5)), ("mats", (p, 6)), ("turn", (12 + p,)), ("turn_flags", (5,)),
                        ("pending", (H + p + 1,))]
        off = 0
        self.at: dict[str, int] = {}
        for name, shape in self.fields:
            self.at[name] = off
            off += int(np.prod(shape))
        self.size = off
        self.zeros = array("f", bytes(4 * off))

_LAYOUTS: dict[int, _Layout] = {}


def _layout(p: int) -> _Layout:
    lay = _LAYOUTS.get(p)
    if lay is None:
        lay = _LAYOUTS[p] = _Layout(p)
    return lay


class _Seat:
    """What the memo keeps of one relative seat: its absolute seat, the offsets of its blocks, their inputs as
    last written and the card counts of its count blocks."""

    __slots__ = ("q", "o_play", "o_aside", "o_known", "o_tops", "o_dtop", "o_owned", "o_sizes", "o_dur", "o_shown",
                 "o_island", "o_mats", "play", "aside", "known", "tops", "dtop", "owned", "sizes", "dur", "shown",
                 "island", "mats", "c_play", "c_aside", "c_known", "c_tops", "c_dur", "c_shown", "c_island")

    def __init__(self, lay: _Layout, seat: int, i: int) -> None:
        at = lay.at
        self.q = (seat + i) % lay.p
        self.o_play = at["play"] + i * C
        self.o_aside = at["aside"] + i * C
        self.o_known = at["hand_known"] + i * C
        self.o_tops = at["deck_top_known"] + i * C
        self.o_dtop = at["discard_top"] + i * C
        self.o_owned = at["owned"] + i * C
        self.o_sizes = at["sizes"] + i * 5
        self.o_dur = at["durations"] + i * C
        self.o_shown = at["shown"] + i * C
        self.o_island = at["island"] + i * C
        self.o_mats = at["mats"] + i * 6
        self.play: list[int] = []
        self.aside: list[int] = []
        self.known: tuple[int, ...] = ()
        self.tops: list[int] = []
        self.dtop = -1
        self.owned: list[int] | None = None
        self.sizes: tuple[int, int, int, int, int] | None = None
        self.dur: list[int] = []
        self.shown: list[int] = []
        self.island: list[int] = []
        self.mats: tuple[int, int, int, int, int, int] | None = None
        self.c_play = [0] * C
        self.c_aside = [0] * C
        self.c_known = [0] * C
        self.c_tops = [0] * C
        self.c_dur = [0] * C
        self.c_shown = [0] * C
        self.c_island = [0] * C


class _Memo(Buffers):
    """The last vector built for one (player count, seat) and the inputs of each of its blocks: a block is
    rewritten only when its inputs changed (compared by value, so any state may be encoded in any order)."""

    def __init__(self, lay: _Layout, seat: int) -> None:
        p = lay.p
        at = lay.at
        self.at = at
        self.init_buffers(lay.size)  # out, and view: the same memory, read-only (realms.core.outbuf)
        self.seats = [_Seat(lay, seat, i) for i in range(p)]
        #: the observing seat's own zones: trash, hand, deck (with the known bottom), discard, look, held, Native
        #: Village mat, deck bottom (offsets, inputs, card counts)
        self.o_own = [at["trash"], at["hand"], at["deck"], at["discard"], at["look"], at["held"],
                      at["native_village"], at["deck_bottom"]]
        self.own: list[list[int]] = [[]] * 8
        self.c_own = [[0] * C for _ in range(8)]
        self.embargo: tuple[int, ...] = (0,) * C
        self.supply: list[int] = []
        self.piles: tuple[int, ...] | None = None
        self.vp = 0
        self.phase = -1
        self.counters: tuple[int, int, int] | None = None
        self.decides: bool | None = None
        self.empty = -1
        self.rules: tuple[int, bool] | None = None
        self.cur = -1
        self.flags: tuple[bool, bool, int, int, int] | None = None
        self.pending = -1, -1


_ZC = array("f", bytes(4 * C))
_SIZES = struct.Struct("5f")
_MATS = struct.Struct("6f")
_CARDS = range(C)
#: the cards whose points depend on the number of cards owned (Gardens): while one is owned, every gain
#: and trash may change the VP; else only those of the cards with points of their own
_COUNTING = tuple(c.id for c in CARDS if type(c).points is not Card.points)
#: the counters that a game or a turn can run up without a bound of the rules (turns when there is no turn limit;
#: a turn's actions, buys, coins, modifiers and the tokens on a mat) are written up to these many, so that every
#: entry of the vector has a bound (``bounds``): a turn's counters up to 100 (10.0), turns taken up to 300 (10.0),
#: the own VP within -100..500 (-2.0..10.0)
CAP = 100
TURNS_CAP = 300
VP_RANGE = (-100, 500)


def _vp(s: DominionState, seat: int) -> int:
    return min(max(score(s, seat), VP_RANGE[0]), VP_RANGE[1])


def bounds(options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """The least and the greatest value each entry of the vector can take for these options (float32 vectors of its
    size). A count of one card id is at most the copies of the largest pile (the Coppers: 60 a set of base cards);
    a zone, a mat or the Embargo tokens on a pile hold at most every card of the game (the basic piles, the 10
    kingdom piles at 12 at most, the starting Estates); the turn's counters, turns and the own VP as written
    (``CAP``, ``TURNS_CAP``, ``VP_RANGE``); the rest are 0/1."""
    from realms.games.dominion.cards.basic import COPPER, ESTATE
    from realms.games.dominion.supply import pile_sizes

    p = int(options.get("players", 2))
    n = max(p, 2)
    copies = pile_sizes(p, [], True)  # the basic piles as set out, the starting cards dealt from them aside
    copies[COPPER] += 7 * n
    copies[ESTATE] += 3 * n
    most = max(*copies.values(), 12) / 10
    every = (sum(copies.values()) + 10 * 12) / 10
    lay = _layout(p)
    low = np.zeros(lay.size, np.float32)
    high = np.ones(lay.size, np.float32)
    for name in (*_COUNT_FIELDS, *_SEAT_FIELDS):
        if name not in ("in_game", "discard_top"):
            o = lay.at[name]
            high[o:o + C * (1 if name in _COUNT_FIELDS else p)] = every if name == "embargo" else most
    for i in range(p):
        o = lay.at["sizes"] + 5 * i
        high[o:o + 5] = (every, every, every, every, TURNS_CAP / 30)
        o = lay.at["mats"] + 6 * i
        high[o:o + 4] = (every, every, CAP / 10, CAP / 10)
    o = lay.at["turn"]
    high[o + 3:o + 6] = CAP / 10  # actions, buys, coins
    high[o + 7] = C / 3  # empty piles: at most every card id's
    low[o + 10], high[o + 10] = VP_RANGE[0] / 50, VP_RANGE[1] / 50
    o = lay.at["turn_flags"]
    high[o + 2:o + 5] = CAP / 10
    return low, high


_SCORING = frozenset(c.id for c in CARDS if c.vp or type(c).points is not Card.points)


def _zone(out: array[float], o: int, cards: Sequence[int], old: Sequence[int], cnt: list[int]) -> None:
    """Brings the block of ``C`` counts / 10 at ``o`` from the card ids ``old`` to ``cards``; ``cnt`` holds the
    block's counts. Where the zone only grew or shrank at its end (a gain, a discard, a draw) or lost one card
    (one played from the hand), only those cards' counts are rewritten; else the whole block."""
    n = len(cards)
    k = len(old)
    if n > k and cards[:k] == old:
        for c in cards[k:]:
            v = cnt[c] = cnt[c] + 1
            out[o + c] = _TENTHS[v]
        return
    if n and n < k:
        if old[:n] == cards:
            for c in old[n:]:
                v = cnt[c] = cnt[c] - 1
                out[o + c] = _TENTHS[v]
            return
        if n == k - 1:
            i = 0
            while cards[i] == old[i]:
                i += 1
            if cards[i:] == old[i + 1:]:
                c = old[i]
                v = cnt[c] = cnt[c] - 1
                out[o + c] = _TENTHS[v]
                return
    out[o:o + C] = _ZC
    cnt[:] = _ZERO_COUNTS
    for c in cards:
        v = cnt[c] = cnt[c] + 1
        out[o + c] = _TENTHS[v]


_ZERO_COUNTS = [0] * C
#: k / 10, the value of k cards in a count block
_TENTHS = [k / 10 for k in range(1024)]


class DominionObserver:
    """The encoder declared by ``Dominion.observation()``. It keeps, per (player count, seat), the last vector
    it built and the inputs of each block, and rewrites only the blocks whose inputs changed; ``encode``
    returns a copy of the vector, ``encode_next`` the vector itself (read-only)."""

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], _Memo] = {}

    def fresh(self) -> DominionObserver:
        """A new encoder of this kind with no memory of its own yet (one per environment, so that each follows
        its own states)."""
        return DominionObserver()

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_layout(int(options.get("players", 2))).fields)

    def bounds(self, options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        return bounds(options)

    def encode(self, state: DominionState, seat: int) -> np.ndarray:
        return self.encode_next(state, seat).copy()

    def encode_next(self, state: DominionState, seat: int) -> np.ndarray:
        """``encode(state, seat)`` as the RL environments take it: the encoder's own vector, read-only, which
        never changes once handed out (while anything holds it, the next one is written in another buffer:
        ``realms.core.outbuf``); ``encode`` returns a copy. Any state may come in any order."""
        # built in a Python ``array`` (item writes cost a fraction of numpy's)
        s = state
        p = s.players
        m = self._memo.get((p, seat))
        if m is None:
            m = self._memo[(p, seat)] = _Memo(_layout(p), seat)
        elif getrefcount(m.view) > FREE_CURRENT:  # the last vector handed out is still held: write elsewhere
            detach(m)
        at = m.at
        out = m.out
        own, o_own, c_own = m.own, m.o_own, m.c_own
        zone = s.trash
        if zone != own[0]:
            _zone(out, o_own[0], zone, own[0], c_own[0])
            own[0] = zone[:]
        zone = s.hand[seat]
        if zone != own[1]:
            _zone(out, o_own[1], zone, own[1], c_own[1])
            own[1] = zone[:]
        bottom = s.bottom[seat]
        zone = s.deck[seat] + bottom if bottom else s.deck[seat]  # the deck's contents: the known bottom too
        if zone != own[2]:
            _zone(out, o_own[2], zone, own[2], c_own[2])
            own[2] = zone[:]
        zone = s.disc[seat]
        if zone != own[3]:
            _zone(out, o_own[3], zone, own[3], c_own[3])
            own[3] = zone[:]
        zone = s.look[seat]
        if zone != own[4]:
            _zone(out, o_own[4], zone, own[4], c_own[4])
            own[4] = zone[:]
        zone = s.held[seat]
        if zone != own[5]:
            _zone(out, o_own[5], zone, own[5], c_own[5])
            own[5] = zone[:]
        zone = s.nvmat[seat]
        if zone != own[6]:
            _zone(out, o_own[6], zone, own[6], c_own[6])
            own[6] = zone[:]
        if bottom != own[7]:
            _zone(out, o_own[7], bottom, own[7], c_own[7])
            own[7] = bottom[:]
        embargo = s.embargo  # a tuple, replaced rather than changed
        if embargo is not m.embargo and embargo != m.embargo:
            o = at["embargo"]
            for c in compress(_CARDS, map(ne, embargo, m.embargo)):
                out[o + c] = embargo[c] / 10
            m.embargo = embargo
        supply = s.supply
        gained: Sequence[int] = ()  # the piles whose count changed: where the cards owned changed too, unless trashed
        if s.piles != m.piles:
            o, g = at["supply"], at["in_game"]
            out[o:o + C] = _ZC
            out[g:g + C] = _ZC
            for c in s.piles:
                out[o + c] = supply[c] / 10
                out[g + c] = 1.0
            m.piles, m.supply = s.piles, supply[:]
        elif supply != m.supply:  # a gain or two
            o = at["supply"]
            gained = list(compress(_CARDS, map(ne, supply, m.supply)))  # only piles of the game have cards
            for c in gained:
                out[o + c] = supply[c] / 10
            m.supply = supply[:]
        for sm in m.seats:
            q = sm.q
            zone = s.play[q]
            if zone != sm.play:
                _zone(out, sm.o_play, zone, sm.play, sm.c_play)
                sm.play = zone[:]
            zone = s.aside[q]
            if zone != sm.aside:
                _zone(out, sm.o_aside, zone, sm.aside, sm.c_aside)
                sm.aside = zone[:]
            known = s.hpub[q]
            if known != sm.known:
                _zone(out, sm.o_known, known, sm.known, sm.c_known)
                sm.known = known  # a tuple, replaced rather than changed
            top = s.top[q]
            deck = s.deck[q]
            if top:
                tops = [deck[-j] for j in range(1, len(top) + 1) if known_to(top[-j], q == seat)]
                if tops != sm.tops:
                    _zone(out, sm.o_tops, tops, sm.tops, sm.c_tops)
                    sm.tops = tops
            elif sm.tops:
                _zone(out, sm.o_tops, [], sm.tops, sm.c_tops)
                sm.tops = []
            disc = s.disc[q]
            t = disc[-1] if disc else -1
            old = sm.dtop
            if t != old:
                if old >= 0:
                    out[sm.o_dtop + old] = 0.0
                if t >= 0:
                    out[sm.o_dtop + t] = 1.0
                sm.dtop = t
            owned = s.owned[q]
            if owned != sm.owned:
                o = sm.o_owned
                old_owned = sm.owned  # the memo's own copy, brought up to date in place
                rescore = old_owned is None
                if old_owned is None:
                    for c, k in enumerate(owned):
                        out[o + c] = k / 10
                    sm.owned = owned[:]
                else:  # a gain or a trash changes a count or two: first those of the piles that changed
                    for c in gained:
                        k = owned[c]
                        if k != old_owned[c]:
                            old_owned[c] = k
                            out[o + c] = k / 10
                            if c in _SCORING:
                                rescore = True
                    if owned != old_owned:  # a trash, a gain from the trash
                        for c in compress(_CARDS, map(ne, owned, old_owned)):
                            k = old_owned[c] = owned[c]
                            out[o + c] = k / 10
                            if c in _SCORING:
                                rescore = True
                if q == seat:
                    for c in _COUNTING:
                        if owned[c]:
                            rescore = True
                    if rescore:
                        m.vp = _vp(s, seat)
            zone = s.dur[q]
            if zone != sm.dur:
                _zone(out, sm.o_dur, zone, sm.dur, sm.c_dur)
                sm.dur = zone[:]
            zone = s.shown[q]
            if zone != sm.shown:
                _zone(out, sm.o_shown, zone, sm.shown, sm.c_shown)
                sm.shown = zone[:]
            zone = s.island[q]
            if zone != sm.island:
                _zone(out, sm.o_island, zone, sm.island, sm.c_island)
                sm.island = zone[:]
            mats = (len(s.held[q]), len(s.nvmat[q]), s.pcoins[q], s.monkey[q], s.shield >> q & 1, s.corsair >> q & 1)
            if mats != sm.mats:
                _MATS.pack_into(out, 4 * sm.o_mats, mats[0] / 10, mats[1] / 10, min(mats[2], CAP) / 10,
                                min(mats[3], CAP) / 10, mats[4], mats[5])
                sm.mats = mats
            sizes = (len(s.hand[q]), len(deck) + len(s.bottom[q]), len(disc), len(s.look[q]), s.turns[q])
            if sizes != sm.sizes:
                _SIZES.pack_into(out, 4 * sm.o_sizes, sizes[0] / 10, sizes[1] / 10, sizes[2] / 10, sizes[3] / 10,
                                 min(sizes[4], TURNS_CAP) / 30)
                sm.sizes = sizes
        o = at["turn"]
        over = s.to_move is None
        phase = 2 if over else s.phase
        if phase != m.phase:
            if m.phase >= 0:
                out[o + m.phase] = 0.0
            out[o + phase] = 1.0
            m.phase = phase
        counters = (s.actions, s.buys, s.coins)
        if counters != m.counters:
            out[o + 3] = min(s.actions, CAP) / 10
            out[o + 4] = min(s.buys, CAP) / 10
            out[o + 5] = min(s.coins, CAP) / 10
            m.counters = counters
        decides = s.to_move == seat
        if decides != m.decides:
            out[o + 6] = 1.0 if decides else 0.0
            m.decides = decides
        if s.empty != m.empty:
            out[o + 7] = s.empty / 3
            m.empty = s.empty
        rules = (s.edition, s.colony)
        if rules != m.rules:
            out[o + 8] = 1.0 if s.edition == 1 else 0.0
            out[o + 9] = 1.0 if s.edition == 2 else 0.0
            out[o + 11] = 1.0 if s.colony else 0.0
            m.rules = rules
        out[o + 10] = m.vp / 50  # the own VP (rules.score counts the cards owned): computed when they changed
        cur = o + 12 + (s.cur - seat) % p
        if cur != m.cur:
            if m.cur >= 0:
                out[m.cur] = 0.0
            out[cur] = 1.0
            m.cur = cur
        flags = (s.extra, s.outpost, s.discount, s.copper_bonus, s.played)
        if flags != m.flags:
            _SIZES.pack_into(out, 4 * at["turn_flags"], 1.0 if s.extra else 0.0, 1.0 if s.outpost else 0.0,
                             min(s.discount, CAP) / 10, min(s.copper_bonus, CAP) / 10, min(s.played, CAP) / 10)
            m.flags = flags
        o = at["pending"]
        if s.stack and not over:
            f = s.stack[-1]
            a, b = o + f[0] % H, o + H + (f[2] - seat) % p  # generic frames have negative kinds
        else:
            a, b = o + H + p, -1
        if (a, b) != m.pending:
            old_a, old_b = m.pending
            if old_a >= 0:
                out[old_a] = 0.0
            if old_b >= 0:
                out[old_b] = 0.0
            out[a] = 1.0
            if b >= 0:
                out[b] = 1.0
            m.pending = a, b
        return m.view



# --- the compiled encoder -------------------------------------------------------------------------------------
def _compiled() -> tuple[Any, str | None]:
    """The compiled encoder's module (``observe.c``, built at first use: ``realms.core.cbuild``) and None, or None
    and why not (the Python encoder then serves)."""
    module, why = cbuild.load("realms.games.dominion", Path(__file__).with_name("observe.c"), {"C": C})
    if module is None:
        return None, why
    if module.CARDS != C:
        return None, f"observe.c counts {module.CARDS} card ids, the game {C}"
    module.setup(H)
    return module, None


class _Out(Buffers):
    """One observing seat's buffers, and the VP the vector shows (recomputed when the seat's cards owned
    change: ``rules.score`` counts them)."""

    def __init__(self, size: int) -> None:
        self.init_buffers(size)
        self.owned: list[int] | None = None
        self.vp = 0


class CompiledDominionObserver:
    """``DominionObserver``'s vector from one call into C (``observe.c``), which writes the whole vector from the
    state's lists as they are: no memory of earlier states but the observing seat's VP. Used where it builds
    (``Dominion.observation()``); ``DominionObserver`` is the reference it is tested against."""

    def __init__(self, module: Any = None) -> None:
        module = module if module is not None else _MODULE
        if module is None:
            raise RuntimeError(f"dominion: the compiled observation encoder is not available ({WHY_NOT_COMPILED})")
        self._module = module
        self._encode = module.encode
        #: by ``players << 8 | seat``
        self._out: dict[int, _Out] = {}

    def fresh(self) -> CompiledDominionObserver:
        """A new encoder of this kind (one per environment, as for ``DominionObserver``)."""
        return CompiledDominionObserver(self._module)

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_layout(int(options.get("players", 2))).fields)

    def bounds(self, options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        return bounds(options)

    def encode(self, state: DominionState, seat: int) -> np.ndarray:
        return self.encode_next(state, seat).copy()

    def encode_next(self, state: DominionState, seat: int) -> np.ndarray:
        """``encode(state, seat)`` as the RL environments take it: the encoder's own vector, read-only, which never
        changes once handed out (``realms.core.outbuf``); ``encode`` returns a copy. Any state in any order."""
        s = state
        p = s.players
        m = self._out.get(p << 8 | seat)
        if m is None:
            if not 0 <= seat < p:
                raise ValueError(f"dominion observation: seat {seat} of a {p}-player game")
            m = self._out[p << 8 | seat] = _Out(_layout(p).size)
        elif getrefcount(m.view) > FREE_CURRENT:  # the last vector handed out is still held: write elsewhere
            switch(m)
        owned = s.owned[seat]
        if owned != m.owned:
            m.vp = _vp(s, seat)
            m.owned = owned[:]
        self._encode(s, seat, m.out, m.vp)
        return m.view


_MODULE, WHY_NOT_COMPILED = _compiled()
OBSERVER: DominionObserver | CompiledDominionObserver = (
    CompiledDominionObserver(_MODULE) if _MODULE is not None else DominionObserver())
