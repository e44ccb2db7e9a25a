"""Kingdomino: 2-4 players, the Mighty Duel, Harmony, Middle Kingdom, Dynasty, both tie-breaks.

``Kingdomino`` here is the game as offered to the layers above: the rules (``rules.Kingdomino``) plus
what it declares besides them — its bots, terminal renderer and scoring calculator, each imported
only when first asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from realms.core.agents import AgentFactory
from realms.core.game import FastGames
from realms.core.plugins import Calculator, Level, Observer, Renderer
from realms.games.kingdomino import rules
from realms.games.kingdomino.data import DOMINOES, LETTERS, NUM_DOMINOES
from realms.games.kingdomino.rules import KingdominoState

#: the hard level's playouts a move: what 2 s of its search runs on an idle core (benchmarks/first_move.py --rates)
HARD_PLAYOUTS = 8000


@functools.cache
def _agents() -> Mapping[str, AgentFactory]:
    """The bots module's table, imported on first use and then kept (``make_agent`` asks for it every time a
    bot is made, and an import statement run again costs several times the lookup)."""
    from realms.games.kingdomino.bots import AGENTS

    return AGENTS


class Kingdomino(rules.Kingdomino):
    default_agent = "full-greedy"
    turn_label = "round"
    levels = (
        Level("easy", "greedy", "Places each domino for the most points now; picks crowns half the time."),
        Level("medium", "full-greedy", "Weighs every placement and pick for its points; the usual bot."),
        Level("hard", f"mc:iterations={HARD_PLAYOUTS},cap=6",
              "Plays out thousands of games per move (about 2 s, at most 6 s on a busy server): beats three "
              "full-greedy bots three games in four."),
    )
    gym_id = "realms/Kingdomino-v0"
    spiel_bounds = (2000, 300)
    warm_searches = ("mc:iterations=4,policy=random", "mc:iterations=4,policy=rollout")
    web_module = "kingdomino.js"

    def agents(self) -> Mapping[str, AgentFactory]:
        return _agents()

    def observation(self) -> Observer:
        from realms.games.kingdomino.observe import OBSERVER

        return OBSERVER

    def renderer(self) -> Renderer:
        from realms.games.kingdomino import render

        return render

    def calculator(self) -> Calculator:
        from realms.games.kingdomino.calculator import CALCULATOR

        return CALCULATOR

    def client_data(self) -> dict[str, Any]:
        """Every domino by number (1-48), each half as [terrain letter, crowns], and the terrain letters in order:
        all public (which dominoes are still to come follows from what has been seen, never their order)."""
        return {"dominoes": [[[LETTERS[d.terrain1], d.crowns1], [LETTERS[d.terrain2], d.crowns2]]
                             for d in DOMINOES[1:]],
                "terrains": list(LETTERS)}

    def fast_games(self, options: Mapping[str, Any], agents: list[str]) -> FastGames | None:
        """The compiled kernel (``fast``) for ``random``, ``greedy`` and ``full-greedy`` seats, when numba is
        installed."""
        from realms.games.kingdomino import fast

        if not fast.supports(options, agents):
            return None
        return fast.FastGames(self, options, agents)

    def fast_declined(self, options: Mapping[str, Any], agents: list[str]) -> str:
        """Why the compiled kernel does not play these games where its seats could: numba missing, or options it
        has no code for (``fast.uncovered``)."""
        from realms.games.kingdomino import fast

        if not agents or not all(a in fast.POLICIES for a in agents):
            return ""
        if not fast.AVAILABLE:
            return "numba, the 'fast' extra, is not installed"
        missing = fast.uncovered(options)
        return f"the compiled kernel does not cover {', '.join(missing)}" if missing else ""

    def turn_clock(self, state: KingdominoState) -> list[int]:
        """Rounds complete (the opening picks are not a round; the last, place-only round is), counted on
        across the games of a Dynasty."""
        s = state
        per_game = (NUM_DOMINOES - len(s.unused)) // s.row_size
        done = s.round if s.to_move is None else max(0, s.round - 1)
        if s.to_move is None:
            done += (len(s.history) - 1) * per_game
        else:
            done += len(s.history) * per_game
        return [done] * s.players

    def turn_stats(self, state: KingdominoState, seat: int) -> dict[str, float]:
        """The score so far: the kingdom being built (bonuses included) plus earlier games of a Dynasty."""
        s = state
        banked = sum(g[seat]["score"] for g in s.history)
        if s.to_move is None:
            return {"score": banked}
        return {"score": banked + self._quick_score(s, seat)}


GAME = Kingdomino()

__all__ = ["GAME", "Kingdomino", "KingdominoState"]
