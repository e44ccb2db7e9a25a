"""examples/train_kingdomino.py runs end to end at a tiny size and writes its curve, plot and policy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from realms.rl.policy import Policy

ROOT = Path(__file__).resolve().parents[2]


def test_the_training_example_writes_curve_plot_and_policy(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "train_kingdomino.py"), "--minutes", "0.01",
                           "--batch", "2", "--eval-every", "1", "--eval-games", "2", "--final-games", "2",
                           "--hidden", "8", "--out", str(tmp_path)], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "final_vs_random" in done.stdout
    lines = (tmp_path / "kingdomino_curve.csv").read_text().splitlines()
    assert lines[0].startswith("update,episodes,minutes,vs_random,vs_greedy") and len(lines) >= 3
    assert (tmp_path / "kingdomino_curve.png").stat().st_size > 1000
    policy = Policy.load(tmp_path / "kingdomino_policy.npz")
    assert policy.game_id == "kingdomino" and policy.p["W1"].shape[0] == 8 and np.isfinite(policy.p["W2"]).all()
