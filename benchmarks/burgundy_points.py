"""Where a search agent's points come from in Castles of Burgundy: the games of ``strength.py``'s ``burgundy``
setting (2 players against ``greedy``, seats rotating, the same seeds, seating and agent seeds, so the same
games), each printed as one JSON line as it ends -- both seats' scores, VP by source, empty spaces, silverlings
and workers left, goods sold, and the decisions each seat made by kind -- then the means per seat (the agent's
and the opponent's) over all games, with the agent's mean score, its standard error, margin, wins and
playouts per move.

    python benchmarks/burgundy_points.py --agent mc:seconds=1 --games 16
    python benchmarks/burgundy_points.py --agent mc:iterations=600 --games 8 --seed 2027 --first 8
    python benchmarks/burgundy_points.py --agent mc:seconds=1 --games 8 --board 9
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import os
import time
from typing import Any

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.agents.search import SearchAgent
from realms.core.agents import choose, make_agent
from realms.core.rng import derive_seed
from realms.games.burgundy import actions as _actions
from realms.games.burgundy.actions import DECODE
from realms.sim.tournament import seating

#: decision kinds by code, as ``K_*`` names less ``K_`` in lower case
KINDS = {v: k[2:].lower() for k, v in vars(_actions).items() if k.startswith("K_") and isinstance(v, int)}


def play(agent: str, opponent: str, seed: int, i: int, board: int | None = None) -> dict[str, Any]:
    """Game ``i`` of the setting (``strength.py``'s seeds and seating); with ``board``, both seats on that estate
    board (each placing its own start castle where the board has no fixed one)."""
    game = realms.games.get("burgundy")
    seats = seating(i, 2, True)
    game_seed = derive_seed(seed, i)
    options = {"players": 2} if board is None else {"players": 2, "scenario": "free-choice", "board_set": "all"}
    state = game.new(options, derive_seed(game_seed, 0))
    while board is not None and game.pending(state) == "board":
        game.apply(state, next(a for a in game.legal_actions(state) if a.to_json().get("board") == board))
    entrants = [agent, opponent]
    players = [make_agent(entrants[e], game, derive_seed(game_seed, s + 1)) for s, e in enumerate(seats)]
    me = seats.index(0)
    kinds: list[collections.Counter[str]] = [collections.Counter(), collections.Counter()]
    moves0, seconds0, playouts0 = SearchAgent.moves, SearchAgent.seconds, SearchAgent.playouts
    start = time.perf_counter()
    while state.to_move is not None:
        seat = state.to_move
        action = choose(players[seat], game, state, seat)
        kinds[seat][KINDS[DECODE[action.index][0]]] += 1
        game.apply(state, action)
    result = game.result(state)
    assert result is not None
    moves = SearchAgent.moves - moves0
    return {"game": i, "seat": me, "scores": list(result.scores), "seconds": time.perf_counter() - start,
            "moves": moves, "seconds_per_move": (SearchAgent.seconds - seconds0) / max(1, moves),
            "playouts_per_move": (SearchAgent.playouts - playouts0) / max(1, moves),
            "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "seats": result.breakdown, "decisions": [dict(k) for k in kinds]}


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Means per seat (0: the agent, 1: its opponent) of each figure, over ``games``."""
    n = len(games)
    sums: list[collections.Counter[str]] = [collections.Counter(), collections.Counter()]
    for g in games:
        for who, q in ((0, g["seat"]), (1, 1 - g["seat"])):
            b = g["seats"][q]
            c = sums[who]
            c.update(b["vp_by_source"])
            c["knowledge (all)"] += sum(v for k, v in b["vp_by_source"].items() if k.startswith("knowledge"))
            c.update({"score": b["score"], "empty spaces": b["empty_spaces"], "silverlings left": b["silverlings"],
                      "workers left": b["workers"], "goods sold": b["goods_sold"]})
            c.update({"decisions: " + k: v for k, v in g["decisions"][q].items()})
    scores = [g["scores"][g["seat"]] for g in games]
    margins = [g["scores"][g["seat"]] - g["scores"][1 - g["seat"]] for g in games]
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1)) if n > 1 else 0.0
    return {"games": n, "mean_score": mean, "stderr": sd / math.sqrt(n), "mean_margin": sum(margins) / n,
            "wins": sum(1 for m in margins if m > 0),
            "playouts_per_move": sum(g["playouts_per_move"] for g in games) / n,
            "seconds_per_move": sum(g["seconds_per_move"] for g in games) / n,
            "means": {k: [sums[0][k] / n, sums[1][k] / n] for k in sorted(set(sums[0]) | set(sums[1]))}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="mc:seconds=1", help="the search agent with its options")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to split a run in parts)")
    ap.add_argument("--board", type=int, default=None, help="both seats on this estate board (default: the basic "
                                                               "game, board 1)")
    args = ap.parse_args()
    games = []
    for i in range(args.first, args.first + args.games):
        games.append(play(args.agent, args.opponent, args.seed, i, args.board))
        print(json.dumps(games[-1]), flush=True)
    s = summary(games)
    for k, (mine, theirs) in s.pop("means").items():
        print(f"{k:28s} {mine:7.1f} {theirs:7.1f}")
    print(json.dumps(s))


if __name__ == "__main__":
    main()
