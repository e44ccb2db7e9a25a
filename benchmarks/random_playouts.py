"""Random playouts per game: how long they are and what they cost, through the reference engine and through the
path a search's ``mc:policy=random`` takes (the ``random`` agent's compiled ``finish``, where the game has one),
from the positions ``benchmarks/strength.py`` times (a quarter, half and three quarters into a game played by
the rollout policy); then whole random games from the start, the reference against the simulator's fast path
(``Game.fast_games``, where it applies).

Every figure is per CPU second of this process (``time.process_time``), the two paths interleaved in three
slices, so their ratio holds on a loaded machine; the load average is printed beside them.

    python benchmarks/random_playouts.py [--seconds 3] [--games ID,...] [--json]    # default: every game
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import realms.games
from realms.core.agents import RandomAgent, make_agent
from realms.core.rng import Rng, derive_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import PAPER, setting  # noqa: E402


def positions(game: Any, opts: dict[str, Any], seed: int = 1) -> list[Any]:
    """The positions ``strength.py`` times playouts from, each moved on to a real choice."""
    state = game.new(opts, seed)
    bot = make_agent("rollout", game, seed)
    trail = [game.clone(state)]
    while state.to_move is not None:
        game.apply(state, bot.act(game, state))
        trail.append(game.clone(state))
    out = [trail[len(trail) * k // 4] for k in (1, 2, 3)]
    for pos in out:
        while len(game.legal_actions(pos)) < 2:
            game.apply(pos, game.legal_actions(pos)[0])
    return out


def _reference_playouts(game: Any, starts: list[Any], seconds: float, acc: dict[str, float]) -> None:
    """Random seats through ``legal_actions``/``apply`` (the agents' ``act``), each playout on a copy."""
    cpu0 = time.process_time()
    n = acc["n"]
    while time.process_time() - cpu0 < seconds:
        s = game.clone(starts[int(n) % len(starts)])
        seats = [RandomAgent(Rng(derive_seed(int(n), q))) for q in range(s.players)]
        steps = 0
        while s.to_move is not None:
            game.apply(s, seats[s.to_move].act(game, s))
            steps += 1
        n += 1
        acc["actions"] += steps
    acc["n"] = n
    acc["cpu"] += time.process_time() - cpu0


def _finish_playouts(game: Any, starts: list[Any], seconds: float, acc: dict[str, float]) -> None:
    """The ``random`` agent's ``finish`` (the state is left unchanged, so no copy)."""
    agent = make_agent("random", game, 1)
    cpu0 = time.process_time()
    n = acc["n"]
    while time.process_time() - cpu0 < seconds:
        for _ in range(50):
            agent.finish(game, starts[int(n) % len(starts)])  # type: ignore[attr-defined]
            n += 1
    acc["n"] = n
    acc["cpu"] += time.process_time() - cpu0


def _reference_games(game: Any, opts: dict[str, Any], seconds: float, acc: dict[str, float]) -> None:
    cpu0 = time.process_time()
    n = acc["n"]
    while time.process_time() - cpu0 < seconds:
        s = game.new(opts, derive_seed(7, int(n)))
        seats = [RandomAgent(Rng(derive_seed(8, int(n), q))) for q in range(s.players)]
        steps = 0
        while s.to_move is not None:
            game.apply(s, seats[s.to_move].act(game, s))
            steps += 1
        n += 1
        acc["actions"] += steps
        acc["turns"] += sum(s.turns) if hasattr(s, "turns") else 0
    acc["n"] = n
    acc["cpu"] += time.process_time() - cpu0


def _fast_games(play: Any, players: int, seconds: float, acc: dict[str, float]) -> None:
    cpu0 = time.process_time()
    n = acc["n"]
    while time.process_time() - cpu0 < seconds:
        for _ in range(20):
            out = play(derive_seed(7, int(n)), [derive_seed(8, int(n), q) for q in range(players)])
            acc["actions"] += out.actions
            n += 1
    acc["n"] = n
    acc["cpu"] += time.process_time() - cpu0


def _acc() -> dict[str, float]:
    return {"n": 0, "cpu": 0.0, "actions": 0, "turns": 0}


def measure(game_id: str, seconds: float) -> dict[str, Any]:
    game = realms.games.get(game_id)
    opts = game.validate_options(setting(game_id)[1])
    players = game.players(game.new(opts, 0))
    starts = positions(game, opts)
    agent = make_agent("random", game, 1)
    finish = getattr(agent, "finish", None)
    has_finish = finish is not None and finish(game, starts[0]) is not None  # compiles a kernel first
    play = game.fast_games(opts, ["random"] * players) if hasattr(game, "fast_games") else None
    if play is not None:
        play(1, list(range(players)))
    ref_p, fin_p, ref_g, fast_g = _acc(), _acc(), _acc(), _acc()
    for _ in range(3):  # interleaved slices
        _reference_playouts(game, starts, seconds / 3, ref_p)
        if has_finish:
            _finish_playouts(game, starts, seconds / 3, fin_p)
        _reference_games(game, opts, seconds / 3, ref_g)
        if play is not None:
            _fast_games(play, players, seconds / 3, fast_g)
    out: dict[str, Any] = {
        "game": game_id, "options": setting(game_id)[1],
        "playout_actions": ref_p["actions"] / ref_p["n"],
        "reference_playouts_per_cpu_s": ref_p["n"] / ref_p["cpu"],
        "reference_us_per_action": ref_p["cpu"] / ref_p["actions"] * 1e6,
        "finish_playouts_per_cpu_s": fin_p["n"] / fin_p["cpu"] if has_finish else None,
        "game_actions": ref_g["actions"] / ref_g["n"],
        "game_turns": ref_g["turns"] / ref_g["n"],
        "reference_games_per_cpu_s": ref_g["n"] / ref_g["cpu"],
        "fast_games_per_cpu_s": fast_g["n"] / fast_g["cpu"] if play is not None else None,
    }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per path and game")
    ap.add_argument("--games", default=",".join(realms.games.ids()), help="game ids, comma-separated (default: every "
                    "registered game)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    load0 = os.getloadavg()[0]
    for game_id in [g.strip() for g in args.games.split(",") if g.strip()]:
        rows.append(r := measure(game_id, args.seconds))
        if not args.json:
            fin = r["finish_playouts_per_cpu_s"]
            fast = r["fast_games_per_cpu_s"]
            print(f"{game_id}: random playouts from strength.py's positions: {r['playout_actions']:.0f} actions "
                  f"each; reference {r['reference_playouts_per_cpu_s']:,.0f}/CPU-s "
                  f"({r['reference_us_per_action']:.2f} us an action)"
                  + (f", compiled finish {fin:,.0f}/CPU-s (x{fin / r['reference_playouts_per_cpu_s']:.1f}; "
                     f"the paper's {PAPER['random']:,}/s: x{fin / PAPER['random']:.2f})" if fin else
                     ", no compiled finish"), flush=True)
            print(f"{game_id}: whole random games: {r['game_actions']:.0f} actions ({r['game_turns']:.0f} turns) "
                  f"each; reference {r['reference_games_per_cpu_s']:,.0f} games/CPU-s"
                  + (f", fast path {fast:,.0f} (x{fast / r['reference_games_per_cpu_s']:.1f})" if fast else
                     ", no fast path"), flush=True)
    load = (load0, os.getloadavg()[0])
    if args.json:
        print(json.dumps({"games": rows, "load_average": load}))
    else:
        print(f"load average {load[0]:.1f} at the start, {load[1]:.1f} at the end")


if __name__ == "__main__":
    main()
