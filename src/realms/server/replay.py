"""Replays of finished games: stepping through a game costs O(n) applies overall, not O(n²).

Each game being replayed keeps a cursor (a state after ``at`` actions) that moves forward, and a checkpoint
(a copy of the state) every ``EVERY`` actions, so a step backwards replays at most ``EVERY - 1`` actions
from the checkpoint below it. The spectator-visible events of every step are kept as they are met. At most
``GAMES`` games are kept (least recently replayed goes first); a finished game never changes, so nothing
goes stale.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

EVERY = 32
GAMES = 16
LOG = 100  # events sent with a step


class Replay:
    def __init__(self, game: Any, record: dict[str, Any]) -> None:
        self.game, self.record = game, record
        self.actions = record["actions"]
        self.state = game.new(record["options"], record["seed"])
        self.at = 0
        self.events: list[list[Any]] = []  # spectator-visible events of each step met so far
        self.checkpoints: dict[int, Any] = {0: self.state.clone()}
        self.lock = threading.Lock()

    def seek(self, step: int) -> dict[str, Any]:
        game = self.game
        step = max(0, min(step, len(self.actions)))
        with self.lock:
            if step < self.at:
                base = max(k for k in self.checkpoints if k <= step)
                self.state, self.at = self.checkpoints[base].clone(), base
            while self.at < step:
                events = game.apply(self.state, game.action_from_json(self.actions[self.at]), log=True)
                if len(self.events) == self.at:
                    self.events.append([e for e in events if e.visible(None)])
                self.at += 1
                if self.at % EVERY == 0 and self.at not in self.checkpoints:
                    self.checkpoints[self.at] = self.state.clone()
            recent: list[Any] = []
            for i in range(step - 1, -1, -1):
                recent[:0] = self.events[i]
                if len(recent) >= LOG:
                    break
            recent = recent[-LOG:]
            result = game.result(self.state)
            return {"game": game.id, "steps": len(self.actions), "step": step, "players": self.record["players"],
                    "view": game.view(self.state, None), "log": [e.text for e in recent],
                    # the same entries as structured events, for the browser to word in its reader's language
                    "entries": [{"kind": e.kind, "seat": e.seat, "text": e.text, "data": e.data} for e in recent],
                    "result": result.to_json() if result is not None else None}


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
