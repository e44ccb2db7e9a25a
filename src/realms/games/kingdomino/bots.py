"""Kingdomino bots: ``greedy`` and ``full-greedy`` (``random`` is game-agnostic).

- ``greedy``: places to maximise its kingdom's immediate score (region points); picks at random.
- ``full-greedy``: places by a value = region points, plus a weight that outranks any points while
  the kingdom stays centred on its castle (when Middle Kingdom is on, so it never breaks it by
  choice), plus the Harmony bonus while no hole exists (when that variant is on), minus a small
  penalty per hole; a hole is an empty pocket of odd size inside the area the kingdom can still use,
  which dominoes can never fill. It picks the free domino whose best placement on its kingdom has the
  highest value (a domino it could not place counts as losing Harmony). Ties are broken at random by
  the bot's own seeded RNG.

Both read only public information (kingdoms and rows).
"""

from __future__ import annotations

from realms.agents.base import Agent, register
from realms.core.game import Action
from realms.games.kingdomino import board as B
from realms.games.kingdomino.rules import (
    _C1,
    _C2,
    _GEOM,
    _T1,
    _T2,
    PICK,
    Kingdomino,
    KingdominoState,
    _placements,
)

HOLE_PENALTY = 0.25
DISCARD_PENALTY = 1.0
#: keeping the Middle Kingdom in reach outweighs any number of points: the bot never gives it up by choice
MK_WEIGHT = 1000


class _Kingdom:
    """A seat's kingdom as masks, for trying placements without touching the state."""

    __slots__ = ("terr", "crown", "occ", "box", "points")

    def __init__(self, s: KingdominoState, p: int) -> None:
        self.terr = s.terr[p * 6:p * 6 + 6]
        self.crown = s.crown[p * 3:p * 3 + 3]
        self.occ = s.occ[p]
        self.box = s.box[p * 4:p * 4 + 4]
        c1, c2, c3 = self.crown
        self.points = [B.terrain_points(m, c1, c2, c3) for m in self.terr]

    def try_place(self, domino: int, key: int) -> tuple[int, int, list[int]]:
        """(points after the placement, new occupied mask, new box) for placement ``key``."""
        a, b2, r1, r2, col1, col2 = _GEOM[key]  # type: ignore[misc]
        t1, t2 = _T1[domino], _T2[domino]
        crown = self.crown[:]
        if _C1[domino]:
            crown[_C1[domino] - 1] |= a
        if _C2[domino]:
            crown[_C2[domino] - 1] |= b2
        c1, c2, c3 = crown
        pts = sum(self.points) - self.points[t1]
        if t1 == t2:
            pts += B.terrain_points(self.terr[t1] | a | b2, c1, c2, c3)
        else:
            pts -= self.points[t2]
            pts += B.terrain_points(self.terr[t1] | a, c1, c2, c3)
            pts += B.terrain_points(self.terr[t2] | b2, c1, c2, c3)
        box = self.box
        return pts, self.occ | a | b2, [min(box[0], r1), max(box[1], r2), min(box[2], col1), max(box[3], col2)]


def _legal_keys(state: KingdominoState, p: int, domino: int) -> list[int]:
    keys = []
    for d, m in enumerate(_placements(state, p, domino)):
        while m:
            low = m & -m
            keys.append(((low.bit_length() - 1) << 2) | d)
            m ^= low
    return keys


def _key_to_action(key: int) -> Action:
    from realms.games.kingdomino.rules import PLACE_BY_BIT

    return PLACE_BY_BIT[key]  # type: ignore[return-value]


class GreedyAgent(Agent):
    """Best immediate placement by region points; random pick."""

    name = "greedy"

    def act(self, game: Kingdomino, state: KingdominoState) -> Action:  # type: ignore[override]
        actions = game.legal_actions(state)
        if state.step == PICK or len(actions) == 1:
            return actions[self.rng.below(len(actions))]
        p = state.to_move
        assert p is not None
        domino = game.current_domino(state)
        assert domino is not None
        kingdom = _Kingdom(state, p)
        best: list[Action] = []
        best_value = -1
        for a in actions:
            key = _action_key(a)
            value = kingdom.try_place(domino, key)[0]
            if value > best_value:
                best_value, best = value, [a]
            elif value == best_value:
                best.append(a)
        return best[self.rng.below(len(best))]


def _action_key(a: Action) -> int:
    cell, d = divmod(a.index, 4)
    r, c = divmod(cell, B.SIZE)
    return (B.bit_of(r, c) << 2) | d


class FullGreedyAgent(Agent):
    """Greedy over placement and pick, keeping the Middle Kingdom and Harmony bonuses in reach."""

    name = "full-greedy"

    def _value(self, state: KingdominoState, kingdom: _Kingdom, pts: int, occ: int, box: list[int]) -> float:
        n = state.n
        half = (n - 1) // 2
        lo, hi = B.CENTRE - half, B.CENTRE + half
        centred = box[0] >= lo and box[1] <= hi and box[2] >= lo and box[3] <= hi
        value: float = pts
        if state.opts["middle_kingdom"] and centred:
            value += MK_WEIGHT
        if centred:
            area = B.ROW_BAND[lo][hi] & B.COL_BAND[lo][hi]
        else:
            area = B.allowed_area(box[0], box[1], box[2], box[3], n)
        empty = area & ~occ
        # an empty pocket of odd size can never be filled completely by dominoes
        holes = sum(1 for reg in B.regions(empty) if reg.bit_count() & 1)
        if state.opts["harmony"] and holes == 0:
            value += 5
        return value - HOLE_PENALTY * holes

    def _best_placement(self, state: KingdominoState, p: int, domino: int) -> tuple[float, list[int]]:
        kingdom = _Kingdom(state, p)
        keys = _legal_keys(state, p, domino)
        if not keys:
            value = self._value(state, kingdom, sum(kingdom.points), kingdom.occ, kingdom.box)
            return value - (5 if state.opts["harmony"] else 0) - DISCARD_PENALTY, []
        best_value = float("-inf")
        best: list[int] = []
        for key in keys:
            pts, occ, box = kingdom.try_place(domino, key)
            value = self._value(state, kingdom, pts, occ, box)
            if value > best_value:
                best_value, best = value, [key]
            elif value == best_value:
                best.append(key)
        return best_value, best

    def act(self, game: Kingdomino, state: KingdominoState) -> Action:  # type: ignore[override]
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        p = state.to_move
        assert p is not None
        if state.step == PICK:
            best_value = float("-inf")
            best: list[Action] = []
            for a in actions:
                value, _ = self._best_placement(state, p, state.nxt[a["slot"]])
                if value > best_value:
                    best_value, best = value, [a]
                elif value == best_value:
                    best.append(a)
            return best[self.rng.below(len(best))]
        domino = game.current_domino(state)
        assert domino is not None
        _, keys = self._best_placement(state, p, domino)
        return _key_to_action(keys[self.rng.below(len(keys))])


register("kingdomino", "greedy", GreedyAgent)
register("kingdomino", "full-greedy", FullGreedyAgent)
