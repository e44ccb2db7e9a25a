"""The tables the tests over every game play of Kingdomino, and what its seats may not see (each test reads its
own names here by the game's id: tests/games/per_game.py)."""

from __future__ import annotations

from typing import Any

#: played with a spy at every seat, a few seeds each (tests/agents/test_agent_input.py); the first also by the
#: server's bots
SPY_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 4}]
#: the terminal's ``play`` with a spy at this many bot seats, with these options
TERMINAL: tuple[int, dict[str, Any]] = (3, {})
#: whole games for every agent that declares it reads only its seat's view
VIEW_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 4, "harmony": True}]
#: a human against a random bot in the browser, in every language (tests/e2e/test_i18n.py), taken in turn by seed
BROWSER_TABLES: list[dict[str, Any]] = [{"players": 2}]
#: the browser board (tests/e2e): what it highlights when the human may move, the seat's own area and another's
#: (the own first on a phone), and the bot a two-seat table is played against
BOARD: dict[str, str] = {"legal": ".kd-domino.pickable, .kd-cell.legal, #discard",
                         "own": ".kd-kingdom[data-seat='0']",
                         "other": ".kd-kingdom[data-seat='1']", "opponent": "bot:greedy"}
#: seeded random games whose integer path is checked against the Action path (tests/rl/test_legal_indices.py)
INTEGER_PATH: list[dict[str, Any]] = [{"players": 2}, {"players": 4, "harmony": True, "middle_kingdom": True},
                                      {"players": 2, "dynasty": True}, {"players": 2, "mighty_duel": True}]
#: the game's main variants through PettingZoo's own tests (tests/rl/test_pettingzoo.py)
PETTINGZOO_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 3},
                                           {"players": 4, "harmony": True, "middle_kingdom": True},
                                           {"players": 2, "mighty_duel": True}, {"players": 2, "dynasty": True}]
#: (the bots, the table) of a learner's whole games against them (tests/rl/test_gym.py); the same table steps the
#: PettingZoo environment down its usual and its general path
SINGLE_AGENT: tuple[list[str], dict[str, Any]] = (["greedy", "random"], {"players": 3})
#: (the table, games) where the ``rollout`` agent must beat ``random`` seats (tests/agents/test_playouts.py)
ROLLOUT: tuple[dict[str, Any], int] = ({"players": 4, "harmony": True, "middle_kingdom": True}, 6)
#: tables whose encodings are checked against a fresh encoder's (tests/rl/test_encoder_memory.py), the first a
#: two-player one: kingdoms of every size and a dynasty that differs from game to game
ENCODED: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "dynasty": True}]
#: (table, games) followed with one encoder as an environment does, over many games
ENCODED_MANY: list[tuple[dict[str, Any], int]] = [({"players": 2}, 30), ({"players": 3}, 10), ({"players": 4}, 8)]


def hidden(state: Any, seat: int) -> Any:
    """What ``seat`` may not see of ``state``: the draw pile and the dominoes out of the game."""
    return tuple(state.pile), tuple(state.unused)
