"""The compiled fast path for ``random`` Dominion games (``realms.games.dominion.kernel``) against the reference
engine: every game the kernel plays is replayed through ``Dominion.apply`` with ``RandomAgent`` seats (the whole
legal list and the chosen action of every step must agree), and the final zones, the game's stream, the scores,
the result, the turns and the statistics must be the reference's. Kingdoms: the First Game of both editions, the
Witch kingdom, kingdoms naming the rest of the kingdom cards, random kingdoms, Colony/Platinum, 1-4 players,
from the start and from positions part-way through a game. The ``slow`` test plays more of them
(REALMS_FULL=1: many more)."""

from __future__ import annotations

import os
from collections import Counter

import pytest

import realms.games
from realms.core.agents import RandomAgent, make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.dominion.cards import BY_NAME, NAMES
from realms.games.dominion.cards.card import CARD_ACTIONS
from realms.games.dominion.rules import score

kernel = pytest.importorskip("realms.games.dominion.kernel")
if not kernel.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)

GAME = realms.games.get("dominion")
FULL = os.environ.get("REALMS_FULL") == "1"
WITCH = "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"
ATTACKS = "Moat,Militia,Witch,Bureaucrat,Spy,Thief,Bandit,Library,Sentry,Throne Room"
REST = "Chapel,Chancellor,Feast,Gardens,Moneylender,Adventurer,Harbinger,Vassal,Poacher,Artisan"
MORE = "Cellar,Woodcutter,Workshop,Council Room,Festival,Laboratory,Market,Smithy,Village,Throne Room"

CASES = [
    ({"players": 2}, 6),
    ({"players": 2, "edition": "second"}, 4),
    ({"players": 2, "kingdom": WITCH, "edition": "second"}, 4),
    ({"players": 3, "kingdom": ATTACKS}, 4),
    ({"players": 2, "kingdom": ATTACKS, "edition": "second"}, 3),
    ({"players": 2, "kingdom": REST}, 3),
    ({"players": 2, "kingdom": REST, "edition": "second"}, 3),
    ({"players": 4, "kingdom": MORE, "colony_platinum": True}, 2),
    ({"players": 2, "kingdom": "random"}, 4),
    ({"players": 1, "turn_limit": 12}, 2),
]


def _replay(state, seeds, where, kinds=None):
    """Play a copy of ``state`` in the kernel with a record, then ``state`` itself through the protocol with
    ``RandomAgent`` seats seeded ``seeds``, comparing every step and the end; returns the decisions."""
    final, n, chosen, counts, lists, rng = kernel.run(state, [Rng(x).state for x in seeds], record=True)
    bots = [RandomAgent(Rng(x)) for x in seeds]
    at = 0
    for step in range(n):
        legal = [a.index for a in GAME.legal_actions(state)]
        k = int(counts[step])
        assert lists[at:at + k].tolist() == legal, (where, step, state.stack)
        at += k
        action = bots[state.to_move].act(GAME, state)
        assert action.index == chosen[step], (where, step)
        if kinds is not None:
            kinds[_kind(state, action.index)] += 1
        GAME.apply(state, action)
    assert state.to_move is None, where
    assert rng == state.rng, where
    for q in range(state.players):
        z = kernel.zones(final, q)
        assert z == {"hand": state.hand[q], "deck": state.deck[q], "disc": state.disc[q], "play": state.play[q],
                     "aside": state.aside[q], "look": state.look[q]}, (where, q)
    rows = kernel.scores(final, state.players)
    assert [r[0] for r in rows] == [score(state, q) for q in range(state.players)], where
    assert kernel.result_of(rows, state.players) == GAME.result(state), where
    assert kernel.result_of(rows, state.players).breakdown == GAME.result(state).breakdown, where
    assert kernel.stats_of(rows, state.players) == GAME.stats(state), where
    assert sorted(state.trash) == sorted(c for c in range(len(NAMES)) for _ in range(int(final[kernel.G_TRASH + c])))
    return n


def _kind(state, idx):
    """A step's kind for the coverage count: the frame's card (or generic frame) or the phase action."""
    if state.stack:
        f = state.stack[-1][0]
        return NAMES[f] if f >= 0 else f"frame {f}"
    return "play" if idx >= CARD_ACTIONS and (idx - CARD_ACTIONS) % 3 == 0 else "phase"


def _games(cases, scale):
    kinds: Counter[str] = Counter()
    played = 0
    for opts, count in cases:
        for g in range(count * scale):
            state = GAME.new(opts, derive_seed(g, 77))
            seeds = [derive_seed(g, 78, q) for q in range(state.players)]
            _replay(state, seeds, (opts, g), kinds)
            played += 1
    return kinds, played


def _rich(opts, seed):
    """A new game whose seats start with two of each of the kingdom's cards besides the usual 7 Coppers and 3
    Estates (so every card's decisions come up in a few games: random seats seldom buy the $5 and $6 cards)."""
    s = GAME.new(opts, seed)
    rng = Rng(seed)
    for q in range(s.players):
        cards = [0] * 7 + [4] * 3 + [c for c in s.kingdom for _ in range(2)]
        rng.shuffle(cards)
        s.hand[q], s.deck[q] = cards[:5], cards[5:]
        s.owned[q] = [cards.count(c) for c in range(len(NAMES))]
    s.to_move = 0
    GAME._advance(s)
    return s


def test_kernel_games_are_the_reference_games():
    kinds, played = _games(CASES, 1)
    for opts in ({"players": 2, "kingdom": ATTACKS}, {"players": 3, "kingdom": ATTACKS, "edition": "second"},
                 {"players": 2, "kingdom": REST, "edition": "second"}, {"players": 2, "kingdom": REST}):
        for g in range(2):
            state = _rich(opts, g)
            _replay(state, [derive_seed(g, 79, q) for q in range(state.players)], (opts, g, "rich"), kinds)
    # the choices of the kingdom cards that ask came up (Bandit asks only between two kinds of Treasure revealed)
    for name in ("Cellar", "Chapel", "Chancellor", "Bureaucrat", "Moneylender", "Remodel", "Spy", "Thief",
                 "Throne Room", "Library", "Mine", "Harbinger", "Vassal", "Poacher", "Sentry", "Artisan",
                 "frame -1", "frame -2", "frame -3"):
        assert kinds[name], (name, kinds)


def test_from_positions_part_way():
    """Positions reached by ``random`` through the reference (pending decisions on the stack among them), then
    finished by the kernel with other seats' streams."""
    for opts in ({"players": 2, "kingdom": ATTACKS}, {"players": 3, "kingdom": REST, "edition": "second"},
                 {"players": 2, "kingdom": WITCH}):
        for g in range(3):
            state = GAME.new(opts, g)
            bots = [RandomAgent(Rng(derive_seed(g, q))) for q in range(state.players)]
            stacked = 0
            for step in range(400):
                if state.to_move is None:
                    break
                if step % 37 == 0 or (state.stack and stacked < 3):
                    stacked += bool(state.stack)
                    _replay(GAME.clone(state), [derive_seed(g, step, q) for q in range(state.players)], (opts, g, step))
                GAME.apply(state, bots[state.to_move].act(GAME, state))


@pytest.mark.slow
def test_many_kernel_games():
    _games(CASES, 20 if FULL else 2)


def test_fast_games_take_the_kernel_and_fall_back():
    opts = GAME.validate_options({"players": 2})
    play = GAME.fast_games(opts, ["random", "random"])
    assert isinstance(play, kernel.KernelGames)
    # the same games as the protocol: result, turns, decisions and statistics
    for g in range(4):
        seeds = [derive_seed(g, q) for q in range(2)]
        out = play(g, seeds)
        s = GAME.new(opts, g)
        bots = [RandomAgent(Rng(x)) for x in seeds]
        n = 0
        while s.to_move is not None:
            GAME.apply(s, bots[s.to_move].act(GAME, s))
            n += 1
        assert (out.result, out.turns, out.actions, out.stats) == (GAME.result(s), s.turns, n, GAME.stats(s))
    # a seat that is not random, the flag off, or a card the kernel does not play: not the kernel
    assert not isinstance(GAME.fast_games(opts, ["random", "big-money"]), kernel.KernelGames)
    kernel.ENABLED = False
    try:
        assert GAME.fast_games(opts, ["random", "random"]) is None
    finally:
        kernel.ENABLED = True
    saved = kernel.SUPPORTED
    kernel.SUPPORTED = frozenset(saved - {BY_NAME["Witch"]})
    try:
        witch = GAME.validate_options({"players": 2, "kingdom": WITCH})
        assert GAME.fast_games(witch, ["random", "random"]) is None
        assert not kernel.encodable(GAME.new(witch, 1))
        agent = make_agent("random", GAME, 1)
        assert agent.finish(GAME, GAME.new(witch, 1)) is None  # the search steps through act instead
    finally:
        kernel.SUPPORTED = saved


def test_random_playouts_in_the_kernel():
    """``random``'s ``finish`` and ``finish_after`` (a search's playouts): ``finish_after`` is ``apply`` then
    ``finish`` with the same draws of the agent's generator, and a search with them is deterministic."""
    state = GAME.new({"players": 2, "kingdom": WITCH}, 5)
    bots = [RandomAgent(Rng(q)) for q in range(2)]
    for _ in range(60):
        GAME.apply(state, bots[state.to_move].act(GAME, state))
    for action in GAME.legal_actions(state):
        a, b = make_agent("random", GAME, 9), make_agent("random", GAME, 9)
        after = a.finish_after(GAME, state, action)
        s = GAME.clone(state)
        GAME.apply(s, action)
        done = b.finish(GAME, s) if s.to_move is not None else GAME.result(s)
        assert after == done and after.breakdown == done.breakdown
        assert a.rng.state == b.rng.state
    # the kernel's finish is the kernel game of the state with the game's stream replaced
    agent = make_agent("random", GAME, 3)
    c = Rng.from_state(agent.rng.state)
    chance, seeds = c.next64(), [c.next64(), c.next64()]
    s = GAME.clone(state)
    s.rng = chance
    final = kernel.run(s, seeds)[0]
    assert agent.finish(GAME, state) == kernel.result_of(kernel.scores(final, 2), 2)
    import realms.agents  # noqa: F401  (the search agents)

    moves = [make_agent("mc:iterations=60,policy=random", GAME, 4).act(GAME, state) for _ in range(2)]
    assert moves[0] == moves[1]
