"""The Castles of Burgundy: 2-4 players, every tile and knowledge tile, basic/random/free-choice estates.

``Burgundy`` here is the game as offered to the layers above: the rules (``rules.Burgundy``) plus its
bots and terminal renderer, each imported only when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core.agents import AgentFactory
from realms.core.game import FastGames
from realms.core.plugins import Level, Observer, Renderer
from realms.games.burgundy import rules
from realms.games.burgundy.data import BUILDING_KINDS, SPECIES, TYPES
from realms.games.burgundy.rules import BurgundyState
from realms.games.burgundy.state import SOURCES

#: the VP sources that by-round statistics keep apart; the end-game knowledge tiles are summed as "knowledge"
VP_SOURCES = tuple(src for src in SOURCES if not src.startswith("knowledge-")) + ("knowledge",)


#: the hard level's playouts a move: what 2 s of its search runs on an idle core (benchmarks/first_move.py --rates)
HARD_PLAYOUTS = 5_000


class Burgundy(rules.Burgundy):
    default_agent = "greedy"
    turn_label = "round"
    levels = (
        Level("easy", "light-rollout", "Plays by action kind, without looking ahead."),
        Level("medium", "greedy", "Takes the move worth most by its evaluation; the usual bot."),
        Level("hard", f"mc:iterations={HARD_PLAYOUTS},cap=6",
              "Plays out thousands of games per move (about 2 s, at most 6 s on a busy server): beats the greedy bot "
              "four games in five."),
    )
    gym_id = "realms/Burgundy-v0"
    spiel_bounds = (5000, 400)
    warm_searches = ("mc:iterations=4,policy=random", "mc:iterations=4,policy=rollout")
    web_module = "burgundy.js"

    def agents(self) -> Mapping[str, AgentFactory]:
        from realms.games.burgundy.bots import AGENTS

        return AGENTS

    def observation(self) -> Observer:
        from realms.games.burgundy.observe import OBSERVER

        return OBSERVER

    def renderer(self) -> Renderer:
        from realms.games.burgundy import render

        return render

    def client_data(self) -> dict[str, Any]:
        """The kinds the browser labels and keys: the six space and tile types, the buildings and the animal species,
        each as its key (the catalogues word them)."""
        return {"space_types": list(TYPES), "buildings": list(BUILDING_KINDS), "species": list(SPECIES)}

    def fast_games(self, options: Mapping[str, Any], agents: list[str]) -> FastGames | None:
        """Games between ``random`` players: the compiled kernel (``kernel``) where numba is installed, else the
        lean path (``fast``)."""
        from realms.games.burgundy import fast

        if options.get("undo"):  # moves taken back (``realms.core.undo``): the protocol plays it
            return None
        games: FastGames | None = fast.fast_games(self, options, agents)
        return games

    def fast_declined(self, options: Mapping[str, Any], agents: list[str]) -> str:
        return "the option undo is on" if options.get("undo") else ""

    def turn_clock(self, state: BurgundyState) -> list[int]:
        """Rounds complete, 1 to 25 over the five phases (the final scoring falls after round 25)."""
        done = state.phase * 5 + state.round
        return [done] * state.players

    def turn_stats(self, state: BurgundyState, seat: int) -> dict[str, float]:
        """VP so far, in all and by source (every source is present, so each curve has every round)."""
        out: dict[str, float] = {"vp": state.vp[seat]}
        for src in VP_SOURCES:
            out["vp_" + src] = 0
        for src, vp in state.vp_log[seat]:
            out["vp_" + ("knowledge" if src.startswith("knowledge-") else src)] += vp
        return out


GAME = Burgundy()

__all__ = ["GAME", "Burgundy", "BurgundyState"]
