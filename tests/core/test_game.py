"""The game protocol's shared pieces: actions, events, results and ranks, hashing, the registry."""

from __future__ import annotations

import json
import random

import pytest

import realms.games
from realms.core.errors import IllegalAction, OptionsError, RealmsError, RecordError
from realms.core.game import Action, Event, Game, Result, canonical_bytes, canonical_json, competition_ranks

GAME = realms.games.get("kingdomino")


# --- errors ---------------------------------------------------------------------------------------------
def test_error_hierarchy():
    for cls in (IllegalAction, OptionsError, RecordError):
        assert issubclass(cls, RealmsError) and issubclass(cls, ValueError)


# --- ranks and results ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("keys", "ranks"),
    [
        ([(10, 2), (12, 0), (10, 2)], [2, 1, 2]),
        ([(5,), (5,), (5,)], [1, 1, 1]),
        ([(3,), (2,), (1,)], [1, 2, 3]),
        ([(1,), (2,), (3,)], [3, 2, 1]),
        ([(7, 1), (7, 2), (7, 2), (0, 9)], [3, 1, 1, 4]),  # equal keys share a rank and skip the next: 1, 1, 3
        ([(4, 5, 1), (4, 5, 0)], [1, 2]),
        ([], []),
    ],
)
def test_competition_ranks(keys, ranks):
    assert competition_ranks(keys) == ranks


def test_result_from_keys():
    r = Result.from_keys([10, 12, 10], [(3,), (0,), (4,)], [{}, {}, {}])
    assert r.ranks == [3, 1, 2] and r.winners == [1] and not r.shared
    assert r.tiebreak == [(3,), (0,), (4,)]


def test_result_shared_win():
    r = Result.from_keys([10, 10, 2], [(3, 1), (3, 1), (9, 9)], [{}, {}, {}])
    assert r.ranks == [1, 1, 3] and r.winners == [0, 1] and r.shared


def test_result_winners_follow_ranks():
    r = Result([5, 5, 1], [1, 2, 3], [{}, {}, {}])
    assert r.winners == [0] and r.tiebreak == [(), (), ()]


def test_result_breakdown_is_lazy_and_computed_once():
    calls = []

    def breakdown():
        calls.append(1)
        return [{"a": 1}, {"a": 2}]

    r = Result.from_keys([1, 2], [(), ()], breakdown)
    assert calls == []
    assert r.breakdown == [{"a": 1}, {"a": 2}]
    assert r.breakdown == [{"a": 1}, {"a": 2}]
    assert calls == [1]


def test_result_json_and_equality():
    r = Result.from_keys([10, 12], [(3, 1), (0, 0)], [{"x": 1}, {"x": 2}])
    data = r.to_json()
    assert data == {"scores": [10, 12], "ranks": [2, 1], "winners": [1], "tiebreak": [[3, 1], [0, 0]],
                    "breakdown": [{"x": 1}, {"x": 2}]}
    json.dumps(data)
    assert r == Result.from_keys([10, 12], [(3, 1), (0, 0)], lambda: [{"x": 1}, {"x": 2}])
    assert r != Result.from_keys([10, 13], [(3, 1), (0, 0)], [{"x": 1}, {"x": 2}])
    assert r != "result"
    assert repr(r) == "Result(scores=[10, 12], ranks=[2, 1])"


# --- actions --------------------------------------------------------------------------------------------------
def test_action_fields_and_json_form():
    a = Action(7, "place", {"row": -1, "col": 2, "dir": "E"})
    assert (a.index, a.kind) == (7, "place")
    assert a.params == (("row", -1), ("col", 2), ("dir", "E"))
    assert a["row"] == -1 and a["dir"] == "E"
    with pytest.raises(KeyError):
        a["slot"]
    assert a.to_json() == {"type": "place", "row": -1, "col": 2, "dir": "E"}
    assert str(a) == "place row=-1 col=2 dir=E" and repr(a) == "Action(7, 'place row=-1 col=2 dir=E')"
    b = Action(3, "discard", None, "discard it")
    assert b.to_json() == {"type": "discard"} and str(b) == "discard it" and b.params == ()


def test_action_json_is_a_fresh_copy():
    a = Action(1, "pick", {"slot": 0})
    a.to_json()["slot"] = 3
    assert a.to_json() == {"type": "pick", "slot": 0}


def test_action_is_immutable():
    a = Action(1, "pick", {"slot": 0})
    for name, value in (("index", 2), ("kind", "place"), ("params", ()), ("text", "x"), ("other", 1)):
        with pytest.raises(AttributeError):
            setattr(a, name, value)
    assert (a.index, a.kind, a.params, a.text) == (1, "pick", (("slot", 0),), "pick slot=0")


def test_action_attributes_cannot_be_deleted():
    """Actions are shared by every state of a game; deleting a field would break them all."""
    a = Action(1, "pick", {"slot": 0})
    for name in ("index", "kind", "params", "text"):
        with pytest.raises(AttributeError):
            delattr(a, name)
    assert (a.index, a.kind, a.params, a.text) == (1, "pick", (("slot", 0),), "pick slot=0")


def test_action_equality_and_hash():
    a, b = Action(1, "pick", {"slot": 0}), Action(1, "pick", {"slot": 0})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Action(2, "pick", {"slot": 0}) and a != Action(1, "place", {"slot": 0})
    assert a != {"type": "pick", "slot": 0}


def test_event_json_form():
    e = Event("place", 1, "Seat 2 placed", {"domino": 4})
    assert e.to_json() == {"kind": "place", "seat": 1, "text": "Seat 2 placed", "data": {"domino": 4}}
    assert Event("end", None, "over").to_json()["data"] == {}
    with pytest.raises(AttributeError):
        e.kind = "pick"  # type: ignore[misc]


# --- actions at the edges of a game ---------------------------------------------------------------------------
def test_action_from_index():
    assert GAME.action_from_index(0) is GAME.actions[0]
    assert GAME.action_from_index(GAME.action_space_size - 1) is GAME.actions[-1]
    for bad in (-1, GAME.action_space_size, True, "3", 1.0, None):
        with pytest.raises(IllegalAction, match=rf"action index must be an integer in 0\.\.{len(GAME.actions) - 1}"):
            GAME.action_from_index(bad)


def test_action_from_json():
    a = GAME.actions[5]
    assert GAME.action_from_json(a.to_json()) is a
    assert GAME.action_from_json(dict(reversed(list(a.to_json().items())))) is a  # key order does not matter
    with pytest.raises(IllegalAction, match="an action must be a JSON object"):
        GAME.action_from_json(["pick", 0])
    with pytest.raises(IllegalAction, match=r"is not an action of this game \(action types: discard, pick, place\)"):
        GAME.action_from_json({"type": "pick", "slot": 99})
    with pytest.raises(IllegalAction):
        GAME.action_from_json({"type": "pick", "slot": "0"})


def test_action_mask():
    s = GAME.new({"players": 2}, 1)
    mask = GAME.action_mask(s)
    assert len(mask) == GAME.action_space_size
    assert [GAME.actions[i] for i, m in enumerate(mask) if m] == GAME.legal_actions(s)


def test_canonical_json():
    assert canonical_json({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == '{"a":[1,{"c":3,"d":2}],"b":1}'


@pytest.mark.parametrize("data", [
    {"b": 1, "a": [1, {"d": 2, "c": 3}]},
    {"big": 2**200, "neg": -(2**70), "edge": [2**64 - 1, 2**64, -(2**63), -(2**63) - 1]},
    {"text": "Gül \u00e9 \n \t \" \\ \x01 \x7f /", "none": None, "flags": [True, False], "t": (1, 2)},
    {3: "int key", 1: {}},
    [],
])
def test_canonical_bytes_equals_the_standard_library_form(data):
    assert canonical_bytes(data) == canonical_json(data).encode()


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_canonical_bytes_equals_the_standard_library_form_on_played_states(game_id):
    game = realms.games.get(game_id)
    rng = random.Random(7)
    for seed in range(3):
        state = game.new(game.validate_options({}), seed)
        while not game.is_over(state):
            data = state.to_data()
            assert canonical_bytes(data) == canonical_json(data).encode()
            game.apply(state, rng.choice(game.legal_actions(state)))


def test_action_from_json_rejects_unencodable_data():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(IllegalAction):
        GAME.action_from_json({"kind": deep})


# --- states ---------------------------------------------------------------------------------------------------
def test_state_hash():
    s = GAME.new({"players": 2}, 1)
    h = GAME.state_hash(s)
    assert len(h) == 64 and int(h, 16) >= 0
    assert GAME.state_hash(GAME.new({"players": 2}, 1)) == h
    GAME.legal_actions(s)  # derived caches are not part of the state
    assert GAME.state_hash(s) == h
    GAME.apply(s, GAME.legal_actions(s)[0])
    assert GAME.state_hash(s) != h


def test_apply_all_and_turns():
    s = GAME.new({"players": 2}, 2)
    GAME.apply_all(s, [GAME.legal_actions(s)[0]])
    assert sum(GAME.turns(s)) == 1
    assert GAME.players(s) == 2 and GAME.to_move(s) == s.to_move


def test_apply_returns_events_only_when_asked():
    s = GAME.new({"players": 2}, 2)
    t = s.clone()
    assert GAME.apply(s, GAME.legal_actions(s)[0]) == []
    events = GAME.apply(t, GAME.legal_actions(t)[0], log=True)
    assert [e.kind for e in events] == ["pick"] and events[0].seat is not None
    assert GAME.state_hash(s) == GAME.state_hash(t)


def test_describe_is_readable():
    s = GAME.new({"players": 2}, 2)
    for a in GAME.legal_actions(s):
        assert GAME.describe(s, a).startswith("pick #")


def test_base_game_methods_are_abstract():
    g = Game()
    for call in (lambda: g.new({}, 1), lambda: g.legal_actions(None), lambda: g.apply(None, None),
                 lambda: g.view(None, 0), lambda: g.result(None), lambda: g.turns(None),
                 lambda: g.determinize(None, 0, None)):
        with pytest.raises(NotImplementedError):
            call()


# --- the registry -------------------------------------------------------------------------------------------------
def test_registry():
    assert "kingdomino" in realms.games.ids()
    assert realms.games.get("kingdomino") is GAME
    assert GAME.id == "kingdomino" and GAME.min_players == 2 and GAME.max_players == 4


def test_unknown_game():
    with pytest.raises(realms.games.UnknownGame) as e:
        realms.games.get("chess")
    assert isinstance(e.value, RealmsError) and isinstance(e.value, KeyError)
    assert str(e.value).startswith("unknown game 'chess'; games are ") and "kingdomino" in str(e.value)
