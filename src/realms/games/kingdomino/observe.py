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
from collections.abc import Mapping, Sequence
from pathlib import Path
from sys import getrefcount
from typing import Any

import numpy as np

from realms.core import cbuild
from realms.core.outbuf import FREE_CURRENT, Buffers, detach, switch
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


#: kingdom planes by the masks that make them, for kingdoms that did not just grow from the last one encoded
#: in their place (search and training revisit the same kingdoms): bounded, cleared when full
_PLANES: dict[tuple[int, ...], array[float]] = {}
_PLANES_MAX = 1 << 11
_KINGDOM = PLANES * B.SIZE * B.SIZE
_PLANE = B.SIZE * B.SIZE


def _unpacked(masks: tuple[int, ...]) -> array[float]:
    raw = b"".join(m.to_bytes(_NBYTES, "little") for m in masks)
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
    planes = bits.reshape(PLANES, _ROW_BITS)[:, :B.NBITS].reshape(PLANES, B.SIZE, B.STRIDE)
    return array("f", planes[:, :, :B.SIZE].astype(np.float32).tobytes())


_CELL = [(b // B.STRIDE) * B.SIZE + b % B.STRIDE for b in range(B.NBITS)]
_PLANE_INDICES = range(PLANES)


def _grow(out: array[float], at: int, old: tuple[int, ...], key: tuple[int, ...]) -> bool:
    """Writes into ``out`` from ``at``, where the planes of ``old`` lie, those of ``key`` when the kingdom only
    grew (a placement adds a square or two to a few planes); False, writing nothing, when it did not."""
    changed = []
    for j in _PLANE_INDICES:
        n = key[j]
        o = old[j]
        if n != o:
            if n & o != o:
                return False
            changed.append(j)
    for j in changed:
        d = key[j] ^ old[j]
        base = at + j * _PLANE
        while d:
            low = d & -d
            out[base + _CELL[low.bit_length() - 1]] = 1.0
            d ^= low
    return True


def _halves() -> list[tuple[int, int, int, int]]:
    """Per domino, where its halves write in a kingdom's planes from a square's cell: the terrain plane and the
    crown plane (-1: no crown) of the first half, then of the second."""
    table = [(0, -1, 0, -1)]
    for d in DOMINOES[1:]:
        table.append((d.terrain1 * _PLANE, (5 + d.crowns1) * _PLANE if d.crowns1 else -1,
                      d.terrain2 * _PLANE, (5 + d.crowns2) * _PLANE if d.crowns2 else -1))
    return table


_HALVES = _halves()


def _grow_by(planes: array[float], s: Any, q: int, new: int) -> None:
    """Writes into ``planes`` (seat ``q``'s kingdom) the squares ``new`` that state ``s`` has occupied since."""
    terr, crown = s.terr, s.crown
    t0 = q * 6
    low = new & -new
    high = new ^ low
    if high and not high & (high - 1):  # one domino: its halves tell the planes
        placed = s.placed
        j = len(placed) - 1
        while placed[j][0] != q:
            j -= 1
        t1, c1, t2, c2 = _HALVES[placed[j][1]]
        if t1 == t2 and c1 == c2:
            first = low
        elif t1 != t2:
            first = low if terr[t0 + t1 // _PLANE] & low else high
        elif c1 >= 0:  # the same terrain, other crowns
            first = low if crown[q * 3 + c1 // _PLANE - 6] & low else high
        else:
            first = high if crown[q * 3 + c2 // _PLANE - 6] & low else low
        a = _CELL[first.bit_length() - 1]
        b = _CELL[(new ^ first).bit_length() - 1]
        planes[a + _OCC_PLANE] = 1.0
        planes[b + _OCC_PLANE] = 1.0
        planes[a + t1] = 1.0
        planes[b + t2] = 1.0
        if c1 >= 0:
            planes[a + c1] = 1.0
        if c2 >= 0:
            planes[b + c2] = 1.0
        return
    while new:  # several dominoes (or a castle): each square's planes looked up
        low = new & -new
        cell = _CELL[low.bit_length() - 1]
        planes[cell + _OCC_PLANE] = 1.0
        for t in range(6):
            if terr[t0 + t] & low:
                planes[cell + t * _PLANE] = 1.0
        for k in range(3):
            if crown[q * 3 + k] & low:
                planes[cell + (6 + k) * _PLANE] = 1.0
        new ^= low


def _planes(key: tuple[int, ...]) -> array[float]:
    """The planes of the kingdom whose masks are ``key`` (cached)."""
    got = _PLANES.get(key)
    if got is None:
        got = _unpacked(key)
        if len(_PLANES) >= _PLANES_MAX:
            _PLANES.clear()
        _PLANES[key] = got
    return got


def _slot_table() -> list[array[float]]:
    """The 22 numbers of a row slot by ``((domino * 5 + relative king + 1) * 2 + acting) * 2 + acted``
    (relative king -1: no king on it); domino 0, the empty slot, is all zero."""
    table = []
    for d in range(NUM_DOMINOES + 1):
        for rk in range(-1, SLOTS):
            for acting in (0, 1):
                for acted in (0, 1):
                    row = array("f", bytes(4 * SLOT_FEATURES))
                    if d:
                        row[0] = 1.0
                        row[1:16] = _DOMINO_ROWS[d]
                        if rk >= 0:
                            row[16 + rk] = 1.0
                            row[20] = float(acting)
                            row[21] = float(acted)
                    table.append(row)
    return table


_SLOT = _slot_table()
_ZEROS48 = array("f", bytes(4 * NUM_DOMINOES))
_ONES48 = array("f", [1.0] * NUM_DOMINOES)
_ALL_SLOTS = range(2 * SLOTS)
#: a kingdom's empty planes, and the most squares (castle included) for which writing them one by one into these
#: is cheaper than unpacking the planes of the masks (``_planes``, whose cache misses for most young kingdoms)
_NO_PLANES = array("f", bytes(4 * _KINGDOM))
_FEW = 9
#: the masks of a kingdom with its castle alone, and its planes
_EMPTY_KEY = (0,) * 9 + (B.CASTLE_BIT,)
_EMPTY_PLANES = _unpacked(_EMPTY_KEY)
_OCC_PLANE = 9 * _PLANE


def _fields(options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
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


def bounds(options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """The least and the greatest value each entry of the vector can take for these options (float32 vectors of its
    size): every entry lies in 0..1 (planes, one-hots, flags, crowns / 3, numbers / 48, round / 13: the last round
    is 12) except a Dynasty's scores / 100, at most every square of a kingdom (the castle aside) times the most
    crowns that many squares can hold, and the Harmony and Middle Kingdom bonuses (5 + 10): 8.07 with 5x5
    kingdoms, 18.87 with 7x7."""
    fields = _fields(options)
    size = sum(int(np.prod(shape)) for _, shape in fields)
    p = int(options.get("players", 4))
    n = 7 if options.get("mighty_duel") else 5
    squares = n * n - 1
    crowns = sorted((c for d in DOMINOES[1:] for c in (d.crowns1, d.crowns2)), reverse=True)[:squares]
    low = np.zeros(size, np.float32)
    high = np.ones(size, np.float32)
    high[size - 3 * p:] = (squares * sum(crowns) + 15) / 100
    return low, high


class _Memo(Buffers):
    """The last vector built for one (player count, seat) and the inputs of each of its blocks: a block is
    rewritten only when its inputs changed (compared by value, so any state may be encoded in any order)."""

    def __init__(self, p: int, seat: int, size: int) -> None:
        self.init_buffers(size)  # out, and view: the same memory, read-only (realms.core.outbuf)
        self.terr: list[int] | None = None
        self.crown: list[int] | None = None
        self.occ: list[int] | None = None
        self.keys: list[tuple[int, ...] | None] = [None] * p
        self.oi = -2
        self.counting: Any = None
        self.cur: list[int] = []
        self.cur_king: list[int] = []
        self.nxt: list[int] = []
        self.nxt_king: list[int] = []
        self.order: list[int] = []
        self.slots = [0] * (2 * SLOTS)  # domino 0 codes: the empty slot
        #: per king, its part of a slot's code for this seat: its relative seat
        self.king_part = [(1 + (k % p - seat) % p) * 4 for k in range(SLOTS)]
        self.pile: list[int] | None = None
        self.unused: list[int] | None = None
        self.discarded: list[int] = []
        self.turn: Any = None
        self.progress: Any = None
        self.opts: Any = None
        self.n = 0
        self.row_size = 0
        self.history: Any = []
        #: what ``encode_next`` follows: the state object last encoded, its game and round, and per relative
        #: seat the occupied squares of that seat's kingdom as the vector holds them
        self.state: Any = None
        self.game_no = -1
        self.round = -1
        self.foi = -1
        self.qs = [(seat + i) % p for i in range(p)]
        self.kocc = [0] * p
        self.focc: list[int] = []
        #: per relative seat: its index, its seat and the entry of ``KingdominoObserver._follows`` for its kingdom
        self.kseats: list[tuple[int, int, list[Any]]] = []
        self.rows_at = p * _KINGDOM
        self.unseen_at = self.rows_at + 2 * SLOTS * SLOT_FEATURES
        self.scal_at = self.unseen_at + 2 * NUM_DOMINOES


class KingdominoObserver:
    """The encoder declared by ``Kingdomino.observation()``. It keeps, per (player count, seat), the last
    vector it built and the inputs of each block, and rewrites only the blocks whose inputs changed; ``encode``
    returns a copy of the vector, ``encode_next`` the vector itself (read-only)."""

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], _Memo] = {}
        #: per (player count, seat): the masks and planes of that seat's kingdom as last encoded, shared by the
        #: memos of every observing seat (a placement's squares are found once)
        self._kingdoms: dict[tuple[int, int], list[Any]] = {}
        #: the same for ``encode_next``: per (player count, seat), the state it follows, its game, the occupied
        #: squares of that seat's kingdom and its planes
        self._follows: dict[tuple[int, int], list[Any]] = {}

    def fresh(self) -> KingdominoObserver:
        """A new encoder of this kind with no memory of its own yet (one per environment, so that each follows
        its own states)."""
        return KingdominoObserver()

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return _fields(options)

    def bounds(self, options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        return bounds(options)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        return self.encode_next(state, seat, False).copy()

    def encode_next(self, state: Any, seat: int, follow: bool = True) -> np.ndarray:
        """``encode(state, seat)`` for a caller that changes its states only through ``Game.apply``.

        When this very object was last encoded for ``seat`` in the same game (of a Dynasty) and the game goes
        on, it has since moved on by legal actions only: a kingdom only grew by the squares now occupied,
        within a round the rows changed only in the slots of the kings that acted and of the king acting
        now, a new round drew the new next row from the pile, and dominoes were only ever added to the
        discards; only those are written. Anything else (another object, a new game, the end) is compared
        block by block as ``encode`` does.

        The vector is the encoder's own, read-only, and never changes once handed out (while anything holds
        it, the next one is written in another buffer: ``realms.core.outbuf``); ``encode`` returns a copy."""
        s = state
        p = s.players
        m = self._memo.get((p, seat))
        if not (follow and m is not None and m.state is s and m.game_no == s.game_no
                and s.to_move is not None):
            return self._compare(s, seat, p, m)
        if getrefcount(m.view) > FREE_CURRENT:  # the last vector handed out is still held: write elsewhere
            detach(m)
        out = m.out
        occ = s.occ
        if occ != m.focc:
            kocc = m.kocc
            for i, q, shared in m.kseats:
                o = occ[q]
                if o != kocc[i]:  # seat q's kingdom grew: its planes, grown once for every observing seat
                    if shared[0] is not s or shared[1] != s.game_no:
                        if o.bit_count() <= _FEW:  # a young kingdom: its squares written into empty planes
                            planes = _NO_PLANES[:]
                            _grow_by(planes, s, q, o)
                        else:
                            planes = _planes((*s.terr[q * 6:q * 6 + 6], *s.crown[q * 3:q * 3 + 3], o))[:]
                        shared[:] = [s, s.game_no, o, planes]
                    elif shared[2] != o:
                        _grow_by(shared[3], s, q, o ^ shared[2])
                        shared[2] = o
                    out[i * _KINGDOM:(i + 1) * _KINGDOM] = shared[3]
                    kocc[i] = o
            if m.occ is not None:  # the inputs ``_compare`` keeps no longer say what the blocks hold
                m.occ = None
                m.keys = [None] * p
            m.focc = occ[:]
        oi = s.oi
        rnd = s.round
        rows_at = m.rows_at
        if rnd != m.round or oi != m.foi:
            order = s.order
            acting = order[oi]
            codes = m.slots
            part = m.king_part
            cur, cur_king, nxt, nxt_king = s.cur, s.cur_king, s.nxt, s.nxt_king
            if rnd == m.round:  # within the round: the slots of the kings that acted since and of the one acting now
                for x in range(m.foi, oi + 1):
                    k = order[x]
                    if rnd:  # on the current row: acting now (2) or done (1)
                        j = cur_king.index(k)
                        code = cur[j] * 20 + part[k] + (2 if x == oi else 1)
                        if code != codes[j]:
                            r = rows_at + j * SLOT_FEATURES
                            out[r:r + SLOT_FEATURES] = _SLOT[code]
                            codes[j] = code
                    if x < oi and nxt:  # it picked a slot of the next row (the last round has none)
                        j = nxt_king.index(k)
                        code = nxt[j] * 20 + part[k]
                        if code != codes[SLOTS + j]:
                            r = rows_at + (SLOTS + j) * SLOT_FEATURES
                            out[r:r + SLOT_FEATURES] = _SLOT[code]
                            codes[SLOTS + j] = code
            else:  # a new round: every slot, the dominoes drawn, the round and the pile's size
                # slot by slot, in place (no lists built: a new round comes at a quarter of the encodings)
                done = order[:oi] if rnd else ()
                r = rows_at
                j = 0
                for d, k in zip(cur, cur_king, strict=True):
                    code = d * 20 + part[k] + (2 if k == acting else 0) + (1 if k in done else 0)
                    if code != codes[j]:
                        out[r:r + SLOT_FEATURES] = _SLOT[code]
                        codes[j] = code
                    r += SLOT_FEATURES
                    j += 1
                for e in range(j, SLOTS):  # the empty slots of a short row
                    if codes[e]:
                        out[r:r + SLOT_FEATURES] = _SLOT[0]
                        codes[e] = 0
                    r += SLOT_FEATURES
                j = SLOTS
                for d, k in zip(nxt, nxt_king, strict=True):
                    code = d * 20 + (part[k] + (2 if k == acting else 0) if k >= 0 else 0)
                    if code != codes[j]:
                        out[r:r + SLOT_FEATURES] = _SLOT[code]
                        codes[j] = code
                    r += SLOT_FEATURES
                    j += 1
                for e in range(j, 2 * SLOTS):
                    if codes[e]:
                        out[r:r + SLOT_FEATURES] = _SLOT[0]
                        codes[e] = 0
                    r += SLOT_FEATURES
                unseen = m.unseen_at - 1
                if rnd == m.round + 1:  # the new next row came from the pile
                    for d in nxt:
                        out[unseen + d] = 0.0
                    m.pile = None  # ``_compare``'s copy is out of date
                else:
                    m.pile = m.unused = None
                    out[unseen + 1:unseen + 1 + NUM_DOMINOES] = _ZEROS48
                    for d in s.pile:
                        out[unseen + d] = 1.0
                    for d in s.unused:
                        out[unseen + d] = 1.0
                out[m.scal_at + 4] = rnd / 13
                out[m.scal_at + 5] = len(s.pile) / NUM_DOMINOES
                m.progress = (rnd, len(s.pile), s.game_no)
                m.round = rnd
            m.foi = oi
            m.oi = -2  # ``_compare`` looks at every slot next time
        disc = s.discarded
        if len(disc) != len(m.discarded):  # only ever added to within a game
            o = m.unseen_at + NUM_DOMINOES - 1
            for d in disc[len(m.discarded):]:
                out[o + d] = 1.0
            m.discarded = disc[:]
        decides = s.to_move == seat
        step = s.step
        turn = m.turn
        if step != turn[0] or decides != turn[2] or turn[1]:
            scal_at = m.scal_at
            out[scal_at] = float(step == 0)
            out[scal_at + 1] = float(step == 1)
            out[scal_at + 2] = 0.0
            out[scal_at + 3] = float(decides)
            m.turn = (step, False, decides)
        return m.view


    def _compare(self, s: Any, seat: int, p: int, m: _Memo | None) -> np.ndarray:
        """Every block's inputs compared with those of the vector last built for ``seat``."""
        rows_at = p * _KINGDOM
        unseen_at = rows_at + 2 * SLOTS * SLOT_FEATURES
        disc_at = unseen_at + NUM_DOMINOES
        scal_at = disc_at + NUM_DOMINOES
        hist_at = scal_at + 12
        if m is None:
            m = self._memo[(p, seat)] = _Memo(p, seat, hist_at + 3 * p)
            m.kseats = [(i, q, self._follows.setdefault((p, q), [None, -1, 0, None])) for i, q in enumerate(m.qs)]
        elif getrefcount(m.view) > FREE_CURRENT:
            detach(m)
        out = m.out
        terr, crown, occ = s.terr, s.crown, s.occ
        if occ != m.occ or terr != m.terr or crown != m.crown:
            keys = m.keys
            for i in range(p):
                q = (seat + i) % p
                key = (*terr[q * 6:q * 6 + 6], *crown[q * 3:q * 3 + 3], occ[q])
                if key == _EMPTY_KEY:  # a new game's kingdom, its castle alone
                    if keys[i] != key:
                        out[i * _KINGDOM:(i + 1) * _KINGDOM] = _EMPTY_PLANES
                        keys[i] = key
                elif key != keys[i]:
                    # the planes of seat q's kingdom, kept once for every observing seat
                    shared = self._kingdoms.get((p, q))
                    if shared is None:
                        shared = self._kingdoms[(p, q)] = [None, None]
                    old = shared[0]
                    if old != key:
                        if old is None or not _grow(shared[1], 0, old, key):
                            shared[1] = _planes(key)[:]  # a copy: it grows in place
                        shared[0] = key
                    out[i * _KINGDOM:(i + 1) * _KINGDOM] = shared[1]
                    keys[i] = key
            m.occ, m.terr, m.crown = occ[:], terr[:], crown[:]
            m.kocc = [occ[q] for q in m.qs]
            m.focc = occ[:]
        over = s.to_move is None
        oi = s.oi
        counting = s.round > 0 and not over  # kings that acted this round are marked
        cur, cur_king, nxt, nxt_king, order = s.cur, s.cur_king, s.nxt, s.nxt_king, s.order
        if oi != m.oi or counting != m.counting or nxt_king != m.nxt_king or cur_king != m.cur_king or cur != m.cur \
                or nxt != m.nxt or order != m.order:
            acting = order[oi] if not over and oi < len(order) else -1
            codes = m.slots
            if (oi == m.oi + 1 and counting == m.counting and cur_king == m.cur_king and cur == m.cur
                    and nxt == m.nxt and order == m.order):
                # a pick: the king that picked now stands on a slot of the next row and has acted, the next
                # king acts; only their slots change
                kings = (order[oi - 1], acting)
                picked = [j for j in range(len(cur)) if cur_king[j] in kings]
                picked += [SLOTS + j for j in range(len(nxt)) if nxt_king[j] in kings or nxt_king[j] != m.nxt_king[j]]
                todo: Sequence[int] = picked
            else:
                todo = _ALL_SLOTS
            done = order[:oi] if counting else ()
            part = m.king_part
            for j in todo:
                if j < SLOTS:
                    if j < len(cur):
                        k = cur_king[j]
                        code = cur[j] * 20 + (part[k] + (2 if k == acting else 0) + (1 if k in done else 0)
                                              if k >= 0 else 0)
                    else:
                        code = 0
                elif j - SLOTS < len(nxt):
                    k = nxt_king[j - SLOTS]
                    code = nxt[j - SLOTS] * 20 + (part[k] + (2 if k == acting else 0) if k >= 0 else 0)
                else:
                    code = 0
                if code != codes[j]:
                    r = rows_at + j * SLOT_FEATURES
                    out[r:r + SLOT_FEATURES] = _SLOT[code]
                    codes[j] = code
            m.oi, m.counting = oi, counting
            m.cur, m.cur_king, m.nxt, m.nxt_king, m.order = cur[:], cur_king[:], nxt[:], nxt_king[:], order[:]
        pile, unused = s.pile, s.unused
        if pile != m.pile or unused != m.unused:
            o = unseen_at - 1
            was = m.pile
            n = len(pile)
            if was is not None and n < len(was) and unused == m.unused and pile == was[:n]:
                for d in was[n:]:  # turned face up from the pile (the rest of the pile and the unused the same)
                    out[o + d] = 0.0
            elif n + len(unused) + len(cur) + len(nxt) == NUM_DOMINOES and not s.discarded and not s.placed:
                # a game's first rows: every domino is unseen but those of the rows (each domino lies in one place)
                out[unseen_at:disc_at] = _ONES48
                for d in cur:
                    out[o + d] = 0.0
                for d in nxt:
                    out[o + d] = 0.0
            else:
                out[unseen_at:disc_at] = _ZEROS48
                for d in pile:
                    out[o + d] = 1.0
                for d in unused:
                    out[o + d] = 1.0
            m.pile, m.unused = pile[:], unused[:]
        if s.discarded != m.discarded:
            out[disc_at:scal_at] = _ZEROS48
            o = disc_at - 1
            for d in s.discarded:
                out[o + d] = 1.0
            m.discarded = s.discarded[:]
        step = s.step
        decides = s.to_move == seat
        turn = (step, over, decides)
        if turn != m.turn:
            out[scal_at] = 0.0 if over else float(step == 0)
            out[scal_at + 1] = 0.0 if over else float(step == 1)
            out[scal_at + 2] = float(over)
            out[scal_at + 3] = float(decides)
            m.turn = turn
        progress = (s.round, len(s.pile), s.game_no)
        if progress != m.progress:
            out[scal_at + 4] = s.round / 13
            out[scal_at + 5] = len(s.pile) / NUM_DOMINOES
            out[scal_at + 6] = s.game_no / 3
            m.progress = progress
        opts = s.opts  # never mutated after validation (each game validates its own: then compared by value)
        if (opts is not m.opts and opts != m.opts) or s.n != m.n or s.row_size != m.row_size:
            out[scal_at + 7:hist_at] = array("f", (
                float(s.n == 7), float(bool(opts["harmony"])), float(bool(opts["middle_kingdom"])),
                float(bool(opts["dynasty"])), float(s.row_size == 3)))
        m.opts, m.n, m.row_size = opts, s.n, s.row_size
        if s.history != m.history:
            out[hist_at:hist_at + 3 * p] = array("f", bytes(12 * p))
            for g, game in enumerate(s.history[:3]):
                for i in range(p):
                    out[hist_at + i * 3 + g] = game[(seat + i) % p]["score"] / 100
            m.history = s.history[:]  # finished games are replaced, never changed
        m.state, m.game_no, m.round, m.foi = s, s.game_no, s.round, oi
        return m.view


# --- the compiled encoder -------------------------------------------------------------------------------------
def _compiled() -> tuple[Any, str | None]:
    """The compiled encoder's module (``observe.c``, built at first use: ``realms.core.cbuild``) and None, or None
    and why not (the Python encoder then serves)."""
    module, why = cbuild.load("realms.games.kingdomino", Path(__file__).with_name("observe.c"))
    if module is None:
        return None, why
    if (module.SIZE, module.STRIDE, module.NBITS) != (B.SIZE, B.STRIDE, B.NBITS):
        return None, "observe.c's kingdom frame is not the game's"
    module.setup(b"".join(row.tobytes() for row in _SLOT))
    return module, None


class CompiledKingdominoObserver:
    """``KingdominoObserver``'s vector from one call into C (``observe.c``), which writes the whole vector from the
    state's lists and masks as they are, with no memory of earlier states. Used where it builds
    (``Kingdomino.observation()``); ``KingdominoObserver`` is the reference it is tested against."""

    def __init__(self, module: Any = None) -> None:
        module = module if module is not None else _MODULE
        if module is None:
            raise RuntimeError(f"kingdomino: the compiled observation encoder is not available ({WHY_NOT_COMPILED})")
        self._module = module
        self._encode = module.encode
        #: by ``players << 8 | seat``: each observing seat's buffers
        self._out: dict[int, Buffers] = {}

    def fresh(self) -> CompiledKingdominoObserver:
        """A new encoder of this kind (one per environment, as for ``KingdominoObserver``)."""
        return CompiledKingdominoObserver(self._module)

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return _fields(options)

    def bounds(self, options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        return bounds(options)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        return self.encode_next(state, seat).copy()

    def encode_next(self, state: Any, seat: int) -> np.ndarray:
        """``encode(state, seat)`` as the RL environments take it: the encoder's own vector, read-only, which never
        changes once handed out (``realms.core.outbuf``); ``encode`` returns a copy. Any state in any order."""
        p = state.players
        m = self._out.get(p << 8 | seat)
        if m is None:
            if not 2 <= p <= 4 or not 0 <= seat < p:
                raise ValueError(f"kingdomino observation: seat {seat} of a {p}-player game")
            m = self._out[p << 8 | seat] = Buffers()
            m.init_buffers(p * _KINGDOM + 2 * SLOTS * SLOT_FEATURES + 2 * NUM_DOMINOES + 12 + 3 * p)
        elif getrefcount(m.view) > FREE_CURRENT:  # the last vector handed out is still held: write elsewhere
            switch(m)
        self._encode(state, seat, m.out)
        return m.view


_MODULE, WHY_NOT_COMPILED = _compiled()
OBSERVER: KingdominoObserver | CompiledKingdominoObserver = (
    CompiledKingdominoObserver(_MODULE) if _MODULE is not None else KingdominoObserver())
