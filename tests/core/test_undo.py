"""Undo within one's own turn (``realms.core.undo``), in every game: the option, the action, its errors, records.

The property: a random game in which the mover takes moves back at random ends exactly as the same game played
without the moves taken back, and every undo returns to the very state before the move it takes back.
"""

from __future__ import annotations

import os
import random

import pytest

import realms.games
from realms.core.errors import IllegalAction, OptionsError
from realms.core.record import GameRecord, replay
from realms.core.rng import Rng
from realms.core.undo import without_log

GAMES = realms.games.ids()
#: ``REALMS_FULL=1`` plays ten times as many games in the slow test
FULL = os.environ.get("REALMS_FULL") == "1"


def _play(game_id: str, seed: int, undo_chance: float, limit: int = 4000) -> tuple[object, list, int]:
    """A random game with undo on, taking a move back with ``undo_chance`` whenever one may be; the state, the
    moves kept (the record less the moves taken back) and how many undos it made."""
    game = realms.games.get(game_id)
    state = game.new({"undo": True}, seed)
    rng = random.Random(seed)
    kept: list = []
    before: list[str] = []  # the state's hash before each kept move
    undos = 0
    while state.to_move is not None and len(kept) < limit:
        legal = game.legal_actions(state)
        if legal[-1].kind == "undo" and rng.random() < undo_chance:
            game.apply(state, legal[-1], log=rng.random() < 0.5)
            kept.pop()
            assert game.state_hash(state) == before.pop(), "undo returns to the state before the move"
            undos += 1
            continue
        action = rng.choice([a for a in legal if a.kind != "undo"])
        before.append(game.state_hash(state))
        game.apply(state, action, log=rng.random() < 0.5)
        kept.append(action)
    return state, kept, undos


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_with_random_undos_ends_as_the_game_without_the_moves_taken_back(game_id: str, seed: int) -> None:
    game = realms.games.get(game_id)
    state, kept, undos = _play(game_id, seed, 0.4)
    assert undos > 0
    again = game.new({"undo": True}, seed)
    for a in kept:
        game.apply(again, a)
    assert game.state_hash(again) == game.state_hash(state)
    assert game.is_over(state)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_many_games_with_random_undos_end_as_the_games_without_the_moves_taken_back(game_id: str) -> None:
    """The property over more seeds, and with moves taken back more often than not (several undos in a row)."""
    game = realms.games.get(game_id)
    for seed in range(10, 10 + (30 if FULL else 3)):
        state, kept, _ = _play(game_id, seed, 0.7)
        again = game.new({"undo": True}, seed)
        for a in kept:
            game.apply(again, a)
        assert game.state_hash(again) == game.state_hash(state), seed


@pytest.mark.parametrize("game_id", GAMES)
def test_the_option_off_changes_nothing(game_id: str) -> None:
    game = realms.games.get(game_id)
    assert game.validate_options({"undo": False}) == game.validate_options({})
    assert "undo" not in game.validate_options({})
    assert game.validate_options({"undo": "true"})["undo"] is True
    with pytest.raises(OptionsError, match="undo"):
        game.validate_options({"undo": 3})
    state = game.new({}, 5)
    assert "undo" not in state.to_data()
    assert game.action_space_size == len(game.actions) and game.undo_action.index == len(game.actions)
    before = game.state_hash(state)
    with pytest.raises(IllegalAction, match="undo is off"):
        game.apply(state, game.action_from_json({"type": "undo"}))
    assert game.state_hash(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_with_nothing_to_take_back_is_refused_and_changes_nothing(game_id: str) -> None:
    game = realms.games.get(game_id)
    state = game.new({"undo": True}, 5)
    assert game.undo_action not in game.legal_actions(state)
    before = game.state_hash(state)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        game.apply(state, game.undo_action)
    assert game.state_hash(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_with_moves_to_take_back_is_plain_data(game_id: str) -> None:
    """Its log travels in ``to_data`` and comes back through the state's ``from_data``; bots are never offered
    undo (a determinized copy and the copy a view-reading bot reads have no log)."""
    game = realms.games.get(game_id)
    state = game.new({"undo": True}, 3)
    rng = random.Random(3)
    while game.undo_action not in game.legal_actions(state):
        game.apply(state, rng.choice(game.legal_actions(state)))
    data = state.to_data()
    assert data["undo"]["steps"]
    back = type(state).from_data(data)
    assert game.state_hash(back) == game.state_hash(state)
    game.apply(back, game.undo_action)
    assert game.undo_action not in game.legal_actions(game.determinize(state, state.to_move, Rng(7)))
    assert game.undo_action not in game.legal_actions(without_log(state))
    assert game.undo_action in game.legal_actions(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_with_undos_replays(game_id: str) -> None:
    game = realms.games.get(game_id)
    rec = GameRecord.start(game, {"undo": True}, 4, ["a"] * game.players(game.new({}, 4)))
    rng = random.Random(4)
    undos = 0
    while not game.is_over(rec.state):
        legal = game.legal_actions(rec.state)
        moves = [a for a in legal if a.kind != "undo"]
        action = legal[-1] if len(moves) < len(legal) and rng.random() < 0.3 else rng.choice(moves)
        undos += action.kind == "undo"
        rec.play(action)
    data = rec.to_json()
    assert {"type": "undo"} in data["actions"] and undos
    assert replay(data).state is not None
