"""Round-robin tournaments: every table of ``seats`` entrants out of a field plays the same number of
games, in every seating order, and the results make a win matrix and a ranking.

Table ``t`` (the ``t``-th combination of entrants, in ``itertools.combinations`` order) is a simulator run
with seed ``derive_seed(seed, t)`` and ``permute`` seating, so it is reproducible on its own too.

>>> rr = round_robin("kingdomino", ["random", "greedy", "full-greedy"], games=2, seed=1)
>>> [r["agent"] for r in rr.ranking()][-1], len(rr.tables)
('random', 3)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from realms.core.errors import OptionsError
from realms.core.rng import derive_seed
from realms.sim.tournament import SimReport, run_tournament, wilson_interval


@dataclass
class RoundRobin:
    game: str
    names: list[str]
    seats: int
    games: int  # per table
    seed: int
    tables: list[tuple[list[int], SimReport]] = field(default_factory=list)
    seconds: float = 0.0
    backend: str = "local"

    def _totals(self) -> tuple[list[int], list[float], list[float]]:
        n = len(self.names)
        played, wins, scores = [0] * n, [0.0] * n, [0.0] * n
        for members, rep in self.tables:
            for e, st in zip(members, rep.entrants, strict=True):
                played[e] += st.games
                wins[e] += st.wins
                scores[e] += st.score_sum
        return played, wins, scores

    def ahead(self, i: int, j: int) -> tuple[float, int]:
        """Games in which entrant i finished ahead of j (a shared rank counts a half), and games they met in."""
        won, met = 0.0, 0
        for members, rep in self.tables:
            if i in members and j in members:
                a, b = members.index(i), members.index(j)
                won += rep.ahead[a][b]
                met += rep.games
        return won, met

    def beat_rate(self, i: int, j: int) -> float:
        won, met = self.ahead(i, j)
        return won / met if met else 0.0

    def ranking(self) -> list[dict[str, Any]]:
        """Entrants by win rate over all their games, best first, with Wilson intervals (ties by mean score)."""
        played, wins, scores = self._totals()
        rows = []
        for e, name in enumerate(self.names):
            g = played[e]
            rows.append({"agent": name, "games": g, "wins": wins[e], "win_rate": wins[e] / g if g else 0.0,
                         "win_rate_ci95": list(wilson_interval(wins[e], g)),
                         "mean_score": scores[e] / g if g else 0.0})
        return sorted(rows, key=lambda r: (-r["win_rate"], -r["mean_score"], self.names.index(r["agent"])))

    def to_json(self) -> dict[str, Any]:
        n = len(self.names)
        beat = [[None if i == j else self.beat_rate(i, j) for j in range(n)] for i in range(n)]
        met = [[0 if i == j else self.ahead(i, j)[1] for j in range(n)] for i in range(n)]
        tables = []
        for members, rep in self.tables:
            data = rep.to_json()
            for k in ("seconds", "backend", "workers"):
                data.pop(k, None)
            tables.append({"entrants": [self.names[e] for e in members], "report": data})
        return {"game": self.game, "entrants": self.names, "players": self.seats, "games_per_table": self.games,
                "seed": self.seed, "ranking": self.ranking(), "beat_rate": beat, "meetings": met,
                "tables": tables, "seconds": round(self.seconds, 3)}


def round_robin(
    game_id: str,
    names: list[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    seats: int = 2,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    **kw: Any,
) -> RoundRobin:
    """Play ``games`` games at every table of ``seats`` distinct entrants out of ``names``.

    ``progress(done, total)`` counts games over all tables; other keywords (``backend``, ``address``,
    ``chunk``) go to ``run_tournament``.
    """
    if len(set(names)) != len(names):
        raise OptionsError("each entrant of a round robin must be named once")
    if len(names) < seats:
        raise OptionsError(f"a round robin of {seats}-player games needs at least {seats} entrants, got {len(names)}")
    if seats < 2:
        raise OptionsError("a round robin needs games of at least 2 players")
    opts = dict(options or {})
    tables = list(itertools.combinations(range(len(names)), seats))
    total = games * len(tables)
    rr = RoundRobin(game_id, list(names), seats, games, seed, backend=kw.get("backend", "local"))
    start = time.perf_counter()
    for t, members in enumerate(tables):
        base = t * games
        step = (lambda done, base=base: progress(base + done, total)) if progress else None
        rep = run_tournament(game_id, [names[e] for e in members], games, derive_seed(seed, t), opts, jobs,
                             "permute", step, **kw)
        rr.tables.append((list(members), rep))
    # what played the games: Ray only where some table's games went to it (a short table asked of Ray plays on
    # the local backend: tournament._play_all)
    rr.backend = "ray" if any(rep.backend == "ray" for _, rep in rr.tables) else "local"
    rr.seconds = time.perf_counter() - start
    return rr
