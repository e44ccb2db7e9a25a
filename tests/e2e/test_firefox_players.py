"""Players in Firefox (firefox-esr over Marionette), as chromium tests them in test_accounts.py: a signed-in
player's rating changing after a rated game against a bot, the leaderboard, the finished games' search and a
replay link; a turn-based table resumed by both players after the server restarts (each signing in on a
browser that no longer holds the table's secret); a bot taking over a player who left a real-time table, and
one who ran out of time (the seat still named after them, on the table and in the replay); and what Firefox's
screenshots showed wrong (the turn order's numbers run into the names). The person's path: clicks, typing
(WebDriver element clicks and key input) and what the page shows; every wait is on the page's ready signal or a
DOM condition, bounded.

Set REALMS_SCREENSHOTS=DIR to keep screenshots of the pages (ff-*.png)."""

from __future__ import annotations

import base64
import os
import time
import uuid

import httpx
import pytest

from tests.e2e import test_firefox as shared
from tests.e2e.marionette import MarionetteError
from tests.support import Server, free_port

firefox = shared.firefox
wait_ready = shared.wait_ready
SHOTS = os.environ.get("REALMS_SCREENSHOTS")
PASSWORD = "firefox players secret"
GRACE = 3
ENV = {"REALMS_TAKEOVER_GRACE": str(GRACE), "REALMS_DEADLINE_TICK": "0.2", "REALMS_TAKEOVER_BOT": "random"}
LEGAL = shared.LEGAL["kingdomino"] + ", #prompt .actions-list button"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        for k, v in ENV.items():
            mp.setenv(k, v)
        s = Server(f"sqlite:///{tmp_path_factory.mktemp('ffp') / 'ffp.sqlite3'}", free_port())
        s.start(timeout=90)
        yield s
        s.stop()


# ---------------------------------------------------------------- a person's hands
def shot(firefox, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        data = firefox.command("WebDriver:TakeScreenshot", {"full": True, "hash": False})["value"]
        with open(os.path.join(SHOTS, f"ff-{name}.png"), "wb") as f:
            f.write(base64.b64decode(data))


def element_id(firefox, css):
    return next(iter(firefox.element(css).values()))


def click(firefox, css):
    """A real click (WebDriver's element click: scrolled into view, the pointer on it) on the first ``css``."""
    firefox.command("WebDriver:ElementClick", {"id": element_id(firefox, css)})


def type_into(firefox, css, text):
    """Empty the field, then type ``text`` into it key by key."""
    eid = element_id(firefox, css)
    firefox.command("WebDriver:ElementClear", {"id": eid})
    firefox.command("WebDriver:ElementSendKeys", {"id": eid, "text": text})


def choose(firefox, select_css, value):
    """Pick an option of a <select> as a person does (a click on the option: the page hears its change)."""
    click(firefox, f"{select_css} option[value='{value}']")
    until(firefox, f"return document.querySelector(\"{select_css}\")?.value === '{value}'", timeout=10)


def text_of(firefox, css):
    return firefox.run("return document.querySelector(arguments[0])?.innerText ?? null", css)


def until(firefox, script, timeout=30.0):
    """``wait_for`` that also rides over a page load under way (a click on a link, a redirect after a POST):
    a script cut off by the old document going is asked again."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = firefox.run(script)
            if value:
                return value
        except MarionetteError:
            pass
        assert time.monotonic() < deadline, f"timed out waiting for: {script}"
        time.sleep(0.05)


def ready_after_load(firefox, *states, timeout=30.0):
    return until(firefox, f"return {list(states)!r}.includes(document.body?.dataset.ready) && "
                          "document.body.dataset.ready", timeout)


def unique():
    return f"f{uuid.uuid4().hex[:8]}"


def forget_this_browser(firefox, server):
    """Another person at this browser, or the same one on a browser that never saw their tables: no session
    cookie, no seat secret kept. Updates are drawn as they come (``realms.pace`` 0: a whole game played
    elsewhere would otherwise be paced out for a person to follow, 48 moves at a tenth of a second or more)."""
    firefox.navigate(server.base + "/rules")
    wait_ready(firefox, "rules")
    firefox.run("localStorage.clear(); sessionStorage.clear(); localStorage.setItem('realms.pace', '0')")
    firefox.command("WebDriver:DeleteAllCookies")


def account_form(firefox, server, name, password, button):
    firefox.navigate(server.base + "/account")
    wait_ready(firefox, "account")
    type_into(firefox, "#account-user", name)
    type_into(firefox, "#account-password", password)
    click(firefox, button)


def sign_up(firefox, server, name):
    account_form(firefox, server, name, PASSWORD, "#signup")
    ready_after_load(firefox, "lobby")
    assert text_of(firefox, "#account-name") == name


def sign_in(firefox, server, name):
    account_form(firefox, server, name, PASSWORD, "#signin")
    ready_after_load(firefox, "lobby")
    assert text_of(firefox, "#account-name") == name


def sign_out(firefox):
    click(firefox, "#signout")
    until(firefox, "return location.pathname === '/' && document.body?.dataset.ready === 'lobby' && "
                   "document.querySelector('#signin-link') !== null")


def create_in_lobby(firefox, server, seats, pace):
    """A Kingdomino table made with the lobby's form; returns its id once its page shows the creator's seat."""
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    choose(firefox, "#game", "kingdomino")
    type_into(firefox, "[name=players]", str(len(seats)))
    firefox.press("TAB")  # leaving the field is its change: the seat list follows
    firefox.wait_for(f"return document.querySelectorAll('#seats select').length === {len(seats)}", timeout=10)
    for i, kind in enumerate(seats):
        choose(firefox, f"select[data-seat='{i}']", kind)
    choose(firefox, "#pace", pace)
    click(firefox, "#create")
    ready_after_load(firefox, "mine", "waiting")
    return firefox.run("return location.pathname.split('/')[2]")


def state(server, gid, token=None):
    return httpx.get(f"{server.base}/api/games/{gid}", params={"token": token} if token else {}).json()


def move_by_clicking(firefox, server, gid):
    """One move made on the page by clicking what its board highlights; returns once the server has it."""
    version = state(server, gid)["version"]
    deadline = time.monotonic() + 30
    while not firefox.run(shared.CLICK_HIGHLIGHTED, LEGAL):
        assert time.monotonic() < deadline, "the page offered no move"
        time.sleep(0.05)
    while state(server, gid)["version"] == version:
        assert time.monotonic() < deadline, "the click made no move"
        time.sleep(0.05)
    assert text_of(firefox, "#error") == ""


def play_out(server, gid, token):
    """The rest of the game played quickly through the API with the seat's secret (another of the player's
    browsers), the bot answering in between: each answer is the seat's new payload, asked again only while
    the bot is to move."""
    deadline = time.monotonic() + 90
    with httpx.Client(base_url=server.base) as http:
        p = http.get(f"/api/games/{gid}", params={"token": token}).json()
        while not p["finished"]:
            assert time.monotonic() < deadline, "the game did not end"
            if p["legal_actions"]:
                r = http.post(f"/api/games/{gid}/actions", json={
                    "token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
                assert r.status_code in (200, 409), r.text
                if r.status_code == 200:
                    p = r.json()
                    continue
            else:
                time.sleep(0.02)
            p = http.get(f"/api/games/{gid}", params={"token": token}).json()


def two_tabs_at_one_table(firefox, server):
    """Alice makes a real-time Kingdomino table with the lobby's form in this tab, and Bob takes its open seat
    from the lobby in a new tab: (the table's id, Alice's tab, Bob's tab), Bob's tab current."""
    forget_this_browser(firefox, server)
    alice_tab = firefox.command("WebDriver:GetWindowHandle")["value"]
    gid = create_in_lobby(firefox, server, ["creator", "open"], pace="realtime")
    bob_tab = firefox.command("WebDriver:NewWindow", {"type": "tab"})["handle"]
    firefox.command("WebDriver:SwitchToWindow", {"handle": bob_tab})
    firefox.navigate(server.base + "/")
    # Bob is another person: his lobby must not take Alice's seat for his (the two tabs share one browser's
    # localStorage, where her seat is remembered; her own tab keeps it in its sessionStorage)
    firefox.run("localStorage.removeItem(arguments[0]); localStorage.removeItem(arguments[1])",
                f"realms.seat.{gid}", f"realms.owner.{gid}")
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    firefox.wait_for(f"return document.querySelector(\"ul.tables a[href='/play/{gid}']\") !== null")
    # the open table's join button (the lobby lists other tables too: one's own, those being played)
    firefox.wait_for(f"""const li = [...document.querySelectorAll('ul.tables li')].find(li =>
        li.querySelector("a[href='/play/{gid}']") && li.querySelector('button'));
        if (li) li.querySelector('button').id = 'join-under-test'; return !!li;""", timeout=20)
    click(firefox, "#join-under-test")
    ready_after_load(firefox, "mine", "waiting")
    assert firefox.run(f"return sessionStorage.getItem('realms.seat.{gid}')")
    return gid, alice_tab, bob_tab


def no_missing_keys(firefox):
    assert firefox.run("return window.__missingKeys || []") == []


# ---------------------------------------------------------------- ratings, the leaderboard, the history
def test_a_rated_game_moves_the_rating_shown_on_the_leaderboard_and_the_history_finds_it_in_firefox(
        firefox, server):
    forget_this_browser(firefox, server)
    name = unique()
    sign_up(firefox, server, name)
    gid = create_in_lobby(firefox, server, ["creator", "bot:full-greedy"], pace="turn")
    for _ in range(2):  # the first moves by hand
        wait_ready(firefox, "mine")
        move_by_clicking(firefox, server, gid)
    play_out(server, gid, firefox.run(f"return sessionStorage.getItem('realms.seat.{gid}')"))
    wait_ready(firefox, "over")
    # the player's page, from the name in the header: after one game the rating is new (provisional), its estimate
    # moved from a newcomer's 0.0 and kept in the cell's title
    click(firefox, "#account-name")
    ready_after_load(firefox, "player")
    assert text_of(firefox, "#player h2") == name
    rating = text_of(firefox, "#ratings tr[data-game=kingdomino] .rating")
    assert rating == "new (1 of 5 games)", rating
    estimate = firefox.run("return document.querySelector('#ratings tr[data-game=kingdomino] .rating').title")
    assert float(estimate) != 0.0, estimate
    change = text_of(firefox, f"#finished li[data-game='{gid}'] .rating-change")
    assert change is not None and change.strip() == "rating: still new", change
    assert text_of(firefox, "#in-progress").strip() == "No game in progress." or \
        firefox.run(f"return document.querySelector(\"#in-progress li[data-game='{gid}']\") === null")
    shot(firefox, "player-page")
    # the leaderboard, from the page's link: the player and the bot, by rating
    click(firefox, "#players-links a[data-leaderboard=kingdomino]")
    ready_after_load(firefox, "leaderboard")
    rows = firefox.run("return [...document.querySelectorAll('#leaderboard tr[data-kind]')]"
                       ".map(r => [...r.cells].map(c => c.innerText))")
    names = [r[1] for r in rows]
    assert name in names and "bot full-greedy" in names, names
    mine = rows[names.index(name)]
    assert mine[2] == rating and mine[3] == "1"
    assert [int(r[0]) for r in rows] == sorted(int(r[0]) for r in rows)
    settled = [float(r[2]) for r in rows if not r[2].startswith("new")]  # the settled ones first, by rating
    assert settled == sorted(settled, reverse=True) and rows[:len(settled)] == [r for r in rows if r[2][:3] != "new"]
    # names read from the left, as in the other lists (the numbers stay right-aligned)
    aligned = firefox.run("return [...document.querySelectorAll('#leaderboard tr > :nth-child(2)')]"
                          ".map(c => getComputedStyle(c).textAlign)")
    assert set(aligned) <= {"left", "start"}, aligned
    shot(firefox, "leaderboard")
    # another game's board, picked from the list, has no such player yet
    choose(firefox, "#leaderboard-game", "dominion")
    until(firefox, "return location.pathname === '/leaderboard/dominion' && "
                   "document.body?.dataset.ready === 'leaderboard'")
    assert name not in (text_of(firefox, "#leaderboard") or "")
    # the finished games: a search typed in by a person finds the game, a name nobody has finds nothing
    click(firefox, "#players-links a[href='/games']")
    ready_after_load(firefox, "games")
    type_into(firefox, "#history-player", unique())
    click(firefox, "#history-search")
    firefox.wait_for("return document.querySelector('#history li.muted')?.innerText === 'No finished game matches.'")
    type_into(firefox, "#history-player", name.upper())  # any case
    choose(firefox, "#history-game", "kingdomino")
    click(firefox, "#history-search")
    firefox.wait_for(f"return document.querySelector(\"#history li[data-game='{gid}']\") !== null")
    assert firefox.run("return document.querySelectorAll('#history li').length") == 1
    assert firefox.run("return location.search") == f"?game=kingdomino&player={name.upper()}"
    found = text_of(firefox, f"#history li[data-game='{gid}']")
    assert name in found and "bot full-greedy" in found
    shot(firefox, "history")
    # its permanent replay link
    click(firefox, f"#history li[data-game='{gid}'] a.replay")
    ready_after_load(firefox, "replay")
    assert firefox.run("return location.pathname") == f"/replay/{gid}"
    # the seats named as at the table: the player by name, the bot by its own (not "human (1)", "bot:full-greedy (2)")
    board = text_of(firefox, "#board")
    assert f"{name} (1)" in board and "full-greedy (2)" in board, board[:300]
    assert "human (1)" not in board and "bot:full-greedy" not in board
    shot(firefox, "replay")
    no_missing_keys(firefox)


def test_a_game_that_did_not_count_for_the_ratings_says_why_on_the_players_page_in_firefox(firefox, server):
    forget_this_browser(firefox, server)
    name = unique()
    sign_up(firefox, server, name)
    gid = create_in_lobby(firefox, server, ["creator", "bot:random"], pace="turn")  # the random bot rates no one
    play_out(server, gid, firefox.run(f"return sessionStorage.getItem('realms.seat.{gid}')"))
    firefox.navigate(f"{server.base}/players/{name}")
    ready_after_load(firefox, "player")
    why = text_of(firefox, f"#finished li[data-game='{gid}'] .unrated")
    assert why is not None and why.strip() == "not rated: a bot below the rated levels", why
    title = firefox.run(f"return document.querySelector(\"#finished li[data-game='{gid}'] .unrated\").title")
    assert "random" in title, title
    shot(firefox, "player-unrated")
    no_missing_keys(firefox)


# ---------------------------------------------------------------- play at your own pace
def test_a_turn_based_game_is_resumed_by_both_players_after_a_restart_in_firefox(firefox, server):
    """Alice and Bob share this Firefox in turn (each signs out; the next starts from a browser that holds
    nothing of theirs), so each comes back to the table through their own page and their account alone. The
    module's server is restarted (stopped and started on its database) half-way."""
    alice, bob = unique(), unique()
    forget_this_browser(firefox, server)
    sign_up(firefox, server, alice)
    gid = create_in_lobby(firefox, server, ["creator", "invite"], pace="turn")
    link = firefox.wait_for("return document.querySelector('#share input.invite-link')?.value")
    sign_out(firefox)
    forget_this_browser(firefox, server)
    sign_up(firefox, server, bob)
    firefox.navigate(link)
    ready_after_load(firefox, "mine", "waiting")
    assert state(server, gid)["seats"][1]["name"] == bob
    if state(server, gid)["to_move"] == 1:
        move_by_clicking(firefox, server, gid)
    version = state(server, gid)["version"]
    server.stop()
    server.start(timeout=90)
    people = [alice, bob]
    moved: set[str] = set()
    current = bob
    for _ in range(6):  # whoever's move it is comes back and moves, until both have after the restart
        if moved == {alice, bob}:
            break
        p = state(server, gid)
        mover = people[p["to_move"]]
        if mover != current:
            sign_out(firefox)
            forget_this_browser(firefox, server)
            sign_in(firefox, server, mover)
            current = mover
        # the player's list of games says it is their move
        click(firefox, "#account-name")
        ready_after_load(firefox, "player")
        item = f"#in-progress li[data-game='{gid}']"
        assert "your move" in text_of(firefox, item)
        shot(firefox, f"in-progress-{len(moved)}")
        click(firefox, f"{item} a")
        ready_after_load(firefox, "mine")
        token = firefox.run(f"return sessionStorage.getItem('realms.seat.{gid}')")
        assert token and state(server, gid, token)["seat"] == p["to_move"]
        move_by_clicking(firefox, server, gid)
        moved.add(mover)
    assert moved == {alice, bob}
    assert state(server, gid)["version"] >= version + 2
    # and the one who waits is told so on their page
    waiting = people[1 - state(server, gid)["to_move"]]
    if waiting != current:
        sign_out(firefox)
        forget_this_browser(firefox, server)
        sign_in(firefox, server, waiting)
    click(firefox, "#account-name")
    ready_after_load(firefox, "player")
    assert "waiting for the others" in text_of(firefox, f"#in-progress li[data-game='{gid}']")
    no_missing_keys(firefox)
    sign_out(firefox)


def test_a_bot_takes_over_a_player_who_left_a_real_time_table_in_firefox(firefox, server):
    """Alice makes the table in one tab and Bob takes its open seat from the lobby in another; Alice closes
    her tab. Bob's page tells him, counts down, and the log says the bot took her seat."""
    gid, alice_tab, bob_tab = two_tabs_at_one_table(firefox, server)
    assert firefox.run("return document.querySelector('#table-notice .takeover') === null")
    # Alice goes: her tab closes, and with it her seat's socket
    firefox.command("WebDriver:SwitchToWindow", {"handle": alice_tab})
    firefox.command("WebDriver:CloseWindow")
    firefox.command("WebDriver:SwitchToWindow", {"handle": bob_tab})
    notice = firefox.wait_for("return document.querySelector(\"#table-notice .takeover[data-seat='0']\")?.innerText",
                              timeout=20)
    assert "left the table: a bot takes over in" in notice, notice
    assert firefox.wait_for("return [...document.querySelectorAll('#log [data-kind=note]')]"
                            ".some(n => n.innerText.includes('left the table'))", timeout=10)
    shot(firefox, "takeover-notice")
    firefox.wait_for("return [...document.querySelectorAll('#log [data-kind=note]')]"
                     ".some(n => n.innerText.includes('the random bot plays that seat from now on'))",
                     timeout=GRACE + 30)
    firefox.wait_for("return document.querySelector('#table-notice .takeover') === null", timeout=10)
    assert state(server, gid)["seats"][0]["kind"] == "bot"
    wait_ready(firefox, "mine")  # the bot moves for Alice, so Bob's turn comes
    # the seat is still named after the person who left, with the bot that plays it now; the notes name the
    # person (they read "random (1) left the table" before, as if the bot had left)
    notes = firefox.run("return [...document.querySelectorAll('#log [data-kind=note]')].map(n => n.innerText)")
    assert notes and all(n.startswith("Player 1 left the table") for n in notes), notes
    assert "Player 1 (the random bot)" in text_of(firefox, ".kd-kingdom[data-seat='0']")
    shot(firefox, "takeover-done")
    no_missing_keys(firefox)


def test_the_log_names_a_seat_taken_over_by_a_bot_as_its_person_before_the_takeover_in_firefox(firefox, server):
    """As in chromium (test_accounts.py): the moves Alice made before she left keep her name in Bob's log;
    the bot's moves for her seat after the takeover carry "(the random bot)"."""
    gid, alice_tab, bob_tab = two_tabs_at_one_table(firefox, server)
    tabs = [alice_tab, bob_tab]
    for _ in range(4):  # until Alice (seat 0) has moved once (two kings each, in a drawn order)
        to_move = state(server, gid)["to_move"]
        firefox.command("WebDriver:SwitchToWindow", {"handle": tabs[to_move]})
        wait_ready(firefox, "mine")
        move_by_clicking(firefox, server, gid)
        if to_move == 0:
            break
    else:
        raise AssertionError("seat 0 never moved")
    firefox.command("WebDriver:SwitchToWindow", {"handle": alice_tab})
    firefox.command("WebDriver:CloseWindow")  # Alice goes; the bot takes over and moves for her
    firefox.command("WebDriver:SwitchToWindow", {"handle": bob_tab})
    at = firefox.wait_for("return [...document.querySelectorAll('#log [data-kind=note]')]"
                          ".find(n => n.innerText.includes('the random bot plays that seat'))?.dataset.n",
                          timeout=GRACE + 30)
    rows = ("return [...document.querySelectorAll('#log > div')]"
            ".map(r => [Number(r.dataset.n), r.dataset.kind, r.innerText])")
    deadline = time.monotonic() + 30
    while not any(n > int(at) and "(the random bot)" in text for n, _, text in firefox.run(rows)):
        assert time.monotonic() < deadline, "the bot made no move for seat 0"
        if state(server, gid)["to_move"] == 1 and firefox.run("return document.body.dataset.ready") == "mine":
            move_by_clicking(firefox, server, gid)
        time.sleep(0.1)
    earlier = [text for n, kind, text in firefox.run(rows) if n < int(at) and kind != "note"]
    shot(firefox, "log-after-takeover")
    assert any("Player 1" in line for line in earlier), earlier
    assert not any("the random bot" in line for line in earlier), earlier
    no_missing_keys(firefox)


def test_a_bot_takes_over_a_player_who_ran_out_of_time_in_firefox(firefox, server):
    """A clocked table (2 s a move): the player lets the clock run out; the page counts down the clock, then
    the grace period, and the log says the bot plays the seat from then on."""
    forget_this_browser(firefox, server)
    made = httpx.post(server.base + "/api/games", json={
        "game": "kingdomino", "options": {"players": 2}, "seats": ["creator", "bot:greedy"], "pace": "turn",
        "clock": {"per": "move", "seconds": 2}}).json()
    gid = made["id"]
    firefox.navigate(f"{server.base}{made['seats'][0]['join_url']}")
    wait_ready(firefox, "mine")
    firefox.wait_for("return document.querySelector('#table-notice .clock')?.innerText.includes('to move')",
                     timeout=10)
    notice = firefox.wait_for("return document.querySelector(\"#table-notice .takeover[data-seat='0']\")?.innerText",
                              timeout=20)
    # told in the second person (it read "You ran out of time: ... unless they move")
    assert notice.startswith("You ran out of time: a bot takes over in") and notice.endswith("s unless you move."), \
        notice
    shot(firefox, "out-of-time")
    firefox.wait_for("return [...document.querySelectorAll('#log [data-kind=note]')]"
                     ".some(n => n.innerText === 'You ran out of time: the random bot plays your seat from now on.')",
                     timeout=GRACE + 30)
    assert state(server, gid)["seats"][0]["kind"] == "bot"
    wait_ready(firefox, "waiting", "over")  # the seat is no longer the person's to move
    firefox.wait_for("return document.querySelector('#table-notice .takeover') === null", timeout=10)
    shot(firefox, "out-of-time-done")
    no_missing_keys(firefox)
    # the game's replay names the seat as the table did: the person, with the bot that played it on
    wait_ready(firefox, "over")
    firefox.navigate(f"{server.base}/replay/{gid}")
    wait_ready(firefox, "replay")
    board = text_of(firefox, "#board")
    assert "Player 1 (the random bot)" in board and "greedy (2)" in board, board[:300]


# ---------------------------------------------------------------- seen in Firefox's screenshots
def test_the_kingdomino_turn_order_keeps_its_items_apart_in_firefox(firefox, server):
    """The turn order above the rows ("1. You 2. greedy (2) ..."): Firefox drew each list marker outside its
    item, into the gap before it, so "You2. greedy (2)" ran together. Each number is the item's own text now,
    with a visible space before it."""
    forget_this_browser(firefox, server)
    made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "options": {"players": 2},
                                                        "seats": ["creator", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    with httpx.Client(base_url=server.base) as http:  # past the opening picks, to this seat's move
        deadline = time.monotonic() + 30
        while True:
            assert time.monotonic() < deadline, "the opening picks did not end"
            p = http.get(f"/api/games/{gid}", params={"token": token}).json()
            if p["legal_actions"] and any(s["seat"] is not None for s in p["view"]["current_row"]):
                break
            if p["legal_actions"]:
                r = http.post(f"/api/games/{gid}/actions", json={
                    "token": token, "version": p["version"], "action": p["legal_actions"][0]["action"]})
                assert r.status_code == 200, r.text
            else:
                time.sleep(0.02)
    firefox.navigate(f"{server.base}/play/{gid}#token={token}")
    wait_ready(firefox, "mine")
    items = firefox.wait_for("return [...document.querySelectorAll('#kd-turn-order li')].map(li => li.innerText)")
    assert [i.split(" ")[0] for i in items] == [f"{n}." for n in range(1, len(items) + 1)], items
    gaps = firefox.run("""
        const items = [...document.querySelectorAll('#kd-turn-order li')], gaps = [];
        for (let i = 1; i < items.length; i++) {
          const before = document.createRange();
          before.selectNodeContents(items[i - 1]);
          const end = [...before.getClientRects()].pop();
          const number = items[i].querySelector('.kd-turn-n').getBoundingClientRect();
          if (Math.abs(number.top - end.top) < 4)  // on the same line
            gaps.push(number.left - end.right);
        }
        return [gaps, parseFloat(getComputedStyle(items[0]).fontSize)];""")
    spaces, font = gaps
    assert spaces and all(g >= font / 2 for g in spaces), gaps
    shot(firefox, "turn-order")
