"""Bot levels in the lobby's seat menus and the "Analyze" button (replay viewer, a table against bots), in
chromium (Playwright) against a real server process."""

from __future__ import annotations

import httpx
import pytest

import realms.games
from tests.e2e.test_lobby import browser, open_lobby, page, server, wait_for_my_move  # noqa: F401

LEVEL_TEXT = {"easy": "Easy bot", "medium": "Medium bot", "hard": "Hard bot"}


@pytest.mark.parametrize("game", realms.games.ids())
def test_seat_menus_offer_the_levels_first_and_a_hard_bot_seat_plays(page, server, game):  # noqa: F811
    open_lobby(page, server.base)
    page.select_option("#game", game)
    if page.locator("[name=players]").count():  # two seats: the person waits for one hard bot, not three bots
        page.fill("[name=players]", "2")
        page.dispatch_event("[name=players]", "change")
    menus = page.eval_on_selector_all("#seats select", """els => els.map(s => [...s.options].slice(0, 3).map(o =>
        [o.value, o.textContent, o.dataset.explanation, o.parentElement.label]))""")
    assert len(menus) >= 2
    for first in menus:
        assert [v for v, *_ in first] == ["bot:easy", "bot:medium", "bot:hard"]
        for value, text, explanation, group in first:
            assert text == LEVEL_TEXT[value[4:]]
            assert len(explanation) > 20, "each level says in a line how it plays"
            assert group == "Bots by level"
    groups = page.eval_on_selector_all("select[data-seat='1'] optgroup", "gs => gs.map(g => g.label)")
    assert groups == ["Bots by level", "People", "Named agents"]
    # the chosen level's explanation shows next to the menu; none for a person
    page.select_option("select[data-seat='1']", "bot:hard")
    hard = menus[1][2][2]
    assert page.inner_text(".level-note[data-seat='1']") == hard
    assert page.inner_text(".level-note[data-seat='0']") == ""
    # every other seat a bot too (Burgundy and Dominion may have more than two)
    for i in range(2, len(menus)):
        page.select_option(f"select[data-seat='{i}']", "bot:easy")
    page.click("#create")
    page.wait_for_url("**/play/**")
    gid = page.url.split("/play/")[1].split("#")[0].split("?")[0]
    seats = httpx.get(f"{server.base}/api/games/{gid}").json()["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["agent"] == "hard"
    wait_for_my_move(page, game)


def play_out_against_a_bot(base: str) -> str:
    """A Kingdomino game of a person (its first legal move every time, through the API) against a bot."""
    made = httpx.post(base + "/api/games", json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    with httpx.Client(base_url=base, timeout=30) as http:
        for _ in range(2000):
            p = http.get(f"/api/games/{gid}", params={"token": token}).json()
            if p["finished"]:
                return gid
            if p["legal_actions"]:
                http.post(f"/api/games/{gid}/actions",
                          json={"token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
            else:
                import time

                time.sleep(0.02)
    raise AssertionError("the game did not finish")


def test_analyze_in_the_replay_shows_thinking_then_the_best_moves(page, server):  # noqa: F811
    gid = play_out_against_a_bot(server.base)
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_selector("body[data-ready=replay]")
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#step').textContent.startsWith('step 1 of')")
    page.click("#analyze")
    page.wait_for_selector("#analysis-thinking progress", timeout=5000)  # shown while the server searches
    assert "Thinking" in page.inner_text("#analysis-thinking")
    page.wait_for_selector("#analysis-table tr.analysis-move", timeout=30000)
    rows = page.eval_on_selector_all("#analysis-table tr.analysis-move", "rs => rs.map(r => r.innerText)")
    assert rows and "%" in rows[0]
    assert page.locator("#analysis-thinking").count() == 0
    page.screenshot(path="/tmp/analysis-replay.png", full_page=True)
    # another step: the old answer goes
    page.click("#next")
    page.wait_for_function("() => !document.querySelector('#analysis-table')")
    # at the end nobody is to move: nothing to analyse
    page.click("#last")
    page.wait_for_selector("#final-scores")
    assert page.locator("#analyze").is_disabled()


def test_analyze_at_a_table_against_bots_and_not_between_people(page, server):  # noqa: F811
    made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
    page.goto(server.base + made["seats"][0]["join_url"])
    wait_for_my_move(page, "kingdomino")
    page.click("#analyze")
    page.wait_for_selector("#analysis-table tr.analysis-move", timeout=30000)
    assert "%" in page.inner_text("#analysis-table tr.analysis-move")
    page.screenshot(path="/tmp/analysis-table.png", full_page=True)
    # two people: no button
    people = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["human", "human"]}).json()
    page.goto(server.base + people["seats"][0]["join_url"])
    page.wait_for_selector("body[data-ready=mine], body[data-ready=waiting]")
    assert page.locator("#analyze").count() == 0


def test_analyze_at_a_dominion_table_words_the_moves_in_the_readers_language(browser, server):  # noqa: F811
    """The analysis carries each move's message key (say): the table reads its moves in French, as the board's."""
    from tests.e2e.words import dominion_say

    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "seats": ["human", "bot:big-money"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="fr-FR")
    french_page = context.new_page()
    french_page.goto(server.base + made["seats"][0]["join_url"])
    french_page.wait_for_selector("body[data-ready=mine]")
    assert french_page.evaluate("window.__lang") == "fr"
    legal = httpx.get(f"{server.base}/api/games/{gid}", params={"token": token}).json()["legal_actions"]
    french, english = {dominion_say("fr", a["say"]) for a in legal}, {a["text"] for a in legal}
    french_page.click("#analyze")
    french_page.wait_for_selector("#analysis-table tr.analysis-move", timeout=30000)
    moves = french_page.eval_on_selector_all("#analysis-table tr.analysis-move td:first-child",
                                             "ts => ts.map(t => t.textContent)")
    assert moves and all(m in french and m not in english for m in moves), (moves, french)
    assert french_page.evaluate("window.__missingKeys") == []
    context.close()
