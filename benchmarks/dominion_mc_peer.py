"""Dominion: ``mc``'s playouts per CPU second beside UCTDom's UCT player (the C++ program of Tollisen and
Jansen's Dominion thesis, the search behind the published 68.5% against Witch strategies), side by side in one
run.

Both play the thesis's kingdom (Festival, Gardens, Laboratory, Market, Moneylender, Remodel, Smithy, Village, Witch,
Woodcutter; two players, first edition) with random playouts: Realms' ``random-treasures`` by default, the random
player whose moves are the peer's (``--policy random``: the protocol's uniform player). The two engines alternate
slice by slice (``--pairs``), so a machine whose load drifts slows both alike; the table gives each side's median and
the ratio of the medians.

- A Realms slice is ``benchmarks/mc_speed.py``'s child process with this kingdom: one seeded game played by
  ``big-money``, ``mc`` (``policy=random-treasures``) searching the positions a quarter, half and three quarters into
  it at a fixed playout budget after a warm-up search, timed by the process's CPU clock. How long its random
  playouts are: ``realms sim``'s games of the policy on the kingdom (the rounds, the most turns a seat took).
- A UCTDom slice is one run of the driver ``uct_rate`` (``benchmarks/peers/uctdom_rate.cpp``, built with the
  peer's sources): one seeded game played by UCTDom's Big Money player on both seats, then its UCT search (random
  playouts, 500,000 simulations a decision: its configuration's ``UCT_SIMULATIONS``, counted from the search's own
  report) at the positions a quarter, half and three quarters in, timed by the process's CPU clock. Each simulation
  is one playout. Then 3,000 whole
  games from the opening played by its playout policy outside the tree: the rounds of its random playouts, and how
  many of them its engine plays a CPU second alone (what the tree adds to a playout is the difference).

What differs, so read the ratio with it: UCTDom's search is a UCT tree with chance nodes for draws (selection and
expansion cost more per playout than ``mc``'s flat rounds), it sees every seat's deck order (no
determinization), its random playouts choose among its own moves (an Action to play, a card to buy, the end of the
turn) as ``random-treasures`` does (all its Treasures played at once, then a card to buy or the end of the turn;
``random`` chooses among every legal action of the game's protocol: Treasures one by one, or a buy before them), its
500,000 simulations a position draw on a pool of 2.5 million tree nodes
(the driver reports the process's peak memory), and the playout lengths and UCTDom's bare rate are of whole games
from the opening, where the timed searches start later in a game.

Building the peer (a C++ compiler; the program is from 2014 and written for MSVC)::

    git clone https://github.com/RobinTo/UCTDom /tmp/UCTDom
    python benchmarks/dominion_mc_peer.py --build /tmp/UCTDom --uctdom /tmp/uctdom-build

``--build`` copies ``Console4SimpleStorage/Console4SimpleStorage`` into the ``--uctdom`` folder, leaves out the one
line g++ refuses (``Node.cpp`` calls a destructor by a member's name, ``currentState.~currentState()``, which MSVC
accepts; nothing needs it, as the node's state is assigned before use; a node's old state is then freed when it is
assigned, inside the timed search rather than in its reset between searches, which if anything slows the peer),
compiles with ``<cmath>`` included in every file (the program uses ``log`` without including it) and links the
driver. Then::

    python benchmarks/dominion_mc_peer.py --uctdom /tmp/uctdom-build
    python benchmarks/dominion_mc_peer.py --uctdom /tmp/uctdom-build --pairs 5 --json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mc_speed  # noqa: E402  (this folder is no package)

HERE = Path(__file__).resolve().parent.parent
DRIVER = Path(__file__).resolve().parent / "peers" / "uctdom_rate.cpp"
#: the kingdom of UCTDom's configuration (Bureaucrat and Thief are there but switched off)
KINGDOM = "Festival,Gardens,Laboratory,Market,Moneylender,Remodel,Smithy,Village,Witch,Woodcutter"
OPTIONS = {"players": 2, "kingdom": KINGDOM, "edition": "first"}
#: where the peer's program is in its repository
SOURCE = Path("Console4SimpleStorage") / "Console4SimpleStorage"
#: the line g++ refuses (see the top)
MSVC_ONLY = "currentState.~currentState();"
NEEDS = ("needs --uctdom DIR: a folder with the built driver uct_rate "
         "(build it with --build UCTDOM_CHECKOUT --uctdom DIR; see the top of benchmarks/dominion_mc_peer.py)")


def build(checkout: Path, out: Path, cxx: str) -> Path:
    """The driver built in ``out`` from the peer's checkout (see the top); returns its path."""
    src = checkout / SOURCE
    if not (src / "UCTMonteCarlo.cpp").is_file():
        sys.exit(f"dominion_mc_peer.py: no {SOURCE}/UCTMonteCarlo.cpp in {checkout} (give a checkout of UCTDom)")
    out.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.suffix in (".cpp", ".h"):
            text = f.read_text(errors="replace")
            (out / f.name).write_text(text.replace(MSVC_ONLY, "") if f.name == "Node.cpp" else text)
    # the checkout's own units (not what an earlier build left in ``out``), less its main program
    units = sorted(p.name for p in src.glob("*.cpp") if p.name not in ("main.cpp", DRIVER.name))
    shutil.copy(DRIVER, out / DRIVER.name)
    command = [cxx, "-std=c++17", "-O2", "-w", "-include", "cmath", "-pthread", "-I", str(out),
               *[str(out / u) for u in units], str(out / DRIVER.name), "-o", str(out / "uct_rate")]
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"dominion_mc_peer.py: cannot run the compiler {cxx!r} ({e.strerror or e}); give one with --cxx")
    if done.returncode != 0:
        said = " | ".join(done.stderr.strip().splitlines()[-3:])
        sys.exit(f"dominion_mc_peer.py: the peer did not build: {said}")
    return out / "uct_rate"


def peer_slice(driver: Path, seed: int) -> dict[str, Any]:
    """One run of the driver in a scratch folder (it writes its search logs to the working folder): its JSON line
    with ``rate`` (playouts per CPU second) added."""
    with tempfile.TemporaryDirectory(prefix="uctdom-") as scratch:
        try:
            done = subprocess.run([str(driver), str(seed)], capture_output=True, text=True, cwd=scratch)
        except OSError as e:
            sys.exit(f"dominion_mc_peer.py: cannot run {driver} ({e.strerror or e}); {NEEDS}")
    lines = done.stdout.strip().splitlines()
    if "No more nodes!" in done.stdout:  # its tree ran out of its node pool (it goes on, past the pool's end)
        sys.exit("dominion_mc_peer.py: UCTDom's driver failed: its search ran out of tree nodes")
    try:
        if done.returncode != 0 or not lines:
            raise ValueError
        got: dict[str, Any] = json.loads(lines[-1])
        # the simulations it ran, as its search reports them ("Sims: i", the last i of its loop): 0 where a decision
        # had one option, and then it searched nothing
        sims = [int(line.split(":")[1]) + 1 for line in lines if line.startswith("Sims:")]
        got["playouts"] = sum(sims)
        got["rate"] = got["playouts"] / float(got["cpu"])
        if not got["playouts"]:
            raise ValueError
    except (ValueError, KeyError, TypeError, ZeroDivisionError, IndexError):
        said = " | ".join(done.stderr.strip().splitlines()[-3:]) or f"exit status {done.returncode}, " \
            f"last line {lines[-1][:80] if lines else 'none'!r}"
        sys.exit(f"dominion_mc_peer.py: UCTDom's driver failed: {said}")
    return got


def realms_rounds(policy: str = "random-treasures", games: int = 300) -> float:
    """The rounds of a whole game from the opening with ``policy`` on both seats, the length of ``mc``'s random
    playouts (``realms sim``'s mean turns: the most turns any seat took)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "realms.cli", "sim", "dominion", "--players", f"{policy},{policy}",
                           "--games", str(games), "--seed", "1", "--json", "-o", f"kingdom={KINGDOM}",
                           "-o", "edition=first"], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.exit(f"dominion_mc_peer.py: realms sim failed: {' | '.join(done.stderr.strip().splitlines()[-2:])}")
    return float(json.loads(done.stdout)["mean_turns"])


def realms_slice(playouts: int, policy: str = "random-treasures") -> float:
    """One Realms slice (``mc_speed``'s child process on the kingdom), one line saying why where it fails."""
    try:
        return mc_speed.slice_rate(HERE, "dominion", policy, playouts, OPTIONS, "big-money")
    except subprocess.CalledProcessError as e:
        said = " | ".join((e.stderr or "").strip().splitlines()[-2:]) or f"exit status {e.returncode}"
        sys.exit(f"dominion_mc_peer.py: Realms' slice failed: {said}")


def measure(driver: Path, pairs: int, playouts: int, seed: int, policy: str = "random-treasures") -> dict[str, Any]:
    """The two engines' slices in turn, and their medians and ratio."""
    mine: list[float] = []
    theirs: list[dict[str, Any]] = []
    for i in range(pairs):
        mine.append(realms_slice(playouts, policy))
        theirs.append(peer_slice(driver, seed + i))
    row: dict[str, Any] = {
        "realms": statistics.median(mine), "uctdom": statistics.median(t["rate"] for t in theirs),
        "realms_slices": [round(x) for x in mine], "uctdom_slices": [round(t["rate"]) for t in theirs],
        "policy": policy, "realms_playouts": playouts, "uctdom_playouts": theirs[0]["playouts"],
        "pair_ratios": [round(m / t["rate"], 2) for m, t in zip(mine, theirs, strict=True)],
    }
    row["ratio"] = row["realms"] / row["uctdom"]
    row["realms_playout_rounds"] = realms_rounds(policy)
    row["uctdom_playout_rounds"] = statistics.median(t["playout_rounds"] for t in theirs)
    row["uctdom_bare"] = statistics.median(t["bare_playouts"] / t["bare_cpu"] for t in theirs)
    row["uctdom_max_rss_mb"] = max(float(t.get("max_rss_mb", 0)) for t in theirs)
    return row


def table(row: dict[str, Any], pairs: int, load: float) -> str:
    """The Markdown table of ``row`` with a line above saying how it was measured."""
    spread = f"x{min(row['pair_ratios']):.2f} to x{max(row['pair_ratios']):.2f}"
    return "\n".join([
        f"Dominion (2 players, UCTDom's kingdom), random playouts (Realms' {row.get('policy', 'random-treasures')}): "
        f"playouts per CPU second, median of {pairs} "
        f"alternating slices each (load {load:.1f}; UCTDom's peak memory {row['uctdom_max_rss_mb']:,.0f} MB)",
        "| Realms mc | UCTDom's UCT | ratio | pairs' ratios | rounds of a random playout, Realms / UCTDom "
        "| UCTDom's playouts alone |",
        "|---|---|---|---|---|---|",
        f"| {row['realms']:,.0f} | {row['uctdom']:,.0f} | x{row['ratio']:.2f} | {spread} "
        f"| {row['realms_playout_rounds']:.1f} / {row['uctdom_playout_rounds']:.1f} | {row['uctdom_bare']:,.0f} |"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--uctdom", type=Path, help="folder with the built driver uct_rate (see the top)")
    ap.add_argument("--build", type=Path, metavar="CHECKOUT", help="build the driver into --uctdom from this "
                    "checkout of UCTDom first")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"), help="the C++ compiler for --build")
    ap.add_argument("--pairs", type=int, default=3, help="alternating slices of each engine")
    ap.add_argument("--playouts", type=int, default=30000, help="Realms' playouts per slice (a third per position)")
    ap.add_argument("--seed", type=int, default=1, help="first seed of UCTDom's games (one more per slice)")
    ap.add_argument("--policy", choices=("random-treasures", "random"), default="random-treasures",
                    help="Realms' playout policy (random-treasures: the peer's moves)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.pairs < 1 or args.playouts < 3:
        ap.error("--pairs must be at least 1 and --playouts at least 3")
    if args.uctdom is None:
        sys.exit(f"dominion_mc_peer.py {NEEDS}")
    # (absolute: the driver runs in a scratch folder)
    driver = (build(args.build, args.uctdom, args.cxx) if args.build else args.uctdom / "uct_rate").resolve()
    if not driver.is_file():
        sys.exit(f"dominion_mc_peer.py: no uct_rate in {args.uctdom}; {NEEDS}")
    row = measure(driver, args.pairs, args.playouts, args.seed, args.policy)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        print(json.dumps({**row, "load": load, "pairs": args.pairs}, indent=1))
        return
    print(table(row, args.pairs, load))


if __name__ == "__main__":
    main()
