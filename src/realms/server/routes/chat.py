"""A table's chat: read by anyone watching the table, written by its seated players (docs/server.md)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict

from realms.server.chat import Chat
from realms.server.live import Manager


def add_routes(app: FastAPI) -> None:
    """Declare this area's routes on ``app``."""
    app.get("/api/games/{gid}/chat")(get_chat)
    app.post("/api/games/{gid}/chat", status_code=201)(post_chat)


class PostChat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str
    text: str


async def get_chat(gid: str, request: Request,
                   after: int | None = Query(default=None, ge=0, description="only messages with a greater id")
                   ) -> dict[str, Any]:
    """The table's chat, oldest first (the latest 100 at most): ``{"messages": [{"id", "seat", "name", "text",
    "at"}]}``. Anyone may read it, spectators too."""
    manager: Manager = request.app.state.manager
    manager.get(gid)  # 404 for a table that does not exist
    chat: Chat = request.app.state.chat
    return {"messages": chat.messages(gid, after)}


async def post_chat(gid: str, body: PostChat, request: Request) -> dict[str, Any]:
    """Write a message as the seat of ``token`` (plain text, 1 to ``chat_length`` characters, at most
    ``chat_rate`` a second per seat after a burst of ``chat_burst``); every socket watching the table is sent
    ``{"type": "chat", "messages": [message]}``. Spectators cannot write (403)."""
    manager: Manager = request.app.state.manager
    live = manager.get(gid)
    chat: Chat = request.app.state.chat
    return {"message": await chat.post(live, body.token, body.text)}
