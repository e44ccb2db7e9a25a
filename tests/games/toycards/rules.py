"""The rules of Tops (see the package's docstring), written against ``realms.core`` alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core.errors import IllegalAction
from realms.core.game import Action, Event, Game, Result
from realms.core.options import Option
from realms.core.rng import Rng, check_seed

VALUES = range(1, 7)
DECK = [v for v in VALUES for _ in range(2)]
HAND = 2
#: action i plays a card of value i + 1
ACTIONS = tuple(Action(v - 1, "play", {"card": v}, f"play {v}") for v in VALUES)


class TopsState:
    __slots__ = ("players", "to_move", "deck", "hands", "played")

    def __init__(self, players: int, deck: list[int]) -> None:
        self.players = players
        self.to_move: int | None = 0
        self.hands = [deck[HAND * q:HAND * (q + 1)] for q in range(players)]
        self.deck = deck[HAND * players:]  # the top card is the last
        self.played: list[list[int]] = [[] for _ in range(players)]

    def clone(self) -> TopsState:
        s = TopsState.__new__(TopsState)
        s.players, s.to_move, s.deck = self.players, self.to_move, self.deck[:]
        s.hands = [h[:] for h in self.hands]
        s.played = [p[:] for p in self.played]
        return s

    def to_data(self) -> dict[str, Any]:
        return {"players": self.players, "to_move": self.to_move, "deck": self.deck[:],
                "hands": [h[:] for h in self.hands], "played": [p[:] for p in self.played]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TopsState:
        s = cls.__new__(cls)
        s.players, s.to_move, s.deck = data["players"], data["to_move"], list(data["deck"])
        s.hands = [list(h) for h in data["hands"]]
        s.played = [list(p) for p in data["played"]]
        return s


class Tops(Game):
    id = "toy-tops"
    name = "Tops"
    min_players, max_players = 2, 3
    options_spec = (Option("players", "int", 2, "number of players", minimum=2, maximum=3),)
    actions = ACTIONS
    spiel_bounds = (len(DECK), sum(DECK))

    def new(self, options: Mapping[str, Any] | None, seed: int) -> TopsState:
        opts = self.validate_options(options)
        deck = DECK[:]
        Rng(check_seed(self.id, seed)).shuffle(deck)
        return TopsState(opts["players"], deck)

    def legal_actions(self, state: TopsState) -> list[Action]:
        if state.to_move is None:
            return []
        return [ACTIONS[v - 1] for v in sorted(set(state.hands[state.to_move]))]

    def apply(self, state: TopsState, action: Action, log: bool = False) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{self.id}: {action} is not legal now")
        seat = state.to_move
        assert seat is not None
        card = action["card"]
        state.hands[seat].remove(card)
        state.played[seat].append(card)
        events = [Event("play", seat, f"seat {seat + 1} played {card}", {"card": card})] if log else []
        if state.deck:
            drawn = state.deck.pop()
            state.hands[seat].append(drawn)
            if log:
                events.append(Event("draw", seat, f"drew {drawn}", {"card": drawn}, visible_to=seat))
        ahead = [(seat + k) % state.players for k in range(1, state.players + 1)]
        state.to_move = next((q for q in ahead if state.hands[q]), None)
        return events

    def view(self, state: TopsState, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "to_move": state.to_move, "deck": len(state.deck),
                "hands": [sorted(h) if q == seat else len(h) for q, h in enumerate(state.hands)],
                "played": [p[:] for p in state.played], "scores": [sum(p) for p in state.played]}

    def result(self, state: TopsState) -> Result | None:
        if state.to_move is not None:
            return None
        scores = [sum(p) for p in state.played]
        return Result.from_keys(scores, [(p.count(6),) for p in state.played],
                                lambda: [{"cards": len(p), "sixes": p.count(6)} for p in state.played])

    def determinize(self, state: TopsState, seat: int, rng: Rng) -> TopsState:
        """The seat's own hand and every played card stay; the other hands and the deck are dealt afresh."""
        s = state.clone()
        others = [q for q in range(s.players) if q != seat]
        unseen = s.deck + [c for q in others for c in s.hands[q]]
        rng.shuffle(unseen)
        for q in others:
            n = len(s.hands[q])
            s.hands[q], unseen = unseen[:n], unseen[n:]
        s.deck = unseen
        return s

    def turns(self, state: TopsState) -> list[int]:
        return [len(p) for p in state.played]
