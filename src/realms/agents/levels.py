"""Bot levels for players: ``easy``, ``medium`` and ``hard``, defined once per game as named agents.

Each level is an agent name like any other (``realms play --bots hard``, a server seat ``bot:hard``); it
resolves to a concrete agent spec of its game, chosen from what docs/agents.md measured. ``hard`` thinks
about 2 s a move (a search agent), so the server plays it in its bot process pool.

>>> import realms.games
>>> LEVELS["kingdomino"]["medium"].agent
'full-greedy'
>>> from realms.core.agents import make_agent
>>> make_agent("hard", realms.games.get("burgundy"), seed=1).name
'mc'
"""

from __future__ import annotations

from dataclasses import dataclass

from realms.core.agents import Agent, AgentFactory, register
from realms.core.rng import Rng

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "levels_of"]

LEVEL_NAMES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    #: the concrete agent spec the level plays (``mc:seconds=2``)
    agent: str
    #: one line for players (English; the browser words it through its i18n key ``level.<game>.<name>``)
    description: str


def _levels(game_id: str, *rows: tuple[str, str]) -> dict[str, Level]:
    return {name: Level(name, agent, text) for name, (agent, text) in zip(LEVEL_NAMES, rows, strict=True)}


LEVELS: dict[str, dict[str, Level]] = {
    "kingdomino": _levels(
        "kingdomino",
        ("greedy", "Places each domino for the most points now; picks crowns half the time."),
        ("full-greedy", "Weighs every placement and pick for its points; the usual bot."),
        ("mc:seconds=2", "Plays out hundreds of games per move (about 2 s): beats three full-greedy bots "
                         "three games in four."),
    ),
    "dominion": _levels(
        "dominion",
        ("big-money", "Buys only Treasure and Victory cards."),
        ("bmu-plus", "Big Money Ultimate with one or two of the kingdom's strongest cards."),
        ("mc:seconds=2", "Plays out the game for every buy it considers (about 2 s a move)."),
    ),
    "burgundy": _levels(
        "burgundy",
        ("light-rollout", "Plays by action kind, without looking ahead."),
        ("greedy", "Takes the move worth most by its evaluation; the usual bot."),
        ("mc:seconds=2", "Plays out hundreds of games per move (about 2 s): beats the greedy bot four "
                         "games in five."),
    ),
}


def levels_of(game_id: str) -> list[Level]:
    """The levels of ``game_id``, easiest first (empty for a game without levels)."""
    return list(LEVELS.get(game_id, {}).values())


def _factory(game_id: str, agent: str) -> AgentFactory:
    def build(rng: Rng) -> Agent:
        import realms.games
        from realms.core.agents import make_agent

        return make_agent(agent, realms.games.get(game_id), rng.next64())

    return build


for _gid, _levels_of_game in LEVELS.items():
    for _level in _levels_of_game.values():
        register(_gid, _level.name, _factory(_gid, _level.agent))
