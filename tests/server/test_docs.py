"""The API documentation pages work offline: every script, style sheet and icon comes from this server."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from realms.server.app import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'docs.sqlite3'}", bot_delay=0)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def asset_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)\s*=\s*["\']([^"\']+)["\']', html)


def test_docs_page_names_no_other_host(client):
    r = client.get("/docs")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    urls = asset_urls(r.text)
    assert urls, "the page names its scripts and styles"
    assert not [u for u in urls if re.match(r"(https?:)?//", u)], urls
    assert not re.search(r"https?://", r.text.split("<body>")[0]), "the head loads nothing from another host"


def test_docs_assets_are_served_with_their_content_types(client):
    html = client.get("/docs").text
    kinds = {".js": "javascript", ".css": "text/css", ".png": "image/png"}
    urls = asset_urls(html)
    assert {u.rsplit(".", 1)[-1] for u in urls} >= {"js", "css"}
    for url in urls:
        r = client.get(url)
        assert r.status_code == 200, url
        suffix = "." + url.rsplit(".", 1)[-1]
        assert kinds[suffix] in r.headers["content-type"], (url, r.headers["content-type"])
        assert len(r.content) > 100
    assert "SwaggerUIBundle" in client.get(next(u for u in urls if u.endswith("bundle.js"))).text
    assert client.get("/openapi.json").status_code == 200


def test_redoc_does_not_point_at_the_internet(client):
    r = client.get("/redoc")
    assert r.status_code == 404 or not re.search(r'src="https?://', r.text)
