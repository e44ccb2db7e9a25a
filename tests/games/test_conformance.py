"""The conformance suite, in the spirit of OpenSpiel's: every registered game (``realms.games.ids()``) and every
test-only game (a package under tests/games/ that declares ``GAME``, such as tests/games/toycards) is played
here through the protocol alone, and must keep its promises:

- random playthroughs reach the end within the game's declared bounds (``Game.spiel_bounds``);
- ``result`` is None until the end, then ranks follow from the scores and tie-breaks; while a seat is to move
  its legal actions are non-empty, distinct and in the action space, and each one's JSON and index lead back
  to it; an action that is not legal, or any action once the game is over, raises IllegalAction and leaves
  the state as it was;
- ``clone`` is a deep copy, ``to_data`` is canonical JSON, ``from_data`` (where the state has it) resumes the
  game exactly, and a record of (options, seed, actions) replays every step to the same state;
- what leaves the engine for a seat hides what the seat cannot know: its view, its observation and its legal
  actions are the same in every state ``determinize`` may make for that seat, and a spectator's view is the
  same in all of them.

The whole playthroughs are marked ``slow``: two seeds per game and table by default, twenty with
``REALMS_FULL=1``.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import realms.games
from realms.core.errors import IllegalAction, OptionsError
from realms.core.game import Game, canonical_json, competition_ranks
from realms.core.record import GameRecord, iter_states, replay
from realms.core.rng import Rng, derive_seed

FULL = os.environ.get("REALMS_FULL") == "1"
SEEDS = range(20) if FULL else range(2)
#: positions per game at which the costly checks run (views and observations of every seat, determinize)
LOOKS = 12


def games_declared_in_tests() -> dict[str, Game]:
    """The games declared by packages under tests/games/ (``GAME`` in their ``__init__``), by id: offered to
    the registry only while a test here runs, so no other test sees them."""
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if info.ispkg:
            game = getattr(importlib.import_module(f"tests.games.{info.name}"), "GAME", None)
            if isinstance(game, Game):
                found[game.id] = game
    return found


TEST_ONLY = games_declared_in_tests()
GAME_IDS = realms.games.ids() + [g for g in TEST_ONLY if g not in realms.games.ids()]


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    game_id = request.param
    if game_id in TEST_ONLY:
        realms.games.register(TEST_ONLY[game_id])
        try:
            yield TEST_ONLY[game_id]
        finally:
            realms.games.unregister(game_id)
    else:
        yield realms.games.get(game_id)


def tables(game: Game) -> list[dict[str, Any]]:
    """The options played: the defaults, and each player count where the game has a ``players`` option."""
    out: list[dict[str, Any]] = [{}]
    if any(o.name == "players" for o in game.options_spec):
        out += [{"players": n} for n in range(game.min_players, game.max_players + 1)]
    return out


def positions(game: Game, options: dict[str, Any], seed: int) -> tuple[GameRecord, list[Any]]:
    """A random playthrough of ``options`` from ``seed``, checking each step as it goes; returns its record and
    clones of about ``LOOKS`` of its states (the first and the last among them)."""
    rec = GameRecord.start(game, options, seed, players=["random"] * game.players(game.new(options, seed)))
    s = rec.state
    rng = Rng(derive_seed(seed, 7))
    every = max(1, _length_hint(game, options, seed) // LOOKS)
    kept = [game.clone(s)]
    steps = 0
    while game.to_move(s) is not None:
        check_decision(game, s)
        legal = game.legal_actions(s)
        rec.play(legal[rng.below(len(legal))])
        steps += 1
        assert steps <= game.spiel_bounds[0], f"{game.id}: no end after {steps} decisions (spiel_bounds)"
        if steps % every == 0:
            kept.append(game.clone(s))
    kept.append(game.clone(s))
    return rec, kept


def _length_hint(game: Game, options: dict[str, Any], seed: int) -> int:
    """How many decisions a random game of these options takes (one played aside with another stream)."""
    s = game.new(options, seed)
    rng = Rng(derive_seed(seed, 8))
    n = 0
    while game.to_move(s) is not None and n < game.spiel_bounds[0]:
        legal = game.legal_actions(s)
        game.apply(s, legal[rng.below(len(legal))])
        n += 1
    return n


def check_decision(game: Game, s: Any) -> None:
    """What holds at every decision: a seat to move, no result yet, a non-empty set of distinct legal actions
    that map to their indices and JSON forms and agree with ``legal_indices`` and ``action_mask``."""
    seat = game.to_move(s)
    assert seat is not None and 0 <= seat < game.players(s) and not game.is_over(s)
    assert game.result(s) is None, f"{game.id}: a result before the end"
    legal = game.legal_actions(s)
    assert legal, f"{game.id}: seat {seat} is to move with no legal action"
    indices = [a.index for a in legal]
    assert len(set(indices)) == len(indices), f"{game.id}: a legal action is offered twice"
    assert tuple(indices) == tuple(game.legal_indices(s))
    for a in legal:
        assert game.actions[a.index] is a
        assert game.action_from_index(a.index) is a
        assert game.action_from_json(json.loads(json.dumps(a.to_json()))) is a
    mask = game.action_mask(s)
    assert len(mask) == game.action_space_size and sum(mask) == len(legal)


def check_result(game: Game, s: Any) -> None:
    """A finished game: no seat to move, no legal action, and a result whose ranks follow from the scores and
    tie-breaks, within the declared largest margin."""
    assert game.is_over(s) and game.to_move(s) is None
    assert game.legal_actions(s) == []
    result = game.result(s)
    assert result is not None, f"{game.id}: the game is over without a result"
    n = game.players(s)
    assert len(result.scores) == len(result.ranks) == len(result.tiebreak) == len(result.breakdown) == n
    assert result.ranks == competition_ranks([(sc, *tb) for sc, tb in zip(result.scores, result.tiebreak, strict=True)])
    assert result.winners and min(result.ranks) == 1
    json.dumps(result.to_json())
    if n > 1:
        margin = max(abs(sc - max(o for q, o in enumerate(result.scores) if q != p))
                     for p, sc in enumerate(result.scores))
        assert margin <= game.spiel_bounds[1], f"{game.id}: a margin of {margin} beyond spiel_bounds"
    assert len(game.turns(s)) == n


def check_illegal(game: Game, s: Any) -> None:
    """An action that is not legal now raises IllegalAction and changes nothing (at the end: every action)."""
    legal = {a.index for a in game.legal_actions(s)}
    wrong = [a for a in game.actions if a.index not in legal]
    before = game.state_hash(s)
    for a in wrong[:: max(1, len(wrong) // 5)]:
        with pytest.raises(IllegalAction):
            game.apply(s, a)
        assert game.state_hash(s) == before, f"{game.id}: a refused {a} changed the state"


def check_copies(game: Game, s: Any) -> None:
    """``clone`` is a copy the original does not share; ``to_data`` is JSON; ``from_data`` rebuilds the state."""
    before = game.state_hash(s)
    c = game.clone(s)
    assert c is not s and game.state_hash(c) == before
    data = s.to_data()
    assert json.loads(canonical_json(data)) == json.loads(json.dumps(data))
    if game.to_move(c) is not None:
        game.apply(c, game.legal_actions(c)[-1])
        assert game.state_hash(s) == before, f"{game.id}: playing on a clone changed the original"
    from_data = getattr(type(s), "from_data", None)
    if from_data is not None:
        back = from_data(json.loads(json.dumps(data)))
        assert game.state_hash(back) == before
        assert canonical_json(back.to_data()) == canonical_json(data)


def check_hidden(game: Game, options: dict[str, Any], s: Any, rng: Rng) -> None:
    """For each seat, what leaves the engine for it is the same in states ``determinize`` makes for it: the
    seat's view, its observation, its legal actions when it is to move, and a spectator's view."""
    observer = game.observation()
    if observer is not None:
        import numpy as np  # the observation encoders' own dependency
    before = game.state_hash(s)
    spectator = canonical_json(game.view(s, None))
    for seat in range(game.players(s)):
        mine = canonical_json(game.view(s, seat))
        json.loads(mine)
        encoded = observer.encode(s, seat) if observer is not None else None
        if encoded is not None:
            assert encoded.size == sum(int(np.prod(shape)) for _, shape in observer.fields(options))
        for _ in range(2):
            d = game.determinize(s, seat, Rng(rng.next64()))
            assert d is not s and game.state_hash(s) == before, f"{game.id}: determinize changed the state"
            assert canonical_json(game.view(d, seat)) == mine, f"{game.id}: seat {seat}'s view shows hidden information"
            assert canonical_json(game.view(d, None)) == spectator, (
                f"{game.id}: a spectator's view shows hidden information")
            if encoded is not None:
                assert np.array_equal(observer.encode(d, seat), encoded), (
                    f"{game.id}: seat {seat}'s observation shows hidden information")
            if game.to_move(s) == seat:
                assert game.legal_actions(d) == game.legal_actions(s)
    if game.public_view:
        views = [game.view(s, q) for q in range(game.players(s))]
        assert all({k: v for k, v in view.items() if k != "seat"} == {k: v for k, v in views[0].items() if k != "seat"}
                   for view in views), f"{game.id}: declares public_view, yet seats' views differ"


def test_every_registered_game_is_checked_and_test_only_games_stay_in_their_tests():
    assert GAME_IDS[:len(realms.games.ids())] == realms.games.ids() and len(set(GAME_IDS)) == len(GAME_IDS)
    assert not set(TEST_ONLY) & set(realms.games.ids()), "a test-only game is offered outside its tests"


def test_a_game_declares_what_the_layers_above_read(game):
    assert game.id and game.name and 1 <= game.min_players <= game.max_players
    assert game.action_space_size == len(game.actions) > 0
    assert all(a.index == i for i, a in enumerate(game.actions))
    assert len({canonical_json(a.to_json()) for a in game.actions}) == len(game.actions)
    assert game.spiel_bounds[0] > 0 and game.spiel_bounds[1] > 0
    from realms.core.agents import agent_names

    assert game.default_agent in agent_names(game)
    assert all(lv.name in agent_names(game) and lv.agent and lv.description for lv in game.levels)
    defaults = game.validate_options({})
    assert game.validate_options(defaults) == defaults


def test_new_checks_its_seed_and_options(game):
    for seed in (-1, 2**64, "7", 1.5, True):
        with pytest.raises(OptionsError):
            game.new({}, seed)  # type: ignore[arg-type]
    with pytest.raises(OptionsError):
        game.new({"no-such-option-anywhere": 1}, 1)
    for seed in (0, 2**64 - 1):
        assert game.legal_actions(game.new({}, seed))


@pytest.mark.slow
def test_random_playthroughs_keep_every_promise_to_the_end(game):
    for options in tables(game):
        for seed in SEEDS:
            opts = game.validate_options(options)
            rec, kept = positions(game, opts, seed)
            end = rec.state
            check_result(game, end)
            check_illegal(game, end)
            rng = Rng(derive_seed(seed, 9))
            for s in kept:
                check_copies(game, s)
                check_illegal(game, s)
                check_hidden(game, opts, s, rng)


@pytest.mark.slow
def test_options_seed_and_actions_reproduce_every_state(game):
    for options in tables(game):
        for seed in SEEDS:
            opts = game.validate_options(options)
            rec, _ = positions(game, opts, seed)
            again = game.new(opts, seed)
            hashes = []
            for a in rec.actions:
                hashes.append(game.state_hash(again))
                game.apply(again, a, log=True)  # events are only told: the state is the same
            hashes.append(game.state_hash(again))
            assert hashes[-1] == game.state_hash(rec.state)
            data = json.loads(json.dumps(rec.to_json()))
            assert [game.state_hash(st) for _, st, _ in iter_states(data)] == hashes
            done = replay(data)
            assert game.result(done.state) == game.result(rec.state)


def test_a_game_resumes_exactly_from_a_copy_or_its_data_mid_game(game):
    options = game.validate_options(tables(game)[-1])
    rec, _ = positions(game, options, 3)
    half = len(rec.actions) // 2
    s = game.new(options, 3)
    game.apply_all(s, rec.actions[:half])
    copies = [game.clone(s)]
    from_data = getattr(type(s), "from_data", None)
    if from_data is not None:
        copies.append(from_data(json.loads(json.dumps(s.to_data()))))
    for c in copies:
        for a in rec.actions[half:]:
            game.apply_legal(c, a.index)
        assert game.state_hash(c) == game.state_hash(rec.state)
