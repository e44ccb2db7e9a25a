"""Burgundy's undo (the option ``undo``): nothing is drawn within a turn, so every move of the turn may be taken
back, a die used, a worker adjustment, a placement with what it brings, until the player ends the turn; never the
end of the turn, after which the next seat moves."""

from __future__ import annotations

import pytest

from tests.games.burgundy.helpers import GAME, IllegalAction, act, can, dice, give, grab, new


def _undo(s: object) -> None:
    GAME.apply(s, GAME.undo_action)


def test_a_worker_adjustment_and_a_placement_may_be_taken_back_until_the_turn_ends() -> None:
    s = new(undo=True)
    p = s.to_move
    dice(s, 3, 5)  # die 1 fits the mine next to the start castle (space 25, 4) after a worker's +1
    s.workers[p] = 2
    give(s, p, grab(s, "mine"))
    start = GAME.state_hash(s)
    act(s, "adjust", die=0, delta=1)  # die 1: 3 -> 4
    assert s.dice[p * 2] == 4 and s.workers[p] == 1 and can(s, "undo")
    _undo(s)
    assert s.dice[p * 2] == 3 and s.workers[p] == 2 and GAME.state_hash(s) == start
    act(s, "adjust", die=0, delta=1)
    act(s, "place", die=0, slot=0, space=25)
    assert s.estate[p * 38 + 25] >= 0
    act(s, "workers", die=1)  # both dice used: the turn waits for 'end'
    assert s.to_move == p and can(s, "end") and can(s, "undo")
    _undo(s)
    _undo(s)
    assert s.estate[p * 38 + 25] < 0 and s.storage[p]
    _undo(s)
    assert GAME.state_hash(s) == start
    assert not can(s, "undo")


def test_ending_the_turn_may_not_be_taken_back() -> None:
    s = new(undo=True)
    p = s.to_move
    act(s, "workers", die=0)
    act(s, "workers", die=1)
    act(s, "end")
    assert s.to_move != p and not can(s, "undo")
    with pytest.raises(IllegalAction, match="nothing to take back"):
        _undo(s)


def test_without_undo_the_turn_ends_with_the_last_die() -> None:
    s = new()
    p = s.to_move
    act(s, "workers", die=0)
    act(s, "workers", die=1)
    assert s.to_move != p
