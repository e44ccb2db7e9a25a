"""Steps per second of a random agent through the PettingZoo AEC API, against the bare protocol.

For each game it plays the same seeded games twice, interleaved in short rounds so that both see the
same machine load:

- *bare*: ``legal_actions``, a uniform choice, ``apply`` — the protocol's own cost per action;
- *env*: ``env.last()`` (observation encoding and action mask), a uniform choice among the mask's legal
  indices, ``env.step`` — what an RL loop pays per action.

It prints actions per second for both, the ratio env/bare (cost per action through the environment
over the bare cost) and the environment's own overhead over the bare cost, (env - bare) / bare.

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


def bare_game(game_id: str, options: dict, seed: int) -> tuple[int, float]:
    game = realms.games.get(game_id)
    rng = Rng(seed)
    t0 = time.perf_counter()
    state = game.new(options, seed)
    n = 0
    while state.to_move is not None:
        actions = game.legal_actions(state)
        game.apply(state, actions[rng.below(len(actions))])
        n += 1
    return n, time.perf_counter() - t0


def env_game(env: realms.rl.RealmsAEC, seed: int) -> tuple[int, float]:
    rng = Rng(seed)
    t0 = time.perf_counter()
    env.reset(seed=seed)
    n = 0
    for _agent in env.agent_iter():
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))
        n += 1
    return n, time.perf_counter() - t0


def measure(game_id: str, options: dict, seconds: float) -> dict:
    env = realms.rl.env(game_id, options)
    bare_n = env_n = 0
    bare_t = env_t = 0.0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or seed < 2:
        n, t = bare_game(game_id, options, seed)
        bare_n, bare_t = bare_n + n, bare_t + t
        n, t = env_game(env, seed)
        env_n, env_t = env_n + n, env_t + t
        seed += 1
    bare_us = bare_t / bare_n * 1e6
    env_us = env_t / env_n * 1e6
    return {"game": game_id, "options": options, "games": seed,
            "bare_actions_per_s": round(bare_n / bare_t), "env_steps_per_s": round(env_n / env_t),
            "bare_us_per_action": round(bare_us, 1), "env_us_per_step": round(env_us, 1),
            "ratio_env_over_bare": round(env_us / bare_us, 2),
            "overhead_over_bare": round((env_us - bare_us) / bare_us, 2)}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args else 5.0
    rows = [measure(g, o, seconds) for g, o in GAMES]
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['game']:<11} games {r['games']:>4}  bare {r['bare_actions_per_s']:>7} actions/s  "
              f"env {r['env_steps_per_s']:>7} steps/s  env/bare {r['ratio_env_over_bare']:.2f}  "
              f"overhead/bare {r['overhead_over_bare']:.2f}")


if __name__ == "__main__":
    main()
