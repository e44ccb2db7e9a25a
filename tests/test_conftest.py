"""tests/conftest.py: httpx's default SSL context is built once per test process, anything else as httpx does."""

from __future__ import annotations

import ssl

import httpx
import httpx._transports.default as transports
import pytest

from tests import conftest

pytestmark = pytest.mark.skipif(conftest._build is None, reason="this httpx has no create_ssl_context hook")


def test_the_default_context_is_built_once_and_still_verifies():
    first, second = transports.create_ssl_context(), transports.create_ssl_context(verify=True)
    assert first is second
    assert first.verify_mode == ssl.CERT_REQUIRED and first.check_hostname
    assert first.get_ca_certs() or first.cert_store_stats()["x509_ca"] > 0  # certifi's bundle is loaded


def test_clients_built_by_top_level_calls_share_it():
    built = []
    real = conftest._build

    def counting(**kw):
        built.append(kw)
        return real(**kw)

    conftest._default_context.cache_clear()
    conftest._build = counting
    try:
        for _ in range(3):
            httpx.Client().close()
    finally:
        conftest._build = real
    assert len(built) == 1


def test_other_settings_are_built_each_time_as_httpx_builds_them():
    off = transports.create_ssl_context(verify=False)
    assert off is not transports.create_ssl_context()
    assert off.verify_mode == ssl.CERT_NONE and not off.check_hostname
    assert transports.create_ssl_context(verify=False) is not off
    mine = ssl.create_default_context()
    assert transports.create_ssl_context(verify=mine) is mine

