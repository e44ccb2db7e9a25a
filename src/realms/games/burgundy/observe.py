"""The Castles of Burgundy's fixed-shape observation for RL: what one seat sees, as a flat float32 vector.

Every part of a Burgundy view is public (the stacks and the goods bag are unordered and only their
sizes are shown), so the encoding reads the state's public fields: estates, storage, goods, dice,
workers, silverlings, VP, knowledge tiles, the turn-order track, the depots and the black depot, the
goods still to come this phase, the colour bonuses, the stacks' sizes and what is being decided.
Seats are relative: block 0 is the observing seat, then the next seats in order.

A *tile* is 20 numbers: its type one-hot (ship, animal, castle, mine, knowledge, building), building
kind one-hot (8: warehouse, watchtower, carpenter's workshop, church, market, boarding house, bank,
city hall), animal species one-hot (cow, pig, sheep, chicken), animals / 4, knowledge number / 26.

Layout (``fields``), for ``P`` players:

- ``estate`` (P, 37, 35): per space of the seat's estate board (ids 1..37): its colour one-hot (6), its
  die one-hot (6), the starting castle space, a tile lies there, the tile (20); all zero before the
  seat has a board.
- ``storage`` (P, 4, 21): up to 4 storage places: occupied, the tile.
- ``player`` (P, 32): VP / 100, silverlings / 10, workers / 10, mines / 4, turns / 25, goods held per
  colour / 3 (6), goods sold per colour / 7 (6), each of the two dice one-hot (2 x 6), turn-order
  track position / 10, rank on the track (next turn order) / P.
- ``knowledge`` (P, 26): the knowledge tiles 1..26 the seat has placed.
- ``depots`` (6, 4, 21): slot k of numbered depot d + 1: occupied, the tile (slots beyond the player
  count stay zero); ``depot_goods`` (6, 6): goods waiting on each depot per colour / 3.
- ``black_depot`` (8, 21): its slots (4, 6 or 8 used by player count).
- ``round_goods`` (5, 6): the goods still to arrive this phase, one-hot per round.
- ``bonus`` (6, 2, P + 1): per colour, who holds the large and the small bonus tile (relative seat
  one-hot, or the last entry when nobody does).
- ``turn`` (54 + 2P): mode one-hot (board choice, play, over), phase one-hot (A-E), round one-hot (1-5),
  this seat decides now, dice used (2), bought this turn, white die one-hot (6), the decision's kind
  one-hot (board, turn, castle, city-hall, pick, warehouse, ship, goods, discard, end, over: 11), stacks'
  sizes / 36 (7), goods bag / 42, tiles removed / 100, boards left to choose / 4, position of this seat
  in this round's turn order / P, acting turn-order position one-hot (P), seat to move relative
  one-hot (P), padding (11).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from realms.games.burgundy.data import (
    BLACK_DEPOT_TILES,
    NSPACES,
    NTILES,
    T_ANIMALS,
    T_KIND,
    T_TYPE,
)
from realms.games.burgundy.state import FRAME_NAMES, MODE_BOARD, MODE_OVER, STRIDE

TILE = 20
SPACE = 13 + 1 + TILE
_ANIMAL, _KNOWLEDGE, _BUILDING = 1, 4, 5
_DECISIONS = ("board", "turn", *FRAME_NAMES, "end", "over")


def _tile_table() -> np.ndarray:
    """One row per tile id; the last row (index -1, an empty place) is all zero."""
    table = np.zeros((NTILES + 1, TILE), dtype=np.float32)
    for t in range(NTILES):
        row = table[t]
        kind = T_TYPE[t]
        row[kind] = 1.0
        if kind == _BUILDING:
            row[6 + T_KIND[t]] = 1.0
        elif kind == _ANIMAL:
            row[14 + T_KIND[t]] = 1.0
            row[18] = T_ANIMALS[t] / 4
        elif kind == _KNOWLEDGE:
            row[19] = T_KIND[t] / 26
    return table


_TILE = _tile_table()
_BOARDS: dict[int, np.ndarray] = {}


def _board_block(board: Any) -> np.ndarray:
    """The fixed part of an estate board's encoding (colour, die, start), cached per board object."""
    block = _BOARDS.get(id(board))
    if block is None:
        block = np.zeros((NSPACES, 13), dtype=np.float32)
        for sp in range(1, NSPACES + 1):
            t, d = board.types[sp], board.dice[sp]
            if t >= 0:
                block[sp - 1, t] = 1.0
            if d >= 1:
                block[sp - 1, 5 + d] = 1.0
        if board.start:
            block[board.start - 1, 12] = 1.0
        _BOARDS[id(board)] = block
        _BOARDS[-id(board)] = board  # keep the board alive while its id is a key
    return block


#: encoded blocks by what they are made of (estates and depots change a few times a round): bounded caches
_ESTATES: dict[tuple[int, ...], np.ndarray] = {}
_DEPOTS: dict[tuple[int, ...], np.ndarray] = {}
_CACHE_MAX = 1 << 13


def _estate(board: Any, ids: list[int]) -> np.ndarray:
    key = (id(board), *ids)
    got = _ESTATES.get(key)
    if got is None:
        e = np.zeros((NSPACES, SPACE), dtype=np.float32)
        e[:, :13] = _board_block(board)
        arr = np.asarray(ids)
        e[:, 13] = arr >= 0
        e[:, 14:] = _TILE[arr]
        got = e.ravel()
        if len(_ESTATES) >= _CACHE_MAX:
            _ESTATES.clear()
        _ESTATES[key] = got
    return got


def _depots(p: int, depots: list[int], black: list[int]) -> np.ndarray:
    """``depots`` (6, 4, 21) then ``black_depot`` (8, 21), flat."""
    key = (p, *depots, -2, *black)
    got = _DEPOTS.get(key)
    if got is None:
        d = np.zeros((6, 4, TILE + 1), dtype=np.float32)
        dep = np.asarray(depots).reshape(6, 4)[:, :p]
        d[:, :p, 0] = dep >= 0
        d[:, :p, 1:] = _TILE[dep]
        b = np.zeros((8, TILE + 1), dtype=np.float32)
        arr = np.asarray(black)
        b[:len(arr), 0] = arr >= 0
        b[:len(arr), 1:] = _TILE[arr]
        got = np.concatenate((d.ravel(), b.ravel()))
        if len(_DEPOTS) >= _CACHE_MAX:
            _DEPOTS.clear()
        _DEPOTS[key] = got
    return got


class _Layout:
    def __init__(self, p: int) -> None:
        self.fields: list[tuple[str, tuple[int, ...]]] = [
            ("estate", (p, NSPACES, SPACE)),
            ("storage", (p, 4, TILE + 1)),
            ("player", (p, 32)),
            ("knowledge", (p, 26)),
            ("depots", (6, 4, TILE + 1)),
            ("depot_goods", (6, 6)),
            ("black_depot", (8, TILE + 1)),
            ("round_goods", (5, 6)),
            ("bonus", (6, 2, p + 1)),
            ("turn", (54 + 2 * p,)),
        ]
        self.at: dict[str, int] = {}
        off = 0
        for name, shape in self.fields:
            self.at[name] = off
            off += int(np.prod(shape))
        self.size = off


_LAYOUTS = {p: _Layout(p) for p in range(1, 5)}
_KBITS = np.arange(1, 27)


_TILE_ROWS = [array("f", row.tobytes()) for row in _TILE]  # index -1: the empty row


class _Memo:
    """The last vector built for one (player count, seat) and the inputs of its blocks: a block is rewritten
    only when its inputs changed (compared by value, so any state may be encoded in any order)."""

    def __init__(self, lay: _Layout, p: int) -> None:
        self.out = array("f", bytes(4 * lay.size))
        self.estate: list[Any] = [None] * p
        self.storage: list[Any] = [None] * p
        self.know: list[int] = [-1] * p
        self.depots: Any = None
        self.goods: Any = None
        self.round_goods: Any = None
        self.bonus: Any = None


class BurgundyObserver:
    """The encoder declared by ``Burgundy.observation()``."""

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], _Memo] = {}

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_LAYOUTS[int(options.get("players", 2))].fields)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        # built in a Python ``array``, block by block, rewriting only the blocks whose inputs differ from the
        # last vector built for this seat; a copy is returned
        s = state
        p = s.players
        lay = _LAYOUTS[p]
        at = lay.at
        m = self._memo.get((p, seat))
        if m is None:
            m = self._memo[(p, seat)] = _Memo(lay, p)
        out = m.out
        pos, stamp = s.track_pos, s.track_stamp
        track = sorted(range(p), key=lambda q: (-pos[q], -stamp[q]))
        est, sto, ply, kno = at["estate"], at["storage"], at["player"], at["knowledge"]
        n_est = NSPACES * SPACE
        n_sto = 4 * (TILE + 1)
        for i in range(p):
            q = (seat + i) % p
            board = s.boards[q]
            ids = s.estate[q * STRIDE + 1:q * STRIDE + 1 + NSPACES]
            key = (board, ids)
            prev = m.estate[i]
            if prev is None or prev[0] is not board or prev[1] != ids:
                o = est + i * n_est
                if board is None:
                    out[o:o + n_est] = array("f", bytes(4 * n_est))
                else:
                    out[o:o + n_est] = array("f", _estate(board, ids).tobytes())
                m.estate[i] = key
            st = s.storage[q]
            if st != m.storage[i]:
                o = sto + i * n_sto
                out[o:o + n_sto] = array("f", bytes(4 * n_sto))
                for k, t in enumerate(st[:4]):
                    r = o + k * (TILE + 1)
                    out[r] = 1.0
                    out[r + 1:r + 1 + TILE] = _TILE_ROWS[t]
                m.storage[i] = st[:]
            o = ply + i * 32
            g6 = s.goods[q * 6:q * 6 + 6]
            s6 = s.sold[q * 6:q * 6 + 6]
            out[o:o + 32] = array("f", (
                s.vp[q] / 100, s.silver[q] / 10, s.workers[q] / 10, s.mines[q] / 4, s.turns[q] / 25,
                g6[0] / 3, g6[1] / 3, g6[2] / 3, g6[3] / 3, g6[4] / 3, g6[5] / 3,
                s6[0] / 7, s6[1] / 7, s6[2] / 7, s6[3] / 7, s6[4] / 7, s6[5] / 7,
                0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, pos[q] / 10, track.index(q) / p, 0.0))
            d0, d1 = s.dice[q * 2], s.dice[q * 2 + 1]
            if 1 <= d0 <= 6:
                out[o + 16 + d0] = 1.0
            if 1 <= d1 <= 6:
                out[o + 22 + d1] = 1.0
            kmask = s.know[q]
            if kmask != m.know[i]:
                o = kno + i * 26
                for k in range(26):
                    out[o + k] = (kmask >> (k + 1)) & 1
                m.know[i] = kmask
        black = s.black[:BLACK_DEPOT_TILES[p]]
        if m.depots is None or m.depots[0] != s.depots or m.depots[1] != black:
            dep = _depots(p, s.depots, black)
            n_dep = 6 * 4 * (TILE + 1)
            o = at["depots"]
            out[o:o + n_dep] = array("f", dep[:n_dep].tobytes())
            o = at["black_depot"]
            out[o:o + 8 * (TILE + 1)] = array("f", dep[n_dep:].tobytes())
            m.depots = (s.depots[:], black)
        if s.depot_goods != m.goods:
            o = at["depot_goods"]
            for k, g in enumerate(s.depot_goods):
                out[o + k] = g / 3
            m.goods = s.depot_goods[:]
        if s.round_goods != m.round_goods:
            o = at["round_goods"]
            out[o:o + 30] = array("f", bytes(4 * 30))
            for r, c in enumerate(s.round_goods[:5]):
                out[o + r * 6 + c] = 1.0
            m.round_goods = s.round_goods[:]
        if s.bonus != m.bonus:
            o = at["bonus"]
            out[o:o + 12 * (p + 1)] = array("f", bytes(4 * 12 * (p + 1)))
            bonus = s.bonus
            for t in range(6):
                for k in range(2):
                    holder = bonus[k * 6 + t]
                    out[o + (t * 2 + k) * (p + 1) + ((holder - seat) % p if holder >= 0 else p)] = 1.0
            m.bonus = s.bonus[:]
        o = at["turn"]
        over = s.to_move is None
        if over:
            decision = "over"
        elif s.mode == MODE_BOARD:
            decision = "board"
        elif s.frames:
            decision = FRAME_NAMES[s.frames[-1][0]]
        else:
            decision = "end" if s.used == 3 else "turn"
        stacks = s.stacks
        out[o:o + 54 + 2 * p] = array("f", (
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            float(s.to_move == seat), 0.0 if over else float(bool(s.used & 1)),
            0.0 if over else float(bool(s.used & 2)), float(bool(s.bought)),
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            len(stacks[0]) / 36, len(stacks[1]) / 36, len(stacks[2]) / 36, len(stacks[3]) / 36,
            len(stacks[4]) / 36, len(stacks[5]) / 36, len(s.black_stack) / 36, sum(s.goods_pool) / 42,
            len(s.removed) / 100, len(s.pool) / 4, s.order.index(seat) / p if seat in s.order else 0.0,
            *([0.0] * (9 + 2 * p))))
        out[o + min(s.mode, MODE_OVER)] = 1.0
        out[o + 3 + min(s.phase, 4)] = 1.0
        out[o + 8 + min(s.round, 4)] = 1.0
        if 1 <= s.white <= 6:
            out[o + 16 + s.white] = 1.0
        out[o + 23 + _DECISIONS.index(decision)] = 1.0
        if not over and s.oi < p:
            out[o + 45 + s.oi] = 1.0
            if s.to_move is not None:
                out[o + 45 + p + (s.to_move - seat) % p] = 1.0
        return np.frombuffer(out[:], dtype=np.float32)

OBSERVER = BurgundyObserver()
