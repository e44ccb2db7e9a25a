"""Live games: the authoritative state of every game being played, its seats, bots and watchers.

The database is the source of truth: a game is (game, options, seed) plus its action log. A process
keeps a replayed copy of each game it serves; before acting it catches up with any actions another
process appended, and an action is accepted only once its row (primary key game id + position) is
committed together with the game's new version and state hash. Only then are watchers told.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from sqlalchemy import update

import realms.games
from realms.agents import default_agent
from realms.core.errors import IllegalAction, OptionsError, RealmsError
from realms.server.bot_turns import BOT_RETRIES, FALLBACK_BOT, BotTurns, bot_refusal
from realms.server.clocks import Clocks
from realms.server.db import GameRow, SeatRow, now, secret_hash
from realms.server.livegame import LOG_PAGE_MAX, LOG_SEND, ApiError, LiveGame, Seat, epoch, stamp_of
from realms.server.seats import REFUSED_KEPT, SEAT_REREAD_EVERY, Seats
from realms.server.writer import _INSERT_GAME, _INSERT_SEAT, CHANNEL, ORIGIN, GroupWriter, Write, announcements

__all__ = ["BOT_RETRIES", "CATCH_UP_EVERY", "CHANNEL", "FALLBACK_BOT", "LOG_PAGE_MAX", "LOG_SEND", "ORIGIN",
           "REFUSED_KEPT", "SEAT_REREAD_EVERY", "ApiError", "GroupWriter", "LiveGame", "Manager", "Seat", "Write",
           "announcements", "epoch", "stamp_of"]

log = logging.getLogger("realms.server")
CATCH_UP_EVERY = 0.05  # seconds: at most one database read per game for clients ahead of this copy
PACES = ("realtime", "turn")
CLOCKS = ("move", "game")


class Manager(Seats, Clocks, BotTurns):
    """All live games of this process, backed by the database: tables created (here), seats and invitations
    (``Seats``), clocks and deadlines (``Clocks``), bots (``BotTurns``), loading, catch-up and persistence
    (``Store``), and every action, checked, committed and then published (here)."""

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
                why = bot_refusal(name, game)
                if why is not None:
                    raise ApiError(400, f"seat {i + 1}: {why}")
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
        if not live.waiting_for():  # a table waiting for its players starts its clock once they are all there
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

    # --- a table waiting for its players ---------------------------------------------------------
    def schedule_bots(self, live: LiveGame) -> None:
        """The bots play once the table has all its players (``LiveGame.waiting_for``)."""
        if live.waiting_for():
            return
        super().schedule_bots(live)

    def begin_if_ready(self, live: LiveGame) -> None:
        """Once the last free seat of a table that waited is taken: the mover's clock starts (stored, as at
        creation) and the bots play."""
        if live.waiting_for() or live.finished or live.version:
            return
        if live.clock_mode is not None and live.turn_deadline is None:
            self._start_clock(live, time.time())
            if live.turn_deadline is not None:
                with self.engine.begin() as conn:
                    conn.execute(update(GameRow).where(GameRow.id == live.id, GameRow.version == 0)
                                 .values(turn_deadline=stamp_of(live.turn_deadline)))
                self._deadline(live)
                live._payload_version = -1
        # a person who stepped away while the table waited, and is still away as it begins, has the grace now
        present = set(live.watchers.values())
        away = sorted(live.away_while_waiting - present)
        live.away_while_waiting.clear()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # (no event loop: a script driving the manager; no socket either)
            away = []
        for seat in away:
            loop.create_task(self.seat_left(live, seat))
        self.schedule_bots(live)

    def start_with_bots(self, live: LiveGame, owner: Any, bot: Any = None) -> list[int]:
        """The host (owner secret) starts a table that waits for players: each free seat gets a bot (``bot``,
        else the game's usual one). Returns the seats given to bots."""
        if live.owner_hash is None or not isinstance(owner, str) or \
                not secrets.compare_digest(live.owner_hash, secret_hash(owner)):
            raise ApiError(403, "only the table's host (its owner secret) can start it with bots")
        if live.finished or live.version or not live.waiting_for():
            raise ApiError(409, "the table has started already: no seat waits for a player")
        name = default_agent(live.game.id) if bot is None else bot
        if not isinstance(name, str) or not name:
            raise ApiError(400, "bot must be the name of one of the game's bots (GET /api/meta lists them)")
        why = bot_refusal(name, live.game)
        if why is not None:
            raise ApiError(400, why)
        table = SeatRow.__table__.c
        with self.sessions.begin() as db:
            given = [r.seat for r in db.execute(
                update(SeatRow.__table__).where(table.game_id == live.id, table.claimed.is_(False),
                                                table.access.in_(("open", "invite")))
                .values(kind="bot", agent=name, access="bot", claimed=True, invite_hash=None)
                .returning(table.seat))]
        self.refresh_seats(live)
        self.announce(f"{live.id}:seats")
        self.begin_if_ready(live)
        return sorted(given)

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
            waiting = live.waiting_for()
            if waiting:
                raise ApiError(409, "the table waits for its players (seat " + ", ".join(str(n + 1) for n in waiting)
                               + " still free): the first move comes once they are taken, or the host starts "
                               "with bots in them")
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
        nxt = live.game.to_move(state)
        if self.on_turn is not None and not finished and nxt is not None and nxt != seat:
            self.on_turn(live, nxt)  # never raises: it only starts the e-mail's task
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
