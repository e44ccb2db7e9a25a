"""A browser sent to an address the server does not know gets a page that says so, not a line of JSON.

Seen: /nope in the browser showed {"detail":"Not Found"}. A browser's navigation (it accepts text/html) gets the
app's page with status 404, which words "page not found" in the reader's language; the API, the static files
and any client that asks for JSON keep the JSON answer.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from realms.server.app import create_app

HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'nf.sqlite3'}", bot_delay=0)) as c:
        yield c


@pytest.mark.parametrize("path", ["/nope", "/play", "/lobby/x/y", "/index.htm"])
def test_a_browser_navigation_to_an_unknown_address_gets_the_app_page_with_404(client, path):
    r = client.get(path, headers={"accept": HTML})
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/app.js">' in r.text
    assert "content-security-policy" in r.headers  # the page's usual headers


@pytest.mark.parametrize("path", ["/api/nope", "/static/nope.js", "/nope"])
def test_the_api_static_files_and_json_clients_keep_the_json_404(client, path):
    accept = HTML if path != "/nope" else "application/json"
    r = client.get(path, headers={"accept": accept})
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")
    assert r.json() == {"detail": "Not Found"}


def test_a_post_to_an_unknown_address_is_not_a_page(client):
    r = client.post("/nope", headers={"accept": HTML})
    assert r.status_code in (404, 405) and r.headers["content-type"].startswith("application/json")
