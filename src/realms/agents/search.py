"""Search agents for every game, through the protocol alone: ``mc``, ``uct`` and ``ismcts``.

- ``mc``: flat Monte Carlo. Every legal action at the root gets the same number of playouts, in rounds of
  one playout per action; a round samples one determinization and one state of the playout policy's
  generator and plays every action from them (common random numbers: the actions meet the same luck, which
  cuts the noise of their comparison). The best mean reward wins.
- ``uct``: Monte Carlo tree search with UCB1 over *one* determinization of the position, sampled once per
  move (hidden information fixed as one guess, as in perfect-information UCT); the most visited action wins.
- ``ismcts``: single-observer information-set MCTS: one tree for the searching seat, a fresh determinization
  each iteration, descended through the actions legal in that sample, with UCB1 over how often each child
  was available. The most visited action wins.

Each agent takes its options in its name, ``ismcts:seconds=2,policy=greedy`` (see ``OPTIONS``): a budget in
iterations per move (``iterations``, deterministic) or seconds (``seconds``), the playout policy (any agent of
the game that takes no options; by default the game's ``rollout`` agent, else ``random``), the leaf
evaluation (``eval``: ``win`` -- 1 for a win, shared wins split, 0 otherwise -- or ``margin``, the seat's
score minus the best other seat's), the exploration constant ``c`` (on rewards rescaled to 0..1 by the
range seen so far in the search), a playout cut-off ``depth`` (after that many actions a playout stops and
the policy's ``value`` estimate scores it, when it has one; 0: play to the end), a root ``width`` (only the
best few actions by the game's rollout ``rank``; a rollout with ``narrow_all`` narrows every tree node so),
``confidence`` (the playout policy's own choice is played unless the search's choice beats it by that many
standard errors: of their paired difference in ``mc``, of the difference of the two means in the trees),
root parallelism over ``workers`` processes, and a ``seed``. A policy's ``finish`` (a compiled kernel) plays
a whole playout at once when it offers one, and ``mc`` asks its ``finish_after`` for the root action and the
playout together (no copy of the round's state).

The search asks ``game.determinize(state, seat, rng)`` for its own seat only and otherwise uses only
``legal_actions``, ``apply``, ``clone``, ``result`` and ``to_move``; playouts run on copies. The agent's own
RNG drives everything: with an iteration budget the same seed gives the same move. With ``workers > 1``
each worker searches from ``derive_seed(move seed, worker)`` and the root statistics are summed in worker
order (so an iteration budget stays deterministic; ``iterations`` is then per worker).
"""

from __future__ import annotations

import atexit
import collections
import math
import multiprocessing as mp
import statistics
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from realms.core.agents import Agent, AgentOption, AgentSpec, Playout, agent_input, agent_names, make_agent, register
from realms.core.game import Action, Game
from realms.core.rng import Rng, derive_seed

__all__ = ["OPTIONS", "SearchAgent", "SearchConfig", "search_root"]

OPTIONS: tuple[AgentOption, ...] = (
    AgentOption("seconds", "float", 1.0, "time budget per move (used when iterations is 0)",
                minimum=0.001, maximum=3600.0),
    AgentOption("iterations", "int", 0, "playouts per move (per worker); 0: use seconds", minimum=0,
                maximum=10_000_000),
    AgentOption("policy", "agent", None, "playout policy: an agent of the game without options "
                "or a strategy file (.toml) (default: the game's rollout agent, else random)"),
    AgentOption("eval", "choice", "margin", "leaf evaluation: win (win 1, shared win split, else 0), margin "
                "(score minus the best other score) or mixed (the margin plus the policy's value scale for a win, "
                "split on a shared one) or score (the seat's own score, whatever the others score)",
                choices=("win", "margin", "mixed", "score")),
    AgentOption("c", "float", 0.7, "UCB1 exploration constant, on rewards rescaled to 0..1", minimum=0.0,
                maximum=100.0),
    AgentOption("depth", "int", None, "playout cut-off in actions, then the policy's estimate "
                "(default: the policy's own; 0: play to the end)", minimum=0, maximum=1_000_000),
    AgentOption("width", "int", None, "search only this many root actions, the best by the game's rollout "
                "ranking when it has one (default: the rollout's own; 0: all)", minimum=0, maximum=100_000),
    AgentOption("confidence", "float", 1.0, "play the policy's own choice unless the search's choice beats it by "
                "this many standard errors (mc: of their paired difference; trees: of the difference of their "
                "means); 0: the search's choice", minimum=0.0, maximum=10.0),
    AgentOption("family", "bool", True, "mc: the confidence is for all the alternatives together (Sidak: the "
                "chance that one as good as the policy's choice passes is that of a single test at confidence, "
                "so the bar rises with their number); false: each alternative alone"),
    AgentOption("focus", "bool", True, "spend the budget where the game's playout policy says decisions matter "
                "(its effort per decision: a share of the iterations or seconds); false: every decision alike"),
    AgentOption("plan", "int", 0, "mc: beside each root action (the playout policy playing on), up to this many "
                "whole turns of the mover, found by a beam over the rollout's ranking; each root action scores as "
                "its best candidate (0: the root's actions alone)", minimum=0, maximum=1000),
    AgentOption("model", "bool", False, "an opponent model from observed play: where the playout policy offers "
                "one (Dominion's rollout), each other seat's playouts buy by the strategy that best explains the "
                "buys it has made (only what every seat sees)"),
    AgentOption("extend", "int", 0, "mc: a close call (the best alternative within one standard error of the "
                "baseline rule's bar) is searched again with fresh seeds, up to this many times, the statistics "
                "summed (0: never)", minimum=0, maximum=100),
    AgentOption("cap", "float", 0.0, "with iterations: the most seconds a move may take, its playouts run or not "
                "(a busy machine plays fewer; 0: no cap)", minimum=0.0),
    AgentOption("portfolio", "bool", False, "mc: where the playout policy offers a portfolio (Dominion's rollout: "
                "the strategies of its opponent models that the kingdom allows, a Gardens rush among them), search "
                "once per strategy the seat itself may follow from here, the budget shared, and play the choice of "
                "the one that scores best"),
    AgentOption("workers", "int", 1, "root parallelism: processes searching independently, statistics summed",
                minimum=1, maximum=64),
    AgentOption("seed", "int", None, "seed of the agent's own generator (default: the seat's seed)", minimum=0,
                maximum=(1 << 64) - 1),
)

KINDS = {
    "mc": "flat Monte Carlo: equal playouts per root action, compared on the same determinizations and luck",
    "uct": "MCTS with UCB1 on one determinization of the position per move",
    "ismcts": "information-set MCTS (single observer): a fresh determinization every iteration",
}


@dataclass(frozen=True, slots=True)
class SearchConfig:
    kind: str
    seconds: float
    iterations: int
    policy: str | None
    eval: str
    c: float
    depth: int | None
    workers: int
    width: int | None = None
    confidence: float = 0.0
    focus: bool = False
    #: mc: whole-turn candidates beyond each root action's own (0: no turn planning)
    plan: int = 0
    #: the playout policy's own choice at the root (set per move by the agent; mc compares against it)
    baseline: int | None = None
    #: mc: ``confidence`` holds for the alternatives together (the bar rises with their number)
    family: bool = False
    #: keep an opponent model from observed play (the policy's ``opponent_model``), its reading in ``reading``
    model: bool = False
    #: the model's reading this move (set per move by the agent), handed to the policy's ``use_model``
    reading: tuple[Any, ...] | None = None
    #: mc: searches again a close call up to this many times (0: never)
    extend: int = 0
    #: with ``iterations``: the most seconds a search may take before all its playouts are run (0: no cap)
    cap: float = 0.0
    #: mc: search once per strategy the seat may follow (the policy's ``portfolio``), the budget shared
    portfolio: bool = False


#: ``eval=margin``: what a tie for the best score is worth, times (the seat's share of the win - 1/2): won on the
#: game's tie-break +0.25, shared 0, lost on it -0.25 in two players (less than the point that any other margin
#: differs by)
TIE_BREAK = 0.5


class _Node:
    """An edge of the tree and the node below it: ``w`` sums the rewards of the seat that chose it."""

    __slots__ = ("children", "n", "w", "w2", "avail", "allowed")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0
        self.avail = 0
        #: the actions this node searches when the tree is narrowed everywhere (set on its first visit)
        self.allowed: set[int] | None = None


class _Search:
    """One search from one seat's position: everything driven by ``rng``."""

    def __init__(self, game: Game, state: Any, seat: int, rng: Rng, cfg: SearchConfig) -> None:
        self.game, self.state, self.seat, self.rng, self.cfg = game, state, seat, rng, cfg
        names = agent_names(game)
        policy_name = _policy_name(game, cfg)
        self.policy = make_agent(policy_name, game, rng.next64())
        policy = self.policy
        if cfg.reading is not None and hasattr(policy, "use_model"):
            policy.use_model(cfg.reading)
        self.estimates = isinstance(policy, Playout)
        self.scale = policy.value_scale if isinstance(policy, Playout) else 10.0
        cutoff = policy.cutoff if isinstance(policy, Playout) else 0
        self.depth = cutoff if cfg.depth is None else cfg.depth
        ranker = policy if policy_name == "rollout" else (make_agent("rollout", game, 0) if "rollout" in names
                                                          else None)
        self.ranker = ranker if isinstance(ranker, Playout) else None
        self.width = (self.ranker.width if self.ranker is not None else 0) if cfg.width is None else cfg.width
        #: trees narrowed at every node, not only the root (when the game's rollout asks for it)
        self.narrow_all = bool(self.width) and self.ranker is not None and self.ranker.narrow_all
        self.lo = math.inf
        self.hi = -math.inf
        self.playouts = 0

    # --- budget -----------------------------------------------------------------------------------
    def run(self) -> dict[int, tuple[int, float]]:
        cfg = self.cfg
        step = {"mc": self._mc_iteration, "uct": self._uct_iteration, "ismcts": self._ismcts_iteration}[cfg.kind]
        self.root_actions = self._root_actions()
        base = cfg.baseline
        if base is not None:
            first = [a for a in self.game.legal_actions(self.state) if a.index == base]
            self.root_actions = first + [a for a in self.root_actions if a.index != base]
        self.root_allowed = {a.index for a in self.root_actions}
        self.paired: dict[int, list[float]] = {a.index: [0, 0.0, 0.0] for a in self.root_actions}
        if cfg.kind == "mc":
            self.stats = {a.index: [0, 0.0] for a in self.root_actions}
            self.mc_i = 0
            #: whether to ask the policy for whole rounds (``Playout.finish_round``) until it declines one
            self.rounds = True
            if cfg.plan:
                return self._run_plans()
        else:
            self.root = _Node()
            if cfg.kind == "uct":
                self.det = self.game.determinize(self.state, self.seat, self.rng)
        if cfg.iterations and cfg.cap:  # a playout budget with a time cap (at least one step)
            deadline = time.perf_counter() + cfg.cap
            n = 0
            while True:
                step()
                n += 1
                if (self.mc_i if cfg.kind == "mc" else n) >= cfg.iterations or time.perf_counter() >= deadline:
                    break
        elif cfg.iterations and cfg.kind == "mc":
            while self.mc_i < cfg.iterations:  # (a step plays one root action, or a whole round at once)
                step()
        elif cfg.iterations:
            for _ in range(cfg.iterations):
                step()
        else:  # the budget holds from the first step: one-time loading belongs before it (``SearchAgent.prepare``)
            deadline = time.perf_counter() + cfg.seconds
            step()
            while time.perf_counter() < deadline:
                step()
        if cfg.kind == "mc":
            return {i: (int(n), float(w)) for i, (n, w) in self.stats.items()}
        if cfg.baseline is not None:  # the spread of each root child's rewards, for the baseline rule
            self.paired = {i: [ch.n, ch.w, ch.w2] for i, ch in self.root.children.items()}
        return {i: (ch.n, ch.w) for i, ch in self.root.children.items()}

    def _narrow(self, node: _Node, s: Any, legal: list[Action]) -> list[Action]:
        """``legal`` narrowed to the node's ``width`` best by the ranking of its first visit (actions first
        seen in later determinizations are searched too)."""
        if node.allowed is None:
            assert self.ranker is not None
            scores = self.ranker.rank(self.game, s, legal)
            if scores is None:
                node.allowed = {a.index for a in legal}
            else:
                order = sorted(range(len(legal)), key=lambda i: -scores[i])[:self.width]
                node.allowed = {legal[i].index for i in order}
                node.allowed.update(-1 - a.index for a in legal)  # seen (negative): not new
        allowed = node.allowed
        kept = [a for a in legal if a.index in allowed or -1 - a.index not in allowed]
        return kept or legal

    def _root_actions(self) -> list[Action]:
        """The root's legal actions, narrowed to the ``width`` best by the game's rollout ranking (legal
        order among equals) when the game has one and the root is wider."""
        game, state = self.game, self.state
        actions = game.legal_actions(state)
        ranker = self.ranker
        width = self.width
        if not width or len(actions) <= width or ranker is None:
            return actions
        scores = ranker.rank(game, state, actions)
        if scores is None:
            return actions
        order = sorted(range(len(actions)), key=lambda i: -scores[i])[:width]
        return [actions[i] for i in sorted(order)]

    # --- rewards ----------------------------------------------------------------------------------
    def _reward(self, scores: Sequence[float], winners: list[int] | None) -> list[float]:
        n = len(scores)
        if self.cfg.eval != "win":
            if n == 1 or self.cfg.eval == "score":
                out = [float(v) for v in scores]
            else:
                # the best other score is the best score, or for a seat holding it the second best (equal when shared)
                first, second = sorted(scores, reverse=True)[:2]
                out = [float(v - (second if v == first else first)) for v in scores]
                if self.cfg.eval == "mixed":  # a win is worth more than its margin: a tie or a narrow loss is not one
                    if winners is None:
                        out = [v + (self.scale if v > 0 else 0.0) for v in out]
                    else:
                        for i in winners:
                            out[i] += self.scale / len(winners)
                elif winners is not None and 0.0 in out:  # tied for the best score: the tie-break tells win from loss
                    for i in range(n):
                        if out[i] == 0:
                            out[i] = TIE_BREAK * ((1 / len(winners) if i in winners else 0.0) - 0.5)
            lo, hi = min(out), max(out)
            if lo < self.lo:
                self.lo = lo
            if hi > self.hi:
                self.hi = hi
            return out
        if winners is None:  # an estimate: the chance of a win from the margin, on the policy's scale
            if n == 1:
                return [1.0]
            out = []
            for i in range(n):
                margin = scores[i] - max(scores[j] for j in range(n) if j != i)
                out.append(1.0 / (1.0 + math.exp(-margin / self.scale)))
            return out
        share = 1.0 / len(winners)
        out = [0.0] * n
        for i in winners:
            out[i] = share
        return out

    def _playout(self, s: Any) -> list[float]:
        game, policy, depth = self.game, self.policy, self.depth
        apply, act = game.apply, policy.act
        steps = 0
        if self.estimates and s.to_move is not None:
            done = policy.finish(game, s)  # type: ignore[attr-defined]
            if done is not None:
                self.playouts += 1
                return self._reward(done.scores, done.winners)
        while s.to_move is not None:
            if depth and steps >= depth and self.estimates:
                value = policy.value(game, s)  # type: ignore[attr-defined]
                if value is not None:
                    self.playouts += 1
                    return self._reward(value, None)
            apply(s, act(game, s))
            steps += 1
        self.playouts += 1
        result = game.result(s)
        assert result is not None
        return self._reward(result.scores, result.winners)

    def _norm(self, q: float) -> float:
        if self.cfg.eval == "win":
            return q
        span = self.hi - self.lo
        return (q - self.lo) / span if span > 0 else 0.5

    # --- flat Monte Carlo --------------------------------------------------------------------------
    def _mc_iteration(self) -> None:
        # rounds of one playout per root action, all from the same determinization with the policy's
        # generator in the same state (common random numbers: the actions are compared on the same luck)
        k = self.mc_i % len(self.root_actions)
        if k == 0 and self.estimates and self.rounds:
            # the policy plays the whole round (its determinization too) in one call when it can: the same draws
            left = self.cfg.iterations - self.mc_i if self.cfg.iterations else len(self.root_actions)
            actions = self.root_actions[:left]
            done_all = self.policy.finish_round(self.game, self.state, self.seat, self.rng, actions)  # type: ignore[attr-defined]
            if done_all is not None:
                self.mc_i += len(actions)
                self.playouts += len(actions)
                for j, (a, (scores, winners)) in enumerate(zip(actions, done_all, strict=True)):
                    self._record(j, a, self._reward(scores, winners))
                return
            self.rounds = False
        self.mc_i += 1
        if k == 0:
            self.round_state = self.game.determinize(self.state, self.seat, self.rng)
            self.round_seed = self.rng.next64()
        a = self.root_actions[k]
        self.policy.rng.state = self.round_seed
        done = self.policy.finish_after(self.game, self.round_state, a) if self.estimates else None  # type: ignore[attr-defined]
        if done is not None:
            self.playouts += 1
            r = self._reward(done.scores, done.winners)
        else:
            s = self.game.clone(self.round_state)
            self.game.apply(s, a)
            r = self._playout(s)
        self._record(k, a, r)

    def _record(self, k: int, a: Action, r: list[float]) -> None:
        """The statistics of root action ``a``'s playout, the ``k``-th of its round, with rewards ``r``."""
        if self.cfg.baseline is not None:  # the baseline is first in every round: pair the others with it
            mine = r[self.seat]
            if k == 0:
                self.round_base = mine
            else:
                d = mine - self.round_base
                pd = self.paired[a.index]
                pd[0] += 1
                pd[1] += d
                pd[2] += d * d
        st = self.stats[a.index]
        st[0] += 1
        st[1] += r[self.seat]

    # --- whole turns (mc:plan=N) ----------------------------------------------------------------------
    _PLAN_STEPS = 12  # at most this many decisions in one planned turn
    _PLAN_BRANCH = 3  # actions a beam node expands, the best by the ranking

    def _turn_key(self, s: Any) -> Any:
        policy = self.ranker if self.ranker is not None else self.policy
        key = policy.turn(self.game, s) if isinstance(policy, Playout) else None
        return (s.to_move, key)

    def _ranked(self, s: Any, legal: list[Action]) -> list[tuple[float, Action]]:
        """``legal`` with the ranking's score each, best first (legal order among equals; 0 without one)."""
        scores = self.ranker.rank(self.game, s, legal) if self.ranker is not None else None
        if scores is None:
            return [(0.0, a) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [(float(scores[i]), legal[i]) for i in order]

    def _plans(self) -> list[tuple[Action, ...]]:
        """The candidates: each root action alone (the playout policy plays the rest of the turn, as in plain mc;
        the root's order), then up to ``plan`` whole turns from a beam of that width over the ranking's summed
        scores (each node expanding its ``_PLAN_BRANCH`` best), without repeats, at most two alike in their
        first two decisions. (Each root action with the rest of its turn as the ranking's best actions, 14ea6b4,
        lost 11.9 +- 7.1 VP a game against mc in 9 paired games at 1,000 playouts a move.)"""
        game, state = self.game, self.state
        key = self._turn_key(state)
        ranks = dict((a.index, v) for v, a in self._ranked(state, game.legal_actions(state)))
        plans: list[tuple[Action, ...]] = []
        seen: set[tuple[int, ...]] = set()
        for a in self.root_actions:
            plans.append((a,))
            seen.add((a.index,))
        beam: list[tuple[float, list[Action], Any]] = [(ranks.get(a.index, 0.0), [a], None) for a in self.root_actions]
        finished: list[tuple[float, list[Action]]] = []
        for _ in range(self._PLAN_STEPS):
            grown: list[tuple[float, list[Action], Any]] = []
            for value, seq, s in beam:
                if s is None:
                    s = game.clone(state)
                    for a in seq:
                        game.apply(s, a)
                if s.to_move is None or len(seq) >= self._PLAN_STEPS or self._turn_key(s) != key:
                    finished.append((value, seq))
                    continue
                legal = game.legal_actions(s)
                ranked = self._ranked(s, legal)[:self._PLAN_BRANCH] if len(legal) > 1 else [(0.0, legal[0])]
                for j, (v, a) in enumerate(ranked):
                    t = s if j == len(ranked) - 1 else game.clone(s)
                    game.apply(t, a)
                    grown.append((value + v, seq + [a], t))
            if not grown:
                break
            grown.sort(key=lambda x: -x[0])  # stable: earlier (better ranked) first among equals
            beam = grown[:max(self.cfg.plan, len(self.root_actions))]
        finished.sort(key=lambda x: -x[0])
        heads = collections.Counter(ids[:2] for ids in seen)
        extra = 0
        for _, seq in finished:
            if extra >= self.cfg.plan:
                break
            ids = tuple(x.index for x in seq)
            # new, from a searched root action, and at most two turns that start alike (two decisions): the beam's
            # best differ mostly in their last, small decisions
            if ids not in seen and seq[0].index in self.root_allowed and heads[ids[:2]] < 2:
                seen.add(ids)
                heads[ids[:2]] += 1
                plans.append(tuple(seq))
                extra += 1
        return plans

    def _run_plans(self) -> dict[int, tuple[int, float]]:
        """mc over whole turns: rounds of one playout per candidate turn from one determinization and one
        state of the policy's generator; each root action reports its best candidate's statistics (and, against
        a baseline, that candidate's paired differences with the baseline's own turn, the first candidate)."""
        cfg, game = self.cfg, self.game
        plans = self._plans()
        stats = [[0, 0.0] for _ in plans]
        paired = [[0, 0.0, 0.0] for _ in plans]

        def iteration(k: int) -> None:
            if k == 0:
                self.round_state = game.determinize(self.state, self.seat, self.rng)
                self.round_seed = self.rng.next64()
            seq = plans[k]
            self.policy.rng.state = self.round_seed
            done = None
            if len(seq) == 1 and self.estimates:
                done = self.policy.finish_after(game, self.round_state, seq[0])  # type: ignore[attr-defined]
            if done is not None:
                self.playouts += 1
                r = self._reward(done.scores, done.winners)
            else:
                s = game.clone(self.round_state)
                for a in seq:
                    if s.to_move is None or a not in game.legal_actions(s):
                        break  # (a sample where the turn goes otherwise: the policy plays on)
                    game.apply(s, a)
                r = self._playout(s) if s.to_move is not None else self._terminal(s)
            mine = r[self.seat]
            if k == 0:
                self.round_base = mine
            else:
                d = mine - self.round_base
                pd = paired[k]
                pd[0] += 1
                pd[1] += d
                pd[2] += d * d
            st = stats[k]
            st[0] += 1
            st[1] += mine

        count = 0
        if cfg.iterations:
            cap = time.perf_counter() + cfg.cap if cfg.cap else math.inf
            for _ in range(cfg.iterations):
                iteration(count % len(plans))
                count += 1
                if count % len(plans) == 0 and time.perf_counter() >= cap:  # whole rounds, within the cap
                    break
        else:
            deadline = time.perf_counter() + cfg.seconds
            while count % len(plans) or time.perf_counter() < deadline:
                iteration(count % len(plans))
                count += 1
        best: dict[int, int] = {}
        for k, seq in enumerate(plans):
            i = seq[0].index
            n, w = stats[k]
            if n and (i not in best or w / n > stats[best[i]][1] / stats[best[i]][0]):
                best[i] = k
        self.paired = {}
        out: dict[int, tuple[int, float]] = {}
        for i, k in best.items():
            out[i] = (int(stats[k][0]), float(stats[k][1]))
            if k:
                self.paired[i] = paired[k]
        self.plans, self.plan_stats = plans, stats
        return out

    # --- trees -------------------------------------------------------------------------------------
    def _uct_iteration(self) -> None:
        self._descend(self.game.clone(self.det), availability=False)

    def _ismcts_iteration(self) -> None:
        self._descend(self.game.determinize(self.state, self.seat, self.rng), availability=True)

    def _descend(self, s: Any, availability: bool) -> None:
        game, rng, c = self.game, self.rng, self.cfg.c
        node = self.root
        path: list[tuple[_Node, int]] = []  # (child, the seat that chose it)
        while s.to_move is not None:
            mover = s.to_move
            legal = game.legal_actions(s)
            if node is self.root:
                if len(legal) > len(self.root_allowed):
                    legal = [a for a in legal if a.index in self.root_allowed]
            elif self.narrow_all and len(legal) > self.width:
                legal = self._narrow(node, s, legal)
            children = node.children
            untried = [a for a in legal if a.index not in children]
            if availability:
                for a in legal:
                    ch = children.get(a.index)
                    if ch is not None:
                        ch.avail += 1
            if untried:
                a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node()
                if availability:
                    child.avail = 1
                children[a.index] = child
                game.apply(s, a)
                path.append((child, mover))
                break
            best_a: Action = legal[0]
            best_child: _Node | None = None
            best_u = -math.inf
            parent_n = node.n
            for a in legal:
                ch = children[a.index]
                log_n = math.log(ch.avail if availability else max(parent_n, 1))
                u = self._norm(ch.w / ch.n) + c * math.sqrt(log_n / ch.n)
                if u > best_u:
                    best_u, best_a, best_child = u, a, ch
            assert best_child is not None
            game.apply(s, best_a)
            path.append((best_child, mover))
            node = best_child
        reward = self._playout(s) if s.to_move is not None else self._terminal(s)
        self.root.n += 1
        for child, mover in path:
            child.n += 1
            r = reward[mover]
            child.w += r
            child.w2 += r * r

    def _terminal(self, s: Any) -> list[float]:
        result = self.game.result(s)
        assert result is not None
        self.playouts += 1
        return self._reward(result.scores, result.winners)


def _policy_name(game: Game, cfg: SearchConfig) -> str:
    return cfg.policy or ("rollout" if "rollout" in agent_names(game) else "random")


def search_root(game: Game, state: Any, seat: int, seed: int, cfg: SearchConfig) -> dict[int, tuple[int, float]]:
    """One search's root statistics: action index -> (visits, summed reward of ``seat``)."""
    return _run(game, state, seat, seed, cfg)[0]


_Part = tuple[dict[int, tuple[int, float]], int, dict[int, list[float]]]


def _run(game: Game, state: Any, seat: int, seed: int, cfg: SearchConfig) -> _Part:
    """A search's root statistics, its playouts and (mc against a baseline) the paired differences:
    action index -> [pairs, summed difference, summed squared difference]."""
    search = _Search(game, state, seat, Rng(seed), cfg)
    stats = search.run()
    return stats, search.playouts, search.paired


def _worker(args: tuple[str, Any, int, int, SearchConfig]) -> _Part:
    import realms.games

    game_id, state, seat, seed, cfg = args
    return _run(realms.games.get(game_id), state, seat, seed, cfg)


_POOLS: dict[int, Executor] = {}


def _pool(workers: int) -> Executor | None:
    """A process pool of ``workers`` kept for the agent's later moves; None inside a daemonic process (a
    simulator's worker), where the workers' searches run one after another instead (same statistics)."""
    if mp.current_process().daemon:
        return None
    pool = _POOLS.get(workers)
    if pool is None:
        methods = mp.get_all_start_methods()
        ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
        _POOLS[workers] = pool
    return pool


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


#: what ``SearchAgent.prepare`` has loaded in this process: (game id, kind, playout policy, opponent model)
_PREPARED: set[tuple[str, str, str, bool]] = set()


class SearchAgent(Agent):
    """``mc``, ``uct`` or ``ismcts`` (``kind``) with its options (module docstring).

    ``moves``, ``seconds`` and ``playouts`` add up, over every search agent in this process, the decisions
    searched (forced moves aside), the time they took and the playouts run (benchmarks read them)."""

    moves = 0
    seconds = 0.0
    playouts = 0

    def __init__(self, rng: Rng, cfg: SearchConfig) -> None:
        super().__init__(rng)
        self.cfg = cfg
        self.name = cfg.kind
        #: root statistics of the last move: action index -> (visits, summed reward), and playouts run
        self.last_stats: dict[int, tuple[int, float]] = {}
        self.last_baseline: int | None = None
        self.last_paired: dict[int, list[float]] = {}
        #: the opponent model kept for ``model`` (False: the policy offers none)
        self._observer: Any = None
        #: with ``portfolio``: the strategy whose search chose the last move (None: the policy's own reading)
        self.last_strategy: Any = None

    def prepare(self, game: Game) -> None:
        """Load what this search runs in ``game`` (its playout policy's compiled kernels, its caches) by searching
        a fresh position for one step, once per process and (game, kind, policy, model): a host calls it before
        any clock starts (the server's bot workers, ``realms play``, a tournament's workers), so that a time budget
        holds from the first move."""
        import realms.games

        cfg = self.cfg
        key = (game.id, cfg.kind, _policy_name(game, cfg), cfg.model)
        if key in _PREPARED:
            return
        if game.id in realms.games.ids():  # the registered game: what it loads is the game's, whatever wraps it
            game = realms.games.get(game.id)
        state = game.new(game.validate_options({}), 1)
        seat = state.to_move
        if seat is not None:
            if cfg.model:
                maker = getattr(make_agent(_policy_name(game, cfg), game, 0), "opponent_model", None)
                if maker is not None:
                    maker().observe(state, seat)
            one = replace(cfg, seconds=0.0, iterations=1, workers=1, extend=0, baseline=None, reading=None,
                          plan=0)
            _run(game, agent_input(game, state, seat, Rng(1)), seat, 1, one)
        _PREPARED.add(key)

    def act(self, game: Game, state: Any) -> Action:
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        move_seed = self.rng.next64()
        cfg = self.cfg
        if cfg.model:
            if self._observer is None:
                maker = getattr(make_agent(_policy_name(game, cfg), game, 0), "opponent_model", None)
                self._observer = maker() if maker is not None else False
            if self._observer:
                cfg = replace(cfg, reading=self._observer.observe(state, seat))
        own: list[Any] = [None]
        if cfg.portfolio and cfg.kind == "mc":
            offer = getattr(make_agent(_policy_name(game, cfg), game, 0), "portfolio", None)
            own += list(offer(state, seat)) if offer is not None else []
        if len(own) == 1:
            self.last_strategy = None
            choice, _ = self._search(game, state, seat, actions, cfg, move_seed, start)
            SearchAgent.moves += 1
            SearchAgent.seconds += time.perf_counter() - start
            return choice
        # a portfolio: the same search once per strategy the seat itself may follow from here (its playouts play it
        # by that strategy's buys), each with its share of the budget; the move is the choice of the strategy whose
        # choice scores best, so a rush or an engine the policy's own reading never plays exists in the search
        k = len(own)
        players = game.players(state)
        base = cfg.reading or (None,) * players
        spent = time.perf_counter() - start  # (finding the portfolio: the simulator's check, once per kingdom)
        seconds = max(0.001, cfg.seconds - spent) if cfg.seconds else 0.0
        cap = max(1e-9, cfg.cap - spent) if cfg.cap else 0.0
        best: tuple[float, Action, Any] | None = None
        for n, m in enumerate(own):
            reading = tuple(m if i == seat else (base[i] if i < len(base) else None) for i in range(players))
            sub = replace(cfg, reading=reading if any(r is not None for r in reading) else None,
                          iterations=max(len(actions), cfg.iterations // k) if cfg.iterations else 0,
                          seconds=seconds / k, cap=cap / k)
            choice, total = self._search(game, state, seat, actions, sub, derive_seed(move_seed, n),
                                         time.perf_counter())
            visits, won = total.get(choice.index, (0, 0.0))
            value = won / visits if visits else -math.inf
            if best is None or value > best[0]:
                best = (value, choice, m)
        assert best is not None
        self.last_strategy = best[2]
        SearchAgent.moves += 1
        SearchAgent.seconds += time.perf_counter() - start
        return best[1]

    def _search(self, game: Game, state: Any, seat: int, actions: list[Action], cfg: SearchConfig, move_seed: int,
                start: float) -> tuple[Action, dict[int, tuple[int, float]]]:
        """One move's search under ``cfg`` (its reading set): the choice and the root statistics."""
        if cfg.confidence > 0 or cfg.focus:
            policy = make_agent(_policy_name(game, cfg), game, derive_seed(move_seed, 1 << 32))
            if cfg.reading is not None and hasattr(policy, "use_model"):  # the baseline under the same reading
                policy.use_model(cfg.reading)
            if cfg.focus and isinstance(policy, Playout):
                share = min(1.0, max(0.0, policy.effort(game, state, actions)))
                if share < 1.0:  # a routine decision: a share of the budget (at least one round of playouts)
                    cfg = replace(cfg, iterations=max(len(actions), round(cfg.iterations * share))
                                  if cfg.iterations else 0, seconds=cfg.seconds * share)
        if cfg.confidence > 0:
            sample = game.determinize(state, seat, Rng(derive_seed(move_seed, 1 << 33)))
            choice = policy.act(game, sample)
            if choice in actions:  # (a policy's choice in a sample is legal here for any sane game)
                cfg = replace(cfg, baseline=choice.index)
        if not cfg.iterations:  # the move's time budget (or cap), less what choosing the baseline took
            cfg = replace(cfg, seconds=max(0.0, cfg.seconds - (time.perf_counter() - start)))
        elif cfg.cap:
            cfg = replace(cfg, cap=max(1e-9, cfg.cap - (time.perf_counter() - start)))
        seeds = [derive_seed(move_seed, w) for w in range(cfg.workers)]
        parts = self._parts(game, state, seat, seeds, cfg)
        paired: dict[int, list[float]] = {}
        total: dict[int, tuple[int, float]] = {}
        _add_parts(parts, total, paired)
        if cfg.extend and cfg.baseline is not None and cfg.kind == "mc":
            # a close call (the best alternative within one standard error of the bar) is searched again, with
            # fresh seeds, up to ``extend`` times; the statistics are summed as the workers' are
            for j in range(cfg.extend):
                z = family_z(cfg.confidence, sum(i != cfg.baseline for i in paired)) if cfg.family else cfg.confidence
                best = _best_z(paired, cfg.baseline)
                if best is None or abs(best - z) >= 1.0:
                    break
                more = self._parts(game, state, seat, [derive_seed(move_seed, ((j + 1) << 16) | w)
                                                       for w in range(cfg.workers)], cfg)
                parts += more
                _add_parts(more, total, paired)
        SearchAgent.playouts += sum(p for _, p, _ in parts)
        self.last_stats = total
        #: the last move's baseline (the policy's own choice; None without the rule) and mc's paired differences
        self.last_baseline, self.last_paired = cfg.baseline, paired
        if cfg.baseline is not None and cfg.kind == "mc":
            z = family_z(cfg.confidence, sum(i != cfg.baseline for i in paired)) if cfg.family else cfg.confidence
            return _choose_over(actions, total, paired, cfg.baseline, z), total
        if cfg.baseline is not None:
            return _choose_over_tree(actions, total, paired, cfg.baseline, cfg.confidence,
                                     Rng(move_seed ^ _TIE_SALT)), total
        return _choose(actions, total, cfg.kind == "mc", Rng(move_seed ^ _TIE_SALT)), total

    def _parts(self, game: Game, state: Any, seat: int, seeds: list[int], cfg: SearchConfig) -> list[_Part]:
        """One search per seed (``workers`` of them: in the pool when there is one), in seed order."""
        if len(seeds) == 1:
            return [_run(game, state, seat, seeds[0], cfg)]
        pool = _pool(cfg.workers)
        if pool is None:
            return [_run(game, state, seat, sd, cfg) for sd in seeds]
        futures = [pool.submit(_worker, (game.id, state, seat, sd, cfg)) for sd in seeds]
        return [f.result() for f in futures]


def _add_parts(parts: list[_Part], total: dict[int, tuple[int, float]], paired: dict[int, list[float]]) -> None:
    """Add the searches' root statistics and paired differences into ``total`` and ``paired`` (in part order)."""
    for stats, _, pd in parts:
        for i, (n, s1, s2) in pd.items():
            acc = paired.setdefault(i, [0, 0.0, 0.0])
            acc[0] += n
            acc[1] += s1
            acc[2] += s2
        for i, (n, w) in stats.items():
            n0, w0 = total.get(i, (0, 0.0))
            total[i] = (n0 + n, w0 + w)


def _best_z(paired: dict[int, list[float]], baseline: int) -> float | None:
    """The largest paired difference from the baseline, in its standard errors, over the alternatives (None: no
    alternative with two pairs)."""
    best: float | None = None
    for i, (n, s1, s2) in paired.items():
        if i == baseline or n < 2:
            continue
        mean = s1 / n
        se = math.sqrt(max(0.0, (s2 - n * mean * mean) / (n - 1)) / n)
        z = mean / se if se > 0 else (math.inf if mean > 0 else -math.inf if mean < 0 else 0.0)
        if best is None or z > best:
            best = z
    return best


_TIE_SALT = 0x7E5B_2A11_0C3D_9F01


def family_z(z: float, alternatives: int) -> float:
    """The bar for each of ``alternatives`` one-sided tests such that the chance that any of them passes by
    noise alone (independent tests: Sidak) is that of one test at ``z`` standard errors."""
    if alternatives <= 1 or z <= 0:
        return z
    normal = statistics.NormalDist()
    alpha = normal.cdf(-z)  # one test's chance of passing by noise
    each = -math.expm1(math.log1p(-alpha) / alternatives)
    return max(z, -normal.inv_cdf(each)) if each > 0 else z


def _choose_over(actions: list[Action], stats: dict[int, tuple[int, float]], paired: dict[int, list[float]],
                 baseline: int, z: float) -> Action:
    """The baseline (the policy's own choice) unless some action beats it by more than ``z`` standard errors
    of their paired difference; then the best mean of those that do (the first in legal order on a tie)."""
    best: Action | None = None
    best_mean = -math.inf
    for a in actions:
        n, s1, s2 = paired.get(a.index, (0, 0.0, 0.0))
        if a.index == baseline or n < 2:
            continue
        mean = s1 / n
        var = max(0.0, (s2 - n * mean * mean) / (n - 1))
        if mean - z * math.sqrt(var / n) > 0:
            m, w = stats[a.index]
            if w / m > best_mean:
                best, best_mean = a, w / m
    if best is not None:
        return best
    return next(a for a in actions if a.index == baseline)


def _choose_over_tree(actions: list[Action], stats: dict[int, tuple[int, float]], spread: dict[int, list[float]],
                      baseline: int, z: float, rng: Rng) -> Action:
    """The most visited root action when its mean beats the baseline's (the policy's own choice) by more
    than ``z`` standard errors of the difference of the two means; else the baseline."""
    best = _choose(actions, stats, False, rng)
    if best.index == baseline:
        return best
    base = spread.get(baseline)
    mine = spread.get(best.index)
    if base is None or base[0] < 2:
        return best
    if mine is None or mine[0] < 2:
        return next(a for a in actions if a.index == baseline)

    def mean_var(n: float, s1: float, s2: float) -> tuple[float, float]:
        m = s1 / n
        return m, max(0.0, (s2 - n * m * m) / (n - 1)) / n

    m1, v1 = mean_var(*mine)
    m0, v0 = mean_var(*base)
    if m1 - m0 > z * math.sqrt(v1 + v0):
        return best
    return next(a for a in actions if a.index == baseline)


def _choose(actions: list[Action], stats: dict[int, tuple[int, float]], by_mean: bool, rng: Rng) -> Action:
    """The best searched legal action: highest mean reward (``by_mean``) or most visits, then highest mean;
    exact ties broken at random by ``rng``."""
    best: list[Action] = []
    best_key = (-math.inf, -math.inf)
    for a in actions:
        n, w = stats.get(a.index, (0, 0.0))
        if n == 0:
            continue
        mean = w / n
        key = (mean, float(n)) if by_mean else (float(n), mean)
        if key > best_key:
            best, best_key = [a], key
        elif key == best_key:
            best.append(a)
    if not best:
        return actions[0]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def _spec(kind: str) -> AgentSpec:
    def build(rng: Rng, options: Mapping[str, Any]) -> Agent:
        if options["seed"] is not None:
            rng = Rng(options["seed"])
        cfg = SearchConfig(kind, options["seconds"], options["iterations"], options["policy"], options["eval"],
                           options["c"], options["depth"], options["workers"], options["width"],
                           options["confidence"], options["focus"], options["plan"],
                           family=options["family"], model=options["model"], extend=options["extend"],
                           cap=options["cap"], portfolio=options["portfolio"])
        return SearchAgent(rng, cfg)

    return AgentSpec(build, OPTIONS, KINDS[kind])


for _kind in KINDS:
    register("*", _kind, _spec(_kind))
