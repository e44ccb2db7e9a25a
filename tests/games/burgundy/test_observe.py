"""The Castles of Burgundy's observation encoding: layout, what it shows, and that it hides the future."""

from __future__ import annotations

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng
from tests.rl.observe_checks import (
    FULL,
    can_compile,
    compiled_matches_reference,
    compiled_or_skip,
    hidden_information_check,
    layout_size,
    python_encoder_serves_without_a_compiler,
)

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


# --- the compiled encoder (observe.c) -------------------------------------------------------------------------
def _compiled_or_skip():
    return compiled_or_skip("burgundy")


def test_the_compiled_encoder_is_used_where_a_compiler_is_found():
    from realms.games.burgundy import observe

    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    assert isinstance(GAME.observation(), observe.CompiledBurgundyObserver), observe.WHY_NOT_COMPILED


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "scenario": "random"},
                                  {"players": 4, "scenario": "random", "black_depot_timing": "during-effects"},
                                  {"players": 3, "scenario": "free-choice", "city_hall": "matching-colour"}])
def test_the_compiled_encoder_writes_the_python_encoders_vector(opts):
    """At every seat of every step (board choice, play, the end), as the environments call it and as ``encode``:
    the same floats, bit for bit, as the Python encoder (the reference)."""
    observe = _compiled_or_skip()
    assert compiled_matches_reference(GAME, opts, 4 if FULL else 1, observe.OBSERVER, observe.BurgundyObserver) > 100


def test_the_compiled_encoder_rejects_bad_input_with_clear_errors():
    observe = _compiled_or_skip()
    enc = observe.OBSERVER.fresh()
    s = GAME.new({"players": 2}, 3)
    with pytest.raises(ValueError, match="seat 2 of a 2-player game"):
        enc.encode(s, 2)
    bad = s.clone()
    bad.storage[1] = [*bad.storage[1], 10_000]
    with pytest.raises(ValueError, match="tile id out of range"):
        enc.encode(bad, 0)
    bad = s.clone()
    bad.depots = bad.depots[:5]
    with pytest.raises(ValueError, match="wrong kind or length"):
        enc.encode(bad, 0)
    bad = s.clone()
    bad.round_goods = [7]
    with pytest.raises(ValueError, match="round's goods out of range"):
        enc.encode(bad, 0)
    from array import array

    with pytest.raises(ValueError, match="layout's size"):
        observe._MODULE.encode(s, 0, array("f", bytes(40)))
    assert np.array_equal(enc.encode(s, 0), observe.BurgundyObserver().encode(s, 0))  # and still encodes


def test_without_a_compiler_the_python_encoder_serves(tmp_path):
    python_encoder_serves_without_a_compiler("burgundy", tmp_path)


def test_runaway_numbers_are_written_up_to_their_caps_within_the_bounds():
    """VP, silverlings, workers and boards left are written up to their caps by both encoders, inside ``bounds``."""
    from realms.games.burgundy import observe

    s = GAME.new({"players": 2}, 3)
    s.vp[0], s.silver[1], s.workers[0] = 10**6, 10**5, 10**5
    low, high = observe.bounds({"players": 2})
    at = observe._LAYOUTS[2].at["player"]
    for seat in range(2):
        v = observe.BurgundyObserver().encode(s, seat)
        if observe.WHY_NOT_COMPILED is None:
            assert observe.CompiledBurgundyObserver().encode(s, seat).tobytes() == v.tobytes()
        assert ((low <= v) & (v <= high)).all()
    v = observe.BurgundyObserver().encode(s, 0)
    assert (v[at], v[at + 2], v[at + 32 + 1]) == (observe.VP_CAP / 100, observe.CAP / 10, observe.CAP / 10)
