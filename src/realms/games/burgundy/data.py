"""Components of The Castles of Burgundy: the 164 hex tiles, the main board's depots, the estate boards.

Everything is loaded once from the JSON files in ``data/`` (copies of the project's shared data) and
turned into flat integer tables, so the rules engine works on ints only.

Tile types (the hex colours) are numbered ``0..5`` in ``TYPES``; a tile is an id ``0..163`` with its
type, back (coloured or black), kind (building kind, animal species or knowledge number) and animal
count in the ``T_*`` tables.

>>> len(TILES), sum(T_BLACK)
(164, 40)
>>> board = builtin_boards()[1]
>>> board.start, board.types[board.start] == CASTLE, board.dice[board.start]
(19, True, 6)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from realms.core.errors import OptionsError

# --- tile types ----------------------------------------------------------------------------------
SHIP, ANIMAL, CASTLE, MINE, KNOWLEDGE, BUILDING = range(6)
TYPES = ("ship", "animal", "castle", "mine", "knowledge", "building")
TYPE_COLOURS = ("blue", "light green", "dark green", "grey", "yellow", "beige")
#: board file letters
LETTER_TYPE = {"S": SHIP, "A": ANIMAL, "C": CASTLE, "M": MINE, "K": KNOWLEDGE, "B": BUILDING}
TYPE_LETTER = {v: k for k, v in LETTER_TYPE.items()}

BUILDING_KINDS = ("warehouse", "watchtower", "carpenters_workshop", "church", "market", "boarding_house", "bank",
                  "city_hall")
BUILDING_NAMES = ("Warehouse", "Watchtower", "Carpenter's Workshop", "Church", "Market", "Boarding House", "Bank",
                  "City Hall")
WAREHOUSE, WATCHTOWER, CARPENTER, CHURCH, MARKET, BOARDING_HOUSE, BANK, CITY_HALL = range(8)
SPECIES = ("cow", "pig", "sheep", "chicken")

#: the 25 rounds: 5 phases named A-E
PHASES = "ABCDE"
PHASE_BONUS = (10, 8, 6, 4, 2)
SIZE_VP = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91)  # n(n+1)/2, beyond 8 for user boards

#: board geometry: 37 spaces in a radius-3 hexagon, rows of 4,5,6,7,6,5,4 (pointy-top)
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
NSPACES = 37


def _read_json(name: str) -> Any:
    text = resources.files("realms.games.burgundy").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


# --- tiles --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    type: int
    black: bool
    kind: int  # building kind 0-7, animal species 0-3, knowledge number 1-26; 0 for the others
    animals: int  # animals on an animal tile, else 0

    @property
    def name(self) -> str:
        return tile_name(self.id)


def _build_tiles() -> tuple[Tile, ...]:
    data = _read_json("tiles.json")["hex_tiles"]
    by_type = data["by_type"]
    tiles: list[Tile] = []

    def add(t: int, black: bool, kind: int = 0, animals: int = 0) -> None:
        tiles.append(Tile(len(tiles), t, black, kind, animals))

    for t in range(6):
        entry = by_type[TYPES[t]]
        if t == BUILDING:
            kinds = entry["kinds"]
            if tuple(kinds) != BUILDING_KINDS:
                raise AssertionError(f"tiles.json building kinds {list(kinds)} differ from {BUILDING_KINDS}")
            for k, name in enumerate(BUILDING_KINDS):
                for _ in range(kinds[name]["coloured_back"]):
                    add(t, False, k)
                for _ in range(kinds[name]["black_back"]):
                    add(t, True, k)
        elif t == ANIMAL:
            if tuple(entry["species"]) != SPECIES:
                raise AssertionError("tiles.json animal species differ")
            for sp in range(len(SPECIES)):
                for n in (2, 3, 4):
                    counts = entry["per_species"][f"{n}_animals"]
                    for _ in range(counts["coloured_back"]):
                        add(t, False, sp, n)
                    for _ in range(counts["black_back"]):
                        add(t, True, sp, n)
        elif t == KNOWLEDGE:
            black = set(entry["black_back_numbers"])
            for num in range(1, 27):
                add(t, num in black, num)
        else:
            for _ in range(entry["coloured_back"]):
                add(t, False)
            for _ in range(entry["black_back"]):
                add(t, True)
        have = sum(1 for x in tiles if x.type == t)
        if have != entry["total"]:
            raise AssertionError(f"tiles.json: {TYPES[t]} adds up to {have}, not {entry['total']}")
    if len(tiles) != data["total"]:
        raise AssertionError(f"tiles.json: {len(tiles)} tiles, not {data['total']}")
    return tuple(tiles)


TILES = _build_tiles()
NTILES = len(TILES)
T_TYPE = tuple(t.type for t in TILES)
T_BLACK = tuple(int(t.black) for t in TILES)
T_KIND = tuple(t.kind for t in TILES)
T_ANIMALS = tuple(t.animals for t in TILES)

KNOWLEDGE_TEXT: dict[int, str] = {
    k["number"]: k["effect"] for k in _read_json("tiles.json")["hex_tiles"]["knowledge_tiles"]
}
KNOWLEDGE_SHORT = {
    1: "build the same building twice in a city",
    2: "+1 worker per mine at phase end",
    3: "sales give 2 silverlings",
    4: "sales give 1 worker",
    5: "ships take goods from 2 neighbouring depots",
    6: "buy from any depot",
    7: "+1 VP per animal tile scored",
    8: "workers change a die by up to 2",
    9: "free +/-1 placing buildings",
    10: "free +/-1 placing ships and animals",
    11: "free +/-1 placing castles, mines, knowledge",
    12: "free +/-1 taking from a depot",
    13: "take-workers also gives 1 silverling",
    14: "take-workers gives 4 workers",
    15: "end: 3 VP per goods colour sold",
    16: "end: 4 VP per Warehouse",
    17: "end: 4 VP per Watchtower",
    18: "end: 4 VP per Carpenter's Workshop",
    19: "end: 4 VP per Church",
    20: "end: 4 VP per Market",
    21: "end: 4 VP per Boarding House",
    22: "end: 4 VP per Bank",
    23: "end: 4 VP per City Hall",
    24: "end: 4 VP per animal species",
    25: "end: 1 VP per goods tile sold",
    26: "end: 2 VP per bonus tile",
}


def tile_name(tid: int) -> str:
    """A short readable name: ``Ship``, ``Cow x3``, ``Church``, ``Knowledge 12``."""
    t = TILES[tid]
    if t.type == BUILDING:
        return BUILDING_NAMES[t.kind]
    if t.type == ANIMAL:
        return f"{SPECIES[t.kind].capitalize()} x{t.animals}"
    if t.type == KNOWLEDGE:
        return f"Knowledge {t.kind}"
    return TYPES[t.type].capitalize()


def tile_json(tid: int) -> dict[str, Any]:
    """The public face of a tile, for views."""
    t = TILES[tid]
    out: dict[str, Any] = {"id": tid, "type": TYPES[t.type], "name": tile_name(tid), "black": t.black}
    if t.type == BUILDING:
        out["building"] = BUILDING_KINDS[t.kind]
    elif t.type == ANIMAL:
        out["species"] = SPECIES[t.kind]
        out["animals"] = t.animals
    elif t.type == KNOWLEDGE:
        out["number"] = t.kind
        out["effect"] = KNOWLEDGE_SHORT[t.kind]
    return out


_FACES: list[dict[str, Any]] = []


def tile_face(tid: int) -> dict[str, Any]:
    """``tile_json(tid)``, built once and shared: for views, which are read-only (serialised, then dropped)."""
    if not _FACES:
        _FACES.extend(tile_json(t) for t in range(len(TILES)))
    return _FACES[tid]


# --- main board ---------------------------------------------------------------------------------
def _build_depots() -> tuple[tuple[int, ...], ...]:
    mb = _read_json("tiles.json")["main_board"]["depot_hex_spaces_by_slot_order"]
    return tuple(tuple(TYPES.index(x) for x in mb[str(d)]) for d in range(1, 7))


#: DEPOT_SLOTS[d][k]: the tile type of slot k of numbered depot d+1 (slots 0-1 for 2 players, 2 for 3, 3 for 4)
DEPOT_SLOTS = _build_depots()
BLACK_DEPOT_TILES = {2: 4, 3: 6, 4: 8}
SALE_VP = {2: 2, 3: 3, 4: 4}
LARGE_BONUS = {2: 5, 3: 6, 4: 7}
SMALL_BONUS = {2: 2, 3: 3, 4: 4}
GOODS_PER_COLOUR = 7


# --- estate boards ------------------------------------------------------------------------------
class BoardError(OptionsError):
    """A board file or board definition that cannot be used; the message says where and why."""


def _geometry() -> tuple[list[tuple[int, int, int, int]], dict[tuple[int, int], int]]:
    """(row, col, q, r) per space id 1..37 (index 0 unused) and the id at each axial coordinate."""
    cells: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
    at: dict[tuple[int, int], int] = {}
    for row, n in enumerate(ROW_LENGTHS):
        r = row - 3
        q0 = max(-3, -3 - r)
        for col in range(n):
            cells.append((row, col, q0 + col, r))
            at[(q0 + col, r)] = len(cells) - 1
    return cells, at


CELLS, _AT = _geometry()
_OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
#: all 37 positions' neighbours, by id
HEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    () if i == 0 else tuple(sorted(_AT[(CELLS[i][2] + dq, CELLS[i][3] + dr)] for dq, dr in _OFFSETS
                                   if (CELLS[i][2] + dq, CELLS[i][3] + dr) in _AT))
    for i in range(NSPACES + 1)
)


class Board:
    """An estate board as integer tables. Space ids are 1..37 in reading order; bit ``1 << id``.

    ``types[id]``/``dice[id]`` (-1 where a user board leaves a hole), ``nmask[id]`` neighbour mask,
    ``region_of[id]`` region index, ``region_mask``/``region_size``/``region_type`` per region,
    ``type_mask[t]`` spaces of a colour, ``tv_mask[t * 7 + v]`` spaces of colour t and die v and
    ``tv1_mask[t * 7 + v]`` the same with die v-1, v or v+1 (wrapping 6 and 1).
    """

    __slots__ = ("number", "rows", "types", "dice", "start", "ids", "all_mask", "nmask", "region_of",
                 "region_mask", "region_size", "region_type", "type_mask", "tv_mask", "tv1_mask", "v_mask",
                 "key", "cells", "start_values")

    def __init__(self, number: int, rows: list[str], where: str = "board") -> None:
        self.number = number
        where = f"{where} {number}"
        if not isinstance(rows, list) or len(rows) != len(ROW_LENGTHS):
            raise BoardError(f"{where}: 'rows' must be a list of {len(ROW_LENGTHS)} strings (rows of "
                             f"{', '.join(map(str, ROW_LENGTHS))} spaces)")
        types = [-1] * (NSPACES + 1)
        dice = [-1] * (NSPACES + 1)
        start = 0
        norm: list[str] = []
        sid = 0
        for ri, row in enumerate(rows):
            if not isinstance(row, str):
                raise BoardError(f"{where}: row {ri + 1} must be a string, got {row!r}")
            tokens = row.split()
            if len(tokens) != ROW_LENGTHS[ri]:
                raise BoardError(f"{where}: row {ri + 1} has {len(tokens)} spaces, expected {ROW_LENGTHS[ri]} "
                                 f"({row!r})")
            for tok in tokens:
                sid += 1
                if tok in (".", "--"):
                    norm.append("--")
                    continue
                star = tok.endswith("*")
                body = tok[:-1] if star else tok
                if len(body) != 2 or body[0].upper() not in LETTER_TYPE or body[1] not in "123456":
                    raise BoardError(f"{where}: space {sid} ({tok!r}) must be a type letter "
                                     f"({'/'.join(LETTER_TYPE)}) and a die number 1-6, optionally with '*'")
                types[sid] = LETTER_TYPE[body[0].upper()]
                dice[sid] = int(body[1])
                if star:
                    if types[sid] != CASTLE:
                        raise BoardError(f"{where}: the start space {sid} must be a castle (C), not {body}")
                    if start:
                        raise BoardError(f"{where}: two start castles (spaces {start} and {sid})")
                    start = sid
                norm.append(body.upper() + ("*" if star else ""))
        if not any(t == CASTLE for t in types):
            raise BoardError(f"{where}: no castle space (C) for the start castle")
        self.rows = tuple(" ".join(norm[sum(ROW_LENGTHS[:i]):sum(ROW_LENGTHS[:i + 1])])
                          for i in range(len(ROW_LENGTHS)))
        self.key = (number, self.rows)
        self.types = tuple(types)
        self.dice = tuple(dice)
        #: the fixed start castle space ('*'), or 0: each player places the start castle on a castle space
        self.start = start
        self.ids = tuple(i for i in range(1, NSPACES + 1) if types[i] >= 0)
        #: what views show of each space apart from its tile: (id, row, col, colour, die, start castle)
        self.cells = tuple((i, CELLS[i][0], CELLS[i][1], TYPES[types[i]], dice[i], i == start) for i in self.ids)
        self.all_mask = sum(1 << i for i in self.ids)
        nmask = [0] * (NSPACES + 1)
        for i in self.ids:
            for j in HEX_NEIGHBOURS[i]:
                if types[j] >= 0:
                    nmask[i] |= 1 << j
        self.nmask = tuple(nmask)
        # connectivity of the whole estate
        first = start or self.ids[0]
        seen = 1 << first
        todo = [first]
        while todo:
            i = todo.pop()
            for j in _bits(nmask[i] & ~seen):
                seen |= 1 << j
                todo.append(j)
        if seen != self.all_mask:
            cut = [i for i in self.ids if not seen >> i & 1]
            raise BoardError(f"{where}: the estate is disconnected; spaces {cut} cannot be reached from "
                             f"space {first}")
        # regions: connected spaces of one colour
        region_of = [-1] * (NSPACES + 1)
        masks: list[int] = []
        rtypes: list[int] = []
        for i in self.ids:
            if region_of[i] >= 0:
                continue
            r = len(masks)
            m = 1 << i
            region_of[i] = r
            todo = [i]
            while todo:
                a = todo.pop()
                for b in _bits(nmask[a]):
                    if region_of[b] < 0 and types[b] == types[i]:
                        region_of[b] = r
                        m |= 1 << b
                        todo.append(b)
            masks.append(m)
            rtypes.append(types[i])
        for m in masks:
            if m.bit_count() >= len(SIZE_VP):
                raise BoardError(f"{where}: a region of {m.bit_count()} spaces is too large")
        self.region_of = tuple(region_of)
        self.region_mask = tuple(masks)
        self.region_size = tuple(m.bit_count() for m in masks)
        self.region_type = tuple(rtypes)
        self.type_mask = tuple(sum(1 << i for i in self.ids if types[i] == t) for t in range(6))
        self.v_mask = tuple(sum(1 << i for i in self.ids if dice[i] == v) for v in range(7))
        tv = [0] * 42
        tv1 = [0] * 42
        for t in range(6):
            for v in range(1, 7):
                tv[t * 7 + v] = self.type_mask[t] & self.v_mask[v]
                near = self.v_mask[v] | self.v_mask[(v - 2) % 6 + 1] | self.v_mask[v % 6 + 1]
                tv1[t * 7 + v] = self.type_mask[t] & near
        self.tv_mask = tuple(tv)
        self.tv1_mask = tuple(tv1)
        #: what a start castle on each castle space is worth to the rule bots (0 elsewhere): ``start_value``
        self.start_values = tuple(start_value(self, i) if types[i] == CASTLE else 0.0 for i in range(NSPACES + 1))

    def to_json(self) -> dict[str, Any]:
        return {"board": self.number, "rows": list(self.rows)}

    def __repr__(self) -> str:
        return f"Board({self.number})"


def start_value(board: Board, sp: int) -> float:
    """How good a start castle on space ``sp`` is, for the rule bots: the regions next to it, each worth what it
    scores per space when completed in phase A (size(size+1)/2 + 10, over its size), so small regions that a start
    there completes early count most. (Fitted on greedy self-play, 25 games per castle space of boards 2-9 and
    40: this choice came within 1 VP a seat of the best space on average, where counting neighbours, their
    colours and the room around was 2 VP short, and 10 short on board 3.)"""
    regions = {board.region_of[j] for j in _bits(board.nmask[sp])}
    return sum((SIZE_VP[board.region_size[r]] + PHASE_BONUS[0]) / board.region_size[r] for r in sorted(regions))


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


bits = _bits

MAX_BOARD_NUMBER = 99
#: copies of a board in the box (the base game: four of board 1, one of each board 2-9); any other
#: board present (a user's board file) counts as one copy
BOARD_COPIES = {1: 4}


def boards_left(pool: Sequence[Board], chosen: Sequence[Board | None]) -> list[Board]:
    """The boards of ``pool`` a seat may still choose (free choice): those with a copy left in the box
    (``BOARD_COPIES``) once the boards ``chosen`` so far are taken, in the pool's order."""
    taken = Counter(b.number for b in chosen if b is not None)
    return [b for b in pool if taken[b.number] < BOARD_COPIES.get(b.number, 1)]


def board_box(numbers: list[int] | tuple[int, ...]) -> list[int]:
    """The physical boards in the box for the board numbers present, sorted: a board number once per copy.

    >>> board_box([1, 6])
    [1, 1, 1, 1, 6]
    """
    return [n for n in sorted(numbers) for _ in range(BOARD_COPIES.get(n, 1))]



def parse_boards(data: Any, where: str, standard: bool = False) -> dict[int, Board]:
    """Boards from data in the format of ``boards.json``; raises BoardError naming what is wrong.

    The object needs ``"boards"``: a list of entries with ``"board"`` (an integer 1-99) and ``"rows"``
    (7 strings of 4,5,6,7,6,5,4 spaces, each a type letter S/A/C/M/K/B and a die 1-6, one castle marked
    ``*`` as the start castle, ``.`` for no space). Optional ``"spaces"`` and ``"regions"`` are checked
    against the rows, and so are ``"type_counts"`` and ``"region_size_summary"``. With ``standard`` (the
    built-in boards) every board must also be a whole estate of the base game's composition (``COMPOSITION``).
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("boards"), list):
        raise BoardError(f"{where}: expected a JSON object with a 'boards' list")
    out: dict[int, Board] = {}
    for i, entry in enumerate(data["boards"]):
        if not isinstance(entry, Mapping):
            raise BoardError(f"{where}: boards[{i}] must be an object")
        number = entry.get("board")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_BOARD_NUMBER:
            raise BoardError(f"{where}: boards[{i}] needs 'board', an integer 1-{MAX_BOARD_NUMBER}, got {number!r}")
        if number in out:
            raise BoardError(f"{where}: board {number} is defined twice")
        if "rows" not in entry:
            raise BoardError(f"{where}: board {number} has no 'rows'")
        board = Board(number, entry["rows"], where=f"{where}: board")
        _check_spaces(board, entry, f"{where}: board {number}")
        if standard:
            _check_composition(board, f"{where}: board {number}")
        out[number] = board
    if not out:
        raise BoardError(f"{where}: the 'boards' list is empty")
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_spaces(board: Board, entry: Mapping[str, Any], where: str) -> None:
    spaces = entry.get("spaces")
    if spaces is not None:
        if not isinstance(spaces, list):
            raise BoardError(f"{where}: 'spaces' must be a list")
        listed = {sp["id"]: set(sp["neighbours"]) for sp in spaces if isinstance(sp, Mapping)
                  and _is_int(sp.get("id")) and isinstance(sp.get("neighbours"), list)
                  and all(_is_int(n) for n in sp["neighbours"])}
        for i, near in sorted(listed.items()):
            for j in sorted(near):
                if j in listed and i not in listed[j]:
                    raise BoardError(f"{where}: space {i} lists space {j} as a neighbour but space {j} does not "
                                     f"list space {i}")
        ids = set()
        for sp in spaces:
            if not isinstance(sp, Mapping) or not isinstance(sp.get("id"), int):
                raise BoardError(f"{where}: every space needs an integer 'id'")
            i = sp["id"]
            if not 1 <= i <= NSPACES or board.types[i] < 0:
                raise BoardError(f"{where}: space {i} is not a space of the rows")
            ids.add(i)
            if "type" in sp and sp["type"] != TYPES[board.types[i]]:
                raise BoardError(f"{where}: space {i} is {sp['type']!r} in 'spaces' but "
                                 f"{TYPES[board.types[i]]!r} in 'rows'")
            if "die" in sp and sp["die"] != board.dice[i]:
                raise BoardError(f"{where}: space {i} has die {sp['die']} in 'spaces' but {board.dice[i]} in 'rows'")
            if "neighbours" in sp:
                given = sp["neighbours"]
                if not isinstance(given, list) or not all(_is_int(n) for n in given) \
                        or sorted(given) != _bits(board.nmask[i]):
                    raise BoardError(f"{where}: space {i} lists neighbours {given} but the hex grid gives "
                                     f"{_bits(board.nmask[i])}")
        if ids != set(board.ids):
            raise BoardError(f"{where}: 'spaces' lists {len(ids)} spaces, the rows have {len(board.ids)}")
    regions = entry.get("regions")
    if regions is not None:
        if not isinstance(regions, list):
            raise BoardError(f"{where}: 'regions' must be a list")
        given_sets = set()
        for reg in regions:
            if not isinstance(reg, Mapping) or not isinstance(reg.get("spaces"), list) \
                    or not all(_is_int(n) for n in reg["spaces"]):
                raise BoardError(f"{where}: every region needs a 'spaces' list of space numbers")
            given_sets.add(frozenset(reg["spaces"]))
        actual = {frozenset(_bits(m)) for m in board.region_mask}
        if given_sets != actual:
            raise BoardError(f"{where}: 'regions' do not match the regions of the rows "
                             "(connected spaces of one colour)")
    counts = entry.get("type_counts")
    if counts is not None:
        have = {TYPES[t]: board.type_mask[t].bit_count() for t in range(6)}
        if not isinstance(counts, Mapping) or {k: v for k, v in counts.items() if v} != \
                {k: v for k, v in have.items() if v}:
            raise BoardError(f"{where}: 'type_counts' {counts!r} do not match the rows, which have {have}")
    sizes = entry.get("region_size_summary")
    if sizes is not None:
        have_sizes = {TYPES[t]: sorted((sz for sz, rt in zip(board.region_size, board.region_type, strict=True)
                                        if rt == t), reverse=True) for t in range(6)}
        if not isinstance(sizes, Mapping) or any(sorted(sizes.get(k) or [], reverse=True) != v
                                                 for k, v in have_sizes.items()):
            raise BoardError(f"{where}: 'region_size_summary' does not match the regions of the rows")


#: the estate of the base game: 37 spaces of these colours (every built-in board)
COMPOSITION = {BUILDING: 12, ANIMAL: 6, SHIP: 6, KNOWLEDGE: 6, CASTLE: 4, MINE: 3}


def _check_composition(board: Board, where: str) -> None:
    if len(board.ids) != NSPACES:
        raise BoardError(f"{where}: {len(board.ids)} spaces, an estate has {NSPACES}")
    for t, n in COMPOSITION.items():
        have = board.type_mask[t].bit_count()
        if have != n:
            raise BoardError(f"{where}: {have} {TYPES[t]} spaces, an estate has {n}")


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """What players are told of a built-in board: its name in the source, whether two independent sources
    agree on it, and what it stands in for."""

    number: int
    key: str
    name: str
    two_sources: bool
    stand_in: str  # "" unless the board stands in for a 2011 board whose layout is not public
    confidence: str

    @property
    def label(self) -> str:
        """``board 5 "Triplets" (one source)``: the board as a list or a choice shows it."""
        text = f'board {self.number} "{self.name}"' + ("" if self.two_sources else " (one source)")
        if self.stand_in:
            text += f", {self.stand_in}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {"board": self.number, "key": self.key, "name": self.name, "two_sources": self.two_sources,
                "stand_in": self.stand_in, "confidence": self.confidence}


@lru_cache(maxsize=1)
def _builtin() -> tuple[dict[int, Board], dict[tuple[int, tuple[str, ...]], BoardInfo]]:
    data = _read_json("boards.json")
    boards = parse_boards(data, "boards.json", standard=True)
    info: dict[tuple[int, tuple[str, ...]], BoardInfo] = {}
    for entry in data["boards"]:
        b = boards[entry["board"]]
        info[b.key] = BoardInfo(b.number, entry["key"], entry["name_in_source"], bool(entry["two_sources"]),
                                entry.get("stand_in", ""), entry["confidence"])
    return boards, info


def builtin_boards() -> dict[int, Board]:
    """The boards shipped with the game (``data/boards.json``), by number."""
    return _builtin()[0]


def board_info(board: Board) -> BoardInfo | None:
    """The facts of a built-in board (None for a board of a ``boards_file``)."""
    return _builtin()[1].get(board.key)


#: the boards the scenarios draw from (option ``board_set``): the 2011 set, boards 1-9, where the reworked
#: 2023 boards 4 and 8 stand in for the 2011 originals; the boards that two sources confirm; every board
BOARD_SETS = ("2011", "two-sources", "all")


def board_set(name: str) -> tuple[int, ...]:
    """The numbers of the built-in boards in a ``BOARD_SETS`` set.

    >>> board_set("2011"), board_set("two-sources")
    ((1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 6))
    """
    boards, _ = _builtin()
    if name == "2011":
        return tuple(n for n in sorted(boards) if n <= 9)
    if name == "two-sources":
        return tuple(n for n in sorted(boards) if (i := board_info(boards[n])) is not None and i.two_sources)
    return tuple(sorted(boards))


_FILE_CACHE: dict[tuple[str, int, int], dict[int, Board]] = {}


def load_boards_file(path: Any) -> dict[int, Board]:
    """Boards from a user file (format of ``boards.json``); BoardError if unreadable or invalid."""
    if not isinstance(path, str | Path) or not str(path):
        raise BoardError(f"burgundy: option 'boards_file' must be a file path, got {path!r}")
    p = Path(path)
    try:
        st = p.stat()
        key = (str(p.resolve()), st.st_mtime_ns, st.st_size)
    except OSError as e:
        raise BoardError(f"burgundy: boards_file {str(path)!r} cannot be read: {e.strerror or e}") from None
    hit = _FILE_CACHE.get(key)
    if hit is not None:
        return hit
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise BoardError(f"burgundy: boards_file {str(path)!r} cannot be read: {e.strerror or e}") from None
    except RecursionError:  # the decoder recurses once per level of nesting
        raise BoardError(f"burgundy: boards_file {str(path)!r} is not valid JSON: nested too deeply") from None
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError, an integer of more digits than Python reads
        raise BoardError(f"burgundy: boards_file {str(path)!r} is not valid JSON: {e}") from None
    boards = parse_boards(data, f"burgundy: boards_file {str(path)!r}")
    _FILE_CACHE[key] = boards
    return boards


_ROWS_CACHE: dict[tuple[int, tuple[str, ...]], Board] = {}


def board_from_rows(number: int, rows: list[str] | tuple[str, ...]) -> Board:
    """A board from its rows, shared between states (boards are immutable)."""
    key = (number, tuple(rows))
    b = _ROWS_CACHE.get(key)
    if b is None:
        b = _ROWS_CACHE[key] = Board(number, list(rows))
    return b
