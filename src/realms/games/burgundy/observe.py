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

- ``estate`` (P, 37, 34): per space of the seat's estate board (ids 1..37): its colour one-hot (6), its
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
- ``turn`` (54 + 2P): mode one-hot (board choice, play, over: the setup's decisions, an estate board and a start
  castle space, are both "board choice" and the "board" decision; the seat's estate tells them apart, empty before
  a board is chosen), phase one-hot (A-E), round one-hot (1-5),
  this seat decides now, dice used (2), bought this turn, white die one-hot (6), the decision's kind
  one-hot (board, turn, castle, city-hall, pick, warehouse, ship, goods, discard, end, over: 11), stacks'
  sizes / 36 (7), goods bag / 42, tiles removed / 100, distinct boards in the game's set / 4, position of this seat
  in this round's turn order / P, acting turn-order position one-hot (P), seat to move relative
  one-hot (P), padding (11).

VP, silverlings, workers and the boards in the set are written up to caps (``VP_CAP``, ``CAP``, ``POOL_CAP``), so that
every entry has a bound (``bounds``).
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Mapping
from itertools import compress
from operator import ne
from pathlib import Path
from sys import getrefcount
from typing import Any

import numpy as np

from realms.core import cbuild
from realms.core.outbuf import FREE_CURRENT, Buffers, detach, switch
from realms.games.burgundy.data import (
    BLACK_DEPOT_TILES,
    NSPACES,
    NTILES,
    T_ANIMALS,
    T_KIND,
    T_TYPE,
)
from realms.games.burgundy.state import FRAME_NAMES, MODE_BOARD, MODE_OVER, MODE_PLAY, STRIDE

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


#: encoded estates by what they are made of (written whole when a seat's board is first seen): bounded
_ESTATES: dict[tuple[int, ...], np.ndarray] = {}
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


#: a place (an estate space's last 21 numbers, a storage place, a depot slot) by the tile id on it, -1 (the
#: last entry) for none: occupied, then the tile
_PLACE = [array("f", (1.0 if t < NTILES else 0.0, *row)) for t, row in enumerate(_TILE.tolist())]
_NPLACE = TILE + 1
_EMPTY_PLACE = _PLACE[-1]
_DECISION = {name: i for i, name in enumerate(_DECISIONS)}
_FRAME_DECISION = [_DECISION[name] for name in FRAME_NAMES]
_D_OVER, _D_BOARD, _D_END, _D_TURN = _DECISION["over"], _DECISION["board"], _DECISION["end"], _DECISION["turn"]
_SIZES = struct.Struct("11f")
#: the numbers without a small bound of the rules are written up to these (so that every entry has a bound,
#: ``bounds``): VP up to 1000 (10.0), silverlings and workers up to 100 (10.0), distinct boards in the set up to 40
VP_CAP = 1000
CAP = 100
POOL_CAP = 40


def bounds(options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """The least and the greatest value each entry of the vector can take for these options (float32 vectors of its
    size): every entry is at least 0; one-hots, flags and tiles at most 1; VP, silverlings, workers and boards in
    the set as written (``VP_CAP``, ``CAP``, ``POOL_CAP``); mines at most one a space, turns 25 (5 phases of 5 rounds),
    goods of a colour ``GOODS_PER_COLOUR``, the track one step a ship tile, a stack or the tiles removed every
    tile of the game."""
    from realms.games.burgundy.data import GOODS_PER_COLOUR, SHIP

    p = int(options.get("players", 2))
    lay = _LAYOUTS[p]
    low = np.zeros(lay.size, np.float32)
    high = np.ones(lay.size, np.float32)
    ships = sum(1 for t in T_TYPE[:NTILES] if t == SHIP)
    for i in range(p):
        o = lay.at["player"] + 32 * i
        high[o:o + 3] = (VP_CAP / 100, CAP / 10, CAP / 10)
        high[o + 3] = NSPACES / 4
        high[o + 5:o + 11] = GOODS_PER_COLOUR / 3
        high[o + 29] = ships / 10
    o = lay.at["depot_goods"]
    high[o:o + 36] = GOODS_PER_COLOUR / 3
    o = lay.at["turn"]
    high[o + 34:o + 41] = NTILES / 36
    high[o + 42] = NTILES / 100
    high[o + 43] = POOL_CAP / 4
    return low, high
_SPACES = range(NSPACES)
_SLOTS = range(24)
_GOODS = range(36)


class _Memo(Buffers):
    """The last vector built for one (player count, seat) and the inputs of its blocks: a block is rewritten
    only when its inputs changed (compared by value, so any state may be encoded in any order)."""

    def __init__(self, lay: _Layout, p: int) -> None:
        self.init_buffers(lay.size)  # out, and view: the same memory, read-only (realms.core.outbuf)
        at = lay.at
        #: the blocks' offsets (attributes: cheaper to read than the layout's dict)
        self.o_estate, self.o_storage, self.o_knowledge = at["estate"], at["storage"], at["knowledge"]
        self.o_player, self.o_depots, self.o_black = at["player"], at["depots"], at["black_depot"]
        self.o_goods, self.o_round_goods, self.o_bonus, self.o_turn = (at["depot_goods"], at["round_goods"],
                                                                         at["bonus"], at["turn"])
        self.boards: list[Any] = [None] * p
        self.storage: list[Any] = [[]] * p
        self.know: list[int] = [0] * p
        #: whole lists of the state as last seen (each seat's part is then compared only when they differ)
        self.estate_all: list[int] = []
        self.boards_all: list[Any] = []
        self.know_all: list[int] = []
        #: the lists the player blocks are made of: vp, silver, workers, mines, turns, track position, goods,
        #: goods sold, dice
        self.lists: list[Any] = [None] * 9
        self.pos: list[int] = []
        self.stamp: list[int] = []
        self.where: Any = None
        self.depots: list[int] = [-1] * 24
        self.black: list[int] = []
        self.black_all: list[int] = []
        self.goods: list[int] = [0] * 36
        self.round_goods: Any = None
        self.bonus: Any = None
        self.flags: Any = None
        self.sizes: Any = None
        #: what ``encode_next`` follows: the state object last encoded and its (mode, phase, round)
        self.state: Any = None
        self.stage: Any = None
        #: the position written 1 in each one-hot of the turn block (-1: none): mode, phase, round, white die,
        #: decision, acting position, seat to move
        self.hot = [-1] * 7


def _per_seat(out: array[float], at: int, values: list[int], old: list[int] | None, seat: int, p: int,
              scale: int, cap: int = 1 << 30) -> None:
    """Writes ``min(values[q], cap) / scale`` at ``at`` in each relative seat's player block where it changed."""
    for q in range(p):
        v = values[q]
        if old is None or v != old[q]:
            out[at + (q - seat) % p * 32] = min(v, cap) / scale


def _per_colour(out: array[float], at: int, values: list[int], old: list[int] | None, seat: int, p: int,
                scale: int) -> None:
    """Writes ``values[q * 6 + c] / scale`` at ``at + c`` in each relative seat's player block where it
    changed."""
    for j in compress(range(6 * p), map(ne, values, old)) if old else range(6 * p):
        q, c = divmod(j, 6)
        out[at + (q - seat) % p * 32 + c] = values[j] / scale


def _hot(out: array[float], hot: list[int], g: int, at: int) -> None:
    """Moves one-hot group ``g``'s 1 to ``at`` (-1: none)."""
    old = hot[g]
    if old != at:
        if old >= 0:
            out[old] = 0.0
        if at >= 0:
            out[at] = 1.0
        hot[g] = at


class BurgundyObserver:
    """The encoder declared by ``Burgundy.observation()``. It keeps, per (player count, seat), the last vector
    it built and the inputs of each block, and rewrites only the blocks whose inputs changed; ``encode``
    returns a copy of the vector, ``encode_next`` the vector itself (read-only)."""

    def __init__(self) -> None:
        #: by ``players << 8 | seat`` (an int key: no tuple built per call)
        self._memo: dict[int, _Memo] = {}

    def fresh(self) -> BurgundyObserver:
        """A new encoder of this kind with no memory of its own yet (one per environment, so that each follows
        its own states)."""
        return BurgundyObserver()

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_LAYOUTS[int(options.get("players", 2))].fields)

    def bounds(self, options: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        return bounds(options)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        return self.encode_next(state, seat, False).copy()

    def encode_next(self, state: Any, seat: int, follow: bool = True) -> np.ndarray:
        """``encode(state, seat)`` for a caller that changes its states only through ``Game.apply``. When this
        very object was last encoded for ``seat`` in the same round of the same phase of play, it has since
        moved on by legal actions only: the boards, the goods of the round spaces, the stacks, the goods bag,
        the turn order and the white die are as they were (they change when a round or a phase begins), and
        tiles leave the game only by a discard; those blocks are not compared then. The rest is compared
        block by block as ``encode`` does.

        The vector is the encoder's own, read-only, and never changes once handed out (while anything holds
        it, the next one is written in another buffer: ``realms.core.outbuf``); ``encode`` returns a copy."""
        # built in a Python ``array`` (item writes cost a fraction of numpy's)
        s = state
        p = s.players
        m = self._memo.get(p << 8 | seat)
        if m is None:
            m = self._memo[p << 8 | seat] = _Memo(_LAYOUTS[p], p)
        elif getrefcount(m.view) > FREE_CURRENT:  # the last vector handed out is still held: write elsewhere
            detach(m)
        out = m.out
        stage = (s.mode, s.phase, s.round)
        same = follow and m.state is s and stage == m.stage and s.mode == MODE_PLAY
        est, sto = m.o_estate, m.o_storage
        n_est = NSPACES * SPACE
        estate = s.estate
        boards = s.boards
        whole: tuple[int, ...] = ()  # the seats whose estate was just written whole
        if not same and boards != m.boards_all:  # a board chosen (or another game): that seat's estate is written whole
            for i in range(p):
                q = (seat + i) % p
                board = boards[q]
                if board is not m.boards[i]:
                    o = est + i * n_est
                    if board is None:
                        out[o:o + n_est] = array("f", bytes(4 * n_est))
                    else:
                        ids = estate[q * STRIDE + 1:q * STRIDE + 1 + NSPACES]
                        out[o:o + n_est] = array("f", _estate(board, ids).tobytes())
                    m.boards[i] = board
                    whole += (q,)
            m.boards_all = boards[:]
        if estate != m.estate_all:  # tiles placed (or taken away): those spaces only
            if len(m.estate_all) != len(estate):
                m.estate_all = [-1] * len(estate)  # what an estate without tiles holds
            for j in compress(range(len(estate)), map(ne, estate, m.estate_all)):
                q, space = divmod(j, STRIDE)
                if boards[q] is not None and q not in whole and 1 <= space <= NSPACES:
                    r = est + (q - seat) % p * n_est + (space - 1) * SPACE + 13
                    out[r:r + _NPLACE] = _PLACE[estate[j]]
            m.estate_all = estate[:]
        storage = s.storage
        for i in range(p):
            st = storage[(seat + i) % p]
            old = m.storage[i]
            if st != old:
                o = sto + i * 4 * _NPLACE
                n = len(st)
                k = len(old)
                for j in range(4):  # the places whose tile changed
                    t = st[j] if j < n else -1
                    if t != (old[j] if j < k else -1):
                        out[o + j * _NPLACE:o + (j + 1) * _NPLACE] = _PLACE[t]
                m.storage[i] = st[:]
        if s.know != m.know_all:
            for i in range(p):
                kmask = s.know[(seat + i) % p]
                if kmask != m.know[i]:
                    o = m.o_knowledge + i * 26
                    for k in range(26):
                        out[o + k] = (kmask >> (k + 1)) & 1
                    m.know[i] = kmask
            m.know_all = s.know[:]
        # the player blocks, list by list (an action changes one or two numbers of one seat)
        ply = m.o_player
        lists = m.lists
        values = s.vp
        was = lists[0]
        if values != was:
            if was is None:
                _per_seat(out, ply, values, None, seat, p, 100, VP_CAP)
            else:  # the seats whose number changed (inline: it is most steps)
                for q in range(p):
                    if values[q] != was[q]:
                        out[ply + (q - seat) % p * 32] = min(values[q], VP_CAP) / 100
            lists[0] = values[:]
        values = s.silver
        was = lists[1]
        if values != was:
            if was is None:
                _per_seat(out, ply + 1, values, None, seat, p, 10, CAP)
            else:  # the seats whose number changed (inline: it is most steps)
                for q in range(p):
                    if values[q] != was[q]:
                        out[ply + 1 + (q - seat) % p * 32] = min(values[q], CAP) / 10
            lists[1] = values[:]
        values = s.workers
        was = lists[2]
        if values != was:
            if was is None:
                _per_seat(out, ply + 2, values, None, seat, p, 10, CAP)
            else:  # the seats whose number changed (inline: it is most steps)
                for q in range(p):
                    if values[q] != was[q]:
                        out[ply + 2 + (q - seat) % p * 32] = min(values[q], CAP) / 10
            lists[2] = values[:]
        values = s.mines
        was = lists[3]
        if values != was:
            if was is None:
                _per_seat(out, ply + 3, values, None, seat, p, 4)
            else:  # the seats whose number changed (inline: it is most steps)
                for q in range(p):
                    if values[q] != was[q]:
                        out[ply + 3 + (q - seat) % p * 32] = values[q] / 4
            lists[3] = values[:]
        values = s.turns
        was = lists[4]
        if values != was:
            if was is None:
                _per_seat(out, ply + 4, values, None, seat, p, 25)
            else:  # the seats whose number changed (inline: it is most steps)
                for q in range(p):
                    if values[q] != was[q]:
                        out[ply + 4 + (q - seat) % p * 32] = values[q] / 25
            lists[4] = values[:]
        values = s.track_pos
        was = lists[5]
        if values != was:
            if was is None:
                _per_seat(out, ply + 29, values, None, seat, p, 10)
            else:  # the seats whose number changed (inline: it is most steps)
                for q in range(p):
                    if values[q] != was[q]:
                        out[ply + 29 + (q - seat) % p * 32] = values[q] / 10
            lists[5] = values[:]
        if s.goods != lists[6]:
            _per_colour(out, ply + 5, s.goods, lists[6], seat, p, 3)
            lists[6] = s.goods[:]
        if s.sold != lists[7]:
            _per_colour(out, ply + 11, s.sold, lists[7], seat, p, 7)
            lists[7] = s.sold[:]
        dice = s.dice
        old = lists[8]
        if dice != old:
            for j in compress(range(2 * p), map(ne, dice, old)) if old else range(2 * p):
                d = dice[j]
                q, k = divmod(j, 2)
                o = ply + (q - seat) % p * 32 + 16 + 6 * k
                was = old[j] if old else 0
                if 1 <= was <= 6:
                    out[o + was] = 0.0
                if 1 <= d <= 6:
                    out[o + d] = 1.0
            lists[8] = dice[:]
        pos, stamp = s.track_pos, s.track_stamp
        if pos != m.pos or stamp != m.stamp:  # the rank on the track (next round's turn order)
            track = sorted(range(p), key=lambda q: (-pos[q], -stamp[q]))
            for r, q in enumerate(track):
                out[ply + (q - seat) % p * 32 + 30] = r / p
            m.pos, m.stamp = pos[:], stamp[:]
        depots = s.depots
        if depots != m.depots:
            o = m.o_depots
            for j in compress(_SLOTS, map(ne, depots, m.depots)):
                if j % 4 < p:
                    out[o + j * _NPLACE:o + (j + 1) * _NPLACE] = _PLACE[depots[j]]
            m.depots = depots[:]
        if s.black != m.black_all:
            black = s.black[:BLACK_DEPOT_TILES[p]]
            o = m.o_black
            old_black = m.black
            for j, t in enumerate(black):
                if j >= len(old_black) or t != old_black[j]:
                    out[o + j * _NPLACE:o + (j + 1) * _NPLACE] = _PLACE[t]
            for j in range(len(black), len(old_black)):
                out[o + j * _NPLACE:o + (j + 1) * _NPLACE] = _EMPTY_PLACE
            m.black = black
            m.black_all = s.black[:]
        goods = s.depot_goods
        if goods != m.goods:
            o = m.o_goods
            for k in compress(_GOODS, map(ne, goods, m.goods)):
                out[o + k] = goods[k] / 3
            m.goods = goods[:]
        if not same and s.round_goods != m.round_goods:
            o = m.o_round_goods
            out[o:o + 30] = array("f", bytes(4 * 30))
            for r, c in enumerate(s.round_goods[:5]):
                out[o + r * 6 + c] = 1.0
            m.round_goods = s.round_goods[:]
        if s.bonus != m.bonus:
            o = m.o_bonus
            out[o:o + 12 * (p + 1)] = array("f", bytes(4 * 12 * (p + 1)))
            bonus = s.bonus
            for t in range(6):
                for k in range(2):
                    holder = bonus[k * 6 + t]
                    out[o + (t * 2 + k) * (p + 1) + ((holder - seat) % p if holder >= 0 else p)] = 1.0
            m.bonus = s.bonus[:]
        o = m.o_turn
        over = s.to_move is None
        flags = (s.to_move == seat, over, s.used, s.bought)
        if flags != m.flags:
            out[o + 13] = float(s.to_move == seat)
            out[o + 14] = 0.0 if over else float(bool(s.used & 1))
            out[o + 15] = 0.0 if over else float(bool(s.used & 2))
            out[o + 16] = float(bool(s.bought))
            m.flags = flags
        if same and len(s.removed) == m.sizes[8]:
            sizes = m.sizes
        else:
            sizes = (*map(len, s.stacks), len(s.black_stack), sum(s.goods_pool), len(s.removed), len(s.pool),
                     s.order.index(seat) / p if seat in s.order else 0.0)
        if sizes is not m.sizes and sizes != m.sizes:
            _SIZES.pack_into(out, 4 * (o + 34), sizes[0] / 36, sizes[1] / 36, sizes[2] / 36, sizes[3] / 36,
                             sizes[4] / 36, sizes[5] / 36, sizes[6] / 36, sizes[7] / 42, sizes[8] / 100,
                             min(sizes[9], POOL_CAP) / 4, sizes[10])
            m.sizes = sizes
        if over:
            decision = _D_OVER
        elif s.mode == MODE_BOARD:
            decision = _D_BOARD
        elif s.frames:
            decision = _FRAME_DECISION[s.frames[-1][0]]
        else:
            decision = _D_END if s.used == 3 else _D_TURN
        hot = m.hot
        new = o + 23 + decision  # _hot(out, hot, 4, new), inline: the decision is looked at every step
        was = hot[4]
        if was != new:
            if was >= 0:
                out[was] = 0.0
            out[new] = 1.0
            hot[4] = new
        if same and s.oi == m.where[4] and s.to_move == m.where[5]:
            where = m.where
        else:
            where = (s.mode, s.phase, s.round, s.white, s.oi, s.to_move)
        if where is not m.where and where != m.where:
            _hot(out, hot, 0, o + min(s.mode, MODE_OVER))
            _hot(out, hot, 1, o + 3 + min(s.phase, 4))
            _hot(out, hot, 2, o + 8 + min(s.round, 4))
            _hot(out, hot, 3, o + 16 + s.white if 1 <= s.white <= 6 else -1)
            acting = not over and s.oi < p
            _hot(out, hot, 5, o + 45 + s.oi if acting else -1)
            _hot(out, hot, 6, o + 45 + p + (s.to_move - seat) % p if acting and s.to_move is not None else -1)
            m.where = where
        m.state, m.stage = s, stage
        return m.view


# --- the compiled encoder -------------------------------------------------------------------------------------
def _compiled() -> tuple[Any, str | None]:
    """The compiled encoder's module (``observe.c``, built at first use: ``realms.core.cbuild``) and None, or None
    and why not (the Python encoder then serves)."""
    module, why = cbuild.load("realms.games.burgundy", Path(__file__).with_name("observe.c"))
    if module is None:
        return None, why
    if (module.NSPACES, module.STRIDE) != (NSPACES, STRIDE) or TILE != 20:
        return None, "observe.c's board sizes are not the game's"
    module.setup(b"".join(place.tobytes() for place in _PLACE), NTILES, len(FRAME_NAMES))
    return module, None


class CompiledBurgundyObserver:
    """``BurgundyObserver``'s vector from one call into C (``observe.c``), which writes the whole vector from the
    state's lists as they are, with no memory of earlier states. Used where it builds (``Burgundy.observation()``);
    ``BurgundyObserver`` is the reference it is tested against."""

    def __init__(self, module: Any = None) -> None:
        module = module if module is not None else _MODULE
        if module is None:
            raise RuntimeError(f"burgundy: the compiled observation encoder is not available ({WHY_NOT_COMPILED})")
        self._module = module
        self._encode = module.encode
        #: by ``players << 8 | seat``: each observing seat's buffers
        self._out: dict[int, Buffers] = {}

    def fresh(self) -> CompiledBurgundyObserver:
        """A new encoder of this kind (one per environment, as for ``BurgundyObserver``)."""
        return CompiledBurgundyObserver(self._module)

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        return list(_LAYOUTS[int(options.get("players", 2))].fields)

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
            if p not in _LAYOUTS or not 0 <= seat < p:
                raise ValueError(f"burgundy observation: seat {seat} of a {p}-player game")
            m = self._out[p << 8 | seat] = Buffers()
            m.init_buffers(_LAYOUTS[p].size)
        elif getrefcount(m.view) > FREE_CURRENT:  # the last vector handed out is still held: write elsewhere
            switch(m)
        self._encode(state, seat, m.out)
        return m.view


_MODULE, WHY_NOT_COMPILED = _compiled()
OBSERVER: BurgundyObserver | CompiledBurgundyObserver = (
    CompiledBurgundyObserver(_MODULE) if _MODULE is not None else BurgundyObserver())
