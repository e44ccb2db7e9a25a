"""Where ``mc`` leaves its playout policy on the Witch kingdom, and whether a much larger search agrees.

Plays the games of ``strength.py``'s ``dominion-witch`` setting (the search agent against witch-big-money,
seats rotating, each seed played from both seats) and, at every full-budget decision of the search agent and
every one where it did not play its policy's own choice, searches the same position again (the copy the agent
was handed, so only its seat's knowledge) with ``--oracle`` playouts, the same root actions and the same
baseline, from a fresh seed. It prints, per kind of decision, how often the agent left its policy's choice and
what the oracle's paired difference (in VP of margin) says that gained, and the choices the oracle prefers by
more than 2.5 standard errors that the agent did not make. The oracle plays the same policy, so "right" means
right in the policy's world, not against witch-big-money itself.

    python benchmarks/witch_oracle.py --seed 2150 --games 8 --oracle 20000
    python benchmarks/witch_oracle.py --games 2 --oracle 2000 --json
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import replace
from typing import Any

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.agents.search import SearchAgent, _run
from realms.core.agents import _input_rng, agent_input, choose, make_agent
from realms.core.rng import derive_seed
from realms.games.dominion.bots import gains_to_end
from realms.games.dominion.rules import BUY_PHASE
from realms.sim.tournament import seating

WITCH_KINGDOM = "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"


def _paired(paired: dict[int, list[float]], i: int) -> tuple[float, float]:
    """The mean paired difference of action ``i`` from the baseline and its standard error (0, 0 if unpaired)."""
    n, s1, s2 = paired.get(i, (0, 0.0, 0.0))
    if n < 2:
        return 0.0, 0.0
    m = s1 / n
    return m, math.sqrt(max(0.0, (s2 - n * m * m) / (n - 1)) / n)


def _kind(s: Any, game: Any, base: Any) -> str:
    if s.stack:
        return "pending"
    if s.phase == BUY_PHASE:
        if base.kind == "play_treasures":
            return "treasures"
        return "buy-late" if gains_to_end(s) <= 6 else "buy"
    return "play"


def play(seed: int, games: int, oracle: int, agent: str = "mc:iterations=2000") -> list[dict[str, Any]]:
    """One row per searched decision of the search agent over ``games`` games (the oracle's figures where it ran)."""
    game = realms.games.get("dominion")
    opts = {"players": 2, "kingdom": WITCH_KINGDOM}
    rows: list[dict[str, Any]] = []
    for g in range(games):
        seats = seating(g, 2, True)
        game_seed = derive_seed(seed, g // 2)
        entrants = [agent, "witch-big-money"]
        state = game.new(opts, derive_seed(game_seed, 0))
        players = [make_agent(entrants[e], game, derive_seed(game_seed, s + 1)) for s, e in enumerate(seats)]
        me = seats.index(0)
        mine: list[dict[str, Any]] = []
        while state.to_move is not None:
            seat = state.to_move
            bot = players[seat]
            if seat != me or not isinstance(bot, SearchAgent) or len(game.legal_actions(state)) < 2:
                game.apply(state, choose(bot, game, state, seat))
                continue
            seen = agent_input(game, state, seat, _input_rng(bot))  # what choose would hand it
            keep = game.clone(seen)
            a = bot.act(game, seen)
            game.apply(state, a)
            base = bot.last_baseline
            if base is None:
                continue
            names = {x.index: x for x in game.legal_actions(keep)}
            budget = sum(n for n, _ in bot.last_stats.values())
            row: dict[str, Any] = {
                "game": g, "seat": me, "turn": keep.turns[keep.cur], "gains_to_end": gains_to_end(keep),
                "coins": keep.coins, "kind": _kind(keep, game, names[base]), "playouts": budget,
                "chosen": names[a.index].text, "baseline": names[base].text, "left": a.index != base}
            if row["left"] or budget >= bot.cfg.iterations:
                cfg = replace(bot.cfg, iterations=oracle, baseline=base, focus=False)
                _, _, paired = _run(game, keep, seat, derive_seed(seed, 1 << 20 | g << 10 | len(mine)), cfg)
                alts = {i: _paired(paired, i) for i in paired if i != base}
                best = max(alts, key=lambda i: alts[i][0]) if alts else base
                gain, se = alts.get(best, (0.0, 0.0))
                row["oracle_chosen"] = list(alts.get(a.index, (0.0, 0.0)))
                row["oracle_best"] = names[best].text if gain > 0 else names[base].text
                row["oracle_best_gain"], row["oracle_best_se"] = max(0.0, gain), se
            mine.append(row)
        result = game.result(state)
        assert result is not None
        for row in mine:
            row["won"], row["scores"] = result.winners == [me], list(result.scores)
        rows += mine
    return rows


def summary(rows: list[dict[str, Any]], games: int) -> dict[str, dict[str, float]]:
    """Per kind: decisions oracled, the agent's departures from its policy and their oracle gain (VP a game), and
    the oracle's clear preferences (> 2.5 standard errors) the agent missed and their gain (VP a game)."""
    out: dict[str, dict[str, float]] = {}
    for r in rows:
        if "oracle_best" not in r:
            continue
        k = out.setdefault(r["kind"], {"oracled": 0, "left": 0, "left_right": 0, "left_gain": 0.0, "missed": 0,
                                       "missed_gain": 0.0})
        k["oracled"] += 1
        if r["left"]:
            k["left"] += 1
            k["left_right"] += r["oracle_chosen"][0] > 0
            k["left_gain"] += r["oracle_chosen"][0] / games
        elif r["oracle_best_gain"] > 2.5 * r["oracle_best_se"] > 0:
            k["missed"] += 1
            k["missed_gain"] += r["oracle_best_gain"] / games
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=2150)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--oracle", type=int, default=20000, help="playouts of the oracle's search")
    ap.add_argument("--agent", default="mc:iterations=2000", help="the search agent (mc, an iteration budget)")
    ap.add_argument("--json", action="store_true", help="one JSON object: the rows and the summary")
    args = ap.parse_args()
    rows = play(args.seed, args.games, args.oracle, args.agent)
    table = summary(rows, args.games)
    if args.json:
        print(json.dumps({"rows": rows, "summary": table}))
        return
    print("| kind | oracled | left the policy | right by the oracle | their gain (VP/game) | missed | missed gain |")
    print("|---|---|---|---|---|---|---|")
    for kind, k in sorted(table.items()):
        print(f"| {kind} | {k['oracled']} | {k['left']} | {k['left_right']} | {k['left_gain']:+.2f} | {k['missed']} | "
              f"{k['missed_gain']:+.2f} |")
    for r in rows:
        if "oracle_best" in r and (r["left"] or r["oracle_best_gain"] > 2.5 * r["oracle_best_se"] > 0):
            what = f"chose {r['chosen']}, oracle {r['oracle_chosen'][0]:+.2f}" if r["left"] else (
                f"missed {r['oracle_best']} {r['oracle_best_gain']:+.2f} (se {r['oracle_best_se']:.2f})")
            print(f"game {r['game']} turn {r['turn']} ${r['coins']} gains to end {r['gains_to_end']} {r['kind']}: "
                  f"policy {r['baseline']}; {what}")


if __name__ == "__main__":
    main()
