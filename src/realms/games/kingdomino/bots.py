"""Kingdomino bots: ``greedy`` and ``full-greedy`` (``random`` is the game-agnostic one, with a compiled finish
for search playouts).

- ``greedy``: places to maximise its kingdom's immediate score as the engine reports it (region
  points plus the Harmony and Middle Kingdom bonuses when those variants are on); picks at random.
- ``full-greedy``: places by a value compared in order: first, keeping the kingdom centred on its
  castle (when Middle Kingdom is on, so it never breaks it by choice); then, the fewest one-square
  holes; then the immediate score, with the Harmony bonus counted while it is in reach (that variant
  on): no one-square hole, and once the kingdom's grid is fixed (centred under Middle Kingdom, or its
  bounding box full-size) no empty pocket of odd size in it. A *one-square hole* is an empty square
  of the area the kingdom can still use (see ``one_square_holes``) with no empty neighbour in that
  area: no domino can ever cover it. Larger empty pockets are not holes. It picks the free domino
  whose best placement on its kingdom has the highest value (a domino it could not place counts as
  losing Harmony). Ties are broken at random by the bot's own seeded RNG.

Both read only public information (kingdoms and rows).
"""

from __future__ import annotations

from realms.core.agents import Agent, AgentFactory, Playout, RandomAgent
from realms.core.game import Action, Result
from realms.core.rng import Rng
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

DISCARD_PENALTY = 1.0
HARMONY_BONUS = 5
MIDDLE_KINGDOM_BONUS = 10


def one_square_holes(occ: int, area: int) -> int:
    """The one-square holes of a kingdom: empty squares of ``area`` (the cells the kingdom may still
    cover) none of whose orthogonal neighbours is an empty square of ``area``. A domino covers two
    neighbouring squares, so no domino can ever cover one of them; a larger empty pocket, even of odd
    size, is not a hole."""
    empty = area & ~occ
    return empty & ~B.neighbours(empty)


def _centred_square(n: int) -> tuple[int, int]:
    half = (n - 1) // 2
    return B.CENTRE - half, B.CENTRE + half


def immediate_score(state: KingdominoState, pts: int, occ: int, box: list[int]) -> int:
    """The kingdom's score as the engine reports it: region points plus the bonuses in play."""
    n = state.n
    if state.opts["harmony"] and occ.bit_count() == n * n:
        pts += HARMONY_BONUS
    if state.opts["middle_kingdom"]:
        lo, hi = _centred_square(n)
        if box[0] == lo and box[1] == hi and box[2] == lo and box[3] == hi:
            pts += MIDDLE_KINGDOM_BONUS
    return pts


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
        geom = _GEOM[key]
        assert geom is not None  # key is a placement on the frame
        a, b2, r1, r2, col1, col2 = geom
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
    """Best immediate placement by the score the engine reports (bonuses included); random pick."""

    name = "greedy"
    reads = "view"  # public information only: the harness may hand it the true state

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
            pts, occ, box = kingdom.try_place(domino, key)
            value = immediate_score(state, pts, occ, box)
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
    reads = "view"  # public information only: the harness may hand it the true state

    def _value(self, state: KingdominoState, pts: int, occ: int, box: list[int]) -> tuple[int, int, int]:
        """(kingdom kept centred under Middle Kingdom, minus one-square holes, immediate score with the
        Harmony bonus while it is in reach), compared in that order."""
        n = state.n
        lo, hi = _centred_square(n)
        centred = box[0] >= lo and box[1] <= hi and box[2] >= lo and box[3] <= hi
        mk = bool(state.opts["middle_kingdom"] and centred)
        if mk:
            # the bot keeps the kingdom centred, so its grid is the centred square
            area = B.ROW_BAND[lo][hi] & B.COL_BAND[lo][hi]
        else:
            area = B.allowed_area(box[0], box[1], box[2], box[3], n)
        holes = one_square_holes(occ, area).bit_count()
        score = immediate_score(state, pts, occ, box)
        if state.opts["harmony"] and holes == 0 and occ.bit_count() < n * n:
            fixed = mk or (box[1] - box[0] == n - 1 and box[3] - box[2] == n - 1)
            # once the grid is fixed, an empty pocket of odd size inside it can never be filled
            if not fixed or not any(reg.bit_count() & 1 for reg in B.regions(area & ~occ)):
                score += HARMONY_BONUS
        return int(mk), -holes, score

    def _best_placement(self, state: KingdominoState, p: int, domino: int) -> tuple[tuple[float, ...], list[int]]:
        kingdom = _Kingdom(state, p)
        keys = _legal_keys(state, p, domino)
        if not keys:
            mk, holes, score = self._value(state, sum(kingdom.points), kingdom.occ, kingdom.box)
            if state.opts["harmony"] and holes == 0:
                score -= HARMONY_BONUS  # a discarded domino leaves the grid short of full
            return (mk, holes, score - DISCARD_PENALTY), []
        best_value: tuple[float, ...] = (-1,)
        best: list[int] = []
        for key in keys:
            pts, occ, box = kingdom.try_place(domino, key)
            value = self._value(state, pts, occ, box)
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
            best_value: tuple[float, ...] = (-1,)
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


#: the bots this game declares (``Kingdomino.agents``)
AGENTS: dict[str, AgentFactory] = {"greedy": GreedyAgent, "full-greedy": FullGreedyAgent}


# --- a playout policy for search agents ----------------------------------------------------------------
class RolloutAgent(Playout):
    """A cheap player for search playouts (``light-rollout``) in plain Python: it places where the
    domino's halves touch the most squares of their own terrain (a half with crowns counts three more when it
    touches any), with no region scoring at all; it picks the free domino with the most crowns half the time,
    else one at random. Ties are broken at random. It reads only public information."""

    name = "light-rollout"

    def act(self, game: Kingdomino, state: KingdominoState) -> Action:  # type: ignore[override]
        actions = game.legal_actions(state)
        n = len(actions)
        if n == 1:
            return actions[0]
        rng = self.rng
        if state.step == PICK:
            if rng.below(2):
                return actions[rng.below(n)]
            nxt = state.nxt
            best_a = actions[0]
            best = -1
            for a in actions:
                d = nxt[a["slot"]]
                v = (_CROWNS[d] << 8) | rng.below(256)
                if v > best:
                    best, best_a = v, a
            return best_a
        p = state.to_move
        assert p is not None
        domino = game.current_domino(state)
        assert domino is not None
        t = p * 6
        m1 = state.terr[t + _T1[domino]]
        m2 = state.terr[t + _T2[domino]]
        k1 = 3 if _C1[domino] else 0
        k2 = 3 if _C2[domino] else 0
        geom = _GEOM
        best_a = actions[0]
        best = -1
        for a in actions:
            if a.kind != "place":
                return a
            cell, d = divmod(a.index, 4)
            r, c = divmod(cell, B.SIZE)
            g = geom[((B.bit_of(r, c)) << 2) | d]
            assert g is not None  # a legal placement lies on the frame
            h1, h2 = g[0], g[1]
            n1 = (((h1 << 1) | (h1 >> 1) | (h1 << B.STRIDE) | (h1 >> B.STRIDE)) & m1).bit_count()
            n2 = (((h2 << 1) | (h2 >> 1) | (h2 << B.STRIDE) | (h2 >> B.STRIDE)) & m2).bit_count()
            v = n1 + n2 + (k1 if n1 else 0) + (k2 if n2 else 0)
            v = (v << 8) | rng.below(256)
            if v > best:
                best, best_a = v, a
        return best_a


    #: a search keeps this many root actions by ``rank``
    width = 6

    def rank(self, game: Kingdomino, state: KingdominoState, actions: list[Action]) -> list[float]:  # type: ignore[override]
        """``full-greedy``'s value of each action (for a pick, of the picked domino's best placement), as one
        number: kept centred first, then the fewest one-square holes, then the immediate score."""
        judge = _JUDGE
        p = state.to_move
        assert p is not None
        out: list[float] = []
        if state.step == PICK:
            for a in actions:
                value, _ = judge._best_placement(state, p, state.nxt[a["slot"]])
                out.append(_flat(value))
            return out
        domino = game.current_domino(state)
        assert domino is not None
        kingdom = _Kingdom(state, p)
        for a in actions:
            if a.kind != "place":
                out.append(-1e9)
                continue
            pts, occ, box = kingdom.try_place(domino, _action_key(a))
            out.append(_flat(judge._value(state, pts, occ, box)))
        return out


def _flat(value: tuple[float, ...]) -> float:
    mk, holes, score = value
    return mk * 1e6 + holes * 1e3 + score


_CROWNS = [_C1[d] + _C2[d] for d in range(len(_C1))]
_JUDGE = FullGreedyAgent(Rng(0))

AGENTS["light-rollout"] = RolloutAgent


class CompiledPlayout(Playout):
    """``rollout`` (full-greedy, the search agents' default here) and ``greedy-playout``: that bot as a playout
    policy that finishes a game in the compiled kernel (``fast.py``, the ``fast`` extra) when it is installed
    and the options allow it (no Dynasty), every seat played by the bot, each seat's ties drawn from its own
    stream seeded by this agent's generator; without numba the same playout through the reference engine (the
    same choices); in a Dynasty step by step through ``act``. It ranks actions for a
    search by full-greedy's value (``RolloutAgent.rank``), keeping the best 6 at the root."""

    bot: type[Agent] = FullGreedyAgent
    code = 1  # the kernel's policy code
    width = 6

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self._bot = self.bot(rng)
        self._ranker = RolloutAgent(rng)

    def act(self, game: Kingdomino, state: KingdominoState) -> Action:  # type: ignore[override]
        return self._bot.act(game, state)

    def finish(self, game: Kingdomino, state: KingdominoState) -> Result | None:  # type: ignore[override]
        return _finish(game, state, self.code, self.rng)

    def finish_after(self, game: Kingdomino, state: KingdominoState, action: Action) -> Result | None:  # type: ignore[override]
        return _finish_after(self, state, action, self.code)

    def finish_round(self, game: Kingdomino, state: KingdominoState, seat: int, rng: Rng,  # type: ignore[override]
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        return _finish_round(self, state, rng, actions, self.code)

    def rank(self, game: Kingdomino, state: KingdominoState, actions: list[Action]) -> list[float]:  # type: ignore[override]
        return self._ranker.rank(game, state, actions)


def _finish(game: Kingdomino, state: KingdominoState, code: int, rng: Rng) -> Result | None:
    """``state`` played to the end in the kernel, every seat by policy ``code``, seat i drawing from a stream
    seeded by ``rng``'s i-th next draw; None in a Dynasty or a finished game (the search then steps through
    ``act``). Without numba the same playout runs through the reference engine (``_finish_reference``): the
    same draws and the same choices, so a search chooses the same with or without the kernel."""
    from realms.games.kingdomino import fast

    if state.opts["dynasty"] or state.to_move is None:
        return None
    streams = [rng.next64() for _ in range(state.players)]
    if not fast.AVAILABLE:
        return _finish_reference(game, state, code, streams)
    return fast.finish(state, [code] * state.players, streams)


#: the kernel's policy codes (``fast.POLICIES``) by the bot each plays, draw for draw
_KERNEL_BOTS: dict[int, type[Agent]] = {}


def _finish_reference(game: Kingdomino, state: KingdominoState, code: int, streams: list[int]) -> Result:
    """What the kernel's playout does, through the reference engine on a copy: seat i played by the bot of policy
    ``code`` drawing from the SplitMix64 stream in state ``streams[i]`` (``tests/games/kingdomino/test_fast.py``
    checks that the kernel plays these bots step for step)."""
    bot = _KERNEL_BOTS[code]
    seats = [bot(Rng.from_state(x)) for x in streams]
    s = game.clone(state)
    while s.to_move is not None:
        game.apply(s, seats[s.to_move].act(game, s))
    result = game.result(s)
    assert result is not None
    return result


def _finish_after(agent: Playout, state: KingdominoState, action: Action, code: int) -> Result | None:
    """``_finish`` of ``state`` after ``action``, played first in the kernel. The state as packed for the
    kernel is kept on ``agent`` while the same object comes back at the same point of the game (every action
    moves the round, the king's turn or the step on), so a flat search packs a round's state once."""
    from realms.games.kingdomino import fast

    if not fast.AVAILABLE or state.opts["dynasty"] or state.to_move is None:
        return None
    idx = action.index
    if (idx >= fast.PICK_BASE) != (state.step == PICK):
        return None
    p = state.players
    policies = [code] * p
    mark = (state.round, state.oi, state.step, len(state.pile))
    kept = getattr(agent, "_packed", None)
    if kept is None or kept[0] is not state or kept[1] != mark:
        kept = (state, mark, fast.pack(state, policies))
        agent._packed = kept  # type: ignore[attr-defined]
    return fast.finish(state, policies, [agent.rng.next64() for _ in range(p)], idx, kept[2])


def _finish_round(agent: Playout, state: KingdominoState, rng: Rng, actions: list[Action],
                  code: int) -> list[tuple[list[int], list[int]]] | None:
    """A flat search's round in one kernel call (``fast.search_round``): the determinization, then every root
    action's playout from it with the same seed, exactly the draws of ``determinize`` and ``_finish_after``
    action by action; None (nothing drawn) where ``_finish_after`` would not play (no numba, a Dynasty, a
    finished game). The packed state is kept on ``agent`` while the same object comes back unchanged."""
    from realms.games.kingdomino import fast

    if not fast.AVAILABLE or state.opts["dynasty"] or state.to_move is None:
        return None
    pick = state.step == PICK
    if any((a.index >= fast.PICK_BASE) != pick for a in actions):
        return None
    mark = (state.round, state.oi, state.step, len(state.pile), code)
    kept = getattr(agent, "_round", None)
    if kept is None or kept[0] is not state or kept[1] != mark:
        kept = (state, mark, fast.round_prepare(state, [code] * state.players))
        agent._round = kept  # type: ignore[attr-defined]
    return fast.search_round(kept[2], state, [a.index for a in actions], rng, agent.rng)


class RandomFinish(RandomAgent, Playout):
    """``random`` for Kingdomino: the core ``RandomAgent``'s uniform choice, draw for draw (so every game it
    plays is the same), and as a search's playout policy (``mc:policy=random``) it finishes a playout in the
    kernel (policy 0, the same uniform choice), each seat drawing from its own stream seeded by this agent's
    generator; without numba the same playout runs through the reference engine (the same choices); in a
    Dynasty the search steps through ``act``."""

    name = "random"

    def finish(self, game: Kingdomino, state: KingdominoState) -> Result | None:  # type: ignore[override]
        return _finish(game, state, 0, self.rng)

    def finish_after(self, game: Kingdomino, state: KingdominoState, action: Action) -> Result | None:  # type: ignore[override]
        return _finish_after(self, state, action, 0)

    def finish_round(self, game: Kingdomino, state: KingdominoState, seat: int, rng: Rng,  # type: ignore[override]
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        return _finish_round(self, state, rng, actions, 0)


class FullGreedyPlayout(CompiledPlayout):
    name = "rollout"


class GreedyPlayout(CompiledPlayout):
    name = "greedy-playout"
    bot = GreedyAgent
    code = 2


_KERNEL_BOTS.update({0: RandomAgent, 1: FullGreedyAgent, 2: GreedyAgent})
AGENTS["random"] = RandomFinish
AGENTS["rollout"] = FullGreedyPlayout
AGENTS["greedy-playout"] = GreedyPlayout
