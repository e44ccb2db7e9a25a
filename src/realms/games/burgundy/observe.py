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


class BurgundyObserver:
    """The encoder declared by ``Burgundy.observation()``."""

    def fields(self, options: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        p = int(options.get("players", 2))
        return [
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

    def encode(self, state: Any, seat: int) -> np.ndarray:
        s = state
        p = s.players
        seats = [(seat + i) % p for i in range(p)]
        rel = [0] * p
        for i, q in enumerate(seats):
            rel[q] = i
        estate = np.zeros((p, NSPACES, SPACE), dtype=np.float32)
        storage = np.zeros((p, 4, TILE + 1), dtype=np.float32)
        player = np.zeros((p, 32), dtype=np.float32)
        knowledge = np.zeros((p, 26), dtype=np.float32)
        pos, stamp = s.track_pos, s.track_stamp
        track = sorted(range(p), key=lambda q: (-pos[q], -stamp[q]))
        for i, q in enumerate(seats):
            board = s.boards[q]
            if board is not None:
                e = estate[i]
                e[:, :13] = _board_block(board)
                ids = s.estate[q * STRIDE + 1:q * STRIDE + 1 + NSPACES]
                arr = np.asarray(ids)
                e[:, 13] = arr >= 0
                e[:, 14:] = _TILE[arr]
            st = s.storage[q]
            if st:
                k = min(len(st), 4)
                storage[i, :k, 0] = 1.0
                storage[i, :k, 1:] = _TILE[np.asarray(st[:k])]
            row = player[i]
            row[0:5] = (s.vp[q] / 100, s.silver[q] / 10, s.workers[q] / 10, s.mines[q] / 4, s.turns[q] / 25)
            row[5:11] = s.goods[q * 6:q * 6 + 6]
            row[5:11] /= 3
            row[11:17] = s.sold[q * 6:q * 6 + 6]
            row[11:17] /= 7
            for j in range(2):
                d = s.dice[q * 2 + j]
                if 1 <= d <= 6:
                    row[17 + j * 6 + d - 1] = 1.0
            row[29] = pos[q] / 10
            row[30] = track.index(q) / p
            kmask = s.know[q]
            if kmask:
                knowledge[i] = [(kmask >> k) & 1 for k in range(1, 27)]
        depots = np.zeros((6, 4, TILE + 1), dtype=np.float32)
        dep = np.asarray(s.depots).reshape(6, 4)[:, :p]
        depots[:, :p, 0] = dep >= 0
        depots[:, :p, 1:] = _TILE[dep]
        depot_goods = np.asarray(s.depot_goods, dtype=np.float32).reshape(6, 6) / 3
        black = np.zeros((8, TILE + 1), dtype=np.float32)
        b = np.asarray(s.black[:BLACK_DEPOT_TILES[p]])
        black[:len(b), 0] = b >= 0
        black[:len(b), 1:] = _TILE[b]
        round_goods = np.zeros((5, 6), dtype=np.float32)
        for r, c in enumerate(s.round_goods[:5]):
            round_goods[r, c] = 1.0
        bonus = np.zeros((6, 2, p + 1), dtype=np.float32)
        for t in range(6):
            for k in range(2):
                holder = s.bonus[k * 6 + t]
                bonus[t, k, rel[holder] if holder >= 0 else p] = 1.0
        turn = np.zeros(54 + 2 * p, dtype=np.float32)
        over = s.to_move is None
        turn[min(s.mode, MODE_OVER)] = 1.0
        turn[3 + min(s.phase, 4)] = 1.0
        turn[8 + min(s.round, 4)] = 1.0
        turn[13] = float(s.to_move == seat)
        if not over:
            turn[14] = float(bool(s.used & 1))
            turn[15] = float(bool(s.used & 2))
        turn[16] = float(bool(s.bought))
        if 1 <= s.white <= 6:
            turn[16 + s.white] = 1.0
        if over:
            decision = "over"
        elif s.mode == MODE_BOARD:
            decision = "board"
        elif s.frames:
            decision = FRAME_NAMES[s.frames[-1][0]]
        else:
            decision = "end" if s.used == 3 else "turn"
        turn[23 + _DECISIONS.index(decision)] = 1.0
        turn[34:40] = [len(x) / 36 for x in s.stacks[:6]]
        turn[40] = len(s.black_stack) / 36
        turn[41] = sum(s.goods_pool) / 42
        turn[42] = len(s.removed) / 100
        turn[43] = len(s.pool) / 4
        if seat in s.order:
            turn[44] = s.order.index(seat) / p
        if not over and s.oi < p:
            turn[45 + s.oi] = 1.0
            if s.to_move is not None:
                turn[45 + p + rel[s.to_move]] = 1.0
        return np.concatenate((estate.ravel(), storage.ravel(), player.ravel(), knowledge.ravel(), depots.ravel(),
                               depot_goods.ravel(), black.ravel(), round_goods.ravel(), bonus.ravel(), turn))


OBSERVER = BurgundyObserver()
