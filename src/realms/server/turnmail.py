"""E-mail when it becomes a signed-in player's move at a turn-based table: for players who asked for it (the
lobby's "your tables" settings: ``POST /api/account/turn-emails``) and have an e-mail address, on a server that
sends e-mail (``realms.server.mail``). No message goes to a player watching that table just then, and at most one
per table and player every ``QUIET`` seconds."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select, update

from realms.server import mail
from realms.server.db import UserRow
from realms.server.limits import Settings
from realms.server.live import ApiError, LiveGame, Manager
from realms.server.manage import LANGS, text

log = logging.getLogger("realms.server")
QUIET = 600.0  # seconds: the shortest time between two e-mails about one table to one player


class TurnEmails(BaseModel):
    model_config = ConfigDict(extra="forbid")
    on: bool
    lang: str = Field(default="en", max_length=8)


class TurnMail:
    """The turn e-mails of one application."""

    def __init__(self, app: FastAPI, manager: Manager, settings: Settings) -> None:
        self.app = app
        self.manager = manager
        self.settings = settings
        self.sent: dict[tuple[str, int], float] = {}  # (game id, user id) -> when the last message went
        self.tasks: set[asyncio.Task[None]] = set()
        manager.on_turn = self.turn_passed

    def routes(self) -> None:
        self.app.get("/api/account/turn-emails")(self.get_setting)
        self.app.post("/api/account/turn-emails")(self.set_setting)

    # --- the player's setting ------------------------------------------------------------------
    def _user(self, request: Request) -> tuple[int, str] | None:
        user: tuple[int, str] | None = request.app.state.accounts.user_of(request)
        return user

    async def get_setting(self, request: Request) -> dict[str, Any]:
        """``{"available", "signed_in", "email", "on"}``: whether this server sends e-mail, whether a player is
        signed in, whether their account has an address, and whether they asked for turn e-mails."""
        user = self._user(request)
        row = None
        if user is not None:
            with self.manager.sessions() as db:
                row = db.execute(select(UserRow.email, UserRow.turn_emails).where(UserRow.id == user[0])).first()
        return {"available": mail.configured(self.settings), "signed_in": user is not None,
                "email": bool(row and row.email), "on": bool(row and row.turn_emails)}

    async def set_setting(self, request: Request, body: TurnEmails) -> dict[str, Any]:
        """Turn the e-mails on (in the language ``lang``, the page's) or off. 401 not signed in; 409 no e-mail
        on this server, or no address on the account."""
        user = self._user(request)
        if user is None:
            raise ApiError(401, "sign in to get an e-mail when it is your move")
        if body.on:
            if not mail.configured(self.settings):
                raise ApiError(409, "this server sends no e-mail")
            with self.manager.sessions() as db:
                email = db.scalar(select(UserRow.email).where(UserRow.id == user[0]))
            if not email:
                raise ApiError(409, "add an e-mail address to your account first (the account page)")
        lang = body.lang if body.lang in LANGS else "en"
        choice = {"lang": lang, "base": self._base_url(request)} if body.on else None
        with self.manager.sessions.begin() as db:
            db.execute(update(UserRow).where(UserRow.id == user[0]).values(turn_emails=choice))
        return {"on": body.on}

    def _base_url(self, request: Request) -> str:
        """Where the links in the e-mails lead: the server's public address, else the one this request came to."""
        if self.settings.public_url:
            return self.settings.public_url.rstrip("/")
        limits = request.app.guard.limits
        host = next((v.decode("latin-1") for k, v in request.scope.get("headers", ()) if k == b"host"), "localhost")
        return f"{limits.scheme_of(request.scope)}://{host}"

    # --- the messages --------------------------------------------------------------------------
    def turn_passed(self, live: LiveGame, seat: int) -> None:
        """The move passed to ``seat`` (called by the manager once the action is stored)."""
        if live.pace != "turn" or not mail.configured(self.settings) or live.finished:
            return
        s = live.seats[seat]
        if s.kind != "human" or s.user_id is None or seat in live.watchers.values():
            return
        key = (live.id, s.user_id)
        now_ = time.monotonic()
        if now_ - self.sent.get(key, -QUIET) < QUIET:
            return
        self.sent[key] = now_
        try:
            task = asyncio.get_running_loop().create_task(self._send(live.id, live.game.id, s.user_id))
        except RuntimeError:  # no event loop (a script driving the manager): no e-mail
            return
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send(self, gid: str, game: str, user_id: int) -> None:
        try:
            with self.manager.sessions() as db:
                row = db.execute(select(UserRow.name, UserRow.email, UserRow.turn_emails)
                                 .where(UserRow.id == user_id)).first()
            if row is None or not row.email or not row.turn_emails:
                return
            lang = row.turn_emails.get("lang", "en")
            name = text(lang, f"game.{game}")
            link = f"{row.turn_emails.get('base') or self.settings.public_url.rstrip('/')}/play/{gid}"
            await asyncio.to_thread(mail.send, self.settings, row.email, text(lang, "mail.turn.subject", game=name),
                                    text(lang, "mail.turn.body", name=row.name, game=name, link=link))
        except mail.MailError as e:
            log.warning("the turn e-mail for table %s was not sent: %s", gid, e)
        except Exception:
            log.exception("the turn e-mail for table %s failed", gid)
