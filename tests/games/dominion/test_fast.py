"""The lean path for strategy bots (``realms.games.dominion.fast``) against the reference engine: the action
indices it records are what the same bots choose through ``legal_actions``/``apply``, every one legal there,
and the final state hash, result and statistics agree."""

from __future__ import annotations

from pathlib import Path

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.dominion import fast
from realms.games.dominion.bots import STRATEGIES, make_strategy

GAME = realms.games.get("dominion")
ATTACKS = "Witch,Militia,Bureaucrat,Spy,Thief,Moat,Throne Room,Library,Chapel,Cellar"
SMITHY = "Smithy,Village,Market,Militia,Moat,Witch,Laboratory,Cellar,Festival,Council Room"

CASES = [
    ({"players": 2}, ("big-money", "big-money"), 40),
    ({"players": 2}, ("big-money-ultimate", "smithy-big-money"), 30),
    ({"players": 3, "kingdom": SMITHY}, ("witch-big-money", "militia-big-money", "smithy-big-money"), 20),
    ({"players": 4, "kingdom": ATTACKS}, tuple(sorted(STRATEGIES))[:4], 15),
    ({"players": 2, "kingdom": "random"}, ("big-money-ultimate", "witch-big-money"), 20),
    ({"players": 2, "colony_platinum": True, "edition": "second"}, ("big-money", "big-money-ultimate"), 15),
    ({"players": 1}, ("big-money",), 10),
]


@pytest.mark.parametrize("options, agents, games", CASES)
def test_lean_games_replay_through_the_reference_engine(options, agents, games):
    opts = GAME.validate_options(options)
    for g in range(games):
        seed = derive_seed(31, g)
        seeds = [derive_seed(seed, s + 1) for s in range(len(agents))]
        s = GAME.setup(opts, seed)
        record: list[int] = []
        n = fast.play(GAME, s, [make_strategy(a, Rng(x)) for a, x in zip(agents, seeds, strict=True)], record)
        assert n == len(record)
        ref = GAME.new(options, seed)
        bots = [make_agent(a, GAME, x) for a, x in zip(agents, seeds, strict=True)]
        for step, idx in enumerate(record):
            legal = GAME.legal_actions(ref)
            action = bots[ref.to_move].act(GAME, ref)
            assert action.index == idx and action in legal, (options, agents, g, step)
            GAME.apply(ref, action)
        assert ref.to_move is None
        assert GAME.state_hash(ref) == GAME.state_hash(s)
        assert GAME.result(ref) == GAME.result(s)
        assert GAME.stats(ref) == GAME.stats(s)


def test_fast_games_hook():
    opts = GAME.validate_options({"players": 2})
    assert GAME.fast_games(opts, ["big-money", "rollout"]) is None
    play = GAME.fast_games(opts, ["big-money", "smithy-big-money"])
    done = play(7, [1, 2])
    s = GAME.new(opts, 7)
    bots = [make_agent("big-money", GAME, 1), make_agent("smithy-big-money", GAME, 2)]
    n = 0
    while s.to_move is not None:
        GAME.apply(s, bots[s.to_move].act(GAME, s))
        n += 1
    assert done.result == GAME.result(s) and done.turns == s.turns and done.actions == n
    assert done.stats == GAME.stats(s)


@pytest.mark.parametrize("options, agents, games", CASES)
def test_the_compiled_strategy_bots_play_the_lean_loops_games(options, agents, games, monkeypatch):
    """Where numba is installed the default path plays the built-in strategies in the compiled bot
    (``botkernel``): the same results, turns, decisions and statistics as the lean loop, game for game."""
    from realms.games.dominion import botkernel, kernel

    if not kernel.AVAILABLE:
        pytest.skip("numba is not installed: the lean loop is the only path")
    opts = GAME.validate_options(options)
    seeds = [(derive_seed(41, g), [derive_seed(derive_seed(41, g), s + 1) for s in range(len(agents))])
             for g in range(games)]
    compiled = GAME.fast_games(opts, list(agents))
    assert compiled.path == compiled.COMPILED
    done = [compiled(seed, each) for seed, each in seeds]
    assert compiled.declined < games  # (a random kingdom may deal a card the compiled bot lacks: the loop plays it)
    monkeypatch.setattr(botkernel, "ENABLED", False)
    lean = GAME.fast_games(opts, list(agents))
    assert lean.path == lean.LOOP
    for g, ((seed, each), a) in enumerate(zip(seeds, done, strict=True)):
        b = lean(seed, each)
        assert (a.result, a.turns, a.actions, a.stats) == (b.result, b.turns, b.actions, b.stats), (options, g)


def test_a_rule_file_the_compiled_bot_cannot_read_plays_in_the_lean_loop():
    from realms.games.dominion.bots import StrategyBot, parse_rules

    deep = " + ".join(f"(count(Gold) * {i}" for i in range(20)) + ")" * 20
    rules = parse_rules(f'[[buy]]\ncard = "Province"\n[[buy]]\ncard = "Gold"\nif = "{deep} < 1000"\n'
                        '[[buy]]\ncard = "Silver"\n')
    play = fast.FastGames(GAME, GAME.validate_options({"players": 2}), ["mine", "big-money"],
                          lambda name, rng: StrategyBot(rng, rules) if name == "mine" else make_strategy(name, rng))
    assert play.path == play.LOOP and play(3, [1, 2]).result is not None


DOMSIM = Path(__file__).parents[3] / "docs" / "examples" / "dominionsim"


@pytest.mark.parametrize("name, kingdom", [("smithy", "Smithy,Village,Cellar,Moat,Workshop,Woodcutter,Chapel,Remodel,"
                                                      "Moneylender,Feast"),
                                           ("first-game", "first-game"),
                                           ("lab-militia-chapel", "Laboratory,Militia,Chapel,Festival,Market,Spy,"
                                                                  "Village,Cellar,Moat,Workshop"),
                                           ("spy-thief", "Spy,Thief,Village,Cellar,Moat,Workshop,Woodcutter,Chapel,"
                                                         "Remodel,Moneylender")])
def test_rule_files_with_expressions_end_game_checks_and_choices_play_compiled_as_in_the_lean_loop(name, kingdom,
                                                                                                  monkeypatch):
    """A file's expressions, end-game checks and Chapel, Cellar and Remodel choices play in the compiled bot: the
    same results, turns, decisions and statistics as the lean loop, game for game."""
    from realms.games.dominion import botkernel, kernel
    from realms.games.dominion.bots import StrategyBot, load_rules

    if not kernel.AVAILABLE:
        pytest.skip("numba is not installed: the lean loop is the only path")
    table = {"a": load_rules(DOMSIM / f"{name}.toml"), "b": load_rules(DOMSIM / "big-money-ultimate.toml")}
    opts = GAME.validate_options({"players": 2, "kingdom": kingdom})
    seeds = [(derive_seed(43, g), [derive_seed(44, g), derive_seed(45, g)]) for g in range(60)]

    def outcomes():
        play = fast.FastGames(GAME, opts, ["a", "b"], lambda n, rng: StrategyBot(rng, table[n]))
        return play.path, [(o.result, o.turns, o.actions, o.stats) for o in (play(*x) for x in seeds)]

    path, compiled = outcomes()
    assert path == fast.FastGames.COMPILED
    monkeypatch.setattr(botkernel, "ENABLED", False)
    assert outcomes() == (fast.FastGames.LOOP, compiled)


def _protocol(opts, agents, seed, seeds):
    s = GAME.new(opts, seed)
    bots = [make_agent(a, GAME, x) for a, x in zip(agents, seeds, strict=True)]
    while s.to_move is not None:
        GAME.apply(s, bots[s.to_move].act(GAME, s))
    return GAME.result(s), list(s.turns)


def test_the_adapted_bot_plays_a_named_kingdom_compiled_as_in_the_lean_loop_and_the_protocol(monkeypatch):
    from realms.games.dominion import botkernel, kernel

    opts = GAME.validate_options({"players": 2, "kingdom": "first-game"})
    agents = ["adapted:steps=0", "big-money-ultimate"]
    seeds = [(derive_seed(53, g), [derive_seed(53, g, 1), derive_seed(53, g, 2)]) for g in range(10)]
    play = GAME.fast_games(opts, agents)
    assert play.path == (play.COMPILED if kernel.AVAILABLE else play.LOOP)
    done = [play(seed, each) for seed, each in seeds]
    for (seed, each), a in list(zip(seeds, done, strict=True))[:3]:
        assert (a.result, a.turns) == _protocol(opts, agents, seed, each)
    monkeypatch.setattr(botkernel, "ENABLED", False)
    lean = GAME.fast_games(opts, agents)
    assert lean.path == lean.LOOP
    for (seed, each), a in zip(seeds, done, strict=True):
        b = lean(seed, each)
        assert (a.result, a.turns, a.actions, a.stats) == (b.result, b.turns, b.actions, b.stats)


def test_on_random_kingdoms_the_adapted_bot_plays_each_kingdoms_strategy_in_the_lean_loop():
    opts = GAME.validate_options({"players": 2, "kingdom": "random"})
    agents = ["adapted:steps=0", "big-money"]
    play = GAME.fast_games(opts, agents)
    assert play.path == play.LOOP  # (its rules differ from kingdom to kingdom)
    for g in range(3):
        seed, each = derive_seed(59, g), [derive_seed(59, g, 1), derive_seed(59, g, 2)]
        out = play(seed, each)
        assert (out.result, out.turns) == _protocol(opts, agents, seed, each)
