"""benchmarks/mc_peer.py: what it says without a peer, and its table, with a stand-in for kdom-ai's JVM."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tests import support

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPT = BENCH / "mc_peer.py"


def load_script():
    return support.load_script("benchmarks/mc_peer.py", "mc_peer")


def fake_peer(tmp_path: Path) -> tuple[Path, Path]:
    """A folder with a McRate.class and a 'java' that answers as the driver does: 3000 playouts in 0.25 s."""
    folder = tmp_path / "peer"
    (folder / "classes").mkdir(parents=True)
    (folder / "classes" / "McRate.class").write_bytes(b"")
    java = tmp_path / "java"
    java.write_text(f"#!{sys.executable}\nimport json, sys\nassert sys.argv[3] == 'McRate'\n"
                    "print('a search report')\n"
                    "print(json.dumps({'policy': sys.argv[4], 'playouts': 3000, 'cpu': 0.25, 'process_cpu': 0.3,"
                    " 'position_cpu': [0.1, 0.1, 0.05]}))\n")
    java.chmod(0o755)
    return folder, java


def test_without_a_peer_it_says_in_one_line_what_it_needs(tmp_path):
    for args in ([], ["--kdom-ai", str(tmp_path)]):
        done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert done.stderr.strip().count("\n") == 0 and "needs --kdom-ai DIR" in done.stderr


def test_the_peer_classpath_takes_the_driver_folder_and_its_jars(tmp_path):
    mc_peer = load_script()
    folder, _ = fake_peer(tmp_path)
    (folder / "lib").mkdir()
    (folder / "lib" / "fastutil.jar").write_bytes(b"")
    parts = mc_peer.peer_classpath(folder).split(":")
    assert parts[:2] == [str(folder / "classes"), str(folder / "lib" / "fastutil.jar")]
    assert mc_peer.peer_classpath(tmp_path / "nothing") is None


def test_the_table_gives_both_medians_and_their_ratio():
    mc_peer = load_script()
    rows = [{"policy": "random", "realms": 36000.0, "kdom_ai": 12000.0, "ratio": 3.0, "kdom_ai_process": 10000.0,
             "pair_ratios": [2.9, 3.0, 3.4], "kdom_ai_player": "MCE_TR_R (random playouts)"},
            {"policy": "rollout", "realms": 7500.0, "kdom_ai": 150.0, "ratio": 50.0,
             "kdom_ai_player": "MCE_FG_R (full-greedy playouts)"}]
    lines = mc_peer.table(rows, 5, 0.4).splitlines()
    assert "median of 5" in lines[0] and "load 0.4" in lines[0]
    assert lines[3] == "| random | 36,000 | 12,000 | x3.00 | x2.90 to x3.40 | 10,000 | MCE_TR_R (random playouts) |"
    assert lines[4] == "| rollout | 7,500 | 150 | x50.00 | x50.00 to x50.00 |  | MCE_FG_R (full-greedy playouts) |"


def test_a_run_against_a_stand_in_peer_reports_both_rates_and_their_ratio(tmp_path):
    folder, java = fake_peer(tmp_path)
    done = subprocess.run([sys.executable, str(SCRIPT), "--kdom-ai", str(folder), "--java", str(java),
                           "--policies", "random", "--pairs", "1", "--playouts", "30", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=BENCH.parent)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)["rows"][0]
    assert row["policy"] == "random" and row["kdom_ai"] == 12000 and row["kdom_ai_process"] == 10000
    assert row["realms"] > 0 and row["ratio"] == row["realms"] / 12000 and len(row["realms_slices"]) == 1
    assert row["pair_ratios"] == [round(row["realms"] / 12000, 2)]


def test_the_two_engines_take_turns_slice_by_slice(monkeypatch):
    mc_peer = load_script()
    order: list[str] = []
    monkeypatch.setattr(mc_peer.mc_speed, "slice_rate", lambda *a: order.append("realms") or 30000.0)
    monkeypatch.setattr(mc_peer, "peer_slice", lambda *a: order.append("kdom-ai") or {"rate": 10000.0,
                                                                                    "playouts": 3000})
    args = argparse.Namespace(policies="random,rollout", pairs=3, playouts=30, peer_playouts="random=9000",
                              java="java", peer_warmup=0.0, seed=1)
    rows = mc_peer.measure(args, "cp")
    assert order == ["realms", "kdom-ai"] * 6 and [r["ratio"] for r in rows] == [3.0, 3.0]


def test_a_driver_that_fails_or_a_missing_jvm_is_one_line_saying_why(tmp_path):
    folder, java = fake_peer(tmp_path)
    broken = tmp_path / "broken-java"
    broken.write_text(f"#!{sys.executable}\nimport sys\n"
                      "sys.exit('Exception in thread main java.lang.NoClassDefFoundError: it/unimi/dsi/fastutil')\n")
    broken.chmod(0o755)
    for jvm, said in ((broken, "kdom-ai's driver failed (random): Exception in thread main "
                               "java.lang.NoClassDefFoundError"),
                      (tmp_path / "no-such-java", "cannot run")):
        done = subprocess.run([sys.executable, str(SCRIPT), "--kdom-ai", str(folder), "--java", str(jvm),
                               "--policies", "random", "--pairs", "1", "--playouts", "30"],
                              capture_output=True, text=True, timeout=300, cwd=BENCH.parent)
        assert done.returncode == 1 and "Traceback" not in done.stderr and said in done.stderr


def test_unknown_policies_and_malformed_counts_are_refused(tmp_path):
    for args, said in ((["--policies", "random,greedy"], "greedy not one of random, rollout"),
                       (["--peer-playouts", "random"], "--peer-playouts must read like")):
        done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "Traceback" not in done.stderr and said in done.stderr
