"""Setup, the basic cards, the ABC turn, the end of the game, options and the action protocol."""

from __future__ import annotations

import json

import pytest

import realms.games
from realms.core.errors import IllegalAction, OptionsError
from realms.games.dominion.cards import BY_NAME, CARDS, COST, NAMES, NCARDS
from realms.games.dominion.rules import ACTIONS, DominionState
from realms.games.dominion.supply import FIRST_GAME, KINGDOM_NAMES
from tests.games.dominion.util import (
    G,
    act,
    empty_pile,
    hand,
    ids,
    kingdom_with,
    legal,
    names,
    new,
    play,
    set_pile,
    start_turn,
)

# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_player_starts_with_seven_coppers_three_estates_and_draws_five(players):
    s = G.new({"players": players}, 3)
    for p in range(players):
        assert sorted(names(s.hand[p] + s.deck[p])) == ["Copper"] * 7 + ["Estate"] * 3
        assert len(s.hand[p]) == 5 and len(s.deck[p]) == 5
        assert s.owned[p][BY_NAME["Copper"]] == 7 and s.owned[p][BY_NAME["Estate"]] == 3


@pytest.mark.parametrize("players,victory,curses,copper", [(1, 8, 10, 46), (2, 8, 10, 46), (3, 12, 20, 39),
                                                            (4, 12, 30, 32)])
def test_pile_sizes_by_player_count(players, victory, curses, copper):
    s = G.new({"players": players, "colony_platinum": True}, 0)
    sup = {NAMES[c]: s.supply[c] for c in s.piles}
    assert sup["Estate"] == sup["Duchy"] == sup["Province"] == sup["Colony"] == victory
    assert sup["Curse"] == curses and sup["Copper"] == copper
    assert sup["Silver"] == 40 and sup["Gold"] == 30 and sup["Platinum"] == 12
    assert all(sup[k] == 10 for k in FIRST_GAME[1])


def test_starting_estates_come_from_outside_the_supply():
    s = G.new({"players": 2}, 0)
    assert s.supply[BY_NAME["Estate"]] == 8


def test_platinum_and_colony_only_in_the_colony_variant():
    s = G.new({"players": 2}, 0)
    assert BY_NAME["Colony"] not in s.piles and BY_NAME["Platinum"] not in s.piles
    s = G.new({"players": 2, "colony_platinum": True}, 0)
    assert BY_NAME["Colony"] in s.piles and BY_NAME["Platinum"] in s.piles


# --- basic cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize("card,coins", [("Copper", 1), ("Silver", 2), ("Gold", 3), ("Platinum", 5)])
def test_treasures_are_worth_their_coins_in_the_buy_phase(card, coins):
    s = start_turn(new(colony=True), hand=[card], deck=[])
    act(s, "play", card)
    assert s.coins == coins


@pytest.mark.parametrize("card,cost", [("Copper", 0), ("Silver", 3), ("Gold", 6), ("Platinum", 9), ("Curse", 0),
                                       ("Estate", 2), ("Duchy", 5), ("Province", 8), ("Colony", 11)])
def test_basic_card_costs(card, cost):
    assert COST[BY_NAME[card]] == cost


@pytest.mark.parametrize("cards,vp", [(["Estate"], 1), (["Duchy"], 3), (["Province"], 6), (["Colony"], 10),
                                      (["Curse"], -1), (["Curse", "Province", "Estate"], 6)])
def test_victory_points(cards, vp):
    s = start_turn(new(colony=True), hand=cards, deck=[])
    assert G.score(s, 0) == vp


def test_victory_cards_and_curses_are_dead_in_hand():
    s = start_turn(new(), hand=["Estate", "Duchy", "Province", "Curse", "Copper"], deck=[])
    assert s.phase == 1  # nothing to play in the Action phase
    assert not any(a.startswith("play ") and a != "play all treasures" and a != "play Copper" for a in legal(s))


def test_curse_can_be_bought_for_zero():
    s = start_turn(new(), hand=["Estate"], deck=[])
    act(s, "buy", "Curse")
    assert s.owned[0][BY_NAME["Curse"]] == 1


# --- the Action phase --------------------------------------------------------------------------------


def test_action_phase_offers_each_action_card_or_none():
    s = start_turn(new("Village", "Smithy"), hand=["Village", "Smithy", "Copper"], deck=["Copper"] * 5)
    assert legal(s) == {"play Village", "play Smithy", "end the Action phase"}
    play(s, "Village")
    assert s.actions == 2
    act(s, "end_actions")
    assert s.phase == 1


def test_treasures_cannot_be_played_in_the_action_phase():
    s = start_turn(new("Village"), hand=["Village", "Copper"], deck=["Copper"])
    with pytest.raises(IllegalAction, match="Buy phase"):
        act(s, "play", "Copper")


def test_action_phase_is_skipped_without_action_cards():
    s = start_turn(new(), hand=["Copper", "Estate"], deck=[])
    assert s.phase == 1 and s.to_move == 0


# --- the Buy phase -------------------------------------------------------------------------------------


def test_treasures_play_in_any_subset_and_order_then_buy():
    s = start_turn(new("Woodcutter"), hand=["Woodcutter", "Copper", "Silver", "Gold"], deck=[])
    play(s, "Woodcutter")
    assert {"play all treasures", "play Copper", "play Silver", "play Gold"} <= legal(s)
    act(s, "play", "Gold")
    act(s, "play", "Copper")
    assert s.coins == 6 and hand(s) == ["Silver"]
    act(s, "buy", "Silver")
    assert "play Silver" not in legal(s)  # no Treasures after the first buy
    with pytest.raises(IllegalAction, match="after buying"):
        act(s, "play", "Silver")


def test_several_buys_share_the_coins():
    s = start_turn(new("Woodcutter"), hand=["Woodcutter", "Gold", "Gold"], deck=[])
    play(s, "Woodcutter")
    act(s, "play_treasures")
    assert s.coins == 8 and s.buys == 2
    act(s, "buy", "Gold")
    assert s.coins == 2 and s.buys == 1 and "buy Silver" not in legal(s) and "buy Estate" in legal(s)
    act(s, "buy", "Estate")
    assert s.cur == 1 and s.owned[0][BY_NAME["Gold"]] == 3 and s.owned[0][BY_NAME["Estate"]] == 1


def test_buying_nothing_is_a_choice():
    s = start_turn(new(), hand=["Copper"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    assert "end buying" in legal(s)
    act(s, "end_buys")
    assert s.cur == 1


def test_end_buys_is_offered_alone_when_nothing_can_be_bought():
    s = new()
    empty_pile(s, "Copper", "Curse")
    start_turn(s, hand=["Estate"], deck=[])
    assert [str(a) for a in G.legal_actions(s)] == ["end buying"]


def test_buy_errors_say_why_and_leave_the_state_unchanged():
    s = start_turn(new(), hand=["Silver"], deck=[])
    act(s, "play_treasures")
    before = json.dumps(s.to_data(), sort_keys=True)
    with pytest.raises(IllegalAction, match=r"Gold costs \$6 but seat 1 has \$2"):
        act(s, "buy", "Gold")
    with pytest.raises(IllegalAction, match="not in this game's Supply"):
        act(s, "buy", "Witch")
    s.supply[BY_NAME["Estate"]] = 0
    with pytest.raises(IllegalAction, match="pile is empty"):
        act(s, "buy", "Estate")  # checked even when the legal-action memo has not caught up
    s.supply[BY_NAME["Estate"]] = 8
    with pytest.raises(IllegalAction, match="not a choice|Buy phase"):
        act(s, "yes")
    assert json.dumps(s.to_data(), sort_keys=True) == before


def test_frame_errors_name_the_question():
    s = start_turn(new("Militia"), hand=["Militia"], deck=[], hand1=["Copper", "Estate", "Gold", "Silver", "Silver"])
    play(s, "Militia")
    before = s.to_data()
    with pytest.raises(IllegalAction, match="discard down to 3"):
        act(s, "choose", "Province")
    with pytest.raises(IllegalAction):
        act(s, "end_buys")
    assert s.to_data() == before


def test_foreign_actions_are_rejected():
    s = G.new({}, 0)
    with pytest.raises(IllegalAction):
        G.apply(s, "buy Province")  # type: ignore[arg-type]
    kd = realms.games.get("kingdomino")
    with pytest.raises(IllegalAction):
        G.apply(s, kd.actions[0])


# --- Clean-up -----------------------------------------------------------------------------------------


def test_cleanup_discards_hand_and_play_and_draws_five():
    s = start_turn(new("Village"), hand=["Village", "Estate", "Copper"], deck=["Gold"] * 6, discard=[])
    play(s, "Village")
    act(s, "play_treasures")
    act(s, "end_buys")
    assert hand(s) == ["Gold"] * 5 and sorted(names(s.disc[0])) == ["Copper", "Estate", "Gold", "Village"]
    assert s.play[0] == [] and s.turns[0] == 1 and s.cur == 1 and (s.actions, s.buys, s.coins) == (1, 1, 0)


def test_cleanup_puts_the_hand_down_first_and_the_played_cards_on_top():
    """Our ruling (docs/dominion.md): at clean-up the hand goes down first and the played cards on top, so the public
    top of the discard pile is a card its owner played, never one of the unplayed hand."""
    s = start_turn(new("Village"), hand=["Village", "Estate", "Estate", "Copper"], deck=["Gold"] * 6,
                   discard=["Silver"])
    play(s, "Village")
    act(s, "play_treasures")
    act(s, "end_buys")
    assert names(s.disc[0][:3]) == ["Silver", "Estate", "Estate"]
    assert sorted(names(s.disc[0][3:])) == ["Copper", "Gold", "Village"]
    top = G.view(s, 1)["seats"][0]["discard_top"]
    assert top in ("Village", "Copper", "Gold") and top != "Estate"


def test_cleanup_reshuffles_only_when_the_deck_runs_out():
    s = start_turn(new(), hand=["Estate"], deck=["Gold", "Gold", "Gold"], discard=["Silver", "Silver"])
    events = act(s, "end_buys", log=True)
    # the three Golds first, then the discard pile (Silvers and the discarded Estate) is shuffled
    assert hand(s).count("Gold") == 3 and len(s.hand[0]) == 5
    assert any(e.kind == "reshuffle" and e.text == "Seat 1 shuffled 3 cards" for e in events)
    assert len(s.deck[0]) == 1


def test_no_reshuffle_while_the_deck_has_cards():
    s = start_turn(new(), hand=["Estate"], deck=["Gold"] * 5, discard=["Silver"])
    events = act(s, "end_buys", log=True)
    assert not any(e.kind == "reshuffle" for e in events) and hand(s) == ["Gold"] * 5


# --- the end --------------------------------------------------------------------------------------------


def test_game_ends_after_the_turn_that_empties_the_province_pile():
    s = new()
    s.supply[BY_NAME["Province"]] = 1
    start_turn(s, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, hand1=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Province")
    assert s.to_move is None and G.result(s) is not None
    assert len(s.hand[0]) == 5  # the turn finished, Clean-up included
    assert s.turns == [1, 0]


def test_game_ends_when_the_colony_pile_empties_and_province_still_ends_it():
    s = new(colony=True)
    s.supply[BY_NAME["Colony"]] = 1
    start_turn(s, hand=["Platinum", "Gold", "Gold"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Colony")
    assert s.to_move is None
    s = new(colony=True)
    s.supply[BY_NAME["Province"]] = 1
    start_turn(s, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Province")
    assert s.to_move is None


def test_game_ends_on_any_three_empty_piles_curse_included():
    s = new()
    empty_pile(s, "Curse", "Village")
    set_pile(s, "Estate", 1)
    start_turn(s, hand=["Copper", "Copper"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Estate")
    assert s.to_move is None


def test_two_empty_piles_do_not_end_the_game():
    s = new()
    empty_pile(s, "Curse")
    set_pile(s, "Estate", 1)
    start_turn(s, hand=["Copper", "Copper"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Estate")
    assert s.to_move == 1 and s.empty == 2


def test_tie_goes_to_the_player_with_fewer_turns():
    s = new()
    s.supply[BY_NAME["Province"]] = 1
    start_turn(s, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, hand1=["Copper"] * 5, deck1=[],
               discard1=["Province"])
    act(s, "play_treasures")
    act(s, "buy", "Province")  # seat 1 ties on points after one more turn than seat 2
    res = G.result(s)
    assert res.scores[0] == res.scores[1]
    assert res.winners == [1] and res.ranks == [2, 1]


def test_tie_with_equal_turns_is_a_shared_win():
    s = new()
    s.supply[BY_NAME["Province"]] = 1
    s.turns = [4, 3]
    start_turn(s, p=1, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, hand0=[], deck0=[],
               discard0=["Province", "Copper"])
    act(s, "play_treasures")
    act(s, "buy", "Province")
    res = G.result(s)
    assert res.scores[0] == res.scores[1] and res.winners == [0, 1] and res.shared


def test_turn_limit_option_ends_the_game():
    s = G.new({"turn_limit": 2}, 1)
    while s.to_move is not None:
        act(s, "end_buys") if s.phase == 1 else act(s, "end_actions")
    assert s.turns == [2, 2] and G.result(s) is not None


def test_no_action_is_legal_after_the_end():
    s = G.new({"turn_limit": 1}, 1)
    act(s, "end_buys")
    act(s, "end_buys")
    assert G.legal_actions(s) == []
    with pytest.raises(IllegalAction, match="over"):
        act(s, "end_buys")


# --- options ---------------------------------------------------------------------------------------------


def test_first_game_kingdom_differs_by_edition():
    s1 = G.new({"edition": "first"}, 0)
    s2 = G.new({"edition": "second"}, 0)
    k1 = {NAMES[c] for c in s1.kingdom}
    k2 = {NAMES[c] for c in s2.kingdom}
    assert k1 == set(FIRST_GAME[1]) and "Woodcutter" in k1
    assert k2 == set(FIRST_GAME[2]) and k1 - k2 == {"Woodcutter"} and k2 - k1 == {"Merchant"}


def test_kingdom_as_a_list_or_a_comma_separated_string():
    names10 = ["Witch", "Chapel", "Village", "Smithy", "Market", "Library", "Mine", "Moat", "Cellar", "Festival"]
    a = G.new({"kingdom": names10}, 0)
    b = G.new({"kingdom": ", ".join(n.lower() for n in names10)}, 0)
    assert set(a.kingdom) == set(b.kingdom) == set(ids(names10))
    assert G.validate_options({"kingdom": ",".join(names10)})["kingdom"] == names10


def test_random_kingdom_is_seeded_and_drawn_from_the_editions_deck():
    first = {tuple(G.new({"kingdom": "random"}, seed).kingdom) for seed in range(40)}
    assert len(first) > 30
    assert G.new({"kingdom": "random"}, 7).kingdom == G.new({"kingdom": "random"}, 7).kingdom
    for seed in range(40):
        k1 = {NAMES[c] for c in G.new({"kingdom": "random", "edition": "first"}, seed).kingdom}
        k2 = {NAMES[c] for c in G.new({"kingdom": "random", "edition": "second"}, seed).kingdom}
        assert len(k1) == len(k2) == 10
        assert not k1 & {"Harbinger", "Merchant", "Vassal", "Poacher", "Bandit", "Sentry", "Artisan"}
        assert not k2 & {"Chancellor", "Woodcutter", "Feast", "Spy", "Thief", "Adventurer"}


def test_a_bad_kingdom_name_lists_the_valid_names():
    bad = ["Witch", "Chapel", "Village", "Smithy", "Market", "Library", "Mine", "Moat", "Cellar", "Fetsival"]
    with pytest.raises(OptionsError) as e:
        G.new({"kingdom": bad}, 0)
    msg = str(e.value)
    assert "'Fetsival' is not a kingdom card" in msg and all(n in msg for n in KINGDOM_NAMES)


@pytest.mark.parametrize("kingdom,match", [
    (["Witch"] * 10, "twice"),
    (["Witch", "Chapel"], "10 cards"),
    ("nonsense", "first-game, random"),
    (["Witch", "Chapel", "Village", "Smithy", "Market", "Library", "Mine", "Moat", "Cellar", "Gold"], "basic card"),
    (42, "first-game, random"),
])
def test_bad_kingdoms_are_rejected(kingdom, match):
    with pytest.raises(OptionsError, match=match):
        G.new({"kingdom": kingdom}, 0)


@pytest.mark.parametrize("opts,match", [({"players": 7}, "between 1 and 6"), ({"edition": "third"}, "first, second"),
                                        ({"colony_platinum": "maybe"}, "true or false"), ({"colour": 1}, "unknown")])
def test_bad_options(opts, match):
    with pytest.raises(OptionsError, match=match):
        G.new(opts, 0)


def test_options_from_strings():
    s = G.new({"players": "3", "colony_platinum": "true", "edition": "second"}, 0)
    assert s.players == 3 and s.colony and s.edition == 2


# --- actions ------------------------------------------------------------------------------------------


def test_action_json_is_stable_and_round_trips():
    for a in ACTIONS:
        assert G.action_from_json(a.to_json()) is a
    assert ACTIONS[0].to_json() == {"type": "play_treasures"}
    buy = G.action_from_json({"type": "buy", "card": "Smithy"})
    assert buy.index == 6 + 3 * BY_NAME["Smithy"] + 1 and buy.kind == "buy" and buy["card"] == "Smithy"
    assert G.action_space_size == 6 + 3 * NCARDS  # three actions per card after the six without one


def test_legal_actions_are_shared_instances_and_mask_matches():
    s = G.new({}, 5)
    acts = G.legal_actions(s)
    assert all(ACTIONS[a.index] is a for a in acts)
    mask = G.action_mask(s)
    assert [i for i, m in enumerate(mask) if m] == sorted(a.index for a in acts)


def test_describe_gives_readable_texts():
    s = start_turn(new("Remodel"), hand=["Remodel", "Silver", "Estate"], deck=[])
    assert G.describe(s, G.action_from_json({"type": "play", "card": "Remodel"})) == "play Remodel"
    play(s, "Remodel")
    assert G.describe(s, G.action_from_json({"type": "choose", "card": "Silver"})) == "trash Silver"


def test_state_round_trips_through_json():
    s = G.new({"players": 3, "kingdom": "random"}, 11)
    for _ in range(40):
        G.apply(s, G.legal_actions(s)[-1])
    data = json.loads(json.dumps(s.to_data()))
    t = DominionState.from_data(data)
    assert t.to_data() == s.to_data()
    assert G.state_hash(t) == G.state_hash(s)


def test_clone_is_independent():
    s = G.new({}, 2)
    t = s.clone()
    G.apply(t, G.legal_actions(t)[0])
    assert s.to_data() != t.to_data()
    assert G.state_hash(s) == G.state_hash(G.new({}, 2))


def test_stats_give_the_turns_of_the_fourth_and_eighth_province():
    s = new(players=1)
    for turn in range(1, 9):
        start_turn(s, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, discard=None)
        act(s, "play_treasures")
        act(s, "buy", "Province")
        assert s.turns == [turn]
        if turn == 3:
            assert G.stats(s) == [{}]
        if turn == 4:
            assert G.stats(s) == [{"province_4_turn": 4}]
    assert G.stats(s) == [{"province_4_turn": 4, "province_8_turn": 8}]
    assert s.to_move is None and G.turns(s) == [8]


def test_the_rules_docstring_names_the_questions_asked_with_one_answer():
    """rules.py's account of the turn machine must agree with ``always_ask`` (docs/dominion.md, "Forced steps")."""
    import realms.games.dominion.rules as rules
    from realms.games.dominion.cards import HANDLERS

    text = " ".join((rules.__doc__ or "").split())
    assert "only one legal choice, are resolved by the engine" not in text
    assert "always_ask" in text
    asked = {"Moat" if h.name == "Reaction" else h.name for h in HANDLERS.values() if h.always_ask}
    assert {"Moat", "Bureaucrat", "Library"} <= asked
    assert [name for name in sorted(asked) if name not in text] == []


# --- 5 and 6 players, the sets option ------------------------------------------------------------------


@pytest.mark.parametrize("players,provinces,curses,copper", [(5, 15, 40, 85), (6, 18, 50, 78)])
def test_five_and_six_players_play_with_a_second_set_of_base_cards(players, provinces, curses, copper):
    s = G.new({"players": players, "kingdom": kingdom_with("Gardens")}, 0)
    sup = {NAMES[c]: s.supply[c] for c in s.piles}
    assert sup["Province"] == provinces and sup["Curse"] == curses and sup["Copper"] == copper
    assert sup["Estate"] == sup["Duchy"] == sup["Gardens"] == 12
    assert sup["Silver"] == 80 and sup["Gold"] == 60
    assert all(sorted(names(s.hand[p] + s.deck[p])) == ["Copper"] * 7 + ["Estate"] * 3 for p in range(players))


def test_five_players_end_on_four_empty_piles_not_three():
    s = new(players=5)
    empty_pile(s, "Curse", "Village")
    set_pile(s, "Estate", 1)
    start_turn(s, hand=["Copper", "Copper"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Estate")
    assert s.to_move == 1 and s.empty == 3  # three empty piles do not end a 5-player game
    empty_pile(s, "Smithy")
    start_turn(s, 1, hand=["Copper"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "end_buys")
    assert s.to_move is None


def test_five_players_still_end_on_the_province_pile():
    s = new(players=5)
    set_pile(s, "Province", 1)
    start_turn(s, hand=["Gold", "Gold", "Gold"], deck=["Copper"] * 5)
    act(s, "play_treasures")
    act(s, "buy", "Province")
    assert s.to_move is None


@pytest.mark.parametrize("sets,boxes", [("base", {"base"}), ("intrigue", {"intrigue"}),
                                        ("seaside,intrigue", {"intrigue", "seaside"}),
                                        ("all", {"base", "intrigue", "seaside"})])
def test_sets_option_draws_a_random_kingdom_from_the_chosen_boxes(sets, boxes):
    seen: set[str] = set()
    for seed in range(40):
        s = G.new({"players": 2, "kingdom": "random", "sets": sets}, seed)
        assert len(s.kingdom) == 10
        seen |= {CARDS[c].set for c in s.kingdom}
    assert seen == boxes


def test_sets_option_keeps_each_edition_s_randomizer_deck():
    for seed in range(40):
        for edition, number in (("first", 1), ("second", 2)):
            s = G.new({"players": 2, "kingdom": "random", "sets": "all", "edition": edition}, seed)
            assert all(number in CARDS[c].editions for c in s.kingdom)


@pytest.mark.parametrize("value", ["prosperity", "", "base,dark-ages", 3])
def test_sets_option_refuses_what_is_not_a_box(value):
    with pytest.raises(OptionsError, match="sets"):
        G.new({"players": 2, "kingdom": "random", "sets": value}, 0)


def test_a_state_saved_before_the_expansions_reads_with_their_fields_empty():
    s = new()
    data = s.to_data()
    for name in ("discount", "dur", "held", "nvmat", "island", "embargo", "gains", "shield", "extra", "outpost"):
        del data[name]
    t = DominionState.from_data(json.loads(json.dumps(data)))
    assert t.dur == [[], []] and t.embargo == (0,) * NCARDS and t.discount == 0 and not t.extra
    assert G.legal_actions(t) == G.legal_actions(s)


def test_a_game_nobody_can_buy_in_ends_after_the_most_turns_a_seat_may_take():
    """With no ``turn_limit``, a table where no seat holds a Treasure (every one trashed) would go on for ever under
    bots that buy nothing at $0; it ends once every seat has taken ``MAX_TURNS`` turns, in the reference engine and
    in the kernel alike."""
    from realms.agents import make_agent
    from realms.games.dominion import botkernel, kernel
    from realms.games.dominion.zones import MAX_TURNS
    from tests.games.dominion.util import set_zones

    s = G.new({"players": 2, "kingdom": "Chapel,Village,Smithy,Moat,Festival,Cellar,Market,Library,Mine,Laboratory"},
              3)
    for p in range(2):
        set_zones(s, p, hand=["Estate"] * 3, deck=["Estate"] * 2, discard=[])
        s.owned[p] = [0] * NCARDS
        s.owned[p][BY_NAME["Estate"]] = 5
    s.supply[BY_NAME["Copper"]] += 14  # the Coppers trashed
    kernel_state = G.clone(s)
    bots = [make_agent("big-money-ultimate", G, q) for q in range(2)]
    while s.to_move is not None:
        G.apply(s, bots[s.to_move].act(G, s))
    assert s.turns == [MAX_TURNS, MAX_TURNS] and G.result(s).scores == [5, 5]
    if botkernel.supports(kernel_state):  # (where the compiled kernel is installed)
        bot = make_agent("rollout", G, 1)
        bot._prepare(kernel_state)
        st, _, _ = botkernel.play(kernel_state, botkernel.tables(bot))
        assert [row[:2] for row in kernel.scores(st, 2)] == [[5, MAX_TURNS], [5, MAX_TURNS]]
