"""Dominion: Intrigue, both editions (32 kingdom cards: 25 in the first edition, 26 in the second, 19 in both).

Great Hall and Harem (called Farm in later printings: ``supply`` accepts both names) are data only. Where a card
offers a choice of several bonuses, the fixed action space has no action per bonus, so the choice is asked with
the card-less answers, each labelled by ``choice``:

- Pawn asks of each bonus in the printed order (+1 Card, +1 Action, +1 Buy, +$1) whether to take it (yes / no),
  until two are chosen; once the rest must all be taken, they are taken unasked. Every pair is reachable, nothing
  happens before both are chosen, and the two are then resolved in the printed order.
- Steward asks once: ``yes`` +2 Cards, ``no`` +$2, ``done`` trash 2 cards from your hand.
- Nobles asks once: ``yes`` +3 Cards, ``no`` +2 Actions. Lurker asks once: ``yes`` trash an Action card from the
  Supply, ``no`` gain an Action card from the trash (either may be picked while at least one of them can do
  something; one that can do nothing then does nothing).

Rulings where the printed texts are silent:

- Wishing Well names any card of the game's Supply (empty piles included) or any card its player owns: the only
  names that can match (the top card is always one the player owns). The reveal is public; a card that does not
  match goes back on top, known to all.
- Baron is asked even with no Estate in hand (``no``, gain an Estate, is then the only answer): a question asked
  only when an Estate is held would tell the table so.
- Mill: ``yes`` discards 2 cards (all there is with one card in hand) and gives +$2 only if 2 were discarded;
  with an empty hand nothing is asked.
- Mining Village may trash itself on either play of a Throne Room, once: declining on the first play lets the
  second play ask again (its Throne Room's replay is then resolved by this card's own frame, which asks after the
  replay's bonuses); once trashed, the second play gives its bonuses only.
- Lurker's trash from the Supply is not a gain: the pile shrinks, and an emptied pile counts as empty.
- Ironworks gives one bonus per type of the card gained (Great Hall and Mill: +1 Action and +1 Card; Harem: +$1
  and +1 Card); the bonus depends on the card gained, wherever it ended up.

Secret Chamber to Upgrade:

First-edition only: Secret Chamber, Scout, Saboteur, Tribute. Second-edition only: Secret Passage, Diplomat, Courtier,
Patrol, Replace. Both: Masquerade, Swindler, Minion, Torturer, Trading Post, Upgrade (Masquerade's passing differs by
edition, ``s.edition``). Rulings: docs/dominion.md.

Choices that are not a card use the card-less answers, each labelled by ``choice``: Minion's YES is +$2 and NO the
attack; Torturer's YES is "discard 2" and NO the Curse; Courtier's bonuses are YES (+1 Action), NO (+1 Buy), DONE
(+$3) and CHOOSE(Gold) (gain a Gold).

Secret Passage and the lazily shuffled deck (``zones``): the card goes to any place, a place being how many cards
lie above it (0: on top; the deck's size, its known bottom cards included: at the very bottom). Under known top
cards and among the cards known at the bottom the place is kept as it is; at an exact depth d among the shuffled
cards, d of them are drawn at random (as draws would take them) to the positions above it, unseen by all
(``zones.fix_above``), so the card comes up after exactly d more cards, its owner knowing where and nobody
knowing the cards above it. The place is chosen by halving the open places (YES: the upper half, NO: the
lower), always the same number of questions (ceil(log2(places)), ``done`` alone once placed), so the number of
questions, which the other seats see, never tells the depth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realms.games.dominion.cards.basic import CURSE_ID, DUCHY, ESTATE, GOLD, SILVER
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CHOOSE,
    CURSE,
    DONE,
    IS_ACTION,
    NAMES,
    NO,
    REACTION,
    TO_DECK,
    TO_DISCARD,
    TO_HAND,
    TREASURE,
    TYPES,
    VICTORY,
    YES,
    Card,
    Field,
    Say,
    Tail,
    card_of,
    discard_say,
    register,
    topdeck_say,
    trash_say,
)
from realms.games.dominion.frames import DISCARD_DOWN, REPLAY, Replay, gainable, play_card, push_gain
from realms.games.dominion.zones import (
    OWN,
    cost,
    discard,
    distinct,
    draw,
    fix_above,
    flush_discards,
    gain,
    gain_from_trash,
    hand_known,
    hand_left,
    names,
    picks,
    put_on_deck,
    say,
    seat_name,
    stage_discard,
    take_top,
    to_pile,
    topdeck_from_hand,
    trash,
    trash_from_hand,
    victims,
)

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState


BOTH, FIRST, SECOND = (1, 2), (1,), (2,)



def trash_from_supply(s: DominionState, p: int, c: int) -> None:
    """``p`` trashes a card of ``c``'s Supply pile (not a gain: nobody owns it; an emptied pile counts as empty)."""
    n = s.supply[c]
    s.supply[c] = n - 1
    if n == 1:
        s.empty += 1
        s.gone |= 1 << c
    s.trash.append(c)
    say(s, "trash", p, f"{seat_name(p)} trashed {NAMES[c]} from the Supply", cards=[NAMES[c]], source="supply")


@register
class Courtyard(Card):
    name, cost, types, set, editions = "Courtyard", 2, ACTION, "intrigue", BOTH
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = "+3 Cards. Put a card from your hand onto your deck (mandatory if your hand is not empty)."
    plus_cards = 3

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        topdeck_from_hand(s, f[2], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return topdeck_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("courtyard.ask", "Courtyard: put a card from your hand onto your deck", card=self.name)


@register
class Lurker(Card):
    name, cost, types, set, editions = "Lurker", 2, ACTION, "intrigue", SECOND
    text = ("+1 Action. Choose one: trash an Action card from the Supply (not a gain), or gain an Action card "
            "from the trash.")
    plus_actions = 1
    MODE, FROM_SUPPLY, FROM_TRASH = 0, 1, 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if self._supply(s) or self._trash(s):
            s.stack.append([self.id, self.MODE, p])

    def _supply(self, s: DominionState) -> list[int]:
        return [c for c in s.piles if s.supply[c] and IS_ACTION[c]]

    def _trash(self, s: DominionState) -> list[int]:
        return [c for c in distinct(s.trash) if IS_ACTION[c]]

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.MODE:
            return [YES, NO]
        cards = self._supply(s) if f[1] == self.FROM_SUPPLY else self._trash(s)
        return [CHOOSE(c) for c in cards] or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        if f[1] == self.MODE:
            f[1] = self.FROM_SUPPLY if a == YES else self.FROM_TRASH
            return
        s.stack.pop()
        if f[1] == self.FROM_SUPPLY:
            trash_from_supply(s, f[2], card_of(a))
        else:
            gain_from_trash(s, f[2], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.MODE:
            if a == YES:
                return Say("lurker.yes", "trash an Action card from the Supply")
            return Say("lurker.no", "gain an Action card from the trash")
        c = NAMES[card_of(a)]
        if f[1] == self.FROM_SUPPLY:
            return Say("lurker.trash", f"trash {c} from the Supply", card=c)
        return Say("lurker.gain", f"gain {c} from the trash", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.MODE:
            return Say("lurker.ask", "Lurker: trash an Action card from the Supply (yes) or gain one from the "
                       "trash (no)?", card=self.name)
        if f[1] == self.FROM_SUPPLY:
            return Say("lurker.ask_trash", "Lurker: trash an Action card from the Supply", card=self.name)
        return Say("lurker.ask_gain", "Lurker: gain an Action card from the trash", card=self.name)


@register
class Pawn(Card):
    name, cost, types, set, editions = "Pawn", 2, ACTION, "intrigue", BOTH
    text = "Choose two different bonuses: +1 Card, +1 Action, +1 Buy, +$1 (then both happen, in that order)."
    #: the bonuses in printed order; the frame's step is the one asked about
    CARD, ACTION, BUY, COIN = range(4)
    PICKED: Field  # a bit mask of the bonuses chosen so far

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.CARD, p, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        need = 2 - f[self.PICKED].bit_count()
        return [YES, NO] if 0 < need < 4 - f[1] else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        picked = f[self.PICKED]
        for b in range(f[1], 4):  # the rest, where every one left must be taken
            if picked.bit_count() < 2:
                picked |= 1 << b
        p = f[2]
        if picked >> self.CARD & 1:
            draw(s, p, 1)
        s.actions += picked >> self.ACTION & 1
        s.buys += picked >> self.BUY & 1
        s.coins += picked >> self.COIN & 1

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        if a == YES:
            f[self.PICKED] |= 1 << f[1]
        f[1] += 1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == NO:
            return Say("pawn.skip", "not this bonus")
        b = f[1]
        if b == self.CARD:
            return Say("pawn.card", "+1 Card")
        if b == self.ACTION:
            return Say("pawn.action", "+1 Action")
        return Say("pawn.buy", "+1 Buy")  # +$1 is never asked: by then it must be taken, or must not

    def ask(self, s: DominionState, f: list[int]) -> Say:
        b = f[1]
        if b == self.CARD:
            return Say("pawn.ask_card", "Pawn: take +1 Card as one of your two bonuses?", card=self.name)
        if b == self.ACTION:
            return Say("pawn.ask_action", "Pawn: take +1 Action as one of your two bonuses?", card=self.name)
        return Say("pawn.ask_buy", "Pawn: take +1 Buy as one of your two bonuses?", card=self.name)


@register
class GreatHall(Card):
    name, cost, types, set, editions = "Great Hall", 3, ACTION | VICTORY, "intrigue", FIRST
    text = "+1 Card, +1 Action. Worth 1 VP at game end."
    plus_cards, plus_actions, vp = 1, 1, 1


@register
class ShantyTown(Card):
    name, cost, types, set, editions = "Shanty Town", 3, ACTION, "intrigue", BOTH
    text = "+2 Actions. Reveal your hand; if it holds no Action card, +2 Cards."
    plus_actions = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        hand = s.hand[p]
        s.hpub[p] = tuple(hand)  # the whole hand was revealed
        say(s, "reveal", p, f"{seat_name(p)} revealed their hand: {names(hand) or 'nothing'}",
            cards=[NAMES[c] for c in hand])
        if not any(IS_ACTION[c] for c in hand):
            draw(s, p, 2)


@register
class Steward(Card):
    name, cost, types, set, editions = "Steward", 3, ACTION, "intrigue", BOTH
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = "Choose one: +2 Cards; or +$2; or trash 2 cards from your hand (all of them if you hold fewer)."
    MODE, TRASH = 0, 1
    TRASHED: Field  # how many cards were trashed

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.MODE, p, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.MODE:
            return [YES, NO, DONE]
        return picks(s.hand[f[2]]) if f[self.TRASHED] < 2 and s.hand[f[2]] else None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.TRASH:
            trash_from_hand(s, p, card_of(a))
            f[self.TRASHED] += 1
        elif a == DONE:
            f[1] = self.TRASH
        else:
            s.stack.pop()
            if a == YES:
                draw(s, p, 2)
            else:
                s.coins += 2

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.TRASH:
            return trash_say(a)
        if a == YES:
            return Say("steward.cards", "+2 Cards")
        if a == NO:
            return Say("steward.coins", "+$2")
        return Say("steward.trash", "trash 2 cards from your hand")

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.MODE:
            return Say("steward.ask", "Steward: +2 Cards, +$2 or trash 2 cards from your hand?", card=self.name)
        n = 2 - f[self.TRASHED]
        return Say("steward.ask_trash", f"Steward: trash {n} more card{'s' if n != 1 else ''} from your hand",
                   card=self.name, n=n)


@register
class WishingWell(Card):
    name, cost, types, set, editions = "Wishing Well", 3, ACTION, "intrigue", BOTH
    text = ("+1 Card, +1 Action. Name a card, then reveal the top card of your deck; if it is the named card, "
            "put it into your hand (otherwise it goes back on top).")
    plus_cards, plus_actions = 1, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        owned = s.owned[f[2]]
        return picks([*s.piles, *(c for c in range(len(owned)) if owned[c])])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p, named = f[2], card_of(a)
        c = take_top(s, p)
        if c < 0:
            say(s, "reveal", p, f"{seat_name(p)} named {NAMES[named]} and has no card to reveal", cards=[],
                named=NAMES[named])
            return
        if c == named:
            s.hand[p].append(c)
            hand_known(s, p, c, True)
            say(s, "reveal", p, f"{seat_name(p)} named {NAMES[named]}, revealed {NAMES[c]} and put it into their "
                "hand", cards=[NAMES[c]], named=NAMES[named])
        else:
            put_on_deck(s, p, c, True)
            say(s, "reveal", p, f"{seat_name(p)} named {NAMES[named]} and revealed {NAMES[c]}", cards=[NAMES[c]],
                named=NAMES[named])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("wishing_well.name", f"name {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("wishing_well.ask", "Wishing Well: name a card, then reveal the top card of your deck",
                   card=self.name)


@register
class Baron(Card):
    name, cost, types, set, editions = "Baron", 4, ACTION, "intrigue", BOTH
    text = "+1 Buy. You may discard an Estate for +$4; if you do not, gain an Estate."
    plus_buys = 1
    #: asked even without an Estate in hand (``no`` is then the only answer): see the module's docstring
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO] if ESTATE in s.hand[f[2]] else [NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p = f[2]
        if a == YES:
            s.hand[p].remove(ESTATE)
            hand_left(s, p, ESTATE)
            discard(s, p, ESTATE)
            s.coins += 4
            say(s, "discard", p, f"{seat_name(p)} discarded {NAMES[ESTATE]}", cards=[NAMES[ESTATE]])
        else:
            gain(s, p, ESTATE)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        e = NAMES[ESTATE]
        if a == YES:
            return Say("baron.yes", f"discard an {e} for +$4", card=e, n=4)
        if ESTATE in s.hand[f[2]]:
            return Say("baron.no", f"gain an {e}", card=e)
        return Say("baron.none", f"gain an {e} (no {e} in hand)", card=e)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        e = NAMES[ESTATE]
        return Say("baron.ask", f"Baron: discard an {e} for +$4, or else gain an {e}?", card=self.name, card2=e, n=4)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        e = NAMES[ESTATE]
        return Say("baron.public", f"Baron: {seat_name(f[2])} discards an {e} for +$4 or gains an {e}",
                   card=self.name, seat=f[2], card2=e, n=4)


@register
class Bridge(Card):
    name, cost, types, set, editions = "Bridge", 4, ACTION, "intrigue", BOTH
    text = "+1 Buy, +$1. This turn, cards (everywhere) cost $1 less, but not less than $0."
    plus_buys, plus_coins = 1, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.discount += 1


@register
class Conspirator(Card):
    name, cost, types, set, editions = "Conspirator", 4, ACTION, "intrigue", BOTH
    text = ("+$2. If you have played 3 or more Actions this turn (counting this one; each play counts), +1 Card "
            "and +1 Action.")
    plus_coins = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.played >= 3:
            draw(s, p, 1)
            s.actions += 1


@register
class Coppersmith(Card):
    name, cost, types, set, editions = "Coppersmith", 4, ACTION, "intrigue", FIRST
    text = "Each Copper you play this turn makes $1 more (cumulative with each Coppersmith played)."

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.copper_bonus += 1


@register
class Ironworks(Card):
    name, cost, types, set, editions = "Ironworks", 4, ACTION, "intrigue", BOTH
    text = ("Gain a card costing up to $4. If it is an Action card, +1 Action; a Treasure card, +$1; a Victory "
            "card, +1 Card (each that applies, for a card of several types).")
    MAX = 4

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in gainable(s, self.MAX)] or None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        n = self.MAX
        say(s, "gain", f[2], f"{seat_name(f[2])} gained nothing (no card costs up to ${n})", card=None, up_to=n)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], card_of(a)
        if not gain(s, p, c):
            return
        t = TYPES[c]
        if t & ACTION:
            s.actions += 1
        if t & TREASURE:
            s.coins += 1
        if t & VICTORY:
            draw(s, p, 1)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = self.MAX
        return Say("ironworks.ask", f"Ironworks: gain a card costing up to ${n}", card=self.name, n=n)


@register
class Mill(Card):
    name, cost, types, set, editions = "Mill", 4, ACTION | VICTORY, "intrigue", SECOND
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = ("+1 Card, +1 Action. You may discard 2 cards for +$2 (with 1 card in hand you may discard it, for "
            "nothing). Worth 1 VP at game end.")
    plus_cards, plus_actions, vp = 1, 1, 1
    ASK, DISCARD = 0, 1
    BASE: Field  # the picks wait in s.look[p][f[BASE]:]

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.hand[p]:
            s.stack.append([self.id, self.ASK, p, len(s.look[p])])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        p = f[2]
        if f[1] == self.ASK:
            return [YES, NO]
        return picks(s.hand[p]) if s.hand[p] and len(s.look[p]) - f[self.BASE] < 2 else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        if len(flush_discards(s, f[2], f[self.BASE])) == 2:
            s.coins += 2

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        if f[1] == self.DISCARD:
            stage_discard(s, f[2], card_of(a))
        elif a == YES:
            f[1] = self.DISCARD
        else:
            s.stack.pop()

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.DISCARD:
            return discard_say(a)
        if a == YES:
            return Say("mill.yes", "discard 2 cards for +$2")
        return Say("mill.no", "discard nothing")

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.ASK:
            return Say("mill.ask", "Mill: discard 2 cards for +$2?", card=self.name)
        return Say("mill.ask_discard", "Mill: choose a card to discard", card=self.name)


@register
class MiningVillage(Card):
    name, cost, types, set, editions = "Mining Village", 4, ACTION, "intrigue", BOTH
    text = ("+1 Card, +2 Actions. You may trash this card at once for +$2 (played twice by Throne Room: on either "
            "play, once).")
    plus_cards, plus_actions = 1, 2
    #: the question on a first play (a Throne Room's replay may follow), the replay this card resolves itself (it
    #: was declined on the first play), the question on that replay
    ASK, AGAIN, ASK_AGAIN = 0, 1, 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if first and self.id in s.play[p]:
            s.stack.append([self.id, self.ASK, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return None if f[1] == self.AGAIN else [YES, NO]

    def resume(self, s: DominionState, f: list[int]) -> None:  # AGAIN: a Throne Room's second play
        s.stack.pop()
        p = f[2]
        play_card(s, p, self.id, False)
        if self.id in s.play[p]:
            s.stack.append([self.id, self.ASK_AGAIN, p])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        stack = s.stack
        stack.pop()
        p = f[2]
        if a == YES:
            s.play[p].remove(self.id)
            trash(s, p, self.id)
            s.coins += 2
        elif f[1] == self.ASK and stack and stack[-1][0] == REPLAY and stack[-1][Replay.CARD] == self.id:
            stack[-1] = [self.id, self.AGAIN, p]  # its replay may still trash it: this card resolves the replay

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("mining_village.yes", f"trash {self.name} for +$2", card=self.name, n=2)
        return Say("mining_village.no", f"keep {self.name}", card=self.name)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("mining_village.ask", f"{self.name}: trash it for +$2?", card=self.name, n=2)


@register
class Duke(Card):
    name, cost, types, set, editions = "Duke", 5, VICTORY, "intrigue", BOTH
    text = "Worth 1 VP per Duchy you own at game end."

    def points_owning(self, owned: list[int]) -> int:
        return owned[DUCHY]


@register
class Harem(Card):
    name, cost, types, set, editions = "Harem", 6, TREASURE | VICTORY, "intrigue", BOTH
    text = "Worth $2 when played in the Buy phase. Worth 2 VP at game end. Called Farm in later printings."
    coins, vp = 2, 2


@register
class Nobles(Card):
    name, cost, types, set, editions = "Nobles", 6, ACTION | VICTORY, "intrigue", BOTH
    text = "Choose one: +3 Cards; or +2 Actions. Worth 2 VP at game end."
    vp = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a == YES:
            draw(s, f[2], 3)
        else:
            s.actions += 2

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return Say("nobles.cards", "+3 Cards") if a == YES else Say("nobles.actions", "+2 Actions")

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("nobles.ask", "Nobles: +3 Cards (yes) or +2 Actions (no)?", card=self.name)


BOTH, FIRST, SECOND = (1, 2), (1,), (2,)


def _mask(seats: list[int]) -> int:
    return sum(1 << v for v in seats)


def _seats(s: DominionState, p: int, mask: int) -> list[int]:
    """The seats of ``mask`` in turn order, starting left of ``p``."""
    n = s.players
    return [(p + i) % n for i in range(1, n) if mask >> ((p + i) % n) & 1]


def _discard_hand(s: DominionState, p: int) -> None:
    """Discard the whole hand at once: the others see how many went and the card that ends on top."""
    hand = s.hand[p]
    if not hand:
        return
    out = hand[:]
    hand.clear()
    s.hpub[p] = ()
    to_pile(s, p, out, False)
    if s.ev is not None:
        k = len(out)
        say(s, "discard", p, f"{seat_name(p)} discarded {k} card{'s' if k != 1 else ''}, {NAMES[out[-1]]} on top",
            count=k, top=NAMES[out[-1]])


@register
class SecretChamber(Card):
    name, cost, types, set, editions = "Secret Chamber", 2, ACTION | REACTION, "intrigue", FIRST
    text = ("Discard any number of cards from your hand: +$1 for each. Reaction: when another player plays an "
            "Attack, you may reveal this from your hand: +2 Cards, then put 2 cards from your hand onto your deck "
            "(you may reveal it again).")
    reacts_to_attack = True
    reveal_again = True
    #: what the hand holds must not decide whether the put-back is asked
    always_ask = True
    DISCARDING, PUTTING = 0, 1
    BASE: Field  # DISCARDING: the picks wait in s.look[p][f[BASE]:]
    LEFT: Field  # PUTTING: how many cards are still to go onto the deck

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.DISCARDING, p, len(s.look[p]), 0])

    def react(self, s: DominionState, v: int) -> None:
        draw(s, v, 2)
        s.stack.append([self.id, self.PUTTING, v, 0, 2])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        if f[1] == self.DISCARDING:
            return picks(hand) + [DONE]
        return picks(hand) if f[self.LEFT] and hand else None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.PUTTING:
            topdeck_from_hand(s, p, card_of(a))
            f[self.LEFT] -= 1
        elif a == DONE:
            s.stack.pop()
            s.coins += len(flush_discards(s, p, f[self.BASE]))
        else:
            stage_discard(s, p, card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.PUTTING:
            return topdeck_say(a)
        if a == DONE:
            k = len(s.look[f[2]]) - f[self.BASE]
            return Say("secret_chamber.done", f"stop discarding (+${k})", n=k)
        return discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.PUTTING:
            n = f[self.LEFT]
            return Say("secret_chamber.ask_put", f"{self.name}: put {n} more card{'s' if n != 1 else ''} from your "
                       "hand onto your deck", card=self.name, n=n)
        return Say("secret_chamber.ask", f"{self.name}: discard any number of cards for +$1 each", card=self.name)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.PUTTING:
            n, v = f[self.LEFT], f[2]
            return Say("secret_chamber.public_put", f"{self.name}: {seat_name(v)} puts {n} more card"
                       f"{'s' if n != 1 else ''} from their hand onto their deck", card=self.name, seat=v, n=n)
        return self.ask(s, f)


@register
class Masquerade(Card):
    name, cost, types, set, editions = "Masquerade", 3, ACTION, "intrigue", BOTH
    text = ("+2 Cards. Each player with cards in hand chooses one and passes it at the same time: 1st ed: to the "
            "player on their left; 2nd ed: to the next player who has cards. Then you may trash a card from your "
            "hand.")
    plus_cards = 2
    #: which cards a hand holds must not decide whether a seat is asked
    always_ask = True
    PASS, MOVE, TRASH_ONE = 0, 1, 2
    SEATS: Tail  # MOVE: the seats that pass, in turn order from the player (each one's card waits in its look)

    def play(self, s: DominionState, p: int, first: bool) -> None:
        n = s.players
        passers = [q for q in ((p + i) % n for i in range(n)) if s.hand[q]]
        s.stack.append([self.id, self.TRASH_ONE, p])
        if passers:
            s.stack.append([self.id, self.MOVE, p, *passers])
            for q in reversed(passers):  # asked in turn order; the cards move together afterwards
                s.stack.append([self.id, self.PASS, q])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        if f[1] == self.PASS:
            return picks(hand) or None
        if f[1] == self.TRASH_ONE:
            return picks(hand) + [DONE] if hand else None
        return None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        if f[1] != self.MOVE:
            return
        passers = f[self.SEATS:]
        n = s.players
        moves = []
        for i, q in enumerate(passers):
            to = (q + 1) % n if s.edition == 1 else passers[(i + 1) % len(passers)]
            moves.append((q, s.look[q].pop(), to))
        for q, c, to in moves:  # passing is neither gaining nor trashing: the card changes owner
            s.hand[to].append(c)
            s.owned[q][c] -= 1
            s.owned[to][c] += 1
            say(s, "pass", q, f"{seat_name(q)} passed a card to {seat_name(to)}", to=to)
            say(s, "pass", q, f"{seat_name(q)} passed {NAMES[c]} to {seat_name(to)}", only=q, card=NAMES[c], to=to)
            if to != q:
                say(s, "pass", q, f"{seat_name(q)} passed {NAMES[c]} to {seat_name(to)}", only=to, card=NAMES[c],
                    to=to)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        q = f[2]
        if f[1] == self.PASS:
            c = card_of(a)
            s.hand[q].remove(c)
            s.hpub[q] = ()  # which card left is not public
            s.look[q].append(c)
        elif a != DONE:
            trash_from_hand(s, q, card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.PASS:
            c = NAMES[card_of(a)]
            return Say("masquerade.pass", f"pass {c}", card=c)
        return Say("masquerade.done", "trash nothing") if a == DONE else trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.PASS:
            return Say("masquerade.ask_pass", f"{self.name}: {seat_name(f[2])} passes a card from their hand",
                       card=self.name, seat=f[2])
        return Say("masquerade.ask_trash", f"{self.name}: you may trash a card from your hand", card=self.name)


@register
class Swindler(Card):
    name, cost, types, set, editions = "Swindler", 3, ACTION | ATTACK, "intrigue", BOTH
    text = ("+$2. Each other player trashes the top card of their deck and gains a card with the same cost that "
            "you choose (it may be the same card; nothing if no pile has that cost).")
    plus_coins = 2
    REVEAL, PICK = 0, 1
    VICTIM: Field  # the seat swindled
    COST: Field  # PICK: what its trashed card cost

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in reversed(victims(s, p)):
            s.stack.append([self.id, self.REVEAL, p, v, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.PICK:
            return [CHOOSE(c) for c in gainable(s, f[self.COST], 0, True)] or None
        return None

    def resume(self, s: DominionState, f: list[int]) -> None:
        v = f[self.VICTIM]
        if f[1] == self.PICK:
            s.stack.pop()
            n = f[self.COST]
            say(s, "gain", v, f"{seat_name(v)} gained nothing (no card costs ${n})", card=None, up_to=n)
            return
        c = take_top(s, v)
        if c < 0:
            s.stack.pop()
            say(s, "reveal", v, f"{seat_name(v)} has no card to reveal", cards=[])
            return
        trash(s, v, c)
        f[1], f[self.COST] = self.PICK, cost(s, c)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        gain(s, f[self.VICTIM], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("swindler.give", f"give {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        v, n = f[self.VICTIM], f[self.COST]
        return Say("swindler.ask", f"{self.name}: choose the card costing ${n} that {seat_name(v)} gains",
                   card=self.name, seat=v, n=n)


class _RevealFour(Card):
    """Scout and Patrol: reveal the top 4 cards, the ones of ``KEEP``'s types go to the hand, the rest back onto the
    deck in the order the player picks. Each subclass declares ``COUNT: Field`` and ``REST: Tail``."""

    KEEP = 0
    COUNT: Field  # redeclared by each subclass (a layout is read from the class's own declarations)
    REST: Tail

    def play(self, s: DominionState, p: int, first: bool) -> None:
        shown = [c for c in (take_top(s, p) for _ in range(4)) if c >= 0]
        say(s, "reveal", p, f"{seat_name(p)} revealed {names(shown) or 'nothing'}", cards=[NAMES[c] for c in shown])
        kept = [c for c in shown if TYPES[c] & self.KEEP]
        rest = [c for c in shown if not TYPES[c] & self.KEEP]
        for c in kept:
            s.hand[p].append(c)
            hand_known(s, p, c, True)
        if kept:
            say(s, "reveal", p, f"{seat_name(p)} put {names(kept)} into their hand", cards=[NAMES[c] for c in kept])
        if rest:
            s.aside[p].extend(rest)  # still revealed while the order is chosen
            s.stack.append([self.id, 0, p, len(rest), *rest])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        rest = distinct(f[self.REST:])
        return [CHOOSE(c) for c in rest] if len(rest) > 1 else None

    def _back(self, s: DominionState, f: list[int], c: int) -> None:
        p = f[2]
        del f[f.index(c, self.REST)]
        s.aside[p].remove(c)
        put_on_deck(s, p, c, False)  # the cards were seen; their order is the player's own

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        for c in f[self.REST:]:
            self._back(s, f, c)
        k = f[self.COUNT]
        say(s, "topdeck", f[2], f"{seat_name(f[2])} put {k} card{'s' if k != 1 else ''} back onto their deck",
            count=k)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        self._back(s, f, card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("reveal_four.next", f"put {c} back next", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("reveal_four.ask", f"{self.name}: put the cards back one at a time (the last one ends on top)",
                   card=self.name)


@register
class Scout(_RevealFour):
    name, cost, types, set, editions = "Scout", 4, ACTION, "intrigue", FIRST
    text = ("+1 Action. Reveal the top 4 cards of your deck. Put the revealed Victory cards into your hand and the "
            "rest back on top in any order.")
    plus_actions = 1
    KEEP = VICTORY
    COUNT: Field  # how many cards go back
    REST: Tail  # the revealed cards still to put back


@register
class SecretPassage(Card):
    name, cost, types, set, editions = "Secret Passage", 4, ACTION, "intrigue", SECOND
    text = "+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck."
    plus_cards, plus_actions = 2, 1
    #: the hand's contents and the depth must not decide how many questions come
    always_ask = True
    TAKE, WALK = 0, 1
    CARD: Field  # the card being put (-1 once placed)
    LO: Field  # the places still open are LO..HI, a place being how many cards lie above the card (0: on top)
    HI: Field
    ASKED: Field  # the walk's questions asked so far
    PLACES: Field  # how many places there were: the walk asks ``_questions(PLACES)`` questions, wherever it goes

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.TAKE, p, -1, 0, 0, 0, 0])

    @staticmethod
    def _questions(places: int) -> int:
        """The walk's length: halving ``places`` until one is left, the longest way (ceil(log2(places)))."""
        return (places - 1).bit_length()

    def _place(self, s: DominionState, p: int, c: int, at: int) -> None:
        """Put ``c`` with ``at`` cards above it: under known top cards, at an exact depth among the shuffled
        ones (``fix_above``), or among the cards known at the bottom."""
        deck, top = s.deck[p], s.top[p]
        known, free = len(top), len(deck) - len(top)
        if at <= known:
            deck.insert(len(deck) - at, c)
            top.insert(len(top) - at, OWN)
        elif at < known + free:
            fix_above(s, p, c, at - known)
        else:
            s.bottom[p].insert(known + free + len(s.bottom[p]) - at, c)
        say(s, "topdeck", p, f"{seat_name(p)} put a card from their hand into their deck")

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.TAKE:
            return picks(s.hand[f[2]]) or None
        if f[self.ASKED] >= self._questions(f[self.PLACES]):
            return None
        return [DONE] if f[self.LO] == f[self.HI] else [YES, NO]

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        if f[self.CARD] >= 0:  # a single place
            p = f[2]
            self._place(s, p, s.look[p].pop(), f[self.LO])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.TAKE:
            c = card_of(a)
            s.hand[p].remove(c)
            s.hpub[p] = ()  # which card left is not public
            s.look[p].append(c)
            places = len(s.deck[p]) + len(s.bottom[p]) + 1
            f[1], f[self.CARD], f[self.LO], f[self.HI], f[self.PLACES] = self.WALK, c, 0, places - 1, places
            return
        f[self.ASKED] += 1
        if a == DONE:
            return
        mid = (f[self.LO] + f[self.HI]) // 2
        if a == YES:  # the upper half
            f[self.HI] = mid
        else:
            f[self.LO] = mid + 1
        if f[self.LO] == f[self.HI]:
            self._place(s, p, s.look[p].pop(), f[self.LO])
            f[self.CARD] = -1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.TAKE:
            c = NAMES[card_of(a)]
            return Say("secret_passage.take", f"put {c} into your deck", card=c)
        if a == DONE:
            return Say("secret_passage.on", "go on")
        lo, hi = f[self.LO], f[self.HI]
        mid = (lo + hi) // 2
        if a == YES:
            return Say("secret_passage.higher", f"higher: {lo} to {mid} cards above it", n=lo, m=mid)
        return Say("secret_passage.lower", f"lower: {mid + 1} to {hi} cards above it", n=mid + 1, m=hi)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.TAKE:
            return Say("secret_passage.ask", f"{self.name}: choose a card from your hand to put into your deck",
                       card=self.name)
        if f[self.CARD] < 0:
            return Say("secret_passage.ask_placed", f"{self.name}: the card is in your deck", card=self.name)
        c, lo, hi = NAMES[f[self.CARD]], f[self.LO], f[self.HI]
        last = f[self.PLACES] - 1
        return Say("secret_passage.ask_where", f"{self.name}: where does {c} go? Cards above it: {lo} to {hi} "
                   f"(0: on top, {last}: at the bottom)", card=self.name, card2=c, n=lo, m=hi, last=last)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("secret_passage.public", f"{self.name}: {seat_name(f[2])} puts a card into their deck",
                   card=self.name, seat=f[2])


@register
class Diplomat(Card):
    name, cost, types, set, editions = "Diplomat", 4, ACTION | REACTION, "intrigue", SECOND
    text = ("+2 Cards. If you then have 5 or fewer cards in hand, +2 Actions. Reaction: when another player plays "
            "an Attack, you may reveal this from a hand of 5 or more cards, to draw 2 cards and then discard 3.")
    plus_cards = 2
    reacts_to_attack = True
    reveal_again = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if len(s.hand[p]) <= 5:
            s.actions += 2

    def can_react(self, s: DominionState, v: int) -> bool:
        return self.id in s.hand[v] and len(s.hand[v]) >= 5

    def react(self, s: DominionState, v: int) -> None:
        draw(s, v, 2)
        s.stack.append([DISCARD_DOWN, 0, v, max(0, len(s.hand[v]) - 3), len(s.look[v])])


@register
class Courtier(Card):
    name, cost, types, set, editions = "Courtier", 5, ACTION, "intrigue", SECOND
    text = ("Reveal a card from your hand. For each type it has (Action, Attack, ...), choose a different one: "
            "+1 Action; +1 Buy; +$3; gain a Gold.")
    #: what the hand holds must not decide whether the reveal is asked
    always_ask = True
    REVEAL, BONUS = 0, 1
    A_ACTION, A_BUY, A_COINS, A_GOLD = 1, 2, 4, 8
    LEFT: Field  # BONUS: bonuses still to choose
    TAKEN: Field  # BONUS: the bonuses chosen (a mask of A_ACTION ...)

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.REVEAL, p, 0, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.REVEAL:
            return picks(s.hand[f[2]]) or None
        if not f[self.LEFT]:
            return None
        t = f[self.TAKEN]
        out = [a for a, bit in ((YES, self.A_ACTION), (NO, self.A_BUY), (DONE, self.A_COINS)) if not t & bit]
        return out + ([] if t & self.A_GOLD else [CHOOSE(GOLD)])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.REVEAL:
            c = card_of(a)
            hand_known(s, p, c, False)
            say(s, "reveal", p, f"{seat_name(p)} revealed {NAMES[c]}", cards=[NAMES[c]])
            f[1], f[self.LEFT] = self.BONUS, min(4, bin(TYPES[c]).count("1"))
            return
        f[self.LEFT] -= 1
        if a == YES:
            f[self.TAKEN] |= self.A_ACTION
            s.actions += 1
        elif a == NO:
            f[self.TAKEN] |= self.A_BUY
            s.buys += 1
        elif a == DONE:
            f[self.TAKEN] |= self.A_COINS
            s.coins += 3
        else:
            f[self.TAKEN] |= self.A_GOLD
            gain(s, p, GOLD)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.REVEAL:
            c = NAMES[card_of(a)]
            return Say("courtier.reveal", f"reveal {c}", card=c)
        if a == YES:
            return Say("courtier.action", "+1 Action")
        if a == NO:
            return Say("courtier.buy", "+1 Buy")
        if a == DONE:
            return Say("courtier.coins", "+$3")
        return Say("courtier.gold", f"gain a {NAMES[GOLD]}", card=NAMES[GOLD])

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.REVEAL:
            return Say("courtier.ask", f"{self.name}: reveal a card from your hand", card=self.name)
        n = f[self.LEFT]
        return Say("courtier.ask_bonus", f"{self.name}: choose a bonus ({n} left)", card=self.name, n=n)


@register
class Minion(Card):
    name, cost, types, set, editions = "Minion", 5, ACTION | ATTACK, "intrigue", BOTH
    text = ("+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player with at least 5 "
            "cards in hand discards their hand and draws 4 cards.")
    plus_actions = 1
    VICTIMS: Field  # the mask of the seats the Attack affects (fixed when it was played)

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, _mask(victims(s, p))])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p = f[2]
        if a == YES:
            s.coins += 2
            return
        _discard_hand(s, p)
        draw(s, p, 4)
        for v in _seats(s, p, f[self.VICTIMS]):
            if len(s.hand[v]) >= 5:
                _discard_hand(s, v)
                draw(s, v, 4)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("minion.coins", "+$2")
        return Say("minion.attack", "discard your hand and draw 4 (others with 5+ cards do too)")

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("minion.ask", f"{self.name}: +$2 (yes) or discard your hand and draw 4 (no)?", card=self.name)


@register
class Patrol(_RevealFour):
    name, cost, types, set, editions = "Patrol", 5, ACTION, "intrigue", SECOND
    text = ("+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into your hand and "
            "the rest back on top in any order.")
    plus_cards = 3
    KEEP = VICTORY | CURSE
    COUNT: Field  # how many cards go back
    REST: Tail  # the revealed cards still to put back


@register
class Replace(Card):
    name, cost, types, set, editions = "Replace", 5, ACTION | ATTACK, "intrigue", SECOND
    text = ("Trash a card from your hand. Gain a card costing up to $2 more. If it is an Action or Treasure, put "
            "it onto your deck; if it is a Victory card, each other player gains a Curse.")
    #: what the hand holds must not decide whether the trashing is asked
    always_ask = True
    TRASH_STEP, GAIN_STEP = 0, 1
    MAX: Field  # GAIN_STEP: the most the gained card may cost
    VICTIMS: Field  # the mask of the seats the Attack affects (fixed when it was played)

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.TRASH_STEP, p, 0, _mask(victims(s, p))])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.TRASH_STEP:
            return picks(s.hand[f[2]]) or None
        return [CHOOSE(c) for c in gainable(s, f[self.MAX])] or None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        if f[1] == self.GAIN_STEP:
            n = f[self.MAX]
            say(s, "gain", f[2], f"{seat_name(f[2])} gained nothing (no card costs up to ${n})", card=None, up_to=n)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p, c = f[2], card_of(a)
        if f[1] == self.TRASH_STEP:
            trash_from_hand(s, p, c)
            f[1], f[self.MAX] = self.GAIN_STEP, cost(s, c) + 2
            return
        s.stack.pop()
        gain(s, p, c, TO_DECK if TYPES[c] & (ACTION | TREASURE) else TO_DISCARD)
        if TYPES[c] & VICTORY:
            for v in _seats(s, p, f[self.VICTIMS]):
                gain(s, v, CURSE_ID)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.TRASH_STEP:
            return trash_say(a)
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.TRASH_STEP:
            return Say("replace.ask", f"{self.name}: trash a card from your hand", card=self.name)
        n = f[self.MAX]
        return Say("replace.ask_gain", f"{self.name}: gain a card costing up to ${n}", card=self.name, n=n)


@register
class Saboteur(Card):
    name, cost, types, set, editions = "Saboteur", 5, ACTION | ATTACK, "intrigue", FIRST
    text = ("Each other player reveals cards from the top of their deck until one costs $3 or more, trashes it and "
            "may gain a card costing up to $2 less; they discard the other revealed cards.")
    REVEAL, REGAIN = 0, 1
    MAX: Field  # REGAIN: the most the card gained may cost
    OTHERS: Tail  # the other revealed cards (set aside until discarded)

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in reversed(victims(s, p)):
            s.stack.append([self.id, self.REVEAL, v, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.REVEAL:
            return None
        return [CHOOSE(c) for c in gainable(s, f[self.MAX])] + [DONE]

    def resume(self, s: DominionState, f: list[int]) -> None:
        v = f[2]
        shown: list[int] = []
        hit = -1
        while True:
            c = take_top(s, v)
            if c < 0:
                break
            if cost(s, c) >= 3:
                hit = c
                break
            shown.append(c)
            s.aside[v].append(c)
        say(s, "reveal", v, f"{seat_name(v)} revealed {names(shown + ([hit] if hit >= 0 else [])) or 'nothing'}",
            cards=[NAMES[c] for c in shown + ([hit] if hit >= 0 else [])])
        f += shown
        if hit < 0:
            self._finish(s, f)
            return
        trash(s, v, hit)
        f[1], f[self.MAX] = self.REGAIN, cost(s, hit) - 2

    def _finish(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        v = f[2]
        out = f[self.OTHERS:]
        for c in out:
            s.aside[v].remove(c)
        if out:
            to_pile(s, v, out, True)
            say(s, "discard", v, f"{seat_name(v)} discarded {names(out)}", cards=[NAMES[c] for c in out])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        if a != DONE:
            gain(s, f[2], card_of(a))
        self._finish(s, f)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == DONE:
            return Say("saboteur.done", "gain nothing")
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.MAX]
        return Say("saboteur.ask", f"{self.name}: {seat_name(f[2])} may gain a card costing up to ${n}",
                   card=self.name, seat=f[2], n=n)


@register
class Torturer(Card):
    name, cost, types, set, editions = "Torturer", 5, ACTION | ATTACK, "intrigue", BOTH
    curses = True
    text = ("+3 Cards. Each other player, in turn order, chooses: discard 2 cards (all they have if fewer), or gain "
            "a Curse into their hand.")
    plus_cards = 3

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in reversed(victims(s, p)):
            s.stack.append([self.id, 0, v])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        v = f[2]
        if a == YES:
            s.stack.append([DISCARD_DOWN, 0, v, max(0, len(s.hand[v]) - 2), len(s.look[v])])
        else:
            gain(s, v, CURSE_ID, TO_HAND)  # nothing if the Curse pile is empty

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("torturer.discard", "discard 2 cards")
        return Say("torturer.curse", f"gain a {NAMES[CURSE_ID]} into your hand", card=NAMES[CURSE_ID])

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("torturer.ask", f"{self.name}: {seat_name(f[2])} discards 2 cards (yes) or gains a "
                   f"{NAMES[CURSE_ID]} into their hand (no)", card=self.name, seat=f[2], card2=NAMES[CURSE_ID])


@register
class TradingPost(Card):
    name, cost, types, set, editions = "Trading Post", 5, ACTION, "intrigue", BOTH
    text = "Trash 2 cards from your hand. If you trashed 2, gain a Silver into your hand."
    #: what the hand holds must not decide whether the trashing is asked
    always_ask = True
    LEFT: Field  # how many cards are still to trash

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, 2])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return (picks(s.hand[f[2]]) or None) if f[self.LEFT] else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        if not f[self.LEFT]:
            gain(s, f[2], SILVER, TO_HAND)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        trash_from_hand(s, f[2], card_of(a))
        f[self.LEFT] -= 1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.LEFT]
        return Say("trading_post.ask", f"{self.name}: trash {n} more card{'s' if n != 1 else ''}", card=self.name,
                   n=n)


@register
class Tribute(Card):
    name, cost, types, set, editions = "Tribute", 5, ACTION, "intrigue", FIRST
    text = ("The player on your left reveals and discards the top 2 cards of their deck. For each differently named "
            "card among them: Action, +2 Actions; Treasure, +$2; Victory, +2 Cards (a card of two types gives both).")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.players == 1:  # solitaire: no player on the left
            return
        left = (p + 1) % s.players
        shown = [c for c in (take_top(s, left), take_top(s, left)) if c >= 0]
        if not shown:
            say(s, "reveal", left, f"{seat_name(left)} has no card to reveal", cards=[])
            return
        say(s, "reveal", left, f"{seat_name(left)} revealed {names(shown)}", cards=[NAMES[c] for c in shown])
        to_pile(s, left, shown, True)
        say(s, "discard", left, f"{seat_name(left)} discarded {names(shown)}", cards=[NAMES[c] for c in shown])
        for c in distinct(shown):
            t = TYPES[c]
            if t & ACTION:
                s.actions += 2
            if t & TREASURE:
                s.coins += 2
            if t & VICTORY:
                draw(s, p, 2)


@register
class Upgrade(Card):
    name, cost, types, set, editions = "Upgrade", 5, ACTION, "intrigue", BOTH
    text = "+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 more than it."
    plus_cards, plus_actions = 1, 1
    #: what the hand holds must not decide whether the trashing is asked
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        c = card_of(a)
        trash_from_hand(s, f[2], c)
        push_gain(s, f[2], cost(s, c) + 1, 0, TO_DISCARD, True)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("upgrade.ask", f"{self.name}: trash a card from your hand", card=self.name)
