"""A card's facts are its definition: the plain bonuses of playing it (+Cards, +Actions, +Buys, +$) are data that
the engine resolves before the card's own ``play``, every card's printed text says what its data says, and a card
that is its data alone needs no method of its own (``Card.data_only``)."""

from __future__ import annotations

import re

import pytest

from realms.games.dominion.cards import BY_NAME, CARDS
from realms.games.dominion.cards.basic import CURSE_ID
from realms.games.dominion.cards.card import ACTION, ATTACK, BEHAVIOUR, DURATION, Card
from tests.games.dominion.util import act, hand, new, pending_seat, play, start_turn

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


NEXT = {"next_cards": r"\+(\d+) Cards?", "next_actions": r"\+(\d+) Actions?", "next_buys": r"\+(\d+) Buys?",
        "next_coins": r"\+\$(\d+)"}


@pytest.mark.parametrize("card", [c for c in CARDS if c.types & DURATION], ids=lambda c: c.name)
def test_a_durations_text_states_its_next_turn_bonuses(card: Card):
    """A Duration's plain bonuses at the start of its owner's next turn are data too, and its text says them after
    'At the start of your next turn'."""
    m = re.search(r"[Aa]t the start of your next turn[,:]? ((?:\+\$?\d+ ?\w*(?:, | and |\.|$))*)", card.text)
    said = m.group(1) if m else ""
    for attr, pattern in NEXT.items():
        found = re.search(pattern, said)
        assert getattr(card, attr) == (int(found.group(1)) if found else 0), (card.name, attr, said)


def test_durations_that_are_their_data_have_no_code():
    """Caravan, Fishing Village, Merchant Ship, Wharf and Astrolabe: this turn's bonuses and next turn's are data,
    so the card has no method at all; it waits for the next turn by itself."""
    for name in ("Caravan", "Fishing Village", "Merchant Ship", "Wharf", "Astrolabe"):
        cls = type(CARDS[BY_NAME[name]])
        assert all(getattr(cls, m) is getattr(Card, m) for m in BEHAVIOUR), name


def test_a_duration_that_is_its_data_pays_out_next_turn():
    """Wharf, no code: +2 Cards +1 Buy now, it stays in play, and +2 Cards +1 Buy as its owner's next turn starts."""
    s = start_turn(new("Wharf", seed=3), 0, hand=["Wharf", "Estate"], deck=["Silver"] * 4 + ["Gold"] * 8,
                   hand1=["Estate"] * 5, deck1=["Estate"] * 5)
    play(s, "Wharf")
    assert s.buys == 2 and hand(s).count("Silver") == 2 and s.dur[0] == [BY_NAME["Wharf"]]
    act(s, "play_treasures")
    act(s, "end_buys")  # seat 2 holds only Estates: its turn is its Buy phase alone
    act(s, "end_buys")
    assert s.cur == 0 and s.buys == 2 and len(s.hand[0]) == 7
    assert [CARDS[c].name for c in s.play[0]] == ["Wharf"] and s.dur[0] == []


def _hands_out_curses(text: str) -> bool:
    """Whether a card's text has other players gain a Curse on every play: a clause (asides in brackets left out)
    that gives one with no condition of its own ("if it is a Victory card", "who gains a copy of it")."""
    plain = re.sub(r"\([^)]*\)", "", text)
    return any(re.search(r"gains? a Curse", clause) and not re.search(r"\bif\b|\bwho\b", clause)
               for clause in re.split(r"(?<=\.)\s+|;", plain))


@pytest.mark.parametrize("card", [c for c in CARDS if c.types & ATTACK], ids=lambda c: c.name)
def test_an_attack_that_hands_out_curses_says_so_in_its_data(card: Card):
    """``Card.curses`` (the rule bots race for such a card's copies) is what the card's text says: each other player
    gains a Curse whenever it is played, Torturer's victim by choice; not where the Curse hangs on a condition."""
    assert card.curses == _hands_out_curses(card.text), card.text


@pytest.mark.parametrize("card", [c.name for c in CARDS if c.curses])
def test_playing_a_card_that_hands_out_curses_gives_the_other_player_one(card: str):
    s = new(card, edition="first" if 1 in CARDS[BY_NAME[card]].editions else "second")
    start_turn(s, hand=[card], deck=["Copper"] * 5, hand1=["Copper"] * 5, deck1=["Copper"] * 5)
    play(s, card)
    while s.stack and pending_seat(s) == 1:  # a victim's choice (Torturer's): take the Curse
        act(s, "no")
    assert s.owned[1][CURSE_ID] == 1
