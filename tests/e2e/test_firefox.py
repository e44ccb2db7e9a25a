"""The browser client in Firefox (Debian's firefox-esr, driven over Marionette) against a real server."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.e2e.marionette import Firefox
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


def test_lobby_and_a_kingdomino_table_work_in_firefox(firefox, server):
    firefox.navigate(server.base + "/")
    firefox.wait_for("return document.querySelector('#create') !== null")
    assert firefox.run("return [...document.querySelectorAll('#game option')].map(o => o.value)") == [
        "kingdomino", "dominion", "burgundy"]
    firefox.run("""
        const p = document.querySelector('[name=players]');
        p.value = '2'; p.dispatchEvent(new Event('change'));
        const seat = document.querySelector("select[data-seat='1']"); seat.value = 'bot:greedy';
        document.querySelector('#create').click();""")
    firefox.wait_for("return location.pathname.startsWith('/play/')")
    firefox.wait_for("return document.querySelectorAll('.kd-kingdom').length === 2")
    for _ in range(6):  # a few moves by clicking what the board highlights
        firefox.wait_for("return document.querySelector('.kd-domino.pickable, .kd-cell.legal, #discard') !== null")
        firefox.run("document.querySelector('.kd-domino.pickable, .kd-cell.legal, #discard').click()")
        firefox.wait_for("return document.querySelector('#error').textContent === ''")
    log = firefox.wait_for("return document.querySelector('#log').innerText")
    assert "Seat 1" in log and "Seat 2" in log


def test_dominion_board_renders_in_firefox(firefox, server):
    import httpx

    made = httpx.post(server.base + "/api/games", json={"game": "dominion", "seats": ["human", "bot:big-money"]}).json()
    firefox.navigate(server.base + made["seats"][0]["join_url"])
    firefox.wait_for("return document.querySelectorAll('#dm-supply .dm-card').length >= 17")
    firefox.wait_for("return document.querySelector('#dm-hand') !== null")
    assert firefox.run("return document.querySelectorAll('#dm-hand .dm-card').length") == 5
