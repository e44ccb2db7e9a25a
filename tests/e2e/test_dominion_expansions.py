"""The Intrigue and Seaside parts of Dominion's board, in chromium and in Firefox, against a real server.

What a player of those sets looks for: the Durations in play marked as staying until their owner's next turn, the
cards Haven set aside face down (backs and a count; their owner sees them), Blockade's face-up ones, the Island
mat, the Native Village mat (a count for the others), Pirate Ship's coins, Lighthouse's protection, Embargo tokens
on the Supply's piles, the costs Bridge lowered (the printed one struck through), an Outpost's extra turn and the
cards one knows at the bottom of one's deck (Pearl Diver).

How a state gets into the browser: the other browser tests play through the server's API and then open the page
(the server keeps a game as its seed and its actions, so a made-up state cannot be stored in it). Most of these
zones take many turns of luck to come up in real play, so a state made by surgery (``seaside_state``) is turned
into a seat's view by the engine (``Dominion.view``) and drawn by the board module (``/static/dominion.js``) in
the board's place on a real table's page: the page, its styles and its catalogue are the real ones, only the view
is made up. One test plays for real through the API (an Embargo token and a Haven) and opens the page as the
other tests do.

The words come from the catalogues (src/realms/web/i18n/); the chromium tests check them in every language, the
Firefox test the board's parts.

Screenshots go to /tmp/shots/ (REALMS_SCREENSHOTS=DIR for another folder).
"""

from __future__ import annotations

import base64
import os
import time
from pathlib import Path

import httpx
import pytest

from realms.games.dominion.cards import BY_NAME
from tests.e2e import test_browser as shared
from tests.e2e import test_firefox as shared_ff
from tests.e2e.test_boards import act, seat_payload
from tests.games.dominion.util import G, ids, new, recount, start_turn

# chromium's fixtures (one server and one browser per module, a fresh page per test that fails on a page error)
# and Firefox's (one Firefox per module)
server, browser, page = shared.server, shared.browser, shared.page
firefox, wait_ready = shared_ff.firefox, shared_ff.wait_ready

SHOTS = Path(os.environ.get("REALMS_SCREENSHOTS", "/tmp/shots"))
LANGUAGES = ["en", "fr", "ru", "tr"]
KINGDOM = ["Haven", "Island", "Native Village", "Embargo", "Lighthouse", "Bridge", "Outpost", "Blockade",
           "Pirate Ship", "Pearl Diver"]


def seaside_state():
    """Seat 0 (Ann) in the Action phase of an Outpost's extra turn, Bridge's $1 off in force: Haven (over a Gold)
    and Lighthouse wait for her next turn, her Island and Native Village mats hold two cards each, Pearl Diver
    showed her the bottom of her deck; seat 1 (Bob) has a Blockade showing a Silver, a Haven over two cards, three
    cards on his Native Village mat and two Pirate Ship coins; Province has two Embargo tokens, Curse one."""
    s = new(*KINGDOM)
    start_turn(s, hand=["Bridge", "Copper", "Copper", "Estate"], deck=["Silver"] * 3, hand1=["Copper"] * 5)
    s.play[0] = ids(["Haven", "Lighthouse", "Bridge"])
    s.dur[0] = ids(["Haven", "Lighthouse"])
    s.held[0] = ids(["Gold"])
    s.play[1] = ids(["Blockade", "Haven"])
    s.dur[1] = ids(["Blockade", "Haven"])
    s.held[1] = ids(["Province", "Silver"])
    s.shown[1] = ids(["Silver"])
    s.island[0] = ids(["Island", "Estate"])
    s.island[1] = ids(["Island", "Duchy"])
    s.nvmat[0] = ids(["Gold", "Copper"])
    s.nvmat[1] = ids(["Estate", "Copper", "Silver"])
    s.pcoins[1] = 2
    s.shield = 1  # Ann's Lighthouse
    tokens = [0] * len(s.embargo)
    tokens[BY_NAME["Province"]], tokens[BY_NAME["Curse"]] = 2, 1
    s.embargo = tuple(tokens)
    s.discount = 1
    s.extra = True
    s.bottom[0] = ids(["Gold", "Pearl Diver"])  # the very bottom first
    recount(s)
    return s


def words(target, lang: str = "en") -> None:
    """Show ``target`` (a chromium page or context) the board in ``lang``."""
    target.add_init_script(f"localStorage.setItem('realms.lang', '{lang}')")


def two_people(server) -> tuple[str, list[str], list[str]]:
    """A table of the kingdom for two people (no bot moves, so nothing redraws the board): its id, each seat's
    token and its page."""
    made = httpx.post(server.base + "/api/games", json={
        "game": "dominion", "options": {"players": 2, "kingdom": ",".join(KINGDOM)}, "seats": ["human", "human"]},
        timeout=30).json()
    return made["id"], [s["token"] for s in made["seats"]], [s["join_url"] for s in made["seats"]]


def made_up_payload(server, gid: str, token: str, seat: int) -> dict:
    """The seat's real payload with the view of ``seaside_state`` in place of the real one."""
    payload = seat_payload(server, gid, token)
    view = G.view(seaside_state(), seat)
    payload["legal_actions"] = view.pop("legal", [])
    payload["view"] = view
    return payload


# draws `payload` with the seat names `names` in a section that takes the board's place (the page keeps drawing
# its updates, such as a seat coming back, into the board it holds, now out of the document); a promise of true
DRAW = """
    return import('/static/dominion.js').then(m => {
      const ours = document.createElement('section');
      ours.className = 'panel';
      ours.append(m.render(payload, () => {}, names));
      document.getElementById('board').replaceWith(ours);
      ours.id = 'board';
      return true;
    });"""

# the same in Firefox, where a module imported by a Marionette script is a fresh copy: importing the board module
# starts the page's client (app.js) once more, which draws the page afresh; the made-up board takes the place of
# the board that copy draws (a second language menu in the header is that copy's too)
DRAW_FIREFOX = """
    const [payload, names] = arguments;
    const first = document.getElementById('board');
    return import('/static/dominion.js').then(m => new Promise(resolve => {
      const tick = () => {
        const board = document.getElementById('board');
        if (!board || board === first || !board.querySelector('#dm-supply')) { setTimeout(tick, 50); return; }
        const ours = document.createElement('section');
        ours.className = 'panel';
        ours.append(m.render(payload, () => {}, names));
        board.replaceWith(ours);
        ours.id = 'board';
        resolve(true);
      };
      tick();
    }));"""


# what the tests read of the board: per seat box its zones (card names, backs counted) and badges; the Supply's
# Embargo tokens and lowered costs; the cards in play marked as staying; the banner and the deck's bottom
READ = """
    const cards = node => [...node.querySelectorAll('.dm-chip')].map(c => c.dataset.card);
    const seats = {};
    for (const box of document.querySelectorAll('.dm-seat')) {
      const zones = {};
      for (const z of box.querySelectorAll('.dm-zone')) {
        zones[z.dataset.zone] = { cards: cards(z), backs: z.querySelectorAll('.dm-back').length,
          count: z.querySelector('.dm-backs') ? Number(z.querySelector('.dm-backs').dataset.count) : null };
      }
      const badges = {};
      for (const b of box.querySelectorAll('.dm-badge')) badges[b.dataset.badge] = b.dataset.count ?? true;
      seats[box.dataset.seat] = { zones, badges };
    }
    const pile = name => document.querySelector(`#dm-supply .dm-card[data-card="${name}"]`);
    const embargo = {}, costs = {};
    for (const card of document.querySelectorAll('#dm-supply .dm-card')) {
      const e = card.querySelector('.dm-embargo');
      if (e) embargo[card.dataset.card] = Number(e.dataset.tokens);
      const struck = card.querySelector('.dm-printed-cost');
      costs[card.dataset.card] = [Number(card.querySelector('.dm-cost').dataset.cost),
                                  struck ? struck.textContent : null];
    }
    const play = [...document.querySelectorAll('#dm-play .dm-card')]
      .map(c => [c.dataset.card, !!c.querySelector('.dm-stays')]);
    const banner = document.getElementById('dm-extra-turn');
    const bottom = document.getElementById('dm-deck-bottom');
    const reduction = document.getElementById('dm-cost-reduction');
    return { seats, embargo, costs, play, banner: banner && banner.textContent,
             bottom: bottom && cards(bottom), reduction: reduction && reduction.textContent,
             province: pile('Province') && pile('Province').textContent,
             missing: (window.__missingKeys || []).filter(k => k.startsWith('dominion.ui.')) };"""


def save_chromium(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def draw_in_chromium(page, server, path: str, payload: dict, names: list[str]) -> dict:
    page.goto(server.base + path)
    page.wait_for_selector("#dm-supply .dm-card")
    page.wait_for_function("['mine', 'waiting'].includes(document.body.dataset.ready)")
    assert page.evaluate(f"([payload, names]) => {{ {DRAW} }}", [payload, names])
    page.wait_for_selector("#dm-extra-turn")
    return page.evaluate(f"() => {{ {READ} }}")


def check_owner(board: dict) -> None:
    """Seat 0's own view of ``seaside_state``: her hidden cards face up, Bob's as backs."""
    ann, bob = board["seats"]["0"], board["seats"]["1"]
    assert ann["zones"]["durations"]["cards"] == ["Haven", "Lighthouse"]
    assert ann["zones"]["held"] == {"cards": ["Gold"], "backs": 0, "count": None}
    assert ann["zones"]["island"]["cards"] == ["Island", "Estate"]
    assert ann["zones"]["native_village"] == {"cards": ["Gold", "Copper"], "backs": 0, "count": None}
    assert ann["badges"] == {"protected": True, "pirate": "0"}
    assert bob["zones"]["durations"]["cards"] == ["Blockade", "Haven"]
    assert bob["zones"]["held"] == {"cards": [], "backs": 2, "count": 2}
    assert bob["zones"]["shown"]["cards"] == ["Silver"]
    assert bob["zones"]["island"]["cards"] == ["Island", "Duchy"]
    assert bob["zones"]["native_village"] == {"cards": [], "backs": 3, "count": 3}
    assert bob["badges"] == {"pirate": "2"}
    assert board["embargo"] == {"Province": 2, "Curse": 1}
    assert board["costs"]["Province"] == [7, "$8"] and board["costs"]["Silver"] == [2, "$3"]
    assert board["costs"]["Copper"] == [0, None] and board["costs"]["Curse"] == [0, None]
    # the Durations in play are marked, the Bridge played this turn is not
    assert board["play"] == [["Haven", True], ["Lighthouse", True], ["Bridge", False]]
    assert board["bottom"] == ["Pearl Diver", "Gold"]
    assert board["banner"] and board["reduction"]


# ---------------------------------------------------------------- chromium
def test_seaside_zones_as_their_owner_sees_them_in_chromium(page, server):
    gid, tokens, paths = two_people(server)
    words(page)
    board = draw_in_chromium(page, server, paths[0], made_up_payload(server, gid, tokens[0], 0), ["You", "Bob"])
    check_owner(board)
    assert board["banner"] == "Your extra turn (Outpost)"
    assert board["reduction"] == "Bridge: cards cost $1 less this turn"
    assert "Embargo ×2" in board["province"]
    assert board["missing"] == []
    # the hand's costs are the costs now too
    assert page.eval_on_selector('#dm-hand .dm-card[data-card="Bridge"] .dm-cost', "c => c.textContent") == "$3"
    assert "Haven, face down:" in page.inner_text('.dm-seat[data-seat="1"]')
    assert "2 cards" in page.inner_text('.dm-seat[data-seat="1"] [data-zone="held"]')
    page.set_viewport_size({"width": 1280, "height": 900})
    save_chromium(page, "dominion-seaside-owner")


def test_seaside_zones_as_the_other_seat_sees_them_in_chromium(page, server):
    gid, tokens, paths = two_people(server)
    words(page)
    board = draw_in_chromium(page, server, paths[1], made_up_payload(server, gid, tokens[1], 1), ["Ann", "You"])
    ann, bob = board["seats"]["0"], board["seats"]["1"]
    # Ann's Haven card and Native Village mat are hidden from Bob: backs and a count; his own are faces
    assert ann["zones"]["held"] == {"cards": [], "backs": 1, "count": 1}
    assert ann["zones"]["native_village"] == {"cards": [], "backs": 2, "count": 2}
    assert ann["zones"]["island"]["cards"] == ["Island", "Estate"]
    assert bob["zones"]["held"]["cards"] == ["Province", "Silver"]
    assert bob["zones"]["native_village"]["cards"] == ["Estate", "Copper", "Silver"]
    assert board["bottom"] is None  # Ann's deck bottom is hers alone
    assert board["banner"] == "Ann's extra turn (Outpost)"
    assert board["missing"] == []
    save_chromium(page, "dominion-seaside-other")


def test_seaside_zones_fit_a_phone_in_chromium(browser, server):
    """On a 390-pixel phone the new zones wrap inside the page: nothing wider than the screen."""
    gid, tokens, paths = two_people(server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        board = draw_in_chromium(page, server, paths[0], made_up_payload(server, gid, tokens[0], 0), ["You", "Bob"])
        check_owner(board)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, width
        wide = page.evaluate("""() => [...document.querySelectorAll('#board [data-zone], #dm-extra-turn, .dm-seat')]
            .filter(e => e.getBoundingClientRect().right > 391).map(e => e.id || e.dataset.zone || e.className)""")
        assert wide == [], wide
        save_chromium(page, "dominion-seaside-phone")
    finally:
        context.close()


def test_seaside_zones_read_in_every_language_in_chromium(browser, server):
    gid, tokens, paths = two_people(server)
    payload = made_up_payload(server, gid, tokens[0], 0)
    for lang in LANGUAGES:
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            words(page, lang)
            board = draw_in_chromium(page, server, paths[0], payload, ["You", "Bob"])
            assert page.evaluate("document.documentElement.lang") == lang
            check_owner(board)
            assert board["missing"] == [], lang
            assert not errors, errors
            # nothing the new parts add runs out of its card or box
            over = page.evaluate("""() => [...document.querySelectorAll('.dm-embargo, .dm-stays, .dm-chip, .dm-badge')]
              .filter(n => { const box = n.closest('.dm-card, .dm-seat'); return box &&
                n.getBoundingClientRect().right > box.getBoundingClientRect().right + 1; }).map(n => n.textContent)""")
            assert over == [], (lang, over)
            if lang != "en":
                save_chromium(page, f"dominion-seaside-{lang}")
        finally:
            context.close()


def test_an_embargo_token_and_a_haven_from_real_play_in_chromium(page, server):
    """Seat 0 buys an Embargo and a Haven through the API and plays them as they come (the token on Province,
    Haven over the first card it offers); the page opened at the moment Haven's card is set aside shows both."""
    made = httpx.post(server.base + "/api/games", json={
        "game": "dominion", "options": {"players": 2, "kingdom": ",".join(KINGDOM)},
        "seats": ["human", "bot:big-money"]}, timeout=30).json()
    gid, token = made["id"], made["seats"][0]["token"]
    bought: set[str] = set()
    p = seat_payload(server, gid, token)
    for _ in range(1500):
        view = p["view"]
        me = view["seats"][0]
        if view["embargo"] and me["held_size"] and view["current"] == 0:
            break
        legal = {(a["action"]["type"], a["action"].get("card")): a["action"] for a in p["legal_actions"]}
        pending = (view.get("pending") or {}).get("card")
        if not legal:
            page.wait_for_timeout(20)
            p = seat_payload(server, gid, token)
            continue
        choice = None
        if pending == "Embargo":
            choice = legal.get(("choose", "Province"))
        elif pending == "Haven":
            choice = next(a for k, a in legal.items() if k[0] == "choose")
        for key in (("play", "Haven"), ("play", "Embargo"), ("play_treasures", None)):
            choice = choice or legal.get(key)
        for card in ("Embargo", "Haven"):
            if choice is None and card not in bought and ("buy", card) in legal:
                choice = legal[("buy", card)]
                bought.add(card)
        for key in (("end_actions", None), ("end_buys", None)):
            choice = choice or legal.get(key)
        choice = choice or p["legal_actions"][0]["action"]
        p = act(server, gid, token, p, choice)
    else:
        pytest.fail("no Embargo token and Haven card in 1500 steps")
    assert view["embargo"] == {"Province": 1}
    held = me["held"]
    words(page)
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector('#dm-supply .dm-card[data-card="Province"] .dm-embargo')
    board = page.evaluate(f"() => {{ {READ} }}")
    assert board["embargo"] == {"Province": 1}
    assert board["seats"]["0"]["zones"]["held"]["cards"] == held
    assert board["seats"]["0"]["zones"]["durations"]["cards"] == ["Haven"]
    assert ["Haven", True] in board["play"]
    assert board["banner"] is None and board["reduction"] is None
    assert board["missing"] == []
    save_chromium(page, "dominion-seaside-real-play")


# ---------------------------------------------------------------- Firefox
def test_seaside_zones_in_firefox(firefox, server):
    gid, tokens, paths = two_people(server)
    firefox.navigate(server.base + paths[0])
    wait_ready(firefox, "mine")
    firefox.wait_for("return document.querySelectorAll('#dm-supply .dm-card').length >= 17")
    payload = made_up_payload(server, gid, tokens[0], 0)
    assert firefox.run(DRAW_FIREFOX, payload, ["You", "Bob"]) is True
    board = firefox.run(READ)
    check_owner(board)
    time.sleep(1)  # what the page draws next (a seat's presence) does not take the board back
    assert firefox.run("return document.querySelectorAll('#dm-extra-turn').length") == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    data = firefox.command("WebDriver:TakeScreenshot", {"full": True, "hash": False})["value"]
    (SHOTS / "ff-dominion-seaside-owner.png").write_bytes(base64.b64decode(data))
