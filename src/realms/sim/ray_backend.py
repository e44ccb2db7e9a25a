"""The Ray backend of the simulator: chunks of a tournament's games as Ray tasks.

Each task plays games ``start .. stop - 1`` and returns their exact sums (``tally_range``); games are
deterministic from the tournament seed, so a task that Ray runs again after its worker was lost
(``max_retries``) returns exactly what the first try would have, and sums merge in any order: the report
is the same as the local backend's for any cluster size.

Which Ray: the one already initialised in this process; else the cluster at ``address`` (``--address``),
else at ``RAY_ADDRESS``, else the local cluster that ``ray start --head`` left running on this machine
(found again by every run, so its start-up is paid once); else a local instance started for this run
and stopped after it; a run that would take less time in one process than such a start (``LOCAL_START_SECONDS``,
timed on its first games) is played on the local backend instead, and a note says so. Either way the start-up is
timed and said in one line, and a Ray that cannot
start or that loses the run is one line of error, not a traceback.

Ray is an optional extra (``pip install 'realms[ray]'``); every machine of the cluster needs realms
installed in the same version (see docs/simulation.md).
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any

from realms.core.errors import OptionsError
from realms.sim.playing import Spec, _ranges

#: the seconds a local Ray instance takes at least to start here (measured 10-40 s on a 2-core machine, more under
#: load): a run that would take less in one process is played on the local backend instead
LOCAL_START_SECONDS = 10.0

#: how many times Ray runs a chunk again when the worker or machine running it dies
MAX_RETRIES = 5

_REMOTE: Any = None


def _remote(ray: Any, play: Callable[[Spec, int, int], Any]) -> Any:
    global _REMOTE
    if _REMOTE is None:
        # system failures only (a killed worker, a lost node); an exception raised by a game is a bug and
        # would fail again the same way, so it is reported rather than retried
        _REMOTE = ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False)(play)
    return _REMOTE


def _first_line(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    return text.splitlines()[0][:300]


def _running_cluster() -> tuple[str | None, bool]:
    """The address of a cluster to join without being told, and whether it was named (``RAY_ADDRESS``) rather
    than found in Ray's record of the one ``ray start`` left running on this machine; (None, False) if none."""
    env = os.environ.get("RAY_ADDRESS")
    if env:
        return env, True
    try:
        from ray._private.services import find_bootstrap_address

        found = find_bootstrap_address(None)
    except Exception:  # noqa: BLE001 - Ray's private helper moved or failed: start a local instance
        return None, False
    return (str(found) if found else None), False


def _answers(address: str, timeout: float = 0.5) -> bool:
    """Whether something listens at ``address`` (``host:port``): a cluster that ``ray start`` left on record may
    have gone since (a crash, a kill) without its record going too."""
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout):
            return True
    except (OSError, ValueError):
        return False


def would_start_local(address: str | None) -> bool:
    """Whether a run with ``address`` would start a local Ray instance of its own: no Ray initialised in this
    process, no address given, none in ``RAY_ADDRESS``, and none that ``ray start`` left running (one on record
    that no longer answers counts as none: joining it fails and a local instance starts)."""
    if address:
        return False
    try:
        import ray
    except ImportError:
        return False  # (run says that Ray is missing)
    if ray.is_initialized():
        return False
    found, named = _running_cluster()
    return found is None or (not named and not _answers(found))


def _init(ray: Any, target: str | None, jobs: int) -> None:
    kw: dict[str, Any] = {"logging_level": logging.ERROR, "include_dashboard": False, "log_to_driver": False}
    if target:
        kw["address"] = target
    elif jobs > 1:
        kw["num_cpus"] = jobs
    try:
        ray.init(**kw)
    except ConnectionError as e:
        raise OptionsError(f"cannot reach the Ray cluster at {target}: {_first_line(e)}") from None
    except Exception as e:  # noqa: BLE001 - whatever stops Ray from starting is said in one line
        where = f"join the Ray cluster at {target}" if target else "start a local Ray instance"
        raise OptionsError(f"could not {where}: {_first_line(e)}") from None


def start(ray: Any, address: str | None, jobs: int) -> tuple[bool, str]:
    """Initialise Ray (see the module's docstring); returns whether this run started it (and must stop it) and
    a line saying what it joined or started and how long that took."""
    named = bool(address)
    target = address
    if not target:
        target, named = _running_cluster()
    began = time.perf_counter()
    stale = ""
    try:
        _init(ray, target, jobs)
    except OptionsError:
        if named or not target:
            raise
        # Ray's record names a cluster that is gone (stopped without 'ray stop', a rebooted machine)
        stale, target = target, None
        ray.shutdown()
        _init(ray, None, jobs)
    took = time.perf_counter() - began
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if target:
        return True, f"ray: joined the cluster at {target} ({cpus} CPUs) in {took:.1f} s"
    gone = f" (the cluster Ray last recorded, at {stale}, did not answer)" if stale else ""
    return True, (f"ray: started a local instance of {cpus} CPUs in {took:.1f} s{gone}, stopped after this run "
                  "('ray start --head' keeps one running, and later runs join it)")


def run(spec: Spec, todo: Sequence[int], chunk: int | None, address: str | None, jobs: int,
        done: Callable[[int, int, Any], None], say: Callable[[str], None],
        play: Callable[[Spec, int, int], Any]) -> int:
    """Play the games ``todo`` on Ray, each task ``play(spec, start, stop)`` (the simulator's ``tally_range``,
    handed in so that this module needs nothing of the simulator's), calling ``done(start, stop, sums)`` as each
    chunk finishes; returns the cluster's CPU count. A Ray already initialised in this process is used as it is."""
    try:
        import ray
    except ImportError:
        raise OptionsError("the ray backend needs Ray: pip install 'realms[ray]'") from None
    started = False
    if not ray.is_initialized():
        started, line = start(ray, address, jobs)
        say(line)
    starts: dict[Any, tuple[int, int]] = {}
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = chunk or max(1, min(4096, len(todo) // (cpus * 4) or 1))
        task = _remote(ray, play)
        spec_ref = ray.put(spec)
        for a, b in _ranges(todo, size):
            starts[task.remote(spec_ref, a, b)] = (a, b)
        waiting = list(starts)
        first = time.perf_counter()
        while waiting:
            finished, waiting = ray.wait(waiting, num_returns=1)
            for ref in finished:
                if first:
                    say(f"ray: first chunk back {time.perf_counter() - first:.1f} s after the tasks were sent "
                        "(workers start and load the games)")
                    first = 0.0
                a, b = starts[ref]
                done(a, b, _get(ray, ref))
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


def _get(ray: Any, ref: Any) -> Any:
    """A chunk's sums; Ray losing the chunk for good (its retries spent, the cluster gone) is one line of error,
    while an exception raised by the game itself is a bug and keeps its traceback."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError:
        raise
    except ray.exceptions.RayError as e:
        raise OptionsError(f"the Ray run failed: {_first_line(e)}") from None
