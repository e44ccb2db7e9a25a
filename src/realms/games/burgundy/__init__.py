"""The Castles of Burgundy: 2-4 players, every tile and knowledge tile, basic/random/free-choice estates.

``Burgundy`` here is the game as offered to the layers above: the rules (``rules.Burgundy``) plus its
bots and terminal renderer, each imported only when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping

from realms.core.agents import AgentFactory
from realms.core.plugins import Renderer
from realms.games.burgundy import rules
from realms.games.burgundy.rules import BurgundyState


class Burgundy(rules.Burgundy):
    default_agent = "greedy"

    def agents(self) -> Mapping[str, AgentFactory]:
        from realms.games.burgundy.bots import AGENTS

        return AGENTS

    def renderer(self) -> Renderer:
        from realms.games.burgundy import render

        return render


GAME = Burgundy()

__all__ = ["GAME", "Burgundy", "BurgundyState"]
