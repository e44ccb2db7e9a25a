"""Steps per second of a random agent through the PettingZoo AEC API, against the bare protocol.

For each game it plays the same seeded games twice, interleaved game by game so that both see the same
machine load:

- *bare*: ``legal_actions``, a uniform choice, ``apply`` — the protocol's own cost per action;
- *env*: ``env.last()`` (observation encoding and action mask), a uniform choice among the mask's legal
  indices, ``env.step`` — what an RL loop pays per action.

It prints actions per second for both loops and their ratio (random agent included), and the
environment's own overhead: the time inside ``env.last()`` and ``env.step()`` per action, less the time
inside ``legal_actions`` and ``apply`` per action of the bare loop, over the latter, (env - bare) / bare.

The calls are timed one by one with ``perf_counter``. On a shared machine a call now and then includes the
time the process waited for the CPU (milliseconds, against microseconds of work): an action whose calls took
longer than ``CUTOFF`` is left out of the per-action figures of its loop, and the share left out is printed.

``--parts`` plays each game a third time with the encoder replaced by a stand-in that returns a copy of a
zero vector: the environment's calls without the encoding (its bookkeeping, the mask, one copy).

``--reps=R`` plays each seed's game R times in each loop, interleaved, and keeps the run whose timed calls took
least per action: waiting for the CPU only ever adds time, so on a loaded machine the least of a few runs
is nearer the work itself than the cutoff alone (``reps`` in the output; 1 by default).

``--against=DIR`` plays each game once more with the encoder of another checkout (``DIR/src/realms/games/<game>/
observe.py``, loaded as a module of its own; e.g. ``git worktree add /tmp/old HEAD~3``), interleaved with the
others: before and after a change to an encoder under the same load (``env_calls_against_us``,
``overhead_against``).

    python benchmarks/rl_steps.py [SECONDS_PER_GAME] [--json] [--parts] [--reps=R] [--against=DIR]
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import realms.games
import realms.rl
from realms.core.plugins import Observer
from realms.core.rng import Rng

#: every registered game, two players
GAMES = [(game_id, {"players": 2}) for game_id in realms.games.ids()]
#: an action whose timed calls took longer than this (seconds) waited for the CPU: left out (see above)
CUTOFF = 0.0005


def bare_game(game_id: str, options: dict, seed: int) -> tuple[int, float, float, int]:
    """(actions, whole loop seconds, seconds inside legal_actions and apply, actions left out)."""
    game = realms.games.get(game_id)
    rng = Rng(seed)
    clock = time.perf_counter
    t0 = clock()
    state = game.new(options, seed)
    n = out = 0
    inside = 0.0
    while state.to_move is not None:
        a = clock()
        actions = game.legal_actions(state)
        b = clock()
        action = actions[rng.below(len(actions))]
        c = clock()
        game.apply(state, action)
        t = (b - a) + (clock() - c)
        if t < CUTOFF:
            inside += t
        else:
            out += 1
        n += 1
    return n, clock() - t0, inside, out


def env_game(env: realms.rl.RealmsAEC, seed: int) -> tuple[int, float, float, int]:
    """(live steps, whole loop seconds, seconds inside env.last() and env.step() of live steps, steps left
    out)."""
    rng = Rng(seed)
    clock = time.perf_counter
    t0 = clock()
    env.reset(seed=seed)
    n = out = 0
    inside = 0.0
    for _agent in env.agent_iter():
        a = clock()
        obs, _reward, term, trunc, _info = env.last()
        b = clock()
        if term or trunc:
            env.step(None)
            continue
        assert obs is not None
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.below(len(legal))])
        c = clock()
        env.step(action)
        t = (b - a) + (clock() - c)
        if t < CUTOFF:
            inside += t
        else:
            out += 1
        n += 1
    return n, clock() - t0, inside, out


class _CopyOnly:
    """A stand-in encoder for ``--parts``: a copy of a zero vector of the game's size, the least any
    encoder returns."""

    def __init__(self, observer: Observer, size: int) -> None:
        self.fields = observer.fields
        self.zeros = np.zeros(size, dtype=np.float32)

    def encode(self, state: object, seat: int) -> np.ndarray:
        return self.zeros.copy()


def _other_observer(tree: str, game_id: str) -> Any:
    """The encoder ``OBSERVER`` of ``game_id`` in the checkout at ``tree``, as a module of its own."""
    path = Path(tree) / "src" / "realms" / "games" / game_id / "observe.py"
    spec = importlib.util.spec_from_file_location(f"_against_{game_id}_observe", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.OBSERVER


def _inside(run: tuple[int, float, float, int]) -> float:
    """The time inside the timed calls of one game's run, per action kept."""
    n, _t, inside, out = run
    return inside / max(1, n - out)


def measure(game_id: str, options: dict, seconds: float, parts: bool = False, reps: int = 1,
            against: str | None = None) -> dict:
    env = realms.rl.env(game_id, options)
    observer = env.table.observer
    stand_in = _CopyOnly(observer, env.table.obs_size)
    other = _other_observer(against, game_id) if against else None
    bare_n = env_n = bare_out = env_out = part_n = part_out = other_n = other_out = 0
    bare_t = env_t = bare_in = env_in = part_in = other_in = 0.0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or seed < 2:
        # each loop's game played ``reps`` times, interleaved; the one whose timed calls took least is kept
        bare_runs, env_runs, part_runs, other_runs = [], [], [], []
        for _ in range(reps):
            bare_runs.append(bare_game(game_id, options, seed))
            if other is not None:
                env.table.observer = other
                other_runs.append(env_game(env, seed))
                env.table.observer = observer
            env_runs.append(env_game(env, seed))
            if parts:
                env.table.observer = stand_in
                part_runs.append(env_game(env, seed))
                env.table.observer = observer
        n, t, i, o = min(bare_runs, key=_inside)
        bare_n, bare_t, bare_in, bare_out = bare_n + n, bare_t + t, bare_in + i, bare_out + o
        n, t, i, o = min(env_runs, key=_inside)
        env_n, env_t, env_in, env_out = env_n + n, env_t + t, env_in + i, env_out + o
        if parts:
            n, _t, i, o = min(part_runs, key=_inside)
            part_n, part_in, part_out = part_n + n, part_in + i, part_out + o
        if other is not None:
            n, _t, i, o = min(other_runs, key=_inside)
            other_n, other_in, other_out = other_n + n, other_in + i, other_out + o
        seed += 1
    bare_us = bare_t / bare_n * 1e6
    env_us = env_t / env_n * 1e6
    bare_in_us = bare_in / (bare_n - bare_out) * 1e6
    env_in_us = env_in / (env_n - env_out) * 1e6
    row = {"game": game_id, "options": options, "games": seed, "reps": reps,
           "bare_actions_per_s": round(bare_n / bare_t), "env_steps_per_s": round(env_n / env_t),
           "bare_us_per_action": round(bare_us, 1), "env_us_per_step": round(env_us, 1),
           "ratio_env_over_bare": round(env_us / bare_us, 2),
           "protocol_us": round(bare_in_us, 2), "env_calls_us": round(env_in_us, 2),
           "overhead_over_bare": round((env_in_us - bare_in_us) / bare_in_us, 2),
           "left_out": [round(bare_out / bare_n, 4), round(env_out / env_n, 4)]}
    if parts:
        # the environment with the stand-in encoder: its own bookkeeping, the mask and one copy of a vector
        row["env_calls_without_encoding_us"] = round(part_in / (part_n - part_out) * 1e6, 2)
    if other is not None:
        # the same environment with the other checkout's encoder
        other_us = other_in / (other_n - other_out) * 1e6
        row["env_calls_against_us"] = round(other_us, 2)
        row["overhead_against"] = round((other_us - bare_in_us) / bare_in_us, 2)
    return row


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args else 5.0
    parts = "--parts" in sys.argv
    reps = int(next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--reps=")), 1))
    against = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--against=")), None)
    rows = [measure(g, o, seconds, parts, reps, against) for g, o in GAMES]
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['game']:<11} games {r['games']:>4} x{r['reps']}  bare {r['bare_actions_per_s']:>7} actions/s  "
              f"env {r['env_steps_per_s']:>7} steps/s  env/bare {r['ratio_env_over_bare']:.2f}  |  "
              f"legal+apply {r['protocol_us']:.2f} us, last+step {r['env_calls_us']:.2f} us: "
              f"overhead/bare {r['overhead_over_bare']:.2f}  (left out {100 * r['left_out'][0]:.2f}% / "
              f"{100 * r['left_out'][1]:.2f}%)")
        if parts:
            print(f"{'':<11} last+step with a stand-in encoder (a copy of zeros) "
                  f"{r['env_calls_without_encoding_us']:.2f} us: the encoding takes "
                  f"{r['env_calls_us'] - r['env_calls_without_encoding_us']:.2f} us of each step")
        if against:
            print(f"{'':<11} last+step with the encoder of {against}: {r['env_calls_against_us']:.2f} us, "
                  f"overhead/bare {r['overhead_against']:.2f}")


if __name__ == "__main__":
    main()
