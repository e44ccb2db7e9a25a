"""The 48 dominoes, loaded from the CSV shipped with the package."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

TERRAINS = ("wheat", "forest", "lake", "grassland", "swamp", "mine")
LETTERS = "WFLGSM"
TERRAIN_OF_LETTER = {letter: i for i, letter in enumerate(LETTERS)}
TERRAIN_OF_NAME = {name: i for i, name in enumerate(TERRAINS)}


@dataclass(frozen=True, slots=True)
class Domino:
    number: int
    terrain1: int
    crowns1: int
    terrain2: int
    crowns2: int

    @property
    def symmetric(self) -> bool:
        """Both halves alike: turning it round gives the same placement."""
        return self.terrain1 == self.terrain2 and self.crowns1 == self.crowns2

    def label(self) -> str:
        def half(t: int, c: int) -> str:
            return LETTERS[t] + (str(c) if c else "")  # crowns as a digit, as the board draws them

        return f"#{self.number} {half(self.terrain1, self.crowns1)}|{half(self.terrain2, self.crowns2)}"


def load_dominoes() -> tuple[Domino, ...]:
    """All dominoes by number; index 0 is unused so ``DOMINOES[n].number == n``."""
    text = resources.files(__package__).joinpath("data/dominoes.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    out: list[Domino | None] = [None] * (len(rows) + 1)
    for row in rows:
        d = Domino(
            number=int(row["number"]),
            terrain1=TERRAIN_OF_NAME[row["terrain1"]],
            crowns1=int(row["crowns1"]),
            terrain2=TERRAIN_OF_NAME[row["terrain2"]],
            crowns2=int(row["crowns2"]),
        )
        out[d.number] = d
    assert all(d is not None for d in out[1:]), "domino numbers must run 1..N"
    return tuple(out)  # type: ignore[arg-type]


DOMINOES = load_dominoes()
NUM_DOMINOES = len(DOMINOES) - 1
