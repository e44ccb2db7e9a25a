"""A fixed plain-Python loop that measures the machine (and its load) as the benchmarks run.

Game figures differ between machines and between runs on a loaded one; the benchmarks print this
yardstick beside their own figures, measured in the same run, so that a figure can be read against the
machine: ``games per second / yardstick loops per second`` is comparable across machines far better than
games per second alone. The loop (integer arithmetic, list indexing and swaps, a dict update) is fixed: do
not change it, or earlier figures stop being comparable.

    python benchmarks/yardstick.py [seconds]
"""

from __future__ import annotations

import sys
import time

_MASK = (1 << 64) - 1


def _loop() -> int:
    x = 1
    acc = 0
    cells = list(range(64))
    seen: dict[int, int] = {}
    for i in range(2000):
        x = (x * 6364136223846793005 + 1442695040888963407) & _MASK
        j = x >> 58
        k = i & 63
        cells[j], cells[k] = cells[k], cells[j]
        acc += cells[j] & 7
        seen[j] = seen.get(j, 0) + 1
    return acc + len(seen)


def yardstick(seconds: float = 0.5) -> float:
    """Loops of the fixed workload per second, measured for about ``seconds``."""
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        _loop()
        n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def line(rate: float) -> str:
    return f"yardstick (fixed plain-Python loop, benchmarks/yardstick.py): {rate:.0f} loops/s"


if __name__ == "__main__":
    print(line(yardstick(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)))
