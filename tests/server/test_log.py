"""The game log: the whole game kept, the latest page in every payload, older pages from a paged endpoint."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from realms.core.game import Event
from realms.server.app import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'log.sqlite3'}", bot_delay=0)
    with TestClient(app) as c:
        yield c


def new_table(client, seats=("human", "human")):
    r = client.post("/api/games", json={"game": "dominion", "seats": list(seats)})
    assert r.status_code == 201, r.text
    made = r.json()
    return made, client.app.state.manager.get(made["id"])


def fill(live, public=300, secret_every=7):
    """``public`` public events, with a private event for seat 0 after every ``secret_every``-th one."""
    live.version += 1  # payloads are built afresh
    for i in range(public):
        live.add_event(live.version, Event("note", None, f"public {i}"))
        if i % secret_every == 0:
            live.add_event(live.version, Event("draw", 0, f"secret {i}", visible_to=0))


def page(client, gid, **params):
    r = client.get(f"/api/games/{gid}/log", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def whole_log(client, gid, token=None, limit=37):
    """Every entry the seat may see, walking back page by page from the latest."""
    params = {"token": token} if token else {}
    first = page(client, gid, **params, limit=limit)
    entries, start = first["entries"], first["start"]
    assert start + len(entries) == first["total"]
    while start > 0:
        older = page(client, gid, **params, before=start, limit=limit)
        assert older["start"] + len(older["entries"]) == start  # pages meet without gaps or overlaps
        entries = older["entries"] + entries
        start = older["start"]
    return [e["text"] for e in entries], first["total"]


def test_a_long_game_keeps_every_entry_and_pages_reach_back_to_the_first(client):
    made, live = new_table(client)
    before = len(live.events)
    fill(live, public=500)
    texts, total = whole_log(client, made["id"], made["seats"][1]["token"])
    assert total == before + 500 and len(texts) == total
    assert [t for t in texts if t.startswith("public")] == [f"public {i}" for i in range(500)]


def test_the_payload_carries_the_latest_page_and_where_it_starts(client):
    made, live = new_table(client)
    fill(live, public=100)
    token = made["seats"][1]["token"]
    payload = client.get(f"/api/games/{made['id']}", params={"token": token}).json()
    latest = page(client, made["id"], token=token, limit=len(payload["log"]))
    assert payload["log_start"] == latest["start"] and payload["log_start"] + len(payload["log"]) == latest["total"]
    assert [e["text"] for e in payload["log"]] == [e["text"] for e in latest["entries"]]
    assert payload["log"][-1]["text"] == "public 99"


def test_other_seats_private_events_never_appear_in_any_page(client):
    made, live = new_table(client)
    fill(live, public=200)
    mine, _ = whole_log(client, made["id"], made["seats"][0]["token"])
    assert sum(t.startswith("secret") for t in mine) == len(range(0, 200, 7))
    for token in (made["seats"][1]["token"], None):  # the other seat and a spectator
        theirs, total = whole_log(client, made["id"], token)
        assert not any(t.startswith("secret") for t in theirs)
        assert total == len(theirs) == len(mine) - len(range(0, 200, 7))
        params = {"token": token} if token else {}
        payload = client.get(f"/api/games/{made['id']}", params=params).json()
        assert not any(e["text"].startswith("secret") for e in payload["log"])
        assert payload["log_start"] + len(payload["log"]) == total


def test_indices_count_only_what_the_seat_sees(client):
    made, live = new_table(client)
    fill(live, public=50, secret_every=1)
    other = page(client, made["id"], token=made["seats"][1]["token"], limit=500)
    owner = page(client, made["id"], token=made["seats"][0]["token"], limit=500)
    assert owner["total"] == other["total"] + 50  # the other seat's numbering has no gaps to count


@pytest.mark.parametrize("params, words", [
    ({"before": -1}, "before"),
    ({"before": "x"}, "before"),
    ({"limit": 0}, "limit"),
    ({"limit": 100000}, "limit"),
    ({"limit": "ten"}, "limit"),
])
def test_bad_paging_parameters_are_422_with_a_clear_message(client, params, words):
    made, _ = new_table(client)
    r = client.get(f"/api/games/{made['id']}/log", params=params)
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert isinstance(detail, str) and words in detail and "\n" not in detail


def test_log_of_a_wrong_token_is_403_and_of_no_game_404(client):
    made, _ = new_table(client)
    assert client.get(f"/api/games/{made['id']}/log", params={"token": "nope"}).status_code == 403
    assert client.get("/api/games/nothing/log").status_code == 404


def test_before_past_the_end_is_the_latest_page(client):
    made, live = new_table(client)
    fill(live, public=20)
    latest = page(client, made["id"], limit=5)
    beyond = page(client, made["id"], limit=5, before=10**6)
    assert beyond == latest
