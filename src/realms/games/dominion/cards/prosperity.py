"""Prosperity's Platinum and Colony, for the Colony/Platinum variant (option ``colony_platinum``)."""

from __future__ import annotations

from realms.games.dominion.cards.card import TREASURE, VICTORY, Card, register


@register
class Platinum(Card):
    name, cost, types, coins, set = "Platinum", 9, TREASURE, 5, "prosperity"
    text = "Colony variant only. Worth $5 when played in the Buy phase."


@register
class Colony(Card):
    name, cost, types, vp, set = "Colony", 11, VICTORY, 10, "prosperity"
    text = ("Colony variant only. Worth 10 VP. With Colonies in the game, the game also ends when the Colony "
            "pile is empty (Province pile emptying still ends it too).")
