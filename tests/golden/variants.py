"""The golden playthroughs: one seeded game per game and variant, each game's listed in its own
``tests/games/<id>/golden.py`` (``VARIANTS``, and ``MUST_PLAY``: the options some variant must play), gathered
here for every registered game (``realms.games.ids()``), in the registry's order.

Each entry names the file ``data/<name>.json``, the game, its options, the seed and the agents that chose
the actions when the file was generated (a mix of bots and random players, seat i seeded
``derive_seed(seed, i)``). Replaying needs only the recorded actions, so a change in a bot never breaks a
golden file; a change in the rules does.
"""

from __future__ import annotations

import realms.games
from tests.games.per_game import declared
from tests.golden.variant import Variant


def _gathered() -> tuple[dict[str, tuple[Variant, ...]], list[str]]:
    """Each registered game's variants by id, and the ids of games that declare none."""
    found: dict[str, tuple[Variant, ...]] = {}
    missing = []
    for game_id in realms.games.ids():
        try:
            found[game_id] = tuple(declared(game_id, "golden").VARIANTS)
        except LookupError:
            missing.append(game_id)
    return found, missing


#: each registered game's variants, by its id
BY_GAME, UNDECLARED = _gathered()
VARIANTS: tuple[Variant, ...] = tuple(v for variants in BY_GAME.values() for v in variants)
BY_NAME = {v.name: v for v in VARIANTS}

__all__ = ["BY_GAME", "BY_NAME", "UNDECLARED", "VARIANTS", "Variant"]
