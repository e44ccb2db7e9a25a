"""Helpers shared by tests: a real server process, and a script of benchmarks/ or examples/ loaded as a module."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> ModuleType:
    """The script at ``relative`` to the repository (``benchmarks/strength.py``) as the module ``name`` (kept in
    ``sys.modules``, so its dataclasses resolve), leaving ``sys.path`` as it was (some scripts add their folder to
    import a sibling, which is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    path = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = path
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: str, port: int, args: list[str] | None = None) -> None:
        self.db, self.port, self.args = db, port, list(args or [])
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self, timeout: float = 30.0) -> None:
        # the server's log goes to a file, read through proc.stderr like a pipe: a pipe nobody reads blocks
        # the server (and everyone waiting on it) once 64 KiB of log lines wait in it
        log = tempfile.NamedTemporaryFile(prefix="realms-server-", suffix=".log", delete=False)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "realms.cli", "serve", "--port", str(self.port), "--db", self.db,
             "--bot-delay", "0", *self.args],
            stdout=subprocess.DEVNULL, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        log.close()
        self.proc.stderr = open(log.name, "rb")  # noqa: SIM115 (read after the server stops, as the pipe was)
        os.unlink(log.name)  # both ends stay open; nothing is left behind
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr else "server died")
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


#: the PostgreSQL database the server tests may use (``.ci/run`` starts one); unset: those tests are skipped
POSTGRES_URL = os.environ.get("REALMS_TEST_POSTGRES_URL")
#: the database backends server tests are parametrised over; without POSTGRES_URL the PostgreSQL cases are
#: reported as skipped with the reason (``pytest -ra`` lists them), never silently left out
BACKENDS = [
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.skipif(
        not POSTGRES_URL, reason="PostgreSQL: REALMS_TEST_POSTGRES_URL is not set (.ci/run starts a local cluster)")),
]
