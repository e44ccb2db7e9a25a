"""The Castles of Burgundy state: constants, the state's own chance (SplitMix64), ``BurgundyState``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from realms.core import undo as undo_log
from realms.core.game import Action
from realms.core.rng import GOLDEN, MASK64
from realms.core.state import copy_lists, slots_from_data, slots_to_data
from realms.core.undo import UndoLog
from realms.games.burgundy.data import (
    ANIMAL,
    BUILDING,
    CARPENTER,
    CASTLE,
    CHURCH,
    KNOWLEDGE,
    MARKET,
    MINE,
    SHIP,
    Board,
    board_from_rows,
    tile_face,
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
_TO_DATA: dict[str, Callable[[Any], Any]] = {
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
        "bonus", "rng", "cache", "undo",
    )
    #: the legal actions' cache; and the undo log, written by ``to_data`` only when the option ``undo`` is on
    #: (``realms.core.undo``)
    TRANSIENT = ("cache", "undo")

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
    #: what may be taken back this turn; None unless the game's options set ``undo``
    undo: UndoLog | None

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
        s.undo = self.undo  # never mutated, only replaced
        return s

    def to_data(self) -> dict[str, Any]:
        """The full state (the rng included) as JSON-able data."""
        return undo_log.log_data(self, slots_to_data(self, _TO_DATA))  # the other lists hold ints only

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BurgundyState:
        s = slots_from_data(cls, data, _FROM_DATA)
        s.cache = None
        s.undo = UndoLog.from_data(data["undo"], cls.from_data) if "undo" in data else None
        return s


#: how ``from_data`` rebuilds the fields that are not lists of ints (or of lists of ints)
_FROM_DATA: dict[str, Callable[[Any], Any]] = {
    "pool": lambda pool: tuple(board_from_rows(b["board"], b["rows"]) for b in pool),
    "boards": lambda boards: [board_from_rows(b["board"], b["rows"]) if b is not None else None for b in boards],
    "opts": dict,
    "vp_log": lambda log: [[(src, vp) for src, vp in x] for x in log],
    "frames": lambda frames: [tuple(x) for x in frames],
}
