"""``random`` for Dominion as a search's playout policy: the core ``RandomAgent``'s uniform choice, draw for draw
(so every game it plays is the same), that finishes a playout in the compiled kernel (``kernel.py``) where numba
is installed and the kernel plays every card of the game's Supply; elsewhere (or with ``kernel.ENABLED`` off)
the search steps through ``act``. ``random-treasures`` is the same player except that it plays all its Treasures
at once whenever it may (the random player of most Dominion simulators and searches: its random games are shorter,
and a playout has fewer decisions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realms.core.agents import Playout, RandomAgent
from realms.core.game import Action, Game, Result
from realms.core.rng import Rng
from realms.games.dominion.cards.card import PLAY_TREASURES

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState


def _usable(state: DominionState) -> bool:
    from realms.games.dominion import kernel

    return kernel.AVAILABLE and kernel.ENABLED and state.to_move is not None and kernel.encodable(state)


class RandomFinish(RandomAgent, Playout):
    """``random``: uniform over the legal actions; as a search's playout policy (``mc:policy=random``) a playout
    is played in the kernel, the game's stream replaced by this agent's next draw and seat i drawing from a
    stream seeded by the draw after that (i-th)."""

    name = "random"
    #: whether it plays all its Treasures at once whenever it may (``random-treasures``)
    treasures = False

    def finish(self, game: Game, state: DominionState) -> Result | None:
        if not _usable(state):
            return None
        from realms.games.dominion import kernel

        return kernel.search_playout(state, -1, self.rng, kernel.encode(state), self._buffers(), self.treasures)

    def finish_after(self, game: Game, state: DominionState, action: Action) -> Result | None:
        """``finish`` of a copy of ``state`` after ``action`` (applied with the state's own stream, as ``apply``
        does). The state as encoded for the kernel is kept while the same unchanged object comes back (a few of
        its fields compared), so a flat search encodes a round's state once."""
        p = state.to_move
        if p is None:
            return None
        from realms.games.dominion import kernel

        mark = (state.rng, state.cur, state.phase, p, len(state.stack), state.coins, state.buys, state.actions,
                state.turns[state.cur], len(state.hand[p]), kernel.ENABLED)
        kept = getattr(self, "_encoded", None)
        if kept is None or kept[0] is not state or kept[1] != mark:
            if not _usable(state):
                return None
            kept = (state, mark, kernel.encode(state))
            self._encoded = kept
        return kernel.search_playout(state, action.index, self.rng, kept[2], self._buffers(), self.treasures)

    def finish_round(self, game: Game, state: DominionState, seat: int, rng: Rng,
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        """A flat search's round in the kernel (``kernel.games``' ``ROUND``: the determinization too, so the round
        builds no state object); what the search needs of ``state`` is derived once while the same unchanged
        object comes back (as ``finish_after`` keeps its encoding)."""
        if state.to_move is None:
            return None
        from realms.games.dominion import kernel

        mark = (state.rng, state.cur, state.phase, state.to_move, len(state.stack), state.coins, state.buys,
                state.actions, state.turns[state.cur], len(state.hand[state.to_move]), seat, kernel.ENABLED)
        kept = getattr(self, "_round", None)
        if kept is None or kept[0] is not state or kept[1] != mark:
            if not _usable(state):
                return None
            kept = (state, mark, kernel.round_prepare(state, seat))
            self._round = kept
        return kernel.search_round(kept[2], state.players, [a.index for a in actions], rng, self.rng,
                                   self.treasures)

    def _buffers(self) -> tuple[Any, Any, Any]:
        bufs = getattr(self, "_bufs", None)
        if bufs is None:
            from realms.games.dominion import kernel

            bufs = self._bufs = kernel.playout_buffers()
        return bufs


class RandomTreasuresFinish(RandomFinish):
    """``random-treasures``: ``random``, except that where playing all its Treasures at once is legal (the
    ``play_treasures`` action, which comes first in a buy phase's list) it takes that and draws nothing; its
    playouts are played in the kernel as ``random``'s are."""

    name = "random-treasures"
    treasures = True

    def act(self, game: Game, state: DominionState) -> Action:
        actions = game.legal_actions(state)
        if actions[0].index == PLAY_TREASURES and len(actions) > 1:
            return actions[0]
        return actions[self.rng.below(len(actions))] if len(actions) > 1 else actions[0]
