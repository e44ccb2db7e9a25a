"""Play at one's own pace: real-time tables hand a player who left to a bot after a grace period (unless they
come back), turn-based ones wait; clocks per move and per game; every deadline is stored and survives a
restart of the server (a real process, killed with SIGKILL)."""

from __future__ import annotations

import time

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from realms.server.app import create_app
from tests.support import BACKENDS, POSTGRES_URL, Server, free_port

GRACE = 1


@pytest.fixture(params=BACKENDS)
def client(request, tmp_path, monkeypatch):
    monkeypatch.setenv("REALMS_TAKEOVER_GRACE", str(GRACE))
    monkeypatch.setenv("REALMS_DEADLINE_TICK", "0.05")
    monkeypatch.setenv("REALMS_TAKEOVER_BOT", "random")
    url = f"sqlite:///{tmp_path / 'clocks.sqlite3'}" if request.param == "sqlite" else POSTGRES_URL
    with TestClient(create_app(url, bot_delay=0)) as c:
        yield c


def table(c, pace="realtime", clock=None, seats=("creator", "open")):
    body = {"game": "kingdomino", "seats": list(seats), "pace": pace}
    if clock:
        body["clock"] = clock
    made = c.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    made = made.json()
    tokens = [s["token"] for s in made["seats"]]
    for i, s in enumerate(made["seats"]):
        if s["access"] == "open":
            tokens[i] = c.post(f"/api/games/{made['id']}/join", json={"seat": i}).json()["token"]
    return made["id"], tokens


def payload(c, gid, token=None):
    return c.get(f"/api/games/{gid}", params={"token": token} if token else {}).json()


def notes(p):
    return [e["data"].get("note") for e in p["log"] if e["kind"] == "note"]


def wait_for(check, seconds=10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out")


def visit(c, gid, token):
    """Open the seat's socket, read its first update, close it (the player leaves)."""
    with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        assert ws.receive_json()["type"] == "update"


def test_a_player_who_leaves_a_real_time_table_is_replaced_by_a_bot(client):
    gid, tokens = table(client)
    visit(client, gid, tokens[0])
    left = payload(client, gid)
    assert left["seats"][0]["takeover_reason"] == "left" and left["seats"][0]["takeover_at"] > time.time()
    assert notes(left) == ["seat-left"]
    taken = wait_for(lambda: (p := payload(client, gid))["seats"][0]["kind"] == "bot" and p)
    assert taken["seats"][0]["agent"] == "random" and taken["seats"][0]["takeover_at"] is None
    assert notes(taken)[:2] == ["seat-left", "bot-takeover"]
    takeover = next(e for e in taken["log"] if e["data"].get("note") == "bot-takeover")
    assert takeover["data"] == {"note": "bot-takeover", "seat": 0, "bot": "random", "reason": "left"}
    # the bot plays that seat: the other player's game goes on, and the old secret cannot move for it
    wait_for(lambda: payload(client, gid, tokens[1])["legal_actions"] or payload(client, gid)["to_move"] == 1)
    p = payload(client, gid, tokens[0])
    assert p["legal_actions"] == []


def test_a_player_who_comes_back_in_time_keeps_the_seat(client):
    gid, tokens = table(client)
    visit(client, gid, tokens[0])
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        ws.receive_json()
        time.sleep(GRACE + 0.5)
        p = payload(client, gid)
        assert p["seats"][0]["kind"] == "human" and p["seats"][0]["takeover_at"] is None
        assert notes(p) == ["seat-left", "seat-back"]


def test_the_host_who_leaves_a_table_waiting_for_players_keeps_the_seat_until_it_begins(client):
    """Nobody waits on a table that has not begun: its host may step away without a bot taking the seat. Once
    the last seat is taken, a host still away has the grace period, as anyone who leaves a game."""
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"]}).json()
    gid, host = made["id"], made["seats"][0]["token"]
    visit(client, gid, host)
    time.sleep(GRACE + 0.5)
    p = payload(client, gid)
    assert p["seats"][0]["kind"] == "human" and p["seats"][0]["takeover_at"] is None and notes(p) == [], p["seats"]
    client.post(f"/api/games/{gid}/join", json={"seat": 1})
    begun = wait_for(lambda: (p := payload(client, gid))["seats"][0]["takeover_reason"] == "left" and p)
    assert notes(begun) == ["seat-left"]
    wait_for(lambda: payload(client, gid)["seats"][0]["kind"] == "bot")


def test_a_turn_based_table_waits_for_players_who_leave(client):
    gid, tokens = table(client, pace="turn")
    visit(client, gid, tokens[0])
    visit(client, gid, tokens[1])
    time.sleep(GRACE + 0.5)
    p = payload(client, gid)
    assert [s["kind"] for s in p["seats"]] == ["human", "human"] and notes(p) == []
    assert p["table"]["pace"] == "turn"


def test_a_player_out_of_time_is_warned_then_replaced(client):
    gid, tokens = table(client, pace="turn", clock={"per": "move", "seconds": 1})
    first = payload(client, gid)
    mover = first["to_move"]
    assert first["table"]["clock"] == "move" and first["table"]["turn_deadline"] is not None
    warned = wait_for(lambda: (p := payload(client, gid))["seats"][mover]["takeover_reason"] == "time" and p)
    assert "out-of-time" in notes(warned)
    taken = wait_for(lambda: (p := payload(client, gid))["seats"][mover]["kind"] == "bot" and p)
    assert "bot-takeover" in notes(taken)


def test_moving_within_the_grace_period_keeps_the_seat(client):
    gid, tokens = table(client, pace="turn", clock={"per": "move", "seconds": 1})
    mover = payload(client, gid)["to_move"]
    wait_for(lambda: payload(client, gid)["seats"][mover]["takeover_reason"] == "time")
    p = payload(client, gid, tokens[mover])
    r = client.post(f"/api/games/{gid}/actions", json={"token": tokens[mover], "version": p["version"],
                                                       "action": p["legal_actions"][0]["action"]})
    assert r.status_code == 200
    after = r.json()
    assert after["seats"][mover]["kind"] == "human" and after["seats"][mover]["takeover_at"] is None


def test_a_per_game_clock_charges_the_mover(client):
    gid, tokens = table(client, pace="turn", clock={"per": "game", "seconds": 600})
    p = payload(client, gid)
    assert [s["time_left"] for s in p["seats"]] == [600, 600]
    start = p["to_move"]
    for _ in range(10):  # until the turn passes to the other seat
        p = payload(client, gid, tokens[p["to_move"]])
        client.post(f"/api/games/{gid}/actions", json={"token": tokens[p["to_move"]], "version": p["version"],
                                                       "action": p["legal_actions"][0]["action"]})
        p = payload(client, gid)
        if p["to_move"] != start:
            break
    assert 0 < p["seats"][start]["time_left"] < 600 and p["seats"][1 - start]["time_left"] == 600
    assert p["table"]["turn_deadline"] > time.time() + 500


@pytest.mark.parametrize("clock", [{"per": "hour", "seconds": 5}, {"per": "move", "seconds": 0},
                                   {"per": "move", "seconds": 1.5}, {"per": "move"}])
def test_bad_clocks_and_paces_are_refused(client, clock):
    r = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"], "clock": clock})
    assert r.status_code == 422
    r = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"], "pace": "slow"})
    assert r.status_code == 422


def test_a_takeover_survives_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("REALMS_TAKEOVER_GRACE", "4")
    monkeypatch.setenv("REALMS_DEADLINE_TICK", "0.1")
    server = Server(f"sqlite:///{tmp_path / 'restart.sqlite3'}", free_port())
    server.start()
    try:
        made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["creator", "open"]}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        httpx.post(f"{server.base}/api/games/{gid}/join", json={"seat": 1})
        with connect(f"ws://127.0.0.1:{server.port}/ws/games/{gid}?token={token}") as ws:
            ws.recv()
        p = wait_for(lambda: (p := httpx.get(f"{server.base}/api/games/{gid}").json())["seats"][0]["takeover_at"]
                     and p)
        due = p["seats"][0]["takeover_at"]
        server.kill()
        server.start()
        # nobody asks for the game: the server finds the stored deadline at start and keeps it
        time.sleep(max(0.0, due - time.time()) + 1.5)
        p = httpx.get(f"{server.base}/api/games/{gid}").json()
        assert p["seats"][0]["kind"] == "bot" and "bot-takeover" in notes(p)
        assert "seat-left" in notes(p)  # the notice given before the kill is still in the log
    finally:
        server.stop()
