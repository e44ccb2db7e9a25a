"""The Ray backend on a local Ray instance started here: the same report and table as the local backend,
progress as chunks finish, a worker killed mid-run retried without changing the results; how it finds a
cluster, says its start-up, and a Ray that cannot start said in one line."""

from __future__ import annotations

import os
import signal
import socket
import threading
import time

import pytest
from typer.testing import CliRunner

from realms.cli import app
from realms.core.errors import OptionsError
from realms.sim import ray_backend, run_tournament, tournament

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
        if cmd.startswith("ray::tally_range"):
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


def _table(output):
    return [line for line in output.splitlines() if "games/s" not in line and not line.startswith("note:")]


def test_ray_prints_the_local_table(local_ray):
    args = ["sim", "dominion", "--players", "big-money,smithy-big-money", "--games", "12", "--seed", "3"]
    runner = CliRunner()
    local = runner.invoke(app, args)
    remote = runner.invoke(app, [*args, "--backend", "ray"])
    assert local.exit_code == 0 and remote.exit_code == 0, local.output + remote.output
    assert _table(remote.output) == _table(local.output)
    assert "smithy-big-money" in local.output


class _FakeRay:
    def __init__(self, fail=None):
        self.fail, self.kw = fail, None

    def init(self, **kw):
        self.kw = kw
        if self.fail and "address" in kw:
            raise self.fail

    def shutdown(self):
        pass

    def cluster_resources(self):
        return {"CPU": 4.0}


def test_a_cluster_named_in_ray_address_is_joined_and_the_start_up_said(monkeypatch):
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.5:6379")
    fake = _FakeRay()
    started, line = ray_backend.start(fake, None, 2)
    assert fake.kw["address"] == "10.0.0.5:6379" and "num_cpus" not in fake.kw
    assert started and line.startswith("ray: joined the cluster at 10.0.0.5:6379 (4 CPUs) in ")


def test_without_a_cluster_a_local_instance_of_jobs_cpus_is_started(monkeypatch):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray_backend, "_running_cluster", lambda: (None, False))
    fake = _FakeRay()
    _, line = ray_backend.start(fake, None, 2)
    assert fake.kw["num_cpus"] == 2 and "address" not in fake.kw
    assert line.startswith("ray: started a local instance of 4 CPUs in ") and "ray start --head" in line


def test_a_recorded_cluster_that_is_gone_gives_way_to_a_local_instance(monkeypatch):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray_backend, "_running_cluster", lambda: ("10.0.0.9:6379", False))
    fake = _FakeRay(fail=ConnectionError("no GCS at 10.0.0.9:6379"))
    _, line = ray_backend.start(fake, None, 2)
    assert fake.kw["num_cpus"] == 2
    assert line.startswith("ray: started a local instance of 4 CPUs in ") and "at 10.0.0.9:6379, did not answer" in line
    with pytest.raises(OptionsError, match="^cannot reach the Ray cluster at 10.0.0.9:6379: no GCS"):
        ray_backend.start(_FakeRay(fail=ConnectionError("no GCS at 10.0.0.9:6379")), "10.0.0.9:6379", 2)


@pytest.fixture
def no_cluster(monkeypatch):
    """No Ray in this process and no cluster to join: a run would start a local instance."""
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray_backend, "_running_cluster", lambda: (None, False))
    monkeypatch.setattr(ray, "is_initialized", lambda: False)


def test_a_ray_that_cannot_start_is_one_line_of_error(monkeypatch, no_cluster):

    def refuse(**kw):
        raise RuntimeError("Failed to start the GCS server.\nTraceback (most recent call last): ...")

    monkeypatch.setattr(ray, "init", refuse)
    monkeypatch.setattr(ray_backend, "LOCAL_START_SECONDS", 0.0)  # (else 4 games play on the local backend)
    done = CliRunner().invoke(app, ["sim", "kingdomino", "--players", "random,random", "--games", "4",
                                    "--backend", "ray"])
    assert done.exit_code == 2
    lines = [line for line in done.output.splitlines() if line.strip()]
    assert lines == ["error: could not start a local Ray instance: Failed to start the GCS server."], done.output


def test_a_run_shorter_than_a_local_ray_start_plays_on_the_local_backend_and_says_why(monkeypatch, no_cluster):

    def not_wanted(**kw):
        raise AssertionError("a local Ray instance was started for a short run")

    monkeypatch.setattr(ray, "init", not_wanted)
    args = ["sim", "kingdomino", "--players", "greedy,random", "--games", "30", "--seed", "5"]
    done = CliRunner().invoke(app, [*args, "--backend", "ray"])
    assert done.exit_code == 0, done.output
    assert "ray: no cluster to join, and the 30 games take about " in done.output
    assert "less than starting a local Ray instance" in done.output and "played on the local backend" in done.output
    local = CliRunner().invoke(app, args)
    table = [line for line in done.output.splitlines() if "\u2502" in line]  # (the table's rows)
    assert len(table) == 2 and table == [line for line in local.output.splitlines() if "\u2502" in line]
    report = run_tournament("kingdomino", ["greedy", "random"], games=30, seed=5, backend="ray")
    assert report.backend == "local" and "backend" not in report.to_json()  # (said only when not local)
    assert _stable(report) == _stable(run_tournament("kingdomino", ["greedy", "random"], games=30, seed=5))


def test_a_run_longer_than_a_local_ray_start_goes_to_ray(monkeypatch, no_cluster):
    monkeypatch.setattr(ray_backend, "LOCAL_START_SECONDS", 1e-9)
    asked = []

    def refuse(**kw):
        asked.append(kw)
        raise RuntimeError("no room for Ray here")

    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(OptionsError, match="could not start a local Ray instance: no room for Ray here"):
        run_tournament("kingdomino", ["random", "random"], games=3000, seed=5, backend="ray")
    assert asked and "address" not in asked[0]


def _ray_refused_after(monkeypatch, games: int, **kw) -> int:
    """How many games a run with no cluster played in this process before it asked Ray to start (refused)."""
    finished = [0]
    asked: list[int] = []

    def refuse(**_):
        asked.append(finished[0])
        raise RuntimeError("no room for Ray here")

    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(OptionsError, match="no room for Ray here"):
        run_tournament("kingdomino", ["random", "random"], games=games, seed=5, backend="ray",
                       progress=lambda n: finished.__setitem__(0, n), **kw)
    assert asked
    return asked[0]


def test_a_large_chunk_for_rays_tasks_is_not_played_whole_here_to_time_the_run(monkeypatch, no_cluster):
    monkeypatch.setattr(ray_backend, "LOCAL_START_SECONDS", 1e-9)  # (any run is long enough for Ray)
    played_here = _ray_refused_after(monkeypatch, 3000, chunk=3000)
    assert played_here < 3000 and played_here % tournament.CALIBRATE_CHUNK == 0


def test_a_cluster_on_record_that_no_longer_answers_counts_as_none(monkeypatch):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)  # (the module's own local instance may be up)
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        monkeypatch.setattr(ray_backend, "_running_cluster", lambda: (f"127.0.0.1:{port}", False))
        assert not ray_backend.would_start_local(None)  # a cluster that answers is joined
    assert ray_backend.would_start_local(None)  # gone (its record left behind): a run would start its own
    monkeypatch.setattr(ray_backend, "_running_cluster", lambda: (f"127.0.0.1:{port}", True))
    assert not ray_backend.would_start_local(None)  # one named in RAY_ADDRESS is always tried


def test_a_round_robin_whose_tables_were_too_short_for_ray_says_it_played_locally(monkeypatch, no_cluster):
    from realms.sim.roundrobin import round_robin

    def not_wanted(**kw):
        raise AssertionError("a local Ray instance was started for short tables")

    monkeypatch.setattr(ray, "init", not_wanted)
    rr = round_robin("kingdomino", ["random", "greedy", "full-greedy"], 4, seed=3, backend="ray")
    assert all(rep.backend == "local" for _, rep in rr.tables) and rr.backend == "local"
