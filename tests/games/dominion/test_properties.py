"""Properties over thousands of seeded random games with random kingdoms.

- card conservation: Supply + every zone of every seat + trash is constant, and ``owned`` matches the zones;
- no negative pile, and the empty-pile count and mask agree with the Supply;
- a view never holds a card identity its seat may not see (hidden cards are swapped for a marker card
  that exists nowhere else, and the marker's name must not appear in the serialised view), and
  determinize changes nothing that seat sees;
- replay determinism: (options, seed, actions) rebuilds the same state, through records too.

The kingdoms are drawn from every box and mix of boxes (``sets``), so every card of the registry comes up.

``REALMS_FULL=1`` plays five times as many games.
"""

from __future__ import annotations

import json
import os

import pytest

from realms.agents.base import RandomAgent
from realms.core.record import GameRecord, replay
from realms.core.rng import Rng
from realms.games.dominion.cards import NAMES, NCARDS
from realms.games.dominion.rules import DominionState
from realms.games.dominion.zones import PUBLIC, unseen_slots
from tests.games.dominion.util import G, total_cards

FULL = os.environ.get("REALMS_FULL") == "1"
CHUNKS = 10
GAMES_PER_CHUNK = 1000 if FULL else 200


def _options(seed: int) -> dict:
    """Every box and mix of boxes, both editions, 1-6 players (5 and 6 in one game of six)."""
    return {"players": 1 + seed % 4 if seed % 6 else 5 + seed // 6 % 2, "kingdom": "random",
            "edition": ("first", "second")[seed // 4 % 2], "sets": ("base", "all", "intrigue", "seaside",
                                                                 "base,intrigue", "base,seaside")[seed // 8 % 6],
            "colony_platinum": seed % 3 == 0, "turn_limit": 250}


def _check_zones(s: DominionState, total: int) -> None:
    assert total_cards(s) == total
    assert min(s.supply) >= 0
    empty = [c for c in s.piles if s.supply[c] == 0]
    assert s.empty == len(empty) and s.gone == sum(1 << c for c in empty)
    for p in range(s.players):
        cnt = [0] * NCARDS
        for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.held, s.shown, s.bottom, s.nvmat, s.island):
            for c in zone[p]:
                cnt[c] += 1
        assert cnt == s.owned[p]
        assert len(s.top[p]) <= len(s.deck[p])


def _marker(s: DominionState) -> int:
    used = set(s.piles) | set(s.trash)
    for p in range(s.players):
        used.update(c for c in range(NCARDS) if s.owned[p][c])
    return next(c for c in range(NCARDS - 1, -1, -1) if c not in used)


def _check_no_leak(s: DominionState, seat: int, marker: int) -> None:
    own = s.clone()  # its own deck's cards nobody has seen, fixed above a card put at an exact depth: no position
    for i in unseen_slots(own, seat)[len(own.deck[seat]) - len(own.top[seat]):]:
        own.deck[seat][i] = marker
    assert NAMES[marker] not in G.view(own, seat)["seats"][seat]["deck_top"]
    t = s.clone()
    for q in range(t.players):
        if q == seat:
            continue
        t.hand[q] = [marker] * len(t.hand[q])
        t.look[q] = [marker] * len(t.look[q])
        t.held[q] = [marker] * len(t.held[q])  # face down (Haven), the Native Village mat, the known bottom
        t.nvmat[q] = [marker] * len(t.nvmat[q])
        t.bottom[q] = [marker] * len(t.bottom[q])
        deck, top = t.deck[q], t.top[q]
        free = len(deck) - len(top)
        for i in range(len(deck)):
            if i < free or top[i - free] != PUBLIC:
                deck[i] = marker
    text = json.dumps(G.view(t, seat))
    assert f'"{NAMES[marker]}"' not in text and f" {NAMES[marker]}" not in text


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_conserve_cards_hide_information_and_replay(chunk):
    for g in range(GAMES_PER_CHUNK):
        seed = chunk * GAMES_PER_CHUNK + g
        opts = _options(seed)
        s = G.new(opts, seed)
        total = total_cards(s)
        agents = [RandomAgent(Rng(seed * 7 + i)) for i in range(s.players)]
        actions = []
        steps = 0
        check_every = 17 + g % 13  # every game, at varying moments
        while s.to_move is not None:
            legal = G.legal_actions(s)
            assert legal
            a = agents[s.to_move].act(G, s)
            G.apply(s, a, log=g % 10 == 0)
            actions.append(a)
            steps += 1
            _check_zones(s, total) if steps % 5 == 0 else None
            if steps % check_every == 0 and s.to_move is not None:
                marker = _marker(s)
                for seat in range(s.players):
                    _check_no_leak(s, seat, marker)
                d = G.determinize(s, s.to_move, Rng(steps))
                assert G.view(d, s.to_move) == G.view(s, s.to_move)
                _check_zones(d, total)
                json.dumps(G.view(s, None))
        _check_zones(s, total)
        res = G.result(s)
        assert res is not None and len(res.scores) == s.players and min(res.ranks) == 1
        if g % 5 == 0:
            again = G.new(opts, seed)
            for a in actions:
                G.apply(again, a)
            assert G.state_hash(again) == G.state_hash(s)


def test_records_replay_and_verify():
    for seed in range(20):
        opts = _options(seed)
        rec = GameRecord.start(G, opts, seed, ["random"] * opts["players"])
        agents = [RandomAgent(Rng(seed + i)) for i in range(opts["players"])]
        while rec.state.to_move is not None:
            rec.play(agents[rec.state.to_move].act(G, rec.state))
        data = json.loads(json.dumps(rec.to_json()))
        r = replay(data)
        assert G.state_hash(r.state) == G.state_hash(rec.state)


def test_determinized_states_play_on_to_the_end():
    for seed in range(40):
        s = G.new(_options(seed), seed)
        r = Rng(seed)
        for _ in range(60 + seed * 3):
            if s.to_move is None:
                break
            acts = G.legal_actions(s)
            G.apply(s, acts[r.below(len(acts))])
        if s.to_move is None:
            continue
        total = total_cards(s)
        for seat in range(s.players):
            d = G.determinize(s, seat, Rng(seed + seat))
            while d.to_move is not None:
                acts = G.legal_actions(d)
                G.apply(d, acts[r.below(len(acts))])
            _check_zones(d, total)


def test_mid_game_states_resume_identically_from_data():
    for seed in range(30):
        s = G.new(_options(seed), seed)
        r = Rng(seed)
        for _ in range(50):
            if s.to_move is None:
                break
            acts = G.legal_actions(s)
            G.apply(s, acts[r.below(len(acts))])
        t = DominionState.from_data(json.loads(json.dumps(s.to_data())))
        r1, r2 = Rng(99), Rng(99)
        while s.to_move is not None:
            a1 = G.legal_actions(s)
            a2 = G.legal_actions(t)
            assert a1 == a2
            i = r1.below(len(a1))
            assert i == r2.below(len(a2))
            G.apply(s, a1[i])
            G.apply(t, a2[i])
        assert G.state_hash(s) == G.state_hash(t)
