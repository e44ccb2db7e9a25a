"""The browser table in four languages: a whole game of each game, in each language, shown in the browser
while its seats play, with the whole log and the rules page: no key is missing from any catalogue
(i18n.js records each in window.__missingKeys). Also the language switch, remembered per browser.

Every registered game is played (``realms.games.ids()``) at the tables its tests/games/<id>/tables.py lists
(``BROWSER_TABLES``, taken in turn by seed). By default each game is played whole in English (WHOLE); the other
languages play the game's first SHORT seat actions on the board, then read the log and the rules, and the replay
of the game played on to its end without a board (the catalogues' keys are checked identical statically in tests/web).
REALMS_FULL=1 plays every game whole in every language on the board."""

from __future__ import annotations

import os
import random
import time

import httpx
import pytest

import realms.games
from tests.e2e import test_browser as shared
from tests.e2e.test_boards import act, seat_payload, wait_until
from tests.games.per_game import declared

server, browser = shared.server, shared.browser
LANGS = ("en", "tr", "fr", "ru")
#: each registered game's tables for a human against a random bot in the browser
GAMES = {g: declared(g, "tables").BROWSER_TABLES for g in realms.games.ids()}
FULL = os.environ.get("REALMS_FULL") == "1"
WHOLE = {(g, "en") for g in GAMES}  # whole games in English; the other languages play SHORT actions at the table
SHORT = 12  # the seat's actions in a reduced game (a whole Burgundy game is about 90, Kingdomino's about 25)


def lang_page(browser, lang, **kw):
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US", **kw)
    context.add_init_script(f"localStorage.setItem('realms.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def missing(page):
    return page.evaluate("window.__missingKeys")


def play(server, gid, token, rng, page, limit):
    """The seat's random actions until the game is over or after `limit` of them; returns how many. With a
    page (the table, drawing each state the socket pushes) it is given time to draw now and then."""
    acted = 0
    for n in range(3000):
        p = seat_payload(server, gid, token)
        if p["finished"] or acted == limit:
            break
        if p["legal_actions"]:
            act(server, gid, token, p, rng.choice(p["legal_actions"])["action"])
            acted += 1
            if page is not None and n % 5 == 0:  # let the page draw the new state now and then
                page.wait_for_timeout(30)
        elif page is not None:
            page.wait_for_timeout(5)
        else:
            time.sleep(0.005)
    return acted


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_reads_without_a_missing_key(browser, server, game, lang):
    whole = FULL or (game, lang) in WHOLE
    seed = LANGS.index(lang) * 7 + list(GAMES).index(game)
    options = GAMES[game][seed % len(GAMES[game])]
    made = httpx.post(server.base + "/api/games", json={"game": game, "options": options,
                                                        "seats": ["human", "bot:random"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    context, page, errors = lang_page(browser, lang)
    # every update drawn as it comes (realms.pace 0), so each state's words are looked up, none skipped
    context.add_init_script("localStorage.setItem('realms.pace', '0')")
    page.goto(f"{server.base}/play/{gid}#token={token}")
    page.wait_for_selector("#board")
    assert page.evaluate("window.__lang") == lang
    rng = random.Random(seed)
    acted = play(server, gid, token, rng, page, None if whole else SHORT)
    if whole:
        assert seat_payload(server, gid, token)["finished"]
        assert wait_until(page, lambda: page.get_attribute("body", "data-ready") == "over")
    else:  # the seat's move again: the bot has moved and nothing redraws the board until the test acts
        assert acted == SHORT and not seat_payload(server, gid, token)["finished"]
        assert wait_until(page, lambda: page.get_attribute("body", "data-ready") == "mine"
                          and page.locator("#log div[data-n]").count() > 0)
    while page.locator("#log-older").is_visible():  # the whole log, worded in the page's language
        held = page.locator("#log div[data-n]").count()
        page.click("#log-older")
        wait_until(page, lambda held=held: page.locator("#log div[data-n]").count() > held)
    for info in page.locator("#board .info-button").all()[:3]:  # cards and tiles read in full
        info.click()
        page.wait_for_selector("#info", state="visible")  # (pinned by the click, or shown by the hover on the way)
        # closed by the page's own function: this test reads the words (closing is tested with the boards); the
        # mouse leaves the board first, so that a redraw under it cannot show the hover panel again
        page.mouse.move(0, 0)
        page.evaluate("async () => (await import('/static/info.js')).hideInfo(true)")
        page.wait_for_selector("#info", state="hidden")
    seen = missing(page)  # each page load starts the record afresh
    rules = page.get_attribute(f"a.rules-link[data-rules={game}]", "href")
    page.goto(server.base + rules)
    page.wait_for_selector("#rules-reference")
    assert page.locator(".rules-section").count() > 10
    seen += missing(page)
    if not whole:  # the rest of the game with no board drawing it (a replay is of a finished game)
        play(server, gid, token, rng, None, None)
        assert seat_payload(server, gid, token)["finished"]
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_selector("#step")
    page.click("#next")  # step 1 drawn, then the last with its scores (fixed waits of 0.2 and 0.4 s before)
    page.wait_for_function("() => document.querySelector('#scrub').value === '1'")
    page.click("#last")
    page.wait_for_selector("#board #final-scores")
    seen += missing(page)
    assert seen == [], seen
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_and_every_rules_page_in_each_language(browser, server, lang):
    context, page, errors = lang_page(browser, lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    seen = missing(page)
    for game in GAMES:  # every registered game
        page.goto(f"{server.base}/rules/{game}")
        page.wait_for_selector("#rules-reference")
        seen += missing(page)
    page.goto(server.base + "/rules")
    page.wait_for_selector("#rules-index")
    assert seen + missing(page) == []
    context.close()
    assert not errors, errors


def test_the_browser_language_is_the_default_and_the_switch_is_remembered(browser, server):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    assert page.evaluate("window.__lang") == "fr"
    assert page.get_attribute("html", "lang") == "fr"
    page.select_option("#lang", "ru")
    page.wait_for_selector("#create")
    page.wait_for_function("window.__lang === 'ru'")
    page.goto(server.base + "/rules/kingdomino")
    page.wait_for_selector("#rules-reference")
    assert page.evaluate("window.__lang") == "ru"
    assert page.evaluate("localStorage.getItem('realms.lang')") == "ru"
    context.close()


def test_the_rules_page_marks_the_options_in_use(browser, server):
    context, page, errors = lang_page(browser, "en")
    page.goto(server.base + '/rules/kingdomino?options={"players":2,"harmony":true}')
    page.wait_for_selector("#rules-in-use")
    active = page.eval_on_selector_all(".rules-section.active", "ns => ns.map(n => n.dataset.section)")
    assert set(active) == {"two", "harmony", "tiebreak-crowns"}, active
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_leaving_gives_the_wait_in_the_clock_s_words(browser, server, lang):
    """The log's notes that a bot will take a seat over give the wait as the clocks do ("1 min 30 s"), not as a
    count of seconds ("90 s")."""
    context, page, errors = lang_page(browser, lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    said = page.evaluate("""async () => {
        const log = await import('/static/log.js'), i18n = await import('/static/i18n.js');
        const note = (kind, seat) => log.entryText({ kind: 'note', data: { note: kind, seat, grace: 90 } },
                                                  ['Ann', 'Bob'], 0, null);
        return { left: note('seat-left', 1), you: note('out-of-time', 0), wait: i18n.duration(90) };
    }""")
    assert said["wait"] != "90" and "90" not in said["wait"]
    for text in (said["left"], said["you"]):
        assert said["wait"] in text and "90" not in text, said
    assert missing(page) == []
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_page_writes_dates_in_the_page_s_language(browser, server, lang):
    context, page, errors = lang_page(browser, lang)  # the browser's own locale is en-US
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    shown, expected = page.evaluate("""async lang => {
        const players = await import('/static/players.js');
        return [players.when('2026-12-06T17:05:00Z'), new Date('2026-12-06T17:05:00Z').toLocaleString(lang)];
    }""", lang)
    assert shown == expected
    context.close()
    assert not errors, errors
