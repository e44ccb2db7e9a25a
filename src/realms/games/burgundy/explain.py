"""Why an action is illegal, and what the player to move must decide, in words."""

from __future__ import annotations

from realms.core.game import Action
from realms.games.burgundy.actions import (
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
)
from realms.games.burgundy.data import (
    BUILDING,
    BUILDING_NAMES,
    CASTLE,
    T_KIND,
    T_TYPE,
    TYPES,
    boards_left,
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
    FREE_PLACE,
    K5,
    K6,
    K8,
    K12,
    MODE_BOARD,
    BurgundyState,
)


class _Explain(Engine):
    """Why an action is illegal, and what the player to move must decide, in words."""

    # --- explaining illegal actions -------------------------------------------------------------------
    def _why_not(self, s: BurgundyState, p: int, action: Action) -> str:
        who = f"burgundy: seat {p + 1}"
        kind, a, b, c = DECODE[action.index]
        if s.mode == MODE_BOARD:
            board = s.boards[p]
            if board is None:
                if kind == K_BOARD:
                    left = ", ".join(str(x.number) for x in boards_left(s.pool, s.boards))
                    if any(x.number == a for x in s.pool):
                        return (f"{who}: estate board {a} is taken (the box holds no other copy); boards left: "
                                f"{left}")
                    return f"{who}: there is no estate board {a}; boards left: {left}"
                return f"{who} must first choose an estate board (free-choice scenario), not {action}"
            if kind == K_START:
                castles = [sp for sp in board.ids if board.types[sp] == CASTLE]
                return (f"{who}: space {a} of estate board {board.number} is not a castle space; the start castle "
                        f"goes on one of {', '.join(map(str, castles))}")
            return f"{who} must first place the start castle on a castle space of estate board {board.number}, " \
                   f"not {action}"
        if kind == K_BOARD:
            return f"{who}: estate boards are chosen only at the start of a free-choice game"
        if kind == K_START:
            return f"{who}: the start castle is placed only before the first round"
        if s.frames:
            f = s.frames[-1]
            need = self.pending_text(s)
            if kind == K_BUY and f[0] in (F_CASTLE, F_HALL) and s.opts["black_depot_timing"] != "during-effects":
                return (f"{who} must first {need}: purchases are made before, between or after the die actions, "
                        "not inside a castle's or City Hall's extra action (option black_depot_timing)")
            allowed_here = {F_CASTLE: (K_TAKE, K_PLACE, K_SELL, K_WORKERS, K_BUY), F_HALL: (K_HALL, K_SKIP, K_BUY),
                            F_PICK: (K_PICK, K_SKIP), F_WAREHOUSE: (K_WAREHOUSE,), F_SHIP: (K_SHIP,),
                            F_GOODS: (K_GOODS,), F_DISCARD: (K_DISCARD,)}[f[0]]
            if kind not in allowed_here or (f[0] == F_CASTLE and kind in (K_TAKE, K_PLACE, K_SELL, K_WORKERS)
                                             and a != FREE_DIE):
                return f"{who} must first {need}; {action} is not one of those choices"
        elif kind in (K_TAKE, K_PLACE, K_SELL, K_WORKERS) and a == FREE_DIE:
            return f"{who} has no castle bonus action to use (the castle die exists only after placing a castle)"
        elif kind in (K_HALL, K_PICK, K_SHIP, K_GOODS, K_WAREHOUSE, K_DISCARD, K_SKIP):
            return f"{who}: {action} answers a tile effect, and none is pending"
        know = s.know[p]
        board = s.boards[p]
        assert board is not None
        if kind in (K_TAKE, K_PLACE, K_SELL, K_WORKERS, K_ADJUST) and a != FREE_DIE:
            if s.used >> a & 1:
                return f"{who} has already used die {a + 1} this turn"
        v = s.dice[p * 2 + a] if a in (0, 1) and kind in (K_TAKE, K_PLACE, K_SELL) else 0
        if kind == K_TAKE:
            if s.depots[b * 4 + c] < 0:
                return f"{who}: depot {b + 1} slot {c + 1} is empty"
            if a != FREE_DIE:
                near = " (or one off, with knowledge 12)" if know & K12 else ""
                return f"{who}: die {a + 1} shows {v}, so it takes from depot {v}{near}, not depot {b + 1}"
        elif kind in (K_PLACE, K_HALL):
            st = s.storage[p]
            if b >= len(st):
                return f"{who}: storage slot {b + 1} is empty"
            tile = st[b]
            t = T_TYPE[tile]
            name = tile_name(tile)
            if not 1 <= c <= 37 or board.types[c] < 0:
                return f"{who}: space {c} is not on estate board {board.number}"
            if s.occ[p] >> c & 1:
                return f"{who}: space {c} is already occupied"
            if not s.adj[p] >> c & 1:
                return f"{who}: space {c} is not next to any tile of the estate"
            matching = kind == K_PLACE or s.opts["city_hall"] == "matching-colour"
            if matching and board.types[c] != t:
                return f"{who}: {name} is {TYPES[t]} but space {c} is {TYPES[board.types[c]]}"
            if kind == K_PLACE and a != FREE_DIE and board.dice[c] != v:
                free = know & FREE_PLACE[t]
                return (f"{who}: die {a + 1} shows {v} but space {c} needs {board.dice[c]}"
                        + (" (knowledge gives only +/-1)" if free else ""))
            if t == BUILDING:
                return (f"{who}: the city of space {c} already has a {BUILDING_NAMES[T_KIND[tile]]} "
                        "(one of each building per city)")
        elif kind == K_SELL:
            if not s.goods[p * 6 + b]:
                return f"{who} has no goods {b + 1} to sell"
            if a != FREE_DIE and v != b + 1:
                return f"{who}: die {a + 1} shows {v}, so it sells goods {v}, not goods {b + 1}"
        elif kind == K_ADJUST:
            if not s.workers[p]:
                return f"{who} has no workers to adjust a die"
            if abs(b) == 2 and not know & K8:
                return f"{who}: changing a die by 2 with one worker needs knowledge tile 8"
        elif kind == K_BUY:
            if s.bought:
                return f"{who} has already bought a tile this turn (one purchase per turn)"
            if s.silver[p] < 2:
                return f"{who} has {s.silver[p]} silverling(s); a purchase costs 2"
            if a >= 0 and not know & K6:
                return f"{who}: buying from a numbered depot needs knowledge tile 6; buy from the black depot"
            return f"{who}: that depot slot is empty"
        elif kind == K_END:
            return f"{who} must use both dice before ending the turn"
        elif kind == K_PICK:
            j = a * 4 + b
            if s.depots[j] < 0:
                return f"{who}: depot {a + 1} slot {b + 1} is empty"
            return f"{who}: this building cannot take a {TYPES[T_TYPE[s.depots[j]]]} tile"
        elif kind == K_GOODS:
            return f"{who}: goods {a + 1} are not on the ship's depot(s), or are already held"
        elif kind == K_WAREHOUSE:
            return f"{who} has no goods {a + 1} to sell"
        elif kind == K_SHIP:
            if a.bit_count() == 2 and not know & K5:
                return f"{who}: taking goods from two depots needs knowledge tile 5"
            return f"{who}: there are no goods on depot(s) {action['depots']}"
        elif kind == K_DISCARD:
            return f"{who}: storage slot {a + 1} cannot be discarded"
        return f"{who}: {action} is not legal now"

    # --- queries --------------------------------------------------------------------------------------
    def pending_text(self, s: BurgundyState) -> str:
        """What the player to move must decide, in words."""
        if s.to_move is None:
            return "nothing (the game is over)"
        if s.mode == MODE_BOARD:
            return "choose an estate board" if s.boards[s.to_move] is None else \
                "place the start castle on a castle space"
        if s.frames:
            f = s.frames[-1]
            return ("use the castle's bonus action (any die value)", "place a tile with the City Hall (or skip)",
                    "take a tile with the building (or skip)", "sell goods with the Warehouse",
                    "choose the depot whose goods the ship takes", "choose which goods fit in the goods spaces",
                    "discard a tile from the full storage")[f[0]]
        if s.used == 3:
            return "buy a tile or end the turn"
        return "use the dice"

    def pending(self, s: BurgundyState) -> str:
        """The kind of the current decision: board, start-castle, turn, castle, city-hall, pick, warehouse, ship,
        goods, discard, end (both dice used) or over."""
        if s.to_move is None:
            return "over"
        if s.mode == MODE_BOARD:
            return "board" if s.boards[s.to_move] is None else "start-castle"
        if s.frames:
            return FRAME_NAMES[s.frames[-1][0]]
        return "end" if s.used == 3 else "turn"
