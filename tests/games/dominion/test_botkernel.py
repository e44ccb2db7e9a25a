"""The search's ``rollout`` (``rollout-auto``) played in the compiled kernel (``realms.games.dominion.botkernel``)
against the Python path (``fast.play``, whose games are the reference engine's: test_fast): from positions of many
games, part-way and with seats holding every kingdom card (so every frame the bot answers comes up), the same
decision at every step, the same final zones and the same result; a flat search's whole round in the kernel is the
search's own steps; ``mc`` gives the same root statistics with the kernel and without it."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import realms.games
from realms.core.agents import make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.dominion import frames
from realms.games.dominion.bots import load_rules
from realms.games.dominion.cards import BY_NAME
from realms.games.dominion.zones import UNSEEN

kernel = pytest.importorskip("realms.games.dominion.kernel")
if not kernel.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)
from realms.games.dominion import botkernel  # noqa: E402  (with numba)
from realms.games.dominion.fast import play as fast_play  # noqa: E402
from tests.games.dominion.test_kernel import _rich, rounds_agree  # noqa: E402
from tests.games.dominion.util import asking_cards, kingdom_with, registry_kingdoms  # noqa: E402

GAME = realms.games.get("dominion")
ATTACKS = "Cellar,Market,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop,Bureaucrat"
REST = "Witch,Moat,Library,Poacher,Bandit,Moneylender,Vassal,Chancellor,Feast,Gardens"
ASKING = "Chapel,Throne Room,Spy,Thief,Adventurer,Moat,Militia,Gardens,Smithy,Village"
DEAR = "Library,Council Room,Market,Festival,Laboratory,Moat,Cellar,Village,Woodcutter,Workshop"  # X costs $5
#: the Reactions asked again (Secret Chamber, Diplomat) under the Attacks their answers read (Militia, Ghost Ship,
#: Minion), beside Moat
REACTIONS = "Secret Chamber,Militia,Minion,Ghost Ship,Diplomat,Sailor,Masquerade,Pirate Ship,Village,Moat"
#: every card the compiled bot covers, in kingdoms of 10 drawn from the card registry
PORTED = registry_kingdoms(botkernel.PORTED)
CASES = [
    ({"players": 2}, 2, False),
    ({"players": 2, "edition": "second"}, 2, False),
    ({"players": 3, "kingdom": ATTACKS}, 2, True),
    ({"players": 2, "kingdom": REST}, 2, True),
    *(({"players": (3, 2, 2, 4)[i % 4], "kingdom": k, "edition": ("first", "second")[i % 2],
        "colony_platinum": i % 4 == 3}, 2, True) for i, k in enumerate(PORTED)),
    ({"players": 2, "kingdom": DEAR}, 3, False),
    ({"players": 2, "kingdom": ASKING}, 1, False),
    ({"players": 3, "kingdom": REACTIONS, "edition": "first"}, 1, True),
]
FULL = os.environ.get("REALMS_FULL") == "1"
DOMSIM = Path(__file__).parents[3] / "docs" / "examples" / "dominionsim"


def _start(opts, g, rich):
    # rich: every seat starts with two of each kingdom card besides the usual 7 Coppers and 3 Estates
    return _rich(opts, g) if rich else GAME.new(opts, g)


def _positions(every=7, cases=CASES):
    """Positions of games between the bot, ``random`` and Big Money Ultimate (every ``every``-th decision)."""
    for opts, count, rich in cases:
        for g in range(count):
            s = _start(opts, g, rich)
            kinds = ("rollout", "random", "big-money-ultimate")  # (a money seat owns Gold without X)
            seats = [make_agent(kinds[(q + g) % 3], GAME, derive_seed(g, q)) for q in range(s.players)]
            step = 0
            while s.to_move is not None:
                if step % every == 0:
                    yield opts, GAME.clone(s)
                GAME.apply(s, seats[s.to_move].act(GAME, s))
                step += 1


def _declined(s) -> bool:
    """A Wishing Well table whose decks hold cards nobody has seen above a card of known depth (Secret Passage):
    the compiled bot declines it, as documented."""
    if botkernel.WISHING_WELL in s.piles and any(UNSEEN in top for top in s.top):
        assert not botkernel.supports(s)
        return True
    return False


def _compare(positions, asked):
    """Each position played to the end by the bot in the kernel and in Python (``fast.play``): the same decision
    at every step, the same zones and the same result; counts the frames the Python bot answered into ``asked``;
    returns how many positions."""
    n = 0
    for opts, s in positions:
        if _declined(s):
            continue
        assert botkernel.supports(s), opts
        bot = make_agent("rollout", GAME, 1)
        bot._prepare(s)
        st, count, got = botkernel.play(s, botkernel.tables(bot), record=True)
        ref = GAME.clone(s)
        want: list[int] = []
        decide = bot.decide
        bot.decide = lambda s, f, decide=decide: (asked.update([f[0]]), decide(s, f))[1]  # (the frames it answers)
        fast_play(GAME, ref, [bot] * ref.players, want)
        del bot.decide
        assert got == want, (opts, n)
        for q in range(s.players):
            z = kernel.zones(st, q)
            assert (z["hand"], z["deck"], z["disc"], z["play"]) == (ref.hand[q], ref.deck[q], ref.disc[q], ref.play[q])
        result = GAME.result(ref)
        assert kernel.result_of(kernel.scores(st, s.players), s.players) == result
        assert bot.finish(GAME, s) == result  # the bot's own finish takes the kernel
        n += 1
    return n


def test_the_kernel_plays_the_bots_games():
    asked: Counter[int] = Counter()
    n = _compare(_positions(), asked)
    # every frame the kernel answers came up: a Reaction, a discard down, a gain and the kingdom cards' own
    for kind in ("REACT", "DISCARD_DOWN", "GAIN"):
        assert asked[getattr(frames, kind)], (kind, asked)
    for name in sorted(asking_cards(PORTED)):
        assert asked[BY_NAME[name]], (name, asked)
    assert n > 300


#: a rule file that reads every quantity, kind, operator and choice the compiled bot plays for a file (an odd
#: strategy, but one whose conditions flip within a game)
EVERY_QUANTITY = """
name = "every-quantity"
play = ["Village", "Witch", "Laboratory", "Smithy", "Library", "Village"]
penultimate_province_rule = true
end_only_when_winning = true
discard = ["Curses", "Victories", "Copper", "Silver"]

[[buy]]
card = "Province"
if = "money >= 16 or vp_lead < -5 and coins >= 8"
[[buy]]
card = "Duchy"
if = ["gains_to_end <= 5", "opponent_vp - vp > -3 or smallest_pile < 3"]
[[buy]]
card = "Estate"
if = "gains_to_end <= 2 and draw_pile * 2 >= 1"
[[buy]]
card = "Gold"
if = "in_hand(Treasures) + in_hand(Gold) >= 3 or turn > 12"
[[buy]]
card = "Witch"
if = "count(Attacks) < 2 and opponent_count(Witch) <= count(Witch) + 1"
[[buy]]
card = "Laboratory"
if = "count(Laboratory) < (treasures - count(Curses)) / 4"
[[buy]]
card = "Village"
if = "count(Villages) < count(Terminals) - 1"
[[buy]]
card = "Smithy"
if = "count(Terminals) <= count(Villages) + 1 and 2 < deck_size / count(Smithy)"
[[buy]]
card = "Market"
if = "in_play(Actions) >= 1 or actions_left > 0 and action_phase == 0"
[[buy]]
card = "Chapel"
if = "turn <= 2 and count(Chapel) == 0"
[[buy]]
card = "Remodel"
if = "count(Remodel) < 1 and 3 <= turn < 9"
[[buy]]
card = "Silver"
if = "-count(Silver) > -8 and 3 / 2 * count(Silver) != 1.5 * count(Gold) + 100"
[[buy]]
card = "Cellar"
if = "empty_piles == 0 and buys >= 1 and count(Smithy) / 0 / 2 > 1 and 1 / (treasures / 0) == 0"
[[buy]]
card = "Silver"

[card.Chapel]
trash = ["Curses", "Estate", "Copper"]
keep_money = 3
[card.Cellar]
discard = ["Victories", "Curses"]
[card.Remodel]
trash = ["Curse", "Estate", "Gold"]
[card.Smithy]
if = "actions_left >= 1 and in_hand(Treasures) < 4"
[card."Throne Room"]
target = ["Witch", "Militia", "Smithy", "Actions"]
[card.Library]
set_aside = ["Actions"]
"""


def _files() -> list[Any]:
    from realms.games.dominion.bots import parse_rules

    library_always = EVERY_QUANTITY.replace('set_aside = ["Actions"]', "set_aside = true")
    return [parse_rules(EVERY_QUANTITY, "every-quantity.toml"), parse_rules(library_always, "library-always.toml"),
            *(load_rules(DOMSIM / f"{n}.toml") for n in ("smithy", "first-game", "spy-thief", "bureaucrat-gardens",
                                                         "lab-militia-chapel", "burning-skull"))]


def test_the_kernel_plays_rule_files_as_the_strategy_bot_does():
    """Strategy bots of rule files with expressions, counts by kind, end-game checks and card choices, one file per
    seat, played from the positions above in the kernel and in Python: the same decision at every step."""
    from realms.games.dominion.bots import StrategyBot

    files = _files()
    for f in files:
        assert botkernel.uncovered(f) is None, f.name
    n = 0
    for i, (opts, s) in enumerate(_positions(every=13)):
        if _declined(s):
            continue
        seats = [files[(q + i) % len(files)] for q in range(s.players)]
        tables, fixed = botkernel.strategy_tables(seats)
        got = botkernel.play(s, tables, record=True, fixed=fixed)[2]
        want: list[int] = []
        fast_play(GAME, GAME.clone(s), [StrategyBot(Rng(0), f) for f in seats], want)
        assert got == want, (opts, i)
        n += 1
    assert n > 200


def test_the_kernel_plays_every_part_of_a_rule_file_but_a_condition_deeper_than_it_reads():
    from realms.games.dominion.bots import parse_rules

    def why(text: str) -> str | None:
        return botkernel.uncovered(parse_rules(text + '\n[[buy]]\ncard = "Province"\n'))

    assert why("") is None
    assert why('play = ["Smithy"]\n[card.Chapel]\nkeep_money = 4\n[card.Smithy]\nif = "actions_left > 0"\n'
               '[card.Library]\nset_aside = true\n[card."Throne Room"]\ntarget = ["Smithy"]') is None
    deep = " + ".join(f"(count(Smithy) * {i}" for i in range(20)) + ")" * 20
    assert "deeper" in why(f'[[buy]]\ncard = "Gold"\nif = "{deep} > 3"\n')


@pytest.mark.slow
def test_the_kernel_plays_the_bots_games_in_every_registry_kingdom():
    """Every registry kingdom of the ported cards in both editions, with 2, 3 or 4 players in turn (and
    Colony/Platinum with 4); REALMS_FULL=1: every player count, five times as many games."""
    counts = [(2, 3, 4)] if FULL else [(2,), (3,), (4,)]
    cases = [({"players": q, "kingdom": k, "edition": e, "colony_platinum": q == 4}, 5 if FULL else 1, True)
             for i, k in enumerate(PORTED) for e in ("first", "second") for q in counts[i % len(counts)]]
    asked: Counter[int] = Counter()
    assert _compare(_positions(every=11, cases=cases), asked) > 500
    for name in sorted(asking_cards(PORTED)):
        assert asked[BY_NAME[name]], (name, asked)


def test_a_state_the_kernel_does_not_take_plays_in_python():
    s = GAME.new({"players": 2, "kingdom": ASKING}, 1)
    saved = botkernel.PORTED
    try:
        botkernel.PORTED = saved - {BY_NAME["Chapel"]}  # (as a card added to the game later would be)
        assert not botkernel.supports(s)
        bot = make_agent("rollout", GAME, 1)
        assert bot.finish_round(GAME, s, 0, Rng(1), GAME.legal_actions(s)) is None
        ref = GAME.clone(s)
        fast_play(GAME, ref, [make_agent("rollout", GAME, 1)] * 2)
        assert bot.finish(GAME, s) == GAME.result(ref)
    finally:
        botkernel.PORTED = saved
    assert botkernel.supports(s)


def test_search_rounds_with_the_bot_in_the_kernel():
    """``finish_round`` is ``determinize``, one draw for the policy's seed, then ``finish_after`` of each action;
    ``finish_after`` in the kernel is the Python path's; ``mc`` (also planning turns) and ``ismcts`` with the
    default rollout give the same moves and root statistics with the kernel and without."""
    import realms.agents  # noqa: F401  (the search agents)

    for n, (_, state) in enumerate(_positions(every=23)):
        if _declined(state):
            continue
        rounds_agree("rollout", state, n)
        actions = GAME.legal_actions(state)
        a, b = make_agent("rollout", GAME, n), make_agent("rollout", GAME, n)
        for action in actions:  # finish_after in the kernel (the encoding kept) against the Python path
            try:
                botkernel.ENABLED = False
                want_after = b.finish_after(GAME, state, action)
            finally:
                botkernel.ENABLED = True
            got_after = a.finish_after(GAME, state, action)
            assert got_after == want_after and got_after.breakdown == want_after.breakdown, n
    state = next(s for i, (_, s) in enumerate(_positions(every=11)) if i > 3 and len(GAME.legal_actions(s)) > 2)
    _searches_agree(state, ("mc:iterations=45", "mc:iterations=30,confidence=0,focus=false", "ismcts:iterations=30",
                            "mc:iterations=40,plan=2"))


def _searches_agree(state, specs) -> None:
    """Each search spec's move and root statistics from ``state``: the same with the compiled bot and without."""
    runs = []
    try:
        for on in (True, False):
            botkernel.ENABLED = on
            for spec in specs:
                agent = make_agent(spec, GAME, 8)
                runs.append((spec, agent.act(GAME, state), agent.last_stats))
    finally:
        botkernel.ENABLED = True
    assert runs[:len(specs)] == runs[len(specs):]


def test_a_strategy_bot_as_a_playout_policy_plays_in_the_kernel_as_its_steps_do():
    """A strategy bot as a search's playout policy (a built-in strategy, or any rule file's bot) finishes a playout in
    the compiled bot, this bot in every seat, with the result its own steps give (``fast.play``); its rounds are the
    search's own steps; and ``mc`` with it gives the same move and root statistics with the kernel and without."""
    import realms.agents  # noqa: F401  (the search agents)
    from realms.games.dominion.bots import StrategyBot

    files = _files()
    n = 0
    for i, (_, s) in enumerate(_positions(every=29)):
        if _declined(s) or s.to_move is None:
            continue
        bot = StrategyBot(Rng(0), files[i % len(files)])
        ref = GAME.clone(s)
        fast_play(GAME, ref, [bot] * s.players)
        assert bot.finish(GAME, s) == GAME.result(ref), i
        action = GAME.legal_actions(s)[-1]
        ref = GAME.clone(s)
        GAME.apply(ref, action)
        fast_play(GAME, ref, [bot] * s.players)
        assert bot.finish_after(GAME, s, action) == GAME.result(ref), i
        if i % 4 == 0:
            rounds_agree("witch-big-money", s, i)
        n += 1
    assert n > 50
    state = next(s for i, (_, s) in enumerate(_positions(every=11)) if i > 3 and len(GAME.legal_actions(s)) > 2)
    _searches_agree(state, ("mc:iterations=45,policy=witch-big-money",
                            "mc:iterations=30,policy=smithy-big-money,confidence=0,focus=false"))


def test_the_bot_kernel_ports_every_card_the_kernel_plays():
    """The compiled bot answers in every game the kernel plays (each card's questions, the base set's and both
    editions of Intrigue's and Seaside's), and only there: a table the kernel does not encode plays in Python."""
    assert botkernel.PORTED == kernel.SUPPORTED
    for edition in ("first", "second"):
        for name in ("Courtyard", "Secret Chamber", "Pirate Ship", "Sailor", "Treasure Map"):
            s = GAME.new({"players": 2, "kingdom": kingdom_with(name), "edition": edition}, 3)
            assert botkernel.supports(s), (edition, name)
    five = GAME.new({"players": 5, "kingdom": kingdom_with("Courtyard")}, 3)
    assert not kernel.encodable(five) and not botkernel.supports(five)


def test_a_record_longer_than_its_room_is_played_again_whole(monkeypatch):
    """A game of more decisions than the record has room for is played again with room for all of them (the
    kernel writes none past the record's end): the same decisions as with room to spare."""
    s = GAME.new({"players": 2, "kingdom": "first-game"}, 3)
    bot = make_agent("rollout", GAME, 1)
    bot._prepare(s)
    st, count, whole = botkernel.play(s, botkernel.tables(bot), record=True)
    monkeypatch.setattr(botkernel, "RECORD_ROOM", 5)
    st2, count2, again = botkernel.play(s, botkernel.tables(bot), record=True)
    assert count == count2 == len(whole) > 5 and again == whole
    assert kernel.scores(st, 2) == kernel.scores(st2, 2)


@pytest.mark.parametrize("options", [{"players": 2, "kingdom": "first-game"},
                                     {"players": 3, "kingdom": "Witch,Militia,Bureaucrat,Spy,Thief,Moat,Throne Room,"
                                                               "Library,Chapel,Cellar"},
                                     {"players": 4, "edition": "second", "colony_platinum": True}])
def test_a_game_dealt_in_the_kernel_is_the_game_of_the_reference_setup(options, monkeypatch):
    """``deal_and_play`` from ``Dominion.undealt``'s array (the first hands drawn in the kernel) makes the decisions
    and reaches the final state that ``play`` makes and reaches from ``Dominion.setup``'s state of the same seed; the
    undealt table is the same for every seed, the stream apart."""
    opts = GAME.validate_options(options)
    undealt = kernel.encode(GAME.undealt(opts, 1))
    assert _differences(kernel.encode(GAME.undealt(opts, 99)), undealt, opts["players"]) == []
    bot = make_agent("rollout", GAME, 1)
    bot._prepare(GAME.setup(opts, 1))
    tables = botkernel.tables(bot)
    for g in range(12):
        seed = derive_seed(77, g)
        s = GAME.setup(opts, seed)
        want_st, want_n, want = botkernel.play(s, tables, record=True)
        monkeypatch.setattr(botkernel, "RECORD_ROOM", 7 if g % 3 == 0 else botkernel.RECORD_ROOM)
        st, n, got = botkernel.deal_and_play(undealt, s.players, Rng(seed).state, tables, record=True)
        monkeypatch.undo()
        assert (n, got) == (want_n, want), g
        assert _differences(st, want_st, s.players) == [], g


def _differences(a, b, players: int) -> list:
    """Where two kernel arrays differ: each seat's zones and counters, and the table fields (lists only up to their
    counts: the kernel leaves what lies beyond them)."""
    out = []
    for q in range(players):
        za, zb = kernel.zones(a, q), kernel.zones(b, q)
        out += [(q, name) for name in za if za[name] != zb[name]]
        lo, hi = kernel.S0 + q * kernel.SEAT + kernel.O_COUNT, kernel.S0 + (q + 1) * kernel.SEAT
        out += [kernel.field_of(i) for i in range(lo, hi) if a[i] != b[i]]
    skip = {*range(kernel.G_MARK, kernel.G_MARK + kernel.NC), kernel.G_STAMP,
            *range(kernel.G_FR, kernel.G_FR + kernel.MAXFR * kernel.FW),
            *range(kernel.G_TRL + int(b[kernel.G_NTRL]), kernel.G_TRL + kernel.TRC),
            *range(kernel.G_THR + 2 * int(b[kernel.G_NTHR]), kernel.G_THR + 2 * kernel.MAXTHR)}
    return out + [kernel.field_of(i) for i in range(kernel.S0) if i not in skip and a[i] != b[i]]


def test_every_bot_kernel_path_runs_one_compiled_version():
    """Every way the bot plays in the kernel (a recorded game, a playout after an action, a game dealt in the kernel,
    a search's round, strategy bots' games) goes through ``botkernel.bot_games`` with arguments of the same types,
    so numba compiles the engine with the bot into one function once."""
    if not hasattr(botkernel.bot_games, "signatures"):
        pytest.skip("numba's JIT is switched off")
    opts = GAME.validate_options({"players": 2, "kingdom": ATTACKS})
    s = GAME.setup(opts, 5)
    bot = make_agent("rollout", GAME, 1)
    bot._prepare(s)
    tables = botkernel.tables(bot)
    botkernel.play(s, tables, record=True)
    botkernel.finish_after(s, GAME.legal_actions(s)[0].index, tables)
    botkernel.deal_and_play(kernel.encode(GAME.undealt(opts, 1)), 2, Rng(5).state, tables)
    botkernel.search_round(kernel.round_prepare(s, 0), tables, 2, [a.index for a in GAME.legal_actions(s)], Rng(1),
                           Rng(2))
    files = [make_agent(name, GAME, 1).kernel_rules() for name in ("big-money", "smithy-big-money")]
    files.append(load_rules(DOMSIM / "first-game.toml"))  # (end-game checks, expressions, card choices)
    strategy, fixed = botkernel.strategy_tables(files)
    botkernel.play(s, strategy, fixed=fixed)
    assert len(botkernel.bot_games.signatures) == 1, botkernel.bot_games.signatures
