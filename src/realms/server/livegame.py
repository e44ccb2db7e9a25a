"""One live game as this process holds it: its seats, its state, its log, and what each seat is sent
(built once per version). ``ApiError`` is what the server answers a client with."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import islice
from typing import Any

import orjson

from realms.core.game import Event, Game
from realms.server.db import secret_hash

LOG_SEND = 40  # most recent events sent with each view (the whole game's log is kept; see LiveGame.log_page)
LOG_PAGE_MAX = 500  # most entries one GET /api/games/{id}/log answers


def epoch(dt: datetime | None) -> float | None:
    """A stored time as seconds since the epoch (SQLite hands times back without their zone: UTC)."""
    if dt is None:
        return None
    return (dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)).timestamp()


def stamp_of(t: float | None) -> datetime | None:
    return None if t is None else datetime.fromtimestamp(t, UTC)


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
    #: seats whose player left (in this process) while the table waited for players: their grace starts as it begins
    away_while_waiting: set[int] = field(default_factory=set)
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

    def waiting_for(self) -> list[int]:
        """The seats the table waits for before its first move: open or invitation seats nobody has taken yet
        (once the first action is played, or the host started with bots in them, none)."""
        if self.version:
            return []
        return [s.seat for s in self.seats if s.kind == "human" and s.access in ("open", "invite") and not s.claimed]

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
                      "rated": self.rated, "turn_deadline": self.turn_deadline,
                      "waiting_for": self.waiting_for()},
        }
        if data["finished"]:
            result = game.result(state)
            data["result"] = result.to_json() if result else None
        return data

    def _legal_payload(self, seat: int | None) -> list[dict[str, Any]]:
        """``seat``'s legal actions, when it is the one to decide (else none)."""
        game, state = self.game, self.state
        legal: list[dict[str, Any]] = []
        if seat is None or self.finished or game.to_move(state) != seat or self.waiting_for():
            return legal
        for a in game.legal_actions(state):
            entry = {"index": a.index, "action": a.to_json(), "text": game.describe(state, a)}
            said = game.describe_say(state, a)  # the text as a message key, for the browser's languages
            if said is not None:
                entry["say"] = said
            legal.append(entry)
        return legal
