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


def test_a_recorded_step_goes_into_the_record_and_full_buffers_are_an_error(np):
    rec = np.zeros(4, dtype=np.int64)  # room for two steps
    lists = np.zeros(5, dtype=np.int64)
    acts = np.array([7, 8, 9], dtype=np.int64)
    at = jit.record(rec, lists, 0, 0, acts, 3, 8)
    at = jit.record(rec, lists, 1, at, acts, 2, 7)
    assert at == 5 and rec.tolist() == [8, 7, 3, 2] and lists.tolist() == [7, 8, 9, 7, 8]
    with pytest.raises(ValueError, match="record buffers are full"):
        jit.record(rec, lists, 2, 0, acts, 1, 7)  # a third step
    with pytest.raises(ValueError, match="record buffers are full"):
        jit.record(np.zeros(8, dtype=np.int64), lists, 2, at, acts, 1, 7)  # no room left for its legal list


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


def _take(a, k, flag):  # type: ignore[no-untyped-def]
    return a[k] + (1 if flag else 0)


def _takes_constants(a, p):  # type: ignore[no-untyped-def]
    return _take(a, 1, True) + _take(a, 2, False) + _take(a, 3, True) + _take(a, p, p > 0)


def test_a_compiled_function_has_one_version_whatever_constants_it_is_passed(np):
    """numba's own dispatcher compiles a version per constant passed from compiled code (``Literal[int](1)``, ...);
    ``compiled``'s dispatcher types such a call with the argument's plain type, so all four calls share one version.
    (Dispatchers without the disk cache, so that every run compiles and the versions are there to count.)"""
    global _take, _takes_constants
    plain = {"locals": {}, "targetoptions": {"nopython": True, "boundscheck": None}}
    take, caller = _take, _takes_constants
    try:
        _take = jit.PlainDispatcher(py_func=take, **plain)
        _takes_constants = jit.PlainDispatcher(py_func=caller, **plain)
        assert _takes_constants(np.arange(10), 2) == 1 + 2 + 4 + 3 + 1
        assert [[str(t) for t in sig] for sig in _take.signatures] == [["array(int64, 1d, C)", "int64", "bool"]]
    finally:
        _take, _takes_constants = take, caller


def test_every_kernel_function_is_declared_compiled(np):
    """Every numba function in realms is a ``jit.PlainDispatcher``: one kernel declared with plain ``numba.njit``
    would compile a copy of what it calls for each constant again."""
    import importlib
    import pkgutil
    from pathlib import Path

    from numba.core.registry import CPUDispatcher

    import realms

    found = 0
    for info in pkgutil.walk_packages(realms.__path__, "realms."):
        spec = importlib.util.find_spec(info.name)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            continue
        if "numba" not in Path(spec.origin).read_text():
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == info.name:
                found += 1
                assert isinstance(value, jit.PlainDispatcher), f"{info.name}.{name} is declared with numba.njit"
    assert found > 100  # the three games' kernels and the shared draws


def test_with_numbas_jit_turned_off_a_compiled_function_is_the_python_function(np, monkeypatch):
    import numba

    from realms.core import jit

    def twice(x: int) -> int:
        return 2 * x

    monkeypatch.setattr(numba.config, "DISABLE_JIT", True)
    assert jit.compiled(twice) is twice  # (as numba.njit gives, to trace or debug a kernel in Python)
    monkeypatch.setattr(numba.config, "DISABLE_JIT", False)
    assert isinstance(jit.compiled(twice), jit.PlainDispatcher)
