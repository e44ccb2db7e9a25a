"""Bots playing their seats: each game's bot task, moves thought in the bot pool with the game's lock let go,
retries of moves that may succeed later, the fallback bot for one that fails, and the bots of unfinished games
started again after a restart.

Bots share the server with people. A bot move chosen in-process takes one of ``BOT_LANES`` slots, and keeps it
until the event loop's next turn, so that each turn of the loop chooses at most ``BOT_LANES`` bot moves and reads
what people sent in between. The slots are handed out first come, first served, the bots of tables where a
person plays before those of tables only bots play. When many tables go to bots at once (a takeover of every seat
of every abandoned real-time table, say), their moves queue there, one table after another; a person's action,
which takes no slot, waits for a few of them, never for all of them, and a person's bot opponent gets the next
slot before any of theirs still waiting, whatever the configured bot delay. The commits are not in the slots (the
moves of many tables still share one transaction of the group writer), nor is a move thought in the bot pool
(another process thinks it).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import deque
from typing import Any

from sqlalchemy import select, update

from realms.agents import make_agent
from realms.core.agents import choose
from realms.core.errors import IllegalAction, RealmsError
from realms.core.game import Event
from realms.core.rng import derive_seed
from realms.server.bots import bot_move
from realms.server.db import GameRow, SeatRow
from realms.server.livegame import ApiError, LiveGame
from realms.server.store import Store

log = logging.getLogger("realms.server")
FALLBACK_BOT = "random"  # plays a seat whose bot failed
BOT_RETRIES = 5  # a bot move that may succeed later (409, 503) is retried this often, with backoff
BOT_RETRY_BASE, BOT_RETRY_MAX = 0.05, 2.0  # seconds
#: bot moves chosen in one turn of the event loop, over every game of this process (the module docstring)
BOT_LANES = max(1, int(os.environ.get("REALMS_BOT_LANES", "2")))
#: the most seconds a bot's search may take a move here (the hard levels' cap is 6): a bot seat asks no more
BOT_MAX_SECONDS = float(os.environ.get("REALMS_BOT_MAX_SECONDS", "10"))


def bot_refusal(name: str, game: Any) -> str | None:
    """Why the server will not seat bot ``name`` in ``game`` (None: it will): not an agent of the game, a
    strategy file (the server reads none, named whole or as an option's value), or a search whose move is not
    bounded by ``BOT_MAX_SECONDS`` in one process (``seconds``, or ``iterations`` with a ``cap``; one worker), since
    the bot pool's workers are every table's."""
    try:
        agent = make_agent(name, game, 0, files=False)
    except RealmsError as e:
        return str(e)
    cfg = getattr(agent, "cfg", None)
    if cfg is None or not hasattr(cfg, "iterations"):
        return None
    bound = (cfg.cap or None) if cfg.iterations else cfg.seconds
    if cfg.workers > 1 or bound is None or bound > BOT_MAX_SECONDS:
        return (f"a bot here searches in one process for at most {BOT_MAX_SECONDS:g} s a move: give it seconds of "
                f"at most that, or iterations with a cap of at most that, and no workers (got {name!r})")
    return None


class Lanes:
    """``size`` slots handed out first come, first served, those asked for ``urgent`` first; a slot let go goes
    straight to the next in line (nobody arriving meanwhile takes it first)."""

    def __init__(self, size: int) -> None:
        self.free = size
        self.waiting: tuple[deque[asyncio.Future[None]], deque[asyncio.Future[None]]] = (deque(), deque())

    async def acquire(self, urgent: bool) -> None:
        if self.free > 0 and not (self.waiting[0] or self.waiting[1]):
            self.free -= 1
            return
        slot: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting[0 if urgent else 1].append(slot)
        try:
            await slot
        except asyncio.CancelledError:
            if slot.done() and not slot.cancelled():  # handed the slot as it was cancelled: pass it on
                self.release()
            raise

    def release(self) -> None:
        for line in self.waiting:
            while line:
                slot = line.popleft()
                if not slot.done():
                    slot.set_result(None)
                    return
        self.free += 1


class BotTurns(Store):
    """The bots' moves."""

    #: the ``BOT_LANES`` slots, made on the event loop that uses them (a test may run several loops)
    _lanes: tuple[asyncio.AbstractEventLoop, Lanes] | None = None

    def bot_lanes(self) -> Lanes:
        """The slots every bot move chosen in-process takes one of (the module docstring)."""
        loop = asyncio.get_running_loop()
        if self._lanes is None or self._lanes[0] is not loop:
            self._lanes = (loop, Lanes(BOT_LANES))
        return self._lanes[1]

    def schedule_bots(self, live: LiveGame) -> None:
        if live.finished or (live.bot_task is not None and not live.bot_task.done()):
            return
        to_move = live.game.to_move(live.state)
        if to_move is None or live.seats[to_move].kind != "bot":
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        live.bot_task = loop.create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveGame) -> None:
        """Play the bots' moves. A move that can succeed later (the game moved on in another process: 409;
        the database failing: 503) is retried with backoff; a move the engine refuses, or a bot that
        crashes, would fail the same way again (same seed), so the seat goes to the fallback bot and the
        game log says so."""
        failures = 0
        while True:
            delay = self.bot_delay if not failures else min(BOT_RETRY_BASE * 2 ** (failures - 1), BOT_RETRY_MAX)
            await asyncio.sleep(delay)
            async with live.lock:
                self.catch_up(live)
                if live.finished:
                    return
                seat = live.game.to_move(live.state)
                if seat is None or live.seats[seat].kind != "bot":
                    return
                name = live.seats[seat].agent or FALLBACK_BOT
                try:
                    seed = derive_seed(live.seed, seat + 1, live.version)
                    agent = make_agent(name, live.game, seed, files=False)
                    if self.bots is not None and self.bots.wants(agent):
                        thought = await self._think_outside(live, seat, name, seed)
                        if thought is None:  # the game moved on while the bot thought: look again
                            continue
                        action = thought
                    else:
                        lanes = self.bot_lanes()  # a slot: a table where a person plays first
                        await lanes.acquire(urgent=any(s.kind != "bot" for s in live.seats))
                        try:
                            action = choose(agent, live.game, live.state, seat)  # its seat's copy, never the truth
                            await asyncio.sleep(0)  # held until the loop's next turn: people are read first
                        finally:
                            lanes.release()
                    await self._commit(live, seat, action)
                    failures = 0
                except ApiError as e:
                    if e.status in (409, 503) and failures < BOT_RETRIES:
                        failures += 1
                        log.warning("bot move in %s failed (%s), retry %d: %s", live.id, e.status, failures,
                                    e.message)
                        continue
                    if e.status == 503:  # the database is down: another bot would fare no better
                        log.error("bot moves in %s stop until the game changes again: %s", live.id, e.message)
                        return
                    failures = 0
                    if not self._fall_back(live, seat, name, e.message):
                        return
                    continue
                except Exception as e:  # a bot bug must not take the server down
                    log.exception("bot %s crashed in game %s", name, live.id)
                    failures = 0
                    if not self._fall_back(live, seat, name, f"{type(e).__name__}: {e}"):
                        return
                    continue
            if self.notify is not None:
                await self.notify(live, live.version)
            self.release_if_idle(live)

    async def _think_outside(self, live: LiveGame, seat: int, name: str, seed: int) -> Any:
        """The bot's move, thought in the bot pool with the game's lock released (so the game's reads and
        every other game go on meanwhile), then checked under the lock again: None when the game moved on
        (another process's action, a seat change), else the action."""
        assert self.bots is not None
        version, state = live.version, live.game.clone(live.state)
        live.lock.release()
        try:
            index = await self.bots.run(bot_move, live.game.id, state, seat, name, seed)
        finally:
            await live.lock.acquire()
        self.catch_up(live)
        if (live.finished or live.version != version or live.game.to_move(live.state) != seat
                or live.seats[seat].kind != "bot" or (live.seats[seat].agent or FALLBACK_BOT) != name):
            return None
        for action in live.game.legal_actions(live.state):
            if action.index == index:
                return action
        raise IllegalAction(f"{live.game.id}: bot {name!r} chose action {index}, which seat {seat + 1} may not play")

    def _fall_back(self, live: LiveGame, seat: int, name: str, why: str) -> bool:
        """Hand ``seat`` to the fallback bot (stored, so a restart keeps it) and say so in the game log.
        False when the fallback itself failed: the bot task stops (the log says why)."""
        if name == FALLBACK_BOT:
            log.error("the fallback bot failed in game %s, seat %d: %s", live.id, seat, why)
            return False
        log.warning("bot %s of game %s, seat %d, failed (%s): the %s bot plays on", name, live.id, seat, why,
                    FALLBACK_BOT)
        note = Event("note", None, f"The {name} bot of seat {seat + 1} failed; the {FALLBACK_BOT} bot plays that seat "
                                   f"from now on.", {"note": "bot-fallback", "bot": name, "seat": seat,
                                                     "fallback": FALLBACK_BOT})
        with self.sessions.begin() as db:  # the seat change and its note in the log, together
            db.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == seat)
                       .values(agent=FALLBACK_BOT))
            self.add_note(live, note, db)
        live.seats[seat].agent = FALLBACK_BOT
        return True

    def resume_all(self) -> list[str]:
        """After a restart, restart the bots of unfinished games: only games with a bot seat are loaded
        (replayed), and those where no bot is to move leave memory again at once; every other game is
        loaded when someone asks for it. Returns the ids of the games whose bots were restarted."""
        with self.sessions() as db:
            has_bot = select(SeatRow.game_id).where(SeatRow.game_id == GameRow.id, SeatRow.kind == "bot").exists()
            ids = list(db.scalars(select(GameRow.id).where(GameRow.status == "active", has_bot)))
        resumed = []
        for gid in ids:
            try:
                live = self.get(gid)
            except ApiError as e:
                log.error("cannot resume %s: %s", gid, e.message)
                continue
            except Exception:  # one broken game must not keep the others (or the server) down
                log.exception("cannot resume %s", gid)
                continue
            to_move = live.game.to_move(live.state)
            if to_move is None or live.seats[to_move].kind != "bot":
                if not live.watchers:
                    del self.games[gid]
                continue
            resumed.append(gid)
            self.schedule_bots(live)
        return resumed
