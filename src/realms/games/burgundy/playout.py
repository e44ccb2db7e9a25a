# A numba kernel is checked less strictly than the reference engines: numba's decorators and compiled calls are
# untyped (their returns are Any), and the kernels share their tables by importing them from one another.
# mypy: disallow-any-generics=False, disallow-untyped-calls=False, disallow-untyped-defs=False
# mypy: disallow-incomplete-defs=False, disallow-untyped-decorators=False, warn-return-any=False
# mypy: implicit-reexport=True
"""Compiled playout policies for Castles of Burgundy searches (numba, the ``fast`` extra).

A search's playout plays a determinized copy of a running game to the end. ``kernel.py`` plays whole games
between ``random`` seats exactly as the reference engine; this module adds, on the same state array and the
same compiled rules (``_settle``, ``_compute``, ``_apply``), a seat policy that chooses instead of drawing
uniformly: ``informed`` scores every legal action with a one-step estimate of what it is worth in VP (the
greedy bot's ``evaluate`` in miniature, without applying the action) and plays the best, each score jittered
by a little uniform noise from the seat's stream (so ties and near-ties vary from playout to playout):

* **place** (a die or the City Hall): the VP it scores now (a region completed, with the phase bonus; a
  colour bonus; animals; a Watchtower), the region's progress towards completion, and what the tile does
  (a castle's extra action, a ship's best depot of goods, a mine's income to come, a knowledge tile, a
  building's effect: Warehouse sale, Carpenter/Church/Market pick, Boarding House workers, Bank silver, City
  Hall), less what the tile was worth in storage;
* **take** (a die, a pick, a black-depot buy less its 2 silverlings): what the tile is worth in storage
  (``tile_value`` of the greedy bot: its base value, less when no matching empty space touches the estate,
  nothing when none is left), less the tile a full storage must then discard; a take whose tile the other
  (unused) die can place at once, or a buy that an unused die can place, is worth at least ``P_NOW`` (half)
  of that placement's best worth (``buy_now`` times that for a buy): the look over the other die that greedy
  makes, so a take-then-place turn is seen even late, when storage is worth nothing;
* **sell** and the Warehouse: VP of the sale plus its silverling, less what the goods were worth kept;
* **workers**: 2 workers (4 with knowledge 14) and knowledge 13's silverling;
* **adjust** (a worker on a die): the best that die can then do (a take, a place or a sale at the new
  value), less ``P_ADJUST`` (1 VP);
* a ship's depot, a kept colour: the goods taken; a discard: the least valuable tile; skip and end: nothing
  (so a buy is made only when it is worth its price).

Storage and region progress fade to nothing over the last three rounds, as in ``evaluate``. The weights
(``DEFAULT``) were tuned by paired self-play duels in the kernel (2,000-4,000 games a step, seats swapped,
the same chance): with them the policy scores about 155 a seat against itself in 2-player games, where
random seats score about 40, and it plays the greedy bot about evenly while finishing thousands of
playouts a second.
``playout.run`` plays a copy of a reference state to the end with a policy per seat (0 ``random``, 1
``informed``); ``choose`` is one decision of the informed policy on a reference state (the same choice the
kernel makes in a playout from that state with the same stream). Chance comes from the generator state
given, never the reference state's own: a search passes a fresh one drawn from its own stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from realms.core.rng import MASK64
from realms.games.burgundy import kernel
from realms.games.burgundy.kernel import AVAILABLE

#: the informed policy's weights (the slots of ``DEFAULT`` and of each row of ``weights``), in VP
P_NOISE, P_EPS, P_STORE, P_REGION, P_GOODS, P_SILVER, P_WORKER, P_CASTLE, P_PICK, P_HALL, P_TRACK, \
    P_KNOW_LEFT, P_MINE, P_ADJUST, P_NEXT, P_NOW, P_BUY_NOW = range(17)
#: the default weights: noise (uniform, added to each action's score), chance of a uniformly random action,
#: storage share of a tile's value, region-progress weight, goods kept (x sale VP, plus 0.3), a silverling,
#: a worker, a castle's extra action, a pick's share of the tile, a City Hall, a step on the turn-order track,
#: an ongoing knowledge tile per phase left, a mine per phase end to come, the cost of a worker on a die (a
#: negative cost: never), a tile taken that the other die can place at once (a flat bonus), the share of what
#: placing it with the other die at once would score that a take is worth at least (0: storage value only)
DEFAULT = (0.5, 0.0, 0.6, 0.7, 0.6, 0.9, 0.5, 4.5, 1.0, 3.0, 0.3, 0.6, 1.1, 1.0, 0.0, 0.5, 1.4)
RANDOM, INFORMED = 0, 1
#: what ``games`` plays (its ``mode``; see there)
PLAY, AFTER, ROUND = range(3)
#: base value of a tile kept in storage by building kind (warehouse ... city hall), as the greedy bot's
BUILDING_VALUE = (3.5, 4.0, 3.0, 3.0, 3.0, 2.5, 2.0, 3.5)


if AVAILABLE:
    import numba  # noqa: F401  (whether the fast extra is installed)
    import numpy as np

    from realms.core import jit

    jit.drop_stale_cache(__file__, kernel.__file__, jit.__file__)

    from realms.games.burgundy.kernel import (
        _DELTA,
        _FREEPL,
        _LARGE,
        _PHBONUS,
        _PICKT,
        _SALEVP,
        _SIZEVP,
        _SMALL,
        _TANIM,
        _TKIND,
        _TTYPE,
        A_ADJUST,
        A_BUY_BLACK,
        A_BUY_DEPOT,
        A_DISCARD,
        A_GOODS,
        A_HALL,
        A_PICK,
        A_PLACE,
        A_SELL,
        A_SHIP1,
        A_SKIP,
        A_START,
        A_TAKE,
        A_WAREHOUSE,
        A_WORKERS,
        ANIMAL,
        B_RMASK,
        B_ROF,
        B_RSIZE,
        B_SVAL,
        B_TMASK,
        B_TV,
        B_TV1,
        B_TYPES,
        BANK,
        BOARDING_HOUSE,
        BUILDING,
        CASTLE,
        CITY_HALL,
        E_ADJ,
        E_BOARD,
        E_DICE,
        E_EST,
        E_GOODS,
        E_KNOW,
        E_NSTO,
        E_OCC,
        E_STO,
        G_BLACK,
        G_BONUS,
        G_DEP,
        G_DG,
        G_FR,
        G_NFR,
        G_PHASE,
        G_PLAYERS,
        G_ROUND,
        G_TOMOVE,
        G_USED,
        K3,
        K4,
        K5,
        K7,
        K13,
        K14,
        KNOWLEDGE,
        MINE,
        NACTIONS,
        NTILES,
        SHIP,
        STRIDE,
        WAREHOUSE,
        WATCHTOWER,
        _apply,
        _below,
        _compute,
        _die_actions,
        _knowledge_end,
        _popcount,
        _settle,
    )

    _BVAL = np.array(BUILDING_VALUE, dtype=np.float64)
    #: a decision's memo (``tvc``): each tile's worth in storage, then each storage slot's worth on each space
    CACHE = NTILES + 3 * STRIDE
    _U20 = 1 << 20

    @jit.compiled
    def _unit(rngs: Any, k: int) -> float:
        return _below(rngs, k, _U20) / _U20

    @jit.compiled
    def _fade(st: Any) -> float:
        left = (4 - st[G_PHASE]) * 5 + 5 - st[G_ROUND]
        return min(1.0, left / 3.0)

    @jit.compiled
    def _tile_value(st: Any, bt: Any, p: int, tile: int, tvc: Any) -> float:
        """``_tile_worth``, remembered in ``tvc`` (by tile, negative: not yet) for the decision at hand."""
        v = tvc[tile]
        if v < 0:
            v = tvc[tile] = _tile_worth(st, bt, p, tile)
        return v

    @jit.compiled
    def _tile_worth(st: Any, bt: Any, p: int, tile: int) -> float:
        """``bots.tile_value``: a tile's worth to seat p in storage (before the storage share)."""
        bi = st[E_BOARD + p]
        t = _TTYPE[tile]
        occ = st[E_OCC + p]
        empty = bt[bi, B_TMASK + t] & ~occ
        if not empty:
            return 0.0
        left = 5 - st[G_PHASE]
        if t == CASTLE:
            base = 5.0
        elif t == SHIP:
            base = 4.0
        elif t == ANIMAL:
            base = 1.2 * _TANIM[tile]
        elif t == MINE:
            base = 1.0 + left
        elif t == KNOWLEDGE:
            base = 4.0 if _TKIND[tile] < 15 and left >= 3 else 3.0
        else:
            base = _BVAL[_TKIND[tile]]
        near = empty & st[E_ADJ + p]
        if not near:
            return 0.6 * base
        best = 0
        bonus = _PHBONUS[min(st[G_PHASE], 4)]
        m = near
        sp = 1
        while m >> sp:
            if m >> sp & 1:
                rm = bt[bi, B_RMASK + bt[bi, B_ROF + sp]]
                if (occ | (1 << sp)) & rm == rm:
                    pts = _SIZEVP[bt[bi, B_RSIZE + bt[bi, B_ROF + sp]]] + bonus
                    if pts > best:
                        best = pts
            sp += 1
        return base + 0.3 * best

    @jit.compiled
    def _goods_value(st: Any, prm: Any) -> float:
        return prm[P_GOODS] * _SALEVP[st[G_PLAYERS]] + 0.3

    @jit.compiled
    def _sale(st: Any, p: int, c: int, prm: Any) -> float:
        n = st[E_GOODS + p * 6 + c]
        if not n:
            return 0.0
        know = st[E_KNOW + p]
        v = n * (_SALEVP[st[G_PLAYERS]] - _goods_value(st, prm))
        v += prm[P_SILVER] * (2 if know & K3 else 1)
        if know & K4:
            v += prm[P_WORKER]
        return v

    @jit.compiled
    def _keep(st: Any, bt: Any, p: int, tile: int, prm: Any, fade: float, tvc: Any) -> float:
        """What adding ``tile`` to p's storage is worth (less the tile a full storage then discards)."""
        v = fade * prm[P_STORE] * _tile_value(st, bt, p, tile, tvc)
        n = st[E_NSTO + p]
        if n >= 3:
            low = v
            for si in range(n):
                w = fade * prm[P_STORE] * _tile_value(st, bt, p, st[E_STO + p * 4 + si], tvc)
                if w < low:
                    low = w
            v -= low
        return v

    @jit.compiled
    def _keep_plain(st: Any, bt: Any, p: int, tile: int, prm: Any, fade: float, tvc: Any) -> float:
        return fade * prm[P_STORE] * _tile_value(st, bt, p, tile, tvc)

    @jit.compiled
    def _take_now(st: Any, bt: Any, p: int, tile: int, spaces: int, prm: Any, fade: float, tvc: Any) -> float:
        """A take whose tile the other die can place at once (on one of ``spaces``): ``P_NOW`` of the best such
        placement's worth (what ``_place_worth`` counts, the tile's storage value not taken off), plus the
        storage value a full storage loses either way (the caller's ``v - _keep_plain``)."""
        best = -1e18
        keep = fade * prm[P_STORE] * _tile_value(st, bt, p, tile, tvc)
        sp = 1
        while spaces >> sp:
            if spaces >> sp & 1:
                g = _place_worth(st, bt, p, tile, sp, prm, fade, tvc) + keep
                if g > best:
                    best = g
            sp += 1
        return prm[P_NOW] * best

    @jit.compiled
    def _depot_goods(st: Any, dmask: int) -> int:
        n = 0
        for d in range(6):
            if dmask >> d & 1:
                for c in range(6):
                    n += st[G_DG + d * 6 + c]
        return n

    @jit.compiled
    def _place_value(st: Any, bt: Any, p: int, si: int, sp: int, prm: Any, fade: float, tvc: Any) -> float:
        """``_place_worth`` of storage tile ``si`` on space ``sp``, remembered in ``tvc`` past its tiles (the
        same whichever die or the City Hall places it)."""
        at = NTILES + si * STRIDE + sp
        v = tvc[at]
        if v < -1e8:
            v = tvc[at] = _place_worth(st, bt, p, st[E_STO + p * 4 + si], sp, prm, fade, tvc)
        return v

    @jit.compiled
    def _place_worth(st: Any, bt: Any, p: int, tile: int, sp: int, prm: Any, fade: float, tvc: Any) -> float:
        bi = st[E_BOARD + p]
        occ = st[E_OCC + p]
        occ2 = occ | (1 << sp)
        phase = st[G_PHASE]
        left = 5 - phase
        r = bt[bi, B_ROF + sp]
        rm = bt[bi, B_RMASK + r]
        size = bt[bi, B_RSIZE + r]
        full = _SIZEVP[size] + _PHBONUS[min(phase, 4)]
        k = _popcount(occ & rm)
        x = k / size
        before = fade * prm[P_REGION] * x * np.sqrt(x) * full
        if occ2 & rm == rm:
            v = full - before
        else:
            x = (k + 1) / size
            v = fade * prm[P_REGION] * x * np.sqrt(x) * full - before
        sc = bt[bi, B_TYPES + sp]
        tm = bt[bi, B_TMASK + sc]
        if occ2 & tm == tm:
            if st[G_BONUS + sc] < 0:
                v += _LARGE[st[G_PLAYERS]]
            elif st[G_BONUS + 6 + sc] < 0:
                v += _SMALL[st[G_PLAYERS]]
        t = _TTYPE[tile]
        if t == CASTLE:
            v += prm[P_CASTLE]
        elif t == SHIP:
            best = 0
            two = st[E_KNOW + p] & K5
            for d in range(6):
                g = _depot_goods(st, 1 << d)
                if two:
                    g += _depot_goods(st, 1 << ((d + 1) % 6))
                if g > best:
                    best = g
            v += prm[P_TRACK] + min(best, 4) * _goods_value(st, prm)
        elif t == ANIMAL:
            species = _TKIND[tile]
            total = _TANIM[tile]
            count = 1
            m = rm & occ
            base = E_EST + p * STRIDE
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
            v += total
        elif t == MINE:
            v += prm[P_MINE] * left
        elif t == KNOWLEDGE:
            num = _TKIND[tile]
            if num < 15:
                v += prm[P_KNOW_LEFT] * left + 1.0
            else:
                v += _knowledge_end(st, p, num) + 0.5 * left
        elif t == BUILDING:
            kind = _TKIND[tile]
            if kind == WAREHOUSE:
                best_sale = 0.0
                for c in range(6):
                    s = _sale(st, p, c, prm)
                    if s > best_sale:
                        best_sale = s
                v += best_sale
            elif kind == WATCHTOWER:
                v += 4.0
            elif kind == BOARDING_HOUSE:
                v += 4 * prm[P_WORKER]
            elif kind == BANK:
                v += 2 * prm[P_SILVER]
            elif kind == CITY_HALL:
                if st[E_NSTO + p] > 1:
                    v += prm[P_HALL]
            else:  # Carpenter's Workshop, Church, Market: the best tile of their types in the depots
                types = _PICKT[kind]
                best_pick = 0.0
                for j in range(24):
                    t2 = st[G_DEP + j]
                    if t2 >= 0 and types >> _TTYPE[t2] & 1:
                        w = _tile_value(st, bt, p, t2, tvc)
                        if w > best_pick:
                            best_pick = w
                v += prm[P_PICK] * fade * prm[P_STORE] * best_pick
        return v - fade * prm[P_STORE] * _tile_value(st, bt, p, tile, tvc)

    @jit.compiled
    def _value(st: Any, bt: Any, p: int, idx: int, prm: Any, fade: float, tvc: Any) -> float:
        """The informed policy's estimate of action ``idx`` for seat p, in VP."""
        if idx < A_PLACE:  # take
            tile = st[G_DEP + (idx - A_TAKE) % 24]
            v = _keep(st, bt, p, tile, prm, fade, tvc)
            i = (idx - A_TAKE) // 24
            if (prm[P_NEXT] or prm[P_NOW]) and i < 2 and not st[G_NFR] and not st[G_USED] >> (1 - i) & 1:
                t = _TTYPE[tile]
                w = st[E_DICE + p * 2 + 1 - i]
                tv = B_TV1 if st[E_KNOW + p] & _FREEPL[t] else B_TV
                m = bt[st[E_BOARD + p], tv + t * 7 + w] & st[E_ADJ + p] & ~st[E_OCC + p]
                if m:
                    v += prm[P_NEXT]
                    if prm[P_NOW]:
                        v = max(v, _take_now(st, bt, p, tile, m, prm, fade, tvc) + v - _keep_plain(st, bt, p, tile, prm,
                                                                                            fade, tvc))
            return v
        if idx < A_HALL:  # place
            j = idx - A_PLACE
            return _place_value(st, bt, p, j // 37 % 3, j % 37 + 1, prm, fade, tvc)
        if idx < A_SELL:  # City Hall
            j = idx - A_HALL
            return _place_value(st, bt, p, j // 37, j % 37 + 1, prm, fade, tvc)
        if idx < A_WORKERS:  # sell
            return _sale(st, p, (idx - A_SELL) % 6, prm)
        if idx < A_ADJUST:  # workers
            know = st[E_KNOW + p]
            v = prm[P_WORKER] * (4 if know & K14 else 2)
            if know & K13:
                v += prm[P_SILVER]
            return v
        if idx < A_BUY_BLACK:  # a worker on a die: valued in ``_informed``
            return -1e6
        if idx < A_DISCARD:  # buy
            at = G_BLACK + idx - A_BUY_BLACK if idx < A_BUY_DEPOT else G_DEP + idx - A_BUY_DEPOT
            tile = st[at]
            v = _keep(st, bt, p, tile, prm, fade, tvc)
            if prm[P_BUY_NOW] and not st[G_NFR]:
                plain = _keep_plain(st, bt, p, tile, prm, fade, tvc)
                t = _TTYPE[tile]
                tv = B_TV1 if st[E_KNOW + p] & _FREEPL[t] else B_TV
                free = st[E_ADJ + p] & ~st[E_OCC + p]
                for d in range(2):
                    if not st[G_USED] >> d & 1:
                        m = bt[st[E_BOARD + p], tv + t * 7 + st[E_DICE + p * 2 + d]] & free
                        if m:
                            v = max(v, prm[P_BUY_NOW] * _take_now(st, bt, p, tile, m, prm, fade, tvc) + v - plain)
            return v - 2 * prm[P_SILVER]
        if idx < A_PICK:  # discard
            return -_tile_value(st, bt, p, st[E_STO + p * 4 + idx - A_DISCARD], tvc)
        if idx < A_SHIP1:  # pick
            return _keep(st, bt, p, st[G_DEP + idx - A_PICK], prm, fade, tvc)
        if idx < A_GOODS:  # ship
            d = idx - A_SHIP1
            dmask = 1 << d if d < 6 else (1 << (d - 6)) | (1 << ((d - 5) % 6))
            return _depot_goods(st, dmask) * _goods_value(st, prm)
        if idx < A_WAREHOUSE:  # keep goods of a colour
            dmask = st[G_FR + 2 * st[G_NFR] - 1]
            c = idx - A_GOODS
            n = 0
            for d in range(6):
                if dmask >> d & 1:
                    n += st[G_DG + d * 6 + c]
            return n * _goods_value(st, prm)
        if idx < A_SKIP:  # Warehouse sale
            return _sale(st, p, idx - A_WAREHOUSE, prm)
        if idx >= A_START:  # the start castle: where the estate grows from (``Board.start_values``)
            return bt[st[E_BOARD + p], B_SVAL + idx - A_START + 1] / 100.0
        return 0.0  # skip, end, a board

    @jit.compiled
    def _adjust_value(st: Any, bt: Any, p: int, idx: int, prm: Any, fade: float, buf: Any, tvc: Any) -> float:
        """A worker on a die: the best that die can then do (a sale, a take or a place), less the worker."""
        if prm[P_ADJUST] < 0:
            return -1e6
        j = idx - A_ADJUST
        i = j // 4
        at = E_DICE + p * 2 + i
        v0 = st[at]
        st[at] = (v0 + 5 + _DELTA[j % 4]) % 6 + 1
        n = _die_actions(st, bt, p, i, st[at], buf, 0) - 1  # the last is "take workers"
        st[at] = v0
        best = -1e6
        for m in range(n):
            v = _value(st, bt, p, buf[m], prm, fade, tvc)
            if v > best:
                best = v
        return best - prm[P_ADJUST]

    @jit.compiled
    def _informed(st: Any, bt: Any, rngs: Any, p: int, acts: Any, k: int, prm: Any, buf: Any, tvc: Any) -> int:
        """The informed policy's choice among ``acts[:k]`` for seat p (draws from ``rngs[1 + p]``)."""
        if prm[P_EPS] > 0 and _unit(rngs, 1 + p) < prm[P_EPS]:
            return acts[_below(rngs, 1 + p, k)]
        tvc[:NTILES] = -1.0
        tvc[NTILES:] = -1e9
        fade = _fade(st)
        noise = prm[P_NOISE]
        best = -1e18
        choice = acts[0]
        for j in range(k):
            a = acts[j]
            if A_ADJUST <= a < A_BUY_BLACK:
                v = _adjust_value(st, bt, p, a, prm, fade, buf, tvc)
            else:
                v = _value(st, bt, p, a, prm, fade, tvc)
            if noise > 0:
                v += noise * _unit(rngs, 1 + p)
            if v > best:
                best = v
                choice = acts[j]
        return choice

    @jit.compiled
    def decide(st: Any, bt: Any, rngs: Any, prm: Any) -> int:
        """The informed policy's action for the seat to move in the settled state ``st``."""
        acts = np.empty(NACTIONS, dtype=np.int64)
        k = _compute(st, bt, acts)
        p = st[G_TOMOVE]
        if k == 1:
            return acts[0]
        return _informed(st, bt, rngs, p, acts, k, prm, np.empty(NACTIONS, dtype=np.int64), np.empty(CACHE))

    @jit.compiled
    def rank_all(st: Any, bt: Any, prm: Any, acts: Any, vals: Any) -> int:
        """The legal actions of the settled state ``st`` into ``acts`` and the informed policy's estimate of
        each (no noise) into ``vals``; how many."""
        k = _compute(st, bt, acts)
        p = st[G_TOMOVE]
        fade = _fade(st)
        buf = np.empty(NACTIONS, dtype=np.int64)
        tvc = np.full(CACHE, -1e9)
        tvc[:NTILES] = -1.0
        for j in range(k):
            a = acts[j]
            if A_ADJUST <= a < A_BUY_BLACK:
                vals[j] = _adjust_value(st, bt, p, a, prm, fade, buf, tvc)
            else:
                vals[j] = _value(st, bt, p, a, prm, fade, tvc)
        return k

    @jit.compiled
    def games(mode: int, state: Any, bt: Any, rngs: Any, pol: Any, prm: Any, record: bool, rec: Any, lists: Any,
              first: int, chance: Any, firsts: Any, srng: Any, players: int, out: Any) -> int:
        """Every way a playout is played, in one compiled function (each function that calls the engine is compiled
        with the whole engine inside it, so one entry point compiles it once): ``kernel.games``' ``PLAY`` with a
        policy per seat (``pol[p]``: 0 random, 1 informed with weights ``prm[p]``); returns the number of actions
        (of the last playout, for ``ROUND``). By ``mode``:

        - ``PLAY``: the settled state ``state`` played to the end, seat p drawing from ``rngs[1 + p]`` and chance
          from ``rngs[0]``; with ``record``, ``rec[step]`` is the chosen action and ``rec[cap + step]`` the number of
          legal actions (``cap`` half its length), every legal list laid end to end in ``lists``.
        - ``AFTER``: ``PLAY`` (no record) after the action ``first`` of the seat to move, which is applied (and the
          game settled) with chance from ``rngs[0]``, as ``Burgundy.apply`` would with that stream; the playout's
          chance then comes from ``chance``. The action counts as one.
        - ``ROUND``: a flat search's round from the encoded state ``state`` (never changed here): what
          ``Burgundy.determinize`` draws from the search's stream ``srng[0]`` (the copy's own stream), then the
          round's seed (its next draw), and for each root action ``firsts[j]`` the ``AFTER`` playout that
          ``finish_after`` plays from that seed (the action applied with the copy's stream, then chance and seat q's
          choices from the seed's first and (q+1)-th draws; every action meets the same luck), ``summary``'s rows
          of the ``players`` seats into ``out[j]``. ``srng[1]`` ends as the policy's stream ends after one playout.
          ``rngs`` is room for the streams.
        """
        acts = np.empty(NACTIONS, dtype=np.int64)
        buf = np.empty(NACTIONS, dtype=np.int64)
        tvc = np.empty(CACHE, dtype=np.float64)
        streams = np.empty(players, dtype=np.uint64)
        # the streams in an array of the function's own (its writes then alias no state: a faster loop), given back
        # at the end
        mine = np.empty(rngs.shape[0], dtype=np.uint64)
        for q in range(rngs.shape[0]):
            mine[q] = rngs[q]
        rows = np.zeros((players, out.shape[2]), dtype=np.int64)
        at = 0
        nact = 0
        st = state
        rounds = 1
        own = chance
        if mode == ROUND:
            g = jit.GOLDEN
            s = srng[0] + g
            own = jit.mix(s)
            s = s + g
            srng[0] = s
            seed = jit.mix(s)
            seed = seed + g
            chance = jit.mix(seed)
            for q in range(players):
                seed = seed + g
                streams[q] = jit.mix(seed)
            srng[1] = seed
            rounds = firsts.shape[0]
        for j in range(rounds):
            f = first
            if mode == ROUND:
                st = state.copy()
                mine[0] = own
                for q in range(players):
                    mine[1 + q] = streams[q]
                f = firsts[j]
            if mode != PLAY:
                _settle(st, bt, mine, acts)
                _apply(st, bt, mine, st[G_TOMOVE], f)
                _settle(st, bt, mine, acts)
                mine[0] = chance
            nact = 0
            k = _settle(st, bt, mine, acts)
            while k:
                p = st[G_TOMOVE]
                if k == 1:
                    idx = acts[0]
                elif pol[p] == INFORMED:
                    idx = _informed(st, bt, mine, p, acts, k, prm[p], buf, tvc)
                else:
                    idx = acts[_below(mine, 1 + p, k)]
                if record:
                    at = jit.record(rec, lists, nact, at, acts, k, idx)
                _apply(st, bt, mine, p, idx)
                nact += 1
                k = _settle(st, bt, mine, acts)
            if mode == ROUND:
                kernel.summary(st, bt, rows)
                out[j] = rows
        for q in range(rngs.shape[0]):
            rngs[q] = mine[q]
        return nact + (0 if mode == PLAY else 1)

    #: ``games``' arguments where its mode reads none (of the types the others are, so one version is compiled)
    _NO_INTS = np.zeros(2, dtype=np.int64)
    _NO_STREAMS = np.zeros(2, dtype=np.uint64)
    _NO_ROWS = np.zeros((1, 1, 1), dtype=np.int64)

    _DEFAULT = np.array([DEFAULT] * kernel.MAXP, dtype=np.float64)


def weights(*seats: dict[str, float]) -> Any:
    """The informed policy's weights per seat (a row each, for every seat the kernel has room for): ``DEFAULT``
    with each seat's changes, by the ``P_*`` names less ``P_`` in lower case (``weights({"noise": 1.0})``); the
    last seat's changes go on to the seats after it."""
    prm = np.array([DEFAULT] * kernel.MAXP, dtype=np.float64)
    for q in range(kernel.MAXP):
        for name, value in (seats[min(q, len(seats) - 1)] if seats else {}).items():
            prm[q, globals()["P_" + name.upper()]] = value
    return prm


def run(state: Any, policies: Sequence[int], chance: int, rng_states: Sequence[int], prm: Any = None,
        record: bool = False, steps: int = 2000, room: int = 200_000) -> tuple[Any, int, Any, Any, Any]:
    """Play a copy of the reference ``state`` (left unchanged) to the end, seat p by ``policies[p]`` drawing
    from a SplitMix64 stream in state ``rng_states[p]``, chance from the stream in state ``chance`` (not the
    state's own). Returns what ``kernel.run`` returns (the final array, the number of actions and, with
    ``record``, the chosen actions, the legal-action counts and the legal lists end to end)."""
    st = kernel.encode(state)
    bt = _table(state)
    rngs = np.array([chance & MASK64] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    pol = np.array(policies, dtype=np.int64)
    rec = np.zeros(2 * steps if record else 2, dtype=np.int64)
    lists = np.zeros(room if record else 1, dtype=np.int64)
    nact = games(PLAY, st, bt, rngs, pol, _DEFAULT if prm is None else prm, record, rec, lists, -1, np.uint64(0),
                 _NO_INTS, _NO_STREAMS, state.players, _NO_ROWS)
    cap = rec.shape[0] // 2
    counts = rec[cap:cap + nact]
    return st, nact, rec[:nact], counts, lists[:int(counts.sum())]


def scores(state: Any, policies: Sequence[int], chance: int, rng_states: Sequence[int],
           prm: Any = None) -> list[list[int]]:
    """``run`` without a record: per seat, ``kernel.summary``'s row (score, empty spaces, place in the final
    turn order, ..., VP by source), as ``kernel.result_of`` reads them."""
    st = kernel.encode(state)
    bt = _table(state)
    rngs = np.array([chance & MASK64] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    games(PLAY, st, bt, rngs, np.array(policies, dtype=np.int64), _DEFAULT if prm is None else prm, False, _NO_INTS,
          _NO_INTS, -1, np.uint64(0), _NO_INTS, _NO_STREAMS, state.players, _NO_ROWS)
    out = np.zeros((state.players, 7 + kernel.NSRC), dtype=np.int64)
    kernel.summary(st, bt, out)
    return out.tolist()


def scores_after(state: Any, first: int, policies: Sequence[int], chance: int, rng_states: Sequence[int],
                 encoded: Any = None) -> list[list[int]]:
    """``scores`` of a copy of ``state`` after the action index ``first`` (legal in it), applied with the
    state's own stream as ``Burgundy.apply`` does; ``encoded`` (``kernel.encode(state)``, never changed
    here) saves encoding the same state again."""
    st = kernel.encode(state) if encoded is None else encoded.copy()
    bt = _table(state)
    rngs = np.array([state.rng & MASK64] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    games(AFTER, st, bt, rngs, np.array(policies, dtype=np.int64), _DEFAULT, False, _NO_INTS, _NO_INTS, first,
          np.uint64(chance & MASK64), _NO_INTS, _NO_STREAMS, state.players, _NO_ROWS)
    out = np.zeros((state.players, 7 + kernel.NSRC), dtype=np.int64)
    kernel.summary(st, bt, out)
    return out.tolist()


def search_round(encoded: Any, state: Any, firsts: Sequence[int], policies: Sequence[int], rng: Any,
                 policy_rng: Any) -> list[list[list[int]]]:
    """A flat search's round in the kernel (``games``' ``ROUND``) from ``kernel.encode(state)``: ``rng`` (the search's,
    an ``Rng``) advanced as ``Burgundy.determinize`` and one ``next64`` advance it, ``policy_rng`` left as one
    playout from the round's seed leaves it; each root action's ``summary`` rows (``kernel.result_of`` reads
    them), as ``determinize`` and ``scores_after`` with the policy's draws would give them."""
    p = state.players
    srng = np.array([rng.state, 0], dtype=np.uint64)
    out = np.zeros((len(firsts), p, 7 + kernel.NSRC), dtype=np.int64)
    games(ROUND, encoded, _table(state), np.empty(1 + p, dtype=np.uint64), np.array(policies, dtype=np.int64),
          _DEFAULT, False, _NO_INTS, _NO_INTS, -1, np.uint64(0), np.array(firsts, dtype=np.int64), srng, p, out)
    rng.state = int(srng[0])
    policy_rng.state = int(srng[1])
    rows: list[list[list[int]]] = out.tolist()
    return rows


def choose(state: Any, rng_state: int, prm: Any = None) -> tuple[int, int]:
    """The informed policy's action index for the seat to move in the reference ``state``, drawing from the
    stream in state ``rng_state``; returns (the index, the stream's state after)."""
    st = kernel.encode(state)
    rngs = np.zeros(2 + state.to_move, dtype=np.uint64)
    rngs[1 + state.to_move] = rng_state & MASK64
    idx = decide(st, _table(state), rngs, (_DEFAULT if prm is None else prm)[state.to_move])
    return int(idx), int(rngs[1 + state.to_move])


def values(state: Any, prm: Any = None) -> dict[int, float]:
    """The informed policy's estimate (in VP, without its noise) of each legal action of the reference
    ``state``, by action index."""
    st = kernel.encode(state)
    acts = np.empty(kernel.NACTIONS, dtype=np.int64)
    vals = np.empty(kernel.NACTIONS, dtype=np.float64)
    k = rank_all(st, _table(state), (_DEFAULT if prm is None else prm)[state.to_move], acts, vals)
    return dict(zip(acts[:k].tolist(), vals[:k].tolist(), strict=True))


def _table(state: Any) -> Any:
    key = tuple(b.key for b in state.pool)
    bt = kernel._TABLES.get(key)
    if bt is None:
        bt = kernel._TABLES[key] = kernel.board_table(state.pool)
    return bt
