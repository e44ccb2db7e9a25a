"""Seats and invitations: the secrets that hold a seat, the tokens a request presents, joining an open seat
or redeeming an invitation, the creator taking an unclaimed seat back, and the lobby's open tables."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, select, update

from realms.server.db import GameRow, SeatRow, now, secret_hash
from realms.server.livegame import ApiError, LiveGame
from realms.server.store import Store

SEAT_REREAD_EVERY = 0.1  # seconds: at most one read of a game's seats per game for tokens this copy does not know
REFUSED_KEPT = 256  # per game: hashes of tokens refused after a fresh read of the seats (refused again at once)
LIVE_WITHIN = 900.0  # seconds: a table moved at (or made) this recently is listed as being played
LIVE_LISTED = 30  # the most tables listed as being played
_SEATS = SeatRow.__table__


class Seats(Store):
    """Who holds which seat of a game."""

    def seat_token(self, gid: str, seat: int, user_id: int) -> str:
        """The seat secret of a signed-in player: derived from the server key, so that the player's other
        browsers can be given it again (``POST /api/games/{id}/mine``); the database keeps only its hash."""
        mac = hmac.new(self.key, f"seat|{gid}|{seat}|{user_id}".encode(), hashlib.sha256).digest()
        return "u" + mac.hex()[:43]

    def open_games(self) -> list[dict[str, Any]]:
        """The lobby's tables: unfinished ones with a seat anyone may take (open and not taken yet), newest
        first; a table whose seats are all held (a solo game, one that was left) is not listed."""
        free = select(SeatRow.game_id).where(SeatRow.game_id == GameRow.id, SeatRow.access == "open",
                                             SeatRow.claimed.is_(False), SeatRow.kind == "human").exists()
        return self._listed(select(GameRow).where(GameRow.status == "active", free)
                            .order_by(GameRow.created_at.desc()).limit(100))

    def live_games(self, within: float = LIVE_WITHIN) -> list[dict[str, Any]]:
        """The tables being played, for spectators: unfinished, not waiting for a player, and moved at (or made)
        in the last ``within`` seconds, the most recently moved first; a table left alone drops off the list."""
        waiting = select(SeatRow.game_id).where(SeatRow.game_id == GameRow.id, SeatRow.kind == "human",
                                                SeatRow.claimed.is_(False),
                                                SeatRow.access.in_(("open", "invite"))).exists()
        since = now() - timedelta(seconds=within)
        return self._listed(select(GameRow).where(GameRow.status == "active", GameRow.updated_at >= since, ~waiting)
                            .order_by(GameRow.updated_at.desc()).limit(LIVE_LISTED))

    def _listed(self, query: Any) -> list[dict[str, Any]]:
        with self.sessions() as db:
            rows = list(db.scalars(query))
            out = []
            for row in rows:
                seats = list(db.scalars(select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)))
                out.append({"id": row.id, "game": row.game, "options": row.options, "version": row.version,
                            "pace": row.pace,
                            "created_at": row.created_at.isoformat(),
                            "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "access": s.access,
                                       "claimed": s.claimed} for s in seats]})
        return out

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
        # one person, one seat: a signed-in player never takes a second seat of a table (nor plays themself)
        held = [s.seat for s in live.seats if user is not None and s.user_id == user[0]]
        if held:
            raise ApiError(409, f"you already hold seat {held[0]} of this table: one seat per player")
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
