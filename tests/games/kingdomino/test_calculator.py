"""The scoring calculator's input: only ASCII terrain letters and the digits 0-3 are accepted."""

from __future__ import annotations

import pytest

from realms.games.kingdomino.calculator import KingdomInputError, parse_kingdom, score_kingdom


@pytest.mark.parametrize("cell", ["F²", "F٣", "F³", "F１", "Fⅲ", "F-1", "F+1", "F01x", "F01", "ſ1"])
def test_crowns_other_than_ascii_0_to_3_are_rejected_naming_the_place(cell):
    with pytest.raises(KingdomInputError) as e:
        parse_kingdom(f"C F0\nF0 {cell}\n")
    assert e.value.row == 2 and e.value.col == 2
    assert str(e.value).startswith("row 2, column 2: ")


@pytest.mark.parametrize("crowns", [0, 1, 2, 3])
def test_ascii_crowns_count(crowns):
    assert score_kingdom(parse_kingdom(f"C F{crowns} F0\n")).total == 2 * crowns
