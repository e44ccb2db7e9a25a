"""Dominion: Seaside, both editions (35 kingdom cards: 26 in the first edition, 27 in the second, 18 in both).

Embargo, Native Village, Pearl Diver, Ambassador, Lookout, Sea Chart, Smugglers,
Warehouse, Cutpurse, Island, Salvager and Bazaar.

Embargo, Pearl Diver and Ambassador are first-edition cards, Sea Chart a second-edition one; the rest are in both
printings with the same effect. The mats and tokens are the state's: ``s.embargo`` (tokens by card id, the engine
gives the Curses on a buy), ``s.nvmat`` (Native Village, seen by its owner only), ``s.island`` (public) and
``s.bottom`` (cards only their owner knows at the bottom of the deck: Pearl Diver).
Frames: ``[card id, step, deciding seat, ...]`` and then the fields each card declares (``Field``), read by name;
see ``cards/card.py``.

Haven, Lighthouse, Astrolabe, Fishing Village, Caravan, Navigator, Pirate Ship,
Sea Hag, Treasure Map, Explorer, Ghost Ship, Merchant Ship, Tactician, Treasury and Wharf.

Most are Durations: a play whose effect waits for the next turn calls ``zones.stay`` and the card's ``duration``
runs at the start of its owner's next turn, once per such play (the engine keeps the card in play, with a Throne
Room that played it, until that turn's Clean-up). A play that will do nothing more does not call it and leaves at
this turn's Clean-up: a Haven that set nothing aside, a Tactician that discarded nothing.

Information: Haven's card waits face down in ``s.held`` (its owner's only); Navigator's five cards are looked at
in ``s.look`` (private) and put back face down; Pirate Ship's and Sea Hag's cards are revealed or discarded face
up. A question whose coming would tell the others what a hidden zone holds is always asked (Haven, Navigator's
order, Explorer, Ghost Ship).

Frames: ``[card id, step, deciding seat, ...]`` then the fields each card declares (``Field``, ``Tail``).

The Durations that reach outside their own turn: Monkey, Blockade, Sailor, Tide Pools,
Corsair, Outpost, Pirate and Sea Witch (all second edition but Outpost, which is in both).

Each play whose effect waits for the next turn calls ``zones.stay`` and writes its next-turn part in
``duration`` (the engine keeps the card, and a Throne Room that played it, in play until the Clean-up of that
turn). What happens in between is kept in the state's expansion fields:

- Monkey: ``s.monkey[p]`` counts the Monkeys ``p`` played that watch the seat on its right; ``on_gain`` draws
  that many cards per card that seat gains; the first Monkey to act at ``p``'s next turn ends the watch.
- Blockade: the card gained sits face up in ``s.shown[p]`` (the only card that puts cards there); ``on_gain``
  gives the Curses.
- Sailor: its once-a-turn play of a gained Duration is a question pushed from ``on_gain``; the uses made this
  turn are counted in private bits of ``s.flags`` (``_SAILOR_USES``), which the Clean-up clears.
- Corsair: ``s.corsair`` (the engine's ``play_treasure`` trashes the others' first Silver or Gold).
- Outpost: ``s.outpost`` and ``OUTPOST_PLAYED`` (the engine gives the extra turn and its hand of 3).
- Pirate: its Reaction is a question pushed from ``on_gain`` to every owner of a Pirate; one played on another
  seat's turn goes into its owner's play area.

Rulings chosen where the texts are silent (see each card): Blockade's Curses and Corsair's trashing read the
seats an Attack affects as far as the state can hold them (see ``Blockade`` and ``Corsair``); Sailor's "once"
is used by playing a card, not by declining; a Blockaded Curse makes each Curse another seat gains on its turn
bring one more (read literally: until the pile is empty); a card gained by another card's effect is offered to Sailor
and Pirate once that effect has pushed its own questions (the gain's questions wait under them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realms.games.dominion.cards.basic import COPPER, CURSE_ID, GOLD, PROVINCE, SILVER
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CHOOSE,
    DONE,
    DURATION,
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
    card_of,
    discard_say,
    register,
    topdeck_say,
    trash_say,
)
from realms.games.dominion.frames import gainable, play_card, push_gain, resolve
from realms.games.dominion.zones import (
    BOUGHT_VICTORY,
    GAINED_VICTORY_IN_BUY,
    OUTPOST_PLAYED,
    OWN,
    UNSEEN,
    below,
    cost,
    discard,
    distinct,
    draw,
    flush_discards,
    gain,
    hand_known,
    hand_left,
    names,
    others,
    picks,
    put_on_deck,
    reshuffle,
    say,
    seat_name,
    stage_discard,
    stay,
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



def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def top_card(s: DominionState, p: int) -> int:
    """``zones.take_top``, minding the cards known at the bottom of the deck (``s.bottom``): with the rest of the
    deck gone they are the deck, in their order. (``take_top`` reshuffles them in but then picks one at random,
    leaving ``s.top`` longer than the deck: the shared primitive should take the top one.)"""
    if not s.deck[p] and s.bottom[p]:
        reshuffle(s, p)
    return take_top(s, p)


def return_to_supply(s: DominionState, p: int, c: int) -> None:
    """``p`` returns ``c`` from their hand to its Supply pile, for all to see (Ambassador): it is no longer theirs,
    and an empty pile is empty no more. (The shared zones have no such primitive yet.)"""
    s.hand[p].remove(c)
    hand_left(s, p, c)
    s.owned[p][c] -= 1
    if not s.supply[c]:
        s.empty -= 1
        s.gone &= ~(1 << c)
    s.supply[c] += 1
    say(s, "return", p, f"{seat_name(p)} returned {NAMES[c]} to the Supply", cards=[NAMES[c]])


@register
class Embargo(Card):
    name, cost, types, set, editions = "Embargo", 2, ACTION, "seaside", FIRST
    text = ("+$2. Trash this card; if you do, put an Embargo token on a Supply pile of your choice (tokens stay "
            "for the whole game; whoever buys a card from a pile gains a Curse per token on it). Played twice "
            "by Throne Room: +$4 and one token.")
    plus_coins = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if first and self.id in s.play[p]:
            s.play[p].remove(self.id)
            trash(s, p, self.id)
            s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in s.piles]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        c = card_of(a)
        s.embargo = s.embargo[:c] + (s.embargo[c] + 1,) + s.embargo[c + 1:]
        say(s, "embargo", f[2], f"{seat_name(f[2])} put an Embargo token on the {NAMES[c]} pile", card=NAMES[c],
            tokens=s.embargo[c])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("embargo.pile", f"put an Embargo token on the {c} pile", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("embargo.ask", "Embargo: choose a Supply pile for the Embargo token", card=self.name)


@register
class NativeVillage(Card):
    name, cost, types, set, editions = "Native Village", 2, ACTION, "seaside", BOTH
    text = ("+2 Actions. Choose one: put the top card of your deck face down on your Native Village mat (only you "
            "may look at it; the others see how many cards are there), or put every card from the mat into your "
            "hand. Cards on the mat are still yours and count at game end.")
    plus_actions = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p = f[2]
        mat = s.nvmat[p]
        if a == YES:
            c = top_card(s, p)
            if c < 0:
                say(s, "native_village", p, f"{seat_name(p)} had no card to put on their Native Village mat",
                    count=len(mat), moved=0)
                return
            mat.append(c)
            say(s, "native_village", p, f"{seat_name(p)} put a card on their Native Village mat ({len(mat)} there)",
                count=len(mat), moved=1)
        else:
            k = len(mat)
            s.hand[p] += mat
            s.nvmat[p] = []
            say(s, "native_village", p, f"{seat_name(p)} took {_plural(k, 'card')} from their Native Village mat "
                "into their hand", count=0, moved=-k)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("native_village.yes", f"put your top card on your {self.name} mat", card=self.name)
        n = len(s.nvmat[f[2]])
        return Say("native_village.no", f"take the {_plural(n, 'card')} from your mat into your hand", n=n)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("native_village.ask", "Native Village: put your top card on your mat (yes) or take the cards "
                   "from your mat into your hand (no)?", card=self.name)


@register
class PearlDiver(Card):
    name, cost, types, set, editions = "Pearl Diver", 2, ACTION, "seaside", FIRST
    text = ("+1 Card, +1 Action. Look at the bottom card of your deck (shuffling your discard pile first if the "
            "deck is empty); you may put it on top of your deck. Only you see it.")
    plus_cards, plus_actions = 1, 1
    # where the card looked at (waiting on top of s.look[p]) came from: the unordered part of the deck, the cards
    # already known at the bottom (s.bottom), or the deepest of the deck's known top cards (with its flag)
    FREE, KNOWN_BOTTOM, KNOWN_TOP = 0, 1, 2
    ORIGIN: Field
    FLAG: Field  # the s.top flag of a KNOWN_TOP card

    def play(self, s: DominionState, p: int, first: bool) -> None:
        bottom, flag = s.bottom[p], 0
        if bottom:
            origin, c = self.KNOWN_BOTTOM, bottom.pop(0)
        else:
            if not s.deck[p] and not reshuffle(s, p):
                return
            deck, top = s.deck[p], s.top[p]
            free = len(deck) - len(top)
            if free:  # the deck is unordered below its known top cards: any of them is equally the bottom one
                origin, c = self.FREE, deck.pop(below(s, free))
            else:
                origin, c, flag = self.KNOWN_TOP, deck.pop(0), top.pop(0)
                flag = OWN if flag == UNSEEN else flag  # looked at: its owner knows it now
        s.look[p].append(c)
        say(s, "look", p, f"{seat_name(p)} looked at the bottom card of their deck", count=1)
        s.stack.append([self.id, 0, p, origin, flag])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p = f[2]
        c = s.look[p].pop()
        if a == YES:
            put_on_deck(s, p, c, False)
            say(s, "topdeck", p, f"{seat_name(p)} put the bottom card of their deck on top", count=1)
        elif f[self.ORIGIN] == self.KNOWN_TOP:
            s.deck[p].insert(0, c)
            s.top[p].insert(0, f[self.FLAG])
        else:
            s.bottom[p].insert(0, c)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[s.look[f[2]][-1]]
        if a == YES:
            return Say("pearl_diver.yes", f"put {c} on top of your deck", card=c)
        return Say("pearl_diver.no", f"leave {c} at the bottom of your deck", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        c = NAMES[s.look[f[2]][-1]]
        return Say("pearl_diver.ask", f"Pearl Diver: put {c}, the bottom card of your deck, on top?",
                   card=self.name, card2=c)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("pearl_diver.public", f"Pearl Diver: {seat_name(f[2])} looks at the bottom card of their deck",
                   card=self.name, seat=f[2])


@register
class Ambassador(Card):
    name, cost, types, set, editions = "Ambassador", 3, ACTION | ATTACK, "seaside", FIRST
    text = ("Reveal a card from your hand. Return up to 2 copies of it from your hand to its Supply pile. Then "
            "each other player, in turn order, gains a copy of it (while the pile lasts). An empty hand: nothing "
            "happens.")
    REVEAL, RETURN = 0, 1
    LIMIT = 2
    CARD: Field  # the card revealed
    RETURNED: Field  # how many copies went back
    VICTIMS: Field  # the mask of the seats the Attack affects (fixed when it is played)

    #: the question comes even with one answer: that it does not would tell the others what the hand holds
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, self.REVEAL, p, -1, 0, sum(1 << v for v in victims(s, p))])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        if f[1] == self.REVEAL:
            return [CHOOSE(c) for c in distinct(hand) if c in s.piles] or None
        if f[self.RETURNED] >= self.LIMIT:
            return None
        c = f[self.CARD]
        return [CHOOSE(c), DONE] if c in hand else [DONE]

    def resume(self, s: DominionState, f: list[int]) -> None:
        if f[1] == self.REVEAL:  # nothing to reveal
            s.stack.pop()
        else:
            self._finish(s, f)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.REVEAL:
            c = card_of(a)
            hand_known(s, p, c, False)
            say(s, "reveal", p, f"{seat_name(p)} revealed {NAMES[c]}", cards=[NAMES[c]])
            f[1], f[self.CARD] = self.RETURN, c
        elif a == DONE:
            self._finish(s, f)
        else:
            return_to_supply(s, p, f[self.CARD])
            f[self.RETURNED] += 1

    def _finish(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        mask, c = f[self.VICTIMS], f[self.CARD]
        for v in others(s, f[2]):
            if mask >> v & 1:
                gain(s, v, c)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.REVEAL:
            c = NAMES[card_of(a)]
            return Say("reveal", f"reveal {c}", card=c)
        if a == DONE:
            return Say("ambassador.done", "return no more")
        c = NAMES[card_of(a)]
        return Say("ambassador.return", f"return a {c} to the Supply", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.REVEAL:
            return Say("ambassador.ask", "Ambassador: reveal a card from your hand", card=self.name)
        n, c = self.LIMIT - f[self.RETURNED], NAMES[f[self.CARD]]
        return Say("ambassador.ask_return", f"Ambassador: return up to {n} more {c} to the Supply", card=self.name,
                   card2=c, n=n)


@register
class Lookout(Card):
    name, cost, types, set, editions = "Lookout", 3, ACTION, "seaside", BOTH
    text = ("+1 Action. Look at the top 3 cards of your deck. Trash one of them, discard one of them and put the "
            "other back on top. With fewer cards: trash first, then discard.")
    plus_actions = 1
    TRASH, DISCARD = 0, 1
    BASE: Field  # the cards looked at are s.look[p][BASE:]

    #: which cards were seen is private: a question that comes only when they differ would tell
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        base = len(s.look[p])
        seen = [c for c in (top_card(s, p), top_card(s, p), top_card(s, p)) if c >= 0]
        s.look[p] += seen
        say(s, "look", p, f"{seat_name(p)} looked at the top {_plural(len(seen), 'card')} of their deck",
            count=len(seen))
        s.stack.append([self.id, self.TRASH, p, base])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        rest = s.look[f[2]][f[self.BASE]:]
        if len(rest) >= 2 and (f[1] == self.TRASH or len(rest) == 2):
            return picks(rest)
        return None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        p = f[2]
        look = s.look[p]
        if len(look) > f[self.BASE]:  # a last card, nothing to choose: trash it, or discard it
            c = look.pop()
            if f[1] == self.TRASH:
                trash(s, p, c)
            else:
                self._discard(s, p, c)

    def _discard(self, s: DominionState, p: int, c: int) -> None:
        discard(s, p, c)
        say(s, "discard", p, f"{seat_name(p)} discarded {NAMES[c]}", cards=[NAMES[c]])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p, c = f[2], card_of(a)
        look = s.look[p]
        del look[look.index(c, f[self.BASE])]
        if f[1] == self.TRASH:
            trash(s, p, c)
            f[1] = self.DISCARD
            return
        self._discard(s, p, c)
        s.stack.pop()
        back = look.pop()
        put_on_deck(s, p, back, False)
        say(s, "topdeck", p, f"{seat_name(p)} put 1 card back onto their deck", count=1)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return trash_say(a) if f[1] == self.TRASH else discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.TRASH:
            return Say("lookout.ask_trash", "Lookout: trash one of the cards you looked at", card=self.name)
        return Say("lookout.ask_discard", "Lookout: discard one of the two cards left; the other goes back on your "
                   "deck", card=self.name)


@register
class SeaChart(Card):
    name, cost, types, set, editions = "Sea Chart", 3, ACTION, "seaside", SECOND
    text = ("+1 Card, +1 Action. Reveal the top card of your deck. If you have a copy of it in play (Durations "
            "from your last turn included), put it into your hand; otherwise it goes back on top.")
    plus_cards, plus_actions = 1, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        c = top_card(s, p)
        if c < 0:
            say(s, "reveal", p, f"{seat_name(p)} has no card to reveal", cards=[])
            return
        say(s, "reveal", p, f"{seat_name(p)} revealed {NAMES[c]}", cards=[NAMES[c]])
        if c in s.play[p]:
            s.hand[p].append(c)
            hand_known(s, p, c, True)
            say(s, "sea_chart", p, f"{seat_name(p)} put {NAMES[c]} into their hand", cards=[NAMES[c]])
        else:
            put_on_deck(s, p, c, True)


@register
class Smugglers(Card):
    name, cost, types, set, editions = "Smugglers", 3, ACTION, "seaside", BOTH
    text = ("Gain a copy of a card costing up to $6 that the player on your right gained during their last turn "
            "(your choice if several; nothing if none is left in the Supply).")
    LIMIT = 6

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def _right(self, s: DominionState, p: int) -> int:
        return (p - 1) % s.players

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        right = self._right(s, f[2])
        if right == f[2]:  # alone: no player on the right
            return None
        return [CHOOSE(c) for c in distinct(s.gains[right]) if s.supply[c] and cost(s, c) <= self.LIMIT] or None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        say(s, "gain", f[2], f"{seat_name(f[2])} gained nothing (no card to smuggle)", card=None, up_to=self.LIMIT)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        gain(s, f[2], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        right = self._right(s, f[2])
        return Say("smugglers.ask", f"Smugglers: gain a card {seat_name(right)} gained on their last turn",
                   card=self.name, seat=right)


@register
class Warehouse(Card):
    name, cost, types, set, editions = "Warehouse", 3, ACTION, "seaside", BOTH
    text = "+3 Cards, +1 Action. Discard 3 cards (your whole hand if you have fewer)."
    plus_cards, plus_actions = 3, 1
    LIMIT = 3
    BASE: Field  # the picks wait in s.look[p][BASE:]
    LEFT: Field  # how many are still to discard

    #: a hand of one kind would otherwise discard without a question, telling the others what it held
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, len(s.look[p]), self.LIMIT])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        return picks(hand) if f[self.LEFT] and hand else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        flush_discards(s, f[2], f[self.BASE])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        stage_discard(s, f[2], card_of(a))
        f[self.LEFT] -= 1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = min(f[self.LEFT], len(s.hand[f[2]]))
        return Say("warehouse.ask", f"Warehouse: discard {_plural(n, 'more card')}", card=self.name, n=n)


@register
class Cutpurse(Card):
    name, cost, types, set, editions = "Cutpurse", 4, ACTION | ATTACK, "seaside", BOTH
    text = "+$2. Each other player discards a Copper from their hand, or reveals a hand with no Copper."
    plus_coins = 2

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in victims(s, p):
            hand = s.hand[v]
            if COPPER in hand:
                hand.remove(COPPER)
                hand_left(s, v, COPPER)
                discard(s, v, COPPER)
                say(s, "discard", v, f"{seat_name(v)} discarded {NAMES[COPPER]}", cards=[NAMES[COPPER]])
            else:
                s.hpub[v] = tuple(hand)  # the whole hand was revealed
                shown = names(hand) or "nothing"
                say(s, "reveal", v, f"{seat_name(v)} revealed a hand with no {NAMES[COPPER]}: {shown}",
                    cards=[NAMES[c] for c in hand])


@register
class Island(Card):
    name, cost, types, set, editions = "Island", 4, ACTION | VICTORY, "seaside", BOTH
    text = ("Put this and a card from your hand onto your Island mat (face up; they stay there, out of your deck, "
            "until the game ends and still count as yours). Worth 2 VP. Played twice by Throne Room, the second "
            "play moves only a card from your hand.")
    vp = 2

    #: a hand of one kind would otherwise go without a question, telling the others what it held
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if first and self.id in s.play[p]:
            s.play[p].remove(self.id)
            s.island[p].append(self.id)
            say(s, "island", p, f"{seat_name(p)} put {self.name} on their Island mat", cards=[self.name])
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], card_of(a)
        s.hand[p].remove(c)
        hand_left(s, p, c)
        s.island[p].append(c)
        say(s, "island", p, f"{seat_name(p)} put {NAMES[c]} on their Island mat", cards=[NAMES[c]])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("island.put", f"put {c} on your Island mat", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("island.ask", "Island: put a card from your hand onto your Island mat", card=self.name)


@register
class Salvager(Card):
    name, cost, types, set, editions = "Salvager", 4, ACTION, "seaside", BOTH
    text = "+1 Buy. Trash a card from your hand (if you have one); +$ equal to its cost (as it costs now)."
    plus_buys = 1

    #: a hand of one kind would otherwise go without a question, telling the others what it held
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        c = card_of(a)
        k = cost(s, c)
        trash_from_hand(s, f[2], c)
        s.coins += k

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = card_of(a)
        k = cost(s, c)
        return Say("salvager.trash", f"trash {NAMES[c]} for +${k}", card=NAMES[c], n=k)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("salvager.ask", "Salvager: trash a card from your hand for +$ equal to its cost", card=self.name)


@register
class Bazaar(Card):
    name, cost, types, set, editions = "Bazaar", 5, ACTION, "seaside", BOTH
    text = "+1 Card, +2 Actions, +$1."
    plus_cards, plus_actions, plus_coins = 1, 2, 1


BOTH, FIRST, SECOND = (1, 2), (1,), (2,)


SET = "seaside"


@register
class Haven(Card):
    name, cost, types, set, editions = "Haven", 2, ACTION | DURATION, SET, BOTH
    text = ("+1 Card, +1 Action. Set aside a card from your hand face down (mandatory if you have one). At the "
            "start of your next turn, put it into your hand.")
    plus_cards, plus_actions = 1, 1
    #: a hand of one kind of card is asked too: no question would tell the others what the hand holds
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return picks(s.hand[f[2]]) or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], card_of(a)
        s.hand[p].remove(c)
        s.hpub[p] = ()  # which card went is not public
        s.held[p].append(c)
        stay(s, p, self.id)
        say(s, "held", p, f"{seat_name(p)} set aside a card face down", count=1)

    def duration(self, s: DominionState, p: int) -> None:
        held = s.held[p]
        if held:
            s.hand[p].append(held.pop())
            say(s, "held_back", p, f"{seat_name(p)} put the card set aside with {self.name} into their hand",
                card=self.name)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("haven.set_aside", f"set aside {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("haven.ask", f"{self.name}: set aside a card from your hand face down until your next turn",
                   card=self.name)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("haven.public", f"{self.name}: {seat_name(f[2])} sets aside a card face down", card=self.name,
                   seat=f[2])


@register
class Lighthouse(Card):
    name, cost, types, set, editions = "Lighthouse", 2, ACTION | DURATION, SET, BOTH
    text = ("+1 Action, +$1. At the start of your next turn: +$1. Until then, when another player plays an Attack "
            "card, it does not affect you.")
    plus_actions, plus_coins = 1, 1
    next_coins = 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.shield |= 1 << p
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        s.shield &= ~(1 << p)


@register
class Astrolabe(Card):
    name, cost, types, set, editions = "Astrolabe", 3, TREASURE | DURATION, SET, SECOND
    text = "Worth $1, +1 Buy. At the start of your next turn: +$1, +1 Buy."
    coins, plus_buys = 1, 1
    next_coins, next_buys = 1, 1


@register
class FishingVillage(Card):
    name, cost, types, set, editions = "Fishing Village", 3, ACTION | DURATION, SET, BOTH
    text = "+2 Actions, +$1. At the start of your next turn: +1 Action, +$1."
    plus_actions, plus_coins = 2, 1
    next_actions, next_coins = 1, 1


@register
class Caravan(Card):
    name, cost, types, set, editions = "Caravan", 4, ACTION | DURATION, SET, BOTH
    text = "+1 Card, +1 Action. At the start of your next turn: +1 Card."
    plus_cards, plus_actions = 1, 1
    next_cards = 1


@register
class Navigator(Card):
    name, cost, types, set, editions = "Navigator", 4, ACTION, SET, FIRST
    text = ("+$2. Look at the top 5 cards of your deck. Either discard all of them, or put them back on your deck "
            "in any order.")
    plus_coins = 2
    CHOOSE_MODE, ORDER = 0, 1
    #: the order is asked card by card even where the cards are alike: the number of questions must not tell the
    #: others what the five are
    always_ask = True
    BASE: Field  # the cards looked at are s.look[p][f[BASE]:]
    PICKED: Field  # how many of them are chosen to go back: the first ones there, top first

    def play(self, s: DominionState, p: int, first: bool) -> None:
        seen = []
        for _ in range(5):
            c = take_top(s, p)
            if c < 0:
                break
            seen.append(c)
        if not seen:
            return
        base = len(s.look[p])
        s.look[p].extend(seen)
        k = len(seen)
        say(s, "look", p, f"{seat_name(p)} looked at the top {k} card{'s' if k != 1 else ''} of their deck", count=k)
        s.stack.append([self.id, self.CHOOSE_MODE, p, base, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.CHOOSE_MODE:
            return [YES, NO]
        left = s.look[f[2]][f[self.BASE] + f[self.PICKED]:]
        return picks(left) if len(left) > 1 else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        p, base = f[2], f[self.BASE]
        look = s.look[p]
        order = look[base:]  # top first
        del look[base:]
        for c in reversed(order):
            put_on_deck(s, p, c, False)
        k = len(order)
        say(s, "topdeck", p, f"{seat_name(p)} put {k} card{'s' if k != 1 else ''} back onto their deck", count=k)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.CHOOSE_MODE:
            if a == YES:
                s.stack.pop()
                flush_discards(s, p, f[self.BASE])
            else:
                f[1] = self.ORDER
            return
        look = s.look[p]
        k = f[self.BASE] + f[self.PICKED]
        look.insert(k, look.pop(look.index(card_of(a), k)))
        f[self.PICKED] += 1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.CHOOSE_MODE:
            if a == YES:
                return Say("navigator.yes", "discard them all")
            return Say("navigator.no", "put them back in any order")
        c = NAMES[card_of(a)]
        return Say("navigator.next", f"put {c} back next", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.CHOOSE_MODE:
            n = len(s.look[f[2]]) - f[self.BASE]
            return Say("navigator.ask", f"{self.name}: discard the {n} card{'s' if n != 1 else ''} you looked at "
                       f"(yes) or put {'them' if n != 1 else 'it'} back (no)?", card=self.name, n=n)
        return Say("navigator.ask_order", f"{self.name}: choose the card to put back next, from the top down",
                   card=self.name)


@register
class PirateShip(Card):
    name, cost, types, set, editions = "Pirate Ship", 4, ACTION | ATTACK, SET, FIRST
    text = ("Choose one: each other player reveals the top 2 cards of their deck, trashes a revealed Treasure "
            "that you choose and discards the rest, and if anyone trashed a Treasure you take a coin token onto "
            "your Pirate Ship mat; or +$1 per coin token on your mat.")
    CHOOSE_MODE, REVEAL, PICK = 0, 1, 2
    VICTIM: Field  # the seat whose revealed cards are resolved (step PICK)
    TO_REVEAL: Field  # the mask of the seats still to reveal
    HIT: Field  # whether a Treasure was trashed by this play
    SHOWN: Field  # how many cards the victim revealed (the last ones in its s.aside)

    def play(self, s: DominionState, p: int, first: bool) -> None:
        mask = sum(1 << v for v in victims(s, p))
        s.stack.append([self.id, self.CHOOSE_MODE, p, -1, mask, 0, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == self.CHOOSE_MODE:
            return [YES, NO]
        if f[1] == self.PICK:
            aside = s.aside[f[self.VICTIM]]
            return picks([c for c in aside[len(aside) - f[self.SHOWN]:] if IS_TREASURE[c]])
        return None

    def resume(self, s: DominionState, f: list[int]) -> None:
        p, mask = f[2], f[self.TO_REVEAL]
        if not mask:
            s.stack.pop()
            if f[self.HIT]:
                s.pcoins[p] += 1
                say(s, "token", p, f"{seat_name(p)} took a coin token onto their {self.name} mat ({s.pcoins[p]} now)",
                    card=self.name, count=s.pcoins[p])
            return
        v = next(v for v in others(s, p) if mask >> v & 1)
        f[self.VICTIM], f[self.TO_REVEAL] = v, mask & ~(1 << v)
        shown = [c for c in (take_top(s, v), take_top(s, v)) if c >= 0]
        say(s, "reveal", v, f"{seat_name(v)} revealed {names(shown) or 'nothing'}", cards=[NAMES[c] for c in shown])
        s.aside[v].extend(shown)
        f[self.SHOWN] = len(shown)
        if any(IS_TREASURE[c] for c in shown):
            f[1] = self.PICK
        else:
            self._discard_rest(s, v, len(shown))

    def _discard_rest(self, s: DominionState, v: int, k: int) -> None:
        aside = s.aside[v]
        rest = aside[len(aside) - k:]
        del aside[len(aside) - k:]
        if rest:
            to_pile(s, v, rest, True)
            say(s, "discard", v, f"{seat_name(v)} discarded {names(rest)}", cards=[NAMES[c] for c in rest])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.CHOOSE_MODE:
            if a == YES:
                f[1] = self.REVEAL
            else:
                s.stack.pop()
                s.coins += s.pcoins[p]
            return
        v, c = f[self.VICTIM], card_of(a)
        aside = s.aside[v]
        del aside[len(aside) - 1 - aside[::-1].index(c)]  # among the revealed cards, the last ones set aside
        trash(s, v, c)
        f[self.HIT] = 1
        self._discard_rest(s, v, f[self.SHOWN] - 1)
        f[1] = self.REVEAL

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.CHOOSE_MODE:
            if a == YES:
                return Say("pirate_ship.yes", "attack: each other player reveals 2 cards and trashes a Treasure")
            n = s.pcoins[f[2]]
            return Say("pirate_ship.no", f"+${n} (your coin tokens)", n=n)
        return trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.PICK:
            v = f[self.VICTIM]
            return Say("thief.ask_pick", f"{self.name}: choose the Treasure {seat_name(v)} trashes", card=self.name,
                       seat=v)
        n = s.pcoins[f[2]]
        return Say("pirate_ship.ask", f"{self.name}: attack (yes) or +${n} from your coin tokens (no)?",
                   card=self.name, n=n)


@register
class SeaHag(Card):
    name, cost, types, set, editions = "Sea Hag", 4, ACTION | ATTACK, SET, FIRST
    curses = True
    text = ("Each other player discards the top card of their deck, then gains a Curse onto their deck (nothing if "
            "the Curse pile is empty).")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in victims(s, p):
            c = take_top(s, v)
            if c >= 0:
                discard(s, v, c)
                say(s, "discard", v, f"{seat_name(v)} discarded {NAMES[c]}", cards=[NAMES[c]])
            gain(s, v, CURSE_ID, TO_DECK)


@register
class TreasureMap(Card):
    name, cost, types, set, editions = "Treasure Map", 4, ACTION, SET, BOTH
    text = ("Trash this and another Treasure Map from your hand. If you trashed two Treasure Maps, gain 4 Golds "
            "onto your deck (as many as are left).")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        trashed = 0
        if first and self.id in s.play[p]:
            s.play[p].remove(self.id)
            trash(s, p, self.id)
            trashed += 1
        if self.id in s.hand[p]:
            trash_from_hand(s, p, self.id)
            trashed += 1
        if trashed == 2:
            for _ in range(4):
                if not gain(s, p, GOLD, TO_DECK):
                    break


@register
class Explorer(Card):
    name, cost, types, set, editions = "Explorer", 5, ACTION, SET, FIRST
    text = ("You may reveal a Province from your hand. If you do, gain a Gold to your hand; if you don't, gain a "
            "Silver to your hand.")
    #: asked with no Province in hand too (``no`` alone): the question must not tell the others whether one is held
    always_ask = True

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO] if PROVINCE in s.hand[f[2]] else [NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p = f[2]
        if a == YES:
            hand_known(s, p, PROVINCE, False)
            say(s, "reveal", p, f"{seat_name(p)} revealed {NAMES[PROVINCE]}", cards=[NAMES[PROVINCE]])
            gain(s, p, GOLD, TO_HAND)
        else:
            gain(s, p, SILVER, TO_HAND)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("explorer.yes", f"reveal {NAMES[PROVINCE]} and gain {NAMES[GOLD]}", card=NAMES[PROVINCE],
                       card2=NAMES[GOLD])
        return Say("explorer.no", f"gain {NAMES[SILVER]}", card=NAMES[SILVER])

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if PROVINCE in s.hand[f[2]]:
            return Say("explorer.ask", f"{self.name}: reveal {NAMES[PROVINCE]} to gain {NAMES[GOLD]} to your hand "
                       f"(no: gain {NAMES[SILVER]})?", card=self.name, card2=NAMES[PROVINCE], card3=NAMES[GOLD],
                       card4=NAMES[SILVER])
        return Say("explorer.none", f"{self.name}: no {NAMES[PROVINCE]} in hand; gain {NAMES[SILVER]} to your hand",
                   card=self.name, card2=NAMES[PROVINCE], card3=NAMES[SILVER])

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("explorer.public", f"{self.name}: {seat_name(f[2])} may reveal {NAMES[PROVINCE]}",
                   card=self.name, seat=f[2], card2=NAMES[PROVINCE])


@register
class GhostShip(Card):
    name, cost, types, set, editions = "Ghost Ship", 5, ACTION | ATTACK, SET, FIRST
    text = ("+2 Cards. Each other player with 4 or more cards in hand puts cards from their hand onto their deck "
            "until they have 3 cards in hand.")
    plus_cards = 2
    #: each card to put back is asked, even from a hand of one kind: no question would tell what the hand holds
    always_ask = True
    KEEP = 3

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in reversed(victims(s, p)):
            if len(s.hand[v]) > self.KEEP:
                s.stack.append([self.id, 0, v])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        return picks(hand) if len(hand) > self.KEEP else None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        topdeck_from_hand(s, f[2], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return topdeck_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = len(s.hand[f[2]]) - self.KEEP
        return Say("ghost_ship.ask", f"{self.name}: {seat_name(f[2])} puts {n} more card{'s' if n != 1 else ''} "
                   f"from hand onto their deck", card=self.name, seat=f[2], n=n)


@register
class MerchantShip(Card):
    name, cost, types, set, editions = "Merchant Ship", 5, ACTION | DURATION, SET, BOTH
    text = "+$2. At the start of your next turn: +$2."
    plus_coins = 2
    next_coins = 2


@register
class Tactician(Card):
    name, cost, types, set, editions = "Tactician", 5, ACTION | DURATION, SET, BOTH
    text = ("If you have any cards in hand, discard them all, and at the start of your next turn: +5 Cards, "
            "+1 Action, +1 Buy. With an empty hand it does nothing.")
    next_cards, next_actions, next_buys = 5, 1, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        hand = s.hand[p]
        if not hand:
            return
        base = len(s.look[p])
        s.look[p].extend(hand)  # all at once: the others see the top card and how many
        hand.clear()
        s.hpub[p] = ()
        flush_discards(s, p, base)
        stay(s, p, self.id)


@register
class Treasury(Card):
    name, cost, types, set, editions = "Treasury", 5, ACTION, SET, BOTH
    text = ("+1 Card, +1 Action, +$1. 1st ed: when you discard this from play, if you didn't buy a Victory card "
            "this turn, you may put this onto your deck. 2nd ed: at the end of your Buy phase, if you didn't gain a "
            "Victory card in it, you may put this onto your deck.")
    plus_cards, plus_actions, plus_coins = 1, 1, 1
    LEFT: Field  # the copies in play not yet decided on

    def buy_end(self, s: DominionState, p: int) -> None:
        got = s.flags & (BOUGHT_VICTORY if s.edition == 1 else GAINED_VICTORY_IN_BUY)
        if not got:
            s.stack.append([self.id, 0, p, s.play[p].count(self.id)])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO] if f[self.LEFT] > 0 and self.id in s.play[f[2]] else None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        f[self.LEFT] -= 1
        if a == YES:
            p = f[2]
            s.play[p].remove(self.id)
            put_on_deck(s, p, self.id, True)
            say(s, "topdeck", p, f"{seat_name(p)} put {self.name} from play onto their deck", cards=[self.name])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("treasury.yes", f"put {self.name} onto your deck", card=self.name)
        return Say("treasury.no", f"discard {self.name} as usual", card=self.name)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.LEFT]
        return Say("treasury.ask", f"{self.name}: put a {self.name} from play onto your deck? ({n} in play to "
                   f"decide)", card=self.name, n=n)


@register
class Wharf(Card):
    name, cost, types, set, editions = "Wharf", 5, ACTION | DURATION, SET, BOTH
    text = "+2 Cards, +1 Buy. At the start of your next turn: +2 Cards, +1 Buy."
    plus_cards, plus_buys = 2, 1
    next_cards, next_buys = 2, 1


BOTH, SECOND = (1, 2), (2,)


#: Sailor's uses this turn, counted in ``s.flags`` from this bit up (8 bits; the Clean-up clears ``s.flags``)
_SAILOR_SHIFT = 24


_SAILOR_USES = 0xFF << _SAILOR_SHIFT


def _take_at(s: DominionState, p: int, i: int) -> int:
    """Take the card at position ``i`` of ``p``'s discard pile for all to see: what is known of the others
    stays known (``zones.take_from_pile`` forgets it when the card is not the top)."""
    c = s.disc[p].pop(i)
    mask = s.dpub[p]
    s.dpub[p] = (mask & ((1 << i) - 1)) | (mask >> (i + 1) << i)
    return c


class _DiscardsTwo(Card):
    """The next-turn "discard 2 cards" of Tide Pools and Sea Witch: one pick at a time, all cards at once when
    the hand holds 2 or fewer; the picks wait in ``s.look[p][BASE:]`` and go down together."""

    always_ask = True  # the hand is hidden: one kind in it must not skip the question

    LEFT: int  # how many cards are still to discard (a ``Field`` on each card)
    BASE: int  # where the picks wait in ``s.look[p]`` (a ``Field`` on each card)

    def _push_discard(self, s: DominionState, p: int) -> None:
        s.stack.append([self.id, 0, p, 2, len(s.look[p])])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        if len(hand) <= f[self.LEFT]:
            return None  # nothing to choose: the whole hand goes
        return [CHOOSE(c) for c in distinct(hand)]

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        p = f[2]
        for c in s.hand[p][:f[self.LEFT]]:
            stage_discard(s, p, c)
        flush_discards(s, p, f[self.BASE])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        stage_discard(s, f[2], card_of(a))
        f[self.LEFT] -= 1
        if not f[self.LEFT]:
            s.stack.pop()
            flush_discards(s, f[2], f[self.BASE])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return discard_say(a)


@register
class Monkey(Card):
    name, cost, types, set, editions = "Monkey", 3, ACTION | DURATION, "seaside", SECOND
    text = ("Until your next turn, whenever the player on your right gains a card, +1 Card. At the start of your "
            "next turn, +1 Card.")
    next_cards = 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.monkey[p] += 1
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        s.monkey[p] = 0  # the watch ends as the next turn starts (all of this seat's Monkeys at once)

    def on_gain(self, s: DominionState, p: int, c: int) -> None:
        n = s.players
        if n > 1:
            left = (p + 1) % n  # the seat that has ``p`` on its right
            k = s.monkey[left]
            if k:
                draw(s, left, k)


@register
class Blockade(Card):
    name, cost, types, set, editions = "Blockade", 4, ACTION | DURATION | ATTACK, "seaside", SECOND
    text = ("Gain a card costing up to $4 and set it aside face up. At the start of your next turn, put it into "
            "your hand. While it is set aside, any other player who gains a copy of it during their own turn "
            "also gains a Curse.")
    # The Curse part: every seat the play affected (``victims`` when it was played: not one that revealed a Moat
    # or is under a Lighthouse) that gains a copy on its own turn gains a Curse, one per copy set aside; the seats
    # wait in ``s.blockade`` (bit 8 * owner + seat) until the set-aside cards go to their owner's hand.
    VICTIMS: Field  # the mask of the seats this play affects

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p, sum(1 << v for v in victims(s, p))])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in gainable(s, 4)] or None

    def resume(self, s: DominionState, f: list[int]) -> None:  # nothing to gain: nothing waits for next turn
        s.stack.pop()
        say(s, "gain", f[2], f"{seat_name(f[2])} gained nothing (no card costs up to $4)", card=None, up_to=4)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], card_of(a)
        disc = s.disc[p]
        at = len(disc)  # where the gained card lands (a Curse its gain brings lands above it)
        if not gain(s, p, c, quiet=True):
            return
        if len(disc) > at and disc[at] == c:
            _take_at(s, p, at)
            s.shown[p].append(c)
            s.blockade |= f[self.VICTIMS] << 8 * p
            say(s, "gain", p, f"{seat_name(p)} gained {NAMES[c]} and set it aside", card=NAMES[c], to="aside")
            stay(s, p, self.id)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("blockade.ask", "Blockade: gain a card costing up to $4 to set aside", card=self.name, n=4)

    def duration(self, s: DominionState, p: int) -> None:
        shown = s.shown[p]
        if shown:  # each Blockade's card, oldest first (Throne Room's two plays set two aside)
            c = shown.pop(0)
            if not shown:  # the last card set aside is back: the Curse part is over
                s.blockade &= ~(0xFF << 8 * p)
            s.hand[p].append(c)
            hand_known(s, p, c, True)
            say(s, "hand", p, f"{seat_name(p)} put {NAMES[c]} from Blockade into their hand", cards=[NAMES[c]])

    def on_gain(self, s: DominionState, p: int, c: int) -> None:
        if p != s.cur:
            return  # only gains on the gainer's own turn
        for q in range(s.players):
            if q != p and s.blockade >> (8 * q + p) & 1:
                for _ in range(s.shown[q].count(c)):
                    gain(s, p, CURSE_ID)


@register
class Sailor(Card):
    name, cost, types, set, editions = "Sailor", 4, ACTION | DURATION, "seaside", SECOND
    text = ("+1 Action. Once this turn, when you gain a Duration card, you may play it (this uses no Action). At "
            "the start of your next turn: +$2, and you may trash a card from your hand.")
    plus_actions = 1
    next_coins = 2
    PLAY, TRASH = 0, 1
    CARD: Field  # the Duration card gained (step PLAY); -1 at step TRASH

    def play(self, s: DominionState, p: int, first: bool) -> None:
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        if s.hand[p]:
            s.stack.append([self.id, self.TRASH, p, -1])

    def _uses_left(self, s: DominionState, p: int) -> int:
        """Sailor plays this turn (each is in ``s.dur[p]`` until the next turn starts) less the uses made."""
        return s.dur[p].count(self.id) - ((s.flags & _SAILOR_USES) >> _SAILOR_SHIFT)

    def on_gain(self, s: DominionState, p: int, c: int) -> None:
        if p == s.cur and TYPES[c] & DURATION and self._uses_left(s, p) > 0:
            s.stack.append([self.id, self.PLAY, p, c])

    def _where(self, s: DominionState, p: int, c: int) -> int:
        """Where the gained card is now: 0 the discard pile's top, 1 the hand, 2 the deck's top, 3 set aside
        face up (Blockade); -1 lost track of."""
        disc, deck = s.disc[p], s.deck[p]
        if disc and disc[-1] == c:
            return 0
        if c in s.hpub[p]:
            return 1
        if s.top[p] and deck[-1] == c:
            return 2
        if c in s.shown[p]:
            return 3
        return -1

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        p = f[2]
        if f[1] == self.TRASH:
            hand = s.hand[p]
            return [CHOOSE(c) for c in distinct(hand)] + [DONE] if hand else None
        if self._uses_left(s, p) <= 0 or self._where(s, p, f[self.CARD]) < 0:
            return None
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p = f[2]
        if f[1] == self.TRASH:
            if a != DONE:
                trash_from_hand(s, p, card_of(a))
            return
        if a != YES:
            return
        c = f[self.CARD]
        where = self._where(s, p, c)
        if where == 0:
            _take_at(s, p, len(s.disc[p]) - 1)
        elif where == 1:
            s.hand[p].remove(c)
            hand_left(s, p, c)
        elif where == 2:
            s.deck[p].pop()
            s.top[p].pop()
        else:
            s.shown[p].remove(c)
        s.flags += 1 << _SAILOR_SHIFT
        s.play[p].append(c)
        play_card(s, p, c, True)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.TRASH:
            return Say("sailor.done", "trash nothing") if a == DONE else trash_say(a)
        c = NAMES[f[self.CARD]]
        return Say("play", f"play {c}", card=c) if a == YES else Say("sailor.no", f"do not play {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.TRASH:
            return Say("sailor.ask_trash", "Sailor: you may trash a card from your hand", card=self.name)
        c = NAMES[f[self.CARD]]
        return Say("sailor.ask", f"Sailor: play the {c} you gained?", card=self.name, card2=c)


@register
class TidePools(_DiscardsTwo):
    name, cost, types, set, editions = "Tide Pools", 4, ACTION | DURATION, "seaside", SECOND
    text = "+3 Cards, +1 Action. At the start of your next turn, discard 2 cards (your whole hand if it is smaller)."
    plus_cards, plus_actions = 3, 1
    LEFT: Field  # how many cards are still to discard
    BASE: Field  # the picks wait in s.look[p][f[BASE]:]

    def play(self, s: DominionState, p: int, first: bool) -> None:
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        self._push_discard(s, p)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.LEFT]
        return Say("tide_pools.ask", f"Tide Pools: discard {n} more card{'s' if n != 1 else ''}", card=self.name, n=n)


@register
class Corsair(Card):
    name, cost, types, set, editions = "Corsair", 5, ACTION | DURATION | ATTACK, "seaside", SECOND
    text = ("+$2. At the start of your next turn, +1 Card. Until then, each other player trashes the first Silver "
            "or Gold they play each turn (its $ still counts).")
    plus_coins = 2
    next_cards = 1
    # ``s.corsair``: bit p while p's Corsair affects anyone, and bit 8 + 8 * p + v for each seat v it affects (the
    # ``victims`` when it was played: not one that revealed a Moat or is under a Lighthouse); the engine's
    # ``play_treasure`` reads the latter (``zones.corsair_hits``).

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in victims(s, p):
            s.corsair |= 1 << p | 1 << (8 + 8 * p + v)
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        s.corsair &= ~(1 << p | 0xFF << (8 + 8 * p))


@register
class Outpost(Card):
    name, cost, types, set, editions = "Outpost", 5, ACTION | DURATION, "seaside", BOTH
    text = ("Your next hand is 3 cards, and you take an extra turn after this one. Only the first Outpost played "
            "in a turn does this (never three turns in a row); an Outpost that does nothing leaves play at this "
            "turn's Clean-up. 1st ed: one played during an extra turn still makes the next hand 3 cards, with no "
            "extra turn. 2nd ed: one played during an extra turn does nothing.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.flags & OUTPOST_PLAYED:
            return
        s.flags |= OUTPOST_PLAYED
        if s.extra:  # no third turn in a row; the first edition's wording still shortens the next hand
            s.outpost = s.edition == 1
            return
        s.outpost = True
        stay(s, p, self.id)  # it leaves at the extra turn's Clean-up


@register
class Pirate(Card):
    name, cost, types, set, editions = "Pirate", 5, ACTION | DURATION | REACTION, "seaside", SECOND
    text = ("At the start of your next turn, gain a Treasure costing up to $6 to your hand. Reaction: when any "
            "player (you too) gains a Treasure, you may play this from your hand; it stays in play until the "
            "Clean-up of your next turn.")
    #: every owner of a Pirate with cards in hand is asked at each Treasure gain: a question only to those
    #: holding one would tell everyone who holds one
    always_ask = True
    CARD: Field  # the Treasure gained
    SEAT: Field  # who gained it

    def play(self, s: DominionState, p: int, first: bool) -> None:
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        push_gain(s, p, 6, TREASURE, TO_HAND)

    def on_gain(self, s: DominionState, p: int, c: int) -> None:
        if not TYPES[c] & TREASURE:
            return
        n = s.players
        asked = []
        for i in range(n):  # in turn order from the current seat
            q = (s.cur + i) % n
            if s.owned[q][self.id] and s.hand[q]:
                asked.append([self.id, 0, q, c, p])
        s.stack.extend(reversed(asked))

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO] if self.id in s.hand[f[2]] else [NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a != YES:
            return
        q = f[2]
        s.hand[q].remove(self.id)
        hand_left(s, q, self.id)
        s.play[q].append(self.id)
        if q == s.cur:
            play_card(s, q, self.id, True)
        else:  # played on another seat's turn: not one of that seat's plays (Conspirator)
            say(s, "play", q, f"{seat_name(q)} played {self.name}", card=self.name)
            resolve(s, q, self.id, True)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if a == YES:
            return Say("play", f"play {self.name}", card=self.name)
        if self.id in s.hand[f[2]]:
            return Say("pirate.no", f"do not play {self.name}", card=self.name)
        return Say("reveal.none", f"go on (no {self.name} in hand)", card=self.name)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        q, who, c = f[2], f[self.SEAT], NAMES[f[self.CARD]]
        if self.id in s.hand[q]:
            return Say("pirate.ask", f"{seat_name(who)} gained {c}: play {self.name} from your hand?",
                       seat=who, card=self.name, card2=c)
        return Say("pirate.none", f"{seat_name(who)} gained {c}: no {self.name} in hand to play",
                   seat=who, card=self.name, card2=c)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("pirate.public", f"{seat_name(f[2])} may play {self.name}", seat=f[2], card=self.name)


@register
class SeaWitch(_DiscardsTwo):
    name, cost, types, set, editions = "Sea Witch", 5, ACTION | DURATION | ATTACK, "seaside", SECOND
    curses = True
    text = ("+2 Cards. Each other player gains a Curse. At the start of your next turn, +2 Cards, then discard 2 "
            "cards.")
    plus_cards = 2
    next_cards = 2
    LEFT: Field  # how many cards are still to discard
    BASE: Field  # the picks wait in s.look[p][f[BASE]:]

    def play(self, s: DominionState, p: int, first: bool) -> None:
        for v in victims(s, p):
            gain(s, v, CURSE_ID)
        stay(s, p, self.id)

    def duration(self, s: DominionState, p: int) -> None:
        self._push_discard(s, p)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.LEFT]
        return Say("sea_witch.ask", f"Sea Witch: discard {n} more card{'s' if n != 1 else ''}", card=self.name, n=n)


__all__ = ["Blockade", "Corsair", "Monkey", "Outpost", "Pirate", "Sailor", "SeaWitch", "TidePools"]
