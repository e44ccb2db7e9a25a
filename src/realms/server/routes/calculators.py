"""The games' scoring calculators (the ones ``realms score`` uses), for the browser's calculator page."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

import realms.games
from realms.core.errors import RealmsError
from realms.server.live import ApiError


def add_routes(app: FastAPI) -> None:
    """Declare this area's routes on ``app``."""
    app.post("/api/calculators/{game_id}")(calculate)


class Calculate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=4096)
    options: dict[str, Any] = Field(default_factory=dict)


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
