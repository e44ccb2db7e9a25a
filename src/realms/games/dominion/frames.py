"""Generic frames of the pending-decision stack, and playing a card.

Frame layouts (lists of ints; ``f[2]`` is always the seat that decides or acts; the fields after it are each
handler's ``Field`` declarations, read by name: ``f[Gain.MAX_COST]``):

- ``[GAIN, 0, p, MAX_COST, TYPE_MASK, DEST, EXACT]`` gain a card from the Supply costing up to
  ``MAX_COST`` (exactly, if ``EXACT``), of a type in ``TYPE_MASK`` (0 = any), to ``DEST``; mandatory
  when any exists.
- ``[DISCARD_DOWN, 0, v, KEEP, BASE]`` ``v`` picks cards one at a time until ``KEEP`` remain; the picks
  wait in ``s.look[v][BASE:]`` and go down together (others see the top one and how many).
- ``[REACT, 0, v, CARD]`` ``v``, who owns that Reaction card (public: every gain is), is asked
  whether to reveal it, even when it is not in hand (then ``no`` is the only answer): whether the
  question comes must not tell anyone what the hand holds.
- ``[BODY, 0, p, CARD, IMMUNE, FIRST]`` the Attack's effects, once every reaction is settled (``IMMUNE``:
  the mask of seats that revealed one).
- ``[REPLAY, 0, p, CARD]`` play ``CARD`` again (Throne Room's second play).
- ``[START, 0, p, *WAITING]`` the start of ``p``'s turn: each Duration in ``WAITING`` (one entry per play that
  will act, see ``zones.stay``) acts in turn, in the order they were played: its next-turn bonuses (data:
  ``Card.next_cards`` ...), then its ``duration``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realms.games.dominion.cards.card import (
    ATTACK,
    CARDS,
    CHOOSE,
    COST,
    NAMES,
    NO,
    PLUS_ACTIONS,
    PLUS_BUYS,
    PLUS_CARDS,
    PLUS_COINS,
    REACTORS,
    TO_DECK,
    TO_DISCARD,
    TO_HAND,
    TYPES,
    YES,
    Field,
    Handler,
    Say,
    Tail,
    card_of,
    discard_say,
    handler,
)
from realms.games.dominion.zones import (
    cost,
    distinct,
    draw,
    flush_discards,
    gain,
    hand_known,
    others,
    say,
    seat_name,
    stage_discard,
)

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState

GAIN, DISCARD_DOWN, REACT, BODY, REPLAY, START = -1, -2, -3, -4, -5, -6


def push_gain(s: DominionState, p: int, max_cost: int, type_mask: int = 0, dest: int = TO_DISCARD,
              exact: bool = False) -> None:
    s.stack.append([GAIN, 0, p, max_cost, type_mask, dest, int(exact)])  # Gain's fields, in order


def gainable(s: DominionState, max_cost: int, type_mask: int = 0, exact: bool = False) -> list[int]:
    """The Supply's cards with a card left, costing (now: ``zones.cost``) up to ``max_cost`` (exactly, if ``exact``),
    of a type in ``type_mask`` (0: any)."""
    supply = s.supply
    if s.discount:
        return [c for c in s.piles if supply[c] and (cost(s, c) == max_cost if exact else cost(s, c) <= max_cost)
                and (not type_mask or TYPES[c] & type_mask)]
    return [c for c in s.piles if supply[c] and (COST[c] == max_cost if exact else COST[c] <= max_cost)
            and (not type_mask or TYPES[c] & type_mask)]


@handler(GAIN)
class Gain(Handler):
    name = "Gain"
    MAX_COST: Field
    TYPE_MASK: Field
    DEST: Field
    EXACT: Field

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        cards = gainable(s, f[self.MAX_COST], f[self.TYPE_MASK], bool(f[self.EXACT]))
        return [CHOOSE(c) for c in cards] or None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        n = f[self.MAX_COST]
        say(s, "gain", f[2], f"{seat_name(f[2])} gained nothing (no card costs up to ${n})", card=None, up_to=n)

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        s.stack.pop()
        gain(s, f[2], card_of(a), f[self.DEST])

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[card_of(a)]
        return Say("gain", f"gain {c}", card=c)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n, where = f[self.MAX_COST], f[self.DEST]
        if f[self.TYPE_MASK]:  # a type mask reads as Treasure: the only type a card asks for (Mine)
            if where == TO_HAND:
                return Say("gain.ask_treasure_hand", f"Gain a Treasure card costing up to ${n} to your hand", n=n)
            if where == TO_DECK:
                return Say("gain.ask_treasure_deck", f"Gain a Treasure card costing up to ${n} onto your deck", n=n)
            return Say("gain.ask_treasure", f"Gain a Treasure card costing up to ${n}", n=n)
        if where == TO_HAND:
            return Say("gain.ask_hand", f"Gain a card costing up to ${n} to your hand", n=n)
        if where == TO_DECK:
            return Say("gain.ask_deck", f"Gain a card costing up to ${n} onto your deck", n=n)
        return Say("gain.ask", f"Gain a card costing up to ${n}", n=n)


@handler(DISCARD_DOWN)
class DiscardDown(Handler):
    name = "Discard down"
    always_ask = True  # the hand is hidden: one kind in it must not skip a pick
    KEEP: Field
    BASE: Field

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        if len(hand) <= f[self.KEEP]:
            return None
        return [CHOOSE(c) for c in distinct(hand)]

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        flush_discards(s, f[2], f[self.BASE])

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        stage_discard(s, f[2], card_of(a))

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        return discard_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        n = f[self.KEEP]
        return Say("discard_down.ask", f"{seat_name(f[2])}: discard down to {n} cards", seat=f[2], n=n)


@handler(REACT)
class React(Handler):
    name = "Reaction"
    CARD: Field

    always_ask = True

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return [YES, NO] if CARDS[f[self.CARD]].can_react(s, f[2]) else [NO]

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        stack = s.stack
        stack.pop()
        if a == YES:
            v, r = f[2], f[self.CARD]
            hand_known(s, v, r, False)
            say(s, "reveal", v, f"{seat_name(v)} revealed {NAMES[r]}", cards=[NAMES[r]])
            card = CARDS[r]
            if card.reveal_again:  # asked again once what it does is settled
                stack.append(f)
            card.react(s, v)

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        c = NAMES[f[self.CARD]]
        if a == YES:
            return Say("reveal", f"reveal {c}", card=c)
        if f[self.CARD] in s.hand[f[2]]:
            return Say("reveal.no", f"do not reveal {c}", card=c)
        return Say("reveal.none", f"go on (no {c} in hand)", card=c)

    def _attack(self, s: DominionState) -> str | None:
        body = next((g for g in reversed(s.stack) if g[0] == BODY), None)
        return NAMES[body[Body.CARD]] if body else None

    def ask(self, s: DominionState, f: list[int]) -> Say:
        v, c, attack = f[2], NAMES[f[self.CARD]], self._attack(s)
        who = seat_name(v)
        if f[self.CARD] in s.hand[v]:
            if attack is None:
                return Say("react.ask", f"{who}: reveal {c}?", seat=v, card=c)
            return Say("react.ask_against", f"{who}: reveal {c} against {attack}?", seat=v, card=c, card2=attack)
        if attack is None:
            return Say("react.none", f"{who}: no {c} in hand to reveal", seat=v, card=c)
        return Say("react.none_against", f"{who}: no {c} in hand to reveal against {attack}", seat=v, card=c,
                   card2=attack)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        v, attack = f[2], self._attack(s)
        if attack is None:
            return Say("react.public", f"{seat_name(v)} may react", seat=v)
        return Say("react.public_against", f"{seat_name(v)} may react against {attack}", seat=v, card=attack)


@handler(BODY)
class Body(Handler):
    name = "Attack"
    CARD: Field
    IMMUNE: Field
    FIRST: Field

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        s.immune = f[self.IMMUNE]
        resolve(s, f[2], f[self.CARD], bool(f[self.FIRST]))


@handler(REPLAY)
class Replay(Handler):
    name = "Replay"
    CARD: Field

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()
        play_card(s, f[2], f[self.CARD], False)


@handler(START)
class Start(Handler):
    name = "Start of turn"
    WAITING: Tail

    def resume(self, s: DominionState, f: list[int]) -> None:
        if len(f) > self.WAITING:
            p, card = f[2], CARDS[f.pop(self.WAITING)]
            say(s, "duration", p, f"{seat_name(p)}'s {card.name} acts", card=card.name)
            if card.next_cards:
                draw(s, p, card.next_cards)
            s.actions += card.next_actions
            s.buys += card.next_buys
            s.coins += card.next_coins
            card.duration(s, p)
        else:
            s.stack.pop()


def staying(s: DominionState, p: int) -> tuple[list[int], list[int]]:
    """At ``p``'s Clean-up: its cards in play split into those that leave and those that stay. A Duration stays once
    for each play of it this turn that will act next turn (``s.dur``), at most as many copies as are in play (Throne
    Room's two plays of one Haven keep that one Haven); a Throne Room that played a card that stays, stays too."""
    quota: dict[int, int] = {}
    for c in s.dur[p]:
        quota[c] = quota.get(c, 0) + 1
    thr = s.throned
    for i in range(0, len(thr), 2):  # a Throne Room stays with the card it played
        if quota.get(thr[i + 1], 0) > 0 and thr[i + 1] in s.dur[p]:
            quota[thr[i]] = quota.get(thr[i], 0) + 1
    leave: list[int] = []
    kept: list[int] = []
    for c in s.play[p]:
        if quota.get(c, 0) > 0:
            quota[c] -= 1
            kept.append(c)
        else:
            leave.append(c)
    return leave, kept


def unaffected(s: DominionState, v: int) -> None:
    """Seat ``v`` revealed a Reaction that keeps the Attack now being played from affecting it (Moat)."""
    for g in reversed(s.stack):
        if g[0] == BODY:
            g[Body.IMMUNE] |= 1 << v
            break


def play_card(s: DominionState, p: int, c: int, first: bool = True) -> None:
    """Resolve playing ``c`` (already in play, or trashed by then): reactions first for an Attack."""
    s.played += 1
    if s.ev is not None:
        say(s, "play", p, f"{seat_name(p)} played {NAMES[c]}{'' if first else ' again'}", card=NAMES[c])
    if TYPES[c] & ATTACK:
        reactions = []
        for v in others(s, p):
            if s.hand[v]:
                owned = s.owned[v]
                for r in REACTORS:
                    if owned[r]:  # asked whether or not it is in hand (see REACT)
                        reactions.append([REACT, 0, v, r])
        if reactions:
            s.stack.append([BODY, 0, p, c, 0, int(first)])
            s.stack.extend(reversed(reactions))
            return
    s.immune = 0
    resolve(s, p, c, first)


def resolve(s: DominionState, p: int, c: int, first: bool) -> None:
    """The effects of ``c`` played by ``p``: its plain bonuses (the card's data: +Cards, +Actions, +Buys, +$, in
    that order), then what its ``play`` does."""
    k = PLUS_CARDS[c]
    if k:
        draw(s, p, k)
    s.actions += PLUS_ACTIONS[c]
    s.buys += PLUS_BUYS[c]
    s.coins += PLUS_COINS[c]
    CARDS[c].play(s, p, first)


def push_replay(s: DominionState, p: int, c: int) -> None:
    s.stack.append([REPLAY, 0, p, c])


__all__ = ["BODY", "DISCARD_DOWN", "GAIN", "REACT", "REPLAY", "START", "Body", "DiscardDown", "Gain", "React",
           "Replay", "Start", "gainable", "play_card", "push_gain", "push_replay", "resolve", "staying", "unaffected"]
