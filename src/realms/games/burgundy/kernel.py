# A numba kernel is checked less strictly than the reference engines: numba's decorators and compiled calls are
# untyped (their returns are Any), and the kernels share their tables by importing them from one another.
# mypy: disallow-any-generics=False, disallow-untyped-calls=False, disallow-untyped-defs=False
# mypy: disallow-incomplete-defs=False, disallow-untyped-decorators=False, warn-return-any=False
# mypy: implicit-reexport=True
"""A compiled fast path for whole Castles of Burgundy games between ``random`` players (numba, the ``fast`` extra).

The readable engine (``setup``, ``legality``, ``effects``, ``scoring``) stays the reference; this module does
what it does on one flat array of int64 per game: the same setup and chance (the game's SplitMix64 stream
drawn at the same moments), the same legal actions in the same order at every decision, the same draws
from each seat's ``RandomAgent`` stream, the same effects and settling, the same final scoring. So a game
played here ends in the state, scores, turns and ranks of the same game played through ``Burgundy.apply``;
``tests/games/burgundy/test_kernel.py`` replays kernel games through the reference engine and compares every
step's whole legal list, the chosen action and the final state field by field.

The state array (layout: the ``E_*`` per-seat and ``G_*`` table offsets below) holds exactly the reference
state's fields, with ``-1`` in unused slots; ``vp_log`` is kept as VP per source (``SOURCES``), which is all
that ``result`` and the statistics read of it. ``encode`` turns a reference state into one; the estate boards
of a game's pool are a table (``board_table``) passed beside it, so any board set works (the built-in boards
and a ``boards_file``'s).

Used by ``Burgundy.fast_games`` (``fast.py``) for all-``random`` tables, every option and player count, when
numba is installed; without numba the lean pure-Python path in ``fast.py`` plays them. ``realms sim``,
``realms tournament`` and ``realms bench`` take it automatically; ``--reference`` turns it off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from realms.core.game import FastOutcome, Result
from realms.core.options import uncovered_options
from realms.core.rng import MASK64, Rng, check_seed
from realms.games.burgundy.actions import BASE, NACTIONS
from realms.games.burgundy.data import (
    BLACK_DEPOT_TILES,
    BOARD_COPIES,
    DEPOT_SLOTS,
    GOODS_PER_COLOUR,
    LARGE_BONUS,
    NTILES,
    PHASE_BONUS,
    SALE_VP,
    SIZE_VP,
    SMALL_BONUS,
    T_ANIMALS,
    T_BLACK,
    T_KIND,
    T_TYPE,
    Board,
    board_box,
)
from realms.games.burgundy.state import FREE_PLACE, SOURCES, STRIDE

try:  # the optional ``fast`` extra
    import numba  # noqa: F401  (whether the fast extra is installed)
    import numpy as np

    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised where numba is missing (numba and np stay undefined)
    AVAILABLE = False

# --- the state array ------------------------------------------------------------------------------------
MAXP = 4
NSRC = len(SOURCES)  # 20: VP sources, in ``SOURCES`` order
STACK = 40  # room per face-down stack (the largest, buildings, holds 40)
MAXFRAMES = 16
_layout: list[tuple[str, int]] = []


def _field(name: str, size: int) -> int:
    at = sum(n for _, n in _layout)
    _layout.append((name, size))
    return at


E_EST = _field("estate", MAXP * STRIDE)  # [p * 38 + space]: tile, -1 empty
E_OCC = _field("occ", MAXP)
E_ADJ = _field("adj", MAXP)
E_STO = _field("storage", MAXP * 4)  # [p * 4 + slot] (a fourth tile waits for its discard)
E_NSTO = _field("storage count", MAXP)
E_GOODS = _field("goods", MAXP * 6)
E_SOLD = _field("sold", MAXP * 6)
E_SILVER = _field("silver", MAXP)
E_WORK = _field("workers", MAXP)
E_VP = _field("vp", MAXP)
E_KNOW = _field("know", MAXP)
E_MINES = _field("mines", MAXP)
E_BKIND = _field("bkind", MAXP * 8)
E_TPOS = _field("track_pos", MAXP)
E_TSTAMP = _field("track_stamp", MAXP)
E_DICE = _field("dice", MAXP * 2)
E_TURNS = _field("turns", MAXP)
E_BOARD = _field("boards", MAXP)  # row of the board table (the pool's order), -1 none yet
E_VPSRC = _field("vp by source", MAXP * NSRC)
G_MODE = _field("mode", 1)
G_PHASE = _field("phase", 1)
G_ROUND = _field("round", 1)
G_TOMOVE = _field("to_move", 1)  # -1: the game is over
G_ORDER = _field("order", MAXP)
G_OI = _field("oi", 1)
G_STAMP = _field("stamp", 1)
G_USED = _field("used", 1)
G_BOUGHT = _field("bought", 1)
G_WHITE = _field("white", 1)
G_NFR = _field("frame count", 1)
G_FR = _field("frames", MAXFRAMES * 2)  # (kind, argument) pairs, bottom first
G_DEP = _field("depots", 24)
G_BLACK = _field("black", 8)
G_DG = _field("depot_goods", 36)
G_RG = _field("round_goods", 5)
G_NRG = _field("round goods count", 1)
G_GPOOL = _field("goods_pool", 6)
G_STK = _field("stacks", 6 * STACK)
G_NSTK = _field("stack counts", 6)
G_BSTK = _field("black_stack", STACK)
G_NBSTK = _field("black stack count", 1)
G_REM = _field("removed", NTILES)
G_NREM = _field("removed count", 1)
G_BONUS = _field("bonus", 12)
G_PLAYERS = _field("players", 1)
G_MATCH = _field("city hall matches colours", 1)
G_DURING = _field("black depot during effects", 1)
SIZE = _field("end", 0)
#: what ``games`` plays (its ``mode``; see there)
PLAY, NEW = range(2)

MODE_BOARD, MODE_PLAY, MODE_OVER = 0, 1, 2
F_CASTLE, F_HALL, F_PICK, F_WAREHOUSE, F_SHIP, F_GOODS, F_DISCARD = range(7)
SRC_REGION, SRC_BONUS, SRC_ANIMALS, SRC_WATCHTOWER, SRC_SALE, SRC_GOODS, SRC_SILVER, SRC_WORKERS = range(8)
SRC_KNOWLEDGE = 8  # knowledge-15 .. knowledge-26 are 8 .. 19
SHIP, ANIMAL, CASTLE, MINE, KNOWLEDGE, BUILDING = range(6)
WAREHOUSE, WATCHTOWER, CARPENTER, CHURCH, MARKET, BOARDING_HOUSE, BANK, CITY_HALL = range(8)
K1, K2, K3, K4, K5, K6, K7, K8 = (1 << n for n in range(1, 9))
K12, K13, K14 = 1 << 12, 1 << 13, 1 << 14

# the action space (``actions.py``): the first index of each kind
A_TAKE, A_PLACE, A_HALL, A_SELL, A_WORKERS, A_ADJUST = 0, 72, 405, 516, 534, 537
A_BUY_BLACK, A_BUY_DEPOT, A_DISCARD, A_PICK, A_SHIP1, A_SHIP2 = 545, 553, 577, 580, 604, 610
A_GOODS, A_WAREHOUSE, A_SKIP, A_END, A_BOARD, A_START = 616, 622, 628, 629, 630, 729
assert (A_TAKE, A_PLACE, A_HALL, A_SELL, A_WORKERS, A_ADJUST, A_BUY_BLACK, A_DISCARD, A_PICK, A_SHIP1, A_GOODS,
        A_WAREHOUSE, A_SKIP, A_END, A_BOARD, A_START) == tuple(BASE[k] for k in (
            "take", "place", "hall", "sell", "workers", "adjust", "buy", "discard", "pick", "ship", "goods",
            "warehouse", "skip", "end", "board", "start")) and NACTIONS == 766, "the action space changed"

# --- the board table: one row per board of the pool -------------------------------------------------------
B_TYPES = 0  # [space] colour, -1 no space
B_NMASK = 38  # [space] neighbours
B_ROF = 76  # [space] region
B_RMASK = 114  # [region] spaces
B_RSIZE = 152  # [region] size
B_TMASK = 190  # [colour] spaces
B_TV = 196  # [colour * 7 + die]
B_TV1 = 238  # [colour * 7 + die] with die - 1 .. die + 1
B_START = 280  # the fixed start castle space, 0: the player places it
B_NUMBER = 281
B_NIDS = 282
B_SVAL = 283  # [space] the start castle's worth there (``Board.start_values``) x 100
B_COPIES = 321  # copies of the board in the box (``BOARD_COPIES``): how many seats may choose it
BW = 322


def board_table(pool: Sequence[Board]) -> Any:
    """The boards of a game's pool as rows of int64 (layout ``B_*``), in the pool's order."""
    bt = np.full((len(pool), BW), -1, dtype=np.int64)
    for i, b in enumerate(pool):
        bt[i, B_TYPES:B_TYPES + STRIDE] = b.types
        bt[i, B_NMASK:B_NMASK + STRIDE] = b.nmask
        bt[i, B_ROF:B_ROF + STRIDE] = b.region_of
        nr = len(b.region_mask)
        bt[i, B_RMASK:B_RMASK + nr] = b.region_mask
        bt[i, B_RSIZE:B_RSIZE + nr] = b.region_size
        bt[i, B_TMASK:B_TMASK + 6] = b.type_mask
        bt[i, B_TV:B_TV + 42] = b.tv_mask
        bt[i, B_TV1:B_TV1 + 42] = b.tv1_mask
        bt[i, B_START] = b.start
        bt[i, B_NUMBER] = b.number
        bt[i, B_NIDS] = len(b.ids)
        bt[i, B_SVAL:B_SVAL + STRIDE] = [round(v * 100) for v in b.start_values]
        bt[i, B_COPIES] = BOARD_COPIES.get(b.number, 1)
    return bt


if AVAILABLE:
    _TTYPE = np.array(T_TYPE, dtype=np.int64)
    _TKIND = np.array(T_KIND, dtype=np.int64)
    _TANIM = np.array(T_ANIMALS, dtype=np.int64)
    _SLOTS = np.array(DEPOT_SLOTS, dtype=np.int64)
    _FREEPL = np.array(FREE_PLACE, dtype=np.int64)
    _SIZEVP = np.array(SIZE_VP, dtype=np.int64)
    _PHBONUS = np.array(PHASE_BONUS, dtype=np.int64)
    _SALEVP = np.array([SALE_VP.get(n, 0) for n in range(MAXP + 1)], dtype=np.int64)
    _LARGE = np.array([LARGE_BONUS.get(n, 0) for n in range(MAXP + 1)], dtype=np.int64)
    _SMALL = np.array([SMALL_BONUS.get(n, 0) for n in range(MAXP + 1)], dtype=np.int64)
    _NBLACK = np.array([BLACK_DEPOT_TILES.get(n, 0) for n in range(MAXP + 1)], dtype=np.int64)
    _DELTA = np.array((1, -1, 2, -2), dtype=np.int64)
    _PICKT = np.zeros(8, dtype=np.int64)
    _PICKT[CARPENTER] = 1 << BUILDING
    _PICKT[CHURCH] = (1 << MINE) | (1 << KNOWLEDGE) | (1 << CASTLE)
    _PICKT[MARKET] = (1 << SHIP) | (1 << ANIMAL)
    _STACKS0 = np.full(6 * STACK, -1, dtype=np.int64)
    _NSTACKS0 = np.zeros(6, dtype=np.int64)
    _BSTACK0 = np.full(STACK, -1, dtype=np.int64)
    _nb = 0
    for _t in range(NTILES):  # the stacks in tile order, as ``setup._stacks`` makes them
        if T_BLACK[_t]:
            _BSTACK0[_nb] = _t
            _nb += 1
        else:
            _STACKS0[T_TYPE[_t] * STACK + _NSTACKS0[T_TYPE[_t]]] = _t
            _NSTACKS0[T_TYPE[_t]] += 1
    _NBSTACK0 = _nb

    # SplitMix64 (``realms.core.jit``): rngs[0] is the game's stream, rngs[1 + p] seat p's agent
    from realms.core import jit
    from realms.core.jit import below as _below
    from realms.core.jit import pick as _pick

    jit.drop_stale_cache(__file__, jit.__file__)

    @jit.compiled
    def _popcount(m: int) -> int:
        c = 0
        while m:
            m &= m - 1
            c += 1
        return c

    @jit.compiled
    def _draw(st: Any, rngs: Any, base: int, count_at: int) -> int:
        """``state._draw``: a uniform tile of the stack at ``base``, the last one moved into its slot."""
        n = st[count_at]
        i = _below(rngs, 0, n)
        tile = st[base + i]
        st[base + i] = st[base + n - 1]
        st[base + n - 1] = -1
        st[count_at] = n - 1
        return tile

    @jit.compiled
    def _draw_goods(st: Any, rngs: Any) -> int:
        total = 0
        for c in range(6):
            total += st[G_GPOOL + c]
        x = _below(rngs, 0, total)
        for c in range(6):
            x -= st[G_GPOOL + c]
            if x < 0:
                st[G_GPOOL + c] -= 1
                return c
        return -1

    @jit.compiled
    def _score(st: Any, p: int, src: int, vp: int) -> None:
        st[E_VP + p] += vp
        st[E_VPSRC + p * NSRC + src] += vp

    @jit.compiled
    def _push(st: Any, kind: int, arg: int) -> None:
        n = st[G_NFR]
        st[G_FR + 2 * n] = kind
        st[G_FR + 2 * n + 1] = arg
        st[G_NFR] = n + 1

    @jit.compiled
    def _pop(st: Any) -> int:
        """Drop the top frame; its argument."""
        n = st[G_NFR] - 1
        arg = st[G_FR + 2 * n + 1]
        st[G_FR + 2 * n] = -1
        st[G_FR + 2 * n + 1] = -1
        st[G_NFR] = n
        return arg

    @jit.compiled
    def _track_order(st: Any, at: int) -> None:
        """``track_order`` into ``st[at:at + players]``: furthest ahead first, top of a stack first (stable)."""
        n = st[G_PLAYERS]
        for q in range(n):
            st[at + q] = q
        for i in range(1, n):
            j = i
            while j > 0:
                a = st[at + j]
                b = st[at + j - 1]
                pa, pb = st[E_TPOS + a], st[E_TPOS + b]
                if pa > pb or (pa == pb and st[E_TSTAMP + a] > st[E_TSTAMP + b]):
                    st[at + j] = b
                    st[at + j - 1] = a
                    j -= 1
                else:
                    break

    # --- legal actions (``legality``) -------------------------------------------------------------------
    @jit.compiled
    def _unique_ok(bt: Any, bi: int, sp: int, kb: int) -> bool:
        return (bt[bi, B_RMASK + bt[bi, B_ROF + sp]] & kb) == 0

    @jit.compiled
    def _die_actions(st: Any, bt: Any, p: int, i: int, v: int, acts: Any, n: int) -> int:
        know = st[E_KNOW + p]
        players = st[G_PLAYERS]
        # take a tile from a numbered depot
        tbase = A_TAKE + i * 24
        if i == 2:
            for d in range(6):
                for k in range(players):
                    if st[G_DEP + d * 4 + k] >= 0:
                        acts[n] = tbase + d * 4 + k
                        n += 1
        else:
            for j in range(3 if know & K12 else 1):
                if know & K12:
                    d = (v + 4 + j) % 6  # (v - 2) % 6, v - 1, v % 6 (v is 1-6)
                else:
                    d = v - 1
                for k in range(players):
                    if st[G_DEP + d * 4 + k] >= 0:
                        acts[n] = tbase + d * 4 + k
                        n += 1
        # place a tile from storage
        bi = st[E_BOARD + p]
        occ = st[E_OCC + p]
        free = st[E_ADJ + p] & ~occ
        if free:
            for si in range(st[E_NSTO + p]):
                tile = st[E_STO + p * 4 + si]
                t = _TTYPE[tile]
                if i == 2:
                    m = bt[bi, B_TMASK + t] & free
                elif know & _FREEPL[t]:
                    m = bt[bi, B_TV1 + t * 7 + v] & free
                else:
                    m = bt[bi, B_TV + t * 7 + v] & free
                kb = 0
                if m and t == BUILDING and not know & K1:
                    kb = st[E_BKIND + p * 8 + _TKIND[tile]]
                base = A_PLACE + (i * 3 + si) * 37 - 1
                sp = 1
                while m >> sp:
                    if m >> sp & 1 and (kb == 0 or _unique_ok(bt, bi, sp, kb)):
                        acts[n] = base + sp
                        n += 1
                    sp += 1
        # sell goods
        gb = E_GOODS + p * 6
        if i == 2:
            for c in range(6):
                if st[gb + c]:
                    acts[n] = A_SELL + 12 + c
                    n += 1
        elif st[gb + v - 1]:
            acts[n] = A_SELL + i * 6 + v - 1
            n += 1
        acts[n] = A_WORKERS + i
        return n + 1

    @jit.compiled
    def _hall_places(st: Any, bt: Any, p: int, acts: Any, n: int) -> int:
        bi = st[E_BOARD + p]
        free = st[E_ADJ + p] & ~st[E_OCC + p]
        if not free:
            return n
        know = st[E_KNOW + p]
        for si in range(st[E_NSTO + p]):
            tile = st[E_STO + p * 4 + si]
            t = _TTYPE[tile]
            m = free & bt[bi, B_TMASK + t] if st[G_MATCH] else free
            kb = 0
            if m and t == BUILDING and not know & K1:
                kb = st[E_BKIND + p * 8 + _TKIND[tile]]
            base = A_HALL + si * 37 - 1
            sp = 1
            while m >> sp:
                if m >> sp & 1 and (kb == 0 or _unique_ok(bt, bi, sp, kb)):
                    acts[n] = base + sp
                    n += 1
                sp += 1
        return n

    @jit.compiled
    def _buys(st: Any, p: int, acts: Any, n: int) -> int:
        if st[G_BOUGHT] or st[E_SILVER + p] < 2:
            return n
        for k in range(8):
            if st[G_BLACK + k] >= 0:
                acts[n] = A_BUY_BLACK + k
                n += 1
        if st[E_KNOW + p] & K6:
            for j in range(24):
                if st[G_DEP + j] >= 0:
                    acts[n] = A_BUY_DEPOT + j
                    n += 1
        return n

    @jit.compiled
    def _compute(st: Any, bt: Any, acts: Any) -> int:
        """``_compute``: the current decision's actions into ``acts``, in the reference's order; how many."""
        p = st[G_TOMOVE]
        if st[G_MODE] == MODE_BOARD:
            bi = st[E_BOARD + p]
            if bi < 0:  # ``boards_left``: a board's copies in the box, less the seats that chose one
                n = 0
                for b in range(bt.shape[0]):
                    taken = 0
                    for q in range(st[G_PLAYERS]):
                        if st[E_BOARD + q] == b:
                            taken += 1
                    if taken < bt[b, B_COPIES]:
                        acts[n] = A_BOARD + bt[b, B_NUMBER] - 1
                        n += 1
                return n
            n = 0
            for sp in range(1, STRIDE):
                if bt[bi, B_TYPES + sp] == CASTLE:
                    acts[n] = A_START + sp - 1
                    n += 1
            return n
        n = 0
        nf = st[G_NFR]
        if nf:
            k = st[G_FR + 2 * nf - 2]
            arg = st[G_FR + 2 * nf - 1]
            if k == F_CASTLE:
                n = _die_actions(st, bt, p, 2, 0, acts, 0)
                if st[G_DURING]:
                    n = _buys(st, p, acts, n)
            elif k == F_DISCARD:
                for j in range(3):
                    acts[j] = A_DISCARD + j
                n = 3
            elif k == F_HALL:
                n = _hall_places(st, bt, p, acts, 0)
                if st[G_DURING]:
                    n = _buys(st, p, acts, n)
                if n:
                    acts[n] = A_SKIP
                    n += 1
            elif k == F_PICK:
                for j in range(24):
                    t = st[G_DEP + j]
                    if t >= 0 and arg >> _TTYPE[t] & 1:
                        acts[n] = A_PICK + j
                        n += 1
                if n:
                    acts[n] = A_SKIP
                    n += 1
            elif k == F_SHIP:
                has = 0
                for d in range(6):
                    for c in range(6):
                        if st[G_DG + d * 6 + c]:
                            has |= 1 << d
                            break
                for d in range(6):
                    if has >> d & 1:
                        acts[n] = A_SHIP1 + d
                        n += 1
                if st[E_KNOW + p] & K5:
                    for d in range(6):
                        if has >> d & 1 or has >> ((d + 1) % 6) & 1:
                            acts[n] = A_SHIP2 + d
                            n += 1
            elif k == F_GOODS:
                gb = E_GOODS + p * 6
                held = 0
                for c in range(6):
                    if st[gb + c]:
                        held += 1
                if held < 3:
                    for c in range(6):
                        if st[gb + c]:
                            continue
                        for d in range(6):
                            if arg >> d & 1 and st[G_DG + d * 6 + c]:
                                acts[n] = A_GOODS + c
                                n += 1
                                break
            elif k == F_WAREHOUSE:
                gb = E_GOODS + p * 6
                for c in range(6):
                    if st[gb + c]:
                        acts[n] = A_WAREHOUSE + c
                        n += 1
            return n
        used = st[G_USED]
        if used == 7:
            return 0
        if used != 3:
            w = st[E_WORK + p]
            k8 = st[E_KNOW + p] & K8
            for i in range(2):
                if used >> i & 1:
                    continue
                n = _die_actions(st, bt, p, i, st[E_DICE + p * 2 + i], acts, n)
                if w:
                    acts[n] = A_ADJUST + i * 4
                    acts[n + 1] = A_ADJUST + i * 4 + 1
                    n += 2
                    if k8:
                        acts[n] = A_ADJUST + i * 4 + 2
                        acts[n + 1] = A_ADJUST + i * 4 + 3
                        n += 2
            return _buys(st, p, acts, n)
        n = _buys(st, p, acts, 0)
        if n:
            acts[n] = A_END
            n += 1
        return n

    # --- effects (``effects``) ----------------------------------------------------------------------------
    @jit.compiled
    def _use_die(st: Any, i: int) -> None:
        if i == 2:
            _pop(st)
        else:
            st[G_USED] |= 1 << i

    @jit.compiled
    def _to_storage(st: Any, p: int, tile: int) -> None:
        n = st[E_NSTO + p]
        st[E_STO + p * 4 + n] = tile
        st[E_NSTO + p] = n + 1
        if n + 1 > 3:
            _push(st, F_DISCARD, 0)

    @jit.compiled
    def _take_storage(st: Any, p: int, si: int) -> int:
        """``storage[p].pop(si)``."""
        b = E_STO + p * 4
        n = st[E_NSTO + p]
        tile = st[b + si]
        for j in range(si, n - 1):
            st[b + j] = st[b + j + 1]
        st[b + n - 1] = -1
        st[E_NSTO + p] = n - 1
        return tile

    @jit.compiled
    def _sell(st: Any, p: int, c: int) -> None:
        j = p * 6 + c
        n = st[E_GOODS + j]
        st[E_GOODS + j] = 0
        st[E_SOLD + j] += n
        know = st[E_KNOW + p]
        st[E_SILVER + p] += 2 if know & K3 else 1
        if know & K4:
            st[E_WORK + p] += 1
        _score(st, p, SRC_SALE, n * _SALEVP[st[G_PLAYERS]])

    @jit.compiled
    def _take_colour(st: Any, p: int, dmask: int, c: int) -> None:
        got = 0
        for d in range(6):
            if dmask >> d & 1:
                got += st[G_DG + d * 6 + c]
                st[G_DG + d * 6 + c] = 0
        st[E_GOODS + p * 6 + c] += got

    @jit.compiled
    def _ship_take(st: Any, p: int, dmask: int) -> None:
        gb = E_GOODS + p * 6
        new = 0
        nnew = 0
        for c in range(6):
            on = 0
            for d in range(6):
                if dmask >> d & 1:
                    on += st[G_DG + d * 6 + c]
            if not on:
                continue
            if st[gb + c]:
                _take_colour(st, p, dmask, c)
            else:
                new |= 1 << c
                nnew += 1
        if not nnew:
            return
        free = 3
        for c in range(6):
            if st[gb + c]:
                free -= 1
        if nnew <= free:
            for c in range(6):
                if new >> c & 1:
                    _take_colour(st, p, dmask, c)
        elif free > 0:
            _push(st, F_GOODS, dmask)

    @jit.compiled
    def _place(st: Any, bt: Any, p: int, tile: int, sp: int) -> None:
        bi = st[E_BOARD + p]
        base = E_EST + p * STRIDE
        st[base + sp] = tile
        bit = 1 << sp
        occ = st[E_OCC + p] | bit
        st[E_OCC + p] = occ
        st[E_ADJ + p] |= bt[bi, B_NMASK + sp]
        r = bt[bi, B_ROF + sp]
        rm = bt[bi, B_RMASK + r]
        if occ & rm == rm:
            _score(st, p, SRC_REGION, _SIZEVP[bt[bi, B_RSIZE + r]] + _PHBONUS[st[G_PHASE]])
        sc = bt[bi, B_TYPES + sp]
        tm = bt[bi, B_TMASK + sc]
        if occ & tm == tm:
            if st[G_BONUS + sc] < 0:
                st[G_BONUS + sc] = p
                _score(st, p, SRC_BONUS, _LARGE[st[G_PLAYERS]])
            elif st[G_BONUS + 6 + sc] < 0:
                st[G_BONUS + 6 + sc] = p
                _score(st, p, SRC_BONUS, _SMALL[st[G_PLAYERS]])
        t = _TTYPE[tile]
        if t == CASTLE:
            _push(st, F_CASTLE, 0)
        elif t == SHIP:
            st[G_STAMP] += 1
            st[E_TPOS + p] += 1
            st[E_TSTAMP + p] = st[G_STAMP]
            _push(st, F_SHIP, 0)
        elif t == ANIMAL:
            species = _TKIND[tile]
            total = 0
            count = 0
            m = rm & occ
            q = 1
            while m >> q:
                if m >> q & 1:
                    t2 = st[base + q]
                    if _TTYPE[t2] == ANIMAL and _TKIND[t2] == species:
                        total += _TANIM[t2]
                        count += 1
                q += 1
            if st[E_KNOW + p] & K7:
                total += count
            _score(st, p, SRC_ANIMALS, total)
        elif t == MINE:
            st[E_MINES + p] += 1
        elif t == KNOWLEDGE:
            st[E_KNOW + p] |= 1 << _TKIND[tile]
        else:
            k = _TKIND[tile]
            st[E_BKIND + p * 8 + k] |= bit
            if k == WAREHOUSE:
                _push(st, F_WAREHOUSE, 0)
            elif k == WATCHTOWER:
                _score(st, p, SRC_WATCHTOWER, 4)
            elif k == CARPENTER or k == CHURCH or k == MARKET:
                _push(st, F_PICK, _PICKT[k])
            elif k == BOARDING_HOUSE:
                st[E_WORK + p] += 4
            elif k == CITY_HALL:
                _push(st, F_HALL, 0)
            else:  # bank
                st[E_SILVER + p] += 2

    @jit.compiled
    def _apply(st: Any, bt: Any, rngs: Any, p: int, idx: int) -> None:
        """The handler of action ``idx`` (``effects._DO``), decoded from its index."""
        if idx < A_PLACE:  # take
            j = idx - A_TAKE
            _use_die(st, j // 24)
            j %= 24
            tile = st[G_DEP + j]
            st[G_DEP + j] = -1
            _to_storage(st, p, tile)
        elif idx < A_HALL:  # place
            j = idx - A_PLACE
            _use_die(st, j // 111)
            tile = _take_storage(st, p, j // 37 % 3)
            _place(st, bt, p, tile, j % 37 + 1)
        elif idx < A_SELL:  # City Hall
            j = idx - A_HALL
            _pop(st)
            tile = _take_storage(st, p, j // 37)
            _place(st, bt, p, tile, j % 37 + 1)
        elif idx < A_WORKERS:  # sell
            j = idx - A_SELL
            _use_die(st, j // 6)
            _sell(st, p, j % 6)
        elif idx < A_ADJUST:  # workers
            _use_die(st, idx - A_WORKERS)
            know = st[E_KNOW + p]
            st[E_WORK + p] += 4 if know & K14 else 2
            if know & K13:
                st[E_SILVER + p] += 1
        elif idx < A_BUY_BLACK:  # adjust a die
            j = idx - A_ADJUST
            st[E_WORK + p] -= 1
            d = E_DICE + p * 2 + j // 4
            st[d] = (st[d] + 5 + _DELTA[j % 4]) % 6 + 1  # (old - 1 + delta) % 6 + 1
        elif idx < A_DISCARD:  # buy
            st[E_SILVER + p] -= 2
            st[G_BOUGHT] = 1
            if idx < A_BUY_DEPOT:
                j = G_BLACK + idx - A_BUY_BLACK
            else:
                j = G_DEP + idx - A_BUY_DEPOT
            tile = st[j]
            st[j] = -1
            _to_storage(st, p, tile)
        elif idx < A_PICK:  # discard
            _pop(st)
            tile = _take_storage(st, p, idx - A_DISCARD)
            st[G_REM + st[G_NREM]] = tile
            st[G_NREM] += 1
        elif idx < A_SHIP1:  # pick
            _pop(st)
            j = G_DEP + idx - A_PICK
            tile = st[j]
            st[j] = -1
            _to_storage(st, p, tile)
        elif idx < A_GOODS:  # ship
            _pop(st)
            d = idx - A_SHIP1
            if d < 6:
                dmask = 1 << d
            else:
                d -= 6
                dmask = (1 << d) | (1 << ((d + 1) % 6))
            _ship_take(st, p, dmask)
        elif idx < A_WAREHOUSE:  # keep goods of a colour
            dmask = _pop(st)
            _take_colour(st, p, dmask, idx - A_GOODS)
            _ship_take(st, p, dmask)
        elif idx < A_SKIP:  # Warehouse sale
            _pop(st)
            _sell(st, p, idx - A_WAREHOUSE)
        elif idx == A_SKIP:
            _pop(st)
        elif idx == A_END:
            st[G_USED] = 7
        elif idx < A_START:  # choose a board
            number = idx - A_BOARD + 1
            for b in range(bt.shape[0]):
                if bt[b, B_NUMBER] == number:
                    st[E_BOARD + p] = b
                    break
            if bt[st[E_BOARD + p], B_START] > 0:
                _start_castle(st, bt, rngs, p, bt[st[E_BOARD + p], B_START])
            _next_setup(st, rngs)
        else:  # place the start castle
            _start_castle(st, bt, rngs, p, idx - A_START + 1)
            _next_setup(st, rngs)

    # --- the turn machine (``setup``) and final scoring (``scoring``) ---------------------------------------
    @jit.compiled
    def _next_setup(st: Any, rngs: Any) -> None:
        """``_next_setup``: the next seat in starting turn order without a board or a start castle, else round
        A1 begins."""
        while st[G_OI] < st[G_PLAYERS]:
            q = st[G_ORDER + st[G_OI]]
            if st[E_BOARD + q] < 0 or st[E_OCC + q] == 0:
                st[G_TOMOVE] = q
                return
            st[G_OI] += 1
        st[G_MODE] = MODE_PLAY
        _start_round(st, rngs)

    @jit.compiled
    def _start_castle(st: Any, bt: Any, rngs: Any, q: int, sp: int) -> None:
        bi = st[E_BOARD + q]
        tile = _draw(st, rngs, G_STK + CASTLE * STACK, G_NSTK + CASTLE)
        st[E_EST + q * STRIDE + sp] = tile
        st[E_OCC + q] = 1 << sp
        st[E_ADJ + q] = bt[bi, B_NMASK + sp]

    @jit.compiled
    def _setup_phase(st: Any, rngs: Any) -> None:
        for i in range(24):
            if st[G_DEP + i] >= 0:
                st[G_REM + st[G_NREM]] = st[G_DEP + i]
                st[G_NREM] += 1
                st[G_DEP + i] = -1
        for i in range(8):
            if st[G_BLACK + i] >= 0:
                st[G_REM + st[G_NREM]] = st[G_BLACK + i]
                st[G_NREM] += 1
                st[G_BLACK + i] = -1
        n = st[G_PLAYERS]
        for d in range(6):
            for k in range(n):
                t = _SLOTS[d, k]
                if st[G_NSTK + t]:
                    st[G_DEP + d * 4 + k] = _draw(st, rngs, G_STK + t * STACK, G_NSTK + t)
        for k in range(_NBLACK[n]):
            if st[G_NBSTK]:
                st[G_BLACK + k] = _draw(st, rngs, G_BSTK, G_NBSTK)
        for j in range(5):
            st[G_RG + j] = _draw_goods(st, rngs)
        st[G_NRG] = 5

    @jit.compiled
    def _start_round(st: Any, rngs: Any) -> None:
        _track_order(st, G_ORDER)
        st[G_OI] = 0
        white = 1 + _below(rngs, 0, 6)
        st[G_WHITE] = white
        colour = st[G_RG]
        nrg = st[G_NRG]
        for j in range(nrg - 1):
            st[G_RG + j] = st[G_RG + j + 1]
        st[G_RG + nrg - 1] = -1
        st[G_NRG] = nrg - 1
        st[G_DG + (white - 1) * 6 + colour] += 1
        for i in range(st[G_PLAYERS] * 2):
            st[E_DICE + i] = 1 + _below(rngs, 0, 6)
        st[G_TOMOVE] = st[G_ORDER]
        st[G_USED] = 0
        st[G_BOUGHT] = 0

    @jit.compiled
    def _knowledge_end(st: Any, q: int, num: int) -> int:
        if num == 15:
            colours = 0
            for c in range(6):
                if st[E_SOLD + q * 6 + c]:
                    colours += 1
            return 3 * colours
        if num <= 23:
            return 4 * _popcount(st[E_BKIND + q * 8 + num - 16])
        if num == 24:
            species = 0
            for sp in range(STRIDE):
                t = st[E_EST + q * STRIDE + sp]
                if t >= 0 and _TTYPE[t] == ANIMAL:
                    species |= 1 << _TKIND[t]
            return 4 * _popcount(species)
        if num == 25:
            n = 0
            for c in range(6):
                n += st[E_SOLD + q * 6 + c]
            return n
        n = 0
        for j in range(12):
            if st[G_BONUS + j] == q:
                n += 1
        return 2 * n

    @jit.compiled
    def _final_scoring(st: Any) -> None:
        st[G_TOMOVE] = -1
        st[G_MODE] = MODE_OVER
        _track_order(st, G_ORDER)
        st[G_OI] = 0
        st[G_USED] = 0
        for q in range(st[G_PLAYERS]):
            g = 0
            for c in range(6):
                g += st[E_GOODS + q * 6 + c]
            if g:
                _score(st, q, SRC_GOODS, g)
            if st[E_SILVER + q]:
                _score(st, q, SRC_SILVER, st[E_SILVER + q])
            if st[E_WORK + q] // 2:
                _score(st, q, SRC_WORKERS, st[E_WORK + q] // 2)
            know = st[E_KNOW + q]
            for num in range(15, 27):
                if know >> num & 1:
                    vp = _knowledge_end(st, q, num)
                    if vp:
                        _score(st, q, SRC_KNOWLEDGE + num - 15, vp)

    @jit.compiled
    def _end_turn(st: Any, rngs: Any) -> None:
        p = st[G_TOMOVE]
        n = st[G_PLAYERS]
        st[E_TURNS + p] += 1
        st[G_OI] += 1
        if st[G_OI] < n:
            st[G_TOMOVE] = st[G_ORDER + st[G_OI]]
            st[G_USED] = 0
            st[G_BOUGHT] = 0
            return
        st[G_ROUND] += 1
        if st[G_ROUND] < 5:
            _start_round(st, rngs)
            return
        for q in range(n):  # mine income
            m = st[E_MINES + q]
            if m:
                st[E_SILVER + q] += m
                if st[E_KNOW + q] & K2:
                    st[E_WORK + q] += m
        st[G_PHASE] += 1
        st[G_ROUND] = 0
        if st[G_PHASE] < 5:
            _setup_phase(st, rngs)
            _start_round(st, rngs)
            return
        _final_scoring(st)

    @jit.compiled
    def _settle(st: Any, bt: Any, rngs: Any, acts: Any) -> int:
        """``_settle``: on to the next real decision; its actions' count (in ``acts``), 0 at the end."""
        while True:
            if st[G_TOMOVE] < 0:
                return 0
            n = _compute(st, bt, acts)
            if n:
                return n
            if st[G_NFR]:
                _pop(st)
                continue
            _end_turn(st, rngs)

    @jit.compiled
    def setup(st: Any, bt: Any, rngs: Any, players: int, scenario: int, match: bool, during: bool,
              box: Any) -> None:
        """``Burgundy.setup`` into ``st`` from the game stream ``rngs[0]`` (already ``Rng(seed).state``):
        ``scenario`` 0 basic (``box[0]``: board 1's row), 1 advanced or random (``box``: the rows of the boards
        dealt from, ``board_box``'s order for advanced, one of each board for random), 2 free-choice. The
        decisions before round A1 (a board, a start castle space) are left to ``games``."""
        for j in range(SIZE):
            st[j] = -1
        st[G_PLAYERS] = players
        st[G_MATCH] = 1 if match else 0
        st[G_DURING] = 1 if during else 0
        st[G_MODE] = MODE_PLAY
        st[G_PHASE] = 0
        st[G_ROUND] = 0
        for q in range(MAXP):
            st[E_OCC + q] = 0
            st[E_ADJ + q] = 0
            st[E_NSTO + q] = 0
            st[E_SILVER + q] = 1 if q < players else -1
            for j in range(NSRC):
                st[E_VPSRC + q * NSRC + j] = 0
            if q < players:
                st[E_WORK + q] = 0
                st[E_VP + q] = 0
                st[E_KNOW + q] = 0
                st[E_MINES + q] = 0
                st[E_TURNS + q] = 0
                for j in range(6):
                    st[E_GOODS + q * 6 + j] = 0
                    st[E_SOLD + q * 6 + j] = 0
                for j in range(8):
                    st[E_BKIND + q * 8 + j] = 0
                st[E_DICE + q * 2] = 1
                st[E_DICE + q * 2 + 1] = 1
                st[E_TPOS + q] = 0
        st[G_USED] = 0
        st[G_BOUGHT] = 0
        st[G_WHITE] = 0
        st[G_NFR] = 0
        for j in range(36):
            st[G_DG + j] = 0
        st[G_NRG] = 0
        for j in range(6):
            st[G_GPOOL + j] = GOODS_PER_COLOUR
            st[G_NSTK + j] = _NSTACKS0[j]
        st[G_STK:G_STK + 6 * STACK] = _STACKS0
        st[G_BSTK:G_BSTK + STACK] = _BSTACK0
        st[G_NBSTK] = _NBSTACK0
        st[G_NREM] = 0
        first = _below(rngs, 0, players)
        for i in range(players):
            q = (first + i) % players
            st[G_ORDER + i] = q
            st[E_TSTAMP + q] = players - i
            st[E_WORK + q] = i + 1
        st[G_OI] = 0
        st[G_STAMP] = players
        for i in range(players):
            q = st[G_ORDER + i]
            for _ in range(3):
                st[E_GOODS + q * 6 + _draw_goods(st, rngs)] += 1
        if scenario == 0:
            for q in range(players):
                st[E_BOARD + q] = box[0]
        elif scenario == 1:
            left = box.copy()
            nbox = left.shape[0]
            for q in range(players):
                j = _below(rngs, 0, nbox)
                st[E_BOARD + q] = left[j]
                for i in range(j, nbox - 1):
                    left[i] = left[i + 1]
                nbox -= 1
        _setup_phase(st, rngs)
        for q in range(players):
            bi = st[E_BOARD + q]
            if bi >= 0 and bt[bi, B_START] > 0:
                _start_castle(st, bt, rngs, q, bt[bi, B_START])
        st[G_MODE] = MODE_BOARD
        _next_setup(st, rngs)

    @jit.compiled
    def summary(st: Any, bt: Any, out: Any) -> None:
        """Per seat, what ``result`` reads: score, empty spaces, place in the final turn order (0 first),
        silverlings, workers, goods sold, turns, then VP by source (``SOURCES``)."""
        order = np.empty(MAXP, dtype=np.int64)
        for q in range(st[G_PLAYERS]):
            order[q] = st[G_ORDER + q]
        for i in range(st[G_PLAYERS]):
            q = order[i]
            out[q, 0] = st[E_VP + q]
            bi = st[E_BOARD + q]
            out[q, 1] = bt[bi, B_NIDS] - _popcount(st[E_OCC + q]) if bi >= 0 else 0
            out[q, 2] = i
            out[q, 3] = st[E_SILVER + q]
            out[q, 4] = st[E_WORK + q]
            sold = 0
            for c in range(6):
                sold += st[E_SOLD + q * 6 + c]
            out[q, 5] = sold
            out[q, 6] = st[E_TURNS + q]
            for j in range(NSRC):
                out[q, 7 + j] = st[E_VPSRC + q * NSRC + j]

    @jit.compiled
    def games(mode: int, st: Any, bt: Any, rngs: Any, record: bool, rec: Any, lists: Any, players: int, scenario: int,
              match: bool, during: bool, box: Any, out: Any) -> int:
        """Every way the kernel plays ``random`` seats, in one compiled function (each function that calls the
        engine is compiled with the whole engine inside it, so one entry point compiles it once); seat p draws its
        choices from ``rngs[1 + p]``, chance from ``rngs[0]``; returns the number of actions. By ``mode``:

        - ``PLAY``: the settled state ``st`` played to the end. With ``record``, ``rec[step]`` is the chosen action
          and ``rec[cap + step]`` the number of legal actions (``cap`` half its length), every legal list laid end
          to end in ``lists``.
        - ``NEW``: a whole new game: ``setup`` of ``players`` seats (``scenario``, ``match``, ``during``, ``box``
          as there), then ``PLAY`` without a record, then ``summary`` into ``out``.
        """
        if mode == NEW:
            setup(st, bt, rngs, players, scenario, match, during, box)
        acts = np.empty(NACTIONS, dtype=np.int64)
        at = 0
        nact = 0
        k = _settle(st, bt, rngs, acts)
        while k:
            p = st[G_TOMOVE]
            idx = _pick(acts, k, rngs, 1 + p)
            if record:
                at = jit.record(rec, lists, nact, at, acts, k, idx)
            _apply(st, bt, rngs, p, idx)
            nact += 1
            k = _settle(st, bt, rngs, acts)
        if mode == NEW:
            summary(st, bt, out)
        return nact

    #: ``games``' arguments where its mode reads none (of the types the others are, so one version is compiled)
    _NO_INTS = np.zeros(2, dtype=np.int64)
    _NO_ROWS = np.zeros((1, 1), dtype=np.int64)


# --- between the reference's state and the kernel's ------------------------------------------------------
def encode(s: Any) -> Any:
    """The kernel's array for a reference ``BurgundyState`` (running or finished), ``-1`` in unused slots."""
    n = s.players
    st = np.full(SIZE, -1, dtype=np.int64)
    numbers = [b.number for b in s.pool]

    def put(at: int, values: Sequence[int]) -> None:
        st[at:at + len(values)] = values

    st[E_OCC:E_OCC + MAXP] = 0
    st[E_ADJ:E_ADJ + MAXP] = 0
    put(E_EST, s.estate)
    put(E_OCC, s.occ)
    put(E_ADJ, s.adj)
    st[E_NSTO:E_NSTO + MAXP] = 0
    st[E_VPSRC:E_VPSRC + MAXP * NSRC] = 0
    for q in range(n):
        put(E_STO + q * 4, s.storage[q])
        st[E_NSTO + q] = len(s.storage[q])
        st[E_BOARD + q] = -1 if s.boards[q] is None else numbers.index(s.boards[q].number)
        for src, vp in s.vp_log[q]:
            st[E_VPSRC + q * NSRC + SOURCES.index(src)] += vp
    put(E_GOODS, s.goods)
    put(E_SOLD, s.sold)
    put(E_SILVER, s.silver)
    put(E_WORK, s.workers)
    put(E_VP, s.vp)
    put(E_KNOW, s.know)
    put(E_MINES, s.mines)
    put(E_BKIND, s.bkind)
    put(E_TPOS, s.track_pos)
    put(E_TSTAMP, s.track_stamp)
    put(E_DICE, s.dice)
    put(E_TURNS, s.turns)
    st[G_MODE] = s.mode
    st[G_PHASE] = s.phase
    st[G_ROUND] = s.round
    st[G_TOMOVE] = -1 if s.to_move is None else s.to_move
    put(G_ORDER, s.order)
    st[G_OI] = s.oi
    st[G_STAMP] = s.stamp
    st[G_USED] = s.used
    st[G_BOUGHT] = int(s.bought)
    st[G_WHITE] = s.white
    if len(s.frames) > MAXFRAMES:
        raise ValueError(f"burgundy kernel: {len(s.frames)} frames, room for {MAXFRAMES}")
    st[G_NFR] = len(s.frames)
    put(G_FR, [x for f in s.frames for x in f])
    put(G_DEP, s.depots)
    put(G_BLACK, s.black)
    put(G_DG, s.depot_goods)
    put(G_RG, s.round_goods)
    st[G_NRG] = len(s.round_goods)
    put(G_GPOOL, s.goods_pool)
    for t in range(6):
        put(G_STK + t * STACK, s.stacks[t])
        st[G_NSTK + t] = len(s.stacks[t])
    put(G_BSTK, s.black_stack)
    st[G_NBSTK] = len(s.black_stack)
    put(G_REM, s.removed)
    st[G_NREM] = len(s.removed)
    put(G_BONUS, s.bonus)
    st[G_PLAYERS] = n
    st[G_MATCH] = int(s.opts["city_hall"] == "matching-colour")
    st[G_DURING] = int(s.opts["black_depot_timing"] == "during-effects")
    return st


def field_of(at: int) -> str:
    """The name of the state field that holds ``st[at]`` (for readable test failures)."""
    start = 0
    for name, size in _layout:
        if start <= at < start + size:
            return f"{name}[{at - start}]"
        start += size
    return f"[{at}]"


def result_of(rows: list[list[int]], players: int, tiebreak: str) -> Result:
    """The ``Result`` of a kernel game from ``summary``'s rows (the breakdown as ``Burgundy.result`` gives it;
    ``vp_by_source`` holds the same sources and sums, in ``SOURCES`` order)."""
    scores = [rows[q][0] for q in range(players)]
    sign = -1 if tiebreak == "fewest-empty" else 1
    keys = [(sign * rows[q][1], rows[q][2]) for q in range(players)]

    def breakdown() -> list[dict[str, Any]]:
        return [{"score": r[0], "vp_by_source": {src: vp for src, vp in zip(SOURCES, r[7:], strict=True) if vp},
                 "empty_spaces": r[1], "turn_order": r[2] + 1, "silverlings": r[3], "workers": r[4],
                 "goods_sold": r[5]} for r in rows[:players]]

    return Result.from_keys(scores, keys, breakdown)


_SCENARIOS = {"basic": 0, "advanced": 1, "random": 1, "free-choice": 2}


#: the options this kernel has code for, each with the values it plays (None: every value the option allows); a
#: game with another option or value plays through the reference (``uncovered``)
COVERS: dict[str, tuple[Any, ...] | None] = {
    "players": None, "scenario": tuple(_SCENARIOS), "board_set": None,
    "city_hall": ("any-colour", "matching-colour"),
    "tiebreak": ("fewest-empty", "most-empty"), "black_depot_timing": ("between-actions", "during-effects"),
    "boards_file": None,
}


def uncovered(options: Mapping[str, Any]) -> list[str]:
    """The settings of these validated options the kernel does not play (``COVERS``)."""
    return uncovered_options(options, COVERS)


def supports(options: Mapping[str, Any], agents: Sequence[str]) -> bool:
    """Whether the kernel plays these (validated) options between these agents exactly as the reference:
    numba installed, every seat ``random`` and every option as ``COVERS`` declares it."""
    return AVAILABLE and all(a == "random" for a in agents) and not uncovered(options)


class KernelGames:
    """Whole games of one set of options between ``random`` players, played in the kernel (``Game.fast_games``)."""

    path = "the compiled kernel"

    def __init__(self, game: Any, options: Mapping[str, Any]) -> None:
        o = self.options = dict(options)
        available = game.available_boards(o)
        numbers = list(available)
        self.bt = board_table(tuple(available.values()))
        self.players = o["players"]
        self.scenario = _SCENARIOS[o["scenario"]]
        if self.scenario == 0:
            rows = [numbers.index(1)]  # a boards file replaces or adds boards: board 1 is always there
        elif o["scenario"] == "advanced":
            rows = [numbers.index(x) for x in board_box(tuple(available))]
        elif self.scenario == 1:
            rows = list(range(len(numbers)))
        else:
            rows = [0]
        self.box = np.array(rows, dtype=np.int64)
        self.match = o["city_hall"] == "matching-colour"
        self.during = o["black_depot_timing"] == "during-effects"
        self.tiebreak = o["tiebreak"]

    def __call__(self, seed: int, agent_seeds: Sequence[int]) -> FastOutcome:
        seed = check_seed("burgundy", seed)
        p = self.players
        rngs = np.array([Rng(seed).state] + [Rng(x).state for x in agent_seeds], dtype=np.uint64)
        st = np.empty(SIZE, dtype=np.int64)
        out = np.empty((p, 7 + NSRC), dtype=np.int64)
        nact = games(NEW, st, self.bt, rngs, False, _NO_INTS, _NO_INTS, p, self.scenario, self.match, self.during,
                     self.box, out)
        rows = out.tolist()
        return FastOutcome(result_of(rows, p, self.tiebreak), [r[6] for r in rows], nact)


def run(state: Any, rng_states: Sequence[int], record: bool = False, steps: int = 2000,
        room: int = 200_000) -> tuple[Any, int, Any, Any, Any]:
    """Play a copy of the reference ``state`` (left unchanged) to the end in the kernel, seat p choosing as
    ``RandomAgent`` from a SplitMix64 stream in state ``rng_states[p]``, chance from ``state.rng``. Returns
    (the final array, the number of actions, and with ``record`` the chosen actions, the legal-action
    counts and every legal list laid end to end)."""
    st = encode(state)
    key = tuple(b.key for b in state.pool)
    bt = _TABLES.get(key)
    if bt is None:
        bt = _TABLES[key] = board_table(state.pool)
    rngs = np.array([state.rng] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    rec = np.zeros(2 * steps if record else 2, dtype=np.int64)
    lists = np.zeros(room if record else 1, dtype=np.int64)
    nact = games(PLAY, st, bt, rngs, record, rec, lists, state.players, 0, False, False, _NO_INTS, _NO_ROWS)
    cap = rec.shape[0] // 2
    counts = rec[cap:cap + nact]
    return st, nact, rec[:nact], counts, lists[:int(counts.sum())]


#: board tables by pool (each board's number and rows), for ``run``
_TABLES: dict[tuple[Any, ...], Any] = {}


def new_state(options: Mapping[str, Any], seed: int, game: Any) -> Any:
    """The kernel's own setup of a game (``setup``) as an array, for comparing with ``encode(game.new(...))``."""
    k = KernelGames(game, game.validate_options(options))
    st = np.empty(SIZE, dtype=np.int64)
    rngs = np.array([Rng(seed).state], dtype=np.uint64)
    setup(st, k.bt, rngs, k.players, k.scenario, k.match, k.during, k.box)
    return st, int(rngs[0])
