"""The command-line side of the simulator: what ``realms sim`` writes besides its table, and
``realms tournament`` (a round robin). ``realms.cli`` declares the commands and calls these."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import typer
from rich.table import Table
from rich.text import Text

from realms.console import check_agent_files, err, esc, fail, out, print_whole, split_names
from realms.core.errors import RealmsError
from realms.sim import output
from realms.sim.tournament import SimReport


def command_line() -> list[str]:
    """The running command as words, rebuilt from its parsed parameters (defaults left out), e.g.
    ``["realms", "sim", "kingdomino", "--players", "greedy,random", "--games", "6"]``."""
    get_current_context: Callable[[], Any]  # typer's click and click have each their own Context class
    try:  # recent typer carries a click of its own
        from typer._click.globals import get_current_context
    except ImportError:
        from click.globals import get_current_context

    ctx = get_current_context()
    words = ctx.command_path.split()
    words[0] = "realms"
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if param.param_type_name == "argument":
            words.append(str(value))
            continue
        if value is None or value == param.default or value is False or value == []:
            continue
        opt = next((o for o in param.opts if o.startswith("--")), param.opts[0])
        if value is True:
            words.append(opt)
        elif isinstance(value, list | tuple):
            for v in value:
                words += [opt if opt != "--option" else "-o", str(v)]
        else:
            words += [opt, str(value)]
    return words


def say(line: str) -> None:
    """A line about how a run goes (Ray's start-up, one process where workers would not pay), on standard error."""
    err.print(f"note: {esc(line)}", highlight=False, soft_wrap=True)


def sim_files(report: SimReport, plot: str | None, report_file: str | None, as_csv: bool) -> bool:
    """Print the game's warnings about agents (standard error), write the plot and the HTML report asked for;
    print CSV when asked (then True: nothing else to print)."""
    for line in report.warnings:
        err.print(f"[bold yellow]warning:[/] {esc(line)}", highlight=False, soft_wrap=True)
    if plot:
        output.save_figure(output.sim_figure(report), plot)
    if report_file:
        output.sim_html(report, report_file, command_line())
    if as_csv:
        sys.stdout.write(output.to_csv(report))
        return True
    return False


def interrupted(checkpoint: str | None) -> None:
    """Ctrl-C during a run: say what was kept, exit 130."""
    if checkpoint:
        err.print(f"interrupted: finished games are kept in {esc(checkpoint)}; the same command resumes the run",
                  highlight=False)
    else:
        err.print("interrupted (with --checkpoint FILE a stopped run can be resumed)", highlight=False)
    raise typer.Exit(130)


def tournament_command(game_id: str, players: str, games: int, seed: int, jobs: int, seats: int | None,
                       option: list[str] | None, as_json: bool, plot: str | None, report_file: str | None,
                       backend: str, address: str | None, reference: bool = False) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from realms.core.options import parse_option_pairs
    from realms.sim.roundrobin import round_robin

    names = split_names(players)
    if len(names) < 2:
        fail("--players needs at least two agents, comma-separated")
    check_agent_files(names)
    try:
        opts = dict(parse_option_pairs(option))
        size = seats or int(opts.pop("players", 2))
        kw: dict[str, Any] = {"backend": backend, "address": address, "reference": reference}
        if err.is_terminal:
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=err, transient=True) as bar:
                task = bar.add_task(f"{game_id} round robin", total=None)

                def step(done: int, total: int) -> None:
                    bar.update(task, completed=done, total=total)

                rr = round_robin(game_id, names, games, seed, opts, size, jobs, step, **kw)
        else:
            rr = round_robin(game_id, names, games, seed, opts, size, jobs, **kw)
        if plot:
            output.save_figure(output.roundrobin_figure(rr), plot)
        if report_file:
            output.roundrobin_html(rr, report_file, command_line())
    except KeyboardInterrupt:
        interrupted(None)
        return
    except RealmsError as e:
        fail(str(e))
        return
    if as_json:
        print(json.dumps(rr.to_json()))
        return
    tables = len(rr.tables)
    ranking = Table(title=f"{game_id} round robin: {len(names)} entrants, {tables} tables of {size}, {games} games "
                          f"each, seed {seed}", title_justify="left")
    for col in ("rank", "entrant", "games", "wins", "win rate", "95% interval", "mean score"):
        ranking.add_column(col, justify="left" if col == "entrant" else "right", overflow="fold")
    for k, r in enumerate(rr.ranking()):
        lo, hi = r["win_rate_ci95"]
        ranking.add_row(str(k + 1), Text(r["agent"]), str(r["games"]), f"{r['wins']:g}", f"{r['win_rate']:.1%}",
                        f"{lo:.1%}–{hi:.1%}", f"{r['mean_score']:.2f}")
    print_whole(ranking)
    matrix = Table(title="win matrix: how often the row finished ahead of the column (shared ranks count a half)",
                   title_justify="left")
    matrix.add_column("", overflow="fold")
    for name in names:
        matrix.add_column(Text(name), justify="right", overflow="fold")
    for i, name in enumerate(names):
        matrix.add_row(Text(name), *["–" if i == j else f"{rr.beat_rate(i, j):.1%}" for j in range(len(names))])
    print_whole(matrix)
    out.print(f"{sum(rep.games for _, rep in rr.tables)} games in {rr.seconds:.1f} s")
