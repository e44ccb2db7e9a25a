"""Dominion's rule-bot playouts (the search's ``rollout``: ``RolloutAutoBot.finish``, whole games from the start) on
random kingdoms (each dealt position played out 20 times by one policy, as a search does), the base set against
every box (``sets=all``), with the compiled bot's cover as it was before the expansions' questions were ported
(``botkernel.PORTED`` less the Intrigue and Seaside cards that ask something) and as it is now: playouts per CPU
second, interleaved in three slices so their ratios hold on a loaded machine, and the share of the dealt kingdoms
each cover leaves to the Python bots (``fast.play``).

    python benchmarks/dominion_rollouts.py [--seconds 6] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import realms.games
from realms.core.agents import make_agent
from realms.core.rng import derive_seed
from realms.games.dominion import botkernel
from realms.games.dominion.cards import CARDS

TABLES = {"base": {"players": 2, "kingdom": "random", "sets": "base"},
          "all": {"players": 2, "kingdom": "random", "sets": "all"}}
#: the cover before the port: the base set's cards and the cards that are their data alone
BEFORE = frozenset(c for c in botkernel.PORTED if CARDS[c].data_only or CARDS[c].set not in ("intrigue", "seaside"))
NOW = botkernel.PORTED
#: playouts of each dealt position by one policy object (its rule tables made once, as in a search)
PER_STATE = 20


def rate(game: Any, opts: dict[str, Any], cover: frozenset[int], seconds: float, start: int) -> tuple[float, int, int]:
    """Playouts per CPU second with ``cover`` as the compiled bot's, playouts done, and how many went to Python."""
    botkernel.PORTED = cover
    try:
        n = python = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            s = game.new(opts, derive_seed(start, n))
            bot: Any = make_agent("rollout", game, n)
            for _ in range(PER_STATE):  # as a search does: one policy, many playouts of one position
                python += not botkernel.supports(s)
                bot.finish(game, s)
                n += 1
        return n / (time.process_time() - t0), n, python
    finally:
        botkernel.PORTED = NOW


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per table and cover, in three slices")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    game = realms.games.get("dominion")
    tables = {k: game.validate_options(v) for k, v in TABLES.items()}
    runs = [("base", NOW), ("all", BEFORE), ("all", NOW)]
    for name, cover in runs:  # warm: the compilation and the caches are not what is timed
        rate(game, tables[name], cover, 0.2, 99)
    got: dict[str, list[float]] = {f"{name}-{'now' if cover is NOW else 'before'}": [0.0, 0, 0] for name, cover in runs}
    for part in range(3):
        for name, cover in runs:
            r, n, py = rate(game, tables[name], cover, args.seconds / 3, 1000 * part)
            row = got[f"{name}-{'now' if cover is NOW else 'before'}"]
            row[0] += r / 3
            row[1] += n
            row[2] += py
    out = {k: {"playouts_per_cpu_s": round(v[0], 1), "playouts": int(v[1]), "python_share": round(v[2] / v[1], 3)}
           for k, v in got.items()}
    out["ratios"] = {"all_now_over_all_before": round(got["all-now"][0] / got["all-before"][0], 2),
                     "all_now_over_base": round(got["all-now"][0] / got["base-now"][0], 3),
                     "all_before_over_base": round(got["all-before"][0] / got["base-now"][0], 3)}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for k, v in out.items():
        print(k, v)


if __name__ == "__main__":
    main()
