"""The session cookie, read in one place: the CSRF guard (``realms.server.security``) and the account
lookup (``realms.server.accounts``) both call ``session_cookie``, so they always mean the same cookie.

- Over https the cookie is ``__Host-realms_session`` (the browser takes it only with ``Secure``,
  ``Path=/`` and no ``Domain``, so a neighbouring subdomain or a plain-http page cannot plant one);
  over plain http it is ``realms_session``. Only the name of the request's own scheme is read.
- A request that carries that cookie more than once (in one ``Cookie`` header or across several) is
  refused: ``TwoSessionCookies``, which the guard answers with 400 before anything runs. Which of two
  cookies is "the" session would otherwise be a matter of who reads first or last.
"""

from __future__ import annotations

from typing import Any

COOKIE = "realms_session"
HOST_COOKIE = "__Host-" + COOKIE
REFUSED = "the session cookie is sent more than once: clear this site's cookies and sign in again"


class TwoSessionCookies(ValueError):
    """The request carries the session cookie more than once."""

    def __init__(self) -> None:
        super().__init__(REFUSED)


def cookie_name(https: bool) -> str:
    """The session cookie's name for a request served over https or not."""
    return HOST_COOKIE if https else COOKIE


def session_cookie(headers: Any, https: bool) -> str | None:
    """The session cookie in raw ASGI headers (every ``Cookie`` header read), or None when it is absent or
    empty; raises ``TwoSessionCookies`` when it is there more than once."""
    name = cookie_name(https).encode()
    found: list[bytes] = []
    for key, value in headers:
        if key == b"cookie" and name in value:
            for part in value.split(b";"):
                k, sep, v = part.strip().partition(b"=")
                if sep and k.strip() == name:
                    found.append(v.strip())
    if len(found) > 1:
        raise TwoSessionCookies()
    return found[0].decode("latin-1") if found and found[0] else None
