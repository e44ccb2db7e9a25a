"""At a table, "Analyze" speaks to the player: "Your best moves after step N", not "Best moves for seat 1".

Seen at a Castles of Burgundy table against a bot: the page names the player "You" everywhere, and the analysis
of their own move said "Best moves for seat 1 after step 29". Checked in chromium and Firefox, English and French.
"""

from __future__ import annotations

import os
import re
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
CAPTION = "return document.querySelector('#analysis-table caption')?.textContent || null"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('an') / 'an.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def table(server) -> str:
    """A Kingdomino table against a bot where the human moves first (seat 1's opening pick), as its seat opens it."""
    r = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "options": {"players": 2},
                                                     "seats": ["creator", "bot:random"], "pace": "turn"}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["seats"][0]["join_url"]


def worded(lang: str, caption: str | None) -> bool:
    """Whether ``caption`` is the catalogue's words for your own move, at some step."""
    pattern = re.escape(catalogue(lang)["analysis.caption_you"]).replace(re.escape("{step}"), r"\d+")
    return caption is not None and re.fullmatch(pattern, caption) is not None


@pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"), reason="chromium is not installed")
def test_chromium_analysis_of_your_move_is_worded_for_you(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for lang in ("en", "fr"):
                context = browser.new_context()
                context.add_init_script(f"localStorage.setItem('realms.lang', '{lang}')")
                page = context.new_page()
                page.goto(server.base + table(server))
                page.wait_for_selector("body[data-ready=mine]", timeout=60000)
                page.click("#analyze")
                page.wait_for_selector("#analysis-table caption", timeout=60000)
                caption = page.evaluate(f"() => {{ {CAPTION} }}")
                assert worded(lang, caption), (lang, caption)
                context.close()
        finally:
            browser.close()


@pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")
def test_firefox_analysis_of_your_move_is_worded_for_you(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    firefox = Firefox(FIREFOX, free_port())
    try:
        for lang in ("en", "fr"):
            firefox.navigate(server.base + "/")
            firefox.run(f"localStorage.setItem('realms.lang', '{lang}')")
            firefox.navigate(server.base + table(server))
            firefox.wait_for("return document.body.dataset.ready === 'mine'")
            firefox.run("document.querySelector('#analyze').click()")
            caption = firefox.wait_for(CAPTION)
            assert worded(lang, caption), (lang, caption)
    finally:
        firefox.close()
