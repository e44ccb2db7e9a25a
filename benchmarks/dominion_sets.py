"""Dominion random-kingdom games between ``random`` players, the base set against every box (``sets=all``), the way
the simulator plays them (``Game.fast_games``: the compiled kernel for a kingdom it covers, the reference engine for
one it does not), interleaved in three slices so their ratio holds on a loaded machine: games and decisions per CPU
second (games of expansion kingdoms are longer: more cards are played in them). Beside the ratios: the share of the
dealt kingdoms the kernel does not cover, and the reference engine's own rate on each (every game through the
protocol), so the cost of the fall-back and of the expansions' machinery show apart.

    python benchmarks/dominion_sets.py [--seconds 6] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import realms.games
from realms.core.agents import RandomAgent
from realms.core.rng import Rng, derive_seed

TABLES = {"base": {"players": 2, "kingdom": "random", "sets": "base"},
          "all": {"players": 2, "kingdom": "random", "sets": "all"},
          "base-2e": {"players": 2, "kingdom": "random", "sets": "base", "edition": "second"},
          "all-2e": {"players": 2, "kingdom": "random", "sets": "all", "edition": "second"}}


def fast_rate(game: Any, opts: dict[str, Any], seconds: float, start: int) -> tuple[float, float, int, int]:
    """Games and decisions per CPU second through ``fast_games`` (kernel or fall-back per kingdom), games played,
    and how many of them the kernel declined."""
    from realms.games.dominion import kernel

    play = game.fast_games(opts, ["random", "random"])
    seeds: list[int] = []
    decisions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        seed = derive_seed(start, len(seeds))
        if play is None:
            decisions += _reference_game(game, opts, seed)
        else:
            decisions += play(seed, [seed + 1, seed + 2]).actions
        seeds.append(seed)
    took = time.process_time() - t0
    rate = len(seeds) / took
    # the kingdoms these seeds dealt, dealt again after the timing, to count those the kernel does not cover
    declined = sum(any(c not in kernel.SUPPORTED for c in game.new(opts, seed).kingdom) for seed in seeds)
    return rate, decisions / took, len(seeds), declined


def _reference_game(game: Any, opts: dict[str, Any], seed: int) -> int:
    s = game.new(opts, seed)
    seats = [RandomAgent(Rng(seed + q)) for q in range(s.players)]
    n = 0
    while s.to_move is not None:
        game.apply(s, seats[s.to_move].act(game, s))
        n += 1
    return n


def reference_rate(game: Any, opts: dict[str, Any], seconds: float, start: int) -> float:
    games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        _reference_game(game, opts, derive_seed(start, games))
        games += 1
    return games / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per table and path, in three slices")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    game = realms.games.get("dominion")
    tables = {k: game.validate_options(v) for k, v in TABLES.items()}
    for opts in tables.values():  # warm: the kernel's compilation and the caches are not what is timed
        play = game.fast_games(opts, ["random", "random"])
        if play is not None:
            play(1, [2, 3])
    fast = {k: [0.0, 0.0, 0, 0] for k in TABLES}
    ref = {k: 0.0 for k in TABLES}
    for part in range(3):
        for name, opts in tables.items():
            rate, per_decision, games, declined = fast_rate(game, opts, args.seconds / 3, 100 + part)
            fast[name][0] += rate / 3
            fast[name][1] += per_decision / 3
            fast[name][2] += games
            fast[name][3] += declined
            ref[name] += reference_rate(game, opts, args.seconds / 3, 200 + part) / 3
    out = {"load": os.getloadavg()[0],
           "games_per_cpu_second": {k: round(v[0], 1) for k, v in fast.items()},
           "decisions_per_cpu_second": {k: round(v[1]) for k, v in fast.items()},
           "declined_share": {k: round(v[3] / max(1, v[2]), 3) for k, v in fast.items()},
           "all_over_base": round(fast["all"][0] / fast["base"][0], 3),
           "all_over_base_decisions": round(fast["all"][1] / fast["base"][1], 3),
           "all_over_base_2e": round(fast["all-2e"][0] / fast["base-2e"][0], 3),
           "all_over_base_decisions_2e": round(fast["all-2e"][1] / fast["base-2e"][1], 3),
           "reference_games_per_cpu_second": {k: round(v, 1) for k, v in ref.items()},
           "reference_all_over_base": round(ref["all"] / ref["base"], 3),
           "reference_all_over_base_2e": round(ref["all-2e"] / ref["base-2e"], 3)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"load average {out['load']:.1f}")
    for k in TABLES:
        print(f"{k:7}  simulator path {out['games_per_cpu_second'][k]:8.1f} games/CPU s, "
              f"{out['decisions_per_cpu_second'][k]:9,} decisions/CPU s "
              f"(kernel declined {out['declined_share'][k]:.1%} of the kingdoms)  "
              f"reference engine {out['reference_games_per_cpu_second'][k]:7.1f} games/CPU s")
    print(f"all sets / base set, first edition: simulator path x{out['all_over_base']} in games, "
          f"x{out['all_over_base_decisions']} in decisions; reference engine x{out['reference_all_over_base']}")
    print(f"all sets / base set, second edition: simulator path x{out['all_over_base_2e']} in games, "
          f"x{out['all_over_base_decisions_2e']} in decisions; reference engine "
          f"x{out['reference_all_over_base_2e']}")


if __name__ == "__main__":
    main()
