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
    type_bits = {"Action": 1, "Treasure": 2, "Victory": 4, "Curse": 8, "Attack": 16, "Reaction": 32, "Duration": 64}
    editions = {"basic": (), "Prosperity": (), "1st+2nd": (1, 2), "1st": (1,), "2nd": (2,)}
    for row in rows:
        c = BY_NAME[row["name"]]
        assert COST[c] == int(row["cost"]), row["name"]
        assert TYPES[c] == sum(type_bits[t.strip()] for t in row["types"].split(" - ")), row["name"]
        assert CARDS[c].editions == editions[row["edition"]], row["name"]
        assert CARDS[c].text.split(".")[0] in row["effect"] or CARDS[c].text[:20] in row["effect"], row["name"]
    boxes = {(box, e): [c for c in KINGDOM[e] if CARDS[c].set == box] for box in ("base", "intrigue", "seaside")
             for e in (1, 2)}
    assert [len(boxes[box, e]) for box in ("base", "intrigue", "seaside") for e in (1, 2)] == [25, 26, 25, 26, 26, 27]
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


def _seaside_table():
    """Ann (seat 0) in an Outpost's extra turn with Bridge's $1 off: Haven (over a Gold) and Lighthouse wait for her
    next turn, two cards on each of her mats, Pearl Diver showed her the bottom of her deck; Bob has a Blockade over
    a Silver, a Haven over two cards, three cards on his Native Village mat, two Pirate Ship coins; Province has two
    Embargo tokens."""
    from realms.games.dominion.cards import BY_NAME as by_name
    from tests.games.dominion.util import ids, recount

    s = start_turn(new("Haven", "Island", "Native Village", "Embargo", "Lighthouse", "Bridge", "Outpost", "Blockade",
                       "Pirate Ship", "Pearl Diver"), hand=["Bridge", "Copper"], deck=["Silver"] * 3)
    s.play[0], s.dur[0], s.held[0] = ids(["Haven", "Lighthouse", "Bridge"]), ids(["Haven", "Lighthouse"]), ids(["Gold"])
    s.play[1], s.dur[1] = ids(["Blockade", "Haven"]), ids(["Blockade", "Haven"])
    s.held[1], s.shown[1] = ids(["Province", "Silver"]), ids(["Silver"])
    s.island[0], s.island[1] = ids(["Island", "Estate"]), ids(["Island", "Duchy"])
    s.nvmat[0], s.nvmat[1] = ids(["Gold", "Copper"]), ids(["Estate", "Copper", "Silver"])
    s.pcoins[1], s.shield, s.discount, s.extra = 2, 1, 1, True
    s.embargo = tuple(2 if c == by_name["Province"] else 0 for c in range(len(s.embargo)))
    s.bottom[0] = ids(["Gold", "Pearl Diver"])
    recount(s)
    return s


def test_render_shows_the_seaside_zones_to_their_owner():
    text = render_text(G.view(_seaside_table(), 0), ["Ann", "Bob"], width=200)
    lines = {line.split(":")[0]: line for line in text.splitlines() if line.startswith(("Ann:", "Bob:"))}
    assert lines["Ann"] == ("Ann: durations until next turn: Haven, Lighthouse; Haven face down: Gold; Island mat: "
                            "Island, Estate; Native Village mat: Gold, Copper; protected by Lighthouse"), text
    assert lines["Bob"] == ("Bob: durations until next turn: Blockade, Haven; Haven face down: 2 cards; Blockade face "
                            "up: Silver; Island mat: Island, Duchy; Native Village mat: 3 cards; Pirate Ship: 2 coins")
    for part in ("Embargo tokens: Province x2", "Bridge: cards cost $1 less this turn", "7 (was 8)", "2 (was 3)",
                 "Ann, turn 1 (extra turn: Outpost), action phase",
                 "At the bottom of your deck (the lowest last): Pearl Diver, Gold"):
        assert part in text, part
    assert "(was 0)" not in text  # Copper and Curse cost $0 whatever Bridge does


def test_render_hides_another_seats_face_down_cards_and_native_village_mat():
    text = render_text(G.view(_seaside_table(), 1), ["Ann", "Bob"], width=200)
    ann = next(line for line in text.splitlines() if line.startswith("Ann:"))
    assert "Haven face down: 1 card;" in ann and "Native Village mat: 2 cards;" in ann, ann
    assert "Gold" not in ann
    assert "Haven face down: Province, Silver" in text and "Native Village mat: Estate, Copper, Silver" in text
    assert "bottom of your deck" not in text
    spectator = render_text(G.view(_seaside_table(), None), ["Ann", "Bob"], width=200)
    assert "Haven face down: 2 cards" in spectator and "Province, Silver" not in spectator


def test_render_of_a_base_game_has_no_expansion_lines():
    text = render_text(G.view(start_turn(new("Militia"), hand=["Copper"]), 0), ["Ann", "Bob"], width=200)
    for part in ("Embargo", "Bridge:", "(was ", "extra turn", "durations", "mat:", "bottom of your deck"):
        assert part not in text, part
    assert not any(line.startswith(("Ann:", "Bob:")) for line in text.splitlines())
