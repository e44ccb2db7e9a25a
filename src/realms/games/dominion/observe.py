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
        self.counts_end = self.at["sizes"]  # everything before is a count of cards by id
        scale = np.ones(self.counts_end, dtype=np.float32)
        scale[:] = 0.1
        scale[self.at["in_game"]:self.at["in_game"] + C] = 1.0
        scale[self.at["discard_top"]:self.at["discard_top"] + p * C] = 1.0
        self.scale = scale


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
        s = state
        p = s.players
        lay = _layout(p)
        at = lay.at
        ix: list[int] = []  # one entry per card counted (scaled by 0.1 below, except the one-hots)
        o = at["trash"]
        ix += [o + c for c in s.trash]
        own = (("hand", s.hand[seat]), ("deck", s.deck[seat]), ("discard", s.disc[seat]), ("look", s.look[seat]))
        for name, zone in own:
            o = at[name]
            ix += [o + c for c in zone]
        for i in range(p):
            q = (seat + i) % p
            o = at["play"] + i * C
            ix += [o + c for c in s.play[q]]
            o = at["aside"] + i * C
            ix += [o + c for c in s.aside[q]]
            o = at["hand_known"] + i * C
            ix += [o + c for c in s.hpub[q]]
            deck, top = s.deck[q], s.top[q]
            o = at["deck_top_known"] + i * C
            for j in range(1, len(top) + 1):
                if q == seat or top[-j]:
                    ix.append(o + deck[-j])
            if s.disc[q]:
                ix.append(at["discard_top"] + i * C + s.disc[q][-1])
        out = np.zeros(lay.size, dtype=np.float32)
        if ix:
            out[:lay.counts_end] = np.bincount(ix, minlength=lay.counts_end)
        o = at["owned"]
        out[o:o + p * C] = [k for i in range(p) for k in s.owned[(seat + i) % p]]
        o, g = at["supply"], at["in_game"]
        supply = s.supply
        for c in s.piles:
            out[o + c] = supply[c]
            out[g + c] = 1.0
        out[:lay.counts_end] *= lay.scale
        o = at["sizes"]
        for i in range(p):
            q = (seat + i) % p
            out[o:o + 5] = (len(s.hand[q]) / 10, len(s.deck[q]) / 10, len(s.disc[q]) / 10, len(s.look[q]) / 10,
                            s.turns[q] / 30)
            o += 5
        o = at["turn"]
        over = s.to_move is None
        out[o + (2 if over else s.phase)] = 1.0
        out[o + 3:o + 12] = (s.actions / 10, s.buys / 10, s.coins / 10, float(s.to_move == seat), s.empty / 3,
                             float(s.edition == 1), float(s.edition == 2), score(s, seat) / 50, float(s.colony))
        out[o + 12 + (s.cur - seat) % p] = 1.0
        o = at["pending"]
        if s.stack and not over:
            f = s.stack[-1]
            out[o + f[0]] = 1.0
            out[o + H + (f[2] - seat) % p] = 1.0
        else:
            out[o + H + p] = 1.0
        return out


OBSERVER = DominionObserver()
