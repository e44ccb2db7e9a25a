"""Steps per second of a random agent through the PettingZoo AEC API, against the bare protocol.

For each game it plays the same seeded games twice, interleaved in short rounds so that both see the
same machine load:

- *bare*: ``legal_actions``, a uniform choice, ``apply`` — the protocol's own cost per action;
- *env*: ``env.last()`` (observation encoding and action mask), a uniform choice among the mask's legal
  indices, ``env.step`` — what an RL loop pays per action.

It prints actions per second for both loops and their ratio (random agent included), and the
environment's own overhead: the time inside ``env.last()`` and ``env.step()`` per action, less the time
inside ``legal_actions`` and ``apply`` per action of the bare loop, over the latter, (env - bare) / bare.

    python benchmarks/rl_steps.py [SECONDS_PER_GAME] [--json]
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

import realms.games
import realms.rl
from realms.core.rng import Rng

GAMES = [("kingdomino", {"players": 2}), ("dominion", {"players": 2}), ("burgundy", {"players": 2})]


def bare_game(game_id: str, options: dict, seed: int) -> tuple[int, float, float]:
    """(actions, whole loop seconds, seconds inside legal_actions and apply)."""
    game = realms.games.get(game_id)
    rng = Rng(seed)
    clock = time.perf_counter
    t0 = clock()
    state = game.new(options, seed)
    n = 0
    inside = 0.0
    while state.to_move is not None:
        a = clock()
        actions = game.legal_actions(state)
        b = clock()
        action = actions[rng.below(len(actions))]
        c = clock()
        game.apply(state, action)
        inside += (b - a) + (clock() - c)
        n += 1
    return n, clock() - t0, inside


def env_game(env: realms.rl.RealmsAEC, seed: int) -> tuple[int, float, float]:
    """(live steps, whole loop seconds, seconds inside env.last() and env.step() of live steps)."""
    rng = Rng(seed)
    clock = time.perf_counter
    t0 = clock()
    env.reset(seed=seed)
    n = 0
    inside = 0.0
    for _agent in env.agent_iter():
        a = clock()
        obs, _reward, term, trunc, _info = env.last()
        b = clock()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.below(len(legal))])
        c = clock()
        env.step(action)
        inside += (b - a) + (clock() - c)
        n += 1
    return n, clock() - t0, inside


def measure(game_id: str, options: dict, seconds: float) -> dict:
    env = realms.rl.env(game_id, options)
    bare_n = env_n = 0
    bare_t = env_t = bare_in = env_in = 0.0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or seed < 2:
        n, t, i = bare_game(game_id, options, seed)
        bare_n, bare_t, bare_in = bare_n + n, bare_t + t, bare_in + i
        n, t, i = env_game(env, seed)
        env_n, env_t, env_in = env_n + n, env_t + t, env_in + i
        seed += 1
    bare_us = bare_t / bare_n * 1e6
    env_us = env_t / env_n * 1e6
    bare_in_us = bare_in / bare_n * 1e6
    env_in_us = env_in / env_n * 1e6
    return {"game": game_id, "options": options, "games": seed,
            "bare_actions_per_s": round(bare_n / bare_t), "env_steps_per_s": round(env_n / env_t),
            "bare_us_per_action": round(bare_us, 1), "env_us_per_step": round(env_us, 1),
            "ratio_env_over_bare": round(env_us / bare_us, 2),
            "protocol_us": round(bare_in_us, 1), "env_calls_us": round(env_in_us, 1),
            "overhead_over_bare": round((env_in_us - bare_in_us) / bare_in_us, 2)}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args else 5.0
    rows = [measure(g, o, seconds) for g, o in GAMES]
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['game']:<11} games {r['games']:>4}  bare {r['bare_actions_per_s']:>7} actions/s  "
              f"env {r['env_steps_per_s']:>7} steps/s  env/bare {r['ratio_env_over_bare']:.2f}  |  "
              f"legal+apply {r['protocol_us']:.1f} us, last+step {r['env_calls_us']:.1f} us: "
              f"overhead/bare {r['overhead_over_bare']:.2f}")


if __name__ == "__main__":
    main()
