"""Errors raised through the protocol. Every message says what is wrong."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class RealmsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(RealmsError, ValueError):
    """An action that is not legal in the current state. The state is left unchanged."""


class OptionsError(RealmsError, ValueError):
    """Malformed game options: unknown key, bad value, bad player count, incompatible variants."""


class RecordError(RealmsError, ValueError):
    """A game record that is corrupt, tampered with, or does not replay to what it claims."""


class UnknownAgent(RealmsError, KeyError):
    """An agent name a game does not offer, or a strategy file for a game that has none."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


def did_you_mean(name: object, names: Iterable[str]) -> str:
    """`` (did you mean NAME?)`` for the one of ``names`` nearest to ``name`` (ignoring case, ``-``, ``_`` and
    spaces), or ``""`` when none is near: the hint an unknown name's message carries.

    >>> did_you_mean("kingdomno", ["kingdomino", "dominion", "burgundy"])
    ' (did you mean kingdomino?)'
    >>> did_you_mean("chess", ["kingdomino", "dominion", "burgundy"])
    ''
    """
    def fold(text: str) -> str:
        return "".join(c for c in text.lower() if c not in "-_ ")

    by_fold: dict[str, str] = {}
    for n in names:
        by_fold.setdefault(fold(n), n)
    close = difflib.get_close_matches(fold(str(name)), list(by_fold), n=1, cutoff=0.75)
    return f" (did you mean {by_fold[close[0]]}?)" if close else ""
