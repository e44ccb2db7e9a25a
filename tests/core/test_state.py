"""slots_to_data: a slotted state's fields as plain data that shares no list with the state."""

from __future__ import annotations

from realms.core.state import copy_lists, slots_from_data, slots_to_data


class Toy:
    __slots__ = ("flat", "nested", "pairs", "n", "cache")
    TRANSIENT = ("cache",)

    def __init__(self) -> None:
        self.flat = [1, 2, 3]
        self.nested = [[1], [2, 3]]
        self.pairs = [(1, 2)]
        self.n = 7
        self.cache = object()


def test_fields_but_transient_ones_with_converters_and_list_copies():
    toy = Toy()
    data = slots_to_data(toy, {"nested": copy_lists, "pairs": lambda v: [list(p) for p in v]})
    assert data == {"flat": [1, 2, 3], "nested": [[1], [2, 3]], "pairs": [[1, 2]], "n": 7}
    toy.flat.append(4)
    toy.nested[1].append(4)
    assert data["flat"] == [1, 2, 3] and data["nested"] == [[1], [2, 3]]


def test_a_default_converter_takes_every_field_without_its_own():
    data = slots_to_data(Toy(), {"n": lambda n: n * 2}, default=lambda v: "x")
    assert data == {"flat": "x", "nested": "x", "pairs": "x", "n": 14}


def test_from_data_rebuilds_fields_with_converters_and_copies_the_rest():
    data = {"flat": [1, 2], "nested": [[1], [2]], "pairs": [[1, 2]], "n": 7}
    toy = slots_from_data(Toy, data, {"pairs": lambda v: [tuple(p) for p in v]})
    assert (toy.flat, toy.nested, toy.pairs, toy.n) == ([1, 2], [[1], [2]], [(1, 2)], 7)
    assert not hasattr(toy, "cache")  # transient fields are the caller's to set
    data["flat"].append(3)
    data["nested"][0].append(9)
    assert toy.flat == [1, 2] and toy.nested == [[1], [2]]
    assert slots_to_data(toy, {"pairs": lambda v: [list(p) for p in v]}) == {**data, "flat": [1, 2],
                                                                               "nested": [[1], [2]]}
