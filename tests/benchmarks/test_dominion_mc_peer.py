"""benchmarks/dominion_mc_peer.py: what it says without a peer, how it builds UCTDom (with a stand-in compiler),
and its table, with a stand-in for the built driver."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests import support

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPT = BENCH / "dominion_mc_peer.py"


def load_script():
    return support.load_script("benchmarks/dominion_mc_peer.py", "dominion_mc_peer")


def fake_driver(folder: Path, body: str = "", sims: str = "499999,499999,249999") -> Path:
    """A 'uct_rate' in ``folder`` that answers as the driver does: its searches report ``sims`` (the last index of
    each one's loop; 1.25M playouts by default) in 125 s, 3,000 bare playouts in 0.5 s of 50 rounds (plus the seed);
    it writes a search log to its working folder first, as UCTDom does."""
    folder.mkdir(parents=True, exist_ok=True)
    driver = folder / "uct_rate"
    searches = [x for x in sims.split(",") if x]
    driver.write_text(f"#!{sys.executable}\nimport json, sys\nopen('uctdetails1.csv', 'w').write('x')\n{body}"
                      f"for i in {searches!r}:\n    print('Wood visited: 12')\n    print('Sims: ' + i)\n"
                      "print(json.dumps({'playouts': 1500000, 'cpu': 125.0, 'game_turns': 41, 'playout_rounds': "
                      "50.0 + int(sys.argv[1]), 'bare_playouts': 3000, 'bare_cpu': 0.5, 'max_rss_mb': 900}))\n")
    driver.chmod(0o755)
    return driver


def fake_checkout(root: Path) -> Path:
    """A checkout with the peer's layout: a Node.cpp with the line g++ refuses, a main.cpp and one more unit."""
    src = root / "Console4SimpleStorage" / "Console4SimpleStorage"
    src.mkdir(parents=True)
    (src / "UCTMonteCarlo.cpp").write_text("int search() { return log(1.0); }\n")
    (src / "Node.cpp").write_text("void Node::reset()\n{\n\tcurrentState.~currentState();\n\tvalue = 0;\n}\n")
    (src / "main.cpp").write_text("int main() { return 0; }\n")
    (src / "Game.h").write_text("#pragma once\n")
    (src / "notes.txt").write_text("not a source\n")
    return root


def test_without_a_peer_it_says_in_one_line_what_it_needs(tmp_path):
    for args in ([], ["--uctdom", str(tmp_path)]):
        done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert done.stderr.strip().count("\n") == 0 and "needs --uctdom DIR" in done.stderr


def test_the_build_copies_the_sources_drops_the_msvc_only_line_and_links_the_driver_without_main(tmp_path):
    checkout = fake_checkout(tmp_path / "UCTDom")
    calls = tmp_path / "calls.json"
    cxx = tmp_path / "cxx"
    cxx.write_text(f"#!{sys.executable}\nimport json, sys\njson.dump(sys.argv[1:], open({str(calls)!r}, 'w'))\n"
                   "open(sys.argv[sys.argv.index('-o') + 1], 'w').write('built')\n")
    cxx.chmod(0o755)
    out = tmp_path / "build"
    done = subprocess.run([sys.executable, str(SCRIPT), "--build", str(checkout), "--uctdom", str(out),
                           "--cxx", str(cxx), "--pairs", "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--pairs must be at least 1" in done.stderr
    assert not calls.exists() and not out.exists()  # checked before anything is built
    (out / "Stale.cpp").parent.mkdir(parents=True)
    (out / "Stale.cpp").write_text("left by an earlier build\n")
    peer = load_script()
    assert peer.build(checkout, out, str(cxx)) == out / "uct_rate"
    node = (out / "Node.cpp").read_text()
    assert "~currentState" not in node and "value = 0;" in node
    assert (out / "uctdom_rate.cpp").read_text() == peer.DRIVER.read_text() and not (out / "notes.txt").exists()
    args = json.loads(calls.read_text())
    assert args[args.index("-include") + 1] == "cmath" and "-O2" in args
    units = [a for a in args if a.endswith(".cpp")]
    assert sorted(Path(u).name for u in units) == ["Node.cpp", "UCTMonteCarlo.cpp", "uctdom_rate.cpp"]


def test_a_checkout_without_the_peer_or_a_failing_compiler_is_one_line_saying_why(tmp_path):
    checkout = fake_checkout(tmp_path / "UCTDom")
    failing = tmp_path / "failing-cxx"
    failing.write_text(f"#!{sys.executable}\nimport sys\nsys.exit('Node.cpp:17:35: error: expected class-name')\n")
    failing.chmod(0o755)
    for build, cxx, said in ((tmp_path / "empty", "g++", "give a checkout of UCTDom"),
                             (checkout, str(failing), "the peer did not build: Node.cpp:17:35: error"),
                             (checkout, str(tmp_path / "no-such-cxx"), "cannot run the compiler")):
        done = subprocess.run([sys.executable, str(SCRIPT), "--build", str(build), "--uctdom", str(tmp_path / "b"),
                               "--cxx", cxx], capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr and said in done.stderr
        assert done.stderr.strip().count("\n") == 0


def test_the_table_gives_both_medians_their_ratio_and_the_playouts_lengths():
    peer = load_script()
    row = {"realms": 36000.0, "uctdom": 12000.0, "ratio": 3.0, "pair_ratios": [2.9, 3.0, 3.4],
           "realms_playout_rounds": 61.85, "uctdom_playout_rounds": 51.1, "uctdom_bare": 20500.0,
           "uctdom_max_rss_mb": 1432.0}
    lines = peer.table(row, 3, 0.4).splitlines()
    assert "median of 3" in lines[0] and "load 0.4" in lines[0] and "peak memory 1,432 MB" in lines[0]
    assert lines[3] == "| 36,000 | 12,000 | x3.00 | x2.90 to x3.40 | 61.9 / 51.1 | 20,500 |"


def test_a_run_against_a_stand_in_driver_reports_both_rates_and_their_ratio(tmp_path):
    fake_driver(tmp_path / "peer")
    # a folder given relative to where the script is run (the driver itself runs in a scratch folder)
    done = subprocess.run([sys.executable, str(SCRIPT), "--uctdom", "peer", "--pairs", "1",
                           "--playouts", "30", "--seed", "7", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    # the playouts are the searches' own counts (500,000 + 500,000 + 250,000), not the driver's claim
    assert row["uctdom_playouts"] == 1250000 and row["uctdom"] == 10000 and row["uctdom_bare"] == 6000
    assert row["uctdom_playout_rounds"] == 57 and row["uctdom_max_rss_mb"] == 900  # the driver was given the seed
    assert row["realms"] > 0 and row["ratio"] == row["realms"] / 10000 and len(row["realms_slices"]) == 1
    assert 5 < row["realms_playout_rounds"] < 1000
    assert not list(tmp_path.glob("*.csv"))  # the driver's logs stay in its scratch folder


def test_the_two_engines_take_turns_slice_by_slice_each_driver_run_on_the_next_seed(monkeypatch, tmp_path):
    peer = load_script()
    order: list[str] = []
    asked: list[tuple] = []
    monkeypatch.setattr(peer.mc_speed, "slice_rate", lambda *a: asked.append(a) or order.append("realms") or 30000.0)
    monkeypatch.setattr(peer, "peer_slice", lambda driver, seed: order.append(f"uctdom {seed}") or {
        "rate": 10000.0, "playouts": 1500000, "playout_rounds": 50.0, "bare_playouts": 3000, "bare_cpu": 0.5})
    monkeypatch.setattr(peer, "realms_rounds", lambda policy: 60.0 if policy == "random-treasures" else 0.0)
    row = peer.measure(tmp_path / "uct_rate", 3, 30, 5)
    assert order == ["realms", "uctdom 5", "realms", "uctdom 6", "realms", "uctdom 7"]
    assert row["ratio"] == 3.0 and row["pair_ratios"] == [3.0] * 3 and row["realms_playout_rounds"] == 60.0
    # Realms searches UCTDom's kingdom (not the setting's First Game) in a game played by Big Money, with the random
    # playouts whose moves are the peer's (or the protocol's uniform player, when asked)
    assert asked == [(peer.HERE, "dominion", "random-treasures", 30, peer.OPTIONS, "big-money")] * 3
    asked.clear()
    assert peer.measure(tmp_path / "uct_rate", 1, 30, 5, "random")["policy"] == "random"
    assert asked == [(peer.HERE, "dominion", "random", 30, peer.OPTIONS, "big-money")]
    assert peer.OPTIONS["kingdom"].split(",") == ["Festival", "Gardens", "Laboratory", "Market", "Moneylender",
                                                  "Remodel", "Smithy", "Village", "Witch", "Woodcutter"]


def test_a_driver_that_fails_is_one_line_saying_why(tmp_path):
    peer = load_script()
    for body, sims, said in (("sys.exit('std::bad_alloc')\n", "0", "UCTDom's driver failed: std::bad_alloc"),
                             ("sys.exit(0)\n", "0", "UCTDom's driver failed: exit status 0"),
                             ("print('No more nodes!')\n", "0", "its search ran out of tree nodes"),
                             ("", "", "UCTDom's driver failed: exit status 0, last line '{")):
        driver = fake_driver(tmp_path / "peer", body, sims)
        try:
            peer.peer_slice(driver, 1)
        except SystemExit as e:
            assert said in str(e) and "\n" not in str(e)
        else:
            raise AssertionError("a failing driver was taken for a result")
