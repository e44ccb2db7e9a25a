"""Start-up with many unfinished tables: how long `realms serve` takes to answer, and its memory then.

Builds a SQLite database (in this process, through realms.server.live.Manager) holding --tables unfinished
two-seat Kingdomino tables, each --actions actions in, of which --bots have their second seat handed to the
greedy bot afterwards (as a takeover would), then starts `realms serve` on it --runs times and reports, for
each start, the seconds until GET /api/meta answers 200 (the games a restart must resume are replayed before
the server listens) and the server's resident memory then (VmRSS), with how many games a start keeps (those
whose bot is to move; the others are replayed only when asked for). Each start is paired with one on an empty
database, and the differences (extra_seconds, extra_rss_mb) are what the tables cost.

Usage: python benchmarks/startup.py [--tables 5000] [--bots 1000] [--actions 12] [--runs 2] [--db FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

import httpx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tests.support import free_port  # noqa: E402


def build(path: str, tables: int, bots: int, actions: int, seed: int = 1) -> None:
    from sqlalchemy.orm import sessionmaker

    from realms.server import db as D
    from realms.server.live import Manager

    engine = D.make_engine(f"sqlite:///{path}")
    D.migrate(engine)
    manager = Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=0)
    rng = random.Random(seed)
    made: list[str] = []

    async def table() -> None:
        live = manager.create("kingdomino", None, ["creator", "creator"])
        tokens = (live.issued or {})["tokens"]
        while live.version < actions and not live.finished:
            seat = live.game.to_move(live.state)
            action = rng.choice(list(live.game.legal_actions(live.state))).to_json()
            await manager.submit(live, tokens[seat], live.version, action)
        made.append(live.id)
        manager.games.pop(live.id, None)  # nothing kept in this process

    async def run() -> None:
        for start in range(0, tables, 50):  # 50 tables at a time: their actions share commits
            await asyncio.gather(*(table() for _ in range(min(50, tables - start))))

    asyncio.run(run())
    manager.writer.close()
    engine.dispose()
    with sqlite3.connect(path) as conn:  # the first --bots tables: their second seat to the greedy bot
        conn.executemany("UPDATE seats SET kind = 'bot', agent = 'greedy', access = 'bot', token_hash = NULL "
                         "WHERE game_id = ? AND seat = 1", [(g,) for g in made[:bots]])


def start(path: str) -> dict:
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "realms.cli", "serve", "--port", str(port), "--db",
                             f"sqlite:///{path}", "--bot-delay", "60"],  # the bots wait: nothing moves meanwhile
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.perf_counter() - t0 > 600:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        seconds = time.perf_counter() - t0
        with open(f"/proc/{proc.pid}/status") as f:
            rss = int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1)) // 1024  # type: ignore[union-attr]
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    if proc.returncode not in (0, -15):
        raise RuntimeError(err)
    return {"seconds": round(seconds, 2), "rss_mb": rss, "loadavg": round(os.getloadavg()[0], 2)}


def kept(path: str) -> int:
    """The games a start keeps in memory: unfinished, with a bot seat, that bot to move (its bot restarts)."""
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT count(*) FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move "
                            "WHERE g.status = 'active' AND s.kind = 'bot'").fetchone()[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=5000)
    ap.add_argument("--bots", type=int, default=1000)
    ap.add_argument("--actions", type=int, default=12)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--db", default=None, help="an SQLite file: built when missing, kept afterwards")
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="realms-startup-")
    path = args.db or os.path.join(folder, "startup.sqlite3")
    try:
        t0 = time.perf_counter()
        if not os.path.exists(path):
            build(path, args.tables, args.bots, args.actions)
        built = time.perf_counter() - t0
        empty = os.path.join(folder, "empty.sqlite3")
        build(empty, 0, 0, 0)
        for _ in range(args.runs):  # each start on the full database next to one on an empty one
            base, full = start(empty), start(path)
            print(json.dumps({"tables": args.tables, "bots": args.bots, "actions": args.actions,
                              "build_seconds": round(built, 1), "kept": kept(path), **full,
                              "empty_db": base, "extra_seconds": round(full["seconds"] - base["seconds"], 2),
                              "extra_rss_mb": full["rss_mb"] - base["rss_mb"]}), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
