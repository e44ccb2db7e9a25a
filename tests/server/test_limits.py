"""Floods against a real `realms serve` process while a bystander plays: the bystander must not notice.

Every attack sends traffic to loopback only, is bounded in count and time, and stops by itself. By default
the runs are short; REALMS_FULL=1 runs them at the size of the issue (20 bystander games, five sockets).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time

import httpx
import pytest

from tests.support import Server, free_port

FULL = os.environ.get("REALMS_FULL") == "1"
GAMES = 20 if FULL else 4
PHASE = 8.0 if FULL else 3.0  # seconds of baseline, then of flood
SOCKETS = 5 if FULL else 1


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('limits') / 'limits.sqlite3'}", free_port())
    with pytest.MonkeyPatch.context() as mp:
        # each test's bystander opens its GAMES tables at once (and one for the flood), and more as games end:
        # at the size that is past the default 20 creations per client (1 a second after them), a
        # limit these tests do not measure
        mp.setenv("REALMS_CREATE_RATE", "20")
        mp.setenv("REALMS_CREATE_BURST", "200")
        s.start()
    yield s
    s.stop()


# seconds: below this a p99 is scheduling noise, not the server. The reduced run shares two cores with the
# rest of the suite (pytest -n 2), so its floor is higher; a stalled server still shows (1.5 s under bad JSON,
# no request at all under stale versions before the limits). REALMS_FULL=1 runs alone at the size.
NOISE_FLOOR = 0.05 if FULL else 0.15


class Bystander:
    """Plays ``games`` two-seat Kingdomino games over HTTP at a steady pace, timing every request."""

    def __init__(self, base: str, games: int, rate: float = 60.0) -> None:
        self.base, self.interval = base, 1.0 / rate
        self.http = httpx.Client(base_url=base, timeout=60)
        self.games = [self._new() for _ in range(games)]
        self.samples: list[tuple[float, float]] = []  # (when, seconds)

    def _new(self) -> dict:
        made = self.http.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).json()
        return {"id": made["id"], "tokens": [s["token"] for s in made["seats"]]}

    def _timed(self, method: str, url: str, **kw) -> httpx.Response:
        t0 = time.perf_counter()
        r = self.http.request(method, url, **kw)
        self.samples.append((t0, time.perf_counter() - t0))
        return r

    def step(self, i: int) -> None:
        g = self.games[i]
        for token in g["tokens"]:
            p = self._timed("GET", f"/api/games/{g['id']}", params={"token": token}).json()
            if p["finished"]:
                self.games[i] = self._new()
                return
            if p["legal_actions"]:
                a = p["legal_actions"][len(p["legal_actions"]) // 2]["action"]
                r = self._timed("POST", f"/api/games/{g['id']}/actions",
                                json={"token": token, "version": p["version"], "action": a})
                assert r.status_code in (200, 409), r.text
                return

    def run_until(self, deadline: float) -> None:
        n, nxt = 0, time.perf_counter()
        while time.perf_counter() < deadline:
            self.step(n % len(self.games))
            n += 1
            nxt += self.interval
            time.sleep(max(0.0, nxt - time.perf_counter()))

    def p99(self, start: float, end: float) -> float:
        lats = sorted(lat for t, lat in self.samples if start <= t < end)
        assert len(lats) > 20, "the bystander got too few requests through"
        return lats[int(len(lats) * 0.99)]


FLOOD = textwrap.dedent("""
    import asyncio, sys, time, websockets
    uri, kind, seconds, sockets = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    stale = '{"type": "action", "version": -1, "action": {"type": "pass"}}'
    message = {"stale": stale, "json": "{not json", "ping": "ping"}[kind]
    sent = 0
    async def one(deadline):
        global sent
        while time.monotonic() < deadline:
            try:
                async with websockets.connect(uri, max_queue=None, open_timeout=5) as ws:
                    while time.monotonic() < deadline:
                        await ws.send(message)
                        sent += 1
                        if sent % 64 == 0:
                            await asyncio.sleep(0)
            except Exception:
                await asyncio.sleep(0.05)
    async def main():
        deadline = time.monotonic() + seconds
        await asyncio.gather(*[one(deadline) for _ in range(sockets)])
        print(sent)
    asyncio.run(main())
""")


@pytest.mark.parametrize("kind", ["stale", "json", "ping"])
def test_a_websocket_flood_leaves_a_bystander_within_twice_its_baseline(server, kind):
    by = Bystander(server.base, GAMES)
    made = httpx.post(f"{server.base}/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).json()
    uri = server.base.replace("http", "ws") + f"/ws/games/{made['id']}?token={made['seats'][0]['token']}"
    t0 = time.perf_counter()
    by.run_until(t0 + PHASE)
    t1 = time.perf_counter()
    flood = subprocess.Popen([sys.executable, "-c", FLOOD, uri, kind, str(PHASE + 1), str(SOCKETS)],
                             stdout=subprocess.PIPE, text=True)
    try:
        time.sleep(0.5)  # the flood is under way
        t2 = time.perf_counter()
        by.run_until(t2 + PHASE)
        t3 = time.perf_counter()
    finally:
        out, _ = flood.communicate(timeout=60)
    t4 = time.perf_counter()
    by.run_until(t4 + PHASE)  # a second baseline after the flood: the machine's noise shows in both
    t5 = time.perf_counter()
    base = max(by.p99(t0 + 0.5, t1), by.p99(t4, t5))
    flooded = by.p99(t2, t3)
    print(f"{kind}: bystander p99 {base * 1000:.1f} ms baseline, {flooded * 1000:.1f} ms under the flood "
          f"({out.strip()} messages sent)")
    # below NOISE_FLOOR a p99 on a shared 2-core machine is scheduling noise, not the server: a stalled
    # server gives seconds (1.5 s under bad JSON, no request at all under stale versions before the limits)
    assert flooded <= 2 * max(base, NOISE_FLOOR), (base, flooded)



# --- connections that never finish, and too many of them -------------------------------------------------


@pytest.fixture
def strict_server(tmp_path, monkeypatch):
    """A server with short timeouts and a small per-client cap (the same mechanisms as the defaults)."""
    monkeypatch.setenv("REALMS_HEADER_TIMEOUT", "1")
    monkeypatch.setenv("REALMS_BODY_TIMEOUT", "1")
    monkeypatch.setenv("REALMS_MAX_CONNECTIONS_PER_CLIENT", "40")
    s = Server(f"sqlite:///{tmp_path / 'strict.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def _open(port: int, source: str = "127.0.0.1", send: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    if send:
        sock.sendall(send)
    return sock


def _closed_by_server(sock: socket.socket, wait: float) -> bytes | None:
    """What the server sent before closing the connection within ``wait`` seconds; None if still open."""
    sock.settimeout(wait)
    got = b""
    try:
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return got
            got += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        return got


def test_unfinished_headers_and_bodies_are_closed(strict_server):
    port = strict_server.port
    head = b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    body = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{")
    socks = [_open(port, send=head) for _ in range(15)] + [_open(port, send=body) for _ in range(15)]
    socks += [_open(port) for _ in range(5)]  # never a byte
    try:
        t0 = time.monotonic()
        answers = [_closed_by_server(s, 5.0) for s in socks]
        assert all(a is not None for a in answers), f"{answers.count(None)} of {len(socks)} still open"
        assert time.monotonic() - t0 < 10
        assert all(a == b"" or a.startswith(b"HTTP/1.1 408") for a in answers)
    finally:
        for s in socks:
            s.close()


def test_the_next_request_on_a_kept_alive_connection_has_its_own_header_deadline(tmp_path, monkeypatch):
    """A request whose body comes slowly (after the header deadline, within the body's) leaves the longer body
    deadline watched; the next request's headers on the same connection must still come within the header
    deadline, not the body's."""
    monkeypatch.setenv("REALMS_HEADER_TIMEOUT", "1")
    monkeypatch.setenv("REALMS_BODY_TIMEOUT", "10")
    s = Server(f"sqlite:///{tmp_path / 'deadlines.sqlite3'}", free_port())
    s.start()
    body = b'{"game": "kingdomino", "seats": ["creator", "creator"]}'
    sock = _open(s.port, send=b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n")
    try:
        time.sleep(1.5)  # past the header deadline: only the body's (10 s) is watched now
        sock.sendall(body)
        sock.settimeout(5)
        got = b""
        while b"\r\n\r\n" not in got:
            got += sock.recv(65536)
        assert got.startswith(b"HTTP/1.1 201"), got[:80]
        sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and nothing more
        t0 = time.monotonic()
        rest = _closed_by_server(sock, 6.0)  # well before the body deadline (10 s)
        assert rest is not None, "still open: the body's deadline was kept for the next request's headers"
        assert time.monotonic() - t0 < 6.0  # closed by the header deadline (keep-alive is 30 s, the body's 10 s)
    finally:
        sock.close()
        s.stop()


def test_a_websocket_upgrade_with_a_9_kb_url_is_answered(strict_server):
    sock = _open(strict_server.port, send=(
        b"GET /ws/games/x?token=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
    try:
        answer = _closed_by_server(sock, 5.0)
        assert answer is not None and answer.startswith(b"HTTP/1.1 4"), answer
    finally:
        sock.close()


def test_idle_connections_of_one_client_cannot_crowd_out_others(strict_server):
    port = strict_server.port
    idle = [_open(port, source="127.0.0.2") for _ in range(60)]
    try:
        time.sleep(0.3)
        # another client is served while the first holds all it may
        assert httpx.get(f"{strict_server.base}/api/meta", timeout=5).status_code == 200
        refused = [s for s in idle if _closed_by_server(s, 0.2) is not None]
        assert len(refused) >= 20, len(refused)
    finally:
        for s in idle:
            s.close()


# --- the bucket store ---------------------------------------------------------------------------------------
def test_a_full_bucket_store_evicts_the_least_recently_used_and_keeps_a_limited_bucket():
    from realms.server.limits import Buckets

    store = Buckets(rate=0.001, burst=1, most=100)
    assert store.take("guesser")  # its one token spent: limited from now on
    for i in range(1000):  # many other clients, each mid-way through its own limit (none may simply be dropped)
        assert store.take(("other", i))
        assert len(store.buckets) <= 100
        if i % 25 == 0:  # the limited client keeps trying, so it stays among the recently used
            assert not store.take("guesser"), i
    assert not store.take("guesser")
    assert len(store.buckets) <= 100
    assert ("other", 999) in store.buckets and ("other", 0) not in store.buckets  # the oldest went first
