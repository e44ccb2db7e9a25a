"""Kingdom-adapted strategies (``games/dominion/adapt.py``): the candidate families written from the kingdom's
cards, the duel and the hill climb that rank them, and the ``adapted`` bot that plays the best."""

from __future__ import annotations

import pytest

from realms.agents import make_agent
from realms.core.rng import Rng
from realms.games.dominion import Dominion
from realms.games.dominion import adapt as A
from realms.games.dominion.bots import _PARSED, STRATEGIES, STRONG_GAMES, STRONG_SHARE, bmu_plus_for, parse_rules
from realms.games.dominion.cards import BY_NAME, CARDS, NAMES

G = Dominion()
ENGINE_KINGDOM = ["Chapel", "Village", "Smithy", "Laboratory", "Militia", "Market", "Festival", "Gardens",
                  "Workshop", "Moat"]
SMALL = {"screen_games": 40, "keep": 4, "round_games": 60, "tune_steps": 0}


def ids(names: list[str]) -> list[int]:
    return [BY_NAME[n] for n in names]


def test_candidates_include_money_engine_trasher_and_rush_families_of_the_kingdom_only():
    pool = A.candidates(ids(ENGINE_KINGDOM))
    for name in ("big-money-ultimate", "bmu-plus-smithy-1", "bmu-plus-smithy-2", "bmu-plus-laboratory-4",
                 "engine-village-smithy", "engine-festival-moat", "chapel-money", "chapel-militia",
                 "rush-workshop-gardens"):
        assert name in pool, name
    kingdom = set(ids(ENGINE_KINGDOM))
    for rules in pool.values():
        assert all(not CARDS[c].kingdom or c in kingdom for c, _ in rules.rules), rules.name
    # no engine without a village, no rush without Gardens, no Chapel strategy without Chapel
    money_only = A.candidates(ids(["Smithy", "Militia", "Moat", "Cellar", "Mine", "Remodel", "Bureaucrat", "Spy",
                                   "Thief", "Moneylender"]))
    assert not [n for n in money_only if n.startswith(("engine-", "chapel-", "rush-"))]


def test_every_candidate_is_a_rule_file_that_reads_back_to_the_same_rules():
    for rules in A.candidates(ids(ENGINE_KINGDOM)).values():
        again = parse_rules(A.to_text(rules), "<again>")
        assert again.name == rules.name
        assert [(c, {repr(k) for k in conds}) for c, conds in again.rules] == \
               [(c, {repr(k) for k in conds}) for c, conds in rules.rules]
        kept = [{c: cp.keep_money for c, cp in r.policy.cards.items()} if r.policy else None for r in (again, rules)]
        assert kept[0] == kept[1], rules.name  # (a Chapel engine's money kept too)


def test_a_genome_without_kingdom_cards_is_big_money_ultimate():
    ours = [(NAMES[c], sorted(repr(k) for k in conds)) for c, conds in A.Genome(()).rules().rules]
    bmu = [(NAMES[c], sorted(repr(k) for k in conds)) for c, conds in _PARSED["big-money-ultimate"].rules]
    assert ours == bmu


def test_genome_mutations_are_one_step_away_and_keep_at_most_two_cards():
    smithy = BY_NAME["Smithy"]
    g = A.Genome(((smithy, 1, False),))
    near = g.mutations(ids(["Smithy", "Militia", "Village"]))
    assert g not in near and len(set(near)) == len(near)
    for m in near:
        changed = sum(getattr(m, f) != getattr(g, f) for f in ("cards", "province", "duchy", "duchy_late", "estate"))
        assert changed == 1 and 1 <= len(m.cards) <= 2
        m.rules()  # every neighbour is a valid strategy
    assert A.Genome(((smithy, 2, False),)) in near and A.Genome(((smithy, 1, True),)) in near


def test_duel_shares_the_points_and_the_better_strategy_takes_more():
    opts = {"kingdom": "first-game"}
    bmu, bm = _PARSED["big-money-ultimate"], _PARSED["big-money"]
    x = A.duel(opts, bmu, bm, 60, seed=3)
    assert x > 0.6
    assert A.duel(opts, bm, bmu, 60, seed=3) == pytest.approx(1 - x)  # the same deals from the other side
    assert A.duel(opts, bmu, bmu, 60, seed=3) == pytest.approx(0.5, abs=0.2)


def test_the_climb_never_ends_below_where_it_started():
    kingdom = ids(["Smithy", "Militia", "Moat", "Cellar", "Mine", "Remodel", "Village", "Market", "Workshop",
                   "Festival"])
    opts = {"kingdom": ",".join(NAMES[c] for c in kingdom)}
    start = A.Genome(((BY_NAME["Smithy"], 1, False),))
    rivals = [_PARSED["smithy-big-money"]]
    best, score = A.tune(opts, start, rivals, kingdom, steps=4, games=40, seed=9)
    before = A.duel(opts, start.rules(), rivals[0], 40, A.derive_seed(9, 0))
    assert score >= before
    assert A.tune(opts, start, rivals, kingdom, steps=4, games=40, seed=9) == (best, score)  # deterministic


def test_on_a_workshop_and_gardens_kingdom_a_gardens_rush_ranks_first():
    k = ids(["Workshop", "Gardens", "Smithy", "Militia", "Moat", "Cellar", "Village", "Market", "Mine", "Remodel"])
    found = A.adapt(k, **SMALL)
    assert "gardens" in found.ranking[0][0]
    assert found.best_rule_bot in STRATEGIES or found.best_rule_bot == "bmu-plus"
    assert {n for n, _ in found.ranking} == set(found.rules)
    shares = [v for _, v in found.ranking]
    assert shares == sorted(shares, reverse=True) and 0 <= shares[-1] <= shares[0] <= 1


def test_on_a_witch_kingdom_the_best_strategy_buys_witches():
    k = ids(["Witch", "Village", "Laboratory", "Cellar", "Chapel", "Moneylender", "Festival", "Library", "Throne Room",
             "Bureaucrat"])
    found = A.adapt(k, **SMALL)
    assert BY_NAME["Witch"] in {c for c, _ in found.best.rules}


ENGINE_WITCH_KINGDOM = ["Laboratory", "Witch", "Chapel", "Market", "Village", "Cellar", "Moat", "Smithy", "Remodel",
                        "Workshop"]


def test_a_chapel_engine_is_written_where_the_kingdom_has_a_chapel_and_a_laboratory():
    pool = A.candidates(ids(ENGINE_KINGDOM))
    engines = sorted(n for n in pool if n.startswith("chapel-laboratory"))
    # the strongest terminal Attack (Militia), with and without the first village (Festival) and the +Buy cantrip
    # (Market); the $13 first Province only where a +Buy comes with it
    assert engines == sorted(["chapel-laboratory-militia", "chapel-laboratory-militia-market",
                              "chapel-laboratory-militia-market-13", "chapel-laboratory-militia-festival",
                              "chapel-laboratory-militia-festival-13", "chapel-laboratory-militia-festival-market",
                              "chapel-laboratory-militia-festival-market-13"])
    rules = pool["chapel-laboratory-militia-market-13"].rules
    bought = [NAMES[c] for c, _ in rules]
    assert bought.index("Laboratory") < bought.index("Militia") < bought.index("Chapel")  # a $4 Attack after Labs
    assert bought.index("Market") < bought.index("Laboratory")
    witch = A.candidates(ids(ENGINE_WITCH_KINGDOM))["chapel-laboratory-witch-village-market-13"].rules
    bought = [NAMES[c] for c, _ in witch]
    assert bought.index("Witch") < bought.index("Laboratory")  # a $5 Attack before them
    for names in (["Chapel", "Smithy", "Village", "Militia", "Market", "Moat", "Cellar", "Mine", "Spy", "Thief"],
                  ["Laboratory", "Smithy", "Village", "Militia", "Market", "Moat", "Cellar", "Mine", "Spy", "Thief"]):
        assert not [n for n in A.candidates(ids(names)) if n.startswith("chapel-laboratory")]


def test_every_chapel_engine_plays_in_the_compiled_bot():
    from realms.games.dominion import botkernel

    for names in (ENGINE_KINGDOM, ENGINE_WITCH_KINGDOM):
        for name, rules in A.candidates(ids(names)).items():
            if name.startswith("chapel-laboratory"):
                assert botkernel.uncovered(rules) is None, name


def test_a_chapel_engine_beats_witch_money_where_it_has_a_laboratory_and_a_market():
    k = ids(ENGINE_WITCH_KINGDOM)
    engine = A.candidates(k)["chapel-laboratory-witch-village-market-13"]
    opts = {"kingdom": ",".join(ENGINE_WITCH_KINGDOM)}
    assert A.duel(opts, engine, _PARSED["witch-big-money"], 400, 11) > 0.6
    assert A.adapt(k, **SMALL).ranking[0][0].startswith("chapel-laboratory-witch")


def test_adapt_is_deterministic_and_kept_per_kingdom():
    k = ids(ENGINE_KINGDOM)
    first = A.adapt(k, **SMALL)
    assert A.adapt(list(reversed(k)), **SMALL) is first  # the same kingdom in another order: the same answer
    A._ADAPTED.clear()
    again = A.adapt(k, **SMALL)
    assert again.ranking == first.ranking and again.games == first.games


def test_the_adapted_bot_plays_the_strategy_ranked_first_through_the_protocol():
    k = ids(["Workshop", "Gardens", "Smithy", "Militia", "Moat", "Cellar", "Village", "Market", "Mine", "Remodel"])
    bot = make_agent("adapted:steps=0", G, seed=1)
    s = G.new({"kingdom": ",".join(NAMES[c] for c in k)}, 5)
    other = make_agent("big-money", G, seed=2)
    for _ in range(5000):
        if G.result(s) is not None:
            break
        seat = s.to_move
        agent = bot if seat == 0 else other
        action = agent.act(G, s)
        assert action in G.legal_actions(s)
        G.apply(s, action)
    assert G.result(s) is not None
    assert bot.name == A.adapt(s.kingdom, s.edition, s.colony, tune_steps=0).ranking[0][0]
    assert isinstance(bot, A.AdaptedBot) and bot.steps == 0


def test_the_adapted_bot_refuses_a_bad_option():
    with pytest.raises(Exception, match="steps"):
        make_agent("adapted:steps=-1", G, seed=1)


WITCH_KINGDOM = "Witch,Village,Laboratory,Cellar,Chapel,Moneylender,Festival,Library,Throne Room,Bureaucrat"


def _witch_policy() -> tuple[A.RolloutAdaptedBot, object]:
    s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, 1)
    policy = make_agent("rollout-adapted", G, seed=0)
    assert isinstance(policy, A.RolloutAdaptedBot)
    policy._prepare(s)
    return policy, s


def test_the_adapted_policy_adds_the_kingdoms_own_strategies_to_the_models():
    policy, s = _witch_policy()
    found = A.adapt(s.kingdom, s.edition, s.colony, tune_steps=A.RolloutAdaptedBot.STEPS)
    own = [n for n, _ in found.ranking[:A.RolloutAdaptedBot.TOP] if n not in STRATEGIES and n != "bmu-plus"]
    assert own and policy.models[-len(own):] == tuple(own)
    assert all(policy.model_rules[n] is found.rules[n].rules for n in own)
    assert len(policy.MODEL_RULES) == len(policy.models)
    # the portfolio offers a strategy of the kingdom's own where it takes the built-in strategies' share of the
    # points against bmu-plus
    opts = {"kingdom": ",".join(NAMES[c] for c in s.kingdom), "edition": "first" if s.edition == 1 else "second"}
    ref = bmu_plus_for(s.kingdom)
    passes = [m for m in own if A.duel(opts, found.rules[m], ref, 2 * STRONG_GAMES, 0x5EED) >= STRONG_SHARE]
    assert [m for m in policy.portfolio(s, 0) if m in own] == passes


def test_on_the_engine_kingdom_the_search_policy_offers_the_chapel_engine():
    s = G.new(G.validate_options({"players": 2, "kingdom": ",".join(ENGINE_WITCH_KINGDOM)}), 1)
    policy = A.RolloutAdaptedBot(Rng(0))
    offered = policy.portfolio(s, 0)
    assert offered and all(m.startswith("chapel-laboratory-witch") for m in offered)
    # the money policy (the hard level's own reading) offers none of the kingdom's own strategies
    assert not [m for m in make_agent("rollout", G, 0).portfolio(s, 0) if m.startswith("chapel-")]


def test_the_kernel_plays_a_seat_read_as_the_kingdoms_own_strategy_as_the_python_path():
    kernel = pytest.importorskip("realms.games.dominion.kernel")
    if not kernel.AVAILABLE:
        pytest.skip("numba is not installed (the 'fast' extra)")
    from realms.games.dominion import botkernel
    from realms.games.dominion.fast import play as fast_play

    policy, s = _witch_policy()
    own = policy.models[-1]
    assert own not in STRATEGIES
    for g in range(3):
        s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, g)
        for _ in range(30 * g):  # a few positions into the game
            G.apply(s, make_agent("big-money", G, seed=g).act(G, s))
        bot = make_agent("rollout-adapted", G, seed=1)
        bot._prepare(s)
        bot.use_model((own, None))
        st, _, got = botkernel.play(s, botkernel.tables(bot), record=True, fixed=bot._fixed_array())
        ref = G.clone(s)
        want: list[int] = []
        fast_play(G, ref, [bot] * 2, want)
        assert got == want
        assert kernel.result_of(kernel.scores(st, 2), 2) == G.result(ref)


def test_a_seat_read_as_a_chapel_engine_decides_as_its_file_in_the_kernel_and_in_python():
    """A seat the model reads as the kingdom's Chapel engine plays that file's Chapel (keeping ``ENGINE_KEEP``) in
    the search's playouts: the kernel and the Python path decide alike, and not as the buy rules alone would."""
    kernel = pytest.importorskip("realms.games.dominion.kernel")
    if not kernel.AVAILABLE:
        pytest.skip("numba is not installed (the 'fast' extra)")
    from realms.games.dominion import botkernel
    from realms.games.dominion.fast import play as fast_play

    kingdom = ",".join(ENGINE_WITCH_KINGDOM)
    chapel = ids(["Chapel"])[0]
    differs = 0
    for g in range(4):
        s = G.new({"players": 2, "kingdom": kingdom}, g)
        bot = A.RolloutAdaptedBot(Rng(1))
        bot._prepare(s)
        engines = [m for m in bot.models if m in bot.model_files]
        assert engines and all(bot.model_files[m].policy.cards[chapel].keep_money == A.ENGINE_KEEP for m in engines)
        bot.use_model((engines[0], engines[-1]))
        got = botkernel.play(s, botkernel.tables(bot), record=True, fixed=bot._fixed_array())[2]
        want: list[int] = []
        fast_play(G, G.clone(s), [bot] * 2, want)
        assert got == want, g
        plain = A.RolloutAdaptedBot(Rng(1))
        plain._prepare(s)
        plain.model_files = {}
        plain.use_model((engines[0], engines[-1]))
        rules_only: list[int] = []
        fast_play(G, G.clone(s), [plain] * 2, rules_only)
        differs += rules_only != want
    assert differs


def test_the_opponent_model_reads_a_seat_playing_the_kingdoms_strategy_as_it():
    policy, s = _witch_policy()
    own = policy.models[-1]
    model = policy.opponent_model()
    player = A.StrategyBot(A.Rng(4), A.adapt(s.kingdom, s.edition, s.colony).rules[own])
    other = make_agent("big-money", G, seed=5)
    reading: tuple = ()
    while s.to_move is not None and s.turns[1] < 12:
        if s.to_move == 0:
            reading = model.observe(s, 0)
            G.apply(s, other.act(G, s))
        else:
            G.apply(s, player.act(G, s))
    assert reading[1] == own


def test_a_search_with_the_adapted_policy_is_deterministic():
    from realms.agents import make_agent as make_search
    from realms.core.agents import agent_input
    from realms.core.rng import Rng, derive_seed

    def moves() -> list[str]:
        s = G.new({"players": 2, "kingdom": WITCH_KINGDOM}, 2)
        me = make_search("mc:iterations=200,model=true,portfolio=true,policy=rollout-adapted", "dominion", 7)
        rival = make_agent("witch-big-money", G, 1)
        out = []
        while s.to_move is not None and s.turns[1] < 4:
            if s.to_move == 0:
                a = me.act(G, agent_input(G, s, 0, Rng(derive_seed(3, len(out)))))
                out.append(f"{a} {me.last_strategy}")
                G.apply(s, a)
            else:
                G.apply(s, rival.act(G, s))
        return out

    first = moves()
    assert first and first == moves()
