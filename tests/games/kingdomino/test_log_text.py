"""Kingdomino's log lines are written in words: terrains by name, placements relative to the castle."""

from __future__ import annotations

import re

import realms.games
from realms.agents import make_agent
from realms.core.game import Action

GAME = realms.games.get("kingdomino")
RAW_COORDINATES = re.compile(r"\([+-]?\d+,[+-]?\d+\)")
RAW_LABEL = re.compile(r"[WFLGSM]\**\|[WFLGSM]")


def events_of_games(seeds=range(4), players=(2, 3, 4)):
    for n in players:
        for seed in seeds:
            state = GAME.new(GAME.validate_options({"players": n}), seed)
            bots = [make_agent("random", GAME, seed=seed * 10 + i) for i in range(n)]
            while GAME.to_move(state) is not None:
                yield from GAME.apply(state, bots[GAME.to_move(state)].act(GAME, state), log=True)


def test_no_log_line_has_raw_coordinates_or_letter_codes():
    kinds = set()
    for e in events_of_games():
        kinds.add(e.kind)
        assert not RAW_COORDINATES.search(e.text), e.text
        assert not RAW_LABEL.search(e.text), e.text
    assert {"place", "pick"} <= kinds


def test_a_placement_names_its_terrains_and_where_it_lies_from_the_castle():
    for e in events_of_games(seeds=range(2), players=(2,)):
        if e.kind != "place":
            continue
        row, col, d = e.data["row"], e.data["col"], e.data["dir"]
        if row:
            assert f"{abs(row)} row{'s' if abs(row) > 1 else ''} {'above' if row < 0 else 'below'}" in e.text
        if col:
            assert f"{abs(col)} column{'s' if abs(col) > 1 else ''} {'left' if col < 0 else 'right'}" in e.text
        assert e.text.count("the castle") == 1
        assert {"E": "to its right", "W": "to its left", "S": "below it", "N": "above it"}[d] in e.text


def test_the_first_placement_reads_as_a_sentence():
    state = GAME.new(GAME.validate_options({"players": 2}), 5)
    while True:
        legal = GAME.legal_actions(state)
        place = [a for a in legal if a.to_json().get("type") == "place"]
        if place:
            break
        GAME.apply(state, legal[0])
    # the first half just right of the castle, the second further right
    action = next(a for a in place if a.to_json() == {"type": "place", "row": 0, "col": 1, "dir": "E"})
    assert isinstance(action, Action)
    seat = GAME.to_move(state)
    (event,) = [e for e in GAME.apply(state, action, log=True) if e.kind == "place"]
    assert event.text.startswith(f"Seat {seat + 1} placed #")
    assert "1 column right of the castle" in event.text and "to its right" in event.text
    assert re.search(r"(Wheat field|Forest|Lake|Grassland|Swamp|Mine)( \(\d crowns?\))? 1 column right", event.text)
