"""A bot worker keeps none of the server's network sockets: a connection the server closes is closed.

The pool's workers are forked from the server when a searching bot first moves, and a fork copies every open
descriptor, the browsers' keep-alive connections and the listening socket among them. A connection the server
later closed stayed open in the workers, so its browser saw no end and sent its next request on it, which
nobody read: a reload of the game page hung on "Loading…" for good.
"""

from __future__ import annotations

import os
import socket
import stat
import sys

import pytest

from realms.server.bots import BotPool

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd") and not os.path.isdir("/dev/fd"),
                                reason="the descriptors of a process are listed in /proc/self/fd or /dev/fd")


def inet_sockets() -> list[int]:
    """In a worker: its open descriptors that are IPv4 or IPv6 sockets."""
    where = "/proc/self/fd" if os.path.isdir("/proc/self/fd") else "/dev/fd"
    found = []
    for name in os.listdir(where):
        fd = int(name)
        try:
            if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                continue
            s = socket.socket(fileno=fd)
        except OSError:
            continue
        try:
            if s.family in (socket.AF_INET, socket.AF_INET6):
                found.append(fd)
        finally:
            s.detach()
    return found


@pytest.fixture
def connection():
    """A listening socket and an accepted connection, both open in this process when the pool forks."""
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname(), timeout=10)
    accepted, _ = listener.accept()
    yield listener, client, accepted
    for s in (listener, client, accepted):
        s.close()


def test_a_worker_holds_none_of_the_servers_network_sockets(connection):
    pool = BotPool(1)
    try:
        assert pool.pool().submit(inet_sockets).result(timeout=60) == []
    finally:
        pool.shutdown()


@pytest.mark.skipif(sys.platform == "win32", reason="fork")
def test_a_connection_the_server_closes_ends_for_its_client_while_a_worker_lives(connection):
    listener, client, accepted = connection
    pool = BotPool(1)
    try:
        assert pool.pool().submit(os.getpid).result(timeout=60) != os.getpid()  # the worker is up
        accepted.close()  # the server is done with this connection (a keep-alive timeout, say)
        client.settimeout(5)
        try:
            end = client.recv(1)
        except TimeoutError:
            end = None  # still open: a worker holds it
        assert end == b"", "the client was never told the connection ended"
    finally:
        pool.shutdown()
