"""Accounts in Firefox (firefox-esr over Marionette): sign up, sign out, sign in, and a signed-in player's table
linked to the account (its CSRF-protected create went through)."""

from __future__ import annotations

import uuid

import httpx

from tests.e2e.test_firefox import firefox, server, wait_ready  # noqa: F401  (fixtures)

PASSWORD = "firefox keeps this one"


def fill_and_click(firefox, name, password, button):  # noqa: F811
    firefox.run("""
        const [name, password, button] = arguments;
        document.querySelector('#account-user').value = name;
        document.querySelector('#account-password').value = password;
        document.querySelector(button).click();""", name, password, button)


def test_sign_up_out_and_in_in_firefox(firefox, server):  # noqa: F811
    name = f"ff{uuid.uuid4().hex[:8]}"
    firefox.navigate(server.base + "/account")
    wait_ready(firefox, "account")
    fill_and_click(firefox, name, PASSWORD, "#signup")
    wait_ready(firefox, "lobby")
    assert firefox.run("return document.querySelector('#account-name').textContent") == name
    assert "realms_session" not in firefox.run("return document.cookie")  # HttpOnly
    # a table made while signed in (the POST carries the CSRF token) is linked to the account
    firefox.run("""
        const p = document.querySelector('[name=players]'); p.value = '2'; p.dispatchEvent(new Event('change'));
        document.querySelector('#pace').value = 'turn';
        document.querySelector('#create').click();""")
    wait_ready(firefox, "mine", "waiting")
    gid = firefox.run("return location.pathname.split('/')[2]")
    seats = httpx.get(f"{server.base}/api/games/{gid}").json()["seats"]
    assert seats[0]["name"] == name
    firefox.run("document.querySelector('#signout').click()")
    firefox.wait_for("return document.querySelector('#signin-link') !== null && location.pathname === '/'")
    firefox.navigate(server.base + "/account")
    wait_ready(firefox, "account")
    fill_and_click(firefox, name, "a wrong password", "#signin")
    firefox.wait_for("return document.querySelector('#account-error').textContent.includes('wrong name or password')")
    fill_and_click(firefox, name, PASSWORD, "#signin")
    wait_ready(firefox, "lobby")
    assert firefox.run("return document.querySelector('#account-name').textContent") == name
    # the player's page lists the table
    firefox.navigate(f"{server.base}/players/{name}")
    wait_ready(firefox, "player")
    assert firefox.run(f"return document.querySelector(\"#in-progress li[data-game='{gid}']\") !== null")
