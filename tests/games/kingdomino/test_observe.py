"""Kingdomino's observation encoding: layout, what it shows, and that it hides the pile's order."""

from __future__ import annotations

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng
from realms.games.kingdomino import board as B
from tests.rl.observe_checks import (
    FULL,
    can_compile,
    compiled_matches_reference,
    compiled_or_skip,
    hidden_information_check,
    layout_size,
    python_encoder_serves_without_a_compiler,
)

GAME = realms.games.get("kingdomino")


def _fields(vec: np.ndarray, opts: dict) -> dict[str, np.ndarray]:
    out, off = {}, 0
    for name, shape in GAME.observation().fields(GAME.validate_options(opts)):
        n = int(np.prod(shape))
        out[name] = vec[off:off + n].reshape(shape)
        off += n
    assert off == len(vec)
    return out


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "mighty_duel": True},
                                  {"players": 3, "three_players": "thirty-six"}, {"players": 2, "dynasty": True}])
def test_layout_and_castle(opts):
    s = GAME.new(opts, 3)
    rng = Rng(1)
    _check_against_the_view(s, opts)  # a game's first state: castles alone, the first row drawn
    for _ in range(15):
        GAME.apply(s, GAME.legal_actions(s)[rng.below(len(GAME.legal_actions(s)))])
    _check_against_the_view(s, opts)


def _check_against_the_view(s, opts):
    p = GAME.players(s)
    for seat in range(p):
        v = GAME.observation().encode(s, seat)
        assert v.shape == (layout_size(GAME, opts),) and v.dtype == np.float32
        f = _fields(v, opts)
        # the occupied plane of every kingdom has its castle at the centre; squares equal the view's cells
        for i in range(p):
            q = (seat + i) % p
            assert f["kingdoms"][i, 9, B.CENTRE, B.CENTRE] == 1
            cells = GAME.view(s, seat)["kingdoms"][q]["cells"]
            assert f["kingdoms"][i, 9].sum() == len(cells)
            for r, c, letter, crowns in cells:
                if letter != "C":
                    assert f["kingdoms"][i, "WFLGSM".index(letter), r + B.CENTRE, c + B.CENTRE] == 1
                    if crowns:
                        assert f["kingdoms"][i, 5 + crowns, r + B.CENTRE, c + B.CENTRE] == 1
        view = GAME.view(s, seat)
        assert f["unseen"].sum() == len(view["unseen"])
        assert sorted(np.flatnonzero(f["unseen"]) + 1) == sorted(view["unseen"])
        assert f["next_row"][:, 0].sum() == len(view["next_row"])
        assert f["scalars"][3] == float(s.to_move == seat)


def test_seats_see_themselves_first():
    s = GAME.new({"players": 2}, 5)
    rng = Rng(2)
    for _ in range(12):
        GAME.apply(s, GAME.legal_actions(s)[rng.below(len(GAME.legal_actions(s)))])
    a = _fields(GAME.observation().encode(s, 0), {"players": 2})
    b = _fields(GAME.observation().encode(s, 1), {"players": 2})
    assert np.array_equal(a["kingdoms"][0], b["kingdoms"][1]) and np.array_equal(a["kingdoms"][1], b["kingdoms"][0])


@pytest.mark.slow
@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 4}, {"players": 3, "three_players": "thirty-six"}])
def test_no_hidden_information(opts):
    games = 60 if FULL else 6
    compared, flagged = hidden_information_check("kingdomino", opts, games=games, every=1)
    assert compared >= (1000 if FULL else 150)
    assert flagged == 0  # everything in a Kingdomino view is public: determinize never changes it


def test_the_check_catches_a_leak():
    """An encoder that shows the next domino of the face-down pile fails the check."""
    enc = GAME.observation().encode

    def leaky(state, seat):
        v = enc(state, seat)
        return np.append(v[:-1], np.float32(state.pile[0] if state.pile else 0))

    with pytest.raises(AssertionError, match="equal views, different observations"):
        hidden_information_check("kingdomino", {"players": 2}, games=2, every=1, encode=leaky)


# --- the compiled encoder (observe.c) -------------------------------------------------------------------------
def _compiled_or_skip():
    return compiled_or_skip("kingdomino")


def test_the_compiled_encoder_is_used_where_a_compiler_is_found():
    from realms.games.kingdomino import observe

    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    assert isinstance(GAME.observation(), observe.CompiledKingdominoObserver), observe.WHY_NOT_COMPILED


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "three_players": "thirty-six"},
                                  {"players": 4, "harmony": True, "middle_kingdom": True},
                                  {"players": 2, "dynasty": True}, {"players": 2, "mighty_duel": True}])
def test_the_compiled_encoder_writes_the_python_encoders_vector(opts):
    """At every seat of every step (a Dynasty's three games and its history included), as the environments call
    it and as ``encode``: the same floats, bit for bit, as the Python encoder (the reference)."""
    observe = _compiled_or_skip()
    assert compiled_matches_reference(GAME, opts, 6 if FULL else 2, observe.OBSERVER, observe.KingdominoObserver) > 100


def test_the_compiled_encoder_rejects_bad_input_with_clear_errors():
    observe = _compiled_or_skip()
    enc = observe.OBSERVER.fresh()
    s = GAME.new({"players": 2}, 3)
    with pytest.raises(ValueError, match="seat 2 of a 2-player game"):
        enc.encode(s, 2)
    bad = s.clone()
    bad.occ = [*bad.occ]
    bad.occ[1] = 1 << B.NBITS  # a square beyond the frame
    with pytest.raises(ValueError, match="kingdom mask out of range"):
        enc.encode(bad, 0)
    bad.occ[1] = -1
    with pytest.raises(ValueError, match="kingdom mask out of range"):
        enc.encode(bad, 0)
    bad = s.clone()
    bad.pile = [*bad.pile, 49]
    with pytest.raises(ValueError, match="domino out of range"):
        enc.encode(bad, 0)
    bad = s.clone()
    bad.terr = bad.terr[:3]
    with pytest.raises(ValueError, match="wrong kind or length"):
        enc.encode(bad, 0)
    from array import array

    with pytest.raises(ValueError, match="layout's size"):
        observe._MODULE.encode(s, 0, array("f", bytes(40)))
    assert np.array_equal(enc.encode(s, 0), observe.KingdominoObserver().encode(s, 0))  # and still encodes


def test_without_a_compiler_the_python_encoder_serves(tmp_path):
    python_encoder_serves_without_a_compiler("kingdomino", tmp_path)
