"""Kingdom-adapted strategies (games/dominion/adapt.py) against the best of Realms' own rule bots, on random
kingdoms of the base set, both editions in turn.

For each kingdom: ``adapt`` ranks its candidates (its own fixed seeds), then the adapted strategy (ranked first)
plays the best-ranked rule bot (``bots.STRATEGIES``' and ``bmu-plus``) on fresh deals, seats alternating. Where
the adapted strategy is that rule bot itself, the kingdom is counted as a mirror (50%). Prints a row per kingdom
(the strategies, the share of the points, the time ``adapt`` took) and the share over all games with its Wilson
95% interval.

    python benchmarks/dominion_adapt.py [--kingdoms 50] [--games 400] [--first 0] [--sets base] [--steps 30]
                                        [--with Chapel,Laboratory]

``--with`` keeps only the deals whose kingdom holds every card named (the deals in turn from the first; the others
are skipped), to measure a family of strategies on the kingdoms it is made for.
"""

from __future__ import annotations

import argparse
import time

from realms.core.rng import derive_seed
from realms.games.dominion import Dominion
from realms.games.dominion.adapt import TUNE_STEPS, adapt, duel
from realms.games.dominion.cards import BY_NAME, NAMES
from realms.sim.tournament import wilson_interval

#: the kingdoms' deals (seed ``KINGDOM_SEED + i``) and the fresh deals of the games between the two strategies
KINGDOM_SEED, FRESH = 7_000, 0xF2E5
#: the most deals ``--with`` looks through for its kingdoms
MAX_DEALS = 100_000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kingdoms", type=int, default=50)
    ap.add_argument("--games", type=int, default=400, help="games per kingdom between the two (even)")
    ap.add_argument("--first", type=int, default=0, help="the first kingdom's number")
    ap.add_argument("--sets", default="base")
    ap.add_argument("--steps", type=int, default=TUNE_STEPS, help="the hill climb's steps per kingdom")
    ap.add_argument("--with", dest="with_", default="", help="only kingdoms holding these cards (comma-separated)")
    args = ap.parse_args()
    names = [n.strip() for n in args.with_.split(",") if n.strip()]
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        ap.error(f"--with: no card named {', '.join(unknown)}")
    need = {BY_NAME[n] for n in names}
    game = Dominion()
    points = 0.0
    games = 0
    wins = mirrors = 0
    done = 0
    i = args.first - 1
    while done < args.kingdoms:
        i += 1
        if i - args.first >= MAX_DEALS:
            ap.error(f"--with: {done} of the first {MAX_DEALS:,} deals of --sets {args.sets} hold {args.with_}")
        edition = "first" if i % 2 == 0 else "second"
        s = game.new({"kingdom": "random", "edition": edition, "sets": args.sets, "players": 2}, KINGDOM_SEED + i)
        if not need <= set(s.kingdom):
            continue
        done += 1
        t = time.perf_counter()
        found = adapt(s.kingdom, s.edition, s.colony, tune_steps=args.steps)
        took = time.perf_counter() - t
        best, rule_bot = found.ranking[0][0], found.best_rule_bot
        if best == rule_bot:
            share = 0.5
            mirrors += 1
        else:
            opts = {"kingdom": ",".join(NAMES[c] for c in s.kingdom), "edition": edition}
            share = duel(opts, found.rules[best], found.rules[rule_bot], args.games, derive_seed(FRESH, i))
        points += share * args.games
        games += args.games
        wins += share > 0.5
        cards = ",".join(sorted(NAMES[c] for c in s.kingdom))
        print(f"{i:3} {edition:6} {best:32} vs {rule_bot:20} {share:6.1%}  adapt {took:4.1f}s  {cards}", flush=True)
    lo, hi = wilson_interval(points, games)
    print(f"adapted against the best rule bot: {points / games:.1%} of {games} games ({lo:.1%}-{hi:.1%}); "
          f"ahead on {wins} of {args.kingdoms} kingdoms, mirror on {mirrors}")


if __name__ == "__main__":
    main()
