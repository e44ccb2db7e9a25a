"""Every tile's effect on placement, every knowledge tile, and how they interact.

Board 1 near the start castle (space 19): 12 building 3 (a city of 1), 13 knowledge 1, 18 ship 2,
20 ship 5, 25 mine 4, 26 building 3. Castles: 2 (5), 3 (4), 7 (6). Pasture: 1, 5, 6, 10, 11.
"""

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
    know,
    legal_json,
    new,
    only_frames,
    put,
)


def _turn(players: int = 2, seed: int = 21):
    s = new(players, seed=seed)
    return s, s.to_move


# --- castle --------------------------------------------------------------------------------------------


def _castle_ready(s, p):
    """Lay tiles on 12 and 13 so castle space 7 (die 6) is reachable."""
    put(s, p, 12, grab(s, "building", "bank"))
    put(s, p, 13, grab(s, "knowledge"))


def test_castle_gives_a_bonus_action_with_any_die_value():
    s, p = _turn()
    _castle_ready(s, p)
    give(s, p, grab(s, "castle"))
    dice(s, 6, 1)
    act(s, "place", die=0, slot=0, space=7)
    assert only_frames(s) == ["castle"]
    kinds = {(a["type"], a.get("die")) for a in legal_json(s)}
    assert ("take", 2) in kinds and ("workers", 2) in kinds
    # any depot, whatever the dice show
    depots = {a["depot"] for a in legal_json(s) if a["type"] == "take"}
    assert depots == {1, 2, 3, 4, 5, 6}
    # the rolled die 2 cannot be used until the castle's action is done
    with pytest.raises(IllegalAction, match="castle"):
        act(s, "workers", die=1)
    act(s, "take", die=2, depot=4, slot=1)
    assert s.frames == [] and s.used == 1


@pytest.mark.parametrize("what", ["take", "place", "sell", "workers"])
def test_castle_bonus_action_can_be_any_of_the_four_actions(what):
    s, p = _turn()
    _castle_ready(s, p)
    give(s, p, grab(s, "castle"), grab(s, "mine"))
    s.goods[p * 6:p * 6 + 6] = [0, 2, 0, 0, 0, 0]
    dice(s, 6, 6)
    act(s, "place", die=0, slot=0, space=7)
    w, vp = s.workers[p], s.vp[p]
    if what == "take":
        act(s, "take", die=2, depot=1, slot=0)
        assert len(s.storage[p]) == 2
    elif what == "place":
        act(s, "place", die=2, slot=0, space=25)  # mine 4 with a 6 on the dice
        assert D.T_TYPE[s.estate[p * R.STRIDE + 25]] == D.MINE
    elif what == "sell":
        act(s, "sell", die=2, colour=2)
        assert s.vp[p] == vp + 4
    else:
        act(s, "workers", die=2)
        assert s.workers[p] == w + 2
    assert s.frames == []


def test_castle_chain_a_castle_placed_by_a_castle_gives_another_action():
    s, p = _turn()
    _castle_ready(s, p)
    give(s, p, grab(s, "castle"), grab(s, "castle"), grab(s, "castle"))
    dice(s, 6, 2)
    act(s, "place", die=0, slot=0, space=7)
    act(s, "place", die=2, slot=0, space=2)
    assert only_frames(s) == ["castle"]
    vp = s.vp[p]
    act(s, "place", die=2, slot=0, space=3)
    # the castle region (2, 3, 7) is complete: 6 + 10 in phase A; every castle space filled: large bonus
    assert s.vp[p] == vp + 16 + 5
    assert only_frames(s) == ["castle"]
    act(s, "workers", die=2)
    assert s.frames == [] and s.used == 1 and s.to_move == p


# --- mine ------------------------------------------------------------------------------------------------


def test_mines_pay_one_silverling_each_at_every_phase_end_including_e():
    s, p = _turn()
    q = 1 - p
    put(s, p, 25, grab(s, "mine"))
    put(s, p, 30, grab(s, "mine"))
    put(s, q, 25, grab(s, "mine"))
    silver = s.silver[:]
    while s.phase == 0:
        finish_turn(s)
    assert s.silver[p] == silver[p] + 2 and s.silver[q] == silver[q] + 1
    while s.to_move is not None:
        finish_turn(s)
    assert s.silver[p] == silver[p] + 10 and s.silver[q] == silver[q] + 5


def test_knowledge_2_mines_also_pay_a_worker():
    s, p = _turn()
    put(s, p, 25, grab(s, "mine"))
    know(s, p, 2)
    w = s.workers[p]
    gained = 0
    while s.phase == 0:
        if s.to_move == p:
            gained += 4  # finish_turn takes workers twice
        finish_turn(s)
    assert s.workers[p] == w + gained + 1


# --- ship -------------------------------------------------------------------------------------------------


def _ship_turn(seed: int = 22):
    s, p = _turn(seed=seed)
    s.depot_goods = [0] * 36
    give(s, p, grab(s, "ship"))
    dice(s, 2, 2)
    return s, p


def test_ship_takes_all_goods_of_one_depot_and_moves_forward_on_the_track():
    s, p = _ship_turn()
    s.goods[p * 6:p * 6 + 6] = [0] * 6
    s.depot_goods[1 * 6 + 0] = 2  # depot 2: two goods 1, one goods 3
    s.depot_goods[1 * 6 + 2] = 1
    s.depot_goods[4 * 6 + 5] = 1  # depot 5: one goods 6
    pos = s.track_pos[p]
    act(s, "place", die=0, slot=0, space=18)
    assert s.track_pos[p] == pos + 1 and GAME.track_order(s)[0] == p
    assert only_frames(s) == ["ship"]
    assert {tuple(a["depots"]) for a in legal_json(s)} == {(2,), (5,)}  # one depot, any number
    act(s, "ship", depots=[2])
    assert s.goods[p * 6:p * 6 + 6] == [2, 0, 1, 0, 0, 0]
    assert s.depot_goods[6:12] == [0] * 6 and s.depot_goods[4 * 6 + 5] == 1


def test_ship_with_no_goods_on_any_depot_still_moves_on_the_track():
    s, p = _ship_turn()
    act(s, "place", die=0, slot=0, space=18)
    assert s.frames == [] and s.track_pos[p] == 1


def test_ship_goods_overflow_three_colours_at_most_the_player_chooses_the_rest_stay():
    s, p = _ship_turn()
    s.goods[p * 6:p * 6 + 6] = [1, 1, 0, 0, 0, 0]  # two colours held: one goods space free
    s.depot_goods[2 * 6 + 0] = 1  # depot 3: goods 1 (held: always fits), goods 3 and goods 4
    s.depot_goods[2 * 6 + 2] = 2
    s.depot_goods[2 * 6 + 3] = 1
    act(s, "place", die=0, slot=0, space=18)
    act(s, "ship", depots=[3])
    assert s.goods[p * 6] == 2  # the held colour was taken at once
    assert only_frames(s) == ["goods"]
    assert sorted(a["colour"] for a in legal_json(s)) == [3, 4]
    act(s, "goods", colour=4)
    assert s.goods[p * 6:p * 6 + 6] == [2, 1, 0, 1, 0, 0]
    assert s.depot_goods[2 * 6:3 * 6] == [0, 0, 2, 0, 0, 0]  # goods 3 stay on the depot
    assert s.frames == []


def test_ship_goods_with_three_colours_held_only_matching_colours_are_taken():
    s, p = _ship_turn()
    s.goods[p * 6:p * 6 + 6] = [1, 1, 1, 0, 0, 0]
    s.depot_goods[0 * 6 + 1] = 2
    s.depot_goods[0 * 6 + 5] = 1
    act(s, "place", die=0, slot=0, space=18)
    act(s, "ship", depots=[1])
    assert s.goods[p * 6:p * 6 + 6] == [1, 3, 1, 0, 0, 0]
    assert s.depot_goods[0:6] == [0, 0, 0, 0, 0, 1]
    assert s.frames == []


def test_knowledge_5_ship_takes_goods_of_two_neighbouring_depots():
    s, p = _ship_turn()
    know(s, p, 5)
    s.goods[p * 6:p * 6 + 6] = [0] * 6
    s.depot_goods[5 * 6 + 0] = 1  # depot 6
    s.depot_goods[0 * 6 + 1] = 2  # depot 1 (next to 6: the depots form a ring)
    act(s, "place", die=0, slot=0, space=18)
    options = {tuple(a["depots"]) for a in legal_json(s)}
    assert (6, 1) in options and (6,) in options and (1,) in options and (5, 6) in options
    act(s, "ship", depots=[6, 1])
    assert s.goods[p * 6:p * 6 + 6] == [1, 2, 0, 0, 0, 0]
    assert sum(s.depot_goods) == 0


def test_two_depots_need_knowledge_5():
    s, p = _ship_turn()
    s.depot_goods[0] = 1
    act(s, "place", die=0, slot=0, space=18)
    with pytest.raises(IllegalAction, match="knowledge tile 5"):
        act(s, "ship", depots=[1, 2])


# --- animals -----------------------------------------------------------------------------------------------


def test_animals_score_with_same_species_in_the_same_pasture():
    s, p = _turn()
    put(s, p, 5, grab(s, "animal", "cow", 3))
    put(s, p, 1, grab(s, "animal", "pig", 2))
    put(s, p, 28, grab(s, "animal", "cow", 2))  # another pasture: does not count
    give(s, p, grab(s, "animal", "cow", 4))
    dice(s, 1, 1)
    vp = s.vp[p]
    act(s, "place", die=0, slot=0, space=6)
    assert s.vp[p] - vp == 4 + 3


def test_knowledge_7_adds_one_vp_per_animal_tile_counted():
    s, p = _turn()
    know(s, p, 7)
    put(s, p, 5, grab(s, "animal", "sheep", 4))
    give(s, p, grab(s, "animal", "sheep", 3))
    dice(s, 1, 1)
    vp = s.vp[p]
    act(s, "place", die=0, slot=0, space=6)
    assert s.vp[p] - vp == (3 + 1) + (4 + 1)


def test_knowledge_24_scores_animal_species():
    s, p = _turn()
    know(s, p, 24)
    for sp, species in ((5, "cow"), (6, "pig"), (28, "cow")):
        put(s, p, sp, grab(s, "animal", species))
    vp, _ = GAME._knowledge_end(s, p, 24)
    assert vp == 8


# --- buildings -------------------------------------------------------------------------------------------------


def _building_turn(kind: str, seed: int = 23):
    s, p = _turn(seed=seed)
    give(s, p, grab(s, "building", kind))
    dice(s, 3, 3)
    return s, p


def test_warehouse_sells_one_goods_type_of_the_players_choice():
    s, p = _building_turn("warehouse")
    s.goods[p * 6:p * 6 + 6] = [2, 0, 0, 0, 1, 0]
    vp = s.vp[p]
    act(s, "place", die=0, slot=0, space=12)
    assert only_frames(s) == ["warehouse"]
    assert sorted(a["colour"] for a in legal_json(s)) == [1, 5]
    act(s, "warehouse", colour=1)
    # region of 1 completed in phase A (1 + 10) and 2 goods sold (2 x 2 VP)
    assert s.vp[p] - vp == 11 + 4
    assert s.silver[p] == 2 and s.goods[p * 6] == 0 and s.sold[p * 6] == 2


def test_warehouse_with_no_goods_does_nothing():
    s, p = _building_turn("warehouse")
    s.goods[p * 6:p * 6 + 6] = [0] * 6
    act(s, "place", die=0, slot=0, space=12)
    assert s.frames == []


def test_watchtower_gives_4_vp():
    s, p = _building_turn("watchtower")
    vp = s.vp[p]
    act(s, "place", die=0, slot=0, space=26)
    assert s.vp[p] - vp == 4
    assert s.vp_log[p][-1] == ("watchtower", 4)


@pytest.mark.parametrize("kind,types", [
    ("carpenters_workshop", {D.BUILDING}),
    ("church", {D.MINE, D.KNOWLEDGE, D.CASTLE}),
    ("market", {D.SHIP, D.ANIMAL}),
])
def test_carpenter_church_market_take_a_tile_of_their_types_from_any_numbered_depot(kind, types):
    s, p = _building_turn(kind, seed=24)
    act(s, "place", die=0, slot=0, space=26)
    assert only_frames(s) == ["pick"]
    picks = [a for a in legal_json(s) if a["type"] == "pick"]
    expect = {(d + 1, k) for d in range(6) for k in range(4)
              if s.depots[d * 4 + k] >= 0 and D.T_TYPE[s.depots[d * 4 + k]] in types}
    assert {(a["depot"], a["slot"]) for a in picks} == expect
    assert expect and can(s, "skip")
    assert not any(a["type"] == "buy" and a["depot"] == "black" for a in legal_json(s))
    d, k = sorted(expect)[0]
    tid = s.depots[(d - 1) * 4 + k]
    act(s, "pick", depot=d, slot=k)
    assert s.storage[p] == [tid] and s.frames == []


def test_church_pick_may_be_skipped_and_with_nothing_to_pick_there_is_no_choice():
    s, p = _building_turn("church", seed=24)
    act(s, "place", die=0, slot=0, space=26)
    act(s, "skip")
    assert s.frames == [] and s.storage[p] == []
    s2, p2 = _building_turn("market", seed=24)
    for i in range(24):
        if s2.depots[i] >= 0 and D.T_TYPE[s2.depots[i]] in (D.SHIP, D.ANIMAL):
            s2.removed.append(s2.depots[i])
            s2.depots[i] = -1
    fix(s2)
    act(s2, "place", die=0, slot=0, space=26)
    assert s2.frames == []


def test_pick_into_full_storage_asks_for_a_discard():
    s, p = _building_turn("carpenters_workshop", seed=24)
    give(s, p, grab(s, "mine"), grab(s, "mine"), grab(s, "mine"))
    act(s, "place", die=0, slot=0, space=26)
    a = next(a for a in legal_json(s) if a["type"] == "pick")
    act(s, "pick", depot=a["depot"], slot=a["slot"])
    assert only_frames(s) == ["discard"]


def test_boarding_house_gives_4_workers():
    s, p = _building_turn("boarding_house")
    w = s.workers[p]
    act(s, "place", die=0, slot=0, space=26)
    assert s.workers[p] == w + 4


def test_bank_gives_2_silverlings():
    s, p = _building_turn("bank")
    act(s, "place", die=0, slot=0, space=26)
    assert s.silver[p] == 3


def test_city_hall_extra_placement_ignores_die_and_by_default_colour():
    s, p = _building_turn("city_hall")
    give(s, p, grab(s, "ship"))
    act(s, "place", die=0, slot=0, space=26)
    assert only_frames(s) == ["city-hall"]
    spaces = {a["space"] for a in legal_json(s) if a["type"] == "hall"}
    # any empty space next to the estate, whatever its colour or die
    assert spaces == {12, 13, 18, 20, 25, 27, 31, 32}
    act(s, "hall", slot=0, space=13)  # a ship on a knowledge space
    assert D.T_TYPE[s.estate[p * R.STRIDE + 13]] == D.SHIP
    assert s.track_pos[p] == 1  # the tile's own effect still happens


def test_city_hall_matching_colour_option():
    s = new(2, seed=23, city_hall="matching-colour")
    p = s.to_move
    give(s, p, grab(s, "building", "city_hall"), grab(s, "ship"))
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)
    spaces = {a["space"] for a in legal_json(s) if a["type"] == "hall"}
    assert spaces == {18, 20}
    with pytest.raises(IllegalAction, match="is ship but space 13 is knowledge"):
        act(s, "hall", slot=0, space=13)
    act(s, "hall", slot=0, space=20)  # ship 5 with no die at all


def test_city_hall_may_be_skipped():
    s, p = _building_turn("city_hall")
    give(s, p, grab(s, "ship"))
    act(s, "place", die=0, slot=0, space=26)
    act(s, "skip")
    assert s.frames == [] and len(s.storage[p]) == 1


def test_city_hall_chain_a_city_hall_placed_by_a_city_hall_gives_another_placement():
    s, p = _building_turn("city_hall")
    give(s, p, grab(s, "building", "city_hall"), grab(s, "mine"))
    act(s, "place", die=0, slot=0, space=26)
    act(s, "hall", slot=0, space=12)  # a second City Hall, in another city
    assert only_frames(s) == ["city-hall"]
    act(s, "hall", slot=0, space=25)
    assert s.mines[p] == 1 and s.frames == []


def test_city_hall_then_castle_chain_across_effects():
    s, p = _building_turn("city_hall")
    _castle_ready(s, p)
    give(s, p, grab(s, "castle"))
    act(s, "place", die=0, slot=0, space=26)
    act(s, "hall", slot=0, space=7)
    assert only_frames(s) == ["castle"]
    act(s, "workers", die=2)
    assert s.frames == []


def test_one_building_of_each_kind_per_city():
    s, p = _turn()
    put(s, p, 26, grab(s, "building", "warehouse"))
    give(s, p, grab(s, "building", "warehouse"))
    dice(s, 1, 3)
    # 27 (die 1) is in the same city as 26; 12 (die 3) is another city
    assert not can(s, "place", die=0, slot=0, space=27)
    assert can(s, "place", die=1, slot=0, space=12)
    with pytest.raises(IllegalAction, match="already has a Warehouse"):
        act(s, "place", die=0, slot=0, space=27)


def test_knowledge_1_allows_the_same_building_twice_in_a_city():
    s, p = _turn()
    know(s, p, 1, space=13)
    put(s, p, 26, grab(s, "building", "warehouse"))
    give(s, p, grab(s, "building", "warehouse"))
    dice(s, 1, 3)
    assert can(s, "place", die=0, slot=0, space=27)


# --- knowledge: continuous effects ------------------------------------------------------------------------------


def test_knowledge_3_and_4_change_sales_die_and_warehouse():
    s, p = _turn()
    know(s, p, 3)
    know(s, p, 4)
    s.goods[p * 6:p * 6 + 6] = [1, 0, 0, 0, 0, 2]
    give(s, p, grab(s, "building", "warehouse"))
    dice(s, 6, 3)
    silver, w = s.silver[p], s.workers[p]
    act(s, "sell", die=0, colour=6)
    assert s.silver[p] == silver + 2 and s.workers[p] == w + 1
    act(s, "place", die=1, slot=0, space=12)
    act(s, "warehouse", colour=1)
    assert s.silver[p] == silver + 4 and s.workers[p] == w + 2


def test_knowledge_6_buy_from_any_depot():
    s, p = _turn()
    know(s, p, 6)
    s.silver[p] = 2
    fix(s)
    assert can(s, "buy", depot=3, slot=1)
    tid = s.depots[2 * 4 + 1]
    act(s, "buy", depot=3, slot=1)
    assert s.storage[p] == [tid] and s.silver[p] == 0


def test_knowledge_8_workers_change_a_die_by_one_or_two():
    s, p = _turn()
    know(s, p, 8)
    s.workers[p] = 2
    dice(s, 5, 2)
    assert can(s, "adjust", die=0, delta=1)
    act(s, "adjust", die=0, delta=2)
    assert s.dice[p * 2] == 1 and s.workers[p] == 1
    act(s, "adjust", die=1, delta=-2)
    assert s.dice[p * 2 + 1] == 6


@pytest.mark.parametrize("number,type_name,kind,space,die", [
    (9, "building", "bank", 12, 2),  # building 3 with a 2
    (10, "ship", None, 18, 3),  # ship 2 with a 3
    (10, "animal", None, 28, 1),  # animal 2 with a 1 (space 28 reached below)
    (11, "mine", None, 25, 5),  # mine 4 with a 5
    (11, "castle", None, 7, 1),  # castle 6 with a 1 (wrap-around)
    (11, "knowledge", None, 13, 2),  # knowledge 1 with a 2
])
def test_knowledge_9_10_11_free_adjustment_when_placing_their_types(number, type_name, kind, space, die):
    s, p = _turn()
    if space == 7:
        put(s, p, 12, grab(s, "building", "bank"))
        put(s, p, 13, grab(s, "knowledge", 20))
    if space == 28:
        put(s, p, 20, grab(s, "ship"))
        put(s, p, 27, grab(s, "building", "bank"))
    give(s, p, grab(s, type_name, kind))
    dice(s, die, die)
    assert not can(s, "place", die=0, slot=0, space=space)
    other = {9: 10, 10: 11, 11: 9}[number]
    know(s, p, other, space=next(i for i in (35, 36, 31) if not s.occ[p] >> i & 1))
    assert not can(s, "place", die=0, slot=0, space=space)
    know(s, p, number, space=next(i for i in (36, 31, 35) if not s.occ[p] >> i & 1))
    assert can(s, "place", die=0, slot=0, space=space)


def test_knowledge_12_take_from_a_depot_one_off():
    s, p = _turn()
    dice(s, 1, 1)
    assert {a["depot"] for a in legal_json(s) if a["type"] == "take"} == {1}
    know(s, p, 12)
    assert {a["depot"] for a in legal_json(s) if a["type"] == "take"} == {6, 1, 2}


def test_knowledge_13_and_14_change_take_workers():
    s, p = _turn()
    know(s, p, 13)
    w, silver = s.workers[p], s.silver[p]
    act(s, "workers", die=0)
    assert s.workers[p] == w + 2 and s.silver[p] == silver + 1
    know(s, p, 14)
    act(s, "workers", die=1)
    assert s.workers[p] == w + 6 and s.silver[p] == silver + 2


def test_knowledge_tiles_numbered_as_in_tiles_json():
    black = sorted(D.T_KIND[t] for t in range(D.NTILES) if D.T_TYPE[t] == D.KNOWLEDGE and D.T_BLACK[t])
    assert black == [7, 12, 14, 15, 24, 25]
    assert sorted(D.T_KIND[t] for t in range(D.NTILES) if D.T_TYPE[t] == D.KNOWLEDGE) == list(range(1, 27))


# --- knowledge: end-game scoring --------------------------------------------------------------------------------------


def test_knowledge_15_to_26_end_game_scoring():
    s, p = _turn()
    s.sold[p * 6:p * 6 + 6] = [2, 0, 3, 1, 0, 0]
    put(s, p, 26, grab(s, "building", "warehouse"))
    put(s, p, 12, grab(s, "building", "warehouse"))
    put(s, p, 27, grab(s, "building", "bank"))
    s.bonus[D.MINE] = p
    s.bonus[6 + D.SHIP] = p
    expect = {15: 9, 16: 8, 17: 0, 18: 0, 19: 0, 20: 0, 21: 0, 22: 4, 23: 0, 24: 0, 25: 6, 26: 4}
    for num, vp in expect.items():
        assert GAME._knowledge_end(s, p, num)[0] == vp, num


def test_end_game_knowledge_scores_appear_as_scoring_sources():
    s, p = _turn()
    know(s, p, 25, space=13)
    know(s, p, 26, space=31)
    s.sold[p * 6] = 4
    s.bonus[D.MINE] = p
    while s.to_move is not None:
        finish_turn(s)
    res = GAME.result(s)
    by = res.breakdown[p]["vp_by_source"]
    assert by["knowledge-25"] == 4
    assert by["knowledge-26"] == 2


def test_knowledge_on_black_depot_are_the_black_backed_numbers():
    s = new(4, seed=3)
    for t in s.black:
        if t >= 0 and D.T_TYPE[t] == D.KNOWLEDGE:
            assert D.T_KIND[t] in (7, 12, 14, 15, 24, 25)


def test_depot_helper_replaces_tiles():
    s, p = _turn()
    c = grab(s, "castle")
    depot(s, 2, 1, c)
    assert s.depots[5] == c
