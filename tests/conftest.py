"""Shared by every test.

httpx's top-level calls (``httpx.get``, ``httpx.post``, ...) build a new Client each time, and each Client
builds a new SSL context, loading certifi's whole CA bundle (20-30 ms of CPU a call, where the request itself to
a server on loopback takes 1-2 ms). The tests make thousands of such calls to their plain-HTTP servers, so the
default context (``verify=True``, no client certificate) is built once per test process and shared: an
``ssl.SSLContext`` may serve any number of clients, and every call still opens its own connection as before.
Any other ``verify`` or ``cert`` is built as httpx builds it. With an httpx whose internals differ (the hook
is missing), nothing is changed: the tests are only slower."""

from __future__ import annotations

import functools

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
