"""An address nobody serves reads "there is no page here" in the reader's language, with the way to the lobby.

Seen: /nope in the browser showed the line {"detail":"Not Found"}. Checked in chromium and Firefox, English and
French.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.e2e.marionette import Firefox
from tests.e2e.words import catalogue
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
READ = """return [document.body.dataset.ready, document.querySelector('main .error')?.textContent,
                  [...document.querySelectorAll('main a')].map(a => a.getAttribute('href'))];"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('nf') / 'nf.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


def expected(lang: str) -> list:
    return ["error", catalogue(lang)["app.not_found"], ["/"]]


@pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"), reason="chromium is not installed")
def test_chromium_says_there_is_no_page_here(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page()
            for lang in ("en", "fr"):
                page.goto(server.base + "/")
                page.evaluate(f"localStorage.setItem('realms.lang', '{lang}')")
                answer = page.goto(server.base + "/no/such/page")
                assert answer is not None and answer.status == 404
                page.wait_for_selector("body[data-ready=error]")
                assert page.evaluate(f"() => {{ {READ} }}") == expected(lang)
        finally:
            browser.close()


@pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")
def test_firefox_says_there_is_no_page_here(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    firefox = Firefox(FIREFOX, free_port())
    try:
        for lang in ("en", "fr"):
            firefox.navigate(server.base + "/")
            firefox.run(f"localStorage.setItem('realms.lang', '{lang}')")
            firefox.navigate(server.base + "/nope")
            firefox.wait_for("return document.body.dataset.ready === 'error'")
            assert firefox.run(READ) == expected(lang)
    finally:
        firefox.close()
