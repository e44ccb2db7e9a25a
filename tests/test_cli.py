"""The realms command line, driven through typer's test runner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from realms.cli import app

runner = CliRunner()

EXAMPLE_21 = "F1 F0 F2\nF0 C F0\nF0 F0 .\n"


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_score_text_output_shows_regions_and_total():
    r = run("score", "kingdomino", "-", input=EXAMPLE_21)
    assert r.exit_code == 0, r.output
    assert "forest" in r.output and "score: 21" in r.output


def test_score_json_has_exactly_the_documented_keys():
    r = run("score", "kingdomino", "-", "--json", input=EXAMPLE_21)
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert set(data) == {"score", "regions", "largest_region", "crowns", "bonus"}
    assert data["score"] == 21
    assert data["regions"] == [{"terrain": "forest", "squares": 7, "crowns": 3, "points": 21}]
    assert data["largest_region"] == 7 and data["crowns"] == 3 and data["bonus"] == 0


def test_score_nine_lake_squares_without_crowns_is_zero():
    grid = "L0 L0 L0\nL0 L0 L0\nL0 L0 L0\nC . .\n"
    data = json.loads(run("score", "kingdomino", "-", "--json", input=grid).output)
    assert data["score"] == 0 and data["largest_region"] == 9


def test_score_bonuses_harmony_and_middle_kingdom():
    rows = []
    for r in range(5):
        rows.append(" ".join("C" if (r, c) == (2, 2) else "W1" for c in range(5)))
    text = "\n".join(rows) + "\n"
    plain = json.loads(run("score", "kingdomino", "-", "--json", input=text).output)
    both = json.loads(run("score", "kingdomino", "-", "--json", "--harmony", "--middle-kingdom", input=text).output)
    assert plain["score"] == 24 * 24 and plain["bonus"] == 0
    assert both["score"] == 24 * 24 + 15 and both["bonus"] == 15


def test_score_reads_a_file(tmp_path):
    path = tmp_path / "k.txt"
    path.write_text(EXAMPLE_21)
    r = run("score", "kingdomino", str(path), "--json")
    assert json.loads(r.output)["score"] == 21


@pytest.mark.parametrize(
    "text, where, words",
    [
        ("F1 F0\nC\n", "row 2", "cells"),  # ragged rows
        ("F1 X0\nC F0\n", "row 1, column 2", "unknown cell"),
        ("F1 F0\nF0 F0\n", "", "no castle"),
        ("C F0\nF0 C\n", "row 2, column 2", "second castle"),
        ("C F4\n", "row 1, column 2", "crowns"),
        ("C F\n", "row 1, column 2", "crowns"),
        ("\n".join(["C" + " F0" * 7] + ["F0" + " F0" * 7] * 7) + "\n", "", "largest allowed is 7x7"),
        ("", "", "empty"),
    ],
)
def test_score_malformed_input_exits_2_naming_the_place(text, where, words):
    r = run("score", "kingdomino", "-", input=text)
    assert r.exit_code == 2
    assert words in r.output
    if where:
        assert where in r.output


def test_score_unknown_game_is_an_error():
    r = run("score", "chess", "-", input=EXAMPLE_21)
    assert r.exit_code == 2 and "no scoring calculator" in r.output


def test_sim_json_shape_and_counts():
    r = run("sim", "kingdomino", "--players", "greedy,random", "--games", "6", "--seed", "3", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data) == {"game", "games", "seed", "entrants", "ties", "mean_turns", "seconds"}
    assert data["game"] == "kingdomino" and data["games"] == 6 and data["seed"] == 3
    assert [e["agent"] for e in data["entrants"]] == ["greedy", "random"]
    for e in data["entrants"]:
        assert set(e) == {"agent", "wins", "win_rate", "win_rate_ci95", "mean_score", "mean_rank"}
        lo, hi = e["win_rate_ci95"]
        assert 0 <= lo <= e["win_rate"] <= hi <= 1
    assert sum(e["wins"] for e in data["entrants"]) == pytest.approx(6)
    # 2 players: each king takes a turn per round; rounds are 1 (pick) + 5 (place, pick) + 1 (place)
    assert data["mean_turns"] == 14


def test_sim_same_seed_same_result_whatever_jobs():
    args = ["sim", "kingdomino", "--players", "greedy,random,random", "--games", "9", "--seed", "11", "--json"]
    one = json.loads(run(*args, "--jobs", "1").output)
    two = json.loads(run(*args, "--jobs", "2").output)
    one.pop("seconds")
    two.pop("seconds")
    assert one == two


def test_sim_table_output():
    r = run("sim", "kingdomino", "--players", "random,random", "--games", "4")
    assert r.exit_code == 0
    assert "win rate" in r.output and "mean game length" in r.output


def test_sim_bad_agent_and_bad_option_are_explained():
    r = run("sim", "kingdomino", "--players", "random,nobody", "--games", "2")
    assert r.exit_code == 2 and "unknown agent 'nobody'" in r.output
    r = run("sim", "kingdomino", "--players", "random,random", "--games", "2", "-o", "mighty_duel=maybe")
    assert r.exit_code == 2 and "true or false" in r.output
    r = run("sim", "kingdomino", "--players", "random,random", "--games", "2", "-o", "players=4")
    assert r.exit_code == 2 and "2 agents for 4 seats" in r.output


def test_play_against_bots_to_the_end_and_record(tmp_path):
    path = tmp_path / "game.json"
    answers = "1\n" * 200
    r = run("play", "kingdomino", "--bots", "greedy", "--seed", "5", "--record", str(path), input=answers)
    assert r.exit_code == 0, r.output
    assert "Final scores" in r.output and "record saved" in r.output
    rep = run("replay", str(path), "--json")
    assert rep.exit_code == 0
    data = json.loads(rep.output)
    assert data["verified"] is True and data["game"] == "kingdomino"
    record = json.loads(path.read_text())
    assert data["result"]["scores"] == record["result"]["scores"]


def test_play_bad_input_is_explained_and_asked_again():
    r = run("play", "kingdomino", "--bots", "random", "--seed", "1", input="zebra\n999\nq\n")
    assert r.exit_code == 0
    assert "'zebra' is not a move" in r.output and "'999' is not a move" in r.output


def test_play_closed_input_stops_cleanly():
    r = run("play", "kingdomino", "--bots", "random", "--seed", "1", input="")
    assert r.exit_code == 1 and "input closed" in r.output


def test_play_rejects_bad_options():
    r = run("play", "kingdomino", "--bots", "random,random,random", "-o", "mighty_duel=true")
    assert r.exit_code == 2 and "Mighty Duel" in r.output
    r = run("play", "kingdomino", "--bots", "random", "-o", "colour=red")
    assert r.exit_code == 2 and "unknown option 'colour'" in r.output


def test_replay_rejects_tampered_and_corrupt_records(tmp_path):
    path = tmp_path / "game.json"
    run("play", "kingdomino", "--bots", "random", "--seed", "2", "--record", str(path), input="1\n" * 100)
    record = json.loads(path.read_text())
    record["result"]["scores"][0] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    r = run("replay", str(bad))
    assert r.exit_code == 2 and "does not match" in r.output
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text("{not json")
    r = run("replay", str(corrupt))
    assert r.exit_code == 2 and "not valid JSON" in r.output
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "cannot read" in r.output


def test_bench_json():
    r = run("bench", "kingdomino", "--seconds", "0.3", "--json", "-o", "players=2")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert set(data) == {"game", "agent", "games", "actions", "seconds", "games_per_second", "actions_per_second"}
    assert data["games"] >= 1 and data["actions"] > data["games"]


def test_list_names_games_and_agents():
    r = run("list")
    assert r.exit_code == 0
    assert "kingdomino" in r.output and "full-greedy" in r.output
