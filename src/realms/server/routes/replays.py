"""Finished games step by step (the replay viewer), and the best moves of a position (analysis), thought in the
bot pool."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Query, Request
from sqlalchemy import select

from realms.core.errors import RealmsError
from realms.server.bots import analysis_job
from realms.server.db import ActionRow
from realms.server.limits import Settings
from realms.server.live import ApiError, Manager
from realms.server.replay import Replay, Replays


def add_routes(app: FastAPI) -> None:
    """Declare this area's routes on ``app``."""
    app.get("/api/games/{gid}/replay")(replay_step)
    app.post("/api/games/{gid}/analysis", operation_id="analysis_post")(analysis)
    app.get("/api/games/{gid}/analysis", operation_id="analysis_get")(analysis)


async def replay_step(gid: str, request: Request, step: int = Query(default=0, ge=0)) -> dict[str, Any]:
    """A finished game seen by a spectator after ``step`` actions, for the replay viewer."""
    manager: Manager = request.app.state.manager
    replays: Replays = request.app.state.replays
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
    manager: Manager = request.app.state.manager
    settings: Settings = request.app.state.settings
    limits = request.app.guard.limits
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
    limits.charge("analysis", limits.client_of(request.scope))
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
