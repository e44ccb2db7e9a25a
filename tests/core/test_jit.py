"""realms.core.jit: the kernels' SplitMix64 draws the reference Rng's numbers; the stale-cache guard."""

from __future__ import annotations

import pytest

from realms.core import jit
from realms.core.rng import MASK64, Rng, mix64

STATES = (0, 1, 42, 1234567, 0x9E3779B97F4A7C15, MASK64, MASK64 - 1, 1 << 63)
BOUNDS = (1, 2, 3, 6, 7, 36, 1000, (1 << 20), (1 << 31) + 11, (1 << 32) - 1)


@pytest.fixture
def np():
    if not jit.AVAILABLE:
        pytest.skip("numba is not installed (the 'fast' extra)")
    import numpy

    return numpy


def test_mix_is_the_reference_finaliser(np):
    for z in STATES:
        assert int(jit.mix(np.uint64(z))) == mix64(z)


def test_below_draws_what_rng_below_draws_and_advances_the_same_state(np):
    for state in STATES:
        ref = Rng.from_state(state)
        rngs = np.array([7, state], dtype=np.uint64)
        for n in BOUNDS * 3:
            assert jit.below(rngs, 1, n) == ref.below(n)
            assert int(rngs[1]) == ref.state
        assert rngs[0] == 7  # the other streams are left alone


def test_mulhi_of_one_output_is_below_of_it(np):
    """A kernel that spends one output on several draws (``zones.draw``) starts with ``below``'s draw."""
    for state in STATES:
        z = Rng.from_state(state).next64()
        for n in BOUNDS:
            assert jit.mulhi(np.uint64(z), n) == (z * n) >> 64


def test_pick_is_random_agent_s_choice_and_spends_nothing_on_a_single_action(np):
    acts = np.array([5, 9, 11, 40], dtype=np.int64)
    rngs = np.array([3, 99], dtype=np.uint64)
    ref = Rng.from_state(99)
    for _ in range(20):
        assert jit.pick(acts, 4, rngs, 1) == acts[ref.below(4)]
    state = int(rngs[1])
    assert jit.pick(acts, 1, rngs, 1) == 5 and int(rngs[1]) == state and rngs[0] == 3


def test_a_changed_source_drops_the_module_s_compiled_cache(tmp_path):
    """numba checks a module's cache against its own file only: a module's entries are dropped when a source
    compiled into it changes, and kept while none does; other modules' entries are left alone."""
    module = tmp_path / "playout.py"
    source = tmp_path / "kernel.py"
    source.write_text("rules = 1\n")
    jit.drop_stale_cache(module, source)
    cache = tmp_path / "__pycache__"
    compiled = [cache / "playout._play-1.py311.nbi", cache / "playout._play-1.py311.1.nbc"]
    other = cache / "kernel._apply-2.py311.nbi"
    for f in (*compiled, other):
        f.write_text("x")
    jit.drop_stale_cache(module, source)
    assert all(f.exists() for f in (*compiled, other))
    source.write_text("rules = 2\n")
    jit.drop_stale_cache(module, source)
    assert not any(f.exists() for f in compiled) and other.exists()
