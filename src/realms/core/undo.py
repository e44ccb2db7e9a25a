"""Taking back one's own moves within a turn: the game option ``undo`` (docs/protocol.md, "Undo").

With ``{"undo": true}`` in a game's options, its state carries an ``UndoLog``: the state before the mover's
first undoable action of this turn (``point``) and the indices of the undoable actions since (``steps``). While
``steps`` is not empty, ``legal_actions`` ends with the game's ``undo`` action, and applying it rebuilds the
state from ``point`` with every step but the last. The game decides which of its actions may be taken back
(``Game.undoable``); an action it does not allow, or one after which another seat moves, empties the log, so
nobody can take back a move past a reveal, a random draw or another player's decision.

Undoable actions consume no randomness and reveal nothing, so replaying the steps rebuilds exactly the state the
mover had; a record holding ``undo`` actions replays like any other, from (options, seed, actions). With the
option off (the default: simulations, the RL environments, the compiled kernels, the goldens) a state's ``undo``
is None and nothing of this runs: the action space, the states' data and their hashes are as they were.

>>> import realms.games
>>> game = realms.games.get("kingdomino")
>>> state = game.new({"players": 2, "undo": True}, seed=1)
>>> for _ in range(4):  # the opening picks
...     _ = game.apply(state, game.legal_actions(state)[0])
>>> _ = game.apply(state, game.legal_actions(state)[0])  # a placement
>>> game.legal_actions(state)[-1].kind
'undo'
>>> _ = game.apply(state, game.undo_action)
>>> game.legal_actions(state)[-1].kind
'place'
"""

from __future__ import annotations

from typing import Any

from realms.core.errors import IllegalAction
from realms.core.game import Action, Event, Game
from realms.core.options import UNDO_OPTION

__all__ = ["UNDO_OPTION", "UndoLog", "apply", "apply_index", "legal_actions", "legal_indices", "log_data", "new_log",
           "without_log"]


class UndoLog:
    """What a state with the ``undo`` option keeps to take moves back: ``point``, a copy of the state before the
    first undoable step of this turn (its own ``undo`` None, never changed once taken), and ``steps``, the indices
    of the undoable actions applied since, oldest first. Empty (``point`` None, no steps) when nothing can be
    taken back."""

    __slots__ = ("point", "steps")

    def __init__(self, point: Any = None, steps: tuple[int, ...] = ()) -> None:
        self.point = point
        self.steps = steps

    def to_data(self) -> dict[str, Any]:
        return {"point": None if self.point is None else self.point.to_data(), "steps": list(self.steps)}

    @classmethod
    def from_data(cls, data: Any, read_state: Any) -> UndoLog:
        """The log from ``to_data``'s form; ``read_state`` rebuilds the point (the state class's ``from_data``)."""
        point = data.get("point")
        return cls(None if point is None else read_state(point), tuple(int(i) for i in data.get("steps", ())))


def new_log(options: Any) -> UndoLog | None:
    """The log a new state of these validated options starts with: empty with the option on, else None."""
    return UndoLog() if options.get("undo") else None


def log_data(state: Any, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a state's ``to_data``) with its undo log added under ``"undo"`` when the option is on."""
    if state.undo is not None:
        data["undo"] = state.undo.to_data()
    return data


def legal_actions(game: Game, state: Any) -> list[Action]:
    """``game.legal_actions(state)`` of a state with an undo log: the game's own, then ``undo`` when a step can be
    taken back."""
    log = state.undo
    state.undo = None
    try:
        out = list(game.legal_actions(state))
    finally:
        state.undo = log
    if log.steps and out:
        out.append(game.undo_action)
    return out


def apply(game: Game, state: Any, action: Action, log: bool = False) -> list[Event]:
    """``game.apply`` where the state has an undo log or the action is ``undo``: takes the last step back, or
    applies the action and keeps the log (a step more, or emptied when the game does not let it be undone)."""
    hist = state.undo
    if action.kind == "undo" and action == game.undo_action:
        return _take_back(game, state, hist, log)
    if hist is None:
        return game.apply(state, action, log)
    state.undo = None
    before = state.clone()
    try:
        events = game.apply(state, action, log)
    except BaseException:
        state.undo = hist
        raise
    seat = before.to_move
    if seat is not None and state.to_move == seat and game.undoable(before, action, state):
        state.undo = UndoLog(hist.point if hist.steps else before, (*hist.steps, action.index))
    else:
        state.undo = UndoLog()
    return events


def apply_index(game: Game, state: Any, index: int) -> None:
    """``game.apply_legal`` where the state has an undo log: the action of that index (the undo action's index is
    ``len(game.actions)``) through ``apply``."""
    apply(game, state, game.undo_action if index == len(game.actions) else game.actions[index])


def legal_indices(game: Game, state: Any) -> tuple[int, ...]:
    """``game.legal_indices`` where the state has an undo log."""
    return tuple([a.index for a in legal_actions(game, state)])


def _take_back(game: Game, state: Any, hist: UndoLog | None, log: bool) -> list[Event]:
    if hist is None:
        raise IllegalAction(f"{game.id}: undo is off in this game (the option undo is not set)")
    seat = state.to_move
    if not hist.steps or seat is None:
        raise IllegalAction(f"{game.id}: nothing to take back: seat {seat + 1 if seat is not None else '-'} has "
                            "made no move this turn that may be undone (a move that revealed something, drew at "
                            "random or let another player act cannot be)")
    back = hist.point.clone()
    back.undo = None
    for i in hist.steps[:-1]:
        game.apply(back, game.actions[i])
    taken = game.actions[hist.steps[-1]]
    text = game.describe(back, taken) if log else ""
    for name in _slots(type(state)):
        setattr(state, name, getattr(back, name))
    rest = hist.steps[:-1]
    state.undo = UndoLog(hist.point, rest) if rest else UndoLog()
    if not log:
        return []
    return [Event("undo", seat, f"Seat {seat + 1} took back: {text}", {"action": taken.to_json(), "text": text})]


def _slots(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def without_log(state: Any) -> Any:
    """``state`` itself when it has no undo log, else a copy without one (what a bot that reads the true state is
    handed: bots never take moves back)."""
    if getattr(state, "undo", None) is None:
        return state
    copy = state.clone()
    copy.undo = None
    return copy
