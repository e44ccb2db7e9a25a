"""The legal actions of the current decision, computed once and cached."""

from __future__ import annotations

from realms.core import undo
from realms.core.game import Action
from realms.games.burgundy.actions import (
    ADJUST,
    BOARD_ACTS,
    BUY_BLACK,
    BUY_DEPOT,
    DISCARD,
    END,
    GOODS,
    HALL,
    PICK,
    PLACE,
    SELL,
    SHIP1,
    SHIP2,
    SKIP,
    START,
    TAKE,
    WAREHOUSE_SALE,
    WORKERS,
)
from realms.games.burgundy.data import (
    BUILDING,
    CASTLE,
    T_KIND,
    T_TYPE,
    Board,
    boards_left,
)
from realms.games.burgundy.parts import Engine
from realms.games.burgundy.state import (
    F_CASTLE,
    F_DISCARD,
    F_GOODS,
    F_HALL,
    F_PICK,
    F_SHIP,
    F_WAREHOUSE,
    FREE_DIE,
    FREE_PLACE,
    K1,
    K5,
    K6,
    K8,
    K12,
    MODE_BOARD,
    STRIDE,
    BurgundyState,
)


class _Legality(Engine):
    """The legal actions of the current decision, computed once and cached."""

    # --- legal actions ------------------------------------------------------------------------------
    def legal_actions(self, state: BurgundyState) -> list[Action]:
        if state.to_move is None:
            return []
        if state.undo is not None:
            return undo.legal_actions(self, state)
        cache = state.cache
        if cache is None:
            cache = state.cache = self._compute(state)
        return list(cache)

    def _compute(self, s: BurgundyState) -> list[Action]:
        """The actions of the current decision; [] when there is nothing to decide (settle moves on)."""
        p = s.to_move
        assert p is not None
        if s.mode == MODE_BOARD:
            board = s.boards[p]
            if board is None:
                return [BOARD_ACTS[b.number - 1] for b in boards_left(s.pool, s.boards)]
            return [START[sp - 1] for sp in board.ids if board.types[sp] == CASTLE]
        out: list[Action] = []
        frames = s.frames
        if frames:
            f = frames[-1]
            k = f[0]
            if k == F_CASTLE:
                self._die_actions(s, p, FREE_DIE, 0, out)
                if s.opts["black_depot_timing"] == "during-effects":
                    self._buys(s, p, out)
            elif k == F_DISCARD:
                out.extend(DISCARD)
            elif k == F_HALL:
                self._hall_places(s, p, out)
                if s.opts["black_depot_timing"] == "during-effects":
                    self._buys(s, p, out)
                if out:
                    out.append(SKIP)
            elif k == F_PICK:
                mask = f[1]
                dep = s.depots
                for i in range(24):
                    t = dep[i]
                    if t >= 0 and mask >> T_TYPE[t] & 1:
                        out.append(PICK[i])
                if out:
                    out.append(SKIP)
            elif k == F_SHIP:
                dg = s.depot_goods
                has = [any(dg[d * 6:d * 6 + 6]) for d in range(6)]
                for d in range(6):
                    if has[d]:
                        out.append(SHIP1[d])
                if s.know[p] & K5:
                    for d in range(6):
                        if has[d] or has[(d + 1) % 6]:
                            out.append(SHIP2[d])
            elif k == F_GOODS:
                dmask = f[1]
                g = s.goods
                b = p * 6
                if sum(1 for c in range(6) if g[b + c]) < 3:
                    dg = s.depot_goods
                    for c in range(6):
                        if not g[b + c] and any(dg[d * 6 + c] for d in range(6) if dmask >> d & 1):
                            out.append(GOODS[c])
            elif k == F_WAREHOUSE:
                g = s.goods
                b = p * 6
                for c in range(6):
                    if g[b + c]:
                        out.append(WAREHOUSE_SALE[c])
            return out
        used = s.used
        if used == 7:
            return out
        if used != 3:
            dice = s.dice
            w = s.workers[p]
            k8 = s.know[p] & K8
            for i in (0, 1):
                if used >> i & 1:
                    continue
                self._die_actions(s, p, i, dice[p * 2 + i], out)
                if w:
                    out.append(ADJUST[i * 4])
                    out.append(ADJUST[i * 4 + 1])
                    if k8:
                        out.append(ADJUST[i * 4 + 2])
                        out.append(ADJUST[i * 4 + 3])
            self._buys(s, p, out)
            return out
        self._buys(s, p, out)
        if out or s.opts.get("undo"):  # with undo the turn ends when its player says so: the last die may be taken back
            out.append(END)
        return out

    def _die_actions(self, s: BurgundyState, p: int, i: int, v: int, out: list[Action]) -> None:
        know = s.know[p]
        dep = s.depots
        n = s.players
        # take a tile from a numbered depot
        if i == FREE_DIE:
            ds: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
        elif know & K12:
            ds = ((v - 2) % 6, v - 1, v % 6)
        else:
            ds = (v - 1,)
        tbase = i * 24
        for d in ds:
            b = d * 4
            for k in range(n):
                if dep[b + k] >= 0:
                    out.append(TAKE[tbase + b + k])
        # place a tile from storage
        board = s.boards[p]
        assert board is not None
        occ = s.occ[p]
        free = s.adj[p] & ~occ
        if free:
            pbase = i * 3 * STRIDE
            si = 0
            for tile in s.storage[p]:
                t = T_TYPE[tile]
                if i == FREE_DIE:
                    m = board.type_mask[t] & free
                elif know & FREE_PLACE[t]:
                    m = board.tv1_mask[t * 7 + v] & free
                else:
                    m = board.tv_mask[t * 7 + v] & free
                if m and t == BUILDING and not know & K1:
                    kb = s.bkind[p * 8 + T_KIND[tile]]
                    if kb:
                        m = self._unique_filter(board, m, kb)
                b = pbase + si * STRIDE
                while m:
                    low = m & -m
                    act = PLACE[b + low.bit_length() - 1]
                    assert act is not None  # space 0 (None) is never in a mask
                    out.append(act)
                    m ^= low
                si += 1
        # sell goods
        g = s.goods
        gb = p * 6
        if i == FREE_DIE:
            for c in range(6):
                if g[gb + c]:
                    out.append(SELL[12 + c])
        elif g[gb + v - 1]:
            out.append(SELL[i * 6 + v - 1])
        out.append(WORKERS[i])

    @staticmethod
    def _unique_filter(board: Board, m: int, kb: int) -> int:
        """Drop spaces whose region (city) already holds a building of the kind in ``kb``'s mask."""
        out = 0
        rof, rmask = board.region_of, board.region_mask
        while m:
            low = m & -m
            if not rmask[rof[low.bit_length() - 1]] & kb:
                out |= low
            m ^= low
        return out

    def _hall_places(self, s: BurgundyState, p: int, out: list[Action]) -> None:
        board = s.boards[p]
        assert board is not None
        free = s.adj[p] & ~s.occ[p]
        if not free:
            return
        matching = s.opts["city_hall"] == "matching-colour"
        know = s.know[p]
        si = 0
        for tile in s.storage[p]:
            t = T_TYPE[tile]
            m = free & board.type_mask[t] if matching else free
            if m and t == BUILDING and not know & K1:
                kb = s.bkind[p * 8 + T_KIND[tile]]
                if kb:
                    m = self._unique_filter(board, m, kb)
            b = si * STRIDE
            while m:
                low = m & -m
                act = HALL[b + low.bit_length() - 1]
                assert act is not None  # space 0 (None) is never in a mask
                out.append(act)
                m ^= low
            si += 1

    def _buys(self, s: BurgundyState, p: int, out: list[Action]) -> None:
        if s.bought or s.silver[p] < 2:
            return
        black = s.black
        for k in range(8):
            if black[k] >= 0:
                out.append(BUY_BLACK[k])
        if s.know[p] & K6:
            dep = s.depots
            for i in range(24):
                if dep[i] >= 0:
                    out.append(BUY_DEPOT[i])
