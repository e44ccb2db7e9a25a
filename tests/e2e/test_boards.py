"""End-to-end, the boards and the game log in a real browser (Debian's chromium through Playwright)."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.e2e.test_browser import browser, page, server  # noqa: F401  (the shared fixtures)

SHOTS = "/tmp"


def wait_until(page, predicate, tries=400):
    for _ in range(tries):
        if predicate():
            return True
        page.wait_for_timeout(50)
    return False


def seat_payload(server, gid, token=None):
    return httpx.get(f"{server.base}/api/games/{gid}", params={"token": token} if token else {}).json()


def act(server, gid, token, payload, action):
    r = httpx.post(f"{server.base}/api/games/{gid}/actions",
                   json={"token": token, "version": payload["version"], "action": action})
    assert r.status_code == 200, r.text
    return r.json()


def dominion_choice(payload):
    """Seat 0's plain plan through the API: play treasures, buy a Silver at most, end the phase."""
    legal = {(a["action"]["type"], a["action"].get("card")): a["action"] for a in payload["legal_actions"]}
    for key in (("play_treasures", None), ("buy", "Silver"), ("end_actions", None), ("end_buys", None)):
        if key in legal:
            return legal[key]
    return payload["legal_actions"][0]["action"]


def whole_log(server, gid, token):
    first = httpx.get(f"{server.base}/api/games/{gid}/log", params={"token": token, "limit": 500}).json()
    entries, start = first["entries"], first["start"]
    while start > 0:
        older = httpx.get(f"{server.base}/api/games/{gid}/log",
                          params={"token": token, "before": start, "limit": 500}).json()
        entries, start = older["entries"] + entries, older["start"]
    return entries


# ---------------------------------------------------------------- the game log
def test_a_dominion_game_of_twenty_turns_keeps_every_log_entry_reachable(page, server):  # noqa: F811
    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "seats": ["human", "bot:random"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    for _ in range(2000):
        p = seat_payload(server, gid, token)
        if p["finished"] or p["view"]["turn"] > 21:
            break
        if p["legal_actions"]:
            act(server, gid, token, p, dominion_choice(p))
        else:
            page.wait_for_timeout(10)
    p = seat_payload(server, gid, token)
    assert p["view"]["turn"] >= 20 or p["finished"]
    expected = whole_log(server, gid, token)
    assert len(expected) > 40 + 100, len(expected)  # pages beyond the one the payload carries

    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector("#log div[data-n]")
    assert page.locator("#log div[data-n]").count() < len(expected)  # the payload brings only the latest page
    clicks = 0
    while page.locator("#log-older").is_visible():
        held = page.locator("#log div[data-n]").count()
        page.click("#log-older")
        assert wait_until(page, lambda: page.locator("#log div[data-n]").count() > held), "older entries did not load"
        clicks += 1
    assert clicks >= 2
    numbers = [int(n) for n in page.eval_on_selector_all("#log div[data-n]", "ns => ns.map(n => n.dataset.n)")]
    assert numbers == list(range(len(expected) - 1, -1, -1))  # every entry, newest first, none twice
    texts = page.eval_on_selector_all("#log div[data-n]", "ns => ns.map(n => n.textContent)")[::-1]
    # the viewer's seat reads "You" as on the board; the bot is named as the board names it
    assert not any(re.search(r"\b[Ss]eat \d", t) for t in texts)
    for shown, entry in zip(texts, expected, strict=True):
        if entry["text"].startswith("Seat 1 drew "):
            assert shown == entry["text"].replace("Seat 1", "You")
        if entry["text"].startswith("Seat 2 "):
            assert shown.startswith("random (2) ")
    assert any(t.startswith("You drew 5 cards") for t in texts)
    assert any(t.startswith("You bought Silver") for t in texts)
    board_names = page.inner_text("#board")
    assert "You" in board_names and "random (2)" in board_names
    page.set_viewport_size({"width": 1100, "height": 900})
    page.locator("#log").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/log-desktop.png", full_page=False)


def test_older_entries_load_by_scrolling_to_the_end_of_the_log(page, server):  # noqa: F811
    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "seats": ["human", "bot:random"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    for _ in range(600):
        p = seat_payload(server, gid, token)
        if p["finished"] or p["view"]["turn"] > 8:
            break
        if p["legal_actions"]:
            act(server, gid, token, p, dominion_choice(p))
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector("#log div[data-n]")
    held = page.locator("#log div[data-n]").count()
    page.eval_on_selector("#log", "box => { box.scrollTop = box.scrollHeight; }")
    assert wait_until(page, lambda: page.locator("#log div[data-n]").count() > held)


def test_you_takes_the_verb_of_you_in_log_lines(page, server):  # noqa: F811
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    shown = page.evaluate("""async () => {
        const { seatText } = await import('/static/log.js');
        const names = ['You', 'greedy (2)'];
        return ['Seat 1 takes 2 workers', 'Seat 2 plays Militia: Seat 1 discards Copper', 'Seat 1 trashes Estate',
                'Seat 1 has no Moat', "Seat 1's turn", 'Seat 1 drew 5 cards', 'Game over: seat 1 20 VP, seat 2 12 VP',
                'Seat 3 passes'].map(t => seatText(t, names));
    }""")
    assert shown == ["You take 2 workers", "greedy (2) plays Militia: You discard Copper", "You trash Estate",
                     "You have no Moat", "Your turn", "You drew 5 cards", "Game over: You 20 VP, greedy (2) 12 VP",
                     "Seat 3 passes"]


def test_kingdomino_log_lines_are_in_words(page, server):  # noqa: F811
    made = httpx.post(server.base + "/api/games",
                      json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    for _ in range(200):
        p = seat_payload(server, gid, token)
        if p["finished"]:
            break
        if p["legal_actions"]:
            act(server, gid, token, p, p["legal_actions"][0]["action"])
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector("#log div[data-n]")
    while page.locator("#log-older").is_visible():
        held = page.locator("#log div[data-n]").count()
        page.click("#log-older")
        wait_until(page, lambda: page.locator("#log div[data-n]").count() > held)
    texts = page.eval_on_selector_all("#log div[data-n]", "ns => ns.map(n => n.textContent)")
    placed = [t for t in texts if " placed #" in t]
    assert placed and all("the castle" in t for t in placed)
    assert not any(re.search(r"\([+-]?\d+,[+-]?\d+\)", t) for t in texts)
    assert any(t.startswith("You placed #") for t in texts)
    assert any(t.startswith("greedy (2) picked #") for t in texts)


@pytest.fixture
def phone(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors
