"""A table as friends play it, in chromium and in Firefox, against a real server: the lobby lists the table that
wants a player (its host called "host"), the table waits for that player, the host may start with bots instead,
"your move" is told by the tab's title and icon, a sound and (tab hidden, allowed) a notification, and the
table's chat shows what players write as text only, with a mute that is remembered; spectators only read it."""

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
MARKUP = '<img src=x onerror="window.hacked=1"> <b>bold</b> & hi'
#: what the page's chat shows: [seat, text of the message] per message shown, and the markup the list holds
CHAT = """return {shown: [...document.querySelectorAll('#chat-messages li[data-id]')]
                   .map(li => [Number(li.dataset.seat), li.querySelector('.chat-text').textContent]),
                 elements: document.querySelectorAll('#chat-messages img, #chat-messages b').length,
                 hacked: window.hacked === 1};"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('chat') / 'chat.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def table(server, seats=("creator", "open")) -> dict:
    r = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "options": {"players": 2},
                                                     "seats": list(seats), "pace": "turn"}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def play_until_seat_zero_moves(server, gid: str, other: str) -> None:
    """The other player (seat 1, by the API) moves while it is theirs, so that seat 0 is to move; a bot's seat
    (a lobby table has the game's default count of seats, the others bots) is waited for."""
    for _ in range(600):
        view = httpx.get(f"{server.base}/api/games/{gid}", params={"token": other}, timeout=30).json()
        if view["to_move"] == 0:
            return
        if view["to_move"] != 1:
            time.sleep(0.05)
            continue
        r = httpx.post(f"{server.base}/api/games/{gid}/actions", timeout=30, json={
            "token": other, "version": view["version"], "action": view["legal_actions"][0]["action"]})
        assert r.status_code == 200, r.text
    raise AssertionError("seat 0 never came to move")


def wait_until(check, tries: int = 100) -> None:
    for _ in range(tries):
        if check():
            return
        time.sleep(0.1)
    raise AssertionError("never came true")


# --- chromium ------------------------------------------------------------------------------------------------
chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
                              reason="chromium is not installed")


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def new_page(browser, **options):
    context = browser.new_context(viewport={"width": 1100, "height": 900}, **options)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


@chromium
def test_chromium_players_chat_as_text_spectators_read_and_a_mute_is_remembered(browser, server):
    made = table(server)
    gid = made["id"]
    host, guest, spectator = new_page(browser), new_page(browser), new_page(browser)
    host.goto(f"{server.base}/play/{gid}#token={made['seats'][0]['token']}")
    # the guest finds the table in the lobby, its host named so, and takes the free seat
    guest.goto(server.base + "/")
    guest.wait_for_selector("body[data-ready=lobby]")
    row = guest.locator("ul.tables li", has=guest.locator(f"a[href='/play/{gid}']"))
    assert catalogue("en")["lobby.seat_creator"].replace("{seat}", "seat 1") in row.inner_text()
    row.locator("button").click()
    guest.wait_for_url(f"**/play/{gid}")
    guest.wait_for_selector("#chat-input")
    spectator.goto(f"{server.base}/play/{gid}")
    spectator.wait_for_selector("#chat-read-only")
    assert spectator.locator("#chat-input").count() == 0

    host.fill("#chat-input", MARKUP)
    host.press("#chat-input", "Enter")
    for page in (host, guest, spectator):
        page.wait_for_selector("#chat-messages li[data-seat='0']")
        seen = page.evaluate(f"() => {{ {CHAT} }}")
        assert seen == {"shown": [[0, MARKUP]], "elements": 0, "hacked": False}, seen
    guest.fill("#chat-input", "good luck, have fun")
    guest.click("#chat-send")
    host.wait_for_selector("#chat-messages li[data-seat='1']")
    guest.screenshot(path="/tmp/realms-table-chat.png", full_page=True)

    # the guest mutes the host: the host's messages are hidden here, and stay hidden after a reload
    guest.click("#chat-mutes button[data-seat='0']")
    assert guest.evaluate(f"() => {{ {CHAT} }}")["shown"] == [[1, "good luck, have fun"]]
    guest.reload()
    guest.wait_for_selector("#chat-messages li[data-seat='1']")
    assert guest.evaluate(f"() => {{ {CHAT} }}")["shown"] == [[1, "good luck, have fun"]]
    assert guest.inner_text("#chat-hidden")
    assert guest.get_attribute("#chat-mutes button[data-seat='0']", "aria-pressed") == "true"
    for page in (host, guest, spectator):
        assert not page.errors, page.errors
        page.context.close()


@chromium
def test_chromium_a_table_waits_for_its_player_and_your_move_is_told(browser, server):
    host = new_page(browser, permissions=["notifications"])
    host.add_init_script("Object.defineProperty(document, 'hidden', { get: () => window.__hidden === true });")
    host.goto(server.base + "/")
    host.wait_for_selector("body[data-ready=lobby]")
    host.select_option("select[data-seat='1']", "open")
    host.select_option("#pace", "turn")
    host.click("#create")
    host.wait_for_selector("#waiting-for")
    gid = host.url.split("/play/")[1]
    assert host.locator("#start-with-bots").count() == 1  # the host's own button
    assert host.title() == "Realms" and host.evaluate("document.body.dataset.turn") == ""
    # notifications were allowed in this browser: the button asks nothing more and says so
    assert host.is_hidden("#notify-button") and host.inner_text("#notify-state")

    host.evaluate("window.__hidden = true")
    joined = httpx.post(f"{server.base}/api/games/{gid}/join", json={"seat": 1}, timeout=30).json()
    play_until_seat_zero_moves(server, gid, joined["token"])
    host.wait_for_selector("body[data-ready=mine]")
    host.wait_for_function("document.title.startsWith('▶')")
    assert host.title() == catalogue("en")["notify.title"]["one"].replace("{title}", "Realms")
    assert "d62828" in host.get_attribute("link[rel~='icon']", "href")  # the icon's red dot
    assert host.evaluate("window.__chimes") == 1
    assert host.evaluate("window.__notifications") == [
        catalogue("en")["notify.body"].replace("{game}", "Kingdomino")]

    # the sound turned off stays off
    host.uncheck("#sound-setting")
    host.reload()
    host.wait_for_selector("body[data-ready=mine]")
    assert not host.is_checked("#sound-setting")
    assert host.evaluate("import('/static/notify.js').then(m => { m.chime(); return window.__chimes ?? 0; })") == 0

    # the lobby lists the player's own tables, the one waiting for their move first, and says so in the title
    solo = table(server, ("creator", "bot:random"))
    host.evaluate(f"localStorage.setItem('realms.seat.{solo['id']}', '{solo['seats'][0]['token']}')")
    host.goto(server.base + "/")
    host.wait_for_selector("body[data-ready=lobby]")
    rows = host.eval_on_selector_all("#your-tables-list li[data-game]",
                                     "els => els.map(e => [e.dataset.game, e.className])")
    turns = [kind for _, kind in rows]
    assert [gid, "my-turn"] in rows and solo["id"] in [g for g, _ in rows], rows
    assert turns == sorted(turns, key=lambda k: k != "my-turn"), rows  # the tables waiting for this player first
    assert host.title().startswith("▶") or host.title().startswith("(")
    host.screenshot(path="/tmp/realms-lobby-your-tables.png", full_page=True)
    assert not host.errors, host.errors
    host.context.close()


@chromium
def test_chromium_the_host_starts_a_waiting_table_with_bots(browser, server):
    host = new_page(browser)
    host.goto(server.base + "/")
    host.wait_for_selector("body[data-ready=lobby]")
    host.select_option("select[data-seat='1']", "open")
    host.click("#create")
    host.wait_for_selector("#start-with-bots")
    host.click("#start-with-bots")
    host.wait_for_selector("body[data-ready=mine]")  # the bot plays its picks until the host's move
    gid = host.url.split("/play/")[1]
    view = httpx.get(f"{server.base}/api/games/{gid}", timeout=30).json()
    assert view["seats"][1]["kind"] == "bot" and view["table"]["waiting_for"] == []
    assert gid not in [t["id"] for t in httpx.get(server.base + "/api/games", timeout=30).json()["games"]]
    assert not host.errors, host.errors
    host.context.close()


# --- Firefox -------------------------------------------------------------------------------------------------
firefox_only = pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")


@firefox_only
def test_firefox_table_waits_your_move_is_told_and_the_chat_is_text_with_a_mute(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    theirs = table(server)  # someone else's table wanting a player, for the lobby
    made = table(server)
    gid, token = made["id"], made["seats"][0]["token"]
    firefox = Firefox(FIREFOX, free_port())
    try:
        firefox.navigate(server.base + "/")
        firefox.wait_for("return document.body.dataset.ready === 'lobby'")
        label = firefox.run(f"return document.querySelector(\"ul.tables a[href='/play/{theirs['id']}']\")"
                            ".closest('li').textContent")
        assert catalogue("en")["lobby.seat_creator"].replace("{seat}", "seat 1") in label
        firefox.navigate(f"{server.base}/play/{gid}#token={token}")
        firefox.wait_for("return document.querySelector('#waiting-for')")
        assert firefox.run("return document.title") == "Realms"
        joined = httpx.post(f"{server.base}/api/games/{gid}/join", json={"seat": 1}, timeout=30).json()
        play_until_seat_zero_moves(server, gid, joined["token"])
        firefox.wait_for("return document.body.dataset.ready === 'mine'")
        firefox.wait_for("return document.title.startsWith('▶')")
        assert firefox.run("return document.querySelector(\"link[rel~='icon']\").href").count("d62828") == 1
        assert firefox.run("return window.__chimes") == 1

        # the chat: the other player's markup shows as text; what this player writes reaches the table
        httpx.post(f"{server.base}/api/games/{gid}/chat", json={"token": joined["token"], "text": MARKUP}, timeout=30)
        firefox.wait_for("return document.querySelector(\"#chat-messages li[data-seat='1']\")")
        seen = firefox.run(CHAT)
        assert seen == {"shown": [[1, MARKUP]], "elements": 0, "hacked": False}, seen
        firefox.run("document.querySelector('#chat-input').value = arguments[0]", "well played")
        firefox.tap("#chat-send")
        firefox.wait_for("return document.querySelector(\"#chat-messages li[data-seat='0']\")")
        stored = httpx.get(f"{server.base}/api/games/{gid}/chat", timeout=30).json()["messages"]
        assert [(m["seat"], m["text"]) for m in stored] == [(1, MARKUP), (0, "well played")]
        # a mute hides the other player's messages, and is remembered
        firefox.tap("#chat-mutes button[data-seat='1']")
        firefox.navigate(f"{server.base}/play/{gid}")
        firefox.wait_for("return document.querySelector(\"#chat-messages li[data-seat='0']\")")
        assert firefox.run(CHAT)["shown"] == [[0, "well played"]]
    finally:
        firefox.close()


@chromium
def test_chromium_a_players_own_page_lists_their_move_first_and_says_so_in_the_title(browser, server):
    from tests.e2e.test_accounts import create, sign_up, unique

    name = unique()
    page = new_page(browser)
    sign_up(page, server, name)
    gid = create(page, server, ["creator", "bot:random"], pace="turn")
    token = page.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")
    for _ in range(200):  # the bot's picks, until the player is to move
        if httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}, timeout=30).json()["legal_actions"]:
            break
        page.wait_for_timeout(50)
    # a newer table, waiting for its player (not their move): the server lists it first, the page after
    waiting = create(page, server, ["creator", "open"], pace="turn")
    page.goto(f"{server.base}/players/{name}")
    page.wait_for_selector("body[data-ready=player]")
    rows = page.eval_on_selector_all("#in-progress li", "els => els.map(e => [e.dataset.game, e.className])")
    assert rows == [[gid, "my-turn"], [waiting, ""]], rows
    assert page.title() == catalogue("en")["notify.title"]["one"].replace("{title}", "Realms")
    assert not page.errors, page.errors
    page.context.close()


@chromium
def test_chromium_a_signed_in_player_asks_for_turn_emails_and_gets_one(browser, tmp_path, monkeypatch):
    """The box beside the turn alerts, on a server that sends e-mail (a local SMTP server here)."""
    from tests.e2e.test_accounts import PASSWORD, create, sign_up, unique
    from tests.server.smtp import running_smtp

    with running_smtp() as (host, port, mails):
        for key, value in {"REALMS_SMTP_HOST": host, "REALMS_SMTP_PORT": str(port), "REALMS_SMTP_SECURITY": "none",
                           "REALMS_PUBLIC_URL": "https://realms.example"}.items():
            monkeypatch.setenv(key, value)
        mailing = Server(f"sqlite:///{tmp_path / 'mail.sqlite3'}", free_port())
        mailing.start()
        try:
            page = new_page(browser)
            name = unique()
            sign_up(page, mailing, name)
            page.wait_for_selector("#turn-email-setting[disabled]")  # no address on the account yet
            page.goto(mailing.base + "/account")
            page.wait_for_selector("#email-address")
            page.fill("#email-address", "player@example.org")
            page.fill("#email-password", PASSWORD)
            page.press("#email-password", "Enter")
            setting = "fetch('/api/account/turn-emails').then(r => r.json())"
            wait_until(lambda: page.evaluate(setting)["email"])
            page.goto(mailing.base + "/")
            page.wait_for_selector("#turn-email-setting:not([disabled])")
            page.check("#turn-email-setting")
            wait_until(lambda: page.evaluate(setting)["on"])
            gid = create(page, mailing, ["creator", "bot:random"], pace="turn")
            token = page.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")
            page.goto(mailing.base + "/")  # the player leaves the table; a move made elsewhere passes the turn
            page.wait_for_selector("body[data-ready=lobby]")
            for _ in range(400):
                if mails:
                    break
                view = httpx.get(f"{mailing.base}/api/games/{gid}", params={"token": token}, timeout=30).json()
                if view["legal_actions"]:
                    httpx.post(f"{mailing.base}/api/games/{gid}/actions", timeout=30, json={
                        "token": token, "version": view["version"], "action": view["legal_actions"][0]["action"]})
                page.wait_for_timeout(50)
            assert mails and mails[0]["to"] == "player@example.org"
            assert f"https://realms.example/play/{gid}" in mails[0]["body"]
            assert not page.errors, page.errors
            page.context.close()
        finally:
            mailing.stop()
