"""Table chat: the seated players write, everyone watching reads (spectators cannot write); messages are plain
text, length- and rate-limited, pushed over the table's sockets and kept with the game across a restart."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from realms.server.app import create_app
from realms.server.db import make_engine, migrate
from realms.server.limits import Settings
from tests.support import BACKENDS
from tests.support import POSTGRES_URL as PG


def make(url: str, **limits):
    return create_app(url, bot_delay=0, settings=Settings.from_env(**limits))


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path):
    return f"sqlite:///{tmp_path / 'chat.sqlite3'}" if request.param == "sqlite" else PG


@pytest.fixture
def client(url):
    with TestClient(make(url)) as c:
        yield c


def table(client, seats=("creator", "open")):
    made = client.post("/api/games", json={"game": "kingdomino", "seats": list(seats)}).json()
    return made["id"], made["seats"][0]["token"]


def say(client, gid, token, text):
    return client.post(f"/api/games/{gid}/chat", json={"token": token, "text": text})


def test_a_seated_player_writes_and_everyone_reads_the_chat_as_plain_text(client):
    gid, token = table(client)
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
    markup = '<img src=x onerror="alert(1)"> <b>hi</b> & ok'
    r = say(client, gid, token, markup)
    assert r.status_code == 201, r.text
    assert r.json()["message"]["text"] == markup and r.json()["message"]["seat"] == 0
    assert say(client, gid, joined["token"], "  good luck\nhave fun ").json()["message"]["text"] == "good luck have fun"
    read = client.get(f"/api/games/{gid}/chat").json()["messages"]  # a spectator reads
    assert [(m["seat"], m["text"]) for m in read] == [(0, markup), (1, "good luck have fun")]
    assert client.get(f"/api/games/{gid}/chat", params={"after": read[0]["id"]}).json()["messages"] == read[1:]


def test_a_spectator_cannot_write_and_a_bad_message_changes_nothing(client):
    gid, token = table(client)
    assert say(client, gid, "", "hello").status_code == 403
    assert say(client, gid, "not-a-seat", "hello").status_code == 403
    assert client.post(f"/api/games/{gid}/chat", json={"text": "hello"}).status_code == 422
    assert say(client, gid, token, "  \n\t ").status_code == 422
    r = say(client, gid, token, "x" * 301)
    assert r.status_code == 422 and "at most 300 characters" in r.json()["detail"]
    assert say(client, "no-such-table", token, "hello").status_code == 404
    assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []


def test_a_seat_writing_too_fast_is_told_to_slow_down(url):
    with TestClient(make(url, chat_burst=3, chat_rate=0.01)) as client:
        gid, token = table(client)
        codes = [say(client, gid, token, f"message {i}").status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        assert len(client.get(f"/api/games/{gid}/chat").json()["messages"]) == 3


def test_a_message_is_pushed_to_every_socket_watching_the_table(client):
    gid, token = table(client)
    with client.websocket_connect(f"/ws/games/{gid}") as spectator:
        assert spectator.receive_json()["type"] == "update"
        say(client, gid, token, "hello <there>")
        pushed = spectator.receive_json()
    assert pushed["type"] == "chat" and [m["text"] for m in pushed["messages"]] == ["hello <there>"]


def test_bots_do_not_answer(client):
    gid, token = table(client, ("creator", "bot:random"))
    before = client.get(f"/api/games/{gid}", params={"token": token}).json()["version"]
    say(client, gid, token, "hello bot, are you there?")
    messages = client.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [m["seat"] for m in messages] == [0]
    assert client.get(f"/api/games/{gid}", params={"token": token}).json()["version"] == before


def test_the_chat_is_kept_with_the_game_across_a_restart(url):
    with TestClient(make(url)) as client:
        gid, token = table(client)
        say(client, gid, token, "back in a minute")
    with TestClient(make(url)) as client:
        assert [m["text"] for m in client.get(f"/api/games/{gid}/chat").json()["messages"]] == ["back in a minute"]


def test_an_older_database_gets_the_chat_table(tmp_path):
    from alembic import command
    from alembic.config import Config

    from realms.server import db as dbmod

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(dbmod.Path(dbmod.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0004")
        assert "chat" not in sa.inspect(conn).get_table_names()
    migrate(engine)
    with engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("chat")}
    assert columns == {"id", "game_id", "seat", "name", "text", "created_at"}


def test_a_message_written_on_one_process_reaches_a_socket_on_another(tmp_path):
    """PostgreSQL, two server processes: the message is announced, and the other process pushes it."""
    import asyncio
    import json

    import httpx
    import websockets

    from tests.support import Server, free_port

    if not PG:
        pytest.skip("needs REALMS_TEST_POSTGRES_URL")
    a, b = Server(PG, free_port()), Server(PG, free_port())
    try:
        a.start()
        b.start()

        async def go() -> list[str]:
            async with httpx.AsyncClient(timeout=30) as http:
                made = (await http.post(a.base + "/api/games", json={"game": "kingdomino",
                                                                     "seats": ["creator", "creator"]})).json()
                gid, token = made["id"], made["seats"][0]["token"]
                async with websockets.connect(b.base.replace("http", "ws") + f"/ws/games/{gid}") as ws:
                    assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "update"
                    r = await http.post(f"{a.base}/api/games/{gid}/chat", json={"token": token, "text": "hello b"})
                    assert r.status_code == 201, r.text
                    while True:
                        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if frame["type"] == "chat":
                            return [m["text"] for m in frame["messages"]]

        assert asyncio.run(go()) == ["hello b"]
    finally:
        a.stop()
        b.stop()
