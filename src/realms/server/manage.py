"""What a signed-in player manages on their account page: the password, the e-mail address, the signed-in
browsers (sessions); and the password reset by e-mail.

- ``POST /api/account/password`` ``{current, password}``: a new password (the rules of sign-up). Every session
  of the account ends, and this browser gets a new one (a new cookie and CSRF token in the answer).
- ``GET /api/account/sessions``: the account's sessions (``id``, ``created_at``, ``expires_at``, ``user_agent``,
  ``current``: this browser's) and its e-mail address. ``DELETE /api/account/sessions/{id}`` ends one (this
  browser's too, which signs it out); ``POST /api/account/signout-everywhere`` ends them all. A session's id is
  derived from what the database keeps of its cookie (the SHA-256): neither the cookie nor its hash is shown.
- ``POST /api/account/email`` ``{email, password}``: the address a password reset goes to (empty: none). It
  takes the password, so a borrowed session cannot redirect the account's resets.
- ``POST /api/account/reset`` ``{name, lang}``: when the server sends e-mail (``realms.server.mail``) and the
  account has an address, a link to ``/account?reset=SECRET`` goes there, good for an hour and once; the answer
  is the same whether or not the name exists or has an address (202), and mailing happens after it. Asked
  for at most three times per account and then once per five minutes, and charged to the client's sign-in
  budget. ``POST /api/account/reset/confirm`` ``{token, password}`` sets the password, ends every session and
  every other reset of the account, and signs this browser in.
- ``GET /api/account`` says ``reset_by_email`` (whether resets go by e-mail here); without e-mail an operator
  sets a password with ``realms reset-password NAME`` (``set_password`` below), which ends its sessions too.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine

from realms.server import mail
from realms.server.accounts import Accounts, _hasher, _iso, check_password, cookie_of
from realms.server.db import PasswordResetRow, SessionRow, UserRow, now, secret_hash
from realms.server.limits import Buckets
from realms.server.live import ApiError, epoch
from realms.server.session import cookie_name

log = logging.getLogger("realms.server")
RESET_MINUTES = 60
#: reset e-mails per account: a burst of this many, then one per RESET_EVERY seconds
RESET_BURST, RESET_EVERY = 3, 300
SESSION_ID_RE = re.compile(r"[0-9a-f]{16}")
EMAIL_RE = re.compile(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+")
I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGS = ("en", "fr", "ru", "tr")


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    current: str = Field(max_length=1024)
    password: str = Field(max_length=1024)


class EmailChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str = Field(max_length=254)
    password: str = Field(max_length=1024)


class ResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=64)
    lang: str = Field(default="en", max_length=8)


class ResetConfirm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=200)
    password: str = Field(max_length=1024)


def session_id(token_hash: str) -> str:
    """The id a session is shown and ended by (derived from its cookie's hash; says nothing of the cookie)."""
    return secret_hash("session-id|" + token_hash)[:16]


@functools.cache
def _catalogue(lang: str) -> dict[str, Any]:
    return dict(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")))


def text(lang: str, key: str, **values: Any) -> str:
    """A message of the browser's catalogues (``realms/web/i18n``), in ``lang`` (English when unknown)."""
    words = str(_catalogue(lang if lang in LANGS else "en")[key])
    for k, v in values.items():
        words = words.replace("{" + k + "}", str(v))
    return words


def set_password(engine: Engine, name: str, password: str) -> str:
    """The operator's reset: a new password for the account ``name`` (its rules checked), every session of it
    ended. Returns the account's name as written; ApiError (with what is wrong) for an unknown name or a
    password the rules refuse."""
    key = name.strip().casefold()
    with engine.begin() as conn:
        row = conn.execute(select(UserRow.id, UserRow.name).where(UserRow.name_key == key)).first()
        if row is None:
            raise ApiError(404, f"no account named {name.strip()!r}")
        check_password(password, row.name)
        conn.execute(update(UserRow).where(UserRow.id == row.id).values(password_hash=_hasher.hash(password)))
        conn.execute(delete(SessionRow).where(SessionRow.user_id == row.id))
        conn.execute(delete(PasswordResetRow).where(PasswordResetRow.user_id == row.id))
    return str(row.name)


class AccountManagement:
    """The routes of this module, on the app of ``accounts``."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.sessions = accounts.sessions
        self.settings = accounts.limits.settings
        self.resets = Buckets(1 / RESET_EVERY, RESET_BURST)
        self._mailing: set[asyncio.Task[None]] = set()
        accounts.reset_by_email = self.reset_by_email()

    # --- who is asking ------------------------------------------------------------------------
    def _signed_in(self, request: Request) -> tuple[int, str, str]:
        """(user id, name, this session's cookie hash), or 401."""
        user = self.accounts.user_of(request)
        cookie = cookie_of(request, self.accounts.https(request))
        if user is None or cookie is None:
            raise ApiError(401, "sign in first")
        return user[0], user[1], secret_hash(cookie)

    async def _check_current(self, request: Request, user_id: int, password: str) -> None:
        """401 unless ``password`` is the account's (failures count against the name, as sign-ins do)."""
        self.accounts._charge(self.accounts.limits.client_of(request.scope))
        with self.sessions() as db:
            hashed = db.execute(select(UserRow.password_hash).where(UserRow.id == user_id)).scalar_one()
        try:
            await asyncio.to_thread(_hasher.verify, hashed, password)
        except (VerificationError, InvalidHashError):  # a mismatch is a VerificationError
            raise ApiError(401, "the current password is wrong") from None

    def _end_sessions(self, response: Response, request: Request) -> None:
        https = self.accounts.https(request)
        response.delete_cookie(cookie_name(https), path="/", httponly=True, samesite="lax", secure=https)

    def reset_by_email(self) -> bool:
        """Whether password resets go by e-mail: an SMTP server, and an address for the links (the public URL,
        or the request's host when the server answers to named hosts only)."""
        return mail.configured(self.settings) and bool(self.settings.public_url or
                                                       "*" not in self.settings.allowed_hosts)

    def _base_url(self, request: Request) -> str:
        if self.settings.public_url:
            return self.settings.public_url.rstrip("/")
        host = next((v.decode("latin-1") for k, v in request.scope.get("headers", ()) if k == b"host"), "localhost")
        return f"{self.accounts.limits.scheme_of(request.scope)}://{host}"

    # --- the password --------------------------------------------------------------------------
    async def change_password(self, request: Request, body: PasswordChange, response: Response) -> dict[str, Any]:
        uid, name, _ = self._signed_in(request)
        await self._check_current(request, uid, body.current)
        check_password(body.password, name)
        hashed = await asyncio.to_thread(_hasher.hash, body.password)
        with self.sessions.begin() as db:
            db.execute(update(UserRow).where(UserRow.id == uid).values(password_hash=hashed))
            db.execute(delete(SessionRow).where(SessionRow.user_id == uid))
            db.execute(delete(PasswordResetRow).where(PasswordResetRow.user_id == uid))
        csrf = self.accounts._start_session(response, request, uid)
        return {"user": {"id": uid, "name": name}, "csrf": csrf}

    # --- sessions -------------------------------------------------------------------------------
    def list_sessions(self, request: Request) -> dict[str, Any]:
        uid, _, mine = self._signed_in(request)
        stamp = now().timestamp()
        with self.sessions() as db:
            rows = db.scalars(select(SessionRow).where(SessionRow.user_id == uid)
                              .order_by(SessionRow.created_at.desc())).all()
            email = db.execute(select(UserRow.email).where(UserRow.id == uid)).scalar_one()
        out = [{"id": session_id(r.token_hash), "created_at": _iso(r.created_at), "expires_at": _iso(r.expires_at),
                "user_agent": r.user_agent, "current": r.token_hash == mine}
               for r in rows if (epoch(r.expires_at) or 0) >= stamp]
        return {"sessions": out, "email": email}

    def end_session(self, request: Request, sid: str, response: Response) -> dict[str, Any]:
        uid, _, mine = self._signed_in(request)
        with self.sessions.begin() as db:
            hashes = db.scalars(select(SessionRow.token_hash).where(SessionRow.user_id == uid)).all()
            found = None
            if SESSION_ID_RE.fullmatch(sid):  # compare_digest takes ASCII text only
                found = next((h for h in hashes if secrets.compare_digest(session_id(h), sid)), None)
            if found is None:
                raise ApiError(404, "no such session of yours (it may have ended already)")
            db.execute(delete(SessionRow).where(SessionRow.token_hash == found))
        if found == mine:
            self._end_sessions(response, request)
            return {"ended": sid, "signed_out": True}
        return {"ended": sid, "signed_out": False}

    def signout_everywhere(self, request: Request, response: Response) -> dict[str, Any]:
        uid, _, _ = self._signed_in(request)
        with self.sessions.begin() as db:
            ended = len(db.scalars(select(SessionRow.token_hash).where(SessionRow.user_id == uid)).all())
            db.execute(delete(SessionRow).where(SessionRow.user_id == uid))
        self._end_sessions(response, request)
        return {"user": None, "csrf": None, "ended": ended}

    # --- e-mail address -------------------------------------------------------------------------
    async def change_email(self, request: Request, body: EmailChange) -> dict[str, Any]:
        uid, _, _ = self._signed_in(request)
        email = body.email.strip()
        if email and not EMAIL_RE.fullmatch(email):
            raise ApiError(400, "that is not an e-mail address (name@example.org)")
        await self._check_current(request, uid, body.password)
        with self.sessions.begin() as db:
            db.execute(update(UserRow).where(UserRow.id == uid).values(email=email or None))
        return {"email": email or None}

    # --- password reset by e-mail ---------------------------------------------------------------
    async def request_reset(self, request: Request, body: ResetRequest) -> dict[str, Any]:
        self.accounts._charge(self.accounts.limits.client_of(request.scope))
        if not self.reset_by_email():
            raise ApiError(409, "this server does not send e-mail: ask its operator to set a new password "
                                "(realms reset-password NAME)")
        answer = {"detail": "if that account has an e-mail address, a link to set a new password is on its way"}
        key = body.name.strip().casefold()
        with self.sessions() as db:
            row = db.execute(select(UserRow.id, UserRow.name, UserRow.email).where(UserRow.name_key == key)).first()
        if row is None or not row.email or not self.resets.take(row.id):
            return answer
        token = secrets.token_urlsafe(32)
        stamp = now()
        with self.sessions.begin() as db:
            db.execute(delete(PasswordResetRow).where(PasswordResetRow.user_id == row.id,
                                                      PasswordResetRow.expires_at < stamp))
            db.add(PasswordResetRow(token_hash=secret_hash(token), user_id=row.id, created_at=stamp,
                                    expires_at=stamp + timedelta(minutes=RESET_MINUTES)))
        link = f"{self._base_url(request)}/account?reset={token}"
        lang = body.lang if body.lang in LANGS else "en"
        subject = text(lang, "mail.reset.subject")
        words = text(lang, "mail.reset.body", name=row.name, link=link, minutes=RESET_MINUTES)
        task = asyncio.create_task(self._mail(row.email, subject, words))
        self._mailing.add(task)
        task.add_done_callback(self._mailing.discard)
        return answer

    async def _mail(self, to: str, subject: str, words: str) -> None:
        try:
            await asyncio.to_thread(mail.send, self.settings, to, subject, words)
        except mail.MailError as e:
            log.error("a password reset e-mail was not sent: %s", e)

    async def confirm_reset(self, request: Request, body: ResetConfirm, response: Response) -> dict[str, Any]:
        self.accounts._charge(self.accounts.limits.client_of(request.scope))
        stamp = now()
        with self.sessions() as db:
            row = db.execute(select(PasswordResetRow.user_id, PasswordResetRow.expires_at, UserRow.name)
                             .join(UserRow, UserRow.id == PasswordResetRow.user_id)
                             .where(PasswordResetRow.token_hash == secret_hash(body.token))).first()
        if row is None or (epoch(row.expires_at) or 0) < stamp.timestamp():
            raise ApiError(400, "this reset link is unknown, used or out of date: ask for a new one")
        check_password(body.password, row.name)
        hashed = await asyncio.to_thread(_hasher.hash, body.password)
        with self.sessions.begin() as db:
            used = db.execute(delete(PasswordResetRow).where(PasswordResetRow.token_hash == secret_hash(body.token)))
            if getattr(used, "rowcount", 1) != 1:  # used at the same moment by another request
                raise ApiError(400, "this reset link is unknown, used or out of date: ask for a new one")
            db.execute(update(UserRow).where(UserRow.id == row.user_id).values(password_hash=hashed))
            db.execute(delete(SessionRow).where(SessionRow.user_id == row.user_id))
            db.execute(delete(PasswordResetRow).where(PasswordResetRow.user_id == row.user_id))
        csrf = self.accounts._start_session(response, request, row.user_id)
        return {"user": {"id": row.user_id, "name": row.name}, "csrf": csrf}

    # --- routes ---------------------------------------------------------------------------------
    def routes(self) -> None:
        app = self.accounts.app

        @app.post("/api/account/password", tags=["accounts"])
        async def change_password(request: Request, body: PasswordChange, response: Response) -> dict[str, Any]:
            """A new password (``current`` is the one in use). Ends every session of the account and gives this
            browser a new one: the answer carries its CSRF token."""
            return await self.change_password(request, body, response)

        @app.get("/api/account/sessions", tags=["accounts"])
        def sessions(request: Request) -> dict[str, Any]:
            """The signed-in account's sessions (browsers), newest first, and its e-mail address."""
            return self.list_sessions(request)

        @app.delete("/api/account/sessions/{sid}", tags=["accounts"])
        def end_session(sid: str, request: Request, response: Response) -> dict[str, Any]:
            """End one session of the account (this browser's signs it out)."""
            return self.end_session(request, sid, response)

        @app.post("/api/account/signout-everywhere", tags=["accounts"])
        def signout_everywhere(request: Request, response: Response) -> dict[str, Any]:
            """End every session of the account, this browser's included."""
            return self.signout_everywhere(request, response)

        @app.post("/api/account/email", tags=["accounts"])
        async def change_email(request: Request, body: EmailChange) -> dict[str, Any]:
            """The address password resets go to (empty: none); takes the account's password."""
            return await self.change_email(request, body)

        @app.post("/api/account/reset", status_code=202, tags=["accounts"])
        async def request_reset(request: Request, body: ResetRequest) -> dict[str, Any]:
            """E-mail a link to set a new password to the account's address (the same answer whether or not
            there is one). 409 when this server sends no e-mail."""
            return await self.request_reset(request, body)

        @app.post("/api/account/reset/confirm", tags=["accounts"])
        async def confirm_reset(request: Request, body: ResetConfirm, response: Response) -> dict[str, Any]:
            """Set a new password with the secret of a reset link; signs this browser in."""
            return await self.confirm_reset(request, body, response)
