"""Simulator fidelity: our bots land inside the bands that two independent simulators report
(docs/dominion.md, Fidelity).

Seeded; seats alternate every game. Default (CI) size is reduced and the band is widened by three
standard errors of the estimate; ``REALMS_FULL=1`` plays 20,000 games per pairing.
"""

from __future__ import annotations

import math
import os
import statistics

import pytest

from realms.agents import make_agent
from tests.games.dominion.util import G, outcome

FULL = os.environ.get("REALMS_FULL") == "1"
GAMES = 20000 if FULL else 4000
#: the bots only buy from this kingdom (Smithy, Militia, Witch) and never three-pile it
KINGDOM = ["Smithy", "Militia", "Witch", "Village", "Market", "Laboratory", "Festival", "Cellar", "Chapel", "Workshop"]

pytestmark = pytest.mark.slow


def match(a: str, b: str, games: int, seed: int) -> dict[str, float]:
    """``a`` against ``b``, seats alternating; win/loss/tie rates of ``a`` and mean game length in rounds."""
    wins = losses = ties = 0
    lengths = []
    for k in range(games):
        swap = k % 2
        names = [b, a] if swap else [a, b]
        bots = [make_agent(names[i], G, seed=seed + 2 * k + i) for i in range(2)]
        s = G.new({"players": 2, "kingdom": KINGDOM}, seed + k)
        while s.to_move is not None:
            G.apply(s, bots[s.to_move].act(G, s))
        winners = G.result(s).winners
        lengths.append(max(s.turns))
        kind = outcome(winners, swap)
        wins, losses, ties = wins + (kind == "win"), losses + (kind == "loss"), ties + (kind == "tie")
    return {"win": wins / games, "loss": losses / games, "tie": ties / games, "length": statistics.mean(lengths),
            "length_sd": statistics.pstdev(lengths)}


def rate_in(p: float, lo: float, hi: float, n: int) -> None:
    se = math.sqrt(max(p * (1 - p), 0.01) / n)
    assert lo - 3 * se <= p <= hi + 3 * se, f"{p:.4f} outside [{lo}, {hi}] (+-3 SE = {3 * se:.4f}, {n} games)"


def mean_in(m: float, sd: float, lo: float, hi: float, n: int) -> None:
    se = sd / math.sqrt(n)
    assert lo - 3 * se <= m <= hi + 3 * se, f"{m:.3f} outside [{lo}, {hi}] (+-3 SE = {3 * se:.3f}, {n} games)"


def test_pure_big_money_mirror_length_and_ties():
    r = match("big-money", "big-money", GAMES, 1_000_000)
    mean_in(r["length"], r["length_sd"], 17.1, 17.7, GAMES)
    rate_in(r["tie"], 0.30, 0.37, GAMES)


def test_bmu_beats_pure_big_money_about_81_percent():
    r = match("big-money-ultimate", "big-money", GAMES, 2_000_000)
    rate_in(r["win"], 0.795, 0.83, GAMES)
    rate_in(r["loss"], 0.14, 0.175, GAMES)


def test_smithy_big_money_beats_bmu_64_to_72_percent():
    rate_in(match("smithy-big-money", "big-money-ultimate", GAMES, 3_000_000)["win"], 0.64, 0.72, GAMES)


def test_militia_big_money_beats_bmu_about_70_percent():
    rate_in(match("militia-big-money", "big-money-ultimate", GAMES, 4_000_000)["win"], 0.67, 0.74, GAMES)


def test_witch_big_money_beats_bmu_at_least_89_percent():
    rate_in(match("witch-big-money", "big-money-ultimate", GAMES, 5_000_000)["win"], 0.89, 1.0, GAMES)


def test_pure_big_money_alone_buys_its_fourth_province_on_turn_16_8():
    turns = []
    for k in range(GAMES):
        bot = make_agent("big-money", G, seed=k)
        s = G.new({"players": 1}, 6_000_000 + k)
        while s.to_move is not None:
            G.apply(s, bot.act(G, s))
        turns.append(G.stats(s)[0]["province_4_turn"])
    mean_in(statistics.mean(turns), statistics.pstdev(turns), 16.6, 17.0, GAMES)
    assert statistics.median(turns) == 17
