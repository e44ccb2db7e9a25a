"""What every command of the ``realms`` command line shares: its two consoles (standard output and
standard error), markup escaping, one-line failures, whole tables and reading input files."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from realms.core.agents import split_agent_list

out = Console()
err = Console(stderr=True)


def esc(text: object) -> str:
    """``text`` made safe to put inside rich markup: anything a user typed or a file held goes through this,
    so ``[/]`` in a move, a bot name, an option, a file name or a record prints as typed."""
    return escape(str(text))


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: message`` on one line of standard error and exit with ``code`` (2 bad input, 1 environment)."""
    err.print(f"[bold red]error:[/] {esc(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def split_names(names: str | None) -> list[str]:
    """Agent names separated by commas; an agent's own options (``ismcts:seconds=2,policy=greedy``) stay
    with it."""
    return split_agent_list(names or "")


def print_whole(table: Table) -> None:
    """Print a table without cutting a name or a number: piped or redirected output gets the table's full width;
    on a narrow terminal, cells fold onto further lines (columns are made with ``overflow="fold"``)."""
    if out.is_terminal:
        out.print(table)
        return
    console_width = out.width
    try:
        out.width = 10_000
        out.width = max(console_width, out.measure(table).maximum)
        out.print(table)
    finally:
        out.width = console_width


def check_agent_files(names: list[str]) -> None:
    """Fail in one line, before any game starts, when an agent named by a file (``.toml``) is not UTF-8 text."""
    for name in names:
        if name.lower().endswith(".toml") and Path(name).is_file():
            read_input(name, "strategy file")


def read_input(file: str, what: str = "file") -> str:
    """The text of ``file`` (``-`` for standard input) as UTF-8; unreadable or undecodable input fails in one line."""
    name = "standard input" if file == "-" else file
    try:
        if file == "-":
            stream = getattr(sys.stdin, "buffer", None)
            return stream.read().decode("utf-8") if stream is not None else sys.stdin.read()
        return Path(file).read_text(encoding="utf-8")
    except OSError as e:
        fail(f"cannot read {name}: {e.strerror or e}")
    except UnicodeDecodeError as e:
        fail(f"{name} is not UTF-8 text (byte {e.object[e.start]:#04x} at offset {e.start}); save the {what} as UTF-8")
    raise AssertionError("unreachable")
