"""The browser client in Firefox (Debian's firefox-esr, driven over Marionette) against a real server."""

from __future__ import annotations

import os
import shutil

import pytest

import realms.games
from tests.e2e.marionette import Firefox
from tests.games.per_game import declared
from tests.support import Server, free_port

FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")

if FIREFOX is None and not os.environ.get("CI"):
    pytest.skip("Firefox is not installed (CI installs firefox-esr)", allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('ff') / 'ff.sqlite3'}", free_port())
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def firefox():
    assert FIREFOX is not None, "CI must install firefox-esr"
    browser = Firefox(FIREFOX, free_port())
    yield browser
    browser.close()


#: per game, what its board highlights when the human may move (``BOARD`` of its tests/games/<id>/tables.py)
LEGAL = {g: declared(g, "tables").BOARD["legal"] for g in realms.games.ids()}

# One script, so nothing can re-render between finding the target and clicking it: clicks what the board
# highlights only while the page says a move is offered, and answers whether the click became a move.
CLICK_HIGHLIGHTED = """
    if (document.body.dataset.ready !== 'mine') return false;
    const target = document.querySelector(arguments[0]);
    if (target === null) return false;
    target.click();
    return document.body.dataset.ready === 'busy';"""


def wait_ready(firefox, *states: str) -> str:
    """Until the page's ready signal (``body[data-ready]``, set by the client) is one of ``states``."""
    return firefox.wait_for(f"return {list(states)!r}.includes(document.body.dataset.ready) && "
                            "document.body.dataset.ready")


def test_lobby_and_a_kingdomino_table_work_in_firefox(firefox, server):
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    assert firefox.run("return [...document.querySelectorAll('#game option')].map(o => o.value)") == realms.games.ids()
    firefox.run("""
        const p = document.querySelector('[name=players]');
        p.value = '2'; p.dispatchEvent(new Event('change'));
        const seat = document.querySelector("select[data-seat='1']"); seat.value = 'bot:greedy';
        seat.dispatchEvent(new Event('change'));
        document.querySelector('#create').click();""")
    firefox.wait_for("return location.pathname.startsWith('/play/')")
    firefox.wait_for("return document.querySelectorAll('.kd-kingdom').length === 2")
    moves = 0
    for _ in range(60):  # a few moves by clicking what the board highlights
        if moves == 6:
            break
        wait_ready(firefox, "mine")
        if firefox.run(CLICK_HIGHLIGHTED, LEGAL["kingdomino"]):
            moves += 1
            wait_ready(firefox, "mine", "waiting", "over")
            assert firefox.run("return document.querySelector('#error').textContent") == ""
    assert moves == 6
    log = firefox.wait_for("return document.querySelector('#log').innerText")
    assert "You " in log and "greedy (2)" in log  # seats named as on the board


@pytest.mark.parametrize("game", realms.games.ids())
def test_create_with_the_lobby_defaults_reaches_a_playable_board_in_firefox(firefox, server, game):
    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    firefox.run("""
        const g = document.querySelector('#game'); g.value = arguments[0]; g.dispatchEvent(new Event('change'));""",
                game)
    seats = firefox.run("return [...document.querySelectorAll('#seats select')].map(s => s.value)")
    assert seats[0] == "creator" and all(v.startswith("bot:") for v in seats[1:]), seats
    firefox.run("document.querySelector('#create').click()")
    firefox.wait_for("return location.pathname.startsWith('/play/')")
    wait_ready(firefox, "mine")
    assert firefox.run("return document.querySelector('#status').textContent") == "Your move"
    assert firefox.run("return document.querySelectorAll(arguments[0]).length", LEGAL[game]) >= 1


def test_dominion_board_renders_in_firefox(firefox, server):
    import httpx

    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "seats": ["human", "bot:big-money"]}).json()
    firefox.navigate(server.base + made["seats"][0]["join_url"])
    firefox.wait_for("return document.querySelectorAll('#dm-supply .dm-card').length >= 17")
    firefox.wait_for("return document.querySelector('#dm-hand') !== null")
    assert firefox.run("return document.querySelectorAll('#dm-hand .dm-card').length") == 5


def test_an_invitation_seat_from_the_lobby_form_in_firefox(firefox, server):
    import httpx

    firefox.navigate(server.base + "/")
    wait_ready(firefox, "lobby")
    firefox.run("""
        const g = document.querySelector('#game'); g.value = 'kingdomino'; g.dispatchEvent(new Event('change'));
        const p = document.querySelector('[name=players]'); p.value = '2'; p.dispatchEvent(new Event('change'));
        const s = document.querySelector("select[data-seat='1']"); s.value = 'invite';
        s.dispatchEvent(new Event('change'));
        document.querySelector('#create').click();""")
    wait_ready(firefox, "mine", "waiting")
    gid = firefox.run("return location.pathname.split('/')[2]")
    link = firefox.wait_for("return document.querySelector('#share input.invite-link')?.value")
    assert "#invite=" in link and firefox.run(f"return sessionStorage.getItem('realms.seat.{gid}')") not in link
    # revoke: a new link, the old one refused
    firefox.run("document.querySelector('#share button.revoke').click()")
    new = firefox.wait_for("const v = document.querySelector('#share input.invite-link')?.value; "
                           f"return v !== {link!r} && v")
    code = new.split("#invite=")[1]
    old = link.split("#invite=")[1]
    assert httpx.post(f"{server.base}/api/games/{gid}/join", json={"invite": old}).status_code == 403
    # the creator opening their own invitation is told so, and the link is not used up
    firefox.navigate(new)
    wait_ready(firefox, "error")
    assert "invitation link you made for seat 2" in firefox.run("return document.querySelector('#app').textContent")
    assert httpx.post(f"{server.base}/api/games/{gid}/join", json={"invite": code}).status_code == 200
