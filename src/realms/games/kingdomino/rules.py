"""Kingdomino rules: setup, the place-then-pick turn, the bound and connection rules, scoring.

The state is plain data in flat lists (cheap to clone); kingdoms are bit masks (see ``board``).

Turn structure. Kings stand on dominoes of the *current* row (to be placed) and pick from the *next*
row. The opening (round 0) has no current row: kings pick from the first row in a random order. In each
of the rounds 1-12 (1-6 with 2 players),
kings act in the order of the current row (lowest number first): place (or, only when no legal
placement exists, discard), then pick. When the pile is exhausted the last round is place-only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core import undo
from realms.core.errors import IllegalAction
from realms.core.game import Action, Event, Game, Result
from realms.core.options import Option
from realms.core.rng import Rng, check_seed
from realms.core.state import slots_from_data, slots_to_data
from realms.core.undo import UndoLog
from realms.games.kingdomino import board as B
from realms.games.kingdomino.data import DOMINOES, LETTERS, NUM_DOMINOES, TERRAINS

PLACE, PICK = 0, 1

# ---------------------------------------------------------------------------------------------
# The action space: 169 cells x 4 directions of placements, one discard, four pick slots.
# A placement is named by its first half's offset from the castle and the direction of its second half.
N_CELLS = B.SIZE * B.SIZE
DISCARD_INDEX = N_CELLS * 4
PICK_BASE = DISCARD_INDEX + 1
MAX_ROW = 4


def _build_actions() -> tuple[tuple[Action, ...], list[Action | None]]:
    actions: list[Action] = []
    by_bit: list[Action | None] = [None] * (B.NBITS * 4)
    for r in range(B.SIZE):
        for c in range(B.SIZE):
            for d, name in enumerate(B.DIRS):
                idx = (r * B.SIZE + c) * 4 + d
                dr, dc = r - B.CENTRE, c - B.CENTRE
                a = Action(idx, "place", {"row": dr, "col": dc, "dir": name},
                           f"place at ({dr:+d},{dc:+d}) second half {name}")
                actions.append(a)
                by_bit[B.bit_of(r, c) * 4 + d] = a
    actions.append(Action(DISCARD_INDEX, "discard", None, "discard (no legal placement)"))
    for k in range(MAX_ROW):
        actions.append(Action(PICK_BASE + k, "pick", {"slot": k}, f"pick slot {k + 1}"))
    return tuple(actions), by_bit


ACTIONS, PLACE_BY_BIT = _build_actions()

# ---------------------------------------------------------------------------------------------
# Log wording: terrains by name, squares counted from the castle (rows down the board, columns right).
TERRAIN_WORDS = ("Wheat field", "Forest", "Lake", "Grassland", "Swamp", "Mine")
NEXT_HALF_WORDS = {"E": "to its right", "W": "to its left", "S": "below it", "N": "above it"}


def _half_words(terrain: int, crowns: int) -> str:
    return TERRAIN_WORDS[terrain] + (f" ({crowns} crown{'s' if crowns > 1 else ''})" if crowns else "")


def halves_data(domino: int) -> list[list[Any]]:
    """``[["W", 0], ["F", 1]]``: a domino's two halves as views give them (terrain letter, crowns), for events."""
    d = DOMINOES[domino]
    return [[LETTERS[d.terrain1], d.crowns1], [LETTERS[d.terrain2], d.crowns2]]


def domino_words(domino: int) -> str:
    """``#12 Wheat field + Forest (1 crown)``: a domino as the log names it."""
    d = DOMINOES[domino]
    return f"#{d.number} {_half_words(d.terrain1, d.crowns1)} + {_half_words(d.terrain2, d.crowns2)}"


def square_words(row: int, col: int) -> str:
    """Where a square lies from the castle: ``1 row above and 2 columns right of the castle``,
    ``2 rows below the castle``."""
    rows = f"{abs(row)} row{'s' if abs(row) > 1 else ''} {'above' if row < 0 else 'below'}"
    cols = f"{abs(col)} column{'s' if abs(col) > 1 else ''} {'left' if col < 0 else 'right'} of"
    return " and ".join(([rows] if row else []) + ([cols] if col else [])) + " the castle"


def placement_words(domino: int, row: int, col: int, direction: str) -> str:
    """``#3: Forest 1 row above the castle, Forest (1 crown) to its right``."""
    d = DOMINOES[domino]
    return (f"#{d.number}: {_half_words(d.terrain1, d.crowns1)} {square_words(row, col)}, "
            f"{_half_words(d.terrain2, d.crowns2)} {NEXT_HALF_WORDS[direction]}")
DISCARD = ACTIONS[DISCARD_INDEX]
_NACT = len(ACTIONS)
PICKS = ACTIONS[PICK_BASE:PICK_BASE + MAX_ROW]
#: PLACE_BY_BIT's action indices (-1 where it has none)
_PLACE_INDEX_BY_BIT = [-1 if a is None else a.index for a in PLACE_BY_BIT]

_T1 = [d.terrain1 if d else 0 for d in DOMINOES]
_T2 = [d.terrain2 if d else 0 for d in DOMINOES]
_C1 = [d.crowns1 if d else 0 for d in DOMINOES]
_C2 = [d.crowns2 if d else 0 for d in DOMINOES]
_SYM = [bool(d and d.symmetric) for d in DOMINOES]
_S = B.STRIDE
_FRAME = B.FRAME
_CASTLE = B.CASTLE_BIT
_ROWB = B.ROW_BAND
_COLB = B.COL_BAND
_TOP = B.SIZE - 1


def _build_geometry() -> list[tuple[int, int, int, int, int, int] | None]:
    """Per (first-half bit, direction): both halves' masks and the rows/columns they span."""
    table: list[tuple[int, int, int, int, int, int] | None] = [None] * (B.NBITS * 4)
    for r in range(B.SIZE):
        for c in range(B.SIZE):
            for d in range(4):
                r2, c2 = r + B.DR[d], c + B.DC[d]
                if 0 <= r2 < B.SIZE and 0 <= c2 < B.SIZE:
                    bit = B.bit_of(r, c)
                    table[(bit << 2) | d] = (1 << bit, 1 << B.bit_of(r2, c2), min(r, r2), max(r, r2),
                                             min(c, c2), max(c, c2))
    return table


_GEOM = _build_geometry()
#: bit -> (row, col) relative to the castle
_RC = [(b // B.STRIDE - B.CENTRE, b % B.STRIDE - B.CENTRE) for b in range(B.NBITS)]


class KingdominoState:
    """A game (or a Dynasty match) of Kingdomino as plain data.

    Per-player arrays are flat: ``terr[p * 6 + t]`` is player p's mask of terrain t,
    ``crown[p * 3 + k]`` the mask of squares with k + 1 crowns, ``box[p * 4:p * 4 + 4]`` the
    kingdom's bounding rows and columns (castle included).
    """

    __slots__ = (
        "players", "n", "row_size", "kings", "opts",
        "occ", "terr", "crown", "box",
        "pile", "unused", "discarded", "placed",
        "cur", "cur_king", "nxt", "nxt_king", "order", "oi", "step",
        "round", "to_move", "turns", "rng", "game_no", "history", "cache", "undo",
    )
    #: derived data, not part of the state's identity; and the undo log, written by ``to_data`` only when the
    #: option ``undo`` is on (``realms.core.undo``)
    TRANSIENT = ("cache", "undo")

    players: int
    n: int
    row_size: int
    kings: int
    opts: dict[str, Any]
    occ: list[int]
    terr: list[int]
    crown: list[int]
    box: list[int]
    pile: list[int]
    unused: list[int]
    discarded: list[int]
    placed: list[tuple[int, int]]
    cur: list[int]
    cur_king: list[int]
    nxt: list[int]
    nxt_king: list[int]
    order: list[int]
    oi: int
    step: int
    round: int
    to_move: int | None
    turns: list[int]
    rng: int
    game_no: int
    history: list[list[dict[str, Any]]]
    #: placement masks of the pending decision, computed by legal_actions and reused by apply
    cache: tuple[int, int, int, int] | None
    #: what may be taken back this turn; None unless the game's options set ``undo``
    undo: UndoLog | None

    def clone(self) -> KingdominoState:
        s = KingdominoState.__new__(KingdominoState)
        s.players = self.players
        s.n = self.n
        s.row_size = self.row_size
        s.kings = self.kings
        s.opts = self.opts  # never mutated after validation
        s.occ = self.occ[:]
        s.terr = self.terr[:]
        s.crown = self.crown[:]
        s.box = self.box[:]
        s.pile = self.pile[:]
        s.unused = self.unused[:]
        s.discarded = self.discarded[:]
        s.placed = self.placed[:]
        s.cur = self.cur[:]
        s.cur_king = self.cur_king[:]
        s.nxt = self.nxt[:]
        s.nxt_king = self.nxt_king[:]
        s.order = self.order[:]
        s.oi = self.oi
        s.step = self.step
        s.round = self.round
        s.to_move = self.to_move
        s.turns = self.turns[:]
        s.rng = self.rng
        s.game_no = self.game_no
        s.history = self.history  # finished games are never mutated, only replaced
        s.cache = self.cache
        s.undo = self.undo  # never mutated, only replaced
        return s

    def to_data(self) -> dict[str, Any]:
        """The full state (hidden information included) as JSON-able data."""
        return undo.log_data(self, slots_to_data(self, _TO_DATA))  # the other lists hold ints only

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> KingdominoState:
        s = slots_from_data(cls, data, {"placed": lambda placed: [tuple(x) for x in placed]})
        s.cache = None
        s.undo = UndoLog.from_data(data["undo"], cls.from_data) if "undo" in data else None
        return s

    def owner(self, king: int) -> int:
        return king % self.players

    @property
    def acting_king(self) -> int | None:
        return None if self.to_move is None else self.order[self.oi]


def _pairs(value: list[tuple[int, int]]) -> list[list[int]]:
    return [list(p) for p in value]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


#: how ``to_data`` converts the fields that are not flat lists of ints
_TO_DATA = {"placed": _pairs, "history": _plain, "opts": _plain}


def _placements(state: KingdominoState, p: int, domino: int) -> tuple[int, int, int, int]:
    """Masks of legal first-half cells for each direction (E, S, W, N)."""
    b = p * 4
    box = state.box
    n = state.n
    minr, maxr, minc, maxc = box[b], box[b + 1], box[b + 2], box[b + 3]
    lo = maxr - n + 1
    hi = minr + n - 1
    area = _ROWB[lo if lo > 0 else 0][hi if hi < _TOP else _TOP]
    lo = maxc - n + 1
    hi = minc + n - 1
    area &= _COLB[lo if lo > 0 else 0][hi if hi < _TOP else _TOP]
    free = area & ~state.occ[p]
    t = p * 6
    m1 = state.terr[t + _T1[domino]] | _CASTLE
    m2 = state.terr[t + _T2[domino]] | _CASTLE
    a1 = ((m1 << 1) | (m1 >> 1) | (m1 << _S) | (m1 >> _S)) & free
    a2 = ((m2 << 1) | (m2 >> 1) | (m2 << _S) | (m2 >> _S)) & free
    east = free & (free >> 1) & (a1 | (a2 >> 1))
    south = free & (free >> _S) & (a1 | (a2 >> _S))
    if _SYM[domino]:
        return east, south, 0, 0
    west = free & (free << 1) & (a1 | (a2 << 1))
    north = free & (free << _S) & (a1 | (a2 << _S))
    return east, south, west, north


class Kingdomino(Game):
    """Kingdomino for 2-4 players with every variant of the rules texts.

    >>> g = Kingdomino()
    >>> s = g.new({"players": 2}, seed=3)
    >>> [a.kind for a in g.legal_actions(s)]
    ['pick', 'pick', 'pick', 'pick']
    """

    id = "kingdomino"
    name = "Kingdomino"
    min_players = 2
    max_players = 4
    options_spec = (
        Option("players", "int", 4, "number of players", minimum=2, maximum=4),
        Option("three_players", "choice", "draw-four", "3-player method",
               choices=("draw-four", "thirty-six")),
        Option("mighty_duel", "bool", False, "2 players, all 48 dominoes, 7x7 kingdoms"),
        Option("harmony", "bool", False, "+5 for a kingdom that fills its whole grid"),
        Option("middle_kingdom", "bool", False, "+10 for a full-size kingdom centred on its castle"),
        Option("dynasty", "bool", False, "a match of three games, totals decide"),
        Option("tiebreak", "choice", "crowns", "tie-break after the score",
               choices=("crowns", "largest-region")),
    )
    actions = ACTIONS
    #: nothing in a view depends on who looks (the draw pile's order is hidden from everyone alike)
    public_view = True

    def check_options(self, opts: dict[str, Any]) -> None:
        from realms.core.errors import OptionsError

        if opts["mighty_duel"] and opts["players"] != 2:
            raise OptionsError(f"kingdomino: the Mighty Duel is for 2 players, not {opts['players']}")
        if opts["three_players"] != "draw-four" and opts["players"] != 3:
            raise OptionsError(
                f"kingdomino: three_players={opts['three_players']} applies only to 3 players, "
                f"not {opts['players']}"
            )

    # --- setup --------------------------------------------------------------------------------
    def new(self, options: Mapping[str, Any] | None, seed: int) -> KingdominoState:
        opts = self.validate_options(options)
        seed = check_seed("kingdomino", seed)
        p = opts["players"]
        s = KingdominoState.__new__(KingdominoState)
        s.players = p
        s.n = 7 if opts["mighty_duel"] else 5
        s.row_size = 3 if (p == 3 and opts["three_players"] == "thirty-six") else 4
        s.kings = 4 if p == 2 else p
        s.opts = opts
        s.turns = [0] * p
        s.game_no = 0
        s.history = []
        s.undo = undo.new_log(opts)
        rng = Rng(seed)
        self._setup_game(s, rng)
        return s

    def _setup_game(self, s: KingdominoState, rng: Rng) -> None:
        p = s.players
        s.occ = [_CASTLE] * p
        s.terr = [0] * (p * 6)
        s.crown = [0] * (p * 3)
        s.box = [B.CENTRE, B.CENTRE, B.CENTRE, B.CENTRE] * p
        deck = list(range(1, NUM_DOMINOES + 1))
        rng.shuffle(deck)
        if p == 2 and not s.opts["mighty_duel"]:
            keep = NUM_DOMINOES // 2
        elif s.row_size == 3:
            keep = 36
        else:
            keep = NUM_DOMINOES
        s.unused = sorted(deck[keep:])
        s.pile = deck[:keep]
        s.discarded = []
        s.placed = []
        s.cur = []
        s.cur_king = []
        s.nxt = []
        s.nxt_king = []
        self._draw_row(s)
        order = list(range(s.kings))
        rng.shuffle(order)
        s.order = order
        s.oi = 0
        s.step = PICK
        s.round = 0  # the opening picks; rounds 1.. are the place-and-pick rounds of the rules
        s.to_move = order[0] % p
        s.rng = rng.state
        s.cache = None

    def _draw_row(self, s: KingdominoState) -> None:
        k = s.row_size
        row = s.pile[-k:]
        del s.pile[-k:]
        row.sort()
        s.nxt = row
        s.nxt_king = [-1] * len(row)

    # --- queries ------------------------------------------------------------------------------
    def legal_actions(self, state: KingdominoState) -> list[Action]:
        if state.to_move is None:
            return []
        if state.undo is not None:
            return undo.legal_actions(self, state)
        if state.step == PICK:
            nk = state.nxt_king
            return [PICKS[i] for i in range(len(nk)) if nk[i] < 0]
        king = state.order[state.oi]
        domino = state.cur[state.cur_king.index(king)]
        masks = state.cache
        if masks is None:
            masks = state.cache = _placements(state, state.to_move, domino)
        out: list[Action] = []
        add = out.append
        table = PLACE_BY_BIT
        d = 0
        for m in masks:
            while m:
                low = m & -m
                add(table[((low.bit_length() - 1) << 2) | d])  # type: ignore[arg-type]
                m ^= low
            d += 1
        if not out:
            out.append(DISCARD)
        return out

    def legal_indices(self, state: KingdominoState) -> tuple[int, ...]:
        """``legal_actions``' indices, in its order, as a tuple, read off the same placement masks."""
        if state.to_move is None:
            return ()
        if state.undo is not None:
            return undo.legal_indices(self, state)
        if state.step == PICK:
            nk = state.nxt_king
            return tuple([PICK_BASE + i for i in range(len(nk)) if nk[i] < 0])
        king = state.order[state.oi]
        domino = state.cur[state.cur_king.index(king)]
        masks = state.cache
        if masks is None:
            masks = state.cache = _placements(state, state.to_move, domino)
        out: list[int] = []
        add = out.append
        table = _PLACE_INDEX_BY_BIT
        d = 0
        for m in masks:
            while m:
                low = m & -m
                add(table[((low.bit_length() - 1) << 2) | d])
                m ^= low
            d += 1
        return tuple(out) if out else (DISCARD_INDEX,)

    def current_domino(self, state: KingdominoState) -> int | None:
        """The domino the acting king must place now, if it is a placement step."""
        if state.to_move is None or state.step != PLACE:
            return None
        return state.cur[state.cur_king.index(state.order[state.oi])]

    # --- apply --------------------------------------------------------------------------------
    def apply(self, state: KingdominoState, action: Action, log: bool = False) -> list[Event]:
        p = state.to_move
        if p is None:
            raise IllegalAction("kingdomino: the game is over; no action is legal")
        if state.undo is not None:
            return undo.apply(self, state, action, log)
        idx = getattr(action, "index", None)
        if idx.__class__ is not int or not 0 <= idx < _NACT or (
            ACTIONS[idx] is not action and ACTIONS[idx] != action
        ):
            if action == self.undo_action:
                return undo.apply(self, state, action, log)
            raise IllegalAction(f"kingdomino: {action!r} is not an action of this game")
        events: list[Event] = []
        king = state.order[state.oi]
        if state.step == PLACE:
            domino = state.cur[state.cur_king.index(king)]
            if idx < DISCARD_INDEX:
                cell, d = divmod(idx, 4)
                r, c = divmod(cell, B.SIZE)
                bit = r * _S + c
                masks = state.cache
                if masks is None:
                    masks = _placements(state, p, domino)
                if not (masks[d] >> bit) & 1:
                    raise IllegalAction(self._why_not(state, p, domino, r, c, d))
                self._place(state, p, domino, bit, d)
                if log:
                    events.append(Event("place", p, f"Seat {p + 1} placed "
                                                    + placement_words(domino, r - B.CENTRE, c - B.CENTRE, B.DIRS[d]),
                                        {"domino": domino, "halves": halves_data(domino), "row": r - B.CENTRE,
                                         "col": c - B.CENTRE, "dir": B.DIRS[d]}))
            elif idx == DISCARD_INDEX:
                if any(state.cache or _placements(state, p, domino)):
                    raise IllegalAction(
                        f"kingdomino: {DOMINOES[domino].label()} can be placed, so it may not be discarded"
                    )
                state.discarded.append(domino)
                if log:
                    events.append(Event("discard", p, f"Seat {p + 1} discarded {domino_words(domino)}: "
                                                      "it fits nowhere in the kingdom",
                                        {"domino": domino, "halves": halves_data(domino)}))
            else:
                raise IllegalAction(f"kingdomino: seat {p + 1} must place {DOMINOES[domino].label()} first, "
                                    f"not {action}")
            state.cache = None
            if state.nxt:
                state.step = PICK
                return events
        else:
            slot = idx - PICK_BASE
            if slot < 0:
                raise IllegalAction(f"kingdomino: seat {p + 1} must pick a domino of the next row, not {action}")
            if slot >= len(state.nxt):
                raise IllegalAction(f"kingdomino: the next row has {len(state.nxt)} slots; "
                                    f"slot {slot + 1} does not exist")
            if state.nxt_king[slot] >= 0:
                raise IllegalAction(f"kingdomino: slot {slot + 1} ({DOMINOES[state.nxt[slot]].label()}) "
                                    f"is already taken by seat {state.nxt_king[slot] % state.players + 1}")
            state.nxt_king[slot] = king
            if log:
                events.append(Event("pick", p, f"Seat {p + 1} picked {domino_words(state.nxt[slot])}",
                                    {"domino": state.nxt[slot], "halves": halves_data(state.nxt[slot]), "slot": slot}))
        # the king's turn is over
        state.turns[p] += 1
        state.oi += 1
        if state.oi < len(state.order):
            king = state.order[state.oi]
            state.to_move = king % state.players
            state.step = PLACE if state.cur else PICK
            return events
        self._next_round(state, events if log else None)
        return events

    def _place(self, s: KingdominoState, p: int, domino: int, bit: int, d: int) -> None:
        geom = _GEOM[(bit << 2) | d]
        assert geom is not None  # only placements on the frame reach here
        a, b2, r1, r2, c1, c2 = geom
        s.occ[p] |= a | b2
        t = p * 6
        terr = s.terr
        terr[t + _T1[domino]] |= a
        terr[t + _T2[domino]] |= b2
        c = _C1[domino]
        if c:
            s.crown[p * 3 + c - 1] |= a
        c = _C2[domino]
        if c:
            s.crown[p * 3 + c - 1] |= b2
        box = s.box
        o = p * 4
        if r1 < box[o]:
            box[o] = r1
        if r2 > box[o + 1]:
            box[o + 1] = r2
        if c1 < box[o + 2]:
            box[o + 2] = c1
        if c2 > box[o + 3]:
            box[o + 3] = c2
        s.placed.append((p, domino))

    def _next_round(self, s: KingdominoState, events: list[Event] | None) -> None:
        # leftovers of the next row (3 players drawing four) leave the game
        picked = [(s.nxt[i], s.nxt_king[i]) for i in range(len(s.nxt)) if s.nxt_king[i] >= 0]
        for i in range(len(s.nxt)):
            if s.nxt_king[i] < 0:
                s.discarded.append(s.nxt[i])
                if events is not None:
                    events.append(Event("leftover", None, f"{domino_words(s.nxt[i])} was not picked "
                                                          "and leaves the game",
                                               {"domino": s.nxt[i], "halves": halves_data(s.nxt[i])}))
        s.cur = [d for d, _ in picked]
        s.cur_king = [k for _, k in picked]
        if not s.cur:
            self._end_game(s, events)
            return
        if s.pile:
            self._draw_row(s)
        else:
            s.nxt = []
            s.nxt_king = []
        s.order = s.cur_king[:]
        s.oi = 0
        s.step = PLACE
        s.round += 1
        s.to_move = s.order[0] % s.players

    def _end_game(self, s: KingdominoState, events: list[Event] | None) -> None:
        harmony, middle = s.opts["harmony"], s.opts["middle_kingdom"]
        summary = []
        for p in range(s.players):
            terr = s.terr[p * 6:p * 6 + 6]
            crown = s.crown[p * 3:p * 3 + 3]
            box = s.box[p * 4:p * 4 + 4]
            c1, c2, c3 = crown
            total, largest, crowns = B.quick_score(terr, c1, c2, c3, s.occ[p], box, s.n, harmony, middle)
            summary.append({"score": total, "largest_region": largest, "crowns": crowns,
                            "masks": terr + crown + [s.occ[p]] + box})
        s.history = s.history + [summary]
        if events is not None:
            events.append(Event("game-end", None, "Game over: " + ", ".join(
                f"seat {p + 1} {summary[p]['score']}" for p in range(s.players)),
                {"scores": [{k: v for k, v in e.items() if k != "masks"} for e in summary]}))
        if s.opts["dynasty"] and s.game_no < 2:
            s.game_no += 1
            rng = Rng.from_state(s.rng)
            self._setup_game(s, rng)
            return
        s.to_move = None
        s.order = []
        s.oi = 0

    def _why_not(self, s: KingdominoState, p: int, domino: int, r: int, c: int, d: int) -> str:
        label = DOMINOES[domino].label()
        dr, dc = r - B.CENTRE, c - B.CENTRE
        r2, c2 = r + B.DR[d], c + B.DC[d]
        where = f"kingdomino: {label} at ({dr:+d},{dc:+d}) {B.DIRS[d]}"
        occ = s.occ[p]
        for rr, cc in ((r, c), (r2, c2)):
            if not (0 <= rr < B.SIZE and 0 <= cc < B.SIZE):
                return f"{where} would make the kingdom larger than {s.n}x{s.n} (castle included)"
            if occ >> (rr * _S + cc) & 1:
                return f"{where} covers an occupied square ({rr - B.CENTRE:+d},{cc - B.CENTRE:+d})"
        if _SYM[domino] and d >= 2 and _placements(s, p, domino)[d - 2] >> (r2 * _S + c2) & 1:
            same = ACTIONS[((r2 * B.SIZE + c2) << 2) | (d - 2)]
            return (f"{where}: both halves are alike, so this placement is named by its other end only — "
                    f"use {same.to_json()}")
        o = p * 4
        minr, maxr = min(s.box[o], r, r2), max(s.box[o + 1], r, r2)
        minc, maxc = min(s.box[o + 2], c, c2), max(s.box[o + 3], c, c2)
        if maxr - minr >= s.n or maxc - minc >= s.n:
            return f"{where} would make the kingdom larger than {s.n}x{s.n} (castle included)"
        return (f"{where} touches neither the castle nor a square of the same terrain "
                "(one half must match an orthogonal neighbour)")

    # --- scoring -------------------------------------------------------------------------------
    def _score(self, s: KingdominoState, p: int) -> B.Score:
        c1, c2, c3 = s.crown[p * 3:p * 3 + 3]
        return B.score_masks(
            s.terr[p * 6:p * 6 + 6], c1, c2, c3, s.occ[p], s.box[p * 4:p * 4 + 4], s.n,
            s.opts["harmony"], s.opts["middle_kingdom"],
        )

    def _quick_score(self, s: KingdominoState, p: int) -> int:
        c1, c2, c3 = s.crown[p * 3:p * 3 + 3]
        return B.quick_score(s.terr[p * 6:p * 6 + 6], c1, c2, c3, s.occ[p], s.box[p * 4:p * 4 + 4],
                             s.n, s.opts["harmony"], s.opts["middle_kingdom"])[0]

    def score(self, state: KingdominoState, seat: int) -> B.Score:
        """The current score of ``seat``'s kingdom in the game being played."""
        return self._score(state, seat)

    def result(self, state: KingdominoState) -> Result | None:
        if state.to_move is not None:
            return None
        games = state.history
        p = state.players
        scores = [sum(g[i]["score"] for g in games) for i in range(p)]
        largest = [sum(g[i]["largest_region"] for g in games) for i in range(p)]
        crowns = [sum(g[i]["crowns"] for g in games) for i in range(p)]
        keys: list[tuple[Any, ...]]
        if state.opts["tiebreak"] == "crowns":
            keys = [(largest[i], crowns[i]) for i in range(p)]
        else:
            keys = [(largest[i],) for i in range(p)]
        n, harmony, middle = state.n, state.opts["harmony"], state.opts["middle_kingdom"]

        def breakdown() -> list[dict[str, Any]]:
            def one(entry: dict[str, Any]) -> dict[str, Any]:
                m = entry["masks"]
                b = B.score_masks(m[0:6], m[6], m[7], m[8], m[9], m[10:14], n, harmony, middle).to_json()
                for key, on in (("harmony", harmony), ("middle_kingdom", middle)):
                    if not on:  # a bonus the game is not played with is not listed (at 0)
                        del b[key]
                return b

            if len(games) == 1:
                return [one(games[0][i]) for i in range(p)]
            return [{"score": scores[i], "largest_region": largest[i], "crowns": crowns[i],
                     "games": [one(g[i]) for g in games]} for i in range(p)]

        return Result.from_keys(scores, keys, breakdown)

    def turns(self, state: KingdominoState) -> list[int]:
        return list(state.turns)

    # --- information -----------------------------------------------------------------------------
    def kingdom_cells(self, state: KingdominoState, p: int) -> list[list[Any]]:
        """``[row, col, letter, crowns]`` for every square of seat p's kingdom, castle as ``C``."""
        out: list[list[Any]] = [[0, 0, "C", 0]]
        t = p * 6
        c1, c2, c3 = state.crown[p * 3:p * 3 + 3]
        for terrain in range(6):
            m = state.terr[t + terrain]
            letter = LETTERS[terrain]
            while m:
                low = m & -m
                m ^= low
                r, c = _RC[low.bit_length() - 1]
                crowns = 1 if c1 & low else 2 if c2 & low else 3 if c3 & low else 0
                out.append([r, c, letter, crowns])
        out.sort()
        return out

    def view(self, state: KingdominoState, seat: int | None) -> dict[str, Any]:
        p = state.players

        def row(dominoes: list[int], kings: list[int]) -> list[dict[str, Any]]:
            return [{"domino": d, "label": DOMINOES[d].label(),
                     "halves": [[LETTERS[_T1[d]], _C1[d]], [LETTERS[_T2[d]], _C2[d]]],
                     "king": k if k >= 0 else None, "seat": (k % p) if k >= 0 else None}
                    for d, k in zip(dominoes, kings, strict=True)]

        unseen = sorted(state.pile + state.unused)
        current = self.current_domino(state)
        return {
            "game": self.id,
            "seat": seat,
            "players": p,
            "options": dict(state.opts),
            "size": state.n,
            "game_no": state.game_no,
            "round": state.round,
            "to_move": state.to_move,
            "step": None if state.to_move is None else ("place" if state.step == PLACE else "pick"),
            "acting_king": state.acting_king,
            "placing": current,
            "current_row": row(state.cur, state.cur_king),
            "next_row": row(state.nxt, state.nxt_king),
            "pile_count": len(state.pile),
            "unseen": unseen,
            "discarded": list(state.discarded),
            "kingdoms": [
                {"seat": i, "cells": self.kingdom_cells(state, i),
                 "box": [v - B.CENTRE for v in state.box[i * 4:i * 4 + 4]],
                 "score": self._quick_score(state, i)}
                for i in range(p)
            ],
            "turns": list(state.turns),
            "history": [[g[i]["score"] for i in range(p)] for g in state.history],
        }

    def determinize(self, state: KingdominoState, seat: int, rng: Rng) -> KingdominoState:
        """A copy with what nobody can see resampled: the draw pile's order and which dominoes are out of
        the game, the opening's order of the kings still to pick (only who picks now is known), and the
        RNG. Everything in a view is the same for every seat, so ``seat`` changes nothing."""
        s = state.clone()
        s.undo = None  # a copy for a bot: bots never take moves back
        hidden = s.pile + s.unused
        rng.shuffle(hidden)
        k = len(s.pile)
        s.pile = hidden[:k]
        s.unused = sorted(hidden[k:])
        if s.round == 0 and s.to_move is not None and s.oi + 2 < len(s.order):
            rest = s.order[s.oi + 1:]
            rng.shuffle(rest)
            s.order[s.oi + 1:] = rest
        s.rng = rng.next64()
        return s

    def undoable(self, before: KingdominoState, action: Action, after: KingdominoState) -> bool:
        """A placement (or the discard of a domino that fits nowhere) may be taken back until the pick that
        follows it; a pick ends the king's turn, and the last round's placement the seat's."""
        return before.step == PLACE and after.step == PICK and after.oi == before.oi

    def describe(self, state: KingdominoState, action: Action) -> str:
        if action.kind == "pick":
            slot = action["slot"]
            if slot < len(state.nxt):
                return f"pick {DOMINOES[state.nxt[slot]].label()}"
        if action.kind == "place":
            d = self.current_domino(state)
            if d is not None:
                dom = DOMINOES[d]
                dr, dc = action["row"], action["col"]
                k = B.DIRS.index(action["dir"])
                h1 = LETTERS[dom.terrain1] + (str(dom.crowns1) if dom.crowns1 else "")
                h2 = LETTERS[dom.terrain2] + (str(dom.crowns2) if dom.crowns2 else "")
                return f"{h1} {dr:+d},{dc:+d} · {h2} {dr + B.DR[k]:+d},{dc + B.DC[k]:+d}"
        if action.kind == "discard":
            d = self.current_domino(state)
            if d is not None:
                return f"discard {DOMINOES[d].label()} (it cannot be placed)"
        return str(action)


TERRAIN_NAMES = TERRAINS
