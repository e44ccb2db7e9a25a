"""The protocol: actions and their JSON, clone, serialisation, views, determinize, records."""

from __future__ import annotations

import json

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.errors import IllegalAction
from realms.core.game import canonical_json
from realms.core.record import GameRecord, replay
from realms.core.rng import Rng
from realms.games.burgundy.rules import BurgundyState

from .helpers import GAME, act, new


def _random_steps(s, n, seed=0):
    rng = Rng(seed)
    for _ in range(n):
        if s.to_move is None:
            break
        acts = GAME.legal_actions(s)
        GAME.apply(s, acts[rng.below(len(acts))])
    return s


def test_registered_as_burgundy():
    assert realms.games.get("burgundy") is GAME
    assert GAME.name == "The Castles of Burgundy"


def test_action_space_fixed_indices_and_stable_json():
    assert GAME.action_space_size == len(GAME.actions)
    seen = set()
    for i, a in enumerate(GAME.actions):
        assert a.index == i
        key = canonical_json(a.to_json())
        assert key not in seen
        seen.add(key)
        assert GAME.action_from_json(json.loads(json.dumps(a.to_json()))) is a
    assert GAME.action_from_json({"type": "place", "slot": 0, "space": 17, "die": 1}).kind == "place"
    with pytest.raises(IllegalAction, match="not an action"):
        GAME.action_from_json({"type": "fly"})


def test_legal_actions_are_shared_instances_and_mask_matches():
    s = new(2, seed=3)
    acts = GAME.legal_actions(s)
    assert all(GAME.actions[a.index] is a for a in acts)
    mask = GAME.action_mask(s)
    assert sum(mask) == len(acts)
    acts.clear()  # the caller's copy: the state's cache is untouched
    assert GAME.legal_actions(s)


def test_foreign_action_object_is_rejected():
    s = new(2, seed=3)
    with pytest.raises(IllegalAction, match="not an action of this game"):
        GAME.apply(s, "workers")  # type: ignore[arg-type]


def test_clone_is_independent():
    s = _random_steps(new(3, seed=4), 60)
    c = s.clone()
    before = s.to_data()
    _random_steps(c, 80, seed=9)
    assert s.to_data() == before
    assert c.to_data() != before


def test_to_data_shares_no_list_with_the_state():
    s = _random_steps(new(4, seed=6), 120)
    data = s.to_data()
    before = json.loads(json.dumps(data))
    _random_steps(s, 200, seed=3)  # the state moves on; the data taken before must not
    assert json.loads(json.dumps(data)) == before


def test_to_data_from_data_round_trip_and_continue_identically():
    s = _random_steps(new(2, seed=5, scenario="random"), 150)
    data = json.loads(json.dumps(s.to_data()))
    t = BurgundyState.from_data(data)
    assert t.to_data() == s.to_data()
    assert GAME.legal_actions(t) == GAME.legal_actions(s)
    _random_steps(s, 10_000, seed=2)
    _random_steps(t, 10_000, seed=2)
    assert GAME.state_hash(s) == GAME.state_hash(t)


def test_view_is_json_and_holds_no_hidden_information():
    s = _random_steps(new(4, seed=6), 200)
    for seat in (None, 0, 3):
        v = GAME.view(s, seat)
        text = json.dumps(v)
        assert "rng" not in v
        assert str(s.rng) not in text
    v = GAME.view(s, 0)
    # stacks are shown as counts only; depots, estates, storages are public
    assert all(isinstance(n, int) for n in v["stacks"].values())
    assert len(v["seats"]) == 4 and len(v["depots"]) == 6
    assert v["seats"][0]["estate"][0]["id"] == 1


def test_determinize_changes_only_the_future():
    s = _random_steps(new(2, seed=7), 40)
    d = GAME.determinize(s, s.to_move, Rng(99))
    a, b = s.to_data(), d.to_data()
    assert a["rng"] != b["rng"]
    a.pop("rng")
    b.pop("rng")
    assert a == b
    _random_steps(d, 5000)
    assert d.to_move is None


def test_events_only_when_logging():
    s = new(2, seed=8)
    assert GAME.apply(s, GAME.legal_actions(s)[0]) == []
    events = act(s, "workers", die=1) if any(
        a.kind == "workers" and a["die"] == 1 for a in GAME.legal_actions(s)) else []
    assert all(e.text for e in events)


def test_describe_names_the_tiles():
    s = new(2, seed=9)
    texts = [GAME.describe(s, a) for a in GAME.legal_actions(s)]
    assert any(t.startswith("take ") and "depot" in t for t in texts)
    assert any("workers" in t for t in texts)


def test_record_replays_to_the_same_result():
    rec = GameRecord.start(GAME, {"players": 3}, seed=10, players=["random", "greedy", "random"])
    agents = [make_agent(n, GAME, seed=i) for i, n in enumerate(rec.players)]
    while rec.state.to_move is not None:
        rec.play(agents[rec.state.to_move].act(GAME, rec.state))
    data = json.loads(json.dumps(rec.to_json()))
    r = replay(data)
    assert r.result.scores == GAME.result(rec.state).scores


def test_a_finished_games_view_names_the_last_round_played():
    """After the fifth round of phase E the view says E5, as the game ended, not E1 (the round counter starts
    afresh before the game sees that no phase is left)."""
    s = new(2, 1)
    rng = Rng(1)
    rounds = set()
    while s.to_move is not None:
        v = GAME.view(s, 0)
        rounds.add((v["phase"], v["round"]))
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[rng.below(len(actions))])
    v = GAME.view(s, 0)
    assert v["mode"] == "over" and (v["phase"], v["round"]) == ("E", 5), (v["phase"], v["round"])
    assert ("E", 5) in rounds
