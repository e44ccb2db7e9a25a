"""One golden playthrough's settings (each game lists its own in ``tests/games/<id>/golden.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Variant:
    """The file ``data/<name>.json``, the game, its options, the seed and the agents that chose the actions when
    the file was generated (seat i seeded ``derive_seed(seed, i)``)."""

    name: str
    game: str
    options: dict[str, Any]
    seed: int
    agents: tuple[str, ...]
    note: str = field(default="")
