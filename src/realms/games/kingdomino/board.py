"""Kingdom geometry on integer bit masks, and scoring.

A kingdom lives on a 13x13 frame centred on its castle, big enough for a 7x7 kingdom whichever
corner the castle ends up in. Cell (r, c) is bit ``r * STRIDE + c``; the stride is 14, so a spare
column of zeros stops shifts from wrapping between rows. Whole-board operations (neighbours, the
allowed area under the 5x5/7x7 bound, flood fills) are a handful of shifts and ands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

SIZE = 13
STRIDE = 14
CENTRE = 6
CASTLE_BIT = 1 << (CENTRE * STRIDE + CENTRE)
NBITS = SIZE * STRIDE

FRAME = 0
for _r in range(SIZE):
    for _c in range(SIZE):
        FRAME |= 1 << (_r * STRIDE + _c)

#: directions of the second half from the first: east, south, west, north
DIRS = ("E", "S", "W", "N")
DELTA = (1, STRIDE, -1, -STRIDE)
DR = (0, 1, 0, -1)
DC = (1, 0, -1, 0)

_ROW = [sum(1 << (r * STRIDE + c) for c in range(SIZE)) for r in range(SIZE)]
_COL = [sum(1 << (r * STRIDE + c) for r in range(SIZE)) for c in range(SIZE)]


def _bands(lines: list[int]) -> list[list[int]]:
    table = [[0] * SIZE for _ in range(SIZE)]
    for lo in range(SIZE):
        acc = 0
        for hi in range(lo, SIZE):
            acc |= lines[hi]
            table[lo][hi] = acc
    return table


ROW_BAND = _bands(_ROW)
COL_BAND = _bands(_COL)


def bit_of(r: int, c: int) -> int:
    return r * STRIDE + c


def rc_of(bit: int) -> tuple[int, int]:
    return divmod(bit, STRIDE)


def neighbours(m: int) -> int:
    """Cells orthogonally next to any cell of ``m`` (may include ``m`` itself)."""
    return ((m << 1) | (m >> 1) | (m << STRIDE) | (m >> STRIDE)) & FRAME


def allowed_area(minr: int, maxr: int, minc: int, maxc: int, n: int) -> int:
    """Cells a new square may occupy so the kingdom still fits in ``n`` x ``n``."""
    return ROW_BAND[max(0, maxr - n + 1)][min(SIZE - 1, minr + n - 1)] & COL_BAND[max(0, maxc - n + 1)][
        min(SIZE - 1, minc + n - 1)
    ]


def bits(m: int) -> list[int]:
    """Indices of the set bits of ``m``, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def regions(m: int) -> list[int]:
    """The orthogonally connected components of ``m``, each as a mask."""
    out = []
    while m:
        reg = m & -m
        while True:
            grown = (reg | neighbours(reg)) & m
            if grown == reg:
                break
            reg = grown
        out.append(reg)
        m ^= reg
    return out


def terrain_points(mask: int, c1: int, c2: int, c3: int) -> int:
    """Points of one terrain: each region's squares times its crowns."""
    total = 0
    while mask:
        reg = mask & -mask
        while True:
            grown = (reg | neighbours(reg)) & mask
            if grown == reg:
                break
            reg = grown
        mask ^= reg
        crowns = (reg & c1).bit_count() + 2 * (reg & c2).bit_count() + 3 * (reg & c3).bit_count()
        if crowns:
            total += reg.bit_count() * crowns
    return total


class Region(NamedTuple):
    """One scoring region: orthogonally connected squares of one terrain."""

    terrain: int
    squares: int
    crowns: int
    points: int


@dataclass(frozen=True, slots=True)
class Score:
    """A kingdom's score with its breakdown."""

    regions: tuple[Region, ...]
    largest_region: int
    crowns: int
    harmony: int
    middle_kingdom: int

    @property
    def points(self) -> int:
        return sum(r.points for r in self.regions)

    @property
    def bonus(self) -> int:
        return self.harmony + self.middle_kingdom

    @property
    def total(self) -> int:
        return self.points + self.bonus

    def to_json(self) -> dict[str, Any]:
        from realms.games.kingdomino.data import TERRAINS

        return {
            "score": self.total,
            "regions": [
                {"terrain": TERRAINS[r.terrain], "squares": r.squares, "crowns": r.crowns, "points": r.points}
                for r in self.regions
            ],
            "largest_region": self.largest_region,
            "crowns": self.crowns,
            "bonus": self.bonus,
            "harmony": self.harmony,
            "middle_kingdom": self.middle_kingdom,
        }


def quick_score(
    terrain_masks: list[int] | tuple[int, ...],
    c1: int,
    c2: int,
    c3: int,
    occupied: int,
    box: tuple[int, int, int, int] | list[int],
    n: int,
    harmony: bool,
    middle_kingdom: bool,
) -> tuple[int, int, int]:
    """(total score, largest region, crowns) without building the breakdown; see ``score_masks``."""
    total = 0
    largest = 0
    for mask in terrain_masks:
        while mask:
            reg = mask & -mask
            while True:
                grown = (reg | (reg << 1) | (reg >> 1) | (reg << STRIDE) | (reg >> STRIDE)) & mask
                if grown == reg:
                    break
                reg = grown
            mask ^= reg
            sq = reg.bit_count()
            if sq > largest:
                largest = sq
            crowns = (reg & c1).bit_count() + 2 * (reg & c2).bit_count() + 3 * (reg & c3).bit_count()
            total += sq * crowns
    if harmony and occupied.bit_count() == n * n:
        total += 5
    if middle_kingdom:
        half = (n - 1) // 2
        lo, hi = CENTRE - half, CENTRE + half
        if box[0] == lo and box[1] == hi and box[2] == lo and box[3] == hi:
            total += 10
    return total, largest, c1.bit_count() + 2 * c2.bit_count() + 3 * c3.bit_count()


def _region_order(r: Region) -> tuple[int, int, int]:
    return (-r.points, -r.squares, r.terrain)


def bounding_box(occupied: int) -> tuple[int, int, int, int]:
    """(min row, max row, min col, max col) of a non-empty mask."""
    rows = [r for r in range(SIZE) if occupied & ROW_BAND[r][r]]
    cols = [c for c in range(SIZE) if occupied & COL_BAND[c][c]]
    return rows[0], rows[-1], cols[0], cols[-1]


def score_masks(
    terrain_masks: list[int] | tuple[int, ...],
    c1: int,
    c2: int,
    c3: int,
    occupied: int,
    box: tuple[int, int, int, int] | list[int],
    n: int,
    harmony: bool,
    middle_kingdom: bool,
) -> Score:
    """Score a kingdom given as masks, its castle on the centre of the frame.

    ``occupied`` includes the castle; ``box`` is its bounding rows and columns.
    """
    regs: list[Region] = []
    t = 0
    for mask in terrain_masks:
        while mask:
            reg = mask & -mask
            while True:
                grown = (reg | (reg << 1) | (reg >> 1) | (reg << STRIDE) | (reg >> STRIDE)) & mask
                if grown == reg:
                    break
                reg = grown
            mask ^= reg
            crowns = (reg & c1).bit_count() + 2 * (reg & c2).bit_count() + 3 * (reg & c3).bit_count()
            sq = reg.bit_count()
            regs.append(Region(t, sq, crowns, sq * crowns))
        t += 1
    regs.sort(key=_region_order)
    largest = max((r.squares for r in regs), default=0)
    crowns = c1.bit_count() + 2 * c2.bit_count() + 3 * c3.bit_count()
    h = 5 if harmony and occupied.bit_count() == n * n else 0
    half = (n - 1) // 2
    lo, hi = CENTRE - half, CENTRE + half
    m = 10 if middle_kingdom and tuple(box) == (lo, hi, lo, hi) else 0
    return Score(tuple(regs), largest, crowns, h, m)
