"""The built-in estate boards (``data/boards.json``) checked by an independent reading of their rows: the hex
neighbours from row and column alone, the regions flood-filled from them, every region scored as the rules
score it, each die value's count, and the load-time checks of the board data."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from realms.games.burgundy.data import (
    COMPOSITION,
    TYPES,
    BoardError,
    board_info,
    board_set,
    builtin_boards,
    parse_boards,
)

from .helpers import GAME, D, act, new

ROWS = (4, 5, 6, 7, 6, 5, 4)
NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 40]
#: each die value's count: the 2011 boards share one die layout (seven 1s, six of every other value); the reworked
#: boards 4 and 8 keep the dice their source read
DIE_COUNTS = {4: {1: 7, 2: 6, 3: 7, 4: 5, 5: 6, 6: 6}, 8: {1: 7, 2: 9, 3: 5, 4: 3, 5: 8, 6: 5}}
TEMPLATE = {1: 7, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6}


def _cells(rows):
    """{(row, col): (letter, die)} read from the row strings, and the space id of each position."""
    cells, ids = {}, {}
    sid = 0
    for r, row in enumerate(rows):
        for c, tok in enumerate(row.split()):
            sid += 1
            ids[(r, c)] = sid
            cells[(r, c)] = (tok[0], int(tok[1]))
    return cells, ids


def _near(r, c):
    """The positions next to (row, col) on a hexagon of rows 4..7..4, from the row lengths alone."""
    out = [(r, c - 1), (r, c + 1)]
    if r > 0:  # the row above is shorter in the upper half, longer in the lower half
        out += [(r - 1, c - 1), (r - 1, c)] if r <= 3 else [(r - 1, c), (r - 1, c + 1)]
    if r < 6:
        out += [(r + 1, c), (r + 1, c + 1)] if r < 3 else [(r + 1, c - 1), (r + 1, c)]
    return [(a, b) for a, b in out if 0 <= a < 7 and 0 <= b < ROWS[a]]


def _regions(rows):
    cells, ids = _cells(rows)
    seen, regions = set(), []
    for pos in cells:
        if pos in seen:
            continue
        todo, region = [pos], set()
        seen.add(pos)
        while todo:
            at = todo.pop()
            region.add(ids[at])
            for nb in _near(*at):
                if nb not in seen and cells[nb][0] == cells[pos][0]:
                    seen.add(nb)
                    todo.append(nb)
        regions.append((cells[pos][0], frozenset(region)))
    return regions


@pytest.mark.parametrize("number", NUMBERS)
def test_board_neighbours_are_the_hex_grid_and_symmetric(number):
    b = builtin_boards()[number]
    cells, ids = _cells(b.rows)
    for pos, sid in ids.items():
        want = {ids[nb] for nb in _near(*pos)}
        assert set(D.bits(b.nmask[sid])) == want, (number, sid)
        for j in want:
            assert b.nmask[j] >> sid & 1, (number, sid, j)


@pytest.mark.parametrize("number", NUMBERS)
def test_board_regions_are_the_connected_spaces_of_one_colour(number):
    b = builtin_boards()[number]
    mine = {(letter, spaces) for letter, spaces in _regions(b.rows)}
    theirs = {(D.TYPE_LETTER[t], frozenset(D.bits(m))) for t, m in zip(b.region_type, b.region_mask, strict=True)}
    assert mine == theirs


@pytest.mark.parametrize("number", NUMBERS)
def test_board_composition_and_die_counts(number):
    b = builtin_boards()[number]
    cells, _ = _cells(b.rows)
    assert len(cells) == 37
    assert Counter(letter for letter, _ in cells.values()) == {"B": 12, "A": 6, "S": 6, "K": 6, "C": 4, "M": 3}
    assert Counter(die for _, die in cells.values()) == DIE_COUNTS.get(number, TEMPLATE)
    if number not in DIE_COUNTS:  # the common 2011 die layout: board 1's dice on every space
        assert [d for _, d in cells.values()] == [d for _, d in _cells(builtin_boards()[1].rows)[0].values()]


def _seated(number, phase):
    """A 2-player state where seat 1 has board ``number`` (chosen, start castle placed; the other seat another
    board, the box holding one of most boards) in phase ``phase``."""
    s = new(2, seed=number, scenario="free-choice", board_set="all")
    while GAME.pending(s) in ("board", "start-castle"):
        if GAME.pending(s) == "board":
            offered = [a.to_json()["board"] for a in GAME.legal_actions(s)]
            act(s, "board", board=number if s.to_move == 0 else next(n for n in offered if n != number))
        else:
            act(s, "start", space=next(a for a in GAME.legal_actions(s)).to_json()["space"])
    s.phase = phase
    return s


@pytest.mark.parametrize("number", NUMBERS)
def test_every_region_scores_its_size_and_the_phase_bonus_when_completed(number):
    mine_tile = next(t for t in range(D.NTILES) if D.T_TYPE[t] == D.MINE)
    for letter, spaces in _regions(builtin_boards()[number].rows):
        n = len(spaces)
        for phase, bonus in enumerate((10, 8, 6, 4, 2)):
            s = _seated(number, phase)
            p = 0
            s.occ[p] = sum(1 << sp for sp in spaces) & ~(1 << max(spaces))
            s.vp_log[p] = []
            GAME._place(s, p, mine_tile, max(spaces), None)
            got = sum(vp for src, vp in s.vp_log[p] if src == "region")
            assert got == n * (n + 1) // 2 + bonus, (number, letter, sorted(spaces), phase)


def test_the_board_sets():
    assert board_set("2011") == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert board_set("two-sources") == (1, 6)
    assert board_set("all") == tuple(NUMBERS)
    boards = builtin_boards()
    assert [n for n in NUMBERS if board_info(boards[n]).two_sources] == [1, 6]
    assert [n for n in NUMBERS if board_info(boards[n]).stand_in] == [4, 8]
    assert [n for n in NUMBERS if boards[n].start] == [1] and boards[1].start == 19
    assert "(one source)" in board_info(boards[5]).label and "(one source)" not in board_info(boards[6]).label


def _entry(number=1):
    data = json.loads((D.resources.files("realms.games.burgundy") / "data" / "boards.json").read_text("utf-8"))
    return next(e for e in data["boards"] if e["board"] == number)


def test_the_data_entries_load_with_their_checks():
    entries = [_entry(n) for n in NUMBERS]
    assert set(parse_boards({"boards": entries}, "t", standard=True)) == set(NUMBERS)
    assert COMPOSITION == {D.BUILDING: 12, D.ANIMAL: 6, D.SHIP: 6, D.KNOWLEDGE: 6, D.CASTLE: 4, D.MINE: 3}
    assert TYPES[D.CASTLE] == "castle"


def _broken(change):
    e = json.loads(json.dumps(_entry(2)))
    change(e)
    return {"boards": [e]}


def _asymmetric(e):
    e["spaces"][0]["neighbours"] = [*e["spaces"][0]["neighbours"], 7]


@pytest.mark.parametrize("change,message", [
    (_asymmetric, "space 1 lists space 7 as a neighbour but space 7 does not list space 1"),
    (lambda e: e["type_counts"].update(mine=4), "'type_counts'"),
    (lambda e: e["region_size_summary"].update(ship=[6]), "'region_size_summary'"),
    (lambda e: e["regions"].pop(), "'regions' do not match"),
    (lambda e: e["spaces"][3].update(die=1), "space 4 has die 1 in 'spaces' but 3 in 'rows'"),
])
def test_bad_board_data_is_rejected_with_a_one_line_error(tmp_path, change, message):
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(_broken(change)))
    with pytest.raises(BoardError, match=message) as err:
        GAME.validate_options({"boards_file": str(path)})
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_built_in_boards_must_have_the_estate_composition():
    e = json.loads(json.dumps(_entry(2)))
    e["rows"][6] = "C3 S4 S1 M3"
    for key in ("spaces", "regions", "type_counts", "region_size_summary"):
        e.pop(key)
    with pytest.raises(BoardError, match="board 2: 3 castle spaces, an estate has 4"):
        parse_boards({"boards": [e]}, "boards.json", standard=True)
    assert parse_boards({"boards": [e]}, "a boards file")  # a boards file may hold a variant estate
