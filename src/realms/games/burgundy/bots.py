"""Castles of Burgundy bots: ``greedy``, ``random`` (the game-agnostic one, with a compiled finish for search
playouts), and the playout policies of the search agents: ``rollout`` and ``random-playout`` (compiled,
``playout.py``) and ``light-rollout`` (plain Python).

``greedy`` looks ahead over its own turn: it applies each legal action to a copy of the state and
scores the result with ``evaluate`` -- the seat's VP plus what its resources are worth -- and takes
the best (ties broken by its own seeded RNG). The look-ahead covers:

* **The other die**: while one die is still unused after the action, the action is worth the best
  take/place/sell with that die (so it sees "take this tile, then place it with the other die").
* **Bonus decisions** that an action creates for the same seat (a castle's action, a City Hall, a
  Carpenter's/Church's/Market's pick, a Warehouse, a ship's depot, goods, a discard) are resolved
  greedily inside the look-ahead, up to 3 deep: placing a castle is worth the best castle action.
* **Worker adjustments**: it also tries every value of each unused die reachable with at most two
  workers (each die action at that value, on a copy with the workers paid, compared one step deep with
  the plain actions); when one beats the best plain action by more than ``ADJUST_MARGIN`` VP it pays
  the first worker towards it.

``evaluate`` is the explicit list of priorities (weights in VP, class ``Weights``):

1. VP scored so far, 1 each (regions with their phase bonus, animals, sales, bonus tiles, Watchtowers).
2. Region progress: an unfinished region with k of n spaces filled is worth
   ``0.5 * (k / n) ** 1.5 * (n(n+1)/2 + current phase bonus)``: fill regions, finish them early.
3. Goods in stock ``0.6 * sale VP + 0.3`` each; silverlings 0.9; workers 0.5 each up to 8, 0.25 beyond.
4. Mines: 1.1 per mine per phase end still to come.
5. Storage: each tile at 0.8 of its base value (castle 5, ship 4, knowledge 3-4, animal 1.2 per animal,
   mine 1 + phases left, buildings 2-4 by kind), in full when a matching empty space touches the
   estate, 0.6 when one exists elsewhere, 0 when the estate has no empty space of that colour; a tile
   that would complete a region adds 30% of that region's score.
6. Knowledge tiles placed: ongoing effects 0.6 per phase left; end-game tiles (15-26) what they would
   score now.
7. Turn order: 0.3 per place ahead on the track.

Storage (5) and region progress (2) fade to nothing over the last 3 rounds, when they can no longer
turn into VP. The bot reads only public information (nothing but the future is hidden).
"""

from __future__ import annotations

from typing import Any

from realms.core.agents import Agent, AgentFactory, Playout, RandomAgent
from realms.core.game import Action, Result
from realms.core.rng import Rng
from realms.games.burgundy.data import (
    ANIMAL,
    CASTLE,
    KNOWLEDGE,
    MINE,
    PHASE_BONUS,
    SALE_VP,
    SHIP,
    SIZE_VP,
    T_ANIMALS,
    T_KIND,
    T_TYPE,
)
from realms.games.burgundy.rules import (
    ADJUST,
    DECODE,
    K8,
    K_ADJUST,
    K_BOARD,
    K_BUY,
    K_DISCARD,
    K_END,
    K_GOODS,
    K_HALL,
    K_PICK,
    K_PLACE,
    K_SELL,
    K_SHIP,
    K_SKIP,
    K_START,
    K_TAKE,
    K_WAREHOUSE,
    K_WORKERS,
    Burgundy,
    BurgundyState,
)

ADJUST_MARGIN = 0.6
LOOKAHEAD_DEPTH = 3


class Weights:
    """The evaluation's weights (see the module docstring); a variant bot may override them."""

    worker = 0.5  # each worker up to ``worker_cap``
    worker_extra = 0.25  # each worker beyond
    worker_cap = 8
    silver = 0.9
    goods_sale = 0.6  # x sale VP per goods tile
    goods_flat = 0.3
    mine = 1.1  # per mine per phase end to come
    storage = 0.8
    region = 0.5
    knowledge_ongoing = 0.6  # per phase left
    track = 0.3
    max_adjust = 2  # workers spent on one die in the plan
    die_match = 0.0  # storage tile placeable with an unused die now: extra share of its value
    horizon = 3  # rounds: storage and region progress fade over the last ``horizon`` rounds


W = Weights()
BUILDING_VALUE = (3.5, 4.0, 3.0, 3.0, 3.0, 2.5, 2.0, 3.5)  # warehouse ... city hall
ONGOING_KNOWLEDGE = frozenset(range(1, 15))


def tile_value(s: BurgundyState, p: int, tile: int, w: Weights = W) -> float:
    """What a tile in storage is worth to seat p (see the module docstring, priority 5)."""
    board = s.boards[p]
    assert board is not None
    t = T_TYPE[tile]
    occ = s.occ[p]
    empty = board.type_mask[t] & ~occ
    if not empty:
        return 0.0
    phases_left = 5 - s.phase
    if t == CASTLE:
        base = 5.0
    elif t == SHIP:
        base = 4.0
    elif t == ANIMAL:
        base = 1.2 * T_ANIMALS[tile]
    elif t == MINE:
        base = 1.0 + phases_left
    elif t == KNOWLEDGE:
        base = 3.0 + (1.0 if T_KIND[tile] in ONGOING_KNOWLEDGE and phases_left >= 3 else 0.0)
    else:
        base = BUILDING_VALUE[T_KIND[tile]]
    near = empty & s.adj[p]
    value = base if near else 0.6 * base
    if w.die_match and near and s.to_move == p and s.used != 3:
        for i in (0, 1):
            if not s.used >> i & 1 and near & board.tv_mask[t * 7 + s.dice[p * 2 + i]]:
                value += w.die_match * base
                break
    # completing a region with it
    best = 0
    m = near
    phase_bonus = PHASE_BONUS[min(s.phase, 4)]
    while m:
        low = m & -m
        r = board.region_of[low.bit_length() - 1]
        rm = board.region_mask[r]
        if (occ | low) & rm == rm:
            pts = SIZE_VP[board.region_size[r]] + phase_bonus
            if pts > best:
                best = pts
        m ^= low
    return value + 0.3 * best


def evaluate(game: Burgundy, s: BurgundyState, p: int, w: Weights = W) -> float:
    """Seat p's position in VP-equivalents (priorities 1-7 of the module docstring)."""
    vp = float(s.vp[p])
    if s.to_move is None:
        return vp
    n = s.players
    board = s.boards[p]
    if board is None:
        return vp
    phase = s.phase
    phases_left = 5 - phase
    occ = s.occ[p]
    value = vp
    rounds_left = (4 - phase) * 5 + 5 - s.round
    fade = min(1.0, rounds_left / w.horizon) if w.horizon else 1.0
    # 2. region progress
    bonus = PHASE_BONUS[min(phase, 4)]
    for r, rm in enumerate(board.region_mask):
        k = (occ & rm).bit_count()
        size = board.region_size[r]
        if 0 < k < size:
            value += fade * w.region * (k / size) ** 1.5 * (SIZE_VP[size] + bonus)
    # 3. goods, silverlings, workers
    goods = sum(s.goods[p * 6:p * 6 + 6])
    value += goods * (w.goods_sale * SALE_VP[n] + w.goods_flat)
    value += w.silver * s.silver[p]
    nw = s.workers[p]
    cap = w.worker_cap
    value += w.worker * nw if nw <= cap else w.worker * cap + w.worker_extra * (nw - cap)
    # 4. mines
    value += w.mine * s.mines[p] * phases_left
    # 5. storage
    for tile in s.storage[p]:
        value += fade * w.storage * tile_value(s, p, tile, w)
    # 6. knowledge
    know = s.know[p]
    if know:
        for num in range(1, 27):
            if know >> num & 1:
                if num < 15:
                    value += w.knowledge_ongoing * phases_left
                else:
                    value += game._knowledge_end(s, p, num)[0]
    # 7. turn order
    order = game.track_order(s)
    value += w.track * (n - 1 - order.index(p))
    return value


def best_start(state: BurgundyState, p: int, actions: list[Action], rng: Rng) -> Action:
    """The rule bots' start castle: the castle space with the highest ``Board.start_values``; ties at random."""
    board = state.boards[p]
    assert board is not None
    values = [board.start_values[DECODE[a.index][1]] for a in actions]
    top = max(values)
    best = [a for a, v in zip(actions, values, strict=True) if v == top]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


class GreedyAgent(Agent):
    """One-step look-ahead on ``evaluate``, resolving its own bonus decisions and planning workers."""

    name = "greedy"
    weights = W
    turn_ahead = True

    def act(self, game: Burgundy, state: BurgundyState) -> Action:  # type: ignore[override]
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        p = state.to_move
        assert p is not None
        if DECODE[actions[0].index][0] == K_START:
            return best_start(state, p, actions, self.rng)
        # look ahead on a copy that rolls its own future (seeded from the bot's stream, which this does
        # not advance), never on the real one
        state = game.determinize(state, p, Rng(self.rng.state ^ _LOOKAHEAD_SALT))
        best_value = float("-inf")
        best: list[Action] = []
        for a in actions:
            if DECODE[a.index][0] == K_ADJUST:
                continue
            v = self._value_after(game, state, a, p, LOOKAHEAD_DEPTH, self.turn_ahead)
            if v > best_value + 1e-9:
                best_value, best = v, [a]
            elif v > best_value - 1e-9:
                best.append(a)
        if not state.frames and state.used != 3 and state.workers[p] > 0:
            plain = best_value
            if self.turn_ahead:  # compare like with like: one step, no look-ahead over the other die
                plain = max(self._value_after(game, state, a, p, LOOKAHEAD_DEPTH) for a in actions
                            if DECODE[a.index][0] != K_ADJUST)
            adjust = self._plan_adjust(game, state, p, plain)
            if adjust is not None:
                return adjust
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def _value_after(self, game: Burgundy, state: BurgundyState, a: Action, p: int, depth: int,
                     ahead: bool = False) -> float:
        s = state.clone()
        game.apply(s, a)
        if s.to_move == p:
            if depth > 0 and s.frames:
                best = float("-inf")
                for b in game.legal_actions(s):
                    v = self._value_after(game, s, b, p, depth - 1, ahead)
                    if v > best:
                        best = v
                return best
            if ahead and not s.frames and s.used in (1, 2):
                # the rest of the turn: the best use of the other die (no worker plans, no look-ahead)
                best = evaluate(game, s, p, self.weights)
                for b in game.legal_actions(s):
                    if DECODE[b.index][0] in (K_TAKE, K_PLACE, K_SELL):
                        v = self._value_after(game, s, b, p, 1)
                        if v > best:
                            best = v
                return best
        return evaluate(game, s, p, self.weights)

    def _plan_adjust(self, game: Burgundy, state: BurgundyState, p: int, plain: float) -> Action | None:
        workers = state.workers[p]
        k8 = state.know[p] & K8
        best_value = plain + ADJUST_MARGIN
        best: Action | None = None
        for i in (0, 1):
            if state.used >> i & 1:
                continue
            v = state.dice[p * 2 + i]
            for target in range(1, 7):
                if target == v:
                    continue
                up = (target - v) % 6
                down = (v - target) % 6
                dist = min(up, down)
                cost = (dist + 1) // 2 if k8 else dist
                if cost > min(workers, self.weights.max_adjust):
                    continue
                s2 = state.clone()
                s2.dice[p * 2 + i] = target
                s2.workers[p] -= cost
                s2.cache = None
                for a in game.legal_actions(s2):
                    kind, die = DECODE[a.index][0], DECODE[a.index][1]
                    if die != i or kind not in (K_TAKE, K_PLACE, K_SELL):
                        continue
                    val = self._value_after(game, s2, a, p, LOOKAHEAD_DEPTH)
                    if val > best_value:
                        best_value = val
                        step = (2 if k8 and dist >= 2 else 1) * (1 if up <= down else -1)
                        best = ADJUST[i * 4 + {1: 0, -1: 1, 2: 2, -2: 3}[step]]
        return best


#: mixed into the bot's stream to seed its look-ahead copies
_LOOKAHEAD_SALT = 0x6C6F6F6B61686561

#: the bots this game declares (``Burgundy.agents``)
AGENTS: dict[str, AgentFactory] = {"greedy": GreedyAgent}

__all__ = ["GreedyAgent", "Weights", "best_start", "evaluate", "tile_value"]


# --- a playout policy for search agents ----------------------------------------------------------------
#: the rollout's preference by action kind (higher first): place, sell, take, ship/pick/goods bonuses, ...
_ROLLOUT_RANK = {K_PLACE: 9, K_HALL: 9, K_SELL: 7, K_TAKE: 6, K_PICK: 6, K_SHIP: 6, K_GOODS: 6, K_WAREHOUSE: 6,
                 K_BOARD: 6, K_START: 6, K_BUY: 4, K_WORKERS: 3, K_DISCARD: 2, K_SKIP: 1, K_END: 0, K_ADJUST: -1}


class RolloutAgent(Playout):
    """A cheap player in plain Python (``light-rollout``; the search agents' playout policy before the compiled
    ``rollout``, and its fallback without numba): it prefers, by action kind, placing a tile, then selling
    goods, then taking a tile (or a bonus pick), then buying from the black depot, taking workers,
    discarding, skipping, ending the turn; it never spends workers on dice. Its start castle goes where
    ``greedy``'s does (``best_start``).
    Among actions of the preferred kind it chooses at random, except that a sale sells the largest stack.
    Its ``value`` is ``evaluate`` (the greedy bot's evaluation) for every seat, and a search cuts its
    playouts after ``cutoff`` actions to use it."""

    name = "light-rollout"
    cutoff = 40
    value_scale = 8.0

    def act(self, game: Burgundy, state: BurgundyState) -> Action:  # type: ignore[override]
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        if DECODE[actions[0].index][0] == K_START:
            p = state.to_move
            assert p is not None
            return best_start(state, p, actions, self.rng)
        best: list[Action] = []
        best_rank = -2
        for a in actions:
            r = _ROLLOUT_RANK[DECODE[a.index][0]]
            if r > best_rank:
                best_rank, best = r, [a]
            elif r == best_rank:
                best.append(a)
        if best_rank == 7:  # sell the most goods
            p = state.to_move
            assert p is not None
            goods = state.goods
            return max(best, key=lambda a: goods[p * 6 + DECODE[a.index][2]])
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def value(self, game: Burgundy, state: BurgundyState) -> list[float]:  # type: ignore[override]
        return [evaluate(game, state, p) for p in range(state.players)]


class CompiledPlayout(Playout):
    """``rollout`` (the search agents' default here) and ``random-playout``: playout policies that
    finish a search's playout in one call to the compiled kernel (``playout.py``, the ``fast`` extra) when
    numba is installed, every seat played by the policy: ``informed`` (each legal action scored by a one-step
    estimate of its VP, the best played, scores jittered a little) or ``random`` (uniform, as ``random``).
    Chance in the playout comes from a stream drawn from this agent's generator, never the state's own, and
    each seat draws from its own stream seeded from it too. ``act`` is the same policy, one decision at a time
    (through the kernel); without numba, ``rollout``'s ``act`` is ``light-rollout``'s choice — another policy,
    so a search with it chooses differently there (``path`` says which runs) — and the search steps through it,
    cut after 40 actions and scored by ``evaluate``; ``random-playout`` plays the same playouts through the
    reference engine (the same choices). ``rank`` is the informed policy's estimate of each action: a search
    keeps the best 6 at the root."""

    name = "rollout"
    code = 1  # the kernel's policy code (``playout.INFORMED``)
    value_scale = 8.0
    width = 6

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        from realms.games.burgundy import kernel

        self._compiled = kernel.AVAILABLE
        self.cutoff = 0 if self._compiled else RolloutAgent.cutoff
        self._light = RolloutAgent(rng) if self.code else None
        #: which implementation plays: ``"kernel"``; without numba ``"reference"`` where it makes the same
        #: choices (``random-playout``) and ``"light-rollout"`` where another policy stands in (``rollout``)
        self.path = "kernel" if self._compiled else ("light-rollout" if self.code else "reference")

    def act(self, game: Burgundy, state: BurgundyState) -> Action:  # type: ignore[override]
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        if self._light is None:  # random-playout: as ``random``
            return actions[self.rng.below(len(actions))]
        if not self._compiled:
            return self._light.act(game, state)
        from realms.games.burgundy import playout

        idx, self.rng.state = playout.choose(state, self.rng.state)
        return next(a for a in actions if a.index == idx)

    def finish(self, game: Burgundy, state: BurgundyState) -> Result | None:  # type: ignore[override]
        if self._compiled:
            return _finish(state, self.code, self.rng)
        return _finish_random_reference(game, state, self.rng) if self.code == 0 else None

    def finish_after(self, game: Burgundy, state: BurgundyState, action: Action) -> Result | None:  # type: ignore[override]
        return _finish_after(self, state, action, self.code) if self._compiled else None

    def finish_round(self, game: Burgundy, state: BurgundyState, seat: int, rng: Rng,  # type: ignore[override]
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        return _finish_round(self, state, rng, actions, self.code) if self._compiled else None

    def value(self, game: Burgundy, state: BurgundyState) -> list[float]:  # type: ignore[override]
        return [evaluate(game, state, p) for p in range(state.players)]

    def turn(self, game: Burgundy, state: BurgundyState) -> Any:  # type: ignore[override]
        """The mover and the turns it has finished: a turn ends with both dice (and what follows) used."""
        p = state.to_move
        return None if p is None else (p, state.turns[p])

    def rank(self, game: Burgundy, state: BurgundyState, actions: list[Action]) -> list[float] | None:  # type: ignore[override]
        """The informed policy's estimate of each action (in VP), for a search's root ``width``."""
        if not self._compiled or state.to_move is None:
            return None
        from realms.games.burgundy import playout

        vals = playout.values(state)
        return [vals.get(a.index, -1e9) for a in actions]


def _finish(state: BurgundyState, code: int, rng: Rng) -> Result | None:
    """``state`` played to the end in the compiled playout kernel, every seat by policy ``code``; chance from
    ``rng``'s next draw, seat i's choices from a stream seeded by the draw after that (i-th)."""
    if state.to_move is None:
        return None
    from realms.games.burgundy import kernel, playout

    p = state.players
    chance = rng.next64()
    rows = playout.scores(state, [code] * p, chance, [rng.next64() for _ in range(p)])
    return kernel.result_of(rows, p, state.opts["tiebreak"])


def _finish_random_reference(game: Burgundy, state: BurgundyState, rng: Rng) -> Result | None:
    """``_finish`` of the uniform policy (code 0) through the reference engine, for where the kernel is missing: the
    same draws of ``rng`` (the chance stream, then one per seat) and the same game, seat i played by ``random``
    drawing from its stream (``tests/games/burgundy/test_playout.py`` checks that the kernel plays this game)."""
    if state.to_move is None:
        return None
    chance = rng.next64()
    seats = [RandomAgent(Rng.from_state(rng.next64())) for _ in range(state.players)]
    s = game.clone(state)
    s.rng = chance
    while s.to_move is not None:
        game.apply(s, seats[s.to_move].act(game, s))
    return game.result(s)


def _kept_encoding(agent: Playout, state: BurgundyState, slot: str) -> tuple[Any, ...]:
    """(state, mark, the state encoded for the kernel), kept on ``agent`` under ``slot`` while the same object
    comes back unchanged (a few of its fields compared), so that a flat search encodes a round's state once."""
    from realms.games.burgundy import kernel

    frames = state.frames
    mark = (state.round, state.phase, state.oi, state.to_move, state.used, len(frames),
            frames[-1] if frames else None, state.rng, state.stamp, sum(state.silver), sum(state.workers),
            sum(state.vp), sum(state.turns), sum(map(len, state.storage)))
    kept = getattr(agent, slot, None)
    if kept is None or kept[0] is not state or kept[1] != mark:
        kept = (state, mark, kernel.encode(state))
        setattr(agent, slot, kept)
    return tuple(kept)


def _finish_after(agent: Playout, state: BurgundyState, action: Action, code: int) -> Result | None:
    """``_finish`` of a copy of ``state`` after ``action``, which the kernel applies with the state's own
    stream as ``Burgundy.apply`` does (the same draws of ``agent``'s generator as ``_finish`` after it). The
    state as encoded for the kernel is kept on ``agent`` while the same object comes back unchanged (a few of
    its fields compared), so a flat search encodes a round's state once."""
    if state.to_move is None:
        return None
    from realms.games.burgundy import kernel, playout

    kept = _kept_encoding(agent, state, "_encoded")
    p = state.players
    chance = agent.rng.next64()
    rows = playout.scores_after(state, action.index, [code] * p, chance, [agent.rng.next64() for _ in range(p)],
                                kept[2])
    return kernel.result_of(rows, p, state.opts["tiebreak"])


def _finish_round(agent: Playout, state: BurgundyState, rng: Rng, actions: list[Action],
                  code: int) -> list[tuple[list[int], list[int]]] | None:
    """A flat search's round in one kernel call (``playout.search_round``): the determinization (a fresh stream
    for the copy) and every root action's playout from the round's seed, exactly the draws of ``determinize`` and
    ``_finish_after`` action by action; the state encoded once while the same object comes back unchanged."""
    if state.to_move is None:
        return None
    from realms.games.burgundy import kernel, playout

    kept = _kept_encoding(agent, state, "_round")
    p = state.players
    tiebreak = state.opts["tiebreak"]
    out = []
    for rows in playout.search_round(kept[2], state, [a.index for a in actions], [code] * p, rng, agent.rng):
        res = kernel.result_of(rows, p, tiebreak)
        out.append((res.scores, res.winners))
    return out


class RandomPlayout(CompiledPlayout):
    name = "random-playout"
    code = 0


class RandomFinish(RandomAgent, Playout):
    """``random`` for Burgundy: the core ``RandomAgent``'s uniform choice, draw for draw (so every game it
    plays is the same), and as a search's playout policy (``mc:policy=random``) it finishes a playout in the
    compiled kernel as ``random-playout`` does (uniform seats, chance and each seat's stream drawn from this
    agent's generator); without numba the same playout runs through the reference engine (the same choices)."""

    name = "random"

    def finish(self, game: Burgundy, state: BurgundyState) -> Result | None:  # type: ignore[override]
        from realms.games.burgundy import kernel

        return _finish(state, 0, self.rng) if kernel.AVAILABLE else _finish_random_reference(game, state, self.rng)

    def finish_after(self, game: Burgundy, state: BurgundyState, action: Action) -> Result | None:  # type: ignore[override]
        from realms.games.burgundy import kernel

        return _finish_after(self, state, action, 0) if kernel.AVAILABLE else None

    def finish_round(self, game: Burgundy, state: BurgundyState, seat: int, rng: Rng,  # type: ignore[override]
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        from realms.games.burgundy import kernel

        return _finish_round(self, state, rng, actions, 0) if kernel.AVAILABLE else None


AGENTS["light-rollout"] = RolloutAgent
AGENTS["rollout"] = CompiledPlayout
AGENTS["random-playout"] = RandomPlayout
AGENTS["random"] = RandomFinish
