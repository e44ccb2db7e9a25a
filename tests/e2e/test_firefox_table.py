"""The table's help and reach in Firefox (firefox-esr over Marionette), as chromium tests them: the rules pages,
a Dominion card read in full on hover and on a tap, a Burgundy tile's effect, the language switch (boards in
French and Russian without a missing key), Dominion's whole board and its end-of-game breakdown, a move made
with the keyboard alone, a spectator's view of a live table, and "Analyze" at a table against a bot (its
moves in the reader's language). One server and one Firefox for the module; real pointer, touch and key
events (WebDriver actions); every wait is on the page's ready signal or a DOM condition."""

from __future__ import annotations

import json
import random
import time

import httpx

import realms.games
from tests.e2e import test_firefox as shared
from tests.e2e.marionette import MarionetteError
from tests.e2e.words import catalogue, dominion_say

server, firefox = shared.server, shared.firefox
wait_ready = shared.wait_ready


def speak(firefox, server, lang):
    """The language the next pages load in (kept per browser, as the switch keeps it)."""
    firefox.navigate(server.base + "/rules")
    wait_ready(firefox, "rules")
    firefox.run("localStorage.setItem('realms.lang', arguments[0])", lang)


def across_a_load(firefox, script, timeout=60.0):
    """``wait_for`` across a page load the page started itself (a link, the language switch): a script that
    runs while the old document goes may find no body yet, or be cut off; it is asked again."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = firefox.run(script)
            if value:
                return value
        except MarionetteError:
            if time.monotonic() > deadline:
                raise
        assert time.monotonic() < deadline, f"timed out waiting for: {script}"
        time.sleep(0.05)


def table(server, game, seats, **extra):
    made = httpx.post(server.base + "/api/games", json={"game": game, "seats": seats, **extra})
    assert made.status_code == 201, made.text
    made = made.json()
    return made["id"], made["seats"][0]["token"]


def open_seat(firefox, server, gid, token, *states):
    firefox.navigate(f"{server.base}/play/{gid}#token={token}")
    return wait_ready(firefox, *(states or ("mine",)))


def payload(server, gid, token=None):
    return httpx.get(f"{server.base}/api/games/{gid}", params={"token": token} if token else {}).json()


def finished_game(server, game, seats):
    gid = httpx.post(server.base + "/api/games", json={"game": game, "seats": seats}).json()["id"]
    deadline = time.monotonic() + 60
    while not (p := payload(server, gid))["finished"]:
        assert time.monotonic() < deadline, "the bots' game did not finish"
        time.sleep(0.05)
    return gid, p


def play_through_the_api(server, gid, token, moves, seed):
    """``moves`` random moves of the seat (the bot's in between), as another of the player's browsers would."""
    rng = random.Random(seed)
    made, deadline = 0, time.monotonic() + 60
    while made < moves:
        assert time.monotonic() < deadline, "the game did not come back to the seat"
        p = payload(server, gid, token)
        if p["finished"]:
            return
        if not p["legal_actions"]:
            time.sleep(0.02)
            continue
        r = httpx.post(f"{server.base}/api/games/{gid}/actions", json={
            "token": token, "version": p["version"], "action": rng.choice(p["legal_actions"])["action"]})
        assert r.status_code == 200, r.text
        made += 1


def page_caught_up(firefox, server, gid, token):
    """Until the page has drawn the game's newest log entry (every update in between was drawn in turn)."""
    p = payload(server, gid, token)
    newest = p.get("log_start", 0) + len(p.get("log", [])) - 1
    firefox.wait_for(f"return document.querySelector('#log div[data-n]')?.dataset.n === '{newest}'")


def missing_keys(firefox):
    return firefox.run("return window.__missingKeys")


def info_panel(firefox):
    return firefox.run("""const p = document.querySelector('#info');
        return p && { hidden: p.hidden, pinned: p.classList.contains('pinned'), text: p.innerText,
                      detail: p.querySelector('[data-detail]')?.dataset.detail ?? null,
                      close: !!p.querySelector('#info-close') };""")


# ---------------------------------------------------------------- rules help
def test_the_rules_pages_from_the_lobby_and_a_table_in_firefox(firefox, server):
    speak(firefox, server, "en")
    en = catalogue("en")
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    firefox.run("document.querySelector('#header-rules').click()")
    across_a_load(firefox, "return location.pathname === '/rules' && document.body?.dataset.ready === 'rules'")
    links = firefox.run("return [...document.querySelectorAll('#rules-index a[href^=\"/rules/\"]')]"
                        ".map(a => a.getAttribute('href'))")
    assert links == [f"/rules/{g}" for g in realms.games.ids()]
    # every Dominion card in full, in the table's edition, and the variant rules of its options marked
    options = {"edition": "second", "kingdom": "random"}
    firefox.navigate(f"{server.base}/rules/dominion?options={json.dumps(options)}")
    wait_ready(firefox, "rules")
    active = firefox.run("return [...document.querySelectorAll('.rules-section.active')]"
                         ".map(s => s.dataset.section)")
    assert set(active) == {"edition-second", "kingdom-random", "two"}, active
    cards = firefox.run("return [...document.querySelectorAll('#dm-cards .dm-ref-card')].map(c => "
                        "[c.querySelector('[data-detail]').dataset.detail, c.querySelector('.dm-text').textContent])")
    names = [k.removeprefix("dominion.card.") for k in en if k.startswith("dominion.card.")]
    assert sorted(n for n, _ in cards) == sorted(names)
    texts = dict(cards)
    assert texts["Smithy"] == en["dominion.text.Smithy"]
    assert texts["Mine"] == en["dominion.text.Mine.second"]  # the edition's own wording
    # every kind of Burgundy tile: its label and its effect
    firefox.navigate(server.base + "/rules/burgundy")
    wait_ready(firefox, "rules")
    rows = firefox.run("return [...document.querySelectorAll('#bg-tiles tr[data-label]')].map(r => "
                       "[...r.cells].map(c => c.textContent.trim()))")
    assert len(rows) == 3 + 4 + 8 + 26 and all(len(r) == 3 and all(r) for r in rows)
    assert ["Church" in r[1] and r[2] == en["burgundy.effect.building.church"] for r in rows].count(True) == 1
    # and from a table, with that table's options
    gid, token = table(server, "kingdomino", ["creator", "bot:greedy"], options={"players": 2})
    open_seat(firefox, server, gid, token)
    href = firefox.run("return document.querySelector('a.rules-link[data-rules=kingdomino]').getAttribute('href')")
    assert href.startswith("/rules/kingdomino?options=")
    firefox.navigate(server.base + href)
    wait_ready(firefox, "rules")
    sections = "return [...document.querySelectorAll('.rules-section.active')].map(s => s.dataset.section)"
    assert "two" in firefox.run(sections)
    assert firefox.run("return document.querySelectorAll('.rules-section').length") > 10
    assert missing_keys(firefox) == []


def test_a_dominion_card_in_full_on_hover_and_on_a_tap_and_a_burgundy_tiles_effect_in_firefox(firefox, server):
    speak(firefox, server, "en")
    en = catalogue("en")
    gid, token = table(server, "dominion", ["creator", "bot:big-money"])
    open_seat(firefox, server, gid, token)
    # the mouse over a supply card: its cost, name, types and text beside it; gone when the mouse leaves
    firefox.hover("#dm-supply .dm-card[data-card=Smithy]")
    shown = firefox.wait_for("const p = document.querySelector('#info'); return p && !p.hidden && p.innerText")
    panel = info_panel(firefox)
    assert panel["detail"] == "Smithy" and not panel["pinned"] and not panel["close"]
    assert en["dominion.text.Smithy"] in shown and "$4" in shown and en["dominion.type.Action"] in shown
    firefox.hover("#status")
    firefox.wait_for("return document.querySelector('#info').hidden")
    # a finger's tap on a card's ⓘ pins it at the foot of the screen until closed
    firefox.tap("#dm-supply .dm-card[data-card=Village] .info-button")
    firefox.wait_for("return !document.querySelector('#info').hidden")
    panel = info_panel(firefox)
    assert panel["detail"] == "Village" and panel["pinned"] and panel["close"]
    assert en["dominion.text.Village"] in panel["text"]
    firefox.tap("#info-close")
    firefox.wait_for("return document.querySelector('#info').hidden")
    # a Burgundy tile in a depot: a tap on the tile itself (it is not a move there) reads its effect
    gid, token = table(server, "burgundy", ["creator", "bot:random"])
    open_seat(firefox, server, gid, token)
    chip = "#bg-depots .bg-chip[data-tile]:not(.legal)"
    tile = firefox.wait_for(f"return document.querySelector('{chip}')?.dataset.tile")
    view = payload(server, gid, token)["view"]
    face = next(s["tile"] for d in view["depots"] for s in d["slots"] if s.get("tile") and str(s["tile"]["id"]) == tile)
    effect = en[f"burgundy.effect.building.{face['building']}" if face["type"] == "building" else
                f"burgundy.effect.knowledge.{face['number']}" if face["type"] == "knowledge" else
                f"burgundy.effect.{face['type']}"]
    firefox.tap(f"#bg-depots .bg-chip[data-tile='{tile}']")
    firefox.wait_for("return !document.querySelector('#info').hidden")
    assert effect in info_panel(firefox)["text"] and info_panel(firefox)["pinned"]
    firefox.tap("#info-close")
    firefox.wait_for("return document.querySelector('#info').hidden")
    # on hover too, and the legend under the board spells out each label shown
    firefox.hover(f"#bg-depots .bg-chip[data-tile='{tile}']")
    firefox.wait_for("const p = document.querySelector('#info'); return p && !p.hidden")
    assert effect in info_panel(firefox)["text"] and not info_panel(firefox)["pinned"]
    labels = firefox.run("return [...new Set([...document.querySelectorAll('#board .bg-chip .bg-label')]"
                         ".map(b => b.textContent))]")
    legend = firefox.run("return [...document.querySelectorAll('#bg-legend [data-label]')].map(k => k.dataset.label)")
    assert labels and set(labels) <= set(legend)
    assert missing_keys(firefox) == []


# ---------------------------------------------------------------- four languages
def test_the_language_switch_and_a_board_in_russian_without_a_missing_key_in_firefox(firefox, server):
    speak(firefox, server, "en")
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    # the switch in the header: the page reloads in French, and the choice is kept
    firefox.run("const s = document.querySelector('#lang'); s.value = 'fr'; s.dispatchEvent(new Event('change'))")
    across_a_load(firefox, "return window.__lang === 'fr' && document.body?.dataset.ready === 'lobby'")
    assert firefox.run("return [document.documentElement.lang, localStorage.getItem('realms.lang')]") == ["fr", "fr"]
    assert firefox.run("return document.querySelector('#create').textContent") == catalogue("fr")["lobby.create"]
    assert missing_keys(firefox) == []
    # a Burgundy table, switched to Russian from the table itself, played a while: board, log and tiles read
    # in Russian with no key missing
    gid, token = table(server, "burgundy", ["creator", "bot:random"])
    open_seat(firefox, server, gid, token)
    firefox.run("const s = document.querySelector('#lang'); s.value = 'ru'; s.dispatchEvent(new Event('change'))")
    across_a_load(firefox, "return window.__lang === 'ru' && document.body?.dataset.ready === 'mine'")
    ru = catalogue("ru")
    assert firefox.run("return document.querySelector('#status').textContent") == ru["game.your_move"]
    play_through_the_api(server, gid, token, 25, seed=3)
    wait_ready(firefox, "mine", "over")
    page_caught_up(firefox, server, gid, token)
    for n in range(3):  # tiles read in full
        firefox.run("document.querySelectorAll('#board .info-button')[arguments[0]].click()", n)
        firefox.wait_for("return !document.querySelector('#info').hidden")
        firefox.run("document.querySelector('#info-close').click()")
    log = firefox.run("return document.querySelector('#log').innerText")
    assert any("\u0400" <= ch <= "\u04ff" for ch in log), log[:200]
    assert missing_keys(firefox) == []
    speak(firefox, server, "en")


# ---------------------------------------------------------------- Dominion's whole board
def test_dominion_vp_play_area_trash_and_the_breakdown_at_the_end_in_firefox(firefox, server):
    speak(firefox, server, "en")
    gid, token = table(server, "dominion", ["creator", "bot:big-money"])
    open_seat(firefox, server, gid, token)
    vp = firefox.run("return [...document.querySelectorAll('.dm-seat .dm-vp')].map(v => v.textContent)")
    assert len(vp) == 2 and all(v.startswith("3") for v in vp), vp  # every seat's VP (gains are public)
    trash = firefox.run("return document.querySelector('#dm-trash').textContent")
    assert trash.startswith(catalogue("en")["dominion.trash_n"]["other"].replace("{n}", "0")), trash
    # playing the treasures puts them in the play area, marked as the last move
    assert firefox.run(shared.CLICK_HIGHLIGHTED, "[data-action=play_treasures]")
    wait_ready(firefox, "mine")
    firefox.wait_for("return document.querySelectorAll('#dm-play .dm-card').length >= 1")
    played = firefox.run("return document.querySelectorAll('#dm-play .dm-card').length")
    assert played == len(payload(server, gid, token)["view"]["seats"][0]["play"]) >= 2
    assert firefox.run("return document.querySelectorAll('#dm-play .dm-card.last-move').length") == played
    # a finished game: each seat's points card by card, the totals the result's
    gid, final = finished_game(server, "dominion", ["bot:big-money", "bot:smithy-big-money"])
    firefox.navigate(f"{server.base}/play/{gid}")
    wait_ready(firefox, "over")
    firefox.wait_for("return document.querySelector('#dm-breakdown') !== null")
    result = final["result"]
    totals = firefox.run("return [...document.querySelectorAll('#dm-breakdown tr.total th')].slice(1)"
                         ".map(th => Number(th.textContent))")
    assert sorted(totals) == sorted(result["scores"])
    rows = set(firefox.run("return [...document.querySelectorAll('#dm-breakdown tr[data-card]')]"
                           ".map(r => r.dataset.card)"))
    assert rows == {c for b in result["breakdown"] for c in (b.get("vp_by_card") or {})}
    assert "Province" in rows or "Estate" in rows
    assert missing_keys(firefox) == []


# ---------------------------------------------------------------- the keyboard
def tab_to(firefox, css, presses=150):
    """Press Tab until the focus is on a node matching ``css``; whether it shows as focused (:focus-visible)."""
    for _ in range(presses):
        firefox.press("TAB")
        if firefox.run("return document.activeElement.matches(arguments[0])", css):
            return firefox.run("return document.activeElement.matches(':focus-visible')")
    raise AssertionError(f"Tab never reached {css}")


def own_kingdom(server, gid):
    return next(k for k in payload(server, gid)["view"]["kingdoms"] if k["seat"] == 0)


def test_a_kingdomino_game_picked_and_placed_with_the_keyboard_alone_in_firefox(firefox, server):
    speak(firefox, server, "en")
    gid, token = table(server, "kingdomino", ["creator", "bot:greedy"], options={"players": 2})
    open_seat(firefox, server, gid, token)
    for _ in range(10):  # picks (Tab to a domino, Enter) until it is this seat's turn to place
        wait_ready(firefox, "mine")
        if firefox.run("return document.querySelector('.kd-cell.legal') !== null"):
            break
        version = payload(server, gid)["version"]
        assert tab_to(firefox, ".kd-domino.pickable")
        firefox.press("ENTER")
        deadline = time.monotonic() + 20
        while payload(server, gid)["version"] == version:
            assert time.monotonic() < deadline, "Enter on a domino made no move"
            time.sleep(0.05)
    else:
        raise AssertionError("never this seat's turn to place")
    # Tab to a square: the domino's preview lies there; Enter places it
    assert tab_to(firefox, ".kd-cell.legal")
    assert firefox.run("return document.querySelectorAll('.kd-cell.preview').length") >= 1
    mine = "document.querySelector('.kd-kingdom[data-seat=\"0\"]')"
    squares = firefox.run(f"return {mine}.querySelectorAll('.kd-cell:not(.empty)').length")
    cells = len(own_kingdom(server, gid)["cells"])
    firefox.press("ENTER")
    # placed, and marked as the last move (placing leaves the seat to pick next: no bot's move redraws meanwhile)
    firefox.wait_for(f"return {mine}.querySelectorAll('.kd-cell.last-move').length === 2")
    assert firefox.run(f"return {mine}.querySelectorAll('.kd-cell:not(.empty)').length") == squares + 2
    assert len(own_kingdom(server, gid)["cells"]) == cells + 2
    assert firefox.wait_for("return document.querySelector('#announce')?.textContent")


# ---------------------------------------------------------------- spectators
def test_a_spectator_watches_a_live_table_from_the_lobby_in_firefox(firefox, server):
    speak(firefox, server, "en")
    gid, token = table(server, "dominion", ["creator", "bot:big-money"], pace="turn")
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    firefox.wait_for(f"return document.querySelector(\"ul.tables a[href='/play/{gid}']\") !== null")
    firefox.run(f"document.querySelector(\"ul.tables a[href='/play/{gid}']\").click()")
    across_a_load(firefox, "return location.pathname.startsWith('/play/') && "
                           "document.body?.dataset.ready === 'watching'")
    hidden = ("return [document.querySelectorAll('#dm-hand .dm-card').length, "
              "document.querySelectorAll('.dm-card.legal, [data-action]').length, "
              "!!document.querySelector('#analyze')]")
    assert firefox.run(hidden) == [0, 0, False]  # no hand, nothing to click, no analysis
    before = firefox.run("return document.querySelectorAll('#log [data-kind]').length")
    play_through_the_api(server, gid, token, 3, seed=1)  # the player moves; the watcher's page follows live
    firefox.wait_for(f"return document.querySelectorAll('#log [data-kind]').length > {before}")
    page_caught_up(firefox, server, gid, None)
    assert firefox.run(hidden) == [0, 0, False]
    assert firefox.run("return document.body.dataset.ready") == "watching"


# ---------------------------------------------------------------- analysis
def test_analyze_at_a_dominion_table_against_a_bot_reads_in_french_in_firefox(firefox, server):
    speak(firefox, server, "fr")
    gid, token = table(server, "dominion", ["creator", "bot:big-money"])
    open_seat(firefox, server, gid, token)
    legal = payload(server, gid, token)["legal_actions"]
    french = {dominion_say("fr", a["say"]) for a in legal}
    english = {a["text"] for a in legal}
    firefox.run("document.querySelector('#analyze').click()")
    firefox.wait_for("return document.querySelectorAll('#analysis-table tr.analysis-move').length > 0", timeout=30)
    rows = firefox.run("return [...document.querySelectorAll('#analysis-table tr.analysis-move')]"
                       ".map(r => [...r.cells].map(c => c.textContent))")
    for move, win, *_ in rows:
        assert move in french and move not in english, (move, french)
        assert win.endswith("%")
    assert missing_keys(firefox) == []
    # a table between people: no analysis while it goes on
    speak(firefox, server, "en")
    gid, token = table(server, "kingdomino", ["creator", "human"])
    open_seat(firefox, server, gid, token, "mine", "waiting")
    assert firefox.run("return document.querySelector('#analyze')") is None


# ---------------------------------------------------------------- finished games: the legend, regions, hands
def test_a_finished_kingdomino_legend_letters_and_score_by_region_and_a_dominion_replays_hands_in_firefox(
        firefox, server):
    speak(firefox, server, "en")
    en = catalogue("en")
    gid, final = finished_game(server, "kingdomino", ["bot:random", "bot:greedy"])
    firefox.navigate(f"{server.base}/play/{gid}")
    wait_ready(firefox, "over")
    keys = firefox.run("return [...document.querySelectorAll('#kd-legend .kd-key[data-terrain]')].map(k => "
                       "[k.dataset.terrain, k.querySelector('.kd-letter').textContent])")
    assert len(keys) == 6 and all(letter == en[f"kingdomino.letter.{t}"] for t, letter in keys)
    # every square says its terrain by letter too (not by colour alone)
    letters = firefox.run("return [...document.querySelectorAll('.kd-kingdom .kd-cell:not(.empty):not(.t-C)')]"
                          ".map(c => c.querySelector('.kd-letter')?.textContent || '')")
    assert letters and all(letters)
    # each kingdom's score region by region, on demand
    for k in final["view"]["kingdoms"]:
        box = f".kd-regions[data-seat='{k['seat']}']"
        assert firefox.run(f"return document.querySelector(\"{box}\").open") is False
        firefox.run(f"document.querySelector(\"{box} summary\").click()")
        firefox.wait_for(f"return document.querySelector(\"{box}\").open")
        total = firefox.run(f"return document.querySelector(\"{box} tr.total th:last-child\").textContent")
        assert int(total) == k["score"]
    # a finished Dominion game's replay shows every hand, and the points card by card at its end
    gid, _ = finished_game(server, "dominion", ["bot:big-money", "bot:smithy-big-money"])
    firefox.navigate(f"{server.base}/replay/{gid}")
    wait_ready(firefox, "replay")
    firefox.press("DOWN", "DOWN")  # a turn on: hands dealt
    firefox.wait_for("return document.querySelectorAll('.dm-revealed').length === 2")
    firefox.press("END")
    firefox.wait_for("return document.querySelector('#dm-breakdown') !== null")
    assert missing_keys(firefox) == []
