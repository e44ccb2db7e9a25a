"""Rule tests: setup, the turn, the four die actions, workers, the black depot, turn order."""

from __future__ import annotations

import pytest

from .helpers import (
    GAME,
    D,
    IllegalAction,
    R,
    act,
    can,
    depot,
    dice,
    finish_turn,
    fix,
    give,
    grab,
    legal_json,
    new,
    only_frames,
    put,
)

# --- setup ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,black", [(2, 4), (3, 6), (4, 8)])
def test_phase_setup_fills_colour_coded_depot_slots_by_player_count(players, black):
    s = new(players, seed=3)
    for d in range(6):
        for k in range(4):
            t = s.depots[d * 4 + k]
            if k < players:
                assert t >= 0, (d, k)
                assert D.T_TYPE[t] == D.DEPOT_SLOTS[d][k]
                assert not D.T_BLACK[t]
            else:
                assert t == -1
    assert sum(1 for t in s.black if t >= 0) == black
    assert all(D.T_BLACK[t] for t in s.black if t >= 0)


def test_five_goods_on_round_spaces_and_white_die_sends_one_to_its_depot():
    s = new(2, seed=4)
    # round A1 has begun: one of the five goods went to the depot of the white die
    assert len(s.round_goods) == 4
    assert sum(s.depot_goods) == 1
    w = s.white
    assert sum(s.depot_goods[(w - 1) * 6:w * 6]) == 1
    before = sum(s.depot_goods)
    while s.round == 0:
        finish_turn(s)
    assert s.round == 1 and len(s.round_goods) == 3 and sum(s.depot_goods) == before + 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_resources_goods_silverling_workers_by_turn_order_and_start_castle(players):
    s = new(players, seed=11)
    for q in range(players):
        assert sum(s.goods[q * 6:q * 6 + 6]) == 3
        assert s.silver[q] == 1
        assert s.occ[q] == 1 << 19
        assert D.T_TYPE[s.estate[q * R.STRIDE + 19]] == D.CASTLE
    assert [s.workers[q] for q in s.order] == list(range(1, players + 1))
    # the start player sits on top of the track and moves first; the rest follow clockwise
    assert GAME.track_order(s) == s.order
    assert s.order == [(s.order[0] + i) % players for i in range(players)]
    assert s.to_move == s.order[0]


def test_each_player_rolls_two_dice_each_round():
    s = new(3, seed=2)
    assert all(1 <= v <= 6 for v in s.dice)
    assert {a["die"] for a in legal_json(s) if a["type"] == "workers"} == {0, 1}


# --- the turn ---------------------------------------------------------------------------------------


def test_exactly_two_die_actions_then_the_turn_passes():
    s = new(2, seed=5)
    p = s.to_move
    act(s, "workers", die=0)
    assert s.to_move == p
    assert not can(s, "workers", die=0)
    act(s, "workers", die=1)
    assert s.to_move != p  # 1 silverling: no purchase possible, so the turn ends by itself
    assert s.turns[p] == 1


def test_used_die_cannot_be_used_again():
    s = new(2, seed=5)
    act(s, "workers", die=0)
    with pytest.raises(IllegalAction, match="already used die 1"):
        act(s, "workers", die=0)


def test_illegal_action_leaves_the_state_unchanged():
    s = new(2, seed=6)
    dice(s, 1, 1)
    before = s.to_data()
    with pytest.raises(IllegalAction):
        act(s, "take", die=0, depot=5, slot=0)
    with pytest.raises(IllegalAction):
        act(s, "sell", die=0, colour=4)
    with pytest.raises(IllegalAction):
        act(s, "discard", slot=0)
    assert s.to_data() == before


def test_take_a_tile_from_the_depot_of_the_die_number_into_storage():
    s = new(2, seed=5)
    p = s.to_move
    dice(s, 3, 5)
    tid = s.depots[2 * 4 + 0]
    act(s, "take", die=0, depot=3, slot=0)
    assert s.storage[p] == [tid]
    assert s.depots[8] == -1
    with pytest.raises(IllegalAction, match="shows 5, so it takes from depot 5"):
        act(s, "take", die=1, depot=4, slot=0)
    with pytest.raises(IllegalAction, match="slot 1 is empty"):
        act(s, "take", die=1, depot=3, slot=0)


def test_full_storage_the_player_chooses_one_to_discard():
    s = new(2, seed=5)
    p = s.to_move
    old = [grab(s, "ship"), grab(s, "mine"), grab(s, "castle")]
    give(s, p, *old)
    dice(s, 2, 2)
    new_tile = s.depots[1 * 4]
    act(s, "take", die=0, depot=2, slot=0)
    assert only_frames(s) == ["discard"]
    assert sorted(a["slot"] for a in legal_json(s)) == [0, 1, 2]
    with pytest.raises(IllegalAction, match="discard a tile"):
        act(s, "workers", die=1)
    act(s, "discard", slot=1)
    assert s.storage[p] == [old[0], old[2], new_tile]
    assert old[1] in s.removed
    assert len(s.storage[p]) == 3


def test_place_needs_an_empty_space_of_matching_colour_and_die_next_to_the_estate():
    s = new(2, seed=7)
    p = s.to_move
    give(s, p, grab(s, "ship"))
    dice(s, 2, 2)
    assert can(s, "place", die=0, slot=0, space=18)  # ship 2, next to the start castle
    with pytest.raises(IllegalAction, match="not next to"):
        act(s, "place", die=0, slot=0, space=17)
    with pytest.raises(IllegalAction, match="needs 5"):
        act(s, "place", die=0, slot=0, space=20)
    with pytest.raises(IllegalAction, match="is ship but space 13 is knowledge"):
        act(s, "place", die=0, slot=0, space=13)
    with pytest.raises(IllegalAction, match="already occupied"):
        act(s, "place", die=0, slot=0, space=19)
    act(s, "place", die=0, slot=0, space=18)
    assert D.T_TYPE[s.estate[p * R.STRIDE + 18]] == D.SHIP
    assert s.storage[p] == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sell_all_goods_of_the_die_colour_silverling_and_vp_by_player_count(players):
    s = new(players, seed=8)
    p = s.to_move
    s.goods[p * 6:p * 6 + 6] = [0, 0, 0, 3, 1, 0]
    dice(s, 4, 1)
    vp = s.vp[p]
    act(s, "sell", die=0, colour=4)
    assert s.goods[p * 6 + 3] == 0 and s.sold[p * 6 + 3] == 3
    assert s.goods[p * 6 + 4] == 1
    assert s.silver[p] == 2
    assert s.vp[p] - vp == 3 * players


def test_sell_requires_goods_of_that_colour():
    s = new(2, seed=8)
    p = s.to_move
    s.goods[p * 6:p * 6 + 6] = [1, 0, 0, 0, 0, 0]
    dice(s, 2, 3)
    assert not any(a["type"] == "sell" for a in legal_json(s))
    with pytest.raises(IllegalAction, match="no goods 2"):
        act(s, "sell", die=0, colour=2)


def test_take_two_workers_whatever_the_die():
    s = new(2, seed=9)
    p = s.to_move
    dice(s, 6, 3)
    w = s.workers[p]
    act(s, "workers", die=0)
    assert s.workers[p] == w + 2


# --- workers ----------------------------------------------------------------------------------------


def test_worker_adjusts_a_die_by_one_with_wrap_around():
    s = new(2, seed=10)
    p = s.to_move
    s.workers[p] = 3
    dice(s, 6, 1)
    act(s, "adjust", die=0, delta=1)
    assert s.dice[p * 2] == 1
    act(s, "adjust", die=1, delta=-1)
    assert s.dice[p * 2 + 1] == 6
    assert s.workers[p] == 1


def test_worker_adjustments_repeat_and_three_to_six_costs_three_either_way():
    for delta in (1, -1):
        s = new(2, seed=10)
        p = s.to_move
        s.workers[p] = 5
        dice(s, 3, 3)
        for _ in range(3):
            act(s, "adjust", die=0, delta=delta)
        assert s.dice[p * 2] == 6
        assert s.workers[p] == 2


def test_adjusting_needs_a_worker_and_two_steps_need_knowledge_8():
    s = new(2, seed=10)
    p = s.to_move
    s.workers[p] = 1
    fix(s)
    with pytest.raises(IllegalAction, match="knowledge tile 8"):
        act(s, "adjust", die=0, delta=2)
    act(s, "adjust", die=0, delta=1)
    with pytest.raises(IllegalAction, match="no workers"):
        act(s, "adjust", die=0, delta=1)


def test_adjusted_die_then_used_for_its_new_number():
    s = new(2, seed=12)
    p = s.to_move
    s.workers[p] = 2
    dice(s, 1, 1)
    give(s, p, grab(s, "ship"))
    assert not can(s, "place", die=0, slot=0, space=18)
    act(s, "adjust", die=0, delta=1)
    act(s, "place", die=0, slot=0, space=18)
    assert s.workers[p] == 1


# --- black depot ---------------------------------------------------------------------------------------


def test_black_depot_purchase_costs_two_silverlings_once_per_turn():
    s = new(2, seed=13)
    p = s.to_move
    s.silver[p] = 5
    fix(s)
    slot = next(k for k in range(8) if s.black[k] >= 0)
    tid = s.black[slot]
    act(s, "buy", depot="black", slot=slot)
    assert s.storage[p] == [tid] and s.silver[p] == 3 and s.black[slot] == -1
    other = next(k for k in range(8) if s.black[k] >= 0)
    with pytest.raises(IllegalAction, match="already bought"):
        act(s, "buy", depot="black", slot=other)


def test_black_depot_purchase_needs_two_silverlings():
    s = new(2, seed=13)
    p = s.to_move
    s.silver[p] = 1
    fix(s)
    slot = next(k for k in range(8) if s.black[k] >= 0)
    with pytest.raises(IllegalAction, match="costs 2"):
        act(s, "buy", depot="black", slot=slot)


def test_black_depot_purchase_at_any_moment_of_the_turn_even_after_both_dice():
    s = new(2, seed=14)
    p = s.to_move
    s.silver[p] = 2
    fix(s)
    act(s, "workers", die=0)
    act(s, "workers", die=1)
    # both dice used, the purchase still possible: the player buys or ends the turn
    assert s.to_move == p
    kinds = {a["type"] for a in legal_json(s)}
    assert kinds == {"buy", "end"}
    slot = next(k for k in range(8) if s.black[k] >= 0)
    act(s, "buy", depot="black", slot=slot)
    assert s.to_move != p


def test_end_turn_only_when_both_dice_are_used():
    s = new(2, seed=14)
    p = s.to_move
    s.silver[p] = 2
    fix(s)
    with pytest.raises(IllegalAction, match="both dice"):
        act(s, "end")
    act(s, "workers", die=0)
    act(s, "workers", die=1)
    act(s, "end")
    assert s.to_move != p and s.silver[p] == 2


def test_numbered_depot_purchase_needs_knowledge_6():
    s = new(2, seed=14)
    p = s.to_move
    s.silver[p] = 2
    fix(s)
    with pytest.raises(IllegalAction, match="knowledge tile 6"):
        act(s, "buy", depot=1, slot=0)


# --- turn order ----------------------------------------------------------------------------------------


def test_ship_moves_forward_on_the_track_and_order_changes_next_round():
    s = new(3, seed=15)
    first, second, third = s.order
    p = s.to_move
    assert p == first
    act(s, "workers", die=0)
    act(s, "workers", die=1)
    # the second player places a ship: ahead of everyone, but only from the next round on
    q = s.to_move
    assert q == second
    give(s, q, grab(s, "ship"))
    dice(s, 2, 2)
    act(s, "place", die=0, slot=0, space=18)
    assert s.track_pos[q] == 1
    if only_frames(s) == ["ship"]:
        a = legal_json(s)[0]
        act(s, "ship", depots=a["depots"])
    finish_turn(s)
    assert s.to_move == third  # this round's order is unchanged
    finish_turn(s)
    assert s.round == 1
    assert s.order == [second, first, third]
    assert s.to_move == second


def test_ties_on_the_turn_order_track_the_last_to_arrive_is_on_top():
    s = new(3, seed=16)
    a, b, c = s.order
    # a reaches space 1 first, then b lands on the same space: b is on top and plays first
    for who in (a, b):
        s.stamp += 1
        s.track_pos[who] += 1
        s.track_stamp[who] = s.stamp
    assert GAME.track_order(s) == [b, a, c]
    s.stamp += 1
    s.track_pos[c] += 1
    s.track_stamp[c] = s.stamp
    assert GAME.track_order(s) == [c, b, a]
    s.stamp += 1
    s.track_pos[a] += 1
    s.track_stamp[a] = s.stamp
    assert GAME.track_order(s) == [a, c, b]


def test_twenty_five_rounds_then_the_game_ends():
    s = new(2, seed=17)
    rounds = set()
    while s.to_move is not None:
        rounds.add((s.phase, s.round))
        finish_turn(s)
    assert len(rounds) == 25
    assert GAME.turns(s) == [25, 25]
    assert GAME.result(s) is not None
    assert GAME.legal_actions(s) == []
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(s, GAME.actions[0])


def test_phase_end_removes_depot_tiles_but_goods_stay():
    s = new(2, seed=18)
    left = [t for t in s.depots + s.black if t >= 0]
    goods_before = s.depot_goods[:]
    while s.phase == 0:
        finish_turn(s)
    assert all(t in s.removed for t in left)
    # goods on depots stay; only new round goods were added
    assert all(s.depot_goods[i] >= goods_before[i] for i in range(36))
    assert sum(s.depot_goods) == sum(goods_before) + 5


def test_put_helper_does_not_place_twice():
    s = new(2)
    with pytest.raises(AssertionError):
        put(s, 0, 19, grab(s, "mine"))


def test_depot_helper_keeps_tiles_counted():
    s = new(2)
    depot(s, 1, 0, grab(s, "castle"))
    from .helpers import tiles_total

    assert tiles_total(s)["total"] == 164
