"""Table chat: what the seated players write at a table, kept with the game (the ``chat`` table) and pushed to
everyone watching it. Spectators read it; only the person holding a seat writes in it (bots never do). A
message is plain text: the server keeps it as written (control characters aside) and the browser shows it as
text, never as markup."""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from typing import Any

import orjson
from sqlalchemy import insert, select

from realms.server.db import ChatRow, now
from realms.server.limits import Limits, Settings
from realms.server.live import ApiError, LiveGame, Manager

log = logging.getLogger("realms.server")
CHAT_PAGE = 100  # the most messages one GET answers (the latest ones)


def clean(text: Any, longest: int) -> str:
    """The message as kept: line breaks and tabs become spaces, other control characters go, the ends are
    trimmed; an empty or too long message is a 422 saying so."""
    if not isinstance(text, str):
        raise ApiError(422, "text: must be a string")
    kept = "".join(" " if c in "\n\r\t" else c for c in text if c in "\n\r\t" or unicodedata.category(c) != "Cc")
    kept = kept.strip()
    if not kept:
        raise ApiError(422, "text: the message is empty")
    if len(kept) > longest:
        raise ApiError(422, f"text: a message is at most {longest} characters (this one has {len(kept)})")
    return kept


def as_json(row: ChatRow) -> dict[str, Any]:
    at = row.created_at
    return {"id": row.id, "seat": row.seat, "name": row.name, "text": row.text,
            "at": (at if at.tzinfo is not None else at.replace(tzinfo=now().tzinfo)).timestamp()}


class Chat:
    """The chat of every table this process serves."""

    def __init__(self, manager: Manager, limits: Limits, settings: Settings) -> None:
        self.manager = manager
        self.limits = limits
        self.longest = settings.chat_length
        manager.on_chat = self.heard

    def messages(self, gid: str, after: int | None = None) -> list[dict[str, Any]]:
        """The table's latest messages (at most CHAT_PAGE), oldest first; with ``after``, only newer ones."""
        query = select(ChatRow).where(ChatRow.game_id == gid)
        if after is not None:
            query = query.where(ChatRow.id > after)
        with self.manager.sessions() as db:
            rows = list(db.scalars(query.order_by(ChatRow.id.desc()).limit(CHAT_PAGE)))
        return [as_json(r) for r in reversed(rows)]

    async def post(self, live: LiveGame, token: Any, text: Any) -> dict[str, Any]:
        """Write ``text`` for the seat of ``token``: checked, rate limited, stored, then pushed to every watcher
        (and announced to the other processes)."""
        if not isinstance(token, str) or not token:
            raise ApiError(403, "spectators read the table's chat; only a seated player writes in it "
                                "(give your seat's token)")
        seat = await self.manager.seat_of(live, token)
        assert seat is not None
        kept = clean(text, self.longest)
        self.limits.seat_chat(live.id, seat)
        with self.manager.sessions.begin() as db:
            row_id = db.execute(insert(ChatRow).returning(ChatRow.id),
                                {"game_id": live.id, "seat": seat, "name": live.seats[seat].name, "text": kept,
                                 "created_at": now()}).scalar_one()
            row = db.get(ChatRow, row_id)
            assert row is not None
            message = as_json(row)
        self.push(live, [message])
        self.manager.announce(f"{live.id}:chat")
        return message

    @staticmethod
    def push(live: LiveGame, messages: list[dict[str, Any]]) -> None:
        """``{"type": "chat", "messages": [...]}`` to every socket watching the table (queued with its
        replies: none is dropped for a newer view)."""
        if not messages:
            return
        frame = orjson.dumps({"type": "chat", "messages": messages})
        for watcher in list(live.watchers):
            watcher.tell(frame)

    def heard(self, gid: str) -> None:
        """Another process stored a message of table ``gid`` (PostgreSQL): the sockets here get the latest
        ones (a browser keeps each message once, by its id)."""
        live = self.manager.games.get(gid)
        if live is None or not live.watchers:
            return
        asyncio.get_running_loop().create_task(self._relay(live))

    async def _relay(self, live: LiveGame) -> None:
        try:
            self.push(live, self.messages(live.id)[-10:])
        except Exception:
            log.exception("relaying the chat of game %s failed", live.id)
