"""``mc``'s playouts per CPU second beside kdom-ai's Monte Carlo player (the Java engine of the Monte Carlo
Kingdomino paper), side by side in one run.

For each playout policy the two engines alternate slice by slice (``--pairs``), so a machine whose load drifts
slows both alike. A Realms slice is ``benchmarks/mc_speed.py``'s child process: Kingdomino with the options of
``benchmarks/strength.py``'s setting (4 players, Harmony and Middle Kingdom), one seeded game played by the
rollout bot, ``mc`` searching the positions a quarter, half and three quarters into it at a fixed playout
budget after a warm-up search, timed by the process's CPU clock. A kdom-ai slice is one JVM running a driver
class, ``McRate``, that does the same on kdom-ai's own engine: one game played by its full-greedy player, the
positions a quarter, half and three quarters in, a warm-up of whole searches on them (the JIT compiled), then
its flat Monte Carlo player (``MCE_TR_R``: random playouts; ``MCE_FG_R``: full-greedy playouts; both with its
relative-score reward) timed by the searching thread's CPU clock (``ThreadMXBean``). The table gives each
side's median and the ratio of the medians.

kdom-ai always scores Harmony and Middle Kingdom, as this setting does. Its full-greedy playout policy is not
Realms' ``rollout``: it scores every placement of the domino it places combined with every placement of the
domino it picks, where Realms' full-greedy picks by the best placement of each free domino alone; and one
kdom-ai move is a placement and a pick together, two actions in Realms. Its search draws a root move at random
per playout; Realms' ``mc`` plays every root action once a round. So the ``rollout`` row compares two policies
of the same idea, not the same policy.

Building the peer (Java 17; it needs fastutil, Debian's ``libfastutil-java``):

1. Check out kdom-ai's source (github.com/mgedda/kdom-ai) into a folder, say ``/tmp/kdom-ai``. Its Maven file
   does not name its source folder (``src/main`` holds the packages), so compile with ``javac`` instead.
2. Two of its imports no longer exist and need stand-ins compiled beside it: the JDK-internal annotation
   ``com.sun.istack.internal.Nullable`` (an empty annotation type) and, for its game-server client, which the
   driver never runs, ``org.json.JSONObject``/``JSONArray`` with the methods it calls (bodies may throw).
3. Write the driver class ``McRate`` (default package) with ``main(policy, playouts, warmup_seconds, seed)``:
   ``policy`` is ``random`` or ``rollout``; it prints, as its last line of standard output, JSON with at least
   ``playouts`` (searched after the warm-up, a third per position) and ``cpu`` (that thread's CPU seconds), and
   may add ``process_cpu`` (the whole JVM's CPU seconds, from ``OperatingSystemMXBean``), ``root_moves`` and
   ``position_cpu``. The player prints a report per search: send ``System.out`` elsewhere while it searches.
   kdom-ai seeds its one generator (``kingdominoplayer.utils.Random``) from the clock: reseed it from ``seed``
   (through reflection) and shuffle the 48 dominoes from the seed too, so a seed gives the same game and positions.
4. Compile the driver with the peer's tree and the stand-ins (a folder ``stub/`` of their sources) on the
   source path, so that ``javac`` takes only the classes the driver reaches, into one folder::

       cd /tmp/kdom-ai-driver   # McRate.java and stub/ here
       javac -cp /usr/share/java/fastutil.jar -sourcepath /tmp/kdom-ai/src/main:stub -d classes McRate.java

Then::

    python benchmarks/mc_peer.py --kdom-ai /tmp/kdom-ai-driver
    python benchmarks/mc_peer.py --kdom-ai /tmp/kdom-ai-driver --policies random --pairs 7 --json

``--kdom-ai DIR`` is a folder holding ``McRate.class`` (itself, or its ``classes/``); the jars in it, in its
``lib/`` and Debian's fastutil jar go on the classpath too.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mc_speed  # noqa: E402  (this folder is no package)

HERE = Path(__file__).resolve().parent.parent
GAME = "kingdomino"
#: kdom-ai's flat Monte Carlo player for each Realms playout policy
PEER_PLAYER = {"random": "MCE_TR_R (random playouts)", "rollout": "MCE_FG_R (full-greedy playouts)"}
#: jars the driver may need beside the peer's classes (Debian's libfastutil-java)
SYSTEM_JARS = [Path("/usr/share/java/fastutil.jar")]
NEEDS = ("needs --kdom-ai DIR: a folder with kdom-ai's compiled classes and the McRate driver "
         "(how to build them: the top of benchmarks/mc_peer.py)")


def peer_classpath(folder: Path) -> str | None:
    """The classpath for the driver in ``folder`` (or its ``classes/``), None when no ``McRate.class`` is there."""
    roots = [d for d in (folder, folder / "classes") if (d / "McRate.class").is_file()]
    if not roots:
        return None
    jars = sorted(folder.glob("*.jar")) + sorted((folder / "lib").glob("*.jar"))
    return os.pathsep.join(str(p) for p in [roots[0], *jars, *[j for j in SYSTEM_JARS if j.is_file()]])


def peer_slice(java: str, classpath: str, policy: str, playouts: int, warmup: float, seed: int) -> dict[str, Any]:
    """One JVM run of the driver: its JSON line, with ``rate`` (playouts per CPU second of the searching thread)
    and, where it reports the JVM's CPU, ``process_rate``."""
    try:
        done = subprocess.run([java, "-cp", classpath, "McRate", policy, str(playouts), str(warmup), str(seed)],
                              capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"mc_peer.py: cannot run {java!r} ({e.strerror or e}); give a JVM with --java")
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        said = " | ".join(done.stderr.strip().splitlines()[-3:]) or f"exit status {done.returncode}, no output"
        sys.exit(f"mc_peer.py: kdom-ai's driver failed ({policy}): {said}")
    got: dict[str, Any] = json.loads(lines[-1])
    got["rate"] = got["playouts"] / got["cpu"]
    if got.get("process_cpu"):
        got["process_rate"] = got["playouts"] / got["process_cpu"]
    return got


def parse_counts(text: str) -> dict[str, int]:
    """``random=9000,rollout=900`` as a dict."""
    pairs = [item.split("=", 1) for item in text.split(",") if item]
    return {name: int(count) for name, count in pairs}


def measure(args: argparse.Namespace, classpath: str) -> list[dict[str, Any]]:
    rows = []
    peer_counts = parse_counts(args.peer_playouts)
    for policy in args.policies.split(","):
        mine: list[float] = []
        theirs: list[dict[str, Any]] = []
        for i in range(args.pairs):
            mine.append(mc_speed.slice_rate(HERE, GAME, policy, args.playouts))
            theirs.append(peer_slice(args.java, classpath, policy, peer_counts.get(policy, args.playouts),
                                     args.peer_warmup, args.seed + i))
        row: dict[str, Any] = {
            "policy": policy, "realms": statistics.median(mine),
            "kdom_ai": statistics.median(t["rate"] for t in theirs),
            "kdom_ai_player": PEER_PLAYER.get(policy, "?"), "realms_slices": [round(x) for x in mine],
            "kdom_ai_slices": [round(t["rate"]) for t in theirs], "realms_playouts": args.playouts,
            "kdom_ai_playouts": theirs[0]["playouts"],
        }
        if all("process_rate" in t for t in theirs):
            row["kdom_ai_process"] = statistics.median(t["process_rate"] for t in theirs)
        if all("position_cpu" in t for t in theirs):
            row["kdom_ai_position_cpu"] = [t["position_cpu"] for t in theirs]
        row["ratio"] = row["realms"] / row["kdom_ai"]
        row["pair_ratios"] = [round(m / t["rate"], 2) for m, t in zip(mine, theirs, strict=True)]
        rows.append(row)
    return rows


def table(rows: list[dict[str, Any]], pairs: int, load: float) -> str:
    """The Markdown table of ``rows`` with a line above saying how it was measured."""
    lines = [f"Kingdomino (4 players, Harmony + Middle Kingdom): playouts per CPU second, median of {pairs} "
             f"alternating slices each (load {load:.1f})",
             "| policy | Realms mc | kdom-ai MC player | ratio | pairs' ratios | kdom-ai, whole JVM's CPU "
             "| kdom-ai's player |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        process = f"{r['kdom_ai_process']:,.0f}" if "kdom_ai_process" in r else ""
        pairs_seen = r.get("pair_ratios") or [r["ratio"]]
        spread = f"x{min(pairs_seen):.2f} to x{max(pairs_seen):.2f}"
        lines.append(f"| {r['policy']} | {r['realms']:,.0f} | {r['kdom_ai']:,.0f} | x{r['ratio']:.2f} | {spread} "
                     f"| {process} | {r['kdom_ai_player']} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kdom-ai", type=Path, help="folder with kdom-ai's classes and the McRate driver (see the top)")
    ap.add_argument("--policies", default="random,rollout")
    ap.add_argument("--pairs", type=int, default=5, help="alternating slices of each engine")
    ap.add_argument("--playouts", type=int, default=9000, help="Realms' playouts per slice (a third per position)")
    ap.add_argument("--peer-playouts", default="random=9000,rollout=600",
                    help="kdom-ai's playouts per slice, per policy (its full-greedy playouts are slow)")
    ap.add_argument("--peer-warmup", type=float, default=5.0, help="kdom-ai's warm-up, CPU seconds of searches")
    ap.add_argument("--seed", type=int, default=1, help="first seed of kdom-ai's games (one more per slice)")
    ap.add_argument("--java", default="java")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    unknown = [p for p in args.policies.split(",") if p not in PEER_PLAYER]
    if unknown:
        ap.error(f"--policies: {', '.join(unknown)} not one of {', '.join(PEER_PLAYER)}")
    try:
        parse_counts(args.peer_playouts)
    except ValueError:
        ap.error(f"--peer-playouts must read like random=9000,rollout=600, got {args.peer_playouts!r}")
    if args.kdom_ai is None:
        sys.exit(f"mc_peer.py {NEEDS}")
    classpath = peer_classpath(args.kdom_ai)
    if classpath is None:
        sys.exit(f"mc_peer.py: no McRate.class in {args.kdom_ai} or its classes/; {NEEDS}")
    rows = measure(args, classpath)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        print(json.dumps({"rows": rows, "load": load, "pairs": args.pairs}, indent=1))
        return
    print(table(rows, args.pairs, load))


if __name__ == "__main__":
    main()
