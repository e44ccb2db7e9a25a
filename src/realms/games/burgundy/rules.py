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
"""


from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core.errors import IllegalAction, OptionsError
from realms.core.game import Action, Event, Game, Result
from realms.core.options import Option
from realms.core.rng import GOLDEN, MASK64, Rng, check_seed
from realms.core.state import copy_lists, slots_from_data, slots_to_data
from realms.games.burgundy.data import (
    ANIMAL,
    BLACK_DEPOT_TILES,
    BOARDING_HOUSE,
    BUILDING,
    BUILDING_NAMES,
    CARPENTER,
    CASTLE,
    CHURCH,
    CITY_HALL,
    DEPOT_SLOTS,
    GOODS_PER_COLOUR,
    KNOWLEDGE,
    LARGE_BONUS,
    MARKET,
    MAX_BOARD_NUMBER,
    MINE,
    NTILES,
    PHASE_BONUS,
    PHASES,
    SALE_VP,
    SHIP,
    SIZE_VP,
    SMALL_BONUS,
    SPECIES,
    T_ANIMALS,
    T_BLACK,
    T_KIND,
    T_TYPE,
    TYPES,
    WAREHOUSE,
    WATCHTOWER,
    Board,
    board_box,
    board_from_rows,
    builtin_boards,
    load_boards_file,
    tile_face,
    tile_json,
    tile_name,
)
from realms.games.burgundy.actions import *  # noqa: F403
from realms.games.burgundy.actions import _die_text, _die_word  # noqa: F401
from realms.games.burgundy.effects import _Effects
from realms.games.burgundy.explain import _Explain
from realms.games.burgundy.legality import _Legality
from realms.games.burgundy.scoring import _Scoring
from realms.games.burgundy.setup import _Setup
from realms.games.burgundy.state import *  # noqa: F403
from realms.games.burgundy.state import _below, _draw, _draw_goods  # noqa: F401
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
        Option("scenario", "choice", "basic", "estate boards: basic (board 1 for all), random, free-choice",
               choices=("basic", "random", "free-choice")),
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

    def available_boards(self, opts: Mapping[str, Any]) -> dict[int, Board]:
        """The boards present: the built-in ones, replaced or extended by ``boards_file``."""
        boards = dict(builtin_boards())
        if opts.get("boards_file"):
            boards.update(load_boards_file(opts["boards_file"]))
        return dict(sorted(boards.items()))

