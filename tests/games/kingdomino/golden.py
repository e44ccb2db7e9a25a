"""Kingdomino's golden playthroughs (tests/golden): one seeded game per variant, and the options they must play."""

from __future__ import annotations

from tests.golden.variant import Variant

KD = "kingdomino"

VARIANTS: tuple[Variant, ...] = (
    Variant("kingdomino-2p", KD, {"players": 2}, 101, ("full-greedy", "random")),
    Variant("kingdomino-3p-draw-four", KD, {"players": 3}, 102, ("greedy", "random", "full-greedy")),
    Variant("kingdomino-3p-thirty-six", KD, {"players": 3, "three_players": "thirty-six"}, 103,
            ("random", "full-greedy", "greedy")),
    Variant("kingdomino-4p", KD, {"players": 4}, 104, ("full-greedy", "greedy", "random", "random")),
    Variant("kingdomino-mighty-duel", KD, {"players": 2, "mighty_duel": True}, 105, ("full-greedy", "random")),
    Variant("kingdomino-harmony", KD, {"players": 4, "harmony": True}, 106,
            ("full-greedy", "random", "greedy", "random")),
    Variant("kingdomino-middle-kingdom", KD, {"players": 4, "middle_kingdom": True}, 107,
            ("random", "full-greedy", "random", "greedy")),
    Variant("kingdomino-dynasty", KD, {"players": 2, "dynasty": True, "harmony": True, "middle_kingdom": True},
            108, ("full-greedy", "greedy")),
    Variant("kingdomino-tiebreak-largest-region", KD, {"players": 3, "tiebreak": "largest-region"}, 109,
            ("random", "random", "greedy")),
)

#: (option, value as text) that some variant above must play
MUST_PLAY = [("players", "2"), ("players", "3"), ("players", "4"), ("three_players", "thirty-six"),
             ("mighty_duel", "True"), ("harmony", "True"), ("middle_kingdom", "True"), ("dynasty", "True"),
             ("tiebreak", "largest-region")]
