"""The compiled fast path for ``random`` Dominion games (``realms.games.dominion.kernel``) against the reference
engine: every game the kernel plays is replayed through ``Dominion.apply`` with ``RandomAgent`` seats (the whole
legal list and the chosen action of every step must agree), and the final zones, the game's stream, the scores,
the result, the turns and the statistics must be the reference's. Kingdoms: the First Game of both editions, the
Witch kingdom, a kingdom of Attacks against Moat, kingdoms drawn from the card registry that between them hold
every card the kernel covers (``util.registry_kingdoms``: a card added later is compared the day it is covered),
random kingdoms, Colony/Platinum, 1-4 players, from the start and from positions part-way through a game. The
``slow`` test plays more of them (REALMS_FULL=1: many more)."""

from __future__ import annotations

import os
from collections import Counter

import pytest

import realms.games
from realms.core.agents import RandomAgent, make_agent
from realms.core.rng import GOLDEN, MASK64, Rng, derive_seed
from realms.games.dominion.cards import BY_NAME, CARDS, NAMES
from realms.games.dominion.cards.card import CARD_ACTIONS, PLAY_TREASURES
from realms.games.dominion.playout import RandomTreasuresFinish
from realms.games.dominion.rules import score
from tests.games.dominion.util import asking_cards, registry_kingdoms, rich_game

kernel = pytest.importorskip("realms.games.dominion.kernel")
if not kernel.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)
import numpy as np  # noqa: E402  (with numba)

GAME = realms.games.get("dominion")
FULL = os.environ.get("REALMS_FULL") == "1"
WITCH = "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"
ATTACKS = "Moat,Militia,Witch,Bureaucrat,Spy,Thief,Bandit,Library,Sentry,Throne Room"
#: the expansions' cards that hide cards from the other seats (face down, on a mat, at the deck's bottom) or show
#: what a hand holds
HIDDEN = ("Haven,Native Village,Pearl Diver,Secret Passage,Masquerade,Courtyard,Shanty Town,Wishing Well,Sailor,"
          "Cutpurse")
#: every card the kernel covers, in kingdoms of 10
COVERED = registry_kingdoms(kernel.SUPPORTED)

CASES = [
    ({"players": 2}, 6),
    ({"players": 2, "edition": "second"}, 4),
    ({"players": 2, "kingdom": WITCH, "edition": "second"}, 4),
    ({"players": 3, "kingdom": ATTACKS}, 4),
    ({"players": 2, "kingdom": ATTACKS, "edition": "second"}, 3),
    *(({"players": 2 + i % 2, "kingdom": k, "edition": ("first", "second")[i % 2]}, 3) for i, k in enumerate(COVERED)),
    ({"players": 4, "kingdom": COVERED[-1], "colony_platinum": True}, 2),
    ({"players": 2, "kingdom": "random"}, 4),
    ({"players": 1, "turn_limit": 12}, 2),
    # kingdoms dealt from every box: the expansions' cards among the base set's (mixed, as the simulator deals them)
    ({"players": 2, "kingdom": "random", "sets": "all"}, 6),
    ({"players": 3, "kingdom": "random", "sets": "all", "edition": "second"}, 6),
    ({"players": 4, "kingdom": "random", "sets": "intrigue,seaside", "edition": "second"}, 3),
    ({"players": 1, "kingdom": "random", "sets": "seaside", "turn_limit": 12}, 2),
]


def _replay(state, seeds, where, kinds=None, agent="random"):
    """Play a copy of ``state`` in the kernel with a record, then ``state`` itself through the protocol with
    ``agent`` seats (``random``: ``RandomAgent``, or ``random-treasures``) seeded ``seeds``, comparing every step
    and the end; returns the decisions."""
    treasures = agent == "random-treasures"
    final, n, chosen, counts, lists, rng = kernel.run(state, [Rng(x).state for x in seeds], record=True,
                                                      treasures=treasures)
    bots = [RandomTreasuresFinish(Rng(x)) if treasures else RandomAgent(Rng(x)) for x in seeds]
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
                     "aside": state.aside[q], "look": state.look[q], "dur": state.dur[q], "gains": state.gains[q],
                     "held": state.held[q], "shown": state.shown[q], "nvmat": state.nvmat[q],
                     "island": state.island[q], "start": [], "bottom": state.bottom[q],
                     "hpub": list(state.hpub[q])}, (where, q)
        assert int(final[kernel.S0 + q * kernel.SEAT + kernel.O_PCOINS]) == state.pcoins[q], (where, q)
    assert final[kernel.G_EMBARGO:kernel.G_EMBARGO + len(NAMES)].tolist() == list(state.embargo), where
    rows = kernel.scores(final, state.players)
    assert [r[0] for r in rows] == [score(state, q) for q in range(state.players)], where
    assert kernel.result_of(rows, state.players) == GAME.result(state), where
    assert kernel.result_of(rows, state.players).breakdown == GAME.result(state).breakdown, where
    assert kernel.stats_of(rows, state.players) == GAME.stats(state), where
    assert sorted(state.trash) == sorted(c for c in range(len(NAMES)) for _ in range(int(final[kernel.G_TRASH + c])))
    assert final[kernel.G_TRL:kernel.G_TRL + int(final[kernel.G_NTRL])].tolist() == state.trash, where
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
            if not kernel.encodable(state):  # a random kingdom dealt with a card the kernel leaves to the reference
                continue
            seeds = [derive_seed(g, 78, q) for q in range(state.players)]
            _replay(state, seeds, (opts, g), kinds)
            played += 1
    return kinds, played


_rich = rich_game  # (test_botkernel takes it from here)


def test_kernel_games_are_the_reference_games():
    kinds, played = _games(CASES, 1)
    rich = [{"players": 3, "kingdom": ATTACKS, "edition": "second"}]
    rich += [{"players": 2, "kingdom": k, "edition": ("second", "first")[i % 2]} for i, k in enumerate(COVERED)]
    for opts in rich:
        for g in range(2):
            state = _rich(opts, g)
            _replay(state, [derive_seed(g, 79, q) for q in range(state.players)], (opts, g, "rich"), kinds)
    # the questions of every covered card that asks came up, and the generic frames (gain, discard down, reveal);
    # (Bandit asks only between two kinds of Treasure revealed: seldom in a few games)
    for name in sorted(asking_cards(COVERED) - {"Bandit"}) + ["frame -1", "frame -2", "frame -3"]:
        assert kinds[name], (name, kinds)


def test_random_treasures_games_are_the_reference_games():
    """``random-treasures`` (every Treasure played at once whenever that is legal, else ``random``'s choice): the
    kernel's games are the protocol's step by step, on every kingdom of the ``random`` test, from the start and from
    rich positions; the player never plays a Treasure alone nor buys before its Treasures are down, and its
    games end sooner than ``random``'s."""
    turns = {"random": 0, "random-treasures": 0}
    for opts, count in CASES:
        for g in range(max(1, count // 2)):
            state = GAME.new(opts, derive_seed(g, 81))
            if not kernel.encodable(state):
                continue
            seeds = [derive_seed(g, 82, q) for q in range(state.players)]
            for agent in turns:
                s = GAME.clone(state)
                _replay(s, seeds, (opts, g, agent), agent=agent)
                turns[agent] += sum(s.turns)
    assert turns["random-treasures"] < turns["random"], turns
    for i, k in enumerate(COVERED):
        state = _rich({"players": 2, "kingdom": k, "edition": ("second", "first")[i % 2]}, i)
        _replay(state, [derive_seed(i, 83, q) for q in range(2)], (k, "rich"), agent="random-treasures")
    state = GAME.new({"players": 2, "kingdom": WITCH}, 3)
    bot = RandomTreasuresFinish(Rng(5))
    while state.to_move is not None:
        legal = GAME.legal_actions(state)
        action = bot.act(GAME, state)
        if legal[0].index == PLAY_TREASURES:
            assert action.index == PLAY_TREASURES
        GAME.apply(state, action)


def test_fast_games_take_the_kernel_for_random_treasures_tables():
    opts = GAME.validate_options({"players": 2, "kingdom": WITCH})
    play = GAME.fast_games(opts, ["random-treasures", "random-treasures"])
    assert isinstance(play, kernel.KernelGames) and play.agent == "random-treasures"
    for g in range(3):
        _same_as_the_protocol(play, opts, g, RandomTreasuresFinish)
    # one table of two kinds of random seat: the protocol
    assert GAME.fast_games(opts, ["random", "random-treasures"]) is None


def _state_differences(st, rngs, state):
    """What differs between the kernel's array and the reference ``state``: each zone of each seat (the kernel's
    Z_START is the START frame's tail), every table field but the scratch marks and the frame rows (the legal lists
    test those), and the game's stream."""
    ref = kernel.encode(state)
    out = []
    for q in range(state.players):
        a, b = kernel.zones(st, q), kernel.zones(ref, q)
        out += [(q, name, a[name], b[name]) for name in a if a[name] != b[name]]
        for o in (kernel.O_TOPN, kernel.O_TURNS, kernel.O_PCOINS, kernel.O_MONKEY):
            at = kernel.S0 + q * kernel.SEAT + o
            if st[at] != ref[at]:
                out.append((kernel.field_of(at), int(st[at]), int(ref[at])))
    skip = {*range(kernel.G_MARK, kernel.G_MARK + len(NAMES)), kernel.G_STAMP,
            *range(kernel.G_FR, kernel.G_FR + kernel.MAXFR * kernel.FW),  # (lists: beyond their counts, left-overs)
            *range(kernel.G_TRL + int(ref[kernel.G_NTRL]), kernel.G_TRL + kernel.TRC),
            *range(kernel.G_THR + 2 * int(ref[kernel.G_NTHR]), kernel.G_THR + 2 * kernel.MAXTHR)}
    out += [(kernel.field_of(i), int(st[i]), int(ref[i])) for i in range(kernel.S0)
            if i not in skip and st[i] != ref[i]]
    if int(rngs[0]) != state.rng:
        out.append(("the game's stream", int(rngs[0]), state.rng))
    return out


def test_the_kernel_state_follows_the_reference_step_by_step():
    """After every decision of games in expansion kingdoms (rich: two of each kingdom card to start) the kernel's
    whole state is the reference's: every zone (what is known to be in each hand too), mat, token, turn field and
    the stream."""
    kingdoms = [k for k in COVERED if any(CARDS[BY_NAME[n]].set in ("intrigue", "seaside") for n in k.split(","))]
    for i, k in enumerate(kingdoms):
        opts = {"players": 2 + i % 3, "kingdom": k, "edition": ("first", "second")[i % 2]}
        state = _rich(opts, i)
        bots = [RandomAgent(Rng(derive_seed(i, 80, q))) for q in range(state.players)]
        st = kernel.encode(state)
        rngs = np.array([state.rng] + [0] * state.players, dtype=np.uint64)
        acts = np.empty(kernel.NACT, dtype=np.int64)
        for step in range(300):
            if state.to_move is None:
                break
            a = bots[state.to_move].act(GAME, state)
            GAME.apply(state, a)
            kernel._apply(st, rngs, a.index)
            kernel._settle(st, rngs, acts)
            assert not _state_differences(st, rngs, state), (k, step, _state_differences(st, rngs, state))


def test_from_positions_part_way():
    """Positions reached by ``random`` through the reference (pending decisions on the stack among them), then
    finished by the kernel with other seats' streams."""
    for opts in ({"players": 2, "kingdom": ATTACKS}, {"players": 3, "kingdom": COVERED[2], "edition": "second"},
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


def _same_as_the_protocol(play, opts, g, kind=RandomAgent):
    """Game ``g`` of ``play`` (a fast path's games) is the protocol's game between ``kind`` seats (``RandomAgent``
    by default): result, turns, decisions and statistics; returns its kingdom."""
    seeds = [derive_seed(g, q) for q in range(2)]
    out = play(g, seeds)
    s = GAME.new(opts, g)
    bots = [kind(Rng(x)) for x in seeds]
    n = 0
    while s.to_move is not None:
        GAME.apply(s, bots[s.to_move].act(GAME, s))
        n += 1
    assert (out.result, out.turns, out.actions, out.stats) == (GAME.result(s), s.turns, n, GAME.stats(s))
    return s.kingdom


def test_fast_games_take_the_kernel_and_fall_back():
    opts = GAME.validate_options({"players": 2})
    play = GAME.fast_games(opts, ["random", "random"])
    assert isinstance(play, kernel.KernelGames)
    # the same games as the protocol: result, turns, decisions and statistics
    for g in range(4):
        _same_as_the_protocol(play, opts, g)
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
        with pytest.raises(ValueError, match="does not cover this game: Witch"):
            kernel.run(GAME.new(witch, 1), [1, 2])  # refused, never played without the card's effect
        agent = make_agent("random", GAME, 1)
        assert agent.finish(GAME, GAME.new(witch, 1)) is None  # the search steps through act instead
    finally:
        kernel.SUPPORTED = saved


@pytest.mark.parametrize(("agent", "kind"), [("random", RandomAgent), ("random-treasures", RandomTreasuresFinish)])
def test_a_random_kingdom_dealt_with_an_uncovered_card_alone_plays_through_the_reference(agent, kind):
    """With Witch taken out of the kernel's cover, random kingdoms still play in the kernel, game by game: those
    dealt with Witch through the reference, the rest compiled, each the protocol's game exactly."""
    saved = kernel.SUPPORTED
    kernel.SUPPORTED = frozenset(saved - {BY_NAME["Witch"]})
    try:
        opts = GAME.validate_options({"players": 2, "kingdom": "random"})
        play = GAME.fast_games(opts, [agent, agent])
        assert isinstance(play, kernel.KernelGames)
        left = kernel.uncovered(opts)  # Witch, and any card the kernel never covered
        assert "Witch" in left
        assert play.path == f"the compiled kernel (a kingdom dealt with {', '.join(left)} through the reference engine)"
        assert GAME.play_path(opts, [agent, agent]) == play.path
        witch = declined = 0
        for g in range(12):
            kingdom = _same_as_the_protocol(play, opts, g, kind)
            witch += BY_NAME["Witch"] in kingdom
            declined += any(NAMES[c] in left for c in kingdom)
        assert play.declined == declined and 0 < witch <= declined < 12
    finally:
        kernel.SUPPORTED = saved


@pytest.mark.parametrize("policy", ["random", "random-treasures"])
def test_random_playouts_in_the_kernel(policy):
    """``random``'s and ``random-treasures``' ``finish`` and ``finish_after`` (a search's playouts):
    ``finish_after`` is ``apply`` then ``finish`` with the same draws of the agent's generator, ``finish`` is the
    kernel's game with the game's stream replaced, and a search with them is deterministic."""
    state = GAME.new({"players": 2, "kingdom": WITCH}, 5)
    bots = [RandomAgent(Rng(q)) for q in range(2)]
    for _ in range(60):
        GAME.apply(state, bots[state.to_move].act(GAME, state))
    for action in GAME.legal_actions(state):
        a, b = make_agent(policy, GAME, 9), make_agent(policy, GAME, 9)
        after = a.finish_after(GAME, state, action)
        s = GAME.clone(state)
        GAME.apply(s, action)
        done = b.finish(GAME, s) if s.to_move is not None else GAME.result(s)
        assert after == done and after.breakdown == done.breakdown
        assert a.rng.state == b.rng.state
    # the kernel's finish is the kernel game of the state with the game's stream replaced
    agent = make_agent(policy, GAME, 3)
    c = Rng.from_state(agent.rng.state)
    chance, seeds = c.next64(), [c.next64(), c.next64()]
    s = GAME.clone(state)
    s.rng = chance
    final = kernel.run(s, seeds, treasures=policy == "random-treasures")[0]
    assert agent.finish(GAME, state) == kernel.result_of(kernel.scores(final, 2), 2)
    import realms.agents  # noqa: F401  (the search agents)

    moves = [make_agent(f"mc:iterations=60,policy={policy}", GAME, 4).act(GAME, state) for _ in range(2)]
    assert moves[0] == moves[1]


def _hidden_positions():
    """Positions of random games (attacks and reveals: cards known in hands, on decks and in discard piles),
    every 11th decision and each with a pending decision, up to 40 a kingdom."""
    for opts in ({"players": 2, "kingdom": ATTACKS}, {"players": 3, "kingdom": ATTACKS, "edition": "second"},
                 {"players": 2, "kingdom": WITCH}, {"players": 2, "kingdom": COVERED[0], "edition": "second"},
                 {"players": 3, "kingdom": HIDDEN, "edition": "first"}):
        for g in range(2):
            state = _rich(opts, g) if g else GAME.new(opts, 3)
            bots = [RandomAgent(Rng(derive_seed(g, 5, q))) for q in range(state.players)]
            kept = 0
            step = 0
            while state.to_move is not None and kept < 20:
                if step % 11 == 0 or state.stack:
                    kept += 1
                    yield GAME.clone(state)
                GAME.apply(state, bots[state.to_move].act(GAME, state))
                step += 1


def test_determinize_in_the_kernel():
    """``kernel.determinize`` from ``round_prepare``'s arrays deals the same cards to the same places as
    ``Dominion.determinize`` with the same generator, whose next output is the determinized state's stream."""
    known = Counter()
    for n, state in enumerate(_hidden_positions()):
        for seat in range(state.players):
            prepared = kernel.round_prepare(state, seat)
            for x in range(2):
                rng = Rng(derive_seed(n, seat, x))
                srng = np.array([rng.state, 0], dtype=np.uint64)
                st = kernel.determinize(*prepared, srng)
                ref = GAME.determinize(state, seat, rng)
                want = kernel.encode(ref)
                for q in range(state.players):
                    assert kernel.zones(st, q) == kernel.zones(want, q), (n, seat, q)
                    tail = slice(kernel.S0 + q * kernel.SEAT + kernel.O_COUNT, kernel.S0 + (q + 1) * kernel.SEAT)
                    assert st[tail].tolist() == want[tail].tolist()
                assert st[:kernel.S0].tolist() == want[:kernel.S0].tolist()
                assert Rng.from_state(int(srng[0])).next64() == ref.rng and int(srng[0]) + GOLDEN & MASK64 == rng.state
        known["hand"] += any(state.hpub)
        known["deck"] += any(any(t) for t in state.top)
        known["discard"] += any(state.dpub)
        known["held"] += any(state.held)
        known["mat"] += any(state.nvmat)
        known["bottom"] += any(state.bottom)
    assert all(known[k] for k in ("hand", "deck", "discard", "held", "mat", "bottom")), known


def rounds_agree(policy: str, state, n: int, rounds: int = 2) -> None:
    """``policy``'s ``finish_round`` from ``state`` (two rounds: the second from the arrays kept) against the
    search's own steps: ``determinize``, one draw for the policy's seed, then ``finish_after`` of each legal
    action; the same results, and both generators left alike."""
    seat = state.to_move
    actions = GAME.legal_actions(state)
    a, b = make_agent(policy, GAME, n), make_agent(policy, GAME, n)
    ra, rb = Rng(n), Rng(n)
    for _ in range(rounds):
        got = a.finish_round(GAME, state, seat, ra, actions)
        s = GAME.determinize(state, seat, rb)
        seed = rb.next64()
        want = []
        for action in actions:
            b.rng.state = seed
            done = b.finish_after(GAME, s, action)
            want.append((done.scores, done.winners))
        assert got == want, n
        assert (ra.state, a.rng.state) == (rb.state, b.rng.state)


def test_search_rounds_in_the_kernel():
    """``random``'s ``finish_round`` (a flat search's whole round in one call) is the search's own steps:
    ``determinize``, one draw for the policy's seed, then ``finish_after`` of each action from that seed; the
    same scores and winners, the search's and the policy's generators left in the same states. And ``mc`` with it
    gives the root statistics it gives without it."""
    import realms.agents  # noqa: F401  (the search agents)
    from realms.games.dominion.playout import RandomFinish

    for n, state in enumerate(_hidden_positions()):
        if n % 3 == 0:
            rounds_agree("random", state, n)
        elif n % 3 == 1:
            rounds_agree("random-treasures", state, n)
    saved = RandomFinish.finish_round
    state = next(p for i, p in enumerate(_hidden_positions()) if i > 5 and len(GAME.legal_actions(p)) > 2)
    stats = []
    try:
        for hook in (saved, lambda *args: None):
            RandomFinish.finish_round = hook
            for spec in ("mc:iterations=47,policy=random", "mc:iterations=40,policy=random,confidence=0,focus=false"):
                agent = make_agent(spec, GAME, 8)
                move = agent.act(GAME, state)
                stats.append((spec, move, agent.last_stats))
    finally:
        RandomFinish.finish_round = saved
    assert stats[:2] == stats[2:]


def test_every_kernel_path_runs_one_compiled_version():
    """Every way the kernel plays ``random`` seats (a recorded game, a whole simulated game, ``finish``,
    ``finish_after``, a search's playout and its round) goes through ``kernel.games`` with arguments of the same
    types, so numba compiles the engine into one function once (each further version would compile the whole
    engine again)."""
    if not hasattr(kernel.games, "signatures"):
        pytest.skip("numba's JIT is switched off")
    state = GAME.new({"players": 2, "kingdom": WITCH}, 4)
    bots = [RandomAgent(Rng(q)) for q in range(2)]
    for _ in range(30):
        GAME.apply(state, bots[state.to_move].act(GAME, state))
    kernel.run(state, [1, 2], record=True)
    final, n = kernel.run(state, [1, 2])[:2]
    # streams beyond the seats' are never drawn from (and more of them than the kernel has seats for are no harm)
    more, m = kernel.run(state, [1, 2, 3, 4, 5, 6, 7])[:2]
    assert n == m and kernel.zones(final, 0) == kernel.zones(more, 0)
    assert kernel.scores(final, 2) == kernel.scores(more, 2)
    kernel.finish(state, 5, [1, 2])
    kernel.finish_after(state, GAME.legal_actions(state)[0].index, 5, [1, 2])
    kernel.KernelGames(GAME, GAME.validate_options({"players": 3}))(7, [1, 2, 3])
    agent = make_agent("random", GAME, 3)
    agent.finish(GAME, state)
    agent.finish_after(GAME, state, GAME.legal_actions(state)[-1])
    agent.finish_round(GAME, state, state.to_move, Rng(4), GAME.legal_actions(state))
    agent = make_agent("random-treasures", GAME, 3)
    agent.finish(GAME, state)
    agent.finish_round(GAME, state, state.to_move, Rng(4), GAME.legal_actions(state))
    kernel.run(state, [1, 2], treasures=True)
    assert len(kernel.games.signatures) == 1, kernel.games.signatures
