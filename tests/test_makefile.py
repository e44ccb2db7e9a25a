"""The README's two make targets: what they run (``make -n``, nothing executed)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(*args: str) -> str:
    """The commands ``make`` would run, the setup taken as done (``-o``: the venv's stamp is not remade)."""
    r = subprocess.run(["make", "-n", "-o", ".venv/.installed", *args], cwd=ROOT, capture_output=True, text=True,
                       timeout=60, env={k: v for k, v in os.environ.items() if k != "PORT"})
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_make_play_serves_on_the_port_given_by_port():
    assert "realms serve --port 8123" in planned("play", "PORT=8123")


def test_make_play_serves_on_8000_by_default():
    assert "realms serve --port 8000" in planned("play")


def test_the_readme_says_how_to_choose_the_port():
    assert "make play PORT=" in (ROOT / "README.md").read_text()
