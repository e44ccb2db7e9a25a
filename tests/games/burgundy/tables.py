"""The tables the tests over every game play of The Castles of Burgundy, and what its seats may not see (each test
reads its own names here by the game's id: tests/games/per_game.py)."""

from __future__ import annotations

from typing import Any

#: played with a spy at every seat, a few seeds each (tests/agents/test_agent_input.py); the first also by the
#: server's bots
SPY_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 3}]
#: the terminal's ``play`` with a spy at this many bot seats, with these options
TERMINAL: tuple[int, dict[str, Any]] = (1, {})
#: whole games for every agent that declares it reads only its seat's view
VIEW_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 4}]
#: a human against a random bot in the browser, in every language (tests/e2e/test_i18n.py), taken in turn by seed
BROWSER_TABLES: list[dict[str, Any]] = [{"players": 2}]
#: the browser board (tests/e2e): what it highlights when the human may move, the seat's own area and another's
#: (the own first on a phone), and the bot a two-seat table is played against
BOARD: dict[str, str] = {"legal": ".bg-chip.legal, .bg-space.legal, #prompt .actions-list button",
                         "own": ".bg-seat[data-seat='0']",
                         "other": ".bg-seat[data-seat='1']", "opponent": "bot:random"}
#: seeded random games whose integer path is checked against the Action path (tests/rl/test_legal_indices.py)
INTEGER_PATH: list[dict[str, Any]] = [{"players": 2}, {"players": 4, "scenario": "random"}]
#: the game's main variants through PettingZoo's own tests (tests/rl/test_pettingzoo.py)
PETTINGZOO_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "scenario": "random"}, {"players": 4}]
#: (the bots, the table) of a learner's whole games against them (tests/rl/test_gym.py); the same table steps the
#: PettingZoo environment down its usual and its general path
SINGLE_AGENT: tuple[list[str], dict[str, Any]] = (["greedy"], {"players": 2})
#: (the table, games) where the ``rollout`` agent must beat ``random`` seats (tests/agents/test_playouts.py)
ROLLOUT: tuple[dict[str, Any], int] = ({"players": 2}, 2)
#: tables whose encodings are checked against a fresh encoder's (tests/rl/test_encoder_memory.py), the first a
#: two-player one: boards that differ from game to game
ENCODED: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "scenario": "random"}]
#: (table, games) followed with one encoder as an environment does, over many games
ENCODED_MANY: list[tuple[dict[str, Any], int]] = [({"players": 2}, 2)]


def hidden(state: Any, seat: int) -> Any:
    """What ``seat`` may not see of ``state``; only the future is hidden: the next tile of each stack and the next
    goods."""
    from realms.games.burgundy.state import _draw, _draw_goods

    s = state.clone()
    nxt = tuple(_draw(s, list(stack)) if stack else None for stack in s.stacks)
    return nxt, _draw_goods(s) if sum(s.goods_pool) else None
