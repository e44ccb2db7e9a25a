"""End-to-end seats: the lobby offers only open seats; a joiner's secret leaves the address bar; an
invitation link is redeemed by the page (once) and the seat kept across a reload."""

from __future__ import annotations

import re

import httpx

from tests.e2e.test_browser import browser, page, server  # noqa: F401  (fixtures)

READY = "body[data-ready=mine], body[data-ready=waiting]"  # a game page shown (selectors: the CSP forbids eval)


def create(server, seats):  # noqa: F811
    return httpx.post(server.base + "/api/games", json={"game": "kingdomino", "seats": seats}).json()


def test_the_lobby_shows_invitations_and_offers_only_open_seats(page, server):  # noqa: F811
    made = create(server, ["creator", "invite", "open", "bot:random"])
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready=lobby]")
    row = page.locator("ul.tables li", has=page.locator(f"a[href='/play/{made['id']}']"))
    text = row.inner_text()
    assert "seat 1: host" in text and "seat 2: invitation only" in text and "seat 3: open" in text
    assert [b.inner_text() for b in row.locator("button").all()] == ["join seat 3"]
    row.locator("button").click()
    page.wait_for_url(re.compile(rf"/play/{made['id']}$"))
    page.wait_for_selector(READY)
    assert "token" not in page.url
    assert page.evaluate(f"sessionStorage.getItem('realms.seat.{made['id']}')")
    assert httpx.post(f"{server.base}/api/games/{made['id']}/join", json={"seat": 2}).status_code == 409


def test_an_invitation_link_is_redeemed_once_and_the_seat_survives_a_reload(page, server):  # noqa: F811
    made = create(server, ["creator", "invite"])
    page.goto(server.base + made["seats"][1]["join_url"])
    page.wait_for_selector(READY)
    assert page.url == f"{server.base}/play/{made['id']}"
    secret = page.evaluate(f"sessionStorage.getItem('realms.seat.{made['id']}')")
    mine = httpx.get(f"{server.base}/api/games/{made['id']}", params={"token": secret}).json()
    assert mine["seat"] == 1
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate(f"sessionStorage.getItem('realms.seat.{made['id']}')") == secret
    # the code is used up
    again = httpx.post(f"{server.base}/api/games/{made['id']}/join", json={"invite": made["seats"][1]["invite"]})
    assert again.status_code == 409
