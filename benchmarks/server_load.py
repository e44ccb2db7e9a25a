"""Load test: N concurrent bot-vs-bot games played through the HTTP API, watched over WebSocket.

Starts `realms serve` on loopback with a fresh SQLite database (or --db URL), creates N games whose seats
are all "human", and plays every seat from this process: each seat watches its WebSocket and POSTs an
action (uniformly random among the legal ones) whenever it is to move. Prints actions/s over the run and
the p50/p99 latency of the action requests.

Usage: python benchmarks/server_load.py [--games 200] [--game kingdomino] [--seconds 30] [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time

import httpx
import orjson
import websockets

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tests.support import Server, free_port  # noqa: E402


class RawHttp:
    """A minimal keep-alive HTTP/1.1 client, so the load generator itself stays cheap."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(b"POST " + path.encode() + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        return status, await self.reader.readexactly(length)


async def seat_loop(base: str, gid: str, token: str, latencies: list[float], stop: float,
                    rng: random.Random) -> int:
    done = 0
    host, port = base.split("//")[1].split(":")
    http = RawHttp(host, int(port))
    uri = base.replace("http", "ws") + f"/ws/games/{gid}?token={token}"
    async with websockets.connect(uri, max_size=2**22, compression=None) as ws:
        while time.perf_counter() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.perf_counter()))
            except TimeoutError:
                break
            msg = orjson.loads(raw)
            if msg.get("finished"):
                break
            if msg.get("type") != "update" or not msg["legal_actions"]:
                continue
            action = rng.choice(msg["legal_actions"])["action"]
            t0 = time.perf_counter()
            status, _ = await http.post(f"/api/games/{gid}/actions",
                                        orjson.dumps({"token": token, "version": msg["version"], "action": action}))
            latencies.append(time.perf_counter() - t0)
            if status == 200:
                done += 1
    if http.writer is not None:
        http.writer.close()
    return done


async def run(base: str, game: str, games: int, seconds: float, players: int) -> None:
    limits = httpx.Limits(max_connections=games * players + 10, max_keepalive_connections=games * players + 10)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        made = []
        for _ in range(games):
            r = await client.post(f"{base}/api/games", json={"game": game, "seats": ["human"] * players})
            r.raise_for_status()
            made.append(r.json())
        latencies: list[float] = []
        start = time.perf_counter()
        stop = start + seconds
        rng = random.Random(1)
        tasks = [seat_loop(base, g["id"], s["token"], latencies, stop, random.Random(rng.random()))
                 for g in made for s in g["seats"]]
        counts = await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - start
    total = sum(counts)
    lat = sorted(latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(json.dumps({"game": game, "live_games": games, "actions": total, "seconds": round(elapsed, 2),
                      "actions_per_second": round(total / elapsed, 1), "p50_ms": round(p50, 2),
                      "p99_ms": round(p99, 2)}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", default="kingdomino")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--db", default=None)
    args = ap.parse_args()
    folder = tempfile.mkdtemp()
    server = Server(args.db or f"sqlite:///{folder}/load.sqlite3", free_port())
    server.start()
    try:
        asyncio.run(run(server.base, args.game, args.games, args.seconds, args.players))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
