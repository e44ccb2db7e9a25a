"""The scoring calculator's input: a kingdom typed as rows of cells.

A cell is a terrain letter (W wheat, F forest, L lake, G grassland, S swamp, M mine) followed by its
crowns 0-3, ``C`` for the castle, or ``.`` for an empty square; cells are separated by spaces.

>>> k = parse_kingdom('''
... F1 F0 F2
... F0 C  F0
... F0 F0 .
... ''')
>>> score_kingdom(k).total
21
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from realms.core.errors import RealmsError
from realms.core.options import Option, validate_options
from realms.games.kingdomino import board as B
from realms.games.kingdomino.data import TERRAIN_OF_LETTER

MAX_SIDE = 7
#: the only spellings of a crown count: one ASCII digit (``str.isdigit`` would also take ``²`` or ``٣``)
CROWN_DIGITS = {"0": 0, "1": 1, "2": 2, "3": 3}


class KingdomInputError(RealmsError, ValueError):
    """Malformed calculator input; the message names the row and column (1-based)."""

    def __init__(self, message: str, row: int | None = None, col: int | None = None) -> None:
        where = ""
        if row is not None:
            where = f"row {row}" + (f", column {col}" if col is not None else "") + ": "
        super().__init__(where + message)
        self.row = row
        self.col = col


@dataclass
class Kingdom:
    """A kingdom as frame masks, the castle on the frame's centre."""

    terrains: list[int]
    crowns: list[int]  # masks of squares with 1, 2, 3 crowns
    occupied: int
    box: tuple[int, int, int, int]
    rows: int
    cols: int


def parse_kingdom(text: str) -> Kingdom:
    lines = [line.split() for line in text.splitlines()]
    # drop blank lines at both ends, keep numbering of the remaining ones
    numbered = [(i + 1, cells) for i, cells in enumerate(lines)]
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    while numbered and not numbered[-1][1]:
        numbered.pop()
    if not numbered:
        raise KingdomInputError("the kingdom is empty: type rows of cells such as 'F1 C W0'")
    for lineno, cells in numbered:
        if not cells:
            raise KingdomInputError("blank row inside the kingdom", lineno)
    width = len(numbered[0][1])
    for lineno, cells in numbered:
        if len(cells) != width:
            raise KingdomInputError(f"has {len(cells)} cells but the first row has {width} (rows must be equally long)",
                                    lineno)
    if len(numbered) > MAX_SIDE or width > MAX_SIDE:
        raise KingdomInputError(f"the kingdom is {len(numbered)}x{width}; the largest allowed is {MAX_SIDE}x{MAX_SIDE}")
    grid: list[list[tuple[int, int] | None | str]] = []
    castle: tuple[int, int] | None = None
    for r, (lineno, cells) in enumerate(numbered):
        row: list[tuple[int, int] | None | str] = []
        for c, cell in enumerate(cells):
            col = c + 1
            if not cell.isascii():
                raise KingdomInputError(f"cell {cell!r} has a character that is not plain ASCII: type a terrain "
                                        "letter W F L G S M and a digit 0-3, C or .", lineno, col)
            up = cell.upper()
            if up == "C":
                if castle is not None:
                    raise KingdomInputError(f"a second castle (the first is at row {numbered[castle[0]][0]}, "
                                            f"column {castle[1] + 1})", lineno, col)
                castle = (r, c)
                row.append("C")
            elif cell == ".":
                row.append(None)
            else:
                letter, crowns = up[0], up[1:]
                if letter not in TERRAIN_OF_LETTER:
                    raise KingdomInputError(f"unknown cell {cell!r}: a terrain letter is one of W F L G S M, "
                                            "or C for the castle, . for empty", lineno, col)
                if not crowns:
                    raise KingdomInputError(f"cell {cell!r} needs its crowns 0-3 after the letter, e.g. {letter}0",
                                            lineno, col)
                if crowns not in CROWN_DIGITS:
                    raise KingdomInputError(f"cell {cell!r} has crowns {crowns!r}; crowns are 0-3", lineno, col)
                row.append((TERRAIN_OF_LETTER[letter], CROWN_DIGITS[crowns]))
        grid.append(row)
    if castle is None:
        raise KingdomInputError("no castle: exactly one cell must be C")
    terrains = [0] * 6
    crowns_masks = [0, 0, 0]
    occupied = 0
    cr, cc = castle
    for r, row in enumerate(grid):
        for c, square in enumerate(row):
            if square is None:
                continue
            bit = 1 << B.bit_of(B.CENTRE + r - cr, B.CENTRE + c - cc)
            occupied |= bit
            if isinstance(square, tuple):
                t, k = square
                terrains[t] |= bit
                if k:
                    crowns_masks[k - 1] |= bit
    return Kingdom(terrains, crowns_masks, occupied, B.bounding_box(occupied), len(grid), width)


def score_kingdom(k: Kingdom, harmony: bool = False, middle_kingdom: bool = False) -> B.Score:
    """Score a parsed kingdom; the grid is 7x7 when the input is larger than 5 in either direction."""
    n = 7 if max(k.rows, k.cols) > 5 else 5
    c1, c2, c3 = k.crowns
    return B.score_masks(k.terrains, c1, c2, c3, k.occupied, k.box, n, harmony, middle_kingdom)


@dataclass(frozen=True)
class ScoredKingdom:
    """A typed kingdom's score, with the variants it was scored under."""

    score: B.Score
    options: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        data = self.score.to_json()
        return {k: data[k] for k in ("score", "regions", "largest_region", "crowns", "bonus")}

    def details(self) -> dict[str, Any]:
        """``to_json`` and each bonus on its own (``harmony``, ``middle_kingdom``) and the switches used:
        what the web calculator (POST /api/calculators/kingdomino) shows."""
        data = self.score.to_json()
        return {**self.to_json(), "harmony": data["harmony"], "middle_kingdom": data["middle_kingdom"],
                "options": dict(self.options)}

    def render(self) -> Any:
        from rich.console import Group
        from rich.table import Table

        data = self.score.to_json()
        table = Table(title="Regions", title_justify="left")
        for col in ("terrain", "squares", "crowns", "points"):
            table.add_column(col, justify="left" if col == "terrain" else "right")
        for reg in data["regions"]:
            table.add_row(reg["terrain"], str(reg["squares"]), str(reg["crowns"]), str(reg["points"]))
        largest = f"{data['largest_region']} square{'' if data['largest_region'] == 1 else 's'}"
        lines: list[Any] = [table, f"largest region: {largest}; crowns: {data['crowns']}"]
        if any(self.options.values()):
            lines.append(f"bonus: {data['bonus']} (Harmony {data['harmony']}, Middle Kingdom {data['middle_kingdom']})")
        lines.append(f"[bold]score: {data['score']}[/]")
        return Group(*lines)


class KingdomCalculator:
    """The scoring calculator ``realms score kingdomino`` uses: a kingdom typed as rows of cells."""

    options_spec: tuple[Option, ...] = (
        Option("harmony", "bool", False, "count the Harmony bonus"),
        Option("middle_kingdom", "bool", False, "count the Middle Kingdom bonus"),
    )
    #: how a kingdom is typed, for the prompt ``realms score`` shows at a terminal
    how_to_type = "cells such as F1 C W0 . separated by spaces: W F L G S M and crowns 0-3, C the castle, . empty"

    def score(self, text: str, options: Mapping[str, Any]) -> ScoredKingdom:
        opts = validate_options(self.options_spec, options, game="kingdomino calculator")
        kingdom = parse_kingdom(text)
        return ScoredKingdom(score_kingdom(kingdom, **opts), opts)


CALCULATOR = KingdomCalculator()
