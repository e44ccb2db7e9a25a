"""The greedy bot looks ahead on copies that roll their own future, never on the real random stream."""

from __future__ import annotations

from typing import Any

from realms.agents import make_agent
from realms.core.rng import Rng
from realms.games import get

GAME = get("burgundy")


class Watching:
    """The game, but every state the bot applies an action to is checked against the real stream."""

    def __init__(self, game: Any, real_rng: int) -> None:
        self.game = game
        self.real_rng = real_rng
        self.applied = 0

    def apply(self, state: Any, action: Any, log: bool = False) -> Any:
        assert state.rng != self.real_rng, "the look-ahead used the real random stream"
        self.applied += 1
        return self.game.apply(state, action, log)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def test_greedy_lookahead_never_runs_on_the_real_rng():
    s = GAME.new({"players": 2}, 11)
    bot = make_agent("greedy", GAME, seed=3)
    r = Rng(5)
    looked = 0
    for _ in range(120):
        if s.to_move is None:
            break
        w = Watching(GAME, s.rng)
        a = bot.act(w, s)
        looked += w.applied
        assert a in GAME.legal_actions(s)
        acts = GAME.legal_actions(s)
        GAME.apply(s, a if r.below(2) else acts[r.below(len(acts))])
    assert looked
