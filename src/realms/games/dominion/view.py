"""What one seat may see, as JSON-able data: the only thing that leaves the engine for a player.

A seat sees its own hand, its own deck's size and contents (not order; the order does not exist, see
``zones``) and the cards it put on its deck itself, its own discard pile and anything it is looking
at. Of the others it sees hand, deck and discard sizes, the top card of each discard pile, deck
positions that were revealed to everyone (Bureaucrat, Spy), and the public zones: cards in play,
set aside or revealed, the trash and the Supply, and the cards everyone knows are in each hand
(``hand_known``: gained to hand or revealed there). A pending question is shown to its decider as
asked, and to everyone else as whose decision it is and which card is resolving (``public_ask``); with
its English ``prompt`` comes ``say``, the same as a message key and arguments (``cards.card.Say``), and so
for each legal action's ``text``.
The expansions' zones: every seat's Durations waiting for its next turn (they stay in play, public), what it set
aside face up (Blockade) and its Island mat; of another seat's face-down cards (Haven) and Native Village mat only
how many; Pirate Ship coins, Embargo tokens, Lighthouse protection, an extra turn and Bridge's reduction (the
Supply's costs are the costs now). A seat's own deck size counts the cards it knows at the bottom (Pearl Diver).
``seat=None`` is a spectator: public zones only.

Every seat's victory points (``vp``) are shown to everyone: every gain and every trashing is public, so
what each seat owns, and so its points (Gardens counts its cards), is known to anyone who watched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from realms.games.dominion.cards import CARDS, HANDLERS, NAMES
from realms.games.dominion.zones import cost, known_to

if TYPE_CHECKING:
    from realms.core.game import Action, Result
    from realms.games.dominion.cards.card import Say
    from realms.games.dominion.state import DominionState


class Rules(Protocol):
    """What the view reads of the engine (``rules.Dominion``), which imports this module."""

    id: ClassVar[str]

    def score(self, state: DominionState, seat: int) -> int: ...

    def legal_actions(self, state: DominionState) -> list[Action]: ...

    def say(self, state: DominionState, action: Action) -> Say: ...

    def result(self, state: DominionState) -> Result | None: ...


def _names(cards: list[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def _counts(cards: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in sorted(cards):
        out[NAMES[c]] = out.get(NAMES[c], 0) + 1
    return out


def _deck_top(s: DominionState, q: int, mine: bool) -> list[str | None]:
    """Known cards on top of ``q``'s deck, topmost first; None where this viewer does not know."""
    deck, top = s.deck[q], s.top[q]
    out: list[str | None] = []
    for i in range(1, len(top) + 1):
        out.append(NAMES[deck[-i]] if known_to(top[-i], mine) else None)
    while out and out[-1] is None:
        out.pop()
    return out


def build_view(game: Rules, s: DominionState, seat: int | None) -> dict[str, Any]:
    n = s.players
    over = s.to_move is None
    seats = []
    for q in range(n):
        mine = seat == q
        d: dict[str, Any] = {
            "seat": q,
            "hand_size": len(s.hand[q]),
            "deck_size": len(s.deck[q]),
            "deck_top": _deck_top(s, q, mine),
            "discard_size": len(s.disc[q]),
            "discard_top": NAMES[s.disc[q][-1]] if s.disc[q] else None,
            "play": _names(s.play[q]),
            "aside": _names(s.aside[q]),
            "looking_at": len(s.look[q]),
            "hand_known": _names(list(s.hpub[q])),
            "turns": s.turns[q],
            # the expansions' zones: Durations waiting for the next turn (public: they stay in play), cards set
            # aside face down (Haven: a count) and face up (Blockade), the mats (Native Village: a count for others)
            "durations": _names(s.dur[q]),
            "held_size": len(s.held[q]),
            "shown": _names(s.shown[q]),
            "native_village_size": len(s.nvmat[q]),
            "island": _names(s.island[q]),
            "pirate_coins": s.pcoins[q],
            "protected": bool(s.shield >> q & 1),
            "monkeys": s.monkey[q],
            "corsair": bool(s.corsair >> q & 1),
        }
        d["deck_size"] += len(s.bottom[q])
        if mine:
            d["hand"] = _names(s.hand[q])
            d["deck_contents"] = _counts(s.deck[q])
            d["discard"] = _names(s.disc[q])
            d["look"] = _names(s.look[q])
            d["held"] = _names(s.held[q])
            d["native_village"] = _names(s.nvmat[q])
            d["deck_bottom"] = _names(s.bottom[q][::-1])  # the cards it knows at the bottom, the lowest last
            d["deck_contents"] = _counts(s.deck[q] + s.bottom[q])
        d["vp"] = game.score(s, q)  # public: what a seat owns is the public record of its gains and trashings
        seats.append(d)
    pending = None
    if s.stack and not over:
        f = s.stack[-1]
        h = HANDLERS[f[0]]
        asked = h.ask(s, f) if seat == f[2] else h.public_ask(s, f)
        pending = {"seat": f[2], "card": h.name, "prompt": asked.text, "say": asked.to_json()}
    out: dict[str, Any] = {
        "game": game.id,
        "seat": seat,
        "players": n,
        "options": {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in s.opts.items()},
        "edition": s.edition,
        "kingdom": _names(list(s.kingdom)),
        "supply": [{"card": NAMES[c], "cost": cost(s, c), "count": s.supply[c], "types": CARDS[c].type_names()}
                   for c in s.piles],
        "empty_piles": s.empty,
        "embargo": {NAMES[c]: k for c, k in enumerate(s.embargo) if k},
        "extra_turn": s.extra,
        "cost_reduction": s.discount,
        "extra_turn_next": s.outpost,
        "copper_bonus": s.copper_bonus,
        "actions_played": s.played,
        "trash": _names(s.trash),
        "current": s.cur,
        "turn": s.turns[s.cur] + (0 if over else 1),
        "phase": ("action", "buy", "over")[s.phase],
        "actions": s.actions,
        "buys": s.buys,
        "coins": s.coins,
        "to_move": s.to_move,
        "pending": pending,
        "seats": seats,
    }
    if seat is not None and seat == s.to_move:
        out["legal"] = []
        for a in game.legal_actions(s):
            if a.kind == "undo":  # not the game's own move: what the seat knows is the same with undo on or off
                continue
            said = game.say(s, a)
            out["legal"].append({"action": a.to_json(), "index": a.index, "text": said.text, "say": said.to_json()})
    if over:
        res = game.result(s)
        out["result"] = res.to_json() if res is not None else None
    return out
