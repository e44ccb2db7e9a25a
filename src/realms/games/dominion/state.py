"""Dominion's state as plain data (``DominionState``), in a module of its own: the card code, the frames, the zone
primitives and the view are typed by it without importing the engine (``rules``) that imports them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core import undo as undo_log
from realms.core.game import Event
from realms.core.state import copy_list, slots_from_data, slots_to_data
from realms.core.undo import UndoLog


def _field_data(value: Any) -> Any:
    """A field of the state as JSON-able data: tuples as lists, lists and dicts copied one level down."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, list):
        return [v[:] if isinstance(v, list) else v for v in value]
    if isinstance(value, dict):
        return {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in value.items()}
    return value


def _field_from_data(value: Any) -> Any:
    """A field of the state from its data: lists and dicts copied (inner lists too)."""
    if isinstance(value, dict):
        return dict(value)
    return copy_list(value)


class DominionState:
    """A game of Dominion as plain data. Zones are lists of card ids per seat (see ``zones``)."""

    __slots__ = (
        "players", "opts", "edition", "colony", "piles", "kingdom", "supply", "empty", "gone",
        "hand", "deck", "top", "disc", "play", "aside", "look", "owned", "trash", "hpub", "dpub",
        "cur", "phase", "actions", "buys", "coins", "silver_bonus", "silver_played", "bought",
        "turns", "stack", "to_move", "rng", "provinces", "p4", "p8",
        "xzones", "discount", "copper_bonus", "played", "flags", "shield", "corsair", "blockade", "extra", "outpost",
        "throned",
        "gains", "dur", "held", "shown", "bottom", "nvmat", "island", "pcoins", "monkey", "embargo",
        "immune", "ev", "undo",
    )
    #: working fields, not part of the state's identity; and the undo log, written by ``to_data`` only when the
    #: option ``undo`` is on (``realms.core.undo``)
    TRANSIENT = ("immune", "ev", "undo")

    players: int
    opts: dict[str, Any]
    edition: int
    colony: bool
    piles: tuple[int, ...]
    kingdom: tuple[int, ...]
    supply: list[int]
    empty: int
    #: bit mask over card ids of the empty Supply piles
    gone: int
    hand: list[list[int]]
    deck: list[list[int]]
    top: list[list[int]]
    disc: list[list[int]]
    play: list[list[int]]
    aside: list[list[int]]
    look: list[list[int]]
    owned: list[list[int]]
    trash: list[int]
    #: per seat, the cards everyone knows are in its hand (see ``zones``)
    hpub: list[tuple[int, ...]]
    #: per seat, a bit mask over its discard pile's positions whose card everyone saw
    dpub: list[int]
    cur: int
    phase: int
    actions: int
    buys: int
    coins: int
    silver_bonus: int
    silver_played: bool
    bought: bool
    turns: list[int]
    stack: list[list[int]]
    to_move: int | None
    rng: int
    provinces: list[int]
    p4: list[int]
    p8: list[int]
    # --- what the expansions' cards need (docs/dominion.md, "Machinery"); all empty or zero in a base-set game ---
    #: whether a card of this game's Supply may fill the per-seat zones below (``zones.Kingdom.zones``): where none
    #: may, they stay empty all game and a clone shares their empty lists
    xzones: bool
    #: cards cost this much less this turn (Bridge), never below $0: ``zones.cost``
    discount: int
    #: each Copper played this turn makes this much more (Coppersmith)
    copper_bonus: int
    #: Action cards played this turn, each play counted (Conspirator)
    played: int
    #: this turn's flags (``BOUGHT_VICTORY`` ... in ``zones``)
    flags: int
    #: bit mask of the seats no Attack affects until their next turn (Lighthouse)
    shield: int
    #: the Corsairs waiting for the others' first Silver or Gold of each turn: bit p while p's affects anyone, bit
    #: 8 + 8 * p + v for each seat v it affects
    corsair: int
    #: the seats each Blockade affects while its card is set aside: bit 8 * p + v
    blockade: int
    #: whether this turn is an extra turn (Outpost)
    extra: bool
    #: whether an extra turn follows this one (an Outpost acted)
    outpost: bool
    #: this turn's Throne Room plays as pairs (the Throne Room, the card it played), flat
    throned: list[int]
    #: per seat, the cards it gained during its most recent turn (Smugglers)
    gains: list[list[int]]
    #: per seat, the Duration cards whose effect waits for its next turn, one entry per play that will act
    dur: list[list[int]]
    #: per seat, cards set aside face down until its next turn (Haven): hidden from the others
    held: list[list[int]]
    #: per seat, cards set aside face up until its next turn (Blockade)
    shown: list[list[int]]
    #: per seat, cards at the bottom of its deck that only it knows (Pearl Diver), the very bottom first
    bottom: list[list[int]]
    #: per seat, its Native Village mat (seen by its owner only) and its Island mat (public)
    nvmat: list[list[int]]
    island: list[list[int]]
    #: per seat, coin tokens on its Pirate Ship mat
    pcoins: list[int]
    #: per seat, Monkeys waiting for the next gain of the seat on its right (one card each)
    monkey: list[int]
    #: Embargo tokens by card id (all zero until one is placed)
    embargo: tuple[int, ...]
    immune: int
    ev: list[Event] | None
    #: what may be taken back this turn; None unless the game's options set ``undo``
    undo: UndoLog | None

    def clone(self) -> DominionState:
        s = DominionState.__new__(DominionState)
        s.players = self.players
        s.opts = self.opts  # never mutated after validation
        s.edition = self.edition
        s.colony = self.colony
        s.piles = self.piles
        s.kingdom = self.kingdom
        s.supply = self.supply[:]
        s.empty = self.empty
        s.gone = self.gone
        s.hand = [z[:] for z in self.hand]
        s.deck = [z[:] for z in self.deck]
        s.top = [z[:] for z in self.top]
        s.disc = [z[:] for z in self.disc]
        s.play = [z[:] for z in self.play]
        s.aside = [z[:] for z in self.aside]
        s.look = [z[:] for z in self.look]
        s.owned = [z[:] for z in self.owned]
        s.trash = self.trash[:]
        s.hpub = self.hpub[:]
        s.dpub = self.dpub[:]
        s.cur = self.cur
        s.phase = self.phase
        s.actions = self.actions
        s.buys = self.buys
        s.coins = self.coins
        s.silver_bonus = self.silver_bonus
        s.silver_played = self.silver_played
        s.bought = self.bought
        s.turns = self.turns[:]
        s.stack = [f[:] for f in self.stack]
        s.to_move = self.to_move
        s.rng = self.rng
        s.provinces = self.provinces[:]
        s.p4 = self.p4[:]
        s.p8 = self.p8[:]
        s.discount = self.discount
        s.copper_bonus = self.copper_bonus
        s.played = self.played
        s.flags = self.flags
        s.shield = self.shield
        s.corsair = self.corsair
        s.blockade = self.blockade
        s.extra = self.extra
        s.outpost = self.outpost
        s.throned = self.throned[:]
        s.xzones = self.xzones
        if self.xzones:
            s.gains = [z[:] for z in self.gains]
            s.dur = [z[:] for z in self.dur]
            s.held = [z[:] for z in self.held]
            s.shown = [z[:] for z in self.shown]
            s.bottom = [z[:] for z in self.bottom]
            s.nvmat = [z[:] for z in self.nvmat]
            s.island = [z[:] for z in self.island]
        else:  # their per-seat lists stay empty all game: shared, as the search clones base-set states by the million
            s.gains = self.gains[:]
            s.dur = self.dur[:]
            s.held = self.held[:]
            s.shown = self.shown[:]
            s.bottom = self.bottom[:]
            s.nvmat = self.nvmat[:]
            s.island = self.island[:]
        s.pcoins = self.pcoins[:]
        s.monkey = self.monkey[:]
        s.embargo = self.embargo
        s.immune = 0
        s.ev = None
        s.undo = self.undo  # never mutated, only replaced
        return s

    def to_data(self) -> dict[str, Any]:
        """The full state (hidden information included) as JSON-able data."""
        return undo_log.log_data(self, slots_to_data(self, {}, _field_data))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DominionState:
        n = int(data["players"])
        defaults = expansion_fields(n, len(data["owned"][0]) if data.get("owned") else 0)
        data = {**defaults, **data}
        s = slots_from_data(cls, data, {"piles": tuple, "kingdom": tuple, "embargo": tuple,
                                        "hpub": lambda v: [tuple(h) for h in v]}, _field_from_data)
        s.immune = 0
        s.ev = None
        s.undo = UndoLog.from_data(data["undo"], cls.from_data) if "undo" in data else None
        return s


def expansion_fields(n: int, ncards: int) -> dict[str, Any]:
    """The expansions' fields of a new ``n``-seat state (``ncards`` card ids), all empty: what a state saved
    before they existed reads as."""
    empty = ("gains", "dur", "held", "shown", "bottom", "nvmat", "island")
    return {"xzones": True, "discount": 0, "copper_bonus": 0, "played": 0, "flags": 0, "shield": 0, "corsair": 0,
            "blockade": 0, "extra": False, "outpost": False, "throned": [], "pcoins": [0] * n, "monkey": [0] * n,
            "embargo": (0,) * ncards, **{name: [[] for _ in range(n)] for name in empty}}


__all__ = ["DominionState", "expansion_fields"]
