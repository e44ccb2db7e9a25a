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


BEGINS = re.compile(r"^(?P<label>You|[\w-]+ \((?P<n>\d)\)): begins turn (?P<turn>\d+)", re.M)


def test_each_log_line_is_labelled_with_the_seat_it_is_about():
    # seen: "You: Seat 2 begins turn 1" and "witch-big-money (2): Seat 1 begins turn 2": the label was the seat
    # whose move led to the line, not the seat the line is about. The label alone names the seat now ("You: begins
    # turn 2"): the two seats' turns begin in turn, each counting its own
    r = runner.invoke(app, ["play", "dominion", "--bots", "big-money", "--seed", "5"], input="1\n" * 12 + "q\n")
    assert r.exit_code == 0, r.output
    begins = [(m["label"], int(m["turn"])) for m in BEGINS.finditer(r.output)]
    assert len(begins) >= 4, r.output
    assert all(a[0] != b[0] for a, b in zip(begins, begins[1:], strict=False)), begins  # the two seats in turn
    for label in ("You", "big-money (2)"):
        turns = [n for who, n in begins if who == label]
        assert turns == list(range(turns[0], turns[0] + len(turns))), (label, turns)  # each seat's own turns
