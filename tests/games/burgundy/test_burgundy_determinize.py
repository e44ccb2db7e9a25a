"""Burgundy determinize over many positions of seeded random games (thousands with REALMS_FULL=1).

Stacks and the goods bag are unordered, and everything else on the table is public, so what a seat cannot
know is only the future: which tile each stack gives next, which goods come out of the bag, what the dice
roll. A copy keeps every view and the whole state but its random generator, and the future it draws
varies from copy to copy wherever more than one outcome is possible. Mirrors
tests/games/dominion/test_knowledge.py.
"""

from __future__ import annotations

import os

import pytest

from realms.core.agents import RandomAgent
from realms.core.rng import Rng
from realms.games.burgundy.state import _below, _draw, _draw_goods

from .helpers import GAME

FULL = os.environ.get("REALMS_FULL") == "1"
GAMES = 120 if FULL else 12  # about 7,000 positions with REALMS_FULL=1, 700 by default
K = 6  # determinizations per position
TABLES = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "scenario": "random"},
          {"players": 3, "city_hall": "matching-colour"}, {"players": 4, "scenario": "random"}]


def _future(s):
    """What this state's generator would draw next: a tile from each stack (the black one last), a goods
    colour, a die. ``None`` where there is nothing to draw."""
    c = s.clone()
    tiles = tuple(_draw(c, list(st)) if st else None for st in (*c.stacks, c.black_stack))
    goods = _draw_goods(c) if sum(c.goods_pool) else None
    return tiles, goods, _below(c, 6)


def _open(s):
    """Which parts of the future may come out more than one way (as in ``_future``)."""
    return (tuple(len(set(st)) > 1 for st in (*s.stacks, s.black_stack)),
            sum(1 for n in s.goods_pool if n) > 1)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_determinize_keeps_every_view_and_the_state_and_varies_the_future(chunk):
    positions = stacks_open = stacks_varied = goods_open = goods_varied = dice_varied = 0
    for g in range(GAMES // 4):
        seed = 7000 + chunk * GAMES + g
        s = GAME.new(GAME.validate_options(TABLES[seed % len(TABLES)]), seed)
        bot = RandomAgent(Rng(seed))
        r = Rng(seed ^ 0xB06)
        step = 0
        while s.to_move is not None:
            if step % 5 == 0:
                before = GAME.state_hash(s)
                data = s.to_data()
                data.pop("rng")
                legal = GAME.legal_actions(s)
                for seat in range(s.players):
                    views = {v: GAME.view(s, v) for v in (seat, (seat + 1) % s.players, None)}
                    ds = [GAME.determinize(s, seat, Rng(r.next64())) for _ in range(K)]
                    for d in ds:
                        for v, want in views.items():
                            assert GAME.view(d, v) == want
                        assert d.rng != s.rng
                        got = d.to_data()
                        got.pop("rng")
                        assert got == data
                        assert GAME.legal_actions(d) == legal
                    assert len({d.rng for d in ds}) == K
                    futures = [_future(d) for d in ds]
                    tiles_open, bag_open = _open(s)
                    for t, is_open in enumerate(tiles_open):
                        if is_open:
                            stacks_open += 1
                            stacks_varied += len({f[0][t] for f in futures}) > 1
                    if bag_open:
                        goods_open += 1
                        goods_varied += len({f[1] for f in futures}) > 1
                    dice_varied += len({f[2] for f in futures}) > 1
                    positions += 1
                assert GAME.state_hash(s) == before  # the real state is untouched
            GAME.apply(s, bot.act(GAME, s))
            step += 1
    assert positions >= 100 * (GAMES // 4)
    assert stacks_open and goods_open
    # six copies agree on the next draw by chance only rarely
    assert stacks_varied >= 0.95 * stacks_open and goods_varied >= 0.9 * goods_open
    assert dice_varied >= 0.9 * positions
