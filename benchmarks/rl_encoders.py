"""One game's encoder against another checkout's, alone: the same seeded random games replayed through an RL
table, only the encoder's calls timed.

Each game is played with both encoders in turn (``REPS`` times each, the least kept), one encoder object per
side kept across games as an environment keeps its own; the seat to move is encoded at every step and the
last vector held until the next is built, as a loop over ``env.last()`` does. The calls are timed with
``time.thread_time`` (CPU time of this thread), which other processes' load inflates far less than a wall
clock; its own cost (a few tenths of a µs a call) is in both figures.

    python benchmarks/rl_encoders.py GAME GAMES [REPS] --against=DIR [--players=N] [--split] [--json]

``DIR`` is another checkout (``git worktree add``, or ``git archive COMMIT src | tar -x -C DIR``): its
``src/realms/games/GAME/observe.py`` is loaded as a module of its own (its imports resolve to this tree's
modules). Prints µs a step for both and the change.

``--split`` also encodes each state a second time, right after the first (its vector dropped in between, so it
is written in place), timed apart: nothing changed, so that call costs the comparisons of every block and the
call's fixed costs, not the writing of what changed (``*_unchanged_us``). The first call less the second is
what writing the changed blocks costs, which no way of knowing *which* blocks changed (marks set by the
engine's ``apply``) would save.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import realms.games
from realms.core.rng import Rng
from realms.rl.core import Table


def _observer_of(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return type(module.OBSERVER)()


def replay(table: Table, observer: Any, seed: int, split: bool = False) -> tuple[float, int, float]:
    """(CPU seconds inside the encoder's calls, steps, CPU seconds inside the second calls of ``--split``) of
    seed ``seed``'s random game."""
    table.observer = observer
    table.new(seed)
    rng = Rng(seed)
    clock = time.thread_time
    inside = again = 0.0
    steps = 0
    held = None
    while table.state.to_move is not None:
        a = clock()
        held = table.follow(table.state, table.state.to_move)
        inside += clock() - a
        if split:
            held = None
            a = clock()
            held = table.follow(table.state, table.state.to_move)
            again += clock() - a
        steps += 1
        table.apply_index(table.random_index(rng))
    del held
    return inside, steps, again


def measure(game_id: str, games: int, reps: int, against: str, players: int, split: bool = False) -> dict:
    realms.games.get(game_id)
    table = Table(game_id, {"players": players})
    here = _observer_of(Path(__file__).resolve().parents[1] / "src" / "realms" / "games" / game_id / "observe.py",
                        f"_here_{game_id}_observe")
    other = _observer_of(Path(against) / "src" / "realms" / "games" / game_id / "observe.py",
                         f"_against_{game_id}_observe")
    t_here = t_other = u_here = u_other = 0.0
    steps = 0
    for seed in range(games):
        best_here = best_other = float("inf")
        n = 0
        for _ in range(reps):
            t, n, u = replay(table, other, seed, split)
            if t < best_other:
                best_other, best_u_other = t, u
            t, n, u = replay(table, here, seed, split)
            if t < best_here:
                best_here, best_u_here = t, u
        t_here += best_here
        t_other += best_other
        if split:
            u_here += best_u_here
            u_other += best_u_other
        steps += n
    row = {"game": game_id, "players": players, "games": games, "reps": reps, "steps": steps,
           "against_us": round(t_other / steps * 1e6, 2), "here_us": round(t_here / steps * 1e6, 2),
           "change": round(t_here / t_other - 1, 4)}
    if split:
        row["against_unchanged_us"] = round(u_other / steps * 1e6, 2)
        row["here_unchanged_us"] = round(u_here / steps * 1e6, 2)
    return row


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    if len(args) < 2 or "against" not in opts:
        sys.exit(__doc__)
    row = measure(args[0], int(args[1]), int(args[2]) if len(args) > 2 else 3, opts["against"],
                  int(opts.get("players", 2)), "--split" in sys.argv)
    if "--json" in sys.argv:
        print(json.dumps(row))
        return
    print(f"{row['game']} {row['players']}p: {row['games']} games x{row['reps']}, {row['steps']} steps: "
          f"{opts['against']} {row['against_us']:.2f} us a step, here {row['here_us']:.2f} "
          f"({100 * row['change']:+.1f}%)")
    if "here_unchanged_us" in row:
        print(f"the same state encoded again (comparisons and fixed costs only): {opts['against']} "
              f"{row['against_unchanged_us']:.2f} us, here {row['here_unchanged_us']:.2f}")


if __name__ == "__main__":
    main()
