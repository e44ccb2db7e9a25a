"""Seats and identity: a seat's secret belongs to one person; invitations are single use; claims are
decided by the database; the creator can revoke what nobody has claimed yet."""

from __future__ import annotations

import asyncio
import os
import threading

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from realms.server.app import create_app
from tests.support import BACKENDS, Server, free_port
from tests.support import POSTGRES_URL as PG


@pytest.fixture(params=BACKENDS)
def client(request, tmp_path):
    url = f"sqlite:///{tmp_path / 'seats.sqlite3'}" if request.param == "sqlite" else PG
    with TestClient(create_app(url, bot_delay=0)) as c:
        yield c


def create(client, seats):
    r = client.post("/api/games", json={"game": "kingdomino", "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()


def test_creator_gets_only_its_own_seat_secret_and_invitation_codes(client):
    made = create(client, ["creator", "invite", "open", "bot:random"])
    me, friend, stranger, bot = made["seats"]
    assert made["owner"]
    assert me["access"] == "creator" and me["token"] and me["invite"] is None
    assert friend["access"] == "invite" and friend["token"] is None and friend["invite"]
    assert stranger["access"] == "open" and stranger["token"] is None and stranger["invite"] is None
    assert bot["token"] is None and bot["invite"] is None
    # links carry secrets in the fragment, which browsers never send to the server
    assert me["join_url"] == f"/play/{made['id']}#token={me['token']}"
    assert friend["join_url"] == f"/play/{made['id']}#invite={friend['invite']}"


def test_plain_human_seats_are_the_creators_own_and_never_offered_in_the_lobby(client):
    made = create(client, ["human", "human", "bot:random"])
    assert [s["access"] for s in made["seats"]] == ["creator", "creator", "bot"]
    assert all(client.post(f"/api/games/{made['id']}/join", json={"seat": n}).status_code == 409 for n in range(3))


def test_an_invitation_gives_the_joiner_a_fresh_secret_and_is_single_use(client):
    made = create(client, ["creator", "invite"])
    gid, code = made["id"], made["seats"][1]["invite"]
    r = client.post(f"/api/games/{gid}/join", json={"invite": code})
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == 1 and joined["token"] not in (code, made["seats"][0]["token"], made["owner"])
    assert client.get(f"/api/games/{gid}", params={"token": joined["token"]}).json()["seat"] == 1
    # the code is burnt, and the code itself is no seat secret
    assert client.post(f"/api/games/{gid}/join", json={"invite": code}).status_code == 409
    assert client.get(f"/api/games/{gid}", params={"token": code}).status_code == 403
    # the creator's secrets do not open the joiner's seat
    for secret in (made["seats"][0]["token"], made["owner"]):
        assert client.get(f"/api/games/{gid}", params={"token": secret}).json().get("seat") != 1


def test_an_open_seat_is_claimed_once_and_invitations_and_the_creators_seat_never(client):
    made = create(client, ["creator", "invite", "open"])
    gid = made["id"]
    assert client.post(f"/api/games/{gid}/join", json={"seat": 0}).status_code == 409
    assert client.post(f"/api/games/{gid}/join", json={"seat": 1}).status_code == 409
    r = client.post(f"/api/games/{gid}/join", json={"seat": 2})
    assert r.status_code == 200 and r.json()["seat"] == 2
    assert client.post(f"/api/games/{gid}/join", json={"seat": 2}).status_code == 409
    assert client.post(f"/api/games/{gid}/join", json={"invite": "made-up"}).status_code == 403
    assert client.post(f"/api/games/{gid}/join", json={}).status_code == 422
    assert client.post(f"/api/games/{gid}/join", json={"seat": 2, "invite": "x"}).status_code == 422


def test_the_lobby_says_which_seats_are_open_and_which_are_invitations(client):
    made = create(client, ["creator", "invite", "open", "bot:random"])
    table = next(t for t in client.get("/api/games").json()["games"] if t["id"] == made["id"])
    assert [(s["access"], s["claimed"]) for s in table["seats"]] == [
        ("creator", True), ("invite", False), ("open", False), ("bot", True)]
    assert all("token" not in s and "invite" not in s for s in table["seats"])


def test_a_get_with_a_token_changes_nothing(client):
    made = create(client, ["creator", "invite"])
    engine = client.app.state.manager.engine

    def rows():
        with engine.connect() as conn:
            return conn.execute(text("SELECT * FROM seats WHERE game_id = :g ORDER BY seat"),
                                {"g": made["id"]}).fetchall()

    before = rows()
    client.get(f"/api/games/{made['id']}", params={"token": made["seats"][0]["token"]})
    assert rows() == before


def test_the_creator_revokes_an_invitation_or_an_unclaimed_open_seat(client):
    made = create(client, ["creator", "invite", "open"])
    gid, owner, code = made["id"], made["owner"], made["seats"][1]["invite"]
    path = f"/api/games/{gid}/seats/1/revoke"
    assert client.post(path, json={"owner": "wrong"}).status_code == 403
    assert client.post(path, json={"owner": made["seats"][0]["token"]}).status_code == 403
    r = client.post(path, json={"owner": owner})
    assert r.status_code == 200, r.text
    fresh = r.json()
    assert fresh["access"] == "invite" and fresh["invite"] not in (None, code)
    assert client.post(f"/api/games/{gid}/join", json={"invite": code}).status_code == 403
    # the open seat becomes an invitation; an invitation can be put in the lobby instead
    r = client.post(f"/api/games/{gid}/seats/2/revoke", json={"owner": owner})
    assert r.json()["access"] == "invite"
    assert client.post(f"/api/games/{gid}/join", json={"seat": 2}).status_code == 409
    r = client.post(f"/api/games/{gid}/seats/1/revoke", json={"owner": owner, "open": True})
    assert r.json()["access"] == "open" and r.json()["invite"] is None
    assert client.post(f"/api/games/{gid}/join", json={"invite": fresh["invite"]}).status_code == 403
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
    # a claimed seat (and the creator's) is the player's own: it cannot be revoked
    assert client.post(path, json={"owner": owner}).status_code == 409
    assert client.post(f"/api/games/{gid}/seats/0/revoke", json={"owner": owner}).status_code == 409
    assert client.get(f"/api/games/{gid}", params={"token": joined["token"]}).json()["seat"] == 1


def test_only_hashes_of_secrets_are_stored(client):
    made = create(client, ["creator", "invite", "open"])
    joined = client.post(f"/api/games/{made['id']}/join", json={"seat": 2}).json()
    secrets_given = [made["owner"], made["seats"][0]["token"], made["seats"][1]["invite"], joined["token"]]
    engine = client.app.state.manager.engine
    with engine.connect() as conn:
        dump = repr(conn.execute(text("SELECT * FROM seats")).fetchall())
        dump += repr(conn.execute(text("SELECT * FROM games")).fetchall())
    for s in secrets_given:
        assert s not in dump


def test_concurrent_joins_of_one_open_seat_give_it_to_one_joiner(client):
    made = create(client, ["creator", "open"])
    results: list[int] = []

    def go():
        results.append(client.post(f"/api/games/{made['id']}/join", json={"seat": 1}).status_code)

    threads = [threading.Thread(target=go) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200] + [409] * 7


@pytest.fixture
def two_servers():
    if not PG:
        pytest.skip("needs REALMS_TEST_POSTGRES_URL")
    servers = [Server(PG, free_port()), Server(PG, free_port())]
    try:
        for s in servers:
            s.start()
        yield servers
    finally:
        for s in servers:
            s.stop()


def test_two_processes_on_postgresql_never_give_one_seat_to_two_joiners(two_servers):
    a, b = two_servers
    trials = int(os.environ.get("REALMS_SEAT_TRIALS", "10"))

    async def race(gid: str, body: dict) -> list[int]:
        async with httpx.AsyncClient(timeout=10) as http:
            answers = await asyncio.gather(*(http.post(f"{s.base}/api/games/{gid}/join", json=body)
                                             for s in (a, b, a, b)))
        return [r.status_code for r in answers]

    for _ in range(trials):
        made = httpx.post(a.base + "/api/games", json={"game": "kingdomino", "seats": ["creator", "open"]}).json()
        httpx.get(f"{b.base}/api/games/{made['id']}")  # both processes hold a copy
        assert sorted(asyncio.run(race(made["id"], {"seat": 1}))) == [200, 409, 409, 409]
    for _ in range(trials):
        made = httpx.post(a.base + "/api/games", json={"game": "kingdomino", "seats": ["creator", "invite"]}).json()
        code = made["seats"][1]["invite"]
        first = httpx.post(f"{a.base}/api/games/{made['id']}/join", json={"invite": code})
        second = httpx.post(f"{b.base}/api/games/{made['id']}/join", json={"invite": code})
        assert (first.status_code, second.status_code) == (200, 409)
        # the joiner's fresh secret works on the other process too
        mine = httpx.get(f"{b.base}/api/games/{made['id']}", params={"token": first.json()["token"]})
        assert mine.json()["seat"] == 1


# --- a table that wants players ----------------------------------------------------------------------------
def lobby_ids(client) -> list[str]:
    return [t["id"] for t in client.get("/api/games").json()["games"]]


def test_the_lobby_lists_only_tables_with_a_seat_anyone_may_take(client):
    solo = create(client, ["creator", "bot:random"])
    invited = create(client, ["creator", "invite"])
    wanting = create(client, ["creator", "open"])
    client.app.state.lobby.changed()
    listed = lobby_ids(client)
    assert wanting["id"] in listed and solo["id"] not in listed and invited["id"] not in listed
    client.post(f"/api/games/{wanting['id']}/join", json={"seat": 1})
    assert wanting["id"] not in lobby_ids(client)


def test_a_table_with_a_free_seat_waits_for_it_before_the_first_move(client):
    made = create(client, ["creator", "open"])
    gid, token = made["id"], made["seats"][0]["token"]
    view = client.get(f"/api/games/{gid}", params={"token": token}).json()
    assert view["table"]["waiting_for"] == [1] and view["legal_actions"] == []
    first = client.app.state.manager.games[gid].game.legal_actions(client.app.state.manager.games[gid].state)[0]
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "version": 0, "action": first.to_json()})
    assert r.status_code == 409 and "waits for its players" in r.json()["detail"]
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
    mover = client.get(f"/api/games/{gid}", params={"token": token}).json()["to_move"]
    secret = token if mover == 0 else joined["token"]
    view = client.get(f"/api/games/{gid}", params={"token": secret}).json()
    assert view["table"]["waiting_for"] == [] and view["legal_actions"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": secret, "version": 0,
                                                        "action": view["legal_actions"][0]["action"]})
    assert r.status_code == 200, r.text


def test_the_bots_wait_with_the_table_for_its_free_seat(client):
    made = create(client, ["open", "bot:random", "bot:random"])
    gid = made["id"]
    manager = client.app.state.manager
    live = manager.games[gid]
    assert live.waiting_for() == [0]
    manager.schedule_bots(live)
    assert live.bot_task is None and live.version == 0


def test_the_host_starts_a_waiting_table_with_bots_in_its_free_seats(client):
    made = create(client, ["creator", "open", "invite"])
    gid, owner, token = made["id"], made["owner"], made["seats"][0]["token"]
    assert client.post(f"/api/games/{gid}/start", json={"owner": token}).status_code == 403
    assert client.post(f"/api/games/{gid}/start", json={"owner": owner, "bot": "no-such-bot"}).status_code == 400
    r = client.post(f"/api/games/{gid}/start", json={"owner": owner, "bot": "random"})
    assert r.status_code == 200, r.text
    assert r.json()["seats"] == [1, 2]
    view = client.get(f"/api/games/{gid}", params={"token": token}).json()
    assert [(s["kind"], s["agent"]) for s in view["seats"][1:]] == [("bot", "random"), ("bot", "random")]
    assert view["table"]["waiting_for"] == []
    assert client.post(f"/api/games/{gid}/join", json={"invite": made["seats"][2]["invite"]}).status_code == 403
    assert client.post(f"/api/games/{gid}/start", json={"owner": owner}).status_code == 409


def test_a_waiting_tables_clock_starts_once_its_seats_are_taken(client):
    r = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"],
                                        "clock": {"per": "move", "seconds": 600}})
    made = r.json()
    gid, token = made["id"], made["seats"][0]["token"]
    assert client.get(f"/api/games/{gid}", params={"token": token}).json()["table"]["turn_deadline"] is None
    client.post(f"/api/games/{gid}/join", json={"seat": 1})
    assert client.get(f"/api/games/{gid}", params={"token": token}).json()["table"]["turn_deadline"] is not None


def test_the_tables_being_played_are_listed_for_spectators_until_left_alone(client):
    from datetime import UTC, datetime

    from sqlalchemy import update

    from realms.server.db import GameRow

    solo = create(client, ["creator", "bot:random"])
    wanting = create(client, ["creator", "open"])

    def live():
        client.app.state.lobby.live_at = -1e9
        return [t["id"] for t in client.get("/api/games", params={"live": "true"}).json()["games"]]

    assert solo["id"] in live() and wanting["id"] not in live()
    with client.app.state.manager.engine.begin() as conn:
        long_ago = datetime(2020, 1, 1, tzinfo=UTC)
        conn.execute(update(GameRow).where(GameRow.id == solo["id"]).values(updated_at=long_ago))
    assert solo["id"] not in live()


def test_a_table_waiting_for_its_players_is_not_the_players_move_on_their_page(client):
    from tests.server.test_accounts import signup

    name, _ = signup(client)
    for _ in range(30):  # a table whose first mover is the player's own seat (the order is drawn)
        made = create(client, ["creator", "open"])
        if client.get(f"/api/games/{made['id']}").json()["to_move"] == 0:
            break
    game = next(g for g in client.get(f"/api/players/{name}").json()["in_progress"] if g["id"] == made["id"])
    assert game["waiting_for"] == [1] and game["my_turn"] is False


def test_a_signed_in_player_holds_one_seat_of_a_table(client):
    """Taking a second seat of a table one already holds (by mistake in the lobby, or to play oneself in a rated
    game) is refused in one line, and the seat stays open for someone else."""
    from tests.server.test_accounts import signup

    signup(client)
    made = create(client, ["creator", "open", "open"])
    gid = made["id"]
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1})
    assert r.status_code == 409 and "you already hold seat 0" in r.json()["detail"], r.text
    listed = next(g for g in client.get("/api/games").json()["games"] if g["id"] == gid)
    assert [s["seat"] for s in listed["seats"] if s["access"] == "open" and not s["claimed"]] == [1, 2]
    client.post("/api/account/signout")
    client.headers.pop("x-csrf-token")
    assert client.post(f"/api/games/{gid}/join", json={"seat": 1}).status_code == 200  # someone else may
