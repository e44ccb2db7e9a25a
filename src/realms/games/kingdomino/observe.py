"""Kingdomino's fixed-shape observation for RL: what one seat sees, as a flat float32 vector.

Everything in a Kingdomino view is public except the order of the face-down pile (and, in the smaller
games, which dominoes were left out of it). The encoding reads only the public fields of the state:
the kingdoms, both rows with their kings, which dominoes are still unseen or discarded, the round and
the step. Seats are relative: block 0 is always the observing seat, then the next seats in order.

Layout (``fields``), for ``P`` players:

- ``kingdoms`` (P, 10, 13, 13): per seat, planes on the 13x13 frame centred on the castle: six terrain
  planes (W F L G S M), three crown planes (squares with 1, 2, 3 crowns), and the occupied squares
  (castle included). Row ``r``, column ``c`` is the square ``(r - 6, c - 6)`` from the castle.
- ``current_row`` and ``next_row`` (4, 22): per slot: present; the domino (terrain one-hot and crowns / 3
  of each half, number / 48); the seat whose king stands on it (relative, one-hot of 4); the king
  acting now stands here; that king has already acted this round.
- ``unseen`` (48): dominoes not yet turned face up (in the pile or left out); ``discarded`` (48).
- ``scalars`` (12): step is place, step is pick, the game is over, this seat decides now, round / 13,
  dominoes left in the pile / 48, game of a Dynasty / 3, 7x7 kingdoms, harmony, middle kingdom,
  dynasty, 3 players drawing 36.
- ``history`` (P, 3): a Dynasty's finished games' scores / 100, per relative seat.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from realms.games.kingdomino import board as B
from realms.games.kingdomino.data import DOMINOES, NUM_DOMINOES

PLANES = 10
SLOTS = 4
SLOT_FEATURES = 22
_NBYTES = (B.NBITS + 7) // 8
_ROW_BITS = _NBYTES * 8


def _domino_table() -> np.ndarray:
    table = np.zeros((NUM_DOMINOES + 1, 15), dtype=np.float32)
    for d in DOMINOES[1:]:
        row = table[d.number]
        row[d.terrain1] = 1.0
        row[6] = d.crowns1 / 3
        row[7 + d.terrain2] = 1.0
        row[13] = d.crowns2 / 3
        row[14] = d.number / NUM_DOMINOES
    return table


_DOMINO = _domino_table()
#: the same rows as Python arrays, for slice writes into the output array
_DOMINO_ROWS = [array("f", row.tobytes()) for row in _DOMINO]


#: kingdom planes by the masks that make them (a kingdom changes at most once per placement, and search or
#: training revisits the same kingdoms): bounded, cleared when full
_PLANES: dict[tuple[int, ...], array] = {}
_PLANES_MAX = 1 << 14
_KINGDOM = PLANES * B.SIZE * B.SIZE


def _planes(masks: tuple[int, ...]) -> array:
    got = _PLANES.get(masks)
    if got is None:
        raw = b"".join(m.to_bytes(_NBYTES, "little") for m in masks)
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
        planes = bits.reshape(PLANES, _ROW_BITS)[:, :B.NBITS].reshape(PLANES, B.SIZE, B.STRIDE)
        got = array("f", planes[:, :, :B.SIZE].astype(np.float32).tobytes())
        if len(_PLANES) >= _PLANES_MAX:
            _PLANES.clear()
        _PLANES[masks] = got
    return got


_CELL = [(b // B.STRIDE) * B.SIZE + b % B.STRIDE for b in range(B.NBITS)]


def _grown(last: tuple[tuple[int, ...], array], key: tuple[int, ...]) -> array | None:
    """The planes of ``key`` from those of ``last`` when the kingdom only grew (a placement adds a square or
    two), else None."""
    old, planes = last
    if any(n & o != o for n, o in zip(key, old, strict=True)):
        return None
    out = planes[:]
    plane_size = B.SIZE * B.SIZE
    for j, (n, o) in enumerate(zip(key, old, strict=True)):
        d = n ^ o
        base = j * plane_size
        while d:
            low = d & -d
            out[base + _CELL[low.bit_length() - 1]] = 1.0
            d ^= low
    return out


class KingdominoObserver:
    """The encoder declared by ``Kingdomino.observation()``."""

    def __init__(self) -> None:
        self._zeros: dict[int, array] = {}
        #: per (players, seat, relative seat): the masks and planes of the kingdom last encoded there
        self._kingdoms: dict[tuple[int, int, int], tuple[tuple[int, ...], array]] = {}

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        p = int(options.get("players", 4))
        return [
            ("kingdoms", (p, PLANES, B.SIZE, B.SIZE)),
            ("current_row", (SLOTS, SLOT_FEATURES)),
            ("next_row", (SLOTS, SLOT_FEATURES)),
            ("unseen", (NUM_DOMINOES,)),
            ("discarded", (NUM_DOMINOES,)),
            ("scalars", (12,)),
            ("history", (p, 3)),
        ]

    def encode(self, state: Any, seat: int) -> np.ndarray:
        s = state
        p = s.players
        k_end = p * _KINGDOM
        rows_at = k_end
        unseen_at = rows_at + 2 * SLOTS * SLOT_FEATURES
        disc_at = unseen_at + NUM_DOMINOES
        scal_at = disc_at + NUM_DOMINOES
        hist_at = scal_at + 12
        zeros = self._zeros.get(p)
        if zeros is None:
            zeros = self._zeros[p] = array("f", bytes(4 * (hist_at + 3 * p)))
        out = zeros[:]
        terr, crown, occ = s.terr, s.crown, s.occ
        memo = self._kingdoms
        for i in range(p):
            q = (seat + i) % p
            key = (*terr[q * 6:q * 6 + 6], *crown[q * 3:q * 3 + 3], occ[q])
            last = memo.get((p, seat, i))
            if last is None or last[0] != key:
                planes = _grown(last, key) if last is not None else None
                if planes is None:
                    planes = _planes(key)
                memo[(p, seat, i)] = last = (key, planes)
            out[i * _KINGDOM:(i + 1) * _KINGDOM] = last[1]
        over = s.to_move is None
        acting = s.order[s.oi] if not over and s.oi < len(s.order) else -1
        done = s.order[:s.oi] if s.round > 0 and not over else ()
        o = rows_at
        for dominoes, kings, is_cur in ((s.cur, s.cur_king, True), (s.nxt, s.nxt_king, False)):
            for i, d in enumerate(dominoes):
                r = o + i * SLOT_FEATURES
                out[r] = 1.0
                out[r + 1:r + 16] = _DOMINO_ROWS[d]
                k = kings[i]
                if k >= 0:
                    out[r + 16 + (k % p - seat) % p] = 1.0
                    if k == acting:
                        out[r + 20] = 1.0
                    if is_cur and k in done:
                        out[r + 21] = 1.0
            o += SLOTS * SLOT_FEATURES
        opts = s.opts
        out[scal_at:hist_at] = array("f", (
            0.0 if over else float(s.step == 0), 0.0 if over else float(s.step == 1), float(over),
            float(s.to_move == seat), s.round / 13, len(s.pile) / NUM_DOMINOES, s.game_no / 3, float(s.n == 7),
            float(bool(opts["harmony"])), float(bool(opts["middle_kingdom"])), float(bool(opts["dynasty"])),
            float(s.row_size == 3)))
        for g, game in enumerate(s.history[:3]):
            for i in range(p):
                out[hist_at + i * 3 + g] = game[(seat + i) % p]["score"] / 100
        o = unseen_at - 1
        for d in s.pile:
            out[o + d] = 1.0
        for d in s.unused:
            out[o + d] = 1.0
        o = disc_at - 1
        for d in s.discarded:
            out[o + d] = 1.0
        return np.frombuffer(out, dtype=np.float32)


OBSERVER = KingdominoObserver()
