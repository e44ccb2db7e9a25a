"""Two cards that exist only in the tests, written as docs/dominion.md says a new card is written: loaded with
``REALMS_DOMINION_CARDS=tests.games.dominion.synthetic_cards`` (never part of the shipped card list).

- Synthetic Scribe asks a question (+3 Cards, then put a card from your hand onto your deck): no fast path has a
  branch for it, so each must say it does not cover it and leave it to the reference.
- Synthetic Stall is its data alone (+1 Card, +1 Action, +$1): every implementation that reads the card tables
  plays it without a line of code of its own.
"""

from __future__ import annotations

from typing import Any

from realms.games.dominion.cards.card import ACTION, CHOOSE, Card, Say, card_of, register, topdeck_say
from realms.games.dominion.zones import distinct, topdeck_from_hand

BOTH = (1, 2)


@register
class SyntheticScribe(Card):
    name, cost, types, set, editions = "Synthetic Scribe", 4, ACTION, "synthetic", BOTH
    text = "+3 Cards. Put a card from your hand onto your deck."
    plus_cards = 3

    def play(self, s: Any, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in distinct(s.hand[f[2]])] or None

    def decide(self, s: Any, f: list[int], a: int) -> None:
        s.stack.pop()
        topdeck_from_hand(s, f[2], card_of(a))

    def choice(self, s: Any, f: list[int], a: int) -> Say:
        return topdeck_say(a)

    def ask(self, s: Any, f: list[int]) -> Say:
        return Say("artisan.ask", "Synthetic Scribe: put a card from your hand onto your deck", card=self.name)


@register
class SyntheticStall(Card):
    name, cost, types, set, editions = "Synthetic Stall", 3, ACTION, "synthetic", BOTH
    text = "+1 Card, +1 Action, +$1."
    plus_cards, plus_actions, plus_coins = 1, 1, 1
