"""Scoring: regions with the phase bonus, colour bonus tiles, final scoring, tie-breaks."""

from __future__ import annotations

import pytest

from .helpers import GAME, D, R, act, dice, finish_turn, give, grab, new, put


@pytest.mark.parametrize("phase,bonus", [(0, 10), (1, 8), (2, 6), (3, 4), (4, 2)])
def test_completed_region_scores_size_triangle_plus_phase_bonus(phase, bonus):
    s = new(2, seed=31)
    p = s.to_move
    s.phase = phase
    put(s, p, 25, grab(s, "mine"))
    put(s, p, 30, grab(s, "mine"))
    give(s, p, grab(s, "mine"))
    dice(s, 3, 3)
    vp = s.vp[p]
    act(s, "place", die=0, slot=0, space=34)
    # mine region of 3 (6 VP) + phase bonus + the large mine bonus tile (the only mine region)
    assert s.vp[p] - vp == 6 + bonus + 5
    assert ("region", 6 + bonus) in s.vp_log[p]


def test_region_sizes_score_triangle_numbers():
    assert D.SIZE_VP[1:9] == (1, 3, 6, 10, 15, 21, 28, 36)


def test_incomplete_region_scores_nothing():
    s = new(2, seed=31)
    p = s.to_move
    give(s, p, grab(s, "mine"))
    dice(s, 4, 4)
    act(s, "place", die=0, slot=0, space=25)
    assert s.vp[p] == 0


def _fill_mines(s, p):
    put(s, p, 25, grab(s, "mine"))
    put(s, p, 30, grab(s, "mine"))
    give(s, p, grab(s, "mine"))
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=34)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_colour_bonus_first_large_second_small_third_nothing(players):
    s = new(players, seed=32)
    got = []
    for _ in range(min(players, 3)):
        p = s.to_move
        before = [x for x in s.vp_log[p] if x[0] == "colour-bonus"]
        _fill_mines(s, p)
        after = [x for x in s.vp_log[p] if x[0] == "colour-bonus"]
        got.append(sum(v for _, v in after) - sum(v for _, v in before))
        finish_turn(s)
    expected = [D.LARGE_BONUS[players], D.SMALL_BONUS[players], 0][:min(players, 3)]
    assert got == expected
    first, second = s.order[0], s.order[1]
    assert s.bonus[D.MINE] == first and s.bonus[6 + D.MINE] == second


def test_colour_bonus_needs_every_space_of_the_colour_not_just_one_region():
    s = new(2, seed=33)
    p = s.to_move
    # ship spaces: regions (16, 17, 18) and (20, 21, 22); completing one region is not enough
    put(s, p, 16, grab(s, "ship"))
    put(s, p, 17, grab(s, "ship"))
    give(s, p, grab(s, "ship"))
    dice(s, 2, 2)
    act(s, "place", die=0, slot=0, space=18)
    assert s.bonus[D.SHIP] == -1
    assert ("region", 6 + 10) in s.vp_log[p]


def test_final_scoring_goods_silverlings_and_half_the_workers():
    s = new(2, seed=34)
    while s.to_move is not None:
        finish_turn(s)
    for q in range(2):
        by = dict(GAME.result(s).breakdown[q]["vp_by_source"])
        assert by.get("unsold-goods", 0) == sum(s.goods[q * 6:q * 6 + 6])
        assert by.get("silverlings", 0) == s.silver[q]
        assert by.get("workers", 0) == s.workers[q] // 2
        assert s.vp[q] == sum(by.values())


def _finished(seed=35, **opts):
    s = new(2, seed=seed, **opts)
    while s.to_move is not None:
        finish_turn(s)
    return s


def test_tiebreak_fewest_empty_spaces_wins_by_default():
    s = _finished()
    s.vp = [50, 50]
    s.occ[0] |= 1 << 1  # seat 1 has one empty space fewer
    res = GAME.result(s)
    assert res.winners == [0] and res.ranks == [1, 2]


def test_tiebreak_most_empty_option():
    s = _finished(tiebreak="most-empty")
    s.vp = [50, 50]
    s.occ[0] |= 1 << 1
    res = GAME.result(s)
    assert res.winners == [1]


@pytest.mark.parametrize("tiebreak", ["fewest-empty", "most-empty"])
def test_tiebreak_then_the_player_further_back_on_the_turn_order_track(tiebreak):
    s = _finished(tiebreak=tiebreak)
    s.vp = [50, 50]
    s.occ = [1 << 19, 1 << 19]
    order = GAME.track_order(s)
    res = GAME.result(s)
    assert res.winners == [order[-1]]
    assert not res.shared


def test_higher_score_wins_before_any_tiebreak():
    s = _finished()
    s.vp = [51, 50]
    s.occ = [1 << 19, (1 << 38) - 2]
    assert GAME.result(s).winners == [0]


def test_scores_are_in_vp_log():
    s = _finished(seed=36)
    for q in range(2):
        assert sum(v for _, v in s.vp_log[q]) == s.vp[q]
        assert all(src in R.SOURCES for src, _ in s.vp_log[q])
