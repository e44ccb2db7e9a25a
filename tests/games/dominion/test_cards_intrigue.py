"""Intrigue's 32 kingdom cards, both editions: a test named after each card's main effect and after each ruling
about it.

Courtyard to Nobles: one test per rule of each card, the rulings (docs/dominion.md) about them and the edge
cases.

Secret Chamber to Upgrade: one test per card's main effect, the rulings (docs/dominion.md)
about each, and edge cases.
"""

from __future__ import annotations

import json

import pytest

from realms.agents.base import RandomAgent
from realms.core.rng import Rng
from realms.games.dominion.cards import BY_NAME, CARDS, COST, NAMES, NCARDS
from realms.games.dominion.rules import BUY_PHASE
from realms.games.dominion.zones import draw
from tests.games.dominion.util import (
    G,
    act,
    choose,
    deck_top,
    done,
    empty_pile,
    hand,
    ids,
    legal,
    names,
    new,
    no,
    pending_seat,
    play,
    recount,
    rich_game,
    set_pile,
    start_turn,
    total_cards,
    yes,
)


def test_courtyard_draws_three_then_puts_a_card_from_hand_onto_the_deck():
    s = start_turn(new("Courtyard"), hand=["Courtyard", "Estate"], deck=["Gold", "Copper", "Silver", "Duchy"])
    play(s, "Courtyard")
    assert hand(s) == ["Copper", "Estate", "Gold", "Silver"]
    assert legal(s) == {"choose Copper", "choose Estate", "choose Gold", "choose Silver"}
    choose(s, "Gold")
    assert hand(s) == ["Copper", "Estate", "Silver"]
    assert deck_top(s, 0, 2) == ["Gold", "Duchy"]


def test_courtyard_topdeck_is_hidden_from_the_others():
    s = start_turn(new("Courtyard"), hand=["Courtyard", "Estate"], deck=["Gold", "Copper", "Silver"])
    play(s, "Courtyard")
    choose(s, "Gold")
    assert s.top[0] == [0]  # only its owner knows it
    assert G.view(s, 0)["seats"][0]["deck_top"] == ["Gold"]
    assert "Gold" not in json.dumps(G.view(s, 1)["seats"])


def test_courtyard_with_nothing_to_draw_and_an_empty_hand_asks_nothing():
    s = start_turn(new("Courtyard"), hand=["Courtyard"], deck=[], discard=[])
    play(s, "Courtyard")
    assert not s.stack and s.hand[0] == []


def test_courtyard_draws_after_a_reshuffle():
    s = start_turn(new("Courtyard"), hand=["Courtyard"], deck=["Gold"], discard=["Copper", "Copper"])
    play(s, "Courtyard")
    assert hand(s) == ["Copper", "Copper", "Gold"]
    choose(s, "Copper")
    assert names(s.deck[0]) == ["Copper"] and s.disc[0] == []


def test_lurker_action_and_trashes_an_action_card_from_the_supply():
    s = start_turn(new("Lurker", "Duke", "Great Hall", edition="second"), hand=["Lurker"], deck=[])
    before = total_cards(s)
    play(s, "Lurker")
    assert s.actions == 1
    assert legal(s) == {"yes", "no"}
    yes(s)
    offered = legal(s)
    assert "choose Great Hall" in offered and "choose Smithy" in offered  # an Action-Victory card is an Action
    assert "choose Duke" not in offered and "choose Copper" not in offered
    choose(s, "Smithy")
    assert names(s.trash) == ["Smithy"] and s.supply[BY_NAME["Smithy"]] == 9
    assert s.owned[0][BY_NAME["Smithy"]] == 0 and s.gains[0] == []  # nobody gained it
    assert total_cards(s) == before


def test_lurker_gains_an_action_card_from_the_trash():
    s = start_turn(new("Lurker", edition="second"), hand=["Lurker"], deck=[])
    s.trash = ids(["Copper", "Village", "Smithy"])
    play(s, "Lurker")
    no(s)
    assert legal(s) == {"choose Village", "choose Smithy"}
    choose(s, "Village")
    assert names(s.trash) == ["Copper", "Smithy"] and names(s.disc[0]) == ["Village"]
    assert s.owned[0][BY_NAME["Village"]] == 1 and names(s.gains[0]) == ["Village"]


def test_lurker_emptying_a_pile_counts_it_as_empty():
    s = start_turn(new("Lurker", edition="second"), hand=["Lurker"], deck=[])
    set_pile(s, "Village", 1)
    play(s, "Lurker")
    yes(s)
    choose(s, "Village")
    assert s.supply[BY_NAME["Village"]] == 0 and s.empty == 1 and s.gone >> BY_NAME["Village"] & 1
    assert "buy Village" not in legal(s)


def test_lurker_may_choose_the_half_that_does_nothing():
    s = start_turn(new("Lurker", edition="second"), hand=["Lurker"], deck=[])
    play(s, "Lurker")
    no(s)  # the trash holds no Action card
    assert not s.stack and s.trash == [] and s.disc[0] == []


def test_lurker_with_nothing_to_trash_or_gain_asks_nothing():
    s = start_turn(new("Lurker", edition="second"), hand=["Lurker"], deck=[])
    for c in s.piles:
        if CARDS[c].types & 1:
            empty_pile(s, CARDS[c].name)
    play(s, "Lurker")
    assert not s.stack


PAWN_ANSWERS = {  # the answers to +1 Card?, +1 Action?, +1 Buy? (the rest is taken unasked)
    ("card", "action"): "yy", ("card", "buy"): "yny", ("card", "coin"): "ynn",
    ("action", "buy"): "nyy", ("action", "coin"): "nyn", ("buy", "coin"): "nn",
}


@pytest.mark.parametrize("pair", list(PAWN_ANSWERS))
def test_pawn_gives_the_two_different_bonuses_chosen(pair):
    s = start_turn(new("Pawn"), hand=["Pawn"], deck=["Gold"])
    play(s, "Pawn")
    for answer in PAWN_ANSWERS[pair]:
        (yes if answer == "y" else no)(s)
    assert not s.stack
    got = {"card": len(s.hand[0]), "action": s.actions, "buy": s.buys - 1, "coin": s.coins}
    assert got == {b: int(b in pair) for b in got}


def test_pawn_draws_only_once_both_bonuses_are_chosen():
    s = start_turn(new("Pawn"), hand=["Pawn"], deck=["Gold"])
    play(s, "Pawn")
    yes(s)  # +1 Card
    assert s.hand[0] == [] and pending_seat(s) == 0
    no(s)
    yes(s)  # +1 Buy
    assert hand(s) == ["Gold"] and s.buys == 2 and s.actions == 0


def test_pawn_questions_name_each_bonus():
    s = start_turn(new("Pawn"), hand=["Pawn"], deck=["Gold"])
    play(s, "Pawn")
    assert G.view(s, 0)["pending"]["prompt"] == "Pawn: take +1 Card as one of your two bonuses?"
    assert {x["text"] for x in G.view(s, 0)["legal"]} == {"+1 Card", "not this bonus"}


def test_great_hall_card_and_action_and_one_vp():
    card = CARDS[BY_NAME["Great Hall"]]
    assert card.data_only and card.vp == 1
    s = start_turn(new("Great Hall"), hand=["Great Hall"], deck=["Gold"])
    play(s, "Great Hall")
    assert hand(s) == ["Gold"] and s.actions == 1
    base = G.score(s, 0)
    s.disc[0].append(BY_NAME["Great Hall"])
    recount(s)
    assert G.score(s, 0) == base + 1


def test_shanty_town_two_actions_and_two_cards_when_the_hand_has_no_action():
    s = start_turn(new("Shanty Town"), hand=["Shanty Town", "Copper", "Estate"], deck=["Gold", "Silver", "Duchy"])
    play(s, "Shanty Town")
    assert s.actions == 2 and hand(s) == ["Copper", "Estate", "Gold", "Silver"]
    assert sorted(G.view(s, 1)["seats"][0]["hand_known"]) == ["Copper", "Estate"]  # the hand was revealed


def test_shanty_town_draws_nothing_when_the_hand_holds_an_action():
    s = start_turn(new("Shanty Town"), hand=["Shanty Town", "Copper", "Great Hall"], deck=["Gold", "Silver"])
    play(s, "Shanty Town")
    assert s.actions == 2 and hand(s) == ["Copper", "Great Hall"]
    assert sorted(G.view(s, 1)["seats"][0]["hand_known"]) == ["Copper", "Great Hall"]


def test_shanty_town_with_an_empty_hand_draws_two():
    s = start_turn(new("Shanty Town"), hand=["Shanty Town"], deck=["Gold", "Silver"])
    play(s, "Shanty Town")
    assert hand(s) == ["Gold", "Silver"]


def test_steward_two_cards():
    s = start_turn(new("Steward"), hand=["Steward"], deck=["Gold", "Silver", "Copper"])
    play(s, "Steward")
    assert {x["text"] for x in G.view(s, 0)["legal"]} == {"+2 Cards", "+$2", "trash 2 cards from your hand"}
    yes(s)
    assert hand(s) == ["Gold", "Silver"] and s.coins == 0


def test_steward_two_coins():
    s = start_turn(new("Steward"), hand=["Steward"], deck=["Gold"])
    play(s, "Steward")
    no(s)
    assert s.coins == 2 and s.hand[0] == []


def test_steward_trashes_two_cards_from_hand():
    s = start_turn(new("Steward"), hand=["Steward", "Estate", "Copper", "Curse"], deck=[])
    play(s, "Steward")
    done(s)
    assert legal(s) == {"choose Estate", "choose Copper", "choose Curse"}
    choose(s, "Curse", "Estate")
    assert hand(s) == ["Copper"] and sorted(names(s.trash)) == ["Curse", "Estate"] and not s.stack


def test_steward_trashes_the_only_card_left():
    s = start_turn(new("Steward"), hand=["Steward", "Estate"], deck=[])
    play(s, "Steward")
    done(s)
    assert legal(s) == {"choose Estate"}  # the only card left: one answer, still asked
    choose(s, "Estate")
    assert s.hand[0] == [] and names(s.trash) == ["Estate"] and not s.stack


def test_wishing_well_named_card_goes_to_hand():
    s = start_turn(new("Wishing Well"), hand=["Wishing Well"], deck=["Copper", "Gold", "Estate"])
    play(s, "Wishing Well")
    assert hand(s) == ["Copper"] and s.actions == 1
    choose(s, "Gold")
    assert hand(s) == ["Copper", "Gold"] and deck_top(s, 0, 1) == ["Estate"]
    assert G.view(s, 1)["seats"][0]["hand_known"] == ["Gold"]  # it was revealed


def test_wishing_well_a_miss_goes_back_on_top_for_all_to_see():
    s = start_turn(new("Wishing Well"), hand=["Wishing Well"], deck=["Copper", "Gold"])
    play(s, "Wishing Well")
    choose(s, "Silver")
    assert hand(s) == ["Copper"] and deck_top(s, 0, 1) == ["Gold"]
    assert G.view(s, 1)["seats"][0]["deck_top"] == ["Gold"]


def test_wishing_well_names_supply_cards_and_cards_owned():
    s = start_turn(new("Wishing Well"), hand=["Wishing Well"], deck=["Copper", "Gold"], discard=["Platinum"])
    play(s, "Wishing Well")
    offered = legal(s)
    assert "choose Platinum" in offered  # owned, though not in this Supply
    assert {f"choose {n}" for n in ("Copper", "Curse", "Province", "Wishing Well", "Smithy")} <= offered
    assert "choose Colony" not in offered and "choose Nobles" not in offered


def test_wishing_well_reveals_after_a_reshuffle_and_with_nothing_left():
    s = start_turn(new("Wishing Well"), hand=["Wishing Well"], deck=["Copper"], discard=["Gold"])
    play(s, "Wishing Well")
    choose(s, "Gold")  # the deck is empty after the draw: the discard is shuffled to reveal
    assert hand(s) == ["Copper", "Gold"]
    s = start_turn(new("Wishing Well"), hand=["Wishing Well"], deck=["Copper"], discard=[])
    play(s, "Wishing Well")
    choose(s, "Gold")
    assert hand(s) == ["Copper"] and not s.stack


def test_baron_buy_and_discards_an_estate_for_four():
    s = start_turn(new("Baron"), hand=["Baron", "Estate", "Copper"], deck=[])
    play(s, "Baron")
    assert s.buys == 2 and legal(s) == {"yes", "no"}
    yes(s)
    assert hand(s) == ["Copper"] and s.coins == 4 and names(s.disc[0]) == ["Estate"]
    assert s.supply[BY_NAME["Estate"]] == 8


def test_baron_may_keep_the_estate_and_gain_one():
    s = start_turn(new("Baron"), hand=["Baron", "Estate"], deck=[])
    play(s, "Baron")
    no(s)
    assert hand(s) == ["Estate"] and s.coins == 0 and names(s.disc[0]) == ["Estate"]
    assert s.supply[BY_NAME["Estate"]] == 7


def test_baron_without_an_estate_is_asked_all_the_same_and_gains_one():
    s = start_turn(new("Baron"), hand=["Baron", "Copper"], deck=[])
    play(s, "Baron")
    assert legal(s) == {"no"} and pending_seat(s) == 0  # whether it asks must not tell what the hand holds
    theirs = G.view(s, 1)["pending"]
    s2 = start_turn(new("Baron"), hand=["Baron", "Estate"], deck=[])
    play(s2, "Baron")
    assert G.view(s2, 1)["pending"] == theirs
    no(s)
    assert names(s.disc[0]) == ["Estate"] and s.coins == 0


def test_baron_gains_nothing_from_an_empty_estate_pile():
    s = start_turn(new("Baron"), hand=["Baron"], deck=[])
    empty_pile(s, "Estate")
    play(s, "Baron")
    no(s)
    assert s.disc[0] == [] and s.buys == 2


def test_bridge_buy_coin_and_cards_cost_one_less():
    s = start_turn(new("Bridge"), hand=["Bridge", "Gold", "Gold", "Copper"], deck=[])
    play(s, "Bridge")
    assert s.buys == 2 and s.coins == 1 and s.discount == 1
    act(s, "play_treasures")
    assert s.coins == 8 and "buy Province" in legal(s)  # $8 costs $7 now
    act(s, "buy", "Province")
    assert s.coins == 1 and "buy Copper" in legal(s) and "buy Silver" not in legal(s)


def test_bridge_reductions_add_up_but_not_below_zero():
    s = start_turn(new("Bridge", "Throne Room"), hand=["Throne Room", "Bridge"], deck=[])
    play(s, "Throne Room")
    choose(s, "Bridge")
    assert s.discount == 2 and s.coins == 2 and s.buys == 3
    view = {p["card"]: p["cost"] for p in G.view(s, 0)["supply"]}
    assert view["Province"] == 6 and view["Silver"] == 1 and view["Copper"] == 0 and view["Village"] == 1


def test_bridge_lasts_this_turn_only():
    s = start_turn(new("Bridge"), hand=["Bridge"], deck=["Copper"] * 10)
    play(s, "Bridge")
    assert s.phase == BUY_PHASE
    while s.cur == 0:
        act(s, "end_buys")
    assert s.discount == 0


def test_bridge_lowers_what_ironworks_may_gain():
    s = start_turn(new("Bridge", "Ironworks"), hand=["Bridge", "Ironworks"], deck=[])
    s.actions = 2
    play(s, "Bridge")
    play(s, "Ironworks")
    assert "choose Duchy" in legal(s) and "choose Gold" not in legal(s)  # Duchy costs $4 now


def test_conspirator_two_coins_and_card_and_action_as_the_third_action():
    s = start_turn(new("Conspirator"), hand=["Village", "Village", "Conspirator"], deck=["Gold", "Silver"] * 2)
    play(s, "Village")
    play(s, "Village")
    before = len(s.hand[0])
    actions = s.actions
    play(s, "Conspirator")
    assert s.coins == 2 and len(s.hand[0]) == before and s.actions == actions  # -1 to play it, +1


def test_conspirator_early_gives_only_coins():
    s = start_turn(new("Conspirator"), hand=["Village", "Conspirator"], deck=["Gold"] * 4)
    play(s, "Village")
    play(s, "Conspirator")
    assert s.coins == 2 and s.actions == 1 and len(s.hand[0]) == 1  # Village: 2 left, 1 after Conspirator


def test_conspirator_counts_each_play_of_throne_room():
    s = start_turn(new("Conspirator", "Throne Room"), hand=["Throne Room", "Conspirator"], deck=["Gold"] * 4)
    play(s, "Throne Room")  # plays: Throne Room, Conspirator, Conspirator again (the third)
    choose(s, "Conspirator")
    assert s.coins == 4 and hand(s) == ["Gold"] and s.actions == 1


def test_coppersmith_makes_each_copper_worth_one_more():
    s = start_turn(new("Coppersmith"), hand=["Coppersmith", "Copper", "Copper", "Silver"], deck=[])
    play(s, "Coppersmith")
    act(s, "play_treasures")
    assert s.coins == 2 + 2 + 2


def test_coppersmith_twice_and_one_copper_at_a_time():
    s = start_turn(new("Coppersmith", "Throne Room"), hand=["Throne Room", "Coppersmith", "Copper"], deck=[])
    play(s, "Throne Room")
    choose(s, "Coppersmith")
    act(s, "play", "Copper")
    assert s.coins == 3


def test_coppersmith_lasts_this_turn_only():
    s = start_turn(new("Coppersmith"), hand=["Coppersmith"], deck=["Copper"] * 10)
    play(s, "Coppersmith")
    while s.cur == 0:
        act(s, "end_buys")
    assert s.copper_bonus == 0


@pytest.mark.parametrize(("card", "actions", "coins", "cards", "edition"), [
    ("Village", 1, 0, 0, "first"), ("Silver", 0, 1, 0, "first"), ("Estate", 0, 0, 1, "first"),
    ("Great Hall", 1, 0, 1, "first"), ("Mill", 1, 0, 1, "second"), ("Curse", 0, 0, 0, "first"),
])
def test_ironworks_gains_a_card_up_to_four_and_a_bonus_per_type(card, actions, coins, cards, edition):
    s = start_turn(new("Ironworks", "Great Hall", "Mill", edition=edition), hand=["Ironworks"], deck=["Gold"])
    play(s, "Ironworks")
    assert "choose Duchy" not in legal(s) and "choose Smithy" in legal(s)
    choose(s, card)
    assert names(s.disc[0]) == [card]
    assert (s.actions, s.coins, len(s.hand[0])) == (actions, coins, cards)


def test_ironworks_harem_gives_coin_and_card_not_action():
    s = start_turn(new("Ironworks", "Harem", "Bridge"), hand=["Bridge", "Bridge", "Ironworks"], deck=["Gold"])
    s.actions = 3
    play(s, "Bridge")
    play(s, "Bridge")
    play(s, "Ironworks")  # Harem costs $4 now
    coins = s.coins
    choose(s, "Harem")
    assert s.coins == coins + 1 and hand(s) == ["Gold"] and s.actions == 0  # no +Action


def test_mill_card_action_and_discards_two_for_two():
    s = start_turn(new("Mill", edition="second"), hand=["Mill", "Estate", "Curse", "Copper"], deck=["Duchy"])
    play(s, "Mill")
    assert s.actions == 1 and hand(s) == ["Copper", "Curse", "Duchy", "Estate"]
    yes(s)
    choose(s, "Estate", "Duchy")
    assert hand(s) == ["Copper", "Curse"] and s.coins == 2 and sorted(names(s.disc[0])) == ["Duchy", "Estate"]


def test_mill_is_optional():
    s = start_turn(new("Mill", edition="second"), hand=["Mill", "Estate"], deck=["Duchy"])
    play(s, "Mill")
    no(s)
    assert hand(s) == ["Duchy", "Estate"] and s.coins == 0 and not s.stack


def test_mill_with_one_card_may_discard_it_for_nothing():
    s = start_turn(new("Mill", edition="second"), hand=["Mill"], deck=["Estate"])
    play(s, "Mill")
    yes(s)
    assert legal(s) == {"choose Estate"}  # the only card: one answer, still asked
    choose(s, "Estate")
    assert s.hand[0] == [] and names(s.disc[0]) == ["Estate"] and s.coins == 0


def test_mill_with_an_empty_hand_asks_nothing_and_is_worth_a_vp():
    s = start_turn(new("Mill", edition="second"), hand=["Mill"], deck=[])
    play(s, "Mill")
    assert not s.stack
    assert CARDS[BY_NAME["Mill"]].vp == 1 and CARDS[BY_NAME["Mill"]].editions == (2,)


def test_mill_discards_show_only_the_top_card_to_others():
    s = start_turn(new("Mill", edition="second"), hand=["Mill", "Estate", "Gold"], deck=["Duchy"])
    play(s, "Mill")
    yes(s)
    choose(s, "Estate", "Gold")
    assert "Estate" not in json.dumps(G.view(s, 1)["seats"][0])


def test_mining_village_card_two_actions_and_may_trash_itself_for_two():
    s = start_turn(new("Mining Village"), hand=["Mining Village"], deck=["Gold"])
    play(s, "Mining Village")
    assert s.actions == 2 and hand(s) == ["Gold"]
    yes(s)
    assert s.coins == 2 and s.play[0] == [] and names(s.trash) == ["Mining Village"]
    assert s.owned[0][BY_NAME["Mining Village"]] == 0


def test_mining_village_kept():
    s = start_turn(new("Mining Village"), hand=["Mining Village"], deck=["Gold"])
    play(s, "Mining Village")
    no(s)
    assert s.coins == 0 and names(s.play[0]) == ["Mining Village"]


def test_mining_village_throne_roomed_trashed_on_the_first_play_gives_two_once():
    s = start_turn(new("Mining Village", "Throne Room"), hand=["Throne Room", "Mining Village"], deck=["Gold"] * 3)
    play(s, "Throne Room")
    choose(s, "Mining Village")
    yes(s)
    assert not s.stack  # the second play cannot trash it again
    assert s.coins == 2 and s.actions == 4 and len(s.hand[0]) == 2 and names(s.play[0]) == ["Throne Room"]


def test_mining_village_throne_roomed_may_be_trashed_on_the_second_play():
    s = start_turn(new("Mining Village", "Throne Room"), hand=["Throne Room", "Mining Village"], deck=["Gold"] * 3)
    play(s, "Throne Room")
    choose(s, "Mining Village")
    no(s)
    assert s.actions == 4 and len(s.hand[0]) == 2 and s.played == 3  # the second play resolved before asking
    yes(s)
    assert s.coins == 2 and names(s.play[0]) == ["Throne Room"] and not s.stack


def test_mining_village_throne_roomed_declined_twice_stays():
    s = start_turn(new("Mining Village", "Throne Room"), hand=["Throne Room", "Mining Village"], deck=["Gold"] * 3)
    play(s, "Throne Room")
    choose(s, "Mining Village")
    no(s)
    no(s)
    assert s.coins == 0 and sorted(names(s.play[0])) == ["Mining Village", "Throne Room"] and not s.stack


def test_mining_village_second_play_does_not_trash_another_copy():
    s = start_turn(new("Mining Village", "Throne Room"), hand=["Mining Village", "Throne Room", "Mining Village"],
                   deck=["Gold"] * 4)
    play(s, "Mining Village")
    no(s)
    play(s, "Throne Room")
    choose(s, "Mining Village")
    yes(s)  # the Throne-Roomed copy goes
    assert not s.stack and s.coins == 2
    assert sorted(names(s.play[0])) == ["Mining Village", "Throne Room"]


def test_duke_is_worth_one_vp_per_duchy_owned():
    s = start_turn(new("Duke"), hand=[], deck=[], discard=["Duke", "Duke", "Duchy", "Duchy", "Duchy"])
    assert G.score(s, 0) == 2 * 3 + 3 * 3
    s = start_turn(new("Duke"), hand=[], deck=[], discard=["Duke"])
    assert G.score(s, 0) == 0


def test_duke_pile_has_the_victory_pile_size():
    assert new("Duke").supply[BY_NAME["Duke"]] == 8
    assert new("Duke", players=3).supply[BY_NAME["Duke"]] == 12


def test_harem_is_a_two_coin_treasure_worth_two_vp():
    card = CARDS[BY_NAME["Harem"]]
    assert card.data_only and card.coins == 2 and card.vp == 2
    s = start_turn(new("Harem"), hand=["Harem", "Copper"], deck=[])
    act(s, "play_treasures")
    assert s.coins == 3
    s = start_turn(new("Harem"), hand=[], deck=[], discard=["Harem"])
    assert G.score(s, 0) == 2


def test_harem_is_also_called_farm():
    s = G.new({"players": 2, "kingdom": "Farm,Village,Smithy,Market,Festival,Laboratory,Cellar,Chapel,Workshop,Moat"},
              0)
    assert BY_NAME["Harem"] in s.kingdom and s.supply[BY_NAME["Harem"]] == 8


def test_nobles_three_cards():
    s = start_turn(new("Nobles"), hand=["Nobles"], deck=["Gold", "Silver", "Copper", "Estate"])
    play(s, "Nobles")
    yes(s)
    assert hand(s) == ["Copper", "Gold", "Silver"] and s.actions == 0


def test_nobles_two_actions_and_two_vp():
    s = start_turn(new("Nobles"), hand=["Nobles"], deck=["Gold"])
    play(s, "Nobles")
    no(s)
    assert s.hand[0] == [] and s.actions == 2
    assert CARDS[BY_NAME["Nobles"]].vp == 2
    s = start_turn(new("Nobles"), hand=[], deck=[], discard=["Nobles"])
    assert G.score(s, 0) == 2


CURSE = BY_NAME["Curse"]


def owned(s, p: int, card: str) -> int:
    return s.owned[p][BY_NAME[card]]


def prompt(s, seat: int) -> str:
    return G.view(s, seat)["pending"]["prompt"]


def test_secret_chamber_discards_any_number_for_a_coin_each():
    s = start_turn(new("Secret Chamber"), hand=["Secret Chamber", "Estate", "Estate", "Copper"])
    play(s, "Secret Chamber")
    assert legal(s) == {"choose Estate", "choose Copper", "done"}
    choose(s, "Estate", "Estate")
    done(s)
    assert s.coins == 2 and hand(s) == ["Copper"] and names(s.disc[0]) == ["Estate", "Estate"]


def test_secret_chamber_discarding_nothing_gives_nothing():
    s = start_turn(new("Secret Chamber"), hand=["Secret Chamber", "Copper"])
    play(s, "Secret Chamber")
    done(s)
    assert s.coins == 0 and hand(s) == ["Copper"]


def test_secret_chamber_reaction_draws_two_then_puts_two_back_and_may_be_revealed_again():
    s = new("Secret Chamber", "Militia")
    start_turn(s, hand=["Militia"], hand1=["Secret Chamber", "Copper", "Estate", "Estate", "Copper"],
               deck1=["Gold", "Silver", "Province"])
    play(s, "Militia")
    assert pending_seat(s) == 1 and legal(s) == {"yes", "no"}
    yes(s)
    assert hand(s, 1) == ["Copper", "Copper", "Estate", "Estate", "Gold", "Secret Chamber", "Silver"]
    choose(s, "Estate", "Estate")  # the second one ends on top
    assert deck_top(s, 1, 3) == ["Estate", "Estate", "Province"]
    assert pending_seat(s) == 1 and legal(s) == {"yes", "no"}  # asked again after revealing
    yes(s)
    assert hand(s, 1) == ["Copper", "Copper", "Estate", "Estate", "Gold", "Secret Chamber", "Silver"]
    choose(s, "Copper", "Copper")
    no(s)
    assert pending_seat(s) == 1  # Militia now: Secret Chamber does not protect
    choose(s, "Estate", "Estate")
    assert hand(s, 1) == ["Gold", "Secret Chamber", "Silver"] and s.coins == 2
    assert deck_top(s, 1, 3) == ["Copper", "Copper", "Province"]


def test_secret_chamber_then_moat_both_revealed_against_one_attack():
    s = new("Secret Chamber", "Moat", "Witch")
    start_turn(s, hand=["Witch"], deck=["Copper", "Copper"],
               hand1=["Secret Chamber", "Moat", "Copper", "Copper", "Copper"], deck1=["Gold", "Silver"])
    play(s, "Witch")
    assert "Secret Chamber" in prompt(s, 1)  # the Reaction that changes the hand is offered first
    yes(s)
    choose(s, "Copper", "Copper")
    no(s)
    assert "Moat" in prompt(s, 1)
    yes(s)
    assert owned(s, 1, "Curse") == 0 and len(s.hand[0]) == 2  # unaffected; Witch still draws for its player


def test_secret_chamber_put_back_question_is_hidden_from_the_attacker():
    s = new("Secret Chamber", "Militia")
    start_turn(s, hand=["Militia"], hand1=["Secret Chamber", "Copper", "Copper", "Copper", "Copper"],
               deck1=["Copper", "Copper"])
    play(s, "Militia")
    yes(s)
    assert pending_seat(s) == 1 and legal(s) == {"choose Copper", "choose Secret Chamber"}
    assert "Copper" not in json.dumps(G.view(s, 0)["pending"])  # the attacker reads no card of that hand


def test_masquerade_first_edition_everyone_passes_left_even_to_an_empty_hand():
    s = new("Masquerade", players=3)
    start_turn(s, hand=["Masquerade", "Estate"], deck=["Copper", "Copper"],
               hand1=["Silver"], hand2=[])
    before = [s.owned[p][:] for p in range(3)]
    play(s, "Masquerade")
    assert pending_seat(s) == 0 and legal(s) == {"choose Estate", "choose Copper"}
    choose(s, "Estate")
    assert pending_seat(s) == 1
    assert hand(s, 1) == ["Silver"]  # nothing moves before everyone has chosen
    choose(s, "Silver")
    # seat 2 has no card: it passes nothing but receives the Silver
    assert hand(s, 0) == ["Copper", "Copper"] and hand(s, 1) == ["Estate"] and hand(s, 2) == ["Silver"]
    estate, silver = BY_NAME["Estate"], BY_NAME["Silver"]
    assert s.owned[0][estate] == before[0][estate] - 1 and s.owned[1][estate] == before[1][estate] + 1
    assert s.owned[1][silver] == before[1][silver] - 1 and s.owned[2][silver] == before[2][silver] + 1
    assert s.trash == [] and pending_seat(s) == 0  # not trashing: now the player's optional trash
    done(s)
    assert not s.stack


def test_masquerade_second_edition_passes_to_the_next_player_with_cards():
    s = new("Masquerade", players=3, edition="second")
    start_turn(s, hand=["Masquerade", "Estate"], deck=["Copper", "Copper"], hand1=[], hand2=["Gold"])
    before = [s.owned[p][:] for p in range(3)]
    play(s, "Masquerade")
    choose(s, "Estate")
    assert pending_seat(s) == 2
    choose(s, "Gold")
    assert hand(s, 0) == ["Copper", "Copper", "Gold"] and hand(s, 1) == [] and hand(s, 2) == ["Estate"]
    estate, gold = BY_NAME["Estate"], BY_NAME["Gold"]
    assert s.owned[0][gold] == 1 and s.owned[2][gold] == 0 and s.owned[2][estate] == before[2][estate] + 1


def test_masquerade_first_edition_empty_hand_still_receives_in_two_players():
    s = new("Masquerade", players=2)
    start_turn(s, hand=["Masquerade", "Estate"], deck=["Copper", "Copper"], hand1=[])
    play(s, "Masquerade")
    choose(s, "Estate")
    assert hand(s, 1) == ["Estate"] and hand(s, 0) == ["Copper", "Copper"]


def test_masquerade_then_the_player_may_trash_a_card():
    s = new("Masquerade")
    start_turn(s, hand=["Masquerade", "Estate"], deck=["Copper", "Curse"], hand1=["Silver"])
    play(s, "Masquerade")
    choose(s, "Estate", "Silver")
    assert legal(s) == {"choose Copper", "choose Curse", "choose Silver", "done"}
    choose(s, "Curse")
    assert names(s.trash) == ["Curse"] and owned(s, 0, "Curse") == 0


def test_masquerade_is_not_an_attack_moat_is_not_asked():
    s = new("Masquerade", "Moat")
    start_turn(s, hand=["Masquerade"], deck=["Copper", "Copper"], hand1=["Moat", "Copper"])
    play(s, "Masquerade")
    assert pending_seat(s) == 0 and "Moat" not in prompt(s, 0)


def test_masquerade_the_passed_card_is_known_only_to_giver_and_receiver():
    s = new("Masquerade", players=3)
    start_turn(s, hand=["Masquerade", "Province"], deck=["Copper", "Copper"], hand1=["Duchy"], hand2=["Estate"])
    play(s, "Masquerade")
    choose(s, "Province")
    # the choice waits hidden: the others see no Province anywhere
    assert "Province" not in json.dumps(G.view(s, 1)["seats"]) and "Province" not in json.dumps(G.view(s, 2)["seats"])
    choose(s, "Duchy")
    events = act(s, "choose", "Estate", log=True)
    passes = [e for e in events if e.kind == "pass"]
    public = [e for e in passes if e.visible_to is None]
    assert len(public) == 3 and all("Province" not in e.text and "Duchy" not in e.text for e in public)
    province = [e for e in passes if "Province" in e.text]
    assert sorted(e.visible_to for e in province) == [0, 1]  # the giver and the receiver
    assert "Province" not in json.dumps(G.view(s, 2)["seats"])
    assert s.hpub[1] == ()  # nothing public about which card passed


def test_swindler_trashes_the_top_card_and_the_attacker_picks_one_of_the_same_cost():
    s = new("Swindler")
    start_turn(s, hand=["Swindler"], deck1=["Silver", "Gold"])
    play(s, "Swindler")
    assert s.coins == 2 and names(s.trash) == ["Silver"] and owned(s, 1, "Silver") == 0
    three = {f"choose {c}" for c in ("Silver", "Swindler", "Village", "Woodcutter", "Workshop")}
    assert pending_seat(s) == 0 and legal(s) == three  # the same card is allowed
    choose(s, "Workshop")
    assert names(s.disc[1]) == ["Workshop"] and owned(s, 1, "Workshop") == 1


def test_swindler_copper_may_become_a_curse():
    s = new("Swindler")
    start_turn(s, hand=["Swindler"], deck1=["Copper"])
    play(s, "Swindler")
    assert legal(s) == {"choose Copper", "choose Curse"}
    choose(s, "Curse")
    assert owned(s, 1, "Curse") == 1


def test_swindler_gives_nothing_when_no_pile_has_that_cost():
    s = new("Swindler")
    start_turn(s, hand=["Swindler"], deck1=["Silver"])
    empty_pile(s, *[n for n in ("Silver", "Swindler", "Village", "Woodcutter", "Workshop", "Chancellor")
                    if BY_NAME[n] in s.piles])
    play(s, "Swindler")
    assert not s.stack and names(s.trash) == ["Silver"] and s.disc[1] == []


def test_swindler_shuffles_the_victims_discard_pile_if_needed():
    s = new("Swindler")
    start_turn(s, hand=["Swindler"], deck1=[], discard1=["Gold"])
    play(s, "Swindler")
    assert names(s.trash) == ["Gold"] and names(s.disc[1]) == ["Gold"]  # the only $6 card: no question


def test_swindler_reads_costs_now():
    s = new("Swindler")
    start_turn(s, hand=["Swindler"], deck1=["Copper"])
    s.discount = 2  # as after two Bridges
    play(s, "Swindler")
    assert legal(s) == {f"choose {n}" for n in ("Copper", "Curse", "Estate", "Cellar", "Chapel")}  # all $0 now


def test_swindler_moat_keeps_its_owner_safe():
    s = new("Swindler", "Moat")
    start_turn(s, hand=["Swindler"], hand1=["Moat"], deck1=["Gold"])
    play(s, "Swindler")
    yes(s)
    assert s.trash == [] and s.coins == 2 and not s.stack


def test_swindler_victims_in_turn_order():
    s = new("Swindler", players=3)
    start_turn(s, hand=["Swindler"], deck1=["Copper"], deck2=["Estate"])
    estates = owned(s, 2, "Estate")
    play(s, "Swindler")
    assert legal(s) == {"choose Copper", "choose Curse"}
    choose(s, "Curse")
    assert names(s.trash) == ["Copper", "Estate"] and "choose Estate" in legal(s)
    choose(s, "Estate")
    assert owned(s, 1, "Curse") == 1 and owned(s, 2, "Estate") == estates


def test_scout_victory_cards_to_hand_the_rest_back_in_any_order():
    s = start_turn(new("Scout"), hand=["Scout"], deck=["Estate", "Gold", "Province", "Copper", "Silver"])
    play(s, "Scout")
    assert s.actions == 1 and hand(s) == ["Estate", "Province"]
    assert names(s.aside[0]) == ["Gold", "Copper"]  # still revealed while ordering
    assert legal(s) == {"choose Gold", "choose Copper"}
    choose(s, "Copper")  # put back first: it ends under the Gold
    assert deck_top(s, 0, 3) == ["Gold", "Copper", "Silver"] and s.aside[0] == [] and not s.stack
    assert s.hpub[0] == tuple(ids(["Estate", "Province"]))  # revealed into the hand


def test_scout_with_a_short_deck_reveals_what_there_is():
    s = start_turn(new("Scout"), hand=["Scout"], deck=["Duchy"], discard=[])
    play(s, "Scout")
    assert hand(s) == ["Duchy"] and not s.stack


def test_scout_curse_is_not_a_victory_card():
    s = start_turn(new("Scout"), hand=["Scout"], deck=["Curse", "Copper", "Copper", "Copper"])
    play(s, "Scout")
    assert hand(s) == [] and legal(s) == {"choose Curse", "choose Copper"}
    choose(s, "Copper", "Curse")  # then two Coppers: no question left
    assert deck_top(s, 0, 4) == ["Copper", "Copper", "Curse", "Copper"] and not s.stack


def test_patrol_draws_three_then_keeps_victory_cards_and_curses():
    s = start_turn(new("Patrol", edition="second"), hand=["Patrol"],
                   deck=["Copper", "Copper", "Copper", "Curse", "Estate", "Silver", "Gold", "Copper"])
    play(s, "Patrol")
    assert hand(s) == ["Copper", "Copper", "Copper", "Curse", "Estate"]
    choose(s, "Gold")
    assert deck_top(s, 0, 2) == ["Silver", "Gold"]


def _shuffled(s, p: int, cards: list[str]) -> None:
    """An unordered deck (nobody knows its order)."""
    s.deck[p] = ids(cards)
    s.top[p] = []
    s.owned[p] = [0] * NCARDS
    for zone in (s.hand, s.deck, s.disc, s.play):
        for c in zone[p]:
            s.owned[p][c] += 1


def test_secret_passage_puts_a_card_on_top():
    s = start_turn(new("Secret Passage", edition="second"), hand=["Secret Passage", "Gold"],
                   deck=["Copper", "Estate", "Silver"])
    play(s, "Secret Passage")
    assert s.actions == 1 and hand(s) == ["Copper", "Estate", "Gold"]
    choose(s, "Gold")
    assert legal(s) == {"yes", "no"}  # two places (on top, under the Silver): one question
    yes(s)  # the upper half: on top
    assert deck_top(s, 0, 2) == ["Gold", "Silver"] and hand(s) == ["Copper", "Estate"]
    assert not s.stack


def test_secret_passage_at_a_chosen_depth_among_known_cards():
    s = start_turn(new("Secret Passage", edition="second"), hand=["Secret Passage", "Gold"],
                   deck=["Copper", "Copper", "Estate", "Silver", "Duchy"])
    play(s, "Secret Passage")
    choose(s, "Gold")
    no(s)  # places 0-3: not 0-1
    yes(s)  # places 2-3: 2, under two cards
    assert deck_top(s, 0, 4) == ["Estate", "Silver", "Gold", "Duchy"]
    assert not s.stack


def test_secret_passage_at_the_bottom_of_a_shuffled_deck():
    s = new("Secret Passage", edition="second")
    start_turn(s, hand=["Secret Passage", "Gold", "Province"])
    _shuffled(s, 0, ["Copper"] * 6)
    play(s, "Secret Passage")
    choose(s, "Gold")
    assert legal(s) == {"yes", "no"}
    no(s)  # places 0-4: not 0-2
    no(s)  # places 3-4: not 3, so 4: the bottom
    assert names(s.bottom[0]) == ["Gold"] and s.top[0] == [] and len(s.deck[0]) == 4
    assert legal(s) == {"done"}  # the third question still comes: the depth stays private
    done(s)
    assert not s.stack and owned(s, 0, "Gold") == 1


def _gold_two_down(seed: int = 0):
    """Secret Passage puts a Gold under two of four shuffled cards (six before it drew two): places 0-4, the
    upper half 0-2, then not 0-1."""
    s = new("Secret Passage", edition="second", seed=seed)
    start_turn(s, hand=["Secret Passage", "Gold"], discard=[])
    _shuffled(s, 0, ["Copper", "Silver", "Estate", "Duchy", "Curse", "Smithy"])
    play(s, "Secret Passage")
    choose(s, "Gold")
    yes(s)
    no(s)
    return s


def test_secret_passage_at_an_exact_depth_among_shuffled_cards():
    from realms.games.dominion.zones import OWN, UNSEEN

    s = _gold_two_down()
    assert names(s.deck[0][-3:-2]) == ["Gold"] and s.top[0] == [OWN, UNSEEN, UNSEEN]
    done(s)
    # its owner knows where it is, nobody knows the two cards above it
    assert G.view(s, 0)["seats"][0]["deck_top"] == [None, None, "Gold"]
    assert G.view(s, 1)["seats"][0]["deck_top"] == []
    above = sorted(names(s.deck[0][-2:]))
    before = len(s.hand[0])
    draw(s, 0, 2)
    assert sorted(names(s.hand[0][before:])) == above and "Gold" not in above
    draw(s, 0, 1)
    assert names(s.hand[0][-1:]) == ["Gold"]


def test_secret_passage_exact_depth_takes_the_cards_above_it_at_random():
    pairs = set()
    for seed in range(40):
        s = _gold_two_down(seed)
        pairs.add(tuple(sorted(names(s.deck[0][-2:]))))
    assert len(pairs) > 5  # which two come first differs from game to game


def test_secret_passage_determinize_keeps_the_depth_and_resamples_the_unseen_cards():
    s = _gold_two_down()
    done(s)
    tops = set()
    for k in range(30):
        d = G.determinize(s, 0, Rng(k))
        assert d.top[0] == s.top[0] and names(d.deck[0][-3:-2]) == ["Gold"]
        assert sorted(d.deck[0]) == sorted(s.deck[0]) and G.view(d, 0) == G.view(s, 0)
        tops.add(tuple(names(d.deck[0][-2:])))
    assert len(tops) > 3  # the two cards above the Gold are anyone's guess, its owner's too


def test_secret_passage_asks_as_many_questions_wherever_the_card_goes():
    counts = set()
    for place in range(5):
        s = new("Secret Passage", edition="second")
        start_turn(s, hand=["Secret Passage", "Gold"])
        _shuffled(s, 0, ["Copper"] * 6)
        play(s, "Secret Passage")
        choose(s, "Gold")
        asked, lo, hi = 0, 0, 4
        while s.stack:
            asked += 1
            assert prompt(s, 1) == "Secret Passage: Seat 1 puts a card into their deck"
            if "done" in legal(s):
                done(s)
                continue
            mid = (lo + hi) // 2
            if place <= mid:
                yes(s)
                hi = mid
            else:
                no(s)
                lo = mid + 1
        counts.add(asked)
        top_down = names(s.deck[0][::-1] + s.bottom[0][::-1])
        gold = top_down.index("Gold")
        assert gold == place
    assert counts == {3}


def test_secret_passage_with_an_empty_deck_puts_the_card_there():
    s = start_turn(new("Secret Passage", edition="second"), hand=["Secret Passage", "Gold", "Copper"],
                   deck=[], discard=[])
    play(s, "Secret Passage")
    choose(s, "Gold")
    assert not s.stack and names(s.deck[0]) == ["Gold"] and s.top[0] == [0]


def test_secret_passage_card_is_private_to_its_owner():
    s = start_turn(new("Secret Passage", edition="second"), hand=["Secret Passage", "Province"],
                   deck=["Copper", "Copper", "Copper"])
    play(s, "Secret Passage")
    choose(s, "Province")
    assert "Province" not in json.dumps(G.view(s, 1)["seats"]) + json.dumps(G.view(s, 1)["pending"])
    yes(s)
    assert "Province" not in json.dumps(G.view(s, 1)["seats"]) and G.view(s, 0)["seats"][0]["deck_top"][0] == "Province"


def test_secret_passage_bottom_card_is_drawn_after_the_rest():
    s = new("Secret Passage", edition="second")
    start_turn(s, hand=["Secret Passage", "Gold"], discard=[])
    _shuffled(s, 0, ["Copper"] * 4)
    play(s, "Secret Passage")
    choose(s, "Gold")
    no(s)  # places 0-2: not 0-1, so 2: the bottom
    done(s)
    draw(s, 0, 2)
    assert hand(s).count("Gold") == 0
    draw(s, 0, 1)
    assert "Gold" in hand(s) and len(s.top[0]) <= len(s.deck[0])


def test_diplomat_two_cards_and_two_actions_with_five_or_fewer():
    s = start_turn(new("Diplomat", edition="second"), hand=["Diplomat", "Copper", "Copper", "Copper"],
                   deck=["Estate", "Estate"])
    play(s, "Diplomat")
    assert len(s.hand[0]) == 5 and s.actions == 2


def test_diplomat_no_actions_with_six_cards():
    s = start_turn(new("Diplomat", edition="second"), hand=["Diplomat", "Copper", "Copper", "Copper", "Copper"],
                   deck=["Estate", "Estate"])
    play(s, "Diplomat")
    assert len(s.hand[0]) == 6 and s.actions == 0


def test_diplomat_reaction_needs_a_hand_of_five():
    s = new("Diplomat", "Militia", edition="second")
    start_turn(s, hand=["Militia"], hand1=["Diplomat", "Copper", "Copper", "Copper"])
    play(s, "Militia")
    assert pending_seat(s) == 1 and legal(s) == {"no"}


def test_diplomat_reaction_draws_two_then_discards_three_and_may_go_again():
    s = new("Diplomat", "Militia", edition="second")
    start_turn(s, hand=["Militia"], hand1=["Diplomat", "Copper", "Copper", "Estate", "Estate"],
               deck1=["Gold", "Silver", "Copper", "Copper"])
    play(s, "Militia")
    yes(s)
    assert len(s.hand[1]) == 7
    choose(s, "Estate", "Estate", "Copper")
    assert hand(s, 1) == ["Copper", "Diplomat", "Gold", "Silver"]
    assert legal(s) == {"no"}  # asked again: 4 cards now, so it may not be revealed
    no(s)
    choose(s, "Diplomat")
    assert hand(s, 1) == ["Copper", "Gold", "Silver"]


def test_courtier_one_type_one_bonus():
    s = start_turn(new("Courtier", edition="second"), hand=["Courtier", "Copper", "Village"])
    play(s, "Courtier")
    assert legal(s) == {"choose Copper", "choose Village"}
    choose(s, "Copper")
    assert legal(s) == {"yes", "no", "done", "choose Gold"}
    done(s)
    assert s.coins == 3 and not s.stack and s.hpub[0] == tuple(ids(["Copper"]))


def test_courtier_two_types_two_different_bonuses():
    s = start_turn(new("Courtier", "Moat", edition="second"), hand=["Courtier", "Moat"])
    play(s, "Courtier")
    choose(s, "Moat")  # Action and Reaction
    choose(s, "Gold")
    assert legal(s) == {"yes", "no", "done"}  # a bonus is chosen once
    yes(s)
    assert owned(s, 0, "Gold") == 1 and s.actions == 1 and not s.stack
    assert hand(s) == ["Moat"]


def test_courtier_buy_bonus_and_empty_hand():
    s = start_turn(new("Courtier", edition="second"), hand=["Courtier", "Curse"])
    play(s, "Courtier")
    choose(s, "Curse")
    no(s)
    assert s.buys == 2
    s = start_turn(new("Courtier", edition="second"), hand=["Courtier"])
    play(s, "Courtier")
    assert not s.stack


def test_minion_plus_two_coins():
    s = start_turn(new("Minion"), hand=["Minion", "Copper"], hand1=["Copper"] * 5)
    play(s, "Minion")
    yes(s)
    assert s.actions == 1 and s.coins == 2 and hand(s) == ["Copper"] and len(s.hand[1]) == 5


def test_minion_attack_hits_only_hands_of_five_or_more():
    s = new("Minion", players=3)
    start_turn(s, hand=["Minion", "Estate"], deck=["Gold"] * 4, hand1=["Copper"] * 5, deck1=["Silver"] * 4,
               hand2=["Copper"] * 4, deck2=["Silver"] * 4)
    play(s, "Minion")
    no(s)
    assert hand(s) == ["Gold"] * 4 and names(s.disc[0]) == ["Estate"]
    assert hand(s, 1) == ["Silver"] * 4 and len(s.disc[1]) == 5
    assert hand(s, 2) == ["Copper"] * 4
    assert s.coins == 0 and s.actions == 1


def test_minion_moat_owner_unaffected_attacker_still_does_its_part():
    s = new("Minion", "Moat")
    start_turn(s, hand=["Minion", "Estate"], deck=["Gold"] * 4, hand1=["Moat"] + ["Copper"] * 4,
               deck1=["Silver"] * 4)
    play(s, "Minion")
    yes(s)  # Moat
    no(s)  # the attack half
    assert hand(s) == ["Gold"] * 4 and hand(s, 1) == ["Copper"] * 4 + ["Moat"]


def test_replace_action_or_treasure_gained_goes_onto_the_deck():
    s = start_turn(new("Replace", edition="second"), hand=["Replace", "Estate"], hand1=["Copper"])
    play(s, "Replace")
    choose(s, "Estate")
    assert "choose Silver" in legal(s) and "choose Duchy" not in legal(s)
    choose(s, "Silver")
    assert deck_top(s, 0, 1) == ["Silver"] and owned(s, 1, "Curse") == 0


def test_replace_victory_card_gives_the_others_a_curse():
    s = new("Replace", "Moat", edition="second", players=3)
    start_turn(s, hand=["Replace", "Silver"], hand1=["Moat"], hand2=["Copper"])
    play(s, "Replace")
    yes(s)  # seat 1 reveals Moat
    choose(s, "Silver")
    choose(s, "Duchy")
    assert names(s.disc[0]) == ["Duchy"] and s.top[0] == []
    assert owned(s, 1, "Curse") == 0 and owned(s, 2, "Curse") == 1


def test_replace_gain_nothing_when_nothing_is_cheap_enough():
    s = start_turn(new("Replace", edition="second"), hand=["Replace", "Copper"])
    empty_pile(s, *[NAMES[c] for c in s.piles if COST[c] <= 2])
    play(s, "Replace")
    choose(s, "Copper")
    assert not s.stack and names(s.trash) == ["Copper"]


def test_saboteur_trashes_the_first_card_costing_three_and_may_gain_two_less():
    s = new("Saboteur")
    start_turn(s, hand=["Saboteur"], deck1=["Copper", "Estate", "Gold", "Silver"])
    play(s, "Saboteur")
    assert names(s.trash) == ["Gold"] and pending_seat(s) == 1
    assert "choose Smithy" in legal(s) and "choose Duchy" not in legal(s) and "done" in legal(s)
    choose(s, "Smithy")
    assert names(s.disc[1]) == ["Smithy", "Copper", "Estate"] and deck_top(s, 1, 1) == ["Silver"]


def test_saboteur_victim_may_gain_nothing():
    s = new("Saboteur")
    start_turn(s, hand=["Saboteur"], deck1=["Silver"])
    play(s, "Saboteur")
    done(s)
    assert names(s.trash) == ["Silver"] and s.disc[1] == [] and owned(s, 1, "Silver") == 0


def test_saboteur_nothing_costing_three_discards_everything_revealed():
    s = new("Saboteur")
    start_turn(s, hand=["Saboteur"], deck1=["Copper", "Estate"], discard1=["Curse"])
    play(s, "Saboteur")
    assert not s.stack and s.trash == [] and sorted(names(s.disc[1])) == ["Copper", "Curse", "Estate"]
    assert s.aside[1] == []


def test_torturer_victims_choose_in_turn_order_discard_two_or_curse_to_hand():
    s = new("Torturer", players=3)
    start_turn(s, hand=["Torturer"], deck=["Copper"] * 3, hand1=["Estate", "Copper", "Silver"],
               hand2=["Gold"])
    play(s, "Torturer")
    assert len(s.hand[0]) == 3 and pending_seat(s) == 1 and legal(s) == {"yes", "no"}
    yes(s)
    choose(s, "Estate", "Copper")
    assert hand(s, 1) == ["Silver"] and pending_seat(s) == 2
    no(s)
    assert hand(s, 2) == ["Curse", "Gold"] and CURSE in s.hpub[2]


def test_torturer_discard_two_with_fewer_cards():
    s = new("Torturer")
    start_turn(s, hand=["Torturer"], hand1=["Gold"])
    play(s, "Torturer")
    yes(s)
    assert legal(s) == {"choose Gold"}  # the only card: one answer, still asked
    choose(s, "Gold")
    assert hand(s, 1) == [] and names(s.disc[1]) == ["Gold"] and not s.stack


def test_torturer_curse_pile_empty_gives_nothing():
    s = new("Torturer")
    start_turn(s, hand=["Torturer"], hand1=["Gold"])
    empty_pile(s, "Curse")
    play(s, "Torturer")
    no(s)
    assert hand(s, 1) == ["Gold"] and owned(s, 1, "Curse") == 0


def test_torturer_throne_room_twice():
    s = new("Torturer", "Throne Room")
    start_turn(s, hand=["Throne Room", "Torturer"], deck=["Copper"] * 6, hand1=["Gold"])
    play(s, "Throne Room")
    choose(s, "Torturer")  # its only Action card: one answer, still asked
    no(s)
    no(s)
    assert owned(s, 1, "Curse") == 2 and len(s.hand[0]) == 6


def test_trading_post_trashes_two_for_a_silver_in_hand():
    s = start_turn(new("Trading Post"), hand=["Trading Post", "Estate", "Curse", "Copper"])
    play(s, "Trading Post")
    choose(s, "Estate", "Curse")
    assert hand(s) == ["Copper", "Silver"] and names(s.trash) == ["Estate", "Curse"]


def test_trading_post_with_one_card_gains_nothing():
    s = start_turn(new("Trading Post"), hand=["Trading Post", "Estate"])
    play(s, "Trading Post")
    assert legal(s) == {"choose Estate"}  # asked even with one choice
    choose(s, "Estate")
    assert hand(s) == [] and owned(s, 0, "Silver") == 0 and not s.stack


def test_trading_post_empty_silver_pile():
    s = start_turn(new("Trading Post"), hand=["Trading Post", "Estate", "Estate"])
    empty_pile(s, "Silver")
    play(s, "Trading Post")
    choose(s, "Estate", "Estate")
    assert hand(s) == [] and not s.stack


def test_tribute_action_and_treasure_each_give_their_bonus():
    s = start_turn(new("Tribute"), hand=["Tribute"], deck1=["Village", "Silver", "Gold"])
    play(s, "Tribute")
    assert s.actions == 2 and s.coins == 2 and names(s.disc[1]) == ["Village", "Silver"]


def test_tribute_in_solitaire_has_no_player_on_the_left():
    s = start_turn(new("Tribute", players=1), hand=["Tribute"], deck=["Gold", "Village"])
    play(s, "Tribute")
    assert s.actions == 0 and s.coins == 0 and hand(s) == [] and len(s.deck[0]) == 2


def test_tribute_same_name_counts_once_victory_draws_two():
    s = start_turn(new("Tribute"), hand=["Tribute"], deck=["Gold", "Gold"], deck1=["Estate", "Estate"])
    play(s, "Tribute")
    assert hand(s) == ["Gold", "Gold"] and s.actions == 0 and s.coins == 0


def test_tribute_curse_gives_nothing_and_one_card_counts():
    s = start_turn(new("Tribute"), hand=["Tribute"], deck1=["Curse"], discard1=[])
    play(s, "Tribute")
    assert s.actions == 0 and s.coins == 0 and hand(s) == [] and names(s.disc[1]) == ["Curse"]
    s = start_turn(new("Tribute"), hand=["Tribute"], deck1=["Copper"], discard1=[])
    play(s, "Tribute")
    assert s.coins == 2


def test_tribute_is_the_player_on_the_left():
    s = new("Tribute", players=3)
    start_turn(s, p=2, hand=["Tribute"], deck0=["Silver", "Silver"], deck1=["Village", "Village"])
    play(s, "Tribute")
    assert s.coins == 2 and s.actions == 0 and len(s.deck[1]) == 2


def test_upgrade_gains_a_card_costing_exactly_one_more():
    s = start_turn(new("Upgrade"), hand=["Upgrade", "Estate"], deck=["Copper"])
    play(s, "Upgrade")
    assert s.actions == 1 and hand(s) == ["Copper", "Estate"]
    choose(s, "Estate")
    assert "choose Silver" in legal(s) and "choose Estate" not in legal(s) and "choose Gold" not in legal(s)
    choose(s, "Silver")
    assert owned(s, 0, "Silver") == 1 and names(s.trash) == ["Estate"]


def test_upgrade_nothing_costs_one_more():
    s = start_turn(new("Upgrade"), hand=["Upgrade", "Copper"], deck=["Copper"])
    play(s, "Upgrade")
    choose(s, "Copper")  # nothing costs $1
    assert not s.stack and names(s.trash) == ["Copper"] and len(s.disc[0]) == 0


def test_upgrade_reads_costs_now():
    s = start_turn(new("Upgrade"), hand=["Upgrade", "Copper"], deck=["Estate"])
    s.discount = 2  # as after two Bridges: Copper and Estate cost $0, the $3 cards $1
    play(s, "Upgrade")
    choose(s, "Copper")
    assert legal(s) == {"choose Silver", "choose Village", "choose Woodcutter", "choose Workshop"}


MINE = ["Secret Chamber", "Masquerade", "Swindler", "Scout", "Secret Passage", "Diplomat", "Courtier", "Minion",
        "Patrol", "Replace", "Saboteur", "Torturer", "Trading Post", "Tribute", "Upgrade"]


def _random_games(kingdom: list[str], games: int) -> None:
    for seed in range(games):
        opts = {"players": 1 + seed % 4, "kingdom": kingdom, "edition": ("first", "second")[seed // 2 % 2],
                "turn_limit": 40}
        s = rich_game(opts, seed)
        total = total_cards(s)
        agents = [RandomAgent(Rng(seed * 7 + i)) for i in range(s.players)]
        steps = 0
        while s.to_move is not None:
            G.apply(s, agents[s.to_move].act(G, s), log=seed % 3 == 0)
            steps += 1
            assert total_cards(s) == total
            for p in range(s.players):
                cnt = [0] * NCARDS
                for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.bottom):
                    for c in zone[p]:
                        cnt[c] += 1
                assert cnt == s.owned[p] and len(s.top[p]) <= len(s.deck[p])
            if steps % 13 == 0 and s.to_move is not None:
                d = G.determinize(s, s.to_move, Rng(steps))
                assert G.view(d, s.to_move) == G.view(s, s.to_move)
                json.dumps(G.view(s, None))


def test_random_games_with_these_cards_keep_every_card():
    _random_games([n for n in MINE if n != "Secret Passage"][:10], 40)
    _random_games([n for n in MINE if n != "Secret Passage"][4:], 40)


def test_random_games_with_secret_passage_keep_every_card():
    _random_games(MINE[:10], 60)
