"""Friends at a table, in chromium and in Firefox, against a real server: the lobby's open tables come to a
lobby left open (a friend's new table shows without a reload), and a table this browser already sits at leads
back to its seat without offering its other free seats (one person, one seat); on a phone the Undo button stays
in reach wherever the board is scrolled to."""

from __future__ import annotations

import os
import shutil

import httpx
import pytest

from tests.e2e.marionette import Firefox
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
#: the open tables' rows of a table: [its text, the seats its buttons offer]
ROW = """const a = document.querySelector(`ul.tables:not(#your-tables-list):not(#live-tables) a[href='/play/${gid}']`);
         const li = a && a.closest('li');
         return li ? [li.textContent, [...li.querySelectorAll('button')].map(b => b.textContent)] : null;"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('friends') / 'friends.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def table(server) -> dict:
    r = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "options": {"players": 3},
                                                     "seats": ["creator", "open", "open"]}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
                              reason="chromium is not installed")


@chromium
def test_chromium_a_lobby_left_open_shows_a_new_table_and_a_held_table_offers_only_its_seat(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready=lobby]")
        gid = table(server)["id"]  # a friend makes a table while this lobby is open
        page.wait_for_function(f"() => {{ const gid = '{gid}'; {ROW} }}", timeout=12000)
        row = page.evaluate(f"() => {{ const gid = '{gid}'; {ROW} }}")
        assert len(row[1]) == 2, row  # seats 2 and 3 offered
        page.locator(f"ul.tables li:has(a[href='/play/{gid}']) button").first.click()
        page.wait_for_url(f"**/play/{gid}")
        page.wait_for_selector("#waiting-for")
        page.goto(server.base + "/")  # back to the lobby: the table leads back to the seat, offers no other
        page.wait_for_selector("body[data-ready=lobby]")
        text, buttons = page.evaluate(f"() => {{ const gid = '{gid}'; {ROW} }}")
        assert buttons == [] and page.locator(f"ul.tables li:has(a[href='/play/{gid}'])").count() == 2, (text, buttons)
        page.screenshot(path="/tmp/realms-lobby-held-table.png", full_page=True)
        assert not errors, errors
        browser.close()


@chromium
def test_chromium_on_a_phone_undo_stays_in_reach_when_the_board_is_scrolled(server):
    made = httpx.post(server.base + "/api/games", json={"game": "burgundy", "options": {"players": 2, "undo": True},
                                                        "seats": ["creator", "open"]}, timeout=30).json()
    gid = made["id"]
    tokens = [made["seats"][0]["token"],
              httpx.post(f"{server.base}/api/games/{gid}/join", json={"seat": 1}, timeout=30).json()["token"]]
    mover = httpx.get(f"{server.base}/api/games/{gid}", timeout=30).json()["to_move"]
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        page.goto(f"{server.base}/play/{gid}#token={tokens[mover]}")
        page.wait_for_selector("body[data-ready=mine]")
        view = httpx.get(f"{server.base}/api/games/{gid}", params={"token": tokens[mover]}, timeout=30).json()
        r = httpx.post(f"{server.base}/api/games/{gid}/actions", timeout=30, json={
            "token": tokens[mover], "version": view["version"], "action": view["legal_actions"][0]["action"]})
        assert r.status_code == 200, r.text
        page.wait_for_selector("#undo")
        for y in (1200, 2400):  # the player scrolled down the estate and the market
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(100)
            box = page.locator("#undo").bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, (y, box)
        page.screenshot(path="/tmp/realms-phone-undo-in-reach.png")
        page.locator("#undo").tap()
        page.wait_for_selector("#undo", state="detached")
        assert httpx.get(f"{server.base}/api/games/{gid}", timeout=30).json()["version"] == view["version"] + 2
        browser.close()


firefox_only = pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")


@firefox_only
def test_firefox_a_lobby_left_open_shows_a_new_table_and_a_held_table_offers_only_its_seat(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    firefox = Firefox(FIREFOX, free_port())
    try:
        firefox.navigate(server.base + "/")
        firefox.wait_for("return document.body.dataset.ready === 'lobby'")
        made = table(server)
        gid = made["id"]
        firefox.wait_for(f"const gid = '{gid}'; {ROW}", timeout=12)
        assert len(firefox.run(f"const gid = '{gid}'; {ROW}")[1]) == 2
        # this browser holds the table's first seat (the host's secret kept, as the lobby keeps it)
        firefox.run(f"localStorage.setItem('realms.seat.{gid}', arguments[0])", made["seats"][0]["token"])
        firefox.navigate(server.base + "/")
        firefox.wait_for("return document.body.dataset.ready === 'lobby'")
        assert firefox.run(f"const gid = '{gid}'; {ROW}")[1] == []
    finally:
        firefox.close()
