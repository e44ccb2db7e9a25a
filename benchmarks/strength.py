"""Strength of the search agents against the reference bots, and their playout speed.

Settings (seats rotate, so the search agent sits in every seat equally):

- Kingdomino, 4 players, Harmony + Middle Kingdom: the search agent against three ``full-greedy``; a win is
  strictly beating all three (25% is parity);
- Dominion, 2 players, the First Game kingdom: against ``big-money-ultimate``;
- Castles of Burgundy, 2 players: against ``greedy``.

For each it prints the search agent's win rate with a 95% (Wilson) interval, shared wins, mean score and
margin (its score minus the best other score), the time per searched move, the playouts per move and the
games played; then playouts per second for each game and playout policy (wall clock and per CPU second of
this process), beside the Java rates of the Monte Carlo Kingdomino paper (15,000 random and 3,900 full-greedy
playouts a second, for Kingdomino: set beside every game's random policy and its rollout), and the machine.

    python benchmarks/strength.py --agent mc --seconds 0.25 --games 24
    python benchmarks/strength.py --agent ismcts --seconds 1 --games 100 --only kingdomino
    python benchmarks/strength.py --playouts-only
    python benchmarks/strength.py --playouts-only --playout-games burgundy
    python benchmarks/strength.py --agent mc:iterations=5000 --only dominionsim:witch,dominionsim:smithy --no-playouts

A setting ``dominionsim:NAME`` plays Dominion against ``docs/examples/dominionsim/NAME.toml`` on the kingdom its
header names, each deal from both seats.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import re
import sys
import time
from pathlib import Path
from typing import Any

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.agents.search import SearchAgent
from realms.core.agents import make_agent
from realms.core.rng import derive_seed
from realms.sim.tournament import play_game, seating, wilson_interval

#: the First Game kingdom with Witch in Moat's place (no defence against it)
WITCH_KINGDOM = "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"
#: the First Game kingdom with Gardens in Moat's place: a Workshop/Gardens rush is open to both sides
GARDENS_KINGDOM = "Cellar,Gardens,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Workshop"
#: a kingdom where a Chapel/Laboratory engine with a Witch beats Witch money (games/dominion/adapt.py ranks it first)
ENGINE_KINGDOM = "Laboratory,Witch,Chapel,Market,Village,Cellar,Moat,Smithy,Remodel,Workshop"
#: setting -> (game, options, opponent, copies of it, paired): a paired setting plays each seed once from
#: every seat (a random kingdom is then met from both sides), the others a fresh seed per game
SETTINGS: dict[str, tuple[str, dict[str, Any], str, int, bool]] = {
    "kingdomino": ("kingdomino", {"players": 4, "harmony": True, "middle_kingdom": True}, "full-greedy", 3, False),
    "kingdomino-random": ("kingdomino", {"players": 4, "harmony": True, "middle_kingdom": True}, "random", 3, False),
    "dominion": ("dominion", {"players": 2, "kingdom": "first-game"}, "big-money-ultimate", 1, False),
    "dominion-witch": ("dominion", {"players": 2, "kingdom": WITCH_KINGDOM}, "witch-big-money", 1, True),
    "dominion-gardens": ("dominion", {"players": 2, "kingdom": GARDENS_KINGDOM}, "workshop-gardens", 1, True),
    # DominionSim's Bureaucrat/Gardens bot (a rule file) on the kingdom its file names
    "dominion-bureaucrat-gardens": ("dominion", {"players": 2, "kingdom": "Bureaucrat,Gardens,Village,Cellar,Moat,"
                                                 "Workshop,Woodcutter,Chapel,Remodel,Moneylender"},
                                    str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "dominionsim"
                                        / "bureaucrat-gardens.toml"), 1, True),
    # the engine kingdom, against the strategy games/dominion/adapt.py ranks first there (the Chapel engine)
    "dominion-engine": ("dominion", {"players": 2, "kingdom": ENGINE_KINGDOM}, "adapted", 1, True),
    # a fresh random kingdom per pair of games, against Big Money Ultimate plus its strongest card X
    "dominion-random": ("dominion", {"players": 2, "kingdom": "random"}, "bmu-plus", 1, True),
    # random kingdoms against the best of Realms' rule bots for each (ranked by games/dominion/adapt.py), both editions
    "dominion-random-best": ("dominion", {"players": 2, "kingdom": "random"}, "adapted:among=rule-bots", 1, True),
    "dominion-random-best-second": ("dominion", {"players": 2, "kingdom": "random", "edition": "second"},
                                    "adapted:among=rule-bots", 1, True),
    # random kingdoms against the strategy adapt ranks first for each (engines, rushes, tuned money among them)
    "dominion-random-adapted": ("dominion", {"players": 2, "kingdom": "random"}, "adapted", 1, True),
    "dominion-random-adapted-second": ("dominion", {"players": 2, "kingdom": "random", "edition": "second"},
                                       "adapted", 1, True),
    # the same, the kingdom drawn from the base set, Intrigue and Seaside together
    "dominion-random-best-all": ("dominion", {"players": 2, "kingdom": "random", "sets": "all"},
                                 "adapted:among=rule-bots", 1, True),
    "dominion-random-best-all-second": ("dominion", {"players": 2, "kingdom": "random", "sets": "all",
                                                     "edition": "second"}, "adapted:among=rule-bots", 1, True),
    "burgundy": ("burgundy", {"players": 2}, "greedy", 1, False),
}
#: playout policies measured per game (the slow reference bots too, for comparison); a game not listed: random and
#: rollout
POLICIES = {
    "kingdomino": ["random", "rollout", "greedy", "full-greedy"],
    # random@reference: the same random playouts with Dominion's kernel off (the Python engine), in the same run
    "dominion": ["random", "random@reference", "rollout", "big-money-ultimate"],
    "burgundy": ["random", "random-playout", "light-rollout", "rollout", "greedy"],
}
#: the Java rates of the Monte Carlo Kingdomino paper (playouts/s, Kingdomino): random playouts, and
#: full-greedy ones (set beside each game's random policy and its rollout or full-greedy policies)
PAPER = {"random": 15_000, "random-playout": 15_000, "rollout": 3_900, "full-greedy": 3_900}


def setting(name: str) -> tuple[str, dict[str, Any], str, int, bool]:
    """``SETTINGS[name]``; for a registered game with no setting of that name, its default table against its
    default agent in every other seat."""
    if name in SETTINGS:
        return SETTINGS[name]
    if name.startswith("dominionsim:"):  # a DominionSim bot's rule file, on the kingdom its header names
        path = Path(__file__).resolve().parents[1] / "docs" / "examples" / "dominionsim" / f"{name[12:]}.toml"
        found = re.search(r'kingdom=([^"]+)"', path.read_text(encoding="utf-8")) if path.is_file() else None
        if found is None:
            raise SystemExit(f"no DominionSim bot file with a kingdom at {path}")
        return "dominion", {"players": 2, "kingdom": found.group(1)}, str(path), 1, True
    game = realms.games.get(name)
    players = game.players(game.new(game.validate_options({}), 0))
    return name, {}, game.default_agent, players - 1, False


def policies(game_id: str) -> list[str]:
    """The playout policies measured for a game."""
    return POLICIES.get(game_id, ["random", "rollout"])


def _one(job: tuple[str, dict[str, Any], int, list[str], list[int]]) -> tuple[Any, int, float, int]:
    """One game and what the search agents of this process counted while it ran (moves, seconds, playouts)."""
    game_id, opts, game_seed, entrants, seats = job
    moves0, seconds0, playouts0 = SearchAgent.moves, SearchAgent.seconds, SearchAgent.playouts
    out = play_game(game_id, opts, game_seed, entrants, seats)
    return (out, SearchAgent.moves - moves0, SearchAgent.seconds - seconds0, SearchAgent.playouts - playouts0)


def _kingdom(game_id: str, opts: dict[str, Any], game_seed: int) -> str | None:
    """A random Dominion kingdom's cards as the game with ``game_seed`` deals them (None for any other setting)."""
    if game_id != "dominion" or opts.get("kingdom") != "random":
        return None
    game = realms.games.get(game_id)
    return ",".join(sorted(game.view(game.new(opts, game_seed), None)["kingdom"]))


def _said(verbose: bool, i: int, job: tuple[str, dict[str, Any], int, list[str], list[int]], out: Any) -> None:
    """With ``verbose``, one line on standard error per finished game: its number, the search agent's seat, the
    scores by seat and the winners, and a random kingdom's cards (so a long run shows its games as they end, and a
    lost one can be traced)."""
    if verbose:
        kingdom = _kingdom(job[0], job[1], job[2])
        print(f"game {i}: search agent in seat {job[4].index(0) + 1}, scores {out.scores}, winners "
              f"{[w + 1 for w in out.winners]}" + (f", kingdom {kingdom}" if kingdom else ""), file=sys.stderr,
              flush=True)


def strength(name: str, agent: str, games: int, seed: int, jobs: int = 1, verbose: bool = False) -> dict[str, Any]:
    game_id, opts, opponent, copies, paired = setting(name)
    entrants = [agent] + [opponent] * copies
    n = len(entrants)
    kingdoms: set[str] = set()
    wins = shared = 0.0
    scores: list[float] = []
    margins: list[float] = []
    moves = playouts = 0
    seconds = 0.0
    start = time.perf_counter()
    plan = [(game_id, opts, derive_seed(seed, i // n if paired else i), entrants, seating(i, n, True))
            for i in range(games)]
    done = []
    if jobs > 1:  # the same games, each from its own seed, in a pool of processes (results in game order)
        with mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn").Pool(jobs) as pool:
            for i, part in enumerate(pool.imap(_one, plan, chunksize=1)):
                done.append(part)
                _said(verbose, i, plan[i], part[0])
    else:
        for i, job in enumerate(plan):
            done.append(_one(job))
            _said(verbose, i, job, done[-1][0])
    for (_, _, game_seed, _, seats), (out, m, sec, po) in zip(plan, done, strict=True):
        moves, seconds, playouts = moves + m, seconds + sec, playouts + po
        kingdom = _kingdom(game_id, opts, game_seed)
        if kingdom is not None:
            kingdoms.add(kingdom)
        me = seats.index(0)
        if out.winners == [me]:
            wins += 1
        elif me in out.winners:
            shared += 1
        scores.append(out.scores[me])
        margins.append(out.scores[me] - max(s for q, s in enumerate(out.scores) if q != me))
    elapsed = time.perf_counter() - start
    lo, hi = wilson_interval(wins, games)
    return {
        "setting": name, "game": game_id, "agent": agent, "opponents": f"{copies} x {opponent}", "games": games,
        "kingdoms": len(kingdoms) or None,
        "win_rate": wins / games, "ci95": [lo, hi], "shared_first": shared / games,
        "mean_score": sum(scores) / games, "mean_margin": sum(margins) / games,
        "seconds_per_move": seconds / moves if moves else 0.0,
        "playouts_per_move": playouts / moves if moves else 0.0,
        "moves": moves, "seconds": elapsed,
    }


def playout_speed(game_id: str, policy: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Playouts per second of ``mc`` with this policy, from positions a quarter, half and three quarters of
    the way into a game played by the rollout policy (a policy with a cut-off, Burgundy's light-rollout, stops
    there), after one warm-up search (a compiled kernel's loading is not counted)."""
    if policy.endswith("@reference"):  # the kernel off (the flag of Dominion's kernel) for this measurement
        from realms.games.dominion import kernel

        kernel.ENABLED = False
        try:
            out = playout_speed(game_id, policy.removesuffix("@reference"), seconds, seed)
        finally:
            kernel.ENABLED = True
        out["policy"] = policy
        return out
    game = realms.games.get(game_id)
    opts = setting(game_id)[1]
    state = game.new(opts, seed)
    bot = make_agent("rollout", game, seed)
    trail = [game.clone(state)]
    while state.to_move is not None:
        game.apply(state, bot.act(game, state))
        trail.append(game.clone(state))
    positions = [trail[len(trail) * k // 4] for k in (1, 2, 3)]
    make_agent(f"mc:iterations=1,policy={policy}", game, seed).act(game, positions[-1])  # compiles kernels
    playouts0 = SearchAgent.playouts
    spent = cpu = 0.0
    for pos in positions:
        while len(game.legal_actions(pos)) < 2:
            game.apply(pos, game.legal_actions(pos)[0])
        searcher = make_agent(f"mc:seconds={seconds / 3:g},policy={policy}", game, seed)
        t, c = time.perf_counter(), time.process_time()
        searcher.act(game, pos)
        spent += time.perf_counter() - t
        cpu += time.process_time() - c
    cut = getattr(make_agent(policy, game, 0), "cutoff", 0)
    n = SearchAgent.playouts - playouts0
    paper = PAPER.get(policy)
    return {"game": game_id, "policy": policy, "playouts_per_second": n / spent,
            "playouts_per_cpu_second": n / cpu if cpu > 0 else float("nan"), "cut_off": cut,
            "paper_kingdomino_java": paper}


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load {load:.1f}, "
            f"Python {platform.python_version()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="mc", help="search agent with options, e.g. ismcts:policy=greedy (the "
                    "seconds option is added from --seconds unless the name sets a budget)")
    ap.add_argument("--seconds", type=float, default=0.25, help="search time per move")
    ap.add_argument("--games", type=int, default=12, help="games per setting")
    ap.add_argument("--only", default=",".join(realms.games.ids()),
                    help=f"settings to play, comma-separated, of: {', '.join(SETTINGS)} or any game's id (default: "
                    "every game's)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once in a process pool (the same games "
                    "and results; a loaded machine makes each move slower, so prefer iteration budgets)")
    ap.add_argument("--verbose", action="store_true", help="a line on standard error as each game ends")
    ap.add_argument("--playout-seconds", type=float, default=1.0, help="time per policy for the playout table")
    ap.add_argument("--playouts-only", action="store_true", help="only the playout table")
    ap.add_argument("--playout-games", default=",".join(realms.games.ids()),
                    help=f"games of the playout table, comma-separated, of: {', '.join(realms.games.ids())}")
    ap.add_argument("--no-playouts", action="store_true", help="no playout table")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = ap.parse_args()
    agent = args.agent
    if "seconds=" not in agent and "iterations=" not in agent:
        agent += ("," if ":" in agent else ":") + f"seconds={args.seconds:g}"
    rows = []
    if not args.playouts_only:
        for game_id in [g.strip() for g in args.only.split(",") if g.strip()]:
            rows.append(strength(game_id, agent, args.games, args.seed, args.jobs, args.verbose))
            if not args.json:
                r = rows[-1]
                print(f"| {r['setting']} | {r['agent']} vs {r['opponents']} | {r['win_rate']:.1%} | "
                      f"{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%} | {r['shared_first']:.1%} | {r['mean_score']:.1f} | "
                      f"{r['mean_margin']:+.1f} | {r['seconds_per_move']:.2f} s | {r['playouts_per_move']:.0f} | "
                      f"{r['games']} |", flush=True)
    speeds = []
    if not args.no_playouts and not args.json:
        print("| game | policy | playouts/s (wall) | per CPU second | the paper's Java rate (Kingdomino) | "
              "against it (wall, CPU) |")
        print("|---|---|---|---|---|---|")
    if not args.no_playouts:
        for game_id in [g.strip() for g in args.playout_games.split(",") if g.strip()]:
            for policy in policies(game_id):
                speeds.append(playout_speed(game_id, policy, args.playout_seconds))
                if not args.json:
                    s = speeds[-1]
                    cut = f", cut at {s['cut_off']} actions" if s["cut_off"] else ""
                    paper = s["paper_kingdomino_java"]
                    versus = (f"{paper:,} | x{s['playouts_per_second'] / paper:.2f}, "
                              f"x{s['playouts_per_cpu_second'] / paper:.2f} |" if paper else "| |")
                    print(f"| {game_id} | {policy}{cut} | {s['playouts_per_second']:,.0f} | "
                          f"{s['playouts_per_cpu_second']:,.0f} | {versus}", flush=True)
    if args.json:
        print(json.dumps({"strength": rows, "playouts": speeds, "machine": machine()}))
    else:
        print(f"machine: {machine()}")


if __name__ == "__main__":
    main()
