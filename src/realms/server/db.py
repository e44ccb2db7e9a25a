"""Persistence: a game is its record. SQLite by default, PostgreSQL when the URL says so.

Tables: ``games`` (options, seed, seats, status, version, state hash, result, the hash of the creator's
owner secret), ``seats`` (one row per seat: how it is taken, the hash of its secret and of its invitation
code; never a secret itself), ``actions`` (the action log, one row per accepted action), ``notes`` (server
notes in a game's log that no action produced, such as a failed bot's fallback) and ``chat`` (what the seated
players wrote in the table's chat). Each accepted action is
inserted in the same transaction that bumps the game's version and hash.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ENV_URL = "REALMS_DATABASE_URL"


def now() -> datetime:
    return datetime.now(UTC)


def secret_hash(secret: str) -> str:
    """What the database keeps of a secret (seat token, invitation code, owner secret): its SHA-256.

    Secrets are 32 random bytes, so a plain hash is enough: nothing to guess from it."""
    return hashlib.sha256(secret.encode()).hexdigest()


class Base(DeclarativeBase):
    if TYPE_CHECKING:  # declarative types it as a FromClause; every row class here maps one Table
        __table__: ClassVar[Table]


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # active | finished
    version: Mapped[int] = mapped_column(Integer, default=0)
    state_hash: Mapped[str] = mapped_column(String(64))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: how the table is played: "realtime" (a player who leaves is replaced by a bot after a grace period)
    #: or "turn" (players leave and come back); a clock per move or per game, or none
    pace: Mapped[str] = mapped_column(String(16), default="realtime", server_default="realtime")
    clock_mode: Mapped[str | None] = mapped_column(String(8), nullable=True)  # move | game | None
    clock_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default="0")
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the seat to decide (None: over)
    #: when the mover's clock runs out (a clocked table's human mover only); stored, so a restart keeps it
    turn_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    rated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # ratings applied
    #: why a finished game was not rated (``realms.server.ratings``): {"reason", "detail"}; None when it was
    unrated: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # human | bot
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    access: Mapped[str] = mapped_column(String(16))  # creator | invite | open | bot
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    claimed: Mapped[bool] = mapped_column(default=False)  # a person holds the seat's secret (bots: always)
    #: the account of the signed-in player holding the seat (kept when a bot takes the seat over)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True,
                                                index=True)
    time_left: Mapped[float | None] = mapped_column(Float, nullable=True)  # a per-game clock's bank, seconds
    #: a bot takes the seat over at this time unless its player comes back (left) or moves (out of time)
    takeover_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    takeover_reason: Mapped[str | None] = mapped_column(String(16), nullable=True)  # left | time
    #: the seat's rating before and after this game, once a rated game is over: {"before", "after"}
    rating_change: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: an HMAC of the address a signed-in player took the seat from (``realms.server.ratings``; never the address)
    client_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based position in the log
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class NoteRow(Base):
    """A server note in a game's log that no action produced (a bot that failed and the bot now playing its
    seat, say): kept so the log reads the same after a restart. It follows the events of action ``version``."""

    __tablename__ = "notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    visible_to: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: everyone
    #: the event: {"kind", "seat", "text", "data"}
    event: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatRow(Base):
    """A message of a table's chat, written by the person holding ``seat`` (plain text, kept as written)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the writer's account name, if signed in
    text: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class UserRow(Base):
    """An account: a name (unique regardless of case), its password's Argon2id hash, and an e-mail address
    for password resets (optional)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)  # the name case-folded
    #: the name's look-alike skeleton (``realms.server.names``): sign-up refuses one an account already has
    name_skeleton: Mapped[str | None] = mapped_column(Text, nullable=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    #: an e-mail when it becomes this player's move at a turn-based table: {"lang", "base"} (the message's language
    #: and the address its link leads to); None: no such e-mail (``realms.server.turnmail``)
    turn_emails: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its session cookie (never the cookie itself)."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    user_agent: Mapped[str | None] = mapped_column(String(200), nullable=True)  # the browser's, as it said


class PasswordResetRow(Base):
    """A password reset sent by e-mail: the SHA-256 of the link's secret, good once until ``expires_at``."""

    __tablename__ = "password_resets"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A rating (openskill's mu and sigma) per game for each account ("user:ID") and each bot ("bot:NAME")."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    player: Mapped[str] = mapped_column(String(220), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ServerKey(Base):
    """Keys made once per database and shared by every process on it (signing CSRF tokens, seat secrets of
    signed-in players)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


def default_url() -> str:
    """``REALMS_DATABASE_URL``, else a SQLite file in the user's data folder."""
    url = os.environ.get(ENV_URL)
    if url:
        return url
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("realms", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'realms.sqlite3'}"


def normalise_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use psycopg 3 for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is on the disk (WAL fsynced) before the action is acknowledged, so a power
            # loss cannot take back an acknowledged move (NORMAL could lose the last transactions)
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


#: what a client is told when the database fails; the details go to the server's log only
STORAGE_DOWN = "the database is not accepting writes just now: nothing was saved; try again later"


class StorageLost(SQLAlchemyError):
    """The database file this server opened is gone (deleted or replaced): nothing may be acknowledged."""


class DamagedDatabase(SQLAlchemyError):
    """The database file fails SQLite's integrity check."""


class DatabaseInUse(SQLAlchemyError):
    """Another server process is serving this SQLite file."""


def _sqlite_path(engine: Engine) -> str | None:
    """The SQLite file's absolute path; None for another database or one with no file to watch."""
    if engine.dialect.name != "sqlite":
        return None
    path = make_url(engine.url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return os.path.abspath(path)


def hold_file(engine: Engine) -> Callable[[], None] | None:
    """One server process per SQLite file: an exclusive lock on ``FILE-serve.lock`` (beside it), held while
    this process serves; a second one refuses to start (DatabaseInUse, naming the holder's pid).

    A second process on the file would keep a copy of each game that never learns of the other's moves: reads
    and sockets are brought up to date across processes on PostgreSQL only (LISTEN/NOTIFY), and a seat secret
    the other issued would be refused. A POSIX record lock (``lockf``): the kernel drops it when the process
    ends, however it ends, and it is not inherited by forked children (the bot pool), so a killed server's
    file is free at once. Returns the release (closing the lock file); None where there is no file to hold,
    or no POSIX locks (Windows)."""
    path = _sqlite_path(engine)
    if path is None:
        return None
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return None
    lock = path + "-serve.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
        os.close(fd)
        raise DatabaseInUse(f"another server process (pid {holder}) is serving {path}; SQLite is served by one "
                            "process at a time: stop that one first, or run several processes on one PostgreSQL "
                            "database (--db postgresql+psycopg://...; docs/server.md)") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    held = [fd]

    def release() -> None:
        if held:
            os.close(held.pop())  # the lock goes with the descriptor; the file stays (removing it would race)

    return release


def check_integrity(engine: Engine) -> None:
    """SQLite's ``PRAGMA quick_check`` at start: a damaged file refuses to start, saying why."""
    if engine.dialect.name != "sqlite":
        return
    from sqlalchemy.exc import DatabaseError

    try:
        with engine.connect() as conn:
            problems = [r[0] for r in conn.exec_driver_sql("PRAGMA quick_check").fetchall()]
    except DatabaseError as e:  # too damaged even to be checked
        problems = [str(getattr(e, "orig", None) or e)]
    if problems != ["ok"]:
        raise DamagedDatabase(f"the database file fails its integrity check (PRAGMA quick_check): "
                              f"{'; '.join(problems[:3])}; restore it from a backup")


def guard_file(engine: Engine) -> Callable[[], None] | None:
    """Refuse every transaction once the SQLite file is no longer the one opened at start.

    A deleted (or replaced) file goes on accepting writes through the open handle, and all of them are
    lost at the next start. The file's identity (device, inode) is compared whenever a connection is taken
    from the pool (every session and ``engine.begin()``: one transaction each), one ``stat`` (microseconds)
    each; on a change the server answers 503 and logs why. Returns that check, for a connection kept open
    across transactions (the action writer's) to call before each one; None when there is no file to watch.

    A pool ``checkout`` listener, not a connection ``begin`` one: any connection event listener on the
    engine makes SQLAlchemy dispatch its (empty) event lists around every statement, which cost about
    15 µs of CPU per action."""
    path = _sqlite_path(engine)
    if path is None:
        return None
    st = os.stat(path)
    identity = (st.st_dev, st.st_ino)
    told = False

    def same_file() -> None:
        nonlocal told
        try:
            st = os.stat(path)
            same = (st.st_dev, st.st_ino) == identity
        except OSError:
            same = False
        if not same:
            if not told:
                import logging

                logging.getLogger("realms.server").error(
                    "the database file %s was deleted or replaced while the server ran: refusing to acknowledge "
                    "anything (restart the server once the file is back)", path)
                told = True
            raise StorageLost(f"the database file {path} was deleted or replaced")

    @event.listens_for(engine, "checkout")
    def _same_file(*_args: Any) -> None:
        same_file()

    return same_file


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # several server processes (or test workers) may start at once: migrate one at a time
            conn.execute(text("SELECT pg_advisory_xact_lock(72591)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
