"""The random players as a search's playout policies (``realms.games.dominion.playout``): ``random-treasures``'
choices, and its playouts through the reference engine where the kernel does not play them."""

from __future__ import annotations

import realms.agents  # noqa: F401  (the search agents)
import realms.games
from realms.core.agents import make_agent
from realms.core.rng import Rng
from realms.games.dominion.cards.card import PLAY_TREASURES
from realms.games.dominion.playout import RandomFinish, RandomTreasuresFinish

GAME = realms.games.get("dominion")


def test_random_treasures_plays_its_treasures_at_once_and_is_random_elsewhere():
    state = GAME.new({"players": 2, "kingdom": "first-game"}, 4)
    mine, plain = RandomTreasuresFinish(Rng(3)), RandomFinish(Rng(3))
    treasures = others = 0
    while state.to_move is not None:
        legal = GAME.legal_actions(state)
        before = mine.rng.state
        action = mine.act(GAME, state)
        if legal[0].index == PLAY_TREASURES:
            # every Treasure at once, and no draw taken for it
            assert action.index == PLAY_TREASURES and mine.rng.state == before
            treasures += 1
        else:
            # elsewhere the same choice as random's from the same generator state
            plain.rng.state = before
            assert plain.act(GAME, state) == action and plain.rng.state == mine.rng.state
            others += 1
        GAME.apply(state, action)
    assert treasures > 20 and others > 20


def test_a_search_with_random_treasures_playouts_runs_without_the_kernel(monkeypatch):
    """With the kernel switched off the playouts step through ``act`` (the same player), and the search still
    chooses a legal move, the same one from the same seed."""
    from realms.games.dominion import playout

    monkeypatch.setattr(playout, "_usable", lambda state: False)
    state = GAME.new({"players": 2, "kingdom": "first-game"}, 9)
    for _ in range(12):
        GAME.apply(state, GAME.legal_actions(state)[-1])
    moves = [make_agent("mc:iterations=20,policy=random-treasures", GAME, 5).act(GAME, GAME.clone(state))
             for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in GAME.legal_actions(state)
