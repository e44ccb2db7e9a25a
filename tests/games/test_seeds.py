"""Every game's ``new()`` checks its seed the same way (``realms.core.rng.check_seed``): an integer
0 <= seed < 2**64, else one OptionsError naming the game, with nothing built."""

from __future__ import annotations

import pytest

import realms.games
from realms.core.errors import IllegalAction, OptionsError

GAMES = realms.games.ids()
BAD = [None, "7", 1.5, True, False, -1, 2**64, 2**70]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", BAD, ids=repr)
def test_new_rejects_a_bad_seed_with_options_error(game_id, seed):
    game = realms.games.get(game_id)
    with pytest.raises(OptionsError, match=rf"^{game_id}: seed must be an integer from 0 to 2\*\*64 - 1, got ") as e:
        game.new({"players": 2}, seed)
    assert not isinstance(e.value, IllegalAction)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_new_accepts_every_seed_in_range(game_id, seed):
    game = realms.games.get(game_id)
    s = game.new({"players": 2}, seed)
    assert game.legal_actions(s)


@pytest.mark.parametrize("game_id", GAMES)
def test_options_are_checked_before_the_seed(game_id):
    game = realms.games.get(game_id)
    with pytest.raises(OptionsError, match="players"):
        game.new({"players": 9}, "bad")
