"""The 25 first-edition kingdom cards, one test per sentence of their text in cards.csv and per edge case."""

from __future__ import annotations

import pytest

from realms.core.errors import IllegalAction
from realms.games.dominion.cards import COST, NAMES
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
    start_turn,
    total_cards,
    yes,
)

# --- Cellar ---------------------------------------------------------------------------------------


def test_cellar_gives_an_action_and_discards_then_draws_as_many():
    s = start_turn(new("Cellar"), hand=["Cellar", "Estate", "Estate", "Copper", "Village"],
                   deck=["Gold", "Silver", "Copper"])
    play(s, "Cellar")
    assert s.actions == 1
    choose(s, "Estate", "Estate")
    assert names(s.look[0]) == ["Estate", "Estate"] and s.disc[0] == []  # picked; they go down together
    done(s)
    assert names(s.disc[0]) == ["Estate", "Estate"]
    assert hand(s) == sorted(["Copper", "Village", "Gold", "Silver"])


def test_cellar_may_discard_nothing():
    s = start_turn(new("Cellar"), hand=["Cellar", "Estate", "Copper"], deck=["Gold"])
    play(s, "Cellar")
    done(s)
    assert hand(s) == ["Copper", "Estate"]
    assert s.actions == 1


def test_cellar_cannot_discard_itself():
    s = start_turn(new("Cellar"), hand=["Cellar", "Estate"], deck=[])
    play(s, "Cellar")
    assert "choose Cellar" not in legal(s)
    assert names(s.play[0]) == ["Cellar"]


def test_cellar_reshuffles_the_just_discarded_cards_when_the_deck_runs_out():
    s = start_turn(new("Cellar"), hand=["Cellar", "Estate", "Duchy", "Copper"], deck=["Gold"], discard=[])
    play(s, "Cellar")
    choose(s, "Estate", "Duchy")
    done(s)
    # Gold from the deck, then the discard pile (Estate, Duchy) was shuffled: one of them drawn
    assert len(s.hand[0]) == 3 and "Gold" in hand(s)
    assert sorted(names(s.hand[0] + s.deck[0])) == sorted(["Copper", "Gold", "Estate", "Duchy"])


def test_cellar_draws_fewer_when_deck_and_discard_are_empty():
    s = start_turn(new("Cellar"), hand=["Cellar", "Estate", "Copper"], deck=[], discard=[])
    play(s, "Cellar")
    choose(s, "Estate")
    done(s)
    # the discarded Estate is shuffled back and drawn: nothing else exists
    assert hand(s) == ["Copper", "Estate"]


# --- Chapel ---------------------------------------------------------------------------------------


def test_chapel_trashes_up_to_four_then_stops_by_itself():
    s = start_turn(new("Chapel"), hand=["Chapel", "Copper", "Copper", "Estate", "Estate", "Curse"], deck=[])
    play(s, "Chapel")
    choose(s, "Copper", "Copper", "Estate", "Estate")
    assert not s.stack
    assert names(s.trash) == ["Copper", "Copper", "Estate", "Estate"]
    assert hand(s) == ["Curse"]
    assert s.owned[0][ids(["Copper"])[0]] == 0


def test_chapel_may_trash_nothing_and_gives_no_action():
    s = start_turn(new("Chapel", "Village"), hand=["Chapel", "Village", "Copper"], deck=[])
    play(s, "Chapel")
    done(s)
    assert s.trash == [] and s.actions == 0
    assert s.phase == 1  # Village can no longer be played: the Buy phase began by itself


def test_chapel_with_an_empty_hand_asks_nothing():
    s = start_turn(new("Chapel"), hand=["Chapel"], deck=[])
    play(s, "Chapel")
    assert not s.stack


# --- Moat -----------------------------------------------------------------------------------------


def test_moat_draws_two():
    s = start_turn(new("Moat"), hand=["Moat"], deck=["Gold", "Silver", "Copper"])
    play(s, "Moat")
    assert hand(s) == ["Gold", "Silver"]


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Spy", "Thief"])
def test_moat_revealed_blocks_each_attack_but_the_attacker_gets_its_part(attack):
    s = new(attack, "Moat")
    start_turn(s, hand=[attack, "Copper"], deck=["Gold", "Silver", "Silver"],
               hand1=["Moat", "Copper", "Copper", "Estate", "Estate"], deck1=["Gold", "Silver"])
    before_hand1 = hand(s, 1)
    play(s, attack)
    assert pending_seat(s) == 1 and legal(s) == {"yes", "no"}
    yes(s)
    # seat 1 is untouched; Moat stays in hand and no Action was spent on it
    assert hand(s, 1) == before_hand1
    assert deck_top(s, 1, 2) == ["Gold", "Silver"]
    assert s.owned[1][ids(["Curse"])[0]] == 0
    if attack == "Militia":
        assert s.coins == 2
    if attack == "Witch":
        assert len(s.hand[0]) == 3
    if attack == "Spy":
        assert pending_seat(s) == 0 and s.aside[0] == ids(["Silver"])  # its own card is still revealed
        no(s)
    if attack == "Bureaucrat":
        assert deck_top(s, 0, 1) == ["Silver"] and s.aside[1] == []
    assert not s.stack


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Thief"])
def test_moat_not_revealed_leaves_the_attack_on(attack):
    s = new(attack, "Moat")
    start_turn(s, hand=[attack], deck=["Copper", "Copper"],
               hand1=["Moat", "Copper", "Silver", "Estate", "Estate"], deck1=["Gold", "Silver"])
    play(s, attack)
    no(s)
    if attack == "Militia":
        assert pending_seat(s) == 1
        choose(s, "Estate", "Estate")
        assert hand(s, 1) == ["Copper", "Moat", "Silver"]
    elif attack == "Witch":
        assert names(s.disc[1]) == ["Curse"]
    elif attack == "Bureaucrat":
        # both Victory cards are Estates: one answer, but asked all the same (being asked must not tell
        # the attacker whether the hand holds two kinds)
        assert pending_seat(s) == 1 and legal(s) == {"choose Estate"}
        choose(s, "Estate")
        assert not s.stack and deck_top(s, 1, 1) == ["Estate"]
    else:
        choose(s, "Gold")
        assert "Gold" in names(s.trash)


def test_moat_reveal_is_one_decision_per_attack_even_with_two_moats():
    s = new("Militia", "Moat")
    start_turn(s, hand=["Militia"], deck=[], hand1=["Moat", "Moat", "Copper", "Copper", "Copper"])
    play(s, "Militia")
    yes(s)
    assert not s.stack and len(s.hand[1]) == 5


def test_moat_is_asked_again_for_each_play_of_a_throne_roomed_attack():
    s = new("Militia", "Moat", "Throne Room")
    start_turn(s, hand=["Throne Room", "Militia"], deck=[],
               hand1=["Moat", "Copper", "Copper", "Estate", "Estate"])
    play(s, "Throne Room")
    choose(s, "Militia")  # the only Action in hand, still asked
    yes(s)  # first Militia: revealed
    assert len(s.hand[1]) == 5
    no(s)  # second Militia: not revealed
    choose(s, "Estate", "Estate")
    assert s.coins == 4 and hand(s, 1) == ["Copper", "Copper", "Moat"]


# --- Chancellor -----------------------------------------------------------------------------------


def test_chancellor_gives_two_coins_and_may_put_the_deck_into_the_discard_pile():
    s = start_turn(new("Chancellor"), hand=["Chancellor"], deck=["Gold", "Silver"], discard=["Copper"])
    play(s, "Chancellor")
    assert s.coins == 2
    yes(s)
    assert s.deck[0] == [] and sorted(names(s.disc[0])) == ["Copper", "Gold", "Silver"]


def test_chancellor_is_optional():
    s = start_turn(new("Chancellor"), hand=["Chancellor"], deck=["Gold", "Silver"])
    play(s, "Chancellor")
    no(s)
    assert deck_top(s, 0, 2) == ["Gold", "Silver"]


def test_chancellor_with_an_empty_deck_asks_nothing():
    s = start_turn(new("Chancellor"), hand=["Chancellor"], deck=[])
    play(s, "Chancellor")
    assert not s.stack and s.coins == 2


# --- Village, Woodcutter, Smithy, Festival, Laboratory, Market, Council Room ---------------------


def test_village_one_card_two_actions():
    s = start_turn(new("Village"), hand=["Village"], deck=["Gold", "Silver"])
    play(s, "Village")
    assert hand(s) == ["Gold"] and s.actions == 2


def test_woodcutter_one_buy_two_coins():
    s = start_turn(new("Woodcutter"), hand=["Woodcutter"], deck=[])
    play(s, "Woodcutter")
    assert s.buys == 2 and s.coins == 2


def test_smithy_draws_three_reshuffling_when_needed():
    s = start_turn(new("Smithy"), hand=["Smithy"], deck=["Gold"], discard=["Silver", "Silver"])
    play(s, "Smithy")
    assert hand(s) == ["Gold", "Silver", "Silver"]


def test_smithy_with_too_few_cards_draws_what_there_is():
    s = start_turn(new("Smithy"), hand=["Smithy"], deck=["Gold"], discard=[])
    play(s, "Smithy")
    assert hand(s) == ["Gold"]


def test_festival_two_actions_one_buy_two_coins():
    s = start_turn(new("Festival"), hand=["Festival"], deck=[])
    play(s, "Festival")
    assert (s.actions, s.buys, s.coins) == (2, 2, 2)


def test_laboratory_two_cards_one_action():
    s = start_turn(new("Laboratory"), hand=["Laboratory"], deck=["Gold", "Silver", "Copper"])
    play(s, "Laboratory")
    assert hand(s) == ["Gold", "Silver"] and s.actions == 1


def test_market_card_action_buy_coin():
    s = start_turn(new("Market"), hand=["Market"], deck=["Gold"])
    play(s, "Market")
    assert (hand(s), s.actions, s.buys, s.coins) == (["Gold"], 1, 2, 1)


def test_council_room_four_cards_one_buy_and_each_other_player_draws_one():
    s = new("Council Room", players=3)
    start_turn(s, hand=["Council Room"], deck=["Gold", "Silver", "Silver", "Copper", "Estate"],
               hand1=[], deck1=["Gold"], hand2=[], deck2=["Duchy"])
    play(s, "Council Room")
    assert hand(s) == ["Copper", "Gold", "Silver", "Silver"] and s.buys == 2
    assert hand(s, 1) == ["Gold"] and hand(s, 2) == ["Duchy"]


# --- Workshop and Feast -------------------------------------------------------------------------


def test_workshop_gains_a_card_costing_up_to_four_to_the_discard_pile():
    s = start_turn(new("Workshop", "Gardens"), hand=["Workshop"], deck=[])
    play(s, "Workshop")
    options = legal(s)
    assert {"choose Silver", "choose Estate", "choose Gardens", "choose Curse", "choose Copper"} <= options
    assert "choose Duchy" not in options and "choose Laboratory" not in options
    assert "done" not in options  # mandatory
    choose(s, "Gardens")
    assert names(s.disc[0]) == ["Gardens"]


def test_workshop_gains_nothing_when_no_card_costs_four_or_less():
    s = new("Workshop")
    empty_pile(s, *(NAMES[c] for c in s.piles if COST[c] <= 4))
    start_turn(s, hand=["Workshop"], deck=[])
    total = total_cards(s)
    play(s, "Workshop")
    assert not s.stack and s.disc[0] == [] and total_cards(s) == total


def test_feast_trashes_itself_and_gains_a_card_costing_up_to_five():
    s = start_turn(new("Feast"), hand=["Feast"], deck=[])
    play(s, "Feast")
    assert names(s.trash) == ["Feast"] and s.play[0] == []
    assert "choose Laboratory" in legal(s) and "choose Gold" not in legal(s)
    choose(s, "Duchy")
    assert names(s.disc[0]) == ["Duchy"]


def test_throne_room_on_feast_trashes_once_and_gains_twice():
    s = start_turn(new("Feast", "Throne Room"), hand=["Throne Room", "Feast"], deck=[])
    play(s, "Throne Room")
    choose(s, "Feast")  # the only Action in hand: one answer, still asked
    choose(s, "Laboratory")
    choose(s, "Market")
    assert names(s.trash) == ["Feast"]
    assert sorted(names(s.disc[0])) == ["Laboratory", "Market"]
    assert names(s.play[0]) == ["Throne Room"]


# --- Gardens ----------------------------------------------------------------------------------------


def test_gardens_is_worth_one_vp_per_ten_cards_rounded_down():
    s = new("Gardens")
    start_turn(s, hand=["Gardens"], deck=["Copper"] * 18)
    assert G.score(s, 0) == 1
    start_turn(s, hand=["Gardens", "Gardens"], deck=["Copper"] * 18)
    assert G.score(s, 0) == 4


@pytest.mark.parametrize("players,size", [(1, 8), (2, 8), (3, 12), (4, 12)])
def test_gardens_pile_uses_the_victory_pile_size(players, size):
    s = new("Gardens", players=players)
    assert s.supply[ids(["Gardens"])[0]] == size


# --- Militia ---------------------------------------------------------------------------------------


def test_militia_gives_two_coins_and_the_others_discard_down_to_three_in_turn_order():
    s = new("Militia", players=3)
    start_turn(s, hand=["Militia"], deck=[], hand1=["Copper", "Silver", "Estate", "Curse", "Gold"],
               hand2=["Copper", "Copper", "Copper", "Copper"])
    events = play(s, "Militia", log=True)
    assert s.coins == 2
    assert any(e.text == "Seat 1 played Militia" for e in events)
    assert pending_seat(s) == 1
    assert "choose Gold" in legal(s) and "done" not in legal(s)
    choose(s, "Curse")
    act(s, "choose", "Estate")
    assert hand(s, 1) == ["Copper", "Gold", "Silver"]
    # seat 3 holds only Coppers: its one answer is still asked (the hand is hidden)
    assert pending_seat(s) == 2 and legal(s) == {"choose Copper"}
    choose(s, "Copper")
    assert len(s.hand[2]) == 3 and not s.stack


def test_militia_victim_holding_one_kind_of_card_is_asked_each_discard():
    # skipping the picks would tell the table that the hidden hand holds one kind of card
    s = new("Militia")
    start_turn(s, hand=["Militia"], deck=[], hand1=["Copper"] * 5)
    play(s, "Militia")
    for left in (5, 4):
        assert pending_seat(s) == 1 and legal(s) == {"choose Copper"} and len(s.hand[1]) == left
        choose(s, "Copper")
    assert not s.stack and hand(s, 1) == ["Copper"] * 3 and names(s.disc[1]) == ["Copper"] * 2


def test_militia_victim_with_three_or_fewer_cards_discards_nothing():
    s = new("Militia")
    start_turn(s, hand=["Militia"], deck=[], hand1=["Copper", "Estate", "Gold"])
    play(s, "Militia")
    assert not s.stack and len(s.hand[1]) == 3


def test_militia_discards_are_logged_together():
    s = new("Militia")
    start_turn(s, hand=["Militia"], deck=[], hand1=["Copper", "Estate", "Gold", "Silver", "Silver"])
    play(s, "Militia")
    act(s, "choose", "Estate")
    events = act(s, "choose", "Copper", log=True)
    assert "Seat 2 discarded 2 cards, Copper on top" in [e.text for e in events]


# --- Moneylender ----------------------------------------------------------------------------------


def test_moneylender_first_edition_must_trash_a_copper_for_three():
    s = start_turn(new("Moneylender"), hand=["Moneylender", "Copper", "Copper"], deck=[])
    play(s, "Moneylender")
    assert not s.stack and s.coins == 3 and names(s.trash) == ["Copper"] and hand(s) == ["Copper"]


def test_moneylender_second_edition_may_trash_a_copper():
    s = start_turn(new("Moneylender", edition="second"), hand=["Moneylender", "Copper"], deck=[])
    play(s, "Moneylender")
    assert legal(s) == {"yes", "no"}
    no(s)
    assert s.coins == 0 and s.trash == []
    s = start_turn(new("Moneylender", edition="second"), hand=["Moneylender", "Copper"], deck=[])
    play(s, "Moneylender")
    yes(s)
    assert s.coins == 3 and names(s.trash) == ["Copper"]


@pytest.mark.parametrize("edition", ["first", "second"])
def test_moneylender_without_copper_does_nothing(edition):
    s = start_turn(new("Moneylender", edition=edition), hand=["Moneylender", "Silver"], deck=[])
    play(s, "Moneylender")
    assert not s.stack and s.coins == 0 and s.trash == []


# --- Remodel ---------------------------------------------------------------------------------------


def test_remodel_trashes_a_card_and_gains_one_costing_up_to_two_more():
    s = start_turn(new("Remodel"), hand=["Remodel", "Silver", "Estate"], deck=[])
    play(s, "Remodel")
    assert "done" not in legal(s)  # the trash is mandatory
    choose(s, "Silver")
    assert names(s.trash) == ["Silver"]
    opts = legal(s)
    assert "choose Duchy" in opts and "choose Laboratory" in opts and "choose Gold" not in opts
    assert "done" not in opts  # the gain is mandatory too
    choose(s, "Duchy")
    assert names(s.disc[0]) == ["Duchy"]


def test_remodel_may_gain_a_card_of_equal_cost_or_the_same_card():
    s = start_turn(new("Remodel"), hand=["Remodel", "Gold"], deck=[])
    play(s, "Remodel")
    assert legal(s) == {"choose Gold"}  # Gold is the only card: one answer, still asked
    choose(s, "Gold")
    assert names(s.trash) == ["Gold"]
    assert "choose Gold" in legal(s) and "choose Province" in legal(s)
    choose(s, "Gold")
    assert names(s.disc[0]) == ["Gold"]


def test_remodel_may_gain_a_cheaper_card():
    s = start_turn(new("Remodel"), hand=["Remodel", "Gold"], deck=[])
    play(s, "Remodel")
    choose(s, "Gold")  # the trash
    choose(s, "Copper")
    assert names(s.disc[0]) == ["Copper"]


def test_remodel_with_an_empty_hand_gains_nothing():
    s = start_turn(new("Remodel"), hand=["Remodel"], deck=[])
    play(s, "Remodel")
    assert not s.stack and s.disc[0] == [] and s.trash == []


# --- Spy ---------------------------------------------------------------------------------------------


def test_spy_card_action_and_everyone_reveals_attacker_chooses():
    s = new("Spy", players=3)
    start_turn(s, hand=["Spy"], deck=["Copper", "Estate"], hand1=[], deck1=["Gold"], hand2=[], deck2=["Duchy"])
    play(s, "Spy")
    assert hand(s) == ["Copper"] and s.actions == 1
    assert pending_seat(s) == 0 and names(s.aside[0]) == ["Estate"]
    yes(s)  # discard own Estate
    assert names(s.disc[0]) == ["Estate"]
    assert names(s.aside[1]) == ["Gold"] and pending_seat(s) == 0
    yes(s)  # discard seat 2's Gold
    assert names(s.disc[1]) == ["Gold"]
    no(s)  # put seat 3's Duchy back
    assert deck_top(s, 2, 1) == ["Duchy"] and s.top[2] == [1]
    assert not s.stack


def test_spy_reveals_nothing_for_a_player_with_no_cards():
    s = new("Spy")
    start_turn(s, hand=["Spy"], deck=["Copper"], hand1=[], deck1=[], discard1=[])
    play(s, "Spy")
    # own deck is empty after drawing Copper: own discard is empty too, so nothing to reveal anywhere
    assert not s.stack


def test_spy_shuffles_the_discard_pile_to_reveal():
    s = new("Spy")
    start_turn(s, hand=["Spy"], deck=["Copper"], discard=["Gold"], hand1=[], deck1=[], discard1=["Silver"])
    play(s, "Spy")
    assert names(s.aside[0]) == ["Gold"]
    no(s)
    assert names(s.aside[1]) == ["Silver"]
    yes(s)


# --- Thief -------------------------------------------------------------------------------------------


def test_thief_trashes_the_treasure_you_choose_and_you_may_gain_it():
    s = new("Thief")
    start_turn(s, hand=["Thief"], deck=[], hand1=[], deck1=["Gold", "Silver", "Copper"])
    play(s, "Thief")
    assert names(s.aside[1]) == ["Gold", "Silver"]
    assert legal(s) == {"choose Gold", "choose Silver"}
    choose(s, "Gold")
    assert names(s.trash) == ["Gold"] and names(s.disc[1]) == ["Silver"]
    assert s.owned[1][ids(["Gold"])[0]] == 0
    assert legal(s) == {"choose Gold", "done"}
    choose(s, "Gold")
    assert s.trash == [] and names(s.disc[0]) == ["Gold"] and not s.stack


def test_thief_gains_are_optional():
    s = new("Thief")
    start_turn(s, hand=["Thief"], deck=[], hand1=[], deck1=["Copper", "Estate"])
    play(s, "Thief")  # only one Treasure revealed: trashed without a choice
    assert names(s.trash) == ["Copper"] and names(s.disc[1]) == ["Estate"]
    done(s)
    assert names(s.trash) == ["Copper"] and s.disc[0] == []


def test_thief_without_treasures_discards_both():
    s = new("Thief")
    start_turn(s, hand=["Thief"], deck=[], hand1=[], deck1=["Estate", "Duchy", "Gold"])
    play(s, "Thief")
    assert not s.stack and sorted(names(s.disc[1])) == ["Duchy", "Estate"] and s.trash == []


def test_thief_reshuffles_the_victims_discard_pile_to_reveal():
    s = new("Thief")
    start_turn(s, hand=["Thief"], deck=[], hand1=[], deck1=["Estate"], discard1=["Gold"])
    play(s, "Thief")
    assert names(s.trash) == ["Gold"] and names(s.disc[1]) == ["Estate"]
    done(s)


def test_thief_can_take_from_several_victims():
    s = new("Thief", players=3)
    start_turn(s, hand=["Thief"], deck=[], hand1=[], deck1=["Silver", "Estate"], hand2=[], deck2=["Gold", "Gold"])
    play(s, "Thief")  # one Treasure kind each: trashed without a choice; seat 3's second Gold is discarded
    assert names(s.trash) == ["Silver", "Gold"] and names(s.disc[2]) == ["Gold"]
    choose(s, "Silver")
    choose(s, "Gold")
    assert sorted(names(s.disc[0])) == ["Gold", "Silver"] and not s.stack


# --- Throne Room -----------------------------------------------------------------------------------


def test_throne_room_plays_the_card_twice_using_no_extra_action():
    s = start_turn(new("Throne Room", "Smithy", "Village"), hand=["Throne Room", "Smithy", "Village"],
                   deck=["Copper"] * 6)
    play(s, "Throne Room")
    assert "done" not in legal(s)  # first edition: mandatory
    choose(s, "Smithy")
    assert len(s.hand[0]) == 7 and s.actions == 0
    assert names(s.play[0]) == ["Throne Room", "Smithy"]


def test_throne_room_second_edition_is_optional():
    s = start_turn(new("Throne Room", "Smithy", edition="second"), hand=["Throne Room", "Smithy"], deck=[])
    play(s, "Throne Room")
    assert "done" in legal(s)
    done(s)
    assert hand(s) == ["Smithy"]


def test_throne_room_with_no_action_in_hand_does_nothing():
    s = start_turn(new("Throne Room"), hand=["Throne Room", "Copper"], deck=[])
    play(s, "Throne Room")
    assert not s.stack and s.phase == 1


def test_throne_room_second_edition_with_no_action_in_hand_is_asked_with_done_alone():
    # "you may": with no Action card the question still comes, so that no question tells the others there is none
    s = start_turn(new("Throne Room", edition="second"), hand=["Throne Room", "Copper"], deck=[])
    play(s, "Throne Room")
    assert legal(s) == {"done"} and s.to_move == 0
    done(s)
    assert not s.stack and s.phase == 1


def test_throne_room_on_throne_room_plays_two_cards_twice_each():
    s = start_turn(new("Throne Room", "Village", "Festival"),
                   hand=["Throne Room", "Throne Room", "Village", "Festival"], deck=["Copper"] * 4)
    play(s, "Throne Room")
    choose(s, "Throne Room")
    choose(s, "Village")  # Village twice; then Festival, the only Action left, is still asked
    choose(s, "Festival")
    assert s.actions == 0 + 2 + 2 + 2 + 2
    assert s.coins == 4 and s.buys == 3 and len(s.hand[0]) == 2


def test_throne_room_on_village_gives_four_actions():
    s = start_turn(new("Throne Room", "Village"), hand=["Throne Room", "Village"], deck=["Copper", "Copper"])
    play(s, "Throne Room")
    choose(s, "Village")
    assert s.actions == 4 and len(s.hand[0]) == 2


# --- Library -----------------------------------------------------------------------------------------


def test_library_draws_to_seven_and_may_set_aside_actions_which_are_discarded():
    s = start_turn(new("Library", "Smithy", "Village"), hand=["Library", "Copper", "Copper"],
                   deck=["Smithy", "Copper", "Village", "Copper", "Copper", "Copper", "Gold"])
    play(s, "Library")
    assert legal(s) == {"yes", "no"}
    yes(s)  # set Smithy aside
    assert names(s.aside[0]) == ["Smithy"]
    no(s)  # keep the Copper: the only answer for a non-Action, asked all the same
    assert legal(s) == {"yes", "no"}
    no(s)  # keep Village
    _keep_drawing(s)
    assert len(s.hand[0]) == 7 and "Village" in hand(s) and "Smithy" not in hand(s)
    assert names(s.disc[0]) == ["Smithy"] and s.aside[0] == []
    assert deck_top(s, 0, 1) == ["Gold"]


def _keep_drawing(s):
    """Answer Library's questions about non-Action cards (``no`` is their only answer)."""
    while s.stack and s.stack[-1][0] == ids(["Library"])[0] and legal(s) == {"no"}:
        no(s)


def test_library_asks_about_every_card_drawn_even_without_a_choice():
    s = start_turn(new("Library"), hand=["Library", "Copper"], deck=["Copper"] * 8)
    play(s, "Library")
    asked = 0
    while s.stack:
        assert legal(s) == {"no"} and len(s.look[0]) == 1
        no(s)
        asked += 1
    assert asked == 6 and len(s.hand[0]) == 7 and len(s.deck[0]) == 2


def test_library_with_seven_cards_draws_nothing():
    s = start_turn(new("Library", "Village"), hand=["Village", "Library"] + ["Copper"] * 7, deck=["Gold"])
    play(s, "Village")
    play(s, "Library")
    assert len(s.hand[0]) == 8 and deck_top(s, 0, 0) == []
    assert len(s.deck[0]) == 0  # Village drew the Gold


def test_library_stops_when_deck_and_discard_run_out():
    s = start_turn(new("Library"), hand=["Library"], deck=["Copper", "Silver"], discard=["Gold"])
    play(s, "Library")
    _keep_drawing(s)
    assert hand(s) == ["Copper", "Gold", "Silver"] and not s.stack


# --- Mine ---------------------------------------------------------------------------------------------


def test_mine_trashes_a_treasure_and_gains_one_up_to_three_more_into_hand():
    s = start_turn(new("Mine"), hand=["Mine", "Silver", "Copper", "Estate"], deck=[])
    play(s, "Mine")
    assert legal(s) == {"choose Silver", "choose Copper"}  # first edition: mandatory
    choose(s, "Silver")
    opts = legal(s)
    assert opts == {"choose Copper", "choose Silver", "choose Gold"}  # Treasures only, up to $6
    choose(s, "Gold")
    assert hand(s) == ["Copper", "Estate", "Gold"]
    act(s, "play_treasures")
    assert s.coins == 4  # the gained Gold is played this turn


def test_mine_second_edition_is_optional():
    s = start_turn(new("Mine", edition="second"), hand=["Mine", "Copper"], deck=[])
    play(s, "Mine")
    assert "done" in legal(s)
    done(s)
    assert hand(s) == ["Copper"] and s.trash == []


def test_mine_without_treasure_does_nothing():
    s = start_turn(new("Mine"), hand=["Mine", "Estate"], deck=[])
    play(s, "Mine")
    assert not s.stack and s.trash == []


def test_mine_second_edition_without_treasure_is_asked_with_done_alone():
    s = start_turn(new("Mine", edition="second"), hand=["Mine", "Estate"], deck=[])
    play(s, "Mine")
    assert legal(s) == {"done"}
    done(s)
    assert not s.stack and s.trash == []


def test_mine_gains_platinum_from_gold_with_colonies():
    s = start_turn(new("Mine", colony=True), hand=["Mine", "Gold"], deck=[])
    play(s, "Mine")
    choose(s, "Gold")
    assert "choose Platinum" in legal(s)
    choose(s, "Platinum")
    assert hand(s) == ["Platinum"]


# --- Witch ----------------------------------------------------------------------------------------


def test_witch_draws_two_and_each_other_player_gains_a_curse_in_turn_order():
    s = new("Witch", players=3)
    start_turn(s, hand=["Witch"], deck=["Gold", "Silver", "Copper"])
    curse = ids(["Curse"])[0]
    s.supply[curse] = 1
    play(s, "Witch")
    assert hand(s) == ["Gold", "Silver"]
    assert names(s.disc[1]) == ["Curse"] and s.disc[2] == []  # the pile ran out before seat 3
    assert s.supply[curse] == 0 and s.empty == 1


# --- Bureaucrat ---------------------------------------------------------------------------------------


def test_bureaucrat_gains_a_silver_onto_the_deck():
    s = start_turn(new("Bureaucrat"), hand=["Bureaucrat"], deck=["Gold"], hand1=["Copper"])
    play(s, "Bureaucrat")
    assert deck_top(s, 0, 2) == ["Silver", "Gold"] and s.top[0][-1] == 1


def test_bureaucrat_with_no_silver_left_gains_nothing():
    s = new("Bureaucrat")
    empty_pile(s, "Silver")
    start_turn(s, hand=["Bureaucrat"], deck=["Gold"], hand1=["Copper"])
    play(s, "Bureaucrat")
    assert deck_top(s, 0, 1) == ["Gold"] and len(s.deck[0]) == 1


def test_bureaucrat_victims_choose_a_victory_card_to_put_on_their_deck():
    s = start_turn(new("Bureaucrat", "Gardens"), hand=["Bureaucrat"], deck=[],
                   hand1=["Estate", "Gardens", "Copper"], deck1=["Gold"])
    play(s, "Bureaucrat")
    assert pending_seat(s) == 1 and legal(s) == {"choose Estate", "choose Gardens"}
    choose(s, "Gardens")
    assert deck_top(s, 1, 2) == ["Gardens", "Gold"] and hand(s, 1) == ["Copper", "Estate"]
    assert s.top[1][-1] == 1  # revealed: everyone knows it is there


def test_bureaucrat_victim_without_victory_cards_reveals_the_hand():
    s = start_turn(new("Bureaucrat"), hand=["Bureaucrat"], deck=[], hand1=["Curse", "Copper"], deck1=["Gold"])
    events = play(s, "Bureaucrat", log=True)
    assert not s.stack and deck_top(s, 1, 1) == ["Gold"]  # Curse is not a Victory card
    assert any("revealed a hand with no Victory card" in e.text for e in events)


# --- Adventurer -------------------------------------------------------------------------------------


def test_adventurer_reveals_until_two_treasures_and_discards_the_rest():
    s = start_turn(new("Adventurer"), hand=["Adventurer"], deck=["Estate", "Silver", "Smithy", "Gold", "Copper"])
    play(s, "Adventurer")
    assert hand(s) == ["Gold", "Silver"]
    assert sorted(names(s.disc[0])) == ["Estate", "Smithy"] and deck_top(s, 0, 1) == ["Copper"]
    assert s.aside[0] == []


def test_adventurer_does_not_shuffle_in_the_revealed_cards():
    s = start_turn(new("Adventurer"), hand=["Adventurer"], deck=["Estate", "Silver"], discard=["Duchy", "Gold"])
    play(s, "Adventurer")
    # deck: Estate (revealed), Silver (1st); reshuffle of Duchy and Gold only; Gold is the 2nd Treasure
    assert hand(s) == ["Gold", "Silver"]
    assert "Estate" in names(s.disc[0])


def test_adventurer_keeps_what_it_found_when_cards_run_out():
    s = start_turn(new("Adventurer"), hand=["Adventurer"], deck=["Estate", "Copper"], discard=[])
    play(s, "Adventurer")
    assert hand(s) == ["Copper"] and names(s.disc[0]) == ["Estate"]


# --- generic -----------------------------------------------------------------------------------------


def test_an_action_cannot_be_played_without_an_action_left():
    s = start_turn(new("Smithy", "Village"), hand=["Smithy", "Village", "Copper"], deck=["Estate"] * 5)
    play(s, "Smithy")
    assert s.phase == 1  # no Action left: the Buy phase began by itself
    with pytest.raises(IllegalAction):
        play(s, "Village")
