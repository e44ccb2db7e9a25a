"""Shared by every test.

httpx's top-level calls (``httpx.get``, ``httpx.post``, ...) build a new Client each time, and each Client
builds a new SSL context, loading certifi's whole CA bundle (20-30 ms of CPU a call, where the request itself to
a server on loopback takes 1-2 ms). The tests make thousands of such calls to their plain-HTTP servers, so the
default context (``verify=True``, no client certificate) is built once per test process and shared: an
``ssl.SSLContext`` may serve any number of clients, and every call still opens its own connection as before.
Any other ``verify`` or ``cert`` is built as httpx builds it. With an httpx whose internals differ (the hook
is missing), nothing is changed: the tests are only slower.

The servers the tests start (``realms serve`` in a process of its own) do not load every game's searches in their
bot workers at start-up (REALMS_BOT_WARM=0): most never run a search, and the tests that do load what they use at
their first move. tests/server/test_bot_pool.py checks the warm start itself."""

from __future__ import annotations

import functools
import os

import httpx._transports.default as _httpx_transports

_build = getattr(_httpx_transports, "create_ssl_context", None)


@functools.cache
def _default_context(trust_env: bool):
    assert _build is not None
    return _build(verify=True, cert=None, trust_env=trust_env)


def _create_ssl_context(verify=True, cert=None, trust_env=True):
    if verify is True and cert is None:
        return _default_context(bool(trust_env))
    assert _build is not None
    return _build(verify=verify, cert=cert, trust_env=trust_env)


if _build is not None:
    _httpx_transports.create_ssl_context = _create_ssl_context

os.environ.setdefault("REALMS_BOT_WARM", "0")
