"""SIGKILL the server again and again while games are played, and check nothing acknowledged was lost.

Starts `realms serve` (a fresh SQLite file, or a PostgreSQL database given by --db, dropped and created
again first), plays --games two-seat Kingdomino games over HTTP from this process as fast as the server
answers (a finished game is replaced by a new one), and kills the server with SIGKILL --kills times, at a
random moment every --min to --max seconds (once it has taken 20 actions since it started), restarting it
at once on the same database. Every action
answered 200 is an acknowledged one: the script notes its game and version. At the end it reads the
database directly and, through the restarted server, every game: each acknowledged action must be stored
(a game's stored version at least its highest acknowledged one, its action rows numbered 1..version with no
gap), and every game must load and replay to its stored state hash (a game the server marks broken answers
500). Actions committed whose answer the kill cut off are stored but not acknowledged: counted, not an error.

Prints one JSON object: kills, acknowledged, stored, lost (must be 0), committed_unacknowledged, games,
broken, restart seconds; exits 1 when anything acknowledged was lost or a game does not load.

Usage: python benchmarks/kill_server.py [--kills 12] [--games 20] [--min 1.0] [--max 3.0] [--db URL] [--seed N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
import time
from typing import Any

import httpx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tests.support import Server, free_port  # noqa: E402


class Ledger:
    """What the server acknowledged: per game the versions answered 200."""

    def __init__(self) -> None:
        self.acked: dict[str, set[int]] = {}  # game -> its acknowledged versions
        self.actions = 0
        self.created = 0
        self.errors: dict[str, int] = {}

    def ack(self, gid: str, version: int) -> None:
        self.acked.setdefault(gid, set()).add(version)
        self.actions += 1

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def play(base: str, ledger: Ledger, stop: asyncio.Event, rng: random.Random) -> None:
    """One game slot: a game played to its end by both seats, then the next one; waits out the kills."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        gid: str | None = None
        tokens: list[str] = []
        while not stop.is_set():
            try:
                if gid is None:
                    r = await http.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]})
                    if r.status_code != 201:
                        ledger.error(f"create {r.status_code}")
                        await asyncio.sleep(0.1)
                        continue
                    made = r.json()
                    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
                    ledger.created += 1
                    ledger.acked.setdefault(gid, set())  # its creation was acknowledged: it must be there
                moved = False
                for token in tokens:
                    r = await http.get(f"/api/games/{gid}", params={"token": token})
                    if r.status_code != 200:
                        ledger.error(f"view {r.status_code}")
                        break
                    p = r.json()
                    if p["finished"]:
                        gid = None
                        moved = True
                        break
                    if not p["legal_actions"]:
                        continue
                    a = rng.choice(p["legal_actions"])["action"]
                    r = await http.post(f"/api/games/{gid}/actions",
                                        json={"token": token, "version": p["version"], "action": a})
                    if r.status_code == 200:
                        ledger.ack(gid, r.json()["version"])
                    else:
                        ledger.error(f"action {r.status_code}")
                    moved = True
                    break
                if not moved:
                    await asyncio.sleep(0.05)
            except (httpx.HTTPError, OSError):  # the server is down (killed): try again once it is back
                ledger.error("no answer")
                await asyncio.sleep(0.05)


def stored_versions(db: str, games: list[str]) -> tuple[dict[str, int], dict[str, tuple[int, int, int]]]:
    """Each game's stored version, and its action rows as (count, lowest n, highest n)."""
    if db.startswith("sqlite:///"):
        import sqlite3

        conn: Any = sqlite3.connect(db.removeprefix("sqlite:///"))
    else:
        import psycopg

        conn = psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://"))
    try:
        versions = dict(conn.execute("SELECT id, version FROM games").fetchall())
        rows = {gid: (n, lo, hi) for gid, n, lo, hi in
                conn.execute("SELECT game_id, count(*), min(n), max(n) FROM actions GROUP BY game_id").fetchall()}
    finally:
        conn.close()
    return {g: versions.get(g, -1) for g in games}, rows


def fresh_postgres(url: str) -> None:
    import psycopg

    admin, name = url.rsplit("/", 1)
    with psycopg.connect(admin.replace("postgresql+psycopg://", "postgresql://") + "/postgres",
                         autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


async def run(args: argparse.Namespace, db: str) -> dict:
    rng = random.Random(args.seed)
    server = Server(db, free_port(), ["--exempt-client", "127.0.0.1"])
    server.start()
    ledger = Ledger()
    stop = asyncio.Event()
    players = [asyncio.create_task(play(server.base, ledger, stop, random.Random(rng.random())))
               for _ in range(args.games)]
    restarts: list[float] = []
    at_kill: list[int] = []
    try:
        for _ in range(args.kills):
            since = ledger.actions
            await asyncio.sleep(rng.uniform(args.min, args.max))
            for _ in range(600):  # and never before the restarted server has taken a few actions (30 s at most)
                if ledger.actions - since >= 20:
                    break
                await asyncio.sleep(0.05)
            at_kill.append(ledger.actions)
            server.kill()
            t0 = time.perf_counter()
            await asyncio.to_thread(server.start)
            restarts.append(time.perf_counter() - t0)
        await asyncio.sleep(1.0)  # play on the last restart a moment
    finally:
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
    try:
        games = sorted(ledger.acked)
        versions, rows = stored_versions(db, games)
        # a game's versions are consecutive: its stored version n means actions 1..n are all there
        lost = {g: sorted(v for v in acked if v > versions[g]) for g, acked in ledger.acked.items()
                if versions[g] < 0 or any(v > versions[g] for v in acked)}
        gaps = {g: rows.get(g) for g in games if versions[g] > 0 and rows.get(g) != (versions[g], 1, versions[g])}
        broken = {}
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            for g in games:
                r = await http.get(f"/api/games/{g}")
                if r.status_code != 200 or r.json()["version"] != versions[g]:
                    broken[g] = r.status_code
    finally:
        server.stop()
    stored = sum(max(0, versions[g]) for g in games)
    acknowledged = sum(len(a) for a in ledger.acked.values())
    return {"db": "sqlite" if db.startswith("sqlite") else "postgresql", "kills": len(restarts),
            "games": len(games), "created": ledger.created, "acknowledged": acknowledged, "stored": stored,
            "lost": sum(len(v) for v in lost.values()), "lost_games": lost,
            "games_missing": sum(1 for g in games if versions[g] < 0),
            "committed_unacknowledged": stored - acknowledged,
            "gaps": gaps, "broken": broken, "restart_s": [round(t, 2) for t in restarts],
            "acknowledged_at_each_kill": at_kill, "refused_or_unanswered": ledger.errors}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=12)
    ap.add_argument("--games", type=int, default=20, help="games played at once")
    ap.add_argument("--min", type=float, default=1.0, help="shortest time between kills (s)")
    ap.add_argument("--max", type=float, default=3.0, help="longest time between kills (s)")
    ap.add_argument("--db", default=None, help="a PostgreSQL URL (its database is dropped and made again)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="realms-kill-")
    try:
        if args.db:
            fresh_postgres(args.db)
            db = args.db
        else:
            db = f"sqlite:///{folder}/kill.sqlite3"
        out = asyncio.run(run(args, db))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(out))
    if out["lost"] or out["games_missing"] or out["gaps"] or out["broken"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
