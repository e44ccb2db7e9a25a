"""Fast paths for whole Castles of Burgundy games between ``random`` players: the simulator's and
``realms bench``'s default for them (``fast_games``).

With numba installed (the ``fast`` extra) the game is played in the compiled kernel (``kernel.py``), for every
option and player count. Without it, the lean path here plays it: the same engine on the same state — the legal
actions of each decision as ``_compute`` lists them (and ``_settle`` caches), each action's handler and the
settling after it — with each seat's choice drawn from the same seeded stream as ``RandomAgent``, but without
what only an untrusted caller needs: copying the legal list, building nothing but the index, and re-checking
that the chosen action is in it. Both reach the very state ``Burgundy.apply`` would
(``tests/games/burgundy/test_fast.py`` and ``test_kernel.py`` replay their games through the reference engine
and compare every step, the final states and the results).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from realms.core.game import FastOutcome
from realms.core.rng import MASK64, Rng, check_seed
from realms.games.burgundy.actions import DECODE
from realms.games.burgundy.effects import _DO

GOLDEN = 0x9E3779B97F4A7C15


def play(game: Any, s: Any, rng_states: list[int], record: list[int] | None = None) -> int:
    """Play ``s`` to the end, each seat choosing uniformly (``RandomAgent``) from a SplitMix64 stream whose state
    is ``rng_states[seat]`` (updated in place); returns the number of actions, appended to ``record``."""
    settle = game._settle
    do = _DO
    decode = DECODE
    n = 0
    while True:
        p = s.to_move
        if p is None:
            return n
        acts = s.cache
        if acts is None:
            acts = s.cache = game._compute(s)
        k = len(acts)
        if k > 1:  # RandomAgent.act: Rng.below(k), inlined
            x = rng_states[p] = (rng_states[p] + GOLDEN) & MASK64
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            idx = acts[((z ^ (z >> 31)) * k) >> 64].index
        else:
            idx = acts[0].index
        if record is not None:
            record.append(idx)
        kind, a, b, c = decode[idx]
        do[kind](game, s, p, a, b, c, None)
        s.cache = None
        settle(s, None)
        n += 1


def supports(agents: Sequence[str]) -> bool:
    return all(a == "random" for a in agents)


def fast_games(game: Any, options: Mapping[str, Any], agents: Sequence[str], compiled: bool = True) -> Any:
    """The fastest exact path for these validated options and agents: the kernel where numba is installed
    (``compiled``), else the lean path; None where neither applies (a seat that is not ``random``)."""
    if not supports(agents):
        return None
    lean = FastGames(game, options, agents)
    if compiled:
        from realms.games.burgundy import kernel

        if kernel.supports(options, agents):
            return kernel.KernelGames(game, options)
        why = "numba is not installed" if not kernel.AVAILABLE else (
            f"the compiled kernel does not cover {', '.join(kernel.uncovered(options))}")
        lean.path = f"the lean path ({why})"
    return lean


class FastGames:
    """Whole games of one set of options between ``random`` players on the lean path (``Game.fast_games``
    without numba)."""

    path = "the lean path"

    def __init__(self, game: Any, options: Mapping[str, Any], agents: Sequence[str]) -> None:
        self.game = game
        self.options = dict(options)

    def __call__(self, seed: int, agent_seeds: Sequence[int]) -> FastOutcome:
        game = self.game
        s = game.setup(self.options, check_seed("burgundy", seed))
        n = play(game, s, [Rng(x).state for x in agent_seeds])
        result = game.result(s)
        assert result is not None
        return FastOutcome(result, list(s.turns), n, game.stats(s))
