"""Game records: save, load, replay with checks, and a clear RecordError for every kind of damage."""

from __future__ import annotations

import copy
import json

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.errors import OptionsError, RealmsError, RecordError
from realms.core.record import FORMAT, REQUIRED, VERSION, GameRecord, iter_states, load, parse, replay

GAME = realms.games.get("kingdomino")


def played(options=None, seed: int = 3, upto: int | None = None) -> GameRecord:
    options = options or {"players": 2}
    rec = GameRecord.start(GAME, options, seed, ["alice", "bob", "carol", "dave"][: options["players"]])
    bot = make_agent("random", GAME, seed)
    while rec.state.to_move is not None and (upto is None or len(rec.actions) < upto):
        rec.play(bot.act(GAME, rec.state))
    return rec


@pytest.fixture(scope="module")
def finished() -> dict:
    return played().to_json()


def damaged(record: dict, **changes) -> dict:
    out = copy.deepcopy(record)
    for key, value in changes.items():
        if value is ...:
            del out[key]
        else:
            out[key] = value
    return out


def test_record_errors_are_value_errors():
    assert issubclass(RecordError, ValueError) and issubclass(RecordError, RealmsError)


def test_record_json_form(finished):
    assert finished["format"] == FORMAT and finished["version"] == VERSION
    assert finished["game"] == "kingdomino" and finished["seed"] == 3
    assert finished["players"] == ["alice", "bob"]
    assert finished["options"] == GAME.validate_options({"players": 2})  # stored with defaults filled in
    assert all(isinstance(a, dict) and "type" in a for a in finished["actions"])
    assert finished["result"]["scores"] and len(finished["final_hash"]) == 64
    assert set(REQUIRED) <= set(finished)
    json.dumps(finished)


def test_start_checks_player_names_against_seats():
    with pytest.raises(OptionsError, match="3 player names for 2 seats"):
        GameRecord.start(GAME, {"players": 2}, 1, ["a", "b", "c"])
    with pytest.raises(OptionsError):
        GameRecord.start(GAME, {"players": 9}, 1, ["a"] * 9)


def test_save_load_round_trip(tmp_path, finished):
    rec = played()
    path = tmp_path / "game.realms.json"
    rec.save(path)
    data = load(path)
    assert data == json.loads(json.dumps(rec.to_json())) | {"created": data["created"]}
    r = replay(data)
    assert r.result == GAME.result(rec.state)
    assert GAME.state_hash(r.state) == GAME.state_hash(rec.state)
    assert r.actions_applied == len(rec.actions)


def test_replay_verifies_the_result(finished):
    r = replay(finished)
    assert r.game is GAME and GAME.is_over(r.state)
    assert r.result.to_json() == finished["result"]
    assert r.actions_applied == len(finished["actions"])
    assert r.record == finished


def test_iter_states_walks_every_action(finished):
    steps = list((a, GAME.state_hash(s)) for _, s, a in iter_states(finished))
    assert len(steps) == len(finished["actions"]) + 1
    assert steps[0][0] is None
    assert [a.to_json() for a, _ in steps[1:]] == finished["actions"]
    assert steps[-1][1] == finished["final_hash"]


def test_unfinished_record():
    rec = played(upto=10)
    data = rec.to_json()
    assert data["result"] is None
    with pytest.raises(RecordError, match="record ends after 10 actions but the game is not over"):
        replay(data)
    r = replay(data, require_finished=False)
    assert r.actions_applied == 10 and r.result is None


def test_tampered_result(finished):
    bad = copy.deepcopy(finished)
    bad["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match=r"record result does not match the replay: recorded scores \[.*\], "
                                          r"replayed scores \["):
        replay(bad)
    bad = copy.deepcopy(finished)
    bad["result"]["ranks"] = list(reversed(bad["result"]["ranks"])) if len(set(bad["result"]["ranks"])) > 1 else [
        9, 9]
    with pytest.raises(RecordError, match=r"the breakdown or ranks differ"):
        replay(bad)
    with pytest.raises(RecordError, match="record result does not match"):
        replay(damaged(finished, result=None))
    replay(damaged(finished, result=None), verify=False)


def test_tampered_action(finished):
    # an action that cannot be played where it stands
    bad = copy.deepcopy(finished)
    bad["actions"][0] = {"type": "place", "row": 0, "col": 1, "dir": "E"}
    with pytest.raises(RecordError, match=r"record action 1 of \d+ \(.*\) cannot be played: .*must pick"):
        replay(bad)
    # not an action of the game at all
    bad = copy.deepcopy(finished)
    bad["actions"][5] = {"type": "fly"}
    with pytest.raises(RecordError, match=r"record action 6 of \d+ .*not an action of this game"):
        replay(bad)
    bad["actions"][5] = "pick"
    with pytest.raises(RecordError, match="record action 6"):
        replay(bad)
    # a different legal action: the game goes elsewhere and the record no longer adds up
    bad = copy.deepcopy(finished)
    first = bad["actions"][0]
    bad["actions"][0] = {"type": "pick", "slot": (first["slot"] + 1) % 4}
    with pytest.raises(RecordError):
        replay(bad)
    # an extra action after the end
    with pytest.raises(RecordError, match="game is over"):
        replay(damaged(finished, actions=finished["actions"] + [{"type": "pick", "slot": 0}]))


def test_tampered_final_hash(finished):
    with pytest.raises(RecordError, match="final_hash does not match"):
        replay(damaged(finished, final_hash="0" * 64))
    replay(damaged(finished, final_hash=...))  # the hash is optional


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"format": "chess-pgn"}, r"record format is 'chess-pgn', expected 'realms-record'"),
        ({"version": 2}, r"record version 2 is not supported \(this is version 1\)"),
        ({"version": "1"}, r"record version '1' is not supported"),
        ({"seed": "3"}, r"record seed must be an integer, got '3'"),
        ({"seed": 3.0}, r"record seed must be an integer"),
        ({"seed": True}, r"record seed must be an integer"),
        ({"seed": None}, r"record seed must be an integer"),
        ({"actions": {"0": {}}}, r"record actions must be a list"),
        ({"players": "alice,bob"}, r"record players must be a list of names"),
        ({"players": ["alice", 2]}, r"record players must be a list of names"),
        ({"options": ["players", 2]}, r"record options must be an object"),
        ({"game": "chess"}, r"unknown game 'chess'; games are .*kingdomino"),
        ({"options": {"players": 2, "colour": "red"}}, r"record options are invalid: .*unknown option 'colour'"),
        ({"options": {"players": 7}}, r"record options are invalid: .*between 2 and 4"),
        ({"players": ["alice", "bob", "carol"]}, r"record names 3 players for 2 seats"),
    ],
)
def test_damaged_record(finished, changes, match):
    with pytest.raises(RecordError, match=match):
        replay(damaged(finished, **changes))


@pytest.mark.parametrize("game_id", ["kingdomino", "dominion", "burgundy"])
@pytest.mark.parametrize("bad", [["kingdomino"], 7, None, {"id": "dominion"}, True])
def test_a_game_field_that_is_not_a_name_is_a_record_error(game_id, bad):
    game = realms.games.get(game_id)
    record = GameRecord.start(game, {"players": 2}, 1, ["alice", "bob"]).to_json()
    replay(record, require_finished=False)
    with pytest.raises(RecordError, match=r"record game must be a game's name \(a string\), got "):
        replay(damaged(record, game=bad), require_finished=False)


@pytest.mark.parametrize("key", REQUIRED)
def test_missing_field(finished, key):
    with pytest.raises(RecordError, match=f"record is missing {key}"):
        replay(damaged(finished, **{key: ...}))


def test_missing_fields_all_named(finished):
    with pytest.raises(RecordError, match="record is missing seed, players"):
        replay(damaged(finished, seed=..., players=...))


def test_record_must_be_an_object():
    for bad in ([], "record", 3, None):
        with pytest.raises(RecordError, match="must be a JSON object"):
            replay(bad)  # type: ignore[arg-type]


def test_not_json(tmp_path):
    with pytest.raises(RecordError, match=r"record is not valid JSON: .* at line 1 column"):
        parse("{not json")
    with pytest.raises(RecordError, match="must be a JSON object, not list"):
        parse("[1, 2]")
    path = tmp_path / "broken.realms.json"
    path.write_text('{"format": "realms-record",\n', encoding="utf-8")
    with pytest.raises(RecordError, match=rf"{path.name} is not valid JSON: .* line 2"):
        load(path)
    with pytest.raises(RecordError, match="cannot read record"):
        load(tmp_path / "missing.realms.json")


def test_replay_without_verify_accepts_a_wrong_result(finished):
    bad = copy.deepcopy(finished)
    bad["result"]["scores"] = [0, 0]
    r = replay(bad, verify=False)
    assert r.result.scores != [0, 0] or finished["result"]["scores"] == [0, 0]


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3, "three_players": "thirty-six"},
                                     {"players": 2, "dynasty": True, "mighty_duel": True}])
def test_round_trip_for_variants(tmp_path, options):
    rec = played(options, seed=8)
    rec.save(tmp_path / "r.json")
    r = replay(load(tmp_path / "r.json"))
    assert r.result == GAME.result(rec.state)
