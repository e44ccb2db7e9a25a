"""Kingdomino determinize resamples what nobody can see, the opening's pick order included."""

from __future__ import annotations

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
