"""The group writer of accepted actions, and the announcements that tell other server processes of them
(PostgreSQL LISTEN/NOTIFY)."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, DateTime, bindparam, case, exists, insert, or_, text, update
from sqlalchemy.exc import IntegrityError

from realms.server.db import STORAGE_DOWN, ActionRow, GameRow, SeatRow
from realms.server.faults import StorageFaults
from realms.server.livegame import ApiError

log = logging.getLogger("realms.server")
#: PostgreSQL: every committed batch of actions (and seat change) is announced on this channel (LISTEN/NOTIFY)
#: as "ORIGIN GAME:VERSION ..." (or "ORIGIN GAME:seats"), so every process pushes it to the watchers it holds;
#: ORIGIN names the announcing process, which ignores its own announcements (it told its watchers already)
CHANNEL = "realms_games"
ORIGIN = secrets.token_hex(6)
NOTIFY_MAX = 7000  # bytes per NOTIFY payload (PostgreSQL's limit is 8000)
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def announcements(items: list[str]) -> list[str]:
    """``items`` joined by spaces into payloads of at most NOTIFY_MAX bytes each."""
    out: list[str] = []
    part: list[str] = []
    size = 0
    for item in items:
        if part and size + len(item) + 1 > NOTIFY_MAX:
            out.append(" ".join(part))
            part, size = [], 0
        part.append(item)
        size += len(item) + 1
    if part:
        out.append(" ".join(part))
    return out


_GAMES, _ACTIONS, _SEATS = GameRow.__table__, ActionRow.__table__, SeatRow.__table__
#: the two statements of every accepted action, built once (their compiled form is cached)
_INSERT_ACTION = insert(_ACTIONS)
_INSERT_GAME = insert(_GAMES)
_INSERT_SEAT = insert(SeatRow.__table__)
_ADVANCE_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("gid"), _GAMES.c.version == bindparam("old"),
           # the seat that acts is still of the kind this copy thinks: another process may have handed it to a
           # bot (a primary-key lookup in the same statement)
           or_(bindparam("any_kind", type_=Boolean()),
               exists().where(_SEATS.c.game_id == bindparam("gid"), _SEATS.c.seat == bindparam("seat"),
                              _SEATS.c.kind == bindparam("kind"))))
    .values(version=bindparam("version"), state_hash=bindparam("state_hash"), updated_at=bindparam("updated_at"),
            status=bindparam("status"), result=bindparam("result"), to_move=bindparam("to_move"),
            finished_at=bindparam("finished_at"),
            # the clock of the turn the action starts, in the action's own transaction (else left as it is)
            turn_deadline=case((bindparam("set_deadline", type_=Boolean()),
                                bindparam("turn_deadline", type_=DateTime(timezone=True))),
                               else_=_GAMES.c.turn_deadline))
)


@dataclass
class Write:
    """One accepted action waiting to be committed: its log row and the game's advance."""

    row: dict[str, Any]
    advance: dict[str, Any]
    future: asyncio.Future[bool]


class GroupWriter:
    """Writes accepted actions: every action waiting at the same moment goes into one transaction.

    ``write`` returns True once the action row and the game's new version are committed, or False when
    the game moved on meanwhile (another server process appended first); nobody is told before that.
    """

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        # one executemany for all the games' version bumps when the driver reports its summed row count
        self.batch_updates = bool(engine.dialect.supports_sane_multi_rowcount)
        self.announce = engine.dialect.name == "postgresql"  # NOTIFY the other processes in each transaction
        self.conn: Any = None
        self.pending: list[Write] = []
        self.wakeup: asyncio.Event | None = None
        self.task: asyncio.Task | None = None
        #: raises when the database file is no longer the one opened (``db.guard_file``); called before each
        #: batch, as this connection is not taken from the pool for each transaction
        self.file_check: Callable[[], None] | None = None
        #: what the log gets of storage failures: one traceback per fault, one line per refused write
        self.faults = StorageFaults()

    async def write(self, row: dict[str, Any], advance: dict[str, Any]) -> bool:
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.wakeup = asyncio.Event()
            self.task = loop.create_task(self._run())
        future: asyncio.Future[bool] = loop.create_future()
        if "to_move" not in advance:  # written by callers that predate these columns
            advance = {"to_move": None, "finished_at": None, **advance}
        if "set_deadline" not in advance:  # (and these conditions: any seat kind, the deadline left as it is)
            advance = {"set_deadline": False, "turn_deadline": None, "any_kind": True, "seat": None, "kind": None,
                       **advance}
        self.pending.append(Write(row, advance, future))
        assert self.wakeup is not None
        self.wakeup.set()
        return await future

    async def _run(self) -> None:
        assert self.wakeup is not None
        while True:
            await self.wakeup.wait()
            self.wakeup.clear()
            await asyncio.sleep(0)  # let the actions arriving in this loop iteration join the batch
            batch, self.pending = self.pending, []
            if not batch:
                continue
            try:
                # in the loop's own thread: a worker thread was measured slower here (GIL hand-offs; with
                # synchronous=FULL, the commit alone in a worker thread was no better either; tried again on
                # 2026-12-01: each batch then waits for two thread wake-ups, which a loaded machine delays:
                # median p50 120 against 60 ms at 300 actions/s; the hand-off costs about 40 µs of CPU a batch)
                outcomes = self._flush(batch)
            except Exception as e:  # a database failure: nobody's action is accepted; the log says why
                self.faults.failed(f"a batch of {len(batch)} actions", e)
                for w in batch:
                    if not w.future.done():
                        w.future.set_exception(ApiError(503, STORAGE_DOWN))
                continue
            self.faults.recovered()
            for w, ok in zip(batch, outcomes, strict=True):
                if not w.future.done():
                    w.future.set_result(ok)

    def _connection(self) -> Any:
        """The writer's own connection, kept open between batches (a pool checkout per batch costs more)."""
        if self.conn is None or self.conn.closed or self.conn.invalidated:
            self.conn = self.engine.connect()
        return self.conn

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _statements(self, conn: Any, batch: list[Write]) -> None:
        conn.execute(_INSERT_ACTION, [w.row for w in batch])
        if self.batch_updates or len(batch) == 1:
            moved = conn.execute(_ADVANCE_GAME, [w.advance for w in batch]).rowcount
        else:
            moved = sum(conn.execute(_ADVANCE_GAME, w.advance).rowcount for w in batch)
        if moved != len(batch):
            raise IntegrityError("version moved", None, Exception("version moved"))
        if self.announce:  # delivered at commit, to every listening process (this one too)
            for payload in announcements([f"{w.advance['gid']}:{w.advance['version']}" for w in batch]):
                conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{ORIGIN} {payload}"})

    def _flush(self, batch: list[Write]) -> list[bool]:
        conn = self._connection()
        try:
            if self.file_check is not None:
                self.file_check()
            with conn.begin():
                self._statements(conn, batch)
            return [True] * len(batch)
        except IntegrityError:
            if len(batch) == 1:
                return [False]
        except Exception:
            self.close()  # a broken connection is not reused: the next batch opens a new one
            raise
        # one of them conflicts: write each on its own so the others still land
        out = []
        for item in batch:
            out.extend(self._flush([item]))
        return out
