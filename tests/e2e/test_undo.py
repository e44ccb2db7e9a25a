"""Undo at a table, in chromium and in Firefox, against a real server: the lobby's option (on by default) makes a
table where a placement may be taken back; the Undo button shows while there is a move to take back, takes it
back, and the log says so, in the reader's language."""

from __future__ import annotations

import os
import shutil
import time

import httpx
import pytest

from tests.e2e.marionette import Firefox
from tests.e2e.words import catalogue
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('undo') / 'undo.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def payload(server, gid, token):
    return httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}, timeout=30).json()


def post(server, gid, token, p, action):
    r = httpx.post(f"{server.base}/api/games/{gid}/actions", timeout=30,
                   json={"token": token, "version": p["version"], "action": action})
    assert r.status_code == 200, r.text
    return r.json()


def to_my_placement(server, gid, token):
    """The seat's picks through the API (the bot's in between) until it is to place a domino; that payload."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the seat never came to place a domino"
        p = payload(server, gid, token)
        kinds = [a["action"]["type"] for a in p["legal_actions"]]
        if "place" in kinds:
            return p
        if kinds:
            post(server, gid, token, p, p["legal_actions"][0]["action"])
        else:
            time.sleep(0.05)


chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
                              reason="chromium is not installed")


@chromium
def test_chromium_the_lobby_makes_a_table_with_undo_and_the_undo_button_takes_a_placement_back(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready=lobby]")
        page.select_option("#game", "kingdomino")
        assert page.is_checked("#undo-option")  # on by default: a table people play
        page.click("#create")
        page.wait_for_selector("body[data-ready=mine], body[data-ready=waiting]")
        gid = page.url.split("/play/")[1].split("#")[0]
        token = page.evaluate(f"localStorage.getItem('realms.seat.{gid}')")  # the page keeps its seat's token
        p = to_my_placement(server, gid, token)
        page.wait_for_selector("body[data-ready=mine]")
        assert page.locator("#undo").count() == 0  # nothing to take back yet
        placed = post(server, gid, token, p, p["legal_actions"][0]["action"])
        assert placed["legal_actions"][-1]["action"] == {"type": "undo"}
        page.wait_for_selector("#undo")
        assert page.inner_text("#undo") == "↶ " + catalogue("en")["table.undo"]
        page.screenshot(path="/tmp/realms-undo-chromium.png", full_page=False)
        page.click("#undo")
        page.wait_for_function("() => !document.querySelector('#undo') && document.body.dataset.ready === 'mine'")
        after = payload(server, gid, token)
        assert after["version"] == placed["version"] + 1 and after["state_hash"] == p["state_hash"]
        assert "undo" not in [a["action"]["type"] for a in after["legal_actions"]]
        page.wait_for_function("() => document.querySelector('#log').innerText.includes('You took back a move.')")
        assert not errors, errors
        browser.close()


@chromium
def test_chromium_a_dominion_buy_is_taken_back_and_the_turn_waits_for_end_buying(server):
    r = httpx.post(server.base + "/api/games", timeout=30, json={
        "game": "dominion", "options": {"undo": True}, "seats": ["creator", "bot:big-money"]})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    p = payload(server, gid, token)
    while not any(a["action"]["type"] == "play_treasures" for a in p["legal_actions"]):  # a hand with a Treasure
        p = post(server, gid, token, p, {"type": "end_buys"})
    p = post(server, gid, token, p, {"type": "play_treasures"})
    buy = next(a["action"] for a in p["legal_actions"] if a["action"]["type"] == "buy")
    bought = post(server, gid, token, p, buy)  # the only buy: the turn waits for end_buys, so it may be taken back
    assert [a["action"]["type"] for a in bought["legal_actions"]] == ["end_buys", "undo"]
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        page.goto(f"{server.base}/play/{gid}#token={token}")
        page.wait_for_selector("body[data-ready=mine] #undo")
        assert page.locator("[data-action=end_buys]").count() == 1
        page.click("#undo")
        # the coins are back: cards to buy again; playing the Treasures may itself still be taken back
        page.wait_for_selector("body[data-ready=mine] #dm-supply .dm-card.legal")
        assert payload(server, gid, token)["state_hash"] == p["state_hash"]
        assert page.locator("#undo").count() == 1
        page.screenshot(path="/tmp/realms-undo-dominion.png", full_page=False)
        browser.close()


firefox_only = pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")


@firefox_only
def test_firefox_the_undo_button_takes_a_placement_back_in_french(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    r = httpx.post(server.base + "/api/games", timeout=30, json={
        "game": "kingdomino", "options": {"players": 2, "undo": True}, "seats": ["creator", "bot:greedy"]})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    fr = catalogue("fr")
    firefox = Firefox(FIREFOX, free_port())
    try:
        firefox.navigate(server.base + "/rules")
        firefox.wait_for("return document.body.dataset.ready === 'rules'")
        firefox.run("localStorage.setItem('realms.lang', 'fr')")
        p = to_my_placement(server, gid, token)
        firefox.navigate(f"{server.base}/play/{gid}#token={token}")
        firefox.wait_for("return document.body.dataset.ready === 'mine'")
        assert firefox.run("return document.querySelector('#undo')") is None
        post(server, gid, token, p, p["legal_actions"][-1]["action"])
        firefox.wait_for("return document.querySelector('#undo')")
        assert firefox.run("return document.querySelector('#undo').textContent") == "↶ " + fr["table.undo"]
        assert firefox.run("return document.querySelector('#undo').title") == fr["table.undo_help"]
        firefox.tap("#undo")
        firefox.wait_for("return !document.querySelector('#undo') && document.body.dataset.ready === 'mine'")
        assert payload(server, gid, token)["state_hash"] == p["state_hash"]
        firefox.wait_for("return document.querySelector('#log').innerText.includes('Vous avez repris un coup.')")
    finally:
        firefox.close()
