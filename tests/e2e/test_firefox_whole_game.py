"""Boards that show the whole game in Firefox (firefox-esr over Marionette): the domino list, Burgundy's central
board, the replay by key, the calculator, and text contrast; screenshots at 1280 and 390 wide."""

from __future__ import annotations

import base64
import time
from pathlib import Path

import httpx

from tests.e2e import test_firefox as shared

server, firefox = shared.server, shared.firefox
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
SHOTS = Path("/tmp")


def shot(firefox, name: str) -> None:
    data = firefox.command("WebDriver:TakeScreenshot", {"full": True, "hash": False})["value"]
    (SHOTS / f"ff-{name}.png").write_bytes(base64.b64decode(data))


def size(firefox, width: int, height: int) -> None:
    firefox.command("WebDriver:SetWindowRect", {"width": width, "height": height})


def contrast_failures(firefox):
    return firefox.run(f"return ({CONTRAST})(4.5)")


def test_kingdomino_and_burgundy_boards_in_firefox_at_desktop_and_phone_width(firefox, server):
    for width, height in ((1280, 900), (390, 844)):
        size(firefox, width, height)
        made = httpx.post(server.base + "/api/games", json={"game": "kingdomino", "options": {"players": 2},
                                                            "seats": ["creator", "bot:greedy"]}).json()
        firefox.navigate(f"{server.base}/play/{made['id']}#token={made['seats'][0]['token']}")
        shared.wait_ready(firefox, "mine")
        states = firefox.run("return [...document.querySelectorAll('#kd-dominoes .kd-list .kd-mini')]"
                             ".map(n => n.dataset.state)")
        assert len(states) == 48 and "maybe" in states
        if width == 390:  # (headless Firefox may keep a window wider than asked: compare with its own width)
            inner = firefox.run("return window.innerWidth")
            assert firefox.run("return document.documentElement.scrollWidth") <= inner, inner
        else:
            assert contrast_failures(firefox) == []
        shot(firefox, f"kingdomino-{width}")
        made = httpx.post(server.base + "/api/games",
                          json={"game": "burgundy", "seats": ["creator", "bot:random"]}).json()
        firefox.navigate(f"{server.base}/play/{made['id']}#token={made['seats'][0]['token']}")
        shared.wait_ready(firefox, "mine")
        assert firefox.run("return document.querySelectorAll('#bg-central .bg-phases li').length") == 5
        assert firefox.run("return document.querySelectorAll('#bg-bonus tr[data-type]').length") == 6
        if width == 1280:
            assert contrast_failures(firefox) == []
        shot(firefox, f"burgundy-{width}")
    size(firefox, 1280, 900)


def test_replay_keys_and_the_calculator_in_firefox(firefox, server):
    size(firefox, 1280, 900)
    gid = httpx.post(server.base + "/api/games",
                     json={"game": "kingdomino", "seats": ["bot:random", "bot:greedy"]}).json()["id"]
    for _ in range(400):
        if httpx.get(f"{server.base}/api/games/{gid}").json()["finished"]:
            break
        time.sleep(0.05)
    first = httpx.get(f"{server.base}/api/games/{gid}/replay", params={"step": 0}).json()
    firefox.navigate(f"{server.base}/replay/{gid}")
    shared.wait_ready(firefox, "replay")
    key = "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], bubbles: true}))"
    step = "return document.querySelector('#step').textContent.split(' ')[1]"
    firefox.run(key, "End")
    firefox.wait_for(f"return document.querySelector('#step').textContent.split(' ')[1] === '{first['steps']}'")
    firefox.wait_for("return document.querySelector('#final-scores') !== null")
    firefox.run(key, "Home")
    firefox.wait_for(f"{step} === '0'")
    firefox.run(key, "ArrowDown")
    firefox.wait_for(f"{step} === '{first['turn_starts'][1]}'")
    firefox.run(key, "ArrowRight")
    firefox.wait_for(f"{step} === '{first['turn_starts'][1] + 1}'")
    shot(firefox, "replay")

    firefox.navigate(server.base + "/calculator")
    shared.wait_ready(firefox, "calculator")
    firefox.wait_for("return document.querySelector('#calc-total') !== null")
    firefox.run("document.querySelector('#calc-example').click()")
    firefox.wait_for("return document.querySelector('#calc-total')?.textContent === '21'")
    firefox.run("const t = document.querySelector('#calc-text'); t.value = 'F1 C\\nF0 Z1';"
                "document.querySelector('#calc-score').click()")
    firefox.wait_for("return document.querySelector('#calc-error').textContent.includes('row 2, column 2')")
    assert contrast_failures(firefox) == []
    shot(firefox, "calculator")
