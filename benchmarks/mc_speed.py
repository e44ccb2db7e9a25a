"""``mc``'s playouts per CPU second of the searching process, this checkout against another one in the same run.

For each game and playout policy, a child process per slice loads one checkout's ``src``, plays a seeded game with
the game's rollout and searches the positions a quarter, half and three quarters into it with ``mc`` at a fixed
playout budget (the options of ``benchmarks/strength.py``'s setting: Kingdomino 4 players with Harmony and Middle
Kingdom, Dominion the First Game, Burgundy 2 players), after a warm-up search that loads the compiled kernels; it
reports the playouts and the CPU time of those searches. The checkouts alternate slice by slice (``--pairs``), so a
machine whose load drifts slows both alike; the table gives each side's median and the ratio of the medians, beside
the Java rates of the Monte Carlo Kingdomino paper (15,000 random and 3,900 full-greedy playouts a second).

    git worktree add /tmp/old-search HEAD~3
    python benchmarks/mc_speed.py --against /tmp/old-search
    python benchmarks/mc_speed.py --games kingdomino --policies random --pairs 7 --playouts 6000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
#: the Java rates of the Monte Carlo Kingdomino paper (playouts/s): random and full-greedy playouts
PAPER = {"random": 15_000, "rollout": 3_900}


def child(root: str, game_id: str, policy: str, playouts: int, options: dict[str, Any] | None = None,
          bot: str = "rollout") -> None:
    """One slice in this process: prints {"playouts": n, "cpu": seconds} for ``mc`` over the three positions of a
    game played by ``bot``, with the options of ``strength.py``'s setting for the game unless ``options`` are
    given."""
    sys.path.insert(0, str(Path(root) / "src"))
    sys.path.insert(0, str(Path(root) / "benchmarks"))
    from strength import setting

    import realms.agents  # noqa: F401  (registers the search agents)
    import realms.games
    from realms.agents.search import SearchAgent
    from realms.core.agents import make_agent

    game = realms.games.get(game_id)
    state = game.new(game.validate_options(setting(game_id)[1] if options is None else options), 1)
    player = make_agent(bot, game, 1)
    trail = [game.clone(state)]
    while state.to_move is not None:
        game.apply(state, player.act(game, state))
        trail.append(game.clone(state))
    positions = [trail[len(trail) * k // 4] for k in (1, 2, 3)]
    for pos in positions:
        while len(game.legal_actions(pos)) < 2:
            game.apply(pos, game.legal_actions(pos)[0])
    make_agent(f"mc:iterations=1,policy={policy}", game, 1).act(game, positions[-1])  # loads the kernels
    before = SearchAgent.playouts
    cpu = time.process_time()
    for i, pos in enumerate(positions):
        make_agent(f"mc:iterations={playouts // 3},policy={policy}", game, 1 + i).act(game, pos)
    print(json.dumps({"playouts": SearchAgent.playouts - before, "cpu": time.process_time() - cpu}))


def slice_rate(root: Path, game_id: str, policy: str, playouts: int, options: dict[str, Any] | None = None,
               bot: str = "rollout") -> float:
    """Playouts per CPU second of one child process's slice (``child``) on the checkout ``root``."""
    out = subprocess.run([sys.executable, __file__, "--child", str(root), game_id, policy, str(playouts),
                          json.dumps(options), bot], check=True, capture_output=True, text=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    return float(got["playouts"] / got["cpu"])


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        # (older callers give no options and bot: the setting's options, played by rollout)
        options = json.loads(sys.argv[6]) if len(sys.argv) > 6 else None
        bot = sys.argv[7] if len(sys.argv) > 7 else "rollout"
        child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), options, bot)
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, help="another checkout (its src/ is loaded), e.g. a git worktree")
    ap.add_argument("--games", default="kingdomino")
    ap.add_argument("--policies", default="random,rollout")
    ap.add_argument("--pairs", type=int, default=5, help="alternating slices of each checkout")
    ap.add_argument("--playouts", type=int, default=9000, help="playouts per slice (a third per position)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.against is not None and not (args.against / "src" / "realms").is_dir():
        ap.error(f"--against {args.against}: no src/realms there (give a checkout of this project)")
    rows = []
    for game_id in args.games.split(","):
        for policy in args.policies.split(","):
            mine: list[float] = []
            theirs: list[float] = []
            for _ in range(args.pairs):
                mine.append(slice_rate(HERE, game_id, policy, args.playouts))
                if args.against is not None:
                    theirs.append(slice_rate(args.against, game_id, policy, args.playouts))
            row = {"game": game_id, "policy": policy, "playouts_per_cpu_second": statistics.median(mine),
                   "slices": [round(x) for x in mine]}
            if theirs:
                row["against"] = statistics.median(theirs)
                row["against_slices"] = [round(x) for x in theirs]
                row["ratio"] = row["playouts_per_cpu_second"] / row["against"]
            rows.append(row)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        print(json.dumps({"rows": rows, "load": load}, indent=1))
        return
    print(f"mc playouts per CPU second, median of {args.pairs} slices of {args.playouts} playouts (load {load:.1f})")
    print("| game | policy | this checkout | the other | ratio | the paper's Java rate (Kingdomino) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        paper = PAPER.get(r["policy"])
        other = f"{r['against']:,.0f} | x{r['ratio']:.2f}" if "against" in r else "| "
        versus = f"x{r['playouts_per_cpu_second'] / paper:.2f} of {paper:,}" if paper else ""
        print(f"| {r['game']} | {r['policy']} | {r['playouts_per_cpu_second']:,.0f} | {other} | {versus} |")


if __name__ == "__main__":
    main()
