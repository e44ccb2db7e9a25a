"""``realms.kernels``: compiling the games' kernels ahead of use (``make``'s setup runs it)."""

from __future__ import annotations

import io

import pytest

import realms.games
from realms import kernels


@pytest.mark.skipif(not kernels.available(), reason="numba is not installed (the 'fast' extra)")
def test_warm_compiles_each_named_game_through_the_paths_that_use_its_kernels():
    out = io.StringIO()
    took = kernels.warm(["burgundy", "dominion"], out=out)
    assert list(took) == ["burgundy", "dominion"]
    assert all(s > 0 for s in took.values())
    assert any(line.startswith("burgundy: kernels ready in ") for line in out.getvalue().splitlines())


def test_an_unknown_game_is_refused_with_the_games_there_are(capsys):
    assert kernels.main(["chess"]) == 2
    err = capsys.readouterr().err
    assert "chess" in err and ", ".join(realms.games.ids()) in err


def test_warm_says_what_it_compiles_at_once_and_how_long_it_has_taken_while_it_works(monkeypatch):
    """A cold compile takes minutes on a busy machine: the first line comes before any compiling (the games, and what
    to expect), then a line every few seconds names the games still compiling and the time so far."""
    import time

    monkeypatch.setattr(kernels, "available", lambda: True)
    monkeypatch.setattr(kernels, "_warm_one", lambda gid: time.sleep(0.5) or 0.5)
    out = io.StringIO()
    kernels.warm(["kingdomino", "burgundy"], out=out, every=0.1)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("compiling the kernels of kingdomino, burgundy") and "minute" in lines[0], lines
    assert any(line.startswith("  still compiling kingdomino, burgundy (") for line in lines), lines
    assert any(line.startswith("  still compiling burgundy (") for line in lines), lines
    assert "kingdomino: kernels ready in 0.5 s" in lines and "burgundy: kernels ready in 0.5 s" in lines
