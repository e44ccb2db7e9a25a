"""Bots that think outside the event loop: a process pool for search agents and position analysis.

Search must never stall the server. A bot whose agent searches (the ``mc``/``uct``/``ismcts`` agents, the
``hard`` levels, or any agent with ``pool = True``) is asked in a worker process: the bot task sends (game
id, a copy of the state, seat, agent name, bot seed) and awaits the action's index. The seed is the one the
in-process bots use (from the game's seed, the seat and the version), so a move interrupted by a restart is
thought again, alike, after it. Cheap bots (``reads = "view"`` agents, the greedy and Big Money bots) stay
in-process. The pool is created at its first use and shut down with the application.

A search's time budget holds from its first move: each worker loads what a search needs (``Agent.prepare``: the
compiled playout kernels and their caches) before the clock of the move starts, once per game and agent. With
``bot_warm`` (the default of ``realms serve``) the server starts its workers at once and each prepares every
game's searching levels and the analysis's search in the background, so the first bot move or analysis of a
fresh server waits on nothing.

The workers run at a lower CPU priority than the server (``nice`` 10 above it, and on Linux the idle scheduling
class, which gives them only the CPU time nothing else wants), so on a machine whose cores the bots fill, the
event loop still gets the CPU when it has an answer to give (a bot's time budget then buys fewer playouts, never
a slower answer elsewhere). A forked worker also inherits the server's signal
handlers, which only set a flag of a server it does not run, so it ignored SIGTERM and went on searching
after the server had stopped: each worker takes the default handlers back, and shutting the pool down ends
them. A worker whose server died without shutting the pool down (SIGKILL, a crash) ends itself within a
second: it would otherwise wait for work for ever, since its sibling workers hold the pipe it reads open.
The fork also copies the server's network sockets (the listening one, every browser's keep-alive connection):
a worker closes its copies at start-up, since a connection the server closed but a worker still held never
ended for its browser, which sent its next request on it to nobody (a reload hung on "Loading…").
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import signal
import socket
import stat
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

__all__ = ["BOT_NICE", "BotPool", "analysis_job", "bot_move"]

T = TypeVar("T")

#: how much lower than the server's a bot worker's CPU priority is (os.nice)
BOT_NICE = 10


def _watch_parent(parent: int) -> None:
    while True:
        if os.getppid() != parent:  # the server is gone: nobody will read this worker's answers
            os._exit(0)
        time.sleep(1.0)


def _close_inherited_sockets() -> None:
    """Close this process's IPv4 and IPv6 sockets, copies of the server's: only the descriptors (no shutdown,
    which would end the server's own connections too). Each becomes /dev/null rather than a free number, so
    a copied socket object that is ever collected closes that, never a file the worker opened since. Unix
    sockets and pipes (the pool's own) stay."""
    where = "/proc/self/fd" if os.path.isdir("/proc/self/fd") else "/dev/fd"
    try:
        fds = [int(name) for name in os.listdir(where)]
    except OSError:  # no listing here: nothing is closed
        return
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for fd in fds:
            try:
                if fd == null or not stat.S_ISSOCK(os.fstat(fd).st_mode):
                    continue
                sock = socket.socket(fileno=fd)
            except OSError:  # the listing's own descriptor, gone by now, or not a socket Python can read
                continue
            family = sock.family
            sock.detach()
            if family in (socket.AF_INET, socket.AF_INET6):
                os.dup2(null, fd)
    finally:
        os.close(null)


def warm_agents() -> list[tuple[str, str]]:
    """(game id, agent name) of what the pool thinks with: every game's levels whose agent searches, and the
    analysis's default search."""
    import realms.games
    from realms.agents import make_agent
    from realms.agents.search import SearchAgent

    found: list[tuple[str, str]] = []
    for gid in realms.games.ids():
        game = realms.games.get(gid)
        for level in game.levels:
            if isinstance(make_agent(level.name, game, 0), SearchAgent):
                found.append((gid, level.name))
        found.append((gid, "ismcts"))
    return found


def _prepare(warm: list[tuple[str, str]]) -> None:
    import realms.games
    from realms.agents import make_agent

    for gid, name in warm:
        game = realms.games.get(gid)
        make_agent(name, game, 0).prepare(game)


def _worker_start(nice: int, server: int, warm: list[tuple[str, str]] | None = None) -> None:
    """In each new worker: the default SIGTERM and SIGINT handling (not the server's, inherited by the fork),
    a watch on the server (the worker ends when it is gone) and a lower CPU priority. ``server`` is the pid
    of the process that made the pool, not read here: a server killed before this start-up ran has already
    handed its workers to another parent, which the watch would otherwise take for the server."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    _close_inherited_sockets()
    threading.Thread(target=_watch_parent, args=(server,), name="realms-parent-watch", daemon=True).start()
    if nice > 0:
        try:
            os.nice(nice)
        except OSError:  # not allowed here: the worker thinks at the server's priority
            pass
        idle = getattr(os, "SCHED_IDLE", None)
        if idle is not None:  # (Linux) only the CPU time nothing else wants: the server's answers never wait
            try:
                os.sched_setscheduler(0, idle, os.sched_param(0))
            except OSError:
                pass
    if warm:
        _prepare(warm)


def bot_move(game_id: str, state: Any, seat: int, name: str, seed: int) -> int:
    """In a worker: the index of agent ``name``'s move for ``seat``, asked through ``choose`` (its seat's
    copy, never the truth), exactly as the bot task would in-process."""
    import realms.games
    from realms.agents import make_agent
    from realms.core.agents import choose

    game = realms.games.get(game_id)
    agent = make_agent(name, game, seed, files=False)
    agent.prepare(game)  # once per process: before the move's clock starts
    return choose(agent, game, state, seat).index


def analysis_job(record: Mapping[str, Any], step: int | None, kind: str, seconds: float, iterations: int,
                 seed: int, top: int) -> dict[str, Any]:
    """In a worker: ``realms.agents.analysis.analyze_record``."""
    from realms.agents.analysis import analyze_record

    return analyze_record(record, step, kind=kind, seconds=seconds, iterations=iterations, seed=seed, top=top)


class BotPool:
    """``workers`` processes (0: everything in-process, on the event loop), created at first use."""

    def __init__(self, workers: int, nice: int = BOT_NICE, warm: bool = False) -> None:
        self.workers = workers
        self.nice = nice
        #: what each worker prepares when it starts (``warm``), before any move is asked of it
        self.warm = warm_agents() if warm and workers > 0 else []
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start every worker now (each prepares ``warm`` first), rather than at the first bot move."""
        if self.workers > 0:
            pool = self.pool()
            for _ in range(self.workers):
                pool.submit(os.getpid)

    def wants(self, agent: Any) -> bool:
        """Whether ``agent`` thinks long enough to be asked in the pool."""
        from realms.agents.search import SearchAgent

        if self.workers <= 0 or getattr(agent, "reads", "copy") == "view":
            return False
        return isinstance(agent, SearchAgent) or bool(getattr(agent, "pool", False))

    def pool(self) -> Executor:
        if self._pool is None:
            methods = mp.get_all_start_methods()
            ctx = mp.get_context("fork" if "fork" in methods else "spawn")
            self._pool = ProcessPoolExecutor(max_workers=max(1, self.workers), mp_context=ctx,
                                             initializer=_worker_start, initargs=(self.nice, os.getpid(), self.warm))
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, awaited without blocking the loop."""
        if self.workers <= 0:
            return fn(*args)
        return await asyncio.wrap_future(self.pool().submit(fn, *args))

    def shutdown(self) -> None:
        """Stop the pool: queued work is dropped and the workers are ended, a search in progress too (its
        move is thought again, alike, when the server starts again)."""
        if self._pool is not None:
            workers = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for proc in workers:
                if proc.is_alive():
                    proc.terminate()
            self._pool = None
