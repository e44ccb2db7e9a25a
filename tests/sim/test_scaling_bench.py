"""benchmarks/sim_scaling.py keeps working: a tiny run prints its ratio (speed is never judged here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.support import load_script

ROOT = Path(__file__).resolve().parents[2]


def test_sim_scaling_benchmark_prints_a_ratio_and_its_reports_agree():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "sim_scaling.py"), "40", "1"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert re.search(r"repeat 1: jobs=1 +\d+ games/s +jobs=2 +\d+ games/s +x\d+\.\d\d", done.stdout), done.stdout


def test_sim_scaling_line_reads_when_a_run_took_less_cpu_than_the_clock_counts():
    bench = load_script("benchmarks/sim_scaling.py", "sim_scaling")
    line = bench._line("repeat 1: ", 40, {"jobs1": {"wall": 0.01, "cpu": 0.0}, "jobs2": {"wall": 0.02, "cpu": 0.01},
                                          "load": 0.5})
    assert "x?" in line and "x0.50" in line
