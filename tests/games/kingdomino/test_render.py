"""The terminal drawing of Kingdomino: every square, row and menu shows its true crown count."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import realms.games
from realms.games.kingdomino.render import cell_text, kingdom_grid, render, render_result, row_table


def plain(renderable, width: int = 200) -> str:
    console = Console(width=width, record=True, force_terminal=False, color_system=None)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


@pytest.mark.parametrize("crowns", [0, 1, 2, 3])
def test_a_square_shows_its_crown_count(crowns):
    label = cell_text("M", crowns).plain.strip()
    assert label == ("M" if crowns == 0 else f"M{crowns}")


def test_all_crown_counts_are_told_apart():
    labels = {cell_text("W", k).plain for k in range(4)}
    assert len(labels) == 4


def test_kingdom_board_shows_each_square_with_its_crowns():
    kingdom = {"cells": [[0, 0, "C", 0], [0, 1, "W", 1], [0, 2, "F", 2], [1, 0, "L", 3], [1, 1, "G", 0]],
               "box": [0, 1, 0, 2]}
    text = plain(kingdom_grid(kingdom, 5))
    assert "W1" in text and "F2" in text and "L3" in text
    assert re.search(r"\bG\b", text)


def test_domino_row_shows_two_crowns():
    row = [{"domino": 47, "halves": [["S", 0], ["M", 2]], "seat": None},
           {"domino": 48, "halves": [["G", 2], ["M", 0]], "seat": 0}]
    text = plain(row_table("Next row", row, ["Ann"]))
    assert "M2" in text and "G2" in text


def test_whole_view_and_menu_show_two_crowns():
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, 1)  # seed 1 deals #47 swamp | mine with two crowns
    view = game.view(state, 0)
    assert any(h == ["M", 2] for slot in view["next_row"] for h in slot["halves"])
    text = plain(render(view, ["You", "Bot"]))
    assert "M2" in text
    menu = [game.describe(state, a) for a in game.legal_actions(state)]
    assert "pick #47 S|M2" in menu  # crowns written one way on the screen: a digit, in the board and the menu


def test_one_screen_writes_crowns_one_way_and_the_castle_as_c():
    from typer.testing import CliRunner

    from realms.cli import app

    r = CliRunner().invoke(app, ["play", "kingdomino", "--bots", "random", "--seed", "3"], input="1\n1\nq\n")
    assert r.exit_code == 0, r.output
    assert "♛" not in r.output  # the castle is C, as the key, the calculator and the README write it
    assert re.search(r"[WFLGSM]\*", r.output) is None, r.output  # no star-crowns beside the digit ones
    assert re.search(r"\bC\b", r.output) is not None


def test_names_are_printed_as_text_not_markup():
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, 1)
    game.apply(state, game.legal_actions(state)[0])
    text = plain(render(game.view(state, 0), ["[/]", "[bold]x[/bold]"]))
    assert "[/]" in text and "[bold]x[/bold]" in text
    result = {"ranks": [1, 2], "scores": [3, 1],
              "breakdown": [{"largest_region": 1, "crowns": 1, "bonus": 0, "regions": [], "score": 3}] * 2}
    text = plain(render_result(result, ["[/]", "[red]y"]))
    assert "[/]" in text and "[red]y" in text
