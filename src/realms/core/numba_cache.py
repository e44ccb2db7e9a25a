"""numba's on-disk cache, keyed by the data a kernel is compiled from.

numba compiles a module's global values into its machine code as constants, yet checks a cached function
only against its own source file. A kernel that reads a game's tables at import (its card costs, types and
bonuses, sized by the number of cards) would so run stale code after a card is added elsewhere. ``key_cache``
names the data a module's kernels are compiled from: the cache entries of that module carry the key in their
file names, so each set of tables has entries of its own and a change of tables compiles afresh instead of
loading code built for other tables. Call it before the module's first ``@jit.compiled`` (``realms.core.jit``).
"""

from __future__ import annotations

import os
from typing import Any

#: module file (real path) -> key of the data its kernels are compiled from
_KEYS: dict[str, str] = {}


def key_cache(module_file: str, key: str) -> None:
    """Key the numba cache of the functions defined in ``module_file`` by ``key`` (a short hex digest)."""
    _install()
    _KEYS[os.path.realpath(module_file)] = key


def _install() -> None:
    from numba.core import caching

    if any(getattr(c, "realms_keyed", False) for c in caching.CacheImpl._locator_classes):
        return

    class KeyedLocator(caching._CacheLocator):
        """numba's own locator for the function, with the module's key added to the cache file names."""

        realms_keyed = True

        def __init__(self, inner: Any, key: str) -> None:
            self._inner, self._key = inner, key

        def __getattr__(self, name: str) -> Any:  # what numba reads of its own locators (``_py_file``)
            return getattr(self._inner, name)

        def ensure_cache_path(self) -> None:
            self._inner.ensure_cache_path()

        def get_cache_path(self) -> str:
            return str(self._inner.get_cache_path())

        def get_source_stamp(self) -> Any:
            return self._inner.get_source_stamp()

        def get_disambiguator(self) -> str:
            return f"{self._inner.get_disambiguator()}-{self._key}"

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            key = _KEYS.get(os.path.realpath(py_file))
            if key is None:
                return None
            others: list[Any] = caching.CacheImpl._locator_classes
            for other in others:
                if other is not cls:
                    inner = other.from_function(py_func, py_file)
                    if inner is not None:
                        return cls(inner, key)
            return None

    caching.CacheImpl._locator_classes.insert(0, KeyedLocator)


__all__ = ["key_cache"]
