"""What counts for a rating: games too short to be really played, bots below the rated levels, the same two
accounts over and over, and a player who leaves, each against the pattern that farmed a rating (a second
account that never buys, games against the ``random`` bot)."""

from __future__ import annotations

import time
import uuid

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

import realms.games
from realms.server import ratings
from realms.server.app import create_app
from realms.server.db import SeatRow
from tests.support import BACKENDS, POSTGRES_URL

PASSWORD = "correct horse battery"
#: Dominion games long enough to be rated, and quick: eight turns of (mostly) two decisions a seat (``pick``'s
#: treasures and an Estate, which ends the turn). Six turns were exactly the 12 decisions a rating needs, so a hand
#: with no Treasure in it (one decision that turn) left the game "short" now and then
LONG_ENOUGH = {"players": 2, "turn_limit": 8}


@pytest.fixture(params=BACKENDS)
def app(request, tmp_path, monkeypatch):
    monkeypatch.setenv("REALMS_TAKEOVER_GRACE", "1")
    monkeypatch.setenv("REALMS_DEADLINE_TICK", "0.05")
    url = f"sqlite:///{tmp_path / 'ratings.sqlite3'}" if request.param == "sqlite" else POSTGRES_URL
    return create_app(url, bot_delay=0)


def account(c: TestClient) -> str:
    name = f"r{uuid.uuid4().hex[:10]}"
    r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    c.headers["x-csrf-token"] = r.json()["csrf"]
    return name


def duel(a: TestClient, b: TestClient, game: str, options: dict, pace: str = "turn") -> tuple[str, str, str]:
    """A table of ``a`` (seat 0) and ``b`` (seat 1, by invitation): (id, a's secret, b's secret)."""
    made = a.post("/api/games", json={"game": game, "seats": ["creator", "invite"], "options": options,
                                      "pace": pace})
    assert made.status_code == 201, made.text
    made = made.json()
    joined = b.post(f"/api/games/{made['id']}/join", json={"invite": made["seats"][1]["invite"]})
    assert joined.status_code == 200, joined.text
    return made["id"], made["seats"][0]["token"], joined.json()["token"]


def pick(legal: list[dict], never_buys: bool) -> dict:
    """The farming scripts' choices: the second account only ends its buying; the first buys victory points."""
    kinds = [(a["action"].get("type"), a["action"].get("card")) for a in legal]
    wanted = [("end_buys", None)] if never_buys else \
        [("play_treasures", None), ("buy", "Province"), ("buy", "Duchy"), ("buy", "Estate")]
    for w in wanted:
        if w in kinds:
            return legal[kinds.index(w)]["action"]
    return legal[0]["action"]


def play(c: TestClient, gid: str, tokens: dict[int, str], never_buys: frozenset[int] = frozenset(),
         until=lambda p, made: p["finished"]) -> dict:
    """Play the seats of ``tokens`` (``c`` reads and posts for all) until ``until`` holds of the spectator's view
    and the decisions made for each seat here."""
    made = dict.fromkeys(tokens, 0)
    deadline = time.time() + 120
    p = c.get(f"/api/games/{gid}").json()
    while time.time() < deadline:
        if until(p, made):
            return p
        seat = p["to_move"]
        if seat in tokens:
            if p["seat"] != seat:
                p = c.get(f"/api/games/{gid}", params={"token": tokens[seat]}).json()
            r = c.post(f"/api/games/{gid}/actions", json={
                "token": tokens[seat], "version": p["version"], "action": pick(p["legal_actions"], seat in never_buys)})
            assert r.status_code == 200, r.text
            made[seat] += 1
            p = r.json()
        else:  # a bot's turn
            time.sleep(0.002)
            p = c.get(f"/api/games/{gid}").json()
    raise AssertionError("the game did not get there")


def ratings_of(c: TestClient, name: str) -> dict[str, dict]:
    return {r["game"]: r for r in c.get(f"/api/players/{name}").json()["ratings"]}


def rating_of_game(c: TestClient, name: str, gid: str) -> dict:
    return next(g for g in c.get(f"/api/players/{name}").json()["finished"] if g["id"] == gid)["rating"]


def test_two_turn_games_against_an_account_that_never_buys_move_no_rating(app):
    with TestClient(app) as a:
        b = TestClient(app)  # the second account's browser (its own cookie)
        farmer, feeder = account(a), account(b)
        games = []
        for _ in range(12):
            gid, ta, tb = duel(a, b, "dominion", {"players": 2, "turn_limit": 2})
            final = play(a, gid, {0: ta, 1: tb}, never_buys=frozenset({1}))
            assert final["result"]["ranks"] == [1, 2]  # the farmer won each of them on the board
            games.append(gid)
        assert ratings_of(a, farmer) == {} and ratings_of(a, feeder) == {}
        board = a.get("/api/leaderboard/dominion").json()["players"]
        assert farmer not in [p["name"] for p in board]
        for gid in games:
            rating = rating_of_game(a, farmer, gid)
            assert rating["rated"] is False and rating["reason"] == "short", rating
            assert f"of the {ratings.MIN_DECISIONS} decisions" in rating["detail"]


def test_moves_taken_back_do_not_make_a_short_game_long_enough(app):
    with TestClient(app) as a:
        b = TestClient(app, client=("10.0.0.2", 50000))
        farmer = account(a)
        account(b)
        # four turns: the farmer's twelve decisions (treasures, an Estate, the end of its buys), the other's four
        gid, ta, tb = duel(a, b, "dominion", {"players": 2, "turn_limit": 4, "undo": True})
        padded = 0
        while not (p := a.get(f"/api/games/{gid}").json())["finished"]:
            seat = p["to_move"]
            mine = a.get(f"/api/games/{gid}", params={"token": (ta, tb)[seat]}).json()
            kinds = [x["action"]["type"] for x in mine["legal_actions"]]
            if seat == 1 and padded < 2 * ratings.MIN_DECISIONS and ("undo" in kinds or "play_treasures" in kinds):
                move = {"type": "undo" if "undo" in kinds else "play_treasures"}  # its treasures played, taken back
                padded += 1
            else:
                move = pick(mine["legal_actions"], seat == 1)
            r = a.post(f"/api/games/{gid}/actions", json={"token": (ta, tb)[seat], "version": mine["version"],
                                                          "action": move})
            assert r.status_code == 200, r.text
        assert padded >= 2 * ratings.MIN_DECISIONS  # twenty-four actions, every other one an undo
        rating = rating_of_game(a, farmer, gid)
        assert rating["rated"] is False and rating["reason"] == "short", rating
        assert rating["detail"] == f"seat 2 made 4 of the {ratings.MIN_DECISIONS} decisions a rated game needs"


def test_games_against_a_bot_below_the_rated_levels_move_no_rating(app):
    with TestClient(app) as c:
        name = account(c)
        for bot in ("random",) * 6:
            made = c.post("/api/games", json={"game": "dominion", "seats": ["creator", f"bot:{bot}"],
                                              "options": LONG_ENOUGH}).json()
            play(c, made["id"], {0: made["seats"][0]["token"]})
            rating = rating_of_game(c, name, made["id"])
            assert rating["rated"] is False and rating["reason"] == "weak-bot" and bot in rating["detail"], rating
        assert ratings_of(c, name) == {}
        assert "random" not in [p["name"] for p in c.get("/api/leaderboard/dominion").json()["players"]]
        # the medium level is rated
        made = c.post("/api/games", json={"game": "dominion", "seats": ["creator", "bot:medium"],
                                          "options": LONG_ENOUGH}).json()
        play(c, made["id"], {0: made["seats"][0]["token"]})
        assert rating_of_game(c, name, made["id"]) == {"rated": True, "reason": None, "detail": None}
        assert ratings_of(c, name)["dominion"]["played"] == 1


def test_the_rated_bots_are_the_medium_level_and_up_and_the_usual_bot():
    for gid in ("kingdomino", "dominion", "burgundy"):
        game = realms.games.get(gid)
        rated = ratings.rated_bots(game)
        assert {"medium", "hard", game.default_agent} <= rated and not {"random", "easy"} & rated, gid
        assert {lv.agent for lv in game.levels if lv.name != "easy"} <= rated
    assert "greedy" not in ratings.rated_bots(realms.games.get("kingdomino"))  # Kingdomino's easy level plays it


def test_the_same_two_accounts_are_rated_a_few_times_a_day(app):
    with TestClient(app) as a:
        b = TestClient(app, client=("10.0.0.2", 50000))  # the second account, from another address
        farmer, feeder = account(a), account(b)
        reasons = []
        for _ in range(ratings.REPEAT_LIMIT + 2):
            gid, ta, tb = duel(a, b, "dominion", LONG_ENOUGH)
            play(a, gid, {0: ta, 1: tb})
            reasons.append(rating_of_game(a, farmer, gid)["reason"])
        assert reasons == [None] * ratings.REPEAT_LIMIT + ["repeat"] * 2
        assert ratings_of(a, farmer)["dominion"]["played"] == ratings.REPEAT_LIMIT
        assert ratings_of(a, feeder)["dominion"]["played"] == ratings.REPEAT_LIMIT


def test_a_player_who_leaves_loses_whatever_the_bot_makes_of_the_seat(app):
    with TestClient(app) as a:
        b = TestClient(app, client=("10.0.0.3", 50000))  # the second account, from another address
        stayer, leaver = account(a), account(b)
        gid, ta, tb = duel(a, b, "kingdomino", {"players": 2}, pace="realtime")

        def enough(p: dict, made: dict) -> bool:  # the leaver has made the decisions a rated game needs
            return made[1] >= ratings.MIN_DECISIONS and p["to_move"] == 1

        play(a, gid, {0: ta, 1: tb}, until=enough)
        with a.websocket_connect(f"/ws/games/{gid}?token={tb}") as ws:  # the leaver's last look; then it leaves
            assert ws.receive_json()["type"] == "update"
        deadline = time.time() + 30
        while a.get(f"/api/games/{gid}").json()["seats"][1]["kind"] != "bot":
            assert time.time() < deadline, "no takeover"
            time.sleep(0.05)
        final = play(a, gid, {0: ta})
        assert rating_of_game(a, stayer, gid)["rated"] is True
        mine, theirs = ratings_of(a, stayer)["kingdomino"], ratings_of(a, leaver)["kingdomino"]
        # whatever the scores (final["result"]), the leaver ranked last: a win for the stayer
        assert mine["mu"] > 25 > theirs["mu"], (final["result"], mine, theirs)


def test_leavers_rank_behind_everyone_who_stayed():
    assert ratings.leavers_last([1, 2], {0}) == [2, 1]
    assert ratings.leavers_last([2, 1, 3], {1}) == [1, 3, 2]
    assert ratings.leavers_last([1, 1, 3], {0, 2}) == [2, 1, 2]
    assert ratings.leavers_last([1, 2, 2], set()) == [1, 2, 2]


def test_one_address_is_rated_a_few_times_a_day_whatever_the_accounts(app):
    n = uuid.uuid4().int
    address = f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"  # this test's own (the database may outlive it)
    with TestClient(app, client=(address, 50000)) as a:
        farmer = account(a)
        reasons = []
        for _ in range(ratings.REPEAT_LIMIT + 1):
            b = TestClient(app, client=(address, 50001))  # a new second account for each game, from that address
            account(b)
            gid, ta, tb = duel(a, b, "dominion", LONG_ENOUGH)
            play(a, gid, {0: ta, 1: tb})
            reasons.append(rating_of_game(a, farmer, gid)["reason"])
        assert reasons == [None] * ratings.REPEAT_LIMIT + ["repeat-address"]
        with app.state.manager.sessions() as db:  # the address itself is never kept
            kept = set(db.scalars(select(SeatRow.client_hash).where(SeatRow.game_id == gid)))
        assert kept == {ratings.client_hash(app.state.manager.key, address)} and address not in kept
