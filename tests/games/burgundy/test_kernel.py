"""The compiled fast path (``realms.games.burgundy.kernel``) against the reference engine: the kernel's setup is
the reference's state, every game it plays is replayed through ``Burgundy.apply`` with ``RandomAgent`` seats
(the whole legal list and the chosen action of every step must agree), and the final state, result and turns
must be the reference's, field by field."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.burgundy import fast as lean
from realms.games.burgundy.actions import DECODE

kernel = pytest.importorskip("realms.games.burgundy.kernel")
if not kernel.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)
np = pytest.importorskip("numpy")

GAME = realms.games.get("burgundy")
BOARD1_ROWS = ["A6 C5 C4 K3", "A2 A1 C6 K5 B4", "A5 A4 B3 K1 B2 B3", "S6 S1 S2 C6* S5 S4 S1",
               "B2 B5 M4 B3 B1 A2", "B6 M1 K2 B5 B6", "M3 K4 K1 B3"]

CASES = [
    ({"players": 2}, 40),
    ({"players": 2, "scenario": "random"}, 15),
    ({"players": 2, "scenario": "free-choice", "black_depot_timing": "during-effects"}, 15),
    ({"players": 2, "city_hall": "matching-colour", "tiebreak": "most-empty"}, 15),
    ({"players": 3}, 10),
    ({"players": 3, "scenario": "free-choice", "city_hall": "matching-colour"}, 8),
    ({"players": 4, "scenario": "random", "black_depot_timing": "during-effects"}, 8),
    ({"players": 4, "tiebreak": "most-empty"}, 6),
    ({"players": 3, "scenario": "advanced"}, 8),
    ({"players": 4, "scenario": "random", "board_set": "all"}, 6),
    ({"players": 2, "scenario": "advanced", "board_set": "two-sources"}, 6),
]


def _diff(a, b):
    return [(kernel.field_of(int(i)), int(a[i]), int(b[i])) for i in np.nonzero(a != b)[0][:8]]


def _replay(state, seeds, where, kinds=None):
    """Play a copy of ``state`` in the kernel with a record, then ``state`` itself through the protocol with
    ``RandomAgent`` seats seeded ``seeds``, comparing every step and the end."""
    final, n, chosen, counts, lists = kernel.run(state, [Rng(x).state for x in seeds], record=True)
    bots = [make_agent("random", GAME, x) for x in seeds]
    at = 0
    for step in range(n):
        legal = [a.index for a in GAME.legal_actions(state)]
        k = int(counts[step])
        assert lists[at:at + k].tolist() == legal, (where, step)
        at += k
        action = bots[state.to_move].act(GAME, state)
        assert action.index == chosen[step], (where, step)
        if kinds is not None:
            kinds[DECODE[action.index][0]] += 1
        GAME.apply(state, action)
    assert state.to_move is None, where
    ref = kernel.encode(state)
    assert (final == ref).all(), (where, _diff(final, ref))
    return n


@pytest.mark.parametrize("options, games", CASES)
def test_kernel_games_replay_through_the_reference_engine(options, games):
    opts = GAME.validate_options(options)
    play = GAME.fast_games(opts, ["random"] * opts["players"])
    assert isinstance(play, kernel.KernelGames)
    kinds: Counter[int] = Counter()
    for g in range(games):
        seed = derive_seed(31, g)
        seeds = [derive_seed(seed, k + 1) for k in range(opts["players"])]
        state = GAME.setup(opts, seed)
        st, rng = kernel.new_state(opts, seed, GAME)
        assert rng == state.rng and (st == kernel.encode(state)).all(), (options, g, _diff(st, kernel.encode(state)))
        n = _replay(state, seeds, (options, g), kinds)
        # the hook's whole game: the same result (breakdown included), turns and number of actions
        done = play(seed, seeds)
        assert done.result == GAME.result(state) and done.turns == state.turns and done.actions == n
        assert done.stats == GAME.stats(state)
    if options == {"players": 2}:  # the games reach every kind of action (take ... board choice excepted)
        assert set(kinds) >= set(range(14)), sorted(kinds)


def test_kernel_games_from_positions_part_way_through():
    """``run`` from running reference states: after a few actions, mid-turn inside frames, late in the game."""
    opts = GAME.validate_options({"players": 3, "black_depot_timing": "during-effects"})
    frames_seen = 0
    for g in range(12):
        seed = derive_seed(8, g)
        state = GAME.setup(opts, seed)
        walkers = [make_agent("random", GAME, derive_seed(seed, 100 + k)) for k in range(3)]
        for _ in range(17 * g):
            if state.to_move is None:
                break
            GAME.apply(state, walkers[state.to_move].act(GAME, state))
        if state.to_move is None:
            continue
        frames_seen += bool(state.frames)
        before = GAME.state_hash(state)
        kernel.run(state, [1, 2, 3])
        assert GAME.state_hash(state) == before  # the kernel plays a copy
        _replay(state, [derive_seed(seed, k + 1) for k in range(3)], g)
    assert frames_seen > 0


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6, 7, 8, 9, 40])
def test_kernel_plays_every_built_in_board_as_the_reference(number):
    """Every seat on one board, chosen by the reference engine in a free-choice game; the kernel plays on from
    there (each seat's start castle space first, on a board without a fixed one) step for step as the reference."""
    opts = GAME.validate_options({"players": 3, "scenario": "free-choice", "board_set": "all"})
    for g in range(3):
        seed = derive_seed(40 + number, g)
        state = GAME.setup(opts, seed)
        for _ in range(3):
            p = state.to_move
            GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.to_json().get("board") == number))
            if state.to_move == p:  # a board without a fixed start: the replay makes this seat's choice
                break
        _replay(state, [derive_seed(seed, k + 1) for k in range(3)], (number, g))


def test_kernel_plays_boards_from_a_boards_file(tmp_path):
    """A replaced board 1 with holes and an extra board: the board table is built from the pool."""
    holed = BOARD1_ROWS[:]
    holed[0] = ". C5 C4 K3"
    holed[6] = "M3 K4 . B3"
    other = BOARD1_ROWS[:]
    other[0] = "M6 C5 C4 K3"
    path = tmp_path / "boards.json"
    path.write_text(json.dumps({"boards": [{"board": 1, "rows": holed}, {"board": 12, "rows": other}]}))
    for options in ({"players": 4, "scenario": "random"}, {"players": 2, "scenario": "free-choice"},
                    {"players": 2, "tiebreak": "most-empty"}):
        opts = GAME.validate_options({**options, "boards_file": str(path)})
        for g in range(5):
            seed = derive_seed(3, g)
            seeds = [derive_seed(seed, k + 1) for k in range(opts["players"])]
            state = GAME.setup(opts, seed)
            _replay(state, seeds, (options, g))
            done = GAME.fast_games(opts, ["random"] * opts["players"])(seed, seeds)
            assert done.result == GAME.result(state) and done.result.breakdown == GAME.result(state).breakdown


def test_hook_chooses_the_kernel_the_lean_path_or_none():
    opts = GAME.validate_options({"players": 2})
    assert isinstance(GAME.fast_games(opts, ["random", "random"]), kernel.KernelGames)
    assert isinstance(lean.fast_games(GAME, opts, ["random", "random"], compiled=False), lean.FastGames)
    assert GAME.fast_games(opts, ["random", "greedy"]) is None
    assert GAME.fast_games(opts, ["rollout", "random"]) is None


def test_kernel_and_lean_path_give_the_same_games():
    for options in ({"players": 2}, {"players": 4, "scenario": "random"}):
        opts = GAME.validate_options(options)
        agents = ["random"] * opts["players"]
        fast, slow = GAME.fast_games(opts, agents), lean.fast_games(GAME, opts, agents, compiled=False)
        for g in range(6):
            seeds = [derive_seed(g, k) for k in range(opts["players"])]
            a, b = fast(g, seeds), slow(g, seeds)
            assert (a.result, a.turns, a.actions) == (b.result, b.turns, b.actions)


def test_every_kernel_path_runs_one_compiled_version():
    """The kernel's recorded games and its whole new games (each scenario) go through ``kernel.games`` with
    arguments of the same types, so numba compiles the engine into one function once."""
    if not hasattr(kernel.games, "signatures"):
        pytest.skip("numba's JIT is switched off")
    state = GAME.new(GAME.validate_options({"players": 2}), 3)
    kernel.run(state, [1, 2], record=True)
    kernel.run(state, [1, 2])
    for scenario in ("basic", "advanced", "random", "free-choice"):
        kernel.KernelGames(GAME, GAME.validate_options({"players": 3, "scenario": scenario}))(5, [1, 2, 3])
    assert len(kernel.games.signatures) == 1, kernel.games.signatures
