"""Random Castles of Burgundy games per second in one process, through the protocol.

Usage: python benchmarks/burgundy_random.py [seconds] [players] [agent]
Defaults: 10 seconds, 2 players, random agents. Prints games/s and actions/s.
Target: at least 200 random 2-player games/s; measured figures are in docs/burgundy.md.
"""

from __future__ import annotations

import sys
import time

import realms.games
from realms.agents import make_agent
from realms.core.rng import derive_seed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    agent = sys.argv[3] if len(sys.argv) > 3 else "random"
    game = realms.games.get("burgundy")
    opts = {"players": players}
    games = actions = 0
    start = time.perf_counter()
    while True:
        state = game.new(opts, games)
        bots = [make_agent(agent, game, derive_seed(games, s)) for s in range(players)]
        while state.to_move is not None:
            game.apply(state, bots[state.to_move].act(game, state))
            actions += 1
        game.result(state)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    print(f"burgundy {agent} {players}p: {games} games in {elapsed:.2f} s = {games / elapsed:.0f} games/s, "
          f"{actions / elapsed:.0f} actions/s, {actions / games:.0f} actions/game")


if __name__ == "__main__":
    main()
