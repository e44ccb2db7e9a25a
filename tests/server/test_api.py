"""The REST API and WebSocket: every status code, authority, persistence and bots."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import realms.web
from realms.server.app import create_app
from tests.support import BACKENDS, POSTGRES_URL


@pytest.fixture(params=BACKENDS)
def client(request, tmp_path):
    """A test client on SQLite, and on PostgreSQL when REALMS_TEST_POSTGRES_URL names one (CI starts it)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        url = POSTGRES_URL
    app = create_app(url, bot_delay=0)
    with TestClient(app) as c:
        yield c


def new_game(client, seats=("human", "human"), game="kingdomino", options=None):
    r = client.post("/api/games", json={"game": game, "options": options or {}, "seats": list(seats)})
    assert r.status_code == 201, r.text
    return r.json()


def state(client, gid, token=None):
    params = {"token": token} if token else {}
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def mover(client, made):
    """(token, payload) of the human seat to move."""
    for s in made["seats"]:
        if s["token"]:
            p = state(client, made["id"], s["token"])
            if p["legal_actions"]:
                return s["token"], p
    raise AssertionError("no human seat to move")


def test_create_returns_ids_tokens_and_join_urls(client):
    made = new_game(client, ("human", "bot:random"))
    assert made["id"]
    human, bot = made["seats"]
    assert human["token"] and human["join_url"] == f"/play/{made['id']}#token={human['token']}"
    assert bot["token"] is None and bot["join_url"] is None


@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "seats": ["human", "human"]}, "unknown game"),
    ({"game": "kingdomino", "seats": ["human", "bot:nobody"]}, "unknown agent"),
    ({"game": "kingdomino", "seats": ["human", "robot"]}, "must be \\\"human\\\" or"),
    ({"game": "kingdomino", "seats": ["human"] * 5}, "between 2 and 4"),
    ({"game": "kingdomino", "options": {"mighty_duel": True}, "seats": ["human"] * 3}, "Mighty Duel"),
    ({"game": "kingdomino", "options": {"colour": "red"}, "seats": ["human"] * 2}, "unknown option"),
    ({"game": "kingdomino", "options": {"players": 4}, "seats": ["human"] * 2}, "2 seats for 4 players"),
])
def test_create_rejects_bad_requests_with_400(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert words.replace("\\\"", '"') in r.json()["detail"]


def test_malformed_json_unknown_fields_and_big_bodies_are_4xx(client):
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/games", json={"game": "kingdomino", "seats": ["human", "human"], "extra": 1})
    assert r.status_code == 422 and "extra" in r.json()["detail"]
    big = {"game": "kingdomino", "seats": ["human", "human"], "options": {"x": "y" * 70000}}
    r = client.post("/api/games", json=big)
    assert r.status_code == 413
    assert client.get("/api/games").status_code == 200  # the server is fine afterwards


def test_seat_view_has_version_and_legal_actions_only_for_the_mover(client):
    made = new_game(client)
    token, p = mover(client, made)
    assert p["version"] == 0 and p["finished"] is False and p["legal_actions"]
    assert all({"index", "action", "text"} <= set(a) for a in p["legal_actions"])
    other = next(s["token"] for s in made["seats"] if s["token"] != token)
    assert state(client, made["id"], other)["legal_actions"] == []
    spectator = state(client, made["id"])
    assert spectator["seat"] is None and spectator["legal_actions"] == []


def test_dominion_legal_actions_carry_their_text_as_a_message_key_and_others_the_text_alone(client):
    token, p = mover(client, new_game(client, game="dominion"))
    said = {a["text"]: a["say"] for a in p["legal_actions"]}  # the first hand: Coppers and Estates, Buy phase
    assert said["play all treasures"] == {"key": "play_treasures", "args": {}}
    assert said["play Copper"] == {"key": "play", "args": {"card": "Copper"}}
    assert all("say" not in a for a in mover(client, new_game(client))[1]["legal_actions"])  # Kingdomino


def test_wrong_token_is_403_and_unknown_game_404(client):
    made = new_game(client)
    assert client.get(f"/api/games/{made['id']}", params={"token": "nope"}).status_code == 403
    assert client.get("/api/games/doesnotexist").status_code == 404
    r = client.post(f"/api/games/{made['id']}/actions", json={"token": "nope", "version": 0,
                                                             "action": {"type": "pick", "slot": 0}})
    assert r.status_code == 403


def test_not_your_turn_and_stale_version_are_409_and_change_nothing(client):
    made = new_game(client)
    token, p = mover(client, made)
    other = next(s["token"] for s in made["seats"] if s["token"] != token)
    action = p["legal_actions"][0]["action"]
    r = client.post(f"/api/games/{made['id']}/actions", json={"token": other, "version": 0, "action": action})
    assert r.status_code == 409 and "turn" in r.json()["detail"]
    r = client.post(f"/api/games/{made['id']}/actions", json={"token": token, "version": 5, "action": action})
    assert r.status_code == 409 and "stale" in r.json()["detail"]
    after = state(client, made["id"], token)
    assert after["version"] == 0 and after["state_hash"] == p["state_hash"]


@pytest.mark.parametrize("action, words", [
    ({"type": "pick", "slot": 9}, "not an action"),
    ({"type": "place", "row": 0, "col": 1, "dir": "E"}, "must pick"),
    ({"type": "teleport"}, "not an action"),
    ({}, "not an action"),
])
def test_illegal_actions_are_400_with_the_engine_message(client, action, words):
    made = new_game(client)
    token, p = mover(client, made)
    r = client.post(f"/api/games/{made['id']}/actions", json={"token": token, "version": 0, "action": action})
    assert r.status_code == 400 and words in r.json()["detail"]
    assert state(client, made["id"], token)["state_hash"] == p["state_hash"]


def test_taken_slot_is_400(client):
    made = new_game(client)
    token, p = mover(client, made)
    first = p["legal_actions"][0]["action"]
    assert client.post(f"/api/games/{made['id']}/actions",
                       json={"token": token, "version": 0, "action": first}).status_code == 200
    token2, p2 = mover(client, made)
    r = client.post(f"/api/games/{made['id']}/actions", json={"token": token2, "version": 1, "action": first})
    assert r.status_code in (400, 409)
    if r.status_code == 400:
        assert "already taken" in r.json()["detail"]


def play_out(client, made, limit=500):
    for _ in range(limit):
        p = state(client, made["id"])
        if p["finished"]:
            return p
        token, p = mover(client, made)
        r = client.post(f"/api/games/{made['id']}/actions",
                        json={"token": token, "version": p["version"], "action": p["legal_actions"][-1]["action"]})
        assert r.status_code == 200, r.text
    raise AssertionError("game did not finish")


def test_full_game_finishes_with_result_and_record_replays(client):
    made = new_game(client)
    before = client.get(f"/api/games/{made['id']}/record").json()
    assert before["complete"] is False and "seed" not in before and "actions" not in before
    final = play_out(client, made)
    assert final["finished"] and set(final["result"]) >= {"scores", "ranks", "breakdown"}
    record = client.get(f"/api/games/{made['id']}/record").json()
    from realms.core.record import replay

    assert replay(record).result.scores == final["result"]["scores"]
    step = client.get(f"/api/games/{made['id']}/replay", params={"step": 3}).json()
    assert step["step"] == 3 and step["steps"] == len(record["actions"])
    r = client.post(f"/api/games/{made['id']}/actions",
                    json={"token": made["seats"][0]["token"], "version": final["version"],
                          "action": {"type": "pick", "slot": 0}})
    assert r.status_code == 409 and "over" in r.json()["detail"]


def test_replay_of_unfinished_game_is_refused(client):
    made = new_game(client)
    assert client.get(f"/api/games/{made['id']}/replay").status_code == 409


def test_bots_move_on_the_server(client):
    made = new_game(client, ("bot:random", "bot:greedy"))
    import time

    deadline = time.time() + 30
    while time.time() < deadline and not state(client, made["id"])["finished"]:
        time.sleep(0.02)
    assert state(client, made["id"])["finished"]


def test_lobby_lists_open_tables_and_join_claims_seats(client):
    made = new_game(client, ("creator", "open", "bot:random"))
    tables = client.get("/api/games").json()["games"]
    table = next(t for t in tables if t["id"] == made["id"])
    assert [s["claimed"] for s in table["seats"]] == [True, False, True]
    r = client.post(f"/api/games/{made['id']}/join", json={"seat": 1})
    assert r.status_code == 200 and r.json()["token"] not in (None, made["seats"][0]["token"], made["owner"])
    assert client.post(f"/api/games/{made['id']}/join", json={"seat": 1}).status_code == 409
    assert client.post(f"/api/games/{made['id']}/join", json={"seat": 2}).status_code == 409
    assert client.post(f"/api/games/{made['id']}/join", json={"seat": 7}).status_code == 400


def test_websocket_pushes_views_after_every_change(client):
    made = new_game(client)
    token, p = mover(client, made)
    with client.websocket_connect(f"/ws/games/{made['id']}?token={token}") as ws:
        first = ws.receive_json()
        assert first["type"] == "update" and first["version"] == 0 and first["legal_actions"]
        client.post(f"/api/games/{made['id']}/actions",
                    json={"token": token, "version": 0, "action": p["legal_actions"][0]["action"]})
        update = ws.receive_json()
        assert update["version"] == 1 and update["log"]


def test_websocket_carries_actions_and_answers_each_fault_on_that_socket_only(client):
    made = new_game(client)
    token, p = mover(client, made)
    other = next(s["token"] for s in made["seats"] if s["token"] != token)
    gid = made["id"]
    action = p["legal_actions"][0]["action"]
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws, \
            client.websocket_connect(f"/ws/games/{gid}?token={other}") as ws_other, \
            client.websocket_connect(f"/ws/games/{gid}") as spectator:
        for w in (ws, ws_other, spectator):
            assert w.receive_json()["version"] == 0
        faults = [
            ("not json", 422, "not valid JSON"),
            (json.dumps({"type": "act", "version": 0, "action": action}), 422, '"ping" or a JSON object'),
            (json.dumps({"type": "action", "version": 0}), 422, "action: Field required"),
            (json.dumps({"type": "action", "version": 0, "action": action, "token": token}), 422, "token: Extra"),
            (json.dumps({"type": "action", "version": "0", "action": action}), 422, "version: must be an integer"),
            (json.dumps({"type": "action", "version": 3, "action": action}), 409, "stale version"),
            (json.dumps({"type": "action", "version": 0, "action": {"type": "teleport"}}), 400, "not an action"),
        ]
        for message, status, words in faults:
            ws.send_text(message)
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["status"] == status and words in answer["detail"], answer
            assert answer["version"] == 0
        ws_other.send_text(json.dumps({"type": "action", "version": 0, "action": action}))
        answer = ws_other.receive_json()
        assert answer["status"] == 409 and "turn" in answer["detail"], answer
        spectator.send_text(json.dumps({"type": "action", "version": 0, "action": action}))
        assert spectator.receive_json()["status"] == 403
        ws.send_bytes(b"binary")
        assert ws.receive_json()["status"] == 422
        assert state(client, gid, token)["state_hash"] == p["state_hash"]  # nothing changed
        ws.send_text(json.dumps({"type": "action", "version": 0, "action": action}))
        for w in (ws, ws_other, spectator):  # the accepted action reaches every watcher, and no error does
            update = w.receive_json()
            assert update["type"] == "update" and update["version"] == 1
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong", "version": 1}
    assert state(client, gid, token)["version"] == 1


def test_a_server_bug_while_acting_is_a_500_and_keeps_the_socket(client, monkeypatch):
    made = new_game(client)
    token, p = mover(client, made)
    action = p["legal_actions"][0]["action"]

    async def broken(*_args, **_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(client.app.state.manager, "_commit", broken)
    r = client.post(f"/api/games/{made['id']}/actions", json={"token": token, "version": 0, "action": action})
    assert r.status_code == 500 and "internal error" in r.json()["detail"]
    with client.websocket_connect(f"/ws/games/{made['id']}?token={token}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "action", "version": 0, "action": action}))
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["status"] == 500
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong", "version": 0}
    assert state(client, made["id"], token)["state_hash"] == p["state_hash"]


def test_oversized_action_bodies_are_413_declared_or_streamed(client):
    made = new_game(client)
    token, p = mover(client, made)
    big = json.dumps({"token": token, "version": 0, "action": {"pad": "x" * 70000}}).encode()
    r = client.post(f"/api/games/{made['id']}/actions", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413

    def chunks():
        for i in range(0, len(big), 8192):
            yield big[i:i + 8192]

    r = client.post(f"/api/games/{made['id']}/actions", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert state(client, made["id"], token)["version"] == 0


def test_websocket_with_a_bad_token_is_closed(client):
    made = new_game(client)
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as info:
        with client.websocket_connect(f"/ws/games/{made['id']}?token=bad") as ws:
            ws.receive_json()
    assert info.value.code == 4403


def test_two_actions_at_once_are_serialised(client):
    made = new_game(client)
    token, p = mover(client, made)
    codes = []

    def post(action):
        r = client.post(f"/api/games/{made['id']}/actions", json={"token": token, "version": 0, "action": action})
        codes.append(r.status_code)

    threads = [threading.Thread(target=post, args=(a["action"],)) for a in p["legal_actions"][:2]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409]
    assert state(client, made["id"])["version"] == 1


def test_openapi_docs_are_served(client):
    assert client.get("/docs").status_code == 200
    spec = client.get("/openapi.json").json()
    assert "/api/games" in spec["paths"] and "/api/games/{gid}/actions" in spec["paths"]


def test_static_client_is_served(client):
    assert "Realms" in client.get("/").text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/kingdomino.js").status_code == 200
    assert "Realms" in client.get("/play/abc").text


def test_meta_lists_games_options_and_bots(client):
    meta = client.get("/api/meta").json()
    kd = next(g for g in meta["games"] if g["id"] == "kingdomino")
    assert "full-greedy" in kd["bots"] and any(o["name"] == "mighty_duel" for o in kd["options"])
    json.dumps(meta)


def test_meta_names_each_games_default_bot_among_its_bots(client):
    meta = client.get("/api/meta").json()
    for g in meta["games"]:
        assert g["default_bot"] in g["bots"], g["id"]
    dominion = next(g for g in meta["games"] if g["id"] == "dominion")
    assert "greedy" not in dominion["bots"] and dominion["default_bot"] == "big-money-ultimate"


def test_meta_serves_dominions_card_facts_from_its_card_definitions(client):
    """The browser draws the Supply from the server's card facts (no copy of them in dominion.js): every registered
    card, its cost and types as its class states them."""
    from realms.games.dominion.cards import CARDS

    dominion = next(g for g in client.get("/api/meta").json()["games"] if g["id"] == "dominion")
    cards = dominion["data"]["cards"]
    assert list(cards) == [c.name for c in CARDS]
    for c in CARDS:
        assert (cards[c.name]["cost"], cards[c.name]["types"]) == (c.cost, c.type_names())
    assert cards["Chancellor"]["set"] == "first" and cards["Artisan"]["set"] == "second"
    assert cards["Village"]["set"] == "both" and cards["Colony"]["set"] == "prosperity"
    assert set(dominion["data"]["edition_wording"]) == {"Moneylender", "Mine", "Throne Room", "Masquerade", "Treasury",
                                                        "Outpost"}
    web = Path(realms.web.__file__).parent / "dominion.js"
    assert '"Copper": {' not in web.read_text(encoding="utf-8")


def test_meta_names_each_games_browser_module(client):
    import realms.games

    web = Path(realms.web.__file__).parent
    for g in client.get("/api/meta").json()["games"]:
        assert g["module"] == realms.games.get(g["id"]).web_module
        assert g["module"] is None or (web / g["module"]).is_file()


def test_meta_serves_kingdominos_dominoes_from_its_data(client):
    from realms.games.kingdomino.data import DOMINOES, LETTERS

    kd = next(g for g in client.get("/api/meta").json()["games"] if g["id"] == "kingdomino")
    assert kd["data"]["terrains"] == list(LETTERS)
    assert kd["data"]["dominoes"] == [[[LETTERS[d.terrain1], d.crowns1], [LETTERS[d.terrain2], d.crowns2]]
                                      for d in DOMINOES[1:]]
    web = Path(realms.web.__file__).parent / "kingdomino.js"
    assert "W0W0" not in web.read_text(encoding="utf-8")


def test_meta_serves_burgundys_kinds_from_its_data(client):
    from realms.games.burgundy.data import BUILDING_KINDS, SPECIES, TYPES

    bg = next(g for g in client.get("/api/meta").json()["games"] if g["id"] == "burgundy")
    assert bg["data"] == {"space_types": list(TYPES), "buildings": list(BUILDING_KINDS), "species": list(SPECIES)}
    web = (Path(realms.web.__file__).parent / "burgundy.js").read_text(encoding="utf-8")
    assert '"carpenters_workshop"' not in web and '"chicken"' not in web


def test_options_naming_server_files_are_refused(client):
    r = client.post("/api/games", json={"game": "burgundy", "options": {"boards_file": "/etc/passwd"},
                                        "seats": ["human", "human"]})
    assert r.status_code == 400 and "cannot be set here" in r.json()["detail"]
    meta = client.get("/api/meta").json()
    burgundy = next(g for g in meta["games"] if g["id"] == "burgundy")
    assert all(o["name"] != "boards_file" for o in burgundy["options"])


@pytest.mark.parametrize("body, words", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "JSON object"),
    (b'{"token": "t", "version": 0}', "action: Field required"),
    (b'{"token": "t", "version": "0", "action": {}}', "version: must be an integer"),
    (b'{"token": "t", "version": true, "action": {}}', "version: must be an integer"),
    (b'{"token": 5, "version": 0, "action": {}}', "token: must be a string"),
    (b'{"token": "t", "version": 0, "action": [1]}', "action: must be a JSON object"),
    (b'{"token": "t", "version": 0, "action": {}, "cheat": 1}', "cheat: Extra inputs"),
])
def test_malformed_action_bodies_are_422(client, body, words):
    made = new_game(client)
    r = client.post(f"/api/games/{made['id']}/actions", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and words in r.json()["detail"]
    assert state(client, made["id"])["version"] == 0


def test_action_endpoint_documents_its_body(client):
    spec = client.get("/openapi.json").json()
    schema = spec["paths"]["/api/games/{gid}/actions"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert set(schema["required"]) == {"token", "version", "action"}


@pytest.mark.parametrize("game_id", ["kingdomino", "burgundy"])
def test_games_declaring_public_views_really_show_every_seat_the_same(game_id):
    """The server builds such views once per state; check the claim over random play."""
    import realms.games
    from realms.agents import make_agent

    game = realms.games.get(game_id)
    assert game.public_view
    for seed in range(3):
        s = game.new({"players": 3}, seed)
        bot = make_agent("random", game, seed)
        for _ in range(300):
            if s.to_move is None:
                break
            views = [game.view(s, p) for p in (None, 0, 1, 2)]
            for v in views:
                v.pop("seat")
            assert all(v == views[0] for v in views)
            game.apply(s, bot.act(game, s))


def test_dominion_views_differ_by_seat_so_they_are_not_shared():
    import realms.games

    assert not realms.games.get("dominion").public_view


def test_a_bot_seat_never_reads_a_strategy_file_whole_or_as_an_option(client, monkeypatch):
    from realms.games.dominion import bots

    read: list[str] = []
    load = bots.load_rules
    monkeypatch.setattr(bots, "load_rules", lambda path: read.append(str(path)) or load(path))
    path = "docs/examples/dominionsim/smithy.toml"  # a file the server could read
    for name in (path, f"mc:policy={path}", f"mc:iterations=10,policy={path}", f"mc:policy={path},iterations=10"):
        r = client.post("/api/games", json={"game": "dominion", "seats": ["human", f"bot:{name}"]})
        assert r.status_code == 400 and "cannot be loaded" in r.json()["detail"], (name, r.text)
    made = client.post("/api/games", json={"game": "dominion", "seats": ["creator", "open"]}).json()
    r = client.post(f"/api/games/{made['id']}/start", json={"owner": made["owner"], "bot": f"mc:policy={path},c=1"})
    assert r.status_code == 400 and "cannot be loaded" in r.json()["detail"]
    assert read == []
    assert client.get(f"/api/games/{made['id']}").json()["table"]["waiting_for"] == [1]  # nothing changed


@pytest.mark.parametrize("name, seated", [
    ("hard", True), ("medium", True), ("random", True),
    ("mc:seconds=2", True), ("mc:iterations=2000,cap=5", True), ("mc:seconds=10", True),
    ("mc:seconds=3600", False), ("mc:iterations=100000", False), ("mc:iterations=1000,cap=60", False),
    ("ismcts:seconds=1,workers=8", False),
])
def test_a_bot_seat_thinks_at_most_the_servers_bound_a_move(client, name, seated):
    r = client.post("/api/games", json={"game": "kingdomino", "seats": ["human", f"bot:{name}"]})
    assert (r.status_code == 201) == seated, r.text
    if not seated:
        assert r.status_code == 400 and "at most 10 s a move" in r.json()["detail"]
        made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"]}).json()
        r = client.post(f"/api/games/{made['id']}/start", json={"owner": made["owner"], "bot": name})
        assert r.status_code == 400 and "at most 10 s a move" in r.json()["detail"]


def test_every_level_and_the_lobbys_bots_are_within_the_servers_bound(client):
    from realms.server.bot_turns import bot_refusal

    meta = client.get("/api/meta").json()
    for g in meta["games"]:
        game = realms.games.get(g["id"])
        for name in [lv["agent"] for lv in g["levels"]] + [lv["name"] for lv in g["levels"]] + g["bots"]:
            assert bot_refusal(name, game) is None, (g["id"], name)
