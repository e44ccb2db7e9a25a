"""The ASGI application: REST API, WebSocket pushes and the static browser client."""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import sessionmaker

import realms.games
from realms.agents import agent_names
from realms.server.db import default_url, make_engine, migrate
from realms.server.live import ApiError, LiveGame, Manager

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 64 * 1024
log = logging.getLogger("realms.server")


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str]


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
    extra = sorted(set(body) - {"token", "version", "action"})
    if extra:
        raise ApiError(422, f"{extra[0]}: Extra inputs are not permitted")
    missing = [k for k in ("token", "version", "action") if k not in body]
    if missing:
        raise ApiError(422, f"{missing[0]}: Field required")
    if not isinstance(body["token"], str):
        raise ApiError(422, "token: must be a string")
    if not isinstance(body["version"], int) or isinstance(body["version"], bool):
        raise ApiError(422, "version: must be an integer")
    if not isinstance(body["action"], dict):
        raise ApiError(422, "action: must be a JSON object")
    return body


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int


class Watcher:
    """One WebSocket and its newest unsent message. Every update is a whole view, so a slow reader
    simply skips to the latest one instead of queueing stale ones (and nobody waits for it)."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.pending: bytes | None = None
        self.ready = asyncio.Event()

    def post(self, message: bytes) -> None:
        self.pending = message
        self.ready.set()

    async def run(self) -> None:
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                message, self.pending = self.pending, None
                if message is not None:
                    await self.ws.send_text(message.decode())
        except Exception:  # the socket went away; the receive loop cleans up
            return


class BodyLimit:
    """Rejects request bodies over ``limit`` bytes with 413, declared or streamed."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _reject(send, self.limit)
                return
        seen = 0

        async def limited() -> dict[str, Any]:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _reject(send, self.limit)


class _TooLarge(Exception):
    pass


async def _reject(send: Any, limit: int) -> None:
    body = f'{{"detail": "request body over {limit // 1024} KiB"}}'.encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(db_url: str | None = None, bot_delay: float = 0.25, resume: bool = True) -> FastAPI:
    url = db_url or default_url()
    engine = make_engine(url)
    migrate(engine)
    manager = Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=bot_delay)

    async def notify(live: LiveGame, version: int) -> None:
        """Hand every watcher its newest view; each watcher's own task sends it (never blocking the mover)."""
        for watcher, seat in list(live.watchers.items()):
            watcher.post(live.update_message(seat))

    manager.notify = notify

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        if resume:
            resumed = manager.resume_all()
            if resumed:
                log.info("resumed %d unfinished games", len(resumed))
        yield
        for live in manager.games.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        engine.dispose()

    app = FastAPI(title="Realms", summary="Kingdomino, Dominion and The Castles of Burgundy", lifespan=lifespan)
    app.state.manager = manager
    app.state.db_url = url
    app.add_middleware(BodyLimit)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
            problems.append(f"{where}: {err.get('msg')}")
        return JSONResponse({"detail": "; ".join(problems) or "malformed request"}, status_code=422)

    @app.get("/api/meta")
    def meta() -> dict[str, Any]:
        """The games this server offers, their options and bots."""
        out = []
        for gid in realms.games.ids():
            game = realms.games.get(gid)
            out.append({
                "id": gid, "name": game.name, "min_players": game.min_players, "max_players": game.max_players,
                "options": [{"name": o.name, "type": o.type, "default": o.default, "choices": list(o.choices),
                             "help": o.help, "minimum": o.minimum, "maximum": o.maximum}
                            for o in game.options_spec if not o.local_only],
                "bots": [n for n in agent_names(gid)],
            })
        return {"games": out}

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame) -> dict[str, Any]:
        live = manager.create(body.game, body.options, body.seats)
        manager.schedule_bots(live)
        return {"id": live.id, "seats": [
            {"seat": s.seat, "kind": s.kind, "token": s.token if s.kind == "human" else None,
             "join_url": f"/play/{live.id}?token={s.token}" if s.kind == "human" else None}
            for s in live.seats]}

    @app.get("/api/games")
    def list_games() -> dict[str, Any]:
        return {"games": manager.open_games()}

    @app.get("/api/games/{gid}")
    def get_game(gid: str, token: str | None = Query(default=None)) -> Response:
        """That seat's view (a spectator's without a token), version, legal actions when it is to move."""
        live = manager.get(gid)
        seat = live.seat_of(token)
        manager.catch_up(live)
        manager.claim(live, seat)
        return Response(live.payload_json(seat), media_type="application/json")

    @app.post("/api/games/{gid}/join")
    def join_game(gid: str, body: JoinSeat) -> dict[str, Any]:
        live = manager.get(gid)
        s = manager.join(live, body.seat)
        return {"seat": s.seat, "token": s.token, "join_url": f"/play/{live.id}?token={s.token}"}

    @app.post("/api/games/{gid}/actions", openapi_extra={"requestBody": {
        "required": True, "content": {"application/json": {"schema": PostAction.model_json_schema()}}}})
    async def post_action(gid: str, request: Request) -> Response:
        """Play an action for the token's seat; the answer is that seat's new view.

        The hottest call of the server: its body is checked by hand (same rules as the schema: exactly
        ``token``, ``version`` and ``action``) rather than through the generic validation layer.
        """
        body = parse_action_body(await request.body())
        live = manager.get(gid)
        await manager.submit(live, body["token"], body["version"], body["action"])
        return Response(live.payload_json(live.seat_of(body["token"])), media_type="application/json")

    @app.get("/api/games/{gid}/record")
    def get_record(gid: str) -> dict[str, Any]:
        live = manager.get(gid)
        manager.catch_up(live)
        return manager.record(live)

    @app.get("/api/games/{gid}/replay")
    def replay_step(gid: str, step: int = Query(default=0, ge=0)) -> dict[str, Any]:
        """A finished game seen by a spectator after ``step`` actions, for the replay viewer."""
        live = manager.get(gid)
        manager.catch_up(live)
        if not live.finished:
            raise ApiError(409, "a game can be replayed once it is over")
        record = manager.record(live)
        game = live.game
        actions = record["actions"]
        state = game.new(record["options"], record["seed"])
        texts: list[str] = []
        for data in actions[:step]:
            texts.extend(e.text for e in game.apply(state, game.action_from_json(data), log=True) if e.visible(None))
        result = game.result(state)
        return {"game": game.id, "steps": len(actions), "step": min(step, len(actions)), "players": record["players"],
                "view": game.view(state, None), "log": texts[-100:],
                "result": result.to_json() if result is not None else None}

    @app.websocket("/ws/games/{gid}")
    async def watch(ws: WebSocket, gid: str, token: str | None = None) -> None:
        try:
            live = manager.get(gid)
            seat = live.seat_of(token)
        except ApiError as e:
            await ws.close(code=4403 if e.status == 403 else 4404, reason=e.message)
            return
        await ws.accept()
        watcher = Watcher(ws)
        live.watchers[watcher] = seat
        watcher.post(live.update_message(seat))
        sender = asyncio.create_task(watcher.run())
        try:
            while True:
                message = await ws.receive_text()
                if message == "ping":
                    watcher.post(orjson.dumps({"type": "pong", "version": live.version}))
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            live.watchers.pop(watcher, None)
            sender.cancel()
            manager.release_if_idle(live)

    if WEB.is_dir():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

        @app.get("/", include_in_schema=False)
        def index() -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/play/{gid}", include_in_schema=False)
        def play_page(gid: str) -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/replay/{gid}", include_in_schema=False)
        def replay_page(gid: str) -> FileResponse:
            return FileResponse(WEB / "index.html")

    return app
