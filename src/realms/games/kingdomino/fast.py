# A numba kernel is checked less strictly than the reference engines: numba's decorators and compiled calls are
# untyped (their returns are Any), and the kernels share their tables by importing them from one another.
# mypy: disallow-any-generics=False, disallow-untyped-calls=False, disallow-untyped-defs=False
# mypy: disallow-incomplete-defs=False, disallow-untyped-decorators=False, warn-return-any=False
# mypy: implicit-reexport=True
"""A compiled fast path for whole Kingdomino games and playouts (numba, the ``fast`` extra).

The readable engine in ``rules`` stays the reference; this module replays exactly what it does for the
players it knows (``random``, ``full-greedy`` and ``greedy``): the same legal actions in the same order, the
same draws from each bot's SplitMix64 stream, so a game played here ends in the same state, scores and
ranks as the same game played through ``Kingdomino.apply`` (``tests/games/kingdomino/test_fast.py``
replays fast games through the reference engine and compares every step).

Kingdoms here are grids of 13 x 13 cells (terrain per cell, -1 empty, 6 the castle) instead of the
reference's bit masks over 182 bits, which do not fit a machine word. A state goes in as arrays
(``encode``); the kernel plays it to the end and returns the scores and tie-break keys, and on request the
action index and the number of legal actions of every step.

Used automatically by ``realms sim`` and ``realms bench`` (``Game.fast_games``) when numba is installed and
every seat is played by one of those agents (any options; a Dynasty is its three games in a row);
``--reference`` turns it off. Search playouts call ``finish`` (``run`` with a record, for tests) on a running
single game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from realms.core.game import FastOutcome, Result
from realms.core.options import uncovered_options
from realms.core.rng import check_seed

try:  # the optional ``fast`` extra
    import numba  # noqa: F401  (whether the fast extra is installed)
    import numpy as np

    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised where numba is missing (numba and np stay undefined)
    AVAILABLE = False

#: agent name -> policy code of the kernel
POLICIES = {"random": 0, "full-greedy": 1, "greedy": 2}

SIZE = 13
STRIDE = 14
CENTRE = 6
NCELL = SIZE * SIZE
CASTLE = 6
EMPTY = -1
PLACE, PICK = 0, 1
DISCARD_INDEX = NCELL * 4
PICK_BASE = DISCARD_INDEX + 1
#: a kingdom's header row in the kernel (``box``): its bounding rows and columns (0-3), then its occupied
#: squares as 13 row masks (bit c of column ``OCC + r``), then how many squares it covers, castle included, then
#: each terrain's squares as 13 row masks (terrain t's row r at column ``TERR + t * 13 + r``; the castle in none)
OCC = 4
NOCC = OCC + SIZE
TERR = NOCC + 1
BOXW = TERR + 6 * SIZE
# the layout of ``play_packed``'s ``meta``
_M_PILE, _M_CUR, _M_CURK, _M_NXT, _M_NXTK, _M_ORDER, _M_TURNS, _M_POLICY, _M_BOX = 0, 48, 52, 56, 60, 64, 68, 72, 76
(_M_NPILE, _M_NCUR, _M_NNXT, _M_NORDER, _M_OI, _M_STEP, _M_ROUND, _M_PLAYERS, _M_N, _M_ROW, _M_HARMONY,
 _M_MIDDLE, _M_FIRST) = range(92, 105)
_M_SIZE = 105


if AVAILABLE:
    from realms.core import jit
    from realms.core.jit import GOLDEN as _GOLDEN
    from realms.core.jit import below as _below
    from realms.core.jit import mix as _mix
    from realms.games.kingdomino.data import DOMINOES

    jit.drop_stale_cache(__file__, jit.__file__)

    _DOM = np.zeros((len(DOMINOES), 5), dtype=np.int64)
    for _i, _d in enumerate(DOMINOES):
        if _d is not None:
            _DOM[_i] = (_d.terrain1, _d.crowns1, _d.terrain2, _d.crowns2, int(_d.symmetric))
    _DR = np.array([0, 1, 0, -1], dtype=np.int64)
    _DC = np.array([1, 0, -1, 0], dtype=np.int64)

    #: the record and counts a kernel is handed when it records nothing (never written then)
    _NOREC = np.zeros(1, dtype=np.int64)

    @jit.compiled
    def _placements(grid: Any, box: Any, p: int, n: int, dom: Any, domino: int, out: Any, rows: Any) -> int:
        """The legal placements of ``domino`` in seat p's kingdom, as the reference lists them (direction
        E, S, W, N, then cell in row-major order), written to ``out`` as keys ``cell * 4 + d``; returns
        how many. The same shifts and ands as ``rules._placements``, one 13-bit row at a time."""
        t1 = dom[domino, 0]
        t2 = dom[domino, 2]
        ndir = 2 if dom[domino, 4] else 4
        minr, maxr, minc, maxc = box[p, 0], box[p, 1], box[p, 2], box[p, 3]
        r_lo = max(0, maxr - n + 1)
        r_hi = min(SIZE - 1, minr + n - 1)
        c_lo = max(0, maxc - n + 1)
        c_hi = min(SIZE - 1, minc + n - 1)
        cols = ((1 << (c_hi + 1)) - 1) ^ ((1 << c_lo) - 1)
        # rows 1..13 of each scratch line hold rows 0..12 of the board; rows 0 and 14 stay empty
        free = rows[0]
        m1 = rows[1]
        m2 = rows[2]
        a1 = rows[3]
        a2 = rows[4]
        for i in range(SIZE + 2):
            free[i] = 0
            m1[i] = 0
            m2[i] = 0
            a1[i] = 0
            a2[i] = 0
        for r in range(max(0, r_lo - 1), min(SIZE - 1, r_hi + 1) + 1):
            f = cols & ~box[p, OCC + r]
            x1 = box[p, TERR + t1 * SIZE + r]
            x2 = box[p, TERR + t2 * SIZE + r]
            if r == CENTRE:  # the castle matches every terrain
                x1 |= 1 << CENTRE
                x2 |= 1 << CENTRE
            free[r + 1] = f & cols if r_lo <= r <= r_hi else 0
            m1[r + 1] = x1
            m2[r + 1] = x2
        for i in range(r_lo + 1, r_hi + 2):
            a1[i] = ((m1[i] << 1) | (m1[i] >> 1) | m1[i - 1] | m1[i + 1]) & free[i]
            a2[i] = ((m2[i] << 1) | (m2[i] >> 1) | m2[i - 1] | m2[i + 1]) & free[i]
        cnt = 0
        for d in range(ndir):
            for i in range(r_lo + 1, r_hi + 2):
                f = free[i]
                if f == 0:
                    continue
                if d == 0:
                    m = f & (f >> 1) & (a1[i] | (a2[i] >> 1))
                elif d == 1:
                    m = f & free[i + 1] & (a1[i] | a2[i + 1])
                elif d == 2:
                    m = f & (f << 1) & (a1[i] | (a2[i] << 1))
                else:
                    m = f & free[i - 1] & (a1[i] | a2[i - 1])
                base = (i - 1) * SIZE
                while m:
                    low = m & -m
                    c = 0
                    while (low >> c) != 1:
                        c += 1
                    out[cnt] = (base + c) * 4 + d
                    cnt += 1
                    m ^= low
        return cnt

    @jit.compiled
    def _touches(grid: Any, p: int, r: int, c: int, t: int) -> bool:
        """A square of terrain t or the castle orthogonally next to (r, c)."""
        if r > 0:
            v = grid[p, (r - 1) * SIZE + c]
            if v == t or v == CASTLE:
                return True
        if r < SIZE - 1:
            v = grid[p, (r + 1) * SIZE + c]
            if v == t or v == CASTLE:
                return True
        if c > 0:
            v = grid[p, r * SIZE + c - 1]
            if v == t or v == CASTLE:
                return True
        if c < SIZE - 1:
            v = grid[p, r * SIZE + c + 1]
            if v == t or v == CASTLE:
                return True
        return False

    @jit.compiled
    def _place(grid: Any, crn: Any, box: Any, p: int, dom: Any, domino: int, key: int) -> None:
        a = key >> 2
        d = key & 3
        r, c = a // SIZE, a % SIZE
        r2, c2 = r + _DR[d], c + _DC[d]
        b = r2 * SIZE + c2
        grid[p, a] = dom[domino, 0]
        crn[p, a] = dom[domino, 1]
        grid[p, b] = dom[domino, 2]
        crn[p, b] = dom[domino, 3]
        box[p, 0] = min(box[p, 0], r, r2)
        box[p, 1] = max(box[p, 1], r, r2)
        box[p, 2] = min(box[p, 2], c, c2)
        box[p, 3] = max(box[p, 3], c, c2)
        box[p, OCC + r] |= 1 << c
        box[p, OCC + r2] |= 1 << c2
        box[p, NOCC] += 2
        box[p, TERR + dom[domino, 0] * SIZE + r] |= 1 << c
        box[p, TERR + dom[domino, 2] * SIZE + r2] |= 1 << c2

    @jit.compiled
    def _score(grid: Any, crn: Any, box: Any, p: int, n: int, harmony: bool, middle: bool,
               seen: Any, stack: Any) -> tuple[int, int, int]:
        """(total, largest region, crowns) as ``board.quick_score`` gives them."""
        r0, r1, c0, c1 = box[p, 0], box[p, 1], box[p, 2], box[p, 3]
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                seen[r * SIZE + c] = 0
        total = 0
        largest = 0
        crowns = 0
        occupied = 0
        w = c1 - c0 + 1
        for i0 in range((r1 - r0 + 1) * w):
            i = (r0 + i0 // w) * SIZE + c0 + i0 % w
            t = grid[p, i]
            if t != EMPTY:
                occupied += 1
                crowns += crn[p, i]
            if t == EMPTY or t == CASTLE or seen[i]:
                continue
            seen[i] = 1
            stack[0] = i
            top = 1
            sq = 0
            cr = 0
            while top:
                top -= 1
                j = stack[top]
                sq += 1
                cr += crn[p, j]
                r, c = j // SIZE, j % SIZE
                if r > 0 and not seen[j - SIZE] and grid[p, j - SIZE] == t:
                    seen[j - SIZE] = 1
                    stack[top] = j - SIZE
                    top += 1
                if r < SIZE - 1 and not seen[j + SIZE] and grid[p, j + SIZE] == t:
                    seen[j + SIZE] = 1
                    stack[top] = j + SIZE
                    top += 1
                if c > 0 and not seen[j - 1] and grid[p, j - 1] == t:
                    seen[j - 1] = 1
                    stack[top] = j - 1
                    top += 1
                if c < SIZE - 1 and not seen[j + 1] and grid[p, j + 1] == t:
                    seen[j + 1] = 1
                    stack[top] = j + 1
                    top += 1
            if sq > largest:
                largest = sq
            total += sq * cr
        if harmony and occupied == n * n:
            total += 5
        if middle:
            half = (n - 1) // 2
            lo, hi = CENTRE - half, CENTRE + half
            if box[p, 0] == lo and box[p, 1] == hi and box[p, 2] == lo and box[p, 3] == hi:
                total += 10
        return total, largest, crowns

    @jit.compiled
    def _value(grid: Any, box: Any, p: int, n: int, pts: int, harmony: bool, middle: bool,
               seen: Any, stack: Any) -> tuple[int, int, int]:
        """``FullGreedyAgent._value`` of seat p's kingdom as it stands in ``grid`` (a placement tried on it)
        with region points ``pts``: (kept centred under Middle Kingdom, minus one-square holes, score)."""
        half = (n - 1) // 2
        lo, hi = CENTRE - half, CENTRE + half
        centred = box[p, 0] >= lo and box[p, 1] <= hi and box[p, 2] >= lo and box[p, 3] <= hi
        mk = middle and centred
        if mk:
            r_lo, r_hi, c_lo, c_hi = lo, hi, lo, hi
        else:
            r_lo = max(0, box[p, 1] - n + 1)
            r_hi = min(SIZE - 1, box[p, 0] + n - 1)
            c_lo = max(0, box[p, 3] - n + 1)
            c_hi = min(SIZE - 1, box[p, 2] + n - 1)
        occupied = box[p, NOCC]
        # one-square holes: empty squares of the area with no empty neighbour in the area, row by row
        cols = ((1 << (c_hi + 1)) - 1) ^ ((1 << c_lo) - 1)
        holes = 0
        above = 0
        here = cols & ~box[p, OCC + r_lo]
        for r in range(r_lo, r_hi + 1):
            below = cols & ~box[p, OCC + r + 1] if r < r_hi else 0
            h = here & ~((here << 1) | (here >> 1) | above | below)
            while h:
                h &= h - 1
                holes += 1
            above = here
            here = below
        score = pts
        if harmony and occupied == n * n:
            score += 5
        if middle and box[p, 0] == lo and box[p, 1] == hi and box[p, 2] == lo and box[p, 3] == hi:
            score += 10
        if harmony and holes == 0 and occupied < n * n:
            fixed = mk or (box[p, 1] - box[p, 0] == n - 1 and box[p, 3] - box[p, 2] == n - 1)
            odd = False
            if fixed:
                # an empty pocket of odd size inside the grid can never be filled
                for r in range(r_lo, r_hi + 1):
                    for c in range(c_lo, c_hi + 1):
                        seen[r * SIZE + c] = 0
                for r in range(r_lo, r_hi + 1):
                    for c in range(c_lo, c_hi + 1):
                        i = r * SIZE + c
                        if grid[p, i] != EMPTY or seen[i]:
                            continue
                        seen[i] = 1
                        stack[0] = i
                        top = 1
                        sq = 0
                        while top:
                            top -= 1
                            j = stack[top]
                            sq += 1
                            jr, jc = j // SIZE, j % SIZE
                            if jr > r_lo and not seen[j - SIZE] and grid[p, j - SIZE] == EMPTY:
                                seen[j - SIZE] = 1
                                stack[top] = j - SIZE
                                top += 1
                            if jr < r_hi and not seen[j + SIZE] and grid[p, j + SIZE] == EMPTY:
                                seen[j + SIZE] = 1
                                stack[top] = j + SIZE
                                top += 1
                            if jc > c_lo and not seen[j - 1] and grid[p, j - 1] == EMPTY:
                                seen[j - 1] = 1
                                stack[top] = j - 1
                                top += 1
                            if jc < c_hi and not seen[j + 1] and grid[p, j + 1] == EMPTY:
                                seen[j + 1] = 1
                                stack[top] = j + 1
                                top += 1
                        if sq & 1:
                            odd = True
                            break
                    if odd:
                        break
            if not odd:
                score += 5
        return int(mk), -holes, score

    @jit.compiled
    def _label(grid: Any, crn: Any, box: Any, p: int, lab: Any, rsq: Any, rcr: Any, pts: Any, stack: Any) -> None:
        """Seat p's regions: ``lab[cell]`` the region of each square (in the box), ``rsq``/``rcr`` each region's
        squares and crowns, ``pts[t]`` each terrain's points (``board.terrain_points``)."""
        r0, r1, c0, c1 = box[p, 0], box[p, 1], box[p, 2], box[p, 3]
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                lab[r * SIZE + c] = -1
        for t in range(6):
            pts[t] = 0
        nreg = 0
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                i = r * SIZE + c
                t = grid[p, i]
                if t == EMPTY or t == CASTLE or lab[i] >= 0:
                    continue
                lab[i] = nreg
                stack[0] = i
                top = 1
                sq = 0
                cr = 0
                while top:
                    top -= 1
                    j = stack[top]
                    sq += 1
                    cr += crn[p, j]
                    jr, jc = j // SIZE, j % SIZE
                    if jr > r0 and lab[j - SIZE] < 0 and grid[p, j - SIZE] == t:
                        lab[j - SIZE] = nreg
                        stack[top] = j - SIZE
                        top += 1
                    if jr < r1 and lab[j + SIZE] < 0 and grid[p, j + SIZE] == t:
                        lab[j + SIZE] = nreg
                        stack[top] = j + SIZE
                        top += 1
                    if jc > c0 and lab[j - 1] < 0 and grid[p, j - 1] == t:
                        lab[j - 1] = nreg
                        stack[top] = j - 1
                        top += 1
                    if jc < c1 and lab[j + 1] < 0 and grid[p, j + 1] == t:
                        lab[j + 1] = nreg
                        stack[top] = j + 1
                        top += 1
                rsq[nreg] = sq
                rcr[nreg] = cr
                pts[t] += sq * cr
                nreg += 1

    @jit.compiled
    def _touching(grid: Any, lab: Any, p: int, cell: int, t: int, ids: Any, k: int) -> int:
        """Add to ``ids[:k]`` the regions of terrain t next to ``cell``; returns the new count."""
        r, c = cell // SIZE, cell % SIZE
        for q in range(4):
            if q == 0:
                if r == 0:
                    continue
                j = cell - SIZE
            elif q == 1:
                if r == SIZE - 1:
                    continue
                j = cell + SIZE
            elif q == 2:
                if c == 0:
                    continue
                j = cell - 1
            else:
                if c == SIZE - 1:
                    continue
                j = cell + 1
            if grid[p, j] != t:
                continue
            g = lab[j]
            for m in range(k):
                if ids[m] == g:
                    g = -1
                    break
            if g >= 0:
                ids[k] = g
                k += 1
        return k

    @jit.compiled
    def _try(grid: Any, crn: Any, box: Any, p: int, n: int, dom: Any, domino: int, key: int, ptsum: int,
             greedy: bool, harmony: bool, middle: bool, seen: Any, stack: Any, lab: Any, rsq: Any, rcr: Any,
             ids: Any) -> tuple[int, int, int]:
        """The value of placing ``domino`` by ``key``. The new region points follow from the regions the
        halves join (``_label``); the placement is made for the rest and undone."""
        a = key >> 2
        d = key & 3
        r, c = a // SIZE, a % SIZE
        b = (r + _DR[d]) * SIZE + c + _DC[d]
        t1 = dom[domino, 0]
        t2 = dom[domino, 2]
        total = ptsum
        if t1 == t2:
            k = _touching(grid, lab, p, b, t1, ids, _touching(grid, lab, p, a, t1, ids, 0))
            sq = 2
            cr = dom[domino, 1] + dom[domino, 3]
            for m in range(k):
                g = ids[m]
                sq += rsq[g]
                cr += rcr[g]
                total -= rsq[g] * rcr[g]
            total += sq * cr
        else:
            for half in range(2):
                cell = a if half == 0 else b
                t = t1 if half == 0 else t2
                k = _touching(grid, lab, p, cell, t, ids, 0)
                sq = 1
                cr = dom[domino, 1 + 2 * half]
                for m in range(k):
                    g = ids[m]
                    sq += rsq[g]
                    cr += rcr[g]
                    total -= rsq[g] * rcr[g]
                total += sq * cr
        b0, b1, b2, b3 = box[p, 0], box[p, 1], box[p, 2], box[p, 3]
        _place(grid, crn, box, p, dom, domino, key)
        if greedy:
            v0, v1, v2 = 0, 0, total
            occupied = box[p, NOCC]
            if harmony and occupied == n * n:
                v2 += 5
            half = (n - 1) // 2
            lo, hi = CENTRE - half, CENTRE + half
            if middle and box[p, 0] == lo and box[p, 1] == hi and box[p, 2] == lo and box[p, 3] == hi:
                v2 += 10
        else:
            v0, v1, v2 = _value(grid, box, p, n, total, harmony, middle, seen, stack)
        grid[p, a] = EMPTY
        grid[p, b] = EMPTY
        crn[p, a] = 0
        crn[p, b] = 0
        box[p, 0], box[p, 1], box[p, 2], box[p, 3] = b0, b1, b2, b3
        box[p, OCC + r] &= ~(1 << c)
        box[p, OCC + b // SIZE] &= ~(1 << (b % SIZE))
        box[p, NOCC] -= 2
        box[p, TERR + t1 * SIZE + r] &= ~(1 << c)
        box[p, TERR + t2 * SIZE + b // SIZE] &= ~(1 << (b % SIZE))
        return v0, v1, v2

    @jit.compiled
    def _best(grid: Any, crn: Any, box: Any, p: int, n: int, dom: Any, domino: int, greedy: bool,
              harmony: bool, middle: bool, keys: Any, best: Any, seen: Any, stack: Any,
              pts: Any, rows: Any, lab: Any, rsq: Any, rcr: Any, ids: Any) -> tuple[int, int, int, int]:
        """The best value of ``domino``'s placements for seat p and the keys reaching it (in ``best``, in
        the order the reference lists them): ``FullGreedyAgent._best_placement`` (or the greedy bot's
        immediate score). Returns (v0, v1, v2 * 2, count); v2 is doubled so the discard penalty of 1.0
        stays an integer (2). ``lab``, ``rsq``, ``rcr`` and ``pts`` must hold seat p's regions (``_label``)."""
        ptsum = 0
        for t in range(6):
            ptsum += pts[t]
        cnt = _placements(grid, box, p, n, dom, domino, keys, rows)
        if cnt == 0:
            v0, v1, v2 = _value(grid, box, p, n, ptsum, harmony, middle, seen, stack)
            if harmony and v1 == 0:
                v2 -= 5
            return v0, v1, 2 * v2 - 2, 0
        bv0, bv1, bv2 = -1, 0, 0
        nb = 0
        for i in range(cnt):
            v0, v1, v2 = _try(grid, crn, box, p, n, dom, domino, keys[i], ptsum, greedy, harmony, middle,
                              seen, stack, lab, rsq, rcr, ids)
            if nb == 0 or (v0, v1, v2) > (bv0, bv1, bv2):
                bv0, bv1, bv2 = v0, v1, v2
                best[0] = keys[i]
                nb = 1
            elif (v0, v1, v2) == (bv0, bv1, bv2):
                best[nb] = keys[i]
                nb += 1
        return bv0, bv1, 2 * bv2, nb

    @jit.compiled
    def _scratch() -> tuple[Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any]:
        """The working arrays of ``play`` (``_play_in``), which a caller playing many playouts allocates once."""
        return (np.empty(NCELL * 4, dtype=np.int64), np.empty(NCELL * 4, dtype=np.int64),
                np.zeros(NCELL, dtype=np.int8), np.empty(NCELL, dtype=np.int64), np.zeros(6, dtype=np.int64),
                np.zeros((5, SIZE + 2), dtype=np.int64), np.full(NCELL, -1, dtype=np.int64),
                np.zeros(NCELL, dtype=np.int64), np.zeros(NCELL, dtype=np.int64), np.zeros(8, dtype=np.int64),
                np.empty(4, dtype=np.int64), np.empty(4, dtype=np.int64))

    @jit.compiled
    def play(grid: Any, crn: Any, box: Any, pile: Any, npile: int, cur: Any, cur_king: Any, ncur: int,
             nxt: Any, nxt_king: Any, nnxt: int, order: Any, norder: int, oi: int, step: int, rnd: int,
             turns: Any, players: int, n: int, row_size: int, harmony: bool, middle: bool, policy: Any,
             rngs: Any, record: bool, rec: Any, counts: Any, out: Any, first: int) -> int:
        """Play the state given as arrays to the end with ``policy[seat]`` (0 random, 1 full-greedy,
        2 greedy) drawing from ``rngs[seat]``, the first action ``first`` (an action index legal in the
        state, played without a draw) when it is not -1. Arrays are changed in place. ``out`` receives per seat
        (score, largest region, crowns); with ``record`` every step's action index goes to ``rec`` and
        its number of legal actions to ``counts``. Returns the number of actions played; ``rnd`` and
        the turns end as the reference's."""
        return _play_in(grid, crn, box, pile, npile, cur, cur_king, ncur, nxt, nxt_king, nnxt, order, norder, oi,
                        step, rnd, turns, players, n, row_size, harmony, middle, policy, rngs, record, rec, counts,
                        out, first, _scratch())

    @jit.compiled
    def _play_in(grid: Any, crn: Any, box: Any, pile: Any, npile: int, cur: Any, cur_king: Any, ncur: int,
                 nxt: Any, nxt_king: Any, nnxt: int, order: Any, norder: int, oi: int, step: int, rnd: int,
                 turns: Any, players: int, n: int, row_size: int, harmony: bool, middle: bool, policy: Any,
                 rngs: Any, record: bool, rec: Any, counts: Any, out: Any, first: int, scratch: Any) -> int:
        """``play`` with its working arrays given (``_scratch``; each is set before it is read)."""
        keys, best, seen, stack, pts, rows, lab, rsq, rcr, ids, free, slots = scratch
        dom = _DOM
        nact = 0
        while True:
            king = order[oi]
            p = king % players
            pol = policy[p]
            if step == PLACE:
                j = 0
                while cur_king[j] != king:
                    j += 1
                domino = cur[j]
                cnt = _placements(grid, box, p, n, dom, domino, keys, rows)
                key = -1
                if first >= 0:  # the action given (a placement key, or the discard)
                    if first < DISCARD_INDEX:
                        key = first
                    first = -1
                elif pol == 0:  # RandomAgent: no draw for a single action
                    if cnt == 1:
                        key = keys[0]
                    elif cnt > 1:
                        key = keys[_below(rngs, p, cnt)]
                elif pol == 1:  # FullGreedyAgent: no draw for a single action
                    if cnt == 1:
                        key = keys[0]
                    elif cnt > 1:
                        _label(grid, crn, box, p, lab, rsq, rcr, pts, stack)
                        _, _, _, nb = _best(grid, crn, box, p, n, dom, domino, False, harmony, middle,
                                            keys, best, seen, stack, pts, rows, lab, rsq, rcr, ids)
                        key = best[_below(rngs, p, nb)]
                else:  # GreedyAgent: draws even for a single action
                    if cnt <= 1:
                        i = _below(rngs, p, 1)
                        if cnt == 1:
                            key = keys[i]
                    else:
                        _label(grid, crn, box, p, lab, rsq, rcr, pts, stack)
                        _, _, _, nb = _best(grid, crn, box, p, n, dom, domino, True, harmony, middle,
                                            keys, best, seen, stack, pts, rows, lab, rsq, rcr, ids)
                        key = best[_below(rngs, p, nb)]
                if record:
                    rec[nact] = key if key >= 0 else DISCARD_INDEX
                    counts[nact] = max(cnt, 1)
                nact += 1
                if key >= 0:
                    _place(grid, crn, box, p, dom, domino, key)
                if nnxt > 0:
                    step = PICK
                    continue
            else:
                nf = 0
                for s in range(nnxt):
                    if nxt_king[s] < 0:
                        free[nf] = s
                        nf += 1
                if first >= 0:  # the pick given
                    slot = first - PICK_BASE
                    first = -1
                elif pol == 2:
                    slot = free[_below(rngs, p, nf)]
                elif nf == 1:
                    slot = free[0]
                elif pol == 0:
                    slot = free[_below(rngs, p, nf)]
                else:
                    bv0, bv1, bv2 = -1, 0, 0
                    nb = 0
                    _label(grid, crn, box, p, lab, rsq, rcr, pts, stack)
                    for i in range(nf):
                        v0, v1, v2, _ = _best(grid, crn, box, p, n, dom, nxt[free[i]], False, harmony, middle,
                                              keys, best, seen, stack, pts, rows, lab, rsq, rcr, ids)
                        if nb == 0 or (v0, v1, v2) > (bv0, bv1, bv2):
                            bv0, bv1, bv2 = v0, v1, v2
                            slots[0] = free[i]
                            nb = 1
                        elif (v0, v1, v2) == (bv0, bv1, bv2):
                            slots[nb] = free[i]
                            nb += 1
                    slot = slots[_below(rngs, p, nb)]
                if record:
                    rec[nact] = PICK_BASE + slot
                    counts[nact] = nf
                nact += 1
                nxt_king[slot] = king
            # the king's turn is over
            turns[p] += 1
            oi += 1
            if oi < norder:
                step = PLACE if ncur > 0 else PICK
                continue
            # the next round: picked dominoes in slot order become the current row
            ncur = 0
            for s in range(nnxt):
                if nxt_king[s] >= 0:
                    cur[ncur] = nxt[s]
                    cur_king[ncur] = nxt_king[s]
                    ncur += 1
            if ncur == 0:
                break
            if npile > 0:
                k = row_size
                for s in range(k):
                    nxt[s] = pile[npile - k + s]
                    nxt_king[s] = -1
                npile -= k
                for s in range(1, k):  # the new row in domino order (insertion sort: four at most)
                    x = nxt[s]
                    i = s - 1
                    while i >= 0 and nxt[i] > x:
                        nxt[i + 1] = nxt[i]
                        i -= 1
                    nxt[i + 1] = x
                nnxt = k
            else:
                nnxt = 0
            for s in range(ncur):
                order[s] = cur_king[s]
            norder = ncur
            oi = 0
            step = PLACE
            rnd += 1
        for p in range(players):
            total, largest, crowns = _score(grid, crn, box, p, n, harmony, middle, seen, stack)
            out[p, 0] = total
            out[p, 1] = largest
            out[p, 2] = crowns
        out[players, 0] = rnd
        return nact


    @jit.compiled
    def play_new(seed: Any, players: int, n: int, row_size: int, kings: int, keep: int, harmony: bool,
                 middle: bool, policy: Any, seeds: Any, turns: Any, out: Any, games: int) -> int:
        """A new game set up as ``Kingdomino.new`` does from ``seed`` (the deck and the opening's king order
        shuffled by ``Rng(seed)``), seat i's bot seeded ``Rng(seeds[i])``, played to the end by ``play``;
        ``games`` of them in a row for a Dynasty (each set up from the same game stream, as ``_end_game``
        does), ``out`` then holding each seat's sums over the games."""
        g = np.empty(1, dtype=np.uint64)
        g[0] = _mix(seed)
        rngs = np.empty(players, dtype=np.uint64)
        for p in range(players):
            rngs[p] = _mix(seeds[p])
        nd = _DOM.shape[0] - 1
        one = np.zeros((players + 1, 3), dtype=np.int64)
        rec = np.zeros(1, dtype=np.int64)
        nact = 0
        for _ in range(games):
            deck = np.arange(1, nd + 1)
            for i in range(nd - 1, 0, -1):
                j = _below(g, 0, i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            pile = np.zeros(nd, dtype=np.int64)
            pile[:keep] = deck[:keep]
            npile = keep - row_size
            nxt = np.zeros(4, dtype=np.int64)
            nxt[:row_size] = np.sort(pile[npile:keep])
            nxt_king = np.full(4, -1, dtype=np.int64)
            order = np.arange(4)
            for i in range(kings - 1, 0, -1):
                j = _below(g, 0, i + 1)
                order[i], order[j] = order[j], order[i]
            grid = np.full((players, NCELL), EMPTY, dtype=np.int8)
            crn = np.zeros((players, NCELL), dtype=np.int8)
            box = np.zeros((players, BOXW), dtype=np.int64)
            for p in range(players):
                grid[p, CENTRE * SIZE + CENTRE] = CASTLE
                box[p, :4] = CENTRE
                box[p, OCC + CENTRE] = 1 << CENTRE
                box[p, NOCC] = 1
            cur = np.zeros(4, dtype=np.int64)
            cur_king = np.zeros(4, dtype=np.int64)
            nact += play(grid, crn, box, pile, npile, cur, cur_king, 0, nxt, nxt_king, row_size, order, kings, 0,
                         PICK, 0, turns, players, n, row_size, harmony, middle, policy, rngs, False, rec, rec, one,
                         -1)
            for p in range(players):
                for k in range(3):
                    out[p, k] += one[p, k]
            out[players, 0] = one[players, 0]
        return nact


    @jit.compiled
    def _unpack(meta: Any, masks: Any) -> tuple[Any, Any, Any]:
        """The kingdoms of a state packed by ``_pack`` as the kernel's grids: (terrain grid, crown grid, box)."""
        players = meta[_M_PLAYERS]
        grid = np.full((players, NCELL), EMPTY, dtype=np.int8)
        crn = np.zeros((players, NCELL), dtype=np.int8)
        box = np.zeros((players, BOXW), dtype=np.int64)
        for q in range(players):
            for k in range(9):
                base = ((q * 6 + k) if k < 6 else (players * 6 + q * 3 + k - 6)) * 23
                for j in range(23):
                    byte = masks[base + j]
                    while byte:
                        low = byte & -byte
                        bit = 0
                        while (low >> bit) != 1:
                            bit += 1
                        byte ^= low
                        cell = j * 8 + bit
                        i = (cell // STRIDE) * SIZE + cell % STRIDE
                        if k < 6:
                            grid[q, i] = k
                        else:
                            crn[q, i] = k - 5
            grid[q, CENTRE * SIZE + CENTRE] = CASTLE
            for x in range(4):
                box[q, x] = meta[_M_BOX + q * 4 + x]
            nocc = 0
            for r in range(SIZE):
                m = 0
                for c in range(SIZE):
                    v = grid[q, r * SIZE + c]
                    if v != EMPTY:
                        m |= 1 << c
                        nocc += 1
                        if v != CASTLE:
                            box[q, TERR + v * SIZE + r] |= 1 << c
                box[q, OCC + r] = m
            box[q, NOCC] = nocc
        return grid, crn, box

    @jit.compiled
    def _play_meta(grid: Any, crn: Any, box: Any, meta: Any, rngs: Any, record: bool, rec: Any, counts: Any,
                   out: Any) -> int:
        """``play`` of the kingdoms given and the rest of the state as ``meta`` holds it (changed in place)."""
        turns = meta[_M_TURNS:_M_TURNS + 4]
        return play(grid, crn, box, meta[_M_PILE:_M_PILE + 48], meta[_M_NPILE], meta[_M_CUR:_M_CUR + 4],
                    meta[_M_CURK:_M_CURK + 4], meta[_M_NCUR], meta[_M_NXT:_M_NXT + 4], meta[_M_NXTK:_M_NXTK + 4],
                    meta[_M_NNXT], meta[_M_ORDER:_M_ORDER + 4], meta[_M_NORDER], meta[_M_OI], meta[_M_STEP],
                    meta[_M_ROUND], turns, meta[_M_PLAYERS], meta[_M_N], meta[_M_ROW], meta[_M_HARMONY] != 0,
                    meta[_M_MIDDLE] != 0, meta[_M_POLICY:_M_POLICY + 4], rngs, record, rec, counts, out,
                    meta[_M_FIRST])

    @jit.compiled
    def play_packed(meta: Any, masks: Any, rngs: Any, record: bool, rec: Any, counts: Any, out: Any) -> int:
        """``play`` for a state packed by ``_pack``: ``meta`` holds the rows, kings, turns, boxes and scalars
        (turns come back in it), ``masks`` the terrain masks of every seat (six a seat, as ``state.terr``),
        then the crown masks (three a seat, as ``state.crown``), as 23 little-endian bytes each (bit
        ``r * 14 + c`` is square (r, c), as in ``board``)."""
        grid, crn, box = _unpack(meta, masks)
        return _play_meta(grid, crn, box, meta, rngs, record, rec, counts, out)

    @jit.compiled
    def _next64(rngs: Any, k: int) -> Any:
        """``Rng.next64`` on the stream ``rngs[k]`` (advanced in place)."""
        s = rngs[k] + _GOLDEN
        rngs[k] = s
        return _mix(s)

    @jit.compiled
    def play_round(meta: Any, masks: Any, hidden: Any, firsts: Any, srng: Any, crowns: bool, out: Any) -> None:
        """A flat search's round from a state packed by ``_pack`` (``meta``, ``masks``, never changed here):
        what ``Kingdomino.determinize`` draws from the search's stream ``srng[0]`` (the dominoes nobody has seen,
        ``hidden`` = the pile then the dominoes out of the game, shuffled, the pile their first ones; in the
        opening the order of the kings still to pick; the state's own stream, which a playout never reads), then
        the round's seed (``srng[0]``'s next draw), and from that one determinization, for each root action
        ``firsts[j]``, the playout ``finish`` plays after it with seat i's stream seeded by the seed's i-th draw
        (every action meets the same luck). ``srng[1]`` ends as the policy's stream ends after one playout.
        ``out[j]`` receives each seat's score, then 1 for each winner (the highest score, then largest region,
        then crowns when ``crowns``) and 0 for the others."""
        players = meta[_M_PLAYERS]
        h = hidden.copy()
        for i in range(h.shape[0] - 1, 0, -1):
            j = _below(srng, 0, i + 1)
            h[i], h[j] = h[j], h[i]
        base = meta.copy()
        npile = meta[_M_NPILE]
        for i in range(npile):
            base[_M_PILE + i] = h[i]
        oi = meta[_M_OI]
        norder = meta[_M_NORDER]
        if meta[_M_ROUND] == 0 and oi + 2 < norder:
            first = _M_ORDER + oi + 1
            for i in range(norder - oi - 2, 0, -1):
                j = _below(srng, 0, i + 1)
                base[first + i], base[first + j] = base[first + j], base[first + i]
        _next64(srng, 0)  # the copy's own stream
        srng[1] = _next64(srng, 0)  # the round's seed
        streams = np.empty(players, dtype=np.uint64)
        for q in range(players):
            streams[q] = _next64(srng, 1)
        grid0, crn0, box0 = _unpack(meta, masks)
        grid, crn, box = grid0.copy(), crn0.copy(), box0.copy()
        m = base.copy()
        rngs = streams.copy()
        rows = np.zeros((players + 1, 3), dtype=np.int64)
        norec = np.zeros(1, dtype=np.int64)
        scratch = _scratch()
        for j in range(firsts.shape[0]):
            if j:
                grid[:, :] = grid0
                crn[:, :] = crn0
                box[:, :] = box0
                m[:] = base
                rngs[:] = streams
            m[_M_FIRST] = firsts[j]
            _play_in(grid, crn, box, m[_M_PILE:_M_PILE + 48], m[_M_NPILE], m[_M_CUR:_M_CUR + 4],
                     m[_M_CURK:_M_CURK + 4], m[_M_NCUR], m[_M_NXT:_M_NXT + 4], m[_M_NXTK:_M_NXTK + 4], m[_M_NNXT],
                     m[_M_ORDER:_M_ORDER + 4], m[_M_NORDER], m[_M_OI], m[_M_STEP], m[_M_ROUND],
                     m[_M_TURNS:_M_TURNS + 4], players, m[_M_N], m[_M_ROW], m[_M_HARMONY] != 0, m[_M_MIDDLE] != 0,
                     m[_M_POLICY:_M_POLICY + 4], rngs, False, norec, norec, rows, firsts[j], scratch)
            for q in range(players):
                out[j, q] = rows[q, 0]
            for q in range(players):
                win = 1
                for o in range(players):
                    if (rows[o, 0] > rows[q, 0] or (rows[o, 0] == rows[q, 0] and (
                            rows[o, 1] > rows[q, 1] or (rows[o, 1] == rows[q, 1] and crowns
                                                        and rows[o, 2] > rows[q, 2])))):
                        win = 0
                        break
                out[j, players + q] = win


#: the options this kernel has code for, each with the values it plays (None: every value the option allows); a
#: game with another option or value plays through the reference (``uncovered``)
COVERS: dict[str, tuple[Any, ...] | None] = {
    "players": None, "three_players": ("draw-four", "thirty-six"), "mighty_duel": None, "harmony": None,
    "middle_kingdom": None, "dynasty": None, "tiebreak": ("crowns", "largest-region"),
}


def uncovered(options: Mapping[str, Any]) -> list[str]:
    """The settings of these validated options the kernel does not play (``COVERS``)."""
    return uncovered_options(options, COVERS)


def supports(options: Mapping[str, Any], agents: Sequence[str]) -> bool:
    """Whether the kernel plays whole games of these (validated) options between these agents exactly as the
    reference (every option it covers, Dynasty included; ``run`` from a running state takes single games only)."""
    return AVAILABLE and all(a in POLICIES for a in agents) and not uncovered(options)


def encode(state: Any) -> dict[str, Any]:
    """The kernel's arrays for a running, non-Dynasty reference state."""
    p = state.players
    grid = np.full((p, NCELL), EMPTY, dtype=np.int8)
    crn = np.zeros((p, NCELL), dtype=np.int8)
    for q in range(p):
        for t in range(6):
            m = state.terr[q * 6 + t]
            while m:
                low = m & -m
                m ^= low
                bit = low.bit_length() - 1
                grid[q, (bit // STRIDE) * SIZE + bit % STRIDE] = t
        for k in range(3):
            m = state.crown[q * 3 + k]
            while m:
                low = m & -m
                m ^= low
                bit = low.bit_length() - 1
                crn[q, (bit // STRIDE) * SIZE + bit % STRIDE] = k + 1
        grid[q, CENTRE * SIZE + CENTRE] = CASTLE
    box = np.zeros((p, BOXW), dtype=np.int64)
    for q in range(p):
        box[q, :4] = state.box[q * 4:q * 4 + 4]
        occ = state.occ[q]
        for r in range(SIZE):
            box[q, OCC + r] = (occ >> (r * STRIDE)) & 0x1FFF
            for k in range(6):
                box[q, TERR + k * SIZE + r] = (state.terr[q * 6 + k] >> (r * STRIDE)) & 0x1FFF
        box[q, NOCC] = occ.bit_count()
    return {"grid": grid, "crn": crn, "box": box}


def _arr(values: Sequence[int], size: int) -> Any:
    a = np.zeros(size, dtype=np.int64)
    a[:len(values)] = values
    return a


_ZEROS = [0] * 48


def _pack(s: Any, policies: Sequence[int]) -> tuple[Any, Any]:
    p = s.players
    z = _ZEROS
    pile, cur, cur_king, nxt, nxt_king, order = s.pile, s.cur, s.cur_king, s.nxt, s.nxt_king, s.order
    meta = (pile + z[len(pile):] + cur + z[len(cur):4] + cur_king + z[len(cur_king):4] + nxt + z[len(nxt):4]
            + nxt_king + z[len(nxt_king):4] + order + z[len(order):4] + s.turns + z[p:4] + list(policies)
            + z[len(policies):4] + s.box + z[4 * p:16]
            + [len(pile), len(cur), len(nxt), len(order), s.oi, s.step, s.round, p, s.n, s.row_size,
               int(s.opts["harmony"]), int(s.opts["middle_kingdom"]), -1])
    masks = b"".join([m.to_bytes(23, "little") for m in s.terr] + [m.to_bytes(23, "little") for m in s.crown])
    return np.array(meta, dtype=np.int64), np.frombuffer(masks, dtype=np.uint8)


def finish(state: Any, policies: Sequence[int], rng_states: Sequence[int], first: int = -1,
           packed: tuple[Any, Any] | None = None) -> Result:
    """The result of playing ``state`` (left unchanged) to the end in the kernel, as ``run`` plays it (the
    search playouts' lean call: no turns or record kept). With ``first`` (an action index legal in the
    state) that action is played first, as ``Kingdomino.apply`` would; ``packed`` (``pack(state, policies)``,
    never changed here) saves packing the same state again."""
    p = state.players
    out = np.zeros((p + 1, 3), dtype=np.int64)
    meta, masks = _pack(state, policies) if packed is None else packed
    meta = meta.copy() if packed is not None else meta  # the kernel plays on it
    meta[_M_FIRST] = first
    play_packed(meta, masks, np.array([x & _MASK64 for x in rng_states], dtype=np.uint64), False, _NOREC, _NOREC,
                out)
    rows = out.tolist()
    scores = [r[0] for r in rows[:p]]
    if state.opts["tiebreak"] == "crowns":
        keys: list[tuple[Any, ...]] = [(r[1], r[2]) for r in rows[:p]]
    else:
        keys = [(r[1],) for r in rows[:p]]
    return Result.from_keys(scores, keys, lambda: [{"score": x} for x in scores])


pack = _pack


def round_prepare(state: Any, policies: Sequence[int]) -> tuple[Any, Any, Any]:
    """What ``search_round`` needs of a running single game (packed once for a search's every round): the state
    packed for the kernel and its hidden dominoes (the pile, then those out of the game)."""
    meta, masks = _pack(state, policies)
    return meta, masks, np.array(state.pile + state.unused, dtype=np.int64)


def search_round(prepared: tuple[Any, Any, Any], state: Any, firsts: Sequence[int], rng: Any,
                 policy_rng: Any) -> list[tuple[list[int], list[int]]]:
    """A flat search's round in the kernel (``play_round``) from ``round_prepare``'s arrays: ``rng`` (the
    search's, an ``Rng``) is advanced as ``Kingdomino.determinize`` and one ``next64`` advance it, and
    ``policy_rng`` left as one playout from the round's seed leaves it; each root action's final scores and
    winners, as ``determinize`` and ``finish`` of the root action played first would give them."""
    meta, masks, hidden = prepared
    p = state.players
    srng = np.array([rng.state, 0], dtype=np.uint64)
    out = np.empty((len(firsts), 2 * p), dtype=np.int64)
    play_round(meta, masks, hidden, np.array(firsts, dtype=np.int64), srng, state.opts["tiebreak"] == "crowns",
               out)
    rng.state = int(srng[0])
    policy_rng.state = int(srng[1])
    return [(row[:p], [q for q in range(p) if row[p + q]]) for row in out.tolist()]


def run(state: Any, policies: Sequence[int], rng_states: Sequence[int], record: bool = False,
        arrays: dict[str, Any] | None = None) -> tuple[Any, list[int], int, Any, Any]:
    """Play ``state`` (left unchanged) to the end in the kernel, seat ``i`` by policy ``policies[i]`` drawing
    from a SplitMix64 stream in state ``rng_states[i]``. Returns (per-seat rows of score, largest region and
    crowns; turns per seat; the number of actions; with ``record``, the action indices and legal-action
    counts of every step). With ``arrays`` (from ``encode``) the kernel plays on them, so the caller can read
    the final kingdoms; otherwise the state goes in packed (``_pack``), which is much cheaper."""
    s = state
    p = s.players
    out = np.zeros((p + 1, 3), dtype=np.int64)
    size = 256 if record else 1
    rec = np.zeros(size, dtype=np.int64)
    counts = np.zeros(size, dtype=np.int64)
    rngs = np.array([x & _MASK64 for x in rng_states], dtype=np.uint64)
    if arrays is None:
        meta, masks = _pack(s, policies)
        nact = play_packed(meta, masks, rngs, record, rec, counts, out)
        return out, meta[_M_TURNS:_M_TURNS + p].tolist(), nact, rec[:nact], counts[:nact]
    a = arrays
    turns = np.array(s.turns, dtype=np.int64)
    nact = play(a["grid"], a["crn"], a["box"], _arr(s.pile, 48), len(s.pile), _arr(s.cur, 4), _arr(s.cur_king, 4),
                len(s.cur), _arr(s.nxt, 4), _arr(s.nxt_king, 4), len(s.nxt), _arr(s.order, 4), len(s.order), s.oi,
                s.step, s.round, turns, p, s.n, s.row_size, s.opts["harmony"], s.opts["middle_kingdom"],
                np.array(policies, dtype=np.int64), rngs, record, rec, counts, out, -1)
    return out, turns.tolist(), nact, rec[:nact], counts[:nact]


def result_of(out: Any, players: int, tiebreak: str) -> Result:
    """The ``Result`` of a kernel game (its breakdown holds the scores only)."""
    scores = [int(out[i, 0]) for i in range(players)]
    if tiebreak == "crowns":
        keys: list[tuple[Any, ...]] = [(int(out[i, 1]), int(out[i, 2])) for i in range(players)]
    else:
        keys = [(int(out[i, 1]),) for i in range(players)]
    return Result.from_keys(scores, keys, lambda: [{"score": s} for s in scores])


class FastGames:
    """Whole games of one set of options between named agents, played in the kernel (``Game.fast_games``)."""

    path = "the compiled kernel"

    def __init__(self, game: Any, options: Mapping[str, Any], agents: Sequence[str]) -> None:
        from realms.games.kingdomino.data import NUM_DOMINOES

        o = self.options = dict(options)
        self.policies = np.array([POLICIES[a] for a in agents], dtype=np.int64)
        p = self.players = o["players"]
        row_size = 3 if (p == 3 and o["three_players"] == "thirty-six") else 4
        if p == 2 and not o["mighty_duel"]:
            keep = NUM_DOMINOES // 2
        elif row_size == 3:
            keep = 36
        else:
            keep = NUM_DOMINOES
        self.setup = (p, 7 if o["mighty_duel"] else 5, row_size, 4 if p == 2 else p, keep, o["harmony"],
                      o["middle_kingdom"])
        self.games = 3 if o["dynasty"] else 1

    def __call__(self, seed: int, agent_seeds: Sequence[int]) -> FastOutcome:
        check_seed("kingdomino", seed)
        p = self.players
        out = np.zeros((p + 1, 3), dtype=np.int64)
        turns = np.zeros(p, dtype=np.int64)
        seeds = np.array([x & _MASK64 for x in agent_seeds], dtype=np.uint64)
        nact = play_new(np.uint64(seed), *self.setup, self.policies, seeds, turns, out, self.games)
        return FastOutcome(result_of(out, p, self.options["tiebreak"]), turns.tolist(), nact)


_MASK64 = (1 << 64) - 1
