"""The Castles of Burgundy rules: setup, phases and rounds, the two-dice turn, every tile's effect, scoring.

The state is plain data (flat lists of ints, one bit mask of occupied spaces per estate). Decisions
inside a turn that the rules create on the fly -- a castle's bonus action, a City Hall's extra
placement, a Carpenter's/Church's/Market's pick, a Warehouse sale, a ship's depot, goods that do not
fit, the tile to discard from a full storage -- are *frames* on a stack kept in the state as tuples.
The turn itself (no frame) is: use each of the two dice once, adjust dice with workers, buy once.

After every action the engine *settles*: frames with nothing to decide are dropped, turns, rounds and
phases that are over are closed (goods placement, dice rolls, mine income, phase setup, final
scoring), until someone has a real decision. The legal actions of that decision are computed once
and kept (``state.cache``), so ``legal_actions`` and ``apply``'s validation share them.

All chance (dice, stack draws, goods draws) comes from the state's SplitMix64 integer ``rng`` at the
moment it happens: the stacks are unordered, so the only hidden information is the future.
See ``docs/burgundy.md`` for every ruling.

The engine is split by concern; ``Burgundy`` joins the parts: ``state`` (constants, chance, the state),
``actions`` (the action space), ``setup`` (setup and the turn machine), ``legality`` (legal actions),
``explain`` (why an action is illegal), ``effects`` (applying actions, each tile kind's effect),
``scoring`` and ``view``. The public names stay importable from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core.errors import OptionsError
from realms.core.game import Game
from realms.core.options import Option
from realms.games.burgundy.actions import (
    ACTIONS,
    ADJUST,
    BASE,
    BOARD_ACTS,
    BUY_BLACK,
    BUY_DEPOT,
    DECODE,
    DELTAS,
    DISCARD,
    END,
    GOODS,
    HALL,
    K_ADJUST,
    K_BOARD,
    K_BUY,
    K_DISCARD,
    K_END,
    K_GOODS,
    K_HALL,
    K_PICK,
    K_PLACE,
    K_SELL,
    K_SHIP,
    K_SKIP,
    K_START,
    K_TAKE,
    K_WAREHOUSE,
    K_WORKERS,
    NACTIONS,
    PICK,
    PLACE,
    SELL,
    SHIP1,
    SHIP2,
    SKIP,
    START,
    TAKE,
    WAREHOUSE_SALE,
    WORKERS,
)
from realms.games.burgundy.data import (
    BOARD_SETS,
    Board,
    board_set,
    builtin_boards,
    load_boards_file,
)
from realms.games.burgundy.effects import _Effects
from realms.games.burgundy.explain import _Explain
from realms.games.burgundy.legality import _Legality
from realms.games.burgundy.scoring import _Scoring
from realms.games.burgundy.setup import _Setup
from realms.games.burgundy.state import (
    F_CASTLE,
    F_DISCARD,
    F_GOODS,
    F_HALL,
    F_PICK,
    F_SHIP,
    F_WAREHOUSE,
    FRAME_NAMES,
    FREE_DIE,
    FREE_PLACE,
    K1,
    K2,
    K3,
    K4,
    K5,
    K6,
    K7,
    K8,
    K9,
    K10,
    K11,
    K12,
    K13,
    K14,
    MODE_BOARD,
    MODE_OVER,
    MODE_PLAY,
    NDIE,
    PICK_TYPES,
    SOURCES,
    SRC_ANIMALS,
    SRC_BONUS,
    SRC_GOODS,
    SRC_REGION,
    SRC_SALE,
    SRC_SILVER,
    SRC_WATCHTOWER,
    SRC_WORKERS,
    STRIDE,
    BurgundyState,
)
from realms.games.burgundy.view import _View


# --- the game -----------------------------------------------------------------------------------
class Burgundy(_Setup, _Legality, _Effects, _Explain, _Scoring, _View, Game):
    """The Castles of Burgundy (2011) for 2-4 players, every tile and knowledge tile.

    >>> g = Burgundy()
    >>> s = g.new({"players": 2}, seed=1)
    >>> {a.kind for a in g.legal_actions(s)} >= {"take", "workers"}
    True
    """

    id = "burgundy"
    name = "The Castles of Burgundy"
    min_players = 2
    max_players = 4
    options_spec = (
        Option("players", "int", 2, "number of players", minimum=2, maximum=4),
        Option("scenario", "choice", "basic",
               "estate boards: basic (board 1 for all), advanced (board 1 or a random board each), random (a "
               "different random board each), free-choice (each chooses a board, in turn order)",
               choices=("basic", "advanced", "random", "free-choice")),
        Option("board_set", "choice", "2011",
               "the boards the scenarios draw from: 2011 (boards 1-9; the reworked 2023 boards 4 and 8 stand in "
               "for the 2011 ones), two-sources (the boards two sources confirm: 1 and 6) or all (also the 2019 "
               "edition's board 2, numbered 40)",
               choices=BOARD_SETS),
        Option("city_hall", "choice", "any-colour",
               "City Hall's extra placement: any-colour (rules text) or matching-colour (2011 rulebook)",
               choices=("any-colour", "matching-colour")),
        Option("tiebreak", "choice", "fewest-empty",
               "tie-break: fewest-empty (rules text) or most-empty (2011 rulebook per BGA) estate spaces",
               choices=("fewest-empty", "most-empty")),
        Option("black_depot_timing", "choice", "between-actions",
               "black depot purchase: between-actions (before, between or after the dice, 2011 rulebook) or "
               "during-effects (also inside a castle's or City Hall's extra action, a later rule)",
               choices=("between-actions", "during-effects")),
        Option("boards_file", "any", None, "path of a JSON file of extra estate boards (format of boards.json)",
               local_only=True),
    )
    actions = ACTIONS
    #: everything on the table is public; only the (unordered) stacks and goods bag are hidden from all
    public_view = True

    def check_options(self, opts: dict[str, Any]) -> None:
        if opts["boards_file"] is not None:
            if not isinstance(opts["boards_file"], str):
                raise OptionsError(f"burgundy: option 'boards_file' must be a file path, got {opts['boards_file']!r}")
            load_boards_file(opts["boards_file"])  # raises BoardError (an OptionsError) with the reason
        if opts["scenario"] == "random":
            present = self.available_boards(opts)
            if len(present) < opts["players"]:
                raise OptionsError(f"burgundy: the random scenario deals a different board to each of "
                                   f"{opts['players']} players, but board_set {opts['board_set']!r} has only "
                                   f"{len(present)} boards ({', '.join(map(str, present))})")

    def available_boards(self, opts: Mapping[str, Any]) -> dict[int, Board]:
        """The boards present: the built-in ones of ``board_set``, replaced or extended by ``boards_file``."""
        name = opts.get("board_set", "2011")
        made = _BUILTIN_AVAILABLE.get(name)
        if made is None:
            builtin = builtin_boards()
            made = _BUILTIN_AVAILABLE[name] = {n: builtin[n] for n in board_set(name)}
        if not opts.get("boards_file"):
            return dict(made)
        boards = dict(made)
        boards.update(load_boards_file(opts["boards_file"]))
        return dict(sorted(boards.items()))


#: the built-in boards of each board set by number, sorted (made once; callers get a copy of the dict)
_BUILTIN_AVAILABLE: dict[str, dict[int, Board]] = {}


#: the names other modules and tests import from here (the engine lives in the modules beside it)
__all__ = [
    "ACTIONS",
    "ADJUST",
    "BASE",
    "BOARD_ACTS",
    "BUY_BLACK",
    "BUY_DEPOT",
    "Burgundy",
    "BurgundyState",
    "DECODE",
    "DELTAS",
    "DISCARD",
    "END",
    "FRAME_NAMES",
    "FREE_DIE",
    "FREE_PLACE",
    "F_CASTLE",
    "F_DISCARD",
    "F_GOODS",
    "F_HALL",
    "F_PICK",
    "F_SHIP",
    "F_WAREHOUSE",
    "GOODS",
    "HALL",
    "K1",
    "K10",
    "K11",
    "K12",
    "K13",
    "K14",
    "K2",
    "K3",
    "K4",
    "K5",
    "K6",
    "K7",
    "K8",
    "K9",
    "K_ADJUST",
    "K_BOARD",
    "K_BUY",
    "K_DISCARD",
    "K_END",
    "K_GOODS",
    "K_HALL",
    "K_PICK",
    "K_PLACE",
    "K_SELL",
    "K_SHIP",
    "K_SKIP",
    "K_START",
    "K_TAKE",
    "K_WAREHOUSE",
    "K_WORKERS",
    "MODE_BOARD",
    "MODE_OVER",
    "MODE_PLAY",
    "NACTIONS",
    "NDIE",
    "PICK",
    "PICK_TYPES",
    "PLACE",
    "SELL",
    "SHIP1",
    "SHIP2",
    "SKIP",
    "START",
    "SOURCES",
    "SRC_ANIMALS",
    "SRC_BONUS",
    "SRC_GOODS",
    "SRC_REGION",
    "SRC_SALE",
    "SRC_SILVER",
    "SRC_WATCHTOWER",
    "SRC_WORKERS",
    "STRIDE",
    "TAKE",
    "WAREHOUSE_SALE",
    "WORKERS",
]
