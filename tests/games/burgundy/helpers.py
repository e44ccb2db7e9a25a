"""Helpers to build exact Castles of Burgundy situations for rule tests.

Tests mutate a fresh state directly (dice, storage, depots, estate) and then act through the protocol;
``fix(s)`` drops the cached legal actions after such edits. Tiles are always *moved* (from the stacks),
never created, so the 164-tile count stays right.
"""

from __future__ import annotations

from typing import Any

from realms.core.errors import IllegalAction
from realms.games.burgundy import GAME
from realms.games.burgundy import data as D
from realms.games.burgundy import rules as R
from realms.games.burgundy.rules import BurgundyState

__all__ = ["GAME", "D", "R", "IllegalAction", "new", "fix", "grab", "give", "put", "dice", "act", "legal_json",
           "can", "tiles_total", "goods_total", "finish_turn", "only_frames"]


def new(players: int = 2, seed: int = 1, **opts: Any) -> BurgundyState:
    return GAME.new({"players": players, **opts}, seed)


def fix(s: BurgundyState) -> BurgundyState:
    s.cache = None
    return s


def _unlink(s: BurgundyState, tid: int) -> None:
    for st in s.stacks:
        if tid in st:
            st.remove(tid)
            return
    if tid in s.black_stack:
        s.black_stack.remove(tid)
        return
    for lst in (s.depots, s.black):
        if tid in lst:
            lst[lst.index(tid)] = -1
            return
    for st in s.storage:
        if tid in st:
            st.remove(tid)
            return
    if tid in s.removed:
        s.removed.remove(tid)
        return
    raise AssertionError(f"tile {tid} is on an estate")


def grab(s: BurgundyState, type_name: str, kind: int | str | None = None, animals: int | None = None) -> int:
    """Take a tile matching the description out of the stacks (or depots), for a test to put somewhere."""
    t = D.TYPES.index(type_name)
    if isinstance(kind, str):
        kind = D.BUILDING_KINDS.index(kind) if t == D.BUILDING else D.SPECIES.index(kind)
    pools = [*s.stacks, s.black_stack, s.depots, s.black, s.removed]
    for pool in pools:
        for tid in pool:
            if tid < 0 or D.T_TYPE[tid] != t:
                continue
            if kind is not None and D.T_KIND[tid] != kind:
                continue
            if animals is not None and D.T_ANIMALS[tid] != animals:
                continue
            _unlink(s, tid)
            return tid
    raise AssertionError(f"no free {type_name} {kind} {animals} tile")


def give(s: BurgundyState, p: int, *tiles: int) -> None:
    """Put tiles (ids from ``grab``) into seat p's storage."""
    for tid in tiles:
        s.storage[p].append(tid)
    fix(s)


def put(s: BurgundyState, p: int, space: int, tid: int) -> None:
    """Lay a tile on an estate space directly, with its lasting state (knowledge, mines, buildings) but
    without its placement effects or scoring."""
    board = s.boards[p]
    assert board is not None
    assert s.estate[p * R.STRIDE + space] < 0
    s.estate[p * R.STRIDE + space] = tid
    s.occ[p] |= 1 << space
    s.adj[p] |= board.nmask[space]
    t = D.T_TYPE[tid]
    if t == D.KNOWLEDGE:
        s.know[p] |= 1 << D.T_KIND[tid]
    elif t == D.MINE:
        s.mines[p] += 1
    elif t == D.BUILDING:
        s.bkind[p * 8 + D.T_KIND[tid]] |= 1 << space
    fix(s)


def know(s: BurgundyState, p: int, number: int, space: int | None = None) -> None:
    """Give seat p knowledge tile ``number`` (laid on a free knowledge space, or ``space``)."""
    tid = next(t for t in range(D.NTILES) if D.T_TYPE[t] == D.KNOWLEDGE and D.T_KIND[t] == number)
    _unlink(s, tid)
    board = s.boards[p]
    assert board is not None
    if space is None:
        space = next(i for i in board.ids if board.types[i] == D.KNOWLEDGE and not s.occ[p] >> i & 1)
    put(s, p, space, tid)


__all__.append("know")


def dice(s: BurgundyState, a: int, b: int, p: int | None = None) -> None:
    p = s.to_move if p is None else p
    s.dice[p * 2] = a
    s.dice[p * 2 + 1] = b
    fix(s)


def act(s: BurgundyState, kind: str, **params: Any) -> list:
    """Apply the action with this JSON form; returns its events."""
    action = GAME.action_from_json({"type": kind, **params})
    return GAME.apply(s, action, log=True)


def legal_json(s: BurgundyState) -> list[dict[str, Any]]:
    return [a.to_json() for a in GAME.legal_actions(s)]


def can(s: BurgundyState, kind: str, **params: Any) -> bool:
    return {"type": kind, **params} in legal_json(s)


def tiles_total(s: BurgundyState) -> dict[str, int]:
    placed = sum(1 for t in s.estate if t >= 0)
    storages = sum(len(x) for x in s.storage)
    depots = sum(1 for t in s.depots if t >= 0) + sum(1 for t in s.black if t >= 0)
    stacks = sum(len(x) for x in s.stacks) + len(s.black_stack)
    removed = len(s.removed)
    return {"placed": placed, "storages": storages, "depots": depots, "stacks": stacks, "removed": removed,
            "total": placed + storages + depots + stacks + removed}


def goods_total(s: BurgundyState) -> int:
    return sum(s.goods) + sum(s.sold) + sum(s.depot_goods) + len(s.round_goods) + sum(s.goods_pool)


def finish_turn(s: BurgundyState) -> None:
    """Play out the current seat's turn with 'take workers' (skipping bonuses, ending when asked)."""
    p = s.to_move
    while s.to_move == p and s.to_move is not None:
        acts = legal_json(s)
        for pref in ("workers", "end", "skip"):
            hit = [a for a in acts if a["type"] == pref]
            if hit:
                act(s, **{"kind": hit[0]["type"], **{k: v for k, v in hit[0].items() if k != "type"}})
                break
        else:
            a = acts[0]
            act(s, a["type"], **{k: v for k, v in a.items() if k != "type"})


def only_frames(s: BurgundyState) -> list[str]:
    return [R.FRAME_NAMES[f[0]] for f in s.frames]


def depot(s: BurgundyState, d: int, k: int, tid: int) -> None:
    """Lay ``tid`` in slot k of numbered depot d (1-6); a tile already there leaves the game."""
    j = (d - 1) * 4 + k
    if s.depots[j] >= 0:
        s.removed.append(s.depots[j])
    s.depots[j] = tid
    fix(s)


__all__.append("depot")
