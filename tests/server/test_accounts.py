"""Accounts: sign up, in and out; password and name rules; sessions in cookies; CSRF; sign-in rate limits;
no password or session secret in the logs; seats linked to accounts; ratings, players' pages, leaderboards
and the finished games' history; the Alembic migration of older databases."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
import uuid
from dataclasses import replace

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from realms.server.accounts import PROVISIONAL_GAMES
from realms.server.app import create_app
from realms.server.db import make_engine, migrate
from realms.server.limits import Settings
from tests.support import BACKENDS, POSTGRES_URL

PASSWORD = "correct horse battery"


def db_url(kind, tmp_path):
    return f"sqlite:///{tmp_path / 'accounts.sqlite3'}" if kind == "sqlite" else POSTGRES_URL


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path):
    return db_url(request.param, tmp_path)


def make_client(url, **limits):
    settings = replace(Settings.from_env(), **limits) if limits else None
    return TestClient(create_app(url, bot_delay=0, settings=settings), client=("127.0.0.1", 50000))


@pytest.fixture
def client(url):
    with make_client(url) as c:
        yield c


def unique(prefix="p") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def signup(c, name=None, password=PASSWORD):
    name = name or unique()
    r = c.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    c.headers["x-csrf-token"] = r.json()["csrf"]
    return name, r


def my_turn(c, gid, token):
    """The seat's payload once it is to move (the bot before it may still be thinking)."""
    for _ in range(500):
        p = c.get(f"/api/games/{gid}", params={"token": token}).json()
        if p["legal_actions"]:
            return p
        time.sleep(0.01)
    raise AssertionError("never this seat's turn")


def play_out(c, gid, token, pick=0):
    """Play the seat of ``token`` (its first legal action each time) until the game is over."""
    deadline = time.time() + 60
    while time.time() < deadline:
        p = c.get(f"/api/games/{gid}", params={"token": token}).json()
        if p["finished"]:
            return p
        if p["legal_actions"]:
            a = p["legal_actions"][pick % len(p["legal_actions"])]["action"]
            r = c.post(f"/api/games/{gid}/actions", json={"token": token, "version": p["version"], "action": a})
            assert r.status_code in (200, 409), r.text
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not end")


# --- signing up, in and out --------------------------------------------------------------------------
def test_sign_up_in_and_out(client):
    assert client.get("/api/account").json() == {"user": None, "csrf": None, "reset_by_email": False}
    name, r = signup(client)
    cookie = r.headers["set-cookie"]
    assert "realms_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
    assert "Secure" not in cookie  # plain http here; over https it is (below)
    me = client.get("/api/account").json()
    assert me["user"]["name"] == name and me["csrf"] == r.json()["csrf"]
    assert client.post("/api/account/signout").json() == {"user": None, "csrf": None}
    client.headers.pop("x-csrf-token")
    assert client.get("/api/account").json()["user"] is None
    # back in, under another case of the name
    r = client.post("/api/account/signin", json={"name": name.upper(), "password": PASSWORD})
    assert r.status_code == 200 and r.json()["user"]["name"] == name


def test_the_session_cookie_is_secure_over_https_behind_a_trusted_proxy(url):
    with make_client(url, trusted_proxies=("127.0.0.1",)) as c:
        r = c.post("/api/account/signup", json={"name": unique(), "password": PASSWORD},
                   headers={"x-forwarded-proto": "https"})
        assert r.status_code == 201 and "Secure" in r.headers["set-cookie"]



def test_over_https_the_session_cookie_is_named_host_secure_and_path_root(url):
    with make_client(url, trusted_proxies=("127.0.0.1",)) as c:
        https = {"x-forwarded-proto": "https"}
        r = c.post("/api/account/signup", json={"name": unique(), "password": PASSWORD}, headers=https)
        cookie = r.headers["set-cookie"]
        assert r.status_code == 201 and cookie.startswith("__Host-realms_session=")
        attrs = [a.strip().lower() for a in cookie.split(";")[1:]]
        assert "secure" in attrs and "path=/" in attrs and not any(a.startswith("domain") for a in attrs)
        value = cookie.split(";")[0].split("=", 1)[1]
    with make_client(url, trusted_proxies=("127.0.0.1",)) as c:
        # read back under that name over https; the plain name (which any subdomain could plant) is not read
        assert c.get("/api/account", headers={**https, "cookie": f"__Host-realms_session={value}"}
                     ).json()["user"] is not None
        assert c.get("/api/account", headers={**https, "cookie": f"realms_session={value}"}).json()["user"] is None


# --- two session cookies --------------------------------------------------------------------------------
def session_of(c):
    return c.cookies.get("realms_session")


def test_a_request_with_two_session_cookies_is_refused_and_gets_no_seat_secret(url):
    """A planted cookie (the victim's) before the attacker's own, with the attacker's CSRF token: refused
    (400), whichever order, in one Cookie header or two; nothing is handed out and nobody is acted as."""
    with make_client(url) as victim, make_client(url) as attacker, make_client(url) as bare:
        signup(victim)
        made = victim.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"],
                                               "pace": "turn"}).json()
        gid, secret = made["id"], made["seats"][0]["token"]
        signup(attacker)
        csrf = attacker.headers["x-csrf-token"]
        v, a = session_of(victim), session_of(attacker)
        for headers in ([("cookie", f"realms_session={v}; realms_session={a}")],
                        [("cookie", f"realms_session={a}; realms_session={v}")],
                        [("cookie", f"realms_session={v}"), ("cookie", f"realms_session={a}")]):
            r = bare.post(f"/api/games/{gid}/mine", headers=[*headers, ("x-csrf-token", csrf)])
            assert r.status_code == 400 and "session cookie" in r.json()["detail"], r.text
            assert secret not in r.text and "Traceback" not in r.text
            r = bare.get("/api/account", headers=headers)
            assert r.status_code == 400 and "Traceback" not in r.text
        # the victim's table is as it was: their seat still theirs, no new game for anyone
        assert victim.post(f"/api/games/{gid}/mine").json() == {"seats": [{"seat": 0, "token": secret}]}


def test_the_csrf_guard_and_the_account_read_the_same_session_cookie(client):
    """A token made for one cookie does not pass for a request the account reads as another."""
    from realms.server import accounts, security
    from realms.server.session import session_cookie
    assert accounts.session_cookie is session_cookie and security.session_cookie is session_cookie


def test_wrong_name_or_password_get_the_same_answer(client):
    name, _ = signup(client)
    client.cookies.clear()
    client.headers.pop("x-csrf-token")
    wrong = client.post("/api/account/signin", json={"name": name, "password": "not the password"})
    nobody = client.post("/api/account/signin", json={"name": unique(), "password": PASSWORD})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json() == {"detail": "wrong name or password"}
    assert "set-cookie" not in wrong.headers


def test_an_unknown_names_password_is_checked_against_a_hash_like_a_real_one(client, monkeypatch):
    from realms.server import accounts

    checked = []

    class Recording(type(accounts._hasher)):
        def verify(self, hash, password):
            checked.append(hash)
            return super().verify(hash, password)

    monkeypatch.setattr(accounts, "_hasher", Recording())
    name, _ = signup(client)
    client.cookies.clear()
    client.headers.pop("x-csrf-token")
    assert client.post("/api/account/signin", json={"name": unique(), "password": PASSWORD}).status_code == 401
    assert client.post("/api/account/signin", json={"name": name, "password": "not the password"}).status_code == 401
    dummy, real = checked
    assert dummy == accounts._dummy_hash() and dummy.startswith("$argon2id$")
    assert accounts._hasher.check_needs_rehash(dummy) == accounts._hasher.check_needs_rehash(real) is False


def test_no_password_is_hashed_at_start_up():
    # the dummy hash for unknown names is built at the first sign-in: an Argon2id hash at import cost every
    # server start 0.1-0.2 s of CPU
    code = ("import argon2\nmade = []\nhash = argon2.PasswordHasher.hash\n"
            "argon2.PasswordHasher.hash = lambda self, *a, **k: made.append(1) or hash(self, *a, **k)\n"
            "import realms.server.app, realms.cli\nprint(len(made))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


@pytest.mark.parametrize("password, why", [
    ("short", "at least 8"), ("x" * 257, "at most 256"), (" " * 12, "only spaces"),
    ("password123", "commonest"), ("NAME", "your name")])
def test_password_rules(client, password, why):
    name = unique()
    r = client.post("/api/account/signup", json={"name": name, "password": name.upper() if password == "NAME"
                                                 else password})
    assert r.status_code == 400 and why in r.json()["detail"]


@pytest.mark.parametrize("name", ["a", "x" * 25, "has space", "_under", "semi;colon", "bot:random", ""])
def test_name_rules(client, name):
    r = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 400 and "2 to 24" in r.json()["detail"]


def test_a_name_is_taken_regardless_of_case(client):
    name, _ = signup(client)
    client.cookies.clear()
    client.headers.pop("x-csrf-token")
    r = client.post("/api/account/signup", json={"name": name.upper(), "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["detail"]


def test_malformed_credentials_are_422_without_a_traceback(client, caplog):
    for body in ({"name": "x"}, {"name": 1, "password": 2}, {"name": "a", "password": "b", "extra": 1},
                 {"name": "n" * 65, "password": PASSWORD}):
        r = client.post("/api/account/signup", json=body)
        assert r.status_code == 422, r.text
    assert "Traceback" not in caplog.text


# --- CSRF ----------------------------------------------------------------------------------------------
def test_a_cross_site_form_post_is_refused(client):
    signup(client)
    csrf = client.headers.pop("x-csrf-token")
    form = {"content-type": "application/x-www-form-urlencoded", "origin": "https://evil.example"}
    for path in ("/api/account/signout", "/api/games", "/api/account/signin"):
        r = client.post(path, content=b"game=kingdomino&seats=creator", headers=form)
        assert r.status_code == 403 and "another site" in r.json()["detail"], (path, r.text)
    # even with a JSON body and the right token, another site's Origin or Sec-Fetch-Site is refused
    body = {"game": "kingdomino", "seats": ["creator", "bot:random"]}
    assert client.post("/api/games", json=body, headers={"origin": "https://evil.example",
                                                         "x-csrf-token": csrf}).status_code == 403
    assert client.post("/api/games", json=body, headers={"sec-fetch-site": "cross-site",
                                                         "x-csrf-token": csrf}).status_code == 403
    assert client.get("/api/account").json()["user"] is not None  # still signed in: nothing changed


def test_a_signed_in_post_needs_its_csrf_token(client):
    signup(client)
    csrf = client.headers.pop("x-csrf-token")
    body = {"game": "kingdomino", "seats": ["creator", "bot:random"]}
    r = client.post("/api/games", json=body)
    assert r.status_code == 403 and "CSRF" in r.json()["detail"]
    assert client.post("/api/games", json=body, headers={"x-csrf-token": "0" * 64}).status_code == 403
    same_site = {"x-csrf-token": csrf, "origin": "http://testserver", "sec-fetch-site": "same-origin"}
    made = client.post("/api/games", json=body, headers=same_site)
    assert made.status_code == 201
    # the action POST too, while the cookie is sent
    token = made.json()["seats"][0]["token"]
    p = my_turn(client, made.json()["id"], token)
    act = {"token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]}
    assert client.post(f"/api/games/{p['id']}/actions", json=act).status_code == 403
    assert client.post(f"/api/games/{p['id']}/actions", json=act, headers={"x-csrf-token": csrf}).status_code == 200


def test_guests_and_scripts_without_the_cookie_need_no_token(client):
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"]}).json()
    joined = client.post(f"/api/games/{made['id']}/join", json={"seat": 1})
    assert joined.status_code == 200
    tokens = [made["seats"][0]["token"], joined.json()["token"]]
    p0 = client.get(f"/api/games/{made['id']}").json()
    token = tokens[p0["to_move"]]
    p = my_turn(client, made["id"], token)
    r = client.post(f"/api/games/{made['id']}/actions",
                    json={"token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
    assert r.status_code == 200


# --- rate limits ------------------------------------------------------------------------------------------
def test_sign_in_attempts_are_rate_limited_per_client(url):
    with make_client(url, signin_burst=3, signin_rate=0.01) as c:
        codes = [c.post("/api/account/signin", json={"name": unique(), "password": PASSWORD}).status_code
                 for _ in range(5)]
        assert codes == [401, 401, 401, 429, 429]
        r = c.post("/api/account/signup", json={"name": unique(), "password": PASSWORD})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1


def test_failed_sign_ins_are_limited_per_name_for_the_address_that_failed(url):
    with make_client(url, signin_burst=3, signin_rate=0.01, exempt_clients=("127.0.0.1",)) as c:
        name, _ = signup(c)
        c.cookies.clear()
        codes = [c.post("/api/account/signin", json={"name": name, "password": "wrong guess"}).status_code
                 for _ in range(4)]
        assert codes == [401, 401, 401, 429]
        # the right password from that address waits too: guessing is no quicker for a patient attacker
        assert c.post("/api/account/signin", json={"name": name, "password": PASSWORD}).status_code == 429
        # another name is not held up (the client itself is exempt here)
        assert c.post("/api/account/signin", json={"name": unique(), "password": PASSWORD}).status_code == 401


def test_failed_sign_ins_from_one_address_do_not_lock_the_owner_out_from_another(url):
    with make_client(url, signin_rate=0.01, trusted_proxies=("127.0.0.1",), exempt_clients=("10.0.0.0/8",)) as c:
        name, _ = signup(c)
        c.cookies.clear()

        def signin(address, password, who=name):
            return c.post("/api/account/signin", json={"name": who, "password": password},
                          headers={"x-forwarded-for": address}).status_code

        codes = [signin("10.0.0.1", "wrong guess") for _ in range(11)]
        assert codes == [401] * 10 + [429]
        # the owner, from an address that has not been guessing, signs in
        assert signin("10.0.0.2", PASSWORD) == 200
        c.cookies.clear()
        # the guessing address is still held up for that name, right password or not, and only for that name
        assert signin("10.0.0.1", PASSWORD) == 429
        assert signin("10.0.0.1", "wrong guess", who=unique()) == 401


def test_guesses_at_one_name_from_many_addresses_meet_a_ceiling_that_spares_a_fresh_address(url):
    with make_client(url, signin_burst=2, signin_rate=0.001, trusted_proxies=("127.0.0.1",),
                     exempt_clients=("10.0.0.0/8",)) as c:
        name, _ = signup(c)
        c.cookies.clear()

        def signin(address, password):
            return c.post("/api/account/signin", json={"name": name, "password": password},
                          headers={"x-forwarded-for": address}).status_code

        # two guesses from each of many addresses: the name's ceiling (ten times an address's) is reached
        codes = [signin(f"10.0.1.{i}", "wrong guess") for i in range(10) for _ in range(2)]
        assert codes == [401] * 20
        assert signin("10.0.1.0", "wrong guess") == 429  # held by its own limit
        assert signin("10.0.2.1", "wrong guess") == 401  # a fresh address may still try once
        assert signin("10.0.2.1", "wrong guess") == 429  # but past the ceiling, one failure holds it
        assert signin("10.0.2.2", PASSWORD) == 200  # and the owner from a fresh address is never held


# --- logs ----------------------------------------------------------------------------------------------------
def test_no_password_or_session_secret_in_the_logs(client, caplog):
    caplog.set_level(logging.DEBUG)
    secret_password = "a very secret passphrase 42"
    name, r = signup(client, password=secret_password)
    session = client.cookies.get("realms_session")
    client.post("/api/account/signin", json={"name": name, "password": "another secret passphrase"})
    client.post("/api/account/signin", json={"name": name, "password": secret_password})
    client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:nope"]})
    client.post("/api/account/signout")
    text = caplog.text
    assert session and session not in text
    assert secret_password not in text and "another secret passphrase" not in text


# --- seats linked to accounts ----------------------------------------------------------------------
def test_a_signed_in_player_gets_their_seat_back_in_another_browser(url):
    with make_client(url) as a, make_client(url) as b, make_client(url) as guest:
        name, _ = signup(a)
        made = a.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "open"],
                                          "pace": "turn"}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        r = b.post("/api/account/signin", json={"name": name, "password": PASSWORD})
        b.headers["x-csrf-token"] = r.json()["csrf"]
        mine = b.post(f"/api/games/{gid}/mine").json()
        assert mine == {"seats": [{"seat": 0, "token": token}]}
        assert guest.post(f"/api/games/{gid}/mine").status_code == 401
        # a guest joins the open seat: not linked to anyone
        joined = guest.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
        p = guest.get(f"/api/games/{gid}", params={"token": joined["token"]}).json()
        assert [s["name"] for s in p["seats"]] == [name, None]
        assert p["table"]["pace"] == "turn"
        page = a.get(f"/api/players/{name}").json()
        assert [g["id"] for g in page["in_progress"]] == [gid]
        assert page["in_progress"][0]["my_seats"] == [0]
        assert page["in_progress"][0]["my_turn"] == (p["to_move"] == 0)


def test_a_signed_in_joiner_is_linked(url):
    with make_client(url) as a, make_client(url) as b:
        made = a.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "invite"]}).json()
        name, _ = signup(b)
        j = b.post(f"/api/games/{made['id']}/join", json={"invite": made["seats"][1]["invite"]}).json()
        assert b.post(f"/api/games/{made['id']}/mine").json() == {"seats": [{"seat": 1, "token": j["token"]}]}


# --- ratings, players, leaderboards, history -------------------------------------------------------
def test_a_rated_game_against_a_bot_moves_both_ratings(client):
    name, _ = signup(client)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:medium"]}).json()
    final = play_out(client, made["id"], made["seats"][0]["token"])
    page = client.get(f"/api/players/{name}").json()
    assert [r["game"] for r in page["ratings"]] == ["kingdomino"] and page["ratings"][0]["played"] == 1
    won = final["result"]["ranks"][0] < final["result"]["ranks"][1]
    assert (page["ratings"][0]["mu"] > 25) == won
    game = page["finished"][0]
    assert game["id"] == made["id"] and game["replay_url"] == f"/replay/{made['id']}"
    change = game["seats"][0]["rating_change"]
    assert change["before"] == 0.0 and change["after"] == page["ratings"][0]["rating"]
    board = client.get("/api/leaderboard/kingdomino").json()["players"]
    kinds = {(p["kind"], p["name"]) for p in board}
    assert ("player", name) in kinds and ("bot", "medium") in kinds
    # the replay link is permanent: the page and its first step
    assert client.get(game["replay_url"]).status_code == 200
    step = client.get(f"/api/games/{made['id']}/replay", params={"step": 0})
    assert step.status_code == 200
    # and names its seats as the table did: the account's name, the bot's (no secret)
    assert step.json()["seats"] == [{"seat": 0, "kind": "human", "agent": None, "access": "creator", "name": name},
                                    {"seat": 1, "kind": "bot", "agent": "medium", "access": "bot", "name": None}]
    # rated once, whatever happens next
    assert client.get(f"/api/players/{name}").json()["ratings"][0]["played"] == 1


def test_a_table_with_a_guest_or_unrated_is_not_rated(client):
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:random"]}).json()
    play_out(client, made["id"], made["seats"][0]["token"])
    name, _ = signup(client)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:random"],
                                           "rated": False}).json()
    play_out(client, made["id"], made["seats"][0]["token"])
    assert client.get(f"/api/players/{name}").json()["ratings"] == []


def test_finished_games_are_searchable(client):
    name, _ = signup(client)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:greedy"]}).json()
    play_out(client, made["id"], made["seats"][0]["token"])
    today = time.strftime("%Y-%m-%d", time.gmtime())
    for query in ({"player": name}, {"player": name.upper(), "game": "kingdomino"}, {"player": name, "since": today},
                  {"player": name, "until": today}):
        found = client.get("/api/history", params=query).json()
        assert [g["id"] for g in found["games"]] == [made["id"]], query
    assert client.get("/api/history", params={"player": name, "game": "dominion"}).json()["games"] == []
    assert client.get("/api/history", params={"player": name, "since": "2999-01-01"}).json()["games"] == []
    assert made["id"] in [g["id"] for g in client.get("/api/history", params={"player": "greedy"}).json()["games"]]
    bad = client.get("/api/history", params={"since": "yesterday"})
    assert bad.status_code == 422 and "YYYY-MM-DD" in bad.json()["detail"]
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/api/players/nobody-here").status_code == 404


def test_history_takes_the_last_date_and_refuses_offsets_the_database_cannot_hold(client):
    name, _ = signup(client)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:random"]}).json()
    play_out(client, made["id"], made["seats"][0]["token"])
    for query in ({"until": "9999-12-31"}, {"since": "0001-01-01", "until": "9999-12-31"}):
        r = client.get("/api/history", params={"player": name, **query})
        assert r.status_code == 200, (query, r.text)
        assert [g["id"] for g in r.json()["games"]] == [made["id"]], query
    for offset in (2 ** 63, 10 ** 30):
        r = client.get("/api/history", params={"offset": offset})
        assert r.status_code == 422 and "offset" in r.text and "Traceback" not in r.text, r.text
    assert client.get("/api/history", params={"offset": 2 ** 63 - 1}).json()["games"] == []


def test_a_one_player_game_by_a_signed_in_player_is_not_rated(client, caplog):
    caplog.set_level(logging.ERROR)
    name, _ = signup(client)
    made = client.post("/api/games", json={"game": "dominion", "seats": ["creator"],
                                           "options": {"players": 1, "turn_limit": 2}})
    assert made.status_code in (200, 201), made.text
    made = made.json()
    final = play_out(client, made["id"], made["seats"][0]["token"], pick=-1)
    assert final["finished"]
    page = client.get(f"/api/players/{name}").json()
    assert page["ratings"] == []
    assert page["finished"][0]["id"] == made["id"] and page["finished"][0]["seats"][0]["rating_change"] is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


# --- the migration ---------------------------------------------------------------------------------------
def test_an_older_database_is_migrated(tmp_path):
    from alembic import command
    from alembic.config import Config

    from realms.server import db as dbmod

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(dbmod.Path(dbmod.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        conn.execute(sa.text("INSERT INTO games (id, game, options, seed, status, version, state_hash, created_at, "
                             "updated_at) VALUES ('old', 'kingdomino', '{}', 1, 'finished', 3, 'h', "
                             "'2026-01-02 03:04:05', '2026-01-02 03:04:06')"))
    migrate(engine)
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT pace, rated, finished_at FROM games WHERE id = 'old'")).one()
        assert row.pace == "realtime" and not row.rated and str(row.finished_at).startswith("2026-01-02 03:04:06")
        tables = set(sa.inspect(conn).get_table_names())
    assert {"users", "sessions", "ratings", "server_keys"} <= tables


def test_no_password_or_session_secret_in_a_real_servers_output(tmp_path):
    import httpx

    from tests.support import Server, free_port

    server = Server(f"sqlite:///{tmp_path / 'logs.sqlite3'}", free_port())
    server.start()
    secret_password = "never print this passphrase"
    try:
        with httpx.Client(base_url=server.base) as c:
            r = c.post("/api/account/signup", json={"name": unique(), "password": secret_password})
            session = r.cookies.get("realms_session")
            c.post("/api/account/signin", json={"name": "nobody-at-all", "password": secret_password})
            c.post("/api/games", json={"game": "kingdomino", "seats": ["creator"]})  # 403: no CSRF token
            c.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:x"]},
                   headers={"x-csrf-token": r.json()["csrf"]})  # 400
    finally:
        server.stop()
    output = server.proc.stderr.read().decode()
    assert session and session not in output and secret_password not in output


def test_a_rating_is_provisional_for_its_first_games(client):
    """After one game a player's rating is marked provisional (with how many games make it settled), and so is the
    game's rating change: the page shows "new" rather than a conservative estimate far below a newcomer's 0."""
    name, _ = signup(client)
    made = client.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:medium"]}).json()
    play_out(client, made["id"], made["seats"][0]["token"])
    page = client.get(f"/api/players/{name}").json()
    mine = page["ratings"][0]
    assert mine["played"] == 1 and mine["provisional"] is True and mine["provisional_games"] == PROVISIONAL_GAMES
    assert page["finished"][0]["seats"][0]["rating_change"]["provisional"] is True
    board = client.get("/api/leaderboard/kingdomino").json()["players"]
    me = next(p for p in board if p["name"] == name)
    assert me["provisional"] is True and me["provisional_games"] == PROVISIONAL_GAMES
    # settled ones first, then the provisional ones, each by rating
    assert [p["provisional"] for p in board] == sorted(p["provisional"] for p in board)
