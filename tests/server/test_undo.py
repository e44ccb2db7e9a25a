"""Undo at a table (the game option ``undo``): an action like any other for the API, the log and the record."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from realms.core.record import replay
from realms.server.app import create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'test.sqlite3'}", bot_delay=0)) as c:
        yield c


def _table(client, game, options):
    r = client.post("/api/games", json={"game": game, "options": options, "seats": ["human", "human"]})
    assert r.status_code == 201, r.text
    return r.json()


def _mover(client, made):
    for s in made["seats"]:
        p = client.get(f"/api/games/{made['id']}", params={"token": s["token"]}).json()
        if p["legal_actions"] or p["finished"]:
            return s["token"], p
    raise AssertionError("nobody to move")


def _act(client, made, token, p, action):
    return client.post(f"/api/games/{made['id']}/actions", json={"token": token, "version": p["version"],
                                                                 "action": action})


@pytest.mark.parametrize("game, options", [("kingdomino", {}), ("dominion", {"turn_limit": 4})])
def test_a_table_with_undo_takes_moves_back_and_its_record_replays(client, game, options):
    made = _table(client, game, {"undo": True, **options})
    rng = random.Random(1)
    undos = 0
    for _ in range(3000):
        token, p = _mover(client, made)
        if p["finished"]:
            break
        kinds = [a["action"]["type"] for a in p["legal_actions"]]
        if "undo" in kinds and rng.random() < 0.3:
            r = _act(client, made, token, p, {"type": "undo"})
            undos += 1
        else:
            r = _act(client, made, token, p, rng.choice([a for a in p["legal_actions"]
                                                          if a["action"]["type"] != "undo"])["action"])
        assert r.status_code == 200, r.text
    assert p["finished"] and undos
    log = client.get(f"/api/games/{made['id']}/log").json()
    assert any(e["kind"] == "undo" for e in log["entries"])
    record = client.get(f"/api/games/{made['id']}/record").json()
    assert record["options"]["undo"] is True and {"type": "undo"} in record["actions"]
    assert replay(record).result.scores == p["result"]["scores"]


def test_undo_where_nothing_may_be_taken_back_is_400_and_changes_nothing(client):
    made = _table(client, "kingdomino", {"undo": True})
    token, p = _mover(client, made)
    r = _act(client, made, token, p, {"type": "undo"})
    assert r.status_code == 400 and "nothing to take back" in r.json()["detail"]
    assert client.get(f"/api/games/{made['id']}", params={"token": token}).json()["state_hash"] == p["state_hash"]
    plain = _table(client, "kingdomino", {})
    token, p = _mover(client, plain)
    r = _act(client, plain, token, p, {"type": "undo"})
    assert r.status_code == 400 and "undo is off" in r.json()["detail"]
