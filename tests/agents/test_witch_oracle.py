"""benchmarks/witch_oracle.py: the games are strength.py's, and its oracle's figures are a search's."""

from __future__ import annotations

from realms.core.rng import derive_seed
from realms.sim.tournament import play_game, seating
from tests.support import load_script


def _bench():  # type: ignore[no-untyped-def]
    return load_script("benchmarks/witch_oracle.py", "witch_oracle")


def test_the_oracle_replays_strengths_games_and_reports_every_departure_from_the_policy() -> None:
    bench = _bench()
    agent = "mc:iterations=60"
    rows = bench.play(7, 2, 120, agent)
    assert {r["seat"] for r in rows} == {0, 1}  # seats rotate, as in strength.py's paired setting
    for g in range(2):
        seats = seating(g, 2, True)
        out = play_game("dominion", {"players": 2, "kingdom": bench.WITCH_KINGDOM}, derive_seed(7, g // 2),
                        [agent, "witch-big-money"], seats)
        mine = [r for r in rows if r["game"] == g]
        assert mine and all(r["scores"] == out.scores for r in mine)
        assert mine[0]["won"] == (out.winners == [seats.index(0)])
    oracled = [r for r in rows if "oracle_best" in r]
    # every full-budget decision and every departure is oracled; a departure is one the policy did not choose
    assert all(r["chosen"] != r["baseline"] for r in rows if r["left"])
    assert all("oracle_best" in r for r in rows if r["left"] or r["playouts"] >= 60)
    assert oracled and all(r["oracle_best_gain"] >= 0 and r["oracle_best_se"] >= 0 for r in oracled)
    table = bench.summary(rows, 2)
    assert sum(k["oracled"] for k in table.values()) == len(oracled)
    assert sum(k["left"] for k in table.values()) == sum(r["left"] for r in oracled)
