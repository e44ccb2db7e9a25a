"""Dominion's observation encoding: layout, what it shows, and that it hides what a seat cannot know."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng
from realms.games.dominion.cards import HANDLERS, NAMES
from tests.rl.observe_checks import (
    FULL,
    can_compile,
    compiled_matches_reference,
    compiled_or_skip,
    hidden_information_check,
    layout_size,
    python_encoder_serves_without_a_compiler,
)

GAME = realms.games.get("dominion")
C = len(NAMES)


def _fields(vec, opts):
    out, off = {}, 0
    for name, shape in GAME.observation().fields(GAME.validate_options(opts)):
        n = int(np.prod(shape))
        out[name] = vec[off:off + n].reshape(shape)
        off += n
    assert off == len(vec)
    return out


def _counts(names):
    v = np.zeros(C, dtype=np.float32)
    for name, k in Counter(names).items():
        v[NAMES.index(name)] = k
    return v


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "edition": "second", "kingdom": "random"},
                                  {"players": 4, "colony_platinum": True}, {"players": 1}])
def test_fields_match_the_view(opts):
    s = GAME.new(opts, 11)
    rng = Rng(4)
    for step in range(120):
        if s.to_move is None:
            break
        if step % 7 == 0:
            for seat in range(s.players):
                v = GAME.observation().encode(s, seat)
                assert v.shape == (layout_size(GAME, opts),)
                f = _fields(v, opts)
                view = GAME.view(s, seat)
                me = view["seats"][seat]
                assert np.allclose(f["hand"] * 10, _counts(me["hand"]))
                assert np.allclose(f["discard"] * 10, _counts(me["discard"]))
                deck = [c for c, k in me["deck_contents"].items() for _ in range(k)]
                assert np.allclose(f["deck"] * 10, _counts(deck))
                for i in range(s.players):
                    q = view["seats"][(seat + i) % s.players]
                    assert np.allclose(f["play"][i] * 10, _counts(q["play"]))
                    assert np.allclose(f["hand_known"][i] * 10, _counts(q["hand_known"]))
                    assert np.isclose(f["sizes"][i, 0] * 10, q["hand_size"])
                    assert f["discard_top"][i].sum() == (q["discard_top"] is not None)
                for pile in view["supply"]:
                    assert np.isclose(f["supply"][NAMES.index(pile["card"])] * 10, pile["count"])
                assert np.isclose(f["turn"][5] * 10, view["coins"])
                # the turn block's whose-turn one-hot is intact, and the pending block names the frame
                assert f["turn"][12:].sum() == 1 and f["turn"][12 + (s.cur - seat) % s.players] == 1
                pend = f["pending"]
                if view["pending"] is None:
                    assert pend.sum() == 1 and pend[-1] == 1
                else:
                    frame = s.stack[-1]
                    assert pend.sum() == 2 and pend[frame[0] % len(HANDLERS)] == 1
                    assert pend[len(HANDLERS) + (view["pending"]["seat"] - seat) % s.players] == 1
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[rng.below(len(actions))])


@pytest.mark.slow
@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "kingdom": "random"},
                                  {"players": 2, "edition": "second", "kingdom": "random"}])
def test_no_hidden_information(opts):
    games = 40 if FULL else 3
    compared, flagged = hidden_information_check("dominion", opts, games=games, every=2 if FULL else 4)
    assert compared >= (3000 if FULL else 200)
    # determinize may still be wrong somewhere (it is being made exact): pairs it got wrong are skipped, not
    # counted as the encoder's; they must stay rare
    assert flagged <= compared // 20, (compared, flagged)


def test_the_check_catches_a_leak():
    """An encoder that shows another seat's hand fails the check."""
    enc = GAME.observation().encode

    def leaky(state, seat):
        v = enc(state, seat).copy()
        v[-1] = sum(state.hand[(seat + 1) % state.players])  # ids summed: differs when the hand does
        return v

    with pytest.raises(AssertionError, match="equal views, different observations"):
        hidden_information_check("dominion", {"players": 2}, games=2, every=1, encode=leaky)


# --- the compiled encoder (observe.c) -------------------------------------------------------------------------
def _compiled_or_skip():
    return compiled_or_skip("dominion")


def test_the_compiled_encoder_is_used_where_a_compiler_is_found():
    from realms.games.dominion import observe

    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    assert isinstance(GAME.observation(), observe.CompiledDominionObserver), observe.WHY_NOT_COMPILED


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 1}, {"players": 3, "kingdom": "random"},
                                  {"players": 4, "kingdom": "random", "edition": "second"},
                                  {"players": 2, "kingdom": "random", "colony_platinum": True}])
def test_the_compiled_encoder_writes_the_python_encoders_vector(opts):
    """At every seat of every step, as the environments call it and as ``encode``: the same floats, bit for bit,
    as the Python encoder (the reference)."""
    observe = _compiled_or_skip()
    assert compiled_matches_reference(GAME, opts, 6 if FULL else 2, observe.OBSERVER, observe.DominionObserver) > 100


def test_the_compiled_encoder_rejects_bad_input_with_clear_errors():
    observe = _compiled_or_skip()
    enc = observe.OBSERVER.fresh()
    s = GAME.new({"players": 2}, 3)
    with pytest.raises(ValueError, match="seat 2 of a 2-player game"):
        enc.encode(s, 2)
    bad = s.clone()
    bad.hand[0] = [*bad.hand[0], 99]
    with pytest.raises(ValueError, match="card id out of range"):
        enc.encode(bad, 0)
    assert enc.encode(bad, 1).shape == (layout_size(GAME, {"players": 2}),)  # seat 1 sees only that hand's size
    bad = s.clone()
    bad.play[1] = "not a zone"
    with pytest.raises(ValueError, match="not a list or tuple"):
        enc.encode(bad, 0)
    bad = s.clone()
    bad.deck = bad.deck[:1]
    with pytest.raises(ValueError, match="one entry per seat"):
        enc.encode(bad, 0)
    from array import array

    with pytest.raises(ValueError, match="layout's size"):
        observe._MODULE.encode(s, 0, array("f", bytes(40)), 0.0)
    assert np.array_equal(enc.encode(s, 0), observe.DominionObserver().encode(s, 0))  # and still encodes


def test_without_a_compiler_the_python_encoder_serves(tmp_path):
    python_encoder_serves_without_a_compiler("dominion", tmp_path)
