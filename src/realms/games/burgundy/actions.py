"""The fixed action space of The Castles of Burgundy (766 actions) and its decoding table."""

from __future__ import annotations

from typing import Any

from realms.core.game import Action
from realms.games.burgundy.data import (
    MAX_BOARD_NUMBER,
)
from realms.games.burgundy.state import FREE_DIE, NDIE, STRIDE, BurgundyState

# --- the action space ----------------------------------------------------------------------------
K_TAKE, K_PLACE, K_HALL, K_SELL, K_WORKERS, K_ADJUST, K_BUY, K_DISCARD, K_PICK, K_SHIP, K_GOODS, \
    K_WAREHOUSE, K_SKIP, K_END, K_BOARD, K_START = range(16)
DELTAS = (1, -1, 2, -2)


def _die_word(i: int) -> str:
    return "castle die" if i == FREE_DIE else f"die {i + 1}"


def _die_text(s: BurgundyState, p: int, i: int) -> str:
    return "castle die" if i == FREE_DIE else f"die {i + 1} showing {s.dice[p * 2 + i]}"


def _build_actions() -> tuple[tuple[Action, ...], tuple[tuple[int, int, int, int], ...], dict[str, int]]:
    acts: list[Action] = []
    decode: list[tuple[int, int, int, int]] = []
    base: dict[str, int] = {}

    def add(kind_code: int, kind: str, params: dict[str, Any], text: str, a: int = 0, b: int = 0,
            c: int = 0) -> None:
        acts.append(Action(len(acts), kind, params, text))
        decode.append((kind_code, a, b, c))

    base["take"] = len(acts)
    for i in range(NDIE):
        for d in range(6):
            for k in range(4):
                add(K_TAKE, "take", {"die": i, "depot": d + 1, "slot": k},
                    f"take from depot {d + 1} slot {k + 1} with {_die_word(i)}", i, d, k)
    base["place"] = len(acts)
    for i in range(NDIE):
        for si in range(3):
            for sp in range(1, STRIDE):
                add(K_PLACE, "place", {"die": i, "slot": si, "space": sp},
                    f"place storage {si + 1} on space {sp} with {_die_word(i)}", i, si, sp)
    base["hall"] = len(acts)
    for si in range(3):
        for sp in range(1, STRIDE):
            add(K_HALL, "hall", {"slot": si, "space": sp}, f"City Hall: place storage {si + 1} on space {sp}",
                0, si, sp)
    base["sell"] = len(acts)
    for i in range(NDIE):
        for c in range(6):
            add(K_SELL, "sell", {"die": i, "colour": c + 1}, f"sell goods {c + 1} with {_die_word(i)}", i, c)
    base["workers"] = len(acts)
    for i in range(NDIE):
        add(K_WORKERS, "workers", {"die": i}, f"take workers with {_die_word(i)}", i)
    base["adjust"] = len(acts)
    for i in range(2):
        for j, delta in enumerate(DELTAS):
            add(K_ADJUST, "adjust", {"die": i, "delta": delta}, f"worker: die {i + 1} {delta:+d}", i, delta, j)
    base["buy"] = len(acts)
    for k in range(8):
        add(K_BUY, "buy", {"depot": "black", "slot": k}, f"buy from the black depot slot {k + 1}", -1, k)
    for d in range(6):
        for k in range(4):
            add(K_BUY, "buy", {"depot": d + 1, "slot": k}, f"buy from depot {d + 1} slot {k + 1}", d, k)
    base["discard"] = len(acts)
    for k in range(3):
        add(K_DISCARD, "discard", {"slot": k}, f"discard storage {k + 1}", k)
    base["pick"] = len(acts)
    for d in range(6):
        for k in range(4):
            add(K_PICK, "pick", {"depot": d + 1, "slot": k}, f"take from depot {d + 1} slot {k + 1}", d, k)
    base["ship"] = len(acts)
    for d in range(6):
        add(K_SHIP, "ship", {"depots": [d + 1]}, f"ship: goods of depot {d + 1}", 1 << d)
    for d in range(6):
        e = (d + 1) % 6
        add(K_SHIP, "ship", {"depots": [d + 1, e + 1]}, f"ship: goods of depots {d + 1} and {e + 1}",
            (1 << d) | (1 << e))
    base["goods"] = len(acts)
    for c in range(6):
        add(K_GOODS, "goods", {"colour": c + 1}, f"keep goods {c + 1}", c)
    base["warehouse"] = len(acts)
    for c in range(6):
        add(K_WAREHOUSE, "warehouse", {"colour": c + 1}, f"Warehouse: sell goods {c + 1}", c)
    base["skip"] = len(acts)
    add(K_SKIP, "skip", {}, "skip the bonus")
    base["end"] = len(acts)
    add(K_END, "end", {}, "end the turn")
    base["board"] = len(acts)
    for n in range(1, MAX_BOARD_NUMBER + 1):
        add(K_BOARD, "board", {"board": n}, f"choose estate board {n}", n)
    base["start"] = len(acts)
    for sp in range(1, STRIDE):
        add(K_START, "start", {"space": sp}, f"place the start castle on space {sp}", sp)
    return tuple(acts), tuple(decode), base


ACTIONS, DECODE, BASE = _build_actions()
NACTIONS = len(ACTIONS)
TAKE = ACTIONS[BASE["take"]:BASE["place"]]  # [(i * 6 + d) * 4 + k]
#: PLACE[(i * 3 + si) * 38 + sp] and HALL[si * 38 + sp] (space 0 does not exist: None)
PLACE = tuple(None if j % STRIDE == 0 else ACTIONS[BASE["place"] + j // STRIDE * 37 + j % STRIDE - 1]
              for j in range(NDIE * 3 * STRIDE))
HALL = tuple(None if j % STRIDE == 0 else ACTIONS[BASE["hall"] + j // STRIDE * 37 + j % STRIDE - 1]
             for j in range(3 * STRIDE))
SELL = ACTIONS[BASE["sell"]:BASE["workers"]]  # [i * 6 + c]
WORKERS = ACTIONS[BASE["workers"]:BASE["adjust"]]
ADJUST = ACTIONS[BASE["adjust"]:BASE["buy"]]  # [i * 4 + j]
BUY_BLACK = ACTIONS[BASE["buy"]:BASE["buy"] + 8]
BUY_DEPOT = ACTIONS[BASE["buy"] + 8:BASE["discard"]]  # [d * 4 + k]
DISCARD = ACTIONS[BASE["discard"]:BASE["pick"]]
PICK = ACTIONS[BASE["pick"]:BASE["ship"]]  # [d * 4 + k]
SHIP1 = ACTIONS[BASE["ship"]:BASE["ship"] + 6]
SHIP2 = ACTIONS[BASE["ship"] + 6:BASE["goods"]]
GOODS = ACTIONS[BASE["goods"]:BASE["warehouse"]]
WAREHOUSE_SALE = ACTIONS[BASE["warehouse"]:BASE["skip"]]
SKIP = ACTIONS[BASE["skip"]]
END = ACTIONS[BASE["end"]]
BOARD_ACTS = ACTIONS[BASE["board"]:BASE["start"]]  # [n - 1]
START = ACTIONS[BASE["start"]:]  # [space - 1]
