"""The start castle: fixed on board 1's central space; on any other board each player places it on a castle space
of their choice, in starting turn order, before round A1 -- an action like any other."""

from __future__ import annotations

import pytest

from realms.agents import make_agent

from .helpers import GAME, D, IllegalAction, R, act, goods_total, legal_json, new, tiles_total


def _castles(board):
    return [sp for sp in board.ids if board.types[sp] == D.CASTLE]


def test_basic_scenario_places_the_start_castle_on_board_1_centre_without_a_decision():
    s = new(3, seed=4)
    assert s.mode == R.MODE_PLAY and GAME.pending(s) == "turn"
    assert all(s.occ[q] == 1 << 19 and D.T_TYPE[s.estate[q * R.STRIDE + 19]] == D.CASTLE for q in range(3))


@pytest.mark.parametrize("scenario", ["advanced", "random"])
def test_seats_without_a_fixed_start_place_it_in_starting_turn_order_before_round_a1(scenario):
    for seed in range(30):
        s = new(4, seed=seed, scenario=scenario)
        deciding = [q for q in s.order if not s.boards[q].start]
        assert [q for q in range(4) if s.occ[q]] == [q for q in range(4) if s.boards[q].start]
        for q in deciding:
            assert s.mode == R.MODE_BOARD and s.to_move == q and GAME.pending(s) == "start-castle"
            legal = legal_json(s)
            assert [a["type"] for a in legal] == ["start"] * 4
            assert [a["space"] for a in legal] == _castles(s.boards[q])
            castles_left = len(s.stacks[D.CASTLE])
            act(s, "start", space=legal[-1]["space"])
            sp = legal[-1]["space"]
            assert s.occ[q] == 1 << sp and s.adj[q] == s.boards[q].nmask[sp]
            assert len(s.stacks[D.CASTLE]) == castles_left - 1 and D.T_TYPE[s.estate[q * R.STRIDE + sp]] == D.CASTLE
        assert s.mode == R.MODE_PLAY and s.phase == 0 and s.round == 0 and GAME.pending(s) == "turn"
        assert tiles_total(s)["total"] == 164 and goods_total(s) == 42


def test_a_start_castle_on_a_space_that_is_not_a_castle_is_refused_and_changes_nothing():
    s = new(2, seed=3, scenario="random")
    q = s.to_move
    assert GAME.pending(s) == "start-castle"
    board = s.boards[q]
    other = next(sp for sp in board.ids if board.types[sp] != D.CASTLE)
    before = GAME.state_hash(s)
    with pytest.raises(IllegalAction, match=f"space {other} of estate board {board.number} is not a castle space"):
        act(s, "start", space=other)
    with pytest.raises(IllegalAction, match="must first place the start castle"):
        act(s, "workers", die=0)
    assert GAME.state_hash(s) == before


def test_the_start_castle_is_refused_once_play_has_begun():
    s = new(2, seed=1)
    with pytest.raises(IllegalAction, match="only before the first round"):
        act(s, "start", space=19)


def test_free_choice_places_the_start_castle_right_after_the_board_is_chosen():
    s = new(2, seed=9, scenario="free-choice")
    first, second = s.order
    act(s, "board", board=1)  # board 1: the central castle, no decision
    assert s.occ[first] == 1 << 19 and s.to_move == second and GAME.pending(s) == "board"
    act(s, "board", board=9)
    assert s.to_move == second and GAME.pending(s) == "start-castle"
    act(s, "start", space=21)
    assert s.occ[second] == 1 << 21 and s.mode == R.MODE_PLAY


def test_the_view_and_descriptions_name_the_board_and_the_decision():
    s = new(2, seed=3, scenario="random")
    q = s.to_move
    v = GAME.view(s, q)
    assert v["pending"] == "start-castle" and v["pending_text"] == "place the start castle on a castle space"
    info = v["seats"][q]["board_info"]
    assert info["board"] == s.boards[q].number and info["fixed_start"] == 0 and info["label"]
    assert [b["board"] for b in v["boards_info"]] == list(range(1, 10))
    a = GAME.legal_actions(s)[0]
    assert GAME.describe(s, a).startswith(f"place the start castle on space {a.to_json()['space']} (die ")


def test_greedy_places_the_start_castle_where_the_estate_grows_best():
    s = new(2, seed=3, scenario="random")
    q = s.to_move
    board = s.boards[q]
    best = max(board.start_values[sp] for sp in _castles(board))
    for name in ("greedy", "light-rollout"):
        chosen = make_agent(name, GAME, 1).act(GAME, s).to_json()["space"]
        assert board.start_values[chosen] == best, name
    # board 1's centre is the best start there, as the basic game has it
    b1 = D.builtin_boards()[1]
    assert max(_castles(b1), key=lambda sp: b1.start_values[sp]) == 19


@pytest.mark.parametrize("agent", ["greedy", "random", "rollout", "light-rollout"])
def test_bots_play_whole_games_with_start_castle_decisions(agent):
    from realms.core.agents import choose

    s = new(2, seed=11, scenario="advanced", board_set="all")
    bots = [make_agent(agent, GAME, 5 + q) for q in range(2)]
    steps = 0
    while s.to_move is not None and steps < (400 if agent != "greedy" else 30):
        GAME.apply(s, choose(bots[s.to_move], GAME, s))
        steps += 1
    assert s.mode != R.MODE_BOARD and all(s.occ[q] for q in range(2))


def test_a_record_with_start_castle_choices_replays_to_the_same_game():
    from realms.core.record import GameRecord, replay

    rec = GameRecord.start(GAME, {"players": 3, "scenario": "random"}, 21, ["a", "b", "c"])
    bots = [make_agent("random", GAME, 30 + q) for q in range(3)]
    starts = 0
    while rec.state.to_move is not None:
        action = bots[rec.state.to_move].act(GAME, rec.state)
        starts += action.kind == "start"
        rec.play(action)
    assert starts >= 2
    done = replay(rec.to_json())
    assert GAME.state_hash(done.state) == GAME.state_hash(rec.state)
