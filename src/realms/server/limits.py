"""The limits a public server needs: rate limits per client, seat and socket, connection caps, timeouts.

``Settings`` holds every limit with its default; ``realms serve`` fills it from its flags and the
``REALMS_*`` environment variables (``Settings.from_env``), and ``create_app(settings=...)`` takes one.

Two layers use it:

- the ASGI guard (``realms.server.security.Guard``) charges each HTTP request and WebSocket handshake to
  its client's token buckets and answers 429 when one is empty;
- the uvicorn protocol classes built by ``protocols(settings)`` close connections that never finish their
  headers or body, cap the open connections (in all and per client address), and bound what a WebSocket
  may queue inbound before the application has read it.
"""

from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import os
import resource
import time
from collections import OrderedDict
from dataclasses import dataclass, field, fields, replace
from typing import Any

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def _split(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


@dataclass(frozen=True)
class Settings:
    """Every limit of the server, with its default. Times in seconds, rates per second."""

    #: Host header values accepted (port ignored); also the origins a WebSocket may be opened from
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    #: addresses or networks of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed
    trusted_proxies: tuple[str, ...] = ()
    #: addresses or networks exempt from the per-client rate limits and connection cap (a load generator)
    exempt_clients: tuple[str, ...] = ()
    #: tables created (POST /api/games) per client: sustained rate and burst
    create_rate: float = 1.0
    create_burst: int = 20
    #: other requests per client (GETs, joins, WebSocket handshakes): sustained rate and burst
    read_rate: float = 100.0
    read_burst: int = 1000
    #: sign-in and sign-up attempts per client, and failed sign-ins per account name (from anywhere)
    signin_rate: float = 0.1
    signin_burst: int = 10
    #: WebSocket handshakes per client (also charged as reads)
    ws_connect_rate: float = 5.0
    ws_connect_burst: int = 60
    #: actions per seat (HTTP POST and WebSocket together; exempt clients are spared)
    seat_rate: float = 20.0
    seat_burst: int = 60
    #: table chat messages per seat (POST /api/games/{id}/chat): sustained rate and burst; the longest message
    chat_rate: float = 0.2
    chat_burst: int = 5
    chat_length: int = 300
    #: messages per WebSocket; a socket that keeps sending ``ws_burst`` messages past its limit is closed
    #: (exempt clients are spared)
    ws_rate: float = 20.0
    ws_burst: int = 60
    #: replies (errors, pongs) waiting to be sent on one socket, and messages received but not yet read:
    #: a socket that overflows either is closed with 1008
    ws_queue: int = 64
    #: open connections in all (also kept below the open-file limit) and per client address
    max_connections: int = 4096
    max_connections_per_client: int = 256
    #: time from a connection's first byte (or its previous answer) to the end of a request's headers
    header_timeout: float = 10.0
    #: time from the end of the headers to the end of the body
    body_timeout: float = 30.0
    #: an idle keep-alive connection is closed after this
    keep_alive: float = 30.0
    #: WebSocket pings: interval, and how long a pong may take before the socket is closed
    ws_ping_interval: float = 20.0
    ws_ping_timeout: float = 20.0
    #: the lobby summary is rebuilt at most this often (and at once when a table is created)
    lobby_ttl: float = 1.0
    #: longest request line accepted (longer: 414)
    max_url: int = 4096
    #: processes the searching bots and position analyses think in (0: in-process, on the event loop)
    bot_workers: int = 2
    #: start the bot workers with the server, each loading every game's searches before its first move
    #: (``realms serve`` turns it on unless REALMS_BOT_WARM says otherwise)
    bot_warm: bool = False
    #: position analyses (GET/POST /api/games/{id}/analysis) per client: sustained rate and burst
    analysis_rate: float = 0.2
    analysis_burst: int = 5
    #: the longest an analysis may search, in seconds
    analysis_seconds: float = 2.0
    #: the server's address as players reach it (https://realms.example), for links in e-mails; empty: the
    #: address the request came to (its Host, one of ``allowed_hosts``)
    public_url: str = ""
    #: the SMTP server e-mails go through (``realms.server.mail``); no host: no e-mail is sent, and the
    #: account page says how an operator resets a password. Security: "starttls", "tls" (SMTPS) or "none"
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_security: str = "starttls"
    smtp_user: str = ""
    smtp_password: str = field(default="", repr=False)
    #: the sender's address (default: realms@ the SMTP host)
    smtp_from: str = ""
    smtp_timeout: float = 10.0

    ENV = "REALMS_"

    def __post_init__(self) -> None:
        if self.smtp_security not in ("starttls", "tls", "none"):
            raise ValueError(f"REALMS_SMTP_SECURITY must be starttls, tls or none, got {self.smtp_security!r}")
        if self.public_url and not self.public_url.startswith(("https://", "http://")):
            raise ValueError(f"REALMS_PUBLIC_URL must start with https:// (or http://), got {self.public_url!r}")

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, then ``REALMS_<FIELD>`` variables (e.g. REALMS_CREATE_RATE=5, REALMS_ALLOWED_HOSTS=a,b),
        then ``overrides`` (None values are skipped). Hosts named in REALMS_ALLOWED_HOSTS are added to the
        local ones."""
        env = os.environ if environ is None else environ
        s = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(cls.ENV + f.name.upper())
            if raw is None:
                continue
            values[f.name] = _parse(f, raw)
        for k, v in overrides.items():
            if v is not None:
                values[k] = tuple(v) if isinstance(v, list) else v
        if "allowed_hosts" in values:
            values["allowed_hosts"] = tuple(dict.fromkeys(LOCAL_HOSTS + tuple(values["allowed_hosts"])))
        return replace(s, **values)

    def connection_cap(self) -> int:
        """``max_connections``, kept 64 below the process's open-file limit (files, the database, logs)."""
        try:
            soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        except (ValueError, OSError):  # pragma: no cover
            return self.max_connections
        if soft == resource.RLIM_INFINITY:
            return self.max_connections
        return max(16, min(self.max_connections, soft - 64))


def _parse(f: Any, raw: str) -> Any:
    kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
    if kind.startswith("tuple"):
        return _split(raw)
    if kind == "int":
        return int(raw)
    if kind == "str":
        return raw.strip()
    return float(raw)


class Networks:
    """A set of addresses and networks (``127.0.0.1``, ``10.0.0.0/8``, ``::1``)."""

    def __init__(self, specs: tuple[str, ...]) -> None:
        self.nets = [ipaddress.ip_network(s, strict=False) for s in specs]
        self.cache: dict[str, bool] = {}

    def __contains__(self, address: str | None) -> bool:
        if not address or not self.nets:
            return False
        hit = self.cache.get(address)
        if hit is None:
            try:
                ip = ipaddress.ip_address(address)
                hit = any(ip.version == n.version and ip in n for n in self.nets)
            except ValueError:
                hit = False
            if len(self.cache) > 10_000:
                self.cache.clear()
            self.cache[address] = hit
        return hit


@dataclass
class Bucket:
    """A token bucket: ``rate`` tokens a second up to ``burst``; ``take`` spends one if there is one.

    ``debt`` lets the balance go below zero, to count how far past its limit a sender went.
    """

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, now: float | None = None) -> bool:
        self._refill(time.monotonic() if now is None else now)
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def charge(self, now: float | None = None) -> float:
        """Spend one token even past empty; returns the balance (negative: that many over the limit)."""
        self._refill(time.monotonic() if now is None else now)
        self.tokens -= 1
        return self.tokens

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else 60.0


class Buckets:
    """One bucket per key (a client address, a seat), in the order last used. At ``most`` buckets, the full
    ones (nothing to remember) are forgotten, then the least recently used until a tenth of the room is free:
    never every bucket at once, which would let a sender of many new keys reset everyone's limits."""

    def __init__(self, rate: float, burst: int, most: int = 100_000) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self.buckets: OrderedDict[Any, Bucket] = OrderedDict()

    def get(self, key: Any) -> Bucket:
        b = self.buckets.get(key)
        if b is None:
            if len(self.buckets) >= self.most:
                self.prune()
            b = self.buckets[key] = Bucket(self.rate, self.burst)
        else:
            self.buckets.move_to_end(key)
        return b

    def take(self, key: Any) -> bool:
        return self.get(key).take()

    def prune(self) -> None:
        now = time.monotonic()
        for k, b in list(self.buckets.items()):
            b._refill(now)
            if b.tokens >= b.burst:
                del self.buckets[k]
        keep = self.most - max(1, self.most // 10)
        while len(self.buckets) > keep:  # still full: the least recently used go first
            self.buckets.popitem(last=False)


#: the address of the client whose request or WebSocket is being served (set by the guard)
CLIENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("realms_client", default=None)


class RateLimited(Exception):
    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(what)
        self.what, self.retry_after = what, retry_after


class Limits:
    """The per-client and per-seat buckets of one application, and whom they spare."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.trusted = Networks(settings.trusted_proxies)
        self.exempt = Networks(settings.exempt_clients)
        self.create = Buckets(settings.create_rate, settings.create_burst)
        self.read = Buckets(settings.read_rate, settings.read_burst)
        self.connect = Buckets(settings.ws_connect_rate, settings.ws_connect_burst)
        self.seats = Buckets(settings.seat_rate, settings.seat_burst)
        self.signin = Buckets(settings.signin_rate, settings.signin_burst)
        self.analysis = Buckets(settings.analysis_rate, settings.analysis_burst)
        self.chat = Buckets(settings.chat_rate, settings.chat_burst)

    def client_of(self, scope: dict[str, Any]) -> str:
        """The client's address: the peer's, or the nearest untrusted hop of X-Forwarded-For when the peer
        is a trusted proxy."""
        peer = (scope.get("client") or ("", 0))[0] or ""
        if peer not in self.trusted:
            return peer
        for name, value in scope.get("headers", ()):
            if name == b"x-forwarded-for":
                hops = [h.strip() for h in value.decode("latin-1").split(",") if h.strip()]
                for hop in reversed(hops):
                    if hop not in self.trusted:
                        return hop
                return hops[0] if hops else peer
        return peer

    def scheme_of(self, scope: dict[str, Any]) -> str:
        scheme = scope.get("scheme", "http")
        peer = (scope.get("client") or ("", 0))[0]
        if peer in self.trusted:
            for name, value in scope.get("headers", ()):
                if name == b"x-forwarded-proto":
                    return value.decode("latin-1").split(",")[0].strip().lower()
        return scheme

    def charge(self, kind: str, client: str) -> None:
        """Spend one of ``client``'s ``kind`` ("create", "read", "signin", "analysis" or "connect") tokens, or raise
        RateLimited."""
        if client in self.exempt:
            return
        for b in (self.connect.get(client), self.read.get(client)) if kind == "connect" else (
                {"create": self.create, "signin": self.signin, "analysis": self.analysis}.get(kind, self.read)
                .get(client),):
            if not b.take():
                raise RateLimited(kind, b.wait())

    def penalize(self, client: str, seconds: float = 10.0) -> None:
        """A client whose socket was closed for flooding opens no new one for ``seconds``."""
        b = self.connect.get(client)
        b.charge()
        b.tokens = min(b.tokens, -seconds * b.rate)

    def seat_action(self, game_id: str, seat: int) -> None:
        """Spend one of the seat's action tokens, or raise RateLimited (the client of the request being
        served, set by the guard, may be exempt)."""
        if CLIENT.get() in self.exempt:
            return
        b = self.seats.get((game_id, seat))
        if not b.take():
            raise RateLimited("actions", b.wait())

    def seat_chat(self, game_id: str, seat: int) -> None:
        """Spend one of the seat's chat tokens, or raise RateLimited (exempt clients are spared)."""
        if CLIENT.get() in self.exempt:
            return
        b = self.chat.get((game_id, seat))
        if not b.take():
            raise RateLimited("chat messages", b.wait())


class SocketLimit:
    """A WebSocket's message budget: within it a message is served; past it refused (429); and once
    ``burst`` messages past it, the socket is to be closed."""

    def __init__(self, settings: Settings, exempt: bool = False) -> None:
        self.bucket = Bucket(settings.ws_rate, settings.ws_burst)
        self.burst = settings.ws_burst
        self.exempt = exempt

    def check(self) -> str:
        """"ok", "refuse" or "close"."""
        if self.exempt:
            return "ok"
        balance = self.bucket.charge()
        if balance >= 0:
            return "ok"
        if balance < -self.burst:
            return "close"
        return "refuse"


# --- the uvicorn side: connection caps, header and body timeouts, bounded WebSocket queues ------------------


class Connections:
    """Open connections, in all and per client address (shared by the HTTP and WebSocket protocols)."""

    def __init__(self, settings: Settings) -> None:
        self.cap = settings.connection_cap()
        self.per_client = settings.max_connections_per_client
        self.spared = Networks(settings.exempt_clients + settings.trusted_proxies)
        self.open: dict[Any, str] = {}  # transport -> client address
        self.by_client: dict[str, int] = {}
        self.refused = 0

    def admit(self, transport: Any, client: str) -> bool:
        if transport in self.open:
            return True
        n = self.by_client.get(client, 0)
        if len(self.open) >= self.cap or (n >= self.per_client and client not in self.spared):
            self.refused += 1
            return False
        self.open[transport] = client
        self.by_client[client] = n + 1
        return True

    def release(self, transport: Any) -> None:
        client = self.open.pop(transport, None)
        if client is None:
            return
        n = self.by_client.get(client, 1) - 1
        if n <= 0:
            self.by_client.pop(client, None)
        else:
            self.by_client[client] = n


_408 = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 16\r\n"
        b"connection: close\r\n\r\nrequest too slow")
_414 = (b"HTTP/1.1 414 URI Too Long\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 16\r\n"
        b"connection: close\r\n\r\nrequest too long")
_503 = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 20\r\n"
        b"connection: close\r\n\r\ntoo many connections")


def protocols(settings: Settings) -> tuple[type, type]:
    """uvicorn HTTP and WebSocket protocol classes that enforce ``settings`` (pass them as ``http`` and ``ws``)."""
    conns = Connections(settings)
    return _guarded_http(settings, conns), _guarded_websocket(settings, conns)


class _Deadline:
    """A deadline kept on a connection (``deadline_at``), watched by one timer that is moved only when a
    deadline comes earlier than it: every request sets and clears deadlines, and a timer made and cancelled
    for each (two per request) cost more than the rest of the HTTP protocol's guards. A timer that fires
    before the deadline (it was moved later) waits again for the rest; one that finds none does nothing."""

    loop: asyncio.AbstractEventLoop
    deadline_at: float | None = None  # loop time by which the headers (or the body) must be in
    timer: asyncio.TimerHandle | None = None  # fires at timer_at or later; None: none pending
    timer_at: float = 0.0

    def _too_slow(self) -> None:
        """The deadline passed."""
        raise NotImplementedError

    def _arm(self, seconds: float) -> None:
        if seconds <= 0:
            self.deadline_at = None
            return
        at = self.deadline_at = self.loop.time() + seconds
        if self.timer is None or self.timer_at > at:  # none pending, or pending for too late
            if self.timer is not None:
                self.timer.cancel()
            self.timer_at = at
            self.timer = self.loop.call_at(at, self._expire)

    def _disarm(self) -> None:
        self.deadline_at = None  # a pending timer finds nothing to do

    def _expire(self) -> None:
        self.timer = None
        at = self.deadline_at
        if at is None:
            return
        if self.loop.time() < at:  # the deadline moved on since this timer was set: wait for the rest
            self.timer_at = at
            self.timer = self.loop.call_at(at, self._expire)
            return
        self._too_slow()


def _guarded_http(settings: Settings, conns: Connections) -> type:
    """The HTTP protocol class of ``protocols``."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    header_timeout, body_timeout, max_url = settings.header_timeout, settings.body_timeout, settings.max_url

    class GuardedHttp(_Deadline, HttpToolsProtocol):
        """httptools, plus: a connection cap, a deadline for headers and one for the body (``_Deadline``), a URL
        limit."""

        connections_state = conns

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if not conns.admit(transport, (self.client or ("", 0))[0]):
                transport.write(_503)
                transport.close()
                return
            self._arm(header_timeout)

        def connection_lost(self, exc: Exception | None) -> None:
            self.deadline_at = None
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            conns.release(self.transport)
            super().connection_lost(exc)

        def _too_slow(self) -> None:
            self.deadline_at = None
            if self.transport.is_closing():
                return
            if self.cycle is None or not self.cycle.response_started:
                self.transport.write(_408)
            self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self.deadline_at is None:
                self._arm(header_timeout)

        def on_url(self, url: bytes) -> None:
            super().on_url(url)
            if len(self.url) > max_url:
                self.transport.write(_414)
                self.transport.close()
                raise _Stop()

        def data_received(self, data: bytes) -> None:
            if self.transport.is_closing():
                return
            try:
                super().data_received(data)
            except _Stop:
                pass

        def on_headers_complete(self) -> None:
            super().on_headers_complete()
            self._arm(body_timeout)

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # the next request's headers must come within the keep-alive time, then header_timeout
            self._disarm()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            super().handle_websocket_upgrade()

    return GuardedHttp


def _guarded_websocket(settings: Settings, conns: Connections) -> type:
    """The WebSocket protocol class of ``protocols``."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    max_url, ws_queue = settings.max_url, settings.ws_queue

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """websockets (sans-I/O), plus: the connection cap, a bounded inbound queue, an answer to a
        handshake that cannot be parsed, and bounded parsing.

        What arrives is parsed WS_SLICE bytes at a time, and no more once the socket is closing: a client
        that sends without reading can have hundreds of KiB of tiny frames waiting in the kernel, which one
        read hands over at once; parsed whole (websockets parses in Python, some µs a frame), that blocked
        the loop for over 100 ms before the socket's limits, which count messages, could act. After this side
        has sent its close frame, uvicorn reads on until the peer's close reply (10 s at most), discarding
        messages but parsing them: a peer that sends more than AFTER_CLOSE bytes meanwhile is cut off."""

        after_close = 0  # bytes received since this side sent its close frame

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            conns.admit(transport, (self.client or ("", 0))[0])  # taken over from the HTTP protocol

        def connection_lost(self, exc: Exception | None) -> None:
            conns.release(self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            for start in range(0, len(data), WS_SLICE):
                if self.transport.is_closing():
                    return
                chunk = data[start:start + WS_SLICE] if len(data) > WS_SLICE else data
                if self.close_sent:
                    self.after_close += len(chunk)
                    if self.after_close > AFTER_CLOSE:  # still sending, long after being told to stop
                        self.transport.close()
                        return
                self.conn.receive_data(chunk)
                if self.conn.parser_exc is not None:
                    if not self.handshake_initiated:  # a request websockets cannot parse: answer, then close
                        self.transport.write(_414 if len(data) > max_url else _408.replace(
                            b"408 Request Timeout", b"400 Bad Request"))
                        self.close_sent = True
                        self.transport.close()
                        return
                    self.handle_parser_exception()
                    return
                self.handle_events()

        def send_receive_event_to_app(self) -> None:
            if self.queue.qsize() >= ws_queue and not self.close_sent:
                # the application is this far behind the client: drop the client
                self.frames = []
                self.conn.send_close(1008, "too many messages")
                self.transport.write(b"".join(self.conn.data_to_send()))
                self.close_sent = True
                self.queue.put_nowait({"type": "websocket.disconnect", "code": 1008})
                self.transport.close()
                return
            super().send_receive_event_to_app()

    return GuardedWebSocket


class _Stop(Exception):
    pass


#: bytes of a WebSocket's input parsed at a time (GuardedWebSocket); a few hundred tiny frames
WS_SLICE = 4096
#: bytes a peer may still send after this side's close frame (in flight, then its close reply); past them the
#: connection is dropped (the peer has the close frame, with its code, already)
AFTER_CLOSE = 4096


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for ``uvicorn.run``/``uvicorn.Config`` that apply ``settings``."""
    http, ws = protocols(settings)
    return {"http": http, "ws": ws, "timeout_keep_alive": settings.keep_alive,
            "ws_ping_interval": settings.ws_ping_interval or None, "ws_ping_timeout": settings.ws_ping_timeout or None,
            "ws_max_size": 64 * 1024, "ws_per_message_deflate": False,
            "forwarded_allow_ips": ",".join(settings.trusted_proxies) or "",
            "proxy_headers": False}
