"""The strategy language beyond plain buy rules: expressions over quantities, counts by kind of card, the hand
and the play area, the end-game checks (the penultimate Province rule, ending only when winning) and each
card's choices in ``[card.NAME]`` tables."""

from __future__ import annotations

import pickle

import pytest

from realms.core.rng import Rng
from realms.games.dominion.bots import (
    Comparison,
    Condition,
    Either,
    RulesError,
    StrategyBot,
    parse_condition,
    parse_rules,
)
from realms.games.dominion.cards import BY_NAME
from tests.games.dominion.util import G, hand, new, play, set_pile, set_zones, start_turn


def holds(text: str, s, p: int = 0, coins: int = 0) -> bool:
    return all(k.holds(s, p, coins) for k in parse_condition(text))


def bot(text: str) -> StrategyBot:
    return StrategyBot(Rng(0), parse_rules(text, "bot.toml"))


def buys(b: StrategyBot, s) -> str:
    """What ``b`` buys from the Buy phase it is in (its Treasures played first)."""
    a = b.act(G, s)
    while not str(a).startswith("buy") and str(a) != "end buying":
        G.apply(s, a)
        a = b.act(G, s)
    return str(a)


def answer(b: StrategyBot, s) -> list[str]:
    """``b``'s answers to the questions pending now, applied one by one, until none is left."""
    out = []
    while s.stack:
        a = b.act(G, s)
        out.append(str(a))
        G.apply(s, a)
    return out


# --- expressions ---------------------------------------------------------------------------------------------
def test_a_condition_compares_a_card_count_with_a_share_of_the_treasures():
    s = new("Smithy", "Village")
    start_turn(s, hand=["Copper"] * 5, deck=["Copper"] * 2 + ["Estate"] * 3 + ["Silver"] * 4)  # 11 Treasures
    assert holds("count(Smithy) < treasures / 11", s)  # 0 < 1
    set_zones(s, 0, hand=["Smithy"] + ["Copper"] * 4)  # 10 Treasures, a Smithy
    assert not holds("count(Smithy) < treasures / 11", s)  # 1 < 10/11 is false: exact fractions
    assert holds("count(Smithy) <= count(Treasures) / 10", s)


def test_counts_by_kind_of_card_read_villages_terminals_and_victory_cards():
    s = new("Village", "Smithy", "Festival", "Militia", "Gardens")
    start_turn(s, hand=["Village", "Festival", "Smithy", "Militia", "Gardens"], deck=["Estate", "Curse", "Copper"])
    assert holds("villages == 2 and terminals == 2 and count(Villages) >= terminals", s)
    assert holds("victories == 2 and curses == 1 and attacks == 1 and actions == 4", s)
    assert holds("count(Village) == 1", s)  # the card, not the kind


def test_the_hand_the_play_area_and_the_phase_are_quantities():
    s = new("Village", "Smithy")
    start_turn(s, hand=["Village", "Smithy", "Copper", "Copper", "Estate"], deck=["Silver"] * 6)
    assert holds("in_hand(Treasures) == 2 and in_hand(Smithy) == 1 and in_play(Village) == 0", s)
    assert holds("action_phase == 1 and actions_left == 1 and draw_pile == 6", s)
    play(s, "Village")
    assert holds("in_play(Village) == 1 and actions_left == 2 and draw_pile == 5 and in_hand(Silver) == 1", s)


def test_victory_points_of_the_seat_and_of_its_best_opponent():
    s = new("Smithy")
    start_turn(s, hand=["Province"], deck=[], discard=[], hand1=["Duchy", "Duchy", "Estate"], deck1=[], discard1=[])
    assert holds("vp == 6 and opponent_vp == 7 and vp - opponent_vp == -1 and opponent_count(Duchy) == 2", s)


def test_arithmetic_follows_the_usual_precedence_with_brackets_and_a_leading_minus():
    s = new("Smithy")
    assert holds("1 + 2 * 3 == 7 and (1 + 2) * 3 == 9 and -2 + 5 == 3 and 7 / 2 == 3.5 and 10 - 4 - 3 == 3", s)
    assert holds("1 < 2 <= 2", s) and not holds("1 < 2 < 2", s)


def test_a_division_by_zero_is_infinitely_large_and_zero_over_zero_is_zero():
    s = new("Smithy")
    start_turn(s, hand=["Copper"] * 5, deck=[])
    assert holds("count(Smithy) < treasures / 0", s)  # 5 / 0: more than anything
    assert holds("count(Smithy) / 0 == 0", s)


def test_a_division_with_an_infinite_side_reads_as_floating_point_does():
    s = new("Smithy")
    start_turn(s, hand=["Copper"] * 5, deck=[])
    assert holds("treasures / 0 / 2 > 1000", s)  # infinity halved
    assert holds("count(Smithy) + 1 == 1 + 3 / (treasures / 0)", s)  # 3 / infinity is 0
    assert not holds("treasures / 0 - treasures / 0 >= 0", s)  # no number: every comparison but != fails
    assert holds("treasures / 0 - treasures / 0 != 0", s)


def test_a_plain_comparison_stays_the_compiled_form_and_an_expression_is_a_comparison():
    assert all(type(k) is Condition for k in parse_condition("count(Smithy) < 2 and 0 < gains_to_end <= 5"))
    assert [type(k) for k in parse_condition("count(Smithy) < treasures / 11 and coins >= 8")] == [Comparison,
                                                                                                  Condition]
    assert type(parse_condition("treasures > 3")[0]) is Comparison


def test_or_joins_alternatives_and_binds_looser_than_and():
    s = new("Smithy")
    start_turn(s, hand=["Copper"] * 5, deck=["Smithy"])  # 5 Treasures, a Smithy
    assert holds("treasures > 9 or count(Smithy) == 1", s)
    assert not holds("treasures > 9 or count(Smithy) == 2", s)
    assert holds("treasures > 9 and count(Smithy) == 2 or treasures == 5", s)  # (a and b) or c
    assert not holds("treasures == 5 and count(Smithy) == 2 or treasures > 9", s)
    (k,) = parse_condition("treasures > 9 or count(Smithy) == 1")
    assert type(k) is Either and pickle.loads(pickle.dumps(k)).holds(s, 0, 0)
    with pytest.raises(ValueError, match="empty alternative"):
        parse_condition("coins > 3 or  or coins < 1")


def test_a_comparison_survives_pickling_for_the_worker_processes():
    s = new("Smithy")
    start_turn(s, hand=["Copper"] * 5, deck=["Smithy"])
    k = parse_condition("count(Smithy) * 5 <= treasures")[0]
    again = pickle.loads(pickle.dumps(k))
    assert repr(again) == repr(k) and again.holds(s, 0, 0) is k.holds(s, 0, 0) is True


@pytest.mark.parametrize("text,reason", [
    ("coins >< 3", "where a number or a quantity was expected"),
    ("count(Smithy) <", "ends where a number"),
    ("treasures", "compares nothing"),
    ("(coins + 1 > 3", "not closed"),
    ("1 < coins < 3 < 5", "more than two"),
    ("count(Smithyy) < 2 * coins", "did you mean Smithy"),
    ("treasure > 2", "did you mean treasures"),
    ("hand(Smithy) > 0", "unknown function 'hand'"),
    ("coins > 3 $", "cannot read"),
])
def test_a_bad_expression_says_what_is_wrong(text, reason):
    with pytest.raises(ValueError, match=None) as e:
        parse_condition(text)
    assert reason in str(e.value)


# --- the end-game checks -------------------------------------------------------------------------------------
RULES = """
[[buy]]
card = "Province"
[[buy]]
card = "Duchy"
[[buy]]
card = "Silver"
"""


def test_the_penultimate_province_rule_passes_a_province_that_lets_the_leader_win():
    s = new("Smithy")
    start_turn(s, hand=["Gold", "Gold", "Silver"], deck=[], discard=["Estate"] * 3, hand1=["Duchy", "Estate"], deck1=[],
               discard1=[])
    set_pile(s, "Province", 2)
    careful = bot("penultimate_province_rule = true\n" + RULES)
    assert buys(bot(RULES), s.clone()) == "buy Province"
    assert buys(careful, s.clone()) == "buy Duchy"  # 3 VP against 4: the leader would take the last and win
    set_zones(s, 1, hand=["Duchy"])
    assert buys(careful, s.clone()) == "buy Province"  # level: no one leads


def test_ending_only_when_winning_passes_the_last_province_unless_it_wins():
    s = new("Smithy")
    start_turn(s, hand=["Gold", "Gold", "Silver"], deck=[], discard=["Estate"] * 3, hand1=["Province", "Province"],
               deck1=[], discard1=[])
    set_pile(s, "Province", 1)
    careful = bot("end_only_when_winning = true\n" + RULES)
    assert buys(bot(RULES), s.clone()) == "buy Province"
    assert buys(careful, s.clone()) == "buy Duchy"  # 3 + 6 against 12: ending now loses
    set_zones(s, 1, hand=["Province", "Estate", "Estate", "Estate"])
    assert buys(careful, s.clone()) == "buy Duchy"  # 9 against 9, and the second seat has played a turn fewer
    set_zones(s, 1, hand=["Province", "Estate", "Estate"])
    assert buys(careful, s.clone()) == "buy Province"  # 9 against 8: ending now wins


# --- each card's choices ------------------------------------------------------------------------------------
def test_chapel_trashes_the_listed_cards_while_the_money_kept_allows():
    s = new("Chapel")
    start_turn(s, hand=["Chapel", "Copper", "Copper", "Copper", "Estate"], deck=["Silver", "Copper", "Copper"])
    play(s, "Chapel")
    b = bot('[[buy]]\ncard = "Silver"\n[card.Chapel]\ntrash = ["Estate", "Copper"]\nkeep_money = 4\n')
    answer(b, s)  # $7 of money in all: the Estate, then the three Coppers (down to $4)
    assert hand(s) == [] and s.owned[0][BY_NAME["Copper"]] == 2
    s = new("Chapel")
    start_turn(s, hand=["Chapel", "Copper", "Copper", "Copper", "Estate"], deck=["Silver", "Copper", "Copper"])
    play(s, "Chapel")
    answer(bot('[[buy]]\ncard = "Silver"\n'), s)  # the default keeps $6: the Estate and one Copper go
    assert hand(s) == ["Copper"] * 2


def test_a_play_condition_keeps_a_card_in_hand():
    s = new("Smithy", "Village")
    start_turn(s, hand=["Smithy", "Copper", "Copper", "Copper", "Estate"], deck=["Silver"] * 5)
    plain = bot('[[buy]]\ncard = "Silver"\n')
    kept = bot('[[buy]]\ncard = "Silver"\n[card.Smithy]\nif = "in_hand(Treasures) < 3"\n')
    assert str(plain.act(G, s)) == "play Smithy"
    assert str(kept.act(G, s)) == "end the Action phase"


def test_the_discard_order_answers_an_attack():
    s = new("Militia")
    start_turn(s, hand=["Militia", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5,
               hand1=["Estate", "Copper", "Copper", "Silver", "Gold"], deck1=["Copper"] * 5)
    play(s, "Militia")
    victim = bot('discard = ["Copper"]\n[[buy]]\ncard = "Silver"\n')
    answer(victim, s)
    assert hand(s, 1) == ["Estate", "Gold", "Silver"]  # the Coppers first; by default the Estate would go
    s = new("Militia")
    start_turn(s, hand=["Militia", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5,
               hand1=["Estate", "Copper", "Copper", "Silver", "Gold"], deck1=["Copper"] * 5)
    play(s, "Militia")
    answer(bot('[[buy]]\ncard = "Silver"\n'), s)
    assert hand(s, 1) == ["Copper", "Gold", "Silver"]


def test_library_sets_aside_only_the_listed_actions():
    s = new("Library", "Smithy", "Village")
    start_turn(s, hand=["Library", "Copper", "Copper", "Copper"], deck=["Smithy", "Village", "Silver", "Silver"])
    play(s, "Library")
    answer(bot('[[buy]]\ncard = "Silver"\n[card.Library]\nset_aside = ["Smithy"]\n'), s)
    assert hand(s) == ["Copper"] * 3 + ["Silver", "Silver", "Village"] and s.disc[0] == [BY_NAME["Smithy"]]


def test_throne_room_plays_its_listed_target_and_cellar_discards_its_list():
    s = new("Throne Room", "Smithy", "Market")
    start_turn(s, hand=["Throne Room", "Smithy", "Market", "Copper", "Copper"], deck=["Silver"] * 8)
    play(s, "Throne Room")
    assert answer(bot('[[buy]]\ncard = "Silver"\n[card."Throne Room"]\ntarget = ["Smithy"]\n'), s)[0] == "choose Smithy"
    s = new("Cellar")
    start_turn(s, hand=["Cellar", "Copper", "Estate", "Silver", "Duchy"], deck=["Gold"] * 4)
    play(s, "Cellar")
    answer(bot('[[buy]]\ncard = "Silver"\n[card.Cellar]\ndiscard = ["Victories", "Copper"]\n'), s)
    assert sorted(hand(s)) == ["Gold", "Gold", "Gold", "Silver"]


@pytest.mark.parametrize("text,line,reason", [
    ('[[buy]]\ncard = "Gold"\n[card.Chapel]\ntrash = ["Estate"]\nkeep = 3\n', 3, "unknown key 'keep'"),
    ('[[buy]]\ncard = "Gold"\n[card.Smithy]\ntrash = ["Estate"]\n', 3, "read for Chapel, Remodel, not Smithy"),
    ('[[buy]]\ncard = "Gold"\n[card.Gold]\nif = "coins > 2"\n', 3, "not an Action card"),
    ('[[buy]]\ncard = "Gold"\n[card.Chapl]\nif = "coins > 2"\n', 3, "did you mean Chapel"),
    ('[[buy]]\ncard = "Gold"\n[card.Chapel]\ntrash = "Estate"\n', 3, "must be a list"),
    ('[[buy]]\ncard = "Gold"\n[card.Chapel]\nkeep_money = -1\n', 3, "0 or more"),
    ('penultimate_province_rule = "yes"\n[[buy]]\ncard = "Gold"\n', 1, "true or false"),
    ('discard = ["Coper"]\n[[buy]]\ncard = "Gold"\n', 1, "did you mean Copper"),
])
def test_bad_card_choices_are_rejected_naming_the_line_and_reason(text, line, reason):
    with pytest.raises(RulesError) as e:
        parse_rules(text, "rules.toml")
    assert str(e.value).startswith(f"rules.toml:{line}:") and reason in str(e.value), str(e.value)


def test_a_fraction_compares_exactly():
    s = new("Smithy")
    assert parse_condition("1 / 3 * 3 == 1")[0].holds(s, 0, 0)  # in floating point 1/3*3 happens to be 1 too,
    assert not parse_condition("1 / 10 + 2 / 10 == 3 / 10 + 1 / 1000000000000")[0].holds(s, 0, 0)
    assert parse_condition("1 / 10 + 2 / 10 == 3 / 10")[0].holds(s, 0, 0)  # but 0.1 + 0.2 is not 0.3
