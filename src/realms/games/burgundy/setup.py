"""Setup, phases and rounds, and settling after each action (the turn machine)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core import undo
from realms.core.errors import OptionsError
from realms.core.game import Event
from realms.core.rng import Rng, check_seed
from realms.games.burgundy.data import (
    BLACK_DEPOT_TILES,
    CASTLE,
    DEPOT_SLOTS,
    GOODS_PER_COLOUR,
    NTILES,
    PHASES,
    T_BLACK,
    T_TYPE,
    board_box,
)
from realms.games.burgundy.parts import Engine
from realms.games.burgundy.state import K2, MODE_BOARD, MODE_PLAY, STRIDE, BurgundyState, _below, _draw, _draw_goods


def _stacks() -> tuple[list[list[int]], list[int]]:
    """The face-down stacks by tile type and the black tiles' stack, in tile order (as every game starts)."""
    stacks: list[list[int]] = [[] for _ in range(6)]
    black: list[int] = []
    for tid in range(NTILES):
        (black if T_BLACK[tid] else stacks[T_TYPE[tid]]).append(tid)
    return stacks, black


_STACKS, _BLACK_STACK = _stacks()


class _Setup(Engine):
    """Setup, phases and rounds, and settling after each action (the turn machine)."""

    # --- setup ----------------------------------------------------------------------------------
    def new(self, options: Mapping[str, Any] | None, seed: int) -> BurgundyState:
        return self.setup(self.validate_options(options), check_seed("burgundy", seed))

    def setup(self, opts: dict[str, Any], seed: int) -> BurgundyState:
        """``new`` for options already validated (``validate_options``) and a checked seed."""
        n = opts["players"]
        available = self.available_boards(opts)
        s = BurgundyState.__new__(BurgundyState)
        s.players = n
        s.opts = opts
        s.rng = Rng(seed).state
        s.cache = None
        s.undo = None
        s.mode = MODE_PLAY
        s.pool = tuple(available.values())
        s.boards = [None] * n
        s.phase = 0
        s.round = 0
        s.turns = [0] * n
        s.estate = [-1] * (n * STRIDE)
        s.occ = [0] * n
        s.adj = [0] * n
        s.storage = [[] for _ in range(n)]
        s.goods = [0] * (n * 6)
        s.sold = [0] * (n * 6)
        s.silver = [1] * n
        s.workers = [0] * n
        s.vp = [0] * n
        s.vp_log = [[] for _ in range(n)]
        s.know = [0] * n
        s.mines = [0] * n
        s.bkind = [0] * (n * 8)
        s.dice = [1] * (n * 2)
        s.used = 0
        s.bought = False
        s.white = 0
        s.frames = []
        s.depots = [-1] * 24
        s.black = [-1] * 8
        s.depot_goods = [0] * 36
        s.round_goods = []
        s.goods_pool = [GOODS_PER_COLOUR] * 6
        s.stacks = [st[:] for st in _STACKS]
        s.black_stack = _BLACK_STACK[:]
        s.removed = []
        s.bonus = [-1] * 12
        # start player at random, then clockwise; the start player's piece on top of the track
        first = _below(s, n)
        order = [(first + i) % n for i in range(n)]
        s.order = order
        s.oi = 0
        s.track_pos = [0] * n
        s.track_stamp = [0] * n
        for i, q in enumerate(order):
            s.track_stamp[q] = n - i
            s.workers[q] = i + 1
        s.stamp = n
        for q in order:
            for _ in range(3):
                s.goods[q * 6 + _draw_goods(s)] += 1
        scenario = opts["scenario"]
        if scenario == "basic":
            if 1 not in available:
                raise OptionsError("burgundy: the basic scenario needs board 1")
            s.boards = [available[1]] * n
        elif scenario in ("advanced", "random"):
            # each seat in turn draws a board: advanced from the box (four of board 1, one of each other board
            # present), random from one of each board present (so every seat gets a different board)
            box = board_box(tuple(available)) if scenario == "advanced" else list(available)
            for q in range(n):
                s.boards[q] = available[box.pop(_below(s, len(box)))]
        self._setup_phase(s, None)
        for q in range(n):
            board = s.boards[q]
            if board is not None and board.start:
                self._start_castle(s, q, board.start)
        # the decisions before the first round, in starting turn order: a board (free-choice), a start castle
        # space (a board without a fixed one)
        s.mode = MODE_BOARD
        self._next_setup(s, None)
        self._settle(s, None)
        s.undo = undo.new_log(opts)
        return s

    def _start_castle(self, s: BurgundyState, q: int, sp: int) -> None:
        board = s.boards[q]
        assert board is not None
        tile = _draw(s, s.stacks[CASTLE])
        s.estate[q * STRIDE + sp] = tile
        s.occ[q] = 1 << sp
        s.adj[q] = board.nmask[sp]

    def _next_setup(self, s: BurgundyState, ev: list[Event] | None) -> None:
        """The next seat, in starting turn order, still to choose a board or to place its start castle; when
        none is left, round A1 begins."""
        order = s.order
        while s.oi < s.players:
            q = order[s.oi]
            if s.boards[q] is None or not s.occ[q]:
                s.to_move = q
                return
            s.oi += 1
        s.mode = MODE_PLAY
        self._start_round(s, ev)

    def _setup_phase(self, s: BurgundyState, ev: list[Event] | None) -> None:
        removed = s.removed
        dep = s.depots
        for i in range(24):
            if dep[i] >= 0:
                removed.append(dep[i])
                dep[i] = -1
        black = s.black
        for i in range(8):
            if black[i] >= 0:
                removed.append(black[i])
                black[i] = -1
        n = s.players
        stacks = s.stacks
        for d in range(6):
            slots = DEPOT_SLOTS[d]
            for k in range(n):
                stack = stacks[slots[k]]
                if stack:
                    dep[d * 4 + k] = _draw(s, stack)
        for k in range(BLACK_DEPOT_TILES[n]):
            if s.black_stack:
                black[k] = _draw(s, s.black_stack)
        s.round_goods = [_draw_goods(s) for _ in range(5)]
        if ev is not None:
            ev.append(Event("phase", None, f"Phase {PHASES[s.phase]} begins: depots refilled, goods "
                                           f"{', '.join(str(c + 1) for c in s.round_goods)} on the round spaces",
                            {"phase": PHASES[s.phase], "goods": [c + 1 for c in s.round_goods]}))

    def track_order(self, s: BurgundyState) -> list[int]:
        """Seats in turn order by the turn-order track: furthest ahead first, top of a stack first."""
        pos, stamp = s.track_pos, s.track_stamp
        return sorted(range(s.players), key=lambda q: (-pos[q], -stamp[q]))

    def _start_round(self, s: BurgundyState, ev: list[Event] | None) -> None:
        order = self.track_order(s)
        s.order = order
        s.oi = 0
        s.white = white = 1 + _below(s, 6)
        colour = s.round_goods.pop(0)
        s.depot_goods[(white - 1) * 6 + colour] += 1
        dice = s.dice
        for i in range(s.players * 2):
            dice[i] = 1 + _below(s, 6)
        s.to_move = order[0]
        s.used = 0
        s.bought = False
        if ev is not None:
            ev.append(Event("round", None, f"Round {PHASES[s.phase]}{s.round + 1}: white die {white}, goods "
                                           f"{colour + 1} to depot {white}; turn order "
                                           + ", ".join(f"seat {q + 1}" for q in order),
                            {"phase": PHASES[s.phase], "round": s.round + 1, "white": white, "goods": colour + 1,
                             "order": order}))
            for q in order:
                ev.append(Event("roll", q, f"Seat {q + 1} rolls {dice[q * 2]} and {dice[q * 2 + 1]}",
                                {"dice": [dice[q * 2], dice[q * 2 + 1]]}))

    # --- settling ---------------------------------------------------------------------------------
    def _settle(self, s: BurgundyState, ev: list[Event] | None) -> None:
        while True:
            if s.to_move is None:
                s.cache = []
                return
            acts = self._compute(s)
            if acts:
                s.cache = acts
                return
            if s.frames:
                s.frames.pop()
                continue
            self._end_turn(s, ev)

    def _end_turn(self, s: BurgundyState, ev: list[Event] | None) -> None:
        p = s.to_move
        assert p is not None
        s.turns[p] += 1
        s.oi += 1
        if s.oi < s.players:
            s.to_move = s.order[s.oi]
            s.used = 0
            s.bought = False
            return
        s.round += 1
        if s.round < 5:
            self._start_round(s, ev)
            return
        # end of phase: mine income (after phase E too)
        for q in range(s.players):
            m = s.mines[q]
            if m:
                s.silver[q] += m
                extra = s.know[q] & K2
                if extra:
                    s.workers[q] += m
                if ev is not None:
                    ev.append(Event("income", q, f"Seat {q + 1} receives {m} silverling(s) from mines"
                                    + (f" and {m} worker(s) (knowledge 2)" if extra else ""),
                                    {"silverlings": m, "workers": m if extra else 0}))
        s.phase += 1
        s.round = 0
        if s.phase < 5:
            self._setup_phase(s, ev)
            self._start_round(s, ev)
            return
        self._final_scoring(s, ev)


    def _choose_board(self, s: BurgundyState, p: int, number: int, ev: list[Event] | None) -> None:
        board = next(b for b in s.pool if b.number == number)
        s.boards[p] = board
        if board.start:
            self._start_castle(s, p, board.start)
        if ev is not None:
            ev.append(Event("board", p, f"Seat {p + 1} chooses estate board {number}", {"board": number}))
        self._next_setup(s, ev)

    def _place_start(self, s: BurgundyState, p: int, sp: int, ev: list[Event] | None) -> None:
        self._start_castle(s, p, sp)
        if ev is not None:
            ev.append(Event("start", p, f"Seat {p + 1} places the start castle on space {sp}", {"space": sp}))
        self._next_setup(s, ev)
