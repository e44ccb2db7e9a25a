"""The Castles of Burgundy's golden playthroughs (tests/golden): one seeded game per variant, and the options they
must play."""

from __future__ import annotations

from tests.golden.variant import Variant

BU = "burgundy"

VARIANTS: tuple[Variant, ...] = (
    Variant("burgundy-2p", BU, {"players": 2}, 301, ("greedy", "random")),
    Variant("burgundy-3p", BU, {"players": 3}, 302, ("random", "greedy", "random")),
    Variant("burgundy-4p", BU, {"players": 4}, 303, ("greedy", "random", "greedy", "random")),
    Variant("burgundy-random-boards", BU, {"players": 4, "scenario": "random"}, 304,
            ("random", "greedy", "random", "greedy")),
    Variant("burgundy-city-hall-matching", BU, {"players": 2, "city_hall": "matching-colour"}, 305,
            ("greedy", "greedy")),
    Variant("burgundy-tiebreak-most-empty", BU, {"players": 3, "tiebreak": "most-empty"}, 306,
            ("greedy", "random", "random")),
    Variant("burgundy-black-depot-during-effects", BU, {"players": 2, "black_depot_timing": "during-effects"},
            307, ("greedy", "random")),
    Variant("burgundy-advanced-boards", BU, {"players": 3, "scenario": "advanced"}, 308,
            ("greedy", "random", "greedy")),
    Variant("burgundy-free-choice", BU, {"players": 2, "scenario": "free-choice"}, 309, ("random", "greedy")),
    Variant("burgundy-two-source-boards", BU, {"players": 2, "scenario": "random", "board_set": "two-sources"}, 310,
            ("greedy", "random")),
    Variant("burgundy-every-board", BU, {"players": 4, "scenario": "random", "board_set": "all"}, 311,
            ("random", "greedy", "random", "greedy")),
)

#: (option, value as text) that some variant above must play
MUST_PLAY = [("players", "2"), ("players", "3"), ("players", "4"), ("scenario", "random"), ("scenario", "advanced"),
             ("scenario", "free-choice"), ("board_set", "two-sources"), ("board_set", "all"),
             ("city_hall", "matching-colour"), ("tiebreak", "most-empty"), ("black_depot_timing", "during-effects")]
