"""End-to-end: a real browser (Debian's chromium, driven by Playwright) against a real server."""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (CI installs it)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")
PlaywrightError = sync_api.Error


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'e2e.sqlite3'}", free_port())
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


def create_from_lobby(page, server, game: str, seats: list[str], players: int | None = None) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    if players is not None:
        page.fill("[name=players]", str(players))
        page.dispatch_event("[name=players]", "change")
    for i, seat in enumerate(seats):
        page.select_option(f"select[data-seat='{i}']", seat)
    page.click("#create")
    page.wait_for_url("**/play/**")


def tap(locator) -> bool:
    """Click ``locator`` if it is there within a few seconds; whether it was."""
    try:
        locator.click(timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def test_lobby_creates_a_kingdomino_table_and_clicks_play_to_the_end(page, server):
    create_from_lobby(page, server, "kingdomino", ["creator", "bot:greedy"], players=2)
    moves = 0
    for _ in range(400):
        if page.locator("#final-scores").count():
            break
        # a move under way still shows the board it was made on: look only once its answer is in
        page.wait_for_function("() => document.body.dataset.ready !== 'busy'")
        pickable = page.locator(".kd-domino.pickable")
        legal = page.locator(".kd-cell.legal")
        discard = page.locator("#discard")
        # a control seen a moment ago may be gone when clicked (the page lost its socket under load and offers
        # no move until it is back): the loop looks again instead of waiting for that one control
        if pickable.count():
            if not tap(pickable.first):
                continue
        elif legal.count():
            try:
                legal.first.hover(timeout=5000)
            except PlaywrightTimeout:
                continue
            assert page.locator(".kd-cell.preview").count() >= 1  # the rotation preview
            if not tap(legal.first):
                continue
        elif discard.count():
            if not tap(discard):
                continue
        else:
            page.wait_for_timeout(50)
            continue
        moves += 1
        page.wait_for_timeout(30)
    assert page.locator("#final-scores").count() == 1, "the game did not reach its final scores"
    text = page.locator("#final-scores").inner_text()
    assert "You" in text and "greedy" in text
    assert moves >= 14


def test_illegal_click_is_impossible_only_legal_cells_react(page, server):
    create_from_lobby(page, server, "kingdomino", ["creator", "bot:random"], players=2)
    page.wait_for_selector(".kd-domino")
    # until it is our turn to place, empty cells are not clickable targets
    assert page.locator(".kd-cell.legal").count() == 0 or page.locator("#placing").count() == 1


def test_replay_viewer_steps_through_a_finished_game(page, server):
    import httpx

    made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["bot:random", "bot:greedy"]})
    gid = made.json()["id"]
    for _ in range(200):
        if httpx.get(f"{server.base}/api/games/{gid}").json()["finished"]:
            break
        page.wait_for_timeout(50)
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_selector("#step")
    assert "step 0 of" in page.inner_text("#step")
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#step').textContent.startsWith('step 1 of')")
    page.click("#last")
    page.wait_for_selector("#final-scores")


def test_a_burst_of_updates_is_followed_in_order_and_never_more_than_a_dozen_behind(page, server):
    """motion.js's Pacer: 100 updates pushed at once are shown in version order, the newest last, with at most
    BEHIND (12) waiting at any time, the older ones skipped."""
    page.goto(server.base + "/rules")
    page.wait_for_selector("body[data-ready=rules]")
    got = page.evaluate("""async () => {
      const { Pacer, BEHIND } = await import("/static/motion.js");
      const shown = [], waiting = [];
      const pacer = new Pacer(p => shown.push(p.version), 40);
      for (let v = 1; v <= 100; v++) { pacer.push({ version: v }); waiting.push(pacer.waiting); }
      for (let i = 0; i < 200 && shown[shown.length - 1] !== 100; i++) await new Promise(r => setTimeout(r, 20));
      return { shown, most: Math.max(...waiting), BEHIND };
    }""")
    assert got["BEHIND"] == 12 and got["most"] <= 12
    assert got["shown"][0] == 1 and got["shown"][-1] == 100
    assert got["shown"] == sorted(set(got["shown"])) and len(got["shown"]) <= 1 + 12


def test_phone_sized_screen_shows_the_board(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    create_from_lobby(page, server, "kingdomino", ["creator", "bot:random"], players=2)
    page.wait_for_selector(".kd-kingdom")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 420, f"page is {width}px wide on a 390px screen"
    context.close()


def test_dominion_table_against_bots_plays_by_clicking(page, server):
    create_from_lobby(page, server, "dominion", ["creator", "bot:militia-big-money"], players=2)
    page.wait_for_selector("#dm-supply")
    # each click only once the page offers a move (body[data-ready]), on a node taken then, and the next only
    # once that one was answered: the clicked node gone (the board drawn afresh) or the page no longer asking
    answered = "e => !e.isConnected || document.body.dataset.ready !== 'mine'"
    clicks = 0
    for _ in range(300):
        page.wait_for_selector("body[data-ready='mine'], body[data-ready='over']")
        if clicks >= 25 or page.get_attribute("body", "data-ready") == "over":
            break
        for selector in ("[data-action=play_treasures]", "#dm-choices .dm-card.legal", "#dm-hand .dm-card.legal",
                         "#dm-supply .dm-card.legal", "[data-action=done]", "[data-action=yes]",
                         "[data-action=end_actions]", "[data-action=end_buys]", "[data-action=no]"):
            found = page.query_selector_all(selector)
            if not found:
                continue
            node = found[-1]
            try:
                node.click(timeout=5000)
            except PlaywrightError:  # drawn afresh between finding it and clicking it: look again
                break
            page.wait_for_function(answered, arg=node)
            clicks += 1
            break
        else:
            page.wait_for_timeout(50)
    assert clicks >= 25
    # only legal moves are clickable: a card acts (role=button, focusable) exactly when it is highlighted as legal
    assert page.locator(".dm-card[role=button]:not(.legal)").count() == 0
    assert page.locator(".dm-card.legal:not([role=button])").count() == 0
    log = page.inner_text("#log")
    assert "bought" in log and "militia-big-money (2)" in log and "Seat 2" not in log  # named as on the board


def test_burgundy_table_against_a_bot_plays_by_clicking(page, server):
    create_from_lobby(page, server, "burgundy", ["creator", "bot:greedy"], players=2)
    page.wait_for_selector("#bg-depots")
    # each move only once the page offers one (body[data-ready]: paced updates of the bot's moves come in turn),
    # and the next only after this one was answered (the clicked node replaced by the board drawn afresh)
    answered = "e => !e.isConnected || !!document.querySelector('#bg-chooser button')"
    clicks = 0
    while clicks < 12:
        page.wait_for_selector("body[data-ready='mine'], body[data-ready='over']")
        if page.get_attribute("body", "data-ready") == "over":
            break
        board = page.locator(".bg-chip.legal, .bg-space.legal")
        listed = page.locator("#prompt .actions-list button")
        target = board.first if board.count() else listed.first
        node = target.element_handle()
        node.click()
        page.wait_for_function(answered, arg=node)
        chooser = page.locator("#bg-chooser button")
        if node.evaluate("e => e.isConnected") and chooser.count():
            button = chooser.first.element_handle()
            button.click()
            page.wait_for_function("e => !e.isConnected", arg=button)
        clicks += 1
    assert clicks >= 12
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('You ')")
    assert "Seat 1" not in page.inner_text("#log")
    assert page.locator("svg.bg-estate").count() == 2
