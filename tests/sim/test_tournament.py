"""Tournaments: seating, aggregation, determinism across worker counts."""

from __future__ import annotations

import json

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
    import realms.sim.playing as playing
    import realms.sim.tournament as t

    def fake(args):
        i = args[4]
        assert args[5] == "rotate"
        seats = t.seating(i, 2, True)
        if i % 2 == 0:  # a shared win
            return t.GameOutcome(seats, [10, 10], [1, 1], [0, 1], turns=5, actions=9)
        return t.GameOutcome(seats, [12, 8], [1, 2], [0], turns=7, actions=11)

    monkeypatch.setattr(playing, "_play_indexed", fake)
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


# --- chunks, checkpoints, seatings, per-turn statistics --------------------------------------------


def _stable(report):
    data = report.to_json()
    data.pop("seconds")
    return data


def test_the_report_is_the_same_whatever_the_chunk_size():
    kw = dict(games=10, seed=5, options={"players": 2}, by_turn=True)
    a = run_tournament("kingdomino", ["greedy", "random"], chunk=1, **kw)
    b = run_tournament("kingdomino", ["greedy", "random"], chunk=3, jobs=2, **kw)
    assert _stable(a) == _stable(b)


def test_interrupted_run_resumes_from_its_checkpoint_to_the_same_report(tmp_path):
    kw = dict(games=12, seed=9, options={"players": 2}, by_turn=True, chunk=2)
    whole = run_tournament("kingdomino", ["greedy", "random"], **kw)
    path = tmp_path / "run.ckpt"
    calls = []

    def stop_after_two_chunks(done):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament("kingdomino", ["greedy", "random"], checkpoint=path, progress=stop_after_two_chunks, **kw)
    assert calls == [2, 4]
    assert len(path.read_text().splitlines()) == 3  # the header and two chunks
    seen = []
    resumed = run_tournament("kingdomino", ["greedy", "random"], checkpoint=path, progress=seen.append, jobs=2,
                             **kw)
    assert resumed.resumed_games == 4 and seen[0] == 4 and seen[-1] == 12
    assert _stable(resumed) == _stable(whole)
    # a finished checkpoint plays nothing more and still gives the same report
    again = run_tournament("kingdomino", ["greedy", "random"], checkpoint=path, **kw)
    assert again.resumed_games == 12 and _stable(again) == _stable(whole)


def test_a_line_cut_short_by_a_kill_is_played_again(tmp_path):
    kw = dict(games=6, seed=4, options={"players": 2}, chunk=2)
    whole = run_tournament("kingdomino", ["random", "random"], **kw)
    path = tmp_path / "run.ckpt"
    run_tournament("kingdomino", ["random", "random"], checkpoint=path, **kw)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:2]) + lines[2][: len(lines[2]) // 2])
    resumed = run_tournament("kingdomino", ["random", "random"], checkpoint=path, **kw)
    assert resumed.resumed_games == 2
    assert _stable(resumed) == _stable(whole)
    assert len(path.read_text().splitlines()) == 4


def test_a_checkpoint_of_another_tournament_is_refused(tmp_path):
    path = tmp_path / "run.ckpt"
    run_tournament("kingdomino", ["random", "random"], games=2, seed=1, checkpoint=path)
    with pytest.raises(OptionsError, match="another tournament.*seed"):
        run_tournament("kingdomino", ["random", "random"], games=2, seed=2, checkpoint=path)
    (tmp_path / "junk").write_text("hello\n")
    with pytest.raises(OptionsError, match="not a simulator checkpoint"):
        run_tournament("kingdomino", ["random", "random"], games=2, checkpoint=tmp_path / "junk")


def test_permute_seating_covers_every_order():
    orders = {tuple(seating(i, 3, "permute")) for i in range(6)}
    assert len(orders) == 6
    with pytest.raises(OptionsError, match="seating"):
        run_tournament("kingdomino", ["random", "random"], games=2, rotate="sideways")


def test_ahead_counts_every_pair_of_entrants_once_per_game():
    report = run_tournament("kingdomino", ["greedy", "random", "random"], games=9, seed=2, rotate="permute")
    for i in range(3):
        for j in range(3):
            if i != j:
                assert report.ahead[i][j] + report.ahead[j][i] == pytest.approx(9)


@pytest.mark.parametrize(
    ("game", "agents", "keys"),
    [
        ("kingdomino", ["greedy", "random"], {"score"}),
        ("dominion", ["big-money", "smithy-big-money"], {"vp", "money", "money_density"}),
        ("burgundy", ["greedy", "random"], {"vp", "vp_region", "vp_animals", "vp_sale", "vp_knowledge"}),
    ],
)
def test_by_turn_curves_end_at_the_final_score(game, agents, keys):
    outcome = play_game(game, {"players": 2}, 3, agents, by_turn=True)
    for seat in range(2):
        series = outcome.by_turn[seat]
        assert keys <= set(series)
        main = series["score" if game == "kingdomino" else "vp"]
        assert main[-1] == outcome.scores[seat]
        if game == "dominion":
            assert len(main) == outcome.turns or len(main) == outcome.turns - 1  # the second seat may miss one
        if game == "burgundy":
            assert len(main) == 25
            sources = [v for k, v in series.items() if k.startswith("vp_")]
            assert all(sum(s[t] for s in sources) == main[t] for t in range(25))
        if game == "kingdomino":
            assert len(main) == 6 and main == sorted(main)  # a kingdom only grows


def test_by_turn_report_means_match_the_games():
    report = run_tournament("dominion", ["big-money", "smithy-big-money"], games=6, seed=1, by_turn=True)
    data = report.to_json()
    assert data["turn_label"] == "turn"
    for e in data["entrants"]:
        vp = e["by_turn"]["vp"]
        assert vp["turn"][:3] == [1, 2, 3] and vp["n"][0] == 6
        assert vp["mean"][0] == 3  # three Estates after the first turn
        lo, hi = vp["ci95"][5]
        assert lo <= vp["mean"][5] <= hi
        assert sum(e["score_counts"].values()) == 6


def test_plain_runs_collect_no_per_turn_figures():
    report = run_tournament("kingdomino", ["random", "random"], games=2)
    assert "by_turn" not in report.to_json()["entrants"][0]
    assert all(not e.turn_moments for e in report.entrants)


# --- workers sum their own games -----------------------------------------------------------------------


def test_sums_merge_in_any_order_to_the_same_figures():
    from realms.sim.tournament import GameOutcome, _Tally

    def outcome(i):  # a three-way shared win now and then, and statistics that are not whole numbers
        winners = [0, 1, 2] if i % 5 == 0 else [i % 3]
        ranks = [1, 1, 1] if i % 5 == 0 else [1 if s == i % 3 else 2 for s in range(3)]
        return GameOutcome([0, 1, 2], [i * 0.1, 3.0, i], ranks, winners, turns=i, actions=2 * i,
                           stats=[{"x": 0.1 * i}, {"x": 1 / 3}, {"x": 7}],
                           by_turn=[{"v": [0.1 * i, 0.7]}, {"v": [1 / 7]}, {"v": [float("nan"), 2.0]}])

    def figures(tally):
        return ([e.to_json(detail=True) for e in tally.entrants(["a", "b", "c"])], tally.ahead(), tally.ties)

    whole = _Tally(3, True)
    for i in range(40):
        whole.absorb(outcome(i))
    parts = [_Tally(3, True) for _ in range(3)]
    for i in range(40):
        parts[(i * 7) % 3].absorb(outcome(i))
    merged = _Tally(3, True)
    for part in (parts[2], parts[0], parts[1]):
        merged.merge(_Tally.from_json(json.loads(json.dumps(part.to_json())), 3, True))
    assert figures(merged) == figures(whole)


def test_worker_processes_give_the_one_process_report(monkeypatch):
    import realms.sim.tournament as t

    monkeypatch.setattr(t, "MIN_WORKER_SECONDS", 0.0)
    monkeypatch.setattr(t, "CALIBRATE_SECONDS", 0.0)  # timed on one game: a fast machine plays all 16 while timing
    monkeypatch.setattr(t, "_free_cores", lambda: 2)
    kw = dict(games=16, seed=3, options={"players": 3}, by_turn=True)
    agents = ["big-money", "smithy-big-money", "big-money-ultimate"]
    one = run_tournament("dominion", agents, **kw)
    said = []
    two = run_tournament("dominion", agents, jobs=2, say=said.append, **kw)
    assert two.workers == 2 and not said
    assert _stable(two) == _stable(one)


def test_a_run_too_short_for_workers_stays_in_one_process_and_says_so():
    said = []
    report = run_tournament("kingdomino", ["random", "random"], games=20, seed=1, jobs=2, say=said.append)
    assert report.workers == 1
    assert len(said) == 1 and said[0].startswith("played in one process: the 19 games after the first took ")
    assert said[0].endswith("too few to pay for 2 worker processes") and report.notes == said
    assert _stable(report) == _stable(run_tournament("kingdomino", ["random", "random"], games=20, seed=1))


def test_a_busy_machine_gets_no_more_workers_than_it_has_idle_cores(monkeypatch):
    import realms.sim.tournament as t

    monkeypatch.setattr(t, "MIN_WORKER_SECONDS", 0.0)
    monkeypatch.setattr(t, "CALIBRATE_SECONDS", 0.0)  # the parent times one game after the first, then decides
    monkeypatch.setattr(t, "_cores", lambda: 2)
    monkeypatch.setattr(t.os, "getloadavg", lambda: (7.5, 7.0, 6.0))
    said = []
    report = run_tournament("kingdomino", ["random", "random"], games=30, seed=1, jobs=2, say=said.append)
    assert report.workers == 1
    assert said == [said[0]] and said[0].startswith("played in one process: the 29 games after the first took ")
    assert said[0].endswith("the machine has load average 7.5 on 2 cores, so a second worker would find no idle core")
    monkeypatch.setattr(t.os, "getloadavg", lambda: (0.3, 0.2, 0.2))
    assert t._free_cores() == 2
    said.clear()
    report = run_tournament("kingdomino", ["random", "random"], games=30, seed=1, jobs=8, chunk=2, say=said.append)
    assert report.workers == 2 and said == ["2 worker processes, not 8: the machine has load average 0.3 on 2 cores"]


def test_a_checkpoint_of_another_version_is_refused(tmp_path):
    path = tmp_path / "old.ckpt"
    path.write_text(json.dumps({"format": "realms-sim-checkpoint", "version": 1, "game": "kingdomino"}) + "\n")
    with pytest.raises(OptionsError, match="another version of realms"):
        run_tournament("kingdomino", ["random", "random"], games=2, checkpoint=path)
