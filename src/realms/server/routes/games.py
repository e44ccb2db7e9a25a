"""A game: its view and log as a seat (or a spectator) may see them, claiming and revoking seats, the
actions (the server's hottest call), and its record."""

from __future__ import annotations

import logging
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, StrictInt
from sqlalchemy.exc import SQLAlchemyError

from realms.server.db import STORAGE_DOWN
from realms.server.limits import RateLimited
from realms.server.live import LOG_PAGE_MAX, ApiError, Manager
from realms.server.ratings import note_client

log = logging.getLogger("realms.server")


def add_routes(app: FastAPI) -> None:
    """Declare this area's routes on ``app``."""
    app.get("/api/games/{gid}")(get_game)
    app.get("/api/games/{gid}/log")(get_log)
    app.post("/api/games/{gid}/join")(join_game)
    app.post("/api/games/{gid}/seats/{seat}/revoke")(revoke_seat)
    app.post("/api/games/{gid}/start")(start_game)
    app.post("/api/games/{gid}/actions", openapi_extra={"requestBody": {
        "required": True, "content": {"application/json": {"schema": PostAction.model_json_schema()}}}})(post_action)
    app.get("/api/games/{gid}/record")(get_record)


class PostAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str
    version: int
    action: dict[str, Any]


def parse_action_body(raw: bytes) -> dict[str, Any]:
    """The body of an action POST, or a 422 naming what is wrong with it."""
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise ApiError(422, f"body is not valid JSON: {e}") from None
    if not isinstance(body, dict):
        raise ApiError(422, "body must be a JSON object with token, version and action")
    check_action_fields(body, ("token", "version", "action"))
    if not isinstance(body["token"], str):
        raise ApiError(422, "token: must be a string")
    return body


def check_action_fields(body: dict[str, Any], fields: tuple[str, ...]) -> None:
    """Exactly ``fields``, with an integer ``version`` and an object ``action`` (the same rules as the
    schema), or a 422 naming the first fault."""
    extra = sorted(set(body) - set(fields))
    if extra:
        raise ApiError(422, f"{extra[0]}: Extra inputs are not permitted")
    missing = [k for k in fields if k not in body]
    if missing:
        raise ApiError(422, f"{missing[0]}: Field required")
    if not isinstance(body["version"], int) or isinstance(body["version"], bool):
        raise ApiError(422, "version: must be an integer")
    if not isinstance(body["action"], dict):
        raise ApiError(422, "action: must be a JSON object")


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = None  # true and 1.0 are not seat numbers
    invite: str | None = None


class StartGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    owner: str
    bot: str | None = None


class RevokeSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    owner: str
    open: bool = False


async def act(manager: Manager, gid: str, raw: bytes) -> tuple[int, bytes]:
    """An action POST: (status, JSON answer). 200 with the seat's new payload, else {"detail": why}."""
    try:
        body = parse_action_body(raw)
        live = manager.get(gid)
        seat = await manager.submit(live, body["token"], body["version"], body["action"])
        return 200, live.payload_json(seat)
    except ApiError as e:
        return e.status, orjson.dumps({"detail": e.message})
    except RateLimited:
        return 429, b'{"detail": "too many actions for this seat: slow down"}'
    except SQLAlchemyError as e:
        manager.writer.faults.failed(f"an action for game {gid}", e)
        return 503, orjson.dumps({"detail": STORAGE_DOWN})
    except Exception:
        log.exception("action for game %s failed", gid)
        return 500, b'{"detail": "internal error: reload the game to see where it stands"}'


async def get_game(gid: str, request: Request, token: str | None = Query(default=None)) -> Response:
    """That seat's view (a spectator's without a token), version, legal actions when it is to move.

    Reads change nothing. Like every handler touching game state, it runs on the event loop under the
    game's lock (never on a worker thread beside an action)."""
    manager: Manager = request.app.state.manager
    live = manager.get(gid)
    seat = await manager.seat_of(live, token)  # before the lock: it may wait for a read of the seats
    async with live.lock:
        moved = manager.catch_up(live)
        body = live.payload_json(seat)
    if moved:  # another process's actions, read here first: this process's sockets get them too
        await manager.changed(live)
    return Response(body, media_type="application/json")


async def get_log(gid: str, request: Request, token: str | None = Query(default=None),
                  before: int | None = Query(default=None, ge=0, description="entries numbered below this; "
                                             "the latest when left out"),
                  limit: int = Query(default=100, ge=1, le=LOG_PAGE_MAX)) -> Response:
    """A page of the game log as that seat (a spectator without a token) may see it:
    ``{"start", "total", "entries"}``, entries numbered ``start``.. in the seat's own sequence."""
    manager: Manager = request.app.state.manager
    live = manager.get(gid)
    seat = await manager.seat_of(live, token)
    async with live.lock:
        moved = manager.catch_up(live)
        body = live.log_page(seat, before, limit)
    if moved:
        await manager.changed(live)
    return Response(body, media_type="application/json")


async def join_game(gid: str, body: JoinSeat, request: Request) -> dict[str, Any]:
    """Claim an open seat (``{"seat": n}``) or redeem an invitation (``{"invite": code}``, once): the
    answer holds a fresh secret for the joiner alone (a signed-in joiner's seat is linked to the account)."""
    state = request.app.state
    manager: Manager = state.manager
    user = state.accounts.user_of(request)
    live = manager.get(gid)
    async with live.lock:
        seat, token = manager.join(live, body.seat, body.invite, user=user)
        manager.begin_if_ready(live)  # the last free seat taken: the clock starts, the bots play
    if user is not None:  # (the address a signed-in player plays from, hashed: realms.server.ratings)
        note_client(manager.sessions, manager.key, live.id, [seat], state.accounts.limits.client_of(request.scope))
    await manager.changed(live)
    state.lobby.changed()
    return {"seat": seat, "token": token, "join_url": f"/play/{live.id}#token={token}"}


async def revoke_seat(gid: str, seat: int, body: RevokeSeat, request: Request) -> dict[str, Any]:
    """The creator (owner secret) takes back an invitation or an unclaimed open seat: the old code stops
    working; the seat gets a fresh invitation code, or with ``"open": true`` is listed in the lobby."""
    state = request.app.state
    manager: Manager = state.manager
    live = manager.get(gid)
    async with live.lock:
        answer = manager.revoke(live, seat, body.owner, body.open)
    await manager.changed(live)
    state.lobby.changed()
    return answer


async def start_game(gid: str, body: StartGame, request: Request) -> dict[str, Any]:
    """The host (owner secret) starts a table that waits for players: every free seat (open or invitation,
    not taken) gets a bot (``bot``, else the game's usual one), and the first move may be played."""
    state = request.app.state
    manager: Manager = state.manager
    live = manager.get(gid)
    async with live.lock:
        given = manager.start_with_bots(live, body.owner, body.bot)
    await manager.changed(live)
    state.lobby.changed()
    return {"seats": given}


async def post_action(gid: str, request: Request) -> Response:
    """Play an action for the token's seat; the answer is that seat's new view.

    ``action`` is one of the seat's ``legal_actions`` (its ``action`` field). At a table whose options set ``undo``,
    ``{"type": "undo"}`` is among them while the seat has a move of this turn to take back, and takes that move
    back (docs/protocol.md, "Undo"); elsewhere it is a 400 saying why.

    The hottest call of the server: its body is checked by hand (same rules as the schema: exactly
    ``token``, ``version`` and ``action``) rather than through the generic validation layer.
    """
    status, answer = await act(request.app.state.manager, gid, await request.body())
    return Response(answer, status_code=status, media_type="application/json")


async def get_record(gid: str, request: Request) -> dict[str, Any]:
    manager: Manager = request.app.state.manager
    live = manager.get(gid)
    async with live.lock:
        manager.catch_up(live)
        return manager.record(live)
