"""The WebSocket of a game: every watcher (a seat or a spectator) is pushed each new view, and a seat's socket
may act too."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any

import orjson
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from realms.server.db import STORAGE_DOWN
from realms.server.limits import RateLimited, Settings, SocketLimit
from realms.server.live import ApiError, LiveGame, Manager
from realms.server.routes.games import check_action_fields

log = logging.getLogger("realms.server")


def add_routes(app: FastAPI) -> None:
    """Declare this area's routes on ``app``."""
    app.websocket("/ws/games/{gid}")(watch)


class Watcher:
    """One WebSocket and what it has not been sent yet.

    Every update is a whole view, so only the newest is kept: a slow reader skips stale ones instead of
    queueing them, and nobody waits for it. Answers meant for this socket alone (errors, pongs) queue up
    and go out before the next update, at most ``queue`` of them: a client that does not read its replies
    while it keeps sending overflows them, and its socket is closed with 1008.
    """

    def __init__(self, ws: WebSocket, queue: int = 64) -> None:
        self.ws = ws
        self.pending: bytes | None = None
        self.notes: deque[bytes] = deque()
        self.queue = queue
        self.overflow = False
        self.ready = asyncio.Event()

    def post(self, message: bytes) -> None:
        self.pending = message
        self.ready.set()

    def tell(self, message: bytes) -> None:
        if len(self.notes) >= self.queue:
            self.overflow = True
        else:
            self.notes.append(message)
        self.ready.set()

    async def run(self) -> None:
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                while self.notes and not self.overflow:
                    await self.ws.send_text(self.notes.popleft().decode())
                if self.overflow:
                    await self.ws.close(code=1008, reason="too many replies waiting: read them")
                    return
                message, self.pending = self.pending, None
                if message is not None:
                    await self.ws.send_text(message.decode())
        except Exception:  # the socket went away; the receive loop cleans up
            return


def parse_ws_action(raw: str) -> dict[str, Any]:
    """A WebSocket action message ``{"type": "action", "version", "action"}``, or a 422 naming the fault."""
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise ApiError(422, f"message is not valid JSON: {e}") from None
    if not isinstance(body, dict) or body.get("type") != "action":
        raise ApiError(422, 'a message must be "ping" or a JSON object {"type": "action", "version", "action"}')
    check_action_fields(body, ("type", "version", "action"))
    return body


async def watch(ws: WebSocket, gid: str, token: str | None = None) -> None:
    manager: Manager = ws.app.state.manager
    settings: Settings = ws.app.state.settings
    limits = ws.app.guard.limits
    try:
        live = manager.get(gid)
        seat = await manager.seat_of(live, token)
    except ApiError as e:  # accepted, then closed: the client sees the code (a refused handshake would not)
        await ws.accept()
        code = {403: 4403, 404: 4404}.get(e.status, 4500)  # 4500: the game is broken (see the reason)
        await ws.close(code=code, reason=e.message[:120])
        return
    await ws.accept()
    watcher = Watcher(ws, settings.ws_queue)
    budget = SocketLimit(settings, exempt=limits.client_of(ws.scope) in limits.exempt)
    live.watchers[watcher] = seat
    if seat is not None and live.seats[seat].takeover_reason == "left":
        await manager.seat_back(live, seat)  # came back in time: no bot takes over
    watcher.post(live.update_message(seat))
    sender = asyncio.create_task(watcher.run())
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            verdict = budget.check()
            if verdict != "ok":
                if verdict == "close":
                    limits.penalize(limits.client_of(ws.scope))
                    await ws.close(code=1008, reason="too many messages")
                    break
                watcher.tell(b'{"type": "error", "status": 429, "detail": "too many messages: slow down"}')
                continue
            message = frame.get("text")
            if message is None:
                watcher.tell(b'{"type": "error", "status": 422, "detail": "send text frames"}')
                continue
            if message == "ping":
                watcher.tell(orjson.dumps({"type": "pong", "version": live.version}))
                continue
            await _act(manager, live, seat, watcher, message)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        pass
    finally:
        live.watchers.pop(watcher, None)
        sender.cancel()
        if seat is not None and seat not in live.watchers.values() and not live.finished:
            try:  # the seat's last socket: on a real-time table, a bot takes over unless they come back
                await manager.seat_left(live, seat)
            except SQLAlchemyError as e:
                manager.writer.faults.failed(f"noting that seat {seat} of game {gid} left", e)
            except Exception:
                log.exception("noting that seat %s of game %s left failed", seat, gid)
        manager.release_if_idle(live)


async def _act(manager: Manager, live: LiveGame, seat: int | None, watcher: Watcher, message: str) -> None:
    """An action for this socket's seat: on success everyone gets the update (this socket too); else this
    socket alone is told why not."""
    gid = live.id
    try:
        if seat is None:
            raise ApiError(403, "a spectator cannot act: connect with a seat's token")
        body = parse_ws_action(message)
        await manager.act(live, seat, body["version"], body["action"])
    except ApiError as e:
        watcher.tell(orjson.dumps({"type": "error", "status": e.status, "detail": e.message,
                                   "version": live.version}))
    except RateLimited:
        watcher.tell(orjson.dumps({"type": "error", "status": 429, "version": live.version,
                                   "detail": "too many actions for this seat: slow down"}))
    except SQLAlchemyError as e:
        manager.writer.faults.failed(f"an action over the WebSocket of game {gid}", e)
        watcher.tell(orjson.dumps({"type": "error", "status": 503, "version": live.version,
                                   "detail": STORAGE_DOWN}))
    except Exception:  # a bug must not cost the player the socket
        log.exception("action over the WebSocket of game %s failed", gid)
        watcher.tell(orjson.dumps({"type": "error", "status": 500, "version": live.version,
                                   "detail": "internal error: reload the game to see where it stands"}))
