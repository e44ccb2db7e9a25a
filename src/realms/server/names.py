"""Look-alike account names: the skeleton two names share when a reader could take one for the other.

A name's skeleton is built the way Unicode's security mechanisms (UTS #39) build one, on a name already
case-folded:

1. NFKC, then case folding: compatibility forms become their plain letters (fullwidth ``ａｌｉｃｅ`` is ``alice``,
   ``ﬁ`` is ``fi``) and case goes, as account names are unique regardless of case;
2. NFD: accents come apart from their letters, so a Cyrillic ``ё`` and a Latin ``ë`` both end in ``e`` + diaeresis;
3. every character becomes its prototype in Unicode's confusables table (Cyrillic ``а`` is ``a``, ``m`` is
   ``rn``, ``0`` is ``O``, ``1`` is ``l``), case-folded, and mapped once more (``O`` → ``o``).

Case is folded before the letters are mapped, so ``ALICE`` and ``alice`` share a skeleton but a capital ``I``
is an ``i`` there: ``AIice`` (capital i) is not taken for ``Alice``.

The table is the one the ``confusable-homoglyphs`` package ships (Unicode's confusables.txt, read both ways):
a character that is the source of one line has its prototype as its only entry; a prototype lists its
sources. Two names whose skeletons are equal are look-alikes: sign-up refuses a name whose skeleton an
account already has (``users.name_skeleton``, filled for older accounts by migration 0005).

>>> skeleton("alice") == skeleton("\\u0430lice") == skeleton("\\uff41\\uff4c\\uff49\\uff43\\uff45") == skeleton("ALICE")
True
>>> skeleton("bob") == skeleton("b0b"), skeleton("mary") == skeleton("rnary"), skeleton("alice") == skeleton("bob")
(True, True, False)
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs.confusables import confusables_data

_MARKS = "\u200e\u200f"  # the table wraps right-to-left characters in direction marks


def _entries(char: str) -> list[str]:
    return [e["c"].strip(_MARKS) for e in confusables_data.get(char, ())]


@functools.cache
def prototype(char: str) -> str:
    """The character's prototype (itself when it has none, or when it is one)."""
    entries = _entries(char)
    if len(entries) != 1:
        return char  # none, or a prototype with its several sources
    target = entries[0]
    if len(target) != 1:
        return target  # a prototype of several characters ("m" -> "rn")
    back = _entries(target)
    if len(back) == 1 and back[0] == char:
        return min(char, target)  # a pair whose direction the table does not keep: the same for both
    return target


def _mapped(text: str) -> str:
    return unicodedata.normalize("NFD", "".join(prototype(c) for c in text))


def skeleton(name: str) -> str:
    """The name's skeleton (see the module docstring): equal for look-alike names."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    return _mapped(_mapped(text).casefold())
