"""Replays of finished games: stepping through a game costs O(n) applies overall, not O(n²).

Each game being replayed keeps a cursor (a state after ``at`` actions) that moves forward, and a checkpoint
(a copy of the state) every ``EVERY`` actions, so a step backwards replays at most ``EVERY - 1`` actions
from the checkpoint below it. The spectator-visible events of every step are kept as they are met. At most
``GAMES`` games are kept (least recently replayed goes first); a finished game never changes, so nothing
goes stale.

The first step asked for walks the whole game once, to learn where each turn begins (a step after which
the seats' turn counts, ``game.turns``, went up): the viewer steps by turn as well as by action. A replay
is of a finished game, so it shows everything that was hidden while it was played: each seat's own part
of the view (a Dominion hand, deck and discard) from that seat's view, the rest as a spectator sees it.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from typing import Any

EVERY = 32
GAMES = 16
LOG = 100  # events sent with a step


class Replay:
    def __init__(self, game: Any, record: dict[str, Any], seats: list[dict[str, Any]] | None = None) -> None:
        self.game, self.record = game, record
        #: who sat where, as the table named them: {"seat", "kind", "agent", "access", "name"} (an account's name;
        #: no secret)
        self.seats = seats
        self.actions = record["actions"]
        self.state = game.new(record["options"], record["seed"])
        self.at = 0
        self.events: list[list[Any]] = []  # spectator-visible events of each step met so far
        self.checkpoints: dict[int, Any] = {0: self.state.clone()}
        self.lock = threading.Lock()
        self.turn_starts: list[int] | None = None  # the step each turn begins at (the first walk fills it)

    def _advance(self, step: int, turns: list[int] | None = None) -> None:
        """Moves the cursor forward to ``step``, keeping events and checkpoints (and turn starts in ``turns``)."""
        game = self.game
        while self.at < step:
            before = sum(game.turns(self.state)) if turns is not None else 0
            events = game.apply(self.state, game.action_from_json(self.actions[self.at]), log=True)
            if len(self.events) == self.at:
                self.events.append([e for e in events if e.visible(None)])
            self.at += 1
            if self.at % EVERY == 0 and self.at not in self.checkpoints:
                self.checkpoints[self.at] = self.state.clone()
            if turns is not None and self.at < len(self.actions) and sum(game.turns(self.state)) > before:
                turns.append(self.at)

    def seek(self, step: int) -> dict[str, Any]:
        game = self.game
        step = max(0, min(step, len(self.actions)))
        with self.lock:
            if self.turn_starts is None:  # once: the whole game, for its turns
                turns = [0]
                self._advance(len(self.actions), turns)
                self.turn_starts = turns
            if step < self.at:
                base = max(k for k in self.checkpoints if k <= step)
                self.state, self.at = self.checkpoints[base].clone(), base
            self._advance(step)
            recent: list[Any] = []
            for i in range(step - 1, -1, -1):
                recent[:0] = self.events[i]
                if len(recent) >= LOG:
                    break
            recent = recent[-LOG:]
            result = game.result(self.state)
            return {"game": game.id, "steps": len(self.actions), "step": step, "players": self.record["players"],
                    "seats": self.seats,
                    "view": revealed_view(game, self.state), "log": [e.text for e in recent],
                    # the same entries as structured events, for the browser to word in its reader's language
                    "entries": [{"kind": e.kind, "seat": e.seat, "text": e.text, "data": e.data} for e in recent],
                    "result": result.to_json() if result is not None else None,
                    "turn_starts": self.turn_starts, "turn": bisect.bisect_right(self.turn_starts, step) - 1,
                    "revealed": True}


def revealed_view(game: Any, state: Any) -> dict[str, Any]:
    """The view with nothing hidden: a spectator's, each seat's own entry in ``seats`` taken from that seat's
    view (where a game's view lists seats so); for finished games only."""
    view: dict[str, Any] = game.view(state, None)
    seats = view.get("seats")
    if isinstance(seats, list):
        for q, entry in enumerate(seats):
            if isinstance(entry, dict) and entry.get("seat") == q:
                own = game.view(state, q).get("seats")
                if isinstance(own, list) and q < len(own):
                    seats[q] = own[q]
    return view


class Replays:
    """The replays being stepped through, by game id (bounded: GAMES of them)."""

    def __init__(self, games: int = GAMES) -> None:
        self.most = games
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, gid: str) -> Replay | None:
        """The replay of ``gid`` if kept; else None (make one with ``add``)."""
        with self.lock:
            r = self.replays.get(gid)
            if r is not None:
                self.replays.move_to_end(gid)
            return r

    def add(self, gid: str, replay: Replay) -> Replay:
        with self.lock:
            kept = self.replays.setdefault(gid, replay)
            self.replays.move_to_end(gid)
            while len(self.replays) > self.most:
                self.replays.popitem(last=False)
            return kept
