"""Small C extensions built at first use: the games' compiled observation encoders (``games/<game>/observe.c``).

``load(package, source)`` returns the extension module compiled from ``source`` (a CPython extension whose init
function is ``PyInit__observe_c``), or None with the reason, so that the caller falls back to its Python code.
The library is built once per source (the file and every header it includes with ``#include "..."``, the encoders'
shared ``encoder.h`` beside this module among them: ``sources``), Python version and platform, with the C compiler
and headers Python was built with (``CC`` overrides the compiler) and this module's directory on the include path,
into ``REALMS_CACHE_DIR`` (default ``~/.cache/realms``, or under
``XDG_CACHE_HOME``) under ``observe/``; a build goes to a temporary name and is then renamed, so processes
building at once each find a whole file. ``REALMS_PYTHON_OBSERVE=1`` asks for the Python code instead.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

CACHE_ENV = "REALMS_CACHE_DIR"
PYTHON_ENV = "REALMS_PYTHON_OBSERVE"
#: on the include path of every build: the encoders' shared header, ``encoder.h``
INCLUDE = Path(__file__).resolve().parent
_INCLUDE_LINE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)


def cache_dir() -> Path:
    base = os.environ.get(CACHE_ENV) or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "realms")
    return Path(base) / "observe"


def sources(source: Path) -> list[Path]:
    """``source`` and the files it includes with ``#include "..."``, theirs in turn, each once, in the order first
    met; each found as the compiler finds it: beside the file that includes it, else in ``INCLUDE``. A name found in
    neither is left to the compiler (whose error then says so)."""
    found = [source]
    for path in found:
        for name in _INCLUDE_LINE.findall(path.read_bytes()):
            rel = name.decode()
            for where in (path.parent, INCLUDE):
                candidate = (where / rel).resolve()
                if candidate.is_file():
                    if candidate not in found:
                        found.append(candidate)
                    break
    return found


def build_key(source: Path, defines: Mapping[str, int] | None = None) -> str:
    """What names the build of ``source``: a digest of its ``sources``' contents, the values ``defines`` gives its
    macros, the Python version and the extension suffix."""
    digest = hashlib.sha256()
    for name, value in sorted((defines or {}).items()):
        digest.update(f"-D{name}={int(value)}\n".encode())
    for path in sources(source):
        code = path.read_bytes()
        digest.update(f"{path.name}:{len(code)}:".encode())
        digest.update(code)
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    digest.update(sys.version.encode() + suffix.encode())
    return digest.hexdigest()[:16]


def build(name: str, source: Path, defines: Mapping[str, int] | None = None) -> Path:
    """The shared library of ``source`` with these macro values (``-DNAME=value``: sizes the Python side knows, a
    game's number of cards), built when these sources, values, Python and platform have none yet (OSError when the
    build fails)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    target = cache_dir() / f"{name}_{build_key(source, defines)}{suffix}"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    include = sysconfig.get_paths()["include"]
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    macros = [f"-D{k}={int(v)}" for k, v in sorted((defines or {}).items())]
    cmd = [*cc, "-O2", "-shared", "-fPIC", *macros, f"-I{INCLUDE}", f"-I{include}", str(source), "-o", str(tmp)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise OSError(f"{' '.join(cmd)} failed: {done.stderr.strip()[-500:]}")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


def load(package: str, source: Path, defines: Mapping[str, int] | None = None) -> tuple[ModuleType | None, str | None]:
    """(the module built from ``source`` with these macro values, None) or (None, why not): asked not to, no C
    compiler or Python headers, a build that failed. ``package`` names it (``realms.games.dominion``:
    ``realms.games.dominion._observe_c``)."""
    if os.environ.get(PYTHON_ENV) == "1":
        return None, f"{PYTHON_ENV}=1"
    try:
        path = build(package.rsplit(".", 1)[-1], source, defines)
        spec = importlib.util.spec_from_file_location(f"{package}._observe_c", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except (OSError, ImportError, subprocess.SubprocessError) as e:
        return None, f"{type(e).__name__}: {e}"
    return module, None
