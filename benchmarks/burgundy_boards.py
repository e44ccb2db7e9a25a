"""How the Castles of Burgundy estate boards differ: self-play games on each board (every seat on it, the same bot
on every seat, each placing its own start castle where the board has no fixed one), with per board the mean
score per seat and its standard error, the empty spaces left at the end, the regions completed and the points
they brought, and where the start castles went. Prints a Markdown table (the one in docs/burgundy.md) and, with
``--json``, one JSON line per board.

    python benchmarks/burgundy_boards.py                       # 2,000 greedy 2-player games per board
    python benchmarks/burgundy_boards.py --games 200 --jobs 2  # fewer games, two processes
    python benchmarks/burgundy_boards.py --boards 1 6 --games 20 --json
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import tempfile
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import realms.games
from realms.agents import make_agent
from realms.core.rng import derive_seed
from realms.games.burgundy.data import BOARD_COPIES, board_info, builtin_boards

BOARDS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 40)


#: the numbers the extra copies of a board take in ``_copies_file`` (beyond every built-in number)
COPY_NUMBERS = (91, 92, 93)


@functools.cache
def _copies_file(number: int) -> str:
    """A boards file with copies of board ``number`` numbered ``COPY_NUMBERS``, so that every seat can sit at the
    same board although the box holds one of it: this benchmark measures a board, not the free-choice rule."""
    rows = list(builtin_boards()[number].rows)
    path = Path(tempfile.gettempdir()) / f"realms-board-{number}-copies-{os.getpid()}.json"
    path.write_text(json.dumps({"boards": [{"board": n, "rows": rows} for n in COPY_NUMBERS]}))
    return str(path)


def play(job: tuple[int, int, int, str, int]) -> dict[str, Any]:
    """One game on board ``number``: every seat's score, empty spaces, regions completed and their points, and the
    start castle spaces chosen."""
    number, players, seed, agent, i = job
    game = realms.games.get("burgundy")
    game_seed = derive_seed(seed, number * 100_000 + i)
    options = {"players": players, "scenario": "free-choice", "board_set": "all"}
    if BOARD_COPIES.get(number, 1) < players:
        options["boards_file"] = _copies_file(number)
    state = game.new(options, game_seed)
    bots = [make_agent(agent, game, derive_seed(game_seed, q + 1)) for q in range(players)]
    starts = []
    while state.to_move is not None:
        if game.pending(state) == "board":
            offered = {a.to_json().get("board"): a for a in game.legal_actions(state)}
            game.apply(state, next(offered[n] for n in (number, *COPY_NUMBERS) if n in offered))
            continue
        action = bots[state.to_move].act(game, state)
        if action.kind == "start":
            starts.append(action.to_json()["space"])
        game.apply(state, action)
    result = game.result(state)
    assert result is not None
    regions = [[vp for src, vp in state.vp_log[q] if src == "region"] for q in range(players)]
    return {"board": number, "scores": list(result.scores),
            "empty": [game.empty_spaces(state, q) for q in range(players)],
            "regions": [len(r) for r in regions], "region_vp": [sum(r) for r in regions], "starts": starts}


def summary(number: int, games: list[dict[str, Any]]) -> dict[str, Any]:
    def per_seat(key: str) -> list[float]:
        return [float(x) for g in games for x in g[key]]

    scores = per_seat("scores")
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1)) if n > 1 else 0.0
    info = board_info(builtin_boards()[number])
    starts = Counter(sp for g in games for sp in g["starts"])
    return {"board": number, "name": info.name if info else "", "two_sources": bool(info and info.two_sources),
            "games": len(games), "mean_score": round(mean, 1), "stderr": round(sd / math.sqrt(n), 1),
            "empty_spaces": round(sum(per_seat("empty")) / n, 1), "regions": round(sum(per_seat("regions")) / n, 1),
            "region_vp": round(sum(per_seat("region_vp")) / n, 1),
            "start_castle": dict(sorted(starts.items())) if starts else {"fixed": builtin_boards()[number].start}}


def table(rows: list[dict[str, Any]]) -> str:
    out = ["| board | sources | games | mean score (± s.e.) | empty spaces | regions completed | their VP "
           "| start castle |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        sc = r["start_castle"]
        where = f"{sc['fixed']} (fixed)" if "fixed" in sc else ", ".join(f"{sp}: {k}" for sp, k in sc.items())
        out.append(f"| {r['board']} {r['name']} | {'two' if r['two_sources'] else 'one'} | {r['games']} | "
                   f"{r['mean_score']} (± {r['stderr']}) | {r['empty_spaces']} | {r['regions']} | {r['region_vp']} | "
                   f"{where} |")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games per board (default 2000)")
    ap.add_argument("--boards", type=int, nargs="*", default=list(BOARDS), help="board numbers (default all)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--agent", default="greedy", help="the bot on every seat (default greedy)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--json", action="store_true", help="also one JSON line per board")
    args = ap.parse_args()
    jobs = [(b, args.players, args.seed, args.agent, i) for b in args.boards for i in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            done = pool.map(play, jobs, chunksize=max(1, len(jobs) // (args.jobs * 8)))
    else:
        done = [play(j) for j in jobs]
    rows = [summary(b, [g for g in done if g["board"] == b]) for b in args.boards]
    print(table(rows))
    print(f"{len(jobs)} games of {args.players} {args.agent} seats in {time.perf_counter() - start:.0f} s "
          f"(seed {args.seed})")
    if args.json:
        for r in rows:
            print(json.dumps(r))


if __name__ == "__main__":
    main()
