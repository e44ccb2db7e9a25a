"""The compiled playout policies (``realms.games.burgundy.playout``, the ``rollout`` and ``random-playout``
agents): every playout is replayed through the reference engine (each step's whole legal list, the chosen
action legal, the final state field by field), the one-decision ``choose`` makes the kernel's choices, chance
comes from the agent's stream and never the state's, and the same seeds give the same playouts and moves."""

from __future__ import annotations

import pytest

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.agents import make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.burgundy.actions import DECODE, K_ADJUST, K_BUY, K_PLACE, K_TAKE
from realms.games.burgundy.data import BUILDING, T_TYPE
from realms.sim import run_tournament

kernel = pytest.importorskip("realms.games.burgundy.kernel")
if not kernel.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)
from realms.games.burgundy import playout  # noqa: E402

GAME = realms.games.get("burgundy")
CASES = [
    ({"players": 2}, 6),
    ({"players": 2, "scenario": "free-choice", "black_depot_timing": "during-effects"}, 3),
    ({"players": 3, "city_hall": "matching-colour"}, 3),
    ({"players": 4, "scenario": "random", "tiebreak": "most-empty"}, 2),
]


def _walk(state, steps, seed):
    walkers = [make_agent("random", GAME, derive_seed(seed, 100 + k)) for k in range(state.players)]
    for _ in range(steps):
        if state.to_move is None:
            break
        GAME.apply(state, walkers[state.to_move].act(GAME, state))
    return state


def _replay(state, policies, chance, seeds, where):
    """A recorded kernel playout of a copy of ``state`` replayed through the reference engine from ``state``
    with its stream replaced by ``chance``; the informed seats' choices re-made one at a time by ``choose``."""
    final, n, chosen, counts, lists = playout.run(state, policies, chance, seeds, record=True)
    state = state.clone()
    state.rng = chance
    streams = list(seeds)
    at = 0
    kinds = set()
    for step in range(n):
        legal = [a.index for a in GAME.legal_actions(state)]
        k = int(counts[step])
        assert lists[at:at + k].tolist() == legal, (where, step)
        at += k
        idx = int(chosen[step])
        assert idx in legal, (where, step)
        p = state.to_move
        if policies[p] == playout.INFORMED:
            again, streams[p] = playout.choose(state, streams[p])
            assert again == idx, (where, step)
        elif k > 1:  # as ``random``: a uniform draw from the seat's stream
            rng = Rng(0)
            rng.state = streams[p]
            assert idx == legal[rng.below(k)], (where, step)
            streams[p] = rng.state
        kinds.add(DECODE[idx][0])
        GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.index == idx))
    assert state.to_move is None, where
    ref = kernel.encode(state)
    assert (final == ref).all(), where
    return kinds


@pytest.mark.parametrize("options, games", CASES)
def test_playouts_replay_through_the_reference_engine(options, games):
    opts = GAME.validate_options(options)
    players = opts["players"]
    kinds = set()
    for g in range(games):
        seed = derive_seed(17, g)
        state = _walk(GAME.setup(opts, seed), 23 * g, seed)  # from the start, then part-way through
        if state.to_move is None:
            continue
        seeds = [derive_seed(seed, k + 1) for k in range(players)]
        kinds |= _replay(state, [playout.INFORMED] * players, derive_seed(seed, 99), seeds, (options, g))
        mixed = [playout.INFORMED if (k + g) % 2 else playout.RANDOM for k in range(players)]
        _replay(state, mixed, derive_seed(seed, 98), seeds, (options, g, "mixed"))
    assert K_ADJUST in kinds  # the informed policy spends workers on dice


def test_playouts_start_inside_bonus_decisions():
    opts = GAME.validate_options({"players": 3, "black_depot_timing": "during-effects"})
    frames = 0
    for g in range(10):
        seed = derive_seed(5, g)
        state = GAME.setup(opts, seed)
        bot = make_agent("rollout", GAME, seed)
        for _ in range(20 + 9 * g):
            if state.frames or state.to_move is None:
                break
            GAME.apply(state, bot.act(GAME, state))
        if state.to_move is None:
            continue
        frames += bool(state.frames)
        _replay(state, [playout.INFORMED] * 3, derive_seed(seed, 7), [1, 2, 3], g)
    assert frames > 0


def test_chance_is_the_agents_never_the_states():
    """``finish`` plays the same game whatever the state's own stream holds (a search's copy, reseeded by
    ``determinize``, or the real state), and a different agent stream gives another future."""
    state = _walk(GAME.new({"players": 2}, 3), 40, 3)
    other = state.clone()
    other.rng = derive_seed(state.rng, 1)
    a = make_agent("rollout", GAME, 9).finish(GAME, state)
    b = make_agent("rollout", GAME, 9).finish(GAME, other)
    assert a is not None and b is not None and a.scores == b.scores and a.winners == b.winners
    futures = {tuple(make_agent("rollout", GAME, seed).finish(GAME, state).scores) for seed in range(8)}
    assert len(futures) > 1
    # the playout is the kernel's, chance and seats drawn from the agent's generator in that order
    agent = make_agent("rollout", GAME, 9)
    rng = Rng(0)
    rng.state = agent.rng.state
    chance, seeds = rng.next64(), [rng.next64(), rng.next64()]
    rows = playout.scores(state, [1, 1], chance, seeds)
    assert [r[0] for r in rows] == agent.finish(GAME, state).scores


def test_same_seed_same_playout_and_same_move():
    state = _walk(GAME.new({"players": 2}, 4), 30, 4)
    before = GAME.state_hash(state)
    for name in ("rollout", "random-playout"):
        results = [make_agent(name, GAME, seed).finish(GAME, state) for seed in (3, 3)]
        assert results[0].scores == results[1].scores and results[0].ranks == results[1].ranks
    for kind in ("mc", "uct", "ismcts"):
        moves = [make_agent(f"{kind}:iterations=60", GAME, seed).act(GAME, state) for seed in (5, 5)]
        assert moves[0] == moves[1] and moves[0] in GAME.legal_actions(state)
    assert GAME.state_hash(state) == before


def test_act_plays_legal_whole_games():
    state = GAME.new({"players": 3, "scenario": "free-choice"}, 6)
    bots = [make_agent(name, GAME, k) for k, name in enumerate(("rollout", "random-playout", "rollout"))]
    while state.to_move is not None:
        action = bots[state.to_move].act(GAME, state)
        assert action in GAME.legal_actions(state)
        GAME.apply(state, action)
    assert GAME.result(state) is not None


def test_informed_playouts_beat_random_ones():
    report = run_tournament("burgundy", ["rollout", "random-playout"], games=2, seed=3, options={"players": 2})
    assert report.entrants[0].wins == 2 and report.entrants[0].mean_score > report.entrants[1].mean_score + 40
    searched = run_tournament("burgundy", ["mc:iterations=40,policy=random-playout", "random"], games=2, seed=3,
                              options={"players": 2})
    assert searched.entrants[0].wins == 2, searched.to_json()


@pytest.mark.parametrize("options, games", CASES)
def test_random_finishes_a_search_playout_as_random_seats_do_through_the_reference(options, games):
    """``random`` as a search's playout policy (``mc:policy=random``) finishes a running game in the kernel:
    the same game as ``random`` seats through the reference engine from the state with its stream replaced
    by the agent's first draw, seat i drawing from the stream seeded by the agent's next i-th draw."""
    from realms.core.agents import Playout, RandomAgent

    opts = GAME.validate_options(options)
    players = opts["players"]
    for g in range(games):
        seed = derive_seed(23, g)
        state = _walk(GAME.setup(opts, seed), 31 * g, seed)
        if state.to_move is None:
            continue
        agent = make_agent("random", GAME, seed)
        assert isinstance(agent, RandomAgent) and isinstance(agent, Playout)
        probe = agent.rng.clone()
        chance, streams = probe.next64(), [probe.next64() for _ in range(players)]
        before = GAME.state_hash(state)
        got = agent.finish(GAME, state)
        assert got is not None and GAME.state_hash(state) == before and agent.rng.state == probe.state
        _replay(state, [playout.RANDOM] * players, chance, streams, (options, g))  # every step, the final state
        ref = state.clone()
        ref.rng = chance
        seats = [RandomAgent(Rng.from_state(x)) for x in streams]
        while ref.to_move is not None:
            GAME.apply(ref, seats[ref.to_move].act(GAME, ref))
        want = GAME.result(ref)
        assert (got.scores, got.ranks) == (want.scores, want.ranks), (options, g)


def test_random_plays_as_the_core_random_agent_and_the_search_finishes_with_the_kernel(monkeypatch):
    from realms.core.agents import RandomAgent

    state, other = GAME.new({"players": 2}, 9), GAME.new({"players": 2}, 9)
    mine = [make_agent("random", GAME, 70 + s) for s in range(2)]
    core = [RandomAgent(Rng(70 + s)) for s in range(2)]
    while state.to_move is not None:
        a, b = mine[state.to_move].act(GAME, state), core[other.to_move].act(GAME, other)
        assert a == b
        GAME.apply(state, a)
        GAME.apply(other, b)
    calls = []
    real = playout.search_round  # mc plays a whole round of root actions and their playouts in one call
    monkeypatch.setattr(playout, "search_round", lambda *a: calls.extend(a[3][:1] * len(a[2])) or real(*a))
    state = _walk(GAME.new({"players": 2}, 3), 40, 3)
    while len(GAME.legal_actions(state)) < 2:
        GAME.apply(state, GAME.legal_actions(state)[0])
    make_agent("mc:iterations=20,policy=random", GAME, 1).act(GAME, state)
    assert calls == [0] * 20


def test_a_take_or_buy_the_other_die_can_place_is_worth_that_placement():
    """The informed policy looks over the other die: a take (or a black-depot buy) is worth at least
    ``P_NOW`` of what placing the tile at once would score (``buy_now`` scales it for buys), never less than
    its storage value; it is worth more only where the reference engine lets an unused die place that tile
    right after (kept for tiles other than buildings, whose city rule the estimate does not check)."""
    without = playout.weights({"now": 0.0, "buy_now": 0.0})
    raised = {K_TAKE: 0, K_BUY: 0}
    for g in range(12):
        seed = derive_seed(31, g)
        state = GAME.new({"players": 2}, seed)
        bot = make_agent("rollout", GAME, seed)
        for step in range(400):
            if state.to_move is None:
                break
            if not state.frames and len(state.storage[state.to_move]) < 3 and step % 3 == 0:
                plain = playout.values(state, without)
                for idx, v in playout.values(state).items():
                    kind, die = DECODE[idx][0], DECODE[idx][1]
                    assert v >= plain[idx] - 1e-9, (g, step, idx)
                    if kind in (K_TAKE, K_BUY) and v > plain[idx] + 1e-9:
                        raised[kind] += 1
                        after = state.clone()
                        GAME.apply(after, next(a for a in GAME.legal_actions(after) if a.index == idx))
                        p = state.to_move
                        tile = after.storage[p][-1]
                        if T_TYPE[tile] != BUILDING:
                            dice = (1 - die,) if kind == K_TAKE else (0, 1)
                            assert any(DECODE[a.index][0] == K_PLACE and DECODE[a.index][1] in dice
                                       and after.storage[p][DECODE[a.index][2]] == tile
                                       for a in GAME.legal_actions(after)), (g, step, idx)
            GAME.apply(state, bot.act(GAME, state))
    assert raised[K_TAKE] > 0 and raised[K_BUY] > 0, raised


@pytest.mark.parametrize("policy", ["random", "rollout"])
def test_finish_after_an_action_is_the_action_applied_then_finish(policy):
    """``finish_after`` applies the root action in the kernel (with the state's own stream, as ``apply``) on a
    state encoded once: the same result as ``Burgundy.apply`` on a copy and then ``finish`` with the same
    agent streams, for every legal action, also when the same state object comes back changed; and ``mc``'s
    statistics are the same as without it."""
    from realms.games.burgundy import bots

    for options, steps in (({"players": 2}, 160), ({"players": 3, "black_depot_timing": "during-effects"}, 90)):
        opts = GAME.validate_options(options)
        state = GAME.setup(opts, 8)
        walker = make_agent("rollout", GAME, 4)
        agent, again = make_agent(policy, GAME, 1), make_agent(policy, GAME, 1)
        for step in range(steps):
            if state.to_move is None:
                break
            if step % 3 == 0:
                for action in GAME.legal_actions(state)[:5]:
                    agent.rng.state = again.rng.state = Rng(action.index + step).state
                    copy = state.clone()
                    GAME.apply(copy, action)
                    want = again.finish(GAME, copy) if copy.to_move is not None else GAME.result(copy)
                    got = agent.finish_after(GAME, state, action)
                    assert (got.scores, got.ranks) == (want.scores, want.ranks), (options, step, action)
            GAME.apply(state, walker.act(GAME, state))  # the same object, one action on
    state = _walk(GAME.new({"players": 2}, 3), 60, 3)
    while len(GAME.legal_actions(state)) < 2:
        GAME.apply(state, GAME.legal_actions(state)[0])
    stats = []
    for on in (True, False):
        real, rounds = bots._finish_after, bots._finish_round
        bots._finish_after = real if on else (lambda *a: None)
        bots._finish_round = lambda *a: None  # the search's own steps, each root action through finish_after
        try:
            search = make_agent(f"mc:iterations=24,policy={policy}", GAME, 3)
            search.act(GAME, state)
        finally:
            bots._finish_after, bots._finish_round = real, rounds
        stats.append(search.last_stats)
    assert stats[0] == stats[1]


@pytest.mark.parametrize("policy", ["random", "rollout", "random-playout"])
def test_a_search_round_in_the_kernel_is_the_determinization_and_each_action_finished_after(policy):
    """``finish_round`` (a flat search's whole round in one kernel call) is the search's own steps: ``determinize``
    from the search's stream, the round's seed its next draw, then for each root action ``finish_after`` from that
    seed; the same scores and winners, both streams left alike, two rounds from each position (the second from the
    encoded state kept)."""
    checked = 0
    for options, steps in (({"players": 2}, 160), ({"players": 3}, 90)):
        opts = GAME.validate_options(options)
        state = GAME.setup(opts, 8)
        walker = make_agent("rollout", GAME, 4)
        agent, again = make_agent(policy, GAME, 1), make_agent(policy, GAME, 1)
        for step in range(steps):
            if state.to_move is None:
                break
            actions = GAME.legal_actions(state)[:5]
            if step % 7 == 0 and len(actions) > 1:
                mine, theirs = Rng(derive_seed(step, 1)), Rng(derive_seed(step, 1))
                for _ in range(2):
                    got = agent.finish_round(GAME, state, state.to_move, mine, actions)
                    det = GAME.determinize(state, state.to_move, theirs)
                    seed = theirs.next64()
                    want = []
                    for action in actions:
                        again.rng.state = seed
                        res = again.finish_after(GAME, det, action)
                        want.append((res.scores, res.winners))
                    assert got == want, (options, step)
                    assert (mine.state, agent.rng.state) == (theirs.state, again.rng.state)
                    checked += 1
            GAME.apply(state, walker.act(GAME, state))
    assert checked > 20


@pytest.mark.parametrize("policy", ["random", "rollout"])
def test_mc_with_rounds_in_the_kernel_searches_as_its_own_steps(policy):
    """``mc`` with each round in one kernel call gathers the same statistics (visits, rewards, the paired
    differences against the baseline), so chooses the same move, as with the search stepping through each root
    action; a partial last round too."""
    from realms.games.burgundy import bots

    state = _walk(GAME.new({"players": 2}, 5), 50, 5)
    while len(GAME.legal_actions(state)) < 2:
        GAME.apply(state, GAME.legal_actions(state)[0])
    got = []
    for on in (True, False):
        rounds = bots._finish_round
        bots._finish_round = rounds if on else (lambda *a: None)
        try:
            search = make_agent(f"mc:iterations=33,policy={policy}", GAME, 3)
            move = search.act(GAME, state)
        finally:
            bots._finish_round = rounds
        got.append((move, search.last_stats, search.last_paired))
    assert got[0] == got[1]


def test_every_playout_path_runs_one_compiled_version():
    """A recorded playout, a playout's scores, the scores after an action and a search's round go through
    ``playout.games`` with arguments of the same types, so numba compiles the engine with the policies into one
    function once."""
    if not hasattr(playout.games, "signatures"):
        pytest.skip("numba's JIT is switched off")
    state = GAME.new(GAME.validate_options({"players": 2}), 4)
    while len(GAME.legal_actions(state)) < 2:
        GAME.apply(state, GAME.legal_actions(state)[0])
    first = GAME.legal_actions(state)[1].index
    playout.run(state, [0, 1], 5, [1, 2], record=True)
    playout.scores(state, [1, 1], 5, [1, 2], playout.weights({"noise": 0.5}))
    playout.scores_after(state, first, [1, 0], 5, [1, 2])
    playout.search_round(kernel.encode(state), state, [first], [1, 1], Rng(1), Rng(2))
    assert len(playout.games.signatures) == 1, playout.games.signatures
