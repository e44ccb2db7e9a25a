"""Accounts, sessions, CSRF tokens, ratings, players' pages, leaderboards and the finished games' history.

- **Accounts**: a name (2-24 letters, digits, ``_ . -``; unique regardless of case) and a password (8-256
  characters, not only spaces, not the name, not one of the commonest) hashed with Argon2id (argon2-cffi,
  its default parameters); hashing runs in a worker thread. Unknown names cost the same hashing time as
  wrong passwords, and both get the same answer.
- **Sessions**: ``POST /api/account/signin`` (or ``signup``) sets the session cookie (32 random
  bytes; HttpOnly, SameSite=Lax, Path=/, 30 days): ``__Host-realms_session`` with Secure when the request came
  over https (told by the connection or by a trusted proxy's X-Forwarded-Proto, as for HSTS), else
  ``realms_session``. It is read by ``realms.server.session`` alone, as the CSRF guard reads it; a request
  carrying it twice is refused (400). The database keeps its SHA-256 only.
- **CSRF**: every state-changing request (POST, PUT, PATCH, DELETE) with an ``Origin`` naming a host this
  server does not answer to, or with ``Sec-Fetch-Site: cross-site``/``same-site``, is refused (403); one that
  carries the session cookie must also carry ``X-CSRF-Token``: an HMAC of the cookie under a key kept in the
  database, which ``GET /api/account`` hands to the page (another site can neither read it nor the cookie).
  Requests without the cookie (guests holding seat tokens, the load generators, scripts) authenticate by the
  secret in their body, which another site cannot know, so they need no CSRF token and work as before.
- **Ratings**: ``realms.server.ratings`` (what counts for a rating, and applying it); here, the pages
  that show them.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import logging
import re
import secrets
import time
import unicodedata
from datetime import UTC, date, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import FastAPI, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

import realms.games
from realms.server import names
from realms.server.db import GameRow, RatingRow, SeatRow, ServerKey, SessionRow, UserRow, now, secret_hash
from realms.server.limits import Buckets, RateLimited
from realms.server.live import ApiError, LiveGame, Manager, epoch
from realms.server.ratings import PROVISIONAL_GAMES, ordinal, rating_of
from realms.server.ratings import rate as apply_rating
from realms.server.session import TwoSessionCookies, cookie_name, session_cookie

log = logging.getLogger("realms.server")
CSRF_HEADER = b"x-csrf-token"
SESSION_DAYS = 30
#: failed sign-ins for one name from all addresses together: this many times one address's rate and burst
NAME_CEILING = 10
NAME_RE = re.compile(r"[^\W_][\w.-]{1,23}")
PASSWORD_MIN, PASSWORD_MAX = 8, 256
#: refused outright (the commonest passwords of at least 8 characters)
COMMON = {"password", "password1", "12345678", "123456789", "1234567890", "qwertyuiop", "qwerty123", "11111111",
          "iloveyou", "sunshine", "princess", "football", "baseball", "abc12345", "password123", "00000000",
          "letmein1", "welcome1", "admin123", "passw0rd", "qwertyui", "asdfghjk", "87654321", "trustno1"}
MAX_OFFSET = 2**63 - 1  #: the largest OFFSET the databases take (a signed 64-bit integer)
_hasher = PasswordHasher()


@functools.cache
def _dummy_hash() -> str:
    """The hash an unknown name's password is checked against (as long to check as a real one). Built at the
    process's first sign-in, whatever the name, not at import: an Argon2id hash is 0.1-0.2 s of CPU that every
    server start (and every process importing the app) paid before."""
    return _hasher.hash("realms: not a password of anyone")


def server_key(engine: Engine, name: str = "main") -> bytes:
    """The database's key (made on first use; every process on the database reads the same one)."""
    with engine.begin() as conn:
        value = conn.execute(select(ServerKey.value).where(ServerKey.name == name)).scalar()
        if value is None:
            try:
                with conn.begin_nested():
                    conn.execute(insert(ServerKey).values(name=name, value=secrets.token_hex(32)))
            except IntegrityError:  # another process made it first
                pass
            value = conn.execute(select(ServerKey.value).where(ServerKey.name == name)).scalar_one()
    return bytes.fromhex(value)


def csrf_token(key: bytes, cookie: str) -> str:
    """The CSRF token that goes with a session cookie: an HMAC of it (nothing stored)."""
    return hmac.new(key, b"csrf|" + cookie.encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def cookie_of(request: Any, https: bool) -> str | None:
    """The session cookie of a request or WebSocket (``realms.server.session``), or None; 400 when it is
    sent twice (the guard refuses such a request before it gets here)."""
    try:
        return session_cookie(request.scope.get("headers", ()), https)
    except TwoSessionCookies as e:
        raise ApiError(400, str(e)) from None


def check_name(name: str) -> str:
    """A name's normal form (NFC, trimmed), or a 400 saying what is wrong with it."""
    name = unicodedata.normalize("NFC", name.strip())
    if not NAME_RE.fullmatch(name):
        raise ApiError(400, "a name is 2 to 24 letters, digits, '_', '.' or '-', starting with a letter or digit")
    return name


def _not_like_another(db: Any, name: str, look: str) -> None:
    """409 when an account's name has the skeleton ``look`` (a look-alike; the same name in another case is
    left to the unique key, which says "taken")."""
    taken = db.execute(select(UserRow.name).where(UserRow.name_skeleton == look).limit(1)).scalar()
    if taken is not None and taken.casefold() != name.casefold():
        raise ApiError(409, f"the name {name!r} looks too much like a player's name already taken: choose another")


def check_password(password: str, name: str) -> None:
    """The password rules, or a 400 naming the one broken."""
    if len(password) < PASSWORD_MIN:
        raise ApiError(400, f"the password must be at least {PASSWORD_MIN} characters long")
    if len(password) > PASSWORD_MAX:
        raise ApiError(400, f"the password must be at most {PASSWORD_MAX} characters long")
    if not password.strip():
        raise ApiError(400, "the password must not be only spaces")
    if password.casefold() == name.casefold():
        raise ApiError(400, "the password must not be your name")
    if password.casefold() in COMMON:
        raise ApiError(400, "that password is one of the commonest: choose another")


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=64)
    password: str = Field(max_length=1024)


def provisional(played: int) -> dict[str, Any]:
    """The fields that say whether a rating after ``played`` rated games is still provisional."""
    return {"provisional": played < PROVISIONAL_GAMES, "provisional_games": PROVISIONAL_GAMES}


class Accounts:
    """The routes and hooks of this module, on one app and its manager."""

    def __init__(self, app: FastAPI, manager: Manager, engine: Engine, limits: Any) -> None:
        self.app, self.manager, self.engine, self.limits = app, manager, engine, limits
        self.sessions = manager.sessions
        self.key = server_key(engine)
        settings = limits.settings
        # failed sign-ins per (account name, address), and per name from everywhere (a far higher ceiling)
        self.by_name_client = Buckets(settings.signin_rate, settings.signin_burst)
        self.by_name = Buckets(settings.signin_rate * NAME_CEILING, settings.signin_burst * NAME_CEILING)
        manager.key = self.key
        manager.on_finish = self.rate
        #: whether password resets go by e-mail here (set by ``realms.server.manage``)
        self.reset_by_email = False

    # --- who is asking ------------------------------------------------------------------------
    def https(self, request: Any) -> bool:
        return bool(self.limits.scheme_of(request.scope) == "https")

    def user_of(self, request: Any) -> tuple[int, str] | None:
        """The signed-in account (id, name) of a request or WebSocket, or None."""
        cookie = cookie_of(request, self.https(request))
        if cookie is None or len(cookie) > 200:
            return None
        with self.sessions() as db:
            row = db.execute(select(UserRow.id, UserRow.name, SessionRow.expires_at)
                             .join(SessionRow, SessionRow.user_id == UserRow.id)
                             .where(SessionRow.token_hash == secret_hash(cookie))).first()
        if row is None or (epoch(row.expires_at) or 0) < now().timestamp():
            return None
        return row.id, row.name

    def account(self, request: Request) -> dict[str, Any]:
        user = self.user_of(request)
        cookie = cookie_of(request, self.https(request))
        return {"user": {"id": user[0], "name": user[1]} if user else None,
                "csrf": csrf_token(self.key, cookie) if cookie else None, "reset_by_email": self.reset_by_email}

    # --- signing in -----------------------------------------------------------------------------
    def _charge(self, client: str) -> None:
        self.limits.charge("signin", client)

    def _start_session(self, response: Response, request: Request, user_id: int) -> str:
        """A new session for this browser (rotation: the session its cookie held before, if any, ends)."""
        token = secrets.token_urlsafe(32)
        stamp = now()
        https = self.https(request)
        old = cookie_of(request, https)
        agent = request.headers.get("user-agent", "")[:200] or None
        with self.sessions.begin() as db:
            db.execute(delete(SessionRow).where(SessionRow.user_id == user_id, SessionRow.expires_at < stamp))
            if old:
                db.execute(delete(SessionRow).where(SessionRow.token_hash == secret_hash(old)))
            db.add(SessionRow(token_hash=secret_hash(token), user_id=user_id, created_at=stamp,
                              expires_at=stamp + timedelta(days=SESSION_DAYS), user_agent=agent))
        response.set_cookie(cookie_name(https), token, max_age=SESSION_DAYS * 86400, path="/", httponly=True,
                            samesite="lax", secure=https)
        return csrf_token(self.key, token)

    async def signup(self, request: Request, body: Credentials, response: Response) -> dict[str, Any]:
        self._charge(self.limits.client_of(request.scope))
        name = check_name(body.name)
        check_password(body.password, name)
        look = names.skeleton(name)
        with self.sessions() as db:
            _not_like_another(db, name, look)  # before the hashing: a refused name costs no CPU
        hashed = await asyncio.to_thread(_hasher.hash, body.password)
        try:
            with self.sessions.begin() as db:
                if db.get_bind().dialect.name == "postgresql":  # one sign-up at a time over every process
                    db.execute(select(func.pg_advisory_xact_lock(72593)))
                _not_like_another(db, name, look)  # again: another sign-up may have come in while this hashed
                user = UserRow(name=name, name_key=name.casefold(), name_skeleton=look, password_hash=hashed,
                               created_at=now())
                db.add(user)
                db.flush()
                uid = user.id
        except IntegrityError:
            raise ApiError(409, f"the name {name!r} is taken: choose another") from None
        csrf = self._start_session(response, request, uid)
        response.status_code = 201
        return {"user": {"id": uid, "name": name}, "csrf": csrf}

    async def signin(self, request: Request, body: Credentials, response: Response) -> dict[str, Any]:
        client = self.limits.client_of(request.scope)
        self._charge(client)
        key = unicodedata.normalize("NFC", body.name.strip()).casefold()
        mine, ceiling = self.by_name_client.get((key, client)), self.by_name.get(key)
        stamp = time.monotonic()
        mine._refill(stamp)
        ceiling._refill(stamp)
        if mine.tokens < 1:  # too many failures for this name from this address
            raise RateLimited("sign-in attempts for this name", mine.wait())
        if ceiling.tokens < 1 and mine.tokens < mine.burst:  # the name is past its ceiling, and this address
            raise RateLimited("sign-in attempts for this name", ceiling.wait())  # has failed for it lately
        with self.sessions() as db:
            row = db.execute(select(UserRow.id, UserRow.name, UserRow.password_hash)
                             .where(UserRow.name_key == key)).first()
        ok = False
        dummy = await asyncio.to_thread(_dummy_hash)  # built once, before anything depends on the name
        try:
            ok = await asyncio.to_thread(_hasher.verify, row.password_hash if row else dummy, body.password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        if not ok or row is None:
            mine.take()
            ceiling.take()
            raise ApiError(401, "wrong name or password")
        if _hasher.check_needs_rehash(row.password_hash):
            fresh = await asyncio.to_thread(_hasher.hash, body.password)
            with self.sessions.begin() as db:
                db.execute(update(UserRow).where(UserRow.id == row.id).values(password_hash=fresh))
        csrf = self._start_session(response, request, row.id)
        return {"user": {"id": row.id, "name": row.name}, "csrf": csrf}

    def signout(self, request: Request, response: Response) -> dict[str, Any]:
        https = self.https(request)
        cookie = cookie_of(request, https)
        if cookie:
            with self.sessions.begin() as db:
                db.execute(delete(SessionRow).where(SessionRow.token_hash == secret_hash(cookie)))
        response.delete_cookie(cookie_name(https), path="/", httponly=True, samesite="lax", secure=https)
        return {"user": None, "csrf": None}

    # --- ratings --------------------------------------------------------------------------------
    def rate(self, live: LiveGame) -> None:
        """Apply a finished game to the ratings, once, or note why it is not rated (``realms.server.ratings``)."""
        if live.game.result(live.state) is None:
            return
        with self.sessions.begin() as db:
            apply_rating(db, live)

    # --- reading --------------------------------------------------------------------------------
    @staticmethod
    def _seat_info(seats: list[Any]) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "access": s.access, "name": name,
                 "rating_change": s.rating_change} for s, name in seats]

    def _games_json(self, db: Any, rows: list[GameRow], user_id: int | None = None) -> list[dict[str, Any]]:
        ids = [r.id for r in rows]
        seats: dict[str, list[Any]] = {}
        if ids:
            for s, name in db.execute(select(SeatRow, UserRow.name).outerjoin(UserRow, UserRow.id == SeatRow.user_id)
                                      .where(SeatRow.game_id.in_(ids)).order_by(SeatRow.game_id, SeatRow.seat)):
                seats.setdefault(s.game_id, []).append((s, name))
        out = []
        for r in rows:
            mine = [s.seat for s, _ in seats.get(r.id, []) if user_id is not None and s.user_id == user_id]
            finished = r.status == "finished"
            # the seats a table waits for before its first move (LiveGame.waiting_for): nobody's move until then
            waiting = [] if finished or r.version else [s.seat for s, _ in seats.get(r.id, []) if s.kind == "human"
                                                         and s.access in ("open", "invite") and not s.claimed]
            item = {"id": r.id, "game": r.game, "status": r.status, "pace": r.pace, "rated": bool(r.rated),
                    "rating": rating_of(r), "clock": r.clock_mode, "clock_seconds": r.clock_seconds,
                    "version": r.version,
                    "to_move": None if finished else r.to_move, "waiting_for": waiting,
                    "created_at": _iso(r.created_at), "updated_at": _iso(r.updated_at),
                    "finished_at": _iso(r.finished_at), "seats": self._seat_info(seats.get(r.id, [])),
                    "ranks": (r.result or {}).get("ranks") if finished else None,
                    "scores": (r.result or {}).get("scores") if finished else None,
                    "play_url": f"/play/{r.id}", "replay_url": f"/replay/{r.id}" if finished else None}
            if user_id is not None:
                item["my_seats"] = mine
                item["my_turn"] = not finished and not waiting and r.to_move in mine
            out.append(item)
        return out

    def player(self, name: str) -> dict[str, Any]:
        with self.sessions() as db:
            key = name.strip().casefold()
            user = db.execute(select(UserRow.id, UserRow.name).where(UserRow.name_key == key)).first()
            if user is None:
                raise ApiError(404, f"no player {name!r}")
            ratings = [{"game": r.game, "rating": ordinal(r.mu, r.sigma), "mu": round(r.mu, 3),
                        "sigma": round(r.sigma, 3), "played": r.played, **provisional(r.played)}
                       for r in db.scalars(select(RatingRow).where(RatingRow.user_id == user.id)
                                           .order_by(RatingRow.game))]
            mine = select(SeatRow.game_id).where(SeatRow.user_id == user.id)
            rows = list(db.scalars(select(GameRow).where(GameRow.id.in_(mine))
                                   .order_by(GameRow.updated_at.desc()).limit(200)))
            games = self._games_json(db, rows, user.id)
        return {"name": user.name, "ratings": ratings,
                "in_progress": [g for g in games if g["status"] != "finished"],
                "finished": [g for g in games if g["status"] == "finished"]}

    def leaderboard(self, game: str, limit: int) -> dict[str, Any]:
        try:
            realms.games.get(game)
        except Exception:
            raise ApiError(404, f"no game {game!r}") from None
        with self.sessions() as db:
            rows = db.execute(select(RatingRow, UserRow.name).outerjoin(UserRow, UserRow.id == RatingRow.user_id)
                              .where(RatingRow.game == game)
                              .order_by((RatingRow.played >= PROVISIONAL_GAMES).desc(),
                                        (RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.played.desc())
                              .limit(limit)).all()
        return {"game": game, "players": [
            {"rank": i + 1, "kind": "bot" if r.user_id is None else "player",
             "name": name if r.user_id is not None else r.player[4:], "rating": ordinal(r.mu, r.sigma),
             "played": r.played, **provisional(r.played)} for i, (r, name) in enumerate(rows)]}

    def history(self, game: str | None, player: str | None, since: str | None, until: str | None,
                limit: int, offset: int) -> dict[str, Any]:
        q = select(GameRow).where(GameRow.status == "finished")
        if game:
            q = q.where(GameRow.game == game)
        if since:
            q = q.where(GameRow.finished_at >= _day(since, "since"))
        if until:
            last = _day(until, "until")
            if last.date() < date.max:  # the last day a date can name has no day after it: no upper bound
                q = q.where(GameRow.finished_at < last + timedelta(days=1))
        with self.sessions() as db:
            if player:
                text = player.strip().casefold()
                by_user = select(SeatRow.game_id).join(UserRow, UserRow.id == SeatRow.user_id).where(
                    UserRow.name_key == text)
                by_bot = select(SeatRow.game_id).where(SeatRow.access == "bot", func.lower(SeatRow.agent) == text)
                q = q.where(or_(GameRow.id.in_(by_user), GameRow.id.in_(by_bot)))
            total = db.scalar(select(func.count()).select_from(q.subquery()))
            rows = list(db.scalars(q.order_by(GameRow.finished_at.desc(), GameRow.id).limit(limit).offset(offset)))
            return {"total": total, "offset": offset, "games": self._games_json(db, rows)}

    def mine(self, request: Request, gid: str) -> dict[str, Any]:
        """The seats of this game linked to the signed-in player, with their secrets (derived again)."""
        user = self.user_of(request)
        if user is None:
            raise ApiError(401, "sign in first")
        live = self.manager.get(gid)
        seats = [s.seat for s in live.seats if s.user_id == user[0]]
        if not seats:
            self.manager.refresh_seats(live)
            seats = [s.seat for s in live.seats if s.user_id == user[0]]
        if not seats:
            raise ApiError(404, "you hold no seat at this table")
        return {"seats": [{"seat": n, "token": self.manager.seat_token(gid, n, user[0])} for n in seats]}

    # --- routes ---------------------------------------------------------------------------------
    def routes(self) -> None:
        app = self.app

        @app.get("/api/account", tags=["accounts"])
        def get_account(request: Request) -> dict[str, Any]:
            """Who is signed in in this browser (``user`` or null) and the CSRF token its POSTs must carry in
            ``X-CSRF-Token`` while the session cookie is set."""
            return self.account(request)

        @app.post("/api/account/signup", status_code=201, tags=["accounts"])
        async def signup(request: Request, body: Credentials, response: Response) -> dict[str, Any]:
            """A new account; signs this browser in (session cookie)."""
            return await self.signup(request, body, response)

        @app.post("/api/account/signin", tags=["accounts"])
        async def signin(request: Request, body: Credentials, response: Response) -> dict[str, Any]:
            """Sign in (session cookie). Rate limited per client and, for failures, per name and address."""
            return await self.signin(request, body, response)

        @app.post("/api/account/signout", tags=["accounts"])
        def signout(request: Request, response: Response) -> dict[str, Any]:
            return self.signout(request, response)

        @app.get("/api/players/{name}", tags=["accounts"])
        def player(name: str) -> dict[str, Any]:
            """A player's ratings and games (in progress, with whose move it is; finished, with replays)."""
            return self.player(name)

        @app.get("/api/leaderboard/{game}", tags=["accounts"])
        def leaderboard(game: str, limit: int = Query(default=50, ge=1, le=500)) -> dict[str, Any]:
            """Players and bots of one game by rating."""
            return self.leaderboard(game, limit)

        @app.get("/api/history", tags=["accounts"])
        def history(game: str | None = Query(default=None, max_length=32),
                    player: str | None = Query(default=None, max_length=220),
                    since: str | None = Query(default=None, description="YYYY-MM-DD, finished on or after"),
                    until: str | None = Query(default=None, description="YYYY-MM-DD, finished on or before"),
                    limit: int = Query(default=50, ge=1, le=200),
                    offset: int = Query(default=0, ge=0, le=MAX_OFFSET)) -> dict:
            """Finished games, newest first, by game, player (an account's name or a bot's) and date."""
            return self.history(game, player, since, until, limit, offset)

        @app.post("/api/games/{gid}/mine", tags=["accounts"])
        async def mine(gid: str, request: Request) -> dict[str, Any]:
            """The signed-in player's seats at this table and their secrets, for coming back from any browser."""
            return self.mine(request, gid)


def _iso(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    return (dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)).isoformat()


def _day(text: str, what: str) -> datetime:
    try:
        return datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        raise ApiError(422, f"{what}: a date as YYYY-MM-DD, got {text[:20]!r}") from None
