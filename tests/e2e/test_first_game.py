"""What a player new to Realms meets in a first game, in chromium (Playwright) and Firefox (Marionette).

Each test runs once per browser through ``view``: ``view.open(path, lang=...)`` opens a page of the server in
that language, ``view.run(body)`` runs a function body in it and returns its value, ``view.wait_for(body)``
polls one until it is true, ``view.shot(name)`` saves a screenshot under the test's temporary folder.
"""

from __future__ import annotations

import base64
import os
import shutil
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.marionette import Firefox
from tests.e2e.words import catalogue
from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
#: where ``view.shot`` saves, when set (to look at the pages by eye); else the test's temporary folder
SHOTS = os.environ.get("REALMS_SHOTS")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('first') / 'first.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


class Chromium:
    name = "chromium"

    def __init__(self, browser: Any, base: str, folder: Path) -> None:
        self.browser, self.base, self.folder = browser, base, folder
        self.context: Any = None
        self.page: Any = None

    def open(self, path: str, lang: str = "en", phone: bool = False) -> None:
        if self.context is not None:
            self.context.close()
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        self.context = self.browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
        self.context.add_init_script(f"localStorage.setItem('realms.lang', '{lang}')")
        self.page = self.context.new_page()
        self.page.goto(self.base + path)

    def run(self, body: str, *args: Any) -> Any:
        return self.page.evaluate(f"(arguments) => {{ {body} }}", list(args))

    def wait_for(self, body: str, timeout: float = 60.0) -> Any:
        handle = self.page.wait_for_function(f"() => {{ {body} }}", timeout=timeout * 1000)
        return handle.json_value()

    def tap(self, css: str) -> None:
        self.page.locator(css).first.tap()

    def shot(self, name: str) -> Path:
        path = self.folder / f"{name}-chromium.png"
        self.page.screenshot(path=str(path))
        return path


class Gecko:
    name = "firefox"

    def __init__(self, firefox: Firefox, base: str, folder: Path) -> None:
        self.firefox, self.base, self.folder = firefox, base, folder

    def open(self, path: str, lang: str = "en", phone: bool = False) -> None:
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        self.firefox.command("WebDriver:SetWindowRect", size)
        self.firefox.navigate(self.base + "/static/style.css")
        self.firefox.run("localStorage.setItem('realms.lang', arguments[0])", lang)
        self.firefox.navigate(self.base + path)

    def run(self, body: str, *args: Any) -> Any:
        return self.firefox.run(body, *args)

    def wait_for(self, body: str, timeout: float = 60.0) -> Any:
        return self.firefox.wait_for(body, timeout)

    def tap(self, css: str) -> None:
        self.firefox.tap(css)

    def shot(self, name: str) -> Path:
        path = self.folder / f"{name}-firefox.png"
        data = self.firefox.command("WebDriver:TakeScreenshot", {"full": False})["value"]
        path.write_bytes(base64.b64decode(data))
        return path


@pytest.fixture(scope="module", params=["chromium", "firefox"])
def view(request, server, tmp_path_factory):
    folder = Path(SHOTS) if SHOTS else tmp_path_factory.mktemp("shots")
    folder.mkdir(parents=True, exist_ok=True)
    if request.param == "chromium":
        if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
            pytest.skip("chromium is not installed (CI installs it)")
        sync_api = pytest.importorskip("playwright.sync_api")
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            view = Chromium(browser, server.base, folder)
            yield view
            browser.close()
    else:
        if FIREFOX is None and not os.environ.get("CI"):
            pytest.skip("Firefox is not installed (CI installs firefox-esr)")
        assert FIREFOX is not None, "CI must install firefox-esr"
        firefox = Firefox(FIREFOX, free_port())
        try:
            yield Gecko(firefox, server.base, folder)
        finally:
            firefox.close()


def table(server, game: str, seats: list[str], clock: dict[str, Any] | None = None, pace: str = "turn",
          **options: Any) -> str:
    """A new table's page for its first seat (the creator's)."""
    body: dict[str, Any] = {"game": game, "options": options, "seats": seats, "pace": pace}
    if clock:
        body["clock"] = clock
    r = httpx.post(server.base + "/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["seats"][0]["join_url"]


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "tr"])
def test_lobby_game_menu_names_the_games_in_the_readers_language(view, lang):
    view.open("/", lang)
    view.wait_for("return document.body.dataset.ready === 'lobby'")
    menu = view.run("return [...document.querySelectorAll('#game option')].map(o => [o.value, o.textContent])")
    words = catalogue(lang)
    assert menu == [[g, words[f"game.{g}"]] for g, _ in menu]
    # the rules link beside it says the same
    links = view.run("return [...document.querySelectorAll('[data-rules]')].map(a => [a.dataset.rules, a.textContent])")
    assert dict(links) == dict(menu)
    view.shot(f"lobby-{lang}")


def test_ending_the_buys_with_treasures_in_hand_asks_first(view, server):
    """A Dominion turn's first 'End buying' with Treasures unplayed keeps the turn and says what would be lost; the
    board offers to end anyway; playing them first ends the turn without a question."""
    view.open(table(server, "dominion", ["creator", "bot:big-money"]))
    view.wait_for("return document.body.dataset.ready === 'mine' && "
                  "document.querySelector('[data-action=end_buys]') !== null")
    assert view.run("return document.querySelector('[data-action=play_treasures]') !== null")
    view.run("document.querySelector('[data-action=end_buys]').click()")
    caution = view.wait_for("return document.querySelector('#dm-caution')?.textContent")
    words = catalogue("en")
    assert words["dominion.ui.unplayed_treasures"].split("{cards}")[0] in caution and "Copper" in caution
    assert view.run("return document.body.dataset.ready") == "mine"  # the turn goes on
    label = view.run("return document.querySelector('[data-action=end_buys]').textContent")
    assert label == words["dominion.control.end_buys_anyway"]
    view.shot("dominion-end-buying-asks")
    view.run("document.querySelector('[data-action=play_treasures]').click()")
    view.wait_for("return document.body.dataset.ready === 'mine' && "
                  "document.querySelector('[data-action=play_treasures]') === null")
    assert view.run("return document.querySelector('#dm-caution')") is None
    view.run("document.querySelector('[data-action=end_buys]').click()")
    view.wait_for("return document.body.dataset.ready !== 'mine' || "
                  "document.querySelector('[data-action=end_buys]') === null")


def finished_table(server, game: str, seats: list[str], **options: Any) -> str:
    """A table of bots played to its end; its id."""
    made = httpx.post(server.base + "/api/games", json={"game": game, "seats": seats, "options": options},
                      timeout=30).json()
    for _ in range(1200):
        if httpx.get(f"{server.base}/api/games/{made['id']}", timeout=30).json()["finished"]:
            return made["id"]
        time.sleep(0.05)
    raise AssertionError("not finished")


MARKED = ("return [...document.querySelectorAll('.kd-kingdom .last-move')].map(n => "
          "[...document.querySelectorAll('.kd-kingdom')].indexOf(n.closest('.kd-kingdom')) + ':' + "
          "[...n.parentNode.children].indexOf(n)).sort().join(' ')")


def test_the_end_of_a_replay_marks_only_the_last_move(view, server):
    """Jumping to the end of a Kingdomino replay marks what the last move changed, as stepping onto it does."""
    gid = finished_table(server, "kingdomino", ["bot:random", "bot:random"], players=2)
    view.open(f"/replay/{gid}")
    view.wait_for("return document.body.dataset.ready === 'replay'")
    total = view.run("return Number(document.querySelector('#scrub').max)")
    view.run("document.querySelector('#last').click()")
    view.wait_for(f"return document.querySelector('#scrub').value === '{total}'")
    jumped = view.wait_for(MARKED + " || 'none'")
    view.shot("kingdomino-replay-end")
    squares = view.run("return document.querySelectorAll('.kd-kingdom .last-move').length")
    assert squares <= 2, jumped  # one domino's two halves at most
    view.run("document.querySelector('#prev').click()")
    view.wait_for(f"return document.querySelector('#scrub').value === '{total - 1}'")
    view.run("document.querySelector('#next').click()")
    view.wait_for(f"return document.querySelector('#scrub').value === '{total}'")
    stepped = view.wait_for(MARKED + " || 'none'")
    assert jumped == stepped


#: the clock's words for your move with a day to play, per language (hours and minutes, your own grammar)
A_DAY = {"en": "Clock: you have 23 h 59 min to move.", "fr": "Pendule : il vous reste 23 h 59 min pour jouer.",
         "ru": "Часы: у вас осталось 23 ч 59 мин на ход.", "tr": "Saat: hamlene 23 sa 59 dk kaldı."}


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "tr"])
def test_a_days_clock_reads_in_hours_and_minutes_for_you(view, server, lang):
    view.open(table(server, "kingdomino", ["creator", "bot:random"], clock={"per": "move", "seconds": 86400},
                    players=2), lang)
    view.wait_for("return document.body.dataset.ready === 'mine'")
    said = view.wait_for("return document.querySelector('#table-notice .clock')?.textContent")
    assert said == A_DAY[lang]
    if lang == "en":
        view.shot("clock-day")


def test_a_short_clock_counts_down_in_minutes_and_seconds(view, server):
    view.open(table(server, "kingdomino", ["creator", "bot:random"], clock={"per": "move", "seconds": 120},
                    pace="realtime", players=2))
    view.wait_for("return document.body.dataset.ready === 'mine'")
    first = view.wait_for("return document.querySelector('#table-notice .clock')?.textContent")
    assert first.startswith("Clock: you have 1 min ") or first == "Clock: you have 2 min 0 s to move.", first
    later = view.wait_for(f"const now = document.querySelector('#table-notice .clock')?.textContent; "
                          f"return now !== {first!r} && now", timeout=5)
    assert later.startswith("Clock: you have 1 min ") and later.endswith(" s to move."), later


def rated_first_game(server) -> tuple[str, str]:
    """A new account's first rated game, against the random bot, played to its end through the API: its name and
    the game's id."""
    name = f"new{uuid.uuid4().hex[:8]}"
    with httpx.Client(base_url=server.base, timeout=30) as http:
        r = http.post("/api/account/signup", json={"name": name, "password": "correct horse battery"})
        assert r.status_code == 201, r.text
        http.headers["x-csrf-token"] = r.json()["csrf"]
        made = http.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "bot:full-greedy"],
                                             "options": {"players": 2}, "pace": "turn"}).json()
        token = made["seats"][0]["token"]
        for _ in range(2000):
            p = http.get(f"/api/games/{made['id']}", params={"token": token}).json()
            if p["finished"]:
                return name, made["id"]
            if p["legal_actions"]:
                http.post(f"/api/games/{made['id']}/actions", json={
                    "token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
            else:
                time.sleep(0.02)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_first_rated_game_shows_a_new_rating_not_a_low_number(view, server, lang):
    name, gid = rated_first_game(server)
    words = catalogue(lang)
    new = words["players.rating_new"].replace("{n}", "1").replace("{total}", "5")
    view.open(f"/players/{name}", lang)
    view.wait_for("return document.body.dataset.ready === 'player'")
    assert view.run("return document.querySelector('#ratings tr[data-game=kingdomino] .rating').textContent") == new
    change = view.run(f"return document.querySelector(\"#finished li[data-game='{gid}'] .rating-change\").textContent")
    assert change.strip() == words["players.rating_change_new"]
    view.shot(f"player-new-rating-{lang}")
    view.open("/leaderboard/kingdomino", lang)
    view.wait_for("return document.body.dataset.ready === 'leaderboard'")
    rows = view.run("return [...document.querySelectorAll('#leaderboard tr[data-kind]')]"
                    ".map(r => [...r.cells].map(c => c.textContent))")
    mine = next(r for r in rows if r[1] == name)
    assert mine[2] == new


def test_the_analysis_lists_moves_by_win_chance_and_says_so(view, server):
    view.open(table(server, "kingdomino", ["creator", "bot:random"], players=2))
    view.wait_for("return document.body.dataset.ready === 'mine'")
    view.run("document.querySelector('#analyze').click()")
    view.wait_for("return document.querySelector('#analysis-table') !== null", timeout=90)
    rows = view.run("return [...document.querySelectorAll('#analysis-table tbody tr')]"
                    ".map(r => [...r.cells].map(c => c.textContent))")
    chances = [int(r[1].rstrip("%")) for r in rows]
    assert chances == sorted(chances, reverse=True), rows
    note = view.run("return document.querySelector('#analysis-order')?.textContent")
    assert note == catalogue("en")["analysis.order"], note
    view.run("document.querySelector('#analysis').scrollIntoView()")
    view.shot("analysis-order")


IN_REACH = """
    const n = document.querySelector(arguments[0]);
    if (n === null) return null;
    const r = n.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;"""


@pytest.mark.parametrize("game, moves", [("burgundy", "#prompt button"), ("kingdomino", "#prompt h2")])
def test_on_a_phone_the_moves_are_in_reach_wherever_the_board_is_scrolled(view, server, game, moves):
    """390x844, touch: the moves (the prompt under the board) show at the foot of the screen at the top of the page
    and halfway down the board, not 2,600-2,900 px down."""
    view.open(table(server, game, ["creator", "bot:random"], players=2), phone=True)
    view.wait_for("return document.body.dataset.ready === 'mine'")
    view.run("scrollTo(0, 0)")
    assert view.wait_for(IN_REACH.replace("arguments[0]", repr(moves)), timeout=5), "not in reach at the top"
    view.shot(f"phone-{game}-moves")
    view.run("const b = document.querySelector('#board'); scrollTo(0, b.offsetTop + b.offsetHeight / 2)")
    assert view.wait_for(IN_REACH.replace("arguments[0]", repr(moves)), timeout=5), "not in reach halfway down"
    # the moves take at most half the screen: the board stays in view above them
    assert view.run("return document.querySelector('#prompt').getBoundingClientRect().height <= innerHeight / 2")


def test_on_a_phone_a_tapped_card_leaves_no_description_over_the_controls(view, server):
    view.open(table(server, "dominion", ["creator", "bot:big-money"]), phone=True)
    view.wait_for("return document.body.dataset.ready === 'mine'")
    # a tap on a card of the Supply that cannot be bought (not its (i)): no floating description stays open
    card = "#dm-supply .dm-card:not(.legal)"
    view.run(f"document.querySelector({card!r}).scrollIntoView({{block: 'center'}})")
    view.tap(card)
    assert view.run("const p = document.querySelector('#info'); return p === null || p.hidden")
    # its (i) opens the description pinned at the foot; a tap anywhere else closes it
    view.tap(f"{card} .info-button")
    assert view.wait_for("return document.querySelector('#info') && !document.querySelector('#info').hidden", timeout=5)
    view.shot("phone-dominion-info")
    view.tap(".dm-head")
    assert view.wait_for("return document.querySelector('#info').hidden", timeout=5)
    assert view.run("return document.body.dataset.ready") == "mine"  # nothing was played or bought


def test_the_calculator_names_a_bad_squares_place_once(view):
    view.open("/calculator")
    view.wait_for("return document.querySelector('#calc-score') !== null")
    view.run("const t = document.querySelector('#calc-text'); t.value = 'X1 C'; t.dispatchEvent(new Event('input'));"
             "document.querySelector('#calc-score').click()")
    said = view.wait_for("return document.querySelector('#calc-error').textContent")
    assert said.count("row 1") == 1 and said.count("column 1") == 1, said
    view.run("document.querySelector('#calc-error').scrollIntoView({block: 'center'})")
    view.shot("calculator-error")


@pytest.mark.parametrize("lang, board, words", [
    ("en", "F1 C", "largest region 1 square · 1 crown in all"),
    ("en", "F1 F1 C", "largest region 2 squares · 2 crowns in all"),
    ("fr", "F1 C", "plus grand domaine 1 case · 1 couronne en tout"),
    ("ru", "F1 C", "самая большая область 1 клетка · всего корон 1"),
    ("ru", "F1 F1 C", "самая большая область 2 клетки · всего корон 2"),
])
def test_the_calculator_counts_in_the_right_number(view, lang, board, words):
    view.open("/calculator", lang)
    view.wait_for("return document.querySelector('#calc-score') !== null")
    view.run(f"const t = document.querySelector('#calc-text'); t.value = {board!r}; "
             "t.dispatchEvent(new Event('input')); document.querySelector('#calc-score').click()")
    said = "return document.querySelector('#calc-result p.muted')?.textContent"
    try:
        view.wait_for(f"{said} === {words!r}", timeout=10)
    except Exception:
        pytest.fail(f"{view.run(said)!r} is not {words!r}")


def test_a_finished_dominion_game_says_it_is_over_not_whose_turn_it_is(view, server):
    gid = finished_table(server, "dominion", ["bot:big-money", "bot:big-money"])
    view.open(f"/replay/{gid}", "fr")
    view.wait_for("return document.body.dataset.ready === 'replay'")
    total = view.run("return Number(document.querySelector('#scrub').max)")
    view.run("document.querySelector('#last').click()")
    view.wait_for(f"return document.querySelector('#scrub').value === '{total}' && "
                  "document.querySelector('.dm-head') !== null")
    head = view.run("return document.querySelector('.dm-head').textContent")
    words = catalogue("fr")
    assert words["dominion.game_over"] in head, head
    rest = head.replace(words["dominion.game_over"], "")
    assert "tour" not in head and words["dominion.phase.over"] not in rest, head
    view.shot("dominion-over-fr")


def test_playing_all_treasures_is_one_line_of_the_log(view, server):
    """"Play all treasures" writes one log line naming every Treasure played, for You and for the bot."""
    view.open(table(server, "dominion", ["creator", "bot:big-money"]))
    view.wait_for("return document.body.dataset.ready === 'mine' && "
                  "document.querySelector('[data-action=play_treasures]') !== null")
    coppers = view.run("return document.querySelectorAll('#dm-hand .dm-card.legal').length")
    view.run("document.querySelector('[data-action=play_treasures]').click()")
    view.wait_for("return document.body.dataset.ready === 'mine' && "
                  "document.querySelector('[data-action=play_treasures]') === null")
    lines = view.run("return [...document.querySelectorAll('#log [data-kind=play]')].map(n => n.textContent)")
    assert len(lines) == 1 and lines[0].count("Copper") == coppers, lines
    view.run("document.querySelector('[data-action=end_buys]').click()")
    view.wait_for("return document.body.dataset.ready === 'mine' && "
                  "document.querySelector('[data-action=play_treasures]') !== null")  # the bot's turn is over
    lines = view.run("return [...document.querySelectorAll('#log [data-kind=play]')].map(n => n.textContent)")
    assert len(lines) == 2 and lines[0].startswith("big-money (2) played Copper"), lines
