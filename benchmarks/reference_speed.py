"""Kingdomino's reference path — games through the protocol (``new``, each seat's ``act``, ``apply``,
``result``; the loop of ``realms bench kingdomino --reference``) — in this checkout against another one, as
a ratio measured pair by pair.

    python benchmarks/reference_speed.py --src DIR [--this DIR] [--pairs 20] [--games 300] [--players 4]
                                         [--agent random] [--whole-process] [--json]

``DIR`` is another checkout of the project (a ``git worktree add /tmp/old COMMIT`` of an earlier commit, say):
its ``src`` (or ``DIR`` itself, if it holds the ``realms`` package) is put first on ``PYTHONPATH``; this
checkout's ``src`` (or ``--this DIR``'s) the same way for the other side. Both sides play the same games:
seeds ``0, 1, ...`` for the game, ``derive_seed(g, seat)`` for the bots, and each side's checksum of the
results (scores, ranks, tie-break keys, actions) is compared, so the ratio is between the same games and a
changed behaviour is seen.

In process (the default): one long-lived worker process per checkout, each told to play ``--games`` games in
turn (this, other, then other, this, ...), each slice timed by the worker in CPU seconds of its own process
(``time.process_time``); one warm-up slice each is not counted. With ``--whole-process``: a fresh interpreter
per slice that imports the package and plays ``--games`` games, timed by the CPU seconds the finished child
used (``os.wait4``), import included (bytecode caches are written and read on both sides, as an installed
copy does; the warm-up slice writes them). A pair's ratio is this checkout's rate over the other's (above 1: this
checkout is faster); the median over the pairs is the figure (a loaded machine moves single pairs by 10-30%).
The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent.parent


def _play(first: int, n: int, players: int, agent: str) -> tuple[int, str]:
    """Play games ``first .. first + n - 1``; the actions taken and a checksum of the results."""
    import realms.games
    from realms.agents import make_agent
    from realms.core.rng import derive_seed

    game = realms.games.get("kingdomino")
    opts = game.validate_options({"players": players})
    apply = game.apply
    digest = hashlib.sha256()
    actions = 0
    for g in range(first, first + n):
        state = game.new(opts, g)
        bots = [make_agent(agent, game, derive_seed(g, s)) for s in range(players)]
        while state.to_move is not None:
            apply(state, bots[state.to_move].act(game, state))
            actions += 1
        res = game.result(state)
        assert res is not None
        digest.update(repr((res.scores, res.ranks, res.tiebreak, actions)).encode())
    return actions, digest.hexdigest()[:16]


def worker(players: int, agent: str) -> None:
    """Answer ``FIRST N`` lines on standard input with ``CPU_SECONDS ACTIONS CHECKSUM``."""
    for line in sys.stdin:
        first, n = map(int, line.split())
        cpu = time.process_time()
        actions, check = _play(first, n, players, agent)
        print(time.process_time() - cpu, actions, check, flush=True)


def once(players: int, agent: str, n: int) -> None:
    """Import, play ``n`` games from seed 0, print ``ACTIONS CHECKSUM`` (one whole-process slice)."""
    actions, check = _play(0, n, players, agent)
    print(actions, check)


def package_dir(src: str) -> Path:
    """Where ``realms`` lies in a checkout: ``DIR/src`` or ``DIR`` itself; a clear error otherwise."""
    root = Path(src).expanduser().resolve()
    for cand in (root / "src", root):
        if (cand / "realms" / "__init__.py").is_file():
            return cand
    raise SystemExit(f"reference_speed: {src} holds no realms package (looked in {root / 'src'} and {root})")


def env_for(path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(path)
    env.pop("PYTHONSTARTUP", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # both sides read their bytecode caches, as an installed copy does
    return env


class Side:
    """One checkout's long-lived worker."""

    def __init__(self, path: Path, players: int, agent: str) -> None:
        self.path = path
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", "--players", str(players), "--agent", agent],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env_for(path), cwd="/")
        self.checks: set[str] = set()

    def slice(self, n: int) -> tuple[float, int]:
        stdin: IO[str] = self.proc.stdin  # type: ignore[assignment]
        stdout: IO[str] = self.proc.stdout  # type: ignore[assignment]
        stdin.write(f"0 {n}\n")
        stdin.flush()
        answer = stdout.readline().split()
        if len(answer) != 3:
            raise SystemExit(f"reference_speed: the worker for {self.path} stopped (exit {self.proc.poll()})")
        self.checks.add(answer[2])
        return float(answer[0]), int(answer[1])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


class WholeProcess:
    """One checkout, a fresh interpreter a slice."""

    def __init__(self, path: Path, players: int, agent: str) -> None:
        self.path = path
        self.args = [sys.executable, __file__, "--once", "--players", str(players), "--agent", agent]
        self.checks: set[str] = set()

    def slice(self, n: int) -> tuple[float, int]:
        proc = subprocess.Popen(self.args + ["--games", str(n)], stdout=subprocess.PIPE, text=True,
                                env=env_for(self.path), cwd="/")
        assert proc.stdout is not None
        text = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        answer = text.split()
        if proc.returncode != 0 or len(answer) != 2:
            raise SystemExit(f"reference_speed: the run for {self.path} failed (exit {proc.returncode})")
        self.checks.add(answer[1])
        return usage.ru_utime + usage.ru_stime, int(answer[0])

    def close(self) -> None:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", help="the other checkout (its src/ or the folder holding realms/)")
    ap.add_argument("--this", default=str(HERE), help="the checkout measured against it (default: this one)")
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--games", type=int, default=300, help="games a slice")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--agent", default="random")
    ap.add_argument("--whole-process", action="store_true", help="a fresh interpreter a slice, import included")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.players, args.agent)
        return
    if args.once:
        once(args.players, args.agent, args.games)
        return
    if not args.src:
        ap.error("--src DIR is required: the checkout to compare with")
    if args.pairs < 1 or args.games < 1:
        ap.error("--pairs and --games must be at least 1")
    this_path, other_path = package_dir(args.this), package_dir(args.src)
    kind = WholeProcess if args.whole_process else Side
    this, other = kind(this_path, args.players, args.agent), kind(other_path, args.players, args.agent)
    load_before = os.getloadavg()[0]
    ratios: list[float] = []
    rates: dict[str, list[float]] = {"this": [], "other": []}
    try:
        this.slice(args.games)  # warm-up, not counted
        other.slice(args.games)
        for i in range(args.pairs):
            order = (this, other) if i % 2 == 0 else (other, this)
            got: dict[Any, float] = {}
            for side in order:
                cpu, _ = side.slice(args.games)
                got[side] = args.games / max(cpu, 1e-9)
            rates["this"].append(got[this])
            rates["other"].append(got[other])
            ratios.append(got[this] / got[other])
    finally:
        this.close()
        other.close()
    load_after = os.getloadavg()[0]
    ratios.sort()
    q = len(ratios) // 4
    same = this.checks == other.checks and len(this.checks) == 1
    how = "whole process (import included)" if args.whole_process else "in process"
    out = {"game": "kingdomino", "agent": args.agent, "players": args.players, "games_a_slice": args.games,
           "pairs": args.pairs, "how": how, "this": str(this_path), "other": str(other_path),
           "this_games_per_cpu_s": round(statistics.median(rates["this"]), 1),
           "other_games_per_cpu_s": round(statistics.median(rates["other"]), 1),
           "ratio_median": round(statistics.median(ratios), 3),
           "ratio_middle_half": [round(ratios[q], 3), round(ratios[len(ratios) - 1 - q], 3)],
           "ratio_range": [round(ratios[0], 3), round(ratios[-1], 3)],
           "load_before": load_before, "load_after": load_after, "same_results": same}
    print(f"kingdomino {args.agent} {args.players}p, reference path, {how}, {args.pairs} pairs of {args.games} "
          f"games: this checkout {out['this_games_per_cpu_s']} games/CPU-s, the other "
          f"{out['other_games_per_cpu_s']} (medians)")
    print(f"this/other: median x{out['ratio_median']:.3f}, middle half x{out['ratio_middle_half'][0]:.3f}-"
          f"x{out['ratio_middle_half'][1]:.3f}, range x{out['ratio_range'][0]:.3f}-x{out['ratio_range'][1]:.3f}; "
          f"load average {load_before:.1f} before, {load_after:.1f} after")
    print("same results on both sides" if same else
          f"RESULTS DIFFER: this {sorted(this.checks)}, other {sorted(other.checks)}")
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
