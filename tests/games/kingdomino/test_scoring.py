"""Kingdomino scoring on masks: ``board.score_masks`` and ``board.quick_score``.

Kingdoms are written as grids (``C`` castle, ``.`` empty, a terrain letter with an optional crown
count, e.g. ``M2``); scoring does not care whether the dominoes could have been placed that way.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from realms.games.kingdomino import board as B
from realms.games.kingdomino.data import LETTERS, TERRAINS

TERRAIN = {letter: i for i, letter in enumerate(LETTERS)}


def masks(text: str):
    """(terrain masks, c1, c2, c3, occupied, box) of a grid, castle on the frame's centre."""
    rows = [line.split() for line in text.strip().splitlines()]
    (r0, c0), = [(r, c) for r, row in enumerate(rows) for c, tok in enumerate(row) if tok == "C"]
    terr = [0] * 6
    crowns = [0, 0, 0]
    occ = B.CASTLE_BIT
    rs, cs = [B.CENTRE], [B.CENTRE]
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok in ("C", "."):
                continue
            rr, cc = B.CENTRE + r - r0, B.CENTRE + c - c0
            bit = 1 << B.bit_of(rr, cc)
            occ |= bit
            terr[TERRAIN[tok[0]]] |= bit
            if len(tok) > 1:
                crowns[int(tok[1:]) - 1] |= bit
            rs.append(rr)
            cs.append(cc)
    return terr, crowns[0], crowns[1], crowns[2], occ, (min(rs), max(rs), min(cs), max(cs))


def score(text: str, n: int = 5, harmony: bool = False, middle: bool = False) -> B.Score:
    terr, c1, c2, c3, occ, box = masks(text)
    result = B.score_masks(terr, c1, c2, c3, occ, box, n, harmony, middle)
    assert B.quick_score(terr, c1, c2, c3, occ, box, n, harmony, middle) == (
        result.total, result.largest_region, result.crowns)
    return result


# --- the rules texts' examples -----------------------------------------------------------------------------
def test_seven_forest_squares_with_three_crowns_score_21():
    s = score("""
        F1 F  F
        F  F1 C
        F1 F  .
    """)
    assert s.total == 21 and regions_equal(s, [("forest", 7, 3, 21)])


def test_nine_lake_squares_without_crowns_score_0():
    s = score("""
        L L L
        L L L
        L L L C
    """)
    assert s.total == 0 and regions_equal(s, [("lake", 9, 0, 0)])


def test_three_grassland_squares_with_two_crowns_score_6():
    assert score("G1 G1 G C").total == 6
    assert score("G2 G G C").total == 6


def test_six_wheat_squares_without_crowns_score_0():
    assert score("W W W C\nW W W .").total == 0


def test_kingdom_score_is_the_sum_of_its_regions():
    s = score("""
        F1 F  F  L  L
        F  F1 C  L  L
        F1 F  W  L  L
        G2 G  W  L  L
        G  W  W  W  L
    """)
    assert regions_equal(s, [("forest", 7, 3, 21), ("lake", 9, 0, 0), ("grassland", 3, 2, 6), ("wheat", 5, 0, 0)])
    assert s.total == 27 and s.points == 27 and s.bonus == 0


def regions_equal(s: B.Score, expected: list[tuple[str, int, int, int]]) -> bool:
    got = sorted((TERRAINS[r.terrain], r.squares, r.crowns, r.points) for r in s.regions)
    assert got == sorted(expected)
    return True


# --- regions ------------------------------------------------------------------------------------------------
def test_separate_regions_of_one_terrain_scored_separately():
    s = score("F1 F . F1 F F C")
    assert regions_equal(s, [("forest", 2, 1, 2), ("forest", 3, 1, 3)])
    assert s.total == 5  # not 5 squares x 2 crowns


def test_diagonal_contact_does_not_join_regions():
    s = score("""
        F1 .  .
        .  F1 C
    """)
    assert s.total == 2 and regions_equal(s, [("forest", 1, 1, 1), ("forest", 1, 1, 1)])


def test_orthogonal_contact_joins_regions():
    assert score("F1 .\nF1 C").total == 4


def test_castle_belongs_to_no_region():
    s = score("F1 C F1")
    assert s.total == 2 and regions_equal(s, [("forest", 1, 1, 1), ("forest", 1, 1, 1)])
    s = score("""
        .  F1 .
        F1 C  F1
        .  F1 .
    """)
    assert s.total == 4 and s.largest_region == 1


def test_castle_alone_scores_nothing():
    s = score("C")
    assert s.total == 0 and s.regions == () and s.largest_region == 0 and s.crowns == 0


def test_different_terrains_never_join():
    s = score("F1 L1 G1 S1 M1 C W1")
    assert s.total == 6 and len(s.regions) == 6


def test_crowns_on_one_square_multiply():
    assert score("M2 M3 C").total == 10
    assert score("M3 C").total == 3
    assert score("M2 M M C").total == 6


def test_region_without_crown_scores_nothing():
    s = score("W W W W W\nW W W W C")
    assert s.total == 0 and s.largest_region == 9


def test_largest_region_counts_squares_regardless_of_crowns():
    s = score("""
        W  W  W  W  W
        W  M3 M3 C  .
    """)
    assert s.largest_region == 6 and s.total == 12


def test_crowns_total_counts_every_crown():
    assert score("F1 F2 C L3 . M1").crowns == 7


def test_regions_sorted_best_first():
    s = score("F1 F C L3 L G1")
    assert [r.points for r in s.regions] == sorted((r.points for r in s.regions), reverse=True)


def test_score_to_json():
    data = score("F1 F C L3 L", harmony=True, middle=True).to_json()
    assert data["score"] == 8
    assert sorted((r["terrain"], r["squares"], r["crowns"], r["points"]) for r in data["regions"]) == [
        ("forest", 2, 1, 2), ("lake", 2, 3, 6)]
    assert data["largest_region"] == 2 and data["crowns"] == 4
    assert data["bonus"] == data["harmony"] == data["middle_kingdom"] == 0


# --- bonuses --------------------------------------------------------------------------------------------------
FULL = """
W1 W  W  W  W
W  W  W  W  W
S  S  C  L  L
G  G  G  G  G
F  F  F  F  F
"""
HOLE = FULL.replace("S  S  C", ".  S  C")
CORNER = """
C  W1 W  W  W
W  W  W  W  W
W  S  S  L  L
G  G  G  G  G
F  F  F  F  F
"""


def test_harmony_needs_a_full_grid():
    assert score(FULL, harmony=True).harmony == 5 and score(FULL, harmony=True).total == 15
    assert score(HOLE, harmony=True).harmony == 0
    assert score(CORNER, harmony=True).harmony == 5
    assert score(FULL, harmony=False).total == 10
    assert score(FULL, n=7, harmony=True).harmony == 0  # a 7x7 game needs 49 squares
    full7 = "\n".join(" ".join("C" if (r, c) == (3, 3) else "W" for c in range(7)) for r in range(7))
    assert score(full7, n=7, harmony=True).harmony == 5


def test_middle_kingdom_needs_centred_castle_and_full_box():
    assert score(FULL, middle=True).middle_kingdom == 10 and score(FULL, middle=True).total == 20
    assert score(HOLE, middle=True).middle_kingdom == 10  # gaps allowed
    assert score("W . . . .\n. . . . .\n. . C . .\n. . . . .\n. . . . W", middle=True).middle_kingdom == 10
    assert score(CORNER, middle=True).middle_kingdom == 0
    assert score("W W W\nW C W\nW W W", middle=True).middle_kingdom == 0  # centred but 3x3
    assert score(FULL, middle=False).middle_kingdom == 0
    assert score(FULL, n=7, middle=True).middle_kingdom == 0  # 5x5 inside a 7x7 game
    seven = "W . . . . . .\n" + ". . . . . . .\n" * 2 + ". . . C . . .\n" + ". . . . . . .\n" * 2 + ". . . . . . W"
    assert score(seven, n=7, middle=True).middle_kingdom == 10


def test_bonuses_combine():
    s = score(FULL, harmony=True, middle=True)
    assert (s.harmony, s.middle_kingdom, s.bonus, s.total) == (5, 10, 15, 25)


# --- against an independent count -------------------------------------------------------------------------------
def naive(cells: dict[tuple[int, int], tuple[int, int]]) -> tuple[int, int, int]:
    """(points, largest region, crowns) by flood fill over a dict of squares (castle excluded)."""
    seen = set()
    points = largest = 0
    for start in cells:
        if start in seen:
            continue
        terrain = cells[start][0]
        stack, region = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            region.append((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb not in seen and nb in cells and cells[nb][0] == terrain:
                    seen.add(nb)
                    stack.append(nb)
        largest = max(largest, len(region))
        points += len(region) * sum(cells[x][1] for x in region)
    return points, largest, sum(v[1] for v in cells.values())


square = st.tuples(st.integers(0, 5), st.sampled_from([0, 0, 0, 1, 2, 3]))
kingdoms = st.dictionaries(
    st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda rc: rc != (0, 0)),
    square,
    max_size=48,
)


def to_masks(cells):
    terr = [0] * 6
    cr = [0, 0, 0]
    occ = B.CASTLE_BIT
    rs, cs = [B.CENTRE], [B.CENTRE]
    for (r, c), (t, k) in cells.items():
        bit = 1 << B.bit_of(B.CENTRE + r, B.CENTRE + c)
        occ |= bit
        terr[t] |= bit
        if k:
            cr[k - 1] |= bit
        rs.append(B.CENTRE + r)
        cs.append(B.CENTRE + c)
    return terr, cr, occ, (min(rs), max(rs), min(cs), max(cs))


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(cells=kingdoms, harmony=st.booleans(), middle=st.booleans())
def test_quick_score_agrees_with_score_masks_and_a_naive_count(cells, harmony, middle):
    terr, (c1, c2, c3), occ, box = to_masks(cells)
    n = 7
    full = B.score_masks(terr, c1, c2, c3, occ, box, n, harmony, middle)
    assert B.quick_score(terr, c1, c2, c3, occ, box, n, harmony, middle) == (
        full.total, full.largest_region, full.crowns)
    points, largest, crowns = naive(cells)
    assert (full.points, full.largest_region, full.crowns) == (points, largest, crowns)
    assert sum(r.squares for r in full.regions) == len(cells)
    assert full.harmony == (5 if harmony and len(cells) == 48 else 0)
    centred = box == (B.CENTRE - 3, B.CENTRE + 3, B.CENTRE - 3, B.CENTRE + 3)
    assert full.middle_kingdom == (10 if middle and centred else 0)
    assert sum(B.terrain_points(m, c1, c2, c3) for m in terr) == points
    assert sorted(r.bit_count() for m in terr for r in B.regions(m)) == sorted(r.squares for r in full.regions)
