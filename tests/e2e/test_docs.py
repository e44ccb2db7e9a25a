"""The API documentation renders in chromium with every request going to this server (it works offline)."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.support import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (CI installs it)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


def test_docs_render_the_operations_without_asking_another_host(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'docs.sqlite3'}", free_port())
    server.start()
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            page = browser.new_page()
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(server.base + "/docs")
            page.wait_for_selector(".opblock-summary-path")
            paths = page.eval_on_selector_all(".opblock-summary-path", "els => els.map(e => e.textContent)")
            browser.close()
    finally:
        server.stop()
    assert any("/api/games" in p for p in paths), paths
    elsewhere = [u for u in requests if not u.startswith(server.base) and not u.startswith("data:")]
    assert not elsewhere, elsewhere
