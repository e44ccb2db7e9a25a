"""Kingdomino determinize resamples what nobody can see (the draw pile's order, which dominoes are out of the
game, the opening's pick order of the kings still to pick) and keeps everything else.

``REALMS_FULL=1`` checks thousands of positions; by default hundreds."""

from __future__ import annotations

import os

import pytest

from realms.core.agents import RandomAgent
from realms.core.rng import Rng
from realms.games import get

GAME = get("kingdomino")


def test_the_opening_order_of_kings_still_to_pick_is_resampled():
    s = GAME.new({"players": 4}, 7)
    assert s.round == 0 and s.oi == 0
    orders = set()
    for k in range(40):
        d = GAME.determinize(s, s.to_move, Rng(k))
        assert d.order[0] == s.order[0] and sorted(d.order) == sorted(s.order)
        assert GAME.view(d, s.to_move) == GAME.view(s, s.to_move) and d.rng != s.rng
        orders.add(tuple(d.order))
    assert len(orders) > 1
    GAME.apply(s, GAME.legal_actions(s)[0])  # one king has picked: its place is known
    for k in range(20):
        d = GAME.determinize(s, s.to_move, Rng(k))
        assert d.order[:2] == s.order[:2]
        assert GAME.legal_actions(d) == GAME.legal_actions(s)


# --- properties over random games ---------------------------------------------------------------------------
# Mirrors tests/games/dominion/test_knowledge.py: positions of seeded random games, several copies each.

FULL = os.environ.get("REALMS_FULL") == "1"
GAMES = 240 if FULL else 24  # about 9,000 positions with REALMS_FULL=1, 900 by default
K = 8  # determinizations per position
TABLES = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "three_players": "thirty-six"},
          {"players": 2, "dynasty": True}, {"players": 2, "mighty_duel": True}, {"players": 4, "harmony": True}]


def _public(s):
    """Everything determinize must keep as it is (the pile and the dominoes out of the game aside)."""
    return (s.occ, s.terr, s.crown, s.box, s.discarded, s.placed, s.cur, s.cur_king, s.nxt, s.nxt_king,
            s.order[:s.oi + 1], s.oi, s.step, s.round, s.to_move, s.turns, s.game_no)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_determinize_keeps_every_view_and_varies_what_nobody_sees(chunk):
    positions = hidden = varied = out_checked = out_varied = order_checked = order_varied = 0
    for g in range(GAMES // 4):
        seed = 3000 + chunk * GAMES + g
        opts = GAME.validate_options(TABLES[seed % len(TABLES)])
        s = GAME.new(opts, seed)
        bot = RandomAgent(Rng(seed))
        r = Rng(seed ^ 0xD37)
        step = 0
        while s.to_move is not None:
            if step % 3 == 0:
                before = GAME.state_hash(s)
                seat = s.to_move
                views = {v: GAME.view(s, v) for v in (seat, (seat + 1) % s.players, None)}
                ds = [GAME.determinize(s, seat, Rng(r.next64())) for _ in range(K)]
                assert GAME.state_hash(s) == before  # the real state is untouched
                for d in ds:
                    for v, want in views.items():
                        assert GAME.view(d, v) == want
                    assert d.rng != s.rng
                    assert _public(d) == _public(s)
                    assert len(d.pile) == len(s.pile) and sorted(d.pile + d.unused) == sorted(s.pile + s.unused)
                    assert sorted(d.order) == sorted(s.order)
                    assert GAME.legal_actions(d) == GAME.legal_actions(s)
                assert len({d.rng for d in ds}) == K
                positions += 1
                if len(s.pile) + len(s.unused) > 1 and s.pile:
                    hidden += 1
                    varied += len({tuple(d.pile) for d in ds}) > 1
                if s.unused and s.pile:  # 2-3 players: which dominoes are out of the game is hidden too
                    out_checked += 1
                    out_varied += len({tuple(d.unused) for d in ds}) > 1
                if s.round == 0 and s.oi + 2 < len(s.order):
                    order_checked += 1
                    order_varied += len({tuple(d.order) for d in ds}) > 1
            GAME.apply(s, bot.act(GAME, s))
            step += 1
    assert positions >= 20 * (GAMES // 4)
    assert hidden and out_checked and order_checked
    assert varied == hidden and out_varied == out_checked and order_varied >= 0.9 * order_checked
