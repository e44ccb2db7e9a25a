"""Dominion's golden playthroughs (tests/golden): one seeded game per variant, and the options they must play."""

from __future__ import annotations

from tests.golden.variant import Variant

DO = "dominion"
ATTACKS = "Witch,Militia,Bureaucrat,Spy,Thief,Moat,Throne Room,Library,Chapel,Cellar"

VARIANTS: tuple[Variant, ...] = (
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
    # the expansions, each set in each edition (bots that buy and play the set's cards), 5 and 6 players
    Variant("dominion-intrigue-first", DO, {"players": 3, "kingdom": "secret-schemes"}, 210,
            ("bmu-plus", "random", "bmu-plus:card=tribute")),
    Variant("dominion-intrigue-second", DO, {"players": 2, "edition": "second", "kingdom": "the-plot-thickens"}, 211,
            ("bmu-plus:card=torturer", "random")),
    Variant("dominion-seaside-first", DO, {"players": 2, "kingdom": "high-seas-1e"}, 212,
            ("bmu-plus:card=wharf", "random")),
    Variant("dominion-seaside-second", DO, {"players": 3, "edition": "second", "kingdom": "buried-treasure-2e"},
            213, ("random", "bmu-plus:card=outpost", "bmu-plus:card=monkey")),
    Variant("dominion-all-sets-random", DO, {"players": 2, "kingdom": "random", "sets": "all"}, 214,
            ("random", "random")),
    Variant("dominion-5p", DO, {"players": 5, "kingdom": "random", "sets": "intrigue,seaside"}, 215,
            ("random", "bmu-plus", "random", "big-money-ultimate", "random")),
    Variant("dominion-6p", DO, {"players": 6}, 216, ("big-money", "random", "random", "random", "random", "random")),
)

#: (option, value as text) that some variant above must play: the attacks kingdom is the one with Witch
MUST_PLAY = [("players", "2"), ("players", "3"), ("players", "4"), ("edition", "second"), ("kingdom", "random"),
             ("colony_platinum", "True"), ("kingdom", ATTACKS), ("players", "5"), ("players", "6"),
             ("sets", "all"), ("sets", "intrigue,seaside")]
