"""realms.core.cbuild: C extensions built once at first use, with a fallback when they cannot be."""

from __future__ import annotations

from pathlib import Path

import pytest

from realms.core import cbuild
from tests.rl.observe_checks import can_compile

SOURCE = """
#define PY_SSIZE_T_CLEAN
#include <Python.h>
static PyObject *twice(PyObject *self, PyObject *arg) { return PyLong_FromLong(2 * PyLong_AsLong(arg)); }
static PyMethodDef methods[] = {{"twice", twice, METH_O, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_observe_c", NULL, -1, methods};
PyMODINIT_FUNC PyInit__observe_c(void) { return PyModule_Create(&module); }
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(cbuild.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(cbuild.PYTHON_ENV, raising=False)
    return tmp_path / "cache" / "observe"


def test_a_source_is_built_once_and_loaded(tmp_path, cache):
    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    src = tmp_path / "observe.c"
    src.write_text(SOURCE)
    module, why = cbuild.load("tests.fake", src)
    assert why is None and module is not None and module.twice(21) == 42
    built = list(cache.iterdir())
    assert len(built) == 1 and built[0].name.startswith("fake_")
    stamp = built[0].stat().st_mtime_ns
    assert cbuild.build("fake", src) == built[0] and built[0].stat().st_mtime_ns == stamp  # not built again
    src.write_text(SOURCE + "\n/* changed */\n")  # another source: another library
    assert cbuild.build("fake", src) != built[0]


def test_a_failed_build_or_a_request_for_python_gives_none_and_why(tmp_path, cache, monkeypatch):
    src = tmp_path / "observe.c"
    src.write_text("this is not C")
    module, why = cbuild.load("tests.broken", src)
    assert module is None and why is not None and why.startswith(("OSError", "FileNotFoundError"))
    assert not any(cache.glob("*.tmp")) if cache.exists() else True  # no half-built file is left
    src.write_text(SOURCE)
    monkeypatch.setenv(cbuild.PYTHON_ENV, "1")
    assert cbuild.load("tests.fake", src) == (None, f"{cbuild.PYTHON_ENV}=1")
    monkeypatch.delenv(cbuild.PYTHON_ENV)
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    module, why = cbuild.load("tests.fake", src)
    assert module is None and "no-such-cc" in why


def test_a_change_in_any_header_a_source_includes_changes_its_build(tmp_path, monkeypatch):
    """Headers are found as the compiler finds them (beside the including file, then in ``cbuild.INCLUDE``), and
    each one's text is part of the build's key, so that a changed header is never served by a stale library."""
    include = tmp_path / "include"
    include.mkdir()
    monkeypatch.setattr(cbuild, "INCLUDE", include)
    beside = tmp_path / "beside.h"
    beside.write_text("#define A 1\n")
    (include / "common.h").write_text('#include "deeper.h"\n')
    (include / "deeper.h").write_text("#define B 1\n")
    src = tmp_path / "observe.c"
    src.write_text('#include "beside.h"\n#include "common.h"\n#include "common.h"\n#include "missing.h"\n' + SOURCE)
    assert [p.name for p in cbuild.sources(src)] == ["observe.c", "beside.h", "common.h", "deeper.h"]
    keys = [cbuild.build_key(src)]
    for header in (beside, include / "common.h", include / "deeper.h"):
        header.write_text(header.read_text() + "/* changed */\n")
        keys.append(cbuild.build_key(src))
    assert len(set(keys)) == 4


def test_a_header_on_the_include_path_is_compiled_in_and_its_change_rebuilds(tmp_path, cache, monkeypatch):
    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    include = tmp_path / "include"
    include.mkdir()
    monkeypatch.setattr(cbuild, "INCLUDE", include)
    (include / "factor.h").write_text("#define FACTOR 2\n")
    src = tmp_path / "observe.c"
    src.write_text('#include "factor.h"\n' + SOURCE.replace("2 * PyLong_AsLong", "FACTOR * PyLong_AsLong"))
    module, why = cbuild.load("tests.factor2", src)
    assert why is None and module is not None and module.twice(21) == 42
    (include / "factor.h").write_text("#define FACTOR 3\n")
    module, why = cbuild.load("tests.factor3", src)
    assert why is None and module is not None and module.twice(21) == 63
    assert len(list(cache.iterdir())) == 2


def test_a_size_given_at_build_time_is_compiled_in_and_keys_the_build(tmp_path, cache):
    """A value the Python side knows (Dominion's number of cards) is given as ``-DNAME=value``: two values, two
    builds, each with its own value compiled in."""
    src = tmp_path / "observe.c"
    src.write_text(SOURCE.replace("2 * PyLong_AsLong", "FACTOR * PyLong_AsLong"))
    assert cbuild.build_key(src, {"FACTOR": 2}) != cbuild.build_key(src, {"FACTOR": 3}) != cbuild.build_key(src)
    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    for factor in (2, 3):
        module, why = cbuild.load(f"tests.define{factor}", src, {"FACTOR": factor})
        assert why is None and module is not None and module.twice(21) == 21 * factor
    assert len(list(cache.iterdir())) == 2


def test_every_game_s_compiled_encoder_includes_the_shared_header():
    import sys

    import realms.games

    shared = cbuild.INCLUDE / "encoder.h"
    assert shared.is_file()
    encoders = [Path(sys.modules[type(realms.games.get(gid)).__module__].__file__).parent / "observe.c"
                for gid in realms.games.ids()]
    encoders = [source for source in encoders if source.is_file()]
    assert encoders
    for source in encoders:
        assert shared in cbuild.sources(source), source
