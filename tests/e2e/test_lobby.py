"""The lobby and the connection state in chromium (Playwright) against a real server process."""

from __future__ import annotations

import os
import shutil

import pytest

import realms.games
from tests.games.per_game import declared
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (CI installs it)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")

#: per game, what its board highlights when the human may move (``BOARD`` of its tests/games/<id>/tables.py)
LEGAL = {g: declared(g, "tables").BOARD["legal"] for g in realms.games.ids()}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('lobby') / 'lobby.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def open_lobby(page, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=lobby]")


def wait_for_my_move(page, game: str) -> None:
    """Until the board offers the human a move (status, ready signal and a highlighted target)."""
    page.wait_for_selector("body[data-ready=mine]")
    assert page.inner_text("#status") == "Your move"
    assert page.locator(LEGAL[game]).count() >= 1


@pytest.mark.parametrize("game", realms.games.ids())
def test_picking_a_game_and_pressing_create_reaches_a_playable_board(page, server, game):
    open_lobby(page, server.base)
    page.select_option("#game", game)
    menus = page.eval_on_selector_all("#seats select",
                                      "els => els.map(s => [s.value, [...s.options].map(o => o.value)])")
    meta = page.evaluate("fetch('/api/meta').then(r => r.json())")
    spec = next(g for g in meta["games"] if g["id"] == game)
    levels = [lv["name"] for lv in spec["levels"]]
    assert levels == ["easy", "medium", "hard"]
    # the levels first, then the people, then every other agent by name
    offered = ([f"bot:{n}" for n in levels] + ["creator", "invite", "open"]
               + [f"bot:{b}" for b in spec["bots"] if b not in levels])
    for value, options in menus:
        assert options == offered, "a seat menu offers agents of another game"
        assert value in offered
    assert menus[0][0] == "creator"
    # the game's usual bot: by its level's name where medium plays it
    medium = next(lv for lv in spec["levels"] if lv["name"] == "medium")
    usual = "bot:medium" if medium["agent"] == spec["default_bot"] else f"bot:{spec['default_bot']}"
    assert [v for v, _ in menus][1:] == [usual] * (len(menus) - 1)
    page.click("#create")
    page.wait_for_url("**/play/**")
    wait_for_my_move(page, game)


def test_switching_games_back_and_forth_keeps_every_seat_valid(page, server):
    open_lobby(page, server.base)
    page.select_option("#game", "dominion")
    page.select_option("select[data-seat='1']", "invite")  # a seat the person set keeps its choice
    for game in ["dominion", "kingdomino", "burgundy", "dominion"]:
        page.select_option("#game", game)
        values = page.eval_on_selector_all("#seats select", "els => els.map(s => s.value)")
        assert all(values) and values[0] == "creator" and values[1] == "invite"
    page.click("#create")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#share input.invite-link")
    page.wait_for_selector("#waiting-for")  # the table waits for the invited player, or the host starts with a bot
    page.click("#start-with-bots")
    wait_for_my_move(page, "dominion")


def test_lost_connection_blocks_moves_and_recovers_when_the_server_is_back(browser, tmp_path):
    import httpx

    server = Server(f"sqlite:///{tmp_path / 'lost.sqlite3'}", free_port())
    server.start()
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        made = httpx.post(server.base + "/api/games",
                          json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
        page.goto(server.base + made["seats"][0]["join_url"])
        wait_for_my_move(page, "kingdomino")

        server.stop()
        page.wait_for_selector("body[data-ready=offline]")
        assert "Connection lost" in page.inner_text("#status")
        assert page.locator("#offline").is_visible()
        # nothing is offered while the server cannot be reached, and a click on the board does nothing
        assert page.locator(LEGAL["kingdomino"]).count() == 0
        assert page.locator("#prompt .actions-list button").count() == 0
        page.locator(".kd-domino").first.click()
        assert page.evaluate("document.body.dataset.ready") == "offline"
        assert "Failed to fetch" not in page.inner_text("body")

        server.start()  # same port, same database
        wait_for_my_move(page, "kingdomino")
        assert page.locator("#offline").count() == 0
        assert "Connection lost" not in page.inner_text("body")
        before = page.locator("#log div").count()
        clicked = page.evaluate(f"""() => {{
            const t = document.body.dataset.ready === 'mine' && document.querySelector({LEGAL['kingdomino']!r});
            if (!t) return false;
            t.click();
            return true;
        }}""")
        assert clicked
        page.wait_for_function(f"() => document.querySelectorAll('#log div').length > {before}")
        assert page.inner_text("#error") == ""
    finally:
        context.close()
        server.stop()
    assert not errors, errors
