"""What the games' numba kernels share (the ``fast`` extra), written once.

- SplitMix64 on a stream's state held as one ``uint64`` (an array element, so a kernel advances it in place):
  ``mix`` is ``rng.mix64``, ``below(rngs, k, n)`` is ``Rng.below(n)`` on the stream ``rngs[k]``, so a kernel
  draws exactly the numbers the reference engine draws (``tests/core/test_jit.py``; every kernel's replay
  against the reference checks it again). ``mulhi`` is the bounded draw's last step, for a kernel that spends
  one 64-bit output on several draws as the reference's ``zones.draw`` does.
- ``pick``: the ``random`` agent's choice among a decision's legal actions; ``record``: a recorded game's step.
- ``compiled``: ``numba.njit(cache=True)`` that compiles a function once for the plain types of its arguments.
  numba's own dispatcher compiles a function called from compiled code once more for every constant it is passed
  (``_push(st, GAIN, 0, p)`` and ``_push(st, CELLAR, 0, p)`` are two versions, each with its own copy of what it
  calls), so a kernel whose steps pass card and frame constants compiled many copies of its engine. Every kernel
  function is declared with ``compiled``; LLVM still inlines and folds the constants where that pays.
- ``drop_stale_cache``: numba checks a module's on-disk cache against that module's file only, yet the
  functions it calls from other modules (these among them) are compiled into it; a kernel module names the
  modules it compiles in, and its cache is dropped when one of them changes.

Without numba, ``AVAILABLE`` is False and only ``drop_stale_cache`` is defined, as in each kernel module.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from realms.core.rng import GOLDEN as _GOLDEN
from realms.core.rng import MIX1 as _MIX1
from realms.core.rng import MIX2 as _MIX2

F = TypeVar("F", bound=Callable[..., Any])

try:  # the optional ``fast`` extra
    import numba  # (whether the fast extra is installed)
    import numpy as np

    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised where numba is missing (numba and np stay undefined)
    AVAILABLE = False


def drop_stale_cache(module: str | Path, *sources: str | Path) -> None:
    """Drop numba's on-disk cache of ``module`` (its ``__pycache__/<stem>.*.nbi``/``.nbc``) when one of
    ``sources`` (the modules whose functions are compiled into it) has changed since the cache was written, a
    stamp of their contents kept beside it; so a changed rule or helper is never run from stale machine code."""
    path = Path(module)
    cache = path.parent / "__pycache__"
    try:
        key = hashlib.sha256(b"".join(Path(s).read_bytes() for s in sources)).hexdigest()
        stamp = cache / f"{path.stem}.sources-stamp"
        if stamp.is_file() and stamp.read_text() == key:
            return
        for old in cache.glob(f"{path.stem}.*.nb[ic]"):
            old.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(key)
    except OSError:  # a read-only install: numba then finds no usable cache there either
        pass


if AVAILABLE:
    from numba.core import types as _types
    from numba.core.registry import CPUDispatcher

    _plain: Any = _types.unliteral  # (numba is untyped)

    class PlainDispatcher(CPUDispatcher):
        """A CPU dispatcher whose calls from compiled code are typed with their arguments' plain types: an
        argument that is a constant (``Literal[int](3)``, ``Literal[bool](True)``) is typed as its kind
        (``int64``, ``bool``), so one compiled version serves every call."""

        def get_call_template(self, args: Any, kws: Any) -> Any:
            return super().get_call_template(tuple(_plain(a) for a in args), {k: _plain(v) for k, v in kws.items()})

    def compiled(func: F) -> F:
        """``numba.njit(cache=True)`` of ``func`` with ``PlainDispatcher`` (see the module's docstring); typed as
        ``func`` itself, as the call is. With numba's JIT turned off (``NUMBA_DISABLE_JIT=1``, to debug or trace
        a kernel in Python), ``func`` itself, as ``numba.njit`` gives."""
        if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
            return func
        disp = PlainDispatcher(py_func=func, locals={}, targetoptions={"nopython": True, "boundscheck": None})
        disp.enable_caching()
        return cast(F, disp)

    GOLDEN = np.uint64(_GOLDEN)
    _M1 = np.uint64(_MIX1)
    _M2 = np.uint64(_MIX2)
    _U30, _U27, _U31, _U32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
    _LO32 = np.uint64(0xFFFFFFFF)

    @compiled
    def mix(z: Any) -> Any:
        """``rng.mix64``: the SplitMix64 finaliser of a ``uint64``."""
        z = (z ^ (z >> _U30)) * _M1
        z = (z ^ (z >> _U27)) * _M2
        return z ^ (z >> _U31)

    @compiled
    def mulhi(z: Any, n: int) -> int:
        """The high 64 bits of ``z * n`` (``n`` below 2**32): a uniform int in [0, n) from the output ``z``."""
        un = np.uint64(n)
        lo = (z & _LO32) * un
        hi = (z >> _U32) * un
        return int((hi + (lo >> _U32)) >> _U32)

    @compiled
    def below(rngs: Any, k: int, n: int) -> int:
        """``Rng.below(n)`` on the stream ``rngs[k]`` (advanced in place)."""
        s = rngs[k] + GOLDEN
        rngs[k] = s
        return mulhi(mix(s), n)

    @compiled
    def record(rec: Any, lists: Any, nact: int, at: int, acts: Any, k: int, idx: int) -> int:
        """Step ``nact`` of a recorded game (a kernel's ``run`` with a record): the chosen action ``idx`` into
        ``rec[nact]``, its number of legal actions ``k`` into ``rec[cap + nact]`` (``cap`` half the record's length)
        and the legal list ``acts[:k]`` into ``lists`` from ``at``; returns where the next list goes. Full buffers
        are an error, never a record cut short."""
        cap = rec.shape[0] // 2
        if nact >= cap or at + k > lists.shape[0]:
            raise ValueError("kernel: the record buffers are full")
        rec[nact] = idx
        rec[cap + nact] = k
        lists[at:at + k] = acts[:k]
        return at + k

    @compiled
    def pick(acts: Any, n: int, rngs: Any, k: int) -> Any:
        """``RandomAgent``'s choice among the ``n`` legal actions ``acts[:n]``, from the stream ``rngs[k]``
        (which a single legal action leaves untouched)."""
        return acts[below(rngs, k, n)] if n > 1 else acts[0]
