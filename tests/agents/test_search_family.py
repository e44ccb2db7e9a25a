"""mc's baseline rule for many alternatives at once (``family``): the bar rises with their number."""

from __future__ import annotations

import statistics

from realms.agents import make_agent
from realms.agents.search import _choose_over, family_z
from realms.core.game import Action


def test_the_family_bar_is_one_tests_bar_for_one_alternative_and_rises_with_more() -> None:
    assert family_z(1.0, 1) == 1.0
    bars = [family_z(1.0, k) for k in range(1, 11)]
    assert bars == sorted(bars) and bars[-1] > 2.0
    # the chance that any of k alternatives as good as the baseline passes is that of one test at z = 1
    normal = statistics.NormalDist()
    for k in (2, 5, 9):
        assert abs((1 - (1 - normal.cdf(-family_z(1.0, k))) ** k) - normal.cdf(-1.0)) < 1e-9
    assert family_z(0.0, 5) == 0.0
    assert family_z(10.0, 5) >= 10.0  # (no chance left to split: the bar stays)


def _paired(mean: float, se: float, n: int = 100) -> list[float]:
    # n paired differences with this mean and standard error of the mean
    var = se * se * n
    return [n, mean * n, (n - 1) * var + n * mean * mean]


def test_an_alternative_that_beats_the_baseline_by_noise_among_many_is_not_played() -> None:
    actions = [Action(i, f"a{i}") for i in range(6)]
    stats = {i: (100, 0.0) for i in range(6)}
    stats[3] = (100, 30.0)
    paired = {i: _paired(0.0, 1.0) for i in range(1, 6)}
    paired[3] = _paired(1.5, 1.0)  # 1.5 standard errors: past one test's bar, short of five's (1.83)
    one_test = family_z(1.0, 1)
    assert _choose_over(actions, stats, paired, 0, one_test).index == 3
    assert _choose_over(actions, stats, paired, 0, family_z(1.0, 5)).index == 0
    paired[3] = _paired(2.5, 1.0)  # clearly better: played under either rule
    assert _choose_over(actions, stats, paired, 0, family_z(1.0, 5)).index == 3


def test_family_is_on_by_default_and_can_be_turned_off() -> None:
    assert make_agent("mc", "dominion", 1).cfg.family is True
    assert make_agent("mc:family=false", "dominion", 1).cfg.family is False
