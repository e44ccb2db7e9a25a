"""Scoring: VP as they happen, final scoring, knowledge tiles 15-26, results."""

from __future__ import annotations

from typing import Any

from realms.core.game import Event, Result
from realms.games.burgundy.data import (
    ANIMAL,
    BUILDING_NAMES,
    T_KIND,
    T_TYPE,
)
from realms.games.burgundy.parts import Engine
from realms.games.burgundy.state import MODE_OVER, SRC_GOODS, SRC_SILVER, SRC_WORKERS, STRIDE, BurgundyState


class _Scoring(Engine):
    """Scoring: VP as they happen, final scoring, knowledge tiles 15-26, results."""

    def _final_scoring(self, s: BurgundyState, ev: list[Event] | None) -> None:
        s.to_move = None
        s.mode = MODE_OVER
        s.order = self.track_order(s)
        s.oi = 0
        s.used = 0
        for q in range(s.players):
            g = sum(s.goods[q * 6:q * 6 + 6])
            if g:
                self._score(s, q, SRC_GOODS, g, ev, f"{g} unsold goods")
            if s.silver[q]:
                self._score(s, q, SRC_SILVER, s.silver[q], ev, f"{s.silver[q]} silverlings")
            if s.workers[q] // 2:
                self._score(s, q, SRC_WORKERS, s.workers[q] // 2, ev, f"{s.workers[q]} workers")
            know = s.know[q]
            for num in range(15, 27):
                if know >> num & 1:
                    vp, what = self._knowledge_end(s, q, num)
                    if vp:
                        self._score(s, q, f"knowledge-{num}", vp, ev, f"knowledge {num}: {what}")
        if ev is not None:
            ev.append(Event("game-end", None, "Game over: " + ", ".join(
                f"seat {q + 1} {s.vp[q]} VP" for q in range(s.players)), {"scores": list(s.vp)}))

    def _knowledge_end(self, s: BurgundyState, q: int, num: int) -> tuple[int, str]:
        if num == 15:
            colours = sum(1 for c in range(6) if s.sold[q * 6 + c])
            return 3 * colours, f"{colours} goods colours sold"
        if 16 <= num <= 23:
            k = num - 16
            count = s.bkind[q * 8 + k].bit_count()
            return 4 * count, f"{count} x {BUILDING_NAMES[k]}"
        if num == 24:
            base = q * STRIDE
            species = {T_KIND[t] for t in s.estate[base:base + STRIDE] if t >= 0 and T_TYPE[t] == ANIMAL}
            return 4 * len(species), f"{len(species)} animal species"
        if num == 25:
            n = sum(s.sold[q * 6:q * 6 + 6])
            return n, f"{n} goods sold"
        if num == 26:
            n = sum(1 for x in s.bonus if x == q)
            return 2 * n, f"{n} bonus tiles"
        raise AssertionError(num)

    def _score(self, s: BurgundyState, p: int, src: str, vp: int, ev: list[Event] | None, text: str) -> None:
        s.vp[p] += vp
        s.vp_log[p].append((src, vp))
        if ev is not None:
            ev.append(Event("score", p, f"Seat {p + 1} scores {vp} VP: {text}", {"source": src, "vp": vp}))


    def empty_spaces(self, s: BurgundyState, q: int) -> int:
        board = s.boards[q]
        if board is None:
            return 0
        return len(board.ids) - s.occ[q].bit_count()

    def result(self, state: BurgundyState) -> Result | None:
        s = state
        if s.to_move is not None:
            return None
        n = s.players
        order = self.track_order(s)
        later = [order.index(q) for q in range(n)]  # 0 = first in turn order; larger = further back
        empty = [self.empty_spaces(s, q) for q in range(n)]
        if s.opts["tiebreak"] == "fewest-empty":
            keys = [(-empty[q], later[q]) for q in range(n)]
        else:
            keys = [(empty[q], later[q]) for q in range(n)]

        def breakdown() -> list[dict[str, Any]]:
            out = []
            for q in range(n):
                by: dict[str, int] = {}
                for src, vp in s.vp_log[q]:
                    by[src] = by.get(src, 0) + vp
                out.append({"score": s.vp[q], "vp_by_source": by, "empty_spaces": empty[q],
                            "turn_order": later[q] + 1, "silverlings": s.silver[q], "workers": s.workers[q],
                            "goods_sold": sum(s.sold[q * 6:q * 6 + 6])})
            return out

        return Result.from_keys(list(s.vp), keys, breakdown)

    def turns(self, state: BurgundyState) -> list[int]:
        return list(state.turns)
