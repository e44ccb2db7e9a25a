"""Dominion's fixed-shape observation for RL: what one seat sees, as a flat float32 vector.

It holds what ``view(state, seat)`` shows that seat and nothing else: its own hand, deck contents (not
order), discard pile and private look; of every seat the public zones (in play, set aside), the cards
known to be in its hand, the known cards on top of its deck, its discard pile's top card and the zone
sizes; the Supply and the trash; and every seat's cards owned (every gain and trash is public, so
what each seat owns is known to all). Seats are relative: block 0 is the observing seat, then the
next seats in turn order. Cards are indexed by card id (``realms.games.dominion.cards.NAMES``, 41).

Layout (``fields``), for ``P`` players and ``C`` = 41 card ids; counts are divided by 10:

- ``supply`` (C): cards left in each pile; ``in_game`` (C): 1 for the piles of this game.
- ``trash`` (C); ``hand``, ``deck``, ``discard``, ``look`` (C each): the observing seat's own zones.
- ``play``, ``aside``, ``hand_known``, ``deck_top_known``, ``owned`` (P, C each) per relative seat;
  ``discard_top`` (P, C) one-hot of the top card of each discard pile.
- ``sizes`` (P, 5): hand, deck, discard and looked-at sizes / 10, turns taken / 30.
- ``turn`` (12 + P): phase one-hot (action, buy, over), actions, buys, coins (/ 10), this seat decides
  now, empty piles / 3, first edition, second edition, own VP / 50, Colony game, whose turn (relative
  one-hot, P).
- ``pending`` (H + P + 1): the pending decision's frame kind (one-hot over the frame handlers), its
  decider (relative one-hot), and a 1 when nothing is pending.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from realms.games.dominion.cards import HANDLERS, NAMES
from realms.games.dominion.rules import score

C = len(NAMES)
H = len(HANDLERS)
_COUNT_FIELDS = ("supply", "in_game", "trash", "hand", "deck", "discard", "look")
_SEAT_FIELDS = ("play", "aside", "hand_known", "deck_top_known", "owned", "discard_top")


class _Layout:
    """Offsets of one player count's layout."""

    def __init__(self, p: int) -> None:
        self.p = p
        self.fields: list[tuple[str, tuple[int, ...]]] = [(f, (C,)) for f in _COUNT_FIELDS]
        self.fields += [(f, (p, C)) for f in _SEAT_FIELDS]
        self.fields += [("sizes", (p, 5)), ("turn", (12 + p,)), ("pending", (H + p + 1,))]
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


class _Memo:
    """The last vector built for one (player count, seat) and the inputs of each of its blocks: a block is
    rewritten only when its inputs changed (compared by value, so any state may be encoded in any order)."""

    def __init__(self, lay: _Layout) -> None:
        self.out = lay.zeros[:]
        self.blocks: list[Any] = [None] * (5 + 4 * lay.p)
        self.discard_top = [-1] * lay.p
        self.owned: list[Any] = [None] * lay.p
        self.supply: list[int] | None = None
        self.piles: tuple[int, ...] | None = None
        self.pending = -1, -1


_ZC = array("f", bytes(4 * C))


class DominionObserver:
    """The encoder declared by ``Dominion.observation()``."""

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], _Memo] = {}

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_layout(int(options.get("players", 2))).fields)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        # built in a Python ``array`` (item writes cost a fraction of numpy's), block by block, rewriting only
        # the blocks whose inputs differ from the last vector built for this seat; a copy is returned
        s = state
        p = s.players
        lay = _layout(p)
        at = lay.at
        m = self._memo.get((p, seat))
        if m is None:
            m = self._memo[(p, seat)] = _Memo(lay)
        out = m.out
        blocks = m.blocks
        zones = [(at["trash"], s.trash), (at["hand"], s.hand[seat]), (at["deck"], s.deck[seat]),
                 (at["discard"], s.disc[seat]), (at["look"], s.look[seat])]
        play, aside, known, top_at = at["play"], at["aside"], at["hand_known"], at["deck_top_known"]
        for i in range(p):
            q = (seat + i) % p
            top = s.top[q]
            if top:
                deck = s.deck[q]
                tops = [deck[-j] for j in range(1, len(top) + 1) if q == seat or top[-j]]
            else:
                tops = []
            zones += [(play + i * C, s.play[q]), (aside + i * C, s.aside[q]), (known + i * C, s.hpub[q]),
                      (top_at + i * C, tops)]
        for b, (o, cards) in enumerate(zones):
            if cards != blocks[b]:
                out[o:o + C] = _ZC
                for c in cards:
                    out[o + c] += 0.1
                blocks[b] = cards[:]
        disc_at, owned_at, sizes = at["discard_top"], at["owned"], at["sizes"]
        for i in range(p):
            q = (seat + i) % p
            disc = s.disc[q]
            t = disc[-1] if disc else -1
            old = m.discard_top[i]
            if t != old:
                if old >= 0:
                    out[disc_at + i * C + old] = 0.0
                if t >= 0:
                    out[disc_at + i * C + t] = 1.0
                m.discard_top[i] = t
            owned = s.owned[q]
            if owned != m.owned[i]:
                o = owned_at + i * C
                for c, k in enumerate(owned):
                    out[o + c] = k / 10
                m.owned[i] = owned[:]
            o = sizes + i * 5
            out[o] = len(s.hand[q]) / 10
            out[o + 1] = len(s.deck[q]) / 10
            out[o + 2] = len(disc) / 10
            out[o + 3] = len(s.look[q]) / 10
            out[o + 4] = s.turns[q] / 30
        supply = s.supply
        if s.piles != m.piles or supply != m.supply:
            o, g = at["supply"], at["in_game"]
            out[o:o + C] = _ZC
            out[g:g + C] = _ZC
            for c in s.piles:
                out[o + c] = supply[c] / 10
                out[g + c] = 1.0
            m.piles, m.supply = s.piles, supply[:]
        o = at["turn"]
        out[o:o + 12 + p] = lay.zeros[:12 + p]
        over = s.to_move is None
        out[o + (2 if over else s.phase)] = 1.0
        out[o + 3] = s.actions / 10
        out[o + 4] = s.buys / 10
        out[o + 5] = s.coins / 10
        out[o + 6] = 1.0 if s.to_move == seat else 0.0
        out[o + 7] = s.empty / 3
        out[o + 8] = 1.0 if s.edition == 1 else 0.0
        out[o + 9] = 1.0 if s.edition == 2 else 0.0
        out[o + 10] = score(s, seat) / 50
        out[o + 11] = 1.0 if s.colony else 0.0
        out[o + 12 + (s.cur - seat) % p] = 1.0
        o = at["pending"]
        a, b = m.pending
        if a >= 0:
            out[a] = 0.0
        if b >= 0:
            out[b] = 0.0
        if s.stack and not over:
            f = s.stack[-1]
            a, b = o + f[0] % H, o + H + (f[2] - seat) % p  # generic frames have negative kinds
        else:
            a, b = o + H + p, -1
        out[a] = 1.0
        if b >= 0:
            out[b] = 1.0
        m.pending = a, b
        return np.frombuffer(out[:], dtype=np.float32)

OBSERVER = DominionObserver()
