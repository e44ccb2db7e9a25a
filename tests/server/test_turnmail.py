"""E-mail when it becomes a signed-in player's move at a turn-based table: asked for by the player, sent through
the configured SMTP server (a local one here), never to a player watching the table, never without SMTP."""

from __future__ import annotations

import time

import pytest

from tests.server.smtp import running_smtp
from tests.server.test_accounts import PASSWORD, db_url, make_client, signup
from tests.support import BACKENDS


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path):
    return db_url(request.param, tmp_path)


@pytest.fixture
def smtp_server():
    with running_smtp() as server:
        yield server


def settings_for(smtp):
    host, port, _ = smtp
    return {"smtp_host": host, "smtp_port": port, "smtp_security": "none", "smtp_from": "realms@example.org",
            "public_url": "https://realms.example/"}


def play_until_the_move_comes_back(c, gid, token, turns=3):
    """Play the seat's first legal action whenever it is to move, ``turns`` times (the bot answers between)."""
    played = 0
    for _ in range(200):
        view = c.get(f"/api/games/{gid}", params={"token": token}).json()
        if view["legal_actions"]:
            r = c.post(f"/api/games/{gid}/actions", json={"token": token, "version": view["version"],
                                                          "action": view["legal_actions"][0]["action"]})
            assert r.status_code == 200, r.text
            played += 1
            if played == turns:
                return
        time.sleep(0.02)
    raise AssertionError("the move never came back")


def until_to_move(c, gid, token) -> None:
    """Wait until the seat of ``token`` is to move (its bot opponent has answered)."""
    for _ in range(400):
        if c.get(f"/api/games/{gid}", params={"token": token}).json()["legal_actions"]:
            return
        time.sleep(0.025)
    raise AssertionError("the bot never answered")


def sent_all(c) -> None:
    """Wait until no turn e-mail is on its way (each is a task of the server's ``TurnMail`` until it has gone)."""
    turnmail = c.app.state.manager.on_turn.__self__
    for _ in range(400):
        if not turnmail.tasks:
            return
        time.sleep(0.025)
    raise AssertionError("a turn e-mail is still on its way after 10 s")


def wait_for(mails, count):
    for _ in range(200):
        if len(mails) >= count:
            return mails
        time.sleep(0.05)
    raise AssertionError(f"{len(mails)} messages arrived, {count} expected")


def test_a_player_who_asked_gets_one_email_when_it_becomes_their_move(url, smtp_server):
    mails = smtp_server[2]
    with make_client(url, **settings_for(smtp_server)) as c:
        assert c.get("/api/account/turn-emails").json() == {"available": True, "signed_in": False, "email": False,
                                                             "on": False}
        assert c.post("/api/account/turn-emails", json={"on": True}).status_code == 401
        name, _ = signup(c)
        r = c.post("/api/account/turn-emails", json={"on": True})
        assert r.status_code == 409 and "e-mail address" in r.json()["detail"]
        c.post("/api/account/email", json={"email": "player@example.org", "password": PASSWORD})
        assert c.post("/api/account/turn-emails", json={"on": True, "lang": "fr"}).json() == {"on": True}
        assert c.get("/api/account/turn-emails").json()["on"] is True
        made = c.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:random"], "pace": "turn",
                                          "rated": False}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        play_until_the_move_comes_back(c, gid, token)
        (message,) = wait_for(mails, 1)
        assert message["to"] == "player@example.org"
        assert message["subject"] == "Realms : à vous de jouer dans Kingdomino"
        assert f"https://realms.example/play/{gid}" in message["body"] and name in message["body"]
        play_until_the_move_comes_back(c, gid, token)
        time.sleep(0.3)
        assert len(mails) == 1  # one message a table and player every ten minutes at most
        assert c.post("/api/account/turn-emails", json={"on": False}).json() == {"on": False}


def test_no_email_without_smtp_nor_for_a_real_time_table_nor_to_a_player_watching(url, smtp_server, monkeypatch):
    monkeypatch.setattr("realms.server.turnmail.QUIET", 0.0)  # every turn would be told, but for the reasons below
    mails = smtp_server[2]
    with make_client(url) as c:
        signup(c)
        assert c.get("/api/account/turn-emails").json()["available"] is False
        assert c.post("/api/account/turn-emails", json={"on": True}).status_code == 409
    with make_client(url, **settings_for(smtp_server)) as c:
        signup(c)
        c.post("/api/account/email", json={"email": "player@example.org", "password": PASSWORD})
        c.post("/api/account/turn-emails", json={"on": True})
        made = c.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:random"],
                                          "rated": False}).json()  # real-time
        play_until_the_move_comes_back(c, made["id"], made["seats"][0]["token"], turns=2)
        made = c.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:random"], "pace": "turn",
                                          "rated": False}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            ws.receive_json()
            # the bot may have passed the turn before the player opened the table (told: they were not watching
            # yet); that message, on its way, is let arrive and set aside
            sent_all(c)
            mails.clear()
            play_until_the_move_comes_back(c, gid, token, turns=2)
            # the bot's answer to the last move comes while the player still watches (a busy machine may
            # delay it past the socket's close, and a player who has left is told, rightly)
            until_to_move(c, gid, token)
        time.sleep(0.3)
    assert mails == []
