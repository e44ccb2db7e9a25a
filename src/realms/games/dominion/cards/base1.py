"""Dominion base set, first edition: the 25 kingdom cards (19 of them are also in the second edition).

Where the two printings differ in effect (Moneylender, Mine, Throne Room) ``s.edition`` decides.
Frames: ``[card id, step, deciding seat, ...]`` and then the fields each card declares (``Field``, ``Tail``),
read by name; see ``cards/card.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realms.games.dominion.cards.basic import COPPER, CURSE_ID, SILVER
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CHOOSE,
    DONE,
    IS_ACTION,
    IS_TREASURE,
    NAMES,
    NO,
    REACTION,
    TO_DECK,
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
from realms.games.dominion.frames import DISCARD_DOWN, play_card, push_gain, push_replay, unaffected
from realms.games.dominion.zones import (
    cost,
    deck_to_discard,
    discard,
    distinct,
    draw,
    flush_discards,
    gain,
    gain_from_trash,
    hand_left,
    names,
    others,
    picks,
    put_on_deck,
    say,
    seat_name,
    stage_discard,
    take_top,
    to_pile,
    trash,
    trash_from_hand,
    victims,
)

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState

BOTH, FIRST = (1, 2), (1,)



@register
class Cellar(Card):
    name, cost, types, set, editions = "Cellar", 2, ACTION, "base", BOTH
    text = ("+1 Action. Discard any number of cards from your hand (0 allowed), then draw that many cards. "
            "Cellar itself is in play and cannot be discarded by it.")
    plus_actions = 1
    BASE: Field  # the picks wait in s.look[p][f[BASE]:]

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, len(s.look[p])])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) + [DONE]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if a == DONE:
            s.stack.pop()
            draw(s, p, len(flush_discards(s, p, f[self.BASE])))
        else:
            stage_discard(s, p, card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == DONE:
            k = len(s.look[f[2]]) - f[self.BASE]
            return Say("cellar.done", f"draw {k} and stop discarding", n=k)
        return discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("cellar.ask", "Cellar: discard any number of cards, then draw as many", card=self.name)


@register
class Chapel(Card):
    name, cost, types, set, editions = "Chapel", 2, ACTION, "base", BOTH
    text = "Trash up to 4 cards from your hand (any number from 0 to 4; optional). No + Actions."

    LIMIT = 4
    TRASHED: Tail  # the cards trashed so far

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return None if len(f) - self.TRASHED >= self.LIMIT else picks(s.hand[f[2]]) + [DONE]

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        trashed = f[self.TRASHED:]
        if trashed:
            say(s, "trash", f[2], f"{seat_name(f[2])} trashed {names(trashed)}", cards=[NAMES[c] for c in trashed])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        if a == DONE:
            self.resume(s, f)
        else:
            trash_from_hand(s, f[2], card_of(a), quiet=True)
            f.append(card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return Say("chapel.done", "stop trashing") if a == DONE else trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = self.LIMIT - (len(f) - self.TRASHED)
        return Say("chapel.ask", f"Chapel: trash up to {n} more cards", card=self.name, n=n)


@register
class Moat(Card):
    name, cost, types, set, editions = "Moat", 2, ACTION | REACTION, "base", BOTH
    text = ("+2 Cards. Reaction: when another player plays an Attack card, you may first reveal Moat from your "
            "hand; if you do, the Attack's effects on you are skipped. Revealing costs no Action and Moat "
            "stays in your hand.")
    reacts_to_attack = True  # the reveal decision is the generic REACT frame in frames.py
    plus_cards = 2

    def react(self, s: DominionState, v: int) -> None:
        unaffected(s, v)


@register
class Chancellor(Card):
    name, cost, types, set, editions = "Chancellor", 3, ACTION, "base", FIRST
    text = "+$2. You may immediately put your entire deck (draw pile) into your discard pile."
    plus_coins = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.deck[p]:
            s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a == YES:
            deck_to_discard(s, f[2])
            say(s, "chancellor", f[2], f"{seat_name(f[2])} put their deck into their discard pile")

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("chancellor.yes", "put your deck into your discard pile")
        return Say("chancellor.no", "keep your deck")

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("chancellor.ask", "Chancellor: put your deck into your discard pile?", card=self.name)


@register
class Village(Card):
    name, cost, types, set, editions = "Village", 3, ACTION, "base", BOTH
    text = "+1 Card, +2 Actions."
    plus_cards, plus_actions = 1, 2


@register
class Woodcutter(Card):
    name, cost, types, set, editions = "Woodcutter", 3, ACTION, "base", FIRST
    text = "+1 Buy, +$2."
    plus_buys, plus_coins = 1, 2


@register
class Workshop(Card):
    name, cost, types, set, editions = "Workshop", 3, ACTION, "base", BOTH
    text = ("Gain a card costing up to $4 from the Supply (mandatory if any such card remains; may be any "
            "type). Gained card goes to your discard pile.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        push_gain(s, p, 4)


@register
class Bureaucrat(Card):
    name, cost, types, set, editions = "Bureaucrat", 4, ACTION | ATTACK, "base", BOTH
    text = ("Gain a Silver and put it onto your deck (nothing if the Silver pile is empty). Each other "
            "player reveals a Victory card from their hand and puts it onto their deck (their choice "
            "which), or reveals a hand with no Victory cards.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        gain(s, p, SILVER, TO_DECK)
        for v in reversed(victims(s, p)):
            s.stack.append([self.id, 0, v])

    #: a victim holding any Victory card is asked, even with one kind: being asked must not tell the
    #: attacker that the hand holds two kinds
    always_ask = True

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in distinct(s.hand[f[2]]) if TYPES[c] & VICTORY] or None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        v = f[2]
        s.hpub[v] = tuple(s.hand[v])  # the whole hand was revealed
        say(s, "reveal", v, f"{seat_name(v)} revealed a hand with no Victory card: {names(s.hand[v]) or 'nothing'}",
            cards=[NAMES[c] for c in s.hand[v]])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        v, c = f[2], card_of(a)
        s.hand[v].remove(c)
        hand_left(s, v, c)
        put_on_deck(s, v, c, True)
        say(s, "topdeck", v, f"{seat_name(v)} revealed {NAMES[c]} and put it onto their deck", cards=[NAMES[c]])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return topdeck_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("bureaucrat.ask", f"Bureaucrat: {seat_name(f[2])} puts a Victory card from hand onto their deck",
                   card=self.name, seat=f[2])


@register
class Feast(Card):
    name, cost, types, set, editions = "Feast", 4, ACTION, "base", FIRST
    text = ("Trash this card (Feast). Gain a card costing up to $5. If Feast is played twice (Throne Room), "
            "the second trash fails but you still gain a second card.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if first and self.id in s.play[p]:
            s.play[p].remove(self.id)
            trash(s, p, self.id)
        push_gain(s, p, 5)


@register
class Gardens(Card):
    name, cost, types, set, editions = "Gardens", 4, VICTORY, "base", BOTH
    text = ("Worth 1 VP per 10 cards you have in total at game end (hand+deck+discard+everything you own), "
            "rounded down. Pile: 8 cards with 2 players, 12 with 3+.")

    def points(self, total_cards: int) -> int:
        return total_cards // 10


@register
class Militia(Card):
    name, cost, types, set, editions = "Militia", 4, ACTION | ATTACK, "base", BOTH
    text = ("+$2. Each other player discards cards from hand until they have 3 (they choose which; a player "
            "with 3 or fewer discards nothing).")
    plus_coins = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in reversed(victims(s, p)):
            s.stack.append([DISCARD_DOWN, 0, v, 3, len(s.look[v])])


@register
class Moneylender(Card):
    name, cost, types, set, editions = "Moneylender", 4, ACTION, "base", BOTH
    text = ("1st ed: Trash a Copper from your hand; if you do, +$3 (mandatory if you have a Copper). 2nd ed: "
            "You may trash a Copper from your hand for +$3 (optional). No Copper -> nothing.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if COPPER in s.hand[p]:
            if s.edition == 1:
                self._lend(s, p)
            else:
                s.stack.append([self.id, 0, p])

    def _lend(self, s: DominionState, p: int) -> None:
        trash_from_hand(s, p, COPPER)
        s.coins += 3

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a == YES:
            self._lend(s, f[2])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        copper = NAMES[COPPER]
        if a == YES:
            return Say("moneylender.yes", f"trash a {copper} for +$3", card=copper, n=3)
        return Say("moneylender.no", f"keep your {copper}", card=copper)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("moneylender.ask", f"Moneylender: trash a {NAMES[COPPER]} from your hand for +$3?",
                   card=self.name, card2=NAMES[COPPER], n=3)


@register
class Remodel(Card):
    name, cost, types, set, editions = "Remodel", 4, ACTION, "base", BOTH
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = ("Trash a card from your hand (mandatory if your hand is non-empty). Gain a card costing up to $2 "
            "more than the trashed card (mandatory if any exists; may be cheaper or the same card).")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        c = card_of(a)
        trash_from_hand(s, f[2], c)
        push_gain(s, f[2], cost(s, c) + 2)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("remodel.ask", "Remodel: trash a card from your hand", card=self.name)


@register
class Smithy(Card):
    name, cost, types, set, editions = "Smithy", 4, ACTION, "base", BOTH
    text = "+3 Cards."
    plus_cards = 3


@register
class Spy(Card):
    name, cost, types, set, editions = "Spy", 4, ACTION | ATTACK, "base", FIRST
    text = ("+1 Card, +1 Action. Each player, including you, reveals the top card of their deck (shuffling "
            "their discard if the deck is empty; nothing if both empty); you choose for each whether it is "
            "discarded or put back.")
    plus_cards, plus_actions = 1, 1
    TARGET: Field  # the seat whose revealed card is decided on (step 1)
    CARD: Field  # that card
    TO_REVEAL: Tail  # the seats still to reveal, in order

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, -1, -1, p, *victims(s, p)])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO] if f[1] else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        if len(f) == self.TO_REVEAL:
            s.stack.pop()
            return
        t = f.pop(self.TO_REVEAL)
        c = take_top(s, t)
        if c < 0:
            say(s, "reveal", t, f"{seat_name(t)} has no card to reveal", cards=[])
            return
        s.aside[t].append(c)
        f[1], f[self.TARGET], f[self.CARD] = 1, t, c
        say(s, "reveal", t, f"{seat_name(t)} revealed {NAMES[c]}", cards=[NAMES[c]])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        t, c = f[self.TARGET], f[self.CARD]
        s.aside[t].remove(c)
        if a == YES:
            discard(s, t, c)
            say(s, "discard", t, f"{seat_name(t)} discarded {NAMES[c]}", cards=[NAMES[c]])
        else:
            put_on_deck(s, t, c, True)
            say(s, "topdeck", t, f"{seat_name(t)} put {NAMES[c]} back onto their deck", cards=[NAMES[c]])
        f[1] = 0

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        t, c = f[self.TARGET], NAMES[f[self.CARD]]
        if a == YES:
            return Say("spy.yes", f"discard {seat_name(t)}'s {c}", seat=t, card=c)
        return Say("spy.no", f"put back {seat_name(t)}'s {c}", seat=t, card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:  # the card was revealed: every seat may read it
        t, c = f[self.TARGET], NAMES[f[self.CARD]]
        return Say("spy.ask", f"Spy: discard {seat_name(t)}'s {c} (yes) or put it back (no)?", card=self.name,
                   seat=t, card2=c)


@register
class Thief(Card):
    name, cost, types, set, editions = "Thief", 4, ACTION | ATTACK, "base", FIRST
    text = ("Each other player reveals the top 2 cards of their deck. If they revealed any Treasure cards, "
            "they trash one of them that you choose. You may gain any or all of the trashed Treasures. "
            "They discard the other revealed cards.")
    REVEAL, PICK, TAKE = 0, 1, 2
    VICTIM: Field  # the seat whose revealed cards are resolved (step PICK)
    TO_REVEAL: Field  # the mask of the seats still to reveal
    TRASHED: Tail  # the Treasures trashed, still to be gained

    def play(self, s: DominionState, p: int, first: bool) -> None:
        mask = sum(1 << v for v in victims(s, p))
        s.stack.append([self.id, self.REVEAL, p, -1, mask])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.PICK:
            return [CHOOSE(c) for c in distinct(s.aside[f[self.VICTIM]]) if IS_TREASURE[c]]
        if f[1] == self.TAKE and len(f) > self.TRASHED:
            return [CHOOSE(c) for c in distinct(f[self.TRASHED:])] + [DONE]
        return None

    def resume(self, s: DominionState, f: list[int]) -> None:
        mask = f[self.TO_REVEAL]
        if f[1] == self.TAKE or not mask:
            if f[1] == self.TAKE:
                s.stack.pop()
            f[1] = self.TAKE
            return
        v = next(v for v in others(s, f[2]) if mask >> v & 1)
        f[self.VICTIM], f[self.TO_REVEAL] = v, mask & ~(1 << v)
        shown = [c for c in (take_top(s, v), take_top(s, v)) if c >= 0]
        say(s, "reveal", v, f"{seat_name(v)} revealed {names(shown) or 'nothing'}", cards=[NAMES[c] for c in shown])
        s.aside[v].extend(shown)
        if any(IS_TREASURE[c] for c in shown):
            f[1] = self.PICK
        else:
            self._discard_rest(s, v)

    def _discard_rest(self, s: DominionState, v: int) -> None:
        to_pile(s, v, s.aside[v], True)
        s.aside[v].clear()

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        c = card_of(a) if a != DONE else -1
        if f[1] == self.PICK:
            v = f[self.VICTIM]
            s.aside[v].remove(c)
            trash(s, v, c)
            f.append(c)
            self._discard_rest(s, v)
            f[1] = self.REVEAL
        elif a == DONE:
            s.stack.pop()
        else:
            del f[f.index(c, self.TRASHED)]
            gain_from_trash(s, f[2], c)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == DONE:
            return Say("thief.done", "gain no more trashed Treasures")
        if f[1] == self.PICK:
            return trash_say(a)
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.PICK:
            v = f[self.VICTIM]
            return Say("thief.ask_pick", f"Thief: choose the Treasure {seat_name(v)} trashes", card=self.name, seat=v)
        return Say("thief.ask_gain", "Thief: gain any of the trashed Treasures", card=self.name)


@register
class ThroneRoom(Card):
    name, cost, types, set, editions = "Throne Room", 4, ACTION, "base", BOTH
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = ("1st ed: Choose an Action card in your hand; play it twice. 2nd ed: You may play an Action card "
            "from your hand twice. Playing it uses no extra Action. With no Action card in hand nothing "
            "happens.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        picks = [CHOOSE(c) for c in distinct(s.hand[f[2]]) if IS_ACTION[c]]
        if s.edition == 2:  # optional: asked with no Action card too, so that no question tells there is none
            return picks + [DONE]
        return picks or None  # mandatory: playing nothing shows there was no Action card

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a == DONE:
            return
        p, c = f[2], card_of(a)
        s.hand[p].remove(c)
        hand_left(s, p, c)
        s.play[p].append(c)
        s.throned += (self.id, c)  # it stays in play as long as a Duration it played does
        push_replay(s, p, c)
        play_card(s, p, c, True)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == DONE:
            return Say("throne_room.done", "play nothing twice")
        c = NAMES[card_of(a)]
        return Say("throne_room.play", f"play {c} twice", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("throne_room.ask", "Throne Room: choose an Action card to play twice", card=self.name)


@register
class CouncilRoom(Card):
    name, cost, types, set, editions = "Council Room", 5, ACTION, "base", BOTH
    text = "+4 Cards, +1 Buy. Each other player draws a card."
    plus_cards, plus_buys = 4, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in others(s, p):
            draw(s, v, 1)


@register
class Festival(Card):
    name, cost, types, set, editions = "Festival", 5, ACTION, "base", BOTH
    text = "+2 Actions, +1 Buy, +$2."
    plus_actions, plus_buys, plus_coins = 2, 1, 2


@register
class Laboratory(Card):
    name, cost, types, set, editions = "Laboratory", 5, ACTION, "base", BOTH
    text = "+2 Cards, +1 Action."
    plus_cards, plus_actions = 2, 1


@register
class Library(Card):
    name, cost, types, set, editions = "Library", 5, ACTION, "base", BOTH
    text = ("Draw until you have 7 cards in hand. As you draw each Action card you may set it aside (it does "
            "not count toward 7); discard the set-aside cards when done. Stops early if deck and discard are "
            "both exhausted.")

    #: every card drawn is a question (``no``, keep it, is the only answer for a non-Action): a pause
    #: only at Action cards would tell everyone what was drawn
    always_ask = True
    SET_ASIDE: Field  # how many Action cards were set aside
    DRAWN: Field  # how many cards were drawn into the hand

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, 0, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if not f[1]:
            return None
        return [YES, NO] if IS_ACTION[s.look[f[2]][-1]] else [NO]

    def resume(self, s: DominionState, f: list[int]) -> None:
        p = f[2]
        if len(s.hand[p]) < 7:
            c = take_top(s, p)
            if c >= 0:
                s.look[p].append(c)  # drawn, privately, until its owner decides
                f[1] = 1
                return
        s.stack.pop()
        drawn, k = f[self.DRAWN], f[self.SET_ASIDE]
        if drawn:
            say(s, "draw", p, f"{seat_name(p)} drew {drawn} card{'s' if drawn != 1 else ''}", count=drawn)
        if k:
            aside = s.aside[p]
            out = aside[-k:]
            del aside[-k:]
            to_pile(s, p, out, True)
            say(s, "discard", p, f"{seat_name(p)} discarded {names(out)}", cards=[NAMES[c] for c in out])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        c = s.look[p].pop()
        if a == YES:
            s.aside[p].append(c)
            f[self.SET_ASIDE] += 1
            say(s, "aside", p, f"{seat_name(p)} set aside {NAMES[c]}", cards=[NAMES[c]])
        else:
            s.hand[p].append(c)
            f[self.DRAWN] += 1
        f[1] = 0

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:  # the decider's own: the card is theirs to see
        if not s.look[f[2]]:
            return Say("library.yes_it", "set aside it") if a == YES else Say("library.no_it", "keep it")
        c = NAMES[s.look[f[2]][-1]]
        return Say("library.yes", f"set aside {c}", card=c) if a == YES else Say("library.no", f"keep {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if not s.look[f[2]]:
            return Say("library.ask_none", "Library", card=self.name)
        c = s.look[f[2]][-1]
        if IS_ACTION[c]:
            return Say("library.ask", f"Library: set aside the {NAMES[c]} you drew?", card=self.name, card2=NAMES[c])
        return Say("library.ask_keep", f"Library: you drew {NAMES[c]} (not an Action card): keep it",
                   card=self.name, card2=NAMES[c])

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("library.public", f"Library: {seat_name(f[2])} looks at the card drawn", card=self.name, seat=f[2])


@register
class Market(Card):
    name, cost, types, set, editions = "Market", 5, ACTION, "base", BOTH
    text = "+1 Card, +1 Action, +1 Buy, +$1."
    plus_cards, plus_actions, plus_buys, plus_coins = 1, 1, 1, 1


@register
class Mine(Card):
    name, cost, types, set, editions = "Mine", 5, ACTION, "base", BOTH
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = ("1st ed: Trash a Treasure from your hand; gain a Treasure costing up to $3 more than it and put it "
            "into your hand. 2nd ed: You may trash a Treasure from your hand; if you do, gain a Treasure to "
            "your hand costing up to $3 more. The gained Treasure can be played this turn.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        picks = [CHOOSE(c) for c in distinct(s.hand[f[2]]) if IS_TREASURE[c]]
        if s.edition == 2:  # optional: asked with no Treasure too, so that no question tells there is none
            return picks + [DONE]
        return picks or None  # mandatory: trashing nothing shows there was no Treasure

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a != DONE:
            c = card_of(a)
            trash_from_hand(s, f[2], c)
            push_gain(s, f[2], cost(s, c) + 3, TREASURE, TO_HAND)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return Say("mine.done", "trash nothing") if a == DONE else trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("mine.ask", "Mine: trash a Treasure from your hand", card=self.name)


@register
class Witch(Card):
    name, cost, types, set, editions = "Witch", 5, ACTION | ATTACK, "base", BOTH
    curses = True
    text = ("+2 Cards. Each other player gains a Curse (to their discard pile), in turn order starting left "
            "of you; if the Curse pile runs out, later players gain none.")
    plus_cards = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in victims(s, p):
            gain(s, v, CURSE_ID)


@register
class Adventurer(Card):
    name, cost, types, set, editions = "Adventurer", 6, ACTION, "base", FIRST
    text = ("Reveal cards from your deck one at a time until you reveal 2 Treasure cards; put those Treasures "
            "into your hand and discard the other revealed cards (revealed cards are set aside while "
            "revealing, so they are not shuffled in). If you run out of cards you keep whatever Treasures "
            "were found.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        shown: list[int] = []
        found = 0
        while found < 2:
            c = take_top(s, p)
            if c < 0:
                break
            shown.append(c)
            s.aside[p].append(c)
            found += IS_TREASURE[c]
        say(s, "reveal", p, f"{seat_name(p)} revealed {names(shown) or 'nothing'}", cards=[NAMES[c] for c in shown])
        aside = s.aside[p]
        del aside[len(aside) - len(shown):]
        found_cards = [c for c in shown if IS_TREASURE[c]]
        s.hand[p] += found_cards
        s.hpub[p] = (*s.hpub[p], *found_cards)
        to_pile(s, p, [c for c in shown if not IS_TREASURE[c]], True)
