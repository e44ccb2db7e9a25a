"""The guard in front of the application: hosts, origins, content types, body limits, headers, rate limits,
malformed tokens; and the WebSocket close codes of docs/server.md."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from realms.server.app import create_app
from realms.server.limits import Settings
from tests.support import Server, free_port


def make(tmp_path, **limits):
    settings = Settings.from_env(**limits)
    return create_app(f"sqlite:///{tmp_path / 'sec.sqlite3'}", bot_delay=0, settings=settings)


@pytest.fixture
def client(tmp_path):
    with TestClient(make(tmp_path)) as c:
        yield c


def new_game(client):
    r = client.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_foreign_host_is_refused_and_local_ones_answered(tmp_path):
    with TestClient(make(tmp_path), base_url="http://evil.example") as c:
        r = c.get("/api/meta")
        assert r.status_code == 400 and "host" in r.json()["detail"]
        assert c.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).status_code == 400
        for host in ("localhost:8000", "127.0.0.1", "[::1]:8000"):
            assert c.get("/api/meta", headers={"host": host}).status_code == 200, host
        with pytest.raises(WebSocketDisconnect):  # refused at the handshake (TestClient sends its own Host)
            with c.websocket_connect("/ws/games/x", headers={"host": "evil.example"}):
                pass


def test_an_allowed_host_can_be_added(tmp_path):
    with TestClient(make(tmp_path, allowed_hosts=["realms.example"]), base_url="http://realms.example") as c:
        assert c.get("/api/meta").status_code == 200


def test_a_websocket_from_another_origin_is_refused(client):
    made = new_game(client)
    url = f"/ws/games/{made['id']}?token={made['seats'][0]['token']}"
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(url, headers={"origin": "http://evil.example"}):
            pass
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(url, headers={"origin": "null"}):
            pass
    with client.websocket_connect(url, headers={"origin": "http://localhost:8000"}) as ws:
        assert ws.receive_json()["type"] == "update"



def test_a_request_or_websocket_with_two_session_cookies_is_refused(client):
    made = new_game(client)
    url = f"/ws/games/{made['id']}?token={made['seats'][0]['token']}"
    two = {"cookie": "realms_session=planted; realms_session=mine"}
    r = client.get("/api/meta", headers=two)
    assert r.status_code == 400 and "session cookie" in r.json()["detail"] and "Traceback" not in r.text
    assert client.get("/api/meta", headers={"cookie": "realms_session=mine; other=1"}).status_code == 200
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(url, headers=two):
            pass
    with client.websocket_connect(url, headers={"cookie": "realms_session=mine"}) as ws:
        assert ws.receive_json()["type"] == "update"


def test_an_action_posted_as_text_plain_is_415(client):
    made = new_game(client)
    token = made["seats"][0]["token"]
    body = json.dumps({"token": token, "version": 0, "action": {"type": "pass"}})
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        r = client.post(f"/api/games/{made['id']}/actions", content=body, headers={"content-type": ctype})
        assert r.status_code == 415, (ctype, r.text)
    r = client.post("/api/games", content=json.dumps({"game": "kingdomino", "seats": ["human"] * 2}),
                    headers={"content-type": "text/plain"})
    assert r.status_code == 415


def test_a_chunked_body_over_64_kib_to_create_is_413(client):
    def chunks():
        yield b'{"game": "kingdomino", "seats": ["human", "human"], "options": {"x": "'
        for _ in range(70):
            yield b"x" * 1024
        yield b'"}}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text
    r = client.post("/api/games", content=b"x" * 70_000, headers={"content-type": "application/json"})
    assert r.status_code == 413


@pytest.mark.parametrize("path", ["/", "/api/meta", "/static/app.js", "/api/games/nope"])
def test_security_headers_on_pages_and_answers(client, path):
    r = client.get(path)
    h = r.headers
    assert h["x-content-type-options"] == "nosniff"
    assert h["x-frame-options"] == "DENY"
    assert h["referrer-policy"] == "no-referrer"
    csp = h["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "'unsafe-inline'" not in csp
    assert "strict-transport-security" not in h  # plain http


def test_hsts_only_over_https_or_from_a_trusted_proxy(tmp_path):
    app = make(tmp_path, trusted_proxies=["10.0.0.0/8"])
    with TestClient(app, base_url="https://localhost") as c:
        assert "strict-transport-security" in c.get("/api/meta").headers
    with TestClient(app, client=("203.0.113.5", 1000)) as c:  # anyone may send the header: not believed
        assert "strict-transport-security" not in c.get("/api/meta", headers={"x-forwarded-proto": "https",
                                                                              "host": "localhost"}).headers
    with TestClient(app, client=("10.1.2.3", 1000)) as c:
        assert "strict-transport-security" in c.get("/api/meta", headers={"x-forwarded-proto": "https",
                                                                          "host": "localhost"}).headers


def test_table_creation_is_rate_limited_per_client(tmp_path):
    with TestClient(make(tmp_path, create_burst=5, create_rate=0.01)) as c:
        codes = [c.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).status_code
                 for _ in range(8)]
        assert codes == [201] * 5 + [429] * 3
        r = c.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]})
        assert int(r.headers["retry-after"]) >= 1
        assert c.get("/api/meta").status_code == 200  # reads have their own budget


def test_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path):
    app = make(tmp_path, create_burst=2, create_rate=0.01, trusted_proxies=["10.0.0.1"])
    body = {"game": "kingdomino", "seats": ["human", "human"]}
    with TestClient(app, client=("10.0.0.1", 1000)) as proxy:
        for who in ("198.51.100.1", "198.51.100.2"):  # behind the proxy: each client its own budget
            codes = [proxy.post("/api/games", json=body, headers={"x-forwarded-for": who}).status_code
                     for _ in range(3)]
            assert codes == [201, 201, 429], who
    with TestClient(app, client=("203.0.113.9", 1000)) as direct:  # a forged header changes nothing
        codes = [direct.post("/api/games", json=body, headers={"x-forwarded-for": f"192.0.2.{i}"}).status_code
                 for i in range(3)]
        assert codes == [201, 201, 429]


def test_reads_are_rate_limited_per_client(tmp_path):
    with TestClient(make(tmp_path, read_burst=10, read_rate=0.01)) as c:
        codes = [c.get("/api/games").status_code for _ in range(12)]
        assert codes == [200] * 10 + [429] * 2


def test_an_exempt_client_is_spared(tmp_path):
    with TestClient(make(tmp_path, create_burst=1, create_rate=0.01, exempt_clients=["127.0.0.1"]),
                    client=("127.0.0.1", 1000)) as c:
        for _ in range(3):
            assert c.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).status_code == 201


def test_actions_are_rate_limited_per_seat(tmp_path):
    with TestClient(make(tmp_path, seat_burst=3, seat_rate=0.01)) as c:
        made = new_game(c)
        token = made["seats"][0]["token"]
        codes = [c.post(f"/api/games/{made['id']}/actions",
                        json={"token": token, "version": 99, "action": {"type": "pass"}}).status_code
                 for _ in range(5)]
        assert codes[3:] == [429, 429] and 429 not in codes[:3]


def test_join_takes_strict_integer_seats(client):
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["human", "open"]}).json()
    for seat in (True, 1.0, "1"):
        r = client.post(f"/api/games/{made['id']}/join", json={"seat": seat})
        assert r.status_code == 422, (seat, r.text)
    assert client.post(f"/api/games/{made['id']}/join", json={"seat": 1}).status_code == 200


def test_websocket_close_codes_reach_the_client(client):
    made = new_game(client)
    with client.websocket_connect(f"/ws/games/{made['id']}?token=wrong") as ws:
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    with client.websocket_connect("/ws/games/nosuchgame") as ws:
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4404


def test_replies_that_overflow_their_queue_close_the_socket_with_1008():
    """A client that keeps sending but never reads: its socket's sends block, its replies pile up, and once
    ``queue`` of them wait the socket is closed with 1008 (rather than replies being dropped silently)."""
    from realms.server.app import Watcher

    class Stuck:
        def __init__(self):
            self.sent, self.closed, self.gate = [], None, asyncio.Event()

        async def send_text(self, text):
            await self.gate.wait()  # the client does not read: the send never completes
            self.sent.append(text)

        async def close(self, code=1000, reason=""):
            self.closed = code

    async def run():
        ws = Stuck()
        w = Watcher(ws, queue=4)
        task = asyncio.create_task(w.run())
        w.tell(b"first")
        await asyncio.sleep(0.01)  # the sender is stuck sending "first"
        for i in range(4):
            w.tell(b"reply %d" % i)
        assert ws.closed is None and not w.overflow
        w.tell(b"one too many")
        assert w.overflow
        ws.gate.set()
        await asyncio.wait_for(task, 1)
        return ws

    ws = asyncio.run(run())
    assert ws.closed == 1008 and ws.sent == ["first"]


def test_a_socket_flooding_past_its_budget_is_refused_then_closed(tmp_path):
    with TestClient(make(tmp_path, ws_rate=0.01, ws_burst=5)) as c:
        made = new_game(c)
        with c.websocket_connect(f"/ws/games/{made['id']}?token={made['seats'][0]['token']}") as ws:
            ws.receive_json()
            statuses = []
            with pytest.raises(WebSocketDisconnect) as e:
                for _ in range(20):
                    ws.send_text("ping")
                    statuses.append(ws.receive_json().get("status"))
            assert e.value.code == 1008
            assert statuses[:5] == [None] * 5 and statuses[5:] == [429] * (len(statuses) - 5)


# --- through the real server process: malformed tokens leave no traceback in the log ---------------------


BAD_TOKENS = ["é" * 32, "\u2603", "x" * 300, "%00", "a b", "\U0001f600abc"]


def test_malformed_tokens_are_403_without_a_traceback(tmp_path):
    s = Server(f"sqlite:///{tmp_path / 'tok.sqlite3'}", free_port())
    s.start()
    try:
        made = httpx.post(f"{s.base}/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).json()
        gid = made["id"]
        for token in BAD_TOKENS:
            r = httpx.post(f"{s.base}/api/games/{gid}/actions",
                           json={"token": token, "version": 0, "action": {"type": "pass"}})
            assert r.status_code == 403, (token, r.status_code, r.text[:200])
            r = httpx.get(f"{s.base}/api/games/{gid}", params={"token": token})
            assert r.status_code == 403, (token, r.status_code, r.text[:200])

        async def ws_codes() -> list[int]:
            codes = []
            for token in BAD_TOKENS:
                uri = s.base.replace("http", "ws") + f"/ws/games/{gid}?token={httpx.QueryParams({'t': token})}"
                uri = uri.replace("token=t=", "token=")
                async with websockets.connect(uri) as ws:
                    with pytest.raises(websockets.ConnectionClosed) as e:
                        await ws.recv()
                    codes.append(e.value.rcvd.code)
            return codes

        assert asyncio.run(ws_codes()) == [4403] * len(BAD_TOKENS)
    finally:
        s.stop()
    log = s.proc.stderr.read().decode()
    assert "Traceback" not in log, log[-3000:]
    assert len(log) < 2000, log[-3000:]
