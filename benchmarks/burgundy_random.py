"""Random Castles of Burgundy games per second in one process: the default path (the compiled kernel,
games/burgundy/kernel.py, where numba is installed, else the lean path of games/burgundy/fast.py) and, beside
the kernel, the lean path, against the reference through the protocol, interleaved in one run, with the
yardstick.

Usage: python benchmarks/burgundy_random.py [seconds] [players] [agent] [--reference] [--json]
Defaults: 10 seconds per path, 2 players, random agents. Prints games/s (wall and per CPU second), actions/s
and each path's ratio to the reference; figures measured are in docs/simulation.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import realms.games
from realms.agents import make_agent
from realms.core.rng import derive_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from yardstick import line, yardstick  # noqa: E402


def reference(game, opts, agent, players, seconds, first):
    games = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        g = first + games
        state = game.new(opts, g)
        bots = [make_agent(agent, game, derive_seed(g, s)) for s in range(players)]
        while state.to_move is not None:
            game.apply(state, bots[state.to_move].act(game, state))
            actions += 1
        game.result(state)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, elapsed, time.process_time() - cpu


def fast(play, players, seconds, first):
    games = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        g = first + games
        actions += play(g, [derive_seed(g, s) for s in range(players)]).actions
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, elapsed, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seconds", nargs="?", type=float, default=10.0)
    ap.add_argument("players", nargs="?", type=int, default=2)
    ap.add_argument("agent", nargs="?", default="random")
    ap.add_argument("--reference", action="store_true", help="time the reference path only")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    game = realms.games.get("burgundy")
    opts = game.validate_options({"players": args.players})
    agents = [args.agent] * args.players
    play = None if args.reference else game.fast_games(opts, agents)
    paths = {}  # name -> (games per call); the default path, and the lean one beside the kernel
    if play is not None:
        play(0, list(range(args.players)))  # the kernel loads (or compiles) before the clock starts
        paths["default"] = play
        from realms.games.burgundy import fast as lean

        if not isinstance(play, lean.FastGames):
            paths["lean"] = lean.fast_games(game, opts, agents, compiled=False)
    stick = yardstick(0.5)
    ref = [0, 0, 0.0, 0.0]
    got_by = {name: [0, 0, 0.0, 0.0] for name in paths}
    slices = 3 if paths else 1
    for _ in range(slices):
        got = reference(game, opts, args.agent, args.players, args.seconds / slices, ref[0])
        ref = [x + y for x, y in zip(ref, got, strict=True)]
        for name, path in paths.items():
            acc = got_by[name]
            got = fast(path, args.players, args.seconds / slices, acc[0])
            got_by[name] = [x + y for x, y in zip(acc, got, strict=True)]
    stick = (stick + yardstick(0.5)) / 2
    out = {"agent": args.agent, "players": args.players, "yardstick_loops_per_s": round(stick),
           "reference_games_per_s": round(ref[0] / ref[2], 1),
           "reference_games_per_cpu_s": round(ref[0] / ref[3], 1)}
    print(f"burgundy {args.agent} {args.players}p, reference through the protocol: {ref[0]} games in {ref[2]:.2f} s "
          f"= {ref[0] / ref[2]:.0f} games/s ({ref[0] / ref[3]:.0f} per CPU second), {ref[1] / ref[2]:.0f} actions/s, "
          f"{ref[1] / ref[0]:.0f} actions/game")
    for name, fst in got_by.items():
        if name == "lean":
            what, key, suffix = "lean path", "lean_", "lean_"
        else:
            what, key, suffix = "default path (" + ("compiled kernel" if "lean" in paths else "lean path") + ")", \
                "fast_", ""
        rate = fst[0] / fst[2]
        ratio = round(rate * ref[2] / ref[0], 2)
        cpu_ratio = round(fst[0] * ref[3] / fst[3] / ref[0], 2)
        out.update({key + "games_per_s": round(rate, 1), key + "games_per_cpu_s": round(fst[0] / fst[3], 1),
                    suffix + "ratio": ratio, suffix + "cpu_ratio": cpu_ratio})
        print(f"burgundy {args.agent} {args.players}p, {what}: {fst[0]} games in {fst[2]:.2f} s = {rate:.0f} "
              f"games/s ({fst[0] / fst[3]:.0f} per CPU second), {fst[1] / fst[2]:.0f} actions/s — x{ratio} the "
              f"reference (x{cpu_ratio} in CPU time)")
    print(line(stick))
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
