"""benchmarks/rl_steps.py keeps working: it runs briefly and prints its figures (never judged by speed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import realms.games

ROOT = Path(__file__).resolve().parents[2]


def test_rl_steps_prints_rates_and_ratios():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rl_steps.py"), "0.1", "--json", "--parts",
                           "--reps=2", f"--against={ROOT}"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    assert [r["game"] for r in rows] == realms.games.ids()  # every registered game
    for r in rows:
        assert r["reps"] == 2  # each seed's game played twice per loop, the faster run kept
        assert r["games"] >= 2 and r["bare_actions_per_s"] > 0 and r["env_steps_per_s"] > 0
        assert r["ratio_env_over_bare"] > 0
        # the calls timed one by one: the environment's include the bare protocol's work and, with --parts,
        # the same calls with a stand-in encoder are timed too
        assert r["protocol_us"] > 0 and r["env_calls_us"] > 0 and r["env_calls_without_encoding_us"] > 0
        assert all(0 <= share < 1 for share in r["left_out"])
        # --against: the same calls with another checkout's encoder (here this one's, loaded a second time)
        assert r["env_calls_against_us"] > 0 and r["overhead_against"] > -1


def test_rl_encoders_compares_two_checkouts_encoders():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rl_encoders.py"), "kingdomino", "1", "1",
                           f"--against={ROOT}", "--split", "--json"], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout.strip().splitlines()[-1])
    assert row["steps"] > 10 and row["here_us"] > 0 and row["against_us"] > 0
    # --split: the same state encoded a second time, nothing changed
    assert 0 < row["here_unchanged_us"] and 0 < row["against_unchanged_us"]


def test_rl_openspiel_compares_the_tensor_paths():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rl_openspiel.py"), "2", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    assert [r["game"] for r in rows] == realms.games.ids()
    for r in rows:
        assert r["calls"] > 0 and r["generic_us"] > 0 and r["own_us"] > 0 and r["set_from_us"] > 0
        # OpenSpiel's generic path makes an initial state per call; the state's own tensors make none
        assert r["initial_states_per_call_generic"] == 1 and r["initial_states_per_call_own"] == 0
