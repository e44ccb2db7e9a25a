"""Look-alike account names (``realms.server.names``): the skeletons of names a reader could take for one
another are equal; names that read differently keep different skeletons."""

from __future__ import annotations

import pytest

from realms.server.names import skeleton


@pytest.mark.parametrize("a, b", [
    ("alice", "\u0430lice"),  # Cyrillic а
    ("alice", "\uff41\uff4c\uff49\uff43\uff45"),  # fullwidth
    ("alice", "ALICE"),
    ("paul", "\u0440aul"),  # Cyrillic р
    ("omega", "\u03bfmega"),  # Greek ο
    ("bob", "b0b"),
    ("mary", "rnary"),
    ("will", "wi1l"),
    ("\u00e9lodie", "e\u0301lodie"),  # é composed and decomposed
    ("\u0451\u0436\u0438\u043a", "\u00eb\u0436\u0438\u043a"),  # Cyrillic ё and Latin ë
    ("office", "o\ufb03ce"),  # the ffi ligature
])
def test_look_alike_names_share_a_skeleton(a, b):
    assert a != b and skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [
    ("alice", "alicia"),
    ("elodie", "\u00e9lodie"),  # an accent is seen
    ("ivan", "\u0438\u0432\u0430\u043d"),  # иван does not read as ivan
    ("caglar", "\u00e7a\u011flar"),
    ("jean-luc", "jean_luc"),
    ("\u00f6mer", "omer"),
])
def test_names_that_read_differently_keep_different_skeletons(a, b):
    assert skeleton(a) != skeleton(b)
