"""Simulator scaling: the same tournament with 1 and 2 local processes (or, with --ray, 1 process and a
local Ray instance of 2 CPUs), timed back to back in one run and repeated, so the ratios hold up on a
shared, noisy machine. (A process pool is not forked while Ray runs in the same process.)

    python benchmarks/sim_scaling.py [GAMES] [REPEATS] [--game kingdomino|dominion] [--ray]
    python benchmarks/sim_scaling.py [GAMES] [REPEATS] [--game ...] --compare OTHER_CHECKOUT [--workers-anyway]

Workloads: ``dominion`` (default), big-money-ultimate against smithy-big-money; ``kingdomino``, two random
seats. Before timing, each process plays a few games, so kernels are loaded and imports done (what
``--jobs 1`` and ``--jobs 2`` pay alike). Prints games/s, the speed-up over one process in wall time,
and the CPU seconds both spent (this process and its workers, ``os.times``), with the load average; checks
the reports agree.

``--jobs 2`` keeps to one process when the load average leaves no idle core (then both figures time the same
thing); ``--workers-anyway`` forks the workers all the same, to time them on a busy machine.

``--compare`` measures this checkout and OTHER_CHECKOUT (e.g. one made with ``git worktree add``)
interleaved, each repeat in a fresh process of each, so before/after ratios come from the same minutes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

WORKLOADS = {"dominion": ("dominion", ["big-money-ultimate", "smithy-big-money"]),
             "kingdomino": ("kingdomino", ["random", "random"])}


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(game, agents, **kw):
    from realms.sim import run_tournament

    t, c = time.perf_counter(), _cpu()
    rep = run_tournament(game, agents, seed=1, **kw)
    wall, cpu = time.perf_counter() - t, _cpu() - c
    data = rep.to_json()
    for k in ("seconds", "backend", "workers"):
        data.pop(k, None)
    return wall, cpu, data


def measure(workload: str, games: int, flip: bool, anyway: bool = False) -> dict:
    """One repeat in this process: jobs=1 and jobs=2 back to back (in the order ``flip`` says); ``anyway``: two
    workers even when the load average says the machine has no idle core."""
    import realms.sim.tournament as t
    from realms.sim import run_tournament

    if anyway and hasattr(t, "_free_cores"):
        t._free_cores = lambda: 2

    game, agents = WORKLOADS[workload]
    run_tournament(game, agents, games=50, seed=2)  # kernels loaded, imports done
    out: dict = {"load": os.getloadavg()[0]}
    for jobs in ((2, 1) if flip else (1, 2)):
        wall, cpu, data = timed(game, agents, games=games, jobs=jobs)
        out[f"jobs{jobs}"] = {"wall": wall, "cpu": cpu}
        out[f"data{jobs}"] = data
    out["agree"] = out.pop("data1") == out.pop("data2")
    return out


def _line(label: str, games: int, m: dict) -> str:
    one, two = m["jobs1"], m["jobs2"]
    return (f"{label}jobs=1 {games / one['wall']:7.0f} games/s  jobs=2 {games / two['wall']:7.0f} games/s  "
            f"x{one['wall'] / two['wall']:.2f}  (CPU s: {one['cpu']:.2f} and {two['cpu']:.2f}, "
            f"{_ratio(two['cpu'], one['cpu'])}; load {m['load']:.1f})")


def _ratio(a: float, b: float) -> str:
    """a over b, or "x?" where b is below the clock's tick (os.times counts in hundredths of a second: a short
    run on one process may show none)."""
    return f"x{a / b:.2f}" if b > 0 else "x?"


def compare(other: Path, workload: str, games: int, repeats: int, anyway: bool) -> None:
    here = Path(__file__).resolve().parents[1]
    trees = {"before": other.resolve(), "after": here}
    print(f"{workload} {','.join(WORKLOADS[workload][1])}: {games} games per run; before = {trees['before']}, "
          f"after = {trees['after']}")
    ratios: dict[str, list[float]] = {"before": [], "after": []}
    for r in range(repeats):
        for name in (("before", "after") if r % 2 == 0 else ("after", "before")):
            env = dict(os.environ, PYTHONPATH=str(trees[name] / "src"))
            extra = (["--flip"] if r % 2 else []) + (["--workers-anyway"] if anyway else [])
            done = subprocess.run([sys.executable, __file__, str(games), "--child", workload, *extra],
                                  capture_output=True, text=True, env=env, cwd=trees[name], check=True)
            m = json.loads(done.stdout.splitlines()[-1])
            assert m["agree"], f"{name}: the reports of jobs=1 and jobs=2 differ"
            ratios[name].append(m["jobs1"]["wall"] / m["jobs2"]["wall"])
            print(_line(f"repeat {r + 1} {name:6}: ", games, m), flush=True)
    for name, rs in ratios.items():
        rs.sort()
        print(f"{name}: jobs=2 over jobs=1 x{rs[len(rs) // 2]:.2f} median of {len(rs)} (x{rs[0]:.2f}-x{rs[-1]:.2f})")


def main() -> None:
    argv = sys.argv[1:]
    workload = argv[argv.index("--game") + 1] if "--game" in argv else "dominion"
    if "--child" in argv:
        workload = argv[argv.index("--child") + 1]
        print(json.dumps(measure(workload, int(argv[0]), "--flip" in argv, "--workers-anyway" in argv)))
        return
    args = [a for i, a in enumerate(argv) if not a.startswith("--") and not (i and argv[i - 1] in ("--game",
                                                                                                    "--compare"))]
    games = int(args[0]) if args else 4000
    repeats = int(args[1]) if len(args) > 1 else 3
    if "--compare" in argv:
        compare(Path(argv[argv.index("--compare") + 1]), workload, games, repeats, "--workers-anyway" in argv)
        return
    game, agents = WORKLOADS[workload]
    use_ray = "--ray" in argv
    if use_ray:
        import ray

        from realms.sim import run_tournament

        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        run_tournament(game, agents, games=20, backend="ray")  # workers started before timing
    print(f"{game} {','.join(agents)}: {games} games per run")
    for r in range(repeats):
        if not use_ray:
            print(_line(f"repeat {r + 1}: ", games, measure(workload, games, r % 2 == 1, "--workers-anyway" in argv)),
                  flush=True)
            continue
        one, _, a = timed(game, agents, games=games, jobs=1)
        ray_s, _, c = timed(game, agents, games=games, backend="ray")
        assert a == c
        print(f"repeat {r + 1}: jobs=1 {games / one:7.0f} games/s  ray(2 CPUs) {games / ray_s:7.0f} games/s  "
              f"x{one / ray_s:.2f}", flush=True)
    if use_ray:
        ray.shutdown()


if __name__ == "__main__":
    main()
