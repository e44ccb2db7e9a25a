"""Kingdomino games per second in one process: the default path (the compiled kernel, games/kingdomino/fast.py,
when numba is installed) against the reference engine through the protocol, interleaved in one run, plus
search playouts per second and the machine yardstick.

Usage: python benchmarks/kingdomino_random.py [seconds] [players] [--agent random|greedy|full-greedy]
       [--reference] [--no-playouts] [--json]

``seconds`` is the time for each of the two paths (played in three interleaved slices each). Playouts are timed
from positions spread over random games (the kernel's ``run``, which search policies call, encoding
included), for random and full-greedy play; the Java engine of the Monte Carlo Kingdomino paper (kdom-ai)
reports 15,000 random and 3,900 full-greedy playouts per second. Figures measured are in docs/simulation.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import realms.games
from realms.agents import make_agent
from realms.core.rng import Rng, derive_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from yardstick import line, yardstick  # noqa: E402

PAPER = {"random": 15000, "full-greedy": 3900}


def reference_rate(game, opts, agent, players, seconds, start_game=0):
    """Games/s through the protocol: ``new``, each seat's ``act``, ``apply``, ``result`` (as before the fast path)."""
    games = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        g = start_game + games
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


def fast_rate(play, players, seconds, start_game=0):
    games = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        g = start_game + games
        actions += play(g, [derive_seed(g, s) for s in range(players)]).actions
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, elapsed, time.process_time() - cpu


def playout_rate(game, opts, players, policy, seconds):
    """Playouts/s from positions after 0, 8, 16, ... random actions of seeded games (the kernel's ``run``)."""
    from realms.games.kingdomino import fast

    positions = []
    for g in range(4):
        state = game.new(opts, 10_000 + g)
        bots = [make_agent("random", game, derive_seed(g, s)) for s in range(players)]
        k = 0
        while state.to_move is not None:
            if k % 8 == 0:
                positions.append(state.clone())
            game.apply(state, bots[state.to_move].act(game, state))
            k += 1
    code = fast.POLICIES[policy]
    rng = Rng(1)
    fast.run(positions[0], [code] * players, [1] * players)  # compiled before the clock starts
    n = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        fast.run(positions[n % len(positions)], [code] * players, [rng.next64() for _ in range(players)])
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed, n / max(1e-9, time.process_time() - cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seconds", nargs="?", type=float, default=10.0)
    ap.add_argument("players", nargs="?", type=int, default=4)
    ap.add_argument("--agent", default="random")
    ap.add_argument("--reference", action="store_true", help="time the reference path only")
    ap.add_argument("--no-playouts", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    game = realms.games.get("kingdomino")
    opts = game.validate_options({"players": args.players})
    players = args.players
    stick = yardstick(0.5)
    play = None if args.reference else game.fast_games(opts, [args.agent] * players)
    ref = [0, 0, 0.0, 0.0]
    fst = [0, 0, 0.0, 0.0]
    if play is not None:
        play(0, list(range(players)))  # compile (or load the cache) before timing
    slices = 3 if play is not None else 1
    for _ in range(slices):
        got = reference_rate(game, opts, args.agent, players, args.seconds / slices, ref[0])
        ref = [x + y for x, y in zip(ref, got, strict=True)]
        if play is not None:
            got = fast_rate(play, players, args.seconds / slices, fst[0])
            fst = [x + y for x, y in zip(fst, got, strict=True)]
    stick = (stick + yardstick(0.5)) / 2
    out = {"game": "kingdomino", "agent": args.agent, "players": players, "yardstick_loops_per_s": round(stick),
           "reference_games_per_s": round(ref[0] / ref[2], 1), "reference_actions_per_s": round(ref[1] / ref[2])}
    out["reference_games_per_cpu_s"] = round(ref[0] / ref[3], 1)
    print(f"kingdomino {args.agent} {players}p, reference engine through the protocol: {ref[0]} games in "
          f"{ref[2]:.2f} s = {ref[0] / ref[2]:.0f} games/s ({ref[0] / ref[3]:.0f} per CPU second), "
          f"{ref[1] / ref[2]:.0f} actions/s")
    if play is not None:
        rate = fst[0] / fst[2]
        out.update(fast_games_per_s=round(rate, 1), ratio=round(rate / (ref[0] / ref[2]), 2),
                   fast_games_per_cpu_s=round(fst[0] / fst[3], 1),
                   cpu_ratio=round(fst[0] * ref[3] / fst[3] / ref[0], 2))
        print(f"kingdomino {args.agent} {players}p, default path (compiled kernel): {fst[0]} games in {fst[2]:.2f} s "
              f"= {rate:.0f} games/s ({fst[0] / fst[3]:.0f} per CPU second), {fst[1] / fst[2]:.0f} actions/s — "
              f"x{out['ratio']} the reference (x{out['cpu_ratio']} in CPU time)")
        if not args.no_playouts:
            for policy in ("random", "full-greedy"):
                r, rc = playout_rate(game, opts, players, policy, max(0.5, args.seconds / 4))
                out[f"playouts_per_s_{policy}"] = round(r)
                out[f"playouts_per_cpu_s_{policy}"] = round(rc)
                print(f"search playouts, {policy} policy ({players}p, from positions spread over the game): "
                      f"{r:.0f} playouts/s ({rc:.0f} per CPU second) — x{r / PAPER[policy]:.2f} the paper's Java "
                      f"rate ({PAPER[policy]}/s)")
    else:
        print("(no fast path here: numba is missing, the agent has none, or --reference)")
    print(line(stick) + f"; reference games per 1000 loops: {1000 * ref[0] / ref[2] / stick:.1f}")
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
