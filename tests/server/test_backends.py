"""The server tests run on every database backend; without a PostgreSQL URL its cases are reported as
skipped with the reason, not silently left out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
MODULES = ["test_api.py", "test_live.py", "test_seats.py"]


def test_every_server_test_module_takes_its_backends_from_one_place():
    left_out = re.compile(r"\[\s*[\"']postgresql[\"']\s*\]\s+if\b")  # ["postgresql"] if <url> else []
    for path in sorted(HERE.glob("test_*.py")):
        if path.name != Path(__file__).name:
            assert not left_out.search(path.read_text(encoding="utf-8")), (
                f"{path.name} leaves PostgreSQL out when it is not configured; use tests.support.BACKENDS")


def test_postgresql_cases_are_reported_as_skipped_without_a_url():
    env = {k: v for k, v in os.environ.items() if k != "REALMS_TEST_POSTGRES_URL"}
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q", "-ra", "-k", "postgresql",
         *[str(HERE / m) for m in MODULES]],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = r.stdout.strip().splitlines()[-1]
    skipped = re.search(r"(\d+) skipped", summary)
    assert skipped and int(skipped[1]) >= 10, summary
    assert "passed" not in summary and "failed" not in summary, summary
    assert "REALMS_TEST_POSTGRES_URL is not set" in r.stdout
