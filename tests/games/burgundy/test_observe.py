"""The Castles of Burgundy's observation encoding: layout, what it shows, and that it hides the future."""

from __future__ import annotations

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng
from tests.rl.observe_checks import FULL, hidden_information_check, layout_size

GAME = realms.games.get("burgundy")


def _fields(vec, opts):
    out, off = {}, 0
    for name, shape in GAME.observation().fields(GAME.validate_options(opts)):
        n = int(np.prod(shape))
        out[name] = vec[off:off + n].reshape(shape)
        off += n
    assert off == len(vec)
    return out


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "scenario": "random"}, {"players": 4}])
def test_fields_match_the_view(opts):
    s = GAME.new(opts, 7)
    rng = Rng(3)
    for step in range(150):
        if s.to_move is None:
            break
        if step % 9 == 0:
            for seat in range(s.players):
                v = GAME.observation().encode(s, seat)
                assert v.shape == (layout_size(GAME, opts),)
                f = _fields(v, opts)
                view = GAME.view(s, seat)
                for i in range(s.players):
                    q = view["seats"][(seat + i) % s.players]
                    assert np.isclose(f["player"][i, 0] * 100, q["vp"])
                    assert np.isclose(f["player"][i, 1] * 10, q["silverlings"])
                    assert np.isclose(f["player"][i, 2] * 10, q["workers"])
                    assert f["storage"][i, :, 0].sum() == len(q["storage"])
                    assert f["estate"][i, :, 13].sum() == sum(1 for e in q["estate"] if e["tile"] is not None)
                    assert f["knowledge"][i].sum() == len(q["knowledge"])
                    for j, d in enumerate(q["dice"]):
                        assert f["player"][i, 17 + j * 6:23 + j * 6].sum() == (1 <= d <= 6)
                for d, depot in enumerate(view["depots"]):
                    assert f["depots"][d, :, 0].sum() == sum(1 for sl in depot["slots"] if sl["tile"] is not None)
                assert f["turn"][13] == float(s.to_move == seat)
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[rng.below(len(actions))])


@pytest.mark.slow
@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 4, "scenario": "random"}])
def test_no_hidden_information(opts):
    games = 8 if FULL else 2
    compared, flagged = hidden_information_check("burgundy", opts, games=games, every=1 if FULL else 3)
    assert compared >= (3000 if FULL else 200)
    assert flagged == 0  # a Burgundy view holds nothing hidden: determinize only replaces the future


def test_the_check_catches_a_leak():
    """An encoder that shows the state's random generator (the future draws and dice) fails the check."""
    enc = GAME.observation().encode

    def leaky(state, seat):
        v = enc(state, seat).copy()
        v[-1] = state.rng % 97
        return v

    with pytest.raises(AssertionError, match="equal views, different observations"):
        hidden_information_check("burgundy", {"players": 2}, games=1, every=5, encode=leaky)
