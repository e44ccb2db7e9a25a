"""Tournaments: seating, aggregation, determinism across worker counts."""

from __future__ import annotations

import pytest

from realms.core.errors import OptionsError
from realms.sim import run_tournament, wilson_interval
from realms.sim.tournament import play_game, seating


def test_seats_rotate_so_each_entrant_sits_in_each_seat_equally():
    counts = [[0] * 3 for _ in range(3)]
    for i in range(9):
        for seat, e in enumerate(seating(i, 3, rotate=True)):
            counts[e][seat] += 1
    assert counts == [[3, 3, 3]] * 3


def test_no_rotate_keeps_seats():
    assert all(seating(i, 4, rotate=False) == [0, 1, 2, 3] for i in range(8))


def test_wins_add_up_and_shared_wins_are_split():
    report = run_tournament("kingdomino", ["random", "random"], games=40, seed=2, options={"players": 2})
    assert sum(e.wins for e in report.entrants) == pytest.approx(40)
    assert all(e.games == 40 for e in report.entrants)
    # with a shared win each winner gets half a win
    assert all((e.wins * 2) == int(e.wins * 2) for e in report.entrants)


def test_shared_wins_split_and_counted_as_ties(monkeypatch):
    import realms.sim.tournament as t

    def fake(args):
        i = args[4]
        seats = t.seating(i, 2, True)
        if i % 2 == 0:  # a shared win
            return t.GameOutcome(seats, [10, 10], [1, 1], [0, 1], turns=5, actions=9)
        return t.GameOutcome(seats, [12, 8], [1, 2], [0], turns=7, actions=11)

    monkeypatch.setattr(t, "_play_indexed", fake)
    monkeypatch.setattr(t, "make_agent", lambda *a, **k: None)
    report = run_tournament("kingdomino", ["random", "greedy"], games=4, seed=0)
    assert report.ties == 2
    # games 1 and 3 are won by seat 0, which is entrant 1 then entrant 1 again (rotation by 1 each game)
    assert report.entrants[0].wins == pytest.approx(1.0)
    assert report.entrants[1].wins == pytest.approx(3.0)
    assert report.mean_turns == 6
    assert report.entrants[0].mean_rank == pytest.approx(1.5)
    assert report.entrants[1].mean_rank == pytest.approx(1.0)


def test_play_game_counts_turns_as_the_most_any_player_took():
    outcome = play_game("kingdomino", {"players": 2}, 1, ["random", "random"])
    assert outcome.turns == 14 and outcome.actions > 14


def test_same_seed_same_report_whatever_jobs():
    kw = dict(games=12, seed=7, options={"players": 3})
    a = run_tournament("kingdomino", ["greedy", "random", "random"], jobs=1, **kw).to_json()
    b = run_tournament("kingdomino", ["greedy", "random", "random"], jobs=2, **kw).to_json()
    a.pop("seconds")
    b.pop("seconds")
    assert a == b


def test_different_seeds_differ():
    a = run_tournament("kingdomino", ["random", "random"], games=10, seed=1).to_json()
    b = run_tournament("kingdomino", ["random", "random"], games=10, seed=2).to_json()
    assert a["entrants"] != b["entrants"]


def test_players_defaults_to_number_of_agents_and_mismatch_is_an_error():
    report = run_tournament("kingdomino", ["random"] * 3, games=2)
    assert report.options["players"] == 3
    with pytest.raises(OptionsError, match="2 agents for 4 seats"):
        run_tournament("kingdomino", ["random"] * 2, games=2, options={"players": 4})


def test_bad_game_count_and_jobs():
    with pytest.raises(OptionsError):
        run_tournament("kingdomino", ["random"] * 2, games=0)
    with pytest.raises(OptionsError):
        run_tournament("kingdomino", ["random"] * 2, games=2, jobs=0)


def test_wilson_interval_properties():
    lo, hi = wilson_interval(0, 50)
    assert lo == 0.0 and 0 < hi < 0.1
    lo, hi = wilson_interval(50, 50)
    assert hi == 1.0 and 0.9 < lo < 1
    lo, hi = wilson_interval(30, 100)
    assert lo < 0.3 < hi
    assert wilson_interval(0, 0) == (0.0, 1.0)
