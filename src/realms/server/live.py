"""Live games: the authoritative state of every game being played, its seats, bots and watchers.

The database is the source of truth: a game is (game, options, seed) plus its action log. A process
keeps a replayed copy of each game it serves; before acting it catches up with any actions another
process appended, and an action is accepted only once its row (primary key game id + position) is
committed together with the game's new version and state hash. Only then are watchers told.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import islice
from typing import Any, cast

import orjson
from sqlalchemy import Boolean, CursorResult, DateTime, bindparam, case, exists, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

import realms.games
from realms.agents import default_agent, make_agent
from realms.core.agents import choose
from realms.core.errors import IllegalAction, OptionsError, RealmsError
from realms.core.game import Event, Game
from realms.core.rng import derive_seed
from realms.server.bots import BotPool, bot_move
from realms.server.db import STORAGE_DOWN, ActionRow, GameRow, NoteRow, SeatRow, UserRow, now, secret_hash

log = logging.getLogger("realms.server")
FALLBACK_BOT = "random"  # plays a seat whose bot failed
BOT_RETRIES = 5  # a bot move that may succeed later (409, 503) is retried this often, with backoff
BOT_RETRY_BASE, BOT_RETRY_MAX = 0.05, 2.0  # seconds
CATCH_UP_EVERY = 0.05  # seconds: at most one database read per game for clients ahead of this copy
SEAT_REREAD_EVERY = 0.1  # seconds: at most one read of a game's seats per game for tokens this copy does not know
REFUSED_KEPT = 256  # per game: hashes of tokens refused after a fresh read of the seats (refused again at once)
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
LOG_SEND = 40  # most recent events sent with each view (the whole game's log is kept; see LiveGame.log_page)
LOG_PAGE_MAX = 500  # most entries one GET /api/games/{id}/log answers


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
PACES = ("realtime", "turn")
CLOCKS = ("move", "game")


def epoch(dt: datetime | None) -> float | None:
    """A stored time as seconds since the epoch (SQLite hands times back without their zone: UTC)."""
    if dt is None:
        return None
    return (dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)).timestamp()


def stamp_of(t: float | None) -> datetime | None:
    return None if t is None else datetime.fromtimestamp(t, UTC)


def _near(a: float | None, b: float | None) -> bool:
    """Two stored times (or banks) the same, but for the rounding of a round trip through the database."""
    return a is None and b is None or a is not None and b is not None and abs(a - b) < 1e-3


def _rows(result: Any) -> int:
    return cast(CursorResult[Any], result).rowcount


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
            except Exception:  # a database failure: nobody's action is accepted; the details go to the log only
                log.exception("the database did not accept a batch of %d actions", len(batch))
                for w in batch:
                    if not w.future.done():
                        w.future.set_exception(ApiError(503, STORAGE_DOWN))
                continue
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


class ApiError(Exception):
    """An error with an HTTP status and a message for the client."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Seat:
    seat: int
    kind: str  # human | bot
    agent: str | None
    access: str  # creator | invite | open | bot
    token_hash: str | None  # the hash of the secret of the person holding the seat; None while nobody does
    claimed: bool
    user_id: int | None = None  # the signed-in player's account
    name: str | None = None  # that account's name
    time_left: float | None = None  # a per-game clock's bank (seconds)
    takeover_at: float | None = None  # epoch seconds: a bot takes the seat over then (unless its player acts)
    takeover_reason: str | None = None  # left | time

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "agent": self.agent, "access": self.access,
                "claimed": self.claimed, "name": self.name, "takeover_at": self.takeover_at,
                "takeover_reason": self.takeover_reason, "time_left": self.time_left}


@dataclass
class LiveGame:
    id: str
    game: Game
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    state: Any
    version: int
    #: the whole game's events as (the one seat that may see it or None for everyone, its log entry as
    #: JSON); built once when the event happens, and holding no containers, so the collector has nothing
    #: to scan in them
    events: list[tuple[int | None, bytes]] = field(default_factory=list)
    public_events: int = 0  # how many of them everyone may see
    private_counts: dict[int, int] = field(default_factory=dict)  # seat -> its own private events
    #: the stored pace notes this copy's log holds (their row ids), and the highest id read from the database:
    #: a catch-up reads the notes above it that it does not hold (another process's)
    note_ids: set[int] = field(default_factory=set)
    note_floor: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[Any, int | None] = field(default_factory=dict)  # websocket -> seat (None: spectator)
    bot_task: asyncio.Task | None = None
    state_hash: str = ""
    private_events: bool = False  # whether any event so far was for one seat's eyes only
    owner_hash: str | None = None  # the hash of the creator's owner secret (revokes unclaimed seats)
    #: the plain secrets made by ``Manager.create``, for its answer only (the app takes them out at once)
    issued: dict[str, Any] | None = None
    last_used: float = 0.0  # time.monotonic() of the last Manager.get
    _payloads: dict[Any, Any] = field(default_factory=dict)  # per version: seat -> payload JSON, "view" -> view
    _payload_version: int = -1
    caught_up_at: float = -1e9  # when an action from a client ahead of this copy last made it read the database
    seats_read_at: float = -1e9  # when an unknown token last made this copy read its seats (time.monotonic())
    #: hashes of tokens found in no seat by a read of the seats made after they were presented (cleared
    #: whenever the seats change)
    refused: dict[str, None] = field(default_factory=dict)
    pace: str = "realtime"  # realtime | turn
    clock_mode: str | None = None  # move | game | None
    clock_seconds: int | None = None
    rated: bool = False
    turn_deadline: float | None = None  # epoch seconds: when the mover's clock runs out (clocked tables)
    turn_started: float | None = None  # epoch seconds: when the mover's turn began (clocked tables)

    @property
    def finished(self) -> bool:
        return self.game.is_over(self.state)

    def add_event(self, version: int, event: Event) -> None:
        # the event's data travels too, so that a browser can word the entry in its reader's language
        try:
            entry = orjson.dumps({"version": version, "text": event.text, "seat": event.seat, "kind": event.kind,
                                  "data": event.data})
        except (TypeError, orjson.JSONEncodeError):  # data JSON cannot hold (an integer over 64 bits): the text only
            entry = orjson.dumps({"version": version, "text": event.text, "seat": event.seat, "kind": event.kind,
                                  "data": {}})
        self.events.append((event.visible_to, entry))
        if event.visible_to is not None:
            self.private_events = True
            self.private_counts[event.visible_to] = self.private_counts.get(event.visible_to, 0) + 1
        else:
            self.public_events += 1

    def log_total(self, seat: int | None) -> int:
        """How many log entries ``seat`` may see; they are numbered 0.. in that seat's own sequence, so the
        numbers show no gaps where other seats' private events were."""
        return self.public_events + (self.private_counts.get(seat, 0) if seat is not None else 0)

    def log_page(self, seat: int | None, before: int | None, limit: int) -> bytes:
        """``{"start", "total", "entries"}``: up to ``limit`` entries ``seat`` may see, numbered
        ``start``.. and ending just before entry ``before`` (the latest when None or past the end)."""
        total = self.log_total(seat)
        end = total if before is None else min(before, total)
        start = max(0, end - limit)
        if seat is None or not self.private_events:
            visible = [entry for to, entry in self.events if to is None]
        else:
            visible = [entry for to, entry in self.events if to is None or to == seat]
        return (b'{"start":%d,"total":%d,"entries":[' % (start, total)) + b",".join(visible[start:end]) + b"]}"

    def seat_of(self, token: str | None) -> int | None:
        if token is None:
            return None
        h = secret_hash(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.seat
        raise ApiError(403, "this token does not belong to any seat of this game")

    def payload(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know: its view, whose turn, its legal actions, the log."""
        return orjson.loads(self.payload_json(seat))

    def payload_json(self, seat: int | None) -> bytes:
        """``payload(seat)`` as JSON, built once per version and seat: a POST's answer and the pushes share it.

        What every seat is told alike (the table, its seats, whose turn; the view of games whose views are
        the same for every seat, and the log while no event was private) is serialised once per version, and
        each seat's payload is that plus its own part (its seat number and legal actions), so no big
        dictionaries outlive the call.
        """
        if self._payload_version != self.version:
            self._payloads = {}
            self._payload_version = self.version
        cached = self._payloads.get(seat)
        if cached is None:
            common = self._payloads.get("common")
            if common is None:
                common = self._payloads["common"] = orjson.dumps(self._common_payload())[1:-1]
            log_json, log_start = self._log_json(seat)
            cached = self._payloads[seat] = (b'{"seat":' + orjson.dumps(seat) + b"," + common
                                             + b',"legal_actions":' + orjson.dumps(self._legal_payload(seat))
                                             + b',"log_start":%d,"log":' % log_start + log_json
                                             + b',"view":' + self._view_json(seat) + b"}")
        return cached

    def _log_json(self, seat: int | None) -> tuple[bytes, int]:
        """The latest LOG_SEND events ``seat`` may see, as a JSON list, and the number of the first in the
        seat's sequence (once per version for everyone while the game has had no private events)."""
        key = ("log", seat if self.private_events else None)
        cached = self._payloads.get(key)
        if cached is None:
            entries = []
            for to, entry in islice(reversed(self.events), LOG_SEND * 4):
                if to is None or to == seat:
                    entries.append(entry)
                    if len(entries) == LOG_SEND:
                        break
            entries.reverse()
            cached = self._payloads[key] = (b"[" + b",".join(entries) + b"]", self.log_total(seat) - len(entries))
        return cached

    def update_message(self, seat: int | None) -> bytes:
        """The WebSocket push: ``{"type": "update", **payload}``."""
        return b'{"type":"update",' + self.payload_json(seat)[1:]

    def _view_json(self, seat: int | None) -> bytes:
        if not self.game.public_view:
            return orjson.dumps(self.game.view(self.state, seat))
        shared = self._payloads.get("view")
        if shared is None:
            view = self.game.view(self.state, None)
            view.pop("seat", None)
            shared = self._payloads["view"] = orjson.dumps(view)
        # the shared view with this seat's "seat" field added in front
        seat_field = b'{"seat":' + orjson.dumps(seat)
        return seat_field + (b"," + shared[1:] if len(shared) > 2 else b"}")

    def _common_payload(self) -> dict[str, Any]:
        """The payload's fields that are the same for every seat."""
        game, state = self.game, self.state
        data: dict[str, Any] = {
            "id": self.id,
            "game": game.id,
            "version": self.version,
            "state_hash": self.state_hash or game.state_hash(state),
            "finished": self.finished,
            "to_move": game.to_move(state),
            "seats": [s.public() for s in self.seats],
            "table": {"pace": self.pace, "clock": self.clock_mode, "clock_seconds": self.clock_seconds,
                      "rated": self.rated, "turn_deadline": self.turn_deadline},
        }
        if data["finished"]:
            result = game.result(state)
            data["result"] = result.to_json() if result else None
        return data

    def _legal_payload(self, seat: int | None) -> list[dict[str, Any]]:
        """``seat``'s legal actions, when it is the one to decide (else none)."""
        game, state = self.game, self.state
        legal: list[dict[str, Any]] = []
        if seat is None or self.finished or game.to_move(state) != seat:
            return legal
        for a in game.legal_actions(state):
            entry = {"index": a.index, "action": a.to_json(), "text": game.describe(state, a)}
            said = game.describe_say(state, a)  # the text as a message key, for the browser's languages
            if said is not None:
                entry["say"] = said
            legal.append(entry)
        return legal


class Manager:
    """All live games of this process, backed by the database."""

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

    def seat_token(self, gid: str, seat: int, user_id: int) -> str:
        """The seat secret of a signed-in player: derived from the server key, so that the player's other
        browsers can be given it again (``POST /api/games/{id}/mine``); the database keeps only its hash."""
        mac = hmac.new(self.key, f"seat|{gid}|{seat}|{user_id}".encode(), hashlib.sha256).digest()
        return "u" + mac.hex()[:43]

    # --- creating and loading ------------------------------------------------------------------
    def create(self, game_id: str, options: dict[str, Any] | None, seats: list[str], *, pace: str = "realtime",
               clock: dict[str, Any] | None = None, rated: bool = True,
               user: tuple[int, str] | None = None) -> LiveGame:
        """A new table. ``user`` (id, name): the signed-in creator, whose own seats are linked to the account."""
        if pace not in PACES:
            raise ApiError(400, f"pace must be one of {', '.join(PACES)}, got {pace!r}")
        clock_mode = clock_seconds = None
        if clock is not None:
            clock_mode, clock_seconds = clock.get("per"), clock.get("seconds")
            if clock_mode not in CLOCKS:
                raise ApiError(400, f"clock.per must be \"move\" or \"game\", got {clock_mode!r}")
            if not isinstance(clock_seconds, int) or isinstance(clock_seconds, bool) or \
                    not 1 <= clock_seconds <= 30 * 86400:
                raise ApiError(400, "clock.seconds must be a whole number of seconds from 1 to 2592000 (30 days)")
        gid = secrets.token_urlsafe(9)
        try:
            game = realms.games.get(game_id)
        except RealmsError as e:
            raise ApiError(400, str(e)) from None
        if not isinstance(seats, list) or not seats:
            raise ApiError(400, "seats must be a non-empty list such as [\"human\", \"bot:random\"]")
        raw = dict(options or {})
        for o in game.options_spec:
            if o.local_only and o.name in raw:
                raise ApiError(400, f"{game_id}: option {o.name!r} names a file on the server and cannot be set here")
        if "players" not in raw and any(o.name == "players" for o in game.options_spec):
            raw["players"] = len(seats)
        parsed: list[Seat] = []
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        invite_hashes: dict[int, str] = {}
        for i, spec in enumerate(seats):
            if spec in ("creator", "human"):  # "human": the older name, still the creator's own seat
                tokens[i] = self.seat_token(gid, i, user[0]) if user else secrets.token_urlsafe(32)
                parsed.append(Seat(i, "human", None, "creator", secret_hash(tokens[i]), True,
                                   user[0] if user else None, user[1] if user else None))
            elif spec == "invite":
                invites[i] = secrets.token_urlsafe(32)
                invite_hashes[i] = secret_hash(invites[i])
                parsed.append(Seat(i, "human", None, "invite", None, False))
            elif spec == "open":
                parsed.append(Seat(i, "human", None, "open", None, False))
            elif isinstance(spec, str) and spec.startswith("bot:") and len(spec) > 4:
                name = spec[4:]
                if name.endswith(".toml"):
                    raise ApiError(400, f"seat {i + 1}: strategy files cannot be loaded through the server")
                try:
                    make_agent(name, game, 0)
                except RealmsError as e:
                    raise ApiError(400, f"seat {i + 1}: {e}") from None
                parsed.append(Seat(i, "bot", name, "bot", None, True))
            else:
                raise ApiError(400, f"seat {i + 1} must be \"human\" or \"bot:NAME\" (or \"creator\", \"invite\", "
                                    f"\"open\"), got {spec!r}")
        try:
            opts = game.validate_options(raw)
            seed = secrets.randbelow(2**62)
            state = game.new(opts, seed)
        except OptionsError as e:
            raise ApiError(400, str(e)) from None
        if game.players(state) != len(parsed):
            raise ApiError(400, f"{game_id}: {len(parsed)} seats for {game.players(state)} players")
        owner = secrets.token_urlsafe(32)
        state_hash = game.state_hash(state)
        stamp = now()
        if clock_mode == "game":
            for s in parsed:
                if s.kind == "human":
                    s.time_left = float(clock_seconds or 0)
        live = LiveGame(gid, game, opts, seed, parsed, state, 0)
        live.pace, live.clock_mode, live.clock_seconds, live.rated = pace, clock_mode, clock_seconds, bool(rated)
        self._start_clock(live, time.time())
        with self.engine.begin() as conn:
            conn.execute(_INSERT_GAME, {"id": gid, "game": game_id, "options": opts, "seed": seed, "status": "active",
                                        "version": 0, "state_hash": state_hash, "result": None,
                                        "created_at": stamp, "updated_at": stamp, "owner_hash": secret_hash(owner),
                                        "pace": pace, "clock_mode": clock_mode, "clock_seconds": clock_seconds,
                                        "rated": bool(rated), "to_move": game.to_move(state),
                                        "turn_deadline": stamp_of(live.turn_deadline)})
            conn.execute(_INSERT_SEAT, [{"game_id": gid, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                                         "access": s.access, "token_hash": s.token_hash,
                                         "invite_hash": invite_hashes.get(s.seat), "claimed": s.claimed,
                                         "user_id": s.user_id, "time_left": s.time_left}
                                        for s in parsed])
        if live.turn_deadline is not None:
            self._deadline(live)
        live.state_hash = state_hash
        live.owner_hash = secret_hash(owner)
        live.issued = {"owner": owner, "tokens": tokens, "invites": invites}
        self.games[gid] = live
        return live

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

    def open_games(self) -> list[dict[str, Any]]:
        with self.sessions() as db:
            rows = list(db.scalars(select(GameRow).where(GameRow.status == "active")
                                   .order_by(GameRow.created_at.desc()).limit(100)))
            out = []
            for row in rows:
                seats = list(db.scalars(select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)))
                out.append({"id": row.id, "game": row.game, "options": row.options, "version": row.version,
                            "created_at": row.created_at.isoformat(),
                            "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "access": s.access,
                                       "claimed": s.claimed} for s in seats]})
        return out

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

    async def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat whose secret ``token`` is (None: a spectator), else 403.

        A token this copy does not know may have been issued by another process: with a shared database the
        seats are read again, but at most once per SEAT_REREAD_EVERY per game, however many bad tokens
        arrive. A request that finds a read too recent waits for the next one (at most that long: every
        waiter shares it), so a token handed out elsewhere is always found, and a flood of bad tokens costs
        a bounded number of queries. A token refused after such a read is refused again at once, without
        waiting, until the seats change. Called outside the game's lock (the wait must not hold it)."""
        try:
            return live.seat_of(token)
        except ApiError:
            if not self.shared:
                raise
        assert token is not None
        h = secret_hash(token)
        if h in live.refused:
            raise ApiError(403, "this token does not belong to any seat of this game")
        asked = time.monotonic()
        while live.seats_read_at < asked:  # no read of the seats has started since this token came
            wait = live.seats_read_at + SEAT_REREAD_EVERY - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            live.seats_read_at = time.monotonic()
            self.refresh_seats(live)
        try:
            return live.seat_of(token)
        except ApiError:
            if len(live.refused) >= REFUSED_KEPT:
                live.refused.clear()
            live.refused[h] = None
            raise

    def join(self, live: LiveGame, seat: int | None = None, invite: str | None = None,
             user: tuple[int, str] | None = None) -> tuple[int, str]:
        """Give a seat to the person asking: an open seat by number, or the seat of an invitation code (which
        is then used up). The database decides (a conditional UPDATE and its row count), so two joiners on
        two processes never both get it. Returns (seat, the joiner's fresh secret)."""
        if (seat is None) == (invite is None):
            raise ApiError(422, 'give either "seat" (an open seat) or "invite" (an invitation code)')
        if live.finished:
            raise ApiError(409, "the game is over")
        table = _SEATS.c
        with self.sessions.begin() as db:
            if invite is not None:
                found = db.execute(select(table.seat).where(table.game_id == live.id,
                                                            table.invite_hash == secret_hash(invite))).first()
                if found is None:
                    raise ApiError(403, "this invitation is not one of this game's (or it was revoked)")
                seat = found.seat
                condition = table.invite_hash == secret_hash(invite)
            else:
                if not isinstance(seat, int) or not 0 <= seat < len(live.seats):
                    raise ApiError(400, f"seat must be between 0 and {len(live.seats) - 1}")
                condition = table.access == "open"
            # a signed-in joiner's secret is derived from the server key (their other browsers get it again)
            token = self.seat_token(live.id, seat, user[0]) if user else secrets.token_urlsafe(32)
            claim = (update(_SEATS).where(table.game_id == live.id, table.seat == seat, table.claimed.is_(False),
                                          condition)
                     .values(claimed=True, token_hash=secret_hash(token), user_id=user[0] if user else None))
            taken = cast(CursorResult[Any], db.execute(claim)).rowcount
            if taken != 1:
                row = db.execute(select(table.access, table.claimed).where(table.game_id == live.id,
                                                                           table.seat == seat)).one()
                if invite is not None:
                    raise ApiError(409, "this invitation was already used")
                why = {"bot": "is played by a bot", "creator": "is the creator's",
                       "invite": "is kept for an invited player"}.get(row.access, "is already taken")
                raise ApiError(409, f"seat {seat} {why}")
        self.refresh_seats(live)
        self.announce(f"{live.id}:seats")
        return seat, token

    def revoke(self, live: LiveGame, seat: Any, owner: str, to_open: bool = False) -> dict[str, Any]:
        """The creator takes back an unclaimed seat: its invitation (if any) stops working, and the seat gets
        a fresh invitation code (returned) or, with ``to_open``, is listed in the lobby for anyone."""
        if live.owner_hash is None or not secrets.compare_digest(live.owner_hash, secret_hash(owner)):
            raise ApiError(403, "only the table's creator (its owner secret) can revoke a seat")
        if not isinstance(seat, int) or not 0 <= seat < len(live.seats):
            raise ApiError(404, f"no seat {seat}: seats are 0 to {len(live.seats) - 1}")
        code = None if to_open else secrets.token_urlsafe(32)
        table = _SEATS.c
        with self.sessions.begin() as db:
            reissue = (update(_SEATS).where(table.game_id == live.id, table.seat == seat, table.claimed.is_(False),
                                            table.access.in_(("invite", "open")))
                       .values(access="open" if to_open else "invite",
                               invite_hash=None if code is None else secret_hash(code)))
            done = cast(CursorResult[Any], db.execute(reissue)).rowcount
        if done != 1:
            raise ApiError(409, f"seat {seat} is taken (or a bot's): only an unclaimed seat can be revoked")
        self.refresh_seats(live)
        self.announce(f"{live.id}:seats")
        return {"seat": seat, "access": "open" if to_open else "invite", "invite": code,
                "join_url": None if code is None else f"/play/{live.id}#invite={code}"}

    # --- clocks, leaving and bot takeovers ------------------------------------------------------
    # Every deadline is stored (games.turn_deadline, seats.takeover_at) before anyone is told of it, and
    # ``load_deadlines`` reads them back at start, so a restart neither forgets nor restarts a countdown.
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
                except Exception:  # the database failing: asked again at the next sweep
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
                except Exception:  # never let the ticker die
                    log.exception("deadline of game %s failed", gid)
                    self.deadlines[gid] = time.time() + 5  # tried again later

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
        to come back before a bot takes over; everyone is told and the log says so. Turn-based tables wait."""
        async with live.lock:
            s = live.seats[seat]
            if live.pace != "realtime" or live.finished or s.kind != "human" or s.takeover_at is not None:
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

    # --- acting ----------------------------------------------------------------------------------
    def _may_catch_up(self, live: LiveGame) -> bool:
        now_ = time.monotonic()
        if now_ - live.caught_up_at < CATCH_UP_EVERY:
            return False
        live.caught_up_at = now_
        return True

    async def submit(self, live: LiveGame, token: str, version: int, action_json: Any) -> int:
        """Play ``action_json`` for the seat of ``token``; returns that seat. Raises ApiError."""
        seat = await self.seat_of(live, token)
        if seat is None:
            raise ApiError(403, "a spectator cannot act: give a seat's token")
        await self.act(live, seat, version, action_json)
        return seat

    async def act(self, live: LiveGame, seat: int, version: int, action_json: Any) -> None:
        """Play ``action_json`` for ``seat`` at ``version``: validated, committed, then everyone is told."""
        if self.before_act is not None:
            self.before_act(live.id, seat)  # the seat's action budget (raises when spent)
        async with live.lock:
            if version > live.version and self._may_catch_up(live):
                # the client saw a version this copy has not: another process may have moved the game on.
                # (When the versions agree but another process did append, the write's version check
                # refuses this action with 409 and brings the copy up to date.) An older version is refused
                # from memory, and the database is asked at most once per CATCH_UP_EVERY seconds per game:
                # a flood of stale messages costs no queries.
                self.catch_up(live, force=True)
            if live.finished:
                raise ApiError(409, "the game is over")
            to_move = live.game.to_move(live.state)
            if to_move != seat:
                raise ApiError(409, f"it is seat {to_move}'s turn to decide, not seat {seat}'s")
            if live.seats[seat].kind == "bot":
                raise ApiError(409, f"a bot plays seat {seat + 1} now (its player left or ran out of time)")
            if version != live.version:
                raise ApiError(409, f"stale version {version}: the game is at version {live.version}")
            try:
                action = live.game.action_from_json(action_json)
            except IllegalAction as e:
                raise ApiError(400, str(e)) from None
            await self._commit(live, seat, action)
        await self._after_change(live)

    async def _commit(self, live: LiveGame, seat: int, action: Any) -> None:
        """Apply on a copy, persist, then publish the copy; any failure leaves everything as it was.

        The caller holds the game's lock, so a game's actions are written in order; actions of different
        games that arrive together share one transaction (group commit).
        """
        state = live.state.clone()
        try:
            events = live.game.apply(state, action, log=True)
        except IllegalAction as e:
            raise ApiError(400, str(e)) from None
        n = live.version + 1
        finished = live.game.is_over(state)
        result = live.game.result(state) if finished else None
        new_hash = live.game.state_hash(state)
        stamp = now()
        clock = self._next_clock(live, seat, state, finished, stamp.timestamp())
        row = {"game_id": live.id, "n": n, "seat": seat, "action": action.to_json(), "created_at": stamp}
        advance = {"gid": live.id, "old": live.version, "version": n, "state_hash": new_hash, "updated_at": stamp,
                   "status": "finished" if finished else "active", "result": result.to_json() if result else None,
                   "to_move": live.game.to_move(state), "finished_at": stamp if finished else None,
                   "set_deadline": clock is not None, "turn_deadline": stamp_of(clock[0]) if clock else None,
                   "any_kind": False, "seat": seat, "kind": live.seats[seat].kind}
        if not await self.writer.write(row, advance):
            self.catch_up(live, force=True)
            self.refresh_seats(live)  # (the seat may be a bot's now: handed over by another process)
            raise ApiError(409, "another action was accepted first; reload and try again")
        live.state = state
        live.state_hash = new_hash
        live.version = n
        for ev in events:
            live.add_event(n, ev)
        if live.clock_mode is not None or any(s.takeover_at is not None for s in live.seats):
            self._after_move(live, seat, clock)
        if finished and self.on_finish is not None:
            try:
                self.on_finish(live)
            except Exception:  # the ratings must not cost the game its end
                log.exception("rating game %s failed", live.id)

    async def changed(self, live: LiveGame) -> None:
        """Tell the watchers of a change that is not an action (a seat taken or revoked)."""
        if self.notify is not None:
            await self.notify(live, live.version)

    async def _after_change(self, live: LiveGame) -> None:
        if self.notify is not None:
            await self.notify(live, live.version)
        self.schedule_bots(live)
        self.release_if_idle(live)

    def release_if_idle(self, live: LiveGame) -> None:
        """Forget a finished game nobody watches; it is read back from the database if asked for."""
        if live.finished and not live.watchers and self.games.get(live.id) is live:
            del self.games[live.id]

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
                    agent = make_agent(name, live.game, seed)
                    if self.bots is not None and self.bots.wants(agent):
                        thought = await self._think_outside(live, seat, name, seed)
                        if thought is None:  # the game moved on while the bot thought: look again
                            continue
                        action = thought
                    else:
                        action = choose(agent, live.game, live.state, seat)  # its seat's copy, never the truth
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
