"""Output buffers for the RL encoders: ``encode_next`` hands out the encoder's own vector, not a copy of it.

An encoder keeps, per observing seat, a memo with the last vector it built: a Python ``array`` ``out`` (cheap
item writes) and a read-only numpy array ``view`` over the same memory. ``encode_next`` (the RL
environments' call) returns ``view`` itself; ``encode`` returns a copy.

A vector handed out must never change later. Anything that keeps it (an agent's variable, a list of
observations, a slice, a tensor made from it) holds a reference to ``view``, which CPython's reference count
shows. So before the memo writes its next vector, ``held(m)`` is asked: while the current ``view`` is held,
``detach(m)`` moves the memo to another of its buffers that nothing holds, copying the numbers into it (one
``memcpy``, what the copy cost before), or to a new one when all are held. A random or learning loop keeps
the last observation until the next ``last()`` returns, so a seat encoded twice in a row takes the copy, and a
seat encoded after another seat's turn (whose vector was dropped meanwhile) writes in place and copies
nothing.

The vectors are read-only (``np.array(obs)`` gives a writable copy); ``view.base`` is the buffer's memory,
which is reused: keep the vector, not its base.
"""

from __future__ import annotations

from array import array
from sys import getrefcount

import numpy as np

#: buffers a memo keeps (beyond them, a held vector's memo makes a new one each time)
POOL = 3


def new_view(out: array[float]) -> np.ndarray:
    """A read-only float32 numpy array over the memory of ``out``."""
    view = np.frombuffer(out, dtype=np.float32)
    view.flags.writeable = False
    return view


class Buffers:
    """What a memo needs for its output: ``out`` and ``view``, the current buffer; ``bufs`` and ``views``, its
    spare buffers (vectors handed out earlier, which their holders may have dropped since)."""

    out: array[float]
    view: np.ndarray
    bufs: list[array[float]]
    views: list[np.ndarray]

    def init_buffers(self, size: int) -> None:
        self.out = array("f", bytes(4 * size))
        self.view = new_view(self.out)
        self.bufs = []
        self.views = []


def _calibrate() -> tuple[int, int]:
    m = Buffers()
    m.init_buffers(1)
    m.views.append(new_view(array("f", bytes(4))))
    return getrefcount(m.view), getrefcount(m.views[0])


#: ``getrefcount(m.view)`` when nothing but the memo holds its current vector, and ``getrefcount(views[i])`` of a
#: spare that nothing holds
FREE_CURRENT, FREE_POOLED = _calibrate()


def held(m: Buffers) -> bool:
    """Whether something besides the memo holds its current vector."""
    return getrefcount(m.view) > FREE_CURRENT


def detach(m: Buffers) -> None:
    """Moves ``m`` to a buffer nothing holds, with the numbers of the current one, which becomes a spare (see
    the module)."""
    out, view = m.out, m.view
    bufs, views = m.bufs, m.views
    for i in range(len(bufs)):
        if getrefcount(views[i]) <= FREE_POOLED:
            buf = bufs[i]
            buf[:] = out
            m.out, m.view = buf, views[i]
            bufs[i], views[i] = out, view
            return
    buf = out[:]
    if len(bufs) < POOL:
        bufs.append(out)
        views.append(view)
    m.out, m.view = buf, new_view(buf)


def switch(m: Buffers) -> None:
    """Moves ``m`` to a buffer nothing holds, as ``detach`` does, without copying the numbers into it: for an
    encoder that writes the whole vector at every call (the compiled ones)."""
    bufs, views = m.bufs, m.views
    for i in range(len(bufs)):
        if getrefcount(views[i]) <= FREE_POOLED:
            m.out, bufs[i] = bufs[i], m.out
            m.view, views[i] = views[i], m.view
            return
    if len(bufs) < POOL:
        bufs.append(m.out)
        views.append(m.view)
    m.out = array("f", bytes(4 * len(m.out)))
    m.view = new_view(m.out)
