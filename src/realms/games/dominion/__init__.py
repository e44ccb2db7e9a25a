"""Dominion: the base set of both editions, Colony/Platinum, 1-4 players, strategy bots.

``Dominion`` here is the game as offered to the layers above: the rules (``rules.Dominion``, which also
gives the simulator its statistics) plus its strategy bots, strategy files and terminal renderer, each
imported only when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping

from realms.core.agents import AgentFactory
from realms.core.plugins import Renderer, StrategyLoader
from realms.games.dominion import rules
from realms.games.dominion.cards import COINS, IS_TREASURE
from realms.games.dominion.rules import ACTIONS, DominionState


class Dominion(rules.Dominion):
    default_agent = "big-money-ultimate"

    def agents(self) -> Mapping[str, AgentFactory]:
        from realms.games.dominion.bots import AGENTS

        return AGENTS

    def strategy_loader(self) -> StrategyLoader:
        from realms.games.dominion.bots import load_agent_file

        return load_agent_file

    def renderer(self) -> Renderer:
        from realms.games.dominion import render

        return render

    def turn_stats(self, state: DominionState, seat: int) -> dict[str, float]:
        """After each of the seat's turns: its VP, the coins of all the Treasures it owns, and that per card."""
        owned = state.owned[seat]
        money = sum(k * COINS[c] for c, k in enumerate(owned) if k and IS_TREASURE[c])
        return {"vp": rules.score(state, seat), "money": money, "money_density": money / max(1, sum(owned))}


GAME = Dominion()

__all__ = ["ACTIONS", "GAME", "Dominion", "DominionState"]
