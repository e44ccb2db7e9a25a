"""The lobby's bot levels measured against each other in every game: ``medium`` against ``easy``, ``hard`` against
``medium`` and ``hard`` against ``easy``, two players, seats alternating, the same seeds for every pairing. Printed per
game and pairing: the stronger level's win rate (a shared win counts half) with its 95% Wilson interval, its mean
margin (its score minus the other's), and the games played; a level keeps its word when each row is above 50%.

``hard`` plays its playout budget (``Game.levels``: a time cap only a busy machine reaches), so the table holds on a
busy machine too; ``--hard SPEC`` puts another agent in its place (e.g. a smaller budget for a quick look), and the
table then says so.

``--pairing hard-medium`` (repeatable) plays only the pairings named.

    python benchmarks/levels.py [--games 20] [--only GAME] [--hard SPEC] [--pairing STRONG-WEAK] [--jobs 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
from typing import Any

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.core.rng import derive_seed
from realms.sim.tournament import play_game, wilson_interval

PAIRINGS = (("medium", "easy"), ("hard", "medium"), ("hard", "easy"))


def one(job: tuple[str, int, str, str, int]) -> tuple[float, float]:
    """(the first agent's share of the win, its margin) in game ``i`` of a pairing, seats alternating."""
    gid, seed, strong, weak, i = job
    seats = [0, 1] if i % 2 == 0 else [1, 0]
    out = play_game(gid, {"players": 2}, derive_seed(seed, i // 2), [strong, weak], seats)
    mine = out.seats.index(0)
    theirs = 1 - mine
    won = 1.0 / len(out.winners) if mine in out.winners else 0.0
    return won, float(out.scores[mine] - out.scores[theirs])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing and game (even: seats alternate)")
    ap.add_argument("--only", choices=realms.games.ids())
    ap.add_argument("--hard", help="an agent in the hard level's place (default: the level itself)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--pairing", action="append", choices=[f"{a}-{b}" for a, b in PAIRINGS],
                    help="play only this pairing (repeatable; default: all three)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    pairings = [p for p in PAIRINGS if not args.pairing or f"{p[0]}-{p[1]}" in args.pairing]
    rows: list[dict[str, Any]] = []
    games = [args.only] if args.only else realms.games.ids()
    with mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn").Pool(args.jobs) as pool:
        for gid in games:
            levels = {lv.name: lv.agent for lv in realms.games.get(gid).levels}
            if args.hard:
                levels["hard"] = args.hard
            for strong, weak in pairings:
                jobs = [(gid, derive_seed(args.seed, realms.games.ids().index(gid)), levels[strong], levels[weak], i)
                        for i in range(args.games)]
                found = pool.map(one, jobs) if args.jobs > 1 else [one(j) for j in jobs]
                wins = sum(w for w, _ in found)
                lo, hi = wilson_interval(wins, len(found))
                rows.append({"game": gid, "level": strong, "against": weak, "agent": levels[strong],
                             "opponent": levels[weak], "games": len(found), "win_rate": wins / len(found),
                             "interval": [lo, hi], "margin": sum(m for _, m in found) / len(found)})
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load": load, "hard": args.hard or "the level", "rows": rows}))
        return
    print(f"levels against each other, two players, seats alternating (load {load:.1f}"
          + (f"; hard played by {args.hard}" if args.hard else "") + "):")
    print("| game | level | against | win rate (95% interval) | mean margin | games |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        lo, hi = r["interval"]
        print(f"| {r['game']} | {r['level']} | {r['against']} | {r['win_rate']:.0%} ({lo:.0%}-{hi:.0%}) | "
              f"{r['margin']:+.1f} | {r['games']} |")


if __name__ == "__main__":
    main()
