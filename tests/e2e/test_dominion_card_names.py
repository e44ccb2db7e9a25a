"""Dominion's cards hold their names: the longest word of a name stays inside its card, in every language.

A card was 7 to 8rem wide whatever its name, so a long word ran over its edge: "Moneylender" by 14 px in
chromium at a 1280 px window, "Woodcutter" and "Adventurer" by a few (French "Bibliothèque", Russian
"Ремесленник" are as long). Checked in chromium (a wide window and a phone's) and in Firefox.
"""

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
LANGUAGES = ["en", "fr", "ru", "tr"]

#: the kingdoms with the longest card names in the four catalogues, one per edition
KINGDOMS = {
    "first": "Moneylender,Woodcutter,Laboratory,Chancellor,Bureaucrat,Adventurer,Library,Remodel,Throne Room,"
             "Council Room",
    "second": "Moneylender,Laboratory,Library,Harbinger,Artisan,Sentry,Bandit,Poacher,Vassal,Merchant",
}

#: every card name on the page that is wider than its card: the name, its overflow and the card's width in px
OVERFLOWING = """
    return [...document.querySelectorAll('.dm-card')].map(card => {
      const name = card.querySelector('.dm-name');
      const over = Math.max(name.scrollWidth - name.clientWidth,
                            Math.ceil(name.getBoundingClientRect().right - card.getBoundingClientRect().right));
      return [name.textContent, over, Math.round(card.getBoundingClientRect().width)];
    }).filter(([, over]) => over > 0);"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('names') / 'names.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def tables(server) -> dict[str, str]:
    """Per edition, the path of a table whose kingdom holds the long names, as its human seat opens it."""
    paths = {}
    for edition, kingdom in KINGDOMS.items():
        r = httpx.post(server.base + "/api/games", json={
            "game": "dominion", "options": {"players": 2, "edition": edition, "kingdom": kingdom},
            "seats": ["creator", "bot:big-money"]}, timeout=30)
        assert r.status_code == 201, r.text
        paths[edition] = r.json()["seats"][0]["join_url"]
    return paths


@pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"), reason="chromium is not installed")
@pytest.mark.parametrize("width", [1280, 390])
def test_every_card_name_fits_its_card_in_chromium(server, tables, width):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for lang in LANGUAGES:
                context = browser.new_context(viewport={"width": width, "height": 900})
                context.add_init_script(f"localStorage.setItem('realms.lang', '{lang}')")
                page = context.new_page()
                for edition, path in tables.items():
                    page.goto(server.base + path)
                    page.wait_for_selector(".dm-supply .dm-card")
                    assert page.evaluate("document.documentElement.lang") == lang
                    assert page.evaluate(f"() => {{ {OVERFLOWING} }}") == [], (lang, edition, width)
                context.close()
        finally:
            browser.close()


@pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")
def test_every_card_name_fits_its_card_in_firefox(server, tables):
    assert FIREFOX is not None, "CI must install firefox-esr"
    firefox = Firefox(FIREFOX, free_port())
    try:
        for lang in LANGUAGES:
            for edition, path in tables.items():
                firefox.navigate(server.base + "/")
                firefox.run(f"localStorage.setItem('realms.lang', '{lang}')")
                firefox.navigate(server.base + path)
                firefox.wait_for("return document.querySelectorAll('.dm-supply .dm-card').length >= 17")
                assert firefox.run("return document.documentElement.lang") == lang
                assert firefox.run(OVERFLOWING) == [], (lang, edition)
    finally:
        firefox.close()
