"""What the realms command says to a person who typed something not quite right: one line, and the name meant."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from realms.cli import app

runner = CliRunner()
NINE = "Village,Market,Militia,Mine,Moat,Remodel,Cellar,Workshop,Festival"


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize("args, names", [
    (["sim", "kingdomino", "--players", "random,random", "--games", "abc"], "--games"),
    (["play", "kingdomino", "--bots", "random", "--seed", "x"], "--seed"),
    (["sim", "kingdomino", "--players", "random,random", "--jobs"], "--jobs"),
    (["sim", "kingdomino"], "--players"),
    (["list", "dominon"], "dominon"),
    (["plya", "kingdomino"], "plya"),
])
def test_a_malformed_command_line_is_one_line_naming_what_is_wrong(args, names):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    assert lines[0].startswith("error: ") and names in lines[0], lines[0]
    assert "╭" not in r.output and "│" not in r.output


def test_a_mistyped_command_is_offered_the_one_meant():
    r = run("plya", "kingdomino")
    assert "did you mean play?" in r.output, r.output


def test_help_and_no_arguments_still_show_the_help():
    for args in (["-h"], ["sim", "-h"], []):
        r = run(*args)
        assert "Usage" in r.output and "error" not in r.output, (args, r.output)


@pytest.mark.parametrize("args, meant", [
    (["play", "kingdomno", "--bots", "random"], "did you mean kingdomino?"),
    (["play", "kingdomino", "--bots", "randm"], "did you mean random?"),
    (["sim", "kingdomino", "--players", "ful-greedy,random", "--games", "1"], "did you mean full-greedy?"),
    (["play", "kingdomino", "--bots", "random", "-o", "harmonny=true"], "did you mean harmony?"),
    (["play", "kingdomino", "--bots", "random", "-o", "three_players=drawfour"], "did you mean draw-four?"),
    (["play", "dominion", "--bots", "big-money", "-o", f"kingdom=Smithee,{NINE}"], "did you mean Smithy?"),
    (["play", "dominion", "--bots", "big-money", "-o", "kingdom=firstgame"], "did you mean first-game?"),
    (["play", "kingdomino", "--bots", "mc:policy=greedyy"], "did you mean greedy?"),
])
def test_a_near_miss_of_a_name_is_told_the_name_meant(args, meant):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert meant in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_a_name_near_nothing_still_lists_what_there_is():
    r = run("play", "chess", "--bots", "random")
    assert r.exit_code == 2 and "did you mean" not in r.output
    assert "games are kingdomino, dominion, burgundy" in r.output


def test_the_calculator_without_a_file_at_a_terminal_says_what_it_waits_for():
    """``realms score kingdomino`` typed at a terminal with no FILE reads the board there: it says so at once
    (how to type a board and how to finish it), then scores what was typed."""
    main, child = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "realms.cli", "score", "kingdomino"], stdin=child,
                            stdout=subprocess.PIPE, stderr=child, env={**os.environ, "COLUMNS": "200"})
    os.close(child)
    said = b""
    try:
        deadline = time.monotonic() + 60
        while b"Ctrl-D" not in said and time.monotonic() < deadline and proc.poll() is None:
            ready, _, _ = select.select([main], [], [], 1)
            if ready:
                said += os.read(main, 4096)
        assert b"Ctrl-D" in said, said  # the hint came before any input
        os.write(main, b"F1 F0 F2\nF0 C F0\nF0 F0 .\n")
        os.write(main, b"\x04")  # Ctrl-D at the start of a line: end of input
        stdout, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert proc.returncode == 0
    assert b"score: 21" in stdout


def test_the_calculator_reading_a_pipe_prints_no_hint():
    r = subprocess.run([sys.executable, "-m", "realms.cli", "score", "kingdomino"], input=b"F1 C\n",
                       capture_output=True, timeout=60)
    assert r.returncode == 0 and r.stderr == b"", r.stderr


@pytest.mark.parametrize("board, words", [("F1 C\n", "largest region: 1 square;"),
                                           ("F1 F0 C\n", "largest region: 2 squares;")])
def test_the_calculator_counts_squares_in_the_right_number(board, words):
    r = run("score", "kingdomino", "-", input=board)
    assert r.exit_code == 0 and words in r.output, r.output


@pytest.mark.parametrize("game, bots, words", [
    ("kingdomino", "random", ["W wheat", "M2", "#24", "castle"]),
    ("dominion", "big-money", ["play all treasures", "$", "VP"]),
    ("burgundy", "random", ["A6 01", "Co2", "Cas*", "2x2 5x1", "Whs"]),
])
@pytest.mark.parametrize("ask", ["?", "help"])
def test_help_at_the_move_prompt_shows_the_games_key_on_one_screen(game, bots, words, ask):
    r = run("play", game, "--bots", bots, "--seed", "3", input=f"{ask}\nq\n")
    assert r.exit_code == 0, r.output
    assert "not a move" not in r.output
    key = r.output[r.output.index("Key"):]
    assert all(w in " ".join(key.split()) for w in words), key
    shown = key[:key.rindex("your move")].strip().splitlines()
    assert 3 <= len(shown) <= 24, shown  # one screen
    assert "q to quit" in key and "? for help" in r.output


def test_ending_the_buys_with_treasures_unplayed_asks_first():
    """Seed 3 deals You four Coppers: 'end buying' asks, 'n' keeps the turn (the menu again), then 'y' ends it."""
    r = run("play", "dominion", "--bots", "big-money", "--seed", "3", input="end buying\nn\nend buying\ny\nq\n")
    assert r.exit_code == 0, r.output
    asked = r.output.split("end buying anyway?")
    assert len(asked) == 3, r.output  # asked at each of the two tries
    assert "Copper" in asked[0][-200:] and "not played" in asked[0][-200:]
    assert "You, your move" in asked[1]  # 'n': still your move in the same turn
    assert "begins turn" in asked[2] or "bought" not in asked[2]  # 'y': the turn ended


def test_ending_the_buys_after_playing_the_treasures_asks_nothing():
    r = run("play", "dominion", "--bots", "big-money", "--seed", "3", input="play all treasures\nend buying\nq\n")
    assert r.exit_code == 0 and "anyway?" not in r.output, r.output


def test_each_log_line_names_its_seat_once():
    """'You: Seat 1 picked ...' named the seat twice: the label says who, the line says what."""
    r = run("play", "kingdomino", "--bots", "random", "--seed", "3", input="1\nq\n")
    assert r.exit_code == 0, r.output
    assert "random (2): picked #" in r.output and "You: picked #" in r.output, r.output
    assert re.search(r"^(You|[\w-]+ \(\d\)): Seat \d", r.output, re.M) is None


def test_a_resumed_game_counts_its_actions_in_the_right_number(tmp_path):
    record = tmp_path / "game.json"
    # Kingdomino from seat 2: seed 1's bot picks first, so one recorded action when You leave at once
    r = run("play", "kingdomino", "--bots", "random", "--seat", "2", "--seed", "1", "--record", str(record),
            input="q\n")
    assert r.exit_code == 0, r.output
    r = run("play", "--resume", str(record), input="q\n")
    assert r.exit_code == 0, r.output
    said = re.search(r"(\d+) recorded actions? replayed", " ".join(r.output.split()))
    assert said is not None, r.output
    assert said.group(0) == "1 recorded action replayed"
