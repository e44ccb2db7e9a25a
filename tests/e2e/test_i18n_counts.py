"""Counts in the log read in the right form in the browser (i18n.js's fill: ``{count:one=...|other=...}``),
in chromium and Firefox, English and French: "1 silverling", "2 silverlings", "0 pièce d'argent"."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.e2e.marionette import Firefox
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

#: the Burgundy log's words for a sale and an income, as the board asks for them (burgundy.js), per language
WORDED = """
    const i18n = await import('/static/i18n.js');
    const out = {};
    for (const lang of ['en', 'fr']) {
      await i18n.loadLanguage(lang);
      out[lang] = [
        i18n.t('burgundy.log.sell', { who: 'X', you: false, n: 1, colour: 5, silverlings: 1 }),
        i18n.t('burgundy.log.sell', { who: 'X', you: false, n: 2, colour: 3, silverlings: 2 }),
        i18n.t('burgundy.log.income_workers', { who: 'X', you: false, n: 0, workers: 1 }),
        i18n.t('burgundy.log.income', { who: 'X', you: false, n: 3 }),
      ];
    }
    return out;"""
EXPECTED = {
    "en": ["X sells 1 goods tile of colour 5: 1 silverling",
           "X sells 2 goods tiles of colour 3: 2 silverlings",
           "X receives 0 silverlings and 1 worker from mines",
           "X receives 3 silverlings from mines"],
    "fr": ["X vend 1 marchandise de couleur 5 : 1 pièce d'argent",
           "X vend 2 marchandises de couleur 3 : 2 pièces d'argent",
           "X reçoit 0 pièce d'argent et 1 ouvrier des mines",
           "X reçoit 3 pièces d'argent des mines"],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('counts') / 'counts.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


@pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"), reason="chromium is not installed")
def test_counts_read_in_their_form_in_chromium(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(server.base + "/")
            page.wait_for_selector("body[data-ready=lobby]")
            assert page.evaluate(f"async () => {{ {WORDED} }}") == EXPECTED
        finally:
            browser.close()


@pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")
def test_counts_read_in_their_form_in_firefox(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    firefox = Firefox(FIREFOX, free_port())
    try:
        firefox.navigate(server.base + "/")
        firefox.wait_for("return document.body.dataset.ready === 'lobby'")
        assert firefox.run(f"return (async () => {{ {WORDED} }})()") == EXPECTED
    finally:
        firefox.close()
