"""Estate boards, the board file format, scenarios and options."""

from __future__ import annotations

import json

import pytest

from realms.core.errors import OptionsError
from realms.games.burgundy.data import BoardError, builtin_boards, parse_boards

from .helpers import GAME, D, IllegalAction, R, act, legal_json, new

BOARD1_ROWS = ["A6 C5 C4 K3", "A2 A1 C6 K5 B4", "A5 A4 B3 K1 B2 B3", "S6 S1 S2 C6* S5 S4 S1",
               "B2 B5 M4 B3 B1 A2", "B6 M1 K2 B5 B6", "M3 K4 K1 B3"]


def test_board_1_matches_the_rulebook_regions():
    b = builtin_boards()[1]
    sizes: dict[str, list[int]] = {}
    for r, t in enumerate(b.region_type):
        sizes.setdefault(D.TYPES[t], []).append(b.region_size[r])
    assert sorted(sizes["building"]) == [1, 3, 3, 5]
    assert sorted(sizes["animal"]) == [1, 5]
    assert sorted(sizes["castle"]) == [1, 3]
    assert sorted(sizes["ship"]) == [3, 3]
    assert sizes["mine"] == [3]
    assert len(b.ids) == 37 and b.start == 19


def test_board_6_loads_from_the_same_format_without_a_fixed_start_castle():
    b = builtin_boards()[6]
    assert len(b.ids) == 37 and b.start == 0
    assert [b.type_mask[t].bit_count() for t in range(6)] == [6, 6, 4, 3, 6, 12]


def _write(tmp_path, data, name="boards.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_user_board_file_adds_a_board_for_random_and_free_choice(tmp_path):
    rows = BOARD1_ROWS[:]
    rows[0] = "M6 C5 C4 K3"
    path = _write(tmp_path, {"boards": [{"board": 12, "rows": rows}]})
    s = new(2, seed=1, scenario="free-choice", boards_file=path)
    assert [a["board"] for a in legal_json(s)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]
    p = s.to_move
    act(s, "board", board=12)
    assert s.boards[p].number == 12 and s.boards[p].types[1] == D.MINE
    q = s.to_move
    assert q != p
    act(s, "board", board=1)
    assert s.mode == R.MODE_PLAY and s.boards[q].number == 1
    assert all(s.occ[x] == 1 << 19 for x in range(2))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_scenario_deals_from_a_box_with_four_of_board_1_and_one_of_each_other(players):
    """The box holds one of each board 2-9 and four of board 1, so no board other than 1 is dealt twice."""
    deals = set()
    for seed in range(300):
        numbers = [b.number for b in new(players, seed=seed, scenario="advanced").boards]
        assert set(numbers) <= set(range(1, 10))
        assert all(numbers.count(x) <= 1 for x in range(2, 10)), f"seed {seed}: a board dealt twice: {numbers}"
        deals.add(tuple(numbers))
    assert any(d.count(1) >= 2 for d in deals)
    assert {x for d in deals for x in d} == set(range(1, 10))


def test_advanced_scenario_box_holds_one_of_each_extra_board(tmp_path):
    rows = BOARD1_ROWS[:]
    rows[0] = "M6 C5 C4 K3"
    path = _write(tmp_path, {"boards": [{"board": 12, "rows": rows}]})
    for seed in range(100):
        numbers = [b.number for b in new(4, seed=seed, scenario="advanced", boards_file=path).boards]
        assert numbers.count(6) <= 1 and numbers.count(12) <= 1, numbers


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_scenario_deals_a_different_board_to_each_seat(players):
    seen = set()
    for seed in range(200):
        numbers = [b.number for b in new(players, seed=seed, scenario="random").boards]
        assert len(set(numbers)) == players and set(numbers) <= set(range(1, 10)), numbers
        seen.update(numbers)
    assert seen == set(range(1, 10))


def test_board_sets_restrict_what_the_scenarios_draw_from():
    for seed in range(50):
        assert {b.number for b in new(2, seed=seed, scenario="random", board_set="two-sources").boards} == {1, 6}
        assert {b.number for b in new(4, seed=seed, scenario="advanced", board_set="two-sources").boards} <= {1, 6}
    s = new(2, seed=1, scenario="free-choice", board_set="all")
    assert [a["board"] for a in legal_json(s)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 40]
    assert [b.number for b in new(2, seed=1, scenario="free-choice").pool] == list(range(1, 10))


def test_random_scenario_with_more_players_than_boards_is_a_clear_error():
    with pytest.raises(OptionsError, match="different board to each of 3 players.*only 2 boards"):
        GAME.new({"players": 3, "scenario": "random", "board_set": "two-sources"}, 1)


def test_basic_scenario_board_1_for_everyone():
    s = new(4, seed=2)
    assert [b.number for b in s.boards] == [1, 1, 1, 1]


def test_free_choice_boards_are_the_first_actions_and_only_those():
    s = new(3, seed=5, scenario="free-choice")
    assert {a["type"] for a in legal_json(s)} == {"board"}
    with pytest.raises(IllegalAction, match="estate board"):
        act(s, "workers", die=0)
    with pytest.raises(IllegalAction, match="no estate board 40"):
        act(s, "board", board=40)
    with pytest.raises(IllegalAction, match="choose an estate board"):
        act(s, "start", space=19)
    order = list(s.order)
    for p, number in zip(order, (6, 2, 3), strict=True):
        assert s.to_move == p
        act(s, "board", board=number)
        # boards 2-9 have no fixed start castle: the same seat places it now, on a castle space
        assert s.to_move == p and {a["type"] for a in legal_json(s)} == {"start"}
        act(s, "start", space=legal_json(s)[0]["space"])
    assert [s.boards[p].number for p in order] == [6, 2, 3]
    assert s.turns == [0, 0, 0]
    assert "workers" in {a["type"] for a in legal_json(s)}


def _boards_offered(s) -> list[int]:
    return sorted(a["board"] for a in legal_json(s) if a["type"] == "board")


def test_free_choice_offers_each_board_of_the_box_once_and_board_1_four_times():
    s = new(4, seed=5, scenario="free-choice", board_set="all")
    assert _boards_offered(s) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 40]
    act(s, "board", board=6)
    act(s, "start", space=19)
    assert _boards_offered(s) == [1, 2, 3, 4, 5, 7, 8, 9, 40]  # the box holds one board 6: it is taken
    with pytest.raises(IllegalAction, match="estate board 6"):
        act(s, "board", board=6)
    for _ in range(3):  # four copies of board 1 in the box: enough for every seat
        assert 1 in _boards_offered(s)
        act(s, "board", board=1)
    assert [b.number for b in s.boards if b.number == 1] == [1, 1, 1]


def test_user_board_replaces_a_builtin_board_of_the_same_number(tmp_path):
    rows = BOARD1_ROWS[:]
    rows[6] = "M3 K4 K1 M3"
    path = _write(tmp_path, {"boards": [{"board": 1, "rows": rows}]})
    s = new(2, seed=1, boards_file=path)
    assert s.boards[0].types[37] == D.MINE


@pytest.mark.parametrize("data,message", [
    ("{not json", "not valid JSON"),
    ({"nothing": []}, "'boards' list"),
    ({"boards": []}, "empty"),
    ({"boards": [{"rows": BOARD1_ROWS}]}, "needs 'board'"),
    ({"boards": [{"board": 3}]}, "no 'rows'"),
    ({"boards": [{"board": 3, "rows": BOARD1_ROWS[:6]}]}, "list of 7 strings"),
    ({"boards": [{"board": 3, "rows": [*BOARD1_ROWS[:6], "M3 K4 K1"]}]}, "row 7 has 3 spaces"),
    ({"boards": [{"board": 3, "rows": [*BOARD1_ROWS[:6], "M3 K4 K1 X3"]}]}, "space 37"),
    ({"boards": [{"board": 3, "rows": [*BOARD1_ROWS[:6], "M3 K4 K1 B7"]}]}, "die number 1-6"),
    ({"boards": [{"board": 3, "rows": [r.replace("*", "").replace("C", "B") for r in BOARD1_ROWS]}]},
     "no castle space"),
    ({"boards": [{"board": 3, "rows": [*BOARD1_ROWS[:6], "M3 K4 K1 C3*"]}]}, "two start castles"),
    ({"boards": [{"board": 3, "rows": [*BOARD1_ROWS[:6], "M3 K4 K1 B3*"]}]}, "must be a castle"),
    ({"boards": [{"board": 3, "rows": BOARD1_ROWS}, {"board": 3, "rows": BOARD1_ROWS}]}, "defined twice"),
    ({"boards": [{"board": 300, "rows": BOARD1_ROWS}]}, "integer 1-99"),
])
def test_malformed_board_file_is_rejected_with_a_clear_error(tmp_path, data, message):
    path = _write(tmp_path, data)
    with pytest.raises(OptionsError, match=message):
        GAME.validate_options({"boards_file": path})
    with pytest.raises(BoardError, match=message):
        GAME.new({"boards_file": path}, 1)


def test_disconnected_board_is_rejected(tmp_path):
    # holes ('.') around space 1 cut it off from the rest of the estate
    rows = BOARD1_ROWS[:]
    rows[0] = "A6 . C4 K3"
    rows[1] = ". . C6 K5 B4"
    path = _write(tmp_path, {"boards": [{"board": 3, "rows": rows}]})
    with pytest.raises(BoardError, match="disconnected.*\\[1\\]"):
        GAME.validate_options({"boards_file": path})


def test_board_with_holes_but_connected_is_accepted(tmp_path):
    rows = BOARD1_ROWS[:]
    rows[0] = ". C5 C4 K3"
    path = _write(tmp_path, {"boards": [{"board": 3, "rows": rows}]})
    s = new(2, seed=1, scenario="free-choice", boards_file=path)
    act(s, "board", board=3)
    assert len(s.boards[s.order[0]].ids) == 36


def test_spaces_that_contradict_the_rows_are_rejected():
    good = json.loads(
        (__import__("importlib").resources.files("realms.games.burgundy") / "data" / "boards.json").read_text())
    entry = dict(good["boards"][0])
    spaces = [dict(sp) for sp in entry["spaces"]]
    spaces[0]["neighbours"] = [2]
    entry["spaces"] = spaces
    with pytest.raises(BoardError, match="neighbour"):
        parse_boards({"boards": [entry]}, "test")
    entry["spaces"] = good["boards"][0]["spaces"]
    entry["regions"] = good["boards"][0]["regions"][1:]
    with pytest.raises(BoardError, match="regions"):
        parse_boards({"boards": [entry]}, "test")


@pytest.mark.parametrize("text,message", [
    ("[" * 100_000 + "]" * 100_000, "not valid JSON: nested too deeply"),
    ('{"boards": ' + "[" * 100_000 + "]" * 100_000 + "}", "not valid JSON: nested too deeply"),
    ('{"boards": [{"board": ' + "9" * 5000 + "}]}", "not valid JSON"),
])
def test_a_board_file_too_deep_or_too_long_to_read_is_a_clear_error(tmp_path, text, message):
    path = _write(tmp_path, text)
    with pytest.raises(OptionsError, match=message):
        GAME.validate_options({"boards_file": path})
    with pytest.raises(BoardError, match=message):
        GAME.new({"boards_file": path}, 1)


def test_spaces_and_regions_of_the_wrong_kind_are_rejected_with_a_clear_error():
    good = json.loads(
        (__import__("importlib").resources.files("realms.games.burgundy") / "data" / "boards.json").read_text())
    entry = dict(good["boards"][0])
    spaces = [dict(sp) for sp in entry["spaces"]]
    spaces[0]["neighbours"] = [2, "three"]
    with pytest.raises(BoardError, match="neighbours"):
        parse_boards({"boards": [{**entry, "spaces": spaces}]}, "test")
    for regions in ([{"spaces": [[1]]}], [{"spaces": [{"id": 1}]}]):
        with pytest.raises(BoardError, match="every region needs a 'spaces' list of space numbers"):
            parse_boards({"boards": [{**entry, "regions": regions}]}, "test")


def test_missing_board_file_is_a_clear_error(tmp_path):
    with pytest.raises(OptionsError, match="cannot be read"):
        GAME.validate_options({"boards_file": str(tmp_path / "nope.json")})


@pytest.mark.parametrize("opts,message", [
    ({"players": 5}, "between 2 and 4"),
    ({"players": 1}, "between 2 and 4"),
    ({"scenario": "expert"}, "basic, advanced, random, free-choice"),
    ({"board_set": "2019"}, "2011, two-sources, all"),
    ({"city_hall": "yes"}, "any-colour, matching-colour"),
    ({"tiebreak": "coin"}, "fewest-empty, most-empty"),
    ({"boards_file": 3}, "file path"),
    ({"colour": "red"}, "unknown option"),
])
def test_bad_options_are_rejected_with_a_clear_error(opts, message):
    with pytest.raises(OptionsError, match=message):
        GAME.new(opts, 1)


def test_option_defaults_follow_decisions():
    opts = GAME.validate_options({})
    assert opts["city_hall"] == "any-colour"
    assert opts["tiebreak"] == "fewest-empty"
    assert opts["scenario"] == "basic"
    assert opts["board_set"] == "2011"
