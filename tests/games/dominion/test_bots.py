"""Strategy bots: registration, legal play everywhere, default decisions, buy-rule files."""

from __future__ import annotations

from pathlib import Path

import pytest

from realms.agents import agent_names, make_agent
from realms.core.rng import Rng
from realms.games.dominion.bots import (
    STRATEGIES,
    RulesError,
    StrategyBot,
    bmu_plus_for,
    gains_to_end,
    load_agent_file,
    parse_condition,
    parse_rules,
)
from realms.games.dominion.supply import KINGDOM_NAMES
from tests.games.dominion.util import G, empty_pile, names, new, play, set_pile, start_turn

ROOT = Path(__file__).resolve().parents[3]
BMU_FILE = ROOT / "docs" / "examples" / "bmu.toml"
REFERENCE_KINGDOM = ["Smithy", "Militia", "Witch", "Village", "Market", "Laboratory", "Festival", "Cellar", "Chapel",
                     "Workshop"]
BOTS = ["big-money", "big-money-ultimate", "smithy-big-money", "militia-big-money", "witch-big-money"]


def _play(s, bots, check=True):
    while s.to_move is not None:
        a = bots[s.to_move].act(G, s)
        if check:
            assert a in G.legal_actions(s), (a, G.legal_actions(s))
        G.apply(s, a)
    return s


def test_every_strategy_is_registered():
    names = agent_names("dominion")
    assert set(BOTS) <= set(names) and "random" in names


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_strategies_play_legal_complete_games(bot, players):
    for seed in range(3):
        s = G.new({"players": players, "kingdom": REFERENCE_KINGDOM}, seed)
        bots = [make_agent(bot if i % 2 == 0 else "big-money-ultimate", G, seed=i) for i in range(players)]
        _play(s, bots)
        assert G.result(s) is not None


def test_a_bot_buying_every_card_meets_and_answers_every_decision():
    rules = "name = 'everything'\n" + "".join(
        f'[[buy]]\ncard = "{n}"\nif = "count({n}) < 2"\n' for n in KINGDOM_NAMES) + '[[buy]]\ncard = "Silver"\n'
    parsed = parse_rules(rules)
    for seed in range(40):
        opts = {"players": 2 + seed % 3, "kingdom": "random", "edition": ("first", "second")[seed % 2],
                "colony_platinum": seed % 5 == 0, "turn_limit": 60}
        s = G.new(opts, seed)
        bots = [StrategyBot(Rng(seed + i), parsed) for i in range(s.players)]
        _play(s, bots)


def test_militia_victim_discards_curses_then_victory_cards_then_the_cheapest():
    bot = make_agent("big-money", G)
    for hand1, kept in [(["Gold", "Copper", "Curse", "Silver", "Estate"], ["Copper", "Gold", "Silver"]),
                        (["Gold", "Copper", "Silver", "Silver", "Duchy"], ["Gold", "Silver", "Silver"]),
                        (["Gold", "Smithy", "Silver", "Copper", "Copper"], ["Gold", "Silver", "Smithy"])]:
        s = start_turn(new("Militia"), hand=["Militia"], deck=[], hand1=hand1)
        play(s, "Militia")
        first = bot.act(G, s)
        while s.to_move == 1:
            G.apply(s, bot.act(G, s))
        assert sorted(names(s.hand[1])) == kept
    assert str(first) == "choose Copper"


def test_bots_always_reveal_moat():
    s = start_turn(new("Militia", "Moat"), hand=["Militia"], deck=[], hand1=["Moat", "Copper", "Copper", "Estate",
                                                                             "Estate"])
    play(s, "Militia")
    assert make_agent("witch-big-money", G).act(G, s).kind == "yes"


def test_bots_play_treasures_then_buy_by_priority():
    s = start_turn(new(), hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5)
    bot = make_agent("big-money", G)
    assert bot.act(G, s).kind == "play_treasures"
    G.apply(s, bot.act(G, s))
    assert str(bot.act(G, s)) == "buy Province"
    s = start_turn(new(), hand=["Copper", "Copper"], deck=["Copper"] * 5)
    G.apply(s, bot.act(G, s))
    assert bot.act(G, s).kind == "end_buys"


def test_bmu_greens_only_with_enough_money():
    bmu = make_agent("big-money-ultimate", G)
    s = start_turn(new(), hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5)
    G.apply(s, bmu.act(G, s))
    assert str(bmu.act(G, s)) == "buy Gold"  # money in deck 3+3+2+5 = 13: not yet
    s = start_turn(new(), hand=["Gold", "Gold", "Silver"], deck=["Gold"] * 4)
    G.apply(s, bmu.act(G, s))
    assert str(bmu.act(G, s)) == "buy Province"  # 3*6+2 = 20 > 18


def test_gains_to_end():
    s = new()
    assert gains_to_end(s) == 8
    set_pile(s, "Province", 3)
    assert gains_to_end(s) == 3
    empty_pile(s, "Curse")
    set_pile(s, "Village", 1)
    set_pile(s, "Smithy", 1)
    assert gains_to_end(s) == 2


def test_conditions_parse_chains_and_functions():
    conds = parse_condition("0 < gains_to_end <= 5 and count(Smithy) < 2")
    assert [(c.name, c.op, c.value) for c in conds] == [("gains_to_end", ">", 0), ("gains_to_end", "<=", 5),
                                                          ("count", "<", 2)]
    assert parse_condition("3 >= pile(Province)")[0].op == "<="


def test_bmu_file_plays_identically_to_the_builtin_bmu():
    for seed in range(12):
        traces = []
        for bmu in (make_agent("big-money-ultimate", G, seed=5), load_agent_file(str(BMU_FILE), Rng(5))):
            s = G.new({"players": 2, "kingdom": REFERENCE_KINGDOM}, seed)
            bots = [bmu, make_agent("smithy-big-money", G, seed=6)]
            trace = []
            while s.to_move is not None:
                a = bots[s.to_move].act(G, s)
                trace.append(a.index)
                G.apply(s, a)
            traces.append(trace)
        assert traces[0] == traces[1]


def test_load_agent_file_names_the_bot(tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text('[[buy]]\ncard = "Gold"\n')
    bot = load_agent_file(str(p), Rng(1))
    assert bot.name == "mine"


@pytest.mark.parametrize("text,line,reason", [
    ('[[buy]]\ncard = "Provnce"\n', 2, "did you mean Province"),
    ('name = "x"\n[[buy]]\ncard = "Gold"\n[[buy]]\ncard = "Silver"\nif = "coins >< 3"\n', 6, "a quantity was expected"),
    ('[[buy]]\ncard = "Gold"\nif = "gains_to_nd <= 3"\n', 3, "unknown quantity"),
    ('[[buy]]\ncard = "Gold"\nif = "count(Smithyy) < 3"\n', 3, "unknown card 'Smithyy'"),
    ('[[buy]]\ncard = "Gold"\nwhen = "coins > 3"\n', 3, "unknown key 'when'"),
    ('speed = 3\n[[buy]]\ncard = "Gold"\n', 1, "unknown key 'speed'"),
    ('[[buy]\ncard = "Gold"\n', 1, "not valid TOML"),
    ('[[buy]]\nif = "coins > 3"\n', 1, "has no card"),
    ('name = "empty"\n', 1, "no [[buy]] rules"),
    ('play = ["Gold"]\n[[buy]]\ncard = "Gold"\n', 1, "not an Action card"),
])
def test_bad_rule_files_are_rejected_naming_the_line_and_reason(text, line, reason):
    with pytest.raises(RulesError) as e:
        parse_rules(text, "rules.toml")
    assert str(e.value).startswith(f"rules.toml:{line}:") and reason in str(e.value)


def test_unreadable_rule_file(tmp_path):
    with pytest.raises(RulesError, match="cannot read"):
        load_agent_file(str(tmp_path / "missing.toml"), Rng(0))


def test_builtin_strategies_parse():
    for name, text in STRATEGIES.items():
        assert parse_rules(text).name == name


# --- the search's playout policies: finished on the lean path, effort per decision, the Witch race ----------------
WITCH_KINGDOM = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Remodel", "Smithy", "Village", "Witch", "Workshop"]


@pytest.mark.parametrize("policy", ["rollout", "rollout-plus", "rollout-auto"])
def test_rollout_finish_is_the_same_playout_as_stepping_through_act(policy):
    for seed in (1, 2, 3):
        s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, seed)
        bot = make_agent(policy, G, 1)
        for _ in range(15 * seed):
            G.apply(s, bot.act(G, s))
        before = G.state_hash(s)
        done = make_agent(policy, G, 2).finish(G, s)
        assert G.state_hash(s) == before  # played on a copy
        stepped = G.clone(s)
        bots = [make_agent(policy, G, 3), make_agent(policy, G, 4)]
        while stepped.to_move is not None:
            G.apply(stepped, bots[stepped.to_move].act(G, stepped))
        assert done == G.result(stepped)


@pytest.mark.parametrize("policy", ["rollout-plus", "witch-big-money"])
def test_a_playout_policys_effort_gives_the_buys_the_whole_budget(policy):
    """The rollouts and a strategy bot named as the playout policy alike (both buy Witches, so they have Action
    plays to make)."""
    from realms.games.dominion.bots import EFFORT_MORE_BUYS, EFFORT_PLAY, EFFORT_TREASURES

    s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, 5)
    bot = make_agent(policy, G, 1)
    seen = {}
    while s.to_move is not None and not {"treasures", "buy", "play"} <= set(seen):
        actions = G.legal_actions(s)
        kinds = {a.kind for a in actions}
        share = bot.effort(G, s, actions)
        if "play_treasures" in kinds:
            seen["treasures"] = share
        elif "buy" in kinds:
            seen["more buys" if s.bought else "buy"] = share
        elif "end_actions" in kinds:
            seen["play"] = share
        G.apply(s, bot.act(G, s))
    assert seen["treasures"] == EFFORT_TREASURES and seen["buy"] == 1.0
    assert seen["play"] in (EFFORT_PLAY, 2 * EFFORT_PLAY)
    assert seen.get("more buys", EFFORT_MORE_BUYS) == EFFORT_MORE_BUYS


def test_bmu_plus_and_its_rollout_race_for_the_curses_with_two_witches_at_once():
    from realms.games.dominion.bots import bmu_plus_rules
    from realms.games.dominion.cards import BY_NAME

    witch = BY_NAME["Witch"]
    raced = [conds for c, conds in bmu_plus_rules("Witch", 2, race=True).rules if c == witch]
    gated = [conds for c, conds in bmu_plus_rules("Witch", 2).rules if c == witch]
    assert [str(k) for k in gated[1]] == ["count(Witch) < 2", "deck_size >= 16"]
    assert [str(k) for k in raced[1]] == ["count(Witch) < 2"]
    s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, 7)
    s.owned[s.cur][witch] = 1  # one Witch already, a 13-card deck: the race buys the second at $5
    bot = make_agent("rollout-plus", G, 1)
    bot._prepare(s)
    assert bot.pick(s, s.cur, 5, None) == witch
    assert StrategyBot(Rng(1), bmu_plus_rules("Witch", 2)).pick(s, s.cur, 5, None) != witch  # the gated rules wait
    # the bmu-plus bot (the medium level) is what bmu_plus_for says for the kingdom, as adapt's reference is
    medium = make_agent("bmu-plus", G, 1)
    medium.act(G, s)
    assert _text(medium.rules.rules) == _text(bmu_plus_for(s.kingdom).rules)
    assert medium.pick(s, s.cur, 5, None) == witch


@pytest.mark.parametrize("card,edition,others", [
    ("Sea Witch", "second", "Village,Cellar,Moat,Workshop,Remodel,Market,Mine,Library,Laboratory"),
    ("Sea Hag", "first", "Village,Cellar,Moat,Workshop,Remodel,Market,Mine,Library,Laboratory"),
    ("Torturer", "first", "Village,Cellar,Moat,Workshop,Remodel,Market,Mine,Library,Laboratory"),
])
def test_every_attack_that_hands_out_curses_is_raced_for_as_the_witch_is(card, edition, others):
    """A Curse-giving attack (the card data's ``curses``) is a race for the shared Curse pile: ``bmu-plus`` buys its
    second copy as soon as it can, not once the deck has 16 cards, and a rollout seat without one is still expected
    to race (never ``passed_x``)."""
    from realms.games.dominion.bots import bmu_plus_rules, passed_x
    from realms.games.dominion.cards import BY_NAME, COST

    x = BY_NAME[card]
    s = G.new({"players": 2, "kingdom": f"{card},{others}", "edition": edition}, 7)
    assert x in s.kingdom
    medium = make_agent("bmu-plus", G, 1)
    medium.act(G, s)
    assert _text(medium.rules.rules) == _text(bmu_plus_for(s.kingdom).rules)
    second = [conds for c, conds in medium.rules.rules if c == x][1]
    assert [str(k) for k in second] == [f"count({card}) < 2"]
    assert _text(bmu_plus_for(s.kingdom).rules) == _text(bmu_plus_rules(card, 2, race=True).rules)
    s.owned[s.cur][x] = 1  # one already, a 13-card deck: the race buys the second
    assert medium.pick(s, s.cur, COST[x], None) == x
    s.owned[s.cur][x] = 0
    s.owned[s.cur][BY_NAME["Gold"]] = 1
    s.turns[s.cur] = 6
    assert not passed_x(s, s.cur, x)


def _text(rules):
    return [(c, [str(k) for k in conds]) for c, conds in rules]


def test_rollout_auto_takes_each_seats_buys_from_what_it_owns():
    from realms.games.dominion.bots import _PARSED, bmu_plus_rules
    from realms.games.dominion.cards import BY_NAME

    witch, gold, smithy, library = BY_NAME["Witch"], BY_NAME["Gold"], BY_NAME["Smithy"], BY_NAME["Library"]
    race = _text(bmu_plus_rules("Witch", 2, race=True).rules)
    money = _text(_PARSED["big-money-ultimate"].rules)
    s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, 7)
    bot = make_agent("rollout-auto", G, 1)
    # the kingdom's X, a Witch raced for, and never passed: a seat with a Gold or a Smithy and no Witch still races
    assert _text(bot.seat_rules(s, 0)) == race and _text(bot.seat_rules(s, 1)) == race
    s.owned[1][gold] = s.owned[1][smithy] = 1
    assert _text(bot.seat_rules(s, 1)) == race
    assert bot.pick(s, 0, 5, None) == witch and bot.pick(s, 1, 5, None) == witch
    # an X costing 5 that is no race (Library): a Gold bought without it says the seat passed it
    kingdom = ["Library", "Market", "Village", "Cellar", "Chapel", "Workshop", "Festival", "Laboratory", "Moat",
               "Remodel"]
    s = G.new({"players": 2, "kingdom": kingdom}, 7)
    bot = make_agent("rollout-auto", G, 1)
    plus = _text(bmu_plus_rules("Library", 2).rules)
    assert _text(bot.seat_rules(s, 1)) == plus
    s.owned[1][gold] = 1
    assert _text(bot.seat_rules(s, 1)) == money and _text(bot.seat_rules(s, 0)) == plus
    s.owned[1][BY_NAME["Market"]] = 1  # then the strongest kingdom card it owns
    assert _text(bot.seat_rules(s, 1)) == _text(bmu_plus_rules("Market", 2).rules)
    s.owned[1][library] = 1  # and X itself once owned
    assert _text(bot.seat_rules(s, 1)) == plus


def test_rollout_auto_models_a_money_seat_of_the_first_game_as_big_money_ultimate():
    from realms.games.dominion.bots import _PARSED, bmu_plus_rules
    from realms.games.dominion.cards import BY_NAME

    s = G.new({"players": 2, "kingdom": "first-game"}, 3)
    bot = make_agent("rollout-auto", G, 1)
    militia = _text(bmu_plus_rules("Militia", 2).rules)  # the First Game's X (costs 4: affordable in two turns)
    assert _text(bot.seat_rules(s, 0)) == militia
    bmu = make_agent("big-money-ultimate", G, 2)
    while s.turns[1] < 2:
        G.apply(s, (bot if s.cur == 0 else bmu).act(G, s))
    # two turns without Militia: money
    assert _text(bot.seat_rules(s, 1)) == _text(_PARSED["big-money-ultimate"].rules)
    assert s.owned[0][BY_NAME["Militia"]] >= 1 and _text(bot.seat_rules(s, 0)) == militia  # it bought its Militia


def test_mc_with_rollout_auto_is_deterministic_under_an_iteration_budget():
    s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, 9)
    bot = make_agent("rollout-auto", G, 1)
    while not any(a.kind == "buy" and a["card"] == "Witch" for a in G.legal_actions(s)):
        G.apply(s, bot.act(G, s))
    before = G.state_hash(s)
    agents = [make_agent("mc:iterations=60,policy=rollout-auto", G, seed) for seed in (4, 4, 5)]
    moves = [a.act(G, s) for a in agents]
    assert moves[0] == moves[1] and agents[0].last_stats == agents[1].last_stats
    assert agents[0].last_stats != agents[2].last_stats
    assert G.state_hash(s) == before


def test_the_quick_answers_are_the_bots_rules():
    """The bots' shortcuts give what their rules say, at every decision of games between them: a Reaction is
    revealed when its yes is among the options, a discard down is the lowest of the distinct cards offered by
    the discard key (the first such in the options' order), the default play order is the rank table's, and
    ``rollout-auto``'s buy is ``StrategyBot.pick`` under ``seat_rules`` (with and without a list to pick from)."""
    from realms.core.agents import RandomAgent
    from realms.games.dominion.bots import StrategyBot, _discard_key, _play_key
    from realms.games.dominion.cards import HANDLERS
    from realms.games.dominion.cards.card import CHOOSE, IS_ACTION, NO, YES, card_of
    from realms.games.dominion.frames import DISCARD_DOWN, REACT

    seen = {"react": 0, "discard": 0, "pick": 0, "play": 0}
    for g, kingdom in enumerate(("first-game", "Moat,Militia,Witch,Bureaucrat,Spy,Thief,Bandit,Library,Sentry,Cellar")):
        s = G.new({"players": 3, "kingdom": kingdom}, g)
        auto = make_agent("rollout-auto", G, g)
        seats = [auto, RandomAgent(Rng(g)), make_agent("bmu-plus", G, g + 1)]
        while s.to_move is not None:
            p = s.to_move
            if s.stack:
                f = s.stack[-1]
                opts = HANDLERS[f[0]].options(s, f)
                if f[0] == REACT:
                    assert auto.decide(s, f) == (YES if YES in opts else NO)
                    seen["react"] += 1
                elif f[0] == DISCARD_DOWN:
                    assert auto.decide(s, f) == CHOOSE(min((card_of(a) for a in opts), key=_discard_key))
                    seen["discard"] += 1
            elif s.phase == 1:
                for among in (None, [c for c in s.piles if c % 2]):
                    want = StrategyBot.pick(_Rules(auto.seat_rules(s, p)), s, p, s.coins, among)
                    assert auto.pick(s, p, s.coins, among) == want
                seen["pick"] += 1
            else:
                acts = [c for c in s.hand[p] if IS_ACTION[c]]
                if acts:
                    assert auto.choose_play(s, acts) == min(acts, key=_play_key)
                    seen["play"] += 1
            G.apply(s, seats[p].act(G, s))
    assert all(seen.values()), seen


class _Rules:
    """A stand-in bot for ``StrategyBot.pick``: only its rules (and no end-game checks)."""

    def __init__(self, rules):
        self._rules = rules
        self._vetoes = False


def test_rollout_finish_after_is_apply_then_finish():
    """``rollout``'s ``finish_after`` (a flat search's playout of a root action, one copy of the state) is the
    search's own way: a copy, the action applied, then ``finish``."""
    s = G.new({"players": 2, "kingdom": "first-game"}, 4)
    bots = [make_agent("rollout", G, q) for q in range(2)]
    for _ in range(40):
        G.apply(s, bots[s.to_move].act(G, s))
    for action in G.legal_actions(s):
        a, b = make_agent("rollout", G, 9), make_agent("rollout", G, 9)
        t = G.clone(s)
        G.apply(t, action)
        assert a.finish_after(G, s, action) == b.finish(G, t)


def test_the_default_play_order_puts_cards_giving_actions_first():
    """The default play order reads each card's +Actions: every card that gives one comes before every terminal,
    listed or not (a card added later included), and the listed cards keep the lists' order."""
    from realms.games.dominion.cards import BY_NAME, CARDS
    from realms.games.dominion.defaults import NONTERMINAL_ORDER, TERMINAL_ORDER
    from realms.games.dominion.defaults import play_key as _play_key

    actions = [c.id for c in CARDS if c.types & 1]
    givers = [c for c in actions if CARDS[c].plus_actions]
    terminals = [c for c in actions if not CARDS[c].plus_actions]
    assert max(map(_play_key, givers)) < min(map(_play_key, terminals))
    assert {CARDS[BY_NAME[n]].plus_actions > 0 for n in NONTERMINAL_ORDER} == {True}
    assert {CARDS[BY_NAME[n]].plus_actions for n in TERMINAL_ORDER} == {0}
    for order in (NONTERMINAL_ORDER, TERMINAL_ORDER):
        keys = [_play_key(BY_NAME[n]) for n in order]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_bmu_plus_defaults_for_an_unlisted_card_come_from_its_data():
    """``bmu-plus`` buys two of an Attack, a draw-two or a cantrip and one of anything else, when the card is not
    one of its listed ones; a listed card keeps its listed count; the second copy waits for a 16-card deck only
    for a terminal (a card without +Actions)."""
    from realms.games.dominion import bots
    from realms.games.dominion.cards import BY_NAME, CARDS

    for c in CARDS:
        if c.kingdom:
            want = (2 if c.name in bots.BMU_PLUS_TWO else 1) if c.name in bots.BMU_PLUS_ORDER else None
            if want is not None:
                assert bots.bmu_plus_copies(c.name) == want
    saved = bots.BMU_PLUS_ORDER
    try:
        bots.BMU_PLUS_ORDER = ()  # as if none were listed: the data decides
        assert bots.bmu_plus_copies("Witch") == 2  # an Attack
        assert bots.bmu_plus_copies("Smithy") == 2  # +3 Cards
        assert bots.bmu_plus_copies("Laboratory") == 2  # a cantrip that draws
        assert bots.bmu_plus_copies("Festival") == 1
        assert bots.bmu_plus_copies("Chapel") == 1
    finally:
        bots.BMU_PLUS_ORDER = saved
    smithy = bots.bmu_plus_rules("Smithy", 2).rules
    market = bots.bmu_plus_rules("Market", 2).rules
    assert any("deck_size" in repr(conds) for c, conds in smithy if c == BY_NAME["Smithy"])
    assert not any("deck_size" in repr(conds) for c, conds in market if c == BY_NAME["Market"])
