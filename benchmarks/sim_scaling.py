"""Simulator scaling: the same tournament with 1 and 2 local processes (or, with --ray, 1 process and a
local Ray instance of 2 CPUs), timed back to back in one run and repeated, so the ratios hold up on a
shared, noisy machine. (A process pool is not forked while Ray runs in the same process.)

    python benchmarks/sim_scaling.py [GAMES] [REPEATS] [--ray]

Prints games/s and the speed-up over one process for each repeat; checks the reports agree.
"""

from __future__ import annotations

import sys
import time

from realms.sim import run_tournament

GAME, AGENTS = "dominion", ["big-money-ultimate", "smithy-big-money"]


def timed(**kw):
    t = time.perf_counter()
    rep = run_tournament(GAME, AGENTS, seed=1, **kw)
    data = rep.to_json()
    for k in ("seconds", "backend", "workers"):
        data.pop(k, None)
    return time.perf_counter() - t, data


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 4000
    repeats = int(args[1]) if len(args) > 1 else 3
    use_ray = "--ray" in sys.argv
    if use_ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        run_tournament(GAME, AGENTS, games=20, backend="ray")  # workers started before timing
    print(f"{GAME} {','.join(AGENTS)}: {games} games per run")
    for r in range(repeats):
        one, a = timed(games=games, jobs=1)
        line = f"repeat {r + 1}: jobs=1 {games / one:7.0f} games/s"
        if not use_ray:
            two, b = timed(games=games, jobs=2)
            assert a == b
            line += f"  jobs=2 {games / two:7.0f} games/s  x{one / two:.2f}"
        else:
            ray_s, c = timed(games=games, backend="ray")
            assert a == c
            line += f"  ray(2 CPUs) {games / ray_s:7.0f} games/s  x{one / ray_s:.2f}"
        print(line, flush=True)
    if use_ray:
        ray.shutdown()


if __name__ == "__main__":
    main()
