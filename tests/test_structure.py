"""The shape of the code, read from its source with ``ast``: no function of the server, the simulator or the
command line runs over 100 lines, and no module of ``realms`` imports itself back through others.

Every import counts, as a plain reading sees it: at module level, inside functions, and under
``if TYPE_CHECKING:`` (a circle of types is still a circle a reader has to follow).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "realms"
LONGEST = 100  # lines, from the ``def`` line to the last line of the body, docstring and nested functions included
SHORT_FUNCTIONS = [PACKAGE / "server", PACKAGE / "sim", PACKAGE / "cli.py"]


def _sources(root: Path) -> list[Path]:
    """The Python files of ``root`` (a file or a folder), the database migrations aside."""
    files = [root] if root.is_file() else sorted(root.rglob("*.py"))
    return [f for f in files if "migrations" not in f.parts]


def long_functions(roots: list[Path], longest: int = LONGEST) -> list[str]:
    """Every function (nested ones too) under ``roots`` spanning more than ``longest`` lines, as
    ``path:line name (N lines)``."""
    found = []
    for root in roots:
        for path in _sources(root):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                    span = (node.end_lineno or node.lineno) - first + 1
                    if span > longest:
                        where = path.relative_to(SRC) if path.is_relative_to(SRC) else path.name
                        found.append(f"{where}:{node.lineno} {node.name} ({span} lines)")
    return found


def module_name(path: Path, src: Path = SRC) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports, anywhere in its source. ``from a import b`` counts
    as importing ``a.b`` where that is a module, else ``a``; ``import a.b.c`` as its longest known prefix."""
    paths = {module_name(p, package.parent): p for p in _sources(package)}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                wanted = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*parent, *([node.module] if node.module else [])])
                wanted = [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names]
            else:
                continue
            for target in wanted:
                while target and target not in paths:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_function_of_the_server_the_simulator_or_the_cli_is_over_100_lines():
    assert long_functions(SHORT_FUNCTIONS) == []


def test_the_long_function_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST))
    (tmp_path / "long.py").write_text(f"def short():\n    pass\n\n\nasync def long():\n{body}\n")
    assert long_functions([tmp_path]) == ["long.py:5 long (101 lines)"]


def test_no_module_of_realms_imports_itself_back_through_others():
    assert circles(import_graph()) == []


def test_the_circle_check_sees_circles_through_function_and_type_only_imports(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import f\n")
    (pkg / "c.py").write_text("from . import a\n")
    graph = import_graph(pkg)
    assert graph["pkg.c"] == {"pkg.a"}
    assert circles(graph) == [["pkg.a", "pkg.b"]]
