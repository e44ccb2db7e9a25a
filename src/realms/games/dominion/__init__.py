"""Dominion: the base set of both editions, Colony/Platinum, 1-4 players, strategy bots.

``Dominion`` here is the game as offered to the layers above: the rules (``rules.Dominion``, which also
gives the simulator its statistics) plus its strategy bots, strategy files and terminal renderer, each
imported only when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core.agents import AgentFactory, StrategyLoader
from realms.core.errors import OptionsError
from realms.core.game import FastGames
from realms.core.plugins import Level, Observer, Renderer
from realms.games.dominion import rules
from realms.games.dominion.cards import CARDS, COINS, IS_TREASURE, NAMES
from realms.games.dominion.rules import ACTIONS
from realms.games.dominion.state import DominionState

#: the hard level's playouts a move: what 2 s of its search runs on an idle core (benchmarks/first_move.py --rates)
HARD_PLAYOUTS = 60_000


class Dominion(rules.Dominion):
    default_agent = "big-money-ultimate"
    levels = (
        Level("easy", "big-money", "Buys only Treasure and Victory cards."),
        Level("medium", "bmu-plus", "Big Money Ultimate with one or two of the kingdom's strongest cards."),
        Level("hard", f"mc:iterations={HARD_PLAYOUTS},cap=6,model=true,portfolio=true,policy=rollout-adapted",
              "Plays out the game for every buy it considers, reading your strategy from your buys and trying the "
              "rushes and engines the kingdom allows (about 2 s a move, at most 6 s on a busy server)."),
    )
    gym_id = "realms/Dominion-v0"
    spiel_bounds = (100000, 400)
    warm_searches = ("mc:iterations=4,policy=random", "mc:iterations=4,policy=rollout",
                     "uct:iterations=4,policy=rollout")
    web_module = "dominion.js"

    def agents(self) -> Mapping[str, AgentFactory]:
        from realms.games.dominion import adapt  # noqa: F401  (adds the adapted bot and playout policy to AGENTS)
        from realms.games.dominion.bots import AGENTS
        from realms.games.dominion.playout import RandomFinish, RandomTreasuresFinish

        if "random" not in AGENTS:
            AGENTS["random"] = RandomFinish  # the core random player, with the compiled playouts
        AGENTS.setdefault("random-treasures", RandomTreasuresFinish)
        return AGENTS

    def strategy_loader(self) -> StrategyLoader:
        from realms.games.dominion.bots import load_agent_file

        return load_agent_file

    def observation(self) -> Observer:
        from realms.games.dominion.observe import OBSERVER

        return OBSERVER

    def renderer(self) -> Renderer:
        from realms.games.dominion import render

        return render

    def caution(self, state: DominionState, action: Any) -> str | None:
        """Ending the buys while Treasures that could still be played are in hand: their coins are lost."""
        if (action.kind != "end_buys" or state.to_move is None
                or not any(a.kind == "play_treasures" for a in self.legal_actions(state))):
            return None
        unplayed = [NAMES[c] for c in state.hand[state.to_move] if IS_TREASURE[c]]
        return (f"you have not played {', '.join(unplayed)} (Treasures in your hand); their coins are lost "
                "if you end buying now")

    def check_agent(self, name: str, agent: Any, state: DominionState) -> list[str]:
        """A strategy whose Kingdom cards are all missing from this game's Kingdom is refused (it would play
        as plain Big Money under another name); one missing only some of them gets a warning line. A random
        Kingdom (a new one each game) is not checked."""
        from realms.games.dominion.bots import StrategyBot

        if not isinstance(agent, StrategyBot) or state.opts["kingdom"] == "random":
            return []  # a random kingdom is dealt anew for every game
        named = list(dict.fromkeys(c for c, _ in agent.rules.rules if CARDS[c].kingdom))
        named += [c for c in dict.fromkeys(agent.rules.play or []) if CARDS[c].kingdom and c not in named]
        missing = [c for c in named if c not in state.piles]
        if not missing:
            return []
        kingdom = ", ".join(NAMES[c] for c in state.kingdom)
        gone = ", ".join(NAMES[c] for c in missing)
        if len(missing) == len(named):
            raise OptionsError(f"{name} is a strategy for {gone}, which this kingdom lacks ({kingdom}); "
                               f"add it with -o kingdom=... (10 cards) or pick another strategy")
        return [f"{name}: {gone} not in this kingdom ({kingdom}); the rules naming them never apply"]

    def fast_games(self, options: Mapping[str, Any], agents: list[str]) -> FastGames | None:
        """The lean path (``fast``) for games between the built-in strategy bots, rule files and ``adapted``; the
        compiled kernel (``kernel``)
        for all-``random`` (or all-``random-treasures``) tables where numba is installed and it plays every kingdom
        card (else None: the protocol)."""
        from realms.games.dominion import fast

        if options.get("undo"):  # the turn waits for end_buys there (``realms.core.undo``): the protocol plays it
            return None
        if agents and all(a in ("random", "random-treasures") for a in agents):  # numba is imported only for these
            from realms.games.dominion import kernel

            return kernel.KernelGames(self, options, agents[0]) if kernel.supports(options, agents) else None
        from realms.core.agents import is_strategy_file, make_agent, parse_agent_name
        from realms.games.dominion.adapt import AdaptedBot
        from realms.games.dominion.bots import STRATEGIES, StrategyBot, load_rules, make_strategy

        # strategy bots only (built-in, rule files, the adapted bot): each decision through their own code, which
        # the lean path calls (or the compiled bot, where it reads their rules)
        adapted = {a for a in agents if parse_agent_name(a)[0] == "adapted"}
        if not all(a in STRATEGIES or is_strategy_file(a, self) or a in adapted for a in agents):
            return None
        files = {a: load_rules(a) for a in set(agents) if a not in STRATEGIES and a not in adapted}
        # the adapted bot (``adapt.AdaptedBot``) with its options, as ``make_agent`` reads them
        protos = {a: make_agent(a, self, 0) for a in adapted}

        def make(name: str, rng: Any) -> StrategyBot:
            if name in protos:
                proto = protos[name]
                assert isinstance(proto, AdaptedBot)
                return AdaptedBot(rng, proto.steps, proto.rule_bots)
            return make_strategy(name, rng) if name in STRATEGIES else StrategyBot(rng, files[name])

        return fast.FastGames(self, options, agents, make)

    def client_data(self) -> dict[str, Any]:
        """Every card's facts as the browser draws them: cost, type names and where it comes from (``basic``,
        ``prosperity``, a kingdom card's editions: ``both``, ``first``, ``second``; another set by its name), and
        the cards whose wording differs between the editions (their texts in the catalogues are keyed by edition)."""
        editions = {(1, 2): "both", (1,): "first", (2,): "second"}

        def origin(c: Any) -> str:
            return str(editions.get(c.editions, c.set)) if c.set == "base" else str(c.set)

        return {"cards": {c.name: {"cost": c.cost, "types": c.type_names(), "set": origin(c)} for c in CARDS},
                "edition_wording": [c.name for c in CARDS if "1st ed" in c.text and "2nd ed" in c.text]}

    def fast_declined(self, options: Mapping[str, Any], agents: list[str]) -> str:
        """Why the compiled kernel does not play an all-``random`` table: numba missing, the kernel switched off,
        or cards of the Supply it does not cover (``kernel.uncovered``)."""
        if options.get("undo"):
            return "the option undo is on"
        if not agents or not all(a == "random" for a in agents):
            return ""
        from realms.games.dominion import kernel

        if not kernel.AVAILABLE:
            return "numba, the 'fast' extra, is not installed"
        if not kernel.ENABLED:
            return "the compiled kernel is switched off"
        if options["players"] > kernel.MAXP:
            return f"the compiled kernel plays 1-{kernel.MAXP} players"
        missing = kernel.uncovered(options)
        return f"the compiled kernel does not cover {', '.join(missing)}" if missing else ""

    def turn_stats(self, state: DominionState, seat: int) -> dict[str, float]:
        """After each of the seat's turns: its VP, the coins of all the Treasures it owns, and that per card."""
        owned = state.owned[seat]
        money = sum(k * COINS[c] for c, k in enumerate(owned) if k and IS_TREASURE[c])
        return {"vp": rules.score(state, seat), "money": money, "money_density": money / max(1, sum(owned))}


GAME = Dominion()

__all__ = ["ACTIONS", "GAME", "Dominion", "DominionState"]
