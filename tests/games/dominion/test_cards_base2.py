"""The 7 second-edition kingdom cards: one test per sentence of cards.csv and the edge cases."""

from __future__ import annotations

from tests.games.dominion.util import (
    act,
    choose,
    deck_top,
    done,
    empty_pile,
    hand,
    legal,
    names,
    new,
    no,
    pending_seat,
    play,
    start_turn,
    yes,
)

# --- Harbinger ---------------------------------------------------------------------------------------


def test_harbinger_card_action_and_may_put_a_discarded_card_onto_the_deck():
    s = start_turn(new("Harbinger", edition="second"), hand=["Harbinger"], deck=["Copper"],
                   discard=["Gold", "Estate"])
    play(s, "Harbinger")
    assert hand(s) == ["Copper"] and s.actions == 1
    assert legal(s) == {"choose Gold", "choose Estate", "done"}
    choose(s, "Gold")
    assert deck_top(s, 0, 1) == ["Gold"] and names(s.disc[0]) == ["Estate"]
    assert s.top[0] == [1]  # moved face up: everyone saw it (docs/dominion.md, Information)


def test_harbinger_is_optional():
    s = start_turn(new("Harbinger", edition="second"), hand=["Harbinger"], deck=["Copper"], discard=["Gold"])
    play(s, "Harbinger")
    done(s)
    assert names(s.disc[0]) == ["Gold"] and s.deck[0] == []


def test_harbinger_with_an_empty_discard_pile_asks_nothing():
    s = start_turn(new("Harbinger", edition="second"), hand=["Harbinger"], deck=["Copper"], discard=[])
    play(s, "Harbinger")
    assert not s.stack


def test_harbinger_looks_at_the_discard_pile_after_drawing_with_a_reshuffle():
    s = start_turn(new("Harbinger", edition="second"), hand=["Harbinger"], deck=[], discard=["Gold"])
    play(s, "Harbinger")  # the draw shuffled the discard pile: nothing left to look through
    assert hand(s) == ["Gold"] and not s.stack


# --- Merchant ----------------------------------------------------------------------------------------


def test_merchant_card_action_and_one_coin_on_the_first_silver():
    s = start_turn(new("Merchant", edition="second"), hand=["Merchant", "Silver", "Silver"], deck=["Copper"])
    play(s, "Merchant")
    assert hand(s) == ["Copper", "Silver", "Silver"] and s.actions == 1
    act(s, "play", "Silver")
    assert s.coins == 3
    act(s, "play", "Silver")
    assert s.coins == 5  # only the first Silver


def test_each_merchant_gives_its_own_coin_for_the_first_silver():
    s = start_turn(new("Merchant", edition="second"), hand=["Merchant", "Merchant", "Silver"],
                   deck=["Copper", "Copper"])
    play(s, "Merchant")
    play(s, "Merchant")
    act(s, "play_treasures")
    assert s.coins == 2 + 2 + 2


def test_merchant_gives_nothing_without_a_silver():
    s = start_turn(new("Merchant", edition="second"), hand=["Merchant", "Gold"], deck=["Copper"])
    play(s, "Merchant")
    act(s, "play_treasures")
    assert s.coins == 4


def test_merchant_bonus_ends_with_the_turn():
    s = start_turn(new("Merchant", edition="second"), hand=["Merchant"], deck=["Copper"])
    play(s, "Merchant")
    act(s, "play_treasures")
    act(s, "end_buys")
    assert s.silver_bonus == 0


# --- Vassal -------------------------------------------------------------------------------------------


def test_vassal_gives_two_coins_and_discards_the_top_card():
    s = start_turn(new("Vassal", edition="second"), hand=["Vassal"], deck=["Gold", "Copper"])
    play(s, "Vassal")
    assert s.coins == 2 and names(s.disc[0]) == ["Gold"] and not s.stack


def test_vassal_may_play_a_discarded_action_without_using_an_action():
    s = start_turn(new("Vassal", "Village", edition="second"), hand=["Vassal"], deck=["Village", "Copper"])
    play(s, "Vassal")
    assert legal(s) == {"yes", "no"}
    yes(s)
    assert names(s.play[0]) == ["Vassal", "Village"] and s.disc[0] == []
    assert s.actions == 2 and hand(s) == ["Copper"]


def test_vassal_may_leave_the_action_in_the_discard_pile():
    s = start_turn(new("Vassal", "Village", edition="second"), hand=["Vassal"], deck=["Village"])
    play(s, "Vassal")
    no(s)
    assert names(s.disc[0]) == ["Village"] and s.actions == 0


def test_vassal_reshuffles_to_discard():
    s = start_turn(new("Vassal", edition="second"), hand=["Vassal"], deck=[], discard=["Estate"])
    play(s, "Vassal")
    assert names(s.disc[0]) == ["Estate"]


def test_vassal_with_no_cards_discards_nothing():
    s = start_turn(new("Vassal", edition="second"), hand=["Vassal"], deck=[], discard=[])
    play(s, "Vassal")
    assert s.disc[0] == [] and s.coins == 2


# --- Poacher ------------------------------------------------------------------------------------------


def test_poacher_card_action_coin_and_a_discard_per_empty_pile():
    s = new("Poacher", edition="second")
    empty_pile(s, "Curse", "Estate")
    start_turn(s, hand=["Poacher", "Copper", "Estate", "Gold"], deck=["Silver"])
    play(s, "Poacher")
    assert (s.actions, s.coins) == (1, 1) and "Silver" in hand(s)
    assert "done" not in legal(s)
    choose(s, "Estate")
    choose(s, "Copper")
    assert hand(s) == ["Gold", "Silver"] and not s.stack


def test_poacher_discards_the_whole_hand_if_it_is_smaller():
    s = new("Poacher", edition="second")
    empty_pile(s, "Curse", "Estate", "Duchy")
    start_turn(s, hand=["Poacher"], deck=["Silver"])
    play(s, "Poacher")
    assert legal(s) == {"choose Silver"}  # the only card in hand: one answer, still asked
    choose(s, "Silver")
    assert s.hand[0] == [] and names(s.disc[0]) == ["Silver"]


def test_poacher_with_no_empty_pile_discards_nothing():
    s = start_turn(new("Poacher", edition="second"), hand=["Poacher", "Copper"], deck=["Silver"])
    play(s, "Poacher")
    assert not s.stack and len(s.hand[0]) == 2


# --- Bandit -------------------------------------------------------------------------------------------


def test_bandit_gains_a_gold_and_victims_trash_a_non_copper_treasure_of_their_choice():
    s = start_turn(new("Bandit", edition="second"), hand=["Bandit"], deck=[], hand1=[],
                   deck1=["Gold", "Silver", "Estate"])
    play(s, "Bandit")
    assert names(s.disc[0]) == ["Gold"]
    assert pending_seat(s) == 1 and legal(s) == {"choose Gold", "choose Silver"}
    choose(s, "Silver")
    assert names(s.trash) == ["Silver"] and names(s.disc[1]) == ["Gold"]


def test_bandit_does_not_trash_copper_and_discards_the_rest():
    s = start_turn(new("Bandit", edition="second"), hand=["Bandit"], deck=[], hand1=[], deck1=["Copper", "Estate"])
    play(s, "Bandit")
    assert s.trash == [] and sorted(names(s.disc[1])) == ["Copper", "Estate"] and not s.stack


def test_bandit_with_no_gold_left_gains_nothing_but_still_attacks():
    s = new("Bandit", edition="second")
    empty_pile(s, "Gold")
    start_turn(s, hand=["Bandit"], deck=[], hand1=[], deck1=["Silver", "Copper"])
    play(s, "Bandit")
    assert s.disc[0] == [] and names(s.trash) == ["Silver"]


# --- Sentry -------------------------------------------------------------------------------------------


def test_sentry_card_action_then_trash_discard_and_put_back_in_any_order():
    s = start_turn(new("Sentry", edition="second"), hand=["Sentry"],
                   deck=["Copper", "Curse", "Estate", "Gold", "Silver"])
    play(s, "Sentry")
    assert hand(s) == ["Copper"] and s.actions == 1
    assert sorted(names(s.look[0])) == ["Curse", "Estate"]
    choose(s, "Curse")  # trash
    done(s)
    choose(s, "Estate")  # discard
    assert names(s.trash) == ["Curse"] and names(s.disc[0]) == ["Estate"] and not s.stack


def test_sentry_puts_the_rest_back_in_the_chosen_order():
    s = start_turn(new("Sentry", edition="second"), hand=["Sentry"], deck=["Copper", "Gold", "Silver", "Estate"])
    play(s, "Sentry")
    done(s)
    done(s)
    assert legal(s) == {"choose Gold", "choose Silver"}
    choose(s, "Silver")  # Silver on top
    assert deck_top(s, 0, 3) == ["Silver", "Gold", "Estate"]
    assert s.top[0][-2:] == [0, 0]


def test_sentry_asks_which_goes_on_top_even_when_both_cards_are_the_same():
    # skipping the question would tell the table that the two cards looked at are the same
    s = start_turn(new("Sentry", edition="second"), hand=["Sentry"], deck=["Copper", "Silver", "Silver", "Estate"])
    play(s, "Sentry")
    done(s)
    done(s)
    assert pending_seat(s) == 0 and legal(s) == {"choose Silver"}
    choose(s, "Silver")
    assert not s.stack and s.look[0] == []
    assert deck_top(s, 0, 3) == ["Silver", "Silver", "Estate"]
    assert s.top[0][-2:] == [0, 0]


def test_sentry_reshuffles_to_look():
    s = start_turn(new("Sentry", edition="second"), hand=["Sentry"], deck=["Copper"], discard=["Gold"])
    play(s, "Sentry")
    assert names(s.look[0]) == ["Gold"]
    done(s)
    done(s)
    assert deck_top(s, 0, 1) == ["Gold"] and not s.stack


# --- Artisan ------------------------------------------------------------------------------------------


def test_artisan_gains_to_hand_up_to_five_then_puts_a_card_onto_the_deck():
    s = start_turn(new("Artisan", "Laboratory", edition="second"), hand=["Artisan", "Copper"], deck=[])
    play(s, "Artisan")
    assert "choose Laboratory" in legal(s) and "choose Gold" not in legal(s)
    choose(s, "Laboratory")
    assert hand(s) == ["Copper", "Laboratory"]
    assert legal(s) == {"choose Copper", "choose Laboratory"}  # mandatory, may be the gained card
    choose(s, "Laboratory")
    assert deck_top(s, 0, 1) == ["Laboratory"] and hand(s) == ["Copper"]


def test_artisan_with_a_single_card_in_hand_puts_it_back():
    s = start_turn(new("Artisan", edition="second"), hand=["Artisan"], deck=[])
    play(s, "Artisan")
    choose(s, "Silver")
    assert s.hand[0] == [] and deck_top(s, 0, 1) == ["Silver"]
