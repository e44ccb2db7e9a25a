"""Shared by the server tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _test_client_host(monkeypatch):
    """Starlette's TestClient sends ``Host: testserver``: let the apps these tests build answer to it, as an
    operator would with ``--allowed-host`` (every other limit keeps its default)."""
    monkeypatch.setenv("REALMS_ALLOWED_HOSTS", "testserver")
