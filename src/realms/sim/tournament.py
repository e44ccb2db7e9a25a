"""Seeded tournaments between agents: in one process, a local process pool or a Ray cluster.

Game ``i`` of a tournament with seed ``S`` is played from ``derive_seed(S, i)``, each seat's agent
from ``derive_seed(S, i, seat + 1)``, and results are combined in game order, so the report is the
same whatever the backend, the number of workers, the chunk size, or how often a run was stopped and
resumed from its checkpoint.

>>> report = run_tournament("kingdomino", ["random", "greedy"], games=4, seed=1,
...                         options={"players": 2})
>>> report.games, [e.agent for e in report.entrants]
(4, ['random', 'greedy'])
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from realms.core.agents import make_agent
from realms.core.errors import OptionsError
from realms.sim.playing import (  # noqa: F401  (seating, play_game and GameOutcome are read from here too)
    GameOutcome,
    Spec,
    _iter_ranges,
    _play_range_args,
    _ranges,
    play_game,
    play_range,
    seating,
)

Z95 = 1.959963984540054
SEATINGS = ("rotate", "permute", "fixed")
BACKENDS = ("local", "ray")


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
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
class Moments:
    """Count, sum and sum of squares of a sample: its mean and a 95% interval for the mean.

    >>> m = Moments()
    >>> for x in (2, 4, 4, 4, 5, 5, 7, 9):
    ...     m.add(x)
    >>> m.mean, [round(v, 2) for v in m.ci95()]
    (5.0, [3.52, 6.48])
    """

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var))

    def ci95(self) -> tuple[float, float]:
        """Normal interval for the mean (the sample's standard deviation over the square root of n)."""
        half = Z95 * self.sd / math.sqrt(self.n) if self.n else 0.0
        return (self.mean - half, self.mean + half)


@dataclass
class EntrantStats:
    agent: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    rank_sum: float = 0.0
    stat_sums: dict[str, float] = field(default_factory=dict)
    stat_counts: dict[str, int] = field(default_factory=dict)
    score_moments: Moments = field(default_factory=Moments)
    #: how many games ended on each final score
    score_counts: dict[float, int] = field(default_factory=dict)
    #: per statistic, its moments after each turn (index 0: after turn 1)
    turn_moments: dict[str, list[Moments]] = field(default_factory=dict)

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

    def by_turn(self) -> dict[str, dict[str, list[Any]]]:
        """Per statistic: the turn numbers, the mean after each, its 95% interval and how many games reached it."""
        out: dict[str, dict[str, list[Any]]] = {}
        for k in sorted(self.turn_moments):
            ms = self.turn_moments[k]
            out[k] = {"turn": [i + 1 for i in range(len(ms))], "mean": [m.mean for m in ms],
                      "ci95": [list(m.ci95()) for m in ms], "n": [m.n for m in ms]}
        return out

    def to_json(self, detail: bool = False) -> dict[str, Any]:
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
        if detail:
            out["games"] = self.games
            out["mean_score_ci95"] = list(self.score_moments.ci95())
            out["score_counts"] = {_num(k): v for k, v in sorted(self.score_counts.items())}
            out["by_turn"] = self.by_turn()
        return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


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
    rotate: bool | str
    by_turn: bool = False
    turn_label: str = "turn"
    backend: str = "local"
    workers: int = 1
    #: ``ahead[i][j]``: games in which entrant i finished ahead of entrant j (a shared rank counts a half)
    ahead: list[list[float]] = field(default_factory=list)
    #: games played from a checkpoint's saved results rather than in this run
    resumed_games: int = 0
    #: what the game said about agents that can only partly play this setup (``Game.check_agent``)
    warnings: list[str] = field(default_factory=list)
    #: which implementation played the games, in words (``Game.play_path``); how, not what: not in ``to_json``
    path: str = ""

    @property
    def mean_turns(self) -> float:
        return self.turns_sum / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report; ``seconds`` (and for Ray ``backend`` and ``workers``) are the only fields that
        depend on how the games were run rather than on the tournament."""
        out: dict[str, Any] = {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "entrants": [e.to_json(self.by_turn) for e in self.entrants],
            "ties": self.ties,
            "mean_turns": self.mean_turns,
            "seconds": round(self.seconds, 3),
        }
        if self.by_turn:
            out["turn_label"] = self.turn_label
            out["options"] = self.options
            out["seating"] = _mode(self.rotate)
        if self.warnings:
            out["warnings"] = self.warnings
        if self.backend != "local":
            out["backend"] = self.backend
            out["workers"] = self.workers
        return out


def _mode(rotate: bool | str) -> str:
    mode = "rotate" if rotate is True else "fixed" if rotate is False else rotate
    if mode not in SEATINGS:
        raise OptionsError(f"seating must be one of {', '.join(SEATINGS)}, got {mode!r}")
    return mode


class Checkpoint:
    """A file of finished games' outcomes, one JSON line per chunk after a header naming the tournament.

    A run given a checkpoint skips the games already in it and appends each chunk it finishes, so a run
    stopped at any point (Ctrl-C, a lost machine) resumes where it was; a line cut short by a kill is
    ignored. The header holds everything that decides the games except their number, so a finished run
    can also be extended to more games.
    """

    FORMAT = "realms-sim-checkpoint"

    def __init__(self, path: str | os.PathLike[str], spec: Spec) -> None:
        self.path = Path(path)
        game_id, options, seed, agents, mode, by_turn, _ = spec
        self.header = {"format": self.FORMAT, "version": 1, "game": game_id, "options": options, "seed": seed,
                       "agents": agents, "seating": mode, "by_turn": by_turn}
        self.done: dict[int, GameOutcome] = {}
        if self.path.exists() and self.path.stat().st_size:
            self._load()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("w", encoding="utf-8") as f:
                f.write(json.dumps(self.header) + "\n")
                f.flush()
                os.fsync(f.fileno())

    def _load(self) -> None:
        lines = self.path.read_text(encoding="utf-8").split("\n")
        try:
            head = json.loads(lines[0])
        except ValueError:
            raise OptionsError(f"{self.path} is not a simulator checkpoint") from None
        if not isinstance(head, dict) or head.get("format") != self.FORMAT:
            raise OptionsError(f"{self.path} is not a simulator checkpoint")
        want = json.loads(json.dumps(self.header))
        diff = [k for k in want if head.get(k) != want[k]]
        if diff:
            raise OptionsError(f"checkpoint {self.path} is for another tournament (its {', '.join(diff)} "
                               "differ); use another file or the same command")
        good = len(lines[0]) + 1
        for line in lines[1:]:
            if not line:
                continue
            try:
                chunk = json.loads(line)
                start = int(chunk["start"])
                outcomes = [GameOutcome.from_json(o) for o in chunk["outcomes"]]
            except (ValueError, KeyError, TypeError):
                break  # a line cut short when the run was killed: everything from here is played again
            for k, o in enumerate(outcomes):
                self.done[start + k] = o
            good += len(line) + 1
        if good < self.path.stat().st_size:
            with self.path.open("r+b") as f:
                f.truncate(good)

    def save(self, start: int, outcomes: list[GameOutcome]) -> None:
        line = json.dumps({"start": start, "outcomes": [o.to_json() for o in outcomes]})
        with self.path.open("a", encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())


def run_tournament(
    game_id: str,
    agents: list[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    rotate: bool | str = True,
    progress: Callable[[int], None] | None = None,
    *,
    by_turn: bool = False,
    backend: str = "local",
    address: str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
    reference: bool = False,
) -> SimReport:
    """Play ``games`` games between ``agents`` (one per seat) and gather statistics per entrant.

    ``rotate``: True (``"rotate"``), False (``"fixed"``) or ``"permute"``, see ``seating``. ``by_turn``
    samples the game's per-turn statistics. ``backend`` is ``local`` (``jobs`` processes) or ``ray`` (the
    cluster at ``address``, or a local Ray instance; a Ray already initialised in this process is used
    as it is). ``checkpoint`` names a file that keeps finished games and resumes from them. ``progress``
    is called with the number of games finished, as chunks of ``chunk`` games finish. Games are played on
    the game's fast path where it has one for these options and agents (same outcomes); ``reference`` plays
    every game through the protocol instead.
    """
    import realms.games

    game = realms.games.get(game_id)
    opts, warnings = _checked(game, game_id, agents, options)
    if games < 1:
        raise OptionsError("the number of games must be at least 1")
    if jobs < 1:
        raise OptionsError("jobs must be at least 1")
    if backend not in BACKENDS:
        raise OptionsError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if chunk is not None and chunk < 1:
        raise OptionsError("chunk must be at least 1")
    mode = _mode(rotate)

    tally = _Tally(agents, by_turn)
    start = time.perf_counter()
    spec: Spec = (game_id, opts, seed, list(agents), mode, by_turn, reference)
    saver = Checkpoint(checkpoint, spec) if checkpoint is not None else None
    order = _InOrder(tally.absorb, games, saver, progress)
    todo = order.todo(games)
    workers = jobs
    if todo:
        workers = _play_all(spec, todo, backend, jobs, chunk, address, saver is not None, order.on_chunk)
    assert order.next_game == games and not order.pending, (order.next_game, games, len(order.pending))
    seconds = time.perf_counter() - start
    return SimReport(game_id, games, seed, opts, tally.entrants, tally.ties, tally.turns_sum, tally.actions, seconds,
                     rotate, by_turn=by_turn, turn_label=game.turn_label, backend=backend, workers=workers,
                     ahead=tally.ahead, resumed_games=order.resumed, warnings=warnings,
                     path=_path(game, opts, agents, by_turn, reference))


def _path(game: Any, opts: Mapping[str, Any], agents: list[str], by_turn: bool, reference: bool) -> str:
    """Which implementation plays these games, in words (``play_game`` takes the fast path unless asked not to or
    sampling per turn)."""
    if reference:
        return "the reference engine (as asked)"
    if by_turn:
        return "the reference engine (statistics per turn)"
    return str(game.play_path(opts, list(agents)))


def _checked(game: Any, game_id: str, agents: list[str],
             options: Mapping[str, Any] | None) -> tuple[dict[str, Any], list[str]]:
    """The validated options for ``agents`` (the number of players filled in from them), and the game's
    warnings about the agents; fails fast on unknown names, bad strategy files, missing cards."""
    raw = dict(options or {})
    if "players" not in raw and any(o.name == "players" for o in game.options_spec):
        raw["players"] = len(agents)
    opts = game.validate_options(raw)
    probe = game.new(opts, 0)
    if game.players(probe) != len(agents):
        raise OptionsError(f"{game_id}: {len(agents)} agents for {game.players(probe)} seats")
    warnings: list[str] = []
    for name in dict.fromkeys(agents):
        warnings += game.check_agent(name, make_agent(name, game, 0), probe)
    return opts, warnings


class _Tally:
    """The statistics of a tournament's entrants, game by game."""

    def __init__(self, agents: list[str], by_turn: bool) -> None:
        n = len(agents)
        self.entrants = [EntrantStats(agent=a) for a in agents]
        self.ahead = [[0.0] * n for _ in range(n)]
        self.ties = self.turns_sum = self.actions = 0
        self.by_turn = by_turn

    def absorb(self, outcome: GameOutcome) -> None:
        share = 1.0 / len(outcome.winners)
        if len(outcome.winners) > 1:
            self.ties += 1
        self.turns_sum += outcome.turns
        self.actions += outcome.actions
        for seat, e in enumerate(outcome.seats):
            st = self.entrants[e]
            st.games += 1
            score = outcome.scores[seat]
            st.score_sum += score
            st.rank_sum += outcome.ranks[seat]
            if seat in outcome.winners:
                st.wins += share
            if outcome.stats:
                for k, v in outcome.stats[seat].items():
                    st.stat_sums[k] = st.stat_sums.get(k, 0.0) + v
                    st.stat_counts[k] = st.stat_counts.get(k, 0) + 1
            if self.by_turn:
                self._absorb_turns(st, score, outcome.by_turn[seat])
            for other, f in enumerate(outcome.seats):
                if other != seat:
                    r, q = outcome.ranks[seat], outcome.ranks[other]
                    self.ahead[e][f] += 1.0 if r < q else 0.5 if r == q else 0.0

    @staticmethod
    def _absorb_turns(st: EntrantStats, score: float, series: dict[str, list[float]]) -> None:
        st.score_moments.add(score)
        st.score_counts[score] = st.score_counts.get(score, 0) + 1
        for k, values in series.items():
            ms = st.turn_moments.setdefault(k, [])
            while len(ms) < len(values):
                ms.append(Moments())
            for m, v in zip(ms, values, strict=False):
                if not math.isnan(v):
                    m.add(v)


class _InOrder:
    """Hands outcomes to ``absorb`` strictly in game order, whatever order chunks finish in; those of a
    checkpoint first, each new chunk kept in the checkpoint as it comes."""

    def __init__(self, absorb: Callable[[GameOutcome], None], games: int, saver: Checkpoint | None,
                 progress: Callable[[int], None] | None) -> None:
        self.absorb, self.saver, self.progress = absorb, saver, progress
        self.pending: dict[int, GameOutcome] = {}
        self.next_game = 0
        if saver is not None:
            self.pending.update({i: o for i, o in saver.done.items() if i < games})
        self.resumed = len(self.pending)
        self.drain()
        self.finished = self.resumed
        if progress and self.resumed:
            progress(self.finished)

    def todo(self, games: int) -> Sequence[int]:
        """The games left to play; a plain run holds no list of its games, so memory stays flat however many
        are asked for."""
        if not self.pending:
            return range(self.next_game, games)
        return [i for i in range(games) if i not in self.pending and i >= self.next_game]

    def drain(self) -> None:
        while self.next_game in self.pending:
            self.absorb(self.pending.pop(self.next_game))
            self.next_game += 1

    def on_chunk(self, a: int, outcomes: list[GameOutcome]) -> None:
        if self.saver is not None:
            self.saver.save(a, outcomes)
        for k, o in enumerate(outcomes):
            self.pending[a + k] = o
        self.finished += len(outcomes)
        self.drain()
        if self.progress:
            self.progress(self.finished)


def _play_all(spec: Spec, todo: Sequence[int], backend: str, jobs: int, chunk: int | None, address: str | None,
              checkpointed: bool, on_chunk: Callable[[int, list[GameOutcome]], None]) -> int:
    """Play the games ``todo`` on ``backend``, calling ``on_chunk(start, outcomes)`` as each chunk finishes;
    returns the number of workers."""
    if backend == "ray":
        return _run_ray(spec, todo, chunk, address, jobs, on_chunk)
    if jobs == 1:
        # one game at a time for progress; a checkpoint is written in chunks, not a line per game
        size = chunk or (max(1, min(64, len(todo) // 50)) if checkpointed else 1)
        for a, b in _iter_ranges(todo, size):
            on_chunk(a, play_range(spec, a, b))
        return jobs
    import multiprocessing as mp

    size = chunk or max(1, min(64, len(todo) // (jobs * 8) or 1))
    ranges = _ranges(todo, size)
    ctx = mp.get_context("fork")
    with ctx.Pool(jobs) as pool:
        work = [(spec, a, b) for a, b in ranges]
        for (a, _), outcomes in zip(ranges, pool.imap(_play_range_args, work), strict=True):
            on_chunk(a, outcomes)
    return jobs


def _run_ray(spec: Spec, todo: Sequence[int], chunk: int | None, address: str | None, jobs: int,
             on_chunk: Callable[[int, list[GameOutcome]], None]) -> int:
    """Play the games ``todo`` as Ray tasks; returns the number of CPUs of the cluster."""
    from realms.sim import ray_backend

    return ray_backend.run(spec, todo, chunk, address, jobs, on_chunk)
