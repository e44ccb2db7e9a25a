"""Storage faults in the log: one traceback per fault, one line per refused request.

A full disk (or a database that stops accepting writes) refuses every write for as long as it lasts, and
every request, bot move and deadline that needed one fails the same way: a traceback for each filled the log
with hundreds of copies of one cause. So the first failure of a fault is logged with its traceback, and each
later one, until the database accepts a write again (or nothing failed for ``QUIET`` seconds), as one line
saying what was refused and for how long the fault has lasted; its end is logged with how many were refused.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger("realms.server")

#: seconds without a storage failure after which the next one is taken for a new fault (with its traceback)
QUIET = 30.0


def summary(exc: BaseException) -> str:
    """One line naming what failed: the driver's own message where there is one (SQLAlchemy's text of an
    error adds the statement, its parameters and a link, on lines of their own)."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip() or type(exc).__name__
    name = type(orig if orig is not None else exc).__name__
    return f"{name}: {text.splitlines()[0]}"


class StorageFaults:
    """What this process logs of storage failures (one per server: ``GroupWriter.faults``)."""

    def __init__(self, quiet: float = QUIET, clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.clock = quiet, clock
        self.since: float | None = None  # when the fault under way began (None: none is)
        self.last = 0.0  # when the storage last failed
        self.refused = 0  # what it refused since

    def failed(self, what: str, exc: BaseException) -> None:
        """The storage refused ``what`` (a request, a batch of actions, a deadline): the fault's first failure
        with its traceback, every later one as one line."""
        t = self.clock()
        if self.since is None or t - self.last > self.quiet:
            self.since, self.refused = t, 0
            log.error("the database failed during %s: %s (until it recovers, each later failure is one line)",
                      what, summary(exc), exc_info=exc)
        else:
            log.warning("the database still fails (for %.1f s, %d refused so far): %s refused: %s",
                        t - self.since, self.refused, what, summary(exc))
        self.refused += 1
        self.last = t

    def recovered(self) -> None:
        """The storage accepted a write: the fault, if one was under way, is over."""
        if self.since is not None:
            log.warning("the database accepts writes again after %.1f s; %d refused meanwhile",
                        self.clock() - self.since, self.refused)
            self.since = None
