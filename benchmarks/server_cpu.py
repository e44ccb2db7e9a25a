"""Server CPU per accepted action, two source trees interleaved (the figure a shared machine disturbs least).

Each run starts `realms serve` from a tree (``PYTHONPATH=TREE/src``, the same venv) on a fresh database,
drives it with the Node.js load generator (benchmarks/load/load.mjs, as server_load.py --client node does)
and reads the server process's CPU time (user + system, /proc/PID/stat) from the moment it answers its
first request to the end of the run; that is divided by the actions the database holds at the end (every
action it accepted, head starts included). Start-up is left out: the trees import different things. Runs
alternate between the trees (A B A B ...), or with --paired run together (each its own server, database
and generator, the order of starting swapped every run), so both see the same machine; each line printed is
one run's JSON (with the load average at its end); the last line gives each tree's median.

Usage: python benchmarks/server_cpu.py --tree /work/main --tree /tmp/old [--runs 4] [--games 200]
       [--rate 1000] [--seconds 15] [--db sqlite|postgresql://...] [--via http|ws] [--env K=V ...] [--paired]
       [--py-spy DIR [--gil]]  (records a py-spy profile of each run's server into DIR)

Build an older tree with `git worktree add --detach /tmp/old COMMIT` (never switch branches in place).
A PostgreSQL URL names a database the script drops and creates again before each run (its role must be
allowed to), so give it one of its own; --paired uses one per tree, the URL's name with _0, _1, ... added.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import httpx

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def fresh_postgres(url: str) -> None:
    import psycopg

    admin, name = url.rsplit("/", 1)
    with psycopg.connect(admin.replace("postgresql+psycopg://", "postgresql://") + "/postgres",
                         autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def count_actions(db: str) -> int:
    if db.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
            return conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    import psycopg

    with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return conn.execute("SELECT count(*) FROM actions").fetchone()[0]


class Run:
    """One server from one tree on a fresh database, driven by its own generator."""

    def __init__(self, spec: str, args: argparse.Namespace, folder: str, index: int, db_suffix: str = "") -> None:
        self.spec, self.args = spec, args
        self.tree, _, extra = spec.partition("@")  # TREE@K=V,K=V: environment for this tree's server only
        if args.db == "sqlite":
            self.db = f"sqlite:///{folder}/run{index}.sqlite3"
        else:
            self.db = args.db + db_suffix
            fresh_postgres(self.db)
        port = free_port()
        env = {**os.environ, "PYTHONPATH": os.path.join(self.tree, "src"), "PYTHONUNBUFFERED": "1"}
        env.update(dict(kv.split("=", 1) for kv in args.env + [e for e in extra.split(",") if e]))
        serve = [sys.executable, "-m", "realms.cli", "serve", "--port", str(port), "--db", self.db, "--bot-delay", "0"]
        helptext = subprocess.run([*serve[:4], "--help"], env=env, capture_output=True, text=True).stdout
        if "--exempt-client" in helptext:  # the generator plays 400 seats from one address (as server_load.py)
            serve += ["--exempt-client", "127.0.0.1"]
        self.log = open(os.path.join(folder, f"run{index}.log"), "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(serve, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        self.base = f"http://127.0.0.1:{port}"
        self.spy: subprocess.Popen | None = None
        self.index = index

    def wait_ready(self) -> None:
        deadline = time.time() + 60
        while True:
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.time() > deadline:
                raise RuntimeError(f"server from {self.tree} did not start: see {self.log.name}")
            time.sleep(0.1)

    def start_load(self) -> None:
        args = self.args
        if args.py_spy:
            os.makedirs(args.py_spy, exist_ok=True)
            out = os.path.join(args.py_spy, f"run{self.index}-{os.path.basename(self.tree.rstrip('/'))}.txt")
            self.spy = subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "py-spy"), "record", "-p",
                                         str(self.proc.pid), "-f", "raw", "-r", "200", "-o", out, "--nonblocking"]
                                        + (["--gil"] if args.gil else []),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.cpu0 = cpu_seconds(self.proc.pid)
        self.t0 = time.time()
        self.gen = subprocess.Popen(["node", os.path.join(HERE, "load", "load.mjs"), "--base", self.base, "--games",
                                     str(args.games), "--rate", str(args.rate), "--seconds", str(args.seconds),
                                     "--game", args.game, "--via", args.via, "--max-warmup", "180"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def finish(self) -> dict:
        try:
            out_text, err_text = self.gen.communicate()
            if self.gen.returncode != 0:
                raise RuntimeError(f"the generator failed: {err_text.strip()}")
            user, system = (b - a for a, b in zip(self.cpu0, cpu_seconds(self.proc.pid), strict=True))
            wall = time.time() - self.t0
            if self.spy is not None:
                self.spy.send_signal(signal.SIGINT)
                self.spy.wait(30)
        finally:
            self.stop()
        cpu = user + system
        actions = count_actions(self.db)
        out = json.loads(out_text.strip().splitlines()[-1])
        return {"tree": self.spec, "us_per_action": round(cpu / actions * 1e6, 1), "cpu_s": round(cpu, 2),
                "system_share": round(system / cpu, 2),
                "actions": actions, "wall_s": round(wall, 1), "server_core_share": round(cpu / wall, 2),
                "actions_per_second": out["actions_per_second"], "p50_ms": out["p50_ms"], "p99_ms": out["p99_ms"],
                "errors": out["errors"], "loadavg": os.getloadavg()[0]}

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", action="append", required=True,
                    help="a source tree (its src/ is imported), optionally TREE@K=V,K=V for its server's environment")
    ap.add_argument("--runs", type=int, default=4, help="runs of each tree")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", default="kingdomino")
    ap.add_argument("--rate", type=float, default=1000.0)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--via", choices=["http", "ws"], default="http")
    ap.add_argument("--db", default="sqlite", help="sqlite (a fresh file per run) or a PostgreSQL URL")
    ap.add_argument("--env", action="append", default=[], help="K=V for the server's environment")
    ap.add_argument("--py-spy", default=None, help="folder for a py-spy raw profile of each run")
    ap.add_argument("--gil", action="store_true", help="py-spy samples only the thread holding the GIL (Python "
                    "CPU; leaves out waits in C that release it, such as SQLite's fsync)")
    ap.add_argument("--paired", action="store_true",
                    help="run the trees at the same time (each its own server, database and generator) rather than "
                         "one after the other: on a shared machine both then see the same load")
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="realms-cpu-")
    results: dict[str, list[float]] = {t: [] for t in args.tree}
    try:
        index = 0
        for n in range(args.runs):
            if args.paired:  # every tree at once, each with its own generator: the same minutes for all
                order = args.tree if n % 2 == 0 else args.tree[::-1]
                runs = []
                try:
                    for i, tree in enumerate(order):
                        runs.append(Run(tree, args, folder, index, f"_{i}"))
                        index += 1
                    for r in runs:
                        r.wait_ready()
                    for r in runs:
                        r.start_load()
                    for r in runs:
                        out = r.finish()
                        results[r.spec].append(out["us_per_action"])
                        print(json.dumps(out), flush=True)
                finally:
                    for r in runs:
                        r.stop()
                continue
            for tree in args.tree:
                r = Run(tree, args, folder, index)
                index += 1
                try:
                    r.wait_ready()
                    r.start_load()
                    out = r.finish()
                finally:
                    r.stop()
                results[tree].append(out["us_per_action"])
                print(json.dumps(out), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"median_us_per_action": {t: statistics.median(v) for t, v in results.items() if v},
                      "runs": results}))


if __name__ == "__main__":
    main()
