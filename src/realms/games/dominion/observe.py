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


class DominionObserver:
    """The encoder declared by ``Dominion.observation()``."""

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_layout(int(options.get("players", 2))).fields)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        # built in a Python ``array`` (item writes cost a fraction of numpy's), viewed as numpy at the end
        s = state
        p = s.players
        lay = _layout(p)
        at = lay.at
        out = lay.zeros[:]
        o = at["trash"]
        for c in s.trash:
            out[o + c] += 0.1
        for name, zone in (("hand", s.hand[seat]), ("deck", s.deck[seat]), ("discard", s.disc[seat]),
                           ("look", s.look[seat])):
            o = at[name]
            for c in zone:
                out[o + c] += 0.1
        play, aside, known, top_at, disc_at, owned_at, sizes = (
            at["play"], at["aside"], at["hand_known"], at["deck_top_known"], at["discard_top"], at["owned"],
            at["sizes"])
        for i in range(p):
            q = (seat + i) % p
            o = play + i * C
            for c in s.play[q]:
                out[o + c] += 0.1
            o = aside + i * C
            for c in s.aside[q]:
                out[o + c] += 0.1
            o = known + i * C
            for c in s.hpub[q]:
                out[o + c] += 0.1
            deck, top = s.deck[q], s.top[q]
            o = top_at + i * C
            for j in range(1, len(top) + 1):
                if q == seat or top[-j]:
                    out[o + deck[-j]] += 0.1
            disc = s.disc[q]
            if disc:
                out[disc_at + i * C + disc[-1]] = 1.0
            o = owned_at + i * C
            for c, k in enumerate(s.owned[q]):
                if k:
                    out[o + c] = k / 10
            o = sizes + i * 5
            out[o] = len(s.hand[q]) / 10
            out[o + 1] = len(deck) / 10
            out[o + 2] = len(disc) / 10
            out[o + 3] = len(s.look[q]) / 10
            out[o + 4] = s.turns[q] / 30
        o, g = at["supply"], at["in_game"]
        supply = s.supply
        for c in s.piles:
            out[o + c] = supply[c] / 10
            out[g + c] = 1.0
        o = at["turn"]
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
        if s.stack and not over:
            f = s.stack[-1]
            out[o + f[0]] = 1.0
            out[o + H + (f[2] - seat) % p] = 1.0
        else:
            out[o + H + p] = 1.0
        return np.frombuffer(out, dtype=np.float32)

OBSERVER = DominionObserver()
