"""Random 4-player Kingdomino games per second in one process, through the protocol.

Usage: python benchmarks/kingdomino_random.py [seconds] [players] [--compare]
Prints games/s and actions/s. Baseline measured on the 2-core reference machine: see docs/kingdomino.md.
``--compare`` also asks the bots the way the simulator does (``realms.core.agents.choose``), once honouring
the random agent's ``reads = "view"`` and once with a determinized copy per decision, and prints the ratios.
"""

from __future__ import annotations

import sys
import time

import realms.games
from realms.agents import make_agent
from realms.core.agents import choose
from realms.core.rng import derive_seed


def run(seconds: float, players: int, harness: str = "direct") -> tuple[int, int, float]:
    game = realms.games.get("kingdomino")
    opts = {"players": players}
    games = actions = 0
    start = time.perf_counter()
    while True:
        state = game.new(opts, games)
        bots = [make_agent("random", game, derive_seed(games, s)) for s in range(players)]
        if harness == "copy":
            for b in bots:
                b.reads = "copy"  # type: ignore[attr-defined]
        while state.to_move is not None:
            bot = bots[state.to_move]
            game.apply(state, bot.act(game, state) if harness == "direct" else choose(bot, game, state))
            actions += 1
        game.result(state)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, elapsed


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--compare"]
    seconds = float(args[0]) if args else 10.0
    players = int(args[1]) if len(args) > 1 else 4
    modes = ("direct", "declared", "copy") if "--compare" in sys.argv[1:] else ("direct",)
    rates = {}
    for mode in modes:
        games, actions, elapsed = run(seconds, players, mode)
        rates[mode] = games / elapsed
        label = "" if mode == "direct" else f" ({mode}, through choose)"
        print(f"kingdomino random {players}p{label}: {games} games in {elapsed:.2f} s = {games / elapsed:.0f} games/s, "
              f"{actions / elapsed:.0f} actions/s")
    if len(rates) > 1:
        print(f"slowdown: declared {rates['direct'] / rates['declared']:.2f}x, "
              f"copy {rates['direct'] / rates['copy']:.2f}x")


if __name__ == "__main__":
    main()
