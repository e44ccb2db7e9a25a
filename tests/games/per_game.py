"""What the tests that cover every game read of each one.

A registered game keeps its test-side declarations beside its own tests, in ``tests/games/<id>/`` (a ``-`` in
the id read as ``_``): ``golden.py``, its golden playthroughs (tests/golden), and ``tables.py``, the tables
the cross-game tests play and what its seats may not see. Those tests iterate ``realms.games.ids()`` and find
each game's declarations here by its id, so no test spells out the list of games.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def package(game_id: str) -> str:
    """The test package of a game: ``tests.games.<id>``."""
    return "tests.games." + game_id.replace("-", "_")


def declared(game_id: str, module: str) -> ModuleType:
    """The game's ``tests/games/<id>/<module>.py``; a LookupError naming the missing file where it has none."""
    name = f"{package(game_id)}.{module}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not name.startswith(e.name):
            raise
        path = name.replace(".", "/") + ".py"
        raise LookupError(f"{game_id}: no {path}; every registered game declares one (docs/protocol.md, "
                          "'Adding a game')") from None
