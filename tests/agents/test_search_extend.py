"""mc's close calls searched again (``extend``)."""

from __future__ import annotations

import realms.agents  # noqa: F401  (registers the search agents)
import realms.games
from realms.agents.search import SearchAgent, _best_z, family_z
from realms.core.agents import make_agent

WITCH = {"players": 2, "kingdom": "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"}


def _positions(count: int, seed: int = 4) -> list[tuple[object, object]]:
    """Positions of a rollout game on the Witch kingdom with a choice of three or more actions."""
    game = realms.games.get("dominion")
    state = game.new(WITCH, seed)
    bot = make_agent("rollout", game, 1)
    out = []
    while state.to_move is not None and len(out) < count:
        if len(game.legal_actions(state)) > 2:
            out.append(game.clone(state))
        game.apply(state, bot.act(game, state))
    return [(game, s) for s in out]


def _paired(mean: float, se: float, n: int = 100) -> list[float]:
    var = se * se * n
    return [n, mean * n, (n - 1) * var + n * mean * mean]


def test_best_z_is_the_largest_paired_difference_in_standard_errors_over_the_alternatives() -> None:
    paired = {0: _paired(5.0, 1.0), 1: _paired(0.5, 0.25), 2: _paired(-1.0, 0.5), 3: [1, 2.0, 4.0]}
    z = _best_z(paired, 0)  # the baseline (0) and an alternative with one pair (3) are not counted
    assert z is not None and abs(z - 2.0) < 1e-9
    assert _best_z({0: _paired(1.0, 1.0)}, 0) is None


def test_extend_searches_again_exactly_the_close_calls_and_is_deterministic() -> None:
    base_n = 120
    extended = kept = 0
    for game, state in _positions(14):
        plain = make_agent(f"mc:iterations={base_n},focus=false", game, 9)
        more = make_agent(f"mc:iterations={base_n},focus=false,extend=2", game, 9)
        again = make_agent(f"mc:iterations={base_n},focus=false,extend=2", game, 9)
        p0 = SearchAgent.playouts
        a = plain.act(game, state)
        p1 = SearchAgent.playouts
        b = more.act(game, state)
        p2 = SearchAgent.playouts
        assert again.act(game, state) == b and again.last_stats == more.last_stats  # the same seed, the same move
        assert plain.last_baseline is not None
        bar = family_z(1.0, sum(i != plain.last_baseline for i in plain.last_paired))
        best = _best_z(plain.last_paired, plain.last_baseline)
        close = best is not None and abs(best - bar) < 1.0
        # the first search is the plain one (the same seed); a close call gets more, a clear one nothing more
        assert (p2 - p1 > p1 - p0) == close, (best, bar)
        assert (p2 - p1) % (p1 - p0) == 0 and p2 - p1 <= 3 * (p1 - p0)
        if close:
            extended += 1
        else:
            kept += 1
            assert a == b and plain.last_stats == more.last_stats
    assert extended and kept  # both cases met in these positions
