"""Dominion base set, second edition: the 7 kingdom cards new in that printing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realms.games.dominion.cards.basic import COPPER, GOLD
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CHOOSE,
    DONE,
    IS_ACTION,
    IS_TREASURE,
    NAMES,
    NO,
    TO_HAND,
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
from realms.games.dominion.frames import play_card, push_gain
from realms.games.dominion.zones import (
    discard,
    distinct,
    flush_discards,
    gain,
    names,
    picks,
    put_on_deck,
    say,
    seat_name,
    stage_discard,
    take_from_pile,
    take_top,
    to_pile,
    topdeck_from_hand,
    trash,
    victims,
)

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState

SECOND = (2,)


@register
class Harbinger(Card):
    name, cost, types, set, editions = "Harbinger", 3, ACTION, "base", SECOND
    text = ("+1 Card, +1 Action. Look through your discard pile; you may put one card from it onto your deck "
            "(optional).")
    plus_cards, plus_actions = 1, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.disc[p]:
            s.stack.append([self.id, 0, p])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in distinct(s.disc[f[2]])] + [DONE]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        if a != DONE:
            p, c = f[2], card_of(a)
            disc = s.disc[p]
            take_from_pile(s, p, len(disc) - 1 - disc[::-1].index(c))  # the copy nearest the top
            put_on_deck(s, p, c, True)  # moved face up: everyone sees which card goes on top
            say(s, "topdeck", p, f"{seat_name(p)} put {NAMES[c]} from their discard pile onto their deck",
                cards=[NAMES[c]])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return Say("harbinger.done", "put nothing onto your deck") if a == DONE else topdeck_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("harbinger.ask", "Harbinger: you may put a card from your discard pile onto your deck",
                   card=self.name)


@register
class Merchant(Card):
    name, cost, types, set, editions = "Merchant", 3, ACTION, "base", SECOND
    text = ("+1 Card, +1 Action. The first time you play a Silver this turn, +$1 (each Merchant played gives "
            "its own +$1 for that first Silver; no bonus if no Silver is played).")
    plus_cards, plus_actions = 1, 1

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if not s.silver_played:
            s.silver_bonus += 1  # paid by the engine when the first Silver is played


@register
class Vassal(Card):
    name, cost, types, set, editions = "Vassal", 3, ACTION, "base", SECOND
    text = ("+$2. Discard the top card of your deck (reshuffle if needed). If it is an Action card, you may "
            "play it (this uses no Action).")
    plus_coins = 2
    CARD: Field  # the Action card discarded

    def play(self, s: DominionState, p: int, first: bool) -> None:
        c = take_top(s, p)
        if c < 0:
            return
        discard(s, p, c)
        say(s, "discard", p, f"{seat_name(p)} discarded {NAMES[c]}", cards=[NAMES[c]])
        if IS_ACTION[c]:
            s.stack.append([self.id, 0, p, c])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], f[self.CARD]
        disc = s.disc[p]
        if a == YES and disc and disc[-1] == c:
            take_from_pile(s, p, len(disc) - 1)
            s.play[p].append(c)
            play_card(s, p, c, True)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[f[self.CARD]]
        return Say("play", f"play {c}", card=c) if a == YES else Say("vassal.no", f"leave {c} in the discard pile",
                                                                     card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        c = NAMES[f[self.CARD]]
        return Say("vassal.ask", f"Vassal: play the discarded {c}?", card=self.name, card2=c)


@register
class Poacher(Card):
    name, cost, types, set, editions = "Poacher", 4, ACTION, "base", SECOND
    always_ask = True  # the hand is hidden: one kind in it must not skip the question
    text = ("+1 Card, +1 Action, +$1. Discard a card from your hand per empty Supply pile (mandatory; discard "
            "your whole hand if it is smaller).")
    plus_cards, plus_actions, plus_coins = 1, 1, 1
    LEFT: Field  # how many cards are still to discard
    BASE: Field  # the picks wait in s.look[p][f[BASE]:]

    def play(self, s: DominionState, p: int, first: bool) -> None:
        if s.empty:
            s.stack.append([self.id, 0, p, s.empty, len(s.look[p])])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        return [CHOOSE(c) for c in distinct(hand)] if f[self.LEFT] and hand else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        flush_discards(s, f[2], f[self.BASE])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        stage_discard(s, f[2], card_of(a))
        f[self.LEFT] -= 1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.LEFT]
        return Say("poacher.ask", f"Poacher: discard {n} more card{'s' if n != 1 else ''}", card=self.name, n=n)


@register
class Bandit(Card):
    name, cost, types, set, editions = "Bandit", 5, ACTION | ATTACK, "base", SECOND
    text = ("Gain a Gold (if any left). Each other player reveals the top 2 cards of their deck, trashes a "
            "revealed Treasure other than Copper (their choice if two), and discards the rest.")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        gain(s, p, GOLD)
        for v in reversed(victims(s, p)):
            s.stack.append([self.id, 0, v])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        if f[1] == 0:
            return None
        return [CHOOSE(c) for c in distinct(s.aside[f[2]]) if IS_TREASURE[c] and c != COPPER]

    def resume(self, s: DominionState, f: list[int]) -> None:
        v = f[2]
        shown = [c for c in (take_top(s, v), take_top(s, v)) if c >= 0]
        say(s, "reveal", v, f"{seat_name(v)} revealed {names(shown) or 'nothing'}", cards=[NAMES[c] for c in shown])
        s.aside[v].extend(shown)
        if any(IS_TREASURE[c] and c != COPPER for c in shown):
            f[1] = 1
        else:
            self._finish(s, v)

    def _finish(self, s: DominionState, v: int) -> None:
        s.stack.pop()
        to_pile(s, v, s.aside[v], True)
        s.aside[v].clear()

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        v, c = f[2], card_of(a)
        s.aside[v].remove(c)
        trash(s, v, c)
        self._finish(s, v)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return trash_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:  # the two cards were revealed: every seat may read the choice
        return Say("bandit.ask", f"Bandit: {seat_name(f[2])} trashes a revealed Treasure other than {NAMES[COPPER]}",
                   card=self.name, seat=f[2], card2=NAMES[COPPER])


@register
class Sentry(Card):
    name, cost, types, set, editions = "Sentry", 5, ACTION, "base", SECOND
    always_ask = True  # the look is private: two equal cards left must not skip the order question
    text = ("+1 Card, +1 Action. Look at the top 2 cards of your deck (reshuffle if needed). Trash and/or "
            "discard any number of them; put the rest back on top in any order.")
    TRASH, DISCARD, ORDER = 0, 1, 2
    plus_cards, plus_actions = 1, 1
    PICKED: Field  # how many cards were picked to discard (they wait at the end of s.look[p])

    def play(self, s: DominionState, p: int, first: bool) -> None:
        seen = [c for c in (take_top(s, p), take_top(s, p)) if c >= 0]
        s.look[p].extend(seen)
        say(s, "look", p, f"{seat_name(p)} looked at the top {len(seen)} cards of their deck", count=len(seen))
        s.stack.append([self.id, self.TRASH, p, 0])

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        look = s.look[f[2]]
        if f[1] == self.ORDER:
            return picks(look) if len(look) == 2 else None  # two equal cards are asked about too
        free = look[:len(look) - f[self.PICKED]]
        return [CHOOSE(c) for c in distinct(free)] + [DONE] if free else None

    def resume(self, s: DominionState, f: list[int]) -> None:
        if f[1] != self.ORDER:
            self._next_step(s, f)
            return
        self._put_back(s, f[2], s.look[f[2]][-1] if s.look[f[2]] else -1)

    def _next_step(self, s: DominionState, f: list[int]) -> None:
        if f[1] == self.DISCARD:  # the picked cards go down together
            look = s.look[f[2]]
            flush_discards(s, f[2], len(look) - f[self.PICKED])
            f[self.PICKED] = 0
        f[1] += 1

    def _put_back(self, s: DominionState, p: int, on_top: int) -> None:
        s.stack.pop()
        look = s.look[p]
        if look:
            look.remove(on_top)
            for c in [*look, on_top]:
                put_on_deck(s, p, c, False)
            say(s, "topdeck", p, f"{seat_name(p)} put {len(look) + 1} card{'s' if look else ''} back onto their deck",
                count=len(look) + 1)
            look.clear()

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        p = f[2]
        if f[1] == self.ORDER:
            self._put_back(s, p, card_of(a))
        elif a == DONE:
            self._next_step(s, f)
        else:
            c = card_of(a)
            look = s.look[p]
            look.remove(c)  # the first copy: not one already picked to discard
            if f[1] == self.TRASH:
                trash(s, p, c)
            else:
                look.append(c)
                f[self.PICKED] += 1

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        if f[1] == self.ORDER:
            c = NAMES[card_of(a)]
            return Say("sentry.top", f"put {c} on top", card=c)
        if f[1] == self.TRASH:
            return Say("sentry.trash_done", "trash no more") if a == DONE else trash_say(a)
        return Say("sentry.discard_done", "discard no more") if a == DONE else discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        if f[1] == self.TRASH:
            return Say("sentry.ask_trash", "Sentry: choose cards to trash", card=self.name)
        if f[1] == self.DISCARD:
            return Say("sentry.ask_discard", "Sentry: choose cards to discard", card=self.name)
        return Say("sentry.ask_order", "Sentry: choose the card to put back on top", card=self.name)


@register
class Artisan(Card):
    name, cost, types, set, editions = "Artisan", 6, ACTION, "base", SECOND
    text = ("Gain a card to your hand costing up to $5. Then put a card from your hand onto your deck "
            "(mandatory; may be the gained card).")

    def play(self, s: DominionState, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])
        push_gain(s, p, 5, 0, TO_HAND)

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in distinct(s.hand[f[2]])] or None

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        topdeck_from_hand(s, f[2], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return topdeck_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        return Say("artisan.ask", "Artisan: put a card from your hand onto your deck", card=self.name)
