"""The golden playthroughs: one seeded game per game and variant.

Each entry names the file ``data/<name>.json``, the game, its options, the seed and the agents that chose
the actions when the file was generated (a mix of bots and random players, seat i seeded
``derive_seed(seed, i)``). Replaying needs only the recorded actions, so a change in a bot never breaks a
golden file; a change in the rules does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ATTACKS = "Witch,Militia,Bureaucrat,Spy,Thief,Moat,Throne Room,Library,Chapel,Cellar"


@dataclass(frozen=True)
class Variant:
    name: str
    game: str
    options: dict[str, Any]
    seed: int
    agents: tuple[str, ...]
    note: str = field(default="")


KD = "kingdomino"
DO = "dominion"
BU = "burgundy"

VARIANTS: tuple[Variant, ...] = (
    # Kingdomino
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
    # Dominion
    Variant("dominion-2p-first-game", DO, {"players": 2}, 201, ("big-money-ultimate", "random")),
    Variant("dominion-3p", DO, {"players": 3}, 202, ("smithy-big-money", "militia-big-money", "random")),
    Variant("dominion-4p", DO, {"players": 4}, 203, ("big-money", "militia-big-money", "random", "smithy-big-money")),
    Variant("dominion-second-edition", DO, {"players": 2, "edition": "second"}, 204, ("random", "big-money-ultimate")),
    Variant("dominion-random-kingdom", DO, {"players": 2, "kingdom": "random"}, 205, ("random", "big-money")),
    Variant("dominion-random-kingdom-second", DO, {"players": 3, "kingdom": "random", "edition": "second"}, 206,
            ("random", "random", "big-money-ultimate")),
    Variant("dominion-attacks", DO, {"players": 3, "kingdom": ATTACKS}, 207,
            ("witch-big-money", "random", "militia-big-money")),
    Variant("dominion-attacks-random-players", DO, {"players": 2, "kingdom": ATTACKS}, 208, ("random", "random")),
    Variant("dominion-colony-platinum", DO, {"players": 2, "colony_platinum": True}, 209,
            ("big-money-ultimate", "random")),
    # The Castles of Burgundy
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
)

BY_NAME = {v.name: v for v in VARIANTS}
