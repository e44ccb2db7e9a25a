"""What ``realms sim`` and ``realms tournament`` write: CSV, plots, the HTML report, round robins, checkpoints,
and Dominion strategies whose cards are not in the kingdom."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from realms.cli import app
from realms.sim import round_robin, run_tournament
from realms.sim.output import to_csv

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_csv_rows_hold_the_table_and_every_turn():
    report = run_tournament("kingdomino", ["greedy", "random"], games=6, seed=2, by_turn=True)
    rows = list(csv.DictReader(io.StringIO(to_csv(report))))
    win = [r for r in rows if r["metric"] == "win_rate"]
    assert [r["agent"] for r in win] == ["greedy", "random"]
    assert sum(float(r["mean"]) for r in win) == pytest.approx(1.0, abs=1e-5)
    for r in win:
        assert float(r["ci95_lo"]) <= float(r["mean"]) <= float(r["ci95_hi"])
    by_round = [r for r in rows if r["metric"] == "score" and r["agent"] == "greedy"]
    assert [int(r["turn"]) for r in by_round] == [1, 2, 3, 4, 5, 6]
    assert float(by_round[-1]["mean"]) == pytest.approx(report.entrants[0].mean_score)


def test_sim_cli_csv_and_the_by_turn_json():
    r = run("sim", "dominion", "--players", "big-money,smithy-big-money", "--games", "4", "--csv")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "entrant,agent,metric,turn,mean,ci95_lo,ci95_hi,n"
    assert not any(",vp," in line for line in r.output.splitlines())  # per-turn rows only when asked
    r = run("sim", "dominion", "--players", "big-money,smithy-big-money", "--games", "4", "--by-turn", "--json")
    data = json.loads(r.output)
    assert data["turn_label"] == "turn"
    assert {"vp", "money"} <= set(data["entrants"][0]["by_turn"])


def test_plot_png_and_report_html_are_written(tmp_path):
    png, page = tmp_path / "sim.png", tmp_path / "sim.html"
    r = run("sim", "kingdomino", "--players", "greedy,random", "--games", "6", "--seed", "4", "--plot", str(png),
            "--report", str(page))
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    text = page.read_text()
    assert text.count("<svg") >= 1 and "<table>" in text and "greedy" in text
    assert "realms sim kingdomino --players greedy,random --games 6 --seed 4" in text
    assert "matplotlib" in text and "python" in text
    # self-contained: nothing is fetched from elsewhere
    assert "src=\"http" not in text and "href=\"http" not in text and "<script" not in text
    svg = tmp_path / "sim.svg"
    assert run("sim", "burgundy", "--players", "greedy,random", "--games", "2", "--plot", str(svg)).exit_code == 0
    assert "vp_region by round" in svg.read_text()


def test_bad_plot_name_is_refused(tmp_path):
    r = run("sim", "kingdomino", "--players", "random,random", "--games", "2", "--plot", str(tmp_path / "x.gif"))
    assert r.exit_code == 2 and ".png or .svg" in r.output


def test_round_robin_pairs_every_entrant_and_ranks_them():
    rr = round_robin("kingdomino", ["random", "greedy", "full-greedy"], games=4, seed=3)
    assert [sorted(rr.names[e] for e in members) for members, _ in rr.tables] == [
        ["greedy", "random"], ["full-greedy", "random"], ["full-greedy", "greedy"]]
    for i in range(3):
        for j in range(3):
            if i != j:
                assert rr.beat_rate(i, j) + rr.beat_rate(j, i) == pytest.approx(1.0)
    ranking = rr.ranking()
    assert all(r["games"] == 8 for r in ranking)
    assert [r["win_rate"] for r in ranking] == sorted((r["win_rate"] for r in ranking), reverse=True)


def test_round_robin_of_three_player_tables_plays_every_seating():
    rr = round_robin("kingdomino", ["random", "greedy", "full-greedy"], games=6, seed=1, seats=3)
    assert len(rr.tables) == 1 and rr.tables[0][1].rotate == "permute"
    assert all(e.games == 6 for e in rr.tables[0][1].entrants)
    for i in range(3):
        for j in range(3):
            if i != j:
                assert rr.ahead(i, j)[1] == 6 and rr.beat_rate(i, j) + rr.beat_rate(j, i) == pytest.approx(1.0)
    with pytest.raises(Exception, match="named once"):
        round_robin("kingdomino", ["random", "random"], games=2)


def test_tournament_cli_json_table_and_plot(tmp_path):
    args = ["tournament", "kingdomino", "--players", "random,greedy,full-greedy", "--games", "4", "--seed", "2"]
    data = json.loads(run(*args, "--json").output)
    assert data["players"] == 2 and len(data["tables"]) == 3
    assert {r["agent"] for r in data["ranking"]} == {"random", "greedy", "full-greedy"}
    assert data["beat_rate"][0][0] is None
    png = tmp_path / "rr.png"
    r = run(*args, "--plot", str(png))
    assert r.exit_code == 0, r.output
    assert "win matrix" in r.output and "full-greedy" in r.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert run("tournament", "kingdomino", "--players", "random", "--games", "2").exit_code == 2


def test_sim_cli_checkpoint_resumes_to_the_same_json(tmp_path):
    path = tmp_path / "run.ckpt"
    args = ["sim", "kingdomino", "--players", "greedy,random", "--games", "8", "--seed", "6", "--json"]
    plain = json.loads(run(*args).output)
    first = json.loads(run(*args, "--checkpoint", str(path)).output)
    again = json.loads(run(*args, "--checkpoint", str(path)).output)
    for d in (plain, first, again):
        d.pop("seconds")
    assert plain == first == again
    r = run("sim", "kingdomino", "--players", "greedy,random", "--games", "8", "--seed", "7", "--checkpoint",
            str(path))
    assert r.exit_code == 2 and "another tournament" in r.output


# --- Dominion: a strategy whose cards are not in the kingdom ----------------------------------------


def test_a_strategy_for_a_card_the_kingdom_lacks_is_an_error():
    r = run("sim", "dominion", "--players", "witch-big-money,big-money", "--games", "2")
    assert r.exit_code == 2
    assert "witch-big-money is a strategy for Witch, which this kingdom lacks" in r.output
    kingdom = "Witch,Smithy,Militia,Moat,Village,Market,Mine,Cellar,Remodel,Workshop"
    r = run("sim", "dominion", "--players", "witch-big-money,big-money", "--games", "2", "-o", f"kingdom={kingdom}")
    assert r.exit_code == 0, r.output
    # a random kingdom is dealt anew for every game, so it is not held against the strategy
    r = run("sim", "dominion", "--players", "witch-big-money,big-money", "--games", "2", "-o", "kingdom=random")
    assert r.exit_code == 0, r.output


def test_a_strategy_file_missing_some_of_its_cards_gets_a_warning(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\n[[buy]]\ncard = "Province"\n[[buy]]\ncard = "Witch"\n[[buy]]\n'
                    'card = "Smithy"\n[[buy]]\ncard = "Silver"\n')
    r = run("sim", "dominion", "--players", f"{path},big-money", "--games", "2", "--json")
    assert r.exit_code == 0, r.output
    assert "warning:" in r.output and "Witch not in this kingdom" in r.output
    only_witch = tmp_path / "witch.toml"
    only_witch.write_text('[[buy]]\ncard = "Witch"\n[[buy]]\ncard = "Silver"\n')
    r = run("sim", "dominion", "--players", f"{only_witch},big-money", "--games", "2")
    assert r.exit_code == 2 and "which this kingdom lacks" in r.output
