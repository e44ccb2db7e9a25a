"""What the parts of the engine use of one another, for the type checker.

``Burgundy`` (``rules``) joins the parts ``setup``, ``legality``, ``effects``, ``explain``, ``scoring``
and ``view`` with ``Game``; each part calls methods that another part (or ``Game``) defines. For mypy
each part derives from ``Engine``: ``Game`` plus the ``Parts`` protocol below, so those calls are
checked, and so is each part's definition against the signature here. At run time ``Engine`` is
``object`` and the parts are plain mixins, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from realms.core.game import Action, Event, Game

if TYPE_CHECKING:
    from realms.games.burgundy.data import Board
    from realms.games.burgundy.state import BurgundyState


class Parts(Protocol):
    """The methods one part of the engine calls on another (the part that defines each is named)."""

    # rules
    def available_boards(self, opts: Mapping[str, Any]) -> dict[int, Board]: ...

    # setup
    def track_order(self, s: BurgundyState) -> list[int]: ...

    def _settle(self, s: BurgundyState, ev: list[Event] | None) -> None: ...

    def _choose_board(self, s: BurgundyState, p: int, number: int, ev: list[Event] | None) -> None: ...

    def _place_start(self, s: BurgundyState, p: int, sp: int, ev: list[Event] | None) -> None: ...

    # legality
    def _compute(self, s: BurgundyState) -> list[Action]: ...

    # explain
    def _why_not(self, s: BurgundyState, p: int, action: Action) -> str: ...

    def pending_text(self, s: BurgundyState) -> str: ...

    def pending(self, s: BurgundyState) -> str: ...

    # scoring
    def _final_scoring(self, s: BurgundyState, ev: list[Event] | None) -> None: ...

    def _score(self, s: BurgundyState, p: int, src: str, vp: int, ev: list[Event] | None, text: str) -> None: ...

    def empty_spaces(self, s: BurgundyState, q: int) -> int: ...


if TYPE_CHECKING:

    class Engine(Game, Parts):
        """The base of every part, for the type checker: ``Game`` and the other parts."""

else:
    Engine = object
