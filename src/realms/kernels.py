"""Compile the games' numba kernels ahead of use, so that the first simulation or search pays nothing.

The kernels (the ``fast`` extra) are compiled on first call and cached on disk next to their modules (numba's
``cache=True``); a cold compile takes 25-40 CPU seconds for Kingdomino or Burgundy and about 95 for Dominion
(``python benchmarks/kernel_setup.py``). ``make`` runs this once after installing, and ``python -m realms.kernels
[GAME ...]`` does it by hand, e.g. after an upgrade (the games at once, in processes of their own). Each step goes
through the public paths that use a kernel: a short tournament between ``random`` seats (the game's fast path), and
one search move with each compiled playout policy (the game declares them: ``Game.warm_searches``), so what is
compiled is what those paths call; and one observation, which builds the game's compiled encoder for the RL
environments (``observe.c``, a C compiler's work of about a second) where a compiler is found.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO


def available() -> bool:
    """Whether numba is installed (the ``fast`` extra)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def _warm_one(gid: str) -> float:
    import realms.games
    from realms.core.agents import make_agent
    from realms.sim import run_tournament

    start = time.perf_counter()
    game = realms.games.get(gid)
    run_tournament(gid, ["random", "random"], games=2, seed=1)
    run_tournament(gid, [game.default_agent] * 2, games=2, seed=1)  # (Dominion: the compiled strategy bots' deal)
    for name in game.warm_searches:
        state = game.new(game.validate_options({"players": 2}), 1)
        make_agent(name, game, 1).act(game, state)
    observer = game.observation()  # the compiled observation encoder (realms.core.cbuild), built once too
    if observer is not None:
        observer.encode(game.new(game.validate_options({"players": 2}), 1), 0)
    return time.perf_counter() - start


def _clock(seconds: float) -> str:
    """``45 s``, ``3 min 05 s``."""
    whole = int(seconds)
    return f"{whole // 60} min {whole % 60:02d} s" if whole >= 60 else f"{whole} s"


def warm(games: list[str] | None = None, out: TextIO | None = None, jobs: int = 1,
         every: float = 15.0) -> dict[str, float]:
    """Compile (or load from the cache) every kernel of ``games`` (every registered game by default), ``jobs`` games at
    once in processes of their own; returns the seconds each game took. On ``out``: first what it compiles and what
    to expect, then every ``every`` seconds the games still compiling and the time so far, and a line a game done."""
    import threading

    import realms.games

    took: dict[str, float] = {}
    if not available():
        if out is not None:
            print("numba is not installed (the 'fast' extra): nothing to compile", file=out)
        return took
    todo = games or realms.games.ids()
    start = time.perf_counter()
    done = threading.Event()
    if out is not None:
        print(f"compiling the kernels of {', '.join(todo)} (once; cached afterwards): under two minutes "
              "on a quiet 2-core machine, longer on a busy one, Dominion the longest", file=out, flush=True)

        def tell_progress() -> None:
            while not done.wait(every):
                pending = [g for g in todo if g not in took]
                if pending:
                    print(f"  still compiling {', '.join(pending)} ({_clock(time.perf_counter() - start)} so far)",
                          file=out, flush=True)

        threading.Thread(target=tell_progress, daemon=True).start()

    def told(gid: str, seconds: float) -> None:
        took[gid] = seconds
        if out is not None:
            print(f"{gid}: kernels ready in {seconds:.1f} s", file=out, flush=True)

    try:
        if jobs <= 1 or len(todo) == 1:
            for gid in todo:
                told(gid, _warm_one(gid))
            return took
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(min(jobs, len(todo)), mp_context=mp.get_context("spawn")) as pool:
            futures = {pool.submit(_warm_one, gid): gid for gid in todo}
            for f in as_completed(futures):
                told(futures[f], f.result())
        return {gid: took[gid] for gid in todo}
    finally:
        done.set()


def main(argv: list[str] | None = None) -> int:
    import realms.games

    args = sys.argv[1:] if argv is None else argv
    unknown = [a for a in args if a not in realms.games.ids()]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; games: {', '.join(realms.games.ids())}", file=sys.stderr)
        return 2
    warm(args or None, out=sys.stdout, jobs=min(3, os.cpu_count() or 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
