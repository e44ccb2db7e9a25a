"""Boards that show the whole game: the web calculator, replays by turn with nothing hidden, Dominion's public VP."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

import realms.games
from realms.server.app import create_app

EXAMPLE_21 = "F1 F0 F2\nF0 C  F0\nF0 F0 .\n"


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'whole.sqlite3'}", bot_delay=0)
    with TestClient(app) as c:
        yield c


def finished(client, game, seats, options=None):
    gid = client.post("/api/games", json={"game": game, "options": options or {}, "seats": seats}).json()["id"]
    for _ in range(600):
        if client.get(f"/api/games/{gid}").json()["finished"]:
            return gid
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


# ---------------------------------------------------------------- the calculator
def test_the_calculator_endpoint_scores_with_the_games_calculator(client):
    from realms.games.kingdomino.calculator import CALCULATOR

    r = client.post("/api/calculators/kingdomino", json={"text": EXAMPLE_21})
    assert r.status_code == 200
    data = r.json()
    assert data["score"] == 21 == CALCULATOR.score(EXAMPLE_21, {}).to_json()["score"]
    assert data["regions"] == [{"terrain": "forest", "squares": 7, "crowns": 3, "points": 21}]
    assert data["harmony"] == 0 and data["middle_kingdom"] == 0


def test_the_calculator_counts_each_bonus_on_its_own(client):
    rows = ["G0 G0 G0 G0 G0"] * 2 + ["G0 G0 C G0 G0"] + ["G0 G0 G0 G0 G1"] * 2
    text = "\n".join(rows)
    plain = client.post("/api/calculators/kingdomino", json={"text": text}).json()
    both = client.post("/api/calculators/kingdomino",
                       json={"text": text, "options": {"harmony": True, "middle_kingdom": True}}).json()
    assert plain["bonus"] == 0 and both["harmony"] == 5 and both["middle_kingdom"] == 10
    assert both["score"] == plain["score"] + 15 == both["bonus"] + plain["score"]


@pytest.mark.parametrize("text, row, col", [("F1 F0 F2\nF0 C X0\n", 2, 3), ("F1 C\nF0\n", 2, None),
                                            ("F1 F9 C\n", 1, 2), ("F1 F0\n", None, None)])
def test_bad_calculator_input_is_a_400_naming_row_and_column(client, text, row, col):
    r = client.post("/api/calculators/kingdomino", json={"text": text})
    assert r.status_code == 400
    body = r.json()
    assert body["row"] == row and body["col"] == col
    if row is not None:
        assert body["detail"].startswith(f"row {row}" + (f", column {col}" if col else ""))


def test_the_calculator_refuses_games_without_one_and_bad_switches(client):
    assert client.post("/api/calculators/dominion", json={"text": "x"}).status_code == 404
    assert client.post("/api/calculators/chess", json={"text": "x"}).status_code == 404
    r = client.post("/api/calculators/kingdomino", json={"text": EXAMPLE_21, "options": {"harmony": "maybe"}})
    assert r.status_code == 400 and "harmony" in r.json()["detail"]
    assert client.post("/api/calculators/kingdomino", json={"text": "x" * 5000}).status_code == 422
    assert client.get("/calculator").status_code == 200


# ---------------------------------------------------------------- replays
def turns(view):
    """The turns all seats have had, as a view shows them (Kingdomino lists them; the others per seat)."""
    return sum(view["turns"]) if "turns" in view else sum(s["turns"] for s in view["seats"])


@pytest.mark.parametrize("game", realms.games.ids())
def test_a_replay_knows_where_each_turn_begins(client, game):
    gid = finished(client, game, ["bot:random", "bot:random"])
    first = client.get(f"/api/games/{gid}/replay", params={"step": 0}).json()
    starts = first["turn_starts"]
    assert starts[0] == 0 and starts == sorted(set(starts)) and 1 < len(starts) < first["steps"]
    assert first["turn"] == 0
    for n in (1, len(starts) // 2, len(starts) - 1):
        at = client.get(f"/api/games/{gid}/replay", params={"step": starts[n]}).json()
        assert at["turn"] == n
        before = client.get(f"/api/games/{gid}/replay", params={"step": starts[n] - 1}).json()
        assert before["turn"] == n - 1
        assert turns(at["view"]) > turns(before["view"])


def test_a_dominion_replay_shows_every_hand(client):
    gid = finished(client, "dominion", ["bot:big-money", "bot:random"])
    game = realms.games.get("dominion")  # (not the manager's copy: a finished game nobody watches is let go)
    step = client.get(f"/api/games/{gid}/replay", params={"step": 20}).json()
    assert step["revealed"] is True
    for seat in step["view"]["seats"]:
        assert len(seat["hand"]) == seat["hand_size"] and "deck_contents" in seat and "discard" in seat
    # the same state, as each seat saw it then: its own part of the view
    from realms.server.replay import Replay

    replay = Replay(game, client.get(f"/api/games/{gid}/record").json())
    replay.seek(20)
    for q in range(2):
        assert step["view"]["seats"][q] == game.view(replay.state, q)["seats"][q]


def test_dominion_vp_are_public_while_playing(client):
    made = client.post("/api/games", json={"game": "dominion", "seats": ["human", "human"]}).json()
    watcher = client.get(f"/api/games/{made['id']}").json()
    assert [s["vp"] for s in watcher["view"]["seats"]] == [3, 3]
