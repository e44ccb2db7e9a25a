"""Game-agnostic machinery: the protocol, errors, seeded RNG, options, results and records."""

from realms.core.errors import IllegalAction, OptionsError, RealmsError, RecordError
from realms.core.game import Action, Event, Game, Result
from realms.core.rng import Rng

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "OptionsError",
    "RealmsError",
    "RecordError",
    "Result",
    "Rng",
]
