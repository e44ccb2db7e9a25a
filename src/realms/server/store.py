"""What every part of the live-game manager stands on: this process's copies of the games, loaded from the
database (the source of truth: a game is (game, options, seed) plus its action log) and brought up to date
with what other processes appended (catch-up, and on PostgreSQL their announcements); the seats as stored;
the server's notes in a game's log; the game record."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

import realms.games
from realms.core.errors import IllegalAction
from realms.core.game import Event
from realms.server.bots import BotPool
from realms.server.db import ActionRow, GameRow, NoteRow, SeatRow, UserRow, now
from realms.server.livegame import ApiError, LiveGame, Seat, epoch
from realms.server.writer import _NOTIFY, CHANNEL, ORIGIN, GroupWriter

log = logging.getLogger("realms.server")


class Store:
    """The games of this process, backed by the database. ``realms.server.live.Manager`` is this with its
    seats (``Seats``), clocks (``Clocks``) and bots (``BotTurns``) and the acting itself."""

    def __init__(self, sessions: sessionmaker[Session], bot_delay: float = 0.25) -> None:
        self.sessions = sessions
        self.engine = sessions.kw["bind"]
        self.writer = GroupWriter(self.engine)
        self.shared = self.engine.dialect.name != "sqlite"
        self.bot_delay = bot_delay
        #: where searching bots think (realms.server.bots; set by the app): None, in-process like the others
        self.bots: BotPool | None = None
        self.games: dict[str, LiveGame] = {}
        #: an unfinished game nobody used for this long leaves memory (loaded again on demand)
        self.idle_seconds = float(os.environ.get("REALMS_IDLE_SECONDS", "600"))
        self.notify: Callable[[LiveGame, int], Awaitable[None]] | None = None
        #: called with (game id, seat) before an action is looked at; raises to refuse it (rate limits)
        self.before_act: Callable[[str, int], None] | None = None
        #: called (in the game's lock) once a game is over: ratings (realms.server.accounts)
        self.on_finish: Callable[[LiveGame], None] | None = None
        #: the key seat secrets of signed-in players are derived from (set by the app from the database)
        self.key: bytes = secrets.token_bytes(32)
        #: a player who left a real-time table, or ran out of time, has this long before a bot takes over
        self.grace = float(os.environ.get("REALMS_TAKEOVER_GRACE", "60"))
        #: how often pending deadlines are looked at
        self.tick = float(os.environ.get("REALMS_DEADLINE_TICK", "0.5"))
        #: how often the database is asked for the deadlines overdue by as long that this process did not set
        #: (another process's, which may be gone)
        self.sweep = float(os.environ.get("REALMS_DEADLINE_SWEEP", "2"))
        #: game id -> the earliest pending deadline (turn clock, takeover) of that game, epoch seconds; filled
        #: from the database at start (``load_deadlines``) and whenever a deadline is set
        self.deadlines: dict[str, float] = {}
        #: game id -> why its stored log cannot be loaded or replayed: found once, then answered from here
        #: (500 naming that game) without replaying it again; the other games are not affected
        self.broken: dict[str, str] = {}
        #: PostgreSQL: game id -> the newest version another process announced, while this one fetches it
        self._heard: dict[str, int] = {}
        self._reseat: dict[str, bool] = {}  # games whose seats to read again (True: quietly, see _pull)
        #: called with a game's id when another process announced a chat message of it (realms.server.chat)
        self.on_chat: Callable[[str], None] | None = None
        #: called with (game, seat) once an action passed the move to another seat (realms.server.turnmail)
        self.on_turn: Callable[[LiveGame, int], None] | None = None

    def get(self, gid: str) -> LiveGame:
        """This process's one copy of the game, loaded (replayed) on first use. Called on the event loop
        only, with no await between the check and the insert, so there is never a second copy."""
        live = self.games.get(gid)
        if live is None:
            why = self.broken.get(gid)
            if why is not None:
                raise ApiError(500, why)
            try:
                live = self._load(gid)
            except SQLAlchemyError:  # the database failing (503), not this game
                raise
            except ApiError as e:
                if e.status != 500:
                    raise
                raise self.mark_broken(gid, e.message) from None
            except Exception as e:  # a row that does not decode, an engine that chokes on it
                raise self.mark_broken(gid, f"{type(e).__name__}: {e}") from None
            self.games[gid] = live
        live.last_used = time.monotonic()
        return live

    def evict_idle(self) -> int:
        """Forget unfinished games nobody has used for ``idle_seconds`` (no watcher, no bot move under way,
        nobody holding the lock); they are loaded again on demand. Returns how many left memory."""
        cutoff = time.monotonic() - self.idle_seconds
        gone = [gid for gid, live in self.games.items()
                if live.last_used <= cutoff and not live.watchers and not live.lock.locked()
                and (live.bot_task is None or live.bot_task.done())]
        for gid in gone:
            del self.games[gid]
        return len(gone)

    async def sweep_idle(self) -> None:
        """Run ``evict_idle`` now and then, for ever (the app's lifespan starts and cancels it)."""
        while True:
            await asyncio.sleep(max(1.0, min(60.0, self.idle_seconds / 2)))
            try:
                self.evict_idle()
            except Exception:  # never let the sweeper die
                log.exception("evicting idle games failed")

    def mark_broken(self, gid: str, reason: str) -> ApiError:
        """Note that game ``gid``'s stored log cannot be loaded or replayed (once: later requests are answered
        from the note, without replaying it again) and drop this process's copy. Returns the error to raise."""
        reason = reason.removeprefix(f"game {gid}: ")
        why = f"game {gid} is broken: {reason}. Only this game is affected; it stays refused until the server restarts"
        if gid not in self.broken:
            log.error("%s", why)
        self.broken[gid] = why
        self.games.pop(gid, None)
        self.deadlines.pop(gid, None)
        return ApiError(500, why)

    def _load(self, gid: str) -> LiveGame:
        with self.sessions() as db:
            row = db.get(GameRow, gid)
            if row is None:
                raise ApiError(404, f"no game {gid!r}")
            expected_hash, version = row.state_hash, row.version
            seats = self._seat_rows(db, gid)
            # what follows the row as read: another process may append meanwhile (each read sees what is
            # committed by then), and its actions are applied by a later catch_up, not mixed into this copy
            actions = list(db.scalars(select(ActionRow).where(ActionRow.game_id == gid, ActionRow.n <= version)
                                      .order_by(ActionRow.n)))
            note_rows = list(db.scalars(select(NoteRow).where(NoteRow.game_id == gid, NoteRow.version <= version)
                                        .order_by(NoteRow.id)))
            game = realms.games.get(row.game)
            state = game.new(row.options, row.seed)
            live = LiveGame(gid, game, dict(row.options), row.seed, seats, state, 0)
            live.owner_hash = row.owner_hash
            live.pace, live.clock_mode, live.clock_seconds = row.pace or "realtime", row.clock_mode, row.clock_seconds
            live.rated, live.turn_deadline = bool(row.rated), epoch(row.turn_deadline)
        self._apply_rows(live, actions, self._notes_of(live, note_rows))
        live.state_hash = game.state_hash(live.state)
        if live.version != version or live.state_hash != expected_hash:
            raise ApiError(500, f"game {gid}: the replayed action log does not reproduce the stored state hash")
        live.turn_started = self._turn_start(live)
        return live

    def _apply_rows(self, live: LiveGame, rows: list[ActionRow], notes: list[tuple[int, Event]] | None = None) -> None:
        """Replay ``rows`` onto the copy; ``notes`` (stored server notes, in the order they were made, each
        with the version it followed) go into the log where they were first put."""
        pending = notes or []
        done = 0

        def notes_upto(version: int) -> None:
            nonlocal done
            while done < len(pending) and pending[done][0] <= version:
                live.add_event(pending[done][0], pending[done][1])
                done += 1

        for r in rows:
            notes_upto(live.version)
            if r.n != live.version + 1:
                raise ApiError(500, f"game {live.id}: action log has a gap at {live.version + 1}")
            try:
                action = live.game.action_from_json(r.action)
                events = live.game.apply(live.state, action, log=True)
            except IllegalAction as e:
                raise ApiError(500, f"game {live.id}: action {r.n} of the log cannot be replayed: {e}") from None
            for ev in events:
                live.add_event(r.n, ev)
            live.version = r.n
        notes_upto(live.version)
        if rows:
            live.state_hash = live.game.state_hash(live.state)

    @staticmethod
    def _notes_of(live: LiveGame, rows: list[NoteRow]) -> list[tuple[int, Event]]:
        """The stored notes ``rows`` this copy does not hold yet, as (version, event), now counted as held."""
        fresh = []
        for n in rows:
            live.note_floor = max(live.note_floor, n.id)
            if n.id not in live.note_ids:
                live.note_ids.add(n.id)
                fresh.append((n.version, Event(n.event["kind"], n.event["seat"], n.event["text"], n.event["data"],
                                               n.visible_to)))
        return fresh

    @staticmethod
    def _store_note(db: Session, live: LiveGame, event: Event) -> None:
        """Store a pace note of ``live`` (after its current version) in ``db``'s transaction; the copy's log
        gets it once that commits, and a later catch-up knows it is already there."""
        live.note_ids.add(db.execute(insert(NoteRow).returning(NoteRow.id), {
            "game_id": live.id, "version": live.version, "visible_to": event.visible_to,
            "event": event.to_json(), "created_at": now()}).scalar_one())

    def add_note(self, live: LiveGame, event: Event, db: Session | None = None) -> None:
        """Put a server note (no action's event) in the game's log after the current version, stored (in
        ``db``'s transaction when given, else in one of its own) so the log reads the same after a restart."""
        if db is None:
            with self.sessions.begin() as own:
                self._store_note(own, live, event)
        else:
            self._store_note(db, live, event)
        live.add_event(live.version, event)
        live._payload_version = -1

    def catch_up(self, live: LiveGame, force: bool = False) -> bool:
        """Apply actions another process appended since this copy was last brought up to date.

        Only needed when several server processes share one database (PostgreSQL); with SQLite a single
        process owns the file, and a conflicting append is still caught by the version check on write.
        """
        if not (self.shared or force):
            return False
        if live.id in self.broken:
            raise ApiError(500, self.broken[live.id])
        with self.sessions() as db:
            last_note = select(func.max(NoteRow.id)).where(NoteRow.game_id == live.id).scalar_subquery()
            version, last_note_id = db.execute(select(GameRow.version, last_note)
                                               .where(GameRow.id == live.id)).one_or_none() or (None, None)
            # the notes other processes stored (a seat left, ran out of time, was taken over), read first: any
            # of them that follows an action read below is put in the log after that action's events
            notes = [] if (last_note_id or 0) <= live.note_floor else self._notes_of(live, list(db.scalars(
                select(NoteRow).where(NoteRow.game_id == live.id, NoteRow.id > live.note_floor).order_by(NoteRow.id))))
            if version is not None and version > live.version:
                try:
                    rows = list(db.scalars(select(ActionRow).where(ActionRow.game_id == live.id,
                                                                   ActionRow.n > live.version).order_by(ActionRow.n)))
                    self._apply_rows(live, rows, notes)  # a failure half-way leaves the copy unusable: it is dropped
                except SQLAlchemyError:
                    raise
                except ApiError as e:
                    raise self.mark_broken(live.id, e.message) from None
                except Exception as e:
                    raise self.mark_broken(live.id, f"{type(e).__name__}: {e}") from None
                moved = True
            else:
                self._apply_rows(live, [], notes)
                moved = bool(notes)
                if moved:
                    live._payload_version = -1
        if moved:  # and its seats: another process may have handed one to a bot (a takeover) meanwhile
            self.refresh_seats(live)
        return moved

    @staticmethod
    def _seat_rows(db: Session, gid: str) -> list[Seat]:
        rows = db.execute(select(SeatRow, UserRow.name).outerjoin(UserRow, UserRow.id == SeatRow.user_id)
                          .where(SeatRow.game_id == gid).order_by(SeatRow.seat)).all()
        return [Seat(s.seat, s.kind, s.agent, s.access, s.token_hash, s.claimed, s.user_id, name, s.time_left,
                     epoch(s.takeover_at), s.takeover_reason) for s, name in rows]

    def refresh_seats(self, live: LiveGame) -> bool:
        """Read the game's seats again (another process may have handed one out); whether they changed."""
        with self.sessions() as db:
            fresh = self._seat_rows(db, live.id)
        if [s.public() for s in fresh] != [s.public() for s in live.seats] or \
                [(s.token_hash, s.user_id) for s in fresh] != [(s.token_hash, s.user_id) for s in live.seats]:
            live.seats = fresh
            live._payload_version = -1
            live.refused.clear()
            return True
        return False

    def release_if_idle(self, live: LiveGame) -> None:
        """Forget a finished game nobody watches; it is read back from the database if asked for."""
        if live.finished and not live.watchers and self.games.get(live.id) is live:
            del self.games[live.id]

    def record(self, live: LiveGame) -> dict[str, Any]:
        """The game record; seed and actions (which reveal hidden information) only once it is over."""
        players = [s.kind if s.kind == "human" else f"bot:{s.agent}" for s in live.seats]
        base: dict[str, Any] = {"format": "realms-record", "version": 1, "game": live.game.id,
                                "options": live.options, "players": players}
        if not live.finished:
            return {**base, "complete": False, "actions_played": live.version}
        with self.sessions() as db:
            rows = list(db.scalars(select(ActionRow).where(ActionRow.game_id == live.id).order_by(ActionRow.n)))
        result = live.game.result(live.state)
        return {**base, "complete": True, "seed": live.seed, "actions": [r.action for r in rows],
                "result": result.to_json() if result else None,
                "final_hash": live.game.state_hash(live.state)}

    # --- pushes across processes (PostgreSQL LISTEN/NOTIFY) --------------------------------------
    def announce(self, payload: str) -> None:
        """Tell every process (PostgreSQL) of a change outside the action log (a seat taken or revoked)."""
        if self.writer.announce:
            with self.engine.begin() as conn:
                conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{ORIGIN} {payload}"})

    async def listen(self) -> None:
        """For ever (the app's lifespan starts and cancels it, on PostgreSQL): hear what every process
        committed, and bring the games this process has watchers for up to date and push them, so a
        socket on any process gets every action. Reconnects after a failure, catching up every watched
        game (announcements sent meanwhile are lost)."""
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    delay = 0.5
                    for live in list(self.games.values()):
                        if live.watchers:  # what was missed while not listening: pushed only if anything was
                            self._pull(live.id, -1, quiet=True)
                    async for note in conn.notifies():
                        origin, _, items = note.payload.partition(" ")
                        if origin == ORIGIN:  # this process's own: its watchers were told at once
                            continue
                        for item in items.split():
                            gid, _, version = item.partition(":")
                            if version == "chat":
                                if self.on_chat is not None:
                                    self.on_chat(gid)
                                continue
                            self._pull(gid, -1 if version == "seats" else int(version))
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("listening for other processes' changes failed (%s): again in %.1f s", e, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    def _pull(self, gid: str, version: int, quiet: bool = False) -> None:
        """Another process announced ``version`` of game ``gid`` (-1: its seats changed): when this process
        has watchers of that game and has not got there, fetch it (one task per game at a time). Seats to
        read again are remembered apart from the version, so an action heard meanwhile does not hide them;
        ``quiet``: a catch-up of seats that pushes to the watchers only what it finds changed."""
        live = self.games.get(gid)
        if live is None or not live.watchers or (version != -1 and version <= live.version):
            return
        busy = gid in self._heard
        self._heard[gid] = max(self._heard.get(gid, version), version)
        if version == -1:
            self._reseat[gid] = self._reseat.get(gid, True) and quiet
        if not busy:
            asyncio.get_running_loop().create_task(self._fetch(live))

    async def _fetch(self, live: LiveGame) -> None:
        try:
            while live.id in self._heard:
                wanted = self._heard[live.id]
                quiet = self._reseat.pop(live.id, None)
                async with live.lock:
                    seated = quiet is not None and (self.refresh_seats(live) or not quiet)
                    moved = self.catch_up(live, force=True)
                if self._heard.get(live.id) == wanted and live.id not in self._reseat:
                    del self._heard[live.id]
                # watchers hear of a change: an announced seat change always (this process may have read the
                # new seats already), a quiet catch-up only when it found something
                if (moved or seated) and self.notify is not None:
                    await self.notify(live, live.version)
        except ApiError as e:
            log.error("game %s: %s", live.id, e.message)
        except Exception:
            log.exception("bringing game %s up to date after another process changed it failed", live.id)
        finally:
            self._heard.pop(live.id, None)
            self._reseat.pop(live.id, None)

    # --- provided by the manager's other parts ---------------------------------------------------
    def _turn_start(self, live: LiveGame) -> float | None:
        """When the mover's running clock started (``Clocks``)."""
        raise NotImplementedError

    def schedule_bots(self, live: LiveGame) -> None:
        """Start the bots' moves when a bot is to move (``BotTurns``)."""
        raise NotImplementedError

    async def _commit(self, live: LiveGame, seat: int, action: Any) -> None:
        """Apply, persist and publish one action (``realms.server.live.Manager``)."""
        raise NotImplementedError
