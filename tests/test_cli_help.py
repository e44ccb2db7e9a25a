"""`realms --help` as a new player reads it: every command named in its first line, no markup left in the text.

Seen: the first line said "The ``realms`` command: play, score, sim, replay, bench." (the double backticks
printed as typed, and list, tournament, analyze and serve missing), and bench's help "``--reference`` plays
through the protocol".
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from realms.cli import app

runner = CliRunner()
COMMANDS = ["list", "play", "score", "sim", "tournament", "replay", "analyze", "bench", "serve",
            "reset-password"]


def test_the_first_line_of_help_names_every_command():
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    first = next(line for line in r.output.splitlines() if line.strip() and "Usage" not in line)
    assert all(name in first for name in COMMANDS), first


@pytest.mark.parametrize("args", [["--help"], *[[name, "--help"] for name in COMMANDS]])
def test_no_help_text_shows_markup_as_typed(args):
    r = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "``" not in r.output, r.output
