"""Seaside's 35 kingdom cards, both editions: a test named after each card's main effect and after each ruling about it.

Embargo, Native Village, Pearl Diver, Ambassador, Lookout, Sea Chart, Smugglers, Warehouse,
Cutpurse, Island, Salvager and Bazaar. One test per effect, per ruling (docs/dominion.md) and per edge case.

Haven, Lighthouse, Astrolabe, Fishing Village, Caravan, Navigator, Pirate Ship, Sea Hag,
Treasure Map, Explorer, Ghost Ship, Merchant Ship, Tactician, Treasury and Wharf: each card's effect, the rulings
about Durations, Lighthouse, Haven, Pirate Ship and Treasury, and the edge cases.

Seaside's Monkey, Blockade, Sailor, Tide Pools, Corsair, Outpost, Pirate and Sea Witch: each card's main effect,
its Duration life (in play until the Clean-up of the turn its effect happens, with the Throne Room that played it),
the rulings (docs/dominion.md) and the edge cases; what the other seats see through ``G.view``.
"""

from __future__ import annotations

import json
import random

import pytest

from realms.agents.base import RandomAgent
from realms.core.errors import IllegalAction
from realms.core.rng import Rng
from realms.games.dominion.cards import BY_NAME, CARDS, COST, NAMES, NCARDS
from realms.games.dominion.cards.card import CHOOSE, HEAD
from realms.games.dominion.rules import ACTION_PHASE, BUY_PHASE
from realms.games.dominion.zones import GAINED_VICTORY_IN_BUY, corsair_hits, gain
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

C = BY_NAME


def _unordered(s, p, cards):
    """Make ``p``'s deck ``cards`` in no fixed order (a shuffled deck: no known position)."""
    s.deck[p] = ids(cards)
    s.top[p] = []
    recount(s)


def _pending(s, seat):
    return G.view(s, seat)["pending"]


def test_embargo_gives_two_coins_trashes_itself_and_puts_a_token_on_a_pile():
    s = start_turn(new("Embargo"), hand=["Embargo", "Copper"], deck=["Estate"])
    play(s, "Embargo")
    assert s.coins == 2 and names(s.trash) == ["Embargo"] and s.play[0] == []
    assert s.owned[0][C["Embargo"]] == 0
    assert {f"choose {pile}" for pile in ("Silver", "Province", "Curse", "Embargo")} <= legal(s)
    choose(s, "Silver")
    assert s.embargo[C["Silver"]] == 1 and sum(s.embargo) == 1 and not s.stack


def test_embargo_token_gives_the_buyer_a_curse_per_token():
    s = start_turn(new("Embargo"), hand=["Embargo", "Embargo", "Gold", "Gold"], deck=["Estate"])
    s.actions = 2
    play(s, "Embargo")
    choose(s, "Silver")
    play(s, "Embargo")
    choose(s, "Silver")
    assert s.embargo[C["Silver"]] == 2
    act(s, "play_treasures")
    s.buys = 2
    act(s, "buy", "Silver")
    assert names(s.disc[0]).count("Curse") == 2 and names(s.disc[0]).count("Silver") == 1
    act(s, "buy", "Estate")  # no token on Estate: no Curse
    assert s.owned[0][C["Curse"]] == 2 and s.owned[0][C["Estate"]] == 2


def test_embargo_tokens_stay_for_the_whole_game_and_hit_every_buyer():
    s = start_turn(new("Embargo"), hand=["Embargo"], deck=["Estate"] * 6)
    play(s, "Embargo")
    choose(s, "Silver")
    act(s, "end_buys")  # the turn passes to seat 1
    assert s.cur == 1 and s.embargo[C["Silver"]] == 1
    s.hand[1] = ids(["Silver", "Copper"])
    recount(s)
    act(s, "play_treasures")
    act(s, "buy", "Silver")
    assert s.owned[1][C["Curse"]] == 1


def test_embargo_gives_no_curse_for_a_card_gained_without_buying():
    s = start_turn(new("Embargo", "Workshop"), hand=["Embargo", "Workshop"], deck=["Estate"])
    s.actions = 2
    play(s, "Embargo")
    choose(s, "Silver")
    play(s, "Workshop")
    choose(s, "Silver")
    assert s.owned[0][C["Silver"]] == 1 and s.owned[0][C["Curse"]] == 0


def test_embargo_may_go_on_an_empty_pile():
    s = new("Embargo")
    empty_pile(s, "Workshop")
    start_turn(s, hand=["Embargo"], deck=[])
    play(s, "Embargo")
    assert "choose Workshop" in legal(s)
    choose(s, "Workshop")
    assert s.embargo[C["Workshop"]] == 1


def test_throne_room_embargo_gives_four_coins_and_one_token():
    s = start_turn(new("Embargo", "Throne Room"), hand=["Throne Room", "Embargo"], deck=[])
    play(s, "Throne Room")
    choose(s, "Embargo")
    choose(s, "Province")
    assert not s.stack and s.coins == 4 and sum(s.embargo) == 1 and s.embargo[C["Province"]] == 1
    assert names(s.trash) == ["Embargo"] and names(s.play[0]) == ["Throne Room"]


def test_native_village_two_actions_and_puts_the_top_card_on_the_mat():
    s = start_turn(new("Native Village"), hand=["Native Village"], deck=["Gold", "Copper"])
    play(s, "Native Village")
    assert s.actions == 2 and legal(s) == {"yes", "no"}
    yes(s)
    assert names(s.nvmat[0]) == ["Gold"] and deck_top(s, 0, 1) == ["Copper"] and hand(s) == []
    assert s.owned[0][C["Gold"]] == 1  # still theirs


def test_native_village_takes_every_card_from_the_mat_into_hand():
    s = start_turn(new("Native Village"), hand=["Native Village"] * 3, deck=["Gold", "Silver"])
    play(s, "Native Village")
    yes(s)
    play(s, "Native Village")
    yes(s)
    assert sorted(names(s.nvmat[0])) == ["Gold", "Silver"]
    play(s, "Native Village")
    no(s)
    assert hand(s) == ["Gold", "Silver"] and s.nvmat[0] == []
    assert s.hpub[0] == ()  # the others do not learn what came off the mat


def test_native_village_mat_is_hidden_from_the_others_who_see_nothing_of_its_cards():
    s = start_turn(new("Native Village"), hand=["Native Village"], deck=["Gold", "Copper"])
    play(s, "Native Village")
    yes(s)
    other = s.clone()
    other.nvmat[0] = ids(["Silver"])
    other.owned[0][C["Gold"]] -= 1
    other.owned[0][C["Silver"]] += 1
    for seat in (1, None):  # what other seats read does not depend on which card lies on the mat
        assert json.dumps(G.view(s, seat)) == json.dumps(G.view(other, seat))


def test_native_village_mat_cards_count_at_game_end():
    s = start_turn(new("Native Village"), hand=["Native Village"], deck=["Province"])
    before = G.score(s, 0)
    play(s, "Native Village")
    yes(s)
    assert names(s.nvmat[0]) == ["Province"] and G.score(s, 0) == before
    assert s.owned[0][C["Province"]] == 1


def test_native_village_with_no_card_to_set_aside_does_nothing():
    s = start_turn(new("Native Village"), hand=["Native Village"], deck=[], discard=[])
    play(s, "Native Village")
    yes(s)
    assert s.nvmat[0] == [] and not s.stack


def test_native_village_reshuffles_to_set_a_card_aside():
    s = start_turn(new("Native Village"), hand=["Native Village"], deck=[], discard=["Gold"])
    play(s, "Native Village")
    yes(s)
    assert names(s.nvmat[0]) == ["Gold"] and s.disc[0] == []


def test_native_village_taking_an_empty_mat_takes_nothing():
    s = start_turn(new("Native Village"), hand=["Native Village"], deck=["Gold"])
    play(s, "Native Village")
    no(s)
    assert hand(s) == [] and s.nvmat[0] == [] and deck_top(s, 0, 1) == ["Gold"]


def test_throne_room_native_village_chooses_twice():
    s = start_turn(new("Native Village", "Throne Room"), hand=["Throne Room", "Native Village"],
                   deck=["Gold", "Silver"])
    play(s, "Throne Room")
    choose(s, "Native Village")
    yes(s)
    no(s)
    assert hand(s) == ["Gold"] and s.nvmat[0] == [] and s.actions == 4


def test_pearl_diver_card_action_and_may_put_the_bottom_card_on_top():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=["Copper", "Silver", "Estate", "Gold"])
    play(s, "Pearl Diver")
    assert hand(s) == ["Copper"] and s.actions == 1
    assert legal(s) == {"yes", "no"} and names(s.look[0]) == ["Gold"]
    yes(s)
    assert deck_top(s, 0, 3) == ["Gold", "Silver", "Estate"] and s.look[0] == []
    assert s.top[0][-1] == 0  # only its owner knows it is there


def test_pearl_diver_may_leave_the_bottom_card_where_it_is():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=["Copper", "Silver", "Estate", "Gold"])
    play(s, "Pearl Diver")
    no(s)
    assert deck_top(s, 0, 3) == ["Silver", "Estate", "Gold"]


def test_pearl_diver_on_a_shuffled_deck_looks_at_one_card_that_then_stays_known_at_the_bottom():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=[])
    _unordered(s, 0, ["Copper", "Silver", "Estate", "Gold", "Duchy"])
    play(s, "Pearl Diver")
    seen = s.look[0][-1]
    no(s)
    assert s.bottom[0] == [seen] and len(s.deck[0]) == 3
    act(s, "end_buys")  # Clean-up draws 5: the three deck cards first, then the known bottom one
    assert s.bottom[0] == [] and seen in s.hand[0]


def test_pearl_diver_bottom_card_is_drawn_last():
    s = start_turn(new("Pearl Diver", "Smithy"), hand=["Pearl Diver", "Smithy", "Smithy"], deck=[])
    _unordered(s, 0, ["Copper", "Silver", "Estate", "Gold", "Duchy"])
    s.actions = 3
    play(s, "Pearl Diver")
    seen = s.look[0][-1]
    no(s)
    play(s, "Smithy")  # three draws take the three cards above it
    assert s.deck[0] == [] and s.bottom[0] == [seen] and len(s.hand[0]) == 5
    play(s, "Smithy")  # then the known bottom card
    assert s.bottom[0] == [] and s.hand[0][-1] == seen


def test_pearl_diver_looks_at_the_card_already_known_at_the_bottom():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=[])
    _unordered(s, 0, ["Copper", "Copper"])
    s.bottom[0] = ids(["Gold"])
    recount(s)
    play(s, "Pearl Diver")
    assert names(s.look[0]) == ["Gold"]
    yes(s)
    assert s.bottom[0] == [] and deck_top(s, 0, 1) == ["Gold"]


def test_pearl_diver_puts_back_a_known_bottom_card_at_the_bottom():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=[])
    _unordered(s, 0, ["Copper", "Copper"])
    s.bottom[0] = ids(["Gold", "Silver"])  # Gold at the very bottom
    recount(s)
    play(s, "Pearl Diver")
    assert names(s.look[0]) == ["Gold"]
    no(s)
    assert names(s.bottom[0]) == ["Gold", "Silver"]


def test_pearl_diver_shuffles_the_discard_pile_when_the_deck_is_empty():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=["Copper"], discard=["Gold"])
    play(s, "Pearl Diver")  # draws the Copper: the deck is empty, so the discard pile becomes it
    assert names(s.look[0]) == ["Gold"] and s.disc[0] == []
    no(s)
    assert names(s.bottom[0]) == ["Gold"]


def test_pearl_diver_with_no_cards_asks_nothing():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=[], discard=[])
    play(s, "Pearl Diver")
    assert not s.stack and s.look[0] == []


def test_pearl_diver_look_is_private():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=["Copper", "Silver", "Platinum"], colony=True)
    play(s, "Pearl Diver")
    mine = _pending(s, 0)
    assert "Platinum" in mine["prompt"]
    for seat in (1, None):
        theirs = _pending(s, seat)
        assert "Platinum" not in json.dumps(theirs) and theirs["say"]["key"] == "pearl_diver.public"
        assert "Platinum" not in json.dumps(G.view(s, seat)["seats"])


def test_pearl_diver_with_one_card_in_the_deck():
    s = start_turn(new("Pearl Diver"), hand=["Pearl Diver"], deck=["Copper", "Gold"])
    play(s, "Pearl Diver")
    yes(s)
    assert deck_top(s, 0, 1) == ["Gold"] and len(s.deck[0]) == 1


def test_ambassador_returns_two_copies_and_each_other_player_gains_one_in_turn_order():
    s = new("Ambassador", players=3)
    start_turn(s, hand=["Ambassador", "Estate", "Estate", "Copper"], deck=[])
    estates = s.supply[C["Estate"]]
    play(s, "Ambassador")
    assert legal(s) == {"choose Estate", "choose Copper"}
    choose(s, "Estate")
    assert C["Estate"] in s.hpub[0]  # revealed
    assert legal(s) == {"choose Estate", "done"}
    choose(s, "Estate")
    choose(s, "Estate")
    assert not s.stack and hand(s) == ["Copper"] and s.owned[0][C["Estate"]] == 0
    assert s.owned[1][C["Estate"]] == 4 and s.owned[2][C["Estate"]] == 4
    assert s.supply[C["Estate"]] == estates + 2 - 2


def test_ambassador_may_return_no_copy_and_the_others_still_gain():
    s = start_turn(new("Ambassador"), hand=["Ambassador", "Silver"], deck=[])
    play(s, "Ambassador")
    assert pending_seat(s) == 0  # one choice, asked all the same
    choose(s, "Silver")
    assert legal(s) == {"choose Silver", "done"}
    done(s)
    assert hand(s) == ["Silver"] and s.owned[1][C["Silver"]] == 1


def test_ambassador_asks_whether_to_return_more_even_with_no_copy_left():
    s = start_turn(new("Ambassador"), hand=["Ambassador", "Silver", "Estate"], deck=[])
    play(s, "Ambassador")
    choose(s, "Silver")
    choose(s, "Silver")
    assert pending_seat(s) == 0 and legal(s) == {"done"}  # whether a copy is left stays hidden
    done(s)
    assert s.owned[0][C["Silver"]] == 0 and s.owned[1][C["Silver"]] == 1


def test_ambassador_returning_to_an_empty_pile_refills_it_for_the_victims():
    s = new("Ambassador", players=3)
    empty_pile(s, "Gold")
    start_turn(s, hand=["Ambassador", "Gold"], deck=[])
    empty_before = s.empty
    play(s, "Ambassador")
    choose(s, "Gold")
    choose(s, "Gold")
    done(s)
    # the returned Gold went back to the pile, which is no longer empty, then the left player gained it
    assert s.owned[1][C["Gold"]] == 1 and s.owned[2][C["Gold"]] == 0
    assert s.supply[C["Gold"]] == 0 and s.empty == empty_before
    assert s.gone >> C["Gold"] & 1


def test_ambassador_empty_hand_does_nothing():
    s = start_turn(new("Ambassador"), hand=["Ambassador"], deck=[])
    play(s, "Ambassador")
    assert not s.stack and sum(s.owned[1]) == 10


def test_ambassador_moat_keeps_the_victim_from_gaining():
    s = new("Ambassador", "Moat", players=3)
    start_turn(s, hand=["Ambassador", "Curse"], deck=[], hand1=["Moat"], hand2=["Copper"])
    play(s, "Ambassador")
    yes(s)  # seat 1 reveals Moat
    choose(s, "Curse")
    choose(s, "Curse")
    done(s)
    assert s.owned[1][C["Curse"]] == 0 and s.owned[2][C["Curse"]] == 1


def test_throne_room_ambassador_plays_twice():
    s = start_turn(new("Ambassador", "Throne Room"), hand=["Throne Room", "Ambassador", "Curse", "Estate"], deck=[])
    play(s, "Throne Room")
    choose(s, "Ambassador")
    choose(s, "Curse")
    choose(s, "Curse")
    done(s)
    choose(s, "Estate")
    done(s)
    assert s.owned[1][C["Curse"]] == 1 and s.owned[1][C["Estate"]] == 4 and hand(s) == ["Estate"]


def test_lookout_trashes_one_discards_one_and_puts_the_last_back():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Copper", "Estate", "Gold", "Silver"])
    play(s, "Lookout")
    assert s.actions == 1 and sorted(names(s.look[0])) == ["Copper", "Estate", "Gold"]
    assert legal(s) == {"choose Copper", "choose Estate", "choose Gold"}
    choose(s, "Estate")
    assert names(s.trash) == ["Estate"] and legal(s) == {"choose Copper", "choose Gold"}
    choose(s, "Copper")
    assert names(s.disc[0]) == ["Copper"] and deck_top(s, 0, 2) == ["Gold", "Silver"] and s.look[0] == []
    assert s.top[0][-1] == 0 and not s.stack


def test_lookout_with_two_cards_trashes_one_and_discards_the_other():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Copper", "Estate"])
    play(s, "Lookout")
    choose(s, "Estate")
    assert not s.stack and names(s.disc[0]) == ["Copper"] and s.deck[0] == []


def test_lookout_with_one_card_trashes_it():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Copper"])
    play(s, "Lookout")
    assert not s.stack and names(s.trash) == ["Copper"]


def test_lookout_with_no_card_does_nothing():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=[], discard=[])
    play(s, "Lookout")
    assert not s.stack and s.trash == [] and s.actions == 1


def test_lookout_reshuffles_to_look_at_three():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Gold"], discard=["Copper", "Copper"])
    play(s, "Lookout")
    assert sorted(names(s.look[0])) == ["Copper", "Copper", "Gold"]


def test_lookout_asks_even_when_the_three_cards_are_alike():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Copper", "Copper", "Copper"])
    play(s, "Lookout")
    assert pending_seat(s) == 0 and legal(s) == {"choose Copper"}
    choose(s, "Copper")
    assert pending_seat(s) == 0
    choose(s, "Copper")
    assert names(s.trash) == ["Copper"] and names(s.disc[0]) == ["Copper"] and deck_top(s, 0, 1) == ["Copper"]


def test_lookout_log_names_the_trashed_and_discarded_cards_only():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Copper", "Estate", "Gold"])
    looked = [e.text for e in play(s, "Lookout", log=True)]
    assert not any("Gold" in x or "Estate" in x or "Copper" in x for x in looked)
    trashed = [e.text for e in G.apply(s, G.action_from_json({"type": "choose", "card": "Estate"}), log=True)]
    assert trashed == ["Seat 1 trashed Estate"]
    rest = [e.text for e in G.apply(s, G.action_from_json({"type": "choose", "card": "Copper"}), log=True)]
    assert rest == ["Seat 1 discarded Copper", "Seat 1 put 1 card back onto their deck"]


def test_lookout_cards_are_private():
    s = start_turn(new("Lookout"), hand=["Lookout"], deck=["Copper", "Estate", "Gold"])
    play(s, "Lookout")
    other = s.clone()
    other.look[0] = ids(["Silver", "Silver", "Silver"])
    for seat in (1, None):
        assert json.dumps(G.view(s, seat)) == json.dumps(G.view(other, seat))
        assert "Gold" not in json.dumps(G.view(s, seat)["pending"])


def test_sea_chart_takes_the_revealed_card_with_a_copy_in_play():
    s = new("Sea Chart", "Village", edition="second")
    start_turn(s, hand=["Village", "Sea Chart"], deck=["Copper", "Estate", "Village", "Gold"])
    play(s, "Village")
    play(s, "Sea Chart")
    assert hand(s) == ["Copper", "Estate", "Village"] and s.actions == 2
    assert C["Village"] in s.hpub[0]  # revealed: known in hand
    assert deck_top(s, 0, 1) == ["Gold"]


def test_sea_chart_puts_back_a_card_with_no_copy_in_play():
    s = start_turn(new("Sea Chart", edition="second"), hand=["Sea Chart"], deck=["Copper", "Gold"])
    play(s, "Sea Chart")
    assert hand(s) == ["Copper"] and deck_top(s, 0, 1) == ["Gold"]
    assert s.top[0][-1] == 1  # revealed: everyone knows it is there
    assert G.view(s, 1)["seats"][0]["deck_top"] == ["Gold"]


def test_sea_chart_counts_itself_in_play():
    s = start_turn(new("Sea Chart", edition="second"), hand=["Sea Chart"], deck=["Copper", "Sea Chart"])
    play(s, "Sea Chart")
    assert hand(s) == ["Copper", "Sea Chart"]


def test_sea_chart_counts_a_duration_still_in_play_from_last_turn():
    s = start_turn(new("Sea Chart", edition="second"), hand=["Sea Chart"], deck=["Copper", "Caravan"])
    s.play[0] = ids(["Caravan"])  # stayed in play from last turn
    recount(s)
    play(s, "Sea Chart")
    assert hand(s) == ["Caravan", "Copper"]


def test_sea_chart_reshuffles_and_reveals_nothing_without_cards():
    s = start_turn(new("Sea Chart", edition="second"), hand=["Sea Chart"], deck=["Copper"], discard=["Sea Chart"])
    play(s, "Sea Chart")
    assert hand(s) == ["Copper", "Sea Chart"]
    s2 = start_turn(new("Sea Chart", edition="second"), hand=["Sea Chart"], deck=["Copper"])
    play(s2, "Sea Chart")
    assert hand(s2) == ["Copper"] and not s2.stack


def test_smugglers_gains_a_copy_of_a_card_the_right_player_gained():
    s = start_turn(new("Smugglers"), hand=["Smugglers"], deck=[])
    s.gains[1] = ids(["Gold", "Province", "Silver"])
    play(s, "Smugglers")
    assert legal(s) == {"choose Gold", "choose Silver"}  # Province costs more than $6
    choose(s, "Gold")
    assert s.owned[0][C["Gold"]] == 1 and names(s.disc[0]) == ["Gold"]


def test_smugglers_uses_the_right_hand_player_with_three_players():
    s = new("Smugglers", players=3)
    start_turn(s, hand=["Smugglers"], deck=[])
    s.gains[1] = ids(["Gold"])
    s.gains[2] = ids(["Silver"])
    play(s, "Smugglers")
    assert not s.stack and s.owned[0][C["Silver"]] == 1 and s.owned[0][C["Gold"]] == 0


def test_smugglers_gets_nothing_from_an_empty_pile():
    s = new("Smugglers")
    empty_pile(s, "Gold")
    start_turn(s, hand=["Smugglers"], deck=[])
    s.gains[1] = ids(["Gold"])
    play(s, "Smugglers")
    assert not s.stack and s.owned[0][C["Gold"]] == 0


def test_smugglers_reads_the_cost_now():
    s = start_turn(new("Smugglers"), hand=["Smugglers"], deck=[])
    s.gains[1] = ids(["Province"])
    s.discount = 2  # Bridge-like reduction: Province costs $6 now
    play(s, "Smugglers")
    assert s.owned[0][C["Province"]] == 1


def test_smugglers_after_the_right_player_gained_in_play():
    s = start_turn(new("Smugglers", "Workshop"), hand=["Copper"] * 3, deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Silver")
    assert s.cur == 1 and s.gains[1] == []
    start_turn(s, 1, hand=["Workshop", "Copper", "Copper", "Copper"], deck=["Copper"] * 5)
    play(s, "Workshop")
    choose(s, "Workshop")
    act(s, "play_treasures")
    act(s, "buy", "Silver")  # seat 1 gained Workshop and Silver this turn
    assert s.cur == 0 and names(s.gains[1]) == ["Workshop", "Silver"]
    start_turn(s, 0, hand=["Smugglers"], deck=[])
    play(s, "Smugglers")
    assert legal(s) == {"choose Workshop", "choose Silver"}
    assert "Seat 2" in _pending(s, 0)["prompt"]
    choose(s, "Workshop")
    assert s.owned[0][C["Workshop"]] == 1


def test_smugglers_alone_gains_nothing():
    s = start_turn(new("Smugglers", players=1), hand=["Smugglers"], deck=[])
    s.gains[0] = ids(["Gold"])
    play(s, "Smugglers")
    assert not s.stack and s.owned[0][C["Gold"]] == 0


def test_warehouse_draws_three_then_discards_three():
    s = start_turn(new("Warehouse"), hand=["Warehouse", "Estate"], deck=["Copper", "Silver", "Gold"])
    play(s, "Warehouse")
    assert hand(s) == ["Copper", "Estate", "Gold", "Silver"] and s.actions == 1
    choose(s, "Estate")
    choose(s, "Copper")
    assert pending_seat(s) == 0
    choose(s, "Silver")
    assert hand(s) == ["Gold"] and len(s.disc[0]) == 3 and names(s.disc[0])[-1] == "Silver"
    assert not s.stack


def test_warehouse_discards_are_seen_together():
    s = start_turn(new("Warehouse"), hand=["Warehouse", "Estate"], deck=["Copper", "Silver", "Gold"])
    play(s, "Warehouse")
    choose(s, "Estate")
    assert s.disc[0] == []  # waiting, unseen, until the last pick
    choose(s, "Copper")
    events = G.apply(s, G.action_from_json({"type": "choose", "card": "Gold"}), log=True)
    shown = [e for e in events if e.kind == "discard"]
    assert len(shown) == 1 and shown[0].data == {"count": 3, "top": "Gold"}


def test_warehouse_with_fewer_than_three_cards_discards_them_all():
    s = start_turn(new("Warehouse"), hand=["Warehouse"], deck=["Copper"])
    play(s, "Warehouse")
    choose(s, "Copper")
    assert hand(s) == [] and not s.stack


def test_warehouse_asks_even_with_one_kind_of_card():
    s = start_turn(new("Warehouse"), hand=["Warehouse"], deck=["Copper"] * 5)
    play(s, "Warehouse")
    assert pending_seat(s) == 0 and legal(s) == {"choose Copper"}


def test_cutpurse_gives_two_coins_and_each_other_player_discards_a_copper():
    s = new("Cutpurse", players=3)
    start_turn(s, hand=["Cutpurse"], deck=[], hand1=["Copper", "Copper", "Estate"], hand2=["Estate", "Silver"])
    play(s, "Cutpurse")
    assert s.coins == 2 and not s.stack
    assert hand(s, 1) == ["Copper", "Estate"] and names(s.disc[1]) == ["Copper"]
    assert hand(s, 2) == ["Estate", "Silver"] and sorted(names(s.hpub[2])) == ["Estate", "Silver"]


def test_cutpurse_moat_protects():
    s = new("Cutpurse", "Moat")
    start_turn(s, hand=["Cutpurse"], deck=[], hand1=["Moat", "Copper"])
    play(s, "Cutpurse")
    yes(s)
    assert hand(s, 1) == ["Copper", "Moat"] and s.coins == 2


def test_island_puts_itself_and_a_card_on_the_mat_and_both_count():
    s = start_turn(new("Island"), hand=["Island", "Province", "Copper"], deck=[])
    before = G.score(s, 0)
    play(s, "Island")
    assert legal(s) == {"choose Province", "choose Copper"}
    choose(s, "Province")
    assert names(s.island[0]) == ["Island", "Province"] and s.play[0] == [] and hand(s) == ["Copper"]
    assert G.score(s, 0) == before and s.owned[0][C["Island"]] == 1
    assert CARDS[C["Island"]].vp == 2


def test_island_stays_out_of_the_deck():
    s = start_turn(new("Island"), hand=["Island", "Estate"], deck=["Copper"] * 5)
    play(s, "Island")
    choose(s, "Estate")
    act(s, "end_buys")
    assert C["Island"] not in s.disc[0] + s.deck[0] + s.hand[0] and len(s.island[0]) == 2


def test_island_with_an_empty_hand_moves_only_itself():
    s = start_turn(new("Island"), hand=["Island"], deck=[])
    play(s, "Island")
    assert names(s.island[0]) == ["Island"] and not s.stack


def test_island_asks_even_with_one_kind_in_hand():
    s = start_turn(new("Island"), hand=["Island", "Copper", "Copper"], deck=[])
    play(s, "Island")
    assert pending_seat(s) == 0 and legal(s) == {"choose Copper"}


def test_throne_room_island_moves_island_once_and_two_cards_from_hand():
    s = start_turn(new("Island", "Throne Room"), hand=["Throne Room", "Island", "Estate", "Gold", "Copper"], deck=[])
    play(s, "Throne Room")
    choose(s, "Island")
    choose(s, "Estate")
    choose(s, "Gold")
    assert sorted(names(s.island[0])) == ["Estate", "Gold", "Island"] and names(s.play[0]) == ["Throne Room"]
    assert hand(s) == ["Copper"]


def test_island_mat_is_public_and_counted_in_owned():
    s = start_turn(new("Island"), hand=["Island", "Duchy"], deck=[])
    play(s, "Island")
    choose(s, "Duchy")
    assert s.owned[0][C["Duchy"]] == 1 and s.hpub[0] == ()


def test_salvager_buy_and_trashes_a_card_for_its_cost():
    s = start_turn(new("Salvager"), hand=["Salvager", "Gold", "Estate"], deck=[])
    play(s, "Salvager")
    assert s.buys == 2 and legal(s) == {"choose Gold", "choose Estate"}
    choose(s, "Gold")
    assert s.coins == 6 and names(s.trash) == ["Gold"] and hand(s) == ["Estate"]


def test_salvager_reads_the_cost_now():
    s = start_turn(new("Salvager"), hand=["Salvager", "Province"], deck=[])
    s.discount = 3
    play(s, "Salvager")
    choose(s, "Province")
    assert s.coins == 5


def test_salvager_with_an_empty_hand_gives_only_the_buy():
    s = start_turn(new("Salvager"), hand=["Salvager"], deck=[])
    play(s, "Salvager")
    assert not s.stack and s.buys == 2 and s.coins == 0


def test_salvager_asks_even_with_one_kind_in_hand():
    s = start_turn(new("Salvager"), hand=["Salvager", "Copper", "Copper"], deck=[])
    play(s, "Salvager")
    assert pending_seat(s) == 0
    choose(s, "Copper")
    assert s.coins == 0 and hand(s) == ["Copper"]


def test_bazaar_card_two_actions_and_a_coin_as_data():
    s = start_turn(new("Bazaar"), hand=["Bazaar"], deck=["Gold"])
    play(s, "Bazaar")
    assert hand(s) == ["Gold"] and s.actions == 2 and s.coins == 1 and not s.stack
    assert CARDS[C["Bazaar"]].data_only


EMBARGO_TO_BAZAAR = ("Embargo", "Native Village", "Pearl Diver", "Ambassador", "Lookout", "Sea Chart", "Smugglers",
                     "Warehouse", "Cutpurse", "Island", "Salvager", "Bazaar")


def test_card_facts_match_the_card_list():
    facts = {"Embargo": (2, (1,)), "Native Village": (2, (1, 2)), "Pearl Diver": (2, (1,)), "Ambassador": (3, (1,)),
             "Lookout": (3, (1, 2)), "Sea Chart": (3, (2,)), "Smugglers": (3, (1, 2)), "Warehouse": (3, (1, 2)),
             "Cutpurse": (4, (1, 2)), "Island": (4, (1, 2)), "Salvager": (4, (1, 2)), "Bazaar": (5, (1, 2))}
    for name, (price, editions) in facts.items():
        card = CARDS[C[name]]
        assert (card.cost, card.editions, card.set) == (price, editions, "seaside"), name
    assert [c.name for c in CARDS if c.name in EMBARGO_TO_BAZAAR] == list(EMBARGO_TO_BAZAAR)


def test_island_pile_is_a_victory_pile():
    assert new("Island").supply[C["Island"]] == 8
    assert new("Island", players=3).supply[C["Island"]] == 12


def _owned_from_zones(s, p):
    cnt = [0] * NCARDS
    for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.held, s.shown, s.bottom, s.nvmat, s.island):
        for c in zone[p]:
            cnt[c] += 1
    return cnt


KINGDOMS = [("first", list(EMBARGO_TO_BAZAAR[:10])),
            ("first", [*EMBARGO_TO_BAZAAR[6:], "Throne Room", "Moat", "Embargo", "Ambassador"]),
            ("second", [n for n in EMBARGO_TO_BAZAAR if n not in ("Embargo", "Pearl Diver", "Ambassador")]
             + ["Throne Room"])]


@pytest.mark.parametrize(("edition", "kingdom"), KINGDOMS)
def test_random_games_with_these_cards_conserve_cards(edition, kingdom):
    for seed in range(12):
        players = 2 + seed % 3
        s = G.new({"players": players, "kingdom": kingdom, "edition": edition, "turn_limit": 15}, seed)
        rng = random.Random(seed)
        total = total_cards(s)
        steps = 0
        while s.to_move is not None and steps < 3000:
            legal_now = G.legal_actions(s)
            plays = [a for a in legal_now if a.kind == "play" and not s.stack]
            buys = [a for a in legal_now if a.kind == "buy" and a["card"] in kingdom]
            a = rng.choice(plays or buys or legal_now) if rng.random() < 0.8 else rng.choice(legal_now)
            G.apply(s, a)
            steps += 1
            assert total_cards(s) == total
            for p in range(players):
                assert _owned_from_zones(s, p) == s.owned[p]
            for seat in range(players):
                G.view(s, seat)


def test_choices_name_the_cards_they_move():
    s = start_turn(new("Salvager"), hand=["Salvager", "Gold"], deck=[])
    play(s, "Salvager")
    said = G.describe_say(s, G.actions[CHOOSE(C["Gold"])])
    assert said == {"key": "salvager.trash", "args": {"card": "Gold", "n": 6}}


HAVEN_TO_WHARF = ["Haven", "Lighthouse", "Astrolabe", "Fishing Village", "Caravan", "Navigator", "Pirate Ship",
                  "Sea Hag", "Treasure Map", "Explorer", "Ghost Ship", "Merchant Ship", "Tactician", "Treasury",
                  "Wharf"]


def end_turn(s) -> None:
    """The current seat ends its turn with no question pending (it buys nothing)."""
    p, t = s.cur, s.turns[s.cur]
    while s.turns[p] == t and s.to_move is not None:
        assert not s.stack, s.stack
        act(s, "end_actions" if s.phase == ACTION_PHASE else "end_buys")


def round_trip(s) -> None:
    """Every seat ends a turn: the seat that began plays next."""
    p = s.cur
    end_turn(s)
    while s.cur != p:
        end_turn(s)


def solo(*cards: str, edition: str = "first"):
    return new(*cards, players=1, edition=edition)


def test_haven_card_action_and_sets_aside_a_card_face_down_until_next_turn():
    s = start_turn(solo("Haven"), hand=["Haven", "Gold", "Estate"], deck=["Copper"] * 20)
    play(s, "Haven")
    assert hand(s) == ["Copper", "Estate", "Gold"] and s.actions == 1
    assert legal(s) == {"choose Copper", "choose Estate", "choose Gold"}
    choose(s, "Gold")
    assert names(s.held[0]) == ["Gold"] and hand(s) == ["Copper", "Estate"]
    end_turn(s)
    assert names(s.play[0]) == ["Haven"]  # stays in play until its effect happens
    assert "Gold" in hand(s) and len(s.hand[0]) == 6 and s.held[0] == []
    end_turn(s)
    assert s.play[0] == [] and "Haven" in names(s.disc[0])  # leaves at the Clean-up of the turn it acted


def test_haven_with_an_empty_hand_sets_nothing_aside_and_leaves_at_this_cleanup():
    s = start_turn(solo("Haven"), hand=["Haven"], deck=[], discard=[])
    play(s, "Haven")
    assert not s.stack and s.held[0] == []
    end_turn(s)
    assert s.play[0] == [] and s.dur[0] == []


def test_haven_asks_even_when_the_hand_holds_one_kind_of_card():
    s = start_turn(solo("Haven"), hand=["Haven", "Copper"], deck=["Copper"])
    play(s, "Haven")
    assert pending_seat(s) == 0 and legal(s) == {"choose Copper"}
    choose(s, "Copper")
    assert names(s.held[0]) == ["Copper"]


def test_haven_card_set_aside_is_hidden_from_the_other_seats():
    s = start_turn(new("Haven"), hand=["Haven", "Witch", "Copper"], deck=["Copper"] * 6)
    play(s, "Haven")
    seen = json.dumps(G.view(s, 1))
    assert "Witch" not in seen  # Witch is in no Supply pile here: only the hand shows it
    events = act(s, "choose", "Witch", log=True)
    assert all("Witch" not in e.text and "Witch" not in json.dumps(e.data) for e in events)
    assert "Witch" not in json.dumps(G.view(s, 1)) and "Witch" not in json.dumps(G.view(s, None))
    assert s.hpub[0] == ()


def test_throne_room_on_haven_sets_aside_two_cards_and_both_stay():
    s = start_turn(solo("Haven", "Throne Room"), hand=["Throne Room", "Haven", "Gold", "Silver", "Estate"],
                   deck=["Copper"] * 10)
    play(s, "Throne Room")
    choose(s, "Haven")  # the only Action card in hand: one answer, still asked
    choose(s, "Gold")
    choose(s, "Silver")
    assert sorted(names(s.held[0])) == ["Gold", "Silver"]
    end_turn(s)
    assert sorted(names(s.play[0])) == ["Haven", "Throne Room"]
    assert {"Gold", "Silver"} <= set(hand(s)) and len(s.hand[0]) == 7
    end_turn(s)
    assert s.play[0] == []


def test_throne_room_on_haven_with_one_card_left_sets_aside_one():
    s = start_turn(solo("Haven", "Throne Room"), hand=["Throne Room", "Haven"], deck=["Gold"], discard=[])
    play(s, "Throne Room")
    choose(s, "Haven")  # the only Action card in hand: one answer, still asked
    choose(s, "Gold")  # drew Gold, set it aside; the second play draws nothing and has no card
    assert not s.stack and names(s.held[0]) == ["Gold"] and names(s.dur[0]) == ["Haven"]
    end_turn(s)
    assert sorted(names(s.play[0])) == ["Haven", "Throne Room"] and hand(s) == ["Gold"]


def test_lighthouse_action_and_coin_now_and_a_coin_next_turn():
    s = start_turn(solo("Lighthouse"), hand=["Lighthouse"], deck=["Copper"] * 10)
    play(s, "Lighthouse")
    assert s.actions == 1 and s.coins == 1 and s.shield == 1
    end_turn(s)
    assert s.coins == 1 and s.shield == 0 and names(s.play[0]) == ["Lighthouse"]
    end_turn(s)
    assert s.play[0] == []


def test_lighthouse_protects_from_attacks_until_the_start_of_the_next_turn():
    s = start_turn(new("Lighthouse", "Militia", "Sea Hag"), hand=["Lighthouse"], deck=["Copper"] * 10,
                   hand1=["Village", "Militia", "Sea Hag", "Copper", "Copper"], deck1=["Copper"] * 10)
    play(s, "Lighthouse")
    end_turn(s)
    assert s.cur == 1
    play(s, "Village")
    play(s, "Militia")
    assert not s.stack and len(s.hand[0]) == 5  # not affected: no discarding
    curses = s.supply[BY_NAME["Curse"]]
    play(s, "Sea Hag")
    assert s.supply[BY_NAME["Curse"]] == curses and s.owned[0][BY_NAME["Curse"]] == 0
    end_turn(s)
    assert s.cur == 0 and s.shield == 0


def test_lighthouse_played_twice_gives_one_protection_and_two_coins_next_turn():
    s = start_turn(solo("Lighthouse", "Throne Room"), hand=["Throne Room", "Lighthouse"], deck=["Copper"] * 10)
    play(s, "Throne Room")
    choose(s, "Lighthouse")  # the only Action card in hand: one answer, still asked
    assert s.actions == 2 and s.coins == 2 and s.shield == 1
    end_turn(s)
    assert s.coins == 2 and s.shield == 0
    assert sorted(names(s.play[0])) == ["Lighthouse", "Throne Room"]


def test_astrolabe_coin_and_buy_now_and_again_next_turn():
    s = start_turn(solo("Astrolabe", edition="second"), hand=["Astrolabe", "Estate"], deck=["Estate"] * 10)
    act(s, "play_treasures")
    assert s.coins == 1 and s.buys == 2
    end_turn(s)
    assert s.coins == 1 and s.buys == 2 and names(s.play[0]) == ["Astrolabe"]
    end_turn(s)
    assert s.play[0] == []


def test_astrolabe_played_alone_by_name():
    s = start_turn(solo("Astrolabe", edition="second"), hand=["Astrolabe", "Copper"], deck=["Estate"] * 10)
    act(s, "play", "Astrolabe")
    assert s.coins == 1 and s.buys == 2 and names(s.dur[0]) == ["Astrolabe"]


def test_fishing_village_two_actions_and_coin_now_then_action_and_coin():
    s = start_turn(solo("Fishing Village"), hand=["Fishing Village"], deck=["Copper"] * 10)
    play(s, "Fishing Village")
    assert s.actions == 2 and s.coins == 1
    end_turn(s)
    assert s.actions == 2 and s.coins == 1 and names(s.play[0]) == ["Fishing Village"]


def test_caravan_card_and_action_now_then_a_card():
    s = start_turn(solo("Caravan"), hand=["Caravan"], deck=["Silver"] + ["Copper"] * 10)
    play(s, "Caravan")
    assert hand(s) == ["Silver"] and s.actions == 1
    end_turn(s)
    assert len(s.hand[0]) == 6 and s.actions == 1


def test_caravan_next_turn_draw_reshuffles():
    s = start_turn(solo("Caravan"), hand=["Caravan"], deck=["Copper"] * 6, discard=[])
    play(s, "Caravan")
    end_turn(s)  # the new hand takes the last 5; Caravan's card comes from the shuffled discard pile
    assert len(s.hand[0]) == 6


def test_merchant_ship_two_coins_now_and_next_turn():
    s = start_turn(solo("Merchant Ship"), hand=["Merchant Ship"], deck=["Estate"] * 10)
    play(s, "Merchant Ship")
    assert s.coins == 2
    end_turn(s)
    assert s.coins == 2
    end_turn(s)
    assert s.play[0] == []


def test_wharf_two_cards_and_buy_now_and_next_turn():
    s = start_turn(solo("Wharf"), hand=["Wharf"], deck=["Copper"] * 12)
    play(s, "Wharf")
    assert len(s.hand[0]) == 2 and s.buys == 2
    end_turn(s)
    assert len(s.hand[0]) == 7 and s.buys == 2


def test_durations_act_in_the_order_played():
    s = start_turn(solo("Caravan", "Merchant Ship", "Fishing Village"),
                   hand=["Fishing Village", "Caravan", "Merchant Ship"], deck=["Copper"] * 12)
    play(s, "Fishing Village")
    play(s, "Caravan")
    play(s, "Merchant Ship")
    assert names(s.dur[0]) == ["Fishing Village", "Caravan", "Merchant Ship"]
    end_turn(s)
    assert s.coins == 3 and s.actions == 2 and len(s.hand[0]) == 6
    assert sorted(names(s.play[0])) == ["Caravan", "Fishing Village", "Merchant Ship"]


def test_tactician_discards_the_hand_then_five_cards_action_and_buy_next_turn():
    s = start_turn(new("Tactician"), hand=["Tactician", "Copper", "Estate", "Gold"], deck=["Copper"] * 20)
    events = play(s, "Tactician", log=True)
    assert s.hand[0] == [] and sorted(names(s.disc[0])) == ["Copper", "Estate", "Gold"]
    discard = [e for e in events if e.kind == "discard"]
    assert len(discard) == 1 and discard[0].data["count"] == 3  # at once: the others see the top and the count
    round_trip(s)
    assert len(s.hand[0]) == 10 and s.actions == 2 and s.buys == 2
    assert names(s.play[0]) == ["Tactician"]


def test_tactician_with_an_empty_hand_does_nothing_and_leaves_at_cleanup():
    s = start_turn(solo("Tactician"), hand=["Tactician"], deck=["Copper"] * 10)
    play(s, "Tactician")
    assert s.dur[0] == []
    end_turn(s)
    assert s.play[0] == [] and len(s.hand[0]) == 5 and s.buys == 1


def test_throne_room_on_tactician_gives_one_next_turn_bonus():
    s = start_turn(solo("Tactician", "Throne Room"), hand=["Throne Room", "Tactician", "Copper"],
                   deck=["Copper"] * 20)
    play(s, "Throne Room")
    choose(s, "Tactician")  # the only Action card in hand: one answer, still asked
    assert names(s.dur[0]) == ["Tactician"]
    end_turn(s)
    assert len(s.hand[0]) == 10 and s.actions == 2 and s.buys == 2
    assert sorted(names(s.play[0])) == ["Tactician", "Throne Room"]
    end_turn(s)
    assert s.play[0] == []


def test_navigator_two_coins_and_may_discard_the_top_five():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=["Gold", "Estate", "Copper", "Silver", "Curse", "Duchy"])
    play(s, "Navigator")
    assert s.coins == 2 and sorted(names(s.look[0])) == ["Copper", "Curse", "Estate", "Gold", "Silver"]
    assert legal(s) == {"yes", "no"}
    yes(s)
    assert s.look[0] == [] and len(s.disc[0]) == 5 and names(s.deck[0]) == ["Duchy"]


def test_navigator_puts_the_five_back_in_the_chosen_order():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=["Gold", "Estate", "Copper", "Silver", "Curse", "Duchy"])
    play(s, "Navigator")
    no(s)
    choose(s, "Curse", "Silver", "Gold", "Estate")
    assert not s.stack and s.look[0] == []
    assert deck_top(s, 0, 6) == ["Curse", "Silver", "Gold", "Estate", "Copper", "Duchy"]
    assert s.top[0][-5:] == [0] * 5  # put back face down: only their owner knows the order


def test_navigator_asks_the_order_for_each_card_even_alike():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=["Copper"] * 5)
    play(s, "Navigator")
    no(s)
    for _ in range(4):  # the number of questions tells nothing about the five
        assert legal(s) == {"choose Copper"}
        choose(s, "Copper")
    assert not s.stack and len(s.deck[0]) == 5


def test_navigator_looks_at_what_is_left_after_a_reshuffle():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=["Gold"], discard=["Silver", "Estate"])
    play(s, "Navigator")
    assert sorted(names(s.look[0])) == ["Estate", "Gold", "Silver"]
    yes(s)
    assert len(s.disc[0]) == 3


def test_navigator_with_no_cards_asks_nothing():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=[], discard=[])
    play(s, "Navigator")
    assert not s.stack and s.coins == 2


def test_navigator_look_is_private():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=["Witch", "Copper", "Copper", "Copper", "Copper"])
    events = play(s, "Navigator", log=True)
    assert all("Witch" not in e.text for e in events)
    other = G.view(s, 1)
    assert "Witch" not in json.dumps(other) and other["seats"][0]["looking_at"] == 5
    assert "Witch" in G.view(s, 0)["seats"][0]["look"]


def test_pirate_ship_trashes_a_chosen_treasure_of_each_victim_and_takes_one_token():
    s = start_turn(new("Pirate Ship", players=3), hand=["Pirate Ship"], deck=["Copper"] * 5,
                   deck1=["Silver", "Gold", "Copper"], deck2=["Copper", "Estate", "Estate"])
    play(s, "Pirate Ship")
    yes(s)
    assert legal(s) == {"choose Silver", "choose Gold"}
    choose(s, "Gold")
    assert "Gold" in names(s.trash) and names(s.disc[1]) == ["Silver"] and s.owned[1][BY_NAME["Gold"]] == 0
    assert not s.stack  # one Treasure revealed by seat 2: nothing to choose
    assert names(s.disc[2]) == ["Estate"] and names(s.trash) == ["Gold", "Copper"]
    assert s.pcoins[0] == 1  # one token for the play, not one per victim
    assert s.aside[1] == [] and s.aside[2] == []


def test_pirate_ship_with_no_treasure_revealed_takes_no_token():
    s = start_turn(new("Pirate Ship"), hand=["Pirate Ship"], deck=["Copper"] * 5, deck1=["Estate", "Duchy"])
    play(s, "Pirate Ship")
    yes(s)
    assert not s.stack and s.pcoins[0] == 0 and sorted(names(s.disc[1])) == ["Duchy", "Estate"]


def test_pirate_ship_gives_a_coin_per_token():
    s = start_turn(new("Pirate Ship"), hand=["Pirate Ship"], deck=["Copper"] * 5, deck1=["Gold", "Gold"])
    s.pcoins[0] = 3
    play(s, "Pirate Ship")
    no(s)
    assert s.coins == 3 and names(s.deck[1]) == ["Gold", "Gold"]


def test_throne_room_on_pirate_ship_may_spend_the_token_just_taken():
    s = start_turn(new("Pirate Ship", "Throne Room"), hand=["Throne Room", "Pirate Ship"], deck=["Copper"] * 5,
                   deck1=["Silver", "Estate"])
    play(s, "Throne Room")
    choose(s, "Pirate Ship")  # the only Action card in hand: one answer, still asked
    yes(s)
    assert s.pcoins[0] == 1
    no(s)
    assert s.coins == 1


def test_pirate_ship_skips_a_victim_with_a_moat():
    s = start_turn(new("Pirate Ship", "Moat"), hand=["Pirate Ship"], deck=["Copper"] * 5,
                   hand1=["Moat"], deck1=["Gold", "Gold"])
    play(s, "Pirate Ship")
    yes(s)  # reveal the Moat
    yes(s)  # attack
    assert not s.stack and names(s.deck[1]) == ["Gold", "Gold"] and s.pcoins[0] == 0


def test_sea_hag_victims_discard_the_top_card_and_gain_a_curse_onto_their_deck():
    s = start_turn(new("Sea Hag", players=3), hand=["Sea Hag"], deck=["Copper"] * 5,
                   deck1=["Gold", "Copper"], deck2=[], discard2=[])
    play(s, "Sea Hag")
    assert names(s.disc[1]) == ["Gold"] and deck_top(s, 1, 2) == ["Curse", "Copper"]
    assert s.top[1][-1] == 1  # everyone saw the Curse go there
    assert names(s.deck[2]) == ["Curse"] and s.disc[2] == []  # nothing to discard: still cursed


def test_sea_hag_with_no_curses_left_only_discards():
    s = start_turn(new("Sea Hag"), hand=["Sea Hag"], deck=["Copper"] * 5, deck1=["Gold", "Copper"])
    empty_pile(s, "Curse")
    play(s, "Sea Hag")
    assert names(s.disc[1]) == ["Gold"] and names(s.deck[1]) == ["Copper"]


def test_treasure_map_trashes_two_maps_and_gains_four_golds_onto_the_deck():
    s = start_turn(new("Treasure Map"), hand=["Treasure Map", "Treasure Map", "Copper"], deck=["Estate"] * 5)
    play(s, "Treasure Map")
    assert names(s.trash) == ["Treasure Map", "Treasure Map"] and hand(s) == ["Copper"] and s.play[0] == []
    assert deck_top(s, 0, 4) == ["Gold"] * 4 and s.top[0][-4:] == [1] * 4


def test_treasure_map_alone_is_trashed_for_nothing():
    s = start_turn(new("Treasure Map"), hand=["Treasure Map", "Copper"], deck=["Estate"] * 5)
    play(s, "Treasure Map")
    assert names(s.trash) == ["Treasure Map"] and s.owned[0][BY_NAME["Gold"]] == 0


def test_treasure_map_gains_as_many_golds_as_are_left():
    s = start_turn(new("Treasure Map"), hand=["Treasure Map", "Treasure Map"], deck=["Estate"] * 5)
    set_pile(s, "Gold", 2)
    play(s, "Treasure Map")
    assert s.owned[0][BY_NAME["Gold"]] == 2 and s.supply[BY_NAME["Gold"]] == 0


def test_throne_room_on_treasure_map_second_play_trashes_only_one():
    s = start_turn(new("Treasure Map", "Throne Room"),
                   hand=["Throne Room", "Treasure Map", "Treasure Map", "Treasure Map"], deck=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Treasure Map")  # the only Action card in hand: one answer, still asked
    assert s.owned[0][BY_NAME["Gold"]] == 4  # the second play has only the map in hand: one trashed, no Gold
    assert names(s.trash) == ["Treasure Map"] * 3 and hand(s) == []


def test_explorer_reveals_a_province_to_gain_a_gold_to_hand():
    s = start_turn(new("Explorer"), hand=["Explorer", "Province"], deck=["Copper"] * 5)
    play(s, "Explorer")
    yes(s)
    assert hand(s) == ["Gold", "Province"]
    assert sorted(names(s.hpub[0])) == ["Gold", "Province"]  # both known to all


def test_explorer_without_revealing_gains_a_silver_to_hand():
    s = start_turn(new("Explorer"), hand=["Explorer", "Province"], deck=["Copper"] * 5)
    play(s, "Explorer")
    no(s)
    assert hand(s) == ["Province", "Silver"] and names(s.hpub[0]) == ["Silver"]


def test_explorer_asks_even_with_no_province_in_hand():
    s = start_turn(new("Explorer"), hand=["Explorer", "Copper"], deck=["Copper"] * 5)
    play(s, "Explorer")
    assert pending_seat(s) == 0 and legal(s) == {"no"}
    mine, theirs = G.view(s, 0)["pending"]["prompt"], G.view(s, 1)["pending"]["prompt"]
    assert "no Province" in mine and "no Province" not in theirs
    no(s)
    assert hand(s) == ["Copper", "Silver"]


def test_explorer_reveal_with_no_gold_left_gains_nothing():
    s = start_turn(new("Explorer"), hand=["Explorer", "Province"], deck=["Copper"] * 5)
    empty_pile(s, "Gold")
    play(s, "Explorer")
    yes(s)
    assert hand(s) == ["Province"]


def test_ghost_ship_draws_two_and_victims_put_cards_onto_their_deck_down_to_three():
    s = start_turn(new("Ghost Ship", players=3), hand=["Ghost Ship"], deck=["Copper"] * 5,
                   hand1=["Gold", "Silver", "Estate", "Copper", "Curse"], hand2=["Estate", "Estate", "Copper"])
    play(s, "Ghost Ship")
    assert len(s.hand[0]) == 2 and pending_seat(s) == 1
    choose(s, "Estate")
    choose(s, "Curse")
    assert hand(s, 1) == ["Copper", "Gold", "Silver"] and names(s.deck[1][-2:]) == ["Estate", "Curse"]
    assert s.top[1][-2:] == [0, 0]  # face down
    assert not s.stack and len(s.hand[2]) == 3  # three cards: not asked


def test_ghost_ship_asks_even_a_hand_of_one_kind():
    s = start_turn(new("Ghost Ship"), hand=["Ghost Ship"], deck=["Copper"] * 5, hand1=["Copper"] * 4)
    play(s, "Ghost Ship")
    assert pending_seat(s) == 1 and legal(s) == {"choose Copper"}
    assert "Copper" not in G.view(s, 0)["pending"]["prompt"]
    choose(s, "Copper")
    assert len(s.hand[1]) == 3


def test_treasury_card_action_coin_and_may_go_onto_the_deck():
    s = start_turn(solo("Treasury"), hand=["Treasury"], deck=["Copper"] * 10)
    play(s, "Treasury")
    assert len(s.hand[0]) == 1 and s.actions == 1 and s.coins == 1
    act(s, "end_buys")
    assert legal(s) == {"yes", "no"}
    yes(s)
    assert "Treasury" in hand(s) and s.play[0] == []  # onto the deck, then drawn in the new hand


def test_treasury_may_be_discarded_as_usual():
    s = start_turn(solo("Treasury"), hand=["Treasury"], deck=["Copper"] * 10)
    play(s, "Treasury")
    act(s, "end_buys")
    no(s)
    assert "Treasury" in names(s.disc[0]) and "Treasury" not in hand(s)


def test_treasury_first_edition_not_after_buying_a_victory_card():
    s = start_turn(solo("Treasury"), hand=["Treasury", "Copper", "Copper"], deck=["Copper"] * 10)
    play(s, "Treasury")
    act(s, "play_treasures")
    act(s, "buy", "Estate")
    assert not s.stack and "Treasury" in names(s.disc[0])


@pytest.mark.parametrize("edition,asked", [("first", True), ("second", False)])
def test_treasury_editions_differ_on_a_victory_card_gained_not_bought_in_the_buy_phase(edition, asked):
    s = start_turn(solo("Treasury", edition=edition), hand=["Treasury"], deck=["Copper"] * 10)
    play(s, "Treasury")
    act(s, "end_actions") if s.phase == ACTION_PHASE else None
    s.flags |= GAINED_VICTORY_IN_BUY  # as a gain in the Buy phase sets it (no card here gains without buying)
    act(s, "end_buys")
    assert bool(s.stack) == asked


def test_treasury_second_edition_not_after_buying_a_victory_card():
    s = start_turn(solo("Treasury", edition="second"), hand=["Treasury", "Copper", "Copper"], deck=["Copper"] * 10)
    play(s, "Treasury")
    act(s, "play_treasures")
    act(s, "buy", "Estate")
    assert not s.stack


def test_treasury_second_edition_a_victory_card_gained_in_the_action_phase_does_not_count():
    s = start_turn(solo("Treasury", "Workshop", edition="second"), hand=["Treasury", "Workshop"],
                   deck=["Copper"] * 10)
    play(s, "Treasury")
    play(s, "Workshop")
    choose(s, "Estate")
    act(s, "end_buys")
    assert legal(s) == {"yes", "no"}


def test_two_treasuries_are_asked_one_by_one():
    s = start_turn(solo("Treasury"), hand=["Treasury", "Treasury"], deck=["Copper"] * 10)
    play(s, "Treasury")
    play(s, "Treasury")
    act(s, "end_buys")
    yes(s)
    assert legal(s) == {"yes", "no"}
    no(s)
    assert hand(s).count("Treasury") == 1 and names(s.disc[0]).count("Treasury") == 1


def test_throne_room_on_treasury_asks_once():
    s = start_turn(solo("Treasury", "Throne Room"), hand=["Throne Room", "Treasury"], deck=["Copper"] * 10)
    play(s, "Throne Room")
    choose(s, "Treasury")  # the only Action card in hand: one answer, still asked
    assert s.coins == 2 and s.actions == 2
    act(s, "end_buys")
    yes(s)
    assert not s.stack or s.stack[-1][0] != BY_NAME["Treasury"]
    assert "Treasury" in hand(s)


def _owned_matches(s) -> bool:
    for p in range(s.players):
        cnt = [0] * NCARDS
        for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.held, s.shown, s.bottom, s.nvmat, s.island):
            for c in zone[p]:
                cnt[c] += 1
        if cnt != s.owned[p]:
            return False
    return True


@pytest.mark.parametrize("edition", ["first", "second"])
def test_random_games_over_these_cards_keep_every_card(edition):
    pool = [n for n in HAVEN_TO_WHARF if edition == "first" or n != "Pirate Ship"]
    for seed in range(12):
        kingdom = [pool[(seed + i) % len(pool)] for i in range(9)] + ["Throne Room"]
        opts = {"players": 2 + seed % 3, "kingdom": kingdom, "edition": edition, "turn_limit": 40}
        s = G.new(opts, seed)
        total = total_cards(s)
        agents = [RandomAgent(Rng(seed * 11 + i)) for i in range(s.players)]
        while s.to_move is not None:
            G.apply(s, agents[s.to_move].act(G, s), log=seed % 4 == 0)
            assert total_cards(s) == total and _owned_matches(s)
        assert G.result(s) is not None


def test_navigator_choice_is_discard_all_or_put_back_nothing_else():
    s = start_turn(new("Navigator"), hand=["Navigator"], deck=["Copper", "Estate"])
    play(s, "Navigator")
    with pytest.raises(IllegalAction):
        done(s)
    with pytest.raises(IllegalAction):
        choose(s, "Copper")


SECOND = "second"


def finish_turn(s) -> None:
    """End the current seat's turn (its Action phase, if still on, then its buys)."""
    if s.phase != BUY_PHASE:
        act(s, "end_actions")
    act(s, "end_buys")


def to_buy(s, coins: int = 10) -> None:
    """Go to the Buy phase with ``coins`` and buys to spare (a turn ends when its last buy is made)."""
    if s.phase != BUY_PHASE:
        act(s, "end_actions")
    s.coins, s.buys = coins, 5


def buy(s, card: str) -> None:
    act(s, "buy", card)


def test_monkey_draws_when_the_seat_on_the_right_gains_and_at_the_next_turn():
    s = start_turn(new("Monkey", edition=SECOND), hand=["Monkey"],
                   deck=["Copper"] * 5 + ["Gold", "Silver"] + ["Estate"] * 10, hand1=["Estate"] * 5)
    play(s, "Monkey")
    assert s.monkey[0] == 1 and s.dur[0] == [BY_NAME["Monkey"]]
    finish_turn(s)
    assert names(s.play[0]) == ["Monkey"] and len(s.hand[0]) == 5  # it stays in play
    to_buy(s)
    buy(s, "Silver")  # seat 2 (on seat 1's right in two players) gains: seat 1 draws
    assert len(s.hand[0]) == 6 and "Gold" in hand(s, 0)
    finish_turn(s)
    assert s.cur == 0 and len(s.hand[0]) == 7 and "Silver" in hand(s, 0)  # +1 Card at the start of the turn
    assert s.monkey[0] == 0  # the watch is over
    to_buy(s, 0)
    finish_turn(s)
    assert "Monkey" in names(s.disc[0]) and s.play[0] == []  # gone at the Clean-up of the turn it acted


def test_monkey_watches_only_the_seat_on_the_right():
    s = start_turn(new("Monkey", players=3, edition=SECOND), hand=["Monkey"], deck=["Copper"] * 8)
    play(s, "Monkey")
    before = len(s.hand[0])
    gain(s, 1, BY_NAME["Silver"])  # seat 2 is on seat 1's left
    assert len(s.hand[0]) == before
    gain(s, 2, BY_NAME["Silver"])  # seat 3 is on seat 1's right
    assert len(s.hand[0]) == before + 1


def test_monkey_draws_for_gains_on_its_own_turn_too():
    s = start_turn(new("Monkey", "Sea Witch", edition=SECOND), hand=["Monkey", "Sea Witch"],
                   deck=["Copper"] * 4 + ["Gold"])
    s.actions = 2
    play(s, "Monkey")
    play(s, "Sea Witch")  # +2 Cards, then seat 2 gains a Curse: +1 Card
    assert len(s.hand[0]) == 3 and s.owned[1][BY_NAME["Curse"]] == 1


def test_throne_roomed_monkey_draws_two_per_gain_and_two_next_turn():
    s = start_turn(new("Monkey", "Throne Room", edition=SECOND), hand=["Throne Room", "Monkey"],
                   deck=["Copper"] * 9, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Monkey")
    assert s.monkey[0] == 2
    finish_turn(s)
    assert names(s.play[0]) == ["Throne Room", "Monkey"]  # the Throne Room stays with it
    to_buy(s)
    buy(s, "Copper")
    assert len(s.hand[0]) == 7
    finish_turn(s)
    assert len(s.hand[0]) == 9 and s.monkey[0] == 0


def test_monkey_draw_is_hidden_from_the_other_seat():
    s = start_turn(new("Monkey", edition=SECOND), hand=["Monkey"], deck=["Copper"] * 5 + ["Gold"],
                   hand1=["Estate"] * 5)
    play(s, "Monkey")
    finish_turn(s)
    to_buy(s)
    buy(s, "Silver")
    seat0 = G.view(s, 1)["seats"][0]
    assert seat0["hand_size"] == 6 and "hand" not in seat0 and seat0["hand_known"] == []
    assert "Gold" in G.view(s, 0)["seats"][0]["hand"]


def test_monkey_in_solitaire_watches_no_one():
    s = start_turn(new("Monkey", players=1, edition=SECOND), hand=["Monkey"], deck=["Copper"] * 6)
    play(s, "Monkey")
    to_buy(s)
    buy(s, "Silver")
    assert len(s.hand[0]) == 0


def test_blockade_sets_a_gained_card_aside_and_puts_it_in_hand_next_turn():
    s = start_turn(new("Blockade", "Smithy", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 15,
                   hand1=["Estate"] * 5)
    play(s, "Blockade")
    assert "choose Smithy" in legal(s) and "choose Gold" not in legal(s)
    choose(s, "Smithy")
    assert names(s.shown[0]) == ["Smithy"] and s.disc[0] == [] and s.owned[0][BY_NAME["Smithy"]] == 1
    finish_turn(s)
    assert names(s.play[0]) == ["Blockade"]
    finish_turn(s)
    assert "Smithy" in hand(s, 0) and s.shown[0] == [] and len(s.hand[0]) == 6
    # the card was face up: everyone knows it is in that hand
    assert G.view(s, 1)["seats"][0]["hand_known"] == ["Smithy"]
    finish_turn(s)
    assert "Blockade" in names(s.disc[0])


def test_blockade_curses_another_seat_that_gains_a_copy_on_its_own_turn():
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5, hand1=["Estate"] * 5)
    play(s, "Blockade")
    choose(s, "Silver")
    finish_turn(s)
    to_buy(s)
    buy(s, "Silver")
    assert s.owned[1][BY_NAME["Curse"]] == 1


def test_blockade_gives_no_curse_for_a_gain_on_another_seats_turn_or_for_other_cards():
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5, hand1=["Estate"] * 5)
    play(s, "Blockade")
    choose(s, "Silver")
    gain(s, 1, BY_NAME["Silver"])  # on seat 1's turn
    assert s.owned[1][BY_NAME["Curse"]] == 0
    finish_turn(s)
    to_buy(s)
    buy(s, "Estate")
    assert s.owned[1][BY_NAME["Curse"]] == 0


def test_blockade_owner_gaining_a_copy_gains_no_curse():
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5)
    play(s, "Blockade")
    choose(s, "Silver")
    to_buy(s)
    buy(s, "Silver")
    assert s.owned[0][BY_NAME["Curse"]] == 0


def test_blockade_curse_ends_when_the_card_goes_to_hand():
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 10, hand1=["Estate"] * 5,
                   deck1=["Estate"] * 10)
    play(s, "Blockade")
    choose(s, "Silver")
    finish_turn(s)
    finish_turn(s)  # seat 1's next turn: the Silver comes to hand
    finish_turn(s)
    to_buy(s)
    buy(s, "Silver")
    assert s.owned[1][BY_NAME["Curse"]] == 0


def test_throne_roomed_blockade_sets_two_cards_aside():
    s = start_turn(new("Blockade", "Throne Room", edition=SECOND), hand=["Throne Room", "Blockade"],
                   deck=["Copper"] * 5, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Blockade")
    choose(s, "Silver")
    choose(s, "Silver")
    assert names(s.shown[0]) == ["Silver", "Silver"]
    finish_turn(s)
    to_buy(s)
    buy(s, "Silver")  # one Curse per Silver set aside
    assert s.owned[1][BY_NAME["Curse"]] == 2
    finish_turn(s)
    assert hand(s, 0).count("Silver") == 2 and s.shown[0] == []
    assert names(s.play[0]) == ["Throne Room", "Blockade"]


def test_blockade_with_nothing_to_gain_does_not_stay():
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5)
    empty_pile(s, *(NAMES[c] for c in s.piles if COST[c] <= 4))
    play(s, "Blockade")
    assert s.shown[0] == [] and s.dur[0] == []
    finish_turn(s)
    assert "Blockade" in names(s.disc[0])


def test_blockade_gaining_a_copy_of_a_set_aside_card_curses_the_gainer_above_the_card():
    # seat 2 Blockades Silver while seat 1 holds a Silver set aside: seat 2's Silver is set aside all the same
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5,
                   hand1=["Blockade"] + ["Estate"] * 4)
    play(s, "Blockade")
    choose(s, "Silver")
    finish_turn(s)
    play(s, "Blockade")
    choose(s, "Silver")
    assert names(s.shown[1]) == ["Silver"] and names(s.disc[1]) == ["Curse"]


def test_blockade_on_a_curse_chains_until_the_curse_pile_is_empty():
    # each Curse the gainer gains on its turn is a copy of the set-aside Curse: read literally, one more follows
    s = start_turn(new("Blockade", edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5, hand1=["Estate"] * 5)
    play(s, "Blockade")
    choose(s, "Curse")
    finish_turn(s)
    to_buy(s, 0)
    buy(s, "Curse")
    assert s.owned[1][BY_NAME["Curse"]] == 9 and s.supply[BY_NAME["Curse"]] == 0


def test_blockade_spares_a_seat_that_revealed_moat_and_curses_the_others():
    s = start_turn(new("Blockade", "Moat", players=3, edition=SECOND), hand=["Blockade"], deck=["Copper"] * 5,
                   hand1=["Moat"], deck1=["Estate"] * 5, hand2=["Estate"], deck2=["Estate"] * 5)
    play(s, "Blockade")
    yes(s)  # seat 2 reveals Moat; seat 3 holds none
    choose(s, "Silver")
    assert s.blockade == 0b100  # seat 3 alone, for seat 1's Blockade
    finish_turn(s)
    to_buy(s)
    buy(s, "Silver")  # seat 2, unaffected: no Curse
    assert s.owned[1][BY_NAME["Curse"]] == 0
    finish_turn(s)
    assert s.cur == 2
    to_buy(s)
    buy(s, "Silver")  # seat 3, affected
    assert s.owned[2][BY_NAME["Curse"]] == 1


def test_sailor_may_play_a_gained_duration_and_pays_next_turn():
    s = start_turn(new("Sailor", "Monkey", edition=SECOND), hand=["Sailor"], deck=["Copper", "Estate"] * 3,
                   hand1=["Estate"] * 5)
    play(s, "Sailor")
    assert s.actions == 1
    to_buy(s)
    buy(s, "Monkey")
    assert legal(s) == {"yes", "no"} and G.view(s, 0)["pending"]["say"]["key"] == "sailor.ask"
    yes(s)
    assert names(s.play[0]) == ["Sailor", "Monkey"] and s.monkey[0] == 1 and s.disc[0] == []
    assert s.actions == 1  # no Action used
    finish_turn(s)
    assert names(s.play[0]) == ["Sailor", "Monkey"]
    finish_turn(s)
    assert s.cur == 0 and s.coins == 2
    assert legal(s) == {"choose Copper", "choose Estate", "done"}
    choose(s, "Estate")
    assert "Estate" in names(s.trash)


def test_sailor_trash_is_optional():
    s = start_turn(new("Sailor", edition=SECOND), hand=["Sailor"], deck=["Copper"] * 10, hand1=["Estate"] * 5)
    play(s, "Sailor")
    finish_turn(s)
    finish_turn(s)
    done(s)
    assert s.trash == [] and s.coins == 2 and len(s.hand[0]) == 5


def test_sailor_plays_only_once_per_turn():
    s = start_turn(new("Sailor", "Monkey", edition=SECOND), hand=["Sailor"], deck=["Copper"] * 5)
    play(s, "Sailor")
    to_buy(s)
    buy(s, "Monkey")
    yes(s)
    buy(s, "Monkey")
    assert not s.stack and names(s.disc[0]) == ["Monkey"]


def test_sailor_declined_keeps_its_use_for_a_later_duration():
    s = start_turn(new("Sailor", "Monkey", edition=SECOND), hand=["Sailor"], deck=["Copper"] * 5)
    play(s, "Sailor")
    to_buy(s)
    buy(s, "Monkey")
    no(s)
    buy(s, "Monkey")
    assert legal(s) == {"yes", "no"}
    yes(s)
    assert names(s.play[0]) == ["Sailor", "Monkey"] and names(s.disc[0]) == ["Monkey"]


def test_sailor_asks_nothing_next_turn_with_an_empty_hand():
    s = start_turn(new("Sailor", edition=SECOND), hand=["Sailor"], deck=[], discard=[], hand1=["Estate"] * 5)
    play(s, "Sailor")
    finish_turn(s)  # the Clean-up draws the Sailor's own turn's hand back: make it empty
    s.hand[0], s.deck[0], s.disc[0] = [], [], []
    finish_turn(s)
    assert s.cur == 0 and s.coins == 2 and not s.stack


def test_sailor_ignores_non_durations_and_other_turns():
    s = start_turn(new("Sailor", "Monkey", edition=SECOND), hand=["Sailor"], deck=["Copper"] * 5,
                   hand1=["Estate"] * 5)
    play(s, "Sailor")
    to_buy(s)
    buy(s, "Silver")
    assert not s.stack
    finish_turn(s)
    to_buy(s)
    buy(s, "Monkey")  # seat 2's gain: Sailor is seat 1's
    assert not s.stack


def test_throne_roomed_sailor_plays_two_gained_durations_and_pays_twice():
    s = start_turn(new("Sailor", "Monkey", "Throne Room", edition=SECOND), hand=["Throne Room", "Sailor"],
                   deck=["Copper"] * 10, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Sailor")
    assert s.actions == 2
    to_buy(s)
    buy(s, "Monkey")
    yes(s)
    buy(s, "Monkey")
    yes(s)
    assert s.monkey[0] == 2
    finish_turn(s)
    finish_turn(s)
    assert s.coins == 2  # the second Sailor waits for the first one's question
    done(s)
    assert s.coins == 4
    done(s)  # one trash question per play
    assert not s.stack


def test_sailor_plays_a_gained_tide_pools_in_the_buy_phase():
    s = start_turn(new("Sailor", "Tide Pools", edition=SECOND), hand=["Sailor"], deck=["Gold"] * 3)
    play(s, "Sailor")
    to_buy(s, 4)
    buy(s, "Tide Pools")
    yes(s)
    assert hand(s) == ["Gold"] * 3 and s.phase == BUY_PHASE and s.actions == 2
    assert "play Gold" not in legal(s)  # a card was bought: no more Treasures this turn


def test_sailor_plays_a_duration_blockade_set_aside():
    s = start_turn(new("Sailor", "Blockade", "Monkey", edition=SECOND), hand=["Sailor", "Blockade"],
                   deck=["Copper"] * 5)
    play(s, "Sailor")
    play(s, "Blockade")
    choose(s, "Monkey")
    yes(s)  # Sailor: play the Monkey (set aside by Blockade)
    assert names(s.play[0]) == ["Sailor", "Blockade", "Monkey"] and s.shown[0] == []


def test_sailor_question_is_public_as_the_gain_is():
    s = start_turn(new("Sailor", "Monkey", edition=SECOND), hand=["Sailor"], deck=["Copper"] * 5)
    play(s, "Sailor")
    to_buy(s)
    buy(s, "Monkey")
    assert G.view(s, 1)["pending"]["say"]["key"] == "sailor.ask"


def test_tide_pools_draws_three_and_discards_two_next_turn():
    s = start_turn(new("Tide Pools", edition=SECOND), hand=["Tide Pools"],
                   deck=["Copper"] * 3 + ["Gold", "Estate", "Estate", "Silver", "Copper"] + ["Copper"] * 10,
                   hand1=["Estate"] * 5)
    play(s, "Tide Pools")
    assert len(s.hand[0]) == 3 and s.actions == 1
    finish_turn(s)
    finish_turn(s)
    assert s.cur == 0 and legal(s) == {"choose Gold", "choose Estate", "choose Silver", "choose Copper"}
    choose(s, "Estate")
    assert G.view(s, 1)["seats"][0]["discard_size"] == len(s.disc[0])
    choose(s, "Estate")
    assert hand(s) == ["Copper", "Gold", "Silver"] and names(s.disc[0])[-2:] == ["Estate", "Estate"]
    finish_turn(s)
    assert "Tide Pools" in names(s.disc[0])


def test_tide_pools_discards_the_whole_hand_when_it_is_smaller():
    s = start_turn(new("Tide Pools", edition=SECOND), hand=["Tide Pools"], deck=["Copper"] * 3 + ["Gold"],
                   hand1=["Estate"] * 5)
    play(s, "Tide Pools")
    finish_turn(s)  # the Clean-up draws the one card left: no reshuffle (the discard pile is the old hand)
    s.hand[0] = [BY_NAME["Gold"]]
    s.deck[0], s.top[0] = [], []
    finish_turn(s)
    assert s.hand[0] == [] and not s.stack and names(s.disc[0])[-1] == "Gold"


def test_tide_pools_discard_is_seen_only_as_its_top_card():
    s = start_turn(new("Tide Pools", edition=SECOND), hand=["Tide Pools"],
                   deck=["Copper"] * 3 + ["Gold", "Province", "Estate", "Silver", "Copper"], hand1=["Estate"] * 5)
    play(s, "Tide Pools")
    finish_turn(s)
    finish_turn(s)
    choose(s, "Province")
    choose(s, "Gold")
    seat0 = G.view(s, 1)["seats"][0]
    assert seat0["discard_top"] == "Gold" and "discard" not in seat0


def test_throne_roomed_tide_pools_discards_four_next_turn():
    s = start_turn(new("Tide Pools", "Throne Room", edition=SECOND), hand=["Throne Room", "Tide Pools"],
                   deck=["Copper"] * 12, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Tide Pools")
    assert len(s.hand[0]) == 6 and s.actions == 2
    finish_turn(s)
    finish_turn(s)
    for _ in range(4):  # a hand of Coppers: each pick has one answer, still asked (the hand is hidden)
        assert pending_seat(s) == 0 and legal(s) == {"choose Copper"}
        choose(s, "Copper")
    assert len(s.hand[0]) == 1 and not s.stack and names(s.disc[0])[-4:] == ["Copper"] * 4


def test_corsair_trashes_the_first_silver_a_victim_plays_and_its_coins_count():
    s = start_turn(new("Corsair", edition=SECOND), hand=["Corsair"], deck=["Copper"] * 6,
                   hand1=["Silver", "Silver", "Gold", "Copper", "Estate"])
    play(s, "Corsair")
    assert s.coins == 2 and s.corsair & 1 and corsair_hits(s, 1)
    finish_turn(s)
    act(s, "play_treasures")
    assert s.coins == 2 + 2 + 3 + 1
    assert names(s.trash) == ["Silver"] and s.owned[1][BY_NAME["Silver"]] == 1
    assert names(s.play[1]).count("Silver") == 1
    finish_turn(s)
    assert s.corsair == 0 and len(s.hand[0]) == 6  # +1 Card, and the attack is over


def test_corsair_trashes_one_per_turn_and_a_gold_if_first():
    s = start_turn(new("Corsair", edition=SECOND), hand=["Corsair"], deck=["Copper"] * 6,
                   hand1=["Gold", "Silver", "Copper", "Copper", "Copper"])
    play(s, "Corsair")
    finish_turn(s)
    act(s, "play", "Gold")
    act(s, "play", "Silver")
    assert names(s.trash) == ["Gold"] and s.coins == 5


def test_corsair_does_not_touch_its_owners_treasures():
    s = start_turn(new("Corsair", edition=SECOND), hand=["Corsair", "Silver", "Gold"], deck=["Copper"])
    play(s, "Corsair")
    act(s, "play_treasures")
    assert s.trash == [] and s.coins == 7


def test_corsair_moat_protects_with_two_players():
    s = start_turn(new("Corsair", "Moat", edition=SECOND), hand=["Corsair"], deck=["Copper"] * 6,
                   hand1=["Moat", "Silver", "Silver"])
    play(s, "Corsair")
    yes(s)
    assert s.corsair == 0 and s.dur[0] == [BY_NAME["Corsair"]]  # no attack, but +1 Card next turn
    finish_turn(s)
    act(s, "end_actions")
    act(s, "play_treasures")
    assert s.trash == []


def test_corsair_lighthouse_protection_protects():
    s = start_turn(new("Corsair", edition=SECOND), hand=["Corsair"], deck=["Copper"] * 6, deck1=["Silver"] * 5)
    s.shield = 1 << 1  # seat 2 is under a Lighthouse
    play(s, "Corsair")
    assert s.corsair == 0


def test_corsair_with_three_players_spares_the_seat_that_revealed_moat_and_hits_the_other():
    s = start_turn(new("Corsair", "Moat", players=3, edition=SECOND), hand=["Corsair"], deck=["Copper"] * 6,
                   hand1=["Moat", "Silver", "Silver"], hand2=["Gold", "Estate"])
    play(s, "Corsair")
    yes(s)  # seat 2 reveals Moat; seat 3 holds none
    assert corsair_hits(s, 2) and not corsair_hits(s, 1)
    finish_turn(s)
    act(s, "end_actions")
    act(s, "play_treasures")  # seat 2: its Silvers stay
    assert names(s.trash) == [] and s.coins == 4
    act(s, "end_buys")
    act(s, "play_treasures")  # seat 3: its Gold is trashed, its $3 still made
    assert names(s.trash) == ["Gold"] and s.coins == 3


def test_throne_roomed_corsair_gives_four_coins_and_two_cards():
    s = start_turn(new("Corsair", "Throne Room", edition=SECOND), hand=["Throne Room", "Corsair"],
                   deck=["Copper"] * 7, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Corsair")
    assert s.coins == 4
    finish_turn(s)
    finish_turn(s)
    assert len(s.hand[0]) == 7 and s.corsair == 0


@pytest.mark.parametrize("edition", ["first", "second"])
def test_outpost_gives_an_extra_turn_with_three_cards_then_the_next_seat(edition):
    s = start_turn(new("Outpost", edition=edition), hand=["Outpost"], deck=["Copper"] * 10, hand1=["Estate"] * 5)
    play(s, "Outpost")
    assert s.outpost and names(s.play[0]) == ["Outpost"]
    finish_turn(s)
    assert s.cur == 0 and s.extra and len(s.hand[0]) == 3 and s.turns == [1, 0]
    assert names(s.play[0]) == ["Outpost"]  # it stays until the extra turn's Clean-up
    finish_turn(s)
    assert s.cur == 1 and not s.extra and s.turns == [1, 0] and len(s.hand[0]) == 5
    assert s.play[0] == [] and "Outpost" in names(s.disc[0])


def test_outpost_does_nothing_in_an_extra_turn():
    s = start_turn(new("Outpost", edition=SECOND), hand=["Outpost"], deck=["Outpost"] + ["Copper"] * 10,
                   hand1=["Estate"] * 5)
    play(s, "Outpost")
    finish_turn(s)
    play(s, "Outpost")
    assert not s.outpost and s.dur[0] == []
    finish_turn(s)
    assert s.cur == 1 and names(s.disc[0]).count("Outpost") == 2


def test_first_edition_outpost_in_an_extra_turn_shortens_the_next_hand_without_a_third_turn():
    s = start_turn(new("Outpost", edition="first"), hand=["Outpost"], deck=["Outpost"] + ["Copper"] * 10,
                   hand1=["Estate"] * 5)
    play(s, "Outpost")
    finish_turn(s)
    play(s, "Outpost")  # in the extra turn
    assert s.outpost and s.dur[0] == []
    finish_turn(s)
    assert s.cur == 1 and not s.extra and len(s.hand[0]) == 3  # the next seat plays; seat 1 waits with 3 cards
    assert names(s.disc[0]).count("Outpost") == 2


def test_only_the_first_outpost_of_a_turn_acts():
    s = start_turn(new("Outpost", edition="first"), hand=["Outpost", "Outpost"], deck=["Copper"] * 10,
                   hand1=["Estate"] * 5)
    s.actions = 2
    play(s, "Outpost")
    play(s, "Outpost")
    finish_turn(s)
    assert s.extra and names(s.play[0]) == ["Outpost"] and names(s.disc[0]) == ["Outpost"]
    finish_turn(s)
    assert s.cur == 1


def test_throne_roomed_outpost_gives_one_extra_turn_and_both_stay():
    s = start_turn(new("Outpost", "Throne Room", edition=SECOND), hand=["Throne Room", "Outpost"],
                   deck=["Copper"] * 10, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Outpost")
    finish_turn(s)
    assert s.extra and names(s.play[0]) == ["Throne Room", "Outpost"]
    finish_turn(s)
    assert s.cur == 1 and s.play[0] == []


def test_durations_pay_out_in_the_extra_turn():
    s = start_turn(new("Outpost", "Corsair", edition=SECOND), hand=["Corsair", "Outpost"], deck=["Copper"] * 10,
                   hand1=["Estate"] * 5)
    s.actions = 2
    play(s, "Corsair")
    play(s, "Outpost")
    finish_turn(s)
    assert s.extra and len(s.hand[0]) == 4 and s.corsair == 0  # 3 cards, then Corsair's +1 Card
    finish_turn(s)
    assert s.cur == 1 and s.play[0] == []


def test_extra_turn_does_not_count_for_the_tie_break():
    s = start_turn(new("Outpost", edition=SECOND), hand=["Outpost"], deck=["Copper"] * 10, hand1=["Estate"] * 5)
    play(s, "Outpost")
    finish_turn(s)
    finish_turn(s)
    assert s.turns == [1, 0] and G.view(s, 1)["seats"][0]["turns"] == 1


def test_pirate_played_gains_a_treasure_to_hand_next_turn():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Pirate"], deck=["Copper"] * 15, hand1=["Estate"] * 5)
    play(s, "Pirate")
    finish_turn(s)
    assert names(s.play[0]) == ["Pirate"]
    finish_turn(s)
    assert legal(s) == {"choose Copper", "choose Silver", "choose Gold"}
    choose(s, "Gold")
    no(s)  # a Treasure gained: every owner of a Pirate is asked, this one too (none in hand)
    assert "Gold" in hand(s) and "Gold" in G.view(s, 1)["seats"][0]["hand_known"]
    finish_turn(s)
    assert "Pirate" in names(s.disc[0])


def test_pirate_reacts_to_another_seats_treasure_gain():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Copper"], deck=["Copper"] * 5,
                   hand1=["Pirate", "Estate"], deck1=["Estate"] * 5)
    to_buy(s)
    s.played = 0
    buy(s, "Silver")
    assert s.to_move == 1 and legal(s) == {"yes", "no"}
    assert G.view(s, 0)["pending"]["say"]["key"] == "pirate.public"  # nothing says a Pirate is held
    yes(s)
    assert names(s.play[1]) == ["Pirate"] and s.played == 0 and s.dur[1] == [BY_NAME["Pirate"]]
    finish_turn(s)  # seat 1's Clean-up leaves seat 2's Pirate alone
    assert s.cur == 1 and names(s.play[1]) == ["Pirate"]
    choose(s, "Gold")
    no(s)
    assert "Gold" in hand(s, 1)
    finish_turn(s)
    assert s.play[1] == [] and "Pirate" in names(s.disc[1])


def test_pirate_owner_without_one_in_hand_is_asked_too():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Copper"], deck=["Copper"] * 5,
                   hand1=["Estate"], deck1=["Pirate"] + ["Estate"] * 4)
    to_buy(s)
    buy(s, "Silver")
    assert s.to_move == 1 and legal(s) == {"no"}
    assert G.view(s, 0)["pending"]["say"]["key"] == "pirate.public"
    assert G.view(s, 1)["pending"]["say"]["key"] == "pirate.none"
    no(s)
    assert not s.stack


def test_pirate_reacts_to_its_owners_own_gain_and_counts_as_a_play():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Pirate", "Copper"], deck=["Copper"] * 5)
    to_buy(s)
    buy(s, "Gold")
    yes(s)
    assert names(s.play[0]) == ["Pirate"] and s.played == 1


def test_pirate_is_not_asked_for_other_gains_nor_of_seats_without_one():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Copper"], deck=["Copper"] * 5,
                   hand1=["Estate"], deck1=["Estate"] * 5)
    to_buy(s)
    buy(s, "Silver")
    assert not s.stack
    s = start_turn(new("Pirate", edition=SECOND), hand=["Copper"], deck=["Copper"] * 5,
                   hand1=["Pirate"], deck1=["Estate"] * 5)
    to_buy(s)
    buy(s, "Estate")
    assert not s.stack


def test_pirate_owner_with_an_empty_hand_is_not_asked():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Copper"], deck=["Copper"] * 5, hand1=[],
                   discard1=["Pirate"])
    to_buy(s)
    buy(s, "Silver")
    assert not s.stack


def test_pirate_played_on_another_turn_does_not_move_that_turns_cards():
    s = start_turn(new("Pirate", edition=SECOND), hand=["Copper"], deck=["Copper"] * 5,
                   hand1=["Pirate", "Estate"], deck1=["Estate"] * 5)
    to_buy(s)
    buy(s, "Silver")
    yes(s)
    finish_turn(s)
    assert names(s.play[0]) == [] and "Pirate" not in names(s.disc[0]) and names(s.play[1]) == ["Pirate"]


def test_throne_roomed_pirate_gains_two_treasures():
    s = start_turn(new("Pirate", "Throne Room", edition=SECOND), hand=["Throne Room", "Pirate"],
                   deck=["Copper"] * 5, hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Pirate")
    finish_turn(s)
    finish_turn(s)
    choose(s, "Gold")
    no(s)
    choose(s, "Silver")
    no(s)
    assert "Gold" in hand(s) and "Silver" in hand(s)
    assert names(s.play[0]) == ["Throne Room", "Pirate"]


def test_sea_witch_draws_curses_and_next_turn_draws_two_then_discards_two():
    s = start_turn(new("Sea Witch", edition=SECOND), hand=["Sea Witch"],
                   deck=["Copper", "Copper"] + ["Estate"] * 5 + ["Gold", "Silver"], hand1=["Estate"] * 5)
    play(s, "Sea Witch")
    assert hand(s) == ["Copper", "Copper"] and s.owned[1][BY_NAME["Curse"]] == 1
    finish_turn(s)
    finish_turn(s)
    assert len(s.hand[0]) == 7 and "Gold" in hand(s)
    choose(s, "Estate", "Estate")
    assert len(s.hand[0]) == 5 and not s.stack


def test_sea_witch_moat_protects_from_the_curse():
    s = start_turn(new("Sea Witch", "Moat", edition=SECOND), hand=["Sea Witch"], deck=["Copper"] * 4,
                   hand1=["Moat"])
    play(s, "Sea Witch")
    yes(s)
    assert s.owned[1][BY_NAME["Curse"]] == 0 and s.dur[0] == [BY_NAME["Sea Witch"]]


def test_throne_roomed_sea_witch_gives_two_curses_and_acts_twice_next_turn():
    s = start_turn(new("Sea Witch", "Throne Room", edition=SECOND), hand=["Throne Room", "Sea Witch"],
                   deck=["Copper"] * 9 + ["Estate", "Gold", "Silver", "Estate", "Gold"], hand1=["Estate"] * 5)
    play(s, "Throne Room")
    choose(s, "Sea Witch")
    assert s.owned[1][BY_NAME["Curse"]] == 2 and len(s.hand[0]) == 4
    finish_turn(s)
    finish_turn(s)
    assert len(s.hand[0]) == 7  # +2 Cards, then discard 2: the second play's +2 waits
    choose(s, "Copper", "Copper")
    assert hand(s) == ["Copper"] * 3 + ["Estate", "Estate", "Gold", "Silver"]
    choose(s, "Estate", "Estate")
    assert hand(s) == ["Copper"] * 3 + ["Gold", "Silver"] and names(s.play[0]) == ["Throne Room", "Sea Witch"]


KINGDOM = "Monkey,Blockade,Sailor,Tide Pools,Corsair,Outpost,Pirate,Sea Witch,Throne Room,Moat"


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_card_and_every_frame_layout(chunk):
    from realms.games.dominion.cards import HANDLERS

    for seed in range(chunk * 15, chunk * 15 + 15):
        opts = {"players": 1 + seed % 4, "kingdom": KINGDOM, "edition": ("first", "second")[seed % 2],
                "turn_limit": 40}
        s = rich_game(opts, seed) if seed % 3 else G.new(opts, seed)
        total = total_cards(s)
        rng = random.Random(seed)
        while s.to_move is not None:
            G.apply(s, rng.choice(G.legal_actions(s)), log=rng.random() < 0.2)
            assert total_cards(s) == total
            for f in s.stack:
                h = HANDLERS[f[0]]
                assert len(f) >= HEAD + len(h.fields) if h.tail else len(f) == HEAD + len(h.fields)
            for p in range(s.players):
                cnt = [0] * NCARDS
                for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.held, s.shown):
                    for c in zone[p]:
                        cnt[c] += 1
                assert cnt == s.owned[p]
            if s.to_move is not None:
                G.view(s, s.to_move)
