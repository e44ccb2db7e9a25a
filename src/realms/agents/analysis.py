"""Position analysis: the top legal moves of the seat to move, each with its estimated win chance and
expected score, from that seat's knowledge only (``realms analyze``, the server's ``/analysis``).

The search is one of the search agents (``mc``, ``uct``, ``ismcts``; search.py) run on a determinized copy
for the seat (``agent_input``, as every harness hands an agent), recording per root action what its
playouts ended with: visits, the seat's mean win (1 for a win, a shared win split; an estimated playout
counts the chance of a win from its margin, on the rollout's scale) and the seat's mean score. With an
iteration budget the same seed gives the same figures.

>>> import realms.games
>>> game = realms.games.get("kingdomino")
>>> state = game.new({"players": 2}, seed=3)
>>> a = analyze(game, state, kind="mc", iterations=40, seed=1)
>>> a.seat == game.to_move(state), len(a.moves) > 0, 0.0 <= a.moves[0].win_chance <= 1.0
(True, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from realms.agents.search import SearchAgent, _Search
from realms.core.agents import agent_input, make_agent
from realms.core.game import Game
from realms.core.rng import Rng, derive_seed

__all__ = ["Analysis", "MoveStats", "analyze", "analyze_record", "position"]

KINDS = ("mc", "uct", "ismcts")


@dataclass(frozen=True, slots=True)
class MoveStats:
    index: int
    action: Any  # the action's JSON
    text: str
    visits: int
    win_chance: float
    expected_score: float
    #: the search's own mean reward (its ``eval``), which orders moves of equal visits
    mean_reward: float
    #: ``text`` as a message key and its arguments (``Game.describe_say``), for a client that words it in the
    #: reader's language; None where the game gives the English text only
    say: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "text": self.text, "win_chance": round(self.win_chance, 4),
                               "expected_score": round(self.expected_score, 2), "visits": self.visits}
        if self.say is not None:
            out["say"] = self.say
        return out


@dataclass(frozen=True, slots=True)
class Analysis:
    seat: int
    agent: str
    playouts: int
    legal: int
    moves: list[MoveStats]

    def to_json(self, step: int | None = None) -> dict[str, Any]:
        return {"seat": self.seat, "step": step, "agent": self.agent, "playouts": self.playouts,
                "legal": self.legal, "moves": [m.to_json() for m in self.moves]}


class _Recording(_Search):
    """A search that also keeps, per root action, the raw outcome of its playouts for ``seat``."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.outcomes: dict[int, list[float]] = {}  # index -> [n, wins, scores]
        self._raw: tuple[Sequence[float], list[int] | None] = ((), None)

    def _reward(self, scores: Sequence[float], winners: list[int] | None) -> list[float]:
        self._raw = (scores, winners)
        return super()._reward(scores, winners)

    def _note(self, index: int) -> None:
        scores, winners = self._raw
        seat = self.seat
        if not scores:
            return
        if winners is not None:
            win = 1.0 / len(winners) if seat in winners else 0.0
        elif len(scores) == 1:
            win = 1.0
        else:
            margin = scores[seat] - max(scores[j] for j in range(len(scores)) if j != seat)
            win = 1.0 / (1.0 + math.exp(-margin / self.scale))
        acc = self.outcomes.setdefault(index, [0, 0.0, 0.0])
        acc[0] += 1
        acc[1] += win
        acc[2] += float(scores[seat])

    def _mc_iteration(self) -> None:
        a = self.root_actions[self.mc_i % len(self.root_actions)]
        super()._mc_iteration()
        self._note(a.index)

    def _descend(self, s: Any, availability: bool) -> None:
        before = {i: ch.n for i, ch in self.root.children.items()}
        super()._descend(s, availability)
        for i, ch in self.root.children.items():
            if ch.n != before.get(i, 0):
                self._note(i)
                break


def analyze(game: Game, state: Any, seat: int | None = None, *, kind: str = "ismcts", seconds: float = 1.0,
            iterations: int = 0, seed: int = 0, options: Mapping[str, Any] | None = None,
            top: int = 5) -> Analysis:
    """The ``top`` moves (0: all searched) of ``seat`` (the seat to move) in ``state``, best first: most
    visited for the trees, best mean for ``mc``. ``options`` are further options of the search agent
    (``{"policy": "greedy"}``). Raises ValueError when nobody is to move or ``seat`` is not to move, and
    UnknownAgent for a kind or options the search agents do not take."""
    to_move = game.to_move(state)
    if to_move is None:
        raise ValueError(f"{game.id}: the game is over; nobody is to move")
    if seat is not None and seat != to_move:
        raise ValueError(f"{game.id}: seat {seat + 1} is not to move (seat {to_move + 1} is)")
    if kind not in KINDS:
        raise ValueError(f"analysis needs a search agent ({', '.join(KINDS)}), got {kind!r}")
    opts = {**({"iterations": iterations} if iterations else {"seconds": seconds}), **(options or {})}
    spec = kind + ":" + ",".join(f"{k}={v}" for k, v in opts.items())
    agent = make_agent(spec, game, seed)
    assert isinstance(agent, SearchAgent)
    agent.prepare(game)  # loaded before the budget starts
    seat = to_move
    copy = agent_input(game, state, seat, Rng(derive_seed(seed, 1)))  # the seat's knowledge only
    search = _Recording(game, copy, seat, Rng(derive_seed(seed, 2)), agent.cfg)
    stats = search.run()
    legal = game.legal_actions(state)
    moves = []
    for a in legal:
        n, w = stats.get(a.index, (0, 0.0))
        k, wins, scores = search.outcomes.get(a.index, (0, 0.0, 0.0))
        if n == 0 or k == 0:
            continue
        moves.append(MoveStats(a.index, a.to_json(), game.describe(state, a), int(n), wins / k, scores / k, w / n,
                               game.describe_say(state, a)))
    if kind == "mc":
        moves.sort(key=lambda m: (-m.mean_reward, -m.visits))
    else:
        moves.sort(key=lambda m: (-m.visits, -m.mean_reward))
    return Analysis(seat, spec, search.playouts, len(legal), moves[:top] if top else moves)


def position(record: Mapping[str, Any], step: int | None = None) -> tuple[Game, Any, int]:
    """(game, state, step) of ``record`` after ``step`` actions (default: all of them). Raises RecordError
    for a record that cannot be replayed and ValueError for a step outside it."""
    from realms.core.record import iter_states

    actions = record.get("actions")
    total = len(actions) if isinstance(actions, list) else 0
    if step is None:
        step = total
    if step < 0 or step > total:
        raise ValueError(f"step {step} is outside the record: it has {total} actions (steps 0 to {total})")
    for n, (game, state, _) in enumerate(iter_states(record)):
        if n == step:
            return game, state, step
    raise AssertionError("unreachable: the record has that step")


def analyze_record(record: Mapping[str, Any], step: int | None = None, *, kind: str = "ismcts",
                   seconds: float = 1.0, iterations: int = 0, seed: int = 0, top: int = 5,
                   options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``analyze`` of the position after ``step`` actions of ``record`` (default: its end; for a finished game,
    its last decision), as JSON: ``{"seat", "step", "moves":
    [{"action", "text", "win_chance", "expected_score", "visits", "say"?}, ...], ...}``, best first (``say``,
    ``{"key", "args"}``: the move's text as a message key, where the game gives one: Dominion)."""
    game, state, at = position(record, step)
    if step is None and at > 0 and game.to_move(state) is None:  # a finished game: its last decision
        game, state, at = position(record, at - 1)
    step = at
    if game.to_move(state) is None:
        raise ValueError(f"the game is over at step {step}: nobody is to move (give a step before {step})")
    return analyze(game, state, kind=kind, seconds=seconds, iterations=iterations, seed=seed, top=top,
                   options=options).to_json(step)
