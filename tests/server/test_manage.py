"""Accounts a player manages: changing the password, the signed-in browsers (listed, ended one by one or all at
once), sessions rotated on sign-in and on a password change, the e-mail address, the password reset by
e-mail (through a local SMTP server) and the operator's reset without e-mail (``realms reset-password``)."""

from __future__ import annotations

import re
import time

import pytest
from typer.testing import CliRunner

from realms.cli import app as cli
from tests.server.smtp import running_smtp
from tests.server.test_accounts import PASSWORD, db_url, make_client, signup, unique
from tests.support import BACKENDS

NEW = "a new and longer passphrase"


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path):
    return db_url(request.param, tmp_path)


@pytest.fixture
def client(url):
    with make_client(url) as c:
        yield c


@pytest.fixture
def smtp_server():
    with running_smtp() as server:
        yield server


def session_of(c):
    return c.cookies.get("realms_session")


def signin(c, name, password=PASSWORD):
    r = c.post("/api/account/signin", json={"name": name, "password": password})
    if r.status_code == 200:
        c.headers["x-csrf-token"] = r.json()["csrf"]
    return r


def signed_in(c):
    """Who the browser is signed in as; its CSRF token taken, as the page takes it (a cookie whose session
    ended still needs its token until the browser drops it)."""
    me = c.get("/api/account").json()
    if me["csrf"]:
        c.headers["x-csrf-token"] = me["csrf"]
    return me["user"]


def opens_nothing(url, cookie):
    """Whether a browser holding this session cookie is signed in as nobody."""
    with make_client(url) as other:
        other.cookies.set("realms_session", cookie)
        return signed_in(other) is None


# --- the password ----------------------------------------------------------------------------------------
def test_a_new_password_ends_every_other_session_and_gives_this_browser_a_new_one(url):
    with make_client(url) as a, make_client(url) as b:
        name, _ = signup(a)
        signin(b, name)
        before = session_of(a)
        r = a.post("/api/account/password", json={"current": PASSWORD, "password": NEW})
        assert r.status_code == 200, r.text
        assert session_of(a) != before and r.json()["user"]["name"] == name
        a.headers["x-csrf-token"] = r.json()["csrf"]
        assert signed_in(a)["name"] == name
        assert signed_in(b) is None  # the other browser is signed out
        assert signin(b, name).status_code == 401
        assert signin(b, name, NEW).status_code == 200
        assert opens_nothing(url, before)  # the cookie a had before


def test_a_wrong_current_password_or_a_refused_new_one_changes_nothing(client):
    name, _ = signup(client)
    r = client.post("/api/account/password", json={"current": "not the password", "password": NEW})
    assert r.status_code == 401 and r.json()["detail"] == "the current password is wrong"
    r = client.post("/api/account/password", json={"current": PASSWORD, "password": "short"})
    assert r.status_code == 400 and "at least 8" in r.json()["detail"]
    r = client.post("/api/account/password", json={"current": PASSWORD, "password": name})
    assert r.status_code == 400 and "your name" in r.json()["detail"]
    assert signed_in(client)["name"] == name
    client.post("/api/account/signout")
    client.headers.pop("x-csrf-token")
    assert signin(client, name).status_code == 200


def test_managing_an_account_needs_a_session(client):
    for method, path, body in (("post", "/api/account/password", {"current": PASSWORD, "password": NEW}),
                               ("get", "/api/account/sessions", None),
                               ("delete", "/api/account/sessions/0123456789abcdef", None),
                               ("post", "/api/account/signout-everywhere", {}),
                               ("post", "/api/account/email", {"email": "a@example.org", "password": PASSWORD})):
        r = getattr(client, method)(path, **({"json": body} if body is not None else {}))
        assert r.status_code == 401 and r.json()["detail"] == "sign in first", (path, r.text)


# --- sessions --------------------------------------------------------------------------------------------
def test_signing_in_again_ends_the_session_the_browser_had(client):
    name, _ = signup(client)
    first = session_of(client)
    assert signin(client, name).status_code == 200
    assert session_of(client) != first
    sessions = client.get("/api/account/sessions").json()["sessions"]
    assert len(sessions) == 1 and sessions[0]["current"]
    assert opens_nothing(client.app.state.db_url, first)


def test_sessions_are_listed_and_ended_one_by_one(url):
    with make_client(url) as a, make_client(url) as b, make_client(url) as c:
        name, _ = signup(a)
        signin(b, name)
        signin(c, name)
        b.headers["user-agent"] = "the second browser"
        listed = a.get("/api/account/sessions").json()
        assert listed["email"] is None
        mine = [s for s in listed["sessions"] if s["current"]]
        others = [s for s in listed["sessions"] if not s["current"]]
        assert len(mine) == 1 and len(others) == 2
        assert all(re.fullmatch(r"[0-9a-f]{16}", s["id"]) and s["created_at"] and s["expires_at"]
                   for s in listed["sessions"])
        assert session_of(a) not in str(listed)  # neither the cookie...
        # ... nor what the database keeps of it
        from realms.server.db import secret_hash
        assert secret_hash(session_of(a)) not in str(listed)
        # end c's session from a: c is signed out, b is not
        c_id = next(s["id"] for s in c.get("/api/account/sessions").json()["sessions"] if s["current"])
        r = a.delete(f"/api/account/sessions/{c_id}")
        assert r.json() == {"ended": c_id, "signed_out": False}
        assert signed_in(c) is None and signed_in(b)["name"] == name
        assert a.delete(f"/api/account/sessions/{c_id}").status_code == 404
        # another account cannot end a's sessions
        with make_client(url) as stranger:
            signup(stranger)
            assert stranger.delete(f"/api/account/sessions/{mine[0]['id']}").status_code == 404
        assert signed_in(a)["name"] == name
        # ending one's own session signs this browser out
        r = a.delete(f"/api/account/sessions/{mine[0]['id']}")
        assert r.json()["signed_out"] is True and signed_in(a) is None


def test_signing_out_everywhere_ends_every_session(url):
    with make_client(url) as a, make_client(url) as b:
        name, _ = signup(a)
        signin(b, name)
        r = a.post("/api/account/signout-everywhere")
        assert r.status_code == 200 and r.json() == {"user": None, "csrf": None, "ended": 2}
        assert signed_in(a) is None and signed_in(b) is None


def test_a_session_lists_the_browser_it_was_opened_in(client):
    client.headers["user-agent"] = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"
    signup(client)
    (session,) = client.get("/api/account/sessions").json()["sessions"]
    assert session["user_agent"] == "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"


# --- e-mail address and reset by e-mail ------------------------------------------------------------------
def test_the_email_address_takes_the_password_and_a_well_formed_address(client):
    signup(client)
    r = client.post("/api/account/email", json={"email": "me@example.org", "password": "wrong password"})
    assert r.status_code == 401
    r = client.post("/api/account/email", json={"email": "not an address", "password": PASSWORD})
    assert r.status_code == 400 and "e-mail address" in r.json()["detail"]
    assert client.get("/api/account/sessions").json()["email"] is None
    r = client.post("/api/account/email", json={"email": " me@example.org ", "password": PASSWORD})
    assert r.json() == {"email": "me@example.org"}
    assert client.get("/api/account/sessions").json()["email"] == "me@example.org"
    assert client.post("/api/account/email", json={"email": "", "password": PASSWORD}).json() == {"email": None}


def test_without_smtp_the_page_is_told_to_ask_the_operator(client):
    assert client.get("/api/account").json()["reset_by_email"] is False
    r = client.post("/api/account/reset", json={"name": "anyone"})
    assert r.status_code == 409 and "realms reset-password" in r.json()["detail"]


def wait_for(mails, count):
    """The messages once ``count`` have arrived (mailing happens after the answer)."""
    for _ in range(200):
        if len(mails) >= count:
            return mails
        time.sleep(0.05)
    raise AssertionError(f"{len(mails)} messages arrived, {count} expected")


def test_a_password_reset_by_email(url, smtp_server):
    host, port, mails = smtp_server
    settings = {"smtp_host": host, "smtp_port": port, "smtp_security": "none", "smtp_from": "realms@example.org",
                "public_url": "https://realms.example/"}
    with make_client(url, **settings) as a, make_client(url, **settings) as b:
        assert a.get("/api/account").json()["reset_by_email"] is True
        name, _ = signup(a)
        a.post("/api/account/email", json={"email": "player@example.org", "password": PASSWORD})
        signin(b, name)
        # an unknown name, or one without an address, gets the same answer and no message
        with make_client(url, **settings) as c:
            other, _ = signup(c)
            for who in (unique("nobody"), other):
                r = c.post("/api/account/reset", json={"name": who})
                assert r.status_code == 202, r.text
        with make_client(url, **settings) as guest:
            r = guest.post("/api/account/reset", json={"name": name.upper(), "lang": "fr"})
            assert r.status_code == 202 and r.json()["detail"].startswith("if that account")
            (message,) = wait_for(mails, 1)
            assert message["to"] == "player@example.org" and message["from"] == "realms@example.org"
            assert message["subject"] == "Realms : choisir un nouveau mot de passe"
            assert name in message["body"]
            token = re.search(r"https://realms\.example/account\?reset=([\w-]+)", message["body"]).group(1)
            r = guest.post("/api/account/reset/confirm", json={"token": token, "password": "short"})
            assert r.status_code == 400 and "at least 8" in r.json()["detail"]
            r = guest.post("/api/account/reset/confirm", json={"token": token, "password": NEW})
            assert r.status_code == 200 and r.json()["user"]["name"] == name
            guest.headers["x-csrf-token"] = r.json()["csrf"]
            assert signed_in(guest)["name"] == name
            # every earlier session ended; the link is good once
            assert signed_in(a) is None and signed_in(b) is None
            r = guest.post("/api/account/reset/confirm", json={"token": token, "password": NEW + "!"})
            assert r.status_code == 400 and "ask for a new one" in r.json()["detail"]
        assert len(mails) == 1
        assert signed_in(b) is None
        assert signin(b, name, NEW).status_code == 200


def test_a_reset_link_out_of_date_is_refused(client, monkeypatch):
    from datetime import timedelta

    from realms.server import manage
    from realms.server.db import PasswordResetRow, UserRow, now, secret_hash

    name, _ = signup(client)
    sessions = client.app.state.accounts.sessions
    with sessions.begin() as db:
        uid = db.query(UserRow.id).filter(UserRow.name == name).scalar()
        db.add(PasswordResetRow(token_hash=secret_hash("old-link"), user_id=uid, created_at=now(),
                                expires_at=now() - timedelta(minutes=1)))
    r = client.post("/api/account/reset/confirm", json={"token": "old-link", "password": NEW})
    assert r.status_code == 400 and "out of date" in r.json()["detail"]
    assert manage.RESET_MINUTES == 60


def test_the_operator_resets_a_password_from_the_command_line(url):
    with make_client(url) as a:
        name, _ = signup(a)
        runner = CliRunner()
        r = runner.invoke(cli, ["reset-password", name.upper(), "--db", url], input=f"{NEW}\n{NEW}\n")
        assert r.exit_code == 0, r.output
        assert f"New password set for {name}" in r.output and NEW not in r.output
        assert signed_in(a) is None
        assert signin(a, name, NEW).status_code == 200
        r = runner.invoke(cli, ["reset-password", unique("nobody"), "--db", url], input=f"{NEW}\n{NEW}\n")
        assert r.exit_code == 2 and "no account named" in r.output
        r = runner.invoke(cli, ["reset-password", name, "--db", url], input="short\nshort\n")
        assert r.exit_code == 2 and "at least 8" in r.output


# --- look-alike names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("look_alike", [
    "\u0430{rest}",  # a Cyrillic а first
    "{fullwidth}",  # ａｌｉｃｅ...
    "{upper}",  # the same name in capitals: taken, as before
])
def test_a_name_that_looks_like_a_taken_one_is_refused(client, look_alike):
    taken = "alice" + unique("x")[1:7]
    signup(client, taken)
    name = look_alike.format(rest=taken[1:], upper=taken.upper(),
                             fullwidth="".join(chr(ord(c) + 0xFEE0) for c in taken))
    assert name != taken
    with make_client(client.app.state.db_url) as other:
        r = other.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 409, r.text
        assert "choose another" in r.json()["detail"]
        r = other.post("/api/account/signup", json={"name": taken + "2", "password": PASSWORD})
        assert r.status_code == 201


def test_an_older_database_gets_its_names_skeletons(tmp_path):
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from realms.server import db as dbmod
    from realms.server.db import make_engine, migrate

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(dbmod.Path(dbmod.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0005")
        conn.execute(sa.text("INSERT INTO users (name, name_key, password_hash, created_at) VALUES "
                             "('\uff22ob', '\uff42ob', 'x', '2026-01-02 03:04:05')"))
    migrate(engine)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT name_skeleton, email FROM users")).one() == ("bob", None)
        assert "password_resets" in sa.inspect(conn).get_table_names()


def test_two_look_alike_names_signing_up_at_once_make_one_account(url):
    """Both requests pass the early check while their passwords hash; the insert checks again, in its
    transaction, so the second is refused."""
    import asyncio

    import httpx

    from realms.server.app import create_app

    app = create_app(url, bot_delay=0, resume=False)
    taken = "carol" + unique("x")[1:7]

    async def both():
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 50001))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            return await asyncio.gather(*(c.post("/api/account/signup", json={"name": n, "password": PASSWORD})
                                          for n in (taken, "\u0441" + taken[1:])))  # a Cyrillic с

    answers = asyncio.run(both())
    assert sorted(r.status_code for r in answers) == [201, 409], [r.text for r in answers]


@pytest.mark.parametrize("sid", ["%C3%A9t%C3%A9", "x" * 300, "0123456789ABCDEF"])
def test_ending_a_session_by_a_malformed_id_is_a_plain_404(client, sid):
    signup(client)
    r = client.delete(f"/api/account/sessions/{sid}")
    assert r.status_code == 404 and "no such session" in r.json()["detail"], r.text
    assert signed_in(client) is not None
