"""Declared options and their validation: every message says which option and what is wrong."""

from __future__ import annotations

import pytest

from realms.core.errors import OptionsError, RealmsError
from realms.core.options import Option, parse_option_pairs, validate_options

SPEC = (
    Option("players", "int", 4, minimum=2, maximum=4),
    Option("rounds", "int", 10),
    Option("fast", "bool", False),
    Option("mode", "choice", "a", choices=("a", "b-c")),
    Option("extra", "any", None),
)


def test_errors_are_value_errors_and_realms_errors():
    assert issubclass(OptionsError, ValueError) and issubclass(OptionsError, RealmsError)


def test_defaults_filled_in():
    assert validate_options(SPEC, {}, game="g") == {"players": 4, "rounds": 10, "fast": False, "mode": "a",
                                                    "extra": None}


def test_values_kept_and_coerced():
    got = validate_options(SPEC, {"players": "3", "fast": "TRUE", "mode": "b-c", "extra": [1, 2], "rounds": -5},
                           game="g")
    assert got == {"players": 3, "rounds": -5, "fast": True, "mode": "b-c", "extra": [1, 2]}
    assert validate_options(SPEC, {"fast": "false", "rounds": " 12 "}, game="g")["fast"] is False


def test_unknown_key_names_the_valid_keys():
    with pytest.raises(OptionsError) as e:
        validate_options(SPEC, {"player": 3}, game="demo")
    message = str(e.value)
    assert "demo" in message and "'player'" in message
    assert "valid options are players, rounds, fast, mode, extra" in message


def test_options_must_be_a_mapping():
    for raw in ([("players", 2)], "players=2", 3):
        with pytest.raises(OptionsError, match="options must be an object"):
            validate_options(SPEC, raw, game="g")


@pytest.mark.parametrize("value", ["yes", "1", 1, 0, None, "", [True]])
def test_bad_bool(value):
    with pytest.raises(OptionsError, match=r"g: option 'fast' must be true or false, got"):
        validate_options(SPEC, {"fast": value}, game="g")


@pytest.mark.parametrize("value", ["four", "3.5", 3.0, True, False, None, "", [3]])
def test_bad_int(value):
    with pytest.raises(OptionsError, match=r"option 'players' must be an integer, got"):
        validate_options(SPEC, {"players": value}, game="g")


@pytest.mark.parametrize("value", [1, 5, -3, "9"])
def test_int_out_of_range(value):
    with pytest.raises(OptionsError, match=r"option 'players' must be between 2 and 4, got"):
        validate_options(SPEC, {"players": value}, game="g")


@pytest.mark.parametrize("value", ["c", "B-C", "", None, 1])
def test_bad_choice_lists_the_choices(value):
    with pytest.raises(OptionsError, match=r"option 'mode' must be one of a, b-c; got"):
        validate_options(SPEC, {"mode": value}, game="g")


def test_unknown_option_type_is_a_programming_error():
    with pytest.raises(AssertionError):
        Option("x", "float", 0.0).coerce(1.0, "g")


def test_option_is_immutable():
    with pytest.raises(AttributeError):
        SPEC[0].default = 3  # type: ignore[misc]


def test_parse_option_pairs():
    assert parse_option_pairs(None) == {}
    assert parse_option_pairs([]) == {}
    assert parse_option_pairs(["players=3", " harmony = true "]) == {"players": "3", "harmony": "true"}
    assert parse_option_pairs(["kingdom=a=b"]) == {"kingdom": "a=b"}  # only the first = splits
    assert parse_option_pairs(["x="]) == {"x": ""}
    assert parse_option_pairs(["x=1", "x=2"]) == {"x": "2"}


@pytest.mark.parametrize("pair", ["players", "=3", " =3", ""])
def test_parse_option_pairs_errors(pair):
    with pytest.raises(OptionsError, match="must look like key=value"):
        parse_option_pairs([pair])


def test_parsed_pairs_validate():
    raw = parse_option_pairs(["players=2", "fast=true", "mode=b-c"])
    assert validate_options(SPEC, raw, game="g") == {"players": 2, "rounds": 10, "fast": True, "mode": "b-c",
                                                     "extra": None}
