"""The account page's controls in Firefox (firefox-esr over Marionette), on a server that sends no e-mail: the
signed-in browsers (one ended from the list), a new password, signing out everywhere, what to ask the operator
when the password is forgotten, and a reset link that is no good."""

from __future__ import annotations

import uuid

import httpx

from tests.e2e.test_firefox import firefox, server, wait_ready  # noqa: F401  (fixtures)

PASSWORD = "firefox keeps this one"
NEW = "and then another one"


def other_browser(server, name, password=PASSWORD):  # noqa: F811
    c = httpx.Client(base_url=server.base, headers={"user-agent": "Another browser/1.0"})
    assert c.post("/api/account/signin", json={"name": name, "password": password}).status_code == 200
    return c


def fill(firefox, values):  # noqa: F811
    firefox.run("for (const [sel, v] of Object.entries(arguments[0])) document.querySelector(sel).value = v;", values)


def sessions(firefox):  # noqa: F811
    return firefox.run("return [...document.querySelectorAll('#session-list li.session')].map(li => li.textContent)")


def test_the_account_page_in_firefox(firefox, server):  # noqa: F811
    name = f"ff{uuid.uuid4().hex[:8]}"
    firefox.navigate(server.base + "/account")
    wait_ready(firefox, "account")
    # no e-mail from this server: the page says what to ask the operator
    assert "realms reset-password" in firefox.run("return document.querySelector('#reset-by-operator').textContent")
    fill(firefox, {"#account-user": name, "#account-password": PASSWORD})
    firefox.run("document.querySelector('#signup').click()")
    wait_ready(firefox, "lobby")
    elsewhere = other_browser(server, name)
    firefox.navigate(server.base + "/account")
    wait_ready(firefox, "account")
    firefox.wait_for("return document.querySelectorAll('#session-list li.session').length === 2")
    assert sum("this browser" in s for s in sessions(firefox)) == 1
    firefox.run("""[...document.querySelectorAll('#session-list li.session')]
        .find(li => li.textContent.includes('Another browser/1.0')).querySelector('button.session-end').click()""")
    firefox.wait_for("return document.querySelectorAll('#session-list li.session').length === 1")
    assert elsewhere.get("/api/account").json()["user"] is None
    # a new password signs the other browsers out; this one stays signed in
    elsewhere = other_browser(server, name)
    fill(firefox, {"#password-current": PASSWORD, "#password-new": NEW})
    firefox.run("document.querySelector('#password-form-submit').click()")
    firefox.wait_for("return document.querySelector('#password-form-said').textContent.includes('signed out')")
    assert elsewhere.get("/api/account").json()["user"] is None
    firefox.navigate(server.base + "/account")
    wait_ready(firefox, "account")
    assert firefox.run("return document.querySelector('#account-name').textContent") == name
    # sign out everywhere
    elsewhere = other_browser(server, name, NEW)
    firefox.wait_for("return document.querySelector('#signout-everywhere') !== null")
    firefox.run("document.querySelector('#signout-everywhere').click()")
    firefox.wait_for("return document.querySelector('#account-form') !== null")
    assert elsewhere.get("/api/account").json()["user"] is None
    assert firefox.run("return document.querySelector('#signin-link') !== null")
    # a reset link that is no good says so
    firefox.navigate(server.base + "/account?reset=not-a-real-secret")
    wait_ready(firefox, "account")
    fill(firefox, {"#reset-password": NEW + "!"})
    firefox.run("document.querySelector('#reset-form-submit').click()")
    firefox.wait_for("return document.querySelector('#reset-form-said').textContent.includes('ask for a new one')")
