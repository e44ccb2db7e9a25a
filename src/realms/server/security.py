"""The guard in front of every request: allowed hosts and origins, per-client rate limits, body limits and
content type, security headers.

It runs as the outermost layer of the application (``RealmsApp`` calls it before anything else, the fast
action route included):

- ``Host`` must name one of ``Settings.allowed_hosts`` (port ignored), else 400: a page elsewhere cannot
  reach a server on the player's machine through a name it rebinds to 127.0.0.1 (DNS rebinding);
- a WebSocket handshake carrying an ``Origin`` must come from an allowed host, else it is refused (403);
- each request is charged to its client's bucket ("create" for ``POST /api/games``, "read" for everything
  else but action POSTs, which are limited per seat): an empty bucket answers 429 with Retry-After;
- a POST with a body must say ``Content-Type: application/json`` (415 otherwise), and its body is read
  whole before the application sees it, at most 64 KiB (413 over that, declared or chunked);
- a state-changing request (POST, PUT, PATCH, DELETE) from another site is refused (403): an ``Origin`` that
  names a host not allowed (or "null"), or ``Sec-Fetch-Site: cross-site``/``same-site``; one carrying the
  session cookie must also carry the CSRF token that goes with it in ``X-CSRF-Token`` (see
  ``realms.server.accounts``; the cookie is read by ``realms.server.session``, as the accounts read it, and
  a request carrying it twice is refused, 400, WebSocket handshakes included). Requests without the cookie
  carry their authority (a seat's secret) in the body, so they need no token: guests, scripts and the load
  generators work as before;
- every HTTP answer carries the security headers below (HSTS only over https, told by the connection or
  by a trusted proxy's X-Forwarded-Proto).
"""

from __future__ import annotations

import secrets
from typing import Any

import orjson

from realms.server.limits import CLIENT, Limits, RateLimited, Settings
from realms.server.session import TwoSessionCookies, session_cookie

MAX_BODY = 64 * 1024

#: the browser client is plain ES modules and one stylesheet from this server, with no inline script or
#: style (it styles elements through the CSSOM, which CSP does not restrict); its WebSocket goes to this same
#: host (ws: and wss: named for browsers that do not count them as 'self'). /docs (Swagger UI) needs one
#: inline script, allowed on that page alone.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self' ws: wss:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
DOCS_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000")


def host_name(value: str) -> str:
    """The host of a Host header or an origin's authority, without the port or IPv6 brackets, lowercased."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    if value.count(":") == 1:
        return value.split(":", 1)[0]
    return value


def _plain(status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None) -> tuple[int, list, bytes]:
    body = orjson.dumps({"detail": text})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    return status, headers + (extra or []), body


class Guard:
    """See the module docstring. ``await guard(scope, receive, send, app)``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = Limits(settings)
        self.hosts = {h.lower().strip("[]") for h in settings.allowed_hosts}
        self.any_host = "*" in self.hosts
        #: the session cookie's CSRF token: (cookie) -> token; None: no accounts (set by the app)
        self.csrf: Any = None

    def cross_site(self, scope: dict[str, Any]) -> str | None:
        """Why a state-changing request is refused as cross-site (or without its CSRF token), or None."""
        cookie = session_cookie(scope.get("headers", ()), self.limits.scheme_of(scope) == "https")
        token = None
        for name, value in scope.get("headers", ()):
            if name == b"origin":
                origin = value.decode("latin-1").strip().lower()
                if "://" not in origin or not (self.any_host or host_name(
                        origin.split("://", 1)[1].split("/", 1)[0]) in self.hosts):
                    return "a request from another site is refused"
            elif name == b"sec-fetch-site":
                if value.strip().lower() in (b"cross-site", b"same-site"):
                    return "a request from another site is refused"
            elif name == b"x-csrf-token":
                token = value.decode("latin-1")
        if cookie and self.csrf is not None:
            if token is None or not secrets.compare_digest(token.encode(), self.csrf(cookie).encode()):
                return "missing or wrong CSRF token (X-CSRF-Token): reload the page"
        return None

    def _one_session_cookie(self, scope: dict[str, Any]) -> bool:
        try:
            session_cookie(scope.get("headers", ()), self.limits.scheme_of(scope) == "https")
        except TwoSessionCookies:
            return False
        return True

    def host_ok(self, scope: dict[str, Any]) -> bool:
        if self.any_host:
            return True
        for name, value in scope.get("headers", ()):
            if name == b"host":
                return host_name(value.decode("latin-1")) in self.hosts
        return False  # HTTP/1.1 requires Host

    def origin_ok(self, scope: dict[str, Any]) -> bool:
        for name, value in scope.get("headers", ()):
            if name == b"origin":
                origin = value.decode("latin-1").strip().lower()
                if "://" not in origin:
                    return False  # "null" and the like
                authority = origin.split("://", 1)[1].split("/", 1)[0]
                return self.any_host or host_name(authority) in self.hosts
        return True  # not a browser: nothing to protect against

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any, app: Any) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await app(scope, receive, send)
            return
        if kind == "websocket":
            await self._websocket(scope, receive, send, app)
            return
        https = self.limits.scheme_of(scope) == "https"
        path = scope.get("path", "")
        extra = list(HEADERS)
        extra.append((b"content-security-policy", (DOCS_CSP if path.startswith("/docs") else CSP).encode()))
        if https:
            extra.append(HSTS)

        async def answer(status: int, headers: list, body: bytes) -> None:
            await send({"type": "http.response.start", "status": status, "headers": headers + extra})
            await send({"type": "http.response.body", "body": body})

        if not self.host_ok(scope):
            await answer(*_plain(400, "this server does not answer to that host name"))
            return
        try:
            session_cookie(scope.get("headers", ()), https)
        except TwoSessionCookies as e:
            await answer(*_plain(400, str(e)))
            return
        client = self.limits.client_of(scope)
        CLIENT.set(client)
        method = scope.get("method", "GET")
        is_action = method == "POST" and path.startswith("/api/games/") and path.endswith("/actions")
        if not is_action:
            try:
                self.limits.charge("create" if method == "POST" and path.rstrip("/") == "/api/games" else "read",
                                   client)
            except RateLimited as e:
                wait = str(max(1, round(e.retry_after))).encode()
                await answer(*_plain(429, f"too many requests ({e.what}): slow down", [(b"retry-after", wait)]))
                return
        if method in ("POST", "PUT", "PATCH", "DELETE"):
            why = self.cross_site(scope)
            if why is not None:
                await answer(*_plain(403, why))
                return
        headers = scope.get("headers", ())
        declared = None
        ctype = b""
        chunked = False
        for name, value in headers:
            if name == b"content-length":
                declared = int(value) if value.isdigit() else -1
            elif name == b"content-type":
                ctype = value
            elif name == b"transfer-encoding":
                chunked = True
        if method in ("POST", "PUT", "PATCH"):
            if (declared or chunked) and ctype.split(b";")[0].strip().lower() != b"application/json":
                await answer(*_plain(415, "send the body as application/json"))
                return
            if declared is not None and declared > MAX_BODY:
                await answer(*_plain(413, f"request body over {MAX_BODY // 1024} KiB"))
                return
            # the whole body first (the protocol's body timeout bounds how long that may take)
            chunks: list[bytes] = []
            size = 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > MAX_BODY:
                    await answer(*_plain(413, f"request body over {MAX_BODY // 1024} KiB"))
                    return
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            receive = replay

        async def secured(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", ())) + extra}
            await send(message)

        await app(scope, receive, secured)

    async def _websocket(self, scope: dict[str, Any], receive: Any, send: Any, app: Any) -> None:
        refuse = None
        if not self.host_ok(scope):
            refuse = "host"
        elif not self.origin_ok(scope):
            refuse = "origin"
        elif not self._one_session_cookie(scope):
            refuse = "two session cookies"
        else:
            client = self.limits.client_of(scope)
            CLIENT.set(client)
            try:
                self.limits.charge("connect", client)
            except RateLimited:
                refuse = "rate"
        if refuse is not None:
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})  # before accept: the handshake gets 403
            return
        await app(scope, receive, send)
