"""Clocks and deadlines: a clocked table's turn clock and per-game banks, a player who leaves a real-time
table or runs out of time, and the bot that takes their seat over after the grace period.

Every deadline is stored (games.turn_deadline, seats.takeover_at) before anyone is told of it, and
``load_deadlines`` reads them back at start, so a restart neither forgets nor restarts a countdown. With
several processes on one database, the database decides who acts on each (conditional updates).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import SQLAlchemyError

from realms.agents import default_agent
from realms.core.game import Event
from realms.server.db import ActionRow, GameRow, SeatRow
from realms.server.livegame import ApiError, LiveGame, Seat, epoch, stamp_of
from realms.server.store import Store

log = logging.getLogger("realms.server")


def _rows(result: Any) -> int:
    """How many rows an UPDATE changed (the database's verdict on a conditional update)."""
    return cast(CursorResult[Any], result).rowcount


def _near(a: float | None, b: float | None) -> bool:
    """Two stored times (or banks) the same, but for the rounding of a round trip through the database."""
    return a is None and b is None or a is not None and b is not None and abs(a - b) < 1e-3


class Clocks(Store):
    """The deadlines of the games: set, stored, and acted on when they pass."""

    def _start_clock(self, live: LiveGame, t: float) -> None:
        """The mover's clock, on a clocked table when a person is to move: per move its full time, per game
        what is left of its bank."""
        live.turn_deadline = live.turn_started = None
        if live.clock_mode is None or live.finished:
            return
        mover = live.game.to_move(live.state)
        if mover is None or live.seats[mover].kind != "human":
            return
        budget = live.clock_seconds if live.clock_mode == "move" else live.seats[mover].time_left
        live.turn_started = t
        live.turn_deadline = t + float(budget or 0)

    def _turn_start(self, live: LiveGame) -> float | None:
        """When the mover's running clock started, from its deadline and its budget (a copy read from the
        database: after a restart, or another process's deadline)."""
        mover = live.game.to_move(live.state)
        if live.turn_deadline is None or live.clock_mode is None or mover is None:
            return None
        budget = live.clock_seconds if live.clock_mode == "move" else live.seats[mover].time_left
        return live.turn_deadline - float(budget or 0)

    def _next_clock(self, live: LiveGame, mover: int, state: Any, finished: bool,
                    t: float) -> tuple[float | None, float | None, float | None] | None:
        """The clock once ``mover``'s action (at ``t``) has led to ``state``: (the next mover's deadline, when
        that turn started, ``mover``'s bank after it), or None where the stored deadline stays (no clock; the
        same mover decides again). The deadline is written with the action, in its transaction."""
        if live.clock_mode is None:
            return None
        if finished:
            return None, None, None
        nxt = live.game.to_move(state)
        if nxt == mover:
            return None
        m, bank = live.seats[mover], None
        if live.clock_mode == "game" and m.kind == "human" and live.turn_started is not None:
            bank = max(0.0, round((m.time_left or 0.0) - (t - live.turn_started), 3))
        if nxt is None or live.seats[nxt].kind != "human":
            return None, None, bank
        budget = live.clock_seconds if live.clock_mode == "move" else live.seats[nxt].time_left
        return t + float(budget or 0), t, bank

    def _deadline(self, live: LiveGame) -> None:
        """Note the game's earliest pending deadline for the ticker (or that it has none)."""
        times = [s.takeover_at for s in live.seats if s.takeover_at is not None]
        if live.turn_deadline is not None:
            times.append(live.turn_deadline)
        if times and not live.finished:
            self.deadlines[live.id] = min(times)
        else:
            self.deadlines.pop(live.id, None)

    def _store_seats(self, live: LiveGame, seats: list[Seat]) -> None:
        """The banks and takeovers of ``seats`` as this copy has them, where the seat is still of the kind it
        thinks (a seat another process handed to a bot is left as it is)."""
        with self.sessions.begin() as db:
            for s in seats:
                db.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == s.seat,
                                                 SeatRow.kind == s.kind)
                           .values(time_left=s.time_left, takeover_at=stamp_of(s.takeover_at),
                                   takeover_reason=s.takeover_reason))
        live._payload_version = -1

    def _after_move(self, live: LiveGame, mover: int,
                    clock: tuple[float | None, float | None, float | None] | None) -> None:
        """After an accepted action on a clocked table (or one with a takeover pending): a player who acts
        keeps their seat; when the turn passes, the mover's bank is charged and the next mover's clock starts
        (``clock``, from ``_next_clock``: the deadline itself was stored with the action)."""
        changed: list[Seat] = []
        m = live.seats[mover]
        if m.takeover_at is not None:
            m.takeover_at = m.takeover_reason = None
            changed.append(m)
        if live.finished:
            for s in live.seats:
                if s.takeover_at is not None:
                    s.takeover_at = s.takeover_reason = None
                    changed.append(s)
        if clock is not None:
            live.turn_deadline, live.turn_started, bank = clock
            if bank is not None:
                m.time_left = bank
                if m not in changed:
                    changed.append(m)
            live._payload_version = -1
        if changed:
            self._store_seats(live, changed)
        self._deadline(live)

    def load_deadlines(self, due_by: float | None = None) -> int:
        """At start: every pending clock and takeover of an unfinished game, from the database; with
        ``due_by`` (the ticker's sweep), those due by then, whichever process set them."""
        game_due = [GameRow.status == "active", GameRow.turn_deadline.is_not(None)]
        seat_due = [GameRow.status == "active", SeatRow.takeover_at.is_not(None)]
        if due_by is not None:
            game_due.append(GameRow.turn_deadline <= stamp_of(due_by))
            seat_due.append(SeatRow.takeover_at <= stamp_of(due_by))
        with self.sessions() as db:
            games = db.execute(select(GameRow.id, GameRow.turn_deadline).where(*game_due)).all()
            seats = db.execute(select(SeatRow.game_id, SeatRow.takeover_at).join(GameRow, GameRow.id == SeatRow.game_id)
                               .where(*seat_due)).all()
        for gid, at in [*games, *seats]:
            t = epoch(at)
            if t is not None and gid not in self.broken:
                self.deadlines[gid] = min(t, self.deadlines.get(gid, t))
        return len(self.deadlines)

    async def run_deadlines(self) -> None:
        """For ever (the app's lifespan starts and cancels it): act on every deadline that has passed: those
        this process set or found at its start, at once, and every ``sweep`` seconds those the database holds
        as overdue by ``sweep`` (set by another process, which may be gone: the one that set a deadline acts
        on it first). The database decides who acts on each (``expire``)."""
        swept = time.monotonic()
        while True:
            await asyncio.sleep(self.tick)
            t = time.time()
            if time.monotonic() - swept >= self.sweep:
                swept = time.monotonic()
                try:
                    self.load_deadlines(due_by=t - self.sweep)
                except SQLAlchemyError as e:  # the database failing: asked again at the next sweep
                    self.writer.faults.failed("reading the deadlines due", e)
                except Exception:
                    log.exception("reading the deadlines due from the database failed")
            for gid in [g for g, at in self.deadlines.items() if at <= t]:
                try:
                    live = self.get(gid)
                except ApiError as e:
                    log.error("deadline of game %s: %s", gid, e.message)
                    self.deadlines.pop(gid, None)
                    continue
                try:
                    await self.expire(live)
                except SQLAlchemyError as e:  # the database failing: tried again later
                    self.writer.faults.failed(f"the deadline of game {gid}", e)
                    self.deadlines[gid] = time.time() + 5
                except Exception:  # never let the ticker die
                    log.exception("deadline of game %s failed", gid)
                    self.deadlines[gid] = time.time() + 5  # tried again later
                await asyncio.sleep(0)  # many due at once (tables abandoned together): people are answered between

    def _adopt(self, live: LiveGame) -> None:
        """Replace this copy's game, log, seats and clock with the database's (read and replayed afresh): what
        another process did, its notes in the log included. Watchers and the lock stay."""
        try:
            fresh = self._load(live.id)
        except SQLAlchemyError:
            raise
        except ApiError as e:
            if e.status != 500:
                raise
            raise self.mark_broken(live.id, e.message) from None
        except Exception as e:
            raise self.mark_broken(live.id, f"{type(e).__name__}: {e}") from None
        for name in ("state", "version", "state_hash", "events", "public_events", "private_counts", "private_events",
                     "seats", "turn_deadline", "turn_started", "note_ids", "note_floor"):
            setattr(live, name, getattr(fresh, name))
        live._payload_version = -1
        live.refused.clear()

    def _sync(self, live: LiveGame) -> bool:
        """Before acting on a deadline: the copy as the database has it. When another process moved the game
        on or changed its clock or seats (acted on a deadline, say), the copy is read afresh (``_adopt``).
        Returns whether it was."""
        with self.sessions() as db:
            row = db.execute(select(GameRow.version, GameRow.turn_deadline).where(GameRow.id == live.id)).one_or_none()
            seats = db.execute(select(SeatRow.seat, SeatRow.kind, SeatRow.agent, SeatRow.time_left, SeatRow.takeover_at,
                                      SeatRow.takeover_reason).where(SeatRow.game_id == live.id)
                               .order_by(SeatRow.seat)).all()
        if row is None:
            raise ApiError(404, f"no game {live.id!r}")
        same = row.version == live.version and _near(epoch(row.turn_deadline), live.turn_deadline) and \
            len(seats) == len(live.seats) and all(
                (r.seat, r.kind, r.agent, r.takeover_reason) == (s.seat, s.kind, s.agent, s.takeover_reason)
                and _near(r.time_left, s.time_left) and _near(epoch(r.takeover_at), s.takeover_at)
                for r, s in zip(seats, live.seats, strict=False))
        if same:
            return False
        self._adopt(live)
        return True

    def _settle(self, live: LiveGame, t: float) -> tuple[bool, bool]:
        """Act on what of the game's deadlines has passed by ``t``, each by a conditional update that only one
        process can win: a takeover due whose player has not acted since it was announced hands the seat to a
        bot; a clock run out at this version starts the grace period. Each note goes in the transaction of the
        update that decided it. Returns (whether anything was done, whether the database disagreed: another
        process had acted, or the player had moved through one that did not know of the takeover)."""
        if live.finished:
            return False, False
        bot = os.environ.get("REALMS_TAKEOVER_BOT") or default_agent(live.game)
        stamp = stamp_of(t)
        done: list[tuple[str, Seat | None, float | None]] = []
        notes: list[Event] = []
        lost = False
        with self.sessions.begin() as db:
            active = select(GameRow.id).where(GameRow.id == live.id, GameRow.status == "active").exists()
            for s in live.seats:
                if s.kind != "human" or s.takeover_at is None or s.takeover_at > t:
                    continue
                due = (SeatRow.game_id == live.id, SeatRow.seat == s.seat, SeatRow.kind == "human",
                       SeatRow.takeover_at.is_not(None), SeatRow.takeover_at <= stamp)
                acted = select(ActionRow.n).where(ActionRow.game_id == live.id, ActionRow.seat == s.seat,
                                                  ActionRow.created_at >= stamp_of(s.takeover_at - self.grace)).exists()
                if _rows(db.execute(update(SeatRow).where(*due, ~acted, active)
                                    .values(kind="bot", agent=bot, takeover_at=None, takeover_reason=None))):
                    why = "left the table" if s.takeover_reason == "left" else "ran out of time"
                    notes.append(Event("note", s.seat, f"Seat {s.seat + 1} {why}: the {bot} bot plays that seat from "
                                                       f"now on.", {"note": "bot-takeover", "seat": s.seat, "bot": bot,
                                                                    "reason": s.takeover_reason}))
                    done.append(("bot", s, None))
                else:  # taken over already, or its player moved meanwhile: then no takeover is pending any more
                    db.execute(update(SeatRow).where(*due, acted).values(takeover_at=None, takeover_reason=None))
                    lost = True
            if live.turn_deadline is not None and live.turn_deadline <= t:
                cleared = _rows(db.execute(update(GameRow).where(
                    GameRow.id == live.id, GameRow.version == live.version, GameRow.status == "active",
                    GameRow.turn_deadline.is_not(None), GameRow.turn_deadline <= stamp).values(turn_deadline=None)))
                mover = live.game.to_move(live.state)
                ms = live.seats[mover] if mover is not None else None
                if not cleared:
                    lost = True
                elif ms is not None and ms.kind == "human" and ms.takeover_at is None:
                    at = t + self.grace
                    values: dict[str, Any] = {"takeover_at": stamp_of(at), "takeover_reason": "time"}
                    if live.clock_mode == "game":
                        values["time_left"] = 0.0
                    if _rows(db.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == ms.seat,
                                                              SeatRow.kind == "human", SeatRow.takeover_at.is_(None))
                                        .values(**values))):
                        notes.append(Event("note", ms.seat, f"Seat {ms.seat + 1} ran out of time: a bot takes over in "
                                                            f"{round(self.grace)} s unless they move.",
                                           {"note": "out-of-time", "seat": ms.seat, "grace": round(self.grace)}))
                        done.append(("warn", ms, at))
                    else:
                        lost = True
                if cleared:
                    done.append(("clock", None, None))
            for event in notes:
                self._store_note(db, live, event)
        # committed: the copy follows
        for what, seat, when in done:
            if what == "bot" and seat is not None:
                seat.kind, seat.agent, seat.takeover_at, seat.takeover_reason = "bot", bot, None, None
            elif what == "warn" and seat is not None:
                seat.takeover_at, seat.takeover_reason = when, "time"
                if live.clock_mode == "game":
                    seat.time_left = 0.0
            elif what == "clock":
                live.turn_deadline = live.turn_started = None
        for event in notes:
            live.add_event(live.version, event)
        live._payload_version = -1
        return bool(done), lost

    async def expire(self, live: LiveGame) -> None:
        """Whatever of this game's deadlines has passed: a takeover due hands the seat to a bot; a clock run
        out starts the grace period (everyone is told, and the log says so). With several processes on one
        database each may try: the database decides (``_settle``), and the others read what it did."""
        async with live.lock:
            synced = self._sync(live)
            acted, lost = self._settle(live, time.time())
            if lost:
                self._adopt(live)
            self._deadline(live)
        if synced or acted or lost:
            if self.notify is not None:
                await self.notify(live, live.version)
        if acted:  # (only where it was done: bots of one seat racing in several processes only refuse each other)
            self.announce(f"{live.id}:seats")
            self.schedule_bots(live)

    async def seat_left(self, live: LiveGame, seat: int) -> None:
        """The last socket of a person's seat closed. On a real-time table that player has ``grace`` seconds
        to come back before a bot takes over; everyone is told and the log says so. Turn-based tables wait, and
        so does a table waiting for its players (nobody waits on it): its grace starts once it begins, for
        whoever is away then (Manager.begin_if_ready)."""
        async with live.lock:
            s = live.seats[seat]
            if live.pace != "realtime" or live.finished or s.kind != "human" or s.takeover_at is not None:
                return
            if not live.version and live.waiting_for():
                live.away_while_waiting.add(seat)
                return
            at = time.time() + self.grace
            note = Event("note", seat, f"Seat {seat + 1} left the table: a bot takes over in {round(self.grace)} s "
                                       f"unless they come back.",
                         {"note": "seat-left", "seat": seat, "grace": round(self.grace)})
            with self.sessions.begin() as db:  # unless another process has a takeover pending for the seat
                ok = _rows(db.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == seat,
                                                            SeatRow.kind == "human", SeatRow.takeover_at.is_(None))
                                      .values(takeover_at=stamp_of(at), takeover_reason="left")))
                if ok:
                    self._store_note(db, live, note)
            if ok:
                s.takeover_at, s.takeover_reason = at, "left"
                live.add_event(live.version, note)
                live._payload_version = -1
            else:
                self._adopt(live)
            self._deadline(live)
        if self.notify is not None:
            await self.notify(live, live.version)
        if ok:  # and the other processes (their watchers see the seat's notice and the note)
            self.announce(f"{live.id}:seats")

    async def seat_back(self, live: LiveGame, seat: int) -> None:
        """A socket of a seat whose player had left opened again: no takeover."""
        async with live.lock:
            s = live.seats[seat]
            if s.takeover_reason != "left" or s.kind != "human":
                return
            note = Event("note", seat, f"Seat {seat + 1} is back.", {"note": "seat-back", "seat": seat})
            with self.sessions.begin() as db:  # unless another process handed the seat to a bot meanwhile
                ok = _rows(db.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == seat,
                                                            SeatRow.kind == "human", SeatRow.takeover_reason == "left")
                                      .values(takeover_at=None, takeover_reason=None)))
                if ok:
                    self._store_note(db, live, note)
            if ok:
                s.takeover_at = s.takeover_reason = None
                live.add_event(live.version, note)
                live._payload_version = -1
            else:
                self._adopt(live)
            self._deadline(live)
        if self.notify is not None:
            await self.notify(live, live.version)
        if ok:  # and the other processes (their watchers see the seat's notice and the note)
            self.announce(f"{live.id}:seats")
