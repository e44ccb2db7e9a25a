"""The encoders reuse the blocks of the last vector they built for a seat; whatever order states come in,
the result equals that of a fresh encoder."""

from __future__ import annotations

import os

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng
from tests.games.per_game import declared

FULL = os.environ.get("REALMS_FULL") == "1"


def _tables(name):
    """(game, options, ...) for every registered game, from what its tests/games/<id>/tables.py lists as ``name``."""
    return [(g, t) if isinstance(t, dict) else (g, *t) for g in realms.games.ids() for t in getattr(
        declared(g, "tables"), name)]


#: each game's tables whose boards, kingdoms and dynasties differ from game to game (``ENCODED``)
ENCODED = _tables("ENCODED")


@pytest.mark.parametrize(("game_id", "opts"), ENCODED)
def test_any_order_gives_the_fresh_encoding(game_id, opts):
    game = realms.games.get(game_id)
    cls = type(game.observation())
    states = []
    for seed in range(3):
        s = game.new(opts, seed)
        rng = Rng(seed)
        while s.to_move is not None:
            if rng.below(4) == 0:
                states.append(s.clone())
            actions = game.legal_actions(s)
            game.apply(s, actions[rng.below(len(actions))])
        states.append(s.clone())
    shared = cls()
    order = Rng(9)
    seen = []
    for _ in range(3 * len(states)):
        s = states[order.below(len(states))]
        seat = order.below(game.players(s))
        got = shared.encode(s, seat)
        seen.append(got)
        assert np.array_equal(got, cls().encode(s, seat))
    # vectors handed out earlier are copies: later calls do not change them
    s = states[0]
    first = shared.encode(s, 0)
    keep = first.copy()
    for t in states[1:20]:
        shared.encode(t, 0)
    assert np.array_equal(first, keep)


@pytest.mark.parametrize(("game_id", "opts"), ENCODED)
def test_following_a_game_gives_the_fresh_encoding(game_id, opts):
    """``encode_next`` (the environments' call: the state changes only through ``apply``) gives a fresh encoder's
    vector whatever is encoded in between: any seat, steps skipped, other states and copies of this one."""
    game = realms.games.get(game_id)
    cls = type(game.observation())
    shared = cls()
    follow = getattr(shared, "encode_next", shared.encode)
    other = game.new(opts, 99)
    checked = 0
    for seed in range(2):
        s = game.new(opts, seed)
        rng = Rng(seed)
        kept = []
        while True:
            for _ in range(1 + (rng.below(5) == 0)):  # now and then a seat other than the one to move
                seat = s.to_move if s.to_move is not None and rng.below(4) else rng.below(game.players(s))
                if rng.below(6):  # some steps are not observed at all
                    got = follow(s, seat)
                    assert np.array_equal(got, cls().encode(s, seat))
                    kept.append((got, got.copy()))
                    checked += 1
            if rng.below(12) == 0:  # the same encoder on another state, or on a copy of this one
                t = s.clone() if rng.below(2) else other
                seat = rng.below(game.players(t))
                got = follow(t, seat) if rng.below(2) else shared.encode(t, seat)
                assert np.array_equal(got, cls().encode(t, seat))
            if s.to_move is None:
                break
            actions = game.legal_actions(s)
            game.apply(s, actions[rng.below(len(actions))])
        for got, copy in kept:  # vectors handed out are never changed later
            assert np.array_equal(got, copy)
    assert checked > 50


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_environments_stepped_in_turn_have_encoders_of_their_own(game_id):
    """Two environments of one game in one process (a vectorized loop): each table has its own encoder (so each
    follows its own states) and every observation is a fresh encoder's."""
    import realms.rl

    envs = [realms.rl.env(game_id, {"players": 2}) for _ in range(2)]
    assert envs[0].table.observer is not envs[1].table.observer
    cls = type(realms.games.get(game_id).observation())
    for i, env in enumerate(envs):
        env.reset(seed=i)
    rng = Rng(3)
    for _ in range(60):
        for env in envs:
            if not env.agents:  # this game is over
                continue
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            state = env.table.state
            assert np.array_equal(obs["observation"], cls().encode(state, state.to_move))
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))


@pytest.mark.parametrize(("game_id", "opts", "games"), _tables("ENCODED_MANY"))
def test_following_many_games_as_an_environment_does(game_id, opts, games):
    """The environments' pattern over many random games with one encoder: the seat to move encoded at every step
    (and now and then every seat), the last vector held while the next is built; each equals a fresh encoder's.
    (A new round rewrites the rows slot by slot; a young kingdom's planes are written square by square.)"""
    game = realms.games.get(game_id)
    cls = type(game.observation())
    shared = cls()
    follow = getattr(shared, "encode_next", shared.encode)
    steps = 0
    for seed in range(games * (4 if FULL else 1)):
        s = game.new(opts, 1000 + seed)
        rng = Rng(seed)
        held = None
        while s.to_move is not None:
            seats = range(game.players(s)) if rng.below(8) == 0 else (s.to_move,)
            for seat in seats:
                got = follow(s, seat)
                assert np.array_equal(got, cls().encode(s, seat)), (seed, steps, seat)
                if held is not None:
                    assert np.array_equal(held[0], held[1])
                held = got, got.copy()
            steps += 1
            actions = game.legal_actions(s)
            game.apply(s, actions[rng.below(len(actions))])
    assert steps > 100


@pytest.mark.parametrize(("game_id", "opts"), [(g, declared(g, "tables").ENCODED[0]) for g in realms.games.ids()])
def test_vectors_handed_out_are_read_only_and_reused_only_when_dropped(game_id, opts):
    """``encode_next`` hands out the encoder's own buffer, read-only; while a caller holds a vector the next is
    written elsewhere (``realms.core.outbuf``), so a loop that keeps only the last one cycles through a few
    buffers, and one that keeps every vector sees none of them change."""
    from realms.core.outbuf import POOL

    game = realms.games.get(game_id)
    cls = type(game.observation())
    enc = cls()
    s = game.new(opts, 5)
    rng = Rng(5)
    addresses = set()
    kept = []
    last = None
    steps = 0
    while s.to_move is not None and steps < 120:
        got = enc.encode_next(s, s.to_move)
        assert not got.flags.writeable
        with pytest.raises(ValueError):
            got[0] = 1.0
        assert np.array_equal(got, cls().encode(s, s.to_move))
        if steps < 60:  # a loop that keeps only the last vector
            addresses.add(got.__array_interface__["data"][0])
            if last is not None:
                assert np.array_equal(last[0], last[1])
            last = got, got.copy()
        else:  # one that keeps them all
            kept.append((got, got.copy()))
        del got
        steps += 1
        actions = game.legal_actions(s)
        game.apply(s, actions[rng.below(len(actions))])
    assert last is not None
    assert len(addresses) <= game.players(s) * (POOL + 1)  # per observing seat: its buffer and its spares
    for got, copy in kept:
        assert np.array_equal(got, copy)
    fresh = enc.encode(s, 0)  # encode gives a writable copy
    assert fresh.flags.writeable
    fresh[0] = 7.0
    assert not np.array_equal(fresh, enc.encode(s, 0))
