"""The OpenSpiel registrations: game types, OpenSpiel's random simulation test, and OpenSpiel's MCTS and
ISMCTS bots playing whole games through them (small budgets)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import realms.games  # noqa: E402
import realms.rl.openspiel  # noqa: E402, F401
from tests.rl.observe_checks import FULL  # noqa: E402

GAMES = [f"realms_{g}" for g in realms.games.ids()]


def test_registered_with_their_types():
    names = set(pyspiel.registered_names())
    for name in GAMES:
        assert name in names
        game = pyspiel.load_game(name)
        t = game.get_type()
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        # no chance nodes: a state's future follows from its own seed and the actions (OpenSpiel's DETERMINISTIC)
        assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.ZERO_SUM  # two players, win/loss
        assert game.num_distinct_actions() == realms.games.get(name.removeprefix("realms_")).action_space_size
    three = pyspiel.load_game("realms_kingdomino", {"players": 3})
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM and three.num_players() == 3


@pytest.mark.parametrize(("name", "params"), [(name, {"players": 2}) for name in GAMES] + [
    ("realms_kingdomino", {"players": 4, "options": '{"harmony": true}'}),
    ("realms_dominion", {"players": 3, "options": '{"kingdom": "random", "edition": "second"}', "reward": "margin"}),
])
def test_random_sim(name, params):
    game = pyspiel.load_game(name, {**params, "rng_seed": 1})
    pyspiel.random_sim_test(game, num_sims=3 if FULL else 1, serialize=True, verbose=False)


def test_tensors_strings_and_legal_actions_come_from_the_protocol():
    game = pyspiel.load_game("realms_dominion", {"players": 2, "rng_seed": 4})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    g = realms.games.get("dominion")
    for _ in range(60):
        inner = state.realms_state
        p = state.current_player()
        assert state.legal_actions() == sorted(a.index for a in g.legal_actions(inner))
        for seat in range(2):
            assert np.array_equal(np.asarray(state.information_state_tensor(seat), np.float32),
                                  g.observation().encode(inner, seat))
            assert state.observation_tensor(seat) == state.information_state_tensor(seat)
        # the string is the seat's view: it differs between the seats (each sees its own hand)
        assert state.information_state_string(0) != state.information_state_string(1)
        state.apply_action(int(rng.choice(state.legal_actions(p))))
    resampled = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    me = state.current_player()
    assert resampled.information_state_string(me) == state.information_state_string(me)
    assert resampled.realms_state is not state.realms_state


def _play(name, params, simulations):
    game = pyspiel.load_game(name, {**params, "rng_seed": 7})
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [mcts.MCTSBot(game, 1.4, simulations, evaluator, random_state=rs, solve=False),
            ismcts.ISMCTSBot(game, evaluator, 1.4, simulations, random_state=rs)]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    return state, moves


@pytest.mark.parametrize(("name", "params", "simulations"), [
    ("realms_kingdomino", {"players": 2}, 8),
    ("realms_dominion", {"players": 2, "options": '{"turn_limit": 5}'}, 4),
    ("realms_burgundy", {"players": 2}, 2),
])
def test_mcts_and_ismcts_bots_play_whole_games(name, params, simulations):
    state, moves = _play(name, params, simulations * (4 if FULL else 1))
    assert state.is_terminal() and moves >= 10
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def _random_moves(state, moves, seed):
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _same(a, b):
    assert str(a) == str(b) and a.history() == b.history() and a.move_number() == b.move_number()
    assert a.legal_actions() == b.legal_actions()
    if not a.is_terminal():
        p = a.current_player()
        assert a.observation_tensor(p) == b.observation_tensor(p)
        assert a.information_state_string(p) == b.information_state_string(p)


@pytest.mark.parametrize("name", GAMES)
def test_states_and_games_serialise_and_pickle(name):
    game = pyspiel.load_game(name, {"players": 2, "rng_seed": 3})
    state = _random_moves(game.new_initial_state(), 40, 1)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    _same(state, state2)
    _same(state, game.deserialize_state(state.serialize()))
    _same(state, pickle.loads(pickle.dumps(state)))
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    # the copies go on exactly as the original: same actions, same future (the state's own seed)
    _same(_random_moves(state, 60, 2), _random_moves(state2, 60, 2))


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_serialises_as_itself(name):
    """A state from ``resample_from_infostate`` holds other hidden cards and another generator than its history
    gives: it is serialised as it is, not replayed."""
    game = pyspiel.load_game(name, {"players": 2, "rng_seed": 5})
    state = _random_moves(game.new_initial_state(), 30, 3)
    other = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    again = pickle.loads(pickle.dumps(other))
    _same(other, again)
    _same(_random_moves(other, 80, 4), _random_moves(again, 80, 4))


@pytest.mark.parametrize("name", GAMES)
def test_tensors_build_no_new_state_and_leave_the_next_game_alone(name, monkeypatch):
    game = pyspiel.load_game(name, {"players": 2, "rng_seed": 2})
    twin = pyspiel.load_game(name, {"players": 2, "rng_seed": 2})
    state = game.new_initial_state()
    twin.new_initial_state()
    made = []
    original = type(game).new_initial_state
    monkeypatch.setattr(type(game), "new_initial_state", lambda self: made.append(1) or original(self))
    for seat in range(2):
        assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(seat)) == game.information_state_tensor_size()
    assert state.observation_tensor() == state.observation_tensor(state.current_player())
    assert made == []
    monkeypatch.undo()
    assert str(game.new_initial_state()) == str(twin.new_initial_state())  # tensors drew no seed
