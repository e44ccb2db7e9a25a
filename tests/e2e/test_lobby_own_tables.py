"""The lobby leads a player back to their own seat: a table this browser holds a seat of says so (among the
player's own tables), not "watch".

Seen: a guest who left a table for the lobby found it among the open tables offered only to "watch" (the link
did bring them back to their seat, but nothing said so). Checked in chromium and in Firefox, in English and
French.
"""

from __future__ import annotations

import os
import shutil

import httpx
import pytest

from tests.e2e.marionette import Firefox
from tests.e2e.words import catalogue
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

#: the lobby's open tables as (id, text of the table's link)
LINKS = """return [...document.querySelectorAll('ul.tables li a')]
             .map(a => [a.getAttribute('href').split('/').pop(), a.textContent]);"""
#: makes a table from the lobby's form (this browser's seat against a bot) and says nothing
CREATE = """
    const seat = document.querySelector("select[data-seat='1']"); seat.value = 'bot:random';
    seat.dispatchEvent(new Event('change'));
    document.querySelector('#pace') && (document.querySelector('#pace').value = 'turn');
    document.querySelector('#create').click();"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('own') / 'own.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def someone_elses_table(server) -> str:
    """A table that wants a player (the lobby lists only those), whose seat this browser does not hold."""
    r = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "options": {"players": 2},
                                                     "seats": ["creator", "open"], "pace": "turn"}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def expect(links: list[list[str]], mine: str, theirs: str, lang: str) -> None:
    words: dict[str, str] = {gid: text for gid, text in links}
    assert words.get(mine) == catalogue(lang)["lobby.back_to_seat"], (lang, links)
    assert words.get(theirs) == catalogue(lang)["lobby.watch"], (lang, links)


@pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"), reason="chromium is not installed")
def test_chromium_lobby_offers_the_way_back_to_your_own_seat(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    theirs = someone_elses_table(server)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
            page.goto(server.base + "/")
            page.wait_for_selector("body[data-ready=lobby]")
            page.evaluate(f"() => {{ {CREATE} }}")
            page.wait_for_url("**/play/**")
            page.wait_for_selector("body[data-ready=mine], body[data-ready=waiting]")
            mine = page.url.split("/play/")[1].split("#")[0]
            for lang in ("en", "fr"):
                page.evaluate(f"localStorage.setItem('realms.lang', '{lang}')")
                page.goto(server.base + "/")
                page.wait_for_selector("body[data-ready=lobby]")
                expect(page.evaluate(f"() => {{ {LINKS} }}"), mine, theirs, lang)
            page.click(f"ul.tables a[href='/play/{mine}']")
            page.wait_for_selector("body[data-ready=mine], body[data-ready=waiting]")  # a seat, not a spectator
        finally:
            browser.close()


@pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")
def test_firefox_lobby_offers_the_way_back_to_your_own_seat(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    theirs = someone_elses_table(server)
    firefox = Firefox(FIREFOX, free_port())
    try:
        firefox.navigate(server.base + "/")
        firefox.wait_for("return document.body.dataset.ready === 'lobby'")
        firefox.run(CREATE)
        firefox.wait_for("return location.pathname.startsWith('/play/') && "
                         "['mine', 'waiting'].includes(document.body.dataset.ready)")
        mine = firefox.run("return location.pathname.split('/').pop()")
        for lang in ("en", "fr"):
            firefox.run(f"localStorage.setItem('realms.lang', '{lang}')")
            firefox.navigate(server.base + "/")
            firefox.wait_for("return document.body.dataset.ready === 'lobby'")
            expect(firefox.run(LINKS), mine, theirs, lang)
    finally:
        firefox.close()
