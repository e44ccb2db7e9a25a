"""End-to-end, the boards and the game log in a real browser (Debian's chromium through Playwright)."""

from __future__ import annotations

import re
import time

import httpx
import pytest

from tests.e2e import test_browser as shared

# the fixtures of the browser tests: one server and one chromium per module, a fresh page per test
server, browser, page = shared.server, shared.browser, shared.page

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
    """The seat's action through the API, sent again after a pause while the server answers 429: a seat acting
    faster than its action rate (``limits.Settings.seat_rate``, 20 a second after a burst of 60) is told to slow
    down, as a test playing a seat's whole game through the API may well do."""
    for _ in range(100):
        r = httpx.post(f"{server.base}/api/games/{gid}/actions",
                       json={"token": token, "version": payload["version"], "action": action})
        if r.status_code != 429:
            break
        time.sleep(0.05)
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
def test_a_dominion_game_of_twenty_turns_keeps_every_log_entry_reachable(page, server):
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
        more = wait_until(page, lambda held=held: page.locator("#log div[data-n]").count() > held)
        assert more, "older entries did not load"
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


def test_older_entries_load_by_scrolling_to_the_end_of_the_log(page, server):
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


def test_you_takes_the_verb_of_you_in_log_lines(page, server):
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


def test_a_dominion_choice_about_your_own_card_says_your(page, server):
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    shown = page.evaluate("""async () => {
        const { sayText } = await import('/static/dominion.js');
        const names = ['You', 'greedy (2)'];
        const yes = seat => sayText({ key: 'spy.yes', args: { seat, card: 'Copper' } }, '', names, 0);
        const ask = { key: 'spy.ask', args: { card: 'Spy', seat: 0, card2: 'Gold' } };
        return [yes(0), yes(1), sayText(ask, '', names, 0)];
    }""")
    assert shown == ["discard your Copper", "discard greedy (2)'s Copper",
                     "Spy: discard your Gold (yes) or put it back (no)?"]


def test_kingdomino_log_lines_are_in_words(page, server):
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
        wait_until(page, lambda held=held: page.locator("#log div[data-n]").count() > held)
    texts = page.eval_on_selector_all("#log div[data-n]", "ns => ns.map(n => n.textContent)")
    placed = [t for t in texts if " placed #" in t]
    assert placed and all("the castle" in t for t in placed)
    assert not any(re.search(r"\([+-]?\d+,[+-]?\d+\)", t) for t in texts)
    assert any(t.startswith("You placed #") for t in texts)
    assert any(t.startswith("greedy (2) picked #") for t in texts)


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


# ---------------------------------------------------------------- Castles of Burgundy
def burgundy_faces():
    from realms.games.burgundy.data import TILES, tile_json

    return [tile_json(tid) for tid in range(len(TILES))]


def kind_of(face):
    return (face["type"], face.get("building"), face.get("species"), face.get("animals"), face.get("number"))


def test_every_burgundy_tile_kind_has_its_own_label(page, server):
    import json
    from pathlib import Path

    faces = burgundy_faces()
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    labels = page.evaluate("""async faces => {
        const { label } = await import('/static/burgundy.js');
        return faces.map(label);
    }""", faces)
    by_kind: dict = {}
    for face, lab in zip(faces, labels, strict=True):
        assert lab, face
        by_kind.setdefault(kind_of(face), set()).add(lab)
    assert all(len(v) == 1 for v in by_kind.values())  # one label per kind
    kinds_of_label: dict = {}
    for kind, (lab,) in by_kind.items():
        kinds_of_label.setdefault(lab.lower(), []).append(kind)
    clashes = {lab: ks for lab, ks in kinds_of_label.items() if len(ks) > 1}
    assert not clashes, clashes
    # every kind the data describes is among the faces the engine builds
    data = json.loads(Path("src/realms/games/burgundy/data/tiles.json").read_text())["hex_tiles"]["by_type"]
    buildings = {k[1] for k in by_kind if k[0] == "building"}
    assert buildings == set(data["building"]["kinds"])
    assert {k[2] for k in by_kind if k[0] == "animal"} == set(data["animal"]["species"])
    assert {k[4] for k in by_kind if k[0] == "knowledge"} == set(range(1, 27))
    assert {k[0] for k in by_kind} == set(data)


def play_burgundy(server, gid, tokens, actions, seed=1):
    """Play ``actions`` moves of the human seats through the API with a seeded random choice."""
    import random

    rng = random.Random(seed)
    for _ in range(actions):
        for token in tokens:
            p = seat_payload(server, gid, token)
            if p["finished"]:
                return
            if p["legal_actions"]:
                act(server, gid, token, p, rng.choice(p["legal_actions"])["action"])
                break


def drawn_labels(page):
    return set(page.eval_on_selector_all(
        "#board .bg-chip:not(#bg-legend *) .bg-label, #board svg text.bg-label", "ns => ns.map(n => n.textContent)"))


def test_the_burgundy_legend_spells_out_every_label_on_the_board(page, server):
    made = httpx.post(server.base + "/api/games", json={"game": "burgundy", "seats": ["human", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    play_burgundy(server, gid, [token], 40)
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector("#bg-legend")
    assert page.locator("#bg-legend").is_visible()  # no hover needed
    legend = set(page.eval_on_selector_all("#bg-legend [data-label]", "ns => ns.map(n => n.dataset.label)"))
    shown = drawn_labels(page)
    assert len(shown) >= 5 and shown <= legend, shown - legend
    text = page.inner_text("#bg-legend")
    for space in ("ship", "castle", "mine", "pasture", "monastery", "city"):
        assert space in text
    page.locator("#bg-legend").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/burgundy-desktop.png", full_page=True)


def test_the_burgundy_legend_on_a_phone(phone, server):
    made = httpx.post(server.base + "/api/games", json={"game": "burgundy", "seats": ["human", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    play_burgundy(server, gid, [token], 30)
    phone.goto(f"{server.base}/play/{gid}?token={token}")
    phone.wait_for_selector("#bg-legend")
    legend = phone.eval_on_selector_all("#bg-legend [data-label]", "ns => ns.map(n => n.dataset.label)")
    assert drawn_labels(phone) <= set(legend)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 420, f"page is {width}px wide on a 390px screen"
    phone.locator("#bg-legend").scroll_into_view_if_needed()
    phone.screenshot(path=f"{SHOTS}/burgundy-phone.png", full_page=False)


def test_a_finished_burgundy_game_shows_every_players_points_by_source(page, server):
    seats = ["bot:greedy", "bot:greedy"]
    made = httpx.post(server.base + "/api/games", json={"game": "burgundy", "seats": seats}).json()
    gid = made["id"]
    for _ in range(1200):
        if seat_payload(server, gid)["finished"]:
            break
        page.wait_for_timeout(50)
    result = seat_payload(server, gid)["result"]
    assert result is not None
    page.goto(f"{server.base}/play/{gid}")
    page.wait_for_selector("#bg-points")
    seats = [int(s) for s in page.eval_on_selector_all("#bg-points th[data-seat]", "ns => ns.map(n => n.dataset.seat)")]
    assert sorted(seats) == [0, 1]
    rows = page.eval_on_selector_all("#bg-points tr[data-source]", """rs => rs.map(r => [r.dataset.source,
        [...r.querySelectorAll('td')].slice(1).map(td => Number(td.textContent))])""")
    shown = {src: dict(zip(seats, values, strict=True)) for src, values in rows}
    for seat in (0, 1):
        by_source = result["breakdown"][seat]["vp_by_source"]
        for src, vp in by_source.items():
            if vp:
                assert shown[src][seat] == vp, (src, seat)
        assert sum(v[seat] for v in shown.values()) == result["scores"][seat]
    totals = page.eval_on_selector_all("#bg-points tr.total th", "ns => ns.slice(1).map(n => Number(n.textContent))")
    assert totals == [result["scores"][s] for s in seats]
    assert "completed regions" in page.inner_text("#bg-points")
    page.locator("#bg-points").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/burgundy-final.png", full_page=False)


def click_groups(game, state):
    """The legal actions that one click on the board offers together (same depot slot, space or storage slot)."""
    from collections import defaultdict

    groups = defaultdict(list)
    for a in game.legal_actions(state):
        j = a.to_json()
        if j["type"] in ("take", "pick", "buy"):
            key = ("depot", j.get("depot"), j.get("slot"))
        elif j["type"] in ("place", "hall"):
            key = ("space", j.get("space"))
        elif j["type"] == "discard":
            key = ("storage", j.get("slot"))
        else:
            continue
        groups[key].append({"action": j, "text": game.describe(state, a)})
    return [g for g in groups.values() if len(g) > 1]


def test_the_burgundy_chooser_names_what_differs_between_choices(page, server):
    import realms.games
    from realms.agents import make_agent

    game = realms.games.get("burgundy")
    groups = []
    for seed in range(3):
        state = game.new(game.validate_options({"players": 2 + seed}), seed)
        bots = [make_agent("random", game, seed=seed * 10 + i) for i in range(4)]
        while game.to_move(state) is not None:
            groups.extend(click_groups(game, state))
            game.apply(state, bots[game.to_move(state)].act(game, state))
    repeated = [g for g in groups if len({m["text"] for m in g}) < len(g)]
    assert repeated, "no state offered two choices with the same words"
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    texts = page.evaluate("""async groups => {
        const { choiceTexts } = await import('/static/burgundy.js');
        return groups.map(choiceTexts);
    }""", groups)
    for group, shown in zip(groups, texts, strict=True):
        assert len(set(shown)) == len(shown), shown
        for m, t in zip(group, shown, strict=True):
            assert t.startswith(m["text"])  # the engine's words, with what tells them apart after them
    some = texts[groups.index(repeated[0])]
    assert any("storage slot" in t or "die" in t for t in some), some


def burgundy_steer(payload, rng):
    """An action towards two tiles of one name in storage, placeable on one space: take or buy a tile named
    like one already stored, keep a free slot, and place (or discard) only when storage is full of distinct
    tiles. Random among those otherwise."""
    legal = payload["legal_actions"]
    stored = [t["name"] for t in payload["view"]["seats"][payload["seat"]]["storage"]]

    def taken(a):
        m = re.match(r"(?:take|buy) (.+?) from", a["text"])
        return m.group(1) if m else None

    gets = [a for a in legal if a["action"]["type"] in ("take", "buy")]
    twin = [a for a in gets if taken(a) in stored]
    if twin and len(stored) < 3:
        return rng.choice(twin)["action"]
    if gets and len(stored) < 2:
        return rng.choice(gets)["action"]
    frees = [a for a in legal if a["action"]["type"] in ("place", "hall", "discard")]
    if frees and len(stored) == 3 and len(set(stored)) == 3:
        return rng.choice(frees)["action"]
    rest = [a for a in legal if a["action"]["type"] not in ("place", "hall", "discard")] or legal
    return rng.choice(rest)["action"]


def test_the_burgundy_chooser_on_the_board_shows_distinct_buttons(page, server):
    import random

    rng = random.Random(3)
    found = None
    for _ in range(3):  # a game rarely fails to get there (its tiles are dealt by a seed of the server's); try another
        made = httpx.post(server.base + "/api/games", json={"game": "burgundy", "seats": ["human", "human"]}).json()
        gid, tokens = made["id"], [s["token"] for s in made["seats"]]
        for _ in range(1500):
            p = next((q for q in (seat_payload(server, gid, t) for t in tokens) if q["legal_actions"]), None)
            if p is None:
                break
            spaces: dict = {}
            for a in p["legal_actions"]:
                if a["action"]["type"] == "place":
                    spaces.setdefault(a["action"]["space"], []).append(a["text"])
            same = [sp for sp, texts in spaces.items() if len(set(texts)) < len(texts)]
            if same:
                found = (tokens[p["seat"]], p["seat"], same[0], len(spaces[same[0]]))
                break
            act(server, gid, tokens[p["seat"]], p, burgundy_steer(p, rng))
        if found:
            break
    assert found, "no position with two placements that read the same"
    token, seat, space, n = found
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector(f".bg-seat[data-seat='{seat}'] g.legal[data-space='{space}']")
    page.click(f".bg-seat[data-seat='{seat}'] g.legal[data-space='{space}']")
    page.wait_for_selector("#bg-chooser button")
    buttons = page.eval_on_selector_all("#bg-chooser button", "bs => bs.map(b => b.textContent)")
    assert len(buttons) == n and len(set(buttons)) == n, buttons
    assert page.locator("#bg-chooser").is_visible()
    page.screenshot(path=f"{SHOTS}/burgundy-chooser.png", full_page=False)


def test_a_burgundy_board_is_chosen_by_name_and_its_start_castle_by_a_click(page, server):
    made = httpx.post(server.base + "/api/games", json={"game": "burgundy", "seats": ["human", "human"],
                                                       "options": {"scenario": "free-choice"}}).json()
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    p = next(q for q in (seat_payload(server, gid, t) for t in tokens) if q["legal_actions"])
    seat, token = p["seat"], tokens[p["seat"]]
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector(".actions-list button")
    texts = page.eval_on_selector_all(".actions-list button", "bs => bs.map(b => b.textContent)")
    assert len(texts) == 9
    assert any("Two Cities" in x and "(one source)" in x for x in texts), texts
    assert any("Big River" in x and "one source" not in x for x in texts), texts
    assert any("standing in for the 2011 board 8" in x for x in texts), texts
    page.click(".actions-list button:has-text('Two Cities')")
    # board 9 has no fixed start castle: its four castle spaces light up on the seat's estate
    legal = f".bg-seat[data-seat='{seat}'] g.legal"
    page.wait_for_selector(legal)
    spaces = page.eval_on_selector_all(legal, "gs => gs.map(g => g.dataset.space)")
    assert sorted(map(int, spaces)) == [3, 16, 21, 35]
    assert page.inner_text(f".bg-seat[data-seat='{seat}'] .bg-board-name") == "board 9 “Two Cities” (one source)"
    assert "place the start castle on a castle space" in page.inner_text(".dm-prompt")
    letters = page.eval_on_selector_all(f".bg-seat[data-seat='{seat}'] text.bg-space-letter",
                                        "ts => ts.map(t => t.textContent)")
    assert len(letters) == 37 and set(letters) == set("SACMKB")  # the colours read as letters too
    from realms.games.burgundy.data import bits, builtin_boards

    nine = builtin_boards()[9]
    borders = sum(1 for i in nine.ids for j in bits(nine.nmask[i]) if i < j and nine.types[i] != nine.types[j])
    assert page.locator(f".bg-seat[data-seat='{seat}'] line.bg-region-edge").count() == borders  # and regions too
    page.click(f"{legal}[data-space='21']")
    assert wait_until(page, lambda: seat_payload(server, gid, token)["view"]["seats"][seat]["estate"][20]["tile"])
    page.screenshot(path=f"{SHOTS}/burgundy-start-castle.png", full_page=False)
    # the box holds one board 9: the next seat chooses among the others (four of board 1 among them)
    left = [a["action"]["board"] for a in seat_payload(server, gid, tokens[1 - seat])["legal_actions"]]
    assert 9 not in left and 1 in left and len(left) == 8


# ---------------------------------------------------------------- Kingdomino on a touch screen
def kingdomino_until_we_place(server, gid, token):
    """Pick through the API until the human seat must place a domino; its payload."""
    for _ in range(400):
        p = seat_payload(server, gid, token)
        types = {a["action"]["type"] for a in p["legal_actions"]}
        if "place" in types:
            return p
        if p["legal_actions"]:
            act(server, gid, token, p, p["legal_actions"][0]["action"])
    raise AssertionError("never had to place")


def ghost_cells(page):
    return sorted(page.eval_on_selector_all(".kd-cell.ghost", "ns => ns.map(n => n.dataset.cell)"))


def test_on_a_touch_screen_a_tap_previews_and_a_second_tap_places(phone, server):
    made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    before = kingdomino_until_we_place(server, gid, token)
    phone.goto(f"{server.base}/play/{gid}?token={token}")
    phone.wait_for_selector("body[data-ready='mine'] .kd-cell.legal")
    cells = phone.eval_on_selector_all(".kd-cell.legal", "ns => ns.map(n => n.dataset.cell)")
    assert len(cells) >= 2
    phone.tap(f".kd-cell.legal[data-cell='{cells[0]}']")
    phone.wait_for_selector(".kd-cell.ghost")
    first = ghost_cells(phone)
    assert len(first) == 2 and cells[0] in first  # the domino is shown where it would go ...
    assert seat_payload(server, gid, token)["version"] == before["version"]  # ... and nothing is placed yet
    assert phone.locator("#confirm-place").is_visible()
    phone.screenshot(path=f"{SHOTS}/kingdomino-touch-preview.png", full_page=False)
    # a tap elsewhere moves the preview
    phone.tap(f".kd-cell.legal[data-cell='{cells[1]}']")
    assert wait_until(phone, lambda: cells[1] in ghost_cells(phone))
    second = ghost_cells(phone)
    assert len(second) == 2 and second != first
    assert seat_payload(server, gid, token)["version"] == before["version"]
    # a second tap on the previewed square places it there
    phone.tap(f".kd-cell.legal[data-cell='{cells[1]}']")
    assert wait_until(phone, lambda: seat_payload(server, gid, token)["version"] > before["version"])
    kingdom = seat_payload(server, gid, token)["view"]["kingdoms"][0]
    placed = {f"{r},{c}" for r, c, *_ in kingdom["cells"]}
    assert set(second) <= placed  # where the preview showed it


def test_on_a_touch_screen_the_confirm_button_places_the_previewed_domino(phone, server):
    made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": ["human", "bot:greedy"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    before = kingdomino_until_we_place(server, gid, token)
    phone.goto(f"{server.base}/play/{gid}?token={token}")
    phone.wait_for_selector(".kd-cell.legal")
    cell = phone.eval_on_selector(".kd-cell.legal", "n => n.dataset.cell")
    phone.tap(f".kd-cell.legal[data-cell='{cell}']")
    phone.wait_for_selector("#confirm-place")
    previewed = ghost_cells(phone)
    phone.tap("#confirm-place")
    assert wait_until(phone, lambda: seat_payload(server, gid, token)["version"] > before["version"])
    kingdom = seat_payload(server, gid, token)["view"]["kingdoms"][0]
    assert set(previewed) <= {f"{r},{c}" for r, c, *_ in kingdom["cells"]}  # placed where it was shown


def test_the_dominion_prompt_names_seats_as_the_board_does(page, server):
    kingdom = "Militia,Moat,Village,Smithy,Market,Cellar,Workshop,Remodel,Mine,Woodcutter"
    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "options": {"kingdom": kingdom},
                                                        "seats": ["human", "bot:militia-big-money"]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    prompt = None
    for _ in range(600):
        p = seat_payload(server, gid, token)
        pending = p["view"].get("pending")
        if pending and pending["seat"] == 0 and "Seat" in pending["prompt"] and p["legal_actions"]:
            prompt = pending["prompt"]
            break
        if p["finished"]:
            break
        if p["legal_actions"]:
            act(server, gid, token, p, dominion_choice(p))
    assert prompt, "no decision whose prompt names a seat"
    page.goto(f"{server.base}/play/{gid}?token={token}")
    page.wait_for_selector("#dm-controls .dm-prompt")
    shown = page.inner_text("#dm-controls .dm-prompt")
    assert "Seat" not in shown and shown.startswith("You"), (prompt, shown)
    assert not shown.startswith("You: You"), shown
