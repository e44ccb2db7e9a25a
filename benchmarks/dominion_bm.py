"""Dominion strategy-bot mirrors per second, one process: the default path (games/dominion/fast.py: the bots
compiled in the bot kernel where numba is installed), the lean loop (the same engine and bots without the
protocol's per-decision lists and checks: the default path with the compiled bot off) and the reference through
the protocol, interleaved in one run, with the machine yardstick.

The reference loop is the one this benchmark always timed: each decision goes through ``legal_actions`` (as a
simulator or server would), the bot's ``act`` and ``apply``. Time-based: each path plays for ``--seconds``
(in three interleaved slices) and the ratio is printed.

    python benchmarks/dominion_bm.py --seconds 10 [--bot big-money | --all-bots] [--reference] [--json]
    python benchmarks/dominion_bm.py --seconds 10 --bot A.toml,B.toml [--kingdom CARDS]

``--bot`` takes a built-in strategy or a rule file (a mirror), or two of them joined by a comma (one per seat);
``--kingdom`` sets the kingdom (a preset's name or ten cards).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import realms.games
from realms.agents import make_agent
from realms.core.rng import derive_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from yardstick import line, yardstick  # noqa: E402

BOTS = ("big-money", "big-money-ultimate", "smithy-big-money", "militia-big-money", "witch-big-money")
#: kingdom cards the reference bots buy, so every one of them finds its card
KINGDOM = "Smithy,Militia,Witch,Moat,Village,Market,Cellar,Chapel,Festival,Library"


def _seats(bot: str) -> list[str]:
    """The two seats' bots: ``bot`` in both, or the two of ``A,B``."""
    pair = bot.split(",")
    return pair if len(pair) == 2 else [bot, bot]


def run(seconds: float, bot: str = "big-money", legal: bool = True, seed: int = 0,
        options: dict | None = None) -> dict[str, float]:
    """The reference loop through the protocol (``legal`` adds the ``legal_actions`` call per decision)."""
    game = realms.games.get("dominion")
    opts = options or {"players": 2}
    agents = [make_agent(b, game, seed=i + 1) for i, b in enumerate(_seats(bot))]
    games = decisions = turns = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            state = game.new(opts, seed + games)
            while state.to_move is not None:
                if legal:
                    game.legal_actions(state)
                game.apply(state, agents[state.to_move].act(game, state))
                decisions += 1
            games += 1
            turns += sum(state.turns)
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": round(elapsed, 3), "cpu_seconds": time.process_time() - cpu,
            "games_per_s": round(games / elapsed, 1), "decisions_per_s": round(decisions / elapsed),
            "mean_turns_per_player": round(turns / games / 2, 2)}


def run_fast(seconds: float, bot: str, seed: int = 0, options: dict | None = None,
             compiled: bool = True) -> dict[str, float] | None:
    """The default path (``Game.fast_games``), or None where there is none; with ``compiled`` off, the lean loop
    (the compiled bot switched off)."""
    from realms.games.dominion import botkernel

    game = realms.games.get("dominion")
    fast_games = getattr(game, "fast_games", None)
    if fast_games is None:
        return None
    play = fast_games(game.validate_options(options or {"players": 2}), _seats(bot))
    if play is None:
        return None
    was = botkernel.ENABLED
    botkernel.ENABLED = compiled
    try:
        assert getattr(play, "path", "")  # (the choice is made here, with the switch as set)
    finally:
        botkernel.ENABLED = was
    games = decisions = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            decisions += play(seed + games, [derive_seed(seed + games, 1), derive_seed(seed + games, 2)]).actions
            games += 1
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": round(elapsed, 3), "cpu_seconds": time.process_time() - cpu,
            "games_per_s": round(games / elapsed, 1), "decisions_per_s": round(decisions / elapsed)}


def compare(seconds: float, bot: str, reference_only: bool = False, kingdom: str | None = None) -> dict[str, object]:
    options = {"players": 2} if bot in ("big-money", "big-money-ultimate") else {"players": 2, "kingdom": KINGDOM}
    if kingdom:
        options = {"players": 2, "kingdom": kingdom}
    ref = {"games": 0, "seconds": 0.0, "cpu_seconds": 0.0}
    fst: dict[str, float] | None = None if reference_only else {"games": 0, "seconds": 0.0, "cpu_seconds": 0.0}
    lean: dict[str, float] | None = None if reference_only else {"games": 0, "seconds": 0.0, "cpu_seconds": 0.0}
    for k in range(3):
        r = run(seconds / 3, bot, True, 100_000 * k, options)
        for key in ref:
            ref[key] += r[key]
        if fst is not None and lean is not None:
            f = run_fast(seconds / 3, bot, 100_000 * k, options)
            g = run_fast(seconds / 3, bot, 100_000 * k, options, compiled=False)
            if f is None or g is None:
                fst = lean = None
            else:
                for key in fst:
                    fst[key] += f[key]
                    lean[key] += g[key]
    out: dict[str, object] = {"bot": bot, "options": options,
                              "reference_games_per_s": round(ref["games"] / ref["seconds"], 1)}
    if fst is not None:
        out["fast_games_per_s"] = round(fst["games"] / fst["seconds"], 1)
        out["ratio"] = round(out["fast_games_per_s"] / out["reference_games_per_s"], 2)  # type: ignore[operator]
        out["cpu_ratio"] = round(fst["games"] * ref["cpu_seconds"] / fst["cpu_seconds"] / ref["games"], 2)
    if lean is not None and fst is not None:
        out["lean_games_per_s"] = round(lean["games"] / lean["seconds"], 1)
        out["over_lean"] = round(fst["games"] * lean["cpu_seconds"] / fst["cpu_seconds"] / lean["games"], 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="per path and bot")
    ap.add_argument("--bot", default="big-money")
    ap.add_argument("--all-bots", action="store_true", help="every reference bot in turn")
    ap.add_argument("--kingdom", help="the kingdom (default: the First Game for the money bots, else one with every "
                    "reference bot's card)")
    ap.add_argument("--reference", action="store_true", help="time the reference path only")
    ap.add_argument("--no-legal", action="store_true", help="reference loop without the legal_actions call")
    ap.add_argument("--profile", action="store_true", help="profile the reference loop and print the top functions")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.profile or args.no_legal:
        import cProfile
        import pstats

        with cProfile.Profile() as prof:
            out = run(args.seconds, args.bot, not args.no_legal)
        if args.profile:
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        print(f"dominion {args.bot} mirror (reference): {out['games_per_s']} games/s")
        return
    stick = yardstick(0.5)
    rows = [compare(args.seconds, b, args.reference, args.kingdom) for b in (BOTS if args.all_bots else (args.bot,))]
    stick = (stick + yardstick(0.5)) / 2
    for r in rows:
        name = str(r["bot"])
        what = " against ".join(Path(b).stem for b in name.split(",")) if "," in name else f"{name} mirror"
        text = f"dominion {what}: reference {r['reference_games_per_s']} games/s"
        if "fast_games_per_s" in r:
            text += (f", default path {r['fast_games_per_s']} games/s — x{r['ratio']} the reference "
                     f"(x{r['cpu_ratio']} in CPU time)")
        if "lean_games_per_s" in r:
            text += f"; lean loop {r['lean_games_per_s']} games/s — the default path x{r['over_lean']} it in CPU time"
        print(text)
    print(line(stick))
    if args.json:
        print(json.dumps({"yardstick_loops_per_s": round(stick), "bots": rows}))


if __name__ == "__main__":
    main()
