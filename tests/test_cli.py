"""The realms command line, driven through typer's test runner."""

from __future__ import annotations

import json
from pathlib import Path

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
    one = json.loads(run(*args, "--jobs", "1").stdout)
    two = json.loads(run(*args, "--jobs", "2").stdout)  # (a note on standard error may say it kept to one process)
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


@pytest.mark.parametrize("game_id", ["kingdomino", "dominion", "burgundy"])
def test_replay_of_a_record_whose_game_is_not_a_name_says_so_in_one_line(tmp_path, game_id):
    import realms.games
    from realms.core.record import GameRecord

    record = GameRecord.start(realms.games.get(game_id), {"players": 2}, 1, ["alice", "bob"]).to_json()
    record["game"] = [game_id]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    r = run("replay", str(path))
    assert r.exit_code == 2 and (r.exception is None or isinstance(r.exception, SystemExit)), r.exception
    assert len(r.output.strip().splitlines()) == 1 and "record game must be a game's name" in flat(r.output)


def test_bench_json():
    r = run("bench", "kingdomino", "--seconds", "0.3", "--json", "-o", "players=2")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert set(data) == {"game", "agent", "path", "games", "actions", "seconds", "games_per_second",
                         "actions_per_second"}
    assert data["games"] >= 1 and data["actions"] > data["games"]
    assert data["path"] in ("fast", "reference")  # fast where numba is installed (the kernel), else reference


def test_list_names_games_and_agents():
    r = run("list")
    assert r.exit_code == 0
    assert "kingdomino" in r.output and "full-greedy" in r.output


def test_list_shows_dominions_named_kingdoms():
    from realms.games.dominion.kingdoms import KINGDOMS, VERSIONS

    r = run("list")
    assert r.exit_code == 0
    text = r.output[r.output.index("named kingdoms"):]
    rows = {line.split()[0]: line for line in text.splitlines() if line.startswith("  ") and line.split()}
    for k in KINGDOMS:
        row = " ".join(rows[k.slug].split())
        assert f"{k.name} {'+'.join(k.boxes)} {k.edition}" in row, row
    assert all(bare in flat(text) for bare in VERSIONS)


def flat(output: str) -> str:
    """The output with line wrapping undone, for messages that rich may fold."""
    return " ".join(output.split())


# --- item: text from users and files is printed as text, never read as markup ---------------------

MARKUP = "[/]"


def test_markup_typed_at_the_move_prompt_is_echoed_not_crashed(tmp_path):
    path = tmp_path / "g.json"
    r = run("play", "kingdomino", "--bots", "random", "--seed", "1", "--record", str(path), input="[/]\n[b]x[/b]\nq\n")
    assert r.exit_code == 0, r.output
    assert "'[/]' is not a move" in r.output and "'[b]x[/b]' is not a move" in r.output
    assert json.loads(path.read_text())["actions"] == []


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "kingdomino", "--bots", MARKUP], "unknown agent '[/]'"),
        (["play", "dominion", "--bots", "big-money", "-o", "kingdom=[/b]"], "[/b]"),
        (["play", "dominion", "--bots", "big-money", "-o", "[/b]=1"], "unknown option '[/b]'"),
        (["sim", "kingdomino", "--players", "random,[red]x", "--games", "1"], "unknown agent '[red]x'"),
        (["score", "kingdomino", "[/]missing.txt"], "cannot read [/]missing.txt"),
        (["replay", "[/]missing.json"], "[/]missing.json"),
    ],
)
def test_markup_in_arguments_is_printed_as_typed(args, words):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert words in r.output


def test_strategy_file_errors_show_double_brackets(tmp_path):
    path = tmp_path / "[b]s.toml"
    path.write_text('name = "nothing"\n')
    r = run("sim", "dominion", "--players", f"{path},big-money", "--games", "1")
    assert r.exit_code == 2, r.output
    assert "no [[buy]] rules" in r.output and "[b]s.toml" in r.output


def test_strategy_file_name_with_brackets_plays_as_a_label(tmp_path, monkeypatch):
    (tmp_path / "[red]bmu.toml").write_text((Path(__file__).parents[1] / "docs" / "examples" / "bmu.toml").read_text())
    monkeypatch.chdir(tmp_path)
    r = run("play", "dominion", "--bots", "[red]bmu.toml", "--seed", "3", "--seat", "2", input="q\n")
    assert r.exit_code == 0, r.output
    assert "[red]bmu.toml (1): played" in r.output  # the bot moves first: its lines carry its label


def test_markup_in_record_contents_and_file_name(tmp_path):
    path = tmp_path / "[b]game.json"
    r = run("play", "kingdomino", "--bots", "random", "--seed", "2", "--record", str(path), input="1\n" * 100)
    assert r.exit_code == 0 and f"record saved to {path}" in flat(r.output)
    record = json.loads(path.read_text())
    record["players"] = ["[/]", "[bold]b"]
    path.write_text(json.dumps(record))
    r = run("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "[/] (1)" in r.output and "[bold]b (2)" in r.output
    record["actions"][3] = {"kind": "[/]"}
    path.write_text(json.dumps(record))
    r = run("replay", str(path))
    assert r.exit_code == 2 and '"[/]"' in r.output


def test_errors_are_one_line():
    r = run("play", "dominion", "--bots", "big-money", "-o", "kingdom=" + ",".join(["Nothing"] * 12))
    assert r.exit_code == 2
    assert len(r.output.strip().splitlines()) == 1, r.output


# --- simulation tables are never cut ------------------------------------------------------------


def test_sim_table_piped_at_narrow_width_keeps_every_name_and_number(monkeypatch):
    import realms.cli

    monkeypatch.setattr(realms.cli.out, "width", 40)
    r = run("sim", "dominion", "--players", "big-money,big-money-ultimate", "--games", "4", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert "…" not in r.output
    lines = r.output.splitlines()
    assert any("big-money-ultimate" in line for line in lines)
    assert any("province_4_turn" in line for line in lines)
    data = json.loads(run("sim", "dominion", "--players", "big-money,big-money-ultimate", "--games", "4",
                          "--seed", "1", "--json").output)
    for e in data["entrants"]:
        assert any(e["agent"] in line and f"{e['mean_score']:.2f}" in line for line in lines)


def test_sim_table_on_a_narrow_terminal_folds_instead_of_cutting(monkeypatch):
    from rich.console import Console

    import realms.console

    monkeypatch.setattr(realms.console, "out", Console(width=40, force_terminal=True, color_system=None))
    r = run("sim", "dominion", "--players", "big-money,big-money-ultimate", "--games", "2")
    assert r.exit_code == 0
    assert "…" not in r.output
    cells = [line.split("│")[1].strip() for line in r.output.splitlines() if line.count("│") > 2]
    assert "".join(cells).count("big-money") == 2 and "ultimate" in "".join(cells).replace("-", "")


# --- tracebacks replaced by one line and an exit code ------------------------------------------------

NOT_UTF8 = b"\xff\xfe C F0\n"


def test_non_utf8_files_are_explained(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(NOT_UTF8)
    for args in (["score", "kingdomino", str(path)], ["replay", str(path)],
                 ["sim", "dominion", "--players", f"{tmp_path / 'bad.toml'},big-money", "--games", "1"]):
        (tmp_path / "bad.toml").write_bytes(NOT_UTF8)
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "UTF-8" in r.output and r.exception is None or isinstance(r.exception, SystemExit), args
        assert len(r.output.strip().splitlines()) == 1, r.output
    for args in (["score", "kingdomino", "-"], ["replay", "-"]):
        r = runner.invoke(app, args, input=NOT_UTF8)
        assert r.exit_code == 2 and "standard input is not UTF-8" in r.output, r.output


def test_serve_rejects_an_unsupported_database_kind():
    r = run("serve", "--db", "mysql://user:secret@localhost/realms")
    assert r.exit_code == 2 and "'mysql'" in r.output and "not supported" in r.output
    assert "secret" not in r.output and "serving" not in r.output


def test_serve_with_an_unreachable_postgresql_fails_before_serving():
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = run("serve", "--port", "0", "--db", f"postgresql://user:secret@127.0.0.1:{port}/realms")
    assert r.exit_code == 1, r.output
    assert "cannot open the database" in r.output and "secret" not in r.output
    assert "serving" not in r.output and len(r.output.strip().splitlines()) == 1


def test_serve_on_a_port_in_use_fails_before_serving(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        r = run("serve", "--port", str(s.getsockname()[1]), "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert r.exit_code == 1, r.output
    assert "already in use" in r.output and "serving" not in r.output


# --- bench, --version, list -----------------------------------------------------------------------


@pytest.mark.parametrize("seconds", ["0", "-1", "nan"])
def test_bench_needs_a_positive_time(seconds):
    r = run("bench", "kingdomino", "--seconds", seconds)
    assert r.exit_code == 2 and "--seconds must be a positive number" in r.output


def test_version_comes_from_the_package_metadata():
    from importlib.metadata import version

    r = run("--version")
    assert r.exit_code == 0 and r.output.strip() == f"realms {version('realms')}"


def test_list_shows_what_each_option_accepts():
    import realms.games

    r = run("list")
    assert r.exit_code == 0
    text = r.output
    assert "true|false" in text and "2-4" in text and "draw-four|thirty-six" in text
    for game_id in realms.games.ids():
        for o in realms.games.get(game_id).options_spec:
            assert o.name in text
            for c in o.choices:
                assert str(c) in text
            if o.type == "int":
                assert f"{o.minimum}-{o.maximum}" in text


# --- partial records: resume and replay -------------------------------------------------------------


def _partial(tmp_path, moves: int = 2, game: str = "kingdomino", bots: str = "greedy"):
    path = tmp_path / "partial.json"
    r = run("play", game, "--bots", bots, "--seed", "5", "--record", str(path), input="1\n" * moves + "q\n")
    assert r.exit_code == 0 and "record saved" in r.output
    return path


def test_replay_of_a_partial_record_says_it_is_unfinished(tmp_path):
    path = _partial(tmp_path)
    r = run("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "unfinished" in r.output and "--resume" in flat(r.output)
    data = json.loads(run("replay", str(path), "--json").output)
    assert data["verified"] is True and data["finished"] is False and data["result"] is None
    assert data["actions"] == len(json.loads(path.read_text())["actions"]) > 0


def test_resume_continues_the_same_game_and_keeps_recording(tmp_path):
    path = _partial(tmp_path)
    before = json.loads(path.read_text())
    r = run("play", "--resume", str(path), input="1\n" * 200)
    assert r.exit_code == 0, r.output
    assert f"{len(before['actions'])} recorded actions replayed" in flat(r.output) and "Final scores" in r.output
    after = json.loads(path.read_text())
    assert after["actions"][:len(before["actions"])] == before["actions"]
    assert after["options"] == before["options"] and after["seed"] == 5 and after["players"] == before["players"]
    assert after["result"] is not None
    replayed = run("replay", str(path), "--json")
    assert replayed.exit_code == 0 and json.loads(replayed.output)["finished"] is True


def test_the_record_is_written_while_the_game_goes_on(tmp_path):
    path = _partial(tmp_path, moves=3)
    r = run("play", "--resume", str(path), input="1\n")  # input ends: exit 1, record kept
    assert r.exit_code == 1
    assert len(json.loads(path.read_text())["actions"]) > 0


@pytest.mark.parametrize("damage", ["corrupt", "action", "hash", "game", "finished", "bots"])
def test_resume_rejects_a_record_that_cannot_be_continued(tmp_path, damage):
    path = _partial(tmp_path)
    record = json.loads(path.read_text())
    args = ["play", "--resume", str(path)]
    if damage == "corrupt":
        path.write_text("{not json")
    elif damage == "action":
        record["actions"][0] = {"kind": "place", "row": 9, "col": 9, "dir": "N"}
        path.write_text(json.dumps(record))
    elif damage == "hash":
        record["final_hash"] = "0" * 16
        path.write_text(json.dumps(record))
    elif damage == "game":
        args = ["play", "dominion", "--resume", str(path)]
    elif damage == "finished":
        path = tmp_path / "done.json"
        run("play", "kingdomino", "--bots", "random", "--seed", "2", "--record", str(path), input="1\n" * 100)
        args = ["play", "--resume", str(path)]
    elif damage == "bots":
        args += ["--bots", "random"]
    r = run(*args, input="1\n" * 100)
    assert r.exit_code == 2, r.output
    assert r.output.startswith("error:") and len(r.output.strip().splitlines()) == 1, r.output


# --- moves by name ------------------------------------------------------------------------------


def test_match_move_by_number_name_prefix_and_near_miss():
    from realms.cli import match_move

    menu = ["play all treasures", "play Silver", "buy Silver ($3)", "buy Smithy ($4)", "buy Estate ($2)",
            "end buying"]
    assert match_move("4", menu) == 3
    assert match_move("buy silver", menu) == 2
    assert match_move("Smithy", menu) == 3 and match_move("smi", menu) == 3
    assert match_move("estate", menu) == 4 and match_move("END", menu) == 5
    assert match_move("treasures", menu) == 0
    assert "could be" in match_move("silver", menu)  # play Silver or buy Silver
    assert "did you mean buy Smithy ($4)" in match_move("smithyy", menu)
    assert "1 to 6" in match_move("7", menu) and "1 to 6" in match_move("0", menu)
    assert isinstance(match_move("²", menu), str) and isinstance(match_move("zebra", menu), str)


def test_completion_offers_the_menu_names():
    from realms.cli import MovePrompt

    p = MovePrompt()
    p.choices = ["Silver", "Smithy", "buy Smithy ($4)"]
    assert [p.complete("s", i) for i in range(3)] == ["Silver", "Smithy", None]
    assert p.complete("BUY", 0) == "buy Smithy ($4)"


def test_dominion_buy_by_name_at_the_prompt(tmp_path):
    path = tmp_path / "d.json"
    r = run("play", "dominion", "--bots", "big-money", "--seed", "3", "--record", str(path),
            input="treasures\ncoper\ncopper\nq\n")
    assert r.exit_code == 0, r.output
    assert "did you mean buy Copper ($0)" in r.output
    actions = json.loads(path.read_text())["actions"]
    assert actions[:2] == [{"type": "play_treasures"}, {"type": "buy", "card": "Copper"}]
