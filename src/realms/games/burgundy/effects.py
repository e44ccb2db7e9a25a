"""Applying actions, and the effect of each tile kind on placement."""

from __future__ import annotations

from realms.core import undo
from realms.core.errors import IllegalAction
from realms.core.game import Action, Event
from realms.games.burgundy.actions import (
    ACTIONS,
    DECODE,
    K_ADJUST,
    K_BOARD,
    K_BUY,
    K_DISCARD,
    K_END,
    K_GOODS,
    K_HALL,
    K_PICK,
    K_PLACE,
    K_SELL,
    K_SHIP,
    K_SKIP,
    K_START,
    K_TAKE,
    K_WAREHOUSE,
    K_WORKERS,
    NACTIONS,
    _die_text,
)
from realms.games.burgundy.data import (
    ANIMAL,
    BOARDING_HOUSE,
    CASTLE,
    CITY_HALL,
    KNOWLEDGE,
    LARGE_BONUS,
    MINE,
    PHASE_BONUS,
    PHASES,
    SALE_VP,
    SHIP,
    SIZE_VP,
    SMALL_BONUS,
    SPECIES,
    T_ANIMALS,
    T_KIND,
    T_TYPE,
    TYPES,
    WAREHOUSE,
    WATCHTOWER,
    tile_json,
    tile_name,
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
    FRAME_NAMES,
    FREE_DIE,
    K3,
    K4,
    K7,
    K13,
    K14,
    PICK_TYPES,
    SRC_ANIMALS,
    SRC_BONUS,
    SRC_REGION,
    SRC_SALE,
    SRC_WATCHTOWER,
    STRIDE,
    BurgundyState,
)


class _Effects(Engine):
    """Applying actions, and the effect of each tile kind on placement."""

    # --- apply --------------------------------------------------------------------------------------
    def apply(self, state: BurgundyState, action: Action, log: bool = False) -> list[Event]:
        s = state
        p = s.to_move
        if p is None:
            raise IllegalAction("burgundy: the game is over; no action is legal")
        if s.undo is not None:
            return undo.apply(self, s, action, log)
        idx = getattr(action, "index", None)
        if idx.__class__ is not int or not 0 <= idx < NACTIONS or (
            ACTIONS[idx] is not action and ACTIONS[idx] != action
        ):
            if action == self.undo_action:
                return undo.apply(self, s, action, log)
            raise IllegalAction(f"burgundy: {action!r} is not an action of this game")
        cache = s.cache
        if cache is None:
            cache = s.cache = self._compute(s)
        action = ACTIONS[idx]
        if action not in cache:
            raise IllegalAction(self._why_not(s, p, action))
        ev: list[Event] | None = [] if log else None
        kind, a, b, c = DECODE[idx]
        _DO[kind](self, s, p, a, b, c, ev)
        s.cache = None
        self._settle(s, ev)
        return ev if ev is not None else []

    def apply_legal(self, state: BurgundyState, index: int) -> None:
        """``apply`` without its checks, for an index from the legal actions of this state (the step of the fast
        path, ``fast.py``): the action is not looked for among the decision's legal actions again, a list
        search that compares ``Action``s in Python."""
        s = state
        if s.undo is not None:
            undo.apply_index(self, s, index)
            return
        kind, a, b, c = DECODE[index]
        _DO[kind](self, s, s.to_move, a, b, c, None)  # type: ignore[arg-type]
        s.cache = None
        self._settle(s, None)

    # --- one handler per kind of action (the table _DO below) --------------------------------------
    def _do_take(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        _use_die(s, a)
        j = b * 4 + c
        tile = s.depots[j]
        s.depots[j] = -1
        if ev is not None:
            ev.append(Event("take", p, f"Seat {p + 1} takes {tile_name(tile)} from depot {b + 1} "
                                       f"({_die_text(s, p, a)})", {"tile": tile_json(tile), "depot": b + 1}))
        self._to_storage(s, p, tile)

    def _do_place(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        _use_die(s, a)
        tile = s.storage[p].pop(b)
        if ev is not None:
            ev.append(Event("place", p, f"Seat {p + 1} places {tile_name(tile)} on space {c} "
                                        f"({_die_text(s, p, a)})", {"tile": tile_json(tile), "space": c}))
        self._place(s, p, tile, c, ev)

    def _do_hall(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.frames.pop()
        tile = s.storage[p].pop(b)
        if ev is not None:
            ev.append(Event("place", p, f"Seat {p + 1} places {tile_name(tile)} on space {c} (City Hall)",
                            {"tile": tile_json(tile), "space": c}))
        self._place(s, p, tile, c, ev)

    def _do_sell(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        _use_die(s, a)
        self._sell(s, p, b, ev)

    def _do_workers(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        _use_die(s, a)
        know = s.know[p]
        w = 4 if know & K14 else 2
        s.workers[p] += w
        if know & K13:
            s.silver[p] += 1
        if ev is not None:
            ev.append(Event("workers", p, f"Seat {p + 1} takes {w} workers"
                            + (" and 1 silverling" if know & K13 else "") + f" ({_die_text(s, p, a)})",
                            {"workers": w, "silverlings": 1 if know & K13 else 0}))

    def _do_adjust(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.workers[p] -= 1
        j = p * 2 + a
        old = s.dice[j]
        s.dice[j] = (old - 1 + b) % 6 + 1
        if ev is not None:
            ev.append(Event("adjust", p, f"Seat {p + 1} pays a worker: die {a + 1} {old} -> {s.dice[j]}",
                            {"die": a, "from": old, "to": s.dice[j]}))

    def _do_buy(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.silver[p] -= 2
        s.bought = True
        if a < 0:
            tile = s.black[b]
            s.black[b] = -1
        else:
            tile = s.depots[a * 4 + b]
            s.depots[a * 4 + b] = -1
        if ev is not None:
            where = "the black depot" if a < 0 else f"depot {a + 1}"
            ev.append(Event("buy", p, f"Seat {p + 1} buys {tile_name(tile)} from {where} for 2 silverlings",
                            {"tile": tile_json(tile)}))
        self._to_storage(s, p, tile)

    def _do_discard(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.frames.pop()
        tile = s.storage[p].pop(a)
        s.removed.append(tile)
        if ev is not None:
            ev.append(Event("discard", p, f"Seat {p + 1} discards {tile_name(tile)} from storage",
                            {"tile": tile_json(tile)}))

    def _do_pick(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.frames.pop()
        j = a * 4 + b
        tile = s.depots[j]
        s.depots[j] = -1
        if ev is not None:
            ev.append(Event("take", p, f"Seat {p + 1} takes {tile_name(tile)} from depot {a + 1} (building)",
                            {"tile": tile_json(tile), "depot": a + 1}))
        self._to_storage(s, p, tile)

    def _do_ship(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.frames.pop()
        self._ship_take(s, p, a, ev)

    def _do_goods(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        dmask = s.frames.pop()[1]
        self._take_colour(s, p, dmask, a, ev)
        self._ship_take(s, p, dmask, ev)

    def _do_warehouse(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.frames.pop()
        self._sell(s, p, a, ev)

    def _do_skip(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        f = s.frames.pop()
        if ev is not None:
            ev.append(Event("skip", p, f"Seat {p + 1} skips the {FRAME_NAMES[f[0]]} bonus",
                            {"bonus": FRAME_NAMES[f[0]]}))

    def _do_end(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        s.used = 7
        if ev is not None:
            ev.append(Event("end", p, f"Seat {p + 1} ends the turn", {}))

    def _do_board(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        self._choose_board(s, p, a, ev)

    def _do_start(self, s: BurgundyState, p: int, a: int, b: int, c: int, ev: list[Event] | None) -> None:
        self._place_start(s, p, a, ev)

    def _to_storage(self, s: BurgundyState, p: int, tile: int) -> None:
        st = s.storage[p]
        st.append(tile)
        if len(st) > 3:
            s.frames.append((F_DISCARD, 0))

    def _sell(self, s: BurgundyState, p: int, c: int, ev: list[Event] | None) -> None:
        j = p * 6 + c
        n = s.goods[j]
        s.goods[j] = 0
        s.sold[j] += n
        know = s.know[p]
        silver = 2 if know & K3 else 1
        s.silver[p] += silver
        if know & K4:
            s.workers[p] += 1
        if ev is not None:
            ev.append(Event("sell", p, f"Seat {p + 1} sells {n} goods {c + 1}: {silver} silverling(s)"
                            + (" and 1 worker" if know & K4 else ""),
                            {"colour": c + 1, "count": n, "silverlings": silver, "workers": 1 if know & K4 else 0}))
        self._score(s, p, SRC_SALE, n * SALE_VP[s.players], ev, f"sold {n} goods {c + 1}")

    def _take_colour(self, s: BurgundyState, p: int, dmask: int, c: int, ev: list[Event] | None) -> None:
        dg = s.depot_goods
        got = 0
        for d in range(6):
            if dmask >> d & 1:
                j = d * 6 + c
                got += dg[j]
                dg[j] = 0
        s.goods[p * 6 + c] += got
        if ev is not None and got:
            ev.append(Event("goods", p, f"Seat {p + 1} takes {got} goods {c + 1}", {"colour": c + 1, "count": got}))

    def _ship_take(self, s: BurgundyState, p: int, dmask: int, ev: list[Event] | None) -> None:
        """Take the goods of the depots in ``dmask``: colours already held always fit; new colours fill the
        free goods spaces (3 colours at most); when they do not all fit the player chooses (F_GOODS)."""
        g = s.goods
        gb = p * 6
        dg = s.depot_goods
        new = []
        for c in range(6):
            on = 0
            for d in range(6):
                if dmask >> d & 1:
                    on += dg[d * 6 + c]
            if not on:
                continue
            if g[gb + c]:
                self._take_colour(s, p, dmask, c, ev)
            else:
                new.append(c)
        if not new:
            return
        free = 3 - sum(1 for c in range(6) if g[gb + c])
        if len(new) <= free:
            for c in new:
                self._take_colour(s, p, dmask, c, ev)
        elif free > 0:
            s.frames.append((F_GOODS, dmask))

    def _place(self, s: BurgundyState, p: int, tile: int, sp: int, ev: list[Event] | None) -> None:
        board = s.boards[p]
        assert board is not None
        base = p * STRIDE
        s.estate[base + sp] = tile
        bit = 1 << sp
        occ = s.occ[p] | bit
        s.occ[p] = occ
        s.adj[p] |= board.nmask[sp]
        # a completed region scores its size and the phase bonus
        r = board.region_of[sp]
        rm = board.region_mask[r]
        if occ & rm == rm:
            size = board.region_size[r]
            self._score(s, p, SRC_REGION, SIZE_VP[size] + PHASE_BONUS[s.phase], ev,
                        f"completed a {TYPES[board.region_type[r]]} region of {size} in phase {PHASES[s.phase]}")
        # every space of a colour filled: the large bonus tile, else the small one
        st = board.types[sp]
        tm = board.type_mask[st]
        if occ & tm == tm:
            if s.bonus[st] < 0:
                s.bonus[st] = p
                self._score(s, p, SRC_BONUS, LARGE_BONUS[s.players], ev, f"first to fill every {TYPES[st]} space")
            elif s.bonus[6 + st] < 0:
                s.bonus[6 + st] = p
                self._score(s, p, SRC_BONUS, SMALL_BONUS[s.players], ev, f"second to fill every {TYPES[st]} space")
        t = T_TYPE[tile]
        if t == CASTLE:
            s.frames.append((F_CASTLE, 0))
        elif t == SHIP:
            s.stamp += 1
            s.track_pos[p] += 1
            s.track_stamp[p] = s.stamp
            s.frames.append((F_SHIP, 0))
        elif t == ANIMAL:
            species = T_KIND[tile]
            total = count = 0
            m = rm & occ
            estate = s.estate
            while m:
                low = m & -m
                t2 = estate[base + low.bit_length() - 1]
                if T_TYPE[t2] == ANIMAL and T_KIND[t2] == species:
                    total += T_ANIMALS[t2]
                    count += 1
                m ^= low
            if s.know[p] & K7:
                total += count
            self._score(s, p, SRC_ANIMALS, total, ev, f"{SPECIES[species]}s in the pasture ({count} tile(s))")
        elif t == MINE:
            s.mines[p] += 1
        elif t == KNOWLEDGE:
            s.know[p] |= 1 << T_KIND[tile]
        else:
            k = T_KIND[tile]
            s.bkind[p * 8 + k] |= bit
            if k == WAREHOUSE:
                s.frames.append((F_WAREHOUSE, 0))
            elif k == WATCHTOWER:
                self._score(s, p, SRC_WATCHTOWER, 4, ev, "Watchtower")
            elif k in PICK_TYPES:
                s.frames.append((F_PICK, PICK_TYPES[k]))
            elif k == BOARDING_HOUSE:
                s.workers[p] += 4
            elif k == CITY_HALL:
                s.frames.append((F_HALL, 0))
            else:  # bank
                s.silver[p] += 2


def _use_die(s: BurgundyState, i: int) -> None:
    """Spend die ``i``: the castle's free die closes the castle's frame, a rolled die is marked used."""
    if i == FREE_DIE:
        s.frames.pop()
    else:
        s.used |= 1 << i


#: action kind -> its handler
_DO = {
    K_TAKE: _Effects._do_take,
    K_PLACE: _Effects._do_place,
    K_HALL: _Effects._do_hall,
    K_SELL: _Effects._do_sell,
    K_WORKERS: _Effects._do_workers,
    K_ADJUST: _Effects._do_adjust,
    K_BUY: _Effects._do_buy,
    K_DISCARD: _Effects._do_discard,
    K_PICK: _Effects._do_pick,
    K_SHIP: _Effects._do_ship,
    K_GOODS: _Effects._do_goods,
    K_WAREHOUSE: _Effects._do_warehouse,
    K_SKIP: _Effects._do_skip,
    K_END: _Effects._do_end,
    K_BOARD: _Effects._do_board,
    K_START: _Effects._do_start,
}
