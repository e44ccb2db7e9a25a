"""Helpers for game states kept as slotted objects of plain data."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

S = TypeVar("S")


def copy_lists(value: list[list[Any]]) -> list[list[Any]]:
    """A list of lists, copied one level down."""
    return [v[:] for v in value]


def slots_to_data(state: Any, convert: Mapping[str, Callable[[Any], Any]],
                  default: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """A state's fields (its ``__slots__`` but its ``TRANSIENT`` ones) as JSON-able data sharing no list
    with the state: each field goes through ``convert[name]`` when there is one, else through ``default``;
    with no default, a list is copied (it must hold no lists) and any other value taken as it is."""
    out: dict[str, Any] = {}
    skip = state.TRANSIENT
    for name in state.__slots__:
        if name in skip:
            continue
        value = getattr(state, name)
        f = convert.get(name, default)
        if f is not None:
            value = f(value)
        elif type(value) is list:
            value = value[:]
        out[name] = value
    return out


def copy_list(value: Any) -> Any:
    """A list copied one level down (inner lists copied too); anything else as it is."""
    if type(value) is list:
        return [v[:] if type(v) is list else v for v in value]
    return value


def slots_from_data(cls: type[S], data: Mapping[str, Any], convert: Mapping[str, Callable[[Any], Any]],
                    default: Callable[[Any], Any] = copy_list) -> S:
    """A new ``cls`` whose fields (its ``__slots__`` but its ``TRANSIENT`` ones, which the caller sets) come
    from ``data``: each through ``convert[name]`` when there is one, else through ``default``."""
    state = cls.__new__(cls)
    skip = cls.TRANSIENT  # type: ignore[attr-defined]
    for name in cls.__slots__:  # type: ignore[attr-defined]
        if name in skip:
            continue
        setattr(state, name, convert.get(name, default)(data[name]))
    return state
