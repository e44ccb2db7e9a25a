"""Seeded tournaments between agents: in one process, a local process pool or a Ray cluster.

Game ``i`` of a tournament with seed ``S`` is played from ``derive_seed(S, i)``, each seat's agent
from ``derive_seed(S, i, seat + 1)``. Whoever plays a range of games sums its outcomes exactly (integers
and fractions, see ``_Tally``) and the parent merges those sums, so the report is the same whatever the
backend, the number of workers, the chunk size, the order chunks finish in, or how often a run was
stopped and resumed from its checkpoint; no game's outcome travels between processes.

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
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from realms.core.agents import make_agent
from realms.core.errors import OptionsError
from realms.sim import playing
from realms.sim.playing import (  # noqa: F401  (seating, play_game and GameOutcome are read from here too)
    GameOutcome,
    Spec,
    _iter_ranges,
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
    #: how the run went, in words (one process where workers would not have paid, Ray's start-up); not in ``to_json``
    notes: list[str] = field(default_factory=list)

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
    """A file of finished games, one JSON line per chunk (its games' exact sums, ``_Tally``) after a header naming
    the tournament.

    A run given a checkpoint skips the games already in it and appends each chunk it finishes, so a run
    stopped at any point (Ctrl-C, a lost machine) resumes where it was; a line cut short by a kill is
    ignored. The header holds everything that decides the games except their number, so a finished run
    can also be extended to more games.
    """

    FORMAT = "realms-sim-checkpoint"
    VERSION = 2

    def __init__(self, path: str | os.PathLike[str], spec: Spec) -> None:
        self.path = Path(path)
        game_id, options, seed, agents, mode, by_turn, _ = spec
        self.header = {"format": self.FORMAT, "version": self.VERSION, "game": game_id, "options": options,
                       "seed": seed, "agents": agents, "seating": mode, "by_turn": by_turn}
        #: the chunks kept: (first game, last game + 1, their sums)
        self.done: list[tuple[int, int, _Tally]] = []
        if self.path.exists() and self.path.stat().st_size:
            self._load(len(agents), by_turn)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("w", encoding="utf-8") as f:
                f.write(json.dumps(self.header) + "\n")
                f.flush()
                os.fsync(f.fileno())

    def _load(self, entrants: int, by_turn: bool) -> None:
        lines = self.path.read_text(encoding="utf-8").split("\n")
        try:
            head = json.loads(lines[0])
        except ValueError:
            raise OptionsError(f"{self.path} is not a simulator checkpoint") from None
        if not isinstance(head, dict) or head.get("format") != self.FORMAT:
            raise OptionsError(f"{self.path} is not a simulator checkpoint")
        if head.get("version") != self.VERSION:
            raise OptionsError(f"checkpoint {self.path} was written by another version of realms; use another file")
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
                start, stop = int(chunk["start"]), int(chunk["stop"])
                part = _Tally.from_json(chunk["tally"], entrants, by_turn)
            except (ValueError, KeyError, TypeError, IndexError, ZeroDivisionError):
                break  # a line cut short when the run was killed: everything from here is played again
            self.done.append((start, stop, part))
            good += len(line) + 1
        if good < self.path.stat().st_size:
            with self.path.open("r+b") as f:
                f.truncate(good)

    def save(self, start: int, stop: int, part: _Tally) -> None:
        line = json.dumps({"start": start, "stop": stop, "tally": part.to_json()})
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
    say: Callable[[str], None] | None = None,
) -> SimReport:
    """Play ``games`` games between ``agents`` (one per seat) and gather statistics per entrant.

    ``rotate``: True (``"rotate"``), False (``"fixed"``) or ``"permute"``, see ``seating``. ``by_turn``
    samples the game's per-turn statistics. ``backend`` is ``local`` (``jobs`` processes) or ``ray`` (the
    cluster at ``address``, or a local Ray instance; a Ray already initialised in this process is used
    as it is). ``checkpoint`` names a file that keeps finished games and resumes from them. ``progress``
    is called with the number of games finished, as chunks of ``chunk`` games finish. Games are played on
    the game's fast path where it has one for these options and agents (same outcomes); ``reference`` plays
    every game through the protocol instead. ``say`` is handed a line as soon as there is something to say
    about how the run goes (Ray's start-up); the report's ``notes`` keep every such line.

    Locally the first games are played in this process, which loads what the games need (a compiled kernel)
    once, before any worker is forked, and times them: when the rest would take less than
    ``MIN_WORKER_SECONDS`` in one process, it stays in one process and a note says so.
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

    tally = _Tally(len(agents), by_turn)
    start = time.perf_counter()
    spec: Spec = (game_id, opts, seed, list(agents), mode, by_turn, reference)
    saver = Checkpoint(checkpoint, spec) if checkpoint is not None else None
    todo, resumed = _resume(tally, saver, games)
    sink = _Sink(tally, saver, progress, resumed)
    workers, notes = 1, list[str]()
    if todo:
        workers, notes, backend = _play_all(spec, todo, backend, jobs, chunk, address, sink, say)
    assert tally.played == games, (tally.played, games)
    seconds = time.perf_counter() - start
    return SimReport(game_id, games, seed, opts, tally.entrants(agents), tally.ties, tally.turns, tally.actions,
                     seconds, rotate, by_turn=by_turn, turn_label=game.turn_label, backend=backend, workers=workers,
                     ahead=tally.ahead(), resumed_games=resumed, warnings=warnings,
                     path=_path(game, opts, agents, by_turn, reference), notes=notes)


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


def _exact(v: Any) -> Any:
    """A game's figure as an exact number: an int, or a Fraction for a float that is not a whole number."""
    if type(v) is int:
        return v
    f = float(v)
    return int(f) if f.is_integer() else Fraction(f)


def _enc(x: Any) -> Any:
    return x if type(x) is int else f"{x.numerator}/{x.denominator}"


def _dec(x: Any) -> Any:
    if isinstance(x, bool) or not isinstance(x, int | str):
        raise TypeError(x)
    return x if isinstance(x, int) else Fraction(x)


_MomentSums = list[Any]  # [count, sum, sum of squares], exact


class _Tally:
    """Exact sums of a tournament's games per entrant: counts, and sums of integers and fractions (a shared win is
    1/k), never rounded. A worker sums its own games and the parent merges the sums; exact sums merge in any order
    to the same totals, which the report turns into floats once (``entrants``, ``ahead``)."""

    def __init__(self, entrants: int, by_turn: bool) -> None:
        n = entrants
        self.by_turn = by_turn
        self.played = self.ties = self.turns = self.actions = 0
        self.games = [0] * n
        self.wins: list[Any] = [0] * n
        self.scores: list[Any] = [0] * n
        self.ranks: list[Any] = [0] * n
        self.stat_sums: list[dict[str, Any]] = [{} for _ in range(n)]
        self.stat_counts: list[dict[str, int]] = [{} for _ in range(n)]
        #: ``ahead2[i][j]``: games in which i finished ahead of j, in halves (a shared rank counts one)
        self.ahead2 = [[0] * n for _ in range(n)]
        # per-turn runs only
        self.score_moments: list[_MomentSums] = [[0, 0, 0] for _ in range(n)]
        self.score_counts: list[dict[Any, int]] = [{} for _ in range(n)]
        self.turn_moments: list[dict[str, list[_MomentSums]]] = [{} for _ in range(n)]

    def absorb(self, outcome: GameOutcome) -> None:
        k = len(outcome.winners)
        if k > 1:
            self.ties += 1
        share: Any = 1 if k == 1 else Fraction(1, k)
        self.played += 1
        self.turns += outcome.turns
        self.actions += outcome.actions
        ranks, seats = outcome.ranks, outcome.seats
        for seat, e in enumerate(seats):
            self.games[e] += 1
            score = outcome.scores[seat]
            if type(score) is not int:
                score = _exact(score)
            self.scores[e] += score
            r = ranks[seat]
            self.ranks[e] += r if type(r) is int else _exact(r)
            if seat in outcome.winners:
                self.wins[e] += share
            if outcome.stats:
                sums, counts = self.stat_sums[e], self.stat_counts[e]
                for key, v in outcome.stats[seat].items():
                    sums[key] = sums.get(key, 0) + (v if type(v) is int else _exact(v))
                    counts[key] = counts.get(key, 0) + 1
            if self.by_turn:
                self._absorb_turns(e, score, outcome.by_turn[seat])
            row = self.ahead2[e]
            for other, f in enumerate(seats):
                if other != seat:
                    q = ranks[other]
                    row[f] += 2 if r < q else 1 if r == q else 0

    def _absorb_turns(self, e: int, score: Any, series: dict[str, list[float]]) -> None:
        m = self.score_moments[e]
        m[0] += 1
        m[1] += score
        m[2] += score * score
        self.score_counts[e][score] = self.score_counts[e].get(score, 0) + 1
        turns = self.turn_moments[e]
        for key, values in series.items():
            ms = turns.setdefault(key, [])
            while len(ms) < len(values):
                ms.append([0, 0, 0])
            for m, v in zip(ms, values, strict=False):
                if v != v:  # NaN: the statistic was not there that turn
                    continue
                x = v if type(v) is int else _exact(v)
                m[0] += 1
                m[1] += x
                m[2] += x * x

    def merge(self, other: _Tally) -> None:
        """Add ``other``'s games (any other games of the same tournament)."""
        self.played += other.played
        self.ties += other.ties
        self.turns += other.turns
        self.actions += other.actions
        for e in range(len(self.games)):
            self.games[e] += other.games[e]
            self.wins[e] += other.wins[e]
            self.scores[e] += other.scores[e]
            self.ranks[e] += other.ranks[e]
            sums, counts = self.stat_sums[e], self.stat_counts[e]
            for key, v in other.stat_sums[e].items():
                sums[key] = sums.get(key, 0) + v
                counts[key] = counts.get(key, 0) + other.stat_counts[e][key]
            for f, v in enumerate(other.ahead2[e]):
                self.ahead2[e][f] += v
            if not self.by_turn:
                continue
            _add_moments(self.score_moments[e], other.score_moments[e])
            mine = self.score_counts[e]
            for score, c in other.score_counts[e].items():
                mine[score] = mine.get(score, 0) + c
            turns = self.turn_moments[e]
            for key, theirs in other.turn_moments[e].items():
                ms = turns.setdefault(key, [])
                while len(ms) < len(theirs):
                    ms.append([0, 0, 0])
                for m, t in zip(ms, theirs, strict=False):
                    _add_moments(m, t)

    def entrants(self, agents: Sequence[str]) -> list[EntrantStats]:
        """The report's figures per entrant, rounded to floats once."""
        out = []
        for e, agent in enumerate(agents):
            out.append(EntrantStats(
                agent=agent, games=self.games[e], wins=float(self.wins[e]), score_sum=float(self.scores[e]),
                rank_sum=float(self.ranks[e]), stat_sums={k: float(v) for k, v in self.stat_sums[e].items()},
                stat_counts=dict(self.stat_counts[e]), score_moments=_moments(self.score_moments[e]),
                score_counts=dict(self.score_counts[e]),
                turn_moments={k: [_moments(m) for m in ms] for k, ms in self.turn_moments[e].items()}))
        return out

    def ahead(self) -> list[list[float]]:
        return [[v / 2 for v in row] for row in self.ahead2]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "played": self.played, "ties": self.ties, "turns": self.turns, "actions": self.actions,
            "games": self.games, "wins": [_enc(x) for x in self.wins], "scores": [_enc(x) for x in self.scores],
            "ranks": [_enc(x) for x in self.ranks], "stat_sums": [{k: _enc(v) for k, v in d.items()}
                                                                for d in self.stat_sums],
            "stat_counts": self.stat_counts, "ahead2": self.ahead2}
        if self.by_turn:
            out["score_moments"] = [[m[0], _enc(m[1]), _enc(m[2])] for m in self.score_moments]
            out["score_counts"] = [[[_enc(s), c] for s, c in d.items()] for d in self.score_counts]
            out["turn_moments"] = [{k: [[m[0], _enc(m[1]), _enc(m[2])] for m in ms] for k, ms in d.items()}
                                   for d in self.turn_moments]
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any], entrants: int, by_turn: bool) -> _Tally:
        t = cls(entrants, by_turn)
        t.played, t.ties, t.turns, t.actions = (int(d[k]) for k in ("played", "ties", "turns", "actions"))
        for e in range(entrants):
            t.games[e] = int(d["games"][e])
            t.wins[e], t.scores[e], t.ranks[e] = (_dec(d[k][e]) for k in ("wins", "scores", "ranks"))
            t.stat_sums[e] = {str(k): _dec(v) for k, v in d["stat_sums"][e].items()}
            t.stat_counts[e] = {str(k): int(v) for k, v in d["stat_counts"][e].items()}
            t.ahead2[e] = [int(v) for v in d["ahead2"][e]][:entrants]
            if by_turn:
                t.score_moments[e] = _dec_moments(d["score_moments"][e])
                t.score_counts[e] = {_dec(s): int(c) for s, c in d["score_counts"][e]}
                t.turn_moments[e] = {str(k): [_dec_moments(m) for m in ms] for k, ms in d["turn_moments"][e].items()}
        return t


def _add_moments(m: _MomentSums, other: _MomentSums) -> None:
    m[0] += other[0]
    m[1] += other[1]
    m[2] += other[2]


def _moments(m: _MomentSums) -> Moments:
    return Moments(n=m[0], total=float(m[1]), squares=float(m[2]))


def _dec_moments(m: Sequence[Any]) -> _MomentSums:
    return [int(m[0]), _dec(m[1]), _dec(m[2])]


def tally_range(spec: Spec, start: int, stop: int) -> _Tally:
    """The sums of games ``start .. stop - 1`` of a tournament: the unit of work of every backend."""
    tally = _Tally(len(spec[3]), spec[5])
    _tally_games(tally, spec, start, stop)
    return tally


def _tally_games(tally: _Tally, spec: Spec, start: int, stop: int) -> None:
    game_id, options, seed, agents, mode, by_turn, reference = spec
    absorb, play = tally.absorb, playing._play_indexed
    for i in range(start, stop):
        absorb(play((game_id, options, seed, agents, i, mode, by_turn, reference)))


def _tally_range_args(args: tuple[Spec, int, int]) -> tuple[int, int, _Tally]:
    spec, start, stop = args
    return start, stop, tally_range(spec, start, stop)


def _resume(tally: _Tally, saver: Checkpoint | None, games: int) -> tuple[Sequence[int], int]:
    """Merge the checkpoint's chunks that lie within ``games`` into ``tally``; the games left to play (a plain run
    holds no list of its games, so memory stays flat however many are asked for) and how many were resumed."""
    if saver is None or not saver.done:
        return range(games), 0
    have = bytearray(games)
    for a, b, part in saver.done:
        if b <= games and not any(have[a:b]):  # a chunk of a longer run, or one played again, is left out
            tally.merge(part)
            have[a:b] = b"\x01" * (b - a)
    todo = [i for i in range(games) if not have[i]]
    return todo, games - len(todo)


class _Sink:
    """Where finished chunks go: the checkpoint (their sums, as they come), the run's tally, and progress."""

    def __init__(self, tally: _Tally, saver: Checkpoint | None, progress: Callable[[int], None] | None,
                 resumed: int) -> None:
        self.tally, self.saver, self.progress = tally, saver, progress
        self.finished = resumed
        if progress and resumed:
            progress(resumed)

    def play(self, spec: Spec, start: int, stop: int) -> None:
        """Play games ``start .. stop - 1`` in this process."""
        if self.saver is None:
            _tally_games(self.tally, spec, start, stop)
            self.done(start, stop, None)
        else:
            self.done(start, stop, tally_range(spec, start, stop))

    def done(self, start: int, stop: int, part: _Tally | None) -> None:
        if part is not None:
            if self.saver is not None:
                self.saver.save(start, stop, part)
            self.tally.merge(part)
        self.finished += stop - start
        if self.progress:
            self.progress(self.finished)


#: the seconds of play (as one process would take them) below which worker processes do not pay for themselves:
#: forking them, their first touches of the parent's memory, and merging
MIN_WORKER_SECONDS = 0.4
#: how long the parent times games (after its first chunk, which loads what the games need, and at least one more
#: chunk) before deciding
CALIBRATE_SECONDS = 0.03
#: the largest chunk the first games are played in where a chunk size is not given (or, for Ray, where it is larger)
CALIBRATE_CHUNK = 64


def _play_all(spec: Spec, todo: Sequence[int], backend: str, jobs: int, chunk: int | None, address: str | None,
              sink: _Sink, say: Callable[[str], None] | None) -> tuple[int, list[str], str]:
    """Play the games ``todo`` on ``backend`` into ``sink``; returns the number of workers, the notes and the
    backend that played them (``local`` where a run asked of Ray was too short to pay for starting it)."""
    notes: list[str] = []

    def note(line: str) -> None:
        notes.append(line)
        if say:
            say(line)

    if backend == "ray":
        from realms.sim import ray_backend

        if ray_backend.would_start_local(address):
            # a local instance costs seconds to start (ray_backend.LOCAL_START_SECONDS): time the first games here,
            # and where the rest would take less in one process, play them on the local backend and say so
            # (in chunks of at most CALIBRATE_CHUNK: a larger chunk given for Ray's tasks is not played here whole)
            timing = _calibrate(spec, todo, min(chunk, CALIBRATE_CHUNK) if chunk else None, sink)
            rest = todo[timing.played:]
            if timing.per_game * len(rest) < ray_backend.LOCAL_START_SECONDS:
                note(f"ray: no cluster to join, and the {len(todo)} games take about "
                     f"{timing.per_game * len(todo):.1f} s "
                     f"in one process, less than starting a local Ray instance (about "
                     f"{ray_backend.LOCAL_START_SECONDS:.0f} s or more): played on the local backend ('ray start "
                     "--head' keeps an instance running for later runs to join)")
                return _play_rest(spec, todo, jobs, chunk, sink, note, timing), notes, "local"
            todo = rest
        return ray_backend.run(spec, todo, chunk, address, jobs, sink.done, note, tally_range), notes, backend
    return _play_local(spec, todo, jobs, chunk, sink, note), notes, backend


class _Timing(NamedTuple):
    """The first games of a run, played here and timed (``_calibrate``)."""

    first: int  #: the first chunk's size
    played: int  #: the games played
    first_played: int  #: those of the first chunk, which loads what the games need and so is not timed
    per_game: float  #: seconds a game
    timed_from: float  #: when the timing began (``time.perf_counter``)


def _calibrate(spec: Spec, todo: Sequence[int], chunk: int | None, sink: _Sink) -> _Timing:
    """Play the first games of ``todo`` here, timing them (the first chunk, which loads what the games need, is
    not timed)."""
    first = chunk or (max(1, min(CALIBRATE_CHUNK, len(todo) // 50)) if sink.saver is not None else 1)
    begin = time.perf_counter()
    played = first_played = 0
    timed_from, timed, now = 0.0, 0, begin
    for a, b in _iter_ranges(todo, first):
        sink.play(spec, a, b)
        played += b - a
        now = time.perf_counter()
        if not timed_from:
            timed_from = now  # the first chunk loads what the games need: not a measure of the rest
            first_played = played
            continue
        timed += b - a
        if now - timed_from >= CALIBRATE_SECONDS:
            break
    per_game = (now - timed_from) / timed if timed else (now - begin) / played
    return _Timing(first, played, first_played, per_game, timed_from)


def _play_local(spec: Spec, todo: Sequence[int], jobs: int, chunk: int | None, sink: _Sink,
                note: Callable[[str], None]) -> int:
    """Play the first games here, timing them; the rest here too when ``jobs`` is 1 or they are too few to pay
    for workers, else in ``jobs`` forked processes, each returning its chunks' sums."""
    return _play_rest(spec, todo, jobs, chunk, sink, note, _calibrate(spec, todo, chunk, sink))


def _play_rest(spec: Spec, todo: Sequence[int], jobs: int, chunk: int | None, sink: _Sink,
               note: Callable[[str], None], timing: _Timing) -> int:
    """``_play_local`` after ``_calibrate``: the games of ``todo`` not yet played."""
    first, played, first_played, per_game, timed_from = timing
    rest = todo[played:]
    long_enough = bool(rest) and per_game * len(rest) >= MIN_WORKER_SECONDS
    workers = min(jobs, _free_cores()) if rest and jobs > 1 and long_enough else 1
    if workers > 1:
        return _play_pool(spec, rest, workers, chunk, per_game, sink, jobs, note)
    size = chunk or (first if sink.saver is not None else max(1, int(0.05 / max(per_game, 1e-9))))
    for a, b in _iter_ranges(rest, size):
        sink.play(spec, a, b)
    if jobs > 1:
        took = time.perf_counter() - timed_from  # (the first chunk also loads what the games need)
        why = (f"too few to pay for {jobs} worker processes" if not long_enough
               else f"{_busy()}, so a second worker would find no idle core")
        note(f"played in one process: the {len(todo) - first_played} games after the first took {took:.2f} s, "
             f"{why}")
    return 1


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _free_cores() -> int:
    """How many processes this run can keep busy: this one, and one more for each core the load average leaves
    idle (on a machine whose cores are all busy, more workers get no more CPU, only its overhead)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average on this platform
        return _cores()
    return max(1, min(_cores(), round(_cores() - load + 1)))


def _busy() -> str:
    try:
        load = f"load average {os.getloadavg()[0]:.1f} on "
    except (AttributeError, OSError):
        load = ""
    return f"the machine has {load}{_cores()} cores"


def _guided(todo: Sequence[int], jobs: int, per_game: float) -> list[tuple[int, int]]:
    """Chunks of ``todo`` that shrink as the run goes on (each about 1/(2 jobs) of what is left, from 2 s of play
    down to 10 ms), so workers finish together whatever share of a busy machine each gets, with few messages."""
    lo = max(1, int(0.01 / per_game))
    hi = max(lo, int(2.0 / per_game))
    out: list[tuple[int, int]] = []
    i, n = 0, len(todo)
    while i < n:
        size = min(hi, max(lo, (n - i) // (2 * jobs)))
        out += _ranges(todo[i:i + size], size)
        i += size
    return out


def _play_pool(spec: Spec, todo: Sequence[int], jobs: int, chunk: int | None, per_game: float, sink: _Sink,
               asked: int, note: Callable[[str], None]) -> int:
    """Play ``todo`` in ``jobs`` worker processes, forked where the platform allows (they start with this
    process's loaded kernels and imports); each chunk comes back as its sums."""
    import gc
    import multiprocessing as mp

    ranges = _ranges(todo, chunk) if chunk else _guided(todo, jobs, per_game)
    workers = min(jobs, len(ranges))
    if workers < asked:
        why = _busy() if workers == jobs else f"{len(ranges)} chunks of games"
        note(f"{workers} worker processes, not {asked}: {why}")
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else None)
    gc.freeze()  # the collector of a forked worker then leaves the parent's objects (and their pages) alone
    try:
        with ctx.Pool(workers) as pool:
            for a, b, part in pool.imap_unordered(_tally_range_args, [(spec, a, b) for a, b in ranges]):
                sink.done(a, b, part)
    finally:
        gc.unfreeze()
    return workers
