"""The Castles of Burgundy rules: setup, phases and rounds, the two-dice turn, every tile's effect, scoring.

The state is plain data (flat lists of ints, one bit mask of occupied spaces per estate). Decisions
inside a turn that the rules create on the fly -- a castle's bonus action, a City Hall's extra
placement, a Carpenter's/Church's/Market's pick, a Warehouse sale, a ship's depot, goods that do not
fit, the tile to discard from a full storage -- are *frames* on a stack kept in the state as tuples.
The turn itself (no frame) is: use each of the two dice once, adjust dice with workers, buy once.

After every action the engine *settles*: frames with nothing to decide are dropped, turns, rounds and
phases that are over are closed (goods placement, dice rolls, mine income, phase setup, final
scoring), until someone has a real decision. The legal actions of that decision are computed once
and kept (``state.cache``), so ``legal_actions`` and ``apply``'s validation share them.

All chance (dice, stack draws, goods draws) comes from the state's SplitMix64 integer ``rng`` at the
moment it happens: the stacks are unordered, so the only hidden information is the future.
See ``docs/burgundy.md`` for every ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core.errors import IllegalAction, OptionsError
from realms.core.game import Action, Event, Game, Result
from realms.core.options import Option
from realms.core.rng import GOLDEN, MASK64, Rng, check_seed
from realms.core.state import copy_lists, slots_from_data, slots_to_data
from realms.games.burgundy.data import (
    ANIMAL,
    BLACK_DEPOT_TILES,
    BOARDING_HOUSE,
    BUILDING,
    BUILDING_NAMES,
    CARPENTER,
    CASTLE,
    CHURCH,
    CITY_HALL,
    DEPOT_SLOTS,
    GOODS_PER_COLOUR,
    KNOWLEDGE,
    LARGE_BONUS,
    MARKET,
    MAX_BOARD_NUMBER,
    MINE,
    NTILES,
    PHASE_BONUS,
    PHASES,
    SALE_VP,
    SHIP,
    SIZE_VP,
    SMALL_BONUS,
    SPECIES,
    T_ANIMALS,
    T_BLACK,
    T_KIND,
    T_TYPE,
    TYPES,
    WAREHOUSE,
    WATCHTOWER,
    Board,
    board_box,
    board_from_rows,
    builtin_boards,
    load_boards_file,
    tile_face,
    tile_json,
    tile_name,
)

# --- constants -----------------------------------------------------------------------------------
MODE_BOARD, MODE_PLAY, MODE_OVER = 0, 1, 2
STRIDE = 38  # estate slots per player: index = space id 1..37
NDIE = 3  # die 0 and 1 are the rolled dice, die 2 the castle's free die
FREE_DIE = 2

# frames (pending decisions created by tile effects)
F_CASTLE, F_HALL, F_PICK, F_WAREHOUSE, F_SHIP, F_GOODS, F_DISCARD = range(7)
FRAME_NAMES = ("castle", "city-hall", "pick", "warehouse", "ship", "goods", "discard")

# knowledge tile bits (bit n = tile #n)
K1, K2, K3, K4, K5, K6, K7, K8 = (1 << n for n in range(1, 9))
K9, K10, K11, K12, K13, K14 = (1 << n for n in range(9, 15))
#: knowledge bits that give a free +/-1 when placing a tile of each type
FREE_PLACE = [0] * 6
FREE_PLACE[BUILDING] = K9
FREE_PLACE[SHIP] = K10
FREE_PLACE[ANIMAL] = K10
FREE_PLACE[CASTLE] = K11
FREE_PLACE[MINE] = K11
FREE_PLACE[KNOWLEDGE] = K11
FREE_PLACE = tuple(FREE_PLACE)  # type: ignore[assignment]

#: tile types a Carpenter's Workshop, Church and Market may take
PICK_TYPES = {CARPENTER: 1 << BUILDING, CHURCH: (1 << MINE) | (1 << KNOWLEDGE) | (1 << CASTLE),
              MARKET: (1 << SHIP) | (1 << ANIMAL)}

# VP sources (scoring events)
SRC_REGION = "region"
SRC_BONUS = "colour-bonus"
SRC_ANIMALS = "animals"
SRC_WATCHTOWER = "watchtower"
SRC_SALE = "sale"
SRC_GOODS = "unsold-goods"
SRC_SILVER = "silverlings"
SRC_WORKERS = "workers"
SOURCES = (SRC_REGION, SRC_BONUS, SRC_ANIMALS, SRC_WATCHTOWER, SRC_SALE, SRC_GOODS, SRC_SILVER, SRC_WORKERS,
           *(f"knowledge-{n}" for n in range(15, 27)))

# --- the action space ----------------------------------------------------------------------------
K_TAKE, K_PLACE, K_HALL, K_SELL, K_WORKERS, K_ADJUST, K_BUY, K_DISCARD, K_PICK, K_SHIP, K_GOODS, \
    K_WAREHOUSE, K_SKIP, K_END, K_BOARD = range(15)
DELTAS = (1, -1, 2, -2)


def _die_word(i: int) -> str:
    return "castle die" if i == FREE_DIE else f"die {i + 1}"


def _die_text(s: BurgundyState, p: int, i: int) -> str:
    return "castle die" if i == FREE_DIE else f"die {i + 1} showing {s.dice[p * 2 + i]}"


def _build_actions() -> tuple[tuple[Action, ...], tuple[tuple[int, int, int, int], ...], dict[str, int]]:
    acts: list[Action] = []
    decode: list[tuple[int, int, int, int]] = []
    base: dict[str, int] = {}

    def add(kind_code: int, kind: str, params: dict[str, Any], text: str, a: int = 0, b: int = 0,
            c: int = 0) -> None:
        acts.append(Action(len(acts), kind, params, text))
        decode.append((kind_code, a, b, c))

    base["take"] = len(acts)
    for i in range(NDIE):
        for d in range(6):
            for k in range(4):
                add(K_TAKE, "take", {"die": i, "depot": d + 1, "slot": k},
                    f"take from depot {d + 1} slot {k + 1} with {_die_word(i)}", i, d, k)
    base["place"] = len(acts)
    for i in range(NDIE):
        for si in range(3):
            for sp in range(1, STRIDE):
                add(K_PLACE, "place", {"die": i, "slot": si, "space": sp},
                    f"place storage {si + 1} on space {sp} with {_die_word(i)}", i, si, sp)
    base["hall"] = len(acts)
    for si in range(3):
        for sp in range(1, STRIDE):
            add(K_HALL, "hall", {"slot": si, "space": sp}, f"City Hall: place storage {si + 1} on space {sp}",
                0, si, sp)
    base["sell"] = len(acts)
    for i in range(NDIE):
        for c in range(6):
            add(K_SELL, "sell", {"die": i, "colour": c + 1}, f"sell goods {c + 1} with {_die_word(i)}", i, c)
    base["workers"] = len(acts)
    for i in range(NDIE):
        add(K_WORKERS, "workers", {"die": i}, f"take workers with {_die_word(i)}", i)
    base["adjust"] = len(acts)
    for i in range(2):
        for j, delta in enumerate(DELTAS):
            add(K_ADJUST, "adjust", {"die": i, "delta": delta}, f"worker: die {i + 1} {delta:+d}", i, delta, j)
    base["buy"] = len(acts)
    for k in range(8):
        add(K_BUY, "buy", {"depot": "black", "slot": k}, f"buy from the black depot slot {k + 1}", -1, k)
    for d in range(6):
        for k in range(4):
            add(K_BUY, "buy", {"depot": d + 1, "slot": k}, f"buy from depot {d + 1} slot {k + 1}", d, k)
    base["discard"] = len(acts)
    for k in range(3):
        add(K_DISCARD, "discard", {"slot": k}, f"discard storage {k + 1}", k)
    base["pick"] = len(acts)
    for d in range(6):
        for k in range(4):
            add(K_PICK, "pick", {"depot": d + 1, "slot": k}, f"take from depot {d + 1} slot {k + 1}", d, k)
    base["ship"] = len(acts)
    for d in range(6):
        add(K_SHIP, "ship", {"depots": [d + 1]}, f"ship: goods of depot {d + 1}", 1 << d)
    for d in range(6):
        e = (d + 1) % 6
        add(K_SHIP, "ship", {"depots": [d + 1, e + 1]}, f"ship: goods of depots {d + 1} and {e + 1}",
            (1 << d) | (1 << e))
    base["goods"] = len(acts)
    for c in range(6):
        add(K_GOODS, "goods", {"colour": c + 1}, f"keep goods {c + 1}", c)
    base["warehouse"] = len(acts)
    for c in range(6):
        add(K_WAREHOUSE, "warehouse", {"colour": c + 1}, f"Warehouse: sell goods {c + 1}", c)
    base["skip"] = len(acts)
    add(K_SKIP, "skip", {}, "skip the bonus")
    base["end"] = len(acts)
    add(K_END, "end", {}, "end the turn")
    base["board"] = len(acts)
    for n in range(1, MAX_BOARD_NUMBER + 1):
        add(K_BOARD, "board", {"board": n}, f"choose estate board {n}", n)
    return tuple(acts), tuple(decode), base


ACTIONS, DECODE, BASE = _build_actions()
NACTIONS = len(ACTIONS)
TAKE = ACTIONS[BASE["take"]:BASE["place"]]  # [(i * 6 + d) * 4 + k]
#: PLACE[(i * 3 + si) * 38 + sp] and HALL[si * 38 + sp] (space 0 does not exist: None)
PLACE = tuple(None if j % STRIDE == 0 else ACTIONS[BASE["place"] + j // STRIDE * 37 + j % STRIDE - 1]
              for j in range(NDIE * 3 * STRIDE))
HALL = tuple(None if j % STRIDE == 0 else ACTIONS[BASE["hall"] + j // STRIDE * 37 + j % STRIDE - 1]
             for j in range(3 * STRIDE))
SELL = ACTIONS[BASE["sell"]:BASE["workers"]]  # [i * 6 + c]
WORKERS = ACTIONS[BASE["workers"]:BASE["adjust"]]
ADJUST = ACTIONS[BASE["adjust"]:BASE["buy"]]  # [i * 4 + j]
BUY_BLACK = ACTIONS[BASE["buy"]:BASE["buy"] + 8]
BUY_DEPOT = ACTIONS[BASE["buy"] + 8:BASE["discard"]]  # [d * 4 + k]
DISCARD = ACTIONS[BASE["discard"]:BASE["pick"]]
PICK = ACTIONS[BASE["pick"]:BASE["ship"]]  # [d * 4 + k]
SHIP1 = ACTIONS[BASE["ship"]:BASE["ship"] + 6]
SHIP2 = ACTIONS[BASE["ship"] + 6:BASE["goods"]]
GOODS = ACTIONS[BASE["goods"]:BASE["warehouse"]]
WAREHOUSE_SALE = ACTIONS[BASE["warehouse"]:BASE["skip"]]
SKIP = ACTIONS[BASE["skip"]]
END = ACTIONS[BASE["end"]]
BOARD_ACTS = ACTIONS[BASE["board"]:]  # [n - 1]


# --- chance -------------------------------------------------------------------------------------
def _below(s: BurgundyState, n: int) -> int:
    """A uniform int in [0, n) from the state's SplitMix64 (identical to ``Rng.below``)."""
    x = (s.rng + GOLDEN) & MASK64
    s.rng = x
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return ((z ^ (z >> 31)) * n) >> 64


def _draw(s: BurgundyState, stack: list[int]) -> int:
    i = _below(s, len(stack))
    tile = stack[i]
    stack[i] = stack[-1]
    stack.pop()
    return tile


def _draw_goods(s: BurgundyState) -> int:
    pool = s.goods_pool
    x = _below(s, sum(pool))
    for c in range(6):
        x -= pool[c]
        if x < 0:
            pool[c] -= 1
            return c
    raise AssertionError("goods pool is empty")


# --- the state ----------------------------------------------------------------------------------
def _face_or_none(t: int) -> dict[str, Any] | None:
    return tile_face(t) if t >= 0 else None


def _listed(value: list[Any]) -> list[Any]:
    """Tuples and lists of tuples as lists (``vp_log``, ``frames``)."""
    return [list(x) if not isinstance(x, list) else [list(y) for y in x] for x in value]


#: how ``to_data`` converts the fields that are not flat lists of ints
_TO_DATA = {
    "pool": lambda pool: [b.to_json() for b in pool],
    "boards": lambda boards: [b.to_json() if b is not None else None for b in boards],
    "opts": dict,
    "vp_log": _listed,
    "frames": _listed,
    "storage": copy_lists,
    "stacks": copy_lists,
}


class BurgundyState:
    """A game of The Castles of Burgundy as plain data.

    Per-player data is flat: ``estate[p * 38 + space]`` is the tile on a space (-1 empty),
    ``goods[p * 6 + c]``/``sold[p * 6 + c]`` goods of colour c (die c + 1) held/sold,
    ``bkind[p * 8 + k]`` the mask of spaces holding building kind k. ``depots[d * 4 + k]`` is slot k
    of numbered depot d + 1, ``depot_goods[d * 6 + c]`` its goods; ``black`` the black depot's 8
    slots; ``bonus[t]``/``bonus[6 + t]`` the seat holding colour t's large/small bonus tile.
    """

    __slots__ = (
        "players", "opts", "mode", "pool", "boards", "phase", "round", "to_move", "order", "oi", "turns",
        "estate", "occ", "adj", "storage", "goods", "sold", "silver", "workers", "vp", "vp_log", "know",
        "mines", "bkind", "track_pos", "track_stamp", "stamp", "dice", "used", "bought", "white", "frames",
        "depots", "black", "depot_goods", "round_goods", "goods_pool", "stacks", "black_stack", "removed",
        "bonus", "rng", "cache",
    )
    TRANSIENT = ("cache",)

    players: int
    opts: dict[str, Any]
    mode: int
    pool: tuple[Board, ...]
    boards: list[Board | None]
    phase: int
    round: int
    to_move: int | None
    order: list[int]
    oi: int
    turns: list[int]
    estate: list[int]
    occ: list[int]
    adj: list[int]
    storage: list[list[int]]
    goods: list[int]
    sold: list[int]
    silver: list[int]
    workers: list[int]
    vp: list[int]
    vp_log: list[list[tuple[str, int]]]
    know: list[int]
    mines: list[int]
    bkind: list[int]
    track_pos: list[int]
    track_stamp: list[int]
    stamp: int
    dice: list[int]
    used: int
    bought: bool
    white: int
    frames: list[tuple[int, int]]
    depots: list[int]
    black: list[int]
    depot_goods: list[int]
    round_goods: list[int]
    goods_pool: list[int]
    stacks: list[list[int]]
    black_stack: list[int]
    removed: list[int]
    bonus: list[int]
    rng: int
    cache: list[Action] | None

    def clone(self) -> BurgundyState:
        s = BurgundyState.__new__(BurgundyState)
        s.players = self.players
        s.opts = self.opts  # never mutated after validation
        s.mode = self.mode
        s.pool = self.pool
        s.boards = self.boards[:]
        s.phase = self.phase
        s.round = self.round
        s.to_move = self.to_move
        s.order = self.order[:]
        s.oi = self.oi
        s.turns = self.turns[:]
        s.estate = self.estate[:]
        s.occ = self.occ[:]
        s.adj = self.adj[:]
        s.storage = [x[:] for x in self.storage]
        s.goods = self.goods[:]
        s.sold = self.sold[:]
        s.silver = self.silver[:]
        s.workers = self.workers[:]
        s.vp = self.vp[:]
        s.vp_log = [x[:] for x in self.vp_log]
        s.know = self.know[:]
        s.mines = self.mines[:]
        s.bkind = self.bkind[:]
        s.track_pos = self.track_pos[:]
        s.track_stamp = self.track_stamp[:]
        s.stamp = self.stamp
        s.dice = self.dice[:]
        s.used = self.used
        s.bought = self.bought
        s.white = self.white
        s.frames = self.frames[:]
        s.depots = self.depots[:]
        s.black = self.black[:]
        s.depot_goods = self.depot_goods[:]
        s.round_goods = self.round_goods[:]
        s.goods_pool = self.goods_pool[:]
        s.stacks = [x[:] for x in self.stacks]
        s.black_stack = self.black_stack[:]
        s.removed = self.removed[:]
        s.bonus = self.bonus[:]
        s.rng = self.rng
        s.cache = self.cache  # never mutated, only replaced
        return s

    def to_data(self) -> dict[str, Any]:
        """The full state (the rng included) as JSON-able data."""
        return slots_to_data(self, _TO_DATA)  # the other lists hold ints only

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BurgundyState:
        s = slots_from_data(cls, data, _FROM_DATA)
        s.cache = None
        return s


#: how ``from_data`` rebuilds the fields that are not lists of ints (or of lists of ints)
_FROM_DATA = {
    "pool": lambda pool: tuple(board_from_rows(b["board"], b["rows"]) for b in pool),
    "boards": lambda boards: [board_from_rows(b["board"], b["rows"]) if b is not None else None for b in boards],
    "opts": dict,
    "vp_log": lambda log: [[(src, vp) for src, vp in x] for x in log],
    "frames": lambda frames: [tuple(x) for x in frames],
}


# --- the game -----------------------------------------------------------------------------------
class Burgundy(Game):
    """The Castles of Burgundy (2011) for 2-4 players, every tile and knowledge tile.

    >>> g = Burgundy()
    >>> s = g.new({"players": 2}, seed=1)
    >>> {a.kind for a in g.legal_actions(s)} >= {"take", "workers"}
    True
    """

    id = "burgundy"
    name = "The Castles of Burgundy"
    min_players = 2
    max_players = 4
    options_spec = (
        Option("players", "int", 2, "number of players", minimum=2, maximum=4),
        Option("scenario", "choice", "basic", "estate boards: basic (board 1 for all), random, free-choice",
               choices=("basic", "random", "free-choice")),
        Option("city_hall", "choice", "any-colour",
               "City Hall's extra placement: any-colour (rules text) or matching-colour (2011 rulebook)",
               choices=("any-colour", "matching-colour")),
        Option("tiebreak", "choice", "fewest-empty",
               "tie-break: fewest-empty (rules text) or most-empty (2011 rulebook per BGA) estate spaces",
               choices=("fewest-empty", "most-empty")),
        Option("black_depot_timing", "choice", "between-actions",
               "black depot purchase: between-actions (before, between or after the dice, 2011 rulebook) or "
               "during-effects (also inside a castle's or City Hall's extra action, a later rule)",
               choices=("between-actions", "during-effects")),
        Option("boards_file", "any", None, "path of a JSON file of extra estate boards (format of boards.json)",
               local_only=True),
    )
    actions = ACTIONS
    #: everything on the table is public; only the (unordered) stacks and goods bag are hidden from all
    public_view = True

    def check_options(self, opts: dict[str, Any]) -> None:
        if opts["boards_file"] is not None:
            if not isinstance(opts["boards_file"], str):
                raise OptionsError(f"burgundy: option 'boards_file' must be a file path, got {opts['boards_file']!r}")
            load_boards_file(opts["boards_file"])  # raises BoardError (an OptionsError) with the reason

    def available_boards(self, opts: Mapping[str, Any]) -> dict[int, Board]:
        """The boards present: the built-in ones, replaced or extended by ``boards_file``."""
        boards = dict(builtin_boards())
        if opts.get("boards_file"):
            boards.update(load_boards_file(opts["boards_file"]))
        return dict(sorted(boards.items()))

    # --- setup ----------------------------------------------------------------------------------
    def new(self, options: Mapping[str, Any] | None, seed: int) -> BurgundyState:
        opts = self.validate_options(options)
        seed = check_seed("burgundy", seed)
        n = opts["players"]
        available = self.available_boards(opts)
        s = BurgundyState.__new__(BurgundyState)
        s.players = n
        s.opts = opts
        s.rng = Rng(seed).state
        s.cache = None
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
        s.stacks = [[] for _ in range(6)]
        s.black_stack = []
        for tid in range(NTILES):
            (s.black_stack if T_BLACK[tid] else s.stacks[T_TYPE[tid]]).append(tid)
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
        elif scenario == "random":
            # each seat draws a board from the box (four of board 1, one of each other board present)
            box = board_box(tuple(available))
            for q in range(n):
                s.boards[q] = available[box.pop(_below(s, len(box)))]
        self._setup_phase(s, None)
        if scenario == "free-choice":
            s.mode = MODE_BOARD
            s.to_move = order[0]
        else:
            for q in range(n):
                self._start_castle(s, q)
            self._start_round(s, None)
        self._settle(s, None)
        return s

    def _start_castle(self, s: BurgundyState, q: int) -> None:
        board = s.boards[q]
        assert board is not None
        tile = _draw(s, s.stacks[CASTLE])
        sp = board.start
        s.estate[q * STRIDE + sp] = tile
        s.occ[q] = 1 << sp
        s.adj[q] = board.nmask[sp]

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

    def _final_scoring(self, s: BurgundyState, ev: list[Event] | None) -> None:
        s.to_move = None
        s.mode = MODE_OVER
        s.order = self.track_order(s)
        s.oi = 0
        s.used = 0
        for q in range(s.players):
            g = sum(s.goods[q * 6:q * 6 + 6])
            if g:
                self._score(s, q, SRC_GOODS, g, ev, f"{g} unsold goods")
            if s.silver[q]:
                self._score(s, q, SRC_SILVER, s.silver[q], ev, f"{s.silver[q]} silverlings")
            if s.workers[q] // 2:
                self._score(s, q, SRC_WORKERS, s.workers[q] // 2, ev, f"{s.workers[q]} workers")
            know = s.know[q]
            for num in range(15, 27):
                if know >> num & 1:
                    vp, what = self._knowledge_end(s, q, num)
                    if vp:
                        self._score(s, q, f"knowledge-{num}", vp, ev, f"knowledge {num}: {what}")
        if ev is not None:
            ev.append(Event("game-end", None, "Game over: " + ", ".join(
                f"seat {q + 1} {s.vp[q]} VP" for q in range(s.players)), {"scores": list(s.vp)}))

    def _knowledge_end(self, s: BurgundyState, q: int, num: int) -> tuple[int, str]:
        if num == 15:
            colours = sum(1 for c in range(6) if s.sold[q * 6 + c])
            return 3 * colours, f"{colours} goods colours sold"
        if 16 <= num <= 23:
            k = num - 16
            count = s.bkind[q * 8 + k].bit_count()
            return 4 * count, f"{count} x {BUILDING_NAMES[k]}"
        if num == 24:
            base = q * STRIDE
            species = {T_KIND[t] for t in s.estate[base:base + STRIDE] if t >= 0 and T_TYPE[t] == ANIMAL}
            return 4 * len(species), f"{len(species)} animal species"
        if num == 25:
            n = sum(s.sold[q * 6:q * 6 + 6])
            return n, f"{n} goods sold"
        if num == 26:
            n = sum(1 for x in s.bonus if x == q)
            return 2 * n, f"{n} bonus tiles"
        raise AssertionError(num)

    def _score(self, s: BurgundyState, p: int, src: str, vp: int, ev: list[Event] | None, text: str) -> None:
        s.vp[p] += vp
        s.vp_log[p].append((src, vp))
        if ev is not None:
            ev.append(Event("score", p, f"Seat {p + 1} scores {vp} VP: {text}", {"source": src, "vp": vp}))

    # --- legal actions ------------------------------------------------------------------------------
    def legal_actions(self, state: BurgundyState) -> list[Action]:
        if state.to_move is None:
            return []
        cache = state.cache
        if cache is None:
            cache = state.cache = self._compute(state)
        return list(cache)

    def _compute(self, s: BurgundyState) -> list[Action]:
        """The actions of the current decision; [] when there is nothing to decide (settle moves on)."""
        p = s.to_move
        assert p is not None
        if s.mode == MODE_BOARD:
            return [BOARD_ACTS[b.number - 1] for b in s.pool]
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
        if out:
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
                    out.append(PLACE[b + low.bit_length() - 1])
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
                out.append(HALL[b + low.bit_length() - 1])
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

    # --- apply --------------------------------------------------------------------------------------
    def apply(self, state: BurgundyState, action: Action, log: bool = False) -> list[Event]:
        s = state
        p = s.to_move
        if p is None:
            raise IllegalAction("burgundy: the game is over; no action is legal")
        idx = getattr(action, "index", None)
        if idx.__class__ is not int or not 0 <= idx < NACTIONS or (  # type: ignore[operator]
            ACTIONS[idx] is not action and ACTIONS[idx] != action  # type: ignore[index]
        ):
            raise IllegalAction(f"burgundy: {action!r} is not an action of this game")
        cache = s.cache
        if cache is None:
            cache = s.cache = self._compute(s)
        action = ACTIONS[idx]  # type: ignore[index]
        if action not in cache:
            raise IllegalAction(self._why_not(s, p, action))
        ev: list[Event] | None = [] if log else None
        kind, a, b, c = DECODE[idx]  # type: ignore[index]
        frames = s.frames
        if kind == K_TAKE:
            if a == FREE_DIE:
                frames.pop()
            else:
                s.used |= 1 << a
            j = b * 4 + c
            tile = s.depots[j]
            s.depots[j] = -1
            if ev is not None:
                ev.append(Event("take", p, f"Seat {p + 1} takes {tile_name(tile)} from depot {b + 1} "
                                           f"({_die_text(s, p, a)})", {"tile": tile_json(tile), "depot": b + 1}))
            self._to_storage(s, p, tile)
        elif kind == K_PLACE:
            if a == FREE_DIE:
                frames.pop()
            else:
                s.used |= 1 << a
            tile = s.storage[p].pop(b)
            if ev is not None:
                ev.append(Event("place", p, f"Seat {p + 1} places {tile_name(tile)} on space {c} "
                                            f"({_die_text(s, p, a)})", {"tile": tile_json(tile), "space": c}))
            self._place(s, p, tile, c, ev)
        elif kind == K_HALL:
            frames.pop()
            tile = s.storage[p].pop(b)
            if ev is not None:
                ev.append(Event("place", p, f"Seat {p + 1} places {tile_name(tile)} on space {c} (City Hall)",
                                {"tile": tile_json(tile), "space": c}))
            self._place(s, p, tile, c, ev)
        elif kind == K_SELL:
            if a == FREE_DIE:
                frames.pop()
            else:
                s.used |= 1 << a
            self._sell(s, p, b, ev)
        elif kind == K_WORKERS:
            if a == FREE_DIE:
                frames.pop()
            else:
                s.used |= 1 << a
            know = s.know[p]
            w = 4 if know & K14 else 2
            s.workers[p] += w
            if know & K13:
                s.silver[p] += 1
            if ev is not None:
                ev.append(Event("workers", p, f"Seat {p + 1} takes {w} workers"
                                + (" and 1 silverling" if know & K13 else "") + f" ({_die_text(s, p, a)})",
                                {"workers": w, "silverlings": 1 if know & K13 else 0}))
        elif kind == K_ADJUST:
            s.workers[p] -= 1
            j = p * 2 + a
            old = s.dice[j]
            s.dice[j] = (old - 1 + b) % 6 + 1
            if ev is not None:
                ev.append(Event("adjust", p, f"Seat {p + 1} pays a worker: die {a + 1} {old} -> {s.dice[j]}",
                                {"die": a, "from": old, "to": s.dice[j]}))
        elif kind == K_BUY:
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
        elif kind == K_DISCARD:
            frames.pop()
            tile = s.storage[p].pop(a)
            s.removed.append(tile)
            if ev is not None:
                ev.append(Event("discard", p, f"Seat {p + 1} discards {tile_name(tile)} from storage",
                                {"tile": tile_json(tile)}))
        elif kind == K_PICK:
            frames.pop()
            j = a * 4 + b
            tile = s.depots[j]
            s.depots[j] = -1
            if ev is not None:
                ev.append(Event("take", p, f"Seat {p + 1} takes {tile_name(tile)} from depot {a + 1} (building)",
                                {"tile": tile_json(tile), "depot": a + 1}))
            self._to_storage(s, p, tile)
        elif kind == K_SHIP:
            frames.pop()
            self._ship_take(s, p, a, ev)
        elif kind == K_GOODS:
            dmask = frames.pop()[1]
            self._take_colour(s, p, dmask, a, ev)
            self._ship_take(s, p, dmask, ev)
        elif kind == K_WAREHOUSE:
            frames.pop()
            self._sell(s, p, a, ev)
        elif kind == K_SKIP:
            f = frames.pop()
            if ev is not None:
                ev.append(Event("skip", p, f"Seat {p + 1} skips the {FRAME_NAMES[f[0]]} bonus", {}))
        elif kind == K_END:
            s.used = 7
            if ev is not None:
                ev.append(Event("end", p, f"Seat {p + 1} ends the turn", {}))
        elif kind == K_BOARD:
            self._choose_board(s, p, a, ev)
        s.cache = None
        self._settle(s, ev)
        return ev if ev is not None else []

    def _choose_board(self, s: BurgundyState, p: int, number: int, ev: list[Event] | None) -> None:
        board = next(b for b in s.pool if b.number == number)
        s.boards[p] = board
        self._start_castle(s, p)
        if ev is not None:
            ev.append(Event("board", p, f"Seat {p + 1} chooses estate board {number}", {"board": number}))
        s.oi += 1
        if s.oi < s.players:
            s.to_move = s.order[s.oi]
            return
        s.mode = MODE_PLAY
        self._start_round(s, ev)

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

    # --- explaining illegal actions -------------------------------------------------------------------
    def _why_not(self, s: BurgundyState, p: int, action: Action) -> str:
        who = f"burgundy: seat {p + 1}"
        kind, a, b, c = DECODE[action.index]
        if s.mode == MODE_BOARD:
            if kind == K_BOARD:
                return (f"{who}: there is no estate board {a}; boards present: "
                        f"{', '.join(str(x.number) for x in s.pool)}")
            return f"{who} must first choose an estate board (free-choice scenario), not {action}"
        if kind == K_BOARD:
            return f"{who}: estate boards are chosen only at the start of a free-choice game"
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
            return "choose an estate board"
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
        """The kind of the current decision: board, turn, castle, city-hall, pick, warehouse, ship, goods,
        discard, end (both dice used) or over."""
        if s.to_move is None:
            return "over"
        if s.mode == MODE_BOARD:
            return "board"
        if s.frames:
            return FRAME_NAMES[s.frames[-1][0]]
        return "end" if s.used == 3 else "turn"

    def empty_spaces(self, s: BurgundyState, q: int) -> int:
        board = s.boards[q]
        if board is None:
            return 0
        return len(board.ids) - s.occ[q].bit_count()

    def result(self, state: BurgundyState) -> Result | None:
        s = state
        if s.to_move is not None:
            return None
        n = s.players
        order = self.track_order(s)
        later = [order.index(q) for q in range(n)]  # 0 = first in turn order; larger = further back
        empty = [self.empty_spaces(s, q) for q in range(n)]
        if s.opts["tiebreak"] == "fewest-empty":
            keys = [(-empty[q], later[q]) for q in range(n)]
        else:
            keys = [(empty[q], later[q]) for q in range(n)]

        def breakdown() -> list[dict[str, Any]]:
            out = []
            for q in range(n):
                by: dict[str, int] = {}
                for src, vp in s.vp_log[q]:
                    by[src] = by.get(src, 0) + vp
                out.append({"score": s.vp[q], "vp_by_source": by, "empty_spaces": empty[q],
                            "turn_order": later[q] + 1, "silverlings": s.silver[q], "workers": s.workers[q],
                            "goods_sold": sum(s.sold[q * 6:q * 6 + 6])})
            return out

        return Result.from_keys(list(s.vp), keys, breakdown)

    def turns(self, state: BurgundyState) -> list[int]:
        return list(state.turns)

    def determinize(self, state: BurgundyState, seat: int, rng: Rng) -> BurgundyState:
        """Stacks and the goods bag are unordered (draws happen when they are needed) and everything
        else is public, so only the future is hidden: a fresh random stream replaces the state's."""
        s = state.clone()
        s.rng = rng.next64()
        return s

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
            "round": min(s.round + 1, 5),
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
            "seats": seats,
            "result": result.to_json() if result is not None else None,
        }

    def describe(self, state: BurgundyState, action: Action) -> str:
        s = state
        p = s.to_move
        kind, a, b, c = DECODE[action.index]
        if p is None:
            return str(action)
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
            if kind == K_ADJUST:
                v = s.dice[p * 2 + a]
                return f"pay a worker: die {a + 1} {v} -> {(v - 1 + b) % 6 + 1}"
        except (IndexError, KeyError, AssertionError):
            pass
        return str(action)
