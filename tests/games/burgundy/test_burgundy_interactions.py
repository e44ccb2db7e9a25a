"""How rules and tiles interact: purchases inside bonus actions, effects through City Halls and castles,
knowledge on bonus actions, completions by foreign tiles."""

from __future__ import annotations

import pytest

from .helpers import D, IllegalAction, R, act, can, dice, give, grab, know, legal_json, new, only_frames, put


def _with_castle_frame(seed=41, **opts):
    s = new(2, seed=seed, **opts)
    p = s.to_move
    put(s, p, 12, grab(s, "building", "bank"))
    put(s, p, 13, grab(s, "knowledge", 20))
    give(s, p, grab(s, "castle"))
    dice(s, 6, 6)
    act(s, "place", die=0, slot=0, space=7)
    assert only_frames(s) == ["castle"]
    return s, p


def test_black_depot_purchase_not_inside_a_castle_action_by_default():
    """Our ruling (docs/burgundy.md) and the 2011 rulebook: the black depot is bought from before, between or after
    the two die actions, not in the middle of a castle's extra action (option black_depot_timing=between-actions)."""
    s, p = _with_castle_frame()
    s.silver[p] = 2
    s.black[0] = grab(s, "mine")
    s.cache = None
    assert not any(a["type"] == "buy" for a in legal_json(s))
    with pytest.raises(IllegalAction, match="before, between or after the die actions"):
        act(s, "buy", depot="black", slot=0)
    assert only_frames(s) == ["castle"] and s.silver[p] == 2
    act(s, "workers", die=2)
    assert s.frames == [] and can(s, "buy", depot="black", slot=0)  # between the dice again


def test_black_depot_purchase_not_inside_a_city_hall_placement_by_default():
    s = new(2, seed=42)
    p = s.to_move
    s.silver[p] = 2
    give(s, p, grab(s, "building", "city_hall"), grab(s, "mine"))
    s.black[0] = grab(s, "ship")
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)
    assert only_frames(s) == ["city-hall"]
    assert not any(a["type"] == "buy" for a in legal_json(s))
    with pytest.raises(IllegalAction, match="before, between or after the die actions"):
        act(s, "buy", depot="black", slot=0)
    act(s, "skip")
    assert can(s, "buy", depot="black", slot=0)


def test_city_hall_with_an_empty_storage_offers_nothing_by_default():
    s = new(2, seed=42)
    p = s.to_move
    s.silver[p] = 2
    give(s, p, grab(s, "building", "city_hall"))
    s.black[0] = grab(s, "ship")
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)
    assert s.frames == [] and s.used == 1  # nothing to place: the City Hall's effect is over


def test_black_depot_timing_during_effects_purchase_inside_a_castle_action():
    """The later rule (option black_depot_timing=during-effects): buy in the middle of the castle's action,
    then place the bought tile with the castle die."""
    s, p = _with_castle_frame(black_depot_timing="during-effects")
    s.silver[p] = 2
    s.black[0] = grab(s, "mine")
    s.cache = None
    act(s, "buy", depot="black", slot=0)
    assert only_frames(s) == ["castle"] and s.silver[p] == 0
    act(s, "place", die=2, slot=0, space=25)
    assert s.mines[p] == 1 and s.frames == []


def test_black_depot_timing_during_effects_purchase_inside_a_city_hall_placement():
    s = new(2, seed=42, black_depot_timing="during-effects")
    p = s.to_move
    s.silver[p] = 2
    give(s, p, grab(s, "building", "city_hall"))
    s.black[0] = grab(s, "ship")
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)
    assert not any(a["type"] == "hall" for a in legal_json(s))  # nothing in storage yet
    act(s, "buy", depot="black", slot=0)
    assert only_frames(s) == ["city-hall"]
    act(s, "hall", slot=0, space=20)
    assert s.track_pos[p] == 1


def test_black_depot_timing_option_is_listed_and_checked():
    from realms.core.errors import OptionsError
    from realms.games.burgundy import GAME

    spec = {o.name: o for o in GAME.options_spec}["black_depot_timing"]
    assert spec.default == "between-actions" and set(spec.choices) == {"between-actions", "during-effects"}
    with pytest.raises(OptionsError):
        new(2, seed=1, black_depot_timing="whenever")


def test_no_purchase_while_resolving_an_effect():
    s = new(2, seed=43)
    p = s.to_move
    s.silver[p] = 4
    give(s, p, grab(s, "mine"), grab(s, "mine"), grab(s, "mine"))
    dice(s, 2, 2)
    act(s, "take", die=0, depot=2, slot=0)
    assert only_frames(s) == ["discard"]
    with pytest.raises(IllegalAction, match="discard"):
        act(s, "buy", depot="black", slot=next(k for k in range(8) if s.black[k] >= 0))


def test_castle_take_into_full_storage_asks_for_a_discard():
    s, p = _with_castle_frame()
    give(s, p, grab(s, "mine"), grab(s, "mine"), grab(s, "mine"))
    act(s, "take", die=2, depot=5, slot=0)
    assert only_frames(s) == ["discard"]
    act(s, "discard", slot=0)
    assert s.frames == [] and len(s.storage[p]) == 3


def test_castle_workers_action_gets_knowledge_13_and_14():
    s, p = _with_castle_frame()
    know(s, p, 13, space=31)
    know(s, p, 14, space=35)
    w, silver = s.workers[p], s.silver[p]
    act(s, "workers", die=2)
    assert s.workers[p] == w + 4 and s.silver[p] == silver + 1


def test_castle_sale_gets_knowledge_3():
    s, p = _with_castle_frame()
    know(s, p, 3, space=31)
    s.goods[p * 6:p * 6 + 6] = [0, 0, 0, 0, 0, 2]
    act(s, "sell", die=2, colour=6)
    assert s.silver[p] == 3 and s.vp[p] == 4


def test_ship_placed_by_a_castle_then_its_depot_choice():
    s, p = _with_castle_frame()
    s.depot_goods = [0] * 36
    s.depot_goods[3 * 6 + 2] = 2
    give(s, p, grab(s, "ship"))
    act(s, "place", die=2, slot=0, space=20)
    assert only_frames(s) == ["ship"]
    act(s, "ship", depots=[4])
    assert s.goods[p * 6 + 2] >= 2 and s.frames == []


def test_city_hall_foreign_tile_completes_the_space_region_and_colour():
    s = new(2, seed=44)
    p = s.to_move
    give(s, p, grab(s, "building", "city_hall"), grab(s, "mine"))
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)
    vp = s.vp[p]
    act(s, "hall", slot=0, space=12)  # a mine on the one-space city: the city is complete
    assert s.vp[p] - vp == 1 + 10
    assert s.mines[p] == 1  # and it is still a mine


def test_city_hall_animal_on_another_colour_scores_with_that_region():
    s = new(2, seed=45)
    p = s.to_move
    give(s, p, grab(s, "building", "city_hall"), grab(s, "animal", "cow", 2))
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)
    vp = s.vp[p]
    act(s, "hall", slot=0, space=25)
    assert s.vp[p] - vp == 2


def test_city_hall_building_obeys_one_of_a_kind_in_the_region_of_its_space():
    s = new(2, seed=46)
    p = s.to_move
    put(s, p, 27, grab(s, "building", "bank"))
    give(s, p, grab(s, "building", "city_hall"), grab(s, "building", "bank"))
    dice(s, 3, 3)
    act(s, "place", die=0, slot=0, space=26)  # the City Hall joins the bank's city
    spaces = {a["space"] for a in legal_json(s) if a["type"] == "hall"}
    assert 32 not in spaces and 12 in spaces  # 32 is in the same city as the bank on 27


def test_two_castle_actions_in_a_row_then_back_to_the_dice():
    s, p = _with_castle_frame()
    give(s, p, grab(s, "castle"))
    act(s, "place", die=2, slot=0, space=3)
    act(s, "workers", die=2)
    assert s.frames == [] and can(s, "workers", die=1)


def test_warehouse_through_city_hall_through_castle():
    s, p = _with_castle_frame()
    give(s, p, grab(s, "building", "city_hall"), grab(s, "building", "warehouse"))
    s.goods[p * 6:p * 6 + 6] = [0, 3, 0, 0, 0, 0]
    act(s, "place", die=2, slot=0, space=26)
    assert only_frames(s) == ["city-hall"]
    act(s, "hall", slot=0, space=27)
    assert only_frames(s) == ["warehouse"]
    act(s, "warehouse", colour=2)
    assert s.sold[p * 6 + 1] == 3 and s.frames == []
    assert D.T_TYPE[s.estate[p * R.STRIDE + 27]] == D.BUILDING
