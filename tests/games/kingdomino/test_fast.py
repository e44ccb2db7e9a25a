"""The compiled fast path (``realms.games.kingdomino.fast``) against the reference engine: every game it plays
is replayed through ``Kingdomino.apply`` with the same bots, and every step's legal-action count and action,
the final state (kingdoms, turns, round) and the result must agree."""

from __future__ import annotations

import pytest

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.agents import make_agent
from realms.core.agents import Playout, RandomAgent
from realms.core.rng import Rng, derive_seed

fast = pytest.importorskip("realms.games.kingdomino.fast")
if not fast.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)

GAME = realms.games.get("kingdomino")
MIX = ("random", "full-greedy", "greedy", "random")

CASES = [
    ({"players": 4}, ("random",) * 4, 60),
    ({"players": 4}, ("full-greedy",) * 4, 20),
    ({"players": 2}, ("full-greedy", "random"), 30),
    ({"players": 3}, ("greedy", "random", "full-greedy"), 20),
    ({"players": 3, "three_players": "thirty-six"}, ("random", "full-greedy", "greedy"), 20),
    ({"players": 2, "mighty_duel": True}, ("full-greedy", "greedy"), 15),
    ({"players": 4, "harmony": True}, MIX, 20),
    ({"players": 4, "middle_kingdom": True}, MIX, 20),
    ({"players": 2, "harmony": True, "middle_kingdom": True}, ("full-greedy", "full-greedy"), 20),
    ({"players": 3, "tiebreak": "largest-region"}, ("random", "greedy", "full-greedy"), 20),
]


def _kingdom_of(arrays, seat):
    """The kernel's grid of one seat as the reference's masks (terrain masks, crown masks, occupied)."""
    grid, crn = arrays["grid"][seat], arrays["crn"][seat]
    terr, crown, occ = [0] * 6, [0] * 3, 0
    for i in range(fast.NCELL):
        bit = 1 << ((i // fast.SIZE) * fast.STRIDE + i % fast.SIZE)
        t = int(grid[i])
        if t == fast.EMPTY:
            continue
        occ |= bit
        if t != fast.CASTLE:
            terr[t] |= bit
        if crn[i]:
            crown[int(crn[i]) - 1] |= bit
    return terr, crown, occ


@pytest.mark.parametrize("options, agents, games", CASES)
def test_fast_games_replay_through_the_reference_engine(options, agents, games):
    opts = GAME.validate_options(options)
    policies = [fast.POLICIES[a] for a in agents]
    for g in range(games):
        seed = derive_seed(77, g)
        seeds = [derive_seed(seed, s + 1) for s in range(len(agents))]
        state = GAME.new(opts, seed)
        arrays = fast.encode(state)
        out, turns, nact, rec, counts = fast.run(state, policies, [Rng(x).state for x in seeds], True, arrays)
        bots = [make_agent(a, GAME, x) for a, x in zip(agents, seeds, strict=True)]
        step = 0
        while state.to_move is not None:
            legal = GAME.legal_actions(state)
            action = bots[state.to_move].act(GAME, state)
            assert (len(legal), action.index) == (counts[step], rec[step]), (options, agents, g, step)
            GAME.apply(state, action)
            step += 1
        assert step == nact
        assert turns == state.turns
        assert int(out[state.players, 0]) == state.round
        for p in range(state.players):
            terr, crown, occ = _kingdom_of(arrays, p)
            assert (terr, crown, occ) == (state.terr[p * 6:p * 6 + 6], state.crown[p * 3:p * 3 + 3], state.occ[p])
            assert list(arrays["box"][p][:4]) == state.box[p * 4:p * 4 + 4]
            assert int(arrays["box"][p][fast.NOCC]) == state.occ[p].bit_count()
        ref = GAME.result(state)
        got = fast.result_of(out, state.players, opts["tiebreak"])
        assert (got.scores, got.ranks, got.tiebreak) == (ref.scores, ref.ranks, ref.tiebreak)


def test_playouts_from_the_middle_of_a_game_agree():
    """Search playouts start anywhere: a state part-way through (placement and pick steps) plays on alike."""
    opts = GAME.validate_options({"players": 4})
    for g in range(20):
        state = GAME.new(opts, g)
        lead = [make_agent("random", GAME, 1000 + s) for s in range(4)]
        for _ in range(7 + 5 * (g % 9)):
            GAME.apply(state, lead[state.to_move].act(GAME, state))
        seeds = [derive_seed(g, s) for s in range(4)]
        out, turns, nact, rec, counts = fast.run(state, [0, 1, 2, 0], [Rng(x).state for x in seeds], True)
        bots = [make_agent(a, GAME, x) for a, x in zip(("random", "full-greedy", "greedy", "random"), seeds,
                                                         strict=True)]
        step = 0
        while state.to_move is not None:
            action = bots[state.to_move].act(GAME, state)
            assert action.index == rec[step]
            GAME.apply(state, action)
            step += 1
        assert step == nact and turns == state.turns
        assert fast.result_of(out, 4, "crowns").scores == GAME.result(state).scores


def test_fast_games_hook_applies_only_where_it_is_exact():
    opts = GAME.validate_options({"players": 2})
    assert GAME.fast_games(opts, ["random", "full-greedy"]) is not None
    assert GAME.fast_games(opts, ["random", "rollout"]) is None
    assert GAME.fast_games(GAME.validate_options({"players": 2, "dynasty": True}), ["random", "random"]) is not None
    play = GAME.fast_games(opts, ["random", "full-greedy"])
    done = play(5, [11, 12])
    state = GAME.new(opts, 5)
    bots = [make_agent("random", GAME, 11), make_agent("full-greedy", GAME, 12)]
    n = 0
    while state.to_move is not None:
        GAME.apply(state, bots[state.to_move].act(GAME, state))
        n += 1
    assert done.result.scores == GAME.result(state).scores
    assert done.result.ranks == GAME.result(state).ranks and done.turns == state.turns and done.actions == n


DYNASTY = [
    ({"players": 2, "dynasty": True}, ("full-greedy", "random")),
    ({"players": 3, "dynasty": True, "harmony": True, "tiebreak": "largest-region"},
     ("greedy", "random", "full-greedy")),
    ({"players": 4, "dynasty": True, "middle_kingdom": True}, MIX),
]


@pytest.mark.parametrize("options, agents", [(c[0], c[1]) for c in CASES] + DYNASTY)
def test_whole_games_set_up_in_the_kernel_match_the_reference(options, agents):
    """``FastGames`` sets the game up inside the kernel (the deck and king order shuffled there): the same
    results, turns and action counts as ``Game.new`` and the bots through the protocol."""
    opts = GAME.validate_options(options)
    play = GAME.fast_games(opts, list(agents))
    for g in range(8):
        seed = derive_seed(5, g)
        seeds = [derive_seed(seed, s + 1) for s in range(len(agents))]
        done = play(seed, seeds)
        state = GAME.new(opts, seed)
        bots = [make_agent(a, GAME, x) for a, x in zip(agents, seeds, strict=True)]
        n = 0
        while state.to_move is not None:
            GAME.apply(state, bots[state.to_move].act(GAME, state))
            n += 1
        ref = GAME.result(state)
        assert (done.result.scores, done.result.ranks, done.result.tiebreak) == (ref.scores, ref.ranks, ref.tiebreak)
        assert done.turns == state.turns and done.actions == n


FINISH_CASES = [
    {"players": 4, "harmony": True, "middle_kingdom": True},
    {"players": 2},
    {"players": 3, "three_players": "thirty-six", "tiebreak": "largest-region"},
    {"players": 2, "mighty_duel": True},
]


@pytest.mark.parametrize("options", FINISH_CASES)
def test_random_finishes_a_search_playout_as_random_seats_do_through_the_reference(options):
    """``random`` as a search's playout policy (``mc:policy=random``) finishes a determinized running game in
    the kernel: the same game as ``random`` seats played through the reference engine, seat i drawing from
    the stream seeded by the agent's i-th draw (every step's legal-action count and action, the result)."""
    opts = GAME.validate_options(options)
    players = opts["players"]
    for g in range(10):
        state = GAME.new(opts, derive_seed(31, g))
        lead = [RandomAgent(Rng(200 + s)) for s in range(players)]
        for _ in range(5 * g):
            if state.to_move is None:
                break
            GAME.apply(state, lead[state.to_move].act(GAME, state))
        if state.to_move is None:
            continue
        s = GAME.determinize(state, state.to_move, Rng(g))
        before = GAME.state_hash(s)
        agent = make_agent("random", GAME, 50 + g)
        assert isinstance(agent, RandomAgent) and isinstance(agent, Playout)
        probe = agent.rng.clone()
        streams = [probe.next64() for _ in range(players)]
        got = agent.finish(GAME, s)
        assert got is not None and GAME.state_hash(s) == before and agent.rng.state == probe.state
        _, _, nact, rec, counts = fast.run(s, [0] * players, streams, True)
        bots = [RandomAgent(Rng.from_state(x)) for x in streams]
        step = 0
        while s.to_move is not None:
            legal = GAME.legal_actions(s)
            action = bots[s.to_move].act(GAME, s)
            assert (len(legal), action.index) == (counts[step], rec[step]), (options, g, step)
            GAME.apply(s, action)
            step += 1
        assert step == nact
        ref = GAME.result(s)
        assert (got.scores, got.ranks, got.tiebreak) == (ref.scores, ref.ranks, ref.tiebreak), (options, g)


def test_random_plays_as_the_core_random_agent_and_the_search_finishes_with_the_kernel(monkeypatch):
    opts = GAME.validate_options({"players": 3})
    state, other = GAME.new(opts, 9), GAME.new(opts, 9)
    mine = [make_agent("random", GAME, 70 + s) for s in range(3)]
    core = [RandomAgent(Rng(70 + s)) for s in range(3)]
    while state.to_move is not None:
        a, b = mine[state.to_move].act(GAME, state), core[other.to_move].act(GAME, other)
        assert a == b
        GAME.apply(state, a)
        GAME.apply(other, b)
    assert make_agent("random", GAME, 1).finish(GAME, GAME.new(GAME.validate_options({"players": 2, "dynasty": True}),
                                                                 1)) is None  # a Dynasty steps through act
    calls = []
    real = fast.search_round
    monkeypatch.setattr(fast, "search_round", lambda *a: calls.append(len(a[2])) or real(*a))
    state = GAME.new(opts, 3)
    make_agent("mc:iterations=30,policy=random", GAME, 1).act(GAME, state)
    assert sum(calls) == 30  # every playout in the kernel, a round of root actions a call


@pytest.mark.parametrize("policy", ["random", "rollout", "greedy-playout"])
def test_finish_after_an_action_is_the_action_applied_then_finish(policy):
    """``finish_after`` plays the root action in the kernel on a state packed once: the same result as
    ``Kingdomino.apply`` on a copy and then ``finish`` with the same streams, for every legal action (places,
    discards, picks), also when the same state object comes back changed; and ``mc``'s statistics are the
    same as without it."""
    from realms.games.kingdomino import bots

    kinds = set()
    for options in ({"players": 4, "harmony": True, "middle_kingdom": True}, {"players": 2}):
        opts = GAME.validate_options(options)
        state = GAME.new(opts, 12)
        walker = RandomAgent(Rng(4))
        agent, again = make_agent(policy, GAME, 1), make_agent(policy, GAME, 1)
        while state.to_move is not None:
            for action in GAME.legal_actions(state)[:6]:
                kinds.add(action.kind)
                seed = Rng(action.index).state
                agent.rng.state = again.rng.state = seed
                copy = GAME.clone(state)
                GAME.apply(copy, action)
                want = again.finish(GAME, copy) if copy.to_move is not None else GAME.result(copy)
                got = agent.finish_after(GAME, state, action)
                assert (got.scores, got.ranks) == (want.scores, want.ranks), (options, action)
            GAME.apply(state, walker.act(GAME, state))  # the same object, one action on
    assert {"place", "pick", "discard"} <= kinds
    state = GAME.new(GAME.validate_options({"players": 3}), 2)
    for _ in range(20):
        GAME.apply(state, walker.act(GAME, state))
    stats = []
    for on in (True, False):
        real, rounds = bots._finish_after, bots._finish_round
        bots._finish_after = real if on else (lambda *a: None)
        bots._finish_round = lambda *a: None  # the search's own steps, each root action through finish_after
        try:
            search = make_agent(f"mc:iterations=48,policy={policy}", GAME, 3)
            search.act(GAME, state)
        finally:
            bots._finish_after, bots._finish_round = real, rounds
        stats.append(search.last_stats)
    assert stats[0] == stats[1]


ROUND_CASES = [
    {"players": 4, "harmony": True, "middle_kingdom": True},
    {"players": 2},
    {"players": 3, "three_players": "thirty-six", "tiebreak": "largest-region"},
    {"players": 2, "mighty_duel": True},
]


@pytest.mark.parametrize("policy", ["random", "rollout"])
def test_a_search_round_in_the_kernel_is_the_determinization_and_each_action_through_the_reference(policy):
    """``finish_round`` (a flat search's whole round in one kernel call) is what the search's own steps do through
    the reference engine: ``determinize`` from the search's stream, the round's seed its next draw, then for each
    root action that action applied to a copy and the policy's bots playing on from the seed's streams
    (``_finish_reference``); the same scores and winners, and both streams left alike. Positions from the
    opening (where the kings' order is still hidden) to the last round, two rounds from each (the second from
    the packed state kept)."""
    from realms.games.kingdomino import bots

    code = 0 if policy == "random" else 1
    games, width = (2, 7) if policy == "random" else (1, 2)  # full-greedy through the reference is slow
    checked = 0
    for options in ROUND_CASES:
        opts = GAME.validate_options(options)
        players = opts["players"]
        for g in range(games):
            state = GAME.new(opts, derive_seed(77, g))
            walker = RandomAgent(Rng(g))
            agent = make_agent(policy, GAME, 5)
            step = 0
            while state.to_move is not None:
                actions = GAME.legal_actions(state)
                if step % (9 + g + 6 * (games == 1)) < 2 and len(actions) > 1:
                    seat = state.to_move
                    mine, theirs = Rng(derive_seed(step, g)), Rng(derive_seed(step, g))
                    for _ in range(2):
                        got = agent.finish_round(GAME, state, seat, mine, actions[:width])
                        det = GAME.determinize(state, seat, theirs)
                        seed = theirs.next64()
                        want = []
                        for a in actions[:width]:
                            probe = Rng.from_state(seed)
                            streams = [probe.next64() for _ in range(players)]
                            copy = GAME.clone(det)
                            GAME.apply(copy, a)
                            res = (GAME.result(copy) if copy.to_move is None
                                   else bots._finish_reference(GAME, copy, code, streams))
                            want.append((res.scores, res.winners))
                        assert got == want, (options, g, step)
                        assert (mine.state, agent.rng.state) == (theirs.state, probe.state)
                        checked += 1
                GAME.apply(state, walker.act(GAME, state))
                step += 1
    assert checked > 40 // games


@pytest.mark.parametrize("policy", ["random", "rollout", "greedy-playout"])
def test_mc_with_rounds_in_the_kernel_searches_as_its_own_steps(policy):
    """``mc`` with each round in one kernel call gathers the same statistics (visits, rewards, the paired
    differences against the baseline), so chooses the same move, as with the search stepping through each
    root action; a partial last round too."""
    from realms.games.kingdomino import bots

    for options in ({"players": 4, "harmony": True, "middle_kingdom": True}, {"players": 2}):
        state = GAME.new(GAME.validate_options(options), 8)
        walker = RandomAgent(Rng(8))
        for _ in range(14):
            GAME.apply(state, walker.act(GAME, state))
        got = []
        for on in (True, False):
            rounds = bots._finish_round
            bots._finish_round = rounds if on else (lambda *a: None)
            try:
                search = make_agent(f"mc:iterations=45,policy={policy}", GAME, 3)
                move = search.act(GAME, state)
            finally:
                bots._finish_round = rounds
            got.append((move, search.last_stats, search.last_paired))
        assert got[0] == got[1]
