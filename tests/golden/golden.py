"""Playing, writing, reading and replaying golden playthroughs.

A golden file holds, for one seeded game, one line per step: the seat to move, the text of the action it took
(``Action.text``, e.g. ``buy Smithy``) and how many actions were legal. Beside the steps: a digest of every
step's legal actions as their sorted texts, a digest of what each seat and a spectator see at the end
(``Game.view``), and the result (scores, ranks, tiebreak keys and each seat's breakdown).

Everything is keyed by names, never by action indices, card or tile ids or the layout of a state's arrays,
so adding a card, a tile or an action that the game does not use leaves every golden file as it is; a
rule change still fails at the first step it touches.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import realms.games
from realms.agents import make_agent
from realms.core.agents import choose
from realms.core.game import Action, Game, canonical_json
from realms.core.rng import derive_seed
from tests.golden.variant import Variant

DATA = Path(__file__).parent / "data"
FORMAT = 2
STEP = re.compile(r"^(\d+) +seat (\d+)  (.+)  \[legal (\d+)\]$")
# a view's "id" is a place in the game's own tables (a Burgundy tile's row); the name and fields beside it say
# what the thing is, so the digest leaves ids out
VIEW_SKIPS = frozenset({"id"})


def path_of(v: Variant) -> Path:
    return DATA / f"{v.name}.json"


def _header(v: Variant) -> dict[str, Any]:
    return {"format": FORMAT, "game": v.game, "variant": v.name, "options": v.options, "seed": v.seed,
            "agents": list(v.agents)}


def step_line(n: int, seat: int, text: str, legal: int) -> str:
    """One step as the file writes it: ``12  seat 2  buy Smithy  [legal 7]`` (seats count from 1)."""
    return f"{n:<3} seat {seat + 1}  {text}  [legal {legal}]"


def parse_step(line: str) -> tuple[int, int, str, int]:
    """(step number, seat from 0, action text, number of legal actions) of a ``step_line``."""
    m = STEP.match(line)
    if m is None:
        raise ValueError(f"not a golden step: {line!r}")
    return int(m[1]), int(m[2]) - 1, m[3], int(m[4])


def _legal_digest() -> Any:
    return hashlib.sha256()


def _add_step(digest: Any, legal: list[Action]) -> None:
    digest.update(json.dumps(sorted(a.text for a in legal)).encode() + b"\n")


def _without_ids(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_ids(v) for k, v in data.items() if k not in VIEW_SKIPS}
    if isinstance(data, list | tuple):
        return [_without_ids(v) for v in data]
    return data


def views_digest(game: Game, state: Any) -> str:
    """A digest of what a spectator and every seat see of ``state``, ids left out."""
    views = [game.view(state, seat) for seat in [None, *range(game.players(state))]]
    return hashlib.sha256(canonical_json(_without_ids(views)).encode()).hexdigest()


def _ending(game: Game, state: Any) -> dict[str, Any]:
    result = game.result(state)
    assert result is not None
    out = result.to_json()
    return {"views_digest": views_digest(game, state), "scores": out["scores"], "ranks": out["ranks"],
            "tiebreak": out["tiebreak"], "breakdown": json.loads(json.dumps(out["breakdown"]))}


def play(v: Variant) -> dict[str, Any]:
    """Play the variant's game with its agents; the golden record of it."""
    game = realms.games.get(v.game)
    state = game.new(v.options, v.seed)
    agents = [make_agent(name, game, derive_seed(v.seed, i)) for i, name in enumerate(v.agents)]
    steps: list[str] = []
    digest = _legal_digest()
    while state.to_move is not None:
        seat = state.to_move
        legal = game.legal_actions(state)
        _add_step(digest, legal)
        action = choose(agents[seat], game, state)  # as the simulator asks: the seat's copy
        steps.append(step_line(len(steps), seat, action.text, len(legal)))
        game.apply(state, action)
    return {**_header(v), "steps": steps, "legal_digest": digest.hexdigest(), **_ending(game, state)}


def dumps(record: dict[str, Any]) -> str:
    """JSON with one key a line, one step a line and one seat's breakdown a line, so a change shows in a diff."""
    lines = ["{"]
    for key, value in record.items():
        if key in ("steps", "breakdown"):
            lines.append(f"  {json.dumps(key)}: [")
            items = [json.dumps(x, separators=(",", ":"), sort_keys=True) for x in value]
            lines.extend(f"    {x}," for x in items)
            if items:
                lines[-1] = lines[-1].rstrip(",")
            lines.append("  ],")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, separators=(',', ':'), sort_keys=True)},")
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load(v: Variant) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path_of(v).read_text())
    return data


def replay(v: Variant, record: dict[str, Any], game: Game | None = None) -> list[str]:
    """Replay ``record`` step by step; the differences from it (empty when it replays exactly).

    Actions are found by their text among the legal ones, so ``game`` (the registered game by default) may
    number its actions in any order."""
    game = game if game is not None else realms.games.get(v.game)
    header = _header(v)
    diffs = [f"{k}: file {record.get(k)!r}, variant {header[k]!r}" for k in header if record.get(k) != header[k]]
    if diffs:
        return diffs
    state = game.new(v.options, v.seed)
    digest = _legal_digest()
    for n, line in enumerate(record["steps"]):
        try:
            number, seat, text, count = parse_step(line)
        except ValueError as e:
            return [f"step {n}: {e}"]
        if number != n:
            return [f"step {n}: the line is numbered {number}"]
        if state.to_move is None:
            return [f"step {n}: the game is over, the file has {len(record['steps']) - n} more steps"]
        if state.to_move != seat:
            return [f"step {n}: seat {state.to_move + 1} is to move, the file says seat {seat + 1}"]
        legal = game.legal_actions(state)
        if len(legal) != count:
            return [f"step {n}: {len(legal)} legal actions, the file says {count} ({text})"]
        chosen = [a for a in legal if a.text == text]
        if not chosen:
            return [f"step {n}: {text!r} is not legal here"]
        _add_step(digest, legal)
        game.apply(state, chosen[0])
    if state.to_move is not None:
        return [f"after {len(record['steps'])} steps the game is not over (seat {state.to_move + 1} to move)"]
    out = []
    if digest.hexdigest() != record["legal_digest"]:
        out.append("the lists of legal actions differ from the file's (same counts, other actions)")
    ending = _ending(game, state)
    if ending["views_digest"] != record["views_digest"]:
        out.append("what the seats see at the end differs (views_digest)")
    for key in ("scores", "ranks", "tiebreak"):
        if ending[key] != record[key]:
            out.append(f"final {key} {ending[key]}, the file says {record[key]}")
    out.extend(_breakdown_diffs(ending["breakdown"], record["breakdown"]))
    return out


def _breakdown_diffs(now: list[dict[str, Any]], file: list[dict[str, Any]]) -> list[str]:
    if len(now) != len(file):
        return [f"the result breaks down {len(now)} seats, the file {len(file)}"]
    out = []
    for seat, (a, b) in enumerate(zip(now, file, strict=True)):
        keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        if keys:
            out.append(f"seat {seat + 1}'s result breakdown differs in {', '.join(keys)}")
    return out
