"""Game records: (options, seed, actions) plus metadata, saved as JSON and replayed with checks.

>>> import realms.games
>>> from realms.core.record import GameRecord, replay
>>> game = realms.games.get("kingdomino")
>>> rec = GameRecord.start(game, {"players": 2}, seed=4, players=["random", "random"])
>>> state = rec.state
>>> rec.play(game.legal_actions(state)[0])  # the events, built only with log=True
[]
>>> replay(rec.to_json(), require_finished=False).actions_applied
1
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from realms.core.errors import OptionsError, RealmsError, RecordError
from realms.core.game import Action, Event, Game

FORMAT = "realms-record"
VERSION = 1
REQUIRED = ("format", "version", "game", "options", "seed", "players", "actions")


class GameRecord:
    """A game being played (or finished) together with everything needed to replay it."""

    def __init__(self, game: Game, options: dict[str, Any], seed: int, players: list[str], state: Any) -> None:
        self.game = game
        self.options = options
        self.seed = seed
        self.players = players
        self.state = state
        self.actions: list[Action] = []

    @classmethod
    def start(cls, game: Game, options: Mapping[str, Any] | None, seed: int, players: list[str]) -> GameRecord:
        opts = game.validate_options(options)
        state = game.new(opts, seed)
        if len(players) != game.players(state):
            raise OptionsError(f"{game.id}: {len(players)} player names for {game.players(state)} seats")
        return cls(game, opts, seed, list(players), state)

    def play(self, action: Action, log: bool = False) -> list[Event]:
        events = self.game.apply(self.state, action, log=log)
        self.actions.append(action)
        return events

    def to_json(self) -> dict[str, Any]:
        result = self.game.result(self.state)
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.id,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": [a.to_json() for a in self.actions],
            "result": result.to_json() if result is not None else None,
            "final_hash": self.game.state_hash(self.state),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


@dataclass
class Replay:
    game: Game
    state: Any
    actions_applied: int
    record: dict[str, Any]

    @property
    def result(self) -> Any:
        return self.game.result(self.state)


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file; a file that is not JSON is a RecordError naming where it broke."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read record {path}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise RecordError(f"record {path} is not UTF-8 text (byte {e.object[e.start]:#04x} at offset {e.start}); "
                          "a record is JSON in UTF-8") from None
    return parse(text, str(path))


def parse(text: str, where: str = "record") -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{where} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be a JSON object, not {type(data).__name__}")
    return data


def _check_shape(record: Mapping[str, Any]) -> None:
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    if record["format"] != FORMAT:
        raise RecordError(f"record format is {record['format']!r}, expected {FORMAT!r}")
    if not isinstance(record["game"], str):
        raise RecordError(f"record game must be a game's name (a string), got {record['game']!r:.40}")
    if record["version"] != VERSION:
        raise RecordError(f"record version {record['version']!r} is not supported (this is version {VERSION})")
    if not isinstance(record["seed"], int) or isinstance(record["seed"], bool):
        raise RecordError(f"record seed must be an integer, got {record['seed']!r}")
    if not isinstance(record["actions"], list):
        raise RecordError("record actions must be a list")
    if not isinstance(record["players"], list) or not all(isinstance(p, str) for p in record["players"]):
        raise RecordError("record players must be a list of names")
    if not isinstance(record["options"], Mapping):
        raise RecordError("record options must be an object")


def iter_states(record: Mapping[str, Any]) -> Iterator[tuple[Game, Any, Action | None]]:
    """Yield (game, state, action just applied) from the start state through every action.

    The same state object is mutated and yielded each time; clone it to keep it.
    """
    import realms.games

    _check_shape(record)
    try:
        game = realms.games.get(record["game"])
    except RealmsError as e:
        raise RecordError(f"record: {e}") from None
    try:
        state = game.new(record["options"], record["seed"])
    except RealmsError as e:
        raise RecordError(f"record options are invalid: {e}") from None
    if len(record["players"]) != game.players(state):
        raise RecordError(f"record names {len(record['players'])} players for {game.players(state)} seats")
    yield game, state, None
    for i, data in enumerate(record["actions"]):
        try:
            action = game.action_from_json(data)
            game.apply(state, action)
        except RealmsError as e:
            raise RecordError(f"record action {i + 1} of {len(record['actions'])} ({json.dumps(data)}) "
                              f"cannot be played: {e}") from None
        yield game, state, action


def replay(record: Mapping[str, Any], verify: bool = True, require_finished: bool = True) -> Replay:
    """Replay ``record``. With ``verify``, the recorded result and final hash must match the replay."""
    game = state = None
    n = -1
    for step in iter_states(record):
        game, state, _ = step
        n += 1
    assert game is not None
    finished = game.is_over(state)
    if require_finished and not finished:
        raise RecordError(f"record ends after {n} actions but the game is not over")
    if verify:
        claimed = record.get("result")
        actual = game.result(state)
        actual_json = actual.to_json() if actual is not None else None
        if claimed is not None or finished:
            if claimed != _jsonable(actual_json):
                raise RecordError(
                    "record result does not match the replay: recorded scores "
                    f"{(claimed or {}).get('scores') if isinstance(claimed, Mapping) else claimed!r}, "
                    f"replayed scores {actual.scores if actual else None}"
                    + ("" if actual is None or not isinstance(claimed, Mapping)
                       or claimed.get("scores") != actual.scores else " (the breakdown or ranks differ)")
                )
        if "final_hash" in record and record["final_hash"] != game.state_hash(state):
            raise RecordError("record final_hash does not match the replayed state")
    return Replay(game, state, n, dict(record))


def _jsonable(data: Any) -> Any:
    return json.loads(json.dumps(data))
