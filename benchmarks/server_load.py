"""Load test: N concurrent bot-vs-bot games played through the HTTP API, watched over WebSocket.

Starts `realms serve` on loopback with a fresh SQLite database (or --db URL), creates N games whose seats
are all "human", and plays every seat from this process: each seat watches its WebSocket and POSTs an
action (uniformly random among the legal ones) when it is to move, or with --via ws sends it on its
WebSocket. Each game moves at a steady pace, so the offered load is --rate actions/s in total (0 = as
fast as possible). Prints the actions/s achieved and the p50/p99 latency of the actions (request to
answer; over WebSocket, message to the push of the next version). --client node runs the same protocol
from benchmarks/load/load.mjs, which costs far less CPU next to the server.

So that games are of every age, as on a server that has been up for a while, each slot's first game plays
a random head start at once (up to about one game's length); the measured window (--seconds) opens a few
seconds after the last head start is played.

With --hard-bots N the same bystander load is measured in one run without and with N more tables of one
human seat against searching bots (``--bot`` hard; ``--bot-players`` seats a table) kept thinking: a
driver in this process plays each table's human seat at once whenever it is to move (a new table when one
ends), so the server's bot pool always has those bots' moves to think. Phases alternate --rounds times:
"without" (the driver paused and every bot table back to its human's turn, so no bot thinks), then
"with" (the driver playing; the window opens after the bystanders' head starts, --bot-settle seconds
after the driver resumed at least). One JSON line per phase (the bot phases add the bot moves played in
the window and how long the human seats waited for their bots), then one line comparing them.

Usage: python benchmarks/server_load.py [--games 200] [--rate 1000] [--game kingdomino] [--seconds 30]
       [--via http|ws] [--client python|node] [--db URL] [--head-start N] [--settle S] [--trace]
       [--max-warmup S] [--hard-bots N [--bot hard] [--bot-players 2] [--rounds 1] [--bot-settle S]]
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

import httpx
import orjson
import websockets

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tests.support import Server, free_port  # noqa: E402


class RawHttp:
    """A minimal keep-alive HTTP/1.1 client, so the load generator itself stays cheap."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.hostport = f"{host}:{port}".encode()  # the server answers only to its allowed host names
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        return await self.request(b"POST", path, body)

    async def get(self, path: str) -> tuple[int, bytes]:
        return await self.request(b"GET", path, None)

    async def request(self, method: bytes, path: str, body: bytes | None) -> tuple[int, bytes]:
        try:
            return await asyncio.wait_for(self._request(method, path, body), TIMEOUT)
        except (ConnectionError, asyncio.IncompleteReadError):
            # the server closes idle keep-alive connections: open a new one and send again
            self.writer = None
            return await asyncio.wait_for(self._request(method, path, body), TIMEOUT)
        except TimeoutError:  # never wait for ever on one answer: the caller reads the game again
            if self.writer is not None:
                self.writer.close()
            self.writer = None
            return 0, b""

    async def _request(self, method: bytes, path: str, body: bytes | None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = method + b" " + path.encode() + b" HTTP/1.1\r\nHost: " + self.hostport
        if body is not None:
            head += b"\r\nContent-Type: application/json\r\nContent-Length: " + str(len(body)).encode()
        self.writer.write(head + b"\r\n\r\n" + (body or b""))
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        return status, await self.reader.readexactly(length)


TIMEOUT = 30.0  # seconds: the longest any one answer is waited for


def game_length(game_id: str) -> int:
    """Actions of a random 2-player game of ``game_id``, roughly (the median of five seeded random games through the
    protocol: Kingdomino 48, Dominion 300, Burgundy 196): the default head start, so that games are of every age."""
    import realms.games
    from realms.core.rng import Rng

    game = realms.games.get(game_id)
    lengths = []
    for seed in range(5):
        state, rng, n = game.new({"players": 2}, seed), Rng(seed), 0
        while game.to_move(state) is not None:
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.below(len(legal))])
            n += 1
        lengths.append(n)
    return sorted(lengths)[len(lengths) // 2]


class Window:
    """The measured window: it opens ``settle`` seconds after every slot has played its head start."""

    def __init__(self, games: int, seconds: float, settle: float) -> None:
        self.left, self.seconds, self.settle = games, seconds, settle
        self.start = time.perf_counter()
        self.opens = self.closes = float("inf")

    def head_start_done(self) -> None:
        self.left -= 1
        if self.left == 0:
            self.opens = time.perf_counter() + self.settle
            self.closes = self.opens + self.seconds

    def over(self) -> bool:
        return time.perf_counter() >= self.closes


errors: dict[int, int] = {}  # status -> how many actions were answered with it (0: no answer in TIMEOUT)


async def seat_loop(base: str, gid: str, token: str, samples: list[tuple[float, float]], window: Window,
                    rng: random.Random, pace: dict[str, float], interval: float, skip: dict[str, int],
                    via: str = "http") -> int:
    """Play one seat of one game: answer each pushed view in which this seat is to move.

    With ``via="ws"`` the action goes out on the seat's WebSocket, and its latency ends when the push of the
    next version (or an error message) comes back on that socket.
    """
    done = 0
    host, port = base.split("//")[1].split(":")
    http = RawHttp(host, int(port))
    uri = base.replace("http", "ws") + f"/ws/games/{gid}?token={token}"
    sent: tuple[float, int] | None = None  # (time, version) of an action sent over the WebSocket
    again: str | None = None  # the seat's view read back after a refused action, handled like a push
    async with websockets.connect(uri, max_size=2**22, compression=None) as ws:
        while not window.over():
            if again is not None:
                raw, again = again, None
            else:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
            if sent is not None:
                error = raw.startswith('{"type":"error"')
                if error or orjson.loads(raw)["version"] > sent[1]:
                    samples.append((sent[0], time.perf_counter() - sent[0]))
                    done += not error
                    sent = None
            if '"legal_actions":[]' in raw and '"finished":true' not in raw:
                continue  # not this seat's turn: no need to read the whole view
            msg = orjson.loads(raw)
            if msg.get("finished"):
                break
            if msg.get("type") != "update" or not msg["legal_actions"]:
                continue
            action = rng.choice(msg["legal_actions"])["action"]
            # each game moves at a steady pace (a bot's thinking time), so the total offered load is --rate;
            # a slot's first game plays its first `skip` moves at once, so that games are of every age
            if skip.get(gid, 0) > 0:
                skip[gid] -= 1
                if skip[gid] == 0:
                    window.head_start_done()
            else:
                wait = pace[gid] - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                pace[gid] = max(pace[gid] + interval, time.perf_counter())
            if window.over():
                break
            t0 = time.perf_counter()
            if via == "ws":
                await ws.send(orjson.dumps({"type": "action", "version": msg["version"], "action": action}).decode())
                sent = (t0, msg["version"])
                continue
            status, _ = await http.post(f"/api/games/{gid}/actions",
                                        orjson.dumps({"token": token, "version": msg["version"], "action": action}))
            samples.append((t0, time.perf_counter() - t0))
            if status == 200:
                done += 1
            else:  # refused or unanswered: no push will come for it, so read the game again and go on
                errors[status] = errors.get(status, 0) + 1
                status, body = await http.get(f"/api/games/{gid}?token={token}")
                if status == 200:
                    again = '{"type":"update",' + body.decode()[1:]
    if http.writer is not None:
        http.writer.close()
    return done


async def game_slot(base: str, client: httpx.AsyncClient, game: str, players: int, samples: list,
                    window: Window, rng: random.Random, pace: dict[str, float], interval: float, first: float,
                    skip: dict[str, int], head_start: int, via: str = "http") -> int:
    """Keep one live game going until the end of the run: when a game ends, the slot starts another."""
    done = 0
    if head_start == 0:
        window.head_start_done()
    while not window.over():
        r = await client.post(f"{base}/api/games", json={"game": game, "seats": ["human"] * players})
        r.raise_for_status()
        made = r.json()
        pace[made["id"]] = max(first, time.perf_counter())
        skip[made["id"]] = head_start
        first, head_start = 0.0, 0
        counts = await asyncio.gather(*[
            seat_loop(base, made["id"], seat["token"], samples, window, random.Random(rng.random()), pace,
                      interval, skip, via)
            for seat in made["seats"]])
        if skip.pop(made["id"]) > 0:  # the game ended inside its head start
            window.head_start_done()
        pace.pop(made["id"])
        done += sum(counts)
    return done


async def run(base: str, game: str, games: int, seconds: float, players: int, rate: float, settle: float = 3.0,
              trace: bool = False, head_start: int | None = None, via: str = "http",
              max_warmup: float = 180.0) -> dict:
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    head_start = head_start or game_length(game)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        samples: list[tuple[float, float]] = []
        window = Window(games, seconds, settle)
        start = window.start
        rng = random.Random(1)
        interval = games / rate if rate > 0 else 0.0
        pace: dict[str, float] = {}
        skip: dict[str, int] = {}
        async def watchdog() -> None:  # a run that cannot open its window says so instead of hanging
            await asyncio.sleep(max_warmup)
            if window.opens == float("inf"):
                raise RuntimeError(f"after {max_warmup:.0f} s, {window.left} of {games} games had not finished "
                                   f"their head start (answers other than 200: {errors or 'none'})")

        guard = asyncio.create_task(watchdog())
        slots = asyncio.gather(*[
            game_slot(base, client, game, players, samples, window, random.Random(rng.random()), pace, interval,
                      start + rng.random() * interval, skip, rng.randrange(head_start), via)  # staggered games
            for _ in range(games)])
        done, _ = await asyncio.wait([guard, slots], return_when=asyncio.FIRST_COMPLETED)
        if guard in done:
            slots.cancel()
            guard.result()  # raises
        guard.cancel()
        slots.result()
        elapsed = time.perf_counter() - start
    if trace:  # latency second by second, to see bursts and stalls (* marks the measured seconds)
        for sec in range(int(elapsed) + 1):
            lats = sorted(lat for t, lat in samples if sec <= t - start < sec + 1)
            if lats:
                mark = "*" if window.opens <= start + sec < window.closes else " "
                print(f"second {sec:3d}{mark} {len(lats):5d} actions, p50 {lats[len(lats) // 2] * 1000:7.1f} ms, "
                      f"max {lats[-1] * 1000:7.1f} ms", file=sys.stderr)
    steady = sorted(lat for t, lat in samples if window.opens <= t < window.closes)

    def pct(q: float) -> float:
        return round(steady[min(len(steady) - 1, int(len(steady) * q))] * 1000, 2) if steady else float("nan")

    return {"game": game, "live_games": games, "offered_rate": rate, "client": "python", "via": via,
            "actions": len(steady), "warmup_seconds": round(window.opens - start, 1), "seconds": seconds,
            "actions_per_second": round(len(steady) / seconds, 1),
            "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": pct(1.0), "errors": errors}


class BotTables:
    """``n`` live tables of one human seat against ``players - 1`` bots named ``bot``, the human seat played
    from here at once whenever it is to move while ``active`` is set (and not at all while it is clear), so
    that the server's bots are kept thinking. A finished table is replaced by a new one."""

    def __init__(self, base: str, game: str, players: int, bot: str, n: int) -> None:
        self.base, self.game, self.players, self.bot, self.n = base, game, players, bot, n
        self.active = asyncio.Event()
        self.closed = False
        #: (time, seconds) from the human seat's answered action to its next turn after the bots moved: the
        #: bots' thinking and their wait for the pool
        self.waits: list[tuple[float, float]] = []
        #: (time, versions) of the bot moves seen by the human seats (versions between two human turns)
        self.moves: list[tuple[float, int]] = []
        #: per table, whether its bots are to move (thinking, or waiting for the pool)
        self.bots_turn: dict[int, bool] = {}
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        if not self.tasks:
            self.tasks = [asyncio.create_task(self.table(k, random.Random(k))) for k in range(self.n)]
        self.active.set()

    def pause(self) -> None:
        self.active.clear()

    async def drained(self, timeout: float = 300.0) -> None:
        """Wait until no bot table has a bot to move (the driver paused first)."""
        deadline = time.perf_counter() + timeout
        while any(self.bots_turn.values()):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"after {timeout:.0f} s, {sum(self.bots_turn.values())} bot tables still "
                                   "had a bot to move")
            await asyncio.sleep(0.2)

    async def close(self) -> None:
        self.closed = True
        self.active.set()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def table(self, k: int, rng: random.Random) -> None:
        host, port = self.base.split("//")[1].split(":")
        http = RawHttp(host, int(port))
        seats = ["human"] + [f"bot:{self.bot}"] * (self.players - 1)
        while not self.closed:
            status, body = await http.post("/api/games", orjson.dumps({"game": self.game, "seats": seats}))
            if status != 201:
                raise RuntimeError(f"a bot table was refused: {status} {body[:200]!r}")
            made = orjson.loads(body)
            gid, token = made["id"], made["seats"][0]["token"]
            uri = self.base.replace("http", "ws") + f"/ws/games/{gid}?token={token}"
            acted: tuple[float, int] | None = None  # (time answered, version after) of the human's last action
            seen = -1
            async with websockets.connect(uri, max_size=2**22, compression=None) as ws:
                while not self.closed:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    msg = orjson.loads(raw)
                    if msg.get("type") != "update" or msg["version"] <= seen:
                        continue
                    seen = msg["version"]
                    if msg.get("finished"):
                        break
                    self.bots_turn[k] = not msg["legal_actions"]
                    if not msg["legal_actions"]:
                        continue
                    now = time.perf_counter()
                    if acted is not None:
                        if msg["version"] > acted[1]:  # bots moved (not the human's second move in a row)
                            self.waits.append((now, now - acted[0]))
                            self.moves.append((now, msg["version"] - acted[1]))
                        acted = None
                    await self.active.wait()
                    if self.closed:
                        break
                    action = rng.choice(msg["legal_actions"])["action"]
                    status, _ = await http.post(f"/api/games/{gid}/actions", orjson.dumps(
                        {"token": token, "version": msg["version"], "action": action}))
                    if status == 200:
                        acted = (time.perf_counter(), msg["version"] + 1)
                    else:  # read the game again: the view comes back as a push-like message
                        seen = -1
                        status, body = await http.get(f"/api/games/{gid}?token={token}")
            self.bots_turn[k] = False


async def node_phase(base: str, args: argparse.Namespace) -> dict:
    """One run of benchmarks/load/load.mjs against ``base``: its figures."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "load")
    proc = await asyncio.create_subprocess_exec(
        "node", os.path.join(here, "load.mjs"), "--base", base, "--games", str(args.games), "--rate", str(args.rate),
        "--seconds", str(args.seconds), "--settle", str(args.settle), "--game", args.game, "--players",
        str(args.players), "--via", args.via, "--max-warmup", str(args.max_warmup),
        *(["--trace", "1"] if args.trace else []), *(["--head-start", str(args.head_start)] if args.head_start else []),
        stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode:
        raise RuntimeError(f"the Node.js generator failed ({proc.returncode})")
    return json.loads(out.decode().strip().splitlines()[-1])


async def compare_with_bots(base: str, args: argparse.Namespace) -> list[dict]:
    """The bystander load without and with ``--hard-bots`` bot tables thinking, alternated ``--rounds`` times."""
    bots = BotTables(base, args.bot_game or args.game, args.bot_players, args.bot, args.hard_bots)
    lines: list[dict] = []
    try:
        for r in range(args.rounds):
            for phase in ("without", "with"):
                if phase == "without":
                    bots.pause()
                    await bots.drained()
                else:
                    bots.start()
                    await asyncio.sleep(args.bot_settle)
                begun = time.perf_counter()
                if args.client == "node":
                    figures = await node_phase(base, args)
                else:
                    figures = await run(base, args.game, args.games, args.seconds, args.players, args.rate,
                                        args.settle, args.trace, args.head_start, args.via, args.max_warmup)
                # the window: warm-up (head starts and settle) from the phase's start, then --seconds
                opens = begun + figures["warmup_seconds"]
                closes = opens + args.seconds
                line = {"phase": phase, "round": r + 1, **figures}
                if phase == "with":
                    waits = sorted(w for t, w in bots.waits if opens <= t < closes)
                    moves = sum(m for t, m in bots.moves if opens <= t < closes)
                    line.update({"bot_tables": args.hard_bots, "bot": args.bot, "bot_moves": moves,
                                 "bot_moves_per_second": round(moves / args.seconds, 2),
                                 "bot_wait_p50_s": round(waits[len(waits) // 2], 2) if waits else None,
                                 "bot_wait_max_s": round(waits[-1], 2) if waits else None})
                print(json.dumps(line), flush=True)
                lines.append(line)
    finally:
        await bots.close()
    summary: dict = {"compare": True, "bot_tables": args.hard_bots, "bot": args.bot}
    for phase in ("without", "with"):
        for key in ("p50_ms", "p99_ms", "max_ms", "actions_per_second"):
            summary[f"{key}_{phase}"] = [line[key] for line in lines if line["phase"] == phase]
    print(json.dumps(summary), flush=True)
    return lines


def main() -> None:
    import gc

    gc.set_threshold(50_000, 20, 100)  # keep the load generator's own pauses out of the figures
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", default="kingdomino")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=30, help="length of the measured window")
    ap.add_argument("--db", default=None)
    ap.add_argument("--rate", type=float, default=1000.0, help="offered actions/s over all games (0: flat out)")
    ap.add_argument("--settle", type=float, default=3.0,
                    help="seconds between the last head start and the measured window")
    ap.add_argument("--head-start", type=int, default=None,
                    help="a slot's first game plays k moves at once, k uniform in [0, this) (default: about "
                         "one game's length, so that games are of every age)")
    ap.add_argument("--trace", action="store_true", help="print latency second by second")
    ap.add_argument("--max-warmup", type=float, default=180.0,
                    help="fail (saying why) when the head starts are not all played after this many seconds")
    ap.add_argument("--via", choices=["http", "ws"], default="http",
                    help="send actions as HTTP POSTs (default) or as messages on each seat's WebSocket")
    ap.add_argument("--client", choices=["python", "node"], default="python",
                    help="the generator: this script, or benchmarks/load/load.mjs (lighter; run npm install there)")
    ap.add_argument("--hard-bots", type=int, default=0,
                    help="compare the load without and with this many tables of one human seat against searching "
                         "bots kept thinking")
    ap.add_argument("--bot", default="hard", help="the bots of those tables (an agent name or level)")
    ap.add_argument("--bot-game", default=None, help="the game of the bot tables (default: --game)")
    ap.add_argument("--bot-players", type=int, default=2, help="seats of a bot table (one human, the rest bots)")
    ap.add_argument("--rounds", type=int, default=1, help="without/with alternations (with --hard-bots)")
    ap.add_argument("--bot-settle", type=float, default=5.0,
                    help="seconds the bot tables play before a with-bots phase starts")
    args = ap.parse_args()
    args.head_start = args.head_start or game_length(args.game)  # both generators are told it
    folder = tempfile.mkdtemp()
    # the generator is one client playing every seat (each a connection and a socket) and opening a table
    # every few actions: it is spared the per-client, per-seat and per-socket limits by a configured
    # --exempt-client, as an operator would spare a known load generator; the global connection cap, the
    # timeouts and the bounded queues stay on
    server = Server(args.db or f"sqlite:///{folder}/load.sqlite3", free_port(), ["--exempt-client", "127.0.0.1"])
    server.start(timeout=120)  # a loaded machine can take a while to import everything
    try:
        if args.hard_bots > 0:
            asyncio.run(compare_with_bots(server.base, args))
        elif args.client == "node":
            import subprocess

            here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "load")
            subprocess.run(["node", os.path.join(here, "load.mjs"), "--base", server.base, "--games", str(args.games),
                            "--rate", str(args.rate), "--seconds", str(args.seconds), "--settle", str(args.settle),
                            "--game", args.game, "--players", str(args.players), "--via", args.via,
                            "--max-warmup", str(args.max_warmup)]
                           + (["--trace", "1"] if args.trace else [])
                           + (["--head-start", str(args.head_start)] if args.head_start else []), check=True)
        else:
            print(json.dumps(asyncio.run(run(server.base, args.game, args.games, args.seconds, args.players,
                                             args.rate, args.settle, args.trace, args.head_start, args.via,
                                             args.max_warmup))))
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
