"""Dominion base set, second edition: the 7 kingdom cards new in that printing."""

from __future__ import annotations

from typing import Any

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
    card_of,
    register,
)
from realms.games.dominion.frames import play_card, push_gain
from realms.games.dominion.zones import (
    discard,
    distinct,
    draw,
    flush_discards,
    gain,
    names,
    put_on_deck,
    say,
    seat_name,
    stage_discard,
    take_from_pile,
    take_top,
    to_pile,
    trash,
    victims,
)

SECOND = (2,)


@register
class Harbinger(Card):
    name, cost, types, set, editions = "Harbinger", 3, ACTION, "base", SECOND
    text = ("+1 Card, +1 Action. Look through your discard pile; you may put one card from it onto your deck "
            "(optional).")

    def play(self, s: Any, p: int, first: bool) -> None:
        draw(s, p, 1)
        s.actions += 1
        if s.disc[p]:
            s.stack.append([self.id, 0, p])

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in distinct(s.disc[f[2]])] + [DONE]

    def decide(self, s: Any, f: list[int], a: int) -> None:
        s.stack.pop()
        if a != DONE:
            p, c = f[2], card_of(a)
            disc = s.disc[p]
            take_from_pile(s, p, len(disc) - 1 - disc[::-1].index(c))  # the copy nearest the top
            put_on_deck(s, p, c, True)  # moved face up: everyone sees which card goes on top
            say(s, "topdeck", p, f"{seat_name(p)} put {NAMES[c]} from their discard pile onto their deck",
                cards=[NAMES[c]])

    def label(self, s: Any, f: list[int], a: int) -> str:
        return "put nothing onto your deck" if a == DONE else f"put {NAMES[card_of(a)]} onto your deck"

    def prompt(self, s: Any, f: list[int]) -> str:
        return "Harbinger: you may put a card from your discard pile onto your deck"


@register
class Merchant(Card):
    name, cost, types, set, editions = "Merchant", 3, ACTION, "base", SECOND
    text = ("+1 Card, +1 Action. The first time you play a Silver this turn, +$1 (each Merchant played gives "
            "its own +$1 for that first Silver; no bonus if no Silver is played).")

    def play(self, s: Any, p: int, first: bool) -> None:
        draw(s, p, 1)
        s.actions += 1
        if not s.silver_played:
            s.silver_bonus += 1  # paid by the engine when the first Silver is played


@register
class Vassal(Card):
    name, cost, types, set, editions = "Vassal", 3, ACTION, "base", SECOND
    text = ("+$2. Discard the top card of your deck (reshuffle if needed). If it is an Action card, you may "
            "play it (this uses no Action).")

    def play(self, s: Any, p: int, first: bool) -> None:
        s.coins += 2
        c = take_top(s, p)
        if c < 0:
            return
        discard(s, p, c)
        say(s, "discard", p, f"{seat_name(p)} discarded {NAMES[c]}", cards=[NAMES[c]])
        if IS_ACTION[c]:
            s.stack.append([self.id, 0, p, c])

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        return [YES, NO]

    def decide(self, s: Any, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], f[3]
        disc = s.disc[p]
        if a == YES and disc and disc[-1] == c:
            take_from_pile(s, p, len(disc) - 1)
            s.play[p].append(c)
            play_card(s, p, c, True)

    def label(self, s: Any, f: list[int], a: int) -> str:
        return f"play {NAMES[f[3]]}" if a == YES else f"leave {NAMES[f[3]]} in the discard pile"

    def prompt(self, s: Any, f: list[int]) -> str:
        return f"Vassal: play the discarded {NAMES[f[3]]}?"


@register
class Poacher(Card):
    name, cost, types, set, editions = "Poacher", 4, ACTION, "base", SECOND
    text = ("+1 Card, +1 Action, +$1. Discard a card from your hand per empty Supply pile (mandatory; discard "
            "your whole hand if it is smaller).")

    def play(self, s: Any, p: int, first: bool) -> None:
        draw(s, p, 1)
        s.actions += 1
        s.coins += 1
        if s.empty:
            s.stack.append([self.id, 0, p, s.empty, len(s.look[p])])  # f[3] still to discard; picks wait in look

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        return [CHOOSE(c) for c in distinct(hand)] if f[3] and hand else None

    def resume(self, s: Any, f: list[int]) -> None:
        s.stack.pop()
        flush_discards(s, f[2], f[4])

    def decide(self, s: Any, f: list[int], a: int) -> None:
        stage_discard(s, f[2], card_of(a))
        f[3] -= 1

    def label(self, s: Any, f: list[int], a: int) -> str:
        return f"discard {NAMES[card_of(a)]}"

    def prompt(self, s: Any, f: list[int]) -> str:
        return f"Poacher: discard {f[3]} more card{'s' if f[3] != 1 else ''}"


@register
class Bandit(Card):
    name, cost, types, set, editions = "Bandit", 5, ACTION | ATTACK, "base", SECOND
    text = ("Gain a Gold (if any left). Each other player reveals the top 2 cards of their deck, trashes a "
            "revealed Treasure other than Copper (their choice if two), and discards the rest.")

    def play(self, s: Any, p: int, first: bool) -> None:
        gain(s, p, GOLD)
        for v in reversed(victims(s, p)):
            s.stack.append([self.id, 0, v])

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        if f[1] == 0:
            return None
        return [CHOOSE(c) for c in distinct(s.aside[f[2]]) if IS_TREASURE[c] and c != COPPER]

    def resume(self, s: Any, f: list[int]) -> None:
        v = f[2]
        shown = [c for c in (take_top(s, v), take_top(s, v)) if c >= 0]
        say(s, "reveal", v, f"{seat_name(v)} revealed {names(shown) or 'nothing'}", cards=[NAMES[c] for c in shown])
        s.aside[v].extend(shown)
        if any(IS_TREASURE[c] and c != COPPER for c in shown):
            f[1] = 1
        else:
            self._finish(s, v)

    def _finish(self, s: Any, v: int) -> None:
        s.stack.pop()
        to_pile(s, v, s.aside[v], True)
        s.aside[v].clear()

    def decide(self, s: Any, f: list[int], a: int) -> None:
        v, c = f[2], card_of(a)
        s.aside[v].remove(c)
        trash(s, v, c)
        self._finish(s, v)

    def label(self, s: Any, f: list[int], a: int) -> str:
        return f"trash {NAMES[card_of(a)]}"

    def prompt(self, s: Any, f: list[int]) -> str:
        return f"Bandit: {seat_name(f[2])} trashes a revealed Treasure other than Copper"


@register
class Sentry(Card):
    name, cost, types, set, editions = "Sentry", 5, ACTION, "base", SECOND
    text = ("+1 Card, +1 Action. Look at the top 2 cards of your deck (reshuffle if needed). Trash and/or "
            "discard any number of them; put the rest back on top in any order.")
    TRASH, DISCARD, ORDER = 0, 1, 2

    def play(self, s: Any, p: int, first: bool) -> None:
        draw(s, p, 1)
        s.actions += 1
        seen = [c for c in (take_top(s, p), take_top(s, p)) if c >= 0]
        s.look[p].extend(seen)
        say(s, "look", p, f"{seat_name(p)} looked at the top {len(seen)} cards of their deck", count=len(seen))
        s.stack.append([self.id, self.TRASH, p, 0])  # f[3]: cards picked to discard (at the end of look)

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        look = s.look[f[2]]
        if f[1] == self.ORDER:
            return [CHOOSE(c) for c in look] if len(look) == 2 and look[0] != look[1] else None
        free = look[:len(look) - f[3]]
        return [CHOOSE(c) for c in distinct(free)] + [DONE] if free else None

    def resume(self, s: Any, f: list[int]) -> None:
        if f[1] != self.ORDER:
            self._next_step(s, f)
            return
        self._put_back(s, f[2], s.look[f[2]][-1] if s.look[f[2]] else -1)

    def _next_step(self, s: Any, f: list[int]) -> None:
        if f[1] == self.DISCARD:  # the picked cards go down together
            look = s.look[f[2]]
            flush_discards(s, f[2], len(look) - f[3])
            f[3] = 0
        f[1] += 1

    def _put_back(self, s: Any, p: int, on_top: int) -> None:
        s.stack.pop()
        look = s.look[p]
        if look:
            look.remove(on_top)
            for c in [*look, on_top]:
                put_on_deck(s, p, c, False)
            say(s, "topdeck", p, f"{seat_name(p)} put {len(look) + 1} card{'s' if look else ''} back onto their deck",
                count=len(look) + 1)
            look.clear()

    def decide(self, s: Any, f: list[int], a: int) -> None:
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
                f[3] += 1

    def label(self, s: Any, f: list[int], a: int) -> str:
        if f[1] == self.ORDER:
            return f"put {NAMES[card_of(a)]} on top"
        if a == DONE:
            return "trash no more" if f[1] == self.TRASH else "discard no more"
        return f"{'trash' if f[1] == self.TRASH else 'discard'} {NAMES[card_of(a)]}"

    def prompt(self, s: Any, f: list[int]) -> str:
        return ("Sentry: choose cards to trash", "Sentry: choose cards to discard",
                "Sentry: choose the card to put back on top")[f[1]]


@register
class Artisan(Card):
    name, cost, types, set, editions = "Artisan", 6, ACTION, "base", SECOND
    text = ("Gain a card to your hand costing up to $5. Then put a card from your hand onto your deck "
            "(mandatory; may be the gained card).")

    def play(self, s: Any, p: int, first: bool) -> None:
        s.stack.append([self.id, 0, p])
        push_gain(s, p, 5, 0, TO_HAND)

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        return [CHOOSE(c) for c in distinct(s.hand[f[2]])] or None

    def decide(self, s: Any, f: list[int], a: int) -> None:
        s.stack.pop()
        p, c = f[2], card_of(a)
        s.hand[p].remove(c)
        s.hpub[p] = ()  # which card left the hand is not public
        put_on_deck(s, p, c, False)
        say(s, "topdeck", p, f"{seat_name(p)} put a card from their hand onto their deck")

    def label(self, s: Any, f: list[int], a: int) -> str:
        return f"put {NAMES[card_of(a)]} onto your deck"

    def prompt(self, s: Any, f: list[int]) -> str:
        return "Artisan: put a card from your hand onto your deck"
