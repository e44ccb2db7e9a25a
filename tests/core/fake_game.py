"""A tiny game for tests of the plug-in points: Nim with one pile, take 1-3 counters, who takes the last wins.

It declares every plug-in a game can: its own agents with a default, a strategy-file loader, a renderer,
a calculator and simulator statistics.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from realms.core.agents import Agent, AgentFactory, StrategyLoader
from realms.core.errors import IllegalAction, RealmsError
from realms.core.game import Action, Event, Game, Result
from realms.core.options import Option, validate_options
from realms.core.plugins import Calculator, Renderer
from realms.core.rng import Rng

ACTIONS = tuple(Action(i, "take", {"n": i + 1}) for i in range(3))


class NimState:
    __slots__ = ("pile", "to_move", "taken", "turns_taken", "players")

    def __init__(self, pile: int) -> None:
        self.pile = pile
        self.to_move: int | None = 0
        self.taken = [0, 0]
        self.turns_taken = [0, 0]
        self.players = 2

    def clone(self) -> NimState:
        s = NimState(self.pile)
        s.to_move, s.taken, s.turns_taken = self.to_move, self.taken[:], self.turns_taken[:]
        return s

    def to_data(self) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "taken": self.taken[:], "turns": self.turns_taken[:]}


class TakeMost(Agent):
    name = "take-most"

    def act(self, game: Game, state: Any) -> Action:
        return game.legal_actions(state)[-1]


class TakeFixed(Agent):
    """Takes ``n`` whenever it may (from a strategy file), else the most it may."""

    def __init__(self, rng: Rng, n: int) -> None:
        super().__init__(rng)
        self.n = n

    def act(self, game: Game, state: Any) -> Action:
        legal = game.legal_actions(state)
        return next((a for a in legal if a["n"] == self.n), legal[-1])


def load_strategy(path: str, rng: Rng) -> Agent:
    try:
        n = tomllib.loads(Path(path).read_text())["take"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as e:
        raise RealmsError(f"{path}: not a Nim strategy ({e})") from None
    return TakeFixed(rng, int(n))


class NimRenderer:
    def render(self, view: dict[str, Any], names: list[str]) -> Any:
        return f"pile: {view['pile']} ({names[view['to_move']] if view['to_move'] is not None else 'over'})"

    def render_result(self, result: dict[str, Any], names: list[str]) -> Any:
        return "winner: " + ", ".join(names[s] for s in result["winners"])


class Pile:
    def __init__(self, counters: int, misere: bool) -> None:
        self.counters, self.misere = counters, misere

    def to_json(self) -> dict[str, Any]:
        first_wins = (self.counters - self.misere) % 4 != 0
        return {"counters": self.counters, "first_player_wins": first_wins}

    def render(self) -> Any:
        outcome = "wins" if self.to_json()["first_player_wins"] else "loses"
        return f"{self.counters} counters: the first player {outcome}"


class PileCalculator:
    options_spec = (Option("misere", "bool", False),)

    def score(self, text: str, options: Mapping[str, Any]) -> Pile:
        opts = validate_options(self.options_spec, options, game="nim calculator")
        if not text.strip().isdigit():
            raise RealmsError(f"a pile is a number of counters, got {text.strip()!r}")
        return Pile(int(text), opts["misere"])


class Nim(Game):
    id = "test-nim"
    name = "Nim"
    min_players = max_players = 2
    options_spec = (Option("pile", "int", 10, minimum=1, maximum=100),)
    actions = ACTIONS
    default_agent = "take-most"

    def new(self, options: Mapping[str, Any] | None, seed: int) -> NimState:
        return NimState(self.validate_options(options)["pile"])

    def legal_actions(self, state: NimState) -> list[Action]:
        return list(ACTIONS[: min(3, state.pile)]) if state.to_move is not None else []

    def apply(self, state: NimState, action: Action, log: bool = False) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"cannot take {action['n']} from {state.pile}")
        seat = state.to_move
        assert seat is not None
        state.pile -= action["n"]
        state.taken[seat] += action["n"]
        state.turns_taken[seat] += 1
        state.to_move = None if state.pile == 0 else 1 - seat
        if state.to_move is None:
            state.taken.append(seat)  # the winner, kept after the two counts
        return [Event("take", seat, f"took {action['n']}")] if log else []

    def view(self, state: NimState, seat: int | None) -> dict[str, Any]:
        return {"pile": state.pile, "to_move": state.to_move, "seat": seat}

    def result(self, state: NimState) -> Result | None:
        if state.to_move is not None:
            return None
        winner = state.taken[2]
        scores = [1 if s == winner else 0 for s in range(2)]
        return Result.from_keys(scores, [(), ()], [{} for _ in range(2)])

    def determinize(self, state: NimState, seat: int, rng: Rng) -> NimState:
        return state.clone()

    def turns(self, state: NimState) -> list[int]:
        return list(state.turns_taken)

    # --- its plug-ins
    def agents(self) -> Mapping[str, AgentFactory]:
        return {"take-most": TakeMost}

    def strategy_loader(self) -> StrategyLoader:
        return load_strategy

    def renderer(self) -> Renderer:
        return NimRenderer()

    def calculator(self) -> Calculator:
        return PileCalculator()

    def stats(self, state: NimState) -> list[dict[str, float]]:
        return [{"counters_taken": float(state.taken[s])} for s in range(2)]
