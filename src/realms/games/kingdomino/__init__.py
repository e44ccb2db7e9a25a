"""Kingdomino: 2-4 players, the Mighty Duel, Harmony, Middle Kingdom, Dynasty, both tie-breaks.

``Kingdomino`` here is the game as offered to the layers above: the rules (``rules.Kingdomino``) plus
what it declares besides them — its bots, terminal renderer and scoring calculator, each imported
only when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping

from realms.core.agents import AgentFactory
from realms.core.plugins import Calculator, Renderer
from realms.games.kingdomino import rules
from realms.games.kingdomino.rules import KingdominoState


class Kingdomino(rules.Kingdomino):
    default_agent = "full-greedy"

    def agents(self) -> Mapping[str, AgentFactory]:
        from realms.games.kingdomino.bots import AGENTS

        return AGENTS

    def renderer(self) -> Renderer:
        from realms.games.kingdomino import render

        return render

    def calculator(self) -> Calculator:
        from realms.games.kingdomino.calculator import CALCULATOR

        return CALCULATOR


GAME = Kingdomino()

__all__ = ["GAME", "Kingdomino", "KingdominoState"]
