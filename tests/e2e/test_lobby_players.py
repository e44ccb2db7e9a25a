"""The lobby's player count stays within the game's: a number typed past it is brought back to the nearest one.

Seen: typing 9 players for Dominion (1 to 4) drew nine seat menus and "Create table" then answered, in English
on a French page, "option 'players' must be between 1 and 4, got 9"; the seats were drawn for any number typed
(a million would be a million menus). Checked in chromium and in Firefox.
"""

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

#: per game and number typed: the count the field shows after the change, and the seat menus drawn
CASES = [("dominion", "9", "6"), ("dominion", "1000000", "6"), ("dominion", "0", "1"), ("kingdomino", "1", "2"),
         ("kingdomino", "-3", "2"), ("burgundy", "3", "3"), ("burgundy", "2.5", "2")]

#: the lobby's answer to a count typed for a game (the body of a function of ``game`` and ``typed``)
TYPE = """
    const sel = document.querySelector('#game'); sel.value = game; sel.dispatchEvent(new Event('change'));
    const p = document.querySelector('[name=players]'); p.value = typed; p.dispatchEvent(new Event('change'));
    return [p.value, document.querySelectorAll('select[data-seat]').length];"""

#: a field emptied first (as a WebDriver clear does, with its own change event) and then typed into: the empty
#: field is left empty (not read as 0 and brought up to the minimum, which made "2" typed after it read "22")
CLEARED = """
    const sel = document.querySelector('#game'); sel.value = 'dominion'; sel.dispatchEvent(new Event('change'));
    const p = document.querySelector('[name=players]'); p.value = ''; p.dispatchEvent(new Event('change'));
    const blank = p.value;
    p.value = p.value + '3'; p.dispatchEvent(new Event('change'));
    return [blank, p.value, document.querySelectorAll('select[data-seat]').length];"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('players') / 'players.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


@pytest.mark.skipif(not os.path.exists(CHROMIUM) and not os.environ.get("CI"), reason="chromium is not installed")
def test_chromium_lobby_keeps_the_player_count_within_the_game(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(server.base + "/")
            page.wait_for_selector("body[data-ready=lobby]")
            for game, typed, shown in CASES:
                answer = page.evaluate(f"([game, typed]) => {{ {TYPE} }}", [game, typed])
                assert answer == [shown, int(shown)], (game, typed)
            assert page.evaluate(f"() => {{ {CLEARED} }}") == ["", "3", 3]
        finally:
            browser.close()


@pytest.mark.skipif(FIREFOX is None and not os.environ.get("CI"), reason="Firefox is not installed")
def test_firefox_lobby_keeps_the_player_count_within_the_game(server):
    assert FIREFOX is not None, "CI must install firefox-esr"
    firefox = Firefox(FIREFOX, free_port())
    try:
        firefox.navigate(server.base + "/")
        firefox.wait_for("return document.body.dataset.ready === 'lobby'")
        for game, typed, shown in CASES:
            answer = firefox.run(f"const [game, typed] = arguments; {TYPE}", game, typed)
            assert answer == [shown, int(shown)], (game, typed)
        assert firefox.run(CLEARED) == ["", "3", 3]
    finally:
        firefox.close()
