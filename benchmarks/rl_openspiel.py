"""OpenSpiel's tensor calls on the Realms games: the state's own ``observation_tensor`` (the game's encoder, straight
from the state) against OpenSpiel's generic path for Python games (``pyspiel.State.observation_tensor``, the C++
method, which makes a whole new initial state at each call to learn the tensor's size), in one run, interleaved;
and, for scale, the observer's ``set_from`` (``make_observation(game).set_from``: the vector written into the
observer's numpy buffer, no list of floats built), the way to take the encoding without a Python list.

    python benchmarks/rl_openspiel.py [STATES] [--json]

For each game (two players, ``rng_seed`` 1), ``STATES`` (default 20) positions of one seeded random game are
each encoded ``CALLS`` times for the seat to move by both paths, alternating, and timed with ``time.thread_time``
(CPU time of this thread). Prints µs a call for each, the ratio of the first two, and how many initial states
each path made (counted on the game's ``new_initial_state``) per call.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import numpy as np
import pyspiel

import realms.games
import realms.rl.openspiel  # noqa: F401  (registers the games)

CALLS = 20


def _timed(fn: Any, state: Any, seat: int) -> float:
    clock = time.thread_time
    a = clock()
    for _ in range(CALLS):
        fn(state, seat)
    return clock() - a


def measure(game_id: str, states: int) -> dict[str, Any]:
    game = pyspiel.load_game(f"realms_{game_id}", {"players": 2, "rng_seed": 1})
    cls = type(game)
    made = [0]
    original = cls.new_initial_state

    def counting(self: Any) -> Any:
        made[0] += 1
        return original(self)

    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    own = type(state).observation_tensor
    generic = pyspiel.State.observation_tensor
    observer = game.make_py_observer()
    t_own = t_generic = t_observer = 0.0
    made_own = made_generic = calls = 0
    cls.new_initial_state = counting
    try:
        for _ in range(states):
            if state.is_terminal():
                break
            seat = state.current_player()
            assert own(state, seat) == generic(state, seat)
            made[0] = 0
            t_generic += _timed(generic, state, seat)
            made_generic += made[0]
            made[0] = 0
            t_own += _timed(own, state, seat)
            made_own += made[0]
            t_observer += _timed(observer.set_from, state, seat)
            calls += CALLS
            for _ in range(int(rng.integers(1, 6))):
                if state.is_terminal():
                    break
                state.apply_action(int(rng.choice(state.legal_actions())))
    finally:
        cls.new_initial_state = original
    return {"game": game_id, "calls": calls, "generic_us": round(t_generic / calls * 1e6, 2),
            "own_us": round(t_own / calls * 1e6, 2), "set_from_us": round(t_observer / calls * 1e6, 2),
            "ratio_generic_over_own": round(t_generic / t_own, 1),
            "initial_states_per_call_generic": made_generic / calls, "initial_states_per_call_own": made_own / calls}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    states = int(args[0]) if args else 20
    rows = [measure(g, states) for g in realms.games.ids()]
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['game']}: {r['calls']} calls; OpenSpiel's generic path {r['generic_us']:.1f} us a call "
              f"({r['initial_states_per_call_generic']:.0f} new initial state each), the state's own "
              f"{r['own_us']:.1f} us ({r['initial_states_per_call_own']:.0f}): {r['ratio_generic_over_own']}x; the "
              f"observer's set_from {r['set_from_us']:.1f} us")


if __name__ == "__main__":
    main()
