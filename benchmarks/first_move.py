"""A search's first moves in a fresh process: six 1-second ``mc`` searches (two positions of each game, the start
and one a few random moves in), each in a new Python process, with and without ``Agent.prepare`` called before the
clock starts. Printed per variant: the wall and CPU seconds of the six searches together, the longest single search,
and what ``prepare`` itself took (paid once per process, before any clock). The variants run in turn, round after
round, so their ratio holds on a busy machine; ``--src DIR`` adds the same figures for another checkout's ``src``
(an older tree, whose searches cannot prepare), e.g. ``git worktree add /tmp/old HEAD~5``.

    python benchmarks/first_move.py [--rounds 3] [--seconds 1] [--src DIR] [--json]

With ``--rates`` it measures instead what the ``hard`` levels' playout budgets are made from: ``mc``'s playouts per
CPU second in each game (the searching seat against the game's ``medium`` bots, 12 searched moves of two games),
and the playouts that 2 s of one core make.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

CHILD = r"""
import json, sys, time
import realms.agents
import realms.games
from realms.core.agents import RandomAgent, agent_input, make_agent
from realms.core.rng import Rng

seconds, prepare = float(sys.argv[1]), sys.argv[2] == "1"
out = {"searches": [], "prepare": 0.0}
for g, gid in enumerate(("kingdomino", "dominion", "burgundy")):
    game = realms.games.get(gid)
    for k, moves in enumerate((0, 9)):
        state = game.new(game.validate_options({}), 100 + g)
        walker = RandomAgent(Rng(7 + k))
        for _ in range(moves):
            if state.to_move is None:
                break
            game.apply(state, walker.act(game, state))
        agent = make_agent(f"mc:seconds={seconds}", game, 11 + g)
        if prepare and hasattr(agent, "prepare"):
            t0 = time.perf_counter()
            agent.prepare(game)
            out["prepare"] += time.perf_counter() - t0
        seat = state.to_move
        copy = agent_input(game, state, seat, Rng(3))
        w0, c0 = time.perf_counter(), time.process_time()
        agent.act(game, copy)
        out["searches"].append([gid, moves, time.perf_counter() - w0, time.process_time() - c0])
print(json.dumps(out))
"""


def child(src: str | None, seconds: float, prepare: bool) -> dict[str, Any]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", CHILD, str(seconds), "1" if prepare else "0"], env=env,
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the search process failed:\n{done.stderr}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


RATES = r"""
import json, time
import realms.agents, realms.games
from realms.agents.search import SearchAgent
from realms.core.agents import choose, make_agent
out = {}
for gid in realms.games.ids():
    game = realms.games.get(gid)
    playouts = cpu = moves = 0
    for seed in (1, 2):
        state = game.new(game.validate_options({"players": 2}), seed)
        agents = [make_agent("mc:iterations=3000", game, seed), make_agent("medium", game, 9)]
        for a in agents:
            a.prepare(game)
        while state.to_move is not None and moves < 6 * seed:
            seat = state.to_move
            p0, c0 = SearchAgent.playouts, time.process_time()
            action = choose(agents[min(seat, 1)], game, state, seat)
            if seat == 0 and SearchAgent.playouts > p0:
                playouts += SearchAgent.playouts - p0
                cpu += time.process_time() - c0
                moves += 1
            game.apply(state, action)
    out[gid] = playouts / cpu
print(json.dumps(out))
"""


def rates() -> None:
    done = subprocess.run([sys.executable, "-c", RATES], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the search process failed:\n{done.stderr}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"mc playouts per CPU second (load {os.getloadavg()[0]:.1f}), and what 2 s of one core make:")
    for gid, rate in found.items():
        print(f"  {gid:>10}: {rate:8.0f} per CPU-s, {2 * rate:8.0f} in 2 s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0, help="each search's budget")
    ap.add_argument("--src", help="another checkout's src directory, run beside this one (not prepared)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--rates", action="store_true", help="mc's playouts per CPU second in each game, and in 2 s")
    args = ap.parse_args()
    if args.rates:
        rates()
        return
    here = str(Path(__file__).resolve().parents[1] / "src")
    variants = {"not prepared": (here, False), "prepared": (here, True)}
    if args.src:
        variants["other tree"] = (args.src, False)
    runs: dict[str, list[dict[str, Any]]] = {v: [] for v in variants}
    for _ in range(args.rounds):
        for name, (src, prep) in variants.items():
            runs[name].append(child(src, args.seconds, prep))
    load = os.getloadavg()[0]
    table = {}
    for name, rs in runs.items():
        walls = [sum(s[2] for s in r["searches"]) for r in rs]
        table[name] = {"wall_six": statistics.median(walls), "cpu_six": statistics.median(
            sum(s[3] for s in r["searches"]) for r in rs), "longest": statistics.median(
            max(s[2] for s in r["searches"]) for r in rs), "prepare": statistics.median(r["prepare"] for r in rs)}
    if args.json:
        print(json.dumps({"budget": args.seconds, "load": load, "rounds": args.rounds, "variants": table}))
        return
    print(f"six {args.seconds:g}-s mc searches in a fresh process, medians of {args.rounds} rounds "
          f"(load {load:.1f}):")
    for name, row in table.items():
        print(f"  {name:>13}: {row['wall_six']:6.2f} s wall, {row['cpu_six']:6.2f} CPU-s, longest search "
              f"{row['longest']:5.2f} s, prepare {row['prepare']:5.2f} s")
    base = table["not prepared"]["wall_six"]
    for name, row in table.items():
        print(f"  wall of the six searches, {name} / not prepared: x{row['wall_six'] / base:.2f}")


if __name__ == "__main__":
    main()
