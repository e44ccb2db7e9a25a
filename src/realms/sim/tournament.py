"""Seeded tournaments between agents, in one process or a local process pool.

Game ``i`` of a tournament with seed ``S`` is played from ``derive_seed(S, i)``, each seat's agent
from ``derive_seed(S, i, seat + 1)``, and results are combined in game order, so the report is the
same whatever the number of worker processes.

>>> report = run_tournament("kingdomino", ["random", "greedy"], games=4, seed=1,
...                         options={"players": 2})
>>> report.games, [e.agent for e in report.entrants]
(4, ['random', 'greedy'])
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from realms.core.agents import make_agent
from realms.core.errors import OptionsError
from realms.core.rng import derive_seed


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class GameOutcome:
    """What one game contributes to a tournament, by entrant index."""

    seats: list[int]  # entrant index sitting at each seat
    scores: list[float]
    ranks: list[int]
    winners: list[int]  # seats
    turns: int  # the most turns any player took
    actions: int
    stats: list[dict[str, float]] = field(default_factory=list)


def seating(game_index: int, entrants: int, rotate: bool) -> list[int]:
    """Entrant index per seat: a cyclic rotation by game, so each entrant sits in each seat equally."""
    shift = game_index % entrants if rotate else 0
    return [(seat + shift) % entrants for seat in range(entrants)]


def play_game(
    game_id: str, options: Mapping[str, Any], seed: int, agents: list[str], seats: list[int] | None = None
) -> GameOutcome:
    """Play one complete game; ``agents[e]`` is entrant e's agent name, ``seats[s]`` the entrant at seat s."""
    import realms.games

    game = realms.games.get(game_id)
    seats = seats if seats is not None else list(range(len(agents)))
    state = game.new(options, derive_seed(seed, 0))
    players = [make_agent(agents[e], game, derive_seed(seed, s + 1)) for s, e in enumerate(seats)]
    actions = 0
    apply = game.apply
    while True:
        seat = state.to_move
        if seat is None:
            break
        apply(state, players[seat].act(game, state))
        actions += 1
    result = game.result(state)
    assert result is not None
    return GameOutcome(
        seats=list(seats),
        scores=list(result.scores),
        ranks=list(result.ranks),
        winners=result.winners,
        turns=max(game.turns(state)),
        actions=actions,
        stats=game.stats(state),
    )


def _play_indexed(args: tuple[str, dict[str, Any], int, list[str], int, bool]) -> GameOutcome:
    game_id, options, seed, agents, i, rotate = args
    return play_game(game_id, options, derive_seed(seed, i), agents, seating(i, len(agents), rotate))


@dataclass
class EntrantStats:
    agent: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    rank_sum: float = 0.0
    stat_sums: dict[str, float] = field(default_factory=dict)
    stat_counts: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_rate_ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    def stats(self) -> dict[str, float]:
        return {k: self.stat_sums[k] / self.stat_counts[k] for k in sorted(self.stat_sums)}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "agent": self.agent,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_rate_ci95),
            "mean_score": self.mean_score,
            "mean_rank": self.mean_rank,
        }
        if self.stat_sums:
            out["stats"] = self.stats()
        return out


@dataclass
class SimReport:
    game: str
    games: int
    seed: int
    options: dict[str, Any]
    entrants: list[EntrantStats]
    ties: int
    turns_sum: int
    actions: int
    seconds: float
    rotate: bool

    @property
    def mean_turns(self) -> float:
        return self.turns_sum / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "entrants": [e.to_json() for e in self.entrants],
            "ties": self.ties,
            "mean_turns": self.mean_turns,
            "seconds": round(self.seconds, 3),
        }


def run_tournament(
    game_id: str,
    agents: list[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """Play ``games`` games between ``agents`` (one per seat) and gather statistics per entrant."""
    import realms.games

    game = realms.games.get(game_id)
    raw = dict(options or {})
    if "players" not in raw and any(o.name == "players" for o in game.options_spec):
        raw["players"] = len(agents)
    opts = game.validate_options(raw)
    probe = game.new(opts, 0)
    if game.players(probe) != len(agents):
        raise OptionsError(f"{game_id}: {len(agents)} agents for {game.players(probe)} seats")
    for name in set(agents):  # fail fast on unknown names or bad strategy files
        make_agent(name, game, 0)
    if games < 1:
        raise OptionsError("the number of games must be at least 1")
    if jobs < 1:
        raise OptionsError("jobs must be at least 1")

    entrants = [EntrantStats(agent=a) for a in agents]
    ties = turns_sum = actions = 0
    start = time.perf_counter()
    work = [(game_id, opts, seed, list(agents), i, rotate) for i in range(games)]

    def absorb(outcome: GameOutcome) -> None:
        nonlocal ties, turns_sum, actions
        share = 1.0 / len(outcome.winners)
        if len(outcome.winners) > 1:
            ties += 1
        turns_sum += outcome.turns
        actions += outcome.actions
        for seat, e in enumerate(outcome.seats):
            st = entrants[e]
            st.games += 1
            st.score_sum += outcome.scores[seat]
            st.rank_sum += outcome.ranks[seat]
            if seat in outcome.winners:
                st.wins += share
            if outcome.stats:
                for k, v in outcome.stats[seat].items():
                    st.stat_sums[k] = st.stat_sums.get(k, 0.0) + v
                    st.stat_counts[k] = st.stat_counts.get(k, 0) + 1

    if jobs == 1:
        for i, w in enumerate(work):
            absorb(_play_indexed(w))
            if progress:
                progress(i + 1)
    else:
        import multiprocessing as mp

        ctx = mp.get_context("fork") if hasattr(mp, "get_context") else mp
        chunk = max(1, min(64, games // (jobs * 8) or 1))
        with ctx.Pool(jobs) as pool:
            for i, outcome in enumerate(pool.imap(_play_indexed, work, chunksize=chunk)):
                absorb(outcome)
                if progress:
                    progress(i + 1)
    seconds = time.perf_counter() - start
    return SimReport(game_id, games, seed, opts, entrants, ties, turns_sum, actions, seconds, rotate)
