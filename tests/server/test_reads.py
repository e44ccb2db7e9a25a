"""Reads that cost little however often they come: the lobby from a kept summary, replays stepped in O(n)."""

from __future__ import annotations

import time
import types

import pytest
from fastapi.testclient import TestClient

from realms.server.app import create_app
from realms.server.limits import Settings


@pytest.fixture
def app(tmp_path):
    return create_app(f"sqlite:///{tmp_path / 'reads.sqlite3'}", bot_delay=0,
                      settings=Settings.from_env(lobby_ttl=0.5))


def test_the_lobby_is_read_from_the_database_at_most_once_per_ttl_and_after_a_change(app, monkeypatch):
    from realms.server.routes import lobby

    manager = app.state.manager
    reads = []
    real = manager.open_games
    monkeypatch.setattr(manager, "open_games", lambda: reads.append(1) or real())
    clock = [1000.0]  # the lobby's clock stands still unless the test moves it (a busy machine's reads take time)
    monkeypatch.setattr(lobby, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    with TestClient(app) as c:
        first = c.post("/api/games", json={"game": "kingdomino", "seats": ["human", "open"]}).json()
        for _ in range(50):
            assert [g["id"] for g in c.get("/api/games").json()["games"]] == [first["id"]]
        assert len(reads) == 1
        second = c.post("/api/games", json={"game": "kingdomino", "seats": ["human", "open"]}).json()
        assert {g["id"] for g in c.get("/api/games").json()["games"]} == {first["id"], second["id"]}  # at once
        assert len(reads) == 2
        c.post(f"/api/games/{second['id']}/join", json={"seat": 1})
        listed = [g["id"] for g in c.get("/api/games").json()["games"]]
        assert listed == [first["id"]] and len(reads) == 3  # its last free seat taken: no longer wanting players
        clock[0] += 0.6
        c.get("/api/games")
        assert len(reads) == 4


def test_stepping_through_a_replay_applies_each_action_about_once(app, monkeypatch):
    with TestClient(app) as c:
        gid = c.post("/api/games", json={"game": "kingdomino", "seats": ["bot:random", "bot:random"]}).json()["id"]
        for _ in range(200):
            if c.get(f"/api/games/{gid}").json()["finished"]:
                break
            time.sleep(0.05)
        game = app.state.manager.get(gid).game
        applied = []
        real = game.apply
        monkeypatch.setattr(game, "apply", lambda *a, **k: applied.append(1) or real(*a, **k))
        steps = c.get(f"/api/games/{gid}/replay", params={"step": 0}).json()["steps"]
        assert steps > 20
        views = [c.get(f"/api/games/{gid}/replay", params={"step": i}).json() for i in range(steps + 1)]
        assert views[-1]["result"] is not None and views[0]["step"] == 0
        # the first step walks the game once for its turns (turn_starts); then forward: once each
        assert len(applied) <= 2 * steps + 1, (len(applied), steps)
        applied.clear()
        for i in range(steps, -1, -1):  # backward: from a checkpoint each time
            back = c.get(f"/api/games/{gid}/replay", params={"step": i}).json()
            assert back["view"] == views[i]["view"] and back["log"] == views[i]["log"]
        assert len(applied) <= 31 * (steps + 1), len(applied)  # at most a checkpoint's spacing a step
