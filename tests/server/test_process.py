"""The server as `realms serve` runs it: the real HTTP and WebSocket stack, not the in-process test client."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from tests.support import Server, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('proc') / 'proc.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def new_game(base: str) -> tuple[str, list[str]]:
    made = httpx.post(f"{base}/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).json()
    return made["id"], [s["token"] for s in made["seats"]]


def test_a_whole_game_played_over_websockets(server):
    gid, tokens = new_game(server.base)
    uri = server.base.replace("http", "ws") + f"/ws/games/{gid}?token="

    async def play() -> dict:
        sockets = [await websockets.connect(uri + t) for t in tokens]
        latest = [json.loads(await ws.recv()) for ws in sockets]
        try:
            while not latest[0]["finished"]:
                seat = next(i for i, p in enumerate(latest) if p["legal_actions"])
                mine = latest[seat]
                choice = mine["legal_actions"][len(mine["legal_actions"]) // 2]["action"]
                await sockets[seat].send(json.dumps({"type": "action", "version": mine["version"], "action": choice}))
                for i, ws in enumerate(sockets):  # both seats see the next version
                    latest[i] = json.loads(await ws.recv())
                    assert latest[i]["type"] == "update" and latest[i]["version"] == mine["version"] + 1
            return latest[0]
        finally:
            for ws in sockets:
                await ws.close()

    final = asyncio.run(play())
    assert final["result"]["scores"]
    record = httpx.get(f"{server.base}/api/games/{gid}/record").json()
    assert record["complete"] and len(record["actions"]) == final["version"]


def test_websocket_messages_over_64_kib_close_the_socket_and_change_nothing(server):
    gid, tokens = new_game(server.base)
    uri = server.base.replace("http", "ws") + f"/ws/games/{gid}?token={tokens[0]}"

    async def send_big() -> int | None:
        async with websockets.connect(uri) as ws:
            await ws.recv()
            await ws.send(json.dumps({"type": "action", "version": 0, "action": {"pad": "x" * 70_000}}))
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None

    assert asyncio.run(send_big()) == 1009  # "message too big"
    view = httpx.get(f"{server.base}/api/games/{gid}", params={"token": tokens[0]}).json()
    assert view["version"] == 0


def test_a_60_kib_websocket_message_is_read_whole_and_the_socket_goes_on(server):
    """Messages are parsed a few KiB at a time (limits.GuardedWebSocket): one just under the 64 KiB limit still
    arrives whole, is answered, and the socket then takes a move."""
    gid, tokens = new_game(server.base)
    uri = server.base.replace("http", "ws") + f"/ws/games/{gid}?token="

    async def exchange() -> tuple[dict, dict]:
        sockets = [await websockets.connect(uri + t) for t in tokens]
        try:
            first = [json.loads(await ws.recv()) for ws in sockets]
            seat = next(i for i, p in enumerate(first) if p["legal_actions"])
            ws = sockets[seat]
            big = json.dumps({"type": "action", "version": 0, "action": {"type": "x" * 60_000}})
            assert 60_000 < len(big) < 64 * 1024
            await ws.send(big)
            refused = json.loads(await asyncio.wait_for(ws.recv(), 10))
            choice = first[seat]["legal_actions"][0]["action"]
            await ws.send(json.dumps({"type": "action", "version": 0, "action": choice}))
            return refused, json.loads(await asyncio.wait_for(ws.recv(), 10))
        finally:
            for ws in sockets:
                await ws.close()

    refused, moved = asyncio.run(exchange())
    assert refused["type"] == "error" and refused["status"] == 400, refused
    assert moved["type"] == "update" and moved["version"] == 1


def test_oversized_and_malformed_action_posts_through_the_real_stack(server):
    gid, tokens = new_game(server.base)
    url = f"{server.base}/api/games/{gid}/actions"
    assert httpx.post(url, content=b"x" * 70_000, headers={"content-type": "application/json"}).status_code == 413
    r = httpx.post(url, content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "not valid JSON" in r.json()["detail"]
    assert httpx.post(f"{server.base}/api/games/nope/actions",
                      json={"token": "t", "version": 0, "action": {}}).status_code == 404
    assert httpx.get(url).status_code == 405  # only POST is served there
