"""The Ray backend on a local Ray instance started here: the same report as the local backend, progress as
chunks finish, and a worker killed mid-run retried without changing the results."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from realms.sim import run_tournament

ray = pytest.importorskip("ray")
psutil = pytest.importorskip("psutil")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _stable(report):
    data = report.to_json()
    for k in ("seconds", "backend", "workers"):
        data.pop(k, None)
    return data


def test_ray_gives_the_local_report_and_reports_progress(local_ray):
    kw = dict(games=12, seed=21, options={"players": 3}, by_turn=True)
    agents = ["greedy", "random", "random"]
    local = run_tournament("kingdomino", agents, jobs=1, **kw)
    seen = []
    remote = run_tournament("kingdomino", agents, backend="ray", chunk=3, progress=seen.append, **kw)
    assert remote.to_json()["backend"] == "ray" and remote.workers == 2
    assert _stable(remote) == _stable(local)
    assert seen == [3, 6, 9, 12]


def _running_chunk_pids():
    pids = []
    for proc in psutil.process_iter(["pid", "cmdline"]):
        cmd = " ".join(proc.info["cmdline"] or [])
        if cmd.startswith("ray::play_range"):
            pids.append(proc.info["pid"])
    return pids


def test_a_worker_killed_mid_run_is_retried_and_the_results_do_not_change(local_ray):
    kw = dict(games=24, seed=8, options={"players": 2})
    agents = ["full-greedy", "greedy"]
    local = run_tournament("kingdomino", agents, **kw)
    killed: list[int] = []
    box: dict[str, object] = {}

    def go():
        try:
            box["report"] = run_tournament("kingdomino", agents, backend="ray", chunk=4, **kw)
        except BaseException as e:  # noqa: BLE001 - reported below
            box["error"] = e

    runner = threading.Thread(target=go)
    runner.start()
    deadline = time.monotonic() + 120
    while not killed and runner.is_alive() and time.monotonic() < deadline:
        pids = _running_chunk_pids()
        if pids:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])
        time.sleep(0.01)
    runner.join(300)
    assert "error" not in box, box.get("error")
    assert killed, "no Ray worker was seen playing a chunk, so none was killed"
    assert _stable(box["report"]) == _stable(local)
