"""The terminal rendering, and the card table against the component data in tests/data/dominion (see its README)."""

from __future__ import annotations

import csv
from pathlib import Path

from realms.core.rng import Rng
from realms.games.dominion.cards import BY_NAME, CARDS, COINS, COST, KINGDOM, TYPES
from realms.games.dominion.render import render_result, render_text
from tests.games.dominion.util import G, new, play, start_turn

DATA = Path(__file__).resolve().parents[2] / "data" / "dominion"


def test_render_shows_supply_seats_hand_pending_and_log():
    s = start_turn(new("Militia"), hand=["Militia", "Gold"], deck=[], hand1=["Copper", "Estate", "Gold", "Silver",
                                                                            "Duchy"])
    play(s, "Militia")
    text = render_text(G.view(s, 1), ["Ann", "Bob"], log=["Ann played Militia"], choices=True)
    for part in ("Supply", "Province", "Ann", "Bob", "Your hand", "discard down to 3", "Waiting for Bob",
                 "Ann played Militia", "discard Duchy"):
        assert part in text, part
    assert "Gold" in render_text(G.view(s, 0))


def test_render_a_finished_game_and_its_result():
    s = G.new({"players": 3, "kingdom": "random"}, 8)
    r = Rng(3)
    while s.to_move is not None:
        acts = G.legal_actions(s)
        G.apply(s, acts[r.below(len(acts))])
    assert "Game over" in render_text(G.view(s, None))
    res = G.result(s).to_json()
    from rich.console import Console

    console = Console(width=120, record=True, color_system=None)
    with console.capture() as cap:
        console.print(render_result(res, ["a", "b", "c"]))
    assert "Final scores" in cap.get() and "Estate" in cap.get()


def test_card_table_matches_the_component_data():
    """Every registered card is a row of the component data and every row a registered card, with its cost, types,
    editions and text."""
    rows = [row for path in sorted(DATA.glob("*.csv")) for row in csv.DictReader(path.open(encoding="utf-8"))]
    assert sorted(row["name"] for row in rows) == sorted(c.name for c in CARDS)
    type_bits = {"Action": 1, "Treasure": 2, "Victory": 4, "Curse": 8, "Attack": 16, "Reaction": 32}
    editions = {"basic": (), "Prosperity": (), "1st+2nd": (1, 2), "1st": (1,), "2nd": (2,)}
    for row in rows:
        c = BY_NAME[row["name"]]
        assert COST[c] == int(row["cost"]), row["name"]
        assert TYPES[c] == sum(type_bits[t.strip()] for t in row["types"].split(" - ")), row["name"]
        assert CARDS[c].editions == editions[row["edition"]], row["name"]
        assert CARDS[c].text.split(".")[0] in row["effect"] or CARDS[c].text[:20] in row["effect"], row["name"]
    base = {e: [c for c in KINGDOM[e] if CARDS[c].set == "base"] for e in (1, 2)}
    assert len(base[1]) == 25 and len(base[2]) == 26
    assert [COINS[BY_NAME[n]] for n in ("Copper", "Silver", "Gold", "Platinum")] == [1, 2, 3, 5]


def test_names_and_log_lines_are_printed_as_text_not_markup():
    from rich.console import Console

    s = start_turn(new("Militia"), hand=["Militia", "Gold"], deck=[], hand1=["Copper", "Estate", "Gold"])
    text = render_text(G.view(s, 0), ["[/]", "[bold]b[/bold]"], log=["[/b] said hi"], choices=True)
    assert "[/]" in text and "[bold]b[/bold]" in text and "[/b] said hi" in text
    res = {"scores": [3, 1], "ranks": [1, 2], "breakdown": [{"vp_by_card": {"Estate": 3}, "turns": 1}] * 2}
    console = Console(width=120, record=True, color_system=None)
    with console.capture() as cap:
        console.print(render_result(res, ["[/]", "[red]x"]))
    assert "[/]" in cap.get() and "[red]x" in cap.get()


def test_render_counts_read_in_the_singular_and_plural():
    s = start_turn(new("Village"), hand=["Village", "Copper"], deck=["Copper"] * 5)
    text = render_text(G.view(s, 0), ["Ann", "Bob"])
    assert "1 action, 1 buy, $0" in text, text
    play(s, "Village")
    assert "2 actions, 1 buy, $0" in render_text(G.view(s, 0), ["Ann", "Bob"])


def test_render_a_finished_game_names_each_seats_score():
    s = G.new({"players": 2}, 8)
    r = Rng(3)
    while s.to_move is not None:
        acts = G.legal_actions(s)
        G.apply(s, acts[r.below(len(acts))])
    scores = G.result(s).scores
    text = render_text(G.view(s, None), ["Ann", "Bob"])
    assert f"Scores: Ann {scores[0]}, Bob {scores[1]}" in text, text
    assert "[" not in text.split("Scores:")[1].splitlines()[0]
