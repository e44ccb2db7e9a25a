"""Bot levels for players: ``easy``, ``medium`` and ``hard``, declared by each game (``Game.levels``).

Each level is an agent name like any other (``realms play --bots hard``, a server seat ``bot:hard``); it
resolves to a concrete agent spec of its game, chosen from what docs/agents.md measured. ``hard`` thinks
about 2 s a move (a search agent), so the server plays it in its bot process pool.

>>> import realms.games
>>> levels_of("kingdomino")[1].agent
'full-greedy'
>>> from realms.core.agents import make_agent
>>> make_agent("hard", realms.games.get("burgundy"), seed=1).name
'mc'
"""

from __future__ import annotations

from realms.core.plugins import Level

__all__ = ["LEVEL_NAMES", "Level", "levels_of"]

#: the names a game's levels take, easiest first
LEVEL_NAMES = ("easy", "medium", "hard")


def levels_of(game_id: str) -> list[Level]:
    """The levels of ``game_id``, easiest first (empty for a game without levels)."""
    import realms.games

    return list(realms.games.get(game_id).levels)
