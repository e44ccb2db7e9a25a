"""Setup and start-up of the compiled code: each game's kernels compiled from nothing, then loaded from the cache.

For each game, a fresh interpreter runs what ``python -m realms.kernels GAME`` runs for it (a short tournament of
``random`` seats, one of the game's default bot, one search move with each compiled playout policy, one compiled
observation) twice: first with an empty numba cache and an empty encoder cache (the cold compile of a fresh
install), then again on the cache the first run wrote (what every later process pays: the start-up of the
compiled path). Each run reports its wall time, its CPU time (the process and its children) and its peak
resident memory. With ``--against DIR`` another checkout (a ``git worktree`` of older code) is measured too, run
for run in turn with this one, and the table gives the ratio of CPU times, which a busy machine disturbs far less
than wall times.

    python benchmarks/kernel_setup.py                       # every game, this checkout
    git worktree add /tmp/base HEAD~1
    python benchmarks/kernel_setup.py --against /tmp/base --games dominion
    python benchmarks/kernel_setup.py --warm-only            # only the start-up from a filled cache
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import json, resource, sys, time
sys.path.insert(0, {src!r})
t = time.perf_counter()
import realms.kernels
realms.kernels._warm_one({game!r})
wall = time.perf_counter() - t
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({{"wall": wall, "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "rss_mb": me.ru_maxrss / 1024, "file": realms.kernels.__file__}}))
"""


def run_once(root: Path, game: str, cache: Path) -> dict[str, float]:
    """One fresh interpreter warming ``game`` from ``root``'s sources with its caches in ``cache``."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache / "numba"), REALMS_CACHE_DIR=str(cache / "realms"))
    out = subprocess.run([sys.executable, "-c", CHILD.format(src=str(root / "src"), game=game)], env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"{root} {game}: the child failed:\n{out.stderr[-2000:]}")
    got: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    if not str(got.pop("file")).startswith(str(root)):  # type: ignore[call-overload]
        raise SystemExit(f"{root}: the child imported realms from elsewhere")
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="kingdomino,dominion,burgundy")
    ap.add_argument("--against", type=Path, help="another checkout, measured in turn with this one")
    ap.add_argument("--warm-only", action="store_true", help="skip the cold compile (the caches are filled once, "
                    "untimed, then the start-up measured)")
    ap.add_argument("--runs", type=int, default=1, help="warm start-ups per checkout and game (default 1)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    roots = [HERE] + ([args.against.resolve()] if args.against else [])
    rows = []
    with tempfile.TemporaryDirectory(prefix="realms-setup-") as tmp:
        for game in args.games.split(","):
            res: dict[Path, dict[str, list[dict[str, float]]]] = {r: {"cold": [], "warm": []} for r in roots}
            for r in roots:  # cold: each checkout in turn, each into a cache of its own
                cold = run_once(r, game, Path(tmp) / f"{game}-{roots.index(r)}")
                if not args.warm_only:
                    res[r]["cold"].append(cold)
            for _ in range(args.runs):
                for r in roots:
                    res[r]["warm"].append(run_once(r, game, Path(tmp) / f"{game}-{roots.index(r)}"))
            for kind in ("cold", "warm"):
                if not res[HERE][kind]:
                    continue
                row: dict[str, object] = {"game": game, "kind": kind}
                for r, label in zip(roots, ("this", "other"), strict=False):
                    runs = res[r][kind]
                    row[label] = {k: round(sorted(x[k] for x in runs)[len(runs) // 2], 2) for k in runs[0]}
                if args.against:
                    row["cpu_ratio"] = round(row["this"]["cpu"] / row["other"]["cpu"], 3)  # type: ignore[index]
                rows.append(row)
                if not args.json:
                    this = row["this"]
                    line = (f"{game:10} {kind:4}  wall {this['wall']:7.1f} s  cpu {this['cpu']:7.1f} s  "  # type: ignore[index]
                            f"rss {this['rss_mb']:6.0f} MB")  # type: ignore[index]
                    if args.against:
                        other = row["other"]
                        line += (f"   other: wall {other['wall']:7.1f} s  cpu {other['cpu']:7.1f} s  "  # type: ignore[index]
                                 f"rss {other['rss_mb']:6.0f} MB   cpu ratio x{row['cpu_ratio']}")  # type: ignore[index]
                    print(line, flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
