"""Declared game options and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from realms.core.errors import OptionsError, did_you_mean


@dataclass(frozen=True, slots=True)
class Option:
    """One option key: its type (``bool``, ``int`` or ``choice``), default and allowed values."""

    name: str
    type: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: names something on the local machine (a file path): never accepted from a remote client
    local_only: bool = False

    def coerce(self, value: Any, game: str) -> Any:
        where = f"{game}: option {self.name!r}"
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower() == "true"
            raise OptionsError(f"{where} must be true or false, got {value!r}")
        if self.type == "int":
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionsError(f"{where} must be an integer, got {value!r}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise OptionsError(f"{where} must be between {self.minimum} and {self.maximum}, got {value}")
            return value
        if self.type == "choice":
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise OptionsError(f"{where} must be one of {allowed}; got {value!r}"
                                   f"{did_you_mean(value, (str(c) for c in self.choices))}")
            return value
        if self.type == "any":
            return value
        raise AssertionError(f"unknown option type {self.type}")


#: the option every game accepts besides its own (``Game.validate_options``; ``realms.core.undo``): kept in the
#: options only when true, so options without it, and the states made from them, stay exactly as they were
UNDO_OPTION = Option("undo", "bool", False,
                     "players may take back their own moves within their turn until something is revealed")


def validate_options(spec: tuple[Option, ...], raw: Mapping[str, Any], game: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise OptionsError(f"{game}: options must be an object of key/value pairs, got {raw!r}")
    by_name = {o.name: o for o in spec}
    unknown = [k for k in raw if k not in by_name]
    if unknown:
        raise OptionsError(
            f"{game}: unknown option {unknown[0]!r}{did_you_mean(unknown[0], by_name)}; valid options are "
            f"{', '.join(by_name)}"
        )
    return {o.name: o.coerce(raw[o.name], game) if o.name in raw else o.default for o in spec}


def parse_option_pairs(pairs: list[str] | None) -> dict[str, str]:
    """``["players=3", "harmony=true"]`` to a dict of strings; a pair without ``=`` is an error."""
    out: dict[str, str] = {}
    for p in pairs or []:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise OptionsError(f"option {p!r} must look like key=value")
        out[key.strip()] = value.strip()
    return out


def uncovered_options(options: Mapping[str, Any], covers: Mapping[str, tuple[Any, ...] | None]) -> list[str]:
    """What of these validated ``options`` a fast path does not declare it plays: ``covers`` maps each option it
    has code for to the values it plays (None: every value the option allows). An option it does not name is
    listed by name, a value it does not play as ``name=value``; empty when it plays these options.

    >>> uncovered_options({"players": 3, "harmony": True, "new": 1}, {"players": None, "harmony": (False,)})
    ['harmony=True', 'new']
    """
    out = []
    for name, value in options.items():
        values = covers.get(name, ())
        if name not in covers:
            out.append(name)
        elif values is not None and value not in values:
            out.append(f"{name}={value}")
    return out
