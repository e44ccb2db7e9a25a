"""The RL environments refuse the option undo: their action space holds no undo action."""

from __future__ import annotations

import pytest

import realms.games
from realms.core.errors import RealmsError
from realms.rl.core import Table


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_an_rl_table_refuses_the_option_undo(game_id: str) -> None:
    with pytest.raises(RealmsError, match="undo is for tables people play"):
        Table(game_id, {"undo": True})
    assert Table(game_id, {"undo": False}).options == Table(game_id, {}).options
