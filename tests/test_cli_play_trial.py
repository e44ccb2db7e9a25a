"""`realms play` as a new player meets it: moves named by a domino's number, and a log that says who did what."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from realms.cli import app, match_move

runner = CliRunner()


def test_a_dominos_whole_number_names_it_though_a_longer_number_starts_alike():
    # seen: "#3" answered "'#3' could be: pick #3 F|F, pick #36 W|G*", and no shorter answer named #3
    menu = ["pick #3 F|F", "pick #36 W|G*", "pick #24 F*|W"]
    assert match_move("#3", menu) == 0
    assert match_move("#36", menu) == 1
    assert match_move("#2", menu) == 2  # a prefix that only one entry has is still enough
    assert "could be" in str(match_move("#", menu))


def test_a_whole_card_name_before_a_longer_one_that_starts_alike():
    menu = ["buy Copper ($0)", "buy Copperplate ($3)", "end buying"]
    assert match_move("copper", menu) == 0  # the whole name: exact already
    assert match_move("buy copper", menu) == 0
    assert "could be" in str(match_move("copp", menu))


LINE = re.compile(r"^(?P<label>You|[\w-]+ \((?P<n>\d)\)): Seat (?P<seat>\d) ", re.M)


def test_each_log_line_is_labelled_with_the_seat_it_is_about():
    # seen: "You: Seat 2 begins turn 1" and "witch-big-money (2): Seat 1 begins turn 2": the label was the seat
    # whose move led to the line, not the seat the line is about
    r = runner.invoke(app, ["play", "dominion", "--bots", "big-money", "--seed", "5"], input="1\n" * 12 + "q\n")
    assert r.exit_code == 0, r.output
    lines = list(LINE.finditer(r.output))
    assert any("begins turn" in r.output[m.end():m.end() + 20] for m in lines)
    for m in lines:
        seat = "1" if m["label"] == "You" else m["n"]
        assert m["seat"] == seat, r.output[m.start():r.output.find("\n", m.start())]
