"""The benchmark scripts keep working: each runs briefly and prints its figures (never judged by speed here)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def run(*args: str, timeout: float = 120) -> str:
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=BENCH.parent)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("script, args", [
    ("kingdomino_random.py", ["0.3", "4"]),
    ("burgundy_random.py", ["0.3", "2"]),
    ("dominion_bm.py", ["--seconds", "0.3"]),
])
def test_game_benchmarks_print_their_throughput(script, args):
    out = run(str(BENCH / script), *args)
    assert "games/s" in out or "games_per_second" in out


@pytest.mark.parametrize("via", ["http", "ws"])
def test_server_load_benchmark_plays_games_and_reports_latency(via):
    out = run(str(BENCH / "server_load.py"), "--games", "4", "--rate", "100", "--seconds", "1.5", "--settle", "0.5",
              "--head-start", "5", "--via", via)
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["via"] == via and figures["actions"] > 20
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_server_load_benchmark_compares_bystanders_without_and_with_bots_thinking():
    # cheap searching bots (random playouts: no compiled kernel to load), thought in the server's bot pool
    out = run(str(BENCH / "server_load.py"), "--games", "3", "--rate", "60", "--seconds", "1", "--settle", "0.5",
              "--head-start", "4", "--hard-bots", "2", "--bot", "mc:iterations=20,policy=random", "--bot-settle", "1",
              timeout=300)
    lines = [json.loads(line) for line in out.strip().splitlines()]
    phases = [line["phase"] for line in lines[:-1]]
    assert phases == ["without", "with"] and all(line["actions"] > 5 for line in lines[:-1])
    assert lines[1]["bot_tables"] == 2 and lines[1]["bot_moves"] >= 0
    summary = lines[-1]
    assert summary["compare"] and len(summary["p99_ms_without"]) == len(summary["p99_ms_with"]) == 1


@pytest.mark.skipif(not (BENCH / "load" / "node_modules" / "ws").is_dir() or shutil.which("node") is None,
                    reason="the Node.js generator needs node and `npm ci` in benchmarks/load (.ci/run does it)")
@pytest.mark.parametrize("via", ["http", "ws"])
def test_node_load_generator_plays_games_and_reports_latency(via):
    out = run(str(BENCH / "server_load.py"), "--client", "node", "--games", "4", "--rate", "100", "--seconds", "1.5",
              "--settle", "0.5", "--head-start", "5", "--via", via)
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["client"] == "node" and figures["via"] == via and figures["actions"] > 20
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_kill_benchmark_kills_the_server_and_finds_every_acknowledged_action_stored():
    out = run(str(BENCH / "kill_server.py"), "--kills", "1", "--games", "4", "--min", "0.5", "--max", "1")
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["kills"] == 1 and figures["acknowledged"] >= 20
    assert figures["lost"] == 0 and figures["stored"] >= figures["acknowledged"] and not figures["broken"]


@pytest.mark.skipif(not (BENCH / "load" / "node_modules" / "ws").is_dir() or shutil.which("node") is None,
                    reason="the Node.js generator needs node and `npm ci` in benchmarks/load (.ci/run does it)")
def test_server_cpu_benchmark_reports_cpu_per_action():
    out = run(str(BENCH / "server_cpu.py"), "--tree", str(BENCH.parent), "--runs", "1", "--games", "4", "--rate",
              "100", "--seconds", "1")
    lines = [json.loads(line) for line in out.strip().splitlines()]
    assert lines[0]["actions"] > 20 and lines[0]["us_per_action"] > 0
    assert lines[-1]["median_us_per_action"] == {str(BENCH.parent): lines[0]["us_per_action"]}


def test_startup_benchmark_starts_on_unfinished_tables():
    out = run(str(BENCH / "startup.py"), "--tables", "20", "--bots", "6", "--actions", "4", "--runs", "1")
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["tables"] == 20 and 0 <= figures["kept"] <= 6
    assert figures["seconds"] > 0 and figures["rss_mb"] > 0 and figures["empty_db"]["seconds"] > 0


def test_random_playouts_benchmark_times_both_paths():
    import realms.games
    from realms.games.kingdomino import fast

    out = run(str(BENCH / "random_playouts.py"), "--seconds", "0.3", "--json", timeout=300)
    rows = {r["game"]: r for r in json.loads(out.strip().splitlines()[-1])["games"]}
    assert set(rows) == set(realms.games.ids())  # every registered game by default
    assert all(r["playout_actions"] > 10 and r["reference_games_per_cpu_s"] > 0 for r in rows.values())
    if fast.AVAILABLE:  # numba: every game's random playouts and random games in a compiled kernel
        assert all(r["finish_playouts_per_cpu_s"] > 0 and r["fast_games_per_cpu_s"] > 0 for r in rows.values())


def test_burgundy_boards_prints_a_row_per_board():
    out = run(str(BENCH / "burgundy_boards.py"), "--boards", "1", "9", "--games", "1", "--json", timeout=300)
    lines = out.strip().splitlines()
    rows = [json.loads(line) for line in lines if line.startswith("{")]
    assert [r["board"] for r in rows] == [1, 9] and all(r["games"] == 1 and r["mean_score"] > 0 for r in rows)
    assert rows[0]["start_castle"] == {"fixed": 19} and sum(rows[1]["start_castle"].values()) == 2
    assert lines[0].startswith("| board |") and "| 9 Two Cities | one | 1 |" in out


def test_burgundy_points_reports_vp_by_source():
    out = run(str(BENCH / "burgundy_points.py"), "--agent", "mc:iterations=3", "--opponent", "rollout", "--games",
              "1", timeout=300)
    lines = out.strip().splitlines()
    game, figures = json.loads(lines[0]), json.loads(lines[-1])
    assert figures["games"] == 1 and figures["mean_score"] == game["scores"][game["seat"]]
    assert "region" in game["seats"][0]["vp_by_source"] and any(line.startswith("empty spaces") for line in lines)


def test_dominion_sets_benchmark_prints_the_ratios_and_the_fallback_shares():
    figures = json.loads(run(str(BENCH / "dominion_sets.py"), "--seconds", "0.6", "--json",
                             timeout=600).strip().splitlines()[-1])
    tables = {"base", "all", "base-2e", "all-2e"}
    assert set(figures["games_per_cpu_second"]) == set(figures["decisions_per_cpu_second"]) == tables
    assert figures["declined_share"]["base"] == figures["declined_share"]["base-2e"] == 0
    assert all(0 <= figures["declined_share"][k] <= 1 for k in tables)
    assert all(figures[k] > 0 for k in ("all_over_base", "all_over_base_decisions", "all_over_base_2e",
                                        "all_over_base_decisions_2e", "reference_all_over_base",
                                        "reference_all_over_base_2e"))


def test_levels_benchmark_prints_each_pairing_with_its_interval():
    out = run(str(BENCH / "levels.py"), "--games", "2", "--only", "kingdomino", "--hard", "mc:iterations=4", "--json")
    figures = json.loads(out.strip().splitlines()[-1])
    assert [(r["level"], r["against"]) for r in figures["rows"]] == [("medium", "easy"), ("hard", "medium"),
                                                                     ("hard", "easy")]
    assert all(r["games"] == 2 and 0 <= r["interval"][0] <= r["win_rate"] <= r["interval"][1] <= 1
               for r in figures["rows"])
    assert figures["rows"][1]["agent"] == "mc:iterations=4"


def test_levels_benchmark_plays_only_the_pairings_named():
    out = run(str(BENCH / "levels.py"), "--games", "2", "--only", "kingdomino", "--hard", "mc:iterations=4",
              "--pairing", "hard-medium", "--json")
    figures = json.loads(out.strip().splitlines()[-1])
    assert [(r["level"], r["against"]) for r in figures["rows"]] == [("hard", "medium")]


@pytest.mark.parametrize("how", [[], ["--whole-process"]])
def test_reference_speed_compares_two_checkouts_on_the_same_games(how):
    out = run(str(BENCH / "reference_speed.py"), "--src", str(BENCH.parent), "--pairs", "1", "--games", "2", "--json",
              *how)
    data = json.loads(out.strip().splitlines()[-1])
    assert data["same_results"] and data["pairs"] == 1 and data["ratio_median"] > 0


def test_reference_speed_says_when_the_other_checkout_has_no_package(tmp_path):
    done = subprocess.run([sys.executable, str(BENCH / "reference_speed.py"), "--src", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and done.stderr.strip().count("\n") == 0 and "holds no realms package" in done.stderr


def test_mc_speed_compares_two_checkouts_playouts_per_cpu_second(tmp_path):
    got = json.loads(run(str(BENCH / "mc_speed.py"), "--against", str(BENCH.parent), "--policies", "random",
                         "--pairs", "1", "--playouts", "30", "--json", timeout=300))
    row = got["rows"][0]
    assert (row["game"], row["policy"]) == ("kingdomino", "random")
    assert row["playouts_per_cpu_second"] > 0 and row["against"] > 0 and row["ratio"] > 0
    done = subprocess.run([sys.executable, str(BENCH / "mc_speed.py"), "--against", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no src/realms there" in done.stderr and "Traceback" not in done.stderr


def test_dominion_adapt_benchmark_prints_a_row_per_kingdom_and_the_share_with_its_interval():
    out = run(str(BENCH / "dominion_adapt.py"), "--kingdoms", "2", "--games", "20", "--steps", "0", timeout=300)
    rows = [line for line in out.splitlines() if line.split()[:1] in (["0"], ["1"])]
    assert len(rows) == 2 and " vs " in rows[0] and "first" in rows[0] and "second" in rows[1]
    assert "adapted against the best rule bot:" in out and "of 40 games" in out


def test_race_benchmark_prints_a_row_per_curse_giving_attack_and_kingdom():
    from realms.games.dominion.defaults import RACE_CARDS

    out = run(str(BENCH / "dominion_race.py"), "--games", "20", "--json")
    rows = json.loads(out.strip().splitlines()[-1])["rows"]
    assert sorted({r["card"] for r in rows}) == sorted(RACE_CARDS) and len(rows) == 2 * len(RACE_CARDS)
    assert all(r["games"] == 20 and 0 <= r["interval"][0] <= r["race_share"] <= r["interval"][1] <= 1 for r in rows)
