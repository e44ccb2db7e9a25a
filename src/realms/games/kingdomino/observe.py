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


class KingdominoObserver:
    """The encoder declared by ``Kingdomino.observation()``."""

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
        seats = [(seat + i) % p for i in range(p)]
        # the kingdoms: every plane's mask as bytes, unpacked at once
        masks: list[int] = []
        for q in seats:
            t = s.terr[q * 6:q * 6 + 6]
            masks.extend(t)
            masks.extend(s.crown[q * 3:q * 3 + 3])
            masks.append(s.occ[q])
        raw = b"".join(m.to_bytes(_NBYTES, "little") for m in masks)
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
        planes = bits.reshape(len(masks), _ROW_BITS)[:, :B.NBITS].reshape(len(masks), B.SIZE, B.STRIDE)
        kingdoms = planes[:, :, :B.SIZE].astype(np.float32).ravel()

        acting = s.order[s.oi] if s.to_move is not None and s.oi < len(s.order) else -1
        cur = np.zeros((SLOTS, SLOT_FEATURES), dtype=np.float32)
        nxt = np.zeros((SLOTS, SLOT_FEATURES), dtype=np.float32)
        done = set(s.order[:s.oi]) if s.round > 0 and s.to_move is not None else set()
        for rows, dominoes, kings in ((cur, s.cur, s.cur_king), (nxt, s.nxt, s.nxt_king)):
            for i, (d, k) in enumerate(zip(dominoes, kings, strict=True)):
                r = rows[i]
                r[0] = 1.0
                r[1:16] = _DOMINO[d]
                if k >= 0:
                    r[16 + (k % p - seat) % p] = 1.0
                    if k == acting:
                        r[20] = 1.0
                    if rows is cur and k in done:
                        r[21] = 1.0
        unseen = np.zeros(NUM_DOMINOES, dtype=np.float32)
        idx = s.pile + s.unused
        if idx:
            unseen[np.asarray(idx) - 1] = 1.0
        discarded = np.zeros(NUM_DOMINOES, dtype=np.float32)
        if s.discarded:
            discarded[np.asarray(s.discarded) - 1] = 1.0
        o = s.opts
        over = s.to_move is None
        scalars = np.array([
            0.0 if over else float(s.step == 0), 0.0 if over else float(s.step == 1), float(over),
            float(s.to_move == seat), s.round / 13, len(s.pile) / NUM_DOMINOES, s.game_no / 3, float(s.n == 7),
            float(bool(o["harmony"])), float(bool(o["middle_kingdom"])), float(bool(o["dynasty"])),
            float(s.row_size == 3)], dtype=np.float32)
        history = np.zeros((p, 3), dtype=np.float32)
        for g, game in enumerate(s.history[:3]):
            for i, q in enumerate(seats):
                history[i, g] = game[q]["score"] / 100
        return np.concatenate((kingdoms, cur.ravel(), nxt.ravel(), unseen, discarded, scalars, history.ravel()))


OBSERVER = KingdominoObserver()
