"""Playing, writing, reading and replaying golden playthroughs.

A golden file holds, for one seeded game, each step's number of legal actions and the index of the action
taken, a digest of every step's full list of legal action indices, and the final state hash and scores.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import realms.games
from realms.agents import make_agent
from realms.core.agents import choose
from realms.core.rng import derive_seed
from tests.golden.variants import Variant

DATA = Path(__file__).parent / "data"
FORMAT = 1
PAIRS_PER_LINE = 12


def path_of(v: Variant) -> Path:
    return DATA / f"{v.name}.json"


def _header(v: Variant) -> dict[str, Any]:
    return {"format": FORMAT, "game": v.game, "variant": v.name, "options": v.options, "seed": v.seed,
            "agents": list(v.agents)}


def _legal_digest() -> Any:
    return hashlib.sha256()


def _add_step(digest: Any, legal: list[int]) -> None:
    digest.update(len(legal).to_bytes(4, "little"))
    for i in legal:
        digest.update(i.to_bytes(4, "little"))


def play(v: Variant) -> dict[str, Any]:
    """Play the variant's game with its agents; the golden record of it."""
    game = realms.games.get(v.game)
    state = game.new(v.options, v.seed)
    agents = [make_agent(name, game, derive_seed(v.seed, i)) for i, name in enumerate(v.agents)]
    steps: list[list[int]] = []
    digest = _legal_digest()
    while state.to_move is not None:
        legal = game.legal_actions(state)
        _add_step(digest, [a.index for a in legal])
        action = choose(agents[state.to_move], game, state)  # as the simulator asks: the seat's copy
        steps.append([len(legal), action.index])
        game.apply(state, action)
    return {**_header(v), "steps": steps, "legal_digest": digest.hexdigest(),
            "final_hash": game.state_hash(state), "scores": list(game.result(state).scores)}


def dumps(record: dict[str, Any]) -> str:
    """Compact JSON, one key a line and the steps a few pairs a line, so a change shows in a diff."""
    lines = ["{"]
    for key, value in record.items():
        if key == "steps":
            lines.append('  "steps": [')
            steps = value
            for i in range(0, len(steps), PAIRS_PER_LINE):
                chunk = ",".join(f"[{c},{a}]" for c, a in steps[i:i + PAIRS_PER_LINE])
                lines.append("    " + chunk + ("," if i + PAIRS_PER_LINE < len(steps) else ""))
            lines.append("  ],")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, separators=(',', ':'), sort_keys=True)},")
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load(v: Variant) -> dict[str, Any]:
    return json.loads(path_of(v).read_text())


def replay(v: Variant, record: dict[str, Any]) -> list[str]:
    """Replay ``record`` step by step; the differences from it (empty when it replays exactly)."""
    game = realms.games.get(v.game)
    header = _header(v)
    diffs = [f"{k}: file {record.get(k)!r}, variant {header[k]!r}" for k in header if record.get(k) != header[k]]
    if diffs:
        return diffs
    state = game.new(v.options, v.seed)
    digest = _legal_digest()
    for n, (count, index) in enumerate(record["steps"]):
        if state.to_move is None:
            return [f"step {n}: the game is over, the file has {len(record['steps']) - n} more steps"]
        legal = game.legal_actions(state)
        if len(legal) != count:
            return [f"step {n}: {len(legal)} legal actions, the file says {count}"]
        indices = [a.index for a in legal]
        if index not in indices:
            return [f"step {n}: action {index} ({game.action_from_index(index)}) is no longer legal"]
        _add_step(digest, indices)
        game.apply(state, game.action_from_index(index))
    if state.to_move is not None:
        return [f"after {len(record['steps'])} steps the game is not over (seat {state.to_move + 1} to move)"]
    out = []
    if digest.hexdigest() != record["legal_digest"]:
        out.append("the lists of legal actions differ from the file's (same counts, other actions)")
    if game.state_hash(state) != record["final_hash"]:
        out.append("the final state hash differs")
    scores = list(game.result(state).scores)
    if scores != record["scores"]:
        out.append(f"final scores {scores}, the file says {record['scores']}")
    return out
