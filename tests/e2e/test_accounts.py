"""End-to-end accounts and pace (chromium, Playwright, against a real server process): sign up, in and out; a
signed-in player's rating after a rated game against a bot; a turn-based game resumed by both players after
the server restarts (one of them from a fresh browser); a bot taking over a player who left a real-time table;
spectators watching a live table from the lobby's "watch" link.

Set REALMS_SCREENSHOTS=DIR to keep screenshots of the pages."""

from __future__ import annotations

import os
import re
import time
import uuid
from contextlib import contextmanager

import httpx
import pytest

from tests.e2e.test_browser import browser  # noqa: F401  (fixture)
from tests.support import Server, free_port

SHOTS = os.environ.get("REALMS_SCREENSHOTS")
PASSWORD = "a long enough secret"
GRACE = 3
READY = "body[data-ready=mine], body[data-ready=waiting]"
LEGAL = ".kd-domino.pickable, .kd-cell.legal, #discard, #prompt .actions-list button"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("REALMS_TAKEOVER_GRACE", str(GRACE))
        mp.setenv("REALMS_DEADLINE_TICK", "0.2")
        mp.setenv("REALMS_TAKEOVER_BOT", "random")
        s = Server(f"sqlite:///{tmp_path_factory.mktemp('acc') / 'acc.sqlite3'}", free_port())
        s.start()
        yield s
        s.stop()


@contextmanager
def person(browser):  # noqa: F811
    """A page in a browser context of its own (another person's browser, or the same person's other one)."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        if not page.is_closed():
            missing = page.evaluate("window.__missingKeys || []")
            assert not missing, missing
        context.close()
    assert not errors, errors


def shot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def unique():
    return f"p{uuid.uuid4().hex[:8]}"


def sign_up(page, server, name):
    page.goto(server.base + "/account")
    page.wait_for_selector("body[data-ready=account]")
    page.fill("#account-user", name)
    page.fill("#account-password", PASSWORD)
    page.click("#signup")
    page.wait_for_selector("body[data-ready=lobby]")
    assert page.inner_text("#account-name") == name


def sign_in(page, server, name, password=PASSWORD):
    page.goto(server.base + "/account")
    page.wait_for_selector("body[data-ready=account]")
    page.fill("#account-user", name)
    page.fill("#account-password", password)
    page.click("#signin")


def create(page, server, seats, pace="realtime"):
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready=lobby]")
    page.select_option("#game", "kingdomino")
    page.fill("[name=players]", str(len(seats)))
    page.dispatch_event("[name=players]", "change")
    for i, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{i}']", kind)
    page.select_option("#pace", pace)
    page.click("#create")
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_selector(READY)
    return re.search(r"/play/([^/#?]+)", page.url).group(1)


def token_in(page, gid):
    return page.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")


def create_and_join(creator, joiner, server):
    """A real-time Kingdomino table made by ``creator`` with an open seat, which ``joiner`` takes from the lobby."""
    gid = create(creator, server, ["creator", "open"], pace="realtime")
    joiner.goto(server.base + "/")
    joiner.wait_for_selector("body[data-ready=lobby]")
    joiner.locator("ul.tables li", has=joiner.locator(f"a[href='/play/{gid}']")).locator("button").click()
    joiner.wait_for_selector(READY)
    return gid


def move_in_browser(page, server, gid):
    """Make one move on the page by clicking what it offers; returns once the server has it."""
    page.wait_for_selector("body[data-ready=mine]")  # (selectors, not functions: the CSP forbids eval)
    version = httpx.get(f"{server.base}/api/games/{gid}").json()["version"]
    page.locator(LEGAL).first.click()
    deadline = time.time() + 10
    while httpx.get(f"{server.base}/api/games/{gid}").json()["version"] == version:
        assert time.time() < deadline, "the click made no move"
        time.sleep(0.05)


def test_sign_up_sign_in_and_sign_out(browser, server):  # noqa: F811
    name = unique()
    with person(browser) as page:
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready=lobby]")
        assert page.inner_text("#signin-link") == "Sign in"
        page.goto(server.base + "/account")
        page.wait_for_selector("body[data-ready=account]")
        shot(page, "account-form")
        # a password too short is refused, saying why
        page.fill("#account-user", name)
        page.fill("#account-password", "short")
        page.evaluate("document.getElementById('account-password').removeAttribute('minlength')")
        page.click("#signup")
        page.wait_for_selector("#account-error:has-text('at least 8')")
        sign_up(page, server, name)
        shot(page, "lobby-signed-in")
        assert page.locator("#my-games").count() == 1
        page.click("#signout")
        page.wait_for_selector("#signin-link")
        assert page.evaluate("fetch('/api/account').then(r => r.json()).then(a => a.user)") is None
        sign_in(page, server, name, "not the password")
        page.wait_for_selector("#account-error:has-text('wrong name or password')")
        sign_in(page, server, name.upper())
        page.wait_for_selector("body[data-ready=lobby]")
        assert page.inner_text("#account-name") == name
        # the session cookie is not readable by the page's scripts
        assert "realms_session" not in page.evaluate("document.cookie")


def test_a_rated_game_against_a_bot_changes_the_players_rating(browser, server):  # noqa: F811
    name = unique()
    with person(browser) as page:
        sign_up(page, server, name)
        gid = create(page, server, ["creator", "bot:full-greedy"], pace="turn")
        token = token_in(page, gid)
        # played quickly through the API with the seat's secret (no cookie: no CSRF token needed)
        while True:
            p = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()
            if p["finished"]:
                break
            if p["legal_actions"]:
                httpx.post(f"{server.base}/api/games/{gid}/actions",
                           json={"token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
            else:
                time.sleep(0.02)
        page.wait_for_selector("body[data-ready=over]")
        page.click("#account-name")
        page.wait_for_selector("body[data-ready=player]")
        row = page.locator("#ratings tr[data-game=kingdomino]")
        assert row.count() == 1
        # after one game the rating is shown as new (provisional); its estimate, in the cell's title, moved from
        # the starting ordinal (mu 25 - 3 sigma = 0)
        assert row.locator(".rating").inner_text() == "new (1 of 5 games)"
        assert float(row.locator(".rating").get_attribute("title")) != 0.0
        finished = page.locator(f"#finished li[data-game='{gid}']")
        change = finished.locator(".rating-change").inner_text()
        assert change.strip() == "rating: still new"
        shot(page, "player-page")
        page.click("#players-links a[data-leaderboard=kingdomino]")
        page.wait_for_selector("body[data-ready=leaderboard]")
        names = page.locator("#leaderboard td:nth-child(2)").all_inner_texts()
        assert name in names and "bot full-greedy" in names
        shot(page, "leaderboard")
        page.goto(server.base + f"/games?player={name}")
        page.wait_for_selector("body[data-ready=games]")
        assert page.locator(f"#history li[data-game='{gid}']").count() == 1
        shot(page, "history")
        page.locator(f"#history li[data-game='{gid}'] a.replay").click()
        page.wait_for_selector("body[data-ready=replay]")
        assert page.url.endswith(f"/replay/{gid}")


def test_a_game_that_did_not_count_for_the_ratings_says_why_on_the_players_page(browser, server):  # noqa: F811
    name = unique()
    with person(browser) as page:
        sign_up(page, server, name)
        gid = create(page, server, ["creator", "bot:random"], pace="turn")  # the random bot rates no one
        token = token_in(page, gid)
        with httpx.Client(base_url=server.base) as http:
            while not (p := http.get(f"/api/games/{gid}", params={"token": token}).json())["finished"]:
                if p["legal_actions"]:
                    http.post(f"/api/games/{gid}/actions",
                              json={"token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
                else:
                    time.sleep(0.02)
        page.goto(server.base + f"/players/{name}")
        page.wait_for_selector("body[data-ready=player]")
        assert page.locator("#ratings tr[data-game=kingdomino]").count() == 0
        why = page.locator(f"#finished li[data-game='{gid}'] .unrated")
        assert why.inner_text().strip() == "not rated: a bot below the rated levels"
        assert "random" in why.get_attribute("title")  # the server's detail, naming the bot
        shot(page, "player-unrated")


def test_a_turn_based_game_is_resumed_by_both_players_after_a_restart(browser, tmp_path):  # noqa: F811
    server = Server(f"sqlite:///{tmp_path / 'turns.sqlite3'}", free_port())
    server.start()
    alice, bob = unique(), unique()
    try:
        with person(browser) as a, person(browser) as b:
            sign_up(a, server, alice)
            gid = create(a, server, ["creator", "invite"], pace="turn")
            link = a.locator("#share .invite-link").input_value()
            sign_up(b, server, bob)
            b.goto(link)
            b.wait_for_selector(READY)
            mover = httpx.get(f"{server.base}/api/games/{gid}").json()["to_move"]
            first = [a, b][mover]
            move_in_browser(first, server, gid)
            version = httpx.get(f"{server.base}/api/games/{gid}").json()["version"]
            assert version >= 1
            server.stop()
            server.start()
            # Alice comes back in the same browser: her list of games says whose move it is
            a.goto(f"{server.base}/players/{alice}")
            a.wait_for_selector("body[data-ready=player]")
            item = a.locator(f"#in-progress li[data-game='{gid}']")
            to_move = httpx.get(f"{server.base}/api/games/{gid}").json()["to_move"]
            assert ("your move" in item.inner_text()) == (to_move == 0)
            shot(a, "in-progress")
            item.locator("a").first.click()
            a.wait_for_selector(READY)
            assert a.evaluate(f"fetch('/api/games/{gid}?token=' + sessionStorage.getItem('realms.seat.{gid}'))"
                              ".then(r => r.json()).then(p => p.seat)") == 0
        # Bob comes back from a browser that never saw the table: signing in is enough
        with person(browser) as b2, person(browser) as a2:
            sign_in(b2, server, bob)
            b2.wait_for_selector("body[data-ready=lobby]")
            b2.goto(f"{server.base}/players/{bob}")
            b2.wait_for_selector("body[data-ready=player]")
            b2.locator(f"#in-progress li[data-game='{gid}'] a").first.click()
            b2.wait_for_selector(READY)
            assert b2.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")
            sign_in(a2, server, alice)
            a2.wait_for_selector("body[data-ready=lobby]")
            a2.goto(f"{server.base}/play/{gid}")
            a2.wait_for_selector(READY)
            pages = [a2, b2]
            for _ in range(2):  # each plays on in turn
                to_move = httpx.get(f"{server.base}/api/games/{gid}").json()["to_move"]
                move_in_browser(pages[to_move], server, gid)
            assert httpx.get(f"{server.base}/api/games/{gid}").json()["version"] >= version + 2
    finally:
        server.stop()


def test_a_bot_takes_over_a_player_who_left_a_real_time_table(browser, server):  # noqa: F811
    with person(browser) as b:
        with person(browser) as a:
            gid = create_and_join(a, b, server)
        # Alice closed her browser: everyone is told, with the time left, and the log says so
        b.wait_for_selector("#table-notice .takeover[data-seat='0']")
        assert "left the table" in b.inner_text("#table-notice")
        shot(b, "takeover-notice")
        b.wait_for_selector("[data-kind=note]:has-text('the random bot plays that seat')", timeout=GRACE * 1000 + 10000)
        assert b.locator("#table-notice .takeover").count() == 0
        p = httpx.get(f"{server.base}/api/games/{gid}").json()
        assert p["seats"][0]["kind"] == "bot"
        # the bot moves for Alice, so Bob's turn comes
        b.wait_for_selector("body[data-ready=mine]")
        shot(b, "takeover-done")


def test_the_log_names_a_seat_taken_over_by_a_bot_as_its_person_before_the_takeover(browser, server):  # noqa: F811
    """Moves a person made before a bot took their seat over keep the person's name in the log; the bot's
    moves after the takeover carry "(the random bot)"."""
    with person(browser) as b:
        with person(browser) as a:
            gid = create_and_join(a, b, server)
            for _ in range(4):  # until Alice (seat 1) has moved once (two kings each, in a drawn order)
                to_move = httpx.get(f"{server.base}/api/games/{gid}").json()["to_move"]
                move_in_browser([a, b][to_move], server, gid)
                if to_move == 0:
                    break
            else:
                raise AssertionError("seat 1 never moved")
        # Alice closed her browser; the bot takes over and moves for her
        note = b.wait_for_selector("[data-kind=note]:has-text('the random bot plays that seat')",
                                   timeout=GRACE * 1000 + 10000)
        at = int(note.get_attribute("data-n"))

        def later_bot_rows():
            return [r for r in b.locator("#log > div").all()
                    if int(r.get_attribute("data-n")) > at and "(the random bot)" in r.inner_text()]

        deadline = time.time() + 30
        while not later_bot_rows():
            assert time.time() < deadline, "the bot made no move for seat 1"
            p = httpx.get(f"{server.base}/api/games/{gid}").json()
            if p["to_move"] == 1 and b.locator("body[data-ready=mine]").count():
                move_in_browser(b, server, gid)
            time.sleep(0.1)
        earlier = [r.inner_text() for r in b.locator("#log > div").all()
                   if int(r.get_attribute("data-n")) < at and r.get_attribute("data-kind") != "note"]
        shot(b, "log-after-takeover")
        assert any("Player 1" in line for line in earlier), earlier
        assert not any("the random bot" in line for line in earlier), earlier


def test_spectators_watch_a_live_table_from_the_lobby(browser, server):  # noqa: F811
    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "seats": ["creator", "bot:big-money"],
                                                        "pace": "turn"}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    with person(browser) as watcher:
        watcher.goto(server.base + "/")
        watcher.wait_for_selector("body[data-ready=lobby]")
        watcher.locator(f"ul.tables a[href='/play/{gid}']").click()
        watcher.wait_for_selector("body[data-ready=watching]")
        assert watcher.locator("#dm-hand .dm-card").count() == 0  # no hand is shown to a spectator
        seen = watcher.evaluate(f"fetch('/api/games/{gid}').then(r => r.json())")
        assert all("hand" not in s for s in seen["view"]["seats"]) and seen["legal_actions"] == []
        before = watcher.locator("[data-kind]").count()
        for _ in range(3):  # the player moves; the watcher's page follows live
            p = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()
            while not p["legal_actions"]:
                time.sleep(0.05)
                p = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()
            httpx.post(f"{server.base}/api/games/{gid}/actions",
                       json={"token": token, "version": p["version"], "action": p["legal_actions"][-1]["action"]})
        deadline = time.time() + 10
        while watcher.locator("[data-kind]").count() <= before and time.time() < deadline:
            time.sleep(0.1)
        assert watcher.locator("[data-kind]").count() > before
        assert watcher.locator("#dm-hand .dm-card").count() == 0
        shot(watcher, "spectator")
