"""A small seeded random number generator whose whole state is one integer.

It lives inside game states, so it must copy for free, serialise as plain data and give the same
numbers on every platform and Python version. The generator is SplitMix64.

>>> r = Rng(42)
>>> a = [r.below(10) for _ in range(5)]
>>> r2 = Rng(42)
>>> a == [r2.below(10) for _ in range(5)]
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from realms.core.errors import OptionsError

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
#: the finaliser's two multipliers (``mix64``; ``next64`` and ``below`` write them out, for speed)
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB

T = TypeVar("T")


def mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijective scramble of a 64-bit integer."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, *salt: int) -> int:
    """A seed for a sub-stream (a game in a tournament, a seat's agent), stable across runs."""
    z = mix64((seed & MASK64) ^ GOLDEN)
    for s in salt:
        z = mix64((z + GOLDEN + (s & MASK64)) & MASK64)
    return z


def check_seed(game: str, seed: object) -> int:
    """``seed`` if it is a seed ``Game.new`` accepts: an ``int`` (not a bool) from 0 to 2**64 - 1, the
    values the generator tells apart. Anything else raises one ``OptionsError`` naming the game.

    >>> check_seed("kingdomino", 7)
    7
    >>> check_seed("kingdomino", -1)
    Traceback (most recent call last):
    ...
    realms.core.errors.OptionsError: kingdomino: seed must be an integer from 0 to 2**64 - 1, got -1
    """
    if seed.__class__ is not int or not 0 <= seed <= MASK64:
        raise OptionsError(f"{game}: seed must be an integer from 0 to 2**64 - 1, got {seed!r}")
    return seed


class Rng:
    """SplitMix64 with its state exposed as the integer ``state``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = mix64(seed & MASK64)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        r = cls.__new__(cls)
        r.state = state
        return r

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = s = (self.state + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by multiply-shift of a 64-bit output.

        The bias is below n / 2**64, far under anything a simulation can measure.
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state = s = (self.state + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
