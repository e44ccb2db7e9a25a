"""A card's facts are its definition: the plain bonuses of playing it (+Cards, +Actions, +Buys, +$) are data that
the engine resolves before the card's own ``play``, every card's printed text says what its data says, and a card
that is its data alone needs no method of its own (``Card.data_only``)."""

from __future__ import annotations

import re

import pytest

from realms.games.dominion.cards import CARDS
from realms.games.dominion.cards.card import ACTION, Card
from tests.games.dominion.util import hand, new, play, start_turn

PLAIN = {"plus_cards": r"\+(\d+) Cards?", "plus_actions": r"\+(\d+) Actions?", "plus_buys": r"\+(\d+) Buys?",
         "plus_coins": r"\+\$(\d+)"}


@pytest.mark.parametrize("card", [c for c in CARDS if c.types & ACTION], ids=lambda c: c.name)
def test_a_cards_text_states_its_plain_bonuses(card: Card):
    """The bonuses a card's text opens with are its data, and its data is in its text: the leading
    '+N Cards, +N Actions, +N Buys, +$N' (a later '+$' belongs to a condition, as Moneylender's)."""
    lead = re.match(r"(?:\+\$?\d+(?: \w+)?(?:, |\.|$))*", card.text)
    first = lead.group(0) if lead else ""
    for attr, pattern in PLAIN.items():
        found = re.search(pattern, first)
        assert getattr(card, attr) == (int(found.group(1)) if found else 0), (card.name, attr, first)


def test_cards_that_are_their_data_alone():
    alone = {c.name for c in CARDS if c.data_only}
    assert {"Village", "Smithy", "Laboratory", "Market", "Festival", "Woodcutter", "Copper", "Province",
            "Platinum", "Colony", "Curse"} <= alone
    # a question, a reaction, a scoring rule or an effect of its own is more than data
    assert not alone & {"Moat", "Gardens", "Cellar", "Council Room", "Merchant", "Witch", "Bureaucrat", "Library"}


def test_plain_bonuses_resolve_before_the_cards_own_effect():
    """Council Room: +4 Cards and +1 Buy from its data, then each other player draws (its ``play``)."""
    s = start_turn(new("Council Room", seed=3), 0, hand=["Council Room", "Copper", "Copper", "Estate", "Estate"],
                   deck=["Gold", "Gold", "Silver", "Silver", "Duchy"], hand1=["Copper"] * 5, deck1=["Province"])
    play(s, "Council Room")
    assert hand(s, 0) == sorted(["Copper", "Copper", "Estate", "Estate", "Gold", "Gold", "Silver", "Silver"])
    assert s.buys == 2 and s.actions == 0
    assert hand(s, 1) == sorted(["Copper"] * 5 + ["Province"])
