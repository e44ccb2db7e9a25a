"""Generic frames of the pending-decision stack, and playing a card.

Frame layouts (lists of ints; ``f[2]`` is always the seat that decides or acts):

- ``[GAIN, 0, p, max_cost, type_mask, dest, exact]`` gain a card from the Supply costing up to
  ``max_cost`` (exactly, if ``exact``), of a type in ``type_mask`` (0 = any), to ``dest``; mandatory
  when any exists.
- ``[DISCARD_DOWN, 0, v, n, base]`` ``v`` picks cards one at a time until ``n`` remain; the picks wait
  in ``s.look[v][base:]`` and go down together (others see the top one and how many).
- ``[REACT, 0, v, reaction_card]`` ``v``, who owns that Reaction (public: every gain is), is asked
  whether to reveal it, even when it is not in hand (then ``no`` is the only answer): whether the
  question comes must not tell anyone what the hand holds.
- ``[BODY, 0, p, card, immune_mask, first]`` the Attack's effects, once every reaction is settled.
- ``[REPLAY, 0, p, card]`` play ``card`` again (Throne Room's second play).
"""

from __future__ import annotations

from typing import Any

from realms.games.dominion.cards.card import (
    ATTACK,
    CARDS,
    CHOOSE,
    COST,
    NAMES,
    NO,
    REACTORS,
    TO_DISCARD,
    TYPES,
    YES,
    Handler,
    card_of,
    handler,
)
from realms.games.dominion.zones import (
    distinct,
    flush_discards,
    gain,
    hand_known,
    others,
    say,
    seat_name,
    stage_discard,
)

GAIN, DISCARD_DOWN, REACT, BODY, REPLAY = -1, -2, -3, -4, -5


def push_gain(s: Any, p: int, max_cost: int, type_mask: int = 0, dest: int = TO_DISCARD, exact: bool = False) -> None:
    s.stack.append([GAIN, 0, p, max_cost, type_mask, dest, int(exact)])


def gainable(s: Any, max_cost: int, type_mask: int = 0, exact: bool = False) -> list[int]:
    supply = s.supply
    return [c for c in s.piles if supply[c] and (COST[c] == max_cost if exact else COST[c] <= max_cost)
            and (not type_mask or TYPES[c] & type_mask)]


@handler(GAIN)
class Gain(Handler):
    name = "Gain"

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        cards = gainable(s, f[3], f[4], bool(f[6]))
        return [CHOOSE(c) for c in cards] or None

    def resume(self, s: Any, f: list[int]) -> None:
        s.stack.pop()
        say(s, "gain", f[2], f"{seat_name(f[2])} gained nothing (no card costs up to ${f[3]})", card=None,
            up_to=f[3])

    def decide(self, s: Any, f: list[int], a: int) -> None:
        s.stack.pop()
        gain(s, f[2], card_of(a), f[5])

    def label(self, s: Any, f: list[int], a: int) -> str:
        return f"gain {NAMES[card_of(a)]}"

    def prompt(self, s: Any, f: list[int]) -> str:
        kind = " Treasure" if f[4] else ""
        where = ("", " to your hand", " onto your deck")[f[5]]
        return f"Gain a{kind} card costing up to ${f[3]}{where}"


@handler(DISCARD_DOWN)
class DiscardDown(Handler):
    name = "Discard down"

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        hand = s.hand[f[2]]
        if len(hand) <= f[3]:
            return None
        return [CHOOSE(c) for c in distinct(hand)]

    def resume(self, s: Any, f: list[int]) -> None:
        s.stack.pop()
        flush_discards(s, f[2], f[4])

    def decide(self, s: Any, f: list[int], a: int) -> None:
        stage_discard(s, f[2], card_of(a))

    def label(self, s: Any, f: list[int], a: int) -> str:
        return f"discard {NAMES[card_of(a)]}"

    def prompt(self, s: Any, f: list[int]) -> str:
        return f"{seat_name(f[2])}: discard down to {f[3]} cards"


@handler(REACT)
class React(Handler):
    name = "Reaction"

    always_ask = True

    def options(self, s: Any, f: list[int]) -> list[int] | None:
        return [YES, NO] if f[3] in s.hand[f[2]] else [NO]

    def decide(self, s: Any, f: list[int], a: int) -> None:
        stack = s.stack
        stack.pop()
        if a == YES:
            for g in reversed(stack):
                if g[0] == BODY:
                    g[4] |= 1 << f[2]
                    break
            hand_known(s, f[2], f[3], False)
            say(s, "reveal", f[2], f"{seat_name(f[2])} revealed {NAMES[f[3]]}", cards=[NAMES[f[3]]])

    def label(self, s: Any, f: list[int], a: int) -> str:
        if a == YES:
            return f"reveal {NAMES[f[3]]}"
        return f"do not reveal {NAMES[f[3]]}" if f[3] in s.hand[f[2]] else f"go on (no {NAMES[f[3]]} in hand)"

    def _attack(self, s: Any) -> str:
        body = next((g for g in reversed(s.stack) if g[0] == BODY), None)
        return f" against {NAMES[body[3]]}" if body else ""

    def prompt(self, s: Any, f: list[int]) -> str:
        if f[3] in s.hand[f[2]]:
            return f"{seat_name(f[2])}: reveal {NAMES[f[3]]}{self._attack(s)}?"
        return f"{seat_name(f[2])}: no {NAMES[f[3]]} in hand to reveal{self._attack(s)}"

    def public_prompt(self, s: Any, f: list[int]) -> str:
        return f"{seat_name(f[2])} may react{self._attack(s)}"


@handler(BODY)
class Body(Handler):
    name = "Attack"

    def resume(self, s: Any, f: list[int]) -> None:
        s.stack.pop()
        s.immune = f[4]
        CARDS[f[3]].play(s, f[2], bool(f[5]))


@handler(REPLAY)
class Replay(Handler):
    name = "Replay"

    def resume(self, s: Any, f: list[int]) -> None:
        s.stack.pop()
        play_card(s, f[2], f[3], False)


def play_card(s: Any, p: int, c: int, first: bool = True) -> None:
    """Resolve playing ``c`` (already in play, or trashed by then): reactions first for an Attack."""
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
    CARDS[c].play(s, p, first)


def push_replay(s: Any, p: int, c: int) -> None:
    s.stack.append([REPLAY, 0, p, c])


__all__ = ["BODY", "DISCARD_DOWN", "GAIN", "REACT", "REPLAY", "gainable", "play_card", "push_gain", "push_replay"]
