"""Pure Big Money mirror games per second, one process, through the protocol.

Each decision goes through ``legal_actions`` (as a simulator or server would), the bot's ``act`` and
``apply``. Time-based: plays for ``--seconds`` and prints games/s. ``--harness copy`` asks the bots the way
the simulator does (``realms.core.agents.choose``: a determinized copy per decision), ``--harness declared``
likewise but honouring an agent's ``reads = "view"``; ``--compare`` runs all three and prints the ratios.

    python benchmarks/dominion_bm.py --seconds 10
    python benchmarks/dominion_bm.py --seconds 5 --compare
"""

from __future__ import annotations

import argparse
import json
import time

import realms.games
from realms.agents import make_agent
from realms.core.agents import choose


def run(seconds: float, bot: str = "big-money", legal: bool = True, seed: int = 0,
        harness: str = "direct") -> dict[str, float]:
    game = realms.games.get("dominion")
    agents = [make_agent(bot, game, seed=1), make_agent(bot, game, seed=2)]
    if harness == "copy":
        for a in agents:
            a.reads = "copy"  # type: ignore[attr-defined]
    games = decisions = turns = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            state = game.new({"players": 2}, seed + games)
            while state.to_move is not None:
                if legal:
                    game.legal_actions(state)
                if harness == "direct":
                    game.apply(state, agents[state.to_move].act(game, state))
                else:
                    game.apply(state, choose(agents[state.to_move], game, state))
                decisions += 1
            games += 1
            turns += sum(state.turns)
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1),
            "decisions_per_s": round(decisions / elapsed), "mean_turns_per_player": round(turns / games / 2, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--bot", default="big-money")
    ap.add_argument("--no-legal", action="store_true", help="skip the legal_actions call per decision")
    ap.add_argument("--profile", action="store_true", help="run under cProfile and print the top functions")
    ap.add_argument("--harness", choices=("direct", "declared", "copy"), default="direct",
                    help="direct: bot.act on the true state; copy: through choose, a determinized copy each "
                         "decision; declared: through choose, honouring reads = 'view'")
    ap.add_argument("--compare", action="store_true", help="run direct, declared and copy; print the ratios")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.compare:
        rates = {h: run(args.seconds, args.bot, not args.no_legal, harness=h)["games_per_s"]
                 for h in ("direct", "declared", "copy")}
        print(f"dominion {args.bot} mirror, games/s: " + ", ".join(f"{h} {r}" for h, r in rates.items())
              + f"; slowdown declared {rates['direct'] / rates['declared']:.2f}x, "
              f"copy {rates['direct'] / rates['copy']:.2f}x")
        return
    if args.profile:
        import cProfile
        import pstats

        with cProfile.Profile() as prof:
            out = run(args.seconds, args.bot, not args.no_legal, harness=args.harness)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
    else:
        out = run(args.seconds, args.bot, not args.no_legal, harness=args.harness)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"dominion {args.bot} mirror: {out['games_per_s']} games/s ({out['games']} games in {out['seconds']} s, "
              f"{out['decisions_per_s']} decisions/s, {out['mean_turns_per_player']} turns per player)")


if __name__ == "__main__":
    main()
