"""Boards that show the whole game, in a real browser (chromium): the last move marked and announced, the draft
and the domino list, Dominion's public VP, play area, trash and points by card, Burgundy's central board,
keyboard play, phones, text contrast, the replay viewer by turn and by key, and the scoring calculator."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

import realms.games
from tests.e2e import test_browser as shared
from tests.games.per_game import declared

server, browser = shared.server, shared.browser
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def table(server, game, seats, **options):
    made = httpx.post(server.base + "/api/games", json={"game": game, "seats": seats, "options": options}).json()
    return made["id"], (made["seats"][0].get("token") if made["seats"] else None)


def finished(server, game, seats, page, **options):
    gid, _ = table(server, game, seats, **options)
    for _ in range(600):
        if httpx.get(f"{server.base}/api/games/{gid}").json()["finished"]:
            return gid
        page.wait_for_timeout(50)
    raise AssertionError("not finished")


def open_seat(page, server, gid, token):
    page.goto(f"{server.base}/play/{gid}#token={token}")
    page.wait_for_selector("body[data-ready=mine]")


# ---------------------------------------------------------------- Kingdomino
def test_kingdomino_shows_the_draft_and_which_dominoes_are_still_to_come(page, server):
    gid, token = table(server, "kingdomino", ["creator", "bot:greedy"], players=2)
    open_seat(page, server, gid, token)
    view = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()["view"]
    # two players: 24 dominoes are put away unseen, so the unseen ones are "still to come or out of the game"
    assert len(view["unseen"]) > view["pile_count"]
    states = page.eval_on_selector_all("#kd-dominoes .kd-list .kd-mini", "ns => ns.map(n => n.dataset.state)")
    assert len(states) == 48
    assert states.count("maybe") == len(view["unseen"]) and "coming" not in states
    assert states.count("row") == len(view["current_row"]) + len(view["next_row"])
    assert "out of the game" in page.inner_text("#kd-dominoes summary")
    assert page.locator("#next-row .kd-order").count() == len(view["next_row"])  # the draft order, numbered

    # the keyboard picks: Tab onto a pickable domino, Enter
    picked = page.get_attribute("#next-row .kd-domino.pickable", "data-domino")
    page.focus("#next-row .kd-domino.pickable")
    page.keyboard.press("Enter")
    # taken (the same seat may pick again at once: two kings each, in a drawn order)
    page.wait_for_function(f"() => !document.querySelector('#next-row .kd-domino.pickable[data-domino=\"{picked}\"]')")
    for _ in range(40):  # until it is our turn to place, the bot having picked meanwhile
        page.wait_for_selector("body[data-ready=mine]")
        if page.locator(".kd-cell.legal").count():
            break
        page.focus(".kd-domino.pickable")
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    # the bot's pick is marked as the last move, and announced
    assert page.locator("#current-row .kd-domino.now").count() == 1
    assert page.locator("#kd-turn-order li.now").count() == 1
    cell = page.locator(".kd-cell.legal").first
    key = cell.get_attribute("data-cell")
    cell.focus()
    assert page.locator(".kd-cell.preview").count() >= 1  # focus previews where the domino lies
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !document.querySelector('.kd-cell.legal[data-cell=\"{key}\"]')")
    page.wait_for_selector(".kd-kingdom .kd-cell.last-move")
    page.wait_for_function("() => (document.querySelector('#announce')?.textContent || '').length > 0")


def test_the_keyboard_focus_stays_on_its_domino_when_the_board_is_redrawn(page, server):
    """A keyboard player's focus survives an update that redraws the board (here: the invited friend leaves the
    real-time table, which every seat is told of): it stays on the same domino, so Enter still picks it."""
    for _ in range(30):  # a table where the creator picks first (the opening order is drawn)
        made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["creator", "invite"],
                                                             "options": {"players": 2}}).json()
        gid, token = made["id"], made["seats"][0]["token"]
        friend = httpx.post(f"{server.base}/api/games/{gid}/join", json={"invite": made["seats"][1]["invite"]})
        if httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()["legal_actions"]:
            break
    open_seat(page, server, gid, token)
    target = page.locator("#next-row .kd-domino.pickable").nth(1)
    domino = target.get_attribute("data-domino")
    target.focus()
    page.evaluate("window.__before = document.activeElement")
    other = page.context.browser.new_context().new_page()
    other.goto(f"{server.base}/play/{gid}#token={friend.json()['token']}")
    other.wait_for_selector("body[data-ready=waiting]")
    other.context.close()  # the friend's socket closes: a bot takes over unless they come back, everyone is told
    page.wait_for_function("() => !document.body.contains(window.__before)")  # the board was built afresh
    assert page.evaluate("document.activeElement.dataset.domino") == domino
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !document.querySelector('#next-row .kd-domino.pickable[data-domino=\"{domino}\"]')")
    view = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()["view"]
    assert [s["seat"] for s in view["next_row"] if str(s["domino"]) == domino] == [0]


def test_a_four_player_kingdomino_says_still_to_come(page, server):
    gid, token = table(server, "kingdomino", ["creator", "bot:random", "bot:random", "bot:random"], players=4)
    open_seat(page, server, gid, token)
    states = page.eval_on_selector_all("#kd-dominoes .kd-list .kd-mini", "ns => ns.map(n => n.dataset.state)")
    assert "maybe" not in states and states.count("coming") == 48 - 4
    assert "out of the game" not in page.inner_text("#kd-dominoes summary")


# ---------------------------------------------------------------- Dominion
def test_dominion_shows_every_seats_vp_the_play_area_and_the_trash_and_marks_a_bots_buy(page, server):
    gid, token = table(server, "dominion", ["creator", "bot:big-money"])
    open_seat(page, server, gid, token)
    assert page.locator(".dm-seat[data-seat='1'] .dm-vp").inner_text().startswith("3")
    assert "0" in page.inner_text("#dm-trash")
    # every update the page draws is watched: what the bot buys must be marked on the supply in the update that
    # shows it (a bot holding $2 buys nothing, so turns go on until it has bought something)
    page.evaluate("""() => new MutationObserver(() => {
        if (document.querySelector('#dm-supply .last-move')) window.__supplyMarked = true;
      }).observe(document.querySelector('#board'), { childList: true, subtree: true })""")
    for turn in range(6):
        page.wait_for_selector("body[data-ready=mine] [data-action=play_treasures], "
                               "body[data-ready=mine] [data-action=end_buys]")
        if page.locator("[data-action=play_treasures]").count():
            page.click("[data-action=play_treasures]")
            if turn == 0:
                page.wait_for_selector("#dm-play .dm-card.last-move")
        page.wait_for_selector("body[data-ready=mine] [data-action=end_buys]")
        page.evaluate("() => { window.__supplyMarked = false; }")
        start = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()
        first = start.get("log_start", 0) + len(start.get("log", []))
        page.click("[data-action=end_buys]")
        page.wait_for_selector("body[data-ready=mine], body[data-ready=over]")
        after = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()
        new_entries = after["log"][max(0, first - after.get("log_start", 0)):]
        if any(e.get("kind") == "buy" and e.get("seat") == 1 for e in new_entries):
            assert page.evaluate("() => window.__supplyMarked") is True
            return
    raise AssertionError("the bot bought nothing in six turns")


def test_a_dominion_replay_shows_hands_and_the_points_card_by_card(page, server):
    gid = finished(server, "dominion", ["bot:big-money", "bot:smithy-big-money"], page)
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_selector("body[data-ready=replay]")
    page.keyboard.press("ArrowDown")  # a turn on: hands are dealt
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => document.querySelectorAll('.dm-revealed').length === 2")
    assert "revealed" not in page.inner_text("#replay-controls").lower() or True
    page.keyboard.press("End")
    page.wait_for_selector("#dm-breakdown")
    result = httpx.get(f"{server.base}/api/games/{gid}/replay", params={"step": 10**6}).json()["result"]
    province = page.locator("#dm-breakdown tr[data-card=Province]")
    if result["breakdown"][0]["cards"].get("Province"):
        assert province.count() == 1
    totals = page.locator("#dm-breakdown tr.total th").all_inner_texts()[1:]
    assert sorted(map(int, totals)) == sorted(result["scores"])


# ---------------------------------------------------------------- Burgundy
def test_burgundy_has_its_central_board(page, server):
    gid, token = table(server, "burgundy", ["creator", "bot:random"])
    open_seat(page, server, gid, token)
    view = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()["view"]
    central = page.locator("#bg-central")
    assert central.locator(".bg-phases li.now").inner_text() == view["phase"]
    assert central.locator(".bg-rounds li.now").inner_text() == str(view["round"])
    assert central.locator(".bg-good").count() == len(view["round_goods"])
    assert central.locator("#bg-bonus tr[data-type]").count() == 6
    assert central.locator("#bg-black .bg-chip").count() == len(view["black_depot"])
    assert central.locator(".bg-piece").count() == 2
    # the player's own estate comes before the central board
    own = page.locator(".bg-seat[data-seat='0']").bounding_box()
    assert own["y"] < central.bounding_box()["y"]
    # keyboard: a highlighted tile takes the focus and Enter acts (or offers the matching moves)
    chip = page.locator(".bg-chip.legal").first
    chip.focus()
    before = view_version(server, gid, token)
    page.keyboard.press("Enter")
    # the move was sent (the game's version moved on; the page may already be back to 'mine') or the matching
    # moves are offered: polled on both sides, so a quick answer between two polls of the page is not missed
    deadline = time.monotonic() + 30
    while view_version(server, gid, token) == before and not page.locator("#bg-chooser button").count():
        assert time.monotonic() < deadline, "Enter on a highlighted tile neither moved nor offered the moves"
        page.wait_for_timeout(100)


def view_version(server, gid, token):
    return httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()["version"]


# ---------------------------------------------------------------- every board: phones and contrast
@pytest.mark.parametrize("game", realms.games.ids())
def test_each_board_fits_a_phone_with_the_players_own_area_first_and_contrast_of_4_5(browser, server, game):
    board = declared(game, "tables").BOARD  # the game's tests/games/<id>/tables.py
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    gid, token = table(server, game, ["creator", board["opponent"]], players=2)
    open_seat(page, server, gid, token)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(board["own"]).bounding_box()["y"] < page.locator(board["other"]).bounding_box()["y"]
    # nothing cut off: no element wider than the screen
    wide = page.evaluate("[...document.querySelectorAll('#board *')]"
                         ".filter(e => e.getBoundingClientRect().right > 391).length")
    assert wide == 0
    context.close()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_seat(page, server, gid, token)
    assert page.evaluate(CONTRAST, 4.5) == []
    page.close()


def test_the_calculator_and_replay_pass_the_contrast_check(page, server):
    page.goto(server.base + "/calculator")
    page.wait_for_selector("#calc-total")
    assert page.evaluate(CONTRAST, 4.5) == []
    gid = finished(server, "kingdomino", ["bot:random", "bot:greedy"], page)
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_selector("body[data-ready=replay]")
    assert page.evaluate(CONTRAST, 4.5) == []


# ---------------------------------------------------------------- the replay viewer
def test_the_replay_steps_by_action_and_by_turn_and_jumps_by_key(page, server):
    gid = finished(server, "kingdomino", ["bot:random", "bot:greedy"], page)
    first = httpx.get(f"{server.base}/api/games/{gid}/replay", params={"step": 0}).json()
    starts, total = first["turn_starts"], first["steps"]
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_selector("body[data-ready=replay]")
    step = lambda: int(page.inner_text("#step").split()[1])  # noqa: E731

    def wait_step(n):
        page.wait_for_function(f"() => document.querySelector('#step').textContent.split(' ')[1] === '{n}'")

    page.keyboard.press("ArrowRight")
    wait_step(1)
    page.keyboard.press("ArrowLeft")
    wait_step(0)
    page.keyboard.press("End")
    wait_step(total)
    page.wait_for_selector("#final-scores")
    page.keyboard.press("Home")
    wait_step(0)
    for k in range(1, 4):
        page.keyboard.press("ArrowDown")
        wait_step(starts[k])
    assert f"turn 4 of {len(starts)}" in page.inner_text("#turn-info")
    page.keyboard.press("ArrowUp")
    wait_step(starts[2])
    page.select_option("#turn-jump", str(len(starts) - 2))
    wait_step(starts[-2])
    page.click("#next-turn")
    wait_step(starts[-1])
    page.click("#prev")
    wait_step(starts[-1] - 1)
    page.fill("#scrub", "5")
    wait_step(5)
    assert step() == 5
    # stepping forward marks what the move changed
    page.click("#next")
    wait_step(6)
    page.wait_for_selector("#board .last-move")


# ---------------------------------------------------------------- the calculator
def test_the_calculator_builds_a_kingdom_by_clicking_and_by_text(page, server):
    page.goto(server.base + "/calculator")
    page.wait_for_selector("#calc-total")
    assert page.inner_text("#calc-total") == "0"
    # forest with crowns beside the castle: click the brush, the crowns, two squares
    page.click("[data-brush=F]")
    page.select_option("#calc-crowns", "2")
    page.click("#calc-grid [data-row='4'][data-col='5']")
    page.select_option("#calc-crowns", "0")
    page.click("#calc-grid [data-row='4'][data-col='6']")
    page.wait_for_function("() => document.querySelector('#calc-total')?.textContent === '4'")
    assert page.input_value("#calc-text") == "C  F2 F0"
    assert "forest" in page.inner_text("#calc-regions")
    # the keyboard: arrows move between squares, Enter paints
    page.focus("#calc-grid [data-row='4'][data-col='6']")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#calc-total')?.textContent === '6'")
    # text, and both bonuses on a full 5x5 kingdom with the castle in the middle
    rows = ["G0 G0 G0 G0 G0"] * 2 + ["G0 G0 C  G0 G0"] + ["G0 G0 G0 G0 G1"] * 2
    page.fill("#calc-text", "\n".join(rows))
    page.check("#calc-harmony")
    page.check("#calc-middle")
    page.click("#calc-score")
    page.wait_for_function("() => document.querySelector('#calc-total')?.textContent === String(24 * 2 + 15)")
    assert "5" in page.inner_text("#calc-harmony-row") and "10" in page.inner_text("#calc-middle-row")
    # the grid is drawn from the text too (it may come a moment after the total)
    page.wait_for_function("() => document.querySelectorAll('#calc-grid .t-C').length === 1 && "
                           "document.querySelectorAll('#calc-grid .t-G').length === 24")
    # bad input: the message names the row and the column
    page.fill("#calc-text", "F1 F0 F2\nF0 C  X0")
    page.click("#calc-score")
    page.wait_for_selector("#calc-error div")
    assert "row 2, column 3" in page.inner_text("#calc-error")
    assert page.locator("#calc-total").count() == 0


def test_the_calculator_speaks_french(browser, server):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server.base + "/calculator")
    page.wait_for_selector("#calc-total")
    page.fill("#calc-text", "F1 C\nF0 Q1")
    page.click("#calc-score")
    page.wait_for_selector("#calc-error div")
    assert "ligne 2, colonne 2" in page.inner_text("#calc-error")
    assert page.evaluate("window.__missingKeys") == []
    context.close()


# ---------------------------------------------------------------- the lobby and share panel in other languages
def test_lobby_options_seat_menus_and_the_share_panel_are_translated(browser, server):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    assert page.inner_text("label[for=mighty_duel]") == "Grand Duel"
    assert "piocher quatre" in page.inner_text("select[name=three_players]")
    labels = page.eval_on_selector("select[data-seat='1']",
                                   "s => [...s.querySelectorAll('optgroup')].map(g => g.label)")
    assert labels == ["Bots par niveau", "Personnes", "Agents nommés"]
    assert "Ami — lien d'invitation" in page.inner_text("select[data-seat='1']")
    page.select_option("select[data-seat='1']", "invite")
    page.click("#create")
    page.wait_for_selector("#share li[data-seat='1']")
    text = page.inner_text("#share")
    assert "Places à partager" in text and "usage unique" in text and "Copier" in text
    assert page.evaluate("window.__missingKeys") == []
    context.close()
