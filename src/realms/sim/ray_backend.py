"""The Ray backend of the simulator: chunks of a tournament's games as Ray tasks.

Each task plays games ``start .. stop - 1`` with ``play_range``; games are deterministic from the
tournament seed, so a task that Ray runs again after its worker was lost (``max_retries``) returns
exactly what the first try would have, and the driver absorbs outcomes in game order: the report is the
same as the local backend's for any cluster size.

Ray is an optional extra (``pip install 'realms[ray]'``); every machine of the cluster needs realms
installed in the same version (see docs/simulation.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from realms.core.errors import OptionsError
from realms.sim.playing import GameOutcome, Spec, _ranges, play_range

#: how many times Ray runs a chunk again when the worker or machine running it dies
MAX_RETRIES = 5

_REMOTE: Any = None


def _remote(ray: Any) -> Any:
    global _REMOTE
    if _REMOTE is None:
        # system failures only (a killed worker, a lost node); an exception raised by a game is a bug and
        # would fail again the same way, so it is reported rather than retried
        _REMOTE = ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False)(play_range)
    return _REMOTE


def run(spec: Spec, todo: Sequence[int], chunk: int | None, address: str | None, jobs: int,
        on_chunk: Callable[[int, list[GameOutcome]], None]) -> int:
    """Play the games ``todo`` on Ray, calling ``on_chunk(start, outcomes)`` as each chunk finishes.

    Uses the Ray already initialised in this process if there is one; else connects to ``address``
    (``auto``, ``HOST:PORT`` or ``ray://HOST:10001``), or starts a local instance with ``jobs`` CPUs (all
    of this machine's when ``jobs`` is 1) and shuts it down afterwards. Returns the cluster's CPU count.
    """
    try:
        import ray
    except ImportError:
        raise OptionsError("the ray backend needs Ray: pip install 'realms[ray]'") from None
    started = False
    if not ray.is_initialized():
        kw: dict[str, Any] = {"logging_level": logging.WARNING, "include_dashboard": False}
        if address:
            kw["address"] = address
        elif jobs > 1:
            kw["num_cpus"] = jobs
        try:
            ray.init(**kw)
        except ConnectionError as e:
            raise OptionsError(f"cannot reach the Ray cluster at {address}: {e}") from None
        started = True
    starts: dict[Any, int] = {}
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = chunk or max(1, min(256, len(todo) // (cpus * 4) or 1))
        task = _remote(ray)
        spec_ref = ray.put(spec)
        for a, b in _ranges(todo, size):
            starts[task.remote(spec_ref, a, b)] = a
        waiting = list(starts)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                on_chunk(starts[ref], ray.get(ref))
        return cpus
    except BaseException:
        for ref in starts:  # a stopped run (Ctrl-C) or a failed chunk: the rest is not wanted
            try:
                ray.cancel(ref, force=True)
            except Exception:  # noqa: BLE001 - already finished or gone
                pass
        raise
    finally:
        if started:
            ray.shutdown()
