"""The examples in the source's docstrings are tests: the suite's own configuration runs them."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_suite_collects_the_doctests_of_src_realms():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "src/realms" in config["testpaths"]
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p",
                        "no:cacheprovider", "src/realms/core", "src/realms/games/burgundy/rules.py"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    for doctest in ("src/realms/core/record.py::realms.core.record",
                    "src/realms/core/game.py::realms.core.game.competition_ranks",
                    "src/realms/games/burgundy/rules.py::realms.games.burgundy.rules.Burgundy"):
        assert doctest in r.stdout, r.stdout
