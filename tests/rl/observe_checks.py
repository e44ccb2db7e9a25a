"""Checks every game's observation encoding is held to (used by tests/games/<game>/test_observe.py).

``hidden_information_check`` plays seeded random games and, at sampled positions, builds for each seat a
second state that differs only in what that seat cannot know (``game.determinize`` for that seat). Where
the two views of that seat are equal, the two observations must be identical; where the views differ,
determinize changed something the seat can see, which is determinize's fault, not the encoder's: such
pairs are counted and returned, not failed on.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

import realms.games
from realms.core.rng import Rng, derive_seed

FULL = os.environ.get("REALMS_FULL") == "1"


def layout_size(game: Any, options: Mapping[str, Any]) -> int:
    return sum(int(np.prod(shape)) for _, shape in game.observation().fields(game.validate_options(options)))


def hidden_information_check(game_id: str, options: Mapping[str, Any], games: int, every: int, seed: int = 1,
                             encode: Callable[[Any, int], np.ndarray] | None = None) -> tuple[int, int]:
    """(pairs compared with equal views, pairs skipped because determinize changed the seat's view)."""
    game = realms.games.get(game_id)
    opts = game.validate_options(options)
    encode = encode or game.observation().encode
    size = layout_size(game, opts)
    play = Rng(seed)
    compared = flagged = 0
    for g in range(games):
        s = game.new(opts, derive_seed(seed, g))
        step = 0
        while s.to_move is not None:
            if step % every == 0:
                for seat in range(game.players(s)):
                    other = game.determinize(s, seat, Rng(derive_seed(seed, g, step, seat)))
                    if game.view(s, seat) != game.view(other, seat):
                        flagged += 1
                        continue
                    a, b = encode(s, seat), encode(other, seat)
                    assert a.shape == (size,) and a.dtype == np.float32
                    assert np.array_equal(a, b), (
                        f"{game_id} game {g} step {step} seat {seat}: equal views, different observations at "
                        f"{np.flatnonzero(a != b)[:10].tolist()}")
                    compared += 1
            actions = game.legal_actions(s)
            game.apply(s, actions[play.below(len(actions))])
            step += 1
    return compared, flagged


def can_compile():
    """Whether the compiled encoders are to be expected here: a C compiler and Python's headers, which
    ``realms.core.cbuild`` builds them with, a cache it may write, and no ``REALMS_PYTHON_OBSERVE=1`` asking for
    the Python ones."""
    if os.environ.get("REALMS_PYTHON_OBSERVE") == "1":
        return False
    import shlex
    import shutil
    import sysconfig
    from pathlib import Path

    from realms.core.cbuild import cache_dir

    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]
    place = cache_dir()
    while not place.exists():  # where the cache would be made: writable?
        place = place.parent
    return (shutil.which(cc) is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()
            and place.is_dir() and os.access(place, os.W_OK))


def compiled_matches_reference(game: Any, options: Mapping[str, Any], seeds: int, compiled: Any,
                               reference: Callable[[], Any]) -> int:
    """Plays ``seeds`` seeded random games of ``options`` and requires, at every seat of every step, the compiled
    encoder's vector (``encode_next``, as the environments call it) to be the Python reference's (a fresh
    ``reference()`` per game, through ``encode``) bit for bit; returns how many vectors were compared."""
    options = game.validate_options(options)
    checked = 0
    for seed in range(seeds):
        s = game.new(options, seed)
        rng = Rng(seed)
        ours, theirs = compiled.fresh(), reference()
        while True:
            for seat in range(s.players):
                got = ours.encode_next(s, seat)
                assert got.tobytes() == theirs.encode(s, seat).tobytes(), (seed, seat)
                checked += 1
            if s.to_move is None:
                break
            actions = game.legal_actions(s)
            game.apply(s, actions[rng.below(len(actions))])
    return checked


def compiled_or_skip(game_id: str) -> Any:
    """The game's observe module when its compiled encoder serves here (``OBSERVER`` is the compiled kind), else
    the test is skipped with the reason the module gives."""
    import pytest

    observe = _observe_module(game_id)
    if not type(observe.OBSERVER).__name__.startswith("Compiled"):
        pytest.skip(f"no compiled encoder here: {observe.WHY_NOT_COMPILED}")
    return observe


def python_encoder_serves_without_a_compiler(game_id: str, tmp_path: Any) -> None:
    """In a fresh process with no compiler (``CC`` naming none, an empty cache) and in one asked for the Python code
    (``REALMS_PYTHON_OBSERVE=1``), the game's encoder is its Python one, with the reason."""
    import subprocess
    import sys

    observe = _observe_module(game_id)
    name = type(observe.OBSERVER).__name__.removeprefix("Compiled")
    code = f"import {observe.__name__} as o; print(type(o.OBSERVER).__name__, '|', o.WHY_NOT_COMPILED)"
    env = {**os.environ, "CC": str(tmp_path / "no-such-cc"), "REALMS_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("REALMS_PYTHON_OBSERVE", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.startswith(f"{name} | ") and "no-such-cc" in out, out
    env = {**os.environ, "REALMS_PYTHON_OBSERVE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"{name} | REALMS_PYTHON_OBSERVE=1", out


def _observe_module(game_id: str) -> Any:
    """The module of the game's encoder (``Game.observation()``), whose ``OBSERVER`` is the compiled encoder where one
    serves (its class named ``Compiled`` + the Python encoder's) and ``WHY_NOT_COMPILED`` says why not."""
    import importlib

    return importlib.import_module(type(realms.games.get(game_id).observation()).__module__)
