"""The ASGI application: REST API, WebSocket pushes and the static browser client."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import orjson
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import sessionmaker
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

import realms.games
from realms.agents import agent_names, default_agent
from realms.agents.levels import levels_of
from realms.core.errors import RealmsError
from realms.server.accounts import Accounts, csrf_token
from realms.server.bots import BotPool, analysis_job
from realms.server.db import (
    STORAGE_DOWN,
    ActionRow,
    check_integrity,
    default_url,
    guard_file,
    hold_file,
    make_engine,
    migrate,
)
from realms.server.limits import RateLimited, Settings, SocketLimit
from realms.server.live import LOG_PAGE_MAX, ApiError, LiveGame, Manager
from realms.server.replay import Replay, Replays
from realms.server.security import Guard

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 64 * 1024
log = logging.getLogger("realms.server")


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


class Calculate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=4096)
    options: dict[str, Any] = Field(default_factory=dict)


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


class RevokeSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    owner: str
    open: bool = False


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


ACTION_PATH_HEAD, ACTION_PATH_TAIL = "/api/games/", "/actions"
_JSON_HEADERS = [(b"content-type", b"application/json")]


class RealmsApp(FastAPI):
    """FastAPI, with the action POST (the one hot call) answered before the generic middleware and routing.

    ``POST /api/games/{id}/actions`` is still declared as a FastAPI route (for the OpenAPI docs, with the
    same handler); this shortcut serves it with the same body limit, checks, status codes and messages
    while skipping about a fifth of the per-request cost of the stack.
    """

    act: Any = None  # async (game id, body bytes) -> (status, JSON bytes); set by create_app
    guard: Any = None  # realms.server.security.Guard: hosts, origins, rate limits, headers; set by create_app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if self.guard is not None:
            await self.guard(scope, receive, send, self._dispatch)
        else:
            await self._dispatch(scope, receive, send)

    async def _dispatch(self, scope: Scope, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if (scope["type"] == "http" and scope["method"] == "POST" and path.startswith(ACTION_PATH_HEAD)
                and path.endswith(ACTION_PATH_TAIL) and self.act is not None):
            gid = path[len(ACTION_PATH_HEAD):-len(ACTION_PATH_TAIL)]
            if gid and "/" not in gid:
                await self._action(scope, receive, send, gid)
                return
        await super().__call__(scope, receive, send)

    async def _action(self, scope: Scope, receive: Any, send: Any, gid: str) -> None:
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > MAX_BODY:
                await _reject(send, MAX_BODY)
                return
        body = b""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await _reject(send, MAX_BODY)
                return
            if not message.get("more_body"):
                break
        status, answer = await self.act(gid, body)
        await send({"type": "http.response.start", "status": status,
                    "headers": _JSON_HEADERS + [(b"content-length", str(len(answer)).encode())]})
        await send({"type": "http.response.body", "body": answer})


def add_docs(app: FastAPI) -> None:
    """``/docs``: Swagger UI from the files of the ``swagger-ui-bundle-v2`` package (the ``web`` extra), so the
    API documentation needs no network; without that package, a short page pointing at ``/openapi.json``."""
    try:
        from swagger_ui_bundle import swagger_ui_path
    except ImportError:
        swagger_ui_path = None
    if swagger_ui_path is not None:
        app.mount("/docs/assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> Response:
        if swagger_ui_path is None:
            return HTMLResponse('<!doctype html><title>Realms API</title><p>The interactive documentation needs '
                                'the <code>swagger-ui-bundle-v2</code> package; the API itself is described at '
                                '<a href="/openapi.json">/openapi.json</a>.</p>')
        return get_swagger_ui_html(openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} API",
                                   swagger_js_url="/docs/assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs/assets/swagger-ui.css",
                                   swagger_favicon_url="/docs/assets/favicon-32x32.png")


def create_app(db_url: str | None = None, bot_delay: float = 0.25, resume: bool = True,
               settings: Settings | None = None) -> FastAPI:
    """The application. ``settings`` holds every limit (default: ``Settings.from_env()``, see limits.py)."""
    settings = settings or Settings.from_env()
    url = db_url or default_url()
    engine = make_engine(url)
    # one server process per SQLite file (another one serving it: DatabaseInUse; realms serve exits 1 saying so)
    release_file = hold_file(engine)
    try:
        check_integrity(engine)  # a damaged SQLite file refuses to start (realms serve: exit 1, saying why)
        migrate(engine)
    except BaseException:
        if release_file is not None:
            release_file()
        raise
    same_file = guard_file(engine)  # the file deleted or replaced under the server: 503 for everything, logged
    manager = Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=bot_delay)
    manager.writer.file_check = same_file  # its connection stays open: checked before each batch
    manager.bots = BotPool(settings.bot_workers)  # searching bots and analyses think there (created at first use)

    async def notify(live: LiveGame, version: int) -> None:
        """Hand every watcher its newest view; each watcher's own task sends it (never blocking the mover)."""
        for watcher, seat in list(live.watchers.items()):
            watcher.post(live.update_message(seat))

    manager.notify = notify

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if resume:
            resumed = manager.resume_all()
            if resumed:
                log.info("resumed %d unfinished games", len(resumed))
        sweeper = asyncio.create_task(manager.sweep_idle())  # idle unfinished games leave memory
        pending = manager.load_deadlines()  # clocks and bot takeovers, as stored
        if pending:
            log.info("%d games with a clock or a takeover pending", pending)
        ticker = asyncio.create_task(manager.run_deadlines())
        # PostgreSQL: hear every process's actions, so sockets on this one get them too
        listener = asyncio.create_task(manager.listen()) if manager.writer.announce else None
        yield
        if listener is not None:
            listener.cancel()
        ticker.cancel()
        sweeper.cancel()
        for live in manager.games.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        manager.writer.close()
        if manager.bots is not None:
            manager.bots.shutdown()
        engine.dispose()
        if release_file is not None:
            release_file()

    app = RealmsApp(title="Realms", summary="Kingdomino, Dominion and The Castles of Burgundy", lifespan=lifespan,
                    docs_url=None, redoc_url=None)  # /docs is served below from local files; no ReDoc
    app.state.manager = manager
    add_docs(app)

    async def act(gid: str, raw: bytes) -> tuple[int, bytes]:
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
        except SQLAlchemyError:
            log.exception("the database failed during an action for game %s", gid)
            return 503, orjson.dumps({"detail": STORAGE_DOWN})
        except Exception:
            log.exception("action for game %s failed", gid)
            return 500, b'{"detail": "internal error: reload the game to see where it stands"}'

    app.act = act
    app.state.db_url = url
    app.add_middleware(BodyLimit)
    app.guard = Guard(settings)
    manager.before_act = app.guard.limits.seat_action  # per-seat action budget, checked before any work
    app.state.settings = settings
    accounts = Accounts(app, manager, engine, app.guard.limits)
    app.state.accounts = accounts
    app.guard.csrf = lambda cookie: csrf_token(accounts.key, cookie)
    accounts.routes()

    @app.exception_handler(RateLimited)
    async def rate_limited(_: Request, exc: RateLimited) -> JSONResponse:
        return JSONResponse({"detail": f"too many requests ({exc.what}): slow down"}, status_code=429,
                            headers={"retry-after": str(max(1, round(exc.retry_after)))})

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(SQLAlchemyError)
    async def storage_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        """Every storage failure: 503 with a plain message; what went wrong goes to the log only."""
        log.error("the database failed during %s %s: %s", request.method, request.url.path, exc)
        return JSONResponse({"detail": STORAGE_DOWN}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
            problems.append(f"{where}: {err.get('msg')}")
        return JSONResponse({"detail": "; ".join(problems) or "malformed request"}, status_code=422)

    @app.get("/api/meta")
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
            })
        return {"games": out}

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        """A new table. The creator gets the secret of its own seats (``creator``), an invitation code for
        each ``invite`` seat, nothing for ``open`` seats (anyone claims them from the lobby), and the owner
        secret that revokes an unclaimed seat. The server keeps only hashes of these. A signed-in creator's
        seats are linked to the account. ``pace`` and ``clock``: see docs/server.md."""
        live = manager.create(body.game, body.options, body.seats, pace=body.pace, rated=body.rated,
                              clock=body.clock.model_dump() if body.clock else None, user=accounts.user_of(request))
        issued, live.issued = live.issued or {}, None
        manager.schedule_bots(live)
        lobby_changed()
        return {"id": live.id, "owner": issued.get("owner"), "seats": [seat_grant(live.id, s, issued)
                                                                      for s in live.seats]}

    def seat_grant(gid: str, s: Any, issued: dict[str, Any]) -> dict[str, Any]:
        token, invite = issued.get("tokens", {}).get(s.seat), issued.get("invites", {}).get(s.seat)
        link = f"/play/{gid}#token={token}" if token else f"/play/{gid}#invite={invite}" if invite else None
        return {"seat": s.seat, "kind": s.kind, "access": s.access, "token": token, "invite": invite,
                "join_url": link}

    lobby: dict[str, Any] = {"at": -1e9, "body": b""}  # the open tables, as JSON, and when they were read

    def lobby_changed() -> None:
        lobby["at"] = -1e9

    app.state.lobby_changed = lobby_changed

    @app.get("/api/games")
    async def list_games() -> Response:
        """The open tables: read from the database at most every ``lobby_ttl`` seconds, and again at once
        after a table is created or a seat joined or revoked; every other poll gets the kept summary."""
        now_ = time.monotonic()
        if now_ - lobby["at"] >= settings.lobby_ttl:
            lobby["body"] = orjson.dumps({"games": manager.open_games()})
            lobby["at"] = now_
        return Response(lobby["body"], media_type="application/json")

    @app.get("/api/games/{gid}")
    async def get_game(gid: str, token: str | None = Query(default=None)) -> Response:
        """That seat's view (a spectator's without a token), version, legal actions when it is to move.

        Reads change nothing. Like every handler touching game state, it runs on the event loop under the
        game's lock (never on a worker thread beside an action)."""
        live = manager.get(gid)
        seat = await manager.seat_of(live, token)  # before the lock: it may wait for a read of the seats
        async with live.lock:
            moved = manager.catch_up(live)
            body = live.payload_json(seat)
        if moved:  # another process's actions, read here first: this process's sockets get them too
            await manager.changed(live)
        return Response(body, media_type="application/json")

    @app.get("/api/games/{gid}/log")
    async def get_log(gid: str, token: str | None = Query(default=None),
                before: int | None = Query(default=None, ge=0, description="entries numbered below this; "
                                           "the latest when left out"),
                limit: int = Query(default=100, ge=1, le=LOG_PAGE_MAX)) -> Response:
        """A page of the game log as that seat (a spectator without a token) may see it:
        ``{"start", "total", "entries"}``, entries numbered ``start``.. in the seat's own sequence."""
        live = manager.get(gid)
        seat = await manager.seat_of(live, token)
        async with live.lock:
            moved = manager.catch_up(live)
            body = live.log_page(seat, before, limit)
        if moved:
            await manager.changed(live)
        return Response(body, media_type="application/json")

    @app.post("/api/games/{gid}/join")
    async def join_game(gid: str, body: JoinSeat, request: Request) -> dict[str, Any]:
        """Claim an open seat (``{"seat": n}``) or redeem an invitation (``{"invite": code}``, once): the
        answer holds a fresh secret for the joiner alone (a signed-in joiner's seat is linked to the account)."""
        user = accounts.user_of(request)
        live = manager.get(gid)
        async with live.lock:
            seat, token = manager.join(live, body.seat, body.invite, user=user)
        await manager.changed(live)
        lobby_changed()
        return {"seat": seat, "token": token, "join_url": f"/play/{live.id}#token={token}"}

    @app.post("/api/games/{gid}/seats/{seat}/revoke")
    async def revoke_seat(gid: str, seat: int, body: RevokeSeat) -> dict[str, Any]:
        """The creator (owner secret) takes back an invitation or an unclaimed open seat: the old code stops
        working; the seat gets a fresh invitation code, or with ``"open": true`` is listed in the lobby."""
        live = manager.get(gid)
        async with live.lock:
            answer = manager.revoke(live, seat, body.owner, body.open)
        await manager.changed(live)
        lobby_changed()
        return answer

    @app.post("/api/games/{gid}/actions", openapi_extra={"requestBody": {
        "required": True, "content": {"application/json": {"schema": PostAction.model_json_schema()}}}})
    async def post_action(gid: str, request: Request) -> Response:
        """Play an action for the token's seat; the answer is that seat's new view.

        The hottest call of the server: its body is checked by hand (same rules as the schema: exactly
        ``token``, ``version`` and ``action``) rather than through the generic validation layer.
        """
        status, answer = await act(gid, await request.body())
        return Response(answer, status_code=status, media_type="application/json")

    @app.get("/api/games/{gid}/record")
    async def get_record(gid: str) -> dict[str, Any]:
        live = manager.get(gid)
        async with live.lock:
            manager.catch_up(live)
            return manager.record(live)

    replays = Replays()

    @app.get("/api/games/{gid}/replay")
    async def replay_step(gid: str, step: int = Query(default=0, ge=0)) -> dict[str, Any]:
        """A finished game seen by a spectator after ``step`` actions, for the replay viewer."""
        replay = replays.get(gid)
        if replay is None:  # the first step of this game: its record, once (a finished game never changes)
            live = manager.get(gid)
            async with live.lock:
                manager.catch_up(live)
                if not live.finished:
                    raise ApiError(409, "a game can be replayed once it is over")
                record = manager.record(live)
                seats = [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "access": s.access, "name": s.name}
                         for s in live.seats]
            replay = replays.add(gid, Replay(live.game, record, seats))
        # the replay works on its own copy made from the record, touching no live state; from where the last
        # step left it (or a checkpoint below), so stepping through a game applies each action about once
        return await asyncio.to_thread(replay.seek, step)

    @app.get("/api/games/{gid}/analysis", operation_id="analysis_get")
    @app.post("/api/games/{gid}/analysis", operation_id="analysis_post")
    async def analysis(gid: str, request: Request, step: int | None = Query(default=None, ge=0),
                       token: str | None = Query(default=None), agent: str = Query(default="ismcts"),
                       seconds: float = Query(default=1.0, gt=0), iterations: int = Query(default=0, ge=0, le=20000),
                       seed: int = Query(default=0, ge=0, lt=1 << 63), top: int = Query(default=5, ge=0, le=100),
                       ) -> dict[str, Any]:
        """The best moves of the seat to move after ``step`` actions (default: the end), each with its
        estimated win chance and expected score, from that seat's knowledge only (realms.agents.analysis),
        searched in the bot pool. A finished game: any step. A game in progress with a bot seat: the seat
        of ``token`` at a step where it is to move (its own moves only). A game between people in progress:
        403. Rate-limited per client (``analysis_rate``); ``seconds`` is capped by ``analysis_seconds``."""
        live = manager.get(gid)
        async with live.lock:
            manager.catch_up(live)
            finished = live.finished
            with_bots = any(s.kind == "bot" for s in live.seats)
            version = live.version
            players = [s.kind if s.kind == "human" else f"bot:{s.agent}" for s in live.seats]
            seat = None if finished or not with_bots else live.seat_of(token)
        if not finished:
            if not with_bots:
                raise ApiError(403, "a game between people cannot be analysed while it is in progress; "
                                    "ask again once it is over")
            if seat is None:
                raise ApiError(403, "a game in progress is analysed only for a seat's own moves: give its token")
        if step is not None and step > version:
            raise ApiError(400, f"step {step} is past the game's {version} actions")
        app.guard.limits.charge("analysis", app.guard.limits.client_of(request.scope))
        with manager.sessions() as db:
            actions = list(db.scalars(select(ActionRow.action).where(ActionRow.game_id == gid, ActionRow.n <= version)
                                      .order_by(ActionRow.n)))
        record = {"format": "realms-record", "version": 1, "game": live.game.id, "options": live.options,
                  "seed": live.seed, "players": players, "actions": actions}
        if not finished:
            at = version if step is None else step
            state = live.game.new(live.options, live.seed)
            for a in actions[:at]:
                live.game.apply(state, live.game.action_from_json(a))
            assert seat is not None
            if live.game.to_move(state) != seat:
                raise ApiError(403, f"seat {seat + 1} is not to move after {at} actions: a game in progress is "
                                    "analysed only for a seat's own moves")
        try:
            found = await manager.bots.run(analysis_job, record, step, agent, min(seconds, settings.analysis_seconds),
                                           iterations, seed, top) if manager.bots is not None else \
                analysis_job(record, step, agent, min(seconds, settings.analysis_seconds), iterations, seed, top)
        except (RealmsError, ValueError) as e:
            raise ApiError(400, str(e)) from None
        return {"game": gid, **found}

    @app.post("/api/calculators/{game_id}")
    def calculate(game_id: str, body: Calculate) -> JSONResponse:
        """The game's scoring calculator (the one ``realms score`` uses) on ``text``: its figures, as
        ``realms score --json`` prints them. 404 for a game without one; 400 for input it cannot read, the
        message naming the row and column (also given as ``row`` and ``col``, 1-based, where it has them)."""
        try:
            calculator = realms.games.get(game_id).calculator()
        except RealmsError:
            calculator = None
        if calculator is None:
            raise ApiError(404, f"there is no scoring calculator for {game_id!r}")
        try:
            scored = calculator.score(body.text, body.options)
        except RealmsError as e:
            return JSONResponse({"detail": str(e), "row": getattr(e, "row", None), "col": getattr(e, "col", None)},
                                status_code=400)
        details = getattr(scored, "details", None)  # a calculator may say more than `realms score --json`
        return JSONResponse(details() if callable(details) else scored.to_json())

    @app.websocket("/ws/games/{gid}")
    async def watch(ws: WebSocket, gid: str, token: str | None = None) -> None:
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
        budget = SocketLimit(settings, exempt=app.guard.limits.client_of(ws.scope) in app.guard.limits.exempt)
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
                        app.guard.limits.penalize(app.guard.limits.client_of(ws.scope))
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
                # an action for this socket's seat: on success everyone gets the update (this socket too)
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
                except SQLAlchemyError:
                    log.exception("the database failed during an action over the WebSocket of game %s", gid)
                    watcher.tell(orjson.dumps({"type": "error", "status": 503, "version": live.version,
                                               "detail": STORAGE_DOWN}))
                except Exception:  # a bug must not cost the player the socket
                    log.exception("action over the WebSocket of game %s failed", gid)
                    watcher.tell(orjson.dumps({"type": "error", "status": 500, "version": live.version,
                                               "detail": "internal error: reload the game to see where it stands"}))
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            live.watchers.pop(watcher, None)
            sender.cancel()
            if seat is not None and seat not in live.watchers.values() and not live.finished:
                try:  # the seat's last socket: on a real-time table, a bot takes over unless they come back
                    await manager.seat_left(live, seat)
                except Exception:
                    log.exception("noting that seat %s of game %s left failed", seat, gid)
            manager.release_if_idle(live)

    if WEB.is_dir():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

        @app.exception_handler(StarletteHTTPException)
        async def not_found_page(request: Request, exc: StarletteHTTPException) -> Response:
            """A browser's navigation to an address nobody serves gets the app's page with 404 (which says "page
            not found" in the reader's language) instead of a line of JSON; the API, the static files and every
            other answer stay as they were."""
            path = request.url.path
            if (exc.status_code == 404 and request.method == "GET" and "text/html" in request.headers.get("accept", "")
                    and not path.startswith(("/api/", "/ws/", "/static/"))):
                return FileResponse(WEB / "index.html", status_code=404)
            return await http_exception_handler(request, exc)

        @app.get("/", include_in_schema=False)
        def index() -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/play/{gid}", include_in_schema=False)
        def play_page(gid: str) -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/replay/{gid}", include_in_schema=False)
        def replay_page(gid: str) -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/account", include_in_schema=False)
        @app.get("/games", include_in_schema=False)
        @app.get("/leaderboard", include_in_schema=False)
        @app.get("/leaderboard/{name}", include_in_schema=False)
        @app.get("/players/{name}", include_in_schema=False)
        def account_pages(name: str = "") -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/calculator", include_in_schema=False)
        def calculator_page() -> FileResponse:
            return FileResponse(WEB / "index.html")

        @app.get("/rules", include_in_schema=False)
        @app.get("/rules/{game}", include_in_schema=False)
        def rules_page(game: str = "") -> FileResponse:
            return FileResponse(WEB / "index.html")

    return app
