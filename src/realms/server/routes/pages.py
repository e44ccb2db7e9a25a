"""The browser client: its static files, and the same page for every address the client draws itself (a
browser's navigation to an address nobody serves gets that page too, with 404)."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

WEB = Path(__file__).resolve().parent.parent.parent / "web"


def add_pages(app: FastAPI) -> None:
    """The client's static files and pages, where the package has them."""
    if WEB.is_dir():
        app.mount("/static", StaticFiles(directory=WEB), name="static")
        app.exception_handler(StarletteHTTPException)(not_found_page)
        add_routes(app)


async def not_found_page(request: Request, exc: StarletteHTTPException) -> Response:
    """A browser's navigation to an address nobody serves gets the app's page with 404 (which says "page
    not found" in the reader's language) instead of a line of JSON; the API, the static files and every
    other answer stay as they were."""
    path = request.url.path
    if (exc.status_code == 404 and request.method == "GET" and "text/html" in request.headers.get("accept", "")
            and not path.startswith(("/api/", "/ws/", "/static/"))):
        return FileResponse(WEB / "index.html", status_code=404)
    return await http_exception_handler(request, exc)


def index() -> FileResponse:
    return FileResponse(WEB / "index.html")


def play_page(gid: str) -> FileResponse:
    return FileResponse(WEB / "index.html")


def replay_page(gid: str) -> FileResponse:
    return FileResponse(WEB / "index.html")


def account_pages(name: str = "") -> FileResponse:
    return FileResponse(WEB / "index.html")


def calculator_page() -> FileResponse:
    return FileResponse(WEB / "index.html")


def rules_page(game: str = "") -> FileResponse:
    return FileResponse(WEB / "index.html")


def add_routes(app: FastAPI) -> None:
    """Declare the pages on ``app`` (in the order they are matched)."""
    app.get("/", include_in_schema=False)(index)
    app.get("/play/{gid}", include_in_schema=False)(play_page)
    app.get("/replay/{gid}", include_in_schema=False)(replay_page)
    for path in ("/players/{name}", "/leaderboard/{name}", "/leaderboard", "/games", "/account"):
        app.get(path, include_in_schema=False)(account_pages)
    app.get("/calculator", include_in_schema=False)(calculator_page)
    app.get("/rules/{game}", include_in_schema=False)(rules_page)
    app.get("/rules", include_in_schema=False)(rules_page)
