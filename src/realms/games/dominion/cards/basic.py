"""The basic cards: Treasures, Victory cards and Curses. Registration order fixes their ids."""

from __future__ import annotations

from realms.games.dominion.cards.card import CURSE, TREASURE, VICTORY, Card, register


@register
class Copper(Card):
    name, cost, types, coins = "Copper", 0, TREASURE, 1
    text = "Worth $1 when played in the Buy phase. Each player starts with 7."


@register
class Silver(Card):
    name, cost, types, coins = "Silver", 3, TREASURE, 2
    text = "Worth $2 when played in the Buy phase."


@register
class Gold(Card):
    name, cost, types, coins = "Gold", 6, TREASURE, 3
    text = "Worth $3 when played in the Buy phase."


@register
class Curse(Card):
    name, cost, types, vp = "Curse", 0, CURSE, -1
    text = ("Worth -1 VP at game end. Has no type other than Curse (not a Victory card). Can be bought "
            "for $0 but is normally gained through attacks (Witch). Its pile counts for the 3-empty-piles "
            "ending.")


@register
class Estate(Card):
    name, cost, types, vp = "Estate", 2, VICTORY, 1
    text = ("Worth 1 VP at game end. Does nothing in play (dead card in hand). Each player starts with 3 "
            "(taken from outside the Supply pile).")


@register
class Duchy(Card):
    name, cost, types, vp = "Duchy", 5, VICTORY, 3
    text = "Worth 3 VP at game end. Dead card in hand."


@register
class Province(Card):
    name, cost, types, vp = "Province", 8, VICTORY, 6
    text = ("Worth 6 VP at game end. Dead card in hand. Game ends after the turn in which the Province pile "
            "becomes empty (unless Colony variant: then Colony pile).")


COPPER, SILVER, GOLD, CURSE_ID, ESTATE, DUCHY, PROVINCE = range(7)
assert Province.id == PROVINCE and Copper.id == COPPER
