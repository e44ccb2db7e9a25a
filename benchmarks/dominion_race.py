"""Racing for the Curses against waiting: for each Attack that hands out Curses (the card data's ``Card.curses``,
``defaults.RACE_CARDS``), ``bmu-plus`` with two copies bought at once (the race) against the same strategy whose
second copy waits for a 16-card deck (the rule for other terminals), on two kingdoms around the card, in the
compiled bot, each deal from both seats. Prints a row per card and kingdom: the racing side's share of the points
(a shared win a half) with its Wilson 95% interval over the games.

    python benchmarks/dominion_race.py [--games 4000] [--seed 77] [--json]
"""

from __future__ import annotations

import argparse
import json

from realms.games.dominion.bots import bmu_plus_rules, duel
from realms.games.dominion.cards import BY_NAME, CARDS
from realms.games.dominion.defaults import RACE_CARDS
from realms.sim.tournament import wilson_interval

#: the nine other kingdom cards of each of the two kingdoms (base-set cards of both editions)
FILLERS = (("Village", "Cellar", "Moat", "Workshop", "Remodel", "Market", "Mine", "Library", "Laboratory"),
           ("Smithy", "Festival", "Chapel", "Bureaucrat", "Militia", "Moneylender", "Gardens", "Throne Room",
            "Council Room"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000, help="games per card and kingdom (even: both seats)")
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for card in sorted(RACE_CARDS):
        editions = CARDS[BY_NAME[card]].editions
        edition = "first" if 1 in editions else "second"
        for k, filler in enumerate(FILLERS):
            opts = {"kingdom": ",".join((card, *filler)), "edition": edition, "colony_platinum": False}
            share = duel(opts, bmu_plus_rules(card, 2, race=True), bmu_plus_rules(card, 2, race=False), args.games,
                         args.seed + k)
            lo, hi = wilson_interval(share * args.games, args.games)
            rows.append({"card": card, "edition": edition, "kingdom": opts["kingdom"], "games": args.games,
                         "race_share": share, "interval": [lo, hi]})
    if args.json:
        print(json.dumps({"rows": rows}))
        return
    print("bmu-plus racing for the Curses against waiting for a 16-card deck (share of the points, 95% interval):")
    print("| card | edition | kingdom | race's share | games |")
    print("|---|---|---|---|---|")
    for r in rows:
        lo, hi = r["interval"]
        print(f"| {r['card']} | {r['edition']} | {r['kingdom']} | {r['race_share']:.1%} ({lo:.1%}-{hi:.1%}) | "
              f"{r['games']} |")


if __name__ == "__main__":
    main()
