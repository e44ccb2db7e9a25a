"""A pending decision's layout is declared once, on the frame's owner (``Field`` and ``Tail`` in ``cards/card.py``),
and read by name everywhere: every frame pushed in random games and in games of the rule bots (from the usual
start and from rich starts, over kingdoms that between them hold every kingdom card) has the length its owner
declares, and no card, generic frame, bot or kernel reads a frame's field by its number."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import realms.games
from realms.core.agents import RandomAgent, make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.dominion.cards import CARDS, HANDLERS
from realms.games.dominion.cards.base1 import Chapel, Spy, Thief
from realms.games.dominion.cards.card import HEAD, Card, Field, Tail, register
from realms.games.dominion.frames import Gain
from tests.games.dominion.util import registry_kingdoms, rich_game

GAME = realms.games.get("dominion")
SRC = Path(__file__).resolve().parents[3] / "src" / "realms" / "games" / "dominion"
ATTACKS = "Moat,Militia,Witch,Bureaucrat,Spy,Thief,Bandit,Library,Sentry,Throne Room"


#: the frames pushed, by their owner's name
PUSHED: Counter[str] = Counter()


def _check(f: list[int]) -> None:
    owner = HANDLERS[f[0]]
    fixed = HEAD + len(owner.fields)
    assert len(f) >= fixed if owner.tail else len(f) == fixed, (owner.name, f, owner.fields, owner.tail)


class _Checked(list):
    """A stack that checks every frame pushed onto it."""

    def append(self, f: Any) -> None:
        _check(f)
        PUSHED[HANDLERS[f[0]].name] += 1
        super().append(f)

    def extend(self, frames: Any) -> None:
        for f in frames:
            self.append(f)


def _play(s: Any, seats: list[Any]) -> None:
    s.stack = _Checked(s.stack)
    while True:
        for f in s.stack:  # and as changed since (Chapel's and Thief's tails grow, Spy's shrinks)
            _check(f)
        if s.to_move is None:
            break
        GAME.apply(s, seats[s.to_move].act(GAME, s))


def test_every_frame_has_its_declared_layout():
    kingdoms = [ATTACKS, *registry_kingdoms(range(len(CARDS)))]
    PUSHED.clear()
    for i, kingdom in enumerate(kingdoms):
        for g in range(3):
            opts = {"players": 2 + (i + g) % 3, "kingdom": kingdom, "edition": ("first", "second")[(i + g) % 2]}
            s = rich_game(opts, derive_seed(i, g, 5)) if g else GAME.new(opts, derive_seed(i, g, 5))
            _play(s, [RandomAgent(Rng(derive_seed(i, g, 6, q))) for q in range(s.players)])
            s = rich_game(opts, derive_seed(i, g, 7))
            bots = ("rollout-auto", "bmu-plus", "militia-big-money", "random")
            _play(s, [make_agent(bots[q], GAME, derive_seed(i, g, 8, q)) for q in range(s.players)])
    # every frame with fields of its own came up, and so did every other kingdom card that asks
    laid_out = {h.name for h in HANDLERS.values() if h.fields or h.tail}
    asking = {c.name for c in CARDS if c.kingdom and type(c).decide is not Card.decide}
    assert laid_out | asking <= set(PUSHED), sorted((laid_out | asking) - set(PUSHED))


def test_layouts_are_indices_in_declared_order():
    assert (Gain.MAX_COST, Gain.TYPE_MASK, Gain.DEST, Gain.EXACT) == (3, 4, 5, 6)
    assert Gain.fields == ("MAX_COST", "TYPE_MASK", "DEST", "EXACT") and Gain.tail == ""
    assert (Spy.TARGET, Spy.CARD, Spy.TO_REVEAL, Spy.tail) == (3, 4, 5, "TO_REVEAL")
    assert (Thief.VICTIM, Thief.TO_REVEAL, Thief.TRASHED) == (3, 4, 5)
    assert (Chapel.TRASHED, Chapel.fields) == (3, ())


def test_a_layout_names_each_field_once_and_the_tail_last():
    class AfterTail(Card):
        name = "Test After Tail"
        REST: Tail
        LATE: Field

    with pytest.raises(AssertionError, match="after the tail"):
        register(AfterTail)

    class Numbered(Card):
        name = "Test Numbered"
        COUNT: Field = 3

    with pytest.raises(AssertionError, match="free upper-case name"):
        register(Numbered)
    assert "Test After Tail" not in {c.name for c in CARDS} and "Test Numbered" not in {c.name for c in CARDS}


#: a frame's field read by its number: ``f[3]``, ``g[4]``, ``f[5:]`` (the frames' names there) in Python, ``st[r + 3]``
#: (a row's offset) in the kernels
_BY_NUMBER = re.compile(r"\b(?:f|g|body|frame)\[\s*-?[3-9]|\[\s*(?:r|g|rr)\s*\+\s*[3-9]")


@pytest.mark.parametrize("path", ["cards/card.py", "cards/base1.py", "cards/base2.py", "cards/prosperity.py",
                                  "frames.py", "bots.py", "kernel.py", "botkernel.py"])
def test_no_frame_field_is_read_by_its_number(path):
    code = [line.split("#")[0] for line in (SRC / path).read_text().splitlines()]
    found = [(n + 1, line.strip()) for n, line in enumerate(code) if _BY_NUMBER.search(line)
             and '"""' not in line and "``" not in line]
    assert not found, found
