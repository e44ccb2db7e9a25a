"""One game of a tournament, and ranges of them: the work every backend hands a worker (this process, a
process of a local pool, a Ray task). Game ``i`` of a tournament with seed ``S`` is played from
``derive_seed(S, i)``, each seat's agent from ``derive_seed(S, i, seat + 1)``."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from realms.core.agents import choose, make_agent
from realms.core.rng import derive_seed


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
    for player in players:  # (once per process and agent: a search's budget then holds from its first move)
        player.prepare(game)
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
