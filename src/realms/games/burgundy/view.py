"""What leaves the engine: the view of a seat, action descriptions, determinize."""

from __future__ import annotations

from typing import Any

from realms.core.game import Action
from realms.core.rng import Rng
from realms.games.burgundy.actions import (
    DECODE,
    K_ADJUST,
    K_BOARD,
    K_BUY,
    K_DISCARD,
    K_HALL,
    K_PICK,
    K_PLACE,
    K_SELL,
    K_START,
    K_TAKE,
)
from realms.games.burgundy.data import (
    BLACK_DEPOT_TILES,
    DEPOT_SLOTS,
    LARGE_BONUS,
    PHASES,
    SALE_VP,
    SMALL_BONUS,
    TYPES,
    Board,
    board_info,
    tile_face,
    tile_name,
)
from realms.games.burgundy.parts import Engine
from realms.games.burgundy.state import FREE_DIE, MODE_PLAY, STRIDE, BurgundyState, _face_or_none


class _View(Engine):
    """What leaves the engine: the view of a seat, action descriptions, determinize."""

    def determinize(self, state: BurgundyState, seat: int, rng: Rng) -> BurgundyState:
        """Stacks and the goods bag are unordered (draws happen when they are needed) and everything
        else is public, so only the future is hidden: a fresh random stream replaces the state's."""
        s = state.clone()
        s.undo = None  # a copy for a bot: bots never take moves back
        s.rng = rng.next64()
        return s

    def undoable(self, before: BurgundyState, action: Action, after: BurgundyState) -> bool:
        """Within a turn nothing is drawn (the depots, goods and dice come out at the phase's or round's start),
        so every move of the turn may be taken back: a tile taken, a placement and what it brings, a sale,
        workers taken, a worker adjustment, a purchase from the black depot. Not ending the turn, nor the
        choices before the first round (a board, the start castle), nor any move that drew at random."""
        return (before.mode == MODE_PLAY and action.kind != "end" and after.rng == before.rng
                and after.turns == before.turns)

    # --- information ------------------------------------------------------------------------------------
    def view(self, state: BurgundyState, seat: int | None) -> dict[str, Any]:
        s = state
        n = s.players
        p = s.to_move

        def tj(t: int) -> dict[str, Any] | None:
            return tile_face(t) if t >= 0 else None

        seats = []
        for q in range(n):
            board = s.boards[q]
            estate = []
            if board is not None:
                base = q * STRIDE
                tiles = s.estate
                estate = [{"id": sp, "row": row, "col": col, "type": colour, "die": die, "start": start,
                           "tile": _face_or_none(tiles[base + sp])}
                          for sp, row, col, colour, die, start in board.cells]
            by: dict[str, int] = {}
            for src, vp in s.vp_log[q]:
                by[src] = by.get(src, 0) + vp
            seats.append({
                "seat": q,
                "board": board.number if board is not None else None,
                "board_info": _board_json(board) if board is not None else None,
                "vp": s.vp[q],
                "vp_by_source": by,
                "silverlings": s.silver[q],
                "workers": s.workers[q],
                "goods": s.goods[q * 6:q * 6 + 6],
                "sold": s.sold[q * 6:q * 6 + 6],
                "storage": [tile_face(t) for t in s.storage[q]],
                "knowledge": [k for k in range(1, 27) if s.know[q] >> k & 1],
                "mines": s.mines[q],
                "dice": s.dice[q * 2:q * 2 + 2],
                "estate": estate,
                "empty_spaces": self.empty_spaces(s, q),
                "turns": s.turns[q],
            })
        over = s.to_move is None
        result = self.result(s)
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "options": {k: v for k, v in s.opts.items()},
            "mode": ("board-choice", "play", "over")[s.mode],
            "phase": PHASES[min(s.phase, 4)],
            "round": 5 if s.phase > 4 else min(s.round + 1, 5),  # over: the last round played, E5
            "to_move": p,
            "pending": self.pending(s),
            "pending_text": self.pending_text(s),
            "dice_used": [bool(s.used & 1), bool(s.used & 2)] if p is not None else [],
            "bought": s.bought,
            "turn_order": list(s.order),
            "acting": s.oi if not over else None,
            "track": [{"seat": q, "position": s.track_pos[q], "height": s.track_stamp[q]} for q in range(n)],
            "next_turn_order": self.track_order(s),
            "white_die": s.white,
            "depots": [{"depot": d + 1,
                        "slots": [{"type": TYPES[DEPOT_SLOTS[d][k]], "tile": tj(s.depots[d * 4 + k])}
                                  for k in range(n)],
                        "goods": s.depot_goods[d * 6:d * 6 + 6]} for d in range(6)],
            "black_depot": [tj(t) for t in s.black[:BLACK_DEPOT_TILES[n]]],
            "round_goods": [c + 1 for c in s.round_goods],
            "stacks": {**{TYPES[t]: len(s.stacks[t]) for t in range(6)}, "black": len(s.black_stack)},
            "goods_bag": sum(s.goods_pool),
            "removed": len(s.removed),
            "bonus": {TYPES[t]: {"large": None if s.bonus[t] < 0 else s.bonus[t],
                                 "small": None if s.bonus[6 + t] < 0 else s.bonus[6 + t]} for t in range(6)},
            "bonus_vp": {"large": LARGE_BONUS[n], "small": SMALL_BONUS[n]},
            "sale_vp": SALE_VP[n],
            "boards_present": [b.number for b in s.pool],
            "boards_info": [_board_json(b) for b in s.pool],
            "seats": seats,
            "result": result.to_json() if result is not None else None,
        }

    def describe(self, state: BurgundyState, action: Action) -> str:
        s = state
        p = s.to_move
        if p is None or action.kind == "undo":
            return str(action)
        kind, a, b, c = DECODE[action.index]
        try:
            if kind == K_TAKE:
                t = s.depots[b * 4 + c]
                die = "castle" if a == FREE_DIE else f"die {a + 1}={s.dice[p * 2 + a]}"
                return f"take {tile_name(t)} from depot {b + 1} ({die})"
            if kind in (K_PLACE, K_HALL):
                t = s.storage[p][b]
                board = s.boards[p]
                assert board is not None
                how = "City Hall" if kind == K_HALL else (
                    "castle" if a == FREE_DIE else f"die {a + 1}={s.dice[p * 2 + a]}")
                return (f"place {tile_name(t)} on space {c} ({TYPES[board.types[c]]} {board.dice[c]}) "
                        f"({how})")
            if kind == K_SELL:
                die = "castle" if a == FREE_DIE else f"die {a + 1}"
                return f"sell {s.goods[p * 6 + b]} goods {b + 1} ({die})"
            if kind == K_BUY:
                t = s.black[b] if a < 0 else s.depots[a * 4 + b]
                return f"buy {tile_name(t)} from {'the black depot' if a < 0 else f'depot {a + 1}'} (2 silverlings)"
            if kind == K_DISCARD:
                return f"discard {tile_name(s.storage[p][a])} from storage"
            if kind == K_PICK:
                return f"take {tile_name(s.depots[a * 4 + b])} from depot {a + 1}"
            if kind == K_BOARD:
                board = next(x for x in s.pool if x.number == a)
                return f"choose estate {_board_label(board)}"
            if kind == K_START:
                board = s.boards[p]
                assert board is not None
                return f"place the start castle on space {a} (die {board.dice[a]})"
            if kind == K_ADJUST:
                v = s.dice[p * 2 + a]
                return f"pay a worker: die {a + 1} {v} -> {(v - 1 + b) % 6 + 1}"
        except (IndexError, KeyError, AssertionError, StopIteration):
            pass
        return str(action)


def _board_label(board: Board) -> str:
    """How a board is named where it is shown or chosen: a built-in board with its name and, when only one
    source confirms it, saying so; a board of a ``boards_file`` as such."""
    info = board_info(board)
    return info.label if info is not None else f"board {board.number} (from the boards file)"


def _board_json(board: Board) -> dict[str, Any]:
    """A board's facts for views: number, name, whether two sources confirm it, what it stands in for, and
    whether the start castle has a fixed space."""
    info = board_info(board)
    if info is None:
        return {"board": board.number, "key": None, "name": None, "two_sources": False, "stand_in": "",
                "confidence": "a boards file", "label": _board_label(board), "fixed_start": board.start}
    return {**info.to_json(), "label": info.label, "fixed_start": board.start}
