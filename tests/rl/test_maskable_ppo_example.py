"""examples/train_maskable_ppo.py trains MaskablePPO at a tiny size, evaluates it with legal moves only and writes
its results (skipped without the ``baselines`` extra)."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import realms.rl  # noqa: E402
from tests.support import load_script  # noqa: E402


def load_example():
    return load_script("examples/train_maskable_ppo.py", "train_maskable_ppo")


@pytest.mark.parametrize("game,bot", [("dominion", "big-money-ultimate"), ("burgundy", "greedy")])
def test_a_tiny_training_run_writes_win_rates_and_plays_only_legal_moves(tmp_path, game, bot):
    from sb3_contrib import MaskablePPO

    example = load_example()
    results = example.main(["--game", game, "--steps", "256", "--n-steps", "128", "--batch-size", "64",
                            "--n-epochs", "1", "--seeds", "0,1", "--eval-games", "2", "--eval-against",
                            f"random,{bot}", "--out", str(tmp_path)])
    written = json.loads((tmp_path / f"{game}_results.json").read_text())
    assert written == json.loads(json.dumps(results))
    assert written["options"]["players"] == 2 and written["reward"] == "win"
    assert [r["steps"] for r in written["runs"]] == [256, 256]
    assert [(r["seed"], r["opponent"]) for r in written["evaluations"]] == [
        (0, "random"), (0, bot), (1, "random"), (1, bot)]
    for row in written["evaluations"]:
        assert 0.0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1.0
        assert row["wins"] + row["ties"] + row["losses"] == row["games"] == 2
        assert row["illegal"] == 0, row  # every chosen action was allowed by the mask
        assert row["decisions"] > 20 and row["mean_score"] is not None and row["mean_opponent_score"] is not None
    for opponent in ("random", bot):
        rates = [r["win_rate"] for r in written["evaluations"] if r["opponent"] == opponent]
        s = written["spread"][opponent]
        assert s["min"] == min(rates) and s["max"] == max(rates) and s["mean"] == pytest.approx(np.mean(rates))
    with open(tmp_path / f"{game}_results.csv", newline="") as f:
        assert len(list(csv.DictReader(f))) == 4

    # the saved model, reloaded, picks only actions its mask allows, at both seats
    model = MaskablePPO.load(tmp_path / f"{game}_seed1.zip", device="cpu")
    for seat in (0, 1):
        env = realms.rl.SingleAgentEnv(game, opponents=["random"], seat=seat, options=example.GAME_OPTIONS[game],
                                       illegal="raise")
        obs, _ = env.reset(seed=seat)
        done = False
        while not done:
            mask = env.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            assert mask[int(action)]
            obs, _, done, _, _ = env.step(int(action))


def test_the_evaluation_counts_an_action_outside_the_mask_as_illegal_and_lost():
    example = load_example()

    def outside(obs, mask):  # the first action the mask forbids
        return int(np.flatnonzero(~mask)[0])

    r = example.evaluate(outside, "dominion", "random", 3)
    assert r["illegal"] == 3 and r["decisions"] == 3 and r["losses"] == 3 and r["win_rate"] == 0.0
    assert r["mean_score"] is None


def test_the_wilson_interval():
    example = load_example()
    lo, hi = example.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert example.wilson(0, 20)[0] == 0.0 and example.wilson(20, 20)[1] == 1.0


@pytest.mark.parametrize(("args", "said"), [
    (["--eval-against", "random,bigmoney"], "'bigmoney': unknown agent 'bigmoney'"),
    (["--opponent", "nobody"], "'nobody': unknown agent"),
    (["--seeds", ""], "--seeds names no seed"),
    (["--seeds", "1,x"], "--seeds must be whole numbers"),
])
def test_bad_arguments_are_refused_before_any_training(tmp_path, capsys, args, said):
    example = load_example()
    with pytest.raises(SystemExit) as stop:
        example.main([*args, "--steps", "64", "--out", str(tmp_path)])
    assert stop.value.code == 2
    assert said in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing trained, nothing written
