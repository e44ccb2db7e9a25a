"""The lobby: the games this server offers, new tables, and the open tables to join."""

from __future__ import annotations

import time
from typing import Any, Literal

import orjson
from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt

import realms.games
from realms.agents import agent_names, default_agent
from realms.agents.levels import levels_of
from realms.server.live import Manager
from realms.server.ratings import note_client


def add_routes(app: FastAPI) -> None:
    """Declare this area's routes on ``app``."""
    app.get("/api/meta")(meta)
    app.post("/api/games", status_code=201)(create_game)
    live = {"name": "live", "in": "query", "required": False, "schema": {"type": "boolean", "default": False},
            "description": "true: the tables being played (for spectators) instead of those that want players"}
    app.get("/api/games", openapi_extra={"parameters": [live]})(list_games)


class Clock(BaseModel):
    model_config = ConfigDict(extra="forbid")
    per: Literal["move", "game"]
    seconds: StrictInt = Field(ge=1, le=30 * 86400)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str]
    #: "realtime": a player who leaves is replaced by a bot after a grace period; "turn": come back any time
    pace: Literal["realtime", "turn"] = "realtime"
    clock: Clock | None = None
    rated: bool = True


class Lobby:
    """The open tables as JSON, read from the database at most every ``ttl`` seconds, and again at once after
    ``changed`` (a table created, a seat joined or revoked)."""

    def __init__(self, manager: Manager, ttl: float) -> None:
        self.manager = manager
        self.ttl = ttl
        self.at = -1e9  # when the tables were read
        self.body = b""
        self.live_at = -1e9  # when the tables being played were read (each action does not say so: ttl alone)
        self.live_body = b""

    def changed(self) -> None:
        self.at = -1e9

    def tables(self) -> bytes:
        now_ = time.monotonic()
        if now_ - self.at >= self.ttl:
            self.body = orjson.dumps({"games": self.manager.open_games()})
            self.at = now_
        return self.body

    def live(self) -> bytes:
        now_ = time.monotonic()
        if now_ - self.live_at >= self.ttl:
            self.live_body = orjson.dumps({"games": self.manager.live_games()})
            self.live_at = now_
        return self.live_body


def meta() -> dict[str, Any]:
    """The games this server offers, their options, bots and the bot a new bot seat starts with."""
    out = []
    for gid in realms.games.ids():
        game = realms.games.get(gid)
        out.append({
            "id": gid, "name": game.name, "min_players": game.min_players, "max_players": game.max_players,
            "options": [{"name": o.name, "type": o.type, "default": o.default, "choices": list(o.choices),
                         "help": o.help, "minimum": o.minimum, "maximum": o.maximum}
                        for o in game.options_spec if not o.local_only],
            "bots": [n for n in agent_names(gid)],
            # the levels first in the seat menu: name, the agent it plays, one line for players
            "levels": [{"name": lv.name, "agent": lv.agent, "description": lv.description}
                       for lv in levels_of(gid)],
            "default_bot": default_agent(gid),
            # the game's browser module (a file of the web client; None: none) and the facts it draws with, from
            # the game's own definitions (Dominion's cards)
            "module": game.web_module,
            "data": game.client_data(),
        })
    return {"games": out}


async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
    """A new table. The creator gets the secret of its own seats (``creator``), an invitation code for
    each ``invite`` seat, nothing for ``open`` seats (anyone claims them from the lobby), and the owner
    secret that revokes an unclaimed seat. The server keeps only hashes of these. A signed-in creator's
    seats are linked to the account. ``pace`` and ``clock``: see docs/server.md."""
    state = request.app.state
    manager: Manager = state.manager
    user = state.accounts.user_of(request)
    live = manager.create(body.game, body.options, body.seats, pace=body.pace, rated=body.rated,
                          clock=body.clock.model_dump() if body.clock else None, user=user)
    issued, live.issued = live.issued or {}, None
    if user is not None:  # (the address a signed-in player plays from, hashed: realms.server.ratings)
        note_client(manager.sessions, manager.key, live.id, [s.seat for s in live.seats if s.user_id == user[0]],
                    state.accounts.limits.client_of(request.scope))
    manager.schedule_bots(live)
    state.lobby.changed()
    return {"id": live.id, "owner": issued.get("owner"), "seats": [seat_grant(live.id, s, issued)
                                                                  for s in live.seats]}


def seat_grant(gid: str, s: Any, issued: dict[str, Any]) -> dict[str, Any]:
    token, invite = issued.get("tokens", {}).get(s.seat), issued.get("invites", {}).get(s.seat)
    link = f"/play/{gid}#token={token}" if token else f"/play/{gid}#invite={invite}" if invite else None
    return {"seat": s.seat, "kind": s.kind, "access": s.access, "token": token, "invite": invite,
            "join_url": link}


async def list_games(request: Request) -> Response:
    """The tables that want players (a free open seat): read from the database at most every ``lobby_ttl``
    seconds, and again at once after a table is created or a seat joined or revoked; every other poll gets the
    kept summary. With ``live=true``: the tables being played, moved at in the last 15 minutes. (The query is
    read by hand: the lobby is polled often, and a declared parameter costs each poll its validation.)"""
    lobby: Lobby = request.app.state.lobby
    live = request.query_params.get("live", "false").lower() in ("true", "1", "yes")
    return Response(lobby.live() if live else lobby.tables(), media_type="application/json")
