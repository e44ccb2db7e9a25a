"""Crash recovery: a server killed with SIGKILL resumes every unfinished game exactly."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.support import Server, free_port


@pytest.fixture
def server(tmp_path):
    s = Server(f"sqlite:///{tmp_path / 'crash.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def human_move(base: str, gid: str, tokens: list[str]) -> dict | None:
    for t in tokens:
        p = httpx.get(f"{base}/api/games/{gid}", params={"token": t}).json()
        if p["finished"]:
            return None
        if p["legal_actions"]:
            a = p["legal_actions"][len(p["legal_actions"]) // 2]["action"]
            r = httpx.post(f"{base}/api/games/{gid}/actions", json={"token": t, "version": p["version"], "action": a})
            assert r.status_code == 200, r.text
            return r.json()
    return {}


def test_sigkill_and_restart_resumes_games_exactly(server):
    base = server.base
    made = httpx.post(f"{base}/api/games", json={"game": "kingdomino", "seats": ["human", "human", "human"]}).json()
    tokens = [s["token"] for s in made["seats"]]
    gid = made["id"]
    for _ in range(20):
        human_move(base, gid, tokens)
    before = httpx.get(f"{base}/api/games/{gid}").json()
    assert before["version"] == 20

    bot_game = httpx.post(f"{base}/api/games", json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
    bot_token = bot_game["seats"][0]["token"]
    for _ in range(5):
        human_move(base, bot_game["id"], [bot_token])
        time.sleep(0.05)

    server.kill()
    server.start()

    after = httpx.get(f"{base}/api/games/{gid}").json()
    assert after["version"] == before["version"]
    assert after["state_hash"] == before["state_hash"]
    assert after["view"] == before["view"]
    # play both games to the end on the restarted server
    while human_move(base, gid, tokens) is not None:
        pass
    final = httpx.get(f"{base}/api/games/{gid}").json()
    assert final["finished"]
    record = httpx.get(f"{base}/api/games/{gid}/record").json()
    from realms.core.record import replay

    assert replay(record).result.scores == final["result"]["scores"]
    for _ in range(200):
        p = httpx.get(f"{base}/api/games/{bot_game['id']}", params={"token": bot_token}).json()
        if p["finished"]:
            break
        if p["legal_actions"]:
            human_move(base, bot_game["id"], [bot_token])
        else:
            time.sleep(0.05)  # the resumed bot is thinking
    assert httpx.get(f"{base}/api/games/{bot_game['id']}").json()["finished"]
