"""The ASGI application: REST API, WebSocket pushes and the static browser client.

``create_app`` builds the server's parts (the database, the live-game manager, accounts, the guard and its
limits), puts them in the app's ``state`` and includes the routes of each area (``realms.server.routes``)."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import sessionmaker
from starlette.types import Scope

from realms.server.accounts import Accounts, csrf_token
from realms.server.bots import BotPool
from realms.server.chat import Chat
from realms.server.db import STORAGE_DOWN, check_integrity, default_url, guard_file, hold_file, make_engine, migrate
from realms.server.limits import RateLimited, Settings
from realms.server.live import ApiError, LiveGame, Manager
from realms.server.manage import AccountManagement
from realms.server.replay import Replays
from realms.server.routes import calculators, chat, games, lobby, pages, replays, sockets
from realms.server.routes.games import parse_action_body
from realms.server.routes.pages import WEB
from realms.server.routes.sockets import Watcher, parse_ws_action
from realms.server.security import Guard
from realms.server.turnmail import TurnMail

__all__ = ["WEB", "BodyLimit", "RealmsApp", "Watcher", "add_docs", "create_app", "parse_action_body",
           "parse_ws_action"]

MAX_BODY = 64 * 1024
log = logging.getLogger("realms.server")


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
    # searching bots and analyses think there (created at first use, or at start with ``bot_warm``)
    manager.bots = BotPool(settings.bot_workers, warm=settings.bot_warm)
    manager.notify = notify

    app = RealmsApp(title="Realms", summary="Kingdomino, Dominion and The Castles of Burgundy",
                    lifespan=functools.partial(lifespan, manager=manager, engine=engine, resume=resume,
                                               release_file=release_file),
                    docs_url=None, redoc_url=None)  # /docs is served below from local files; no ReDoc
    app.state.manager = manager
    add_docs(app)
    app.act = functools.partial(games.act, manager)
    app.state.db_url = url
    app.add_middleware(BodyLimit)
    app.guard = Guard(settings)
    manager.before_act = app.guard.limits.seat_action  # per-seat action budget, checked before any work
    app.state.settings = settings
    accounts = Accounts(app, manager, engine, app.guard.limits)
    app.state.accounts = accounts
    app.guard.csrf = lambda cookie: csrf_token(accounts.key, cookie)
    accounts.routes()
    AccountManagement(accounts).routes()  # password, sessions, e-mail address, password reset
    app.exception_handler(RateLimited)(rate_limited)
    app.exception_handler(ApiError)(api_error)
    app.exception_handler(SQLAlchemyError)(storage_error)
    app.exception_handler(RequestValidationError)(bad_request)
    app.state.lobby = lobby.Lobby(manager, settings.lobby_ttl)
    app.state.lobby_changed = app.state.lobby.changed
    app.state.replays = Replays()
    app.state.chat = Chat(manager, app.guard.limits, settings)
    TurnMail(app, manager, settings).routes()  # e-mail when it becomes a player's move (turn-based tables)
    for area in (lobby, games, replays, calculators, sockets, chat):
        area.add_routes(app)
    pages.add_pages(app)
    return app


async def notify(live: LiveGame, version: int) -> None:
    """Hand every watcher its newest view; each watcher's own task sends it (never blocking the mover)."""
    for watcher, seat in list(live.watchers.items()):
        watcher.post(live.update_message(seat))


@asynccontextmanager
async def lifespan(app: FastAPI, *, manager: Manager, engine: Any, resume: bool,
                   release_file: Any) -> AsyncIterator[None]:
    """The server's background tasks while it runs, and its shutdown."""
    if resume:
        resumed = manager.resume_all()
        if resumed:
            log.info("resumed %d unfinished games", len(resumed))
    sweeper = asyncio.create_task(manager.sweep_idle())  # idle unfinished games leave memory
    pending = manager.load_deadlines()  # clocks and bot takeovers, as stored
    if pending:
        log.info("%d games with a clock or a takeover pending", pending)
    ticker = asyncio.create_task(manager.run_deadlines())
    if manager.bots is not None and manager.bots.warm:  # the workers load every search now, not at a first move
        manager.bots.start()
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


async def rate_limited(_: Request, exc: RateLimited) -> JSONResponse:
    return JSONResponse({"detail": f"too many requests ({exc.what}): slow down"}, status_code=429,
                        headers={"retry-after": str(max(1, round(exc.retry_after)))})


async def api_error(_: Request, exc: ApiError) -> JSONResponse:
    return JSONResponse({"detail": exc.message}, status_code=exc.status)


async def storage_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
    """Every storage failure: 503 with a plain message; what went wrong goes to the log only."""
    request.app.state.manager.writer.faults.failed(f"{request.method} {request.url.path}", exc)
    return JSONResponse({"detail": STORAGE_DOWN}, status_code=503)


async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        problems.append(f"{where}: {err.get('msg')}")
    return JSONResponse({"detail": "; ".join(problems) or "malformed request"}, status_code=422)
