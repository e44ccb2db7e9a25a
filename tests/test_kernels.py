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
    assert out.getvalue().splitlines()[0].startswith("burgundy: kernels ready in ")


def test_an_unknown_game_is_refused_with_the_games_there_are(capsys):
    assert kernels.main(["chess"]) == 2
    err = capsys.readouterr().err
    assert "chess" in err and ", ".join(realms.games.ids()) in err
