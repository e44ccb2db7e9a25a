"""The account page's controls in chromium (Playwright, a real server process that mails through a local SMTP
server): the e-mail address, the signed-in browsers (one ended from the list), a new password, signing out
everywhere, and a forgotten password reset through the e-mailed link; the page in French, Russian and Turkish.

Set REALMS_SCREENSHOTS=DIR to keep screenshots of the pages."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.test_accounts import PASSWORD, person, shot, sign_up, unique
from tests.e2e.test_browser import browser  # noqa: F401  (fixture)
from tests.server.smtp import running_smtp
from tests.support import Server, free_port
from tests.web.test_catalogues import load

NEW = "another long enough secret"


@pytest.fixture(scope="module")
def mailing(tmp_path_factory):
    """(server, messages): a server configured to mail through a local SMTP server."""
    with running_smtp() as (host, port, messages), pytest.MonkeyPatch.context() as mp:
        for key, value in {"HOST": host, "PORT": str(port), "SECURITY": "none", "FROM": "realms@example.org"}.items():
            mp.setenv(f"REALMS_SMTP_{key}", value)
        # the tests sign in and out more often than a person would: spared the per-client sign-in budget
        s = Server(f"sqlite:///{tmp_path_factory.mktemp('mail') / 'mail.sqlite3'}", free_port(),
                   ["--exempt-client", "127.0.0.1"])
        s.start()
        yield s, messages
        s.stop()


def other_browser(server, name, password=PASSWORD):
    """The same account signed in elsewhere (a script with its own user agent)."""
    c = httpx.Client(base_url=server.base, headers={"user-agent": "Another browser/1.0"})
    r = c.post("/api/account/signin", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return c


def signed_in(c):
    return c.get("/api/account").json()["user"]


def test_the_account_page_manages_the_password_sessions_and_a_reset_by_email(browser, mailing):  # noqa: F811
    server, messages = mailing
    name = unique()
    with person(browser) as page:
        sign_up(page, server, name)
        elsewhere = other_browser(server, name)
        page.goto(server.base + "/account")
        page.wait_for_selector("#session-list li.session >> nth=1")
        items = page.locator("#session-list li.session")
        assert items.count() == 2
        assert page.locator("#session-list .session-this").count() == 1
        assert "Another browser/1.0" in page.inner_text("#session-list")
        # the e-mail address, with the password
        page.fill("#email-address", "player@example.org")
        page.fill("#email-password", PASSWORD)
        page.click("#email-form-submit")
        page.wait_for_selector("#email-form-said:has-text('Saved.')")
        # end the other browser's session from the list
        other = page.locator("#session-list li.session", has_text="Another browser/1.0")
        other.locator("button.session-end").click()
        expect(page.locator("#session-list li.session")).to_have_count(1)
        assert signed_in(elsewhere) is None
        # a new password: a wrong current one is said, the right one signs every other browser out
        elsewhere = other_browser(server, name)
        page.fill("#password-current", "not my password")
        page.fill("#password-new", NEW)
        page.click("#password-form-submit")
        page.wait_for_selector("#password-form-said.error:has-text('the current password is wrong')")
        page.fill("#password-current", PASSWORD)
        page.fill("#password-new", NEW)
        page.click("#password-form-submit")
        page.wait_for_selector("#password-form-said:has-text('Every other browser is signed out')")
        assert signed_in(elsewhere) is None
        expect(page.locator("#session-list li.session")).to_have_count(1)
        shot(page, "account-manage")
        # still signed in here (a new session, its new CSRF token used): sign out everywhere
        elsewhere = other_browser(server, name, NEW)
        page.click("#signout-everywhere")
        page.wait_for_selector("#account-form")
        assert signed_in(elsewhere) is None
        assert page.locator("#signin-link").count() == 1
        # forgot the password: a link by e-mail
        page.fill("#forgot-name", name)
        page.click("#forgot-form-submit")
        page.wait_for_selector("#forgot-form-said:has-text('a link to set a new password is on its way')")
        shot(page, "account-forgot")
        for _ in range(200):
            if messages:
                break
            time.sleep(0.05)
        (message,) = messages
        assert message["to"] == "player@example.org" and name in message["body"]
        link = re.search(r"http://127\.0\.0\.1:\d+/account\?reset=[\w-]+", message["body"]).group(0)
        page.goto(link)
        page.wait_for_selector("#reset-form")
        shot(page, "account-reset")
        page.fill("#reset-password", PASSWORD)
        page.click("#reset-form-submit")
        page.wait_for_selector("#session-list li.session")
        assert page.inner_text("#account-name") == name


@pytest.mark.parametrize("lang", ["fr", "ru", "tr"])
def test_the_account_page_reads_in_each_language(browser, mailing, lang):  # noqa: F811
    server, _ = mailing
    words = load(lang)
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale=lang)
    try:
        page = context.new_page()
        page.goto(server.base + "/account")
        page.wait_for_selector("#account-forgot h3")
        assert page.inner_text("#account-forgot h3") == words["account.forgot"]
        assert page.inner_text("#forgot-form-submit") == words["account.reset_send"]
        page.fill("#account-user", unique())
        page.fill("#account-password", PASSWORD)
        page.click("#signup")
        page.wait_for_selector("body[data-ready=lobby]")
        page.goto(server.base + "/account")
        page.wait_for_selector("#session-list li.session")
        headings = page.locator("section.panel h3").all_inner_texts()
        assert headings == [words[k] for k in ("account.change_password", "account.email", "account.sessions")]
        assert words["account.session_this"] in page.inner_text("#session-list")
        assert page.inner_text("#signout-everywhere") == words["account.signout_everywhere"]
        shot(page, f"account-{lang}")
        assert page.evaluate("window.__missingKeys") == []
    finally:
        context.close()
