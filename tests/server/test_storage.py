"""Storage faults: a failing database answers 503 with a plain message (details in the log only), a
database file deleted under the server stops it acknowledging anything, a damaged file refuses to start."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from realms.server.app import create_app
from realms.server.faults import StorageFaults
from tests.support import BACKENDS

WORDS_THAT_LEAK = ("OperationalError", "disk is full", "INSERT", "UPDATE", "sqlalchemy", "sqlite3")


@pytest.fixture(params=BACKENDS)
def client(request, tmp_path):
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}" if request.param == "sqlite" \
        else os.environ["REALMS_TEST_POSTGRES_URL"]
    with TestClient(create_app(url, bot_delay=0)) as c:
        yield c


class DiskFull:
    """Every INSERT or UPDATE fails as a full disk would, while this is switched on."""

    def __init__(self, engine) -> None:
        self.on = False
        event.listen(engine, "before_cursor_execute", self)

    def __call__(self, conn, cursor, statement, params, context, executemany) -> None:
        if self.on and statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise OperationalError(statement, params, sqlite3.OperationalError("database or disk is full"))


def plain_503(r) -> None:
    assert r.status_code == 503, r.text
    detail = r.json()["detail"]
    assert all(w not in detail for w in WORDS_THAT_LEAK), detail


def test_every_writing_endpoint_answers_a_plain_503_when_the_database_fails(client, caplog):
    full = DiskFull(client.app.state.manager.engine)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "invite", "open"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    mover = client.get(f"/api/games/{gid}", params={"token": token}).json()
    full.on = True
    with caplog.at_level(logging.ERROR, logger="realms.server"):
        plain_503(client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "creator"]}))
        plain_503(client.post(f"/api/games/{gid}/join", json={"seat": 2}))
        plain_503(client.post(f"/api/games/{gid}/join", json={"invite": made["seats"][1]["invite"]}))
        plain_503(client.post(f"/api/games/{gid}/seats/1/revoke", json={"owner": made["owner"]}))
        if mover["legal_actions"]:
            action = mover["legal_actions"][0]["action"]
            plain_503(client.post(f"/api/games/{gid}/actions",
                                  json={"token": token, "version": 0, "action": action}))
            with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
                ws.receive_json()
                ws.send_text(json.dumps({"type": "action", "version": 0, "action": action}))
                answer = ws.receive_json()
                assert answer["type"] == "error" and answer["status"] == 503
                assert all(w not in answer["detail"] for w in WORDS_THAT_LEAK)
    assert "disk is full" in caplog.text  # the details go to the log
    full.on = False
    # nothing was half done: the seats are still free and the game where it was
    assert client.post(f"/api/games/{gid}/join", json={"seat": 2}).status_code == 200
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_a_storage_fault_logs_one_traceback_and_one_line_per_refused_request(client, caplog):
    full = DiskFull(client.app.state.manager.engine)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "creator"], "pace": "turn"})
    gid, tokens = made.json()["id"], [s["token"] for s in made.json()["seats"]]

    def mover() -> tuple[str, dict]:
        for token in tokens:
            p = client.get(f"/api/games/{gid}", params={"token": token}).json()
            if p["legal_actions"]:
                return token, {"token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]}
        raise AssertionError("nobody to move")

    def refuse(times: int) -> int:
        """Requests the full disk refuses (new tables, actions by POST and by WebSocket); how many."""
        token, move = mover()
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            ws.receive_json()
            for _ in range(times):
                plain_503(client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "creator"]}))
                plain_503(client.post(f"/api/games/{gid}/actions", json=move))
                ws.send_text(json.dumps({"type": "action", "version": move["version"], "action": move["action"]}))
                assert ws.receive_json()["status"] == 503
        return 3 * times

    with caplog.at_level(logging.INFO, logger="realms.server"):
        full.on = True
        refused = refuse(10)
        full.on = False
        assert client.post(f"/api/games/{gid}/actions", json=mover()[1]).status_code == 200  # the fault is over
        full.on = True  # and a second one begins
        refused += refuse(3)
        full.on = False
    records = [r for r in caplog.records if r.name == "realms.server" and r.levelno >= logging.WARNING]
    assert all("\n" not in r.getMessage() for r in records), [r.getMessage() for r in records]
    assert len([r for r in records if r.exc_info]) == 2  # one traceback per fault
    over = [r for r in records if "accepts writes again" in r.getMessage()]
    assert len(over) == 1 and "30 refused" in over[0].getMessage()
    assert len(records) - len(over) == refused  # one line per refused request
    assert all("disk is full" in r.getMessage() for r in records if r not in over)


def test_storage_faults_are_told_apart_by_a_quiet_spell():
    t = [0.0]
    faults = StorageFaults(quiet=30, clock=lambda: t[0])
    with pytest.raises(OperationalError) as caught:
        raise OperationalError("INSERT x", {}, sqlite3.OperationalError("database or disk is full"))
    logged = []
    handler = logging.Handler()
    handler.emit = logged.append
    log = logging.getLogger("realms.server")
    log.addHandler(handler)
    try:
        for t[0] in (0, 5, 20, 49, 80, 81):
            faults.failed("a request", caught.value)
    finally:
        log.removeHandler(handler)
    assert [bool(r.exc_info) for r in logged] == [True, False, False, False, True, False]
    assert logged[0].getMessage().count("\n") == 0 and "OperationalError: database or disk is full" in \
        logged[0].getMessage()


def test_a_database_file_deleted_under_the_server_stops_it_acknowledging(tmp_path, caplog):
    path = tmp_path / "gone.sqlite3"
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0)) as client:
        made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "creator"]}).json()
        gid = made["id"]
        # one action first, so the action writer holds its connection open (it is checked before each batch,
        # not only when a connection is taken from the pool)
        for s in made["seats"]:
            p = client.get(f"/api/games/{gid}", params={"token": s["token"]}).json()
            if p["legal_actions"]:
                assert client.post(f"/api/games/{gid}/actions", json={
                    "token": s["token"], "version": 0, "action": p["legal_actions"][0]["action"]}).status_code == 200
                break
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")
        with caplog.at_level(logging.ERROR, logger="realms.server"):
            plain_503(client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "creator"]}))
            for s in made["seats"]:
                p = client.get(f"/api/games/{gid}", params={"token": s["token"]})
                if p.status_code == 200 and p.json()["legal_actions"]:
                    plain_503(client.post(f"/api/games/{gid}/actions", json={
                        "token": s["token"], "version": 1, "action": p.json()["legal_actions"][0]["action"]}))
        assert "deleted or replaced" in caplog.text


def test_a_damaged_database_file_refuses_to_start(tmp_path):
    path = tmp_path / "damaged.sqlite3"
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0)) as client:
        for _ in range(150):
            client.post("/api/games", json={"game": "dominion", "seats": ["creator", "open"]})
    size = path.stat().st_size
    assert size > 48 * 1024
    with open(path, "r+b") as f:  # an 8 KiB overwrite in the middle of the file
        f.seek(size // 2 // 4096 * 4096)
        f.write(os.urandom(8192))
    run = subprocess.run([sys.executable, "-m", "realms.cli", "serve", "--port", "0", "--db", f"sqlite:///{path}"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "integrity" in (run.stdout + run.stderr)
