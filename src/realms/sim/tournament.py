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

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from realms.core.agents import choose, make_agent
from realms.core.errors import OptionsError
from realms.core.rng import derive_seed

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
class GameOutcome:
    """What one game contributes to a tournament, by entrant index."""

    seats: list[int]  # entrant index sitting at each seat
    scores: list[float]
    ranks: list[int]
    winners: list[int]  # seats
    turns: int  # the most turns any player took
    actions: int
    stats: list[dict[str, float]] = field(default_factory=list)
    #: per seat, per statistic, its value after each turn (or round) of that seat: ``[after 1, after 2, ...]``
    by_turn: list[dict[str, list[float]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "scores": self.scores, "ranks": self.ranks, "winners": self.winners,
                "turns": self.turns, "actions": self.actions, "stats": self.stats, "by_turn": self.by_turn}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> GameOutcome:
        return cls(list(d["seats"]), list(d["scores"]), list(d["ranks"]), list(d["winners"]), int(d["turns"]),
                   int(d["actions"]), list(d.get("stats") or []), list(d.get("by_turn") or []))


def seating(game_index: int, entrants: int, rotate: bool | str = True) -> list[int]:
    """Entrant index per seat in game ``game_index``.

    ``rotate`` (or True): a cyclic shift by game, so each entrant sits in each seat equally often;
    ``permute``: every order of the entrants in turn (``entrants!`` games cover them all);
    ``fixed`` (or False): entrant ``e`` always in seat ``e``.

    >>> [seating(i, 3, "permute") for i in range(3)]
    [[0, 1, 2], [0, 2, 1], [1, 0, 2]]
    """
    mode = "rotate" if rotate is True else "fixed" if rotate is False else rotate
    if mode == "fixed":
        return list(range(entrants))
    if mode == "permute":
        orders = _orders(entrants)
        return list(orders[game_index % len(orders)])
    shift = game_index % entrants
    return [(seat + shift) % entrants for seat in range(entrants)]


_ORDERS: dict[int, list[tuple[int, ...]]] = {}


def _orders(n: int) -> list[tuple[int, ...]]:
    if n not in _ORDERS:
        _ORDERS[n] = list(itertools.permutations(range(n)))
    return _ORDERS[n]


def play_game(
    game_id: str,
    options: Mapping[str, Any],
    seed: int,
    agents: list[str],
    seats: list[int] | None = None,
    by_turn: bool = False,
    reference: bool = False,
) -> GameOutcome:
    """Play one complete game; ``agents[e]`` is entrant e's agent name, ``seats[s]`` the entrant at seat s.

    With ``by_turn`` the game's ``turn_stats`` are sampled for each seat every time its ``turn_clock`` grows.
    Where the game offers a fast path for these options and agents (``Game.fast_games``) the game is played
    there, with the same outcome; ``reference`` plays it through the protocol all the same.
    """
    import realms.games

    game = realms.games.get(game_id)
    seats = seats if seats is not None else list(range(len(agents)))
    if not by_turn and not reference:
        fast = _fast_games(game, options, [agents[e] for e in seats])
        if fast is not None:
            done = fast(derive_seed(seed, 0), [derive_seed(seed, s + 1) for s in range(len(seats))])
            res = done.result
            return GameOutcome(seats=list(seats), scores=list(res.scores), ranks=list(res.ranks),
                               winners=res.winners, turns=max(done.turns), actions=done.actions,
                               stats=done.stats)
    state = game.new(options, derive_seed(seed, 0))
    players = [make_agent(agents[e], game, derive_seed(seed, s + 1)) for s, e in enumerate(seats)]
    actions = 0
    apply = game.apply
    samples: list[list[dict[str, float]]] = []
    if by_turn:
        clock_of, stats_of = game.turn_clock, game.turn_stats
        samples = [[] for _ in seats]
        last = clock_of(state)
        while True:
            seat = state.to_move
            if seat is None:
                break
            apply(state, choose(players[seat], game, state, seat))
            actions += 1
            now = clock_of(state)
            if now != last:
                for p, done in enumerate(now):
                    row = samples[p]
                    while len(row) < done:
                        row.append(stats_of(state, p))
                last = now
    else:
        while True:
            seat = state.to_move
            if seat is None:
                break
            apply(state, choose(players[seat], game, state, seat))
            actions += 1
    result = game.result(state)
    assert result is not None
    series: list[dict[str, list[float]]] = []
    for row in samples:
        names = sorted({k for d in row for k in d})
        series.append({k: [d.get(k, math.nan) for d in row] for k in names})
    return GameOutcome(
        seats=list(seats),
        scores=list(result.scores),
        ranks=list(result.ranks),
        winners=result.winners,
        turns=max(game.turns(state)),
        actions=actions,
        stats=game.stats(state),
        by_turn=series,
    )


_FAST: dict[tuple[str, str, tuple[str, ...]], Any] = {}


def _fast_games(game: Any, options: Mapping[str, Any], agents: list[str]) -> Any:
    """``game.fast_games`` for these options and per-seat agents, asked once per process."""
    key = (game.id, repr(sorted(dict(options).items())), tuple(agents))
    if key not in _FAST:
        _FAST[key] = game.fast_games(game.validate_options(options), list(agents))
    return _FAST[key]


#: what decides a tournament's games: (game id, options, seed, agents, seating, by_turn, reference); the
#: last says only how they are played (the reference engine, or a fast path with the same outcomes)
Spec = tuple[str, dict[str, Any], int, list[str], str, bool, bool]


def _play_indexed(args: tuple[str, dict[str, Any], int, list[str], int, str, bool, bool]) -> GameOutcome:
    game_id, options, seed, agents, i, mode, by_turn, reference = args
    return play_game(game_id, options, derive_seed(seed, i), agents, seating(i, len(agents), mode), by_turn,
                     reference)


def play_range(spec: Spec, start: int, stop: int) -> list[GameOutcome]:
    """Games ``start .. stop - 1`` of a tournament: the unit of work of every backend."""
    game_id, options, seed, agents, mode, by_turn, reference = spec
    return [_play_indexed((game_id, options, seed, agents, i, mode, by_turn, reference))
            for i in range(start, stop)]


def _play_range_args(args: tuple[Spec, int, int]) -> list[GameOutcome]:
    return play_range(*args)


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


def _ranges(todo: Iterable[int], chunk: int) -> list[tuple[int, int]]:
    """Runs of consecutive game indices, each cut into pieces of at most ``chunk``.

    >>> _ranges([0, 1, 2, 3, 4, 7, 8], 2)
    [(0, 2), (2, 4), (4, 5), (7, 9)]
    """
    return list(_iter_ranges(todo, chunk))


def _iter_ranges(todo: Iterable[int], chunk: int) -> Iterator[tuple[int, int]]:
    """``_ranges`` one at a time, holding nothing per game (``todo`` may be a ``range`` of a million games)."""
    start = prev = -2
    n = 0
    for i in todo:
        if i == prev + 1 and n < chunk:
            prev = i
            n += 1
            continue
        if n:
            yield start, prev + 1
        start = prev = i
        n = 1
    if n:
        yield start, prev + 1


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
    raw = dict(options or {})
    if "players" not in raw and any(o.name == "players" for o in game.options_spec):
        raw["players"] = len(agents)
    opts = game.validate_options(raw)
    probe = game.new(opts, 0)
    if game.players(probe) != len(agents):
        raise OptionsError(f"{game_id}: {len(agents)} agents for {game.players(probe)} seats")
    warnings: list[str] = []
    for name in dict.fromkeys(agents):  # fail fast on unknown names, bad strategy files, missing cards
        warnings += game.check_agent(name, make_agent(name, game, 0), probe)
    if games < 1:
        raise OptionsError("the number of games must be at least 1")
    if jobs < 1:
        raise OptionsError("jobs must be at least 1")
    if backend not in BACKENDS:
        raise OptionsError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if chunk is not None and chunk < 1:
        raise OptionsError("chunk must be at least 1")
    mode = _mode(rotate)

    n = len(agents)
    entrants = [EntrantStats(agent=a) for a in agents]
    ahead = [[0.0] * n for _ in range(n)]
    ties = turns_sum = actions = 0
    start = time.perf_counter()
    spec: Spec = (game_id, opts, seed, list(agents), mode, by_turn, reference)

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
            score = outcome.scores[seat]
            st.score_sum += score
            st.rank_sum += outcome.ranks[seat]
            if seat in outcome.winners:
                st.wins += share
            if outcome.stats:
                for k, v in outcome.stats[seat].items():
                    st.stat_sums[k] = st.stat_sums.get(k, 0.0) + v
                    st.stat_counts[k] = st.stat_counts.get(k, 0) + 1
            if by_turn:
                st.score_moments.add(score)
                st.score_counts[score] = st.score_counts.get(score, 0) + 1
                for k, values in outcome.by_turn[seat].items():
                    ms = st.turn_moments.setdefault(k, [])
                    while len(ms) < len(values):
                        ms.append(Moments())
                    for m, v in zip(ms, values, strict=False):
                        if not math.isnan(v):
                            m.add(v)
            for other, f in enumerate(outcome.seats):
                if other != seat:
                    r, q = outcome.ranks[seat], outcome.ranks[other]
                    ahead[e][f] += 1.0 if r < q else 0.5 if r == q else 0.0

    # outcomes are absorbed strictly in game order, whatever order chunks finish in
    pending: dict[int, GameOutcome] = {}
    next_game = 0
    finished = 0
    saver = Checkpoint(checkpoint, spec) if checkpoint is not None else None
    if saver is not None:
        pending.update({i: o for i, o in saver.done.items() if i < games})
    resumed = len(pending)

    def drain() -> None:
        nonlocal next_game
        while next_game in pending:
            absorb(pending.pop(next_game))
            next_game += 1

    def on_chunk(a: int, outcomes: list[GameOutcome]) -> None:
        nonlocal finished
        if saver is not None:
            saver.save(a, outcomes)
        for k, o in enumerate(outcomes):
            pending[a + k] = o
        finished += len(outcomes)
        drain()
        if progress:
            progress(finished)

    drain()
    finished = resumed
    if progress and resumed:
        progress(finished)
    # a plain run holds no list of its games, so memory stays flat however many are asked for
    todo: Sequence[int] = (range(next_game, games) if not pending else
                           [i for i in range(games) if i not in pending and i >= next_game])
    workers = jobs
    if todo:
        if backend == "ray":
            workers = _run_ray(spec, todo, chunk, address, jobs, on_chunk)
        elif jobs == 1:
            # one game at a time for progress; a checkpoint is written in chunks, not a line per game
            size = chunk or (max(1, min(64, len(todo) // 50)) if saver is not None else 1)
            for a, b in _iter_ranges(todo, size):
                on_chunk(a, play_range(spec, a, b))
        else:
            import multiprocessing as mp

            size = chunk or max(1, min(64, len(todo) // (jobs * 8) or 1))
            ranges = _ranges(todo, size)
            ctx = mp.get_context("fork")
            with ctx.Pool(jobs) as pool:
                work = [(spec, a, b) for a, b in ranges]
                for (a, _), outcomes in zip(ranges, pool.imap(_play_range_args, work), strict=True):
                    on_chunk(a, outcomes)
    assert next_game == games and not pending, (next_game, games, len(pending))
    seconds = time.perf_counter() - start
    return SimReport(game_id, games, seed, opts, entrants, ties, turns_sum, actions, seconds, rotate,
                     by_turn=by_turn, turn_label=game.turn_label, backend=backend, workers=workers,
                     ahead=ahead, resumed_games=resumed, warnings=warnings)


def _run_ray(spec: Spec, todo: Sequence[int], chunk: int | None, address: str | None, jobs: int,
             on_chunk: Callable[[int, list[GameOutcome]], None]) -> int:
    """Play the games ``todo`` as Ray tasks; returns the number of CPUs of the cluster."""
    from realms.sim import ray_backend

    return ray_backend.run(spec, todo, chunk, address, jobs, on_chunk)
