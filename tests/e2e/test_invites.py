"""The lobby's seat menu (You / Friend: invitation link / Anyone: open seat / bots), the share panel after
Create, invitation links redeemed once in other browsers, and the creator's revoke (chromium, Playwright).

Set REALMS_SCREENSHOTS=DIR to keep screenshots of the form and the share panel (desktop and phone)."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager

import httpx

from tests.e2e.test_browser import browser, server  # noqa: F401  (fixtures)

SHOTS = os.environ.get("REALMS_SCREENSHOTS")
READY = "body[data-ready=mine], body[data-ready=waiting]"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@contextmanager
def tab(browser, viewport=DESKTOP, **kw):  # noqa: F811
    """A page in a fresh browser context (its own storage: another person's browser)."""
    context = browser.new_context(viewport=viewport, **kw)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, errors


def shot(page, name: str, selector: str | None = None) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        target = page.locator(selector) if selector else page
        target.screenshot(path=os.path.join(SHOTS, f"{name}.png"), **({} if selector else {"full_page": True}))


def create_with_friend(page, server, seats=("creator", "invite"), name=None) -> str:  # noqa: F811
    """Create a Kingdomino table from the lobby form with the given seat kinds; returns the game id."""
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready=lobby]")
    page.select_option("#game", "kingdomino")
    page.fill("[name=players]", str(len(seats)))
    page.dispatch_event("[name=players]", "change")
    assert page.locator("#seats select").count() == len(seats)
    for i, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{i}']", kind)
    if name:
        shot(page, name)
    page.click("#create")
    page.wait_for_selector("#share .invite-link, #share .open-seat")
    return re.search(r"/play/([^/#?]+)", page.url).group(1) if "/play/" in page.url else \
        page.get_attribute("#share", "data-game")


def link_of(page, seat: int) -> str:
    return page.input_value(f"#share [data-seat='{seat}'] input.invite-link")


def test_the_seat_menu_offers_you_a_friend_anyone_and_the_games_bots(browser, server):  # noqa: F811
    with tab(browser) as page:
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready=lobby]")
        page.select_option("#game", "kingdomino")
        menus = page.eval_on_selector_all(
            "#seats select", "els => els.map(s => [s.value, [...s.options].map(o => [o.value, o.text])])")
        people = [o[:2] for o in menus[0][1] if not o[0].startswith("bot:")]  # the levels come first
        assert people == [["creator", "You"], ["invite", "Friend — invitation link"],
                          ["open", "Anyone — open seat in the lobby"]]
        assert "human" not in [v for v, _ in menus[0][1]]
        assert menus[0][0] == "creator" and menus[1][0].startswith("bot:")


def test_a_friends_invitation_is_not_the_creators_secret_and_is_redeemed_once(browser, server):  # noqa: F811
    with tab(browser) as creator:
        creator.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
        gid = create_with_friend(creator, server, name="form-desktop")
        # the creator is taken to their own seat, with the invitation to share on the same page
        creator.wait_for_selector(READY)
        assert creator.url == f"{server.base}/play/{gid}"
        mine = creator.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")
        assert httpx.get(f"{server.base}/api/games/{gid}", params={"token": mine}).json()["seat"] == 0
        assert creator.evaluate(f"localStorage.getItem('realms.owner.{gid}')")
        link = link_of(creator, 1)
        assert "#invite=" in link and "#token=" not in link and mine not in link
        panel = creator.inner_text("#share")
        assert "once" in panel and "Seat 2" in panel
        creator.click("#share [data-seat='1'] button.copy")
        creator.wait_for_selector("#share [data-seat='1'] .copied:has-text('Copied')")
        assert creator.evaluate("navigator.clipboard.readText()") == link
        shot(creator, "share-desktop")

        # a friend opens it in their own browser: seat 2, with a secret of their own
        with tab(browser) as friend:
            friend.goto(link)
            friend.wait_for_selector(READY)
            assert friend.url == f"{server.base}/play/{gid}"
            theirs = friend.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")
            assert theirs and theirs != mine
            assert httpx.get(f"{server.base}/api/games/{gid}", params={"token": theirs}).json()["seat"] == 1
            # reopening their own link in their browser keeps their seat
            friend.goto(link)
            friend.wait_for_selector(READY)
            assert friend.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')") == theirs

        # the creator sees the seat taken: nothing left to share or revoke
        creator.wait_for_selector("#share button.revoke", state="detached")
        assert creator.locator("#share .invite-link").count() == 0

        # anyone else opening the same link is refused, and told why
        with tab(browser) as third:
            third.goto(link)
            third.wait_for_selector("body[data-ready=error]")
            text = third.inner_text("#app")
            assert "already been used" in text and "works only once" in text
            assert third.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')") is None


def test_the_creator_revokes_an_unclaimed_invitation_and_gets_a_new_link(browser, server):  # noqa: F811
    with tab(browser) as creator:
        gid = create_with_friend(creator, server)
        creator.wait_for_selector(READY)
        old = link_of(creator, 1)
        creator.click("#share [data-seat='1'] button.revoke")
        creator.wait_for_function(
            f"() => document.querySelector(\"#share [data-seat='1'] input.invite-link\")?.value !== {old!r}")
        new = link_of(creator, 1)
        assert "#invite=" in new and new != old
        assert "no longer works" in creator.inner_text("#share")
        # a reload keeps the new link (kept in this browser with the owner secret)
        creator.reload()
        creator.wait_for_selector(READY)
        assert link_of(creator, 1) == new

        with tab(browser) as late:
            late.goto(old)
            late.wait_for_selector("body[data-ready=error]")
            assert "revoked" in late.inner_text("#app")
        with tab(browser) as friend:
            friend.goto(new)
            friend.wait_for_selector(READY)
            theirs = friend.evaluate(f"sessionStorage.getItem('realms.seat.{gid}')")
            assert httpx.get(f"{server.base}/api/games/{gid}", params={"token": theirs}).json()["seat"] == 1
        creator.wait_for_selector("#share button.revoke", state="detached")


def test_an_open_seat_is_listed_in_the_lobby_and_a_spectating_creator_stays_to_share(browser, server):  # noqa: F811
    with tab(browser) as creator:
        gid = create_with_friend(creator, server, seats=("invite", "open"))
        # no seat of their own: the creator stays in the lobby with the links to share
        assert "/play/" not in creator.url
        panel = creator.inner_text("#share")
        assert "listed in the lobby" in panel and "once" in panel
        assert "#invite=" in link_of(creator, 0)
        assert creator.locator(f"#share a[href='/play/{gid}']").count() == 1  # watch the table
        # the lobby offers the open seat, and the creator can revoke it into an invitation
        creator.click("#share [data-seat='1'] button.revoke")
        creator.wait_for_selector("#share [data-seat='1'] input.invite-link")
        assert "#invite=" in link_of(creator, 1)
        # with invitations only, nobody can take a seat from the lobby: the table is no longer listed there
        listed = httpx.get(f"{server.base}/api/games").json()["games"]
        assert gid not in [t["id"] for t in listed]


def test_the_form_and_the_share_panel_fit_a_phone(browser, server):  # noqa: F811
    with tab(browser, viewport=PHONE, is_mobile=True, has_touch=True) as phone:
        create_with_friend(phone, server, seats=("creator", "invite", "open"), name="form-phone")
        phone.wait_for_selector(READY)
        assert phone.locator("#share").is_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = phone.locator("#share [data-seat='1'] button.copy").bounding_box()
        assert box and box["x"] + box["width"] <= PHONE["width"]
        shot(phone, "share-phone")
