"""Named kingdoms (``kingdoms.KINGDOMS``): the rulebooks' recommended sets of 10, dealt by ``kingdom=<slug>``.

Every test here covers every named kingdom, the Intrigue and Seaside ones included: they pass once every card of
those sets is registered (``cards/intrigue_*.py``, ``cards/seaside_*.py``), and a missing card fails them by name.
"""

from __future__ import annotations

import ast
import inspect

import pytest

from realms.core.errors import OptionsError
from realms.games.dominion import kingdoms, supply
from realms.games.dominion.cards import BY_NAME, CARDS
from realms.games.dominion.kingdoms import KINGDOMS, VERSIONS, find, slugify
from realms.games.dominion.supply import BOXES, FIRST_GAME, KINGDOM_NAMES, parse_kingdom
from tests.games.dominion.util import G, names

BASE_ONLY = [k for k in KINGDOMS if k.boxes == ("base",)]
SLUGS = [k.slug for k in KINGDOMS]


# --- the data ------------------------------------------------------------------------------------------------


def test_slugs_are_unique_and_read_as_themselves():
    assert len(set(SLUGS)) == len(SLUGS) == len(KINGDOMS)
    assert all(slugify(s) == s for s in SLUGS)
    # a bare name is either one record's slug or the key of its versions, never both
    assert not set(VERSIONS) & set(SLUGS)
    for bare, versions in VERSIONS.items():
        assert len(versions) >= 2 and all(slugify(k.name) == bare for k in versions)


def test_every_record_is_well_formed():
    for k in KINGDOMS:
        assert k.edition in ("first", "second"), k.slug
        assert k.boxes and all(b in BOXES for b in k.boxes), k.slug
        assert list(k.boxes) == sorted(k.boxes, key=BOXES.index), k.slug
        assert len(k.cards) == 10 and len(set(k.cards)) == 10, k.slug
        assert list(k.cards) == sorted(k.cards), k.slug
        assert k.source, k.slug


@pytest.mark.parametrize("slug", SLUGS)
def test_each_kingdom_has_ten_registered_kingdom_cards_from_its_boxes(slug):
    k = kingdoms.BY_SLUG[slug]
    missing = [c for c in k.cards if c not in KINGDOM_NAMES]
    assert not missing, f"{slug}: {missing} not registered as kingdom cards"
    assert all(CARDS[BY_NAME[c]].kingdom for c in k.cards)
    assert tuple(b for b in BOXES if b in {CARDS[BY_NAME[c]].set for c in k.cards}) == k.boxes


def test_first_game_keeps_serving_its_importers():
    assert FIRST_GAME[1] == list(kingdoms.BY_SLUG["first-game-1e"].cards)
    assert FIRST_GAME[2] == list(kingdoms.BY_SLUG["first-game-2e"].cards)
    assert "Woodcutter" in FIRST_GAME[1] and "Merchant" in FIRST_GAME[2]


def test_the_data_module_imports_no_cards():
    """Lazy: the card sets are written one after another, so the data must load without any of them."""
    tree = ast.parse(inspect.getsource(kingdoms))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.startswith("realms")]


# --- dealing -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("edition", ["first", "second"])
def test_the_slug_deals_exactly_its_cards_in_either_edition(slug, edition):
    """An edition's removed cards stay playable by name, so every version deals its own 10 cards in both."""
    k = kingdoms.BY_SLUG[slug]
    s = G.new({"kingdom": slug, "edition": edition}, 3)
    assert sorted(names(s.kingdom)) == list(k.cards)
    assert all(s.supply[BY_NAME[c]] > 0 for c in k.cards)
    assert G.validate_options({"kingdom": slug})["kingdom"] == list(k.cards)


@pytest.mark.parametrize("k", BASE_ONLY, ids=[k.slug for k in BASE_ONLY])
def test_base_set_kingdoms_deal_now(k):
    s = G.new({"kingdom": k.slug, "players": 3}, 0)
    assert set(names(s.kingdom)) == set(k.cards)
    assert s.supply[BY_NAME["Province"]] == 12


@pytest.mark.parametrize("typed", ["size-distortion-2e", "Size Distortion 2E", "SIZE_DISTORTION-2e",
                                   " size distortion 2e "])
def test_slugs_ignore_case_spaces_and_dashes(typed):
    assert parse_kingdom(typed) == list(kingdoms.BY_SLUG["size-distortion-2e"].cards)


def test_printed_names_and_ampersands_are_accepted():
    assert parse_kingdom("Silver & Gold") == parse_kingdom("silver-and-gold")
    assert parse_kingdom("The Plot Thickens") == list(kingdoms.BY_SLUG["the-plot-thickens"].cards)


def test_a_bare_name_picks_the_editions_version():
    first, second = (parse_kingdom("size-distortion", e) for e in ("first", "second"))
    assert "Woodcutter" in first and "Artisan" in second
    assert parse_kingdom("size-distortion", 1) == first and parse_kingdom("size-distortion", 2) == second
    assert parse_kingdom("size-distortion") == second  # edition unknown: the newest
    for bare, versions in VERSIONS.items():
        if bare == "first-game":
            continue
        firsts = [k for k in versions if k.edition == "first"]
        assert find(bare, "first") == (firsts[0] if firsts else versions[-1])
        assert find(bare, "second") == find(bare) == versions[-1]
    # a name the first edition never printed plays its newest list in either edition
    assert find("a star to steer by", "first").slug == "a-star-to-steer-by-2e"
    assert [k.slug for k in VERSIONS["repetition"]] == ["repetition-1e", "repetition-base-2e", "repetition-2e"]


def test_a_bare_name_through_the_game_deals_one_of_its_versions():
    s = G.new({"kingdom": "high seas"}, 0)
    assert sorted(names(s.kingdom)) in [list(k.cards) for k in VERSIONS["high-seas"]]


def test_first_game_still_follows_the_edition():
    assert parse_kingdom("first-game") == parse_kingdom("First Game") == "first-game"
    for edition, key in (("first", 1), ("second", 2)):
        s = G.new({"kingdom": "first game", "edition": edition}, 0)
        assert sorted(names(s.kingdom)) == FIRST_GAME[key]


def test_choose_kingdom_reads_a_slug_too():
    from realms.core.rng import Rng

    ids_ = supply.choose_kingdom("village-square", 1, Rng(1))
    assert sorted(names(ids_)) == list(kingdoms.BY_SLUG["village-square"].cards)
    assert sorted(names(supply.choose_kingdom("size-distortion", 1, Rng(1)))) == list(
        kingdoms.BY_SLUG["size-distortion-1e"].cards)


def test_the_kernel_reads_a_named_kingdom_as_its_cards():
    from realms.games.dominion.kernel import uncovered

    opts = G.validate_options({"kingdom": "big-money"})
    assert isinstance(uncovered(opts), list)


# --- refusals ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["size distorsion", "high-seas-3e", "village", "first-game-3e"])
def test_a_bad_name_is_refused_with_the_accepted_names(bad):
    with pytest.raises(OptionsError) as e:
        G.new({"kingdom": bad}, 0)
    msg = str(e.value)
    assert repr(bad) in msg and "first-game, random" in msg
    assert all(n in msg for n in kingdoms.names())
    assert all(bare in msg for bare in VERSIONS)


def test_a_kingdom_whose_cards_are_not_registered_is_refused_by_name(monkeypatch):
    """Checked when asked for, not at import: a set still being written breaks only its own kingdoms."""
    lower = dict(supply._BY_LOWER)
    del lower["bridge"]
    monkeypatch.setattr(supply, "_BY_LOWER", lower)
    with pytest.raises(OptionsError, match=r"bridge-crossing .*needs Bridge"):
        parse_kingdom("bridge-crossing")
    assert parse_kingdom("big-money") == list(kingdoms.BY_SLUG["big-money"].cards)
