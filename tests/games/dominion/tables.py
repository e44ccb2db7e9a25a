"""The tables the tests over every game play of Dominion, and what its seats may not see (each test reads its own
names here by the game's id: tests/games/per_game.py)."""

from __future__ import annotations

from typing import Any

from tests.games.dominion.golden import ATTACKS

#: played with a spy at every seat, a few seeds each (tests/agents/test_agent_input.py); the first also by the
#: server's bots
SPY_TABLES: list[dict[str, Any]] = [{"players": 3, "kingdom": "random", "turn_limit": 10},
                                    {"players": 2, "turn_limit": 12}, {"players": 4, "turn_limit": 8},
                                    {"players": 2, "kingdom": "random", "sets": "intrigue,seaside", "turn_limit": 12},
                                    {"players": 5, "kingdom": "random", "sets": "all", "turn_limit": 6}]
#: the terminal's ``play`` with a spy at this many bot seats, with these options
TERMINAL: tuple[int, dict[str, Any]] = (1, {"turn_limit": 8})
#: whole games for every agent that declares it reads only its seat's view
VIEW_TABLES: list[dict[str, Any]] = [
    {"players": 2, "turn_limit": 25}, {"players": 3, "kingdom": ATTACKS, "turn_limit": 15},
    {"players": 4, "kingdom": "Smithy,Militia,Witch,Moat,Cellar,Chapel,Village,Market,Mine,Remodel", "turn_limit": 12},
    {"players": 2, "kingdom": "random", "sets": "intrigue,seaside", "turn_limit": 20},
    {"players": 3, "kingdom": "random", "sets": "seaside", "edition": "second", "turn_limit": 15}]
#: a human against a random bot in the browser, in every language (tests/e2e/test_i18n.py), taken in turn by seed
BROWSER_TABLES: list[dict[str, Any]] = [{"kingdom": "random", "turn_limit": 12},
                                        {"kingdom": "random", "turn_limit": 12, "edition": "second"},
                                        {"kingdom": "random", "turn_limit": 12, "sets": "intrigue,seaside"}]
#: the browser board (tests/e2e): what it highlights when the human may move, the seat's own area and another's
#: (the own first on a phone), and the bot a two-seat table is played against
BOARD: dict[str, str] = {"legal": ".dm-card.legal, #dm-controls button:not([disabled]), [data-action]",
                         "own": "#dm-hand", "other": "#dm-supply", "opponent": "bot:big-money"}
#: seeded random games whose integer path is checked against the Action path (tests/rl/test_legal_indices.py)
INTEGER_PATH: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "kingdom": "random"},
                                      {"players": 4, "kingdom": "random", "edition": "second"},
                                      {"players": 2, "kingdom": "random", "colony_platinum": True}, {"players": 1},
                                      {"players": 3, "kingdom": "random", "sets": "all"},
                                      {"players": 6, "kingdom": "random", "sets": "intrigue,seaside",
                                       "edition": "second"}]
#: the game's main variants through PettingZoo's own tests (tests/rl/test_pettingzoo.py)
PETTINGZOO_TABLES: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "edition": "second", "kingdom": "random"},
                                           {"players": 4, "colony_platinum": True, "kingdom": "random"}, {"players": 1},
                                           {"players": 2, "kingdom": "random", "sets": "intrigue,seaside"}]
#: (the bots, the table) of a learner's whole games against them (tests/rl/test_gym.py); the same table steps the
#: PettingZoo environment down its usual and its general path
SINGLE_AGENT: tuple[list[str], dict[str, Any]] = (["big-money"], {"players": 2})
#: (the table, games) where the ``rollout`` agent must beat ``random`` seats (tests/agents/test_playouts.py)
ROLLOUT: tuple[dict[str, Any], int] = ({"players": 2}, 2)
#: tables whose encodings are checked against a fresh encoder's (tests/rl/test_encoder_memory.py), the first a
#: two-player one: kingdoms that differ from game to game
ENCODED: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 2, "kingdom": "random"},
                                 {"players": 3, "kingdom": "random"},
                                 {"players": 2, "kingdom": "random", "sets": "all"}]
#: (table, games) followed with one encoder as an environment does, over many games
ENCODED_MANY: list[tuple[dict[str, Any], int]] = [({"players": 2, "kingdom": "random"}, 3),
                                                  ({"players": 2, "kingdom": "random", "sets": "all"}, 3)]


def hidden(state: Any, seat: int) -> Any:
    """What ``seat`` may not see of ``state``: the other seats' hands, decks, discards and looks, their cards set
    aside face down (Haven), Native Village mats and the bottom of their decks they know."""
    return tuple((tuple(sorted(state.hand[q])), tuple(state.deck[q]), tuple(state.disc[q]), tuple(state.look[q]),
                  tuple(state.held[q]), tuple(state.nvmat[q]), tuple(state.bottom[q]))
                 for q in range(state.players) if q != seat)
