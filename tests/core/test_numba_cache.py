"""The numba cache's keys (``realms.core.numba_cache``): a kernel module's key names the data it is compiled from, so it
must come out the same in every process. A key that differed from one process to the next (a set's order changes
with Python's string hashing) would find nothing cached and compile the kernels again in every process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("numba")

SHOW_KEYS = ("import json, realms.games.dominion.botkernel, realms.games.dominion.kernel, realms.games.kingdomino, "
             "realms.games.burgundy; from realms.core import numba_cache; print(json.dumps(numba_cache._KEYS))")


def _keys(hash_seed: str) -> dict[str, str]:
    out = subprocess.run([sys.executable, "-c", SHOW_KEYS], capture_output=True, text=True, timeout=120, check=True,
                         env={**os.environ, "PYTHONHASHSEED": hash_seed})
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_kernel_modules_cache_key_is_the_same_in_every_process():
    first, second = _keys("1"), _keys("2")
    assert any(path.endswith("botkernel.py") for path in first)
    assert first == second
