"""The rule bots on the Intrigue and Seaside cards: ``bmu-plus`` buys and plays each one through whole games, and
their answers to each card's questions are sensible on positions built by surgery."""

from __future__ import annotations

import pytest

from realms.agents import make_agent
from realms.games.dominion.bots import BMU_PLUS_ORDER, bmu_plus_copies
from realms.games.dominion.cards import BY_NAME, CARDS, IS_ACTION
from realms.games.dominion.cards.seaside import Sailor
from realms.games.dominion.defaults import NONTERMINAL_ORDER, TERMINAL_ORDER
from tests.games.dominion.util import (
    G,
    act,
    deck_top,
    empty_pile,
    hand,
    ids,
    names,
    new,
    play,
    recount,
    start_turn,
)

SETS = ("intrigue", "seaside")
NEW_CARDS = [c for c in CARDS if c.kingdom and c.set in SETS]
EDITION = {1: "first", 2: "second"}


def _edition(card: str) -> str:
    return EDITION[CARDS[BY_NAME[card]].editions[0]]


def _game(*cards: str, **kw):
    return new(*cards, edition=_edition(cards[0]), **kw)


BOT = make_agent("big-money-ultimate", G)


def ask(s) -> str:
    """The bot's answer to the pending question (or its next action)."""
    return str(BOT.act(G, s))


def settle(s) -> None:
    """Let the bots answer every pending question (any seat)."""
    while s.stack and s.to_move is not None:
        G.apply(s, BOT.act(G, s))


def test_every_new_card_is_ranked_and_every_new_action_has_a_play_order():
    for c in NEW_CARDS:
        assert c.name in BMU_PLUS_ORDER
        if IS_ACTION[c.id]:
            assert c.name in NONTERMINAL_ORDER + TERMINAL_ORDER
    assert bmu_plus_copies("Treasure Map") == 2 and bmu_plus_copies("Outpost") == 1


@pytest.mark.parametrize("card", [c.name for c in NEW_CARDS])
def test_bmu_plus_buys_and_plays_each_new_card(card):
    slug = card.lower().replace(" ", "-")
    x = BY_NAME[card]
    bought = 0
    for seed in range(3):
        s = _game(card, seed=seed, turn_limit=80)
        bots = [make_agent(f"bmu-plus:card={slug}", G, seed + 1), make_agent("big-money-ultimate", G, seed + 2)]
        had = False
        steps = 0
        while s.to_move is not None:
            a = bots[s.to_move].act(G, s)
            G.apply(s, a)
            had = had or s.owned[0][x] > 0
            steps += 1
            assert steps < 20000
        assert G.result(s) is not None
        bought += had
    assert bought >= 2, f"bmu-plus bought {card} in {bought} of 3 games"


# --- Intrigue ---------------------------------------------------------------------------------------------------
def test_courtyard_puts_back_a_treasure_it_can_spare():
    s = start_turn(_game("Courtyard"), hand=["Courtyard", "Gold", "Gold", "Copper", "Copper"],
                   deck=["Silver", "Copper", "Copper", "Estate"])
    play(s, "Courtyard")
    assert ask(s) == "choose Gold"  # $11 less a Gold still buys a Province
    s = start_turn(_game("Courtyard"), hand=["Courtyard", "Smithy", "Copper", "Copper"],
                   deck=["Silver", "Copper", "Copper", "Estate"])
    play(s, "Courtyard")
    assert ask(s) == "choose Smithy"  # no Action left to play it


def test_courtyard_puts_back_a_victory_card_when_every_treasure_is_needed():
    s = start_turn(_game("Courtyard"), hand=["Courtyard", "Copper", "Copper", "Copper", "Silver"],
                   deck=["Copper", "Estate", "Estate"])
    play(s, "Courtyard")
    assert ask(s) == "choose Estate"  # $6 buys a Gold; less a Copper it would not


def test_lurker_gains_a_good_action_from_the_trash_else_trashes_from_the_supply():
    s = start_turn(_game("Lurker"), hand=["Lurker", "Copper"], deck=["Copper"])
    s.trash = ids(["Smithy"])
    play(s, "Lurker")
    assert ask(s) == "no"
    settle(s)
    assert "Smithy" in names(s.disc[0]) and not s.trash
    s = start_turn(_game("Lurker"), hand=["Lurker", "Copper"], deck=["Copper"])
    play(s, "Lurker")
    assert ask(s) == "yes"
    before = sum(s.supply)
    settle(s)
    assert sum(s.supply) == before - 1 and not any(s.owned[0][c] for c in s.trash)


def test_pawn_takes_a_card_and_a_coin():
    s = start_turn(_game("Pawn"), hand=["Pawn", "Copper"], deck=["Silver"])
    play(s, "Pawn")
    settle(s)
    assert s.coins == 1 and "Silver" in hand(s)
    s = start_turn(_game("Pawn"), hand=["Pawn", "Smithy"], deck=["Silver"])
    play(s, "Pawn")
    settle(s)
    assert s.actions == 1 and "Silver" in hand(s)  # +1 Action for the Smithy


def test_steward_trashes_junk_only_and_otherwise_takes_coins():
    s = start_turn(_game("Steward"), hand=["Steward", "Gold", "Curse", "Estate", "Copper"], deck=["Copper"] * 3)
    play(s, "Steward")
    assert ask(s) == "done"
    settle(s)
    assert sorted(names(s.trash)) == ["Curse", "Estate"] and "Gold" in hand(s)
    s = start_turn(_game("Steward"), hand=["Steward", "Gold", "Silver", "Copper", "Copper"], deck=["Copper"] * 3)
    play(s, "Steward")
    assert ask(s) == "no"  # no Action left: +$2
    settle(s)
    assert not s.trash


def test_wishing_well_names_the_known_top_card():
    s = start_turn(_game("Wishing Well"), hand=["Wishing Well"], deck=["Copper", "Gold", "Estate"])
    play(s, "Wishing Well")
    assert ask(s) == "choose Gold"
    settle(s)
    assert hand(s) == ["Copper", "Gold"]


def test_baron_discards_an_estate():
    s = start_turn(_game("Baron"), hand=["Baron", "Estate", "Copper"], deck=["Copper"])
    play(s, "Baron")
    assert ask(s) == "yes"
    settle(s)
    assert s.coins == 4


def test_ironworks_gains_by_the_buy_rules():
    s = start_turn(_game("Ironworks"), hand=["Ironworks", "Copper"], deck=["Copper"])
    play(s, "Ironworks")
    assert ask(s) == "choose Silver"


def test_mill_discards_junk_not_money():
    s = start_turn(_game("Mill"), hand=["Mill", "Estate", "Estate", "Gold"], deck=["Copper"])
    play(s, "Mill")
    assert ask(s) == "yes"
    settle(s)
    assert s.coins == 2 and hand(s) == ["Copper", "Gold"]
    s = start_turn(_game("Mill"), hand=["Mill", "Gold", "Silver", "Silver"], deck=["Gold"])
    play(s, "Mill")
    assert ask(s) == "no"


def test_mining_village_is_kept_early_and_trashed_for_a_province_later():
    s = start_turn(_game("Mining Village"), hand=["Mining Village", "Gold", "Gold"], deck=["Copper"])
    play(s, "Mining Village")
    assert ask(s) == "no"
    s = start_turn(_game("Mining Village"), hand=["Mining Village", "Gold", "Gold"], deck=["Copper"])
    s.turns[0] = 14
    play(s, "Mining Village")
    assert ask(s) == "yes"  # $7 + $2: a Province


def test_nobles_takes_actions_only_for_an_action_card_it_could_not_play():
    s = start_turn(_game("Nobles"), hand=["Nobles", "Smithy", "Copper"], deck=["Copper"] * 5)
    play(s, "Nobles")
    assert ask(s) == "no"
    s = start_turn(_game("Nobles"), hand=["Nobles", "Copper"], deck=["Copper"] * 5)
    play(s, "Nobles")
    assert ask(s) == "yes"


def test_secret_chamber_discards_what_does_nothing_this_turn():
    s = start_turn(_game("Secret Chamber"), hand=["Secret Chamber", "Estate", "Duchy", "Copper", "Smithy"], deck=[])
    play(s, "Secret Chamber")
    settle(s)
    assert s.coins == 3 and hand(s) == ["Copper"]


def test_secret_chamber_under_militia_keeps_the_best_three_and_saves_the_next_on_its_deck():
    s = start_turn(_game("Secret Chamber", "Militia"), hand=["Militia"], deck=["Copper"] * 5,
                   hand1=["Secret Chamber", "Gold", "Gold", "Silver", "Estate"], deck1=["Silver", "Copper"])
    play(s, "Militia")
    settle(s)
    assert hand(s, 1) == ["Gold", "Gold", "Silver"]
    assert "Silver" in deck_top(s, 1, 2)


def test_secret_chamber_revealed_again_comes_to_an_end():
    # three Secret Chambers and three Golds under Militia: with each reveal the two cards drawn are the two
    # Chambers put back before, so revealing again while a Chamber is in hand and none is known there loops
    s = start_turn(_game("Secret Chamber", "Militia"), hand=["Militia"], deck=["Copper"] * 5,
                   hand1=["Secret Chamber"] * 3 + ["Gold"] * 3, deck1=["Copper", "Copper"])
    play(s, "Militia")
    for _ in range(60):
        if not s.stack or s.to_move is None:
            break
        G.apply(s, BOT.act(G, s))
    assert not s.stack, "the reveals go on"
    assert len(hand(s, 1)) == 3 and hand(s, 1).count("Gold") == 3


def test_masquerade_passes_the_worst_card_and_trashes_an_estate():
    s = start_turn(_game("Masquerade"), hand=["Masquerade", "Curse", "Gold", "Silver"], deck=["Copper", "Copper"],
                   hand1=["Estate", "Gold", "Gold", "Silver", "Silver"])
    play(s, "Masquerade")
    settle(s)
    assert "Curse" in hand(s, 1) and "Curse" not in hand(s)
    assert names(s.trash) == ["Estate"] and "Gold" in hand(s)


def test_masquerade_never_passes_a_province_and_trashes_a_copper_the_buy_can_spare():
    s = start_turn(_game("Masquerade"), hand=["Masquerade", "Province", "Gold", "Gold", "Silver"],
                   deck=["Copper", "Copper"], hand1=["Silver", "Silver", "Silver", "Silver", "Silver"])
    play(s, "Masquerade")
    settle(s)
    assert "Province" in hand(s) and "Copper" in hand(s, 1)
    assert names(s.trash) == ["Copper"]  # $11 less a Copper still buys a Province


def test_swindler_gives_the_worst_card_of_the_cost():
    s = start_turn(_game("Swindler"), hand=["Swindler"], deck=["Copper"], deck1=["Copper"])
    play(s, "Swindler")
    assert ask(s) == "choose Curse"
    s = start_turn(_game("Swindler"), hand=["Swindler"], deck=["Copper"], deck1=["Estate"])
    play(s, "Swindler")
    assert ask(s) == "choose Estate"


@pytest.mark.parametrize("card, draws", [("Scout", []), ("Patrol", ["Copper"] * 3)])
def test_scout_and_patrol_put_the_best_card_on_top(card, draws):
    s = start_turn(_game(card), hand=[card], deck=[*draws, "Estate", "Copper", "Gold", "Silver", "Copper"])
    play(s, card)
    settle(s)
    assert "Estate" in hand(s)
    assert deck_top(s, 0, 3) == ["Gold", "Silver", "Copper"]


def test_secret_passage_buries_junk_and_tops_a_good_card():
    s = start_turn(_game("Secret Passage"), hand=["Secret Passage", "Estate", "Gold"], deck=["Copper"] * 4)
    play(s, "Secret Passage")
    settle(s)
    assert "Estate" not in hand(s) and s.deck[0][0] == BY_NAME["Estate"]  # at the bottom
    s = start_turn(_game("Secret Passage"), hand=["Secret Passage", "Gold", "Gold"], deck=["Silver", "Silver", "Gold"])
    play(s, "Secret Passage")
    settle(s)
    assert deck_top(s, 0, 1) == ["Silver"]


def test_courtier_reveals_the_card_of_most_types_and_takes_gold_and_coins():
    s = start_turn(_game("Courtier", "Great Hall"), hand=["Courtier", "Copper", "Copper", "Great Hall"], deck=[])
    play(s, "Courtier")
    assert ask(s) == "choose Great Hall"
    settle(s)
    assert s.coins == 3 and s.owned[0][BY_NAME["Gold"]] == 1


def test_minion_attacks_with_a_poor_hand_and_takes_coins_with_a_good_one():
    s = start_turn(_game("Minion"), hand=["Minion", "Copper", "Estate", "Estate"], deck=["Copper"] * 5)
    play(s, "Minion")
    assert ask(s) == "no"
    s = start_turn(_game("Minion"), hand=["Minion", "Gold", "Silver"], deck=["Copper"] * 5)
    play(s, "Minion")
    assert ask(s) == "yes"


def test_replace_turns_an_estate_into_a_silver_on_the_deck():
    s = start_turn(_game("Replace"), hand=["Replace", "Estate", "Gold"], deck=["Copper"])
    play(s, "Replace")
    settle(s)
    assert names(s.trash) == ["Estate"] and deck_top(s, 0, 1) == ["Silver"]


def test_saboteur_victim_regains_by_the_buy_rules():
    s = start_turn(_game("Saboteur"), hand=["Saboteur"], deck=[], deck1=["Gold"])
    play(s, "Saboteur")
    assert ask(s) == "choose Silver"


def test_torturer_victims_choose_by_their_hand():
    for hand1, answer in [(["Estate", "Estate", "Copper", "Copper", "Silver"], "yes"),
                          (["Gold", "Gold", "Copper", "Copper", "Estate"], "no")]:
        s = start_turn(_game("Torturer"), hand=["Torturer"], deck=["Copper"] * 3, hand1=hand1)
        play(s, "Torturer")
        assert s.stack[-1][2] == 1 and ask(s) == answer
    s = start_turn(_game("Torturer"), hand=["Torturer"], deck=["Copper"] * 3,
                   hand1=["Gold", "Gold", "Copper", "Copper", "Estate"])
    empty_pile(s, "Curse")
    play(s, "Torturer")
    assert ask(s) == "no"  # no Curse left: nothing to take


def test_trading_post_and_upgrade_trash_junk_not_gold():
    s = start_turn(_game("Trading Post"), hand=["Trading Post", "Gold", "Estate", "Copper", "Silver"], deck=[])
    play(s, "Trading Post")
    settle(s)
    assert sorted(names(s.trash)) == ["Copper", "Estate"] and hand(s) == ["Gold", "Silver", "Silver"]
    s = start_turn(_game("Upgrade"), hand=["Upgrade", "Estate", "Gold"], deck=["Gold"])
    play(s, "Upgrade")
    settle(s)
    assert names(s.trash) == ["Estate"] and "Silver" in names(s.disc[0])


# --- Seaside ----------------------------------------------------------------------------------------------------
def test_embargo_marks_a_pile_the_others_buy():
    s = start_turn(_game("Embargo"), hand=["Embargo"], deck=[], hand1=["Smithy", "Copper"])
    play(s, "Embargo")
    settle(s)
    assert s.embargo[BY_NAME["Smithy"]] == 1


def test_native_village_fills_the_mat_then_takes_it():
    s = start_turn(_game("Native Village"), hand=["Native Village"], deck=["Gold", "Copper"])
    play(s, "Native Village")
    assert ask(s) == "yes"
    s = start_turn(_game("Native Village"), hand=["Native Village"], deck=["Gold", "Copper"])
    s.nvmat[0] = ids(["Gold", "Gold", "Silver"])
    recount(s)
    play(s, "Native Village")
    assert ask(s) == "no"


def test_pearl_diver_tops_good_bottom_cards_only():
    for bottom, answer in [("Gold", "yes"), ("Estate", "no"), ("Smithy", "yes"), ("Copper", "no")]:
        s = start_turn(_game("Pearl Diver"), hand=["Pearl Diver"], deck=["Copper", "Copper", bottom])
        play(s, "Pearl Diver")
        assert ask(s) == answer, bottom


def test_ambassador_returns_two_estates():
    s = start_turn(_game("Ambassador"), hand=["Ambassador", "Estate", "Estate", "Gold"], deck=[])
    play(s, "Ambassador")
    assert ask(s) == "choose Estate"
    settle(s)
    assert hand(s) == ["Gold"] and s.owned[1][BY_NAME["Estate"]] == 4


def test_lookout_trashes_the_worst_discards_the_middle_keeps_the_best():
    s = start_turn(_game("Lookout"), hand=["Lookout"], deck=["Silver", "Estate", "Gold", "Copper"])
    play(s, "Lookout")
    settle(s)
    assert names(s.trash) == ["Estate"] and names(s.disc[0]) == ["Silver"] and deck_top(s, 0, 1) == ["Gold"]


def test_smugglers_takes_the_best_card_by_the_buy_rules():
    s = start_turn(_game("Smugglers"), hand=["Smugglers"], deck=[])
    s.gains[1] = ids(["Copper", "Gold", "Estate"])
    play(s, "Smugglers")
    assert ask(s) == "choose Gold"


def test_warehouse_and_island_part_with_junk():
    s = start_turn(_game("Warehouse"), hand=["Warehouse", "Estate", "Curse", "Gold"],
                   deck=["Silver", "Duchy", "Copper"])
    play(s, "Warehouse")
    settle(s)
    assert hand(s) == ["Copper", "Gold", "Silver"]
    s = start_turn(_game("Island"), hand=["Island", "Province", "Gold", "Copper"], deck=[])
    play(s, "Island")
    settle(s)
    assert names(s.island[0]) == ["Island", "Province"]


def test_salvager_trashes_an_estate_early():
    s = start_turn(_game("Salvager"), hand=["Salvager", "Estate", "Gold", "Copper"], deck=[])
    play(s, "Salvager")
    settle(s)
    assert names(s.trash) == ["Estate"] and s.coins == 2


def test_haven_keeps_a_gold_it_can_spare_for_next_turn():
    s = start_turn(_game("Haven"), hand=["Haven", "Gold", "Gold", "Gold"], deck=["Silver"])
    play(s, "Haven")
    settle(s)
    assert names(s.held[0]) == ["Gold"]  # $11 less a Gold still buys a Province
    s = start_turn(_game("Haven"), hand=["Haven", "Gold", "Gold", "Gold"], deck=["Copper"])
    play(s, "Haven")
    settle(s)
    assert names(s.held[0]) == ["Copper"]  # $10 less a Gold would not


def test_navigator_discards_a_poor_five_and_keeps_a_good_one_best_on_top():
    s = start_turn(_game("Navigator"), hand=["Navigator"], deck=["Estate", "Estate", "Copper", "Curse", "Copper"])
    play(s, "Navigator")
    assert ask(s) == "yes"
    s = start_turn(_game("Navigator"), hand=["Navigator"], deck=["Copper", "Estate", "Gold", "Silver", "Gold"])
    play(s, "Navigator")
    assert ask(s) == "no"
    settle(s)
    assert deck_top(s, 0, 3) == ["Gold", "Gold", "Silver"]


def test_pirate_ship_attacks_for_tokens_then_cashes_them():
    s = start_turn(_game("Pirate Ship"), hand=["Pirate Ship"], deck=[], deck1=["Silver", "Gold"])
    play(s, "Pirate Ship")
    assert ask(s) == "yes"
    settle(s)
    assert names(s.trash) == ["Gold"] and s.pcoins[0] == 1
    s = start_turn(_game("Pirate Ship"), hand=["Pirate Ship"], deck=[])
    s.pcoins[0] = 3
    play(s, "Pirate Ship")
    assert ask(s) == "no"


def test_explorer_reveals_a_province():
    s = start_turn(_game("Explorer"), hand=["Explorer", "Province"], deck=[])
    play(s, "Explorer")
    settle(s)
    assert "Gold" in hand(s)


def test_ghost_ship_victim_keeps_its_best_three():
    s = start_turn(_game("Ghost Ship"), hand=["Ghost Ship"], deck=["Copper"] * 2,
                   hand1=["Copper", "Gold", "Estate", "Gold", "Silver"])
    play(s, "Ghost Ship")
    settle(s)
    assert hand(s, 1) == ["Gold", "Gold", "Silver"]


def test_ghost_ship_victim_puts_back_junk_then_the_best_card_its_buy_can_spare():
    s = start_turn(_game("Ghost Ship"), hand=["Ghost Ship"], deck=["Copper"] * 2,
                   hand1=["Gold", "Silver", "Silver", "Copper", "Estate"])
    play(s, "Ghost Ship")
    settle(s)
    assert sorted(hand(s, 1)) == ["Copper", "Gold", "Silver"]  # $6 still buys a Gold; a Silver waits on the deck
    assert deck_top(s, 1, 2) == ["Silver", "Estate"]


def test_bridge_buys_what_its_discount_makes_affordable():
    s = start_turn(_game("Bridge"), hand=["Bridge", "Gold", "Silver", "Copper"], deck=["Copper"])
    play(s, "Bridge")
    act(s, "play_treasures")
    assert s.coins == 7  # $6 and Bridge's $1; a Province costs $7 this turn
    s.owned[0][BY_NAME["Gold"]] += 6  # money enough for Big Money Ultimate's Provinces
    assert ask(s) == "buy Province"


def test_treasury_goes_onto_the_deck():
    s = start_turn(_game("Treasury"), hand=["Treasury", "Copper"], deck=["Copper"])
    play(s, "Treasury")
    act(s, "end_buys")
    assert ask(s) == "yes"
    settle(s)
    assert BY_NAME["Treasury"] in s.hand[0] + s.deck[0]


def test_blockade_sets_aside_a_silver():
    s = start_turn(_game("Blockade"), hand=["Blockade"], deck=[])
    play(s, "Blockade")
    settle(s)
    assert names(s.shown[0]) == ["Silver"]


def test_sailor_plays_a_gained_duration_and_trashes_junk_next_turn():
    s = start_turn(_game("Sailor"), hand=["Copper", "Estate", "Gold"], deck=[])
    s.stack.append([Sailor.id, Sailor.TRASH, 0, -1])
    assert ask(s) == "choose Estate"
    s = start_turn(_game("Sailor"), hand=["Copper", "Silver", "Gold"], deck=[])
    s.stack.append([Sailor.id, Sailor.TRASH, 0, -1])
    assert ask(s) == "done"
    s = start_turn(_game("Sailor"), hand=["Copper"], deck=[])
    s.stack.append([Sailor.id, Sailor.PLAY, 0, BY_NAME["Sailor"]])
    s.dur[0].append(Sailor.id)
    s.disc[0].append(Sailor.id)
    recount(s)
    assert ask(s) == "yes"


@pytest.mark.parametrize("card", ["Tide Pools", "Sea Witch"])
def test_tide_pools_and_sea_witch_discard_junk(card):
    s = start_turn(_game(card), hand=["Gold", "Estate", "Silver", "Curse"], deck=[])
    CARDS[BY_NAME[card]]._push_discard(s, 0)
    settle(s)
    assert hand(s) == ["Gold", "Silver"]


def test_pirate_is_played_when_a_treasure_is_gained():
    s = start_turn(_game("Pirate"), hand=["Copper"], deck=[], hand1=["Pirate", "Copper"])
    s.stack.append([BY_NAME["Pirate"], 0, 1, BY_NAME["Silver"], 0])
    assert ask(s) == "yes"


def test_a_lone_treasure_map_is_not_played():
    s = start_turn(_game("Treasure Map"), hand=["Treasure Map", "Copper"], deck=["Copper"] * 5)
    assert ask(s) == "end the Action phase"
    s = start_turn(_game("Treasure Map"), hand=["Treasure Map", "Treasure Map", "Copper"], deck=["Copper"] * 5)
    assert ask(s) == "play Treasure Map"
    play(s, "Treasure Map")
    assert deck_top(s, 0, 4) == ["Gold"] * 4
