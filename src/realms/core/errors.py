"""Errors raised through the protocol. Every message says what is wrong."""


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
