"""The realms command: list, play, score, sim, tournament, replay, analyze, bench, serve and reset-password."""

from __future__ import annotations

import difflib
import json
import os
import re
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

import realms.games
from realms.agents import agent_names, make_agent
from realms.console import check_agent_files, err, esc, fail, out, print_whole, read_input, split_names
from realms.core.agents import agent_help, choose
from realms.core.errors import RealmsError, did_you_mean
from realms.core.game import Game
from realms.core.options import parse_option_pairs
from realms.core.record import GameRecord, load, parse, replay


class _Commands(TyperGroup):
    """The realms command group: a malformed command line (an unknown command or option, a value of the wrong
    type, a missing argument) is one line on standard error naming what is wrong, like every other error, with
    the command meant for a near miss and where to read the command's help; exit code 2."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            known = self.list_commands(ctx)
            ctx.fail(f"no command {name!r}{did_you_mean(name, known)}; commands are {', '.join(known)}")
        return super().resolve_command(ctx, args)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        extra["windows_expand_args"] = windows_expand_args
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except typer.TyperException as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # no arguments: the help, as before
                e.show()  # type: ignore[attr-defined]
                sys.exit(e.exit_code)
            ctx = getattr(e, "ctx", None)
            message = e.format_message().strip().rstrip(".")
            message = message[:1].lower() + message[1:]
            see = f" (see {ctx.command_path} -h)" if ctx is not None else ""
            err.print(f"[bold red]error:[/] {esc(' '.join(message.split()))}{esc(see)}", highlight=False,
                      soft_wrap=True)
            sys.exit(e.exit_code)
        except typer.Abort:
            err.print("[bold red]error:[/] aborted", highlight=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(cls=_Commands, no_args_is_help=True, add_completion=False, help=__doc__,
                  context_settings={"help_option_names": ["-h", "--help"]})
OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeatable)")]
JsonArg = Annotated[bool, typer.Option("--json", help="print one JSON object")]


def _draw(game: Game, view: dict[str, Any], labels: list[str]) -> Any:
    """The game's terminal drawing of a view (its declared renderer), else the view as JSON."""
    renderer = game.renderer()
    if renderer is None:
        return json.dumps(view, indent=1)
    return renderer.render(view, labels)


def _print_result(game: Game, result: dict[str, Any], names: list[str]) -> None:
    renderer = game.renderer()
    if renderer is not None:
        out.print(renderer.render_result(result, names))
        return
    table = Table(title="Final scores", title_justify="left")
    for col in ("rank", "player", "score"):
        table.add_column(col)
    for s in sorted(range(len(names)), key=lambda s: result["ranks"][s]):
        table.add_row(str(result["ranks"][s]), Text(names[s]), str(result["scores"][s]))
    out.print(table)


@app.command("list")
def list_games() -> None:
    """The games and the agents each one offers."""
    for game_id in realms.games.ids():
        game = realms.games.get(game_id)
        out.print(f"[bold]{game_id}[/] ({esc(game.name)}, {game.min_players}-{game.max_players} players)",
                  highlight=False)
        out.print("  agents: " + esc(", ".join(agent_names(game_id))), highlight=False)
        for name, text in agent_help(realms.games.get(game_id)).items():
            out.print(f"    {esc(name)}[:key=value,...]: {esc(text)}", highlight=False)
        table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="dim")
        table.add_column("  option (-o key=value)", no_wrap=True)
        table.add_column("default", overflow="fold")
        table.add_column("allowed", overflow="fold")
        table.add_column("what it does", overflow="fold")
        for o in game.options_spec:
            allowed = allowed_values(o)
            table.add_row(Text("  " + o.name, style="bold"), Text(_option_value(o.default)),
                          Text(allowed or o.help), Text("" if not allowed else o.help, style="dim"))
        out.print(table)
        if game_id == "dominion":
            _list_named_kingdoms()


def _list_named_kingdoms() -> None:
    """Dominion's named kingdoms (the rulebooks' recommended sets of 10, ``kingdoms.KINGDOMS``): slug, printed
    name, boxes and the edition of the rulebook that lists each, as ``-o kingdom=<slug>`` takes them."""
    from realms.games.dominion.kingdoms import KINGDOMS, VERSIONS

    out.print("  named kingdoms (-o kingdom=NAME; a name printed in several versions picks the edition's, a "
              "version's own name picks it): " + esc(", ".join(VERSIONS)), highlight=False)
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="dim")
    table.add_column("  kingdom (-o kingdom=NAME)", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("boxes", no_wrap=True)
    table.add_column("edition", no_wrap=True)
    for k in KINGDOMS:
        table.add_row(Text("  " + k.slug, style="bold"), Text(k.name), Text("+".join(k.boxes)), Text(k.edition))
    out.print(table)


def _option_value(value: Any) -> str:
    """An option value as it is typed after ``-o key=``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "(none)"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def allowed_values(option: Any) -> str:
    """What ``-o name=...`` accepts, from the option's declared type, choices and range.

    >>> from realms.core.options import Option
    >>> allowed_values(Option("players", "int", 2, minimum=1, maximum=4))
    '1-4'
    >>> allowed_values(Option("harmony", "bool", False)), allowed_values(Option("t", "choice", "a", choices=("a", "b")))
    ('true|false', 'a|b')
    """
    if option.type == "bool":
        return "true|false"
    if option.type == "choice":
        return "|".join(_option_value(c) for c in option.choices)
    if option.type == "int":
        lo, hi = option.minimum, option.maximum
        if lo is not None and hi is not None:
            return f"{lo}-{hi}"
        if lo is not None:
            return f"{lo} or more"
        if hi is not None:
            return f"{hi} or less"
        return "an integer"
    if option.local_only:
        return "a file path on this machine"
    return ""  # free-form: the option's help says what it takes


@app.command()
def play(
    game_id: Annotated[str | None, typer.Argument(metavar="GAME", help="kingdomino, ... (taken from the record "
                                                                       "with --resume)")] = None,
    bots: Annotated[str | None, typer.Option(help="comma-separated agents for the other seats; 'human' for a "
                                                   "friend at the same terminal")] = None,
    option: OptionArg = None,
    seed: Annotated[int | None, typer.Option(help="seed (random if omitted; printed so the game can be replayed)")]
    = None,
    record: Annotated[Path | None, typer.Option(help="save the game record to this file (kept up to date as the "
                                                     "game goes on)")] = None,
    seat: Annotated[int | None, typer.Option(help="your seat, 1-based (default 1; with --resume the record's "
                                                  "first human seat)")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue the unfinished game saved in this record (left "
                                                     "with q or Ctrl-C); it goes on being saved there")] = None,
) -> None:
    """Play a game in the terminal against bots (and friends); moves are chosen by number or by name."""
    try:
        if resume is not None:
            if bots is not None or option or seed is not None:
                fail("--resume continues the game with the record's own seats, options and seed; "
                     "leave out --bots, -o and --seed")
            game, rec, names, me = _resume(resume, game_id, seat)
            record = record if record is not None else resume
            opts, seed = rec.options, rec.seed
        else:
            game, rec, names, me = _new_game(game_id, bots, option, seed, seat)
            opts, seed = rec.options, rec.seed
        agents = {s: make_agent(n, game, seed + 1000 * (s + 1)) for s, n in enumerate(names) if n != "human"}
        for agent in agents.values():  # loaded now, so a bot's time budget holds from its first move
            agent.prepare(game)
    except RealmsError as e:
        fail(str(e))
        return
    labels = [("You" if n == "human" and s == me else f"{n} ({s + 1})") for s, n in enumerate(names)]
    out.print(f"[bold]{esc(game.name)}[/], seed {seed}, options "
              + esc(", ".join(f"{k}={v}" for k, v in opts.items())), highlight=False)
    if resume is not None:
        n = len(rec.actions)
        out.print(f"resumed from {esc(resume)}: {n} recorded action{'' if n == 1 else 's'} replayed", highlight=False)
    state = rec.state
    prompt = MovePrompt()

    def keep() -> None:
        if record is not None:
            rec.save(record)

    def save() -> None:
        if record is not None:
            rec.save(record)
            out.print(f"record saved to {esc(record)}", highlight=False, soft_wrap=True)

    def show(event: Any) -> None:
        # labelled with the seat the line is about (a turn that begins is the next seat's, whoever ended the
        # last one); a line about no seat (a new round) has no label
        # the label names the seat, so a line that begins by naming it again ("Seat 1 picked ...") drops that
        text = event.text
        if event.seat is not None and text.startswith(f"Seat {event.seat + 1} "):
            text = text[len(f"Seat {event.seat + 1} "):]
        label = f"[dim]{esc(labels[event.seat])}:[/] " if event.seat is not None else ""
        out.print(label + esc(text), highlight=False)

    try:
        while not game.is_over(state):
            to_move = state.to_move
            if names[to_move] != "human":
                action = choose(agents[to_move], game, state, to_move)
                for event in rec.play(action, log=True):
                    if event.visible(me):
                        show(event)
                continue
            keep()
            view = game.view(state, to_move)
            out.rule(Text(labels[to_move]))
            out.print(_draw(game, view, labels))
            actions = game.legal_actions(state)
            texts = _show_moves(game, state, actions)
            chosen = _ask_move(prompt, labels[to_move], texts, save, getattr(game.renderer(), "KEY", ""))
            warning = game.caution(state, actions[chosen])
            if warning is not None and not _confirm(prompt, f"{warning}: {texts[chosen]} anyway?", save):
                continue  # the same position, its board and menu again
            for event in rec.play(actions[chosen], log=True):
                if event.visible(to_move):
                    show(event)
    except KeyboardInterrupt:
        out.print("\ninterrupted; the game stops here.")
        save()
        raise typer.Exit(1) from None
    except (typer.Exit, SystemExit):
        raise
    except Exception:
        save()  # a bug is no reason to lose the game: the record can be resumed
        raise
    out.print(_draw(game, game.view(state, me), labels))
    result = game.result(state)
    assert result is not None
    _print_result(game, result.to_json(), labels)
    save()


def _new_game(game_id: str | None, bots: str | None, option: list[str] | None, seed: int | None,
              seat: int | None) -> tuple[Game, GameRecord, list[str], int]:
    """A new game's record (its options, seed and seat names: ``human`` at your seat) and your seat."""
    if game_id is None:
        fail("missing GAME: name a game (see `realms list`), or continue one with --resume FILE")
    game = realms.games.get(game_id)
    opts_raw: dict[str, Any] = dict(parse_option_pairs(option))
    opts_raw.setdefault("undo", True)  # a person plays here: moves may be taken back within the turn
    bot_names = split_names(bots)
    check_agent_files(bot_names)
    if "players" not in opts_raw and any(o.name == "players" for o in game.options_spec):
        if bot_names:
            opts_raw["players"] = len(bot_names) + 1
    opts = game.validate_options(opts_raw)
    players = opts.get("players", game.min_players)
    if not bot_names:
        bot_names = [game.default_agent] * (players - 1)
    if len(bot_names) != players - 1:
        fail(f"{players} players need {players - 1} bots, got {len(bot_names)} ({', '.join(bot_names)})")
    seat = 1 if seat is None else seat
    if not 1 <= seat <= players:
        fail(f"--seat must be between 1 and {players}")
    me = seat - 1
    names = list(bot_names)
    names.insert(me, "human")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    return game, GameRecord.start(game, opts, seed, names), names, me


def _show_moves(game: Game, state: Any, actions: list[Any]) -> list[str]:
    """Print the numbered menu of ``actions`` (in three columns when there are many); their texts."""
    texts = [game.describe(state, a) for a in actions]
    table = Table.grid(padding=(0, 3))
    cols = 3 if len(actions) > 12 else 1
    for _ in range(cols):
        table.add_column()
    cells = [f"[bold]{i + 1:>3}[/]. {esc(t)}" for i, t in enumerate(texts)]
    rows = (len(cells) + cols - 1) // cols
    for r in range(rows):
        table.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else "" for c in range(cols)])
    out.print(table)
    return texts


#: how a move is named, under every game's key (``?`` or ``help`` at the move prompt)
ANSWERS = ("Answer with a move's number or its name (buy Smithy: 'smithy'; a unique start is enough: 'smi'); "
           "undo takes your last move back where the menu offers it; ? or help for this key, q to quit (the "
           "record, if any, is saved).")


def _ask_move(prompt: MovePrompt, label: str, texts: list[str], save: Callable[[], None], key: str = "") -> int:
    """The index of the move the player at ``label`` names; asks again until one matches. ``?`` or ``help``
    prints the game's ``key`` (its renderer's KEY: the notation of its board and moves) and how to answer.
    Quitting (``q``) or closed input saves the record and ends the command."""
    while True:
        try:
            answer = prompt.ask(f"[bold]{esc(label)}[/], your move (1-{len(texts)} or a name, ? for help, "
                                "q to quit): ", texts)
        except EOFError:
            out.print("\ninput closed; the game stops here.")
            save()
            raise typer.Exit(1) from None
        if answer.lower() in ("q", "quit", "exit"):
            save()
            raise typer.Exit(0)
        if answer.lower() in ("?", "help", "h"):
            out.print(Text("Key", style="bold"), Text(key) if key else "", Text(ANSWERS), sep="\n")
            continue
        if answer.lower() == "undo" and "undo" not in texts:
            out.print(Text("nothing to take back: a move may be undone within your turn until something is revealed, "
                           "drawn at random or another player acts", style="red"))
            continue
        chosen = match_move(answer, texts)
        if isinstance(chosen, str):
            out.print(Text(chosen, style="red"))
            continue
        return chosen


def _confirm(prompt: MovePrompt, question: str, save: Callable[[], None]) -> bool:
    """Whether the player answers ``question`` yes (y or yes; anything else is no). Closed input saves the record
    and ends the command, as at the move prompt."""
    try:
        answer = prompt.ask(f"[bold yellow]{esc(question[:1].upper() + question[1:])}[/] (y/n): ", ["yes", "no"])
    except EOFError:
        out.print("\ninput closed; the game stops here.")
        save()
        raise typer.Exit(1) from None
    return answer.lower() in ("y", "yes")


def _resume(path: Path, game_id: str | None, seat: int | None) -> tuple[Game, GameRecord, list[str], int]:
    """The game, record (its actions replayed and checked), seat names and your seat of an unfinished record."""
    data = load(path)
    rep = replay(data, verify=True, require_finished=False)
    game = rep.game
    if game_id is not None and game_id != game.id:
        fail(f"{path} is a record of {game.id}, not {game_id}")
    if game.is_over(rep.state):
        fail(f"the game in {path} is over; `realms replay {path}` shows it")
    names = list(data["players"])
    humans = [s for s, n in enumerate(names) if n == "human"]
    if not humans:
        fail(f"{path} has no human seat to continue ({', '.join(names)})")
    if seat is None:
        me = humans[0]
    elif not 1 <= seat <= len(names) or names[seat - 1] != "human":
        fail(f"--seat {seat} is not a human seat of {path}; human seats: {', '.join(str(s + 1) for s in humans)}")
    else:
        me = seat - 1
    rec = GameRecord(game, game.validate_options(data["options"]), data["seed"], names, rep.state)
    rec.actions = [game.action_from_json(a) for a in data["actions"]]
    return game, rec, names, me


def _move_keys(text: str) -> tuple[str, str]:
    """A menu entry's full text and its object, lower-cased: ``buy Smithy ($4)`` gives ``smithy`` as object."""
    full = " ".join(text.lower().split())
    words = full.split(" ")
    obj = " ".join(words[1:]) if len(words) > 1 else full
    obj = re.sub(r"\s*\([^()]*\)$", "", obj)
    return full, obj


def match_move(answer: str, texts: list[str]) -> int | str:
    """The index of the menu entry ``answer`` names, or a one-line reason it names none.

    An entry is chosen by its number, by its text or by the name after its verb (``smithy`` for ``buy
    Smithy ($4)``), case-insensitively; a unique prefix is enough, and whole words go before a longer word
    that starts alike (``#3`` is domino 3 while #36 is offered too).

    >>> menu = ["buy Silver ($3)", "buy Smithy ($4)", "end buying"]
    >>> match_move("2", menu), match_move("SMITHY", menu), match_move("smi", menu), match_move("end", menu)
    (1, 1, 1, 2)
    >>> match_move("#3", ["pick #3 F|F", "pick #36 W|G*"])
    0
    >>> match_move("s", menu)
    "'s' could be: buy Silver ($3), buy Smithy ($4); type more of the name, or its number"
    >>> match_move("smithee", menu)
    "'smithee' is not a move; did you mean buy Smithy ($4)?"
    """
    a = " ".join(answer.lower().split())
    n = len(texts)
    if not a:
        return f"type a move's number (1-{n}) or its name, or q to quit"
    if a.isascii() and a.isdigit():
        if 1 <= int(a) <= n:
            return int(a) - 1
        return f"'{answer}' is not a move: the numbers go from 1 to {n}"
    keys = [_move_keys(t) for t in texts]
    for test in (lambda f, o: a in (f, o),
                 # whole words before a longer one that starts alike: "#3" is #3, not #36
                 lambda f, o: f"{f} ".startswith(f"{a} ") or f"{o} ".startswith(f"{a} "),
                 lambda f, o: f.startswith(a) or o.startswith(a),
                 lambda f, o: re.search(r"(^|\W)" + re.escape(a), f) is not None):
        hits = [i for i, (f, o) in enumerate(keys) if test(f, o)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            shown = ", ".join(texts[i] for i in hits[:8]) + (", ..." if len(hits) > 8 else "")
            return f"'{answer}' could be: {shown}; type more of the name, or its number"
    pool = {k: i for i, (f, o) in enumerate(keys) for k in (o, f)}
    near = difflib.get_close_matches(a, list(pool), n=3, cutoff=0.6)
    if near:
        guesses = list(dict.fromkeys(texts[pool[k]] for k in near))
        return f"'{answer}' is not a move; did you mean {' or '.join(guesses)}?"
    return f"'{answer}' is not a move: type a number from 1 to {n}, a move's name, or q"


class MovePrompt:
    """Reads a move at the terminal; where readline is available, Tab completes the menu's names."""

    def __init__(self) -> None:
        self.choices: list[str] = []
        self.readline: Any = None
        if sys.stdin.isatty():
            try:
                import readline
            except ImportError:  # pragma: no cover - Windows without pyreadline
                return
            readline.set_completer(self.complete)
            readline.set_completer_delims("")
            readline.parse_and_bind("tab: complete")
            self.readline = readline

    def complete(self, text: str, state: int) -> str | None:
        """Readline's completer: the ``state``-th menu name that starts with ``text`` (any case)."""
        low = text.lower()
        found = [c for c in self.choices if c.lower().startswith(low)]
        return found[state] if state < len(found) else None

    def ask(self, prompt: str, texts: list[str]) -> str:
        names: dict[str, None] = {}
        for t in texts:
            words = " ".join(t.split()).split(" ")
            obj = re.sub(r"\s*\([^()]*\)$", "", " ".join(words[1:]))
            if obj:
                names[obj] = None
            names[" ".join(words)] = None
        self.choices = list(names)
        if self.readline is None:
            return out.input(prompt).strip()
        # readline must know the prompt to redraw the line after Tab: hand it to input(), its colour codes
        # marked as taking no width
        with out.capture() as cap:
            out.print(prompt, end="", highlight=False)
        return input(re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", cap.get())).strip()


@app.command()
def score(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    file: Annotated[str, typer.Argument(metavar="FILE|-", help="kingdom text file, or - for standard input")] = "-",
    as_json: JsonArg = False,
    harmony: Annotated[bool, typer.Option("--harmony", help="count the Harmony bonus")] = False,
    middle_kingdom: Annotated[bool, typer.Option("--middle-kingdom", help="count the Middle Kingdom bonus")]
    = False,
) -> None:
    """Score a board typed by hand with the game's calculator (Kingdomino: rows of cells, W F L G S M + crowns
    0-3, C castle, . empty)."""
    try:
        calculator = realms.games.get(game_id).calculator()
    except RealmsError as e:
        fail(f"there is no scoring calculator for {game_id!r}: {e}")
        return
    if calculator is None:
        have = [g for g in realms.games.ids() if realms.games.get(g).calculator() is not None]
        fail(f"there is no scoring calculator for {game_id!r}; games with one: {', '.join(have) or 'none'}")
        return
    if file == "-" and sys.stdin.isatty():  # typed at the terminal: say what is awaited and how to end it
        how = getattr(calculator, "how_to_type", "")
        err.print(f"Type the board row by row{esc(f' ({how})' if how else '')}, then Ctrl-D on an empty line "
                  "(Ctrl-Z, Enter on Windows).", highlight=False, soft_wrap=True)
    text = read_input(file, "board")
    switches = {name: True for name, on in (("harmony", harmony), ("middle_kingdom", middle_kingdom)) if on}
    try:
        scored = calculator.score(text, switches)
    except RealmsError as e:
        fail(str(e))
        return
    if as_json:
        print(json.dumps(scored.to_json()))
        return
    out.print(scored.render())


@app.command()
def sim(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[str, typer.Option(help="comma-separated agents, one per seat (a .toml file is a strategy)")],
    games: Annotated[int, typer.Option(help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    option: OptionArg = None,
    as_json: JsonArg = False,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="keep each entrant in its seat")] = False,
    by_turn: Annotated[bool, typer.Option("--by-turn", help="per-turn figures (implied by --plot/--report)")] = False,
    plot: Annotated[str | None, typer.Option(metavar="FILE.png|svg", help="plot wins, scores, turns")] = None,
    report_file: Annotated[str | None, typer.Option("--report", metavar="FILE.html",
                                                    help="one self-contained page: table, plots, command")] = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="print CSV rows (long form) instead of the table")] = False,
    backend: Annotated[str, typer.Option(help="local (--jobs processes) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster: auto, HOST:PORT or ray://HOST:10001 (default: "
                                                     "RAY_ADDRESS, else one that 'ray start' left running, else a "
                                                     "local one for this run)")] = None,
    checkpoint: Annotated[str | None, typer.Option(metavar="FILE", help="keep finished games; rerun to resume")] = None,
    reference: Annotated[bool, typer.Option("--reference", help="play through the reference engine, not the "
                                                                "game's fast path (same results, slower)")] = False,
) -> None:
    """Play many games between agents and report wins, scores, ranks and game length."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from realms.sim import run_tournament

    agents = split_names(players)
    if not agents:
        fail("--players needs at least one agent")
    check_agent_files(agents)
    from realms.sim import commands

    extra: dict[str, Any] = {"by_turn": by_turn or bool(plot or report_file), "backend": backend, "address": address,
                             "checkpoint": checkpoint, "reference": reference, "say": commands.say}
    try:
        opts = dict(parse_option_pairs(option))
        show = err.is_terminal
        if show:
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=err, transient=True) as bar:
                task = bar.add_task(f"{game_id}", total=games)
                report = run_tournament(game_id, agents, games, seed, opts, jobs, not no_rotate,
                                        progress=lambda n: bar.update(task, completed=n), **extra)
        else:
            report = run_tournament(game_id, agents, games, seed, opts, jobs, not no_rotate, **extra)
        if commands.sim_files(report, plot, report_file, as_csv):
            return
    except KeyboardInterrupt:
        commands.interrupted(checkpoint)
    except RealmsError as e:
        fail(str(e))
        return
    if as_json:
        print(json.dumps(report.to_json()))
        return
    table = Table(title=f"{game_id}: {games} games, seed {seed}, {'rotating' if not no_rotate else 'fixed'} seats",
                  title_justify="left")
    for col in ("entrant", "wins", "win rate", "95% interval", "mean score", "mean rank"):
        table.add_column(col, justify="left" if col == "entrant" else "right", overflow="fold")
    stat_keys = sorted({k for e in report.entrants for k in e.stat_sums})
    for k in stat_keys:
        table.add_column(k, justify="right", overflow="fold")
    for ent in report.entrants:
        lo, hi = ent.win_rate_ci95
        row: list[Any] = [Text(ent.agent), f"{ent.wins:g}", f"{ent.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}",
                          f"{ent.mean_score:.2f}", f"{ent.mean_rank:.2f}"]
        stats = ent.stats()
        row += [f"{stats[k]:.2f}" if k in stats else "" for k in stat_keys]
        table.add_row(*row)
    print_whole(table)
    out.print(f"shared wins: {report.ties} ({report.ties / games:.1%}); mean game length: "
              f"{report.mean_turns:.2f} turns; {report.seconds:.1f} s ({games / report.seconds:.0f} games/s)")
    out.print(f"played on {esc(report.path)}", highlight=False, soft_wrap=True)


@app.command()
def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[str, typer.Option(help="comma-separated agents (two or more) to play each other")],
    games: Annotated[int, typer.Option(help="games at each table")] = 100,
    seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seats: Annotated[int | None, typer.Option(help="players per game (default -o players, else 2)")] = None,
    option: OptionArg = None,
    as_json: JsonArg = False,
    plot: Annotated[str | None, typer.Option(metavar="FILE.png|svg", help="draw the win matrix and ranking")] = None,
    report_file: Annotated[str | None, typer.Option("--report", metavar="FILE.html", help="one page")] = None,
    backend: Annotated[str, typer.Option(help="local (--jobs processes) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster: auto, HOST:PORT or ray://HOST:10001 (default: "
                                                     "RAY_ADDRESS, else one that 'ray start' left running, else a "
                                                     "local one for this run)")] = None,
    reference: Annotated[bool, typer.Option("--reference", help="play through the reference engine, not the "
                                                                "game's fast path (same results, slower)")] = False,
) -> None:
    """Round robin: every table of --seats entrants plays --games games in every seating; win matrix and ranking."""
    from realms.sim.commands import tournament_command

    tournament_command(game_id, players, games, seed, jobs, seats, option, as_json, plot, report_file, backend,
                       address, reference)


@app.command("replay")
def replay_cmd(
    file: Annotated[str, typer.Argument(metavar="FILE|-", help="a game record, or - for standard input")],
    as_json: JsonArg = False,
) -> None:
    """Re-play a game record, verify it, and print the final scores (an unfinished record: verified to its end)."""
    try:
        record = parse(read_input(file, "record"), "standard input") if file == "-" else load(file)
        rep = replay(record, require_finished=False)
    except RealmsError as e:
        fail(str(e))
        return
    result = rep.result
    finished = rep.game.is_over(rep.state)
    if as_json:
        print(json.dumps({"game": rep.game.id, "actions": rep.actions_applied, "verified": True,
                          "finished": finished, "result": result.to_json() if finished else None}))
        return
    if not finished:
        out.print(f"[green]verified[/] up to its end: {esc(rep.game.name)}, seed {record['seed']}, "
                  f"{rep.actions_applied} actions replayed. [bold]The game is unfinished[/] (a partial record; "
                  f"`realms play --resume {esc(file)}` continues it).", highlight=False)
        return
    names = [f"{n} ({i + 1})" for i, n in enumerate(record["players"])]
    out.print(f"[green]verified[/]: {esc(rep.game.name)}, seed {record['seed']}, {rep.actions_applied} actions "
              "replayed; the recorded result matches.", highlight=False)
    _print_result(rep.game, result.to_json(), names)


@app.command()
def analyze(
    file: Annotated[str, typer.Argument(metavar="RECORD|-", help="a game record, or - for standard input")],
    step: Annotated[int | None, typer.Option(help="the position after this many actions (default: the end)")] = None,
    agent: Annotated[str, typer.Option(help="the search: mc, uct or ismcts")] = "ismcts",
    seconds: Annotated[float, typer.Option(help="how long to search")] = 2.0,
    iterations: Annotated[int, typer.Option(help="playouts instead of seconds (deterministic with --seed)")] = 0,
    seed: Annotated[int, typer.Option(help="the search's seed")] = 0,
    top: Annotated[int, typer.Option(help="how many moves to show (0: every searched move)")] = 5,
    as_json: JsonArg = False,
) -> None:
    """The best moves of the seat to move at a step of a record, with their win chance and expected score,
    judged from that seat's knowledge only."""
    from realms.agents.analysis import analyze_record

    if seconds <= 0 or iterations < 0 or top < 0:
        fail("--seconds must be positive, --iterations and --top at least 0")
    try:
        record = parse(read_input(file, "record"), "standard input") if file == "-" else load(file)
        found = analyze_record(record, step, kind=agent, seconds=seconds, iterations=iterations, seed=seed,
                               top=top)
    except (RealmsError, ValueError) as e:
        fail(str(e))
        return
    if as_json:
        print(json.dumps(found))
        return
    out.print(f"seat {found['seat'] + 1} to move after {found['step']} actions; {esc(found['agent'])}, "
              f"{found['playouts']} playouts, {found['legal']} legal moves", highlight=False)
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for col, justify in (("#", "right"), ("move", "left"), ("win chance", "right"), ("expected score", "right"),
                         ("visits", "right")):
        table.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    # the searched moves by their estimate (the search lists them by visits, so a 52% move could come first)
    moves = sorted(found["moves"], key=lambda m: (-m["win_chance"], -m["expected_score"], -m["visits"]))
    for i, m in enumerate(moves, 1):
        table.add_row(str(i), Text(m["text"]), f"{m['win_chance']:.1%}", f"{m['expected_score']:.1f}",
                      str(m["visits"]))
    print_whole(table)
    out.print("best first by win chance, then expected score; visits: how much the search looked at each move",
              style="dim", highlight=False)


@app.command()
def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    agent: Annotated[str, typer.Option(help="agent in every seat")] = "random",
    seconds: Annotated[float, typer.Option(help="how long to play")] = 5.0,
    option: OptionArg = None,
    as_json: JsonArg = False,
    reference: Annotated[bool, typer.Option("--reference", help="play through the reference engine, not the "
                                                                "game's fast path (same results, slower)")] = False,
) -> None:
    """Complete games per second in one process, every seat played by one agent (on the game's fast path
    where it has one for these options and this agent; --reference plays through the protocol)."""
    if not seconds > 0 or seconds == float("inf"):
        fail(f"--seconds must be a positive number of seconds, got {seconds:g}")
    from realms.core.rng import derive_seed

    try:
        game = realms.games.get(game_id)
        opts = game.validate_options(parse_option_pairs(option))
        state = game.new(opts, 0)
        n_players = game.players(state)
        make_agent(agent, game, 0)
    except RealmsError as e:
        fail(str(e))
        return
    games = actions = 0
    apply = game.apply
    fast = None if reference else game.fast_games(opts, [agent] * n_players)
    if fast is not None:
        fast(0, list(range(n_players)))  # a compiled path compiles (or loads its cache) before the clock starts
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        if fast is not None:
            actions += fast(games, [derive_seed(games, s) for s in range(n_players)]).actions
        else:
            state = game.new(opts, games)
            bots = [make_agent(agent, game, derive_seed(games, s)) for s in range(n_players)]
            while state.to_move is not None:
                apply(state, bots[state.to_move].act(game, state))
                actions += 1
            game.result(state)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    path = "reference" if fast is None else "fast"
    data = {"game": game_id, "agent": agent, "path": path, "games": games, "actions": actions,
            "seconds": round(elapsed, 3), "games_per_second": games / elapsed, "actions_per_second": actions / elapsed}
    if as_json:
        print(json.dumps(data))
        return
    words = game.play_path(opts, [agent] * n_players) if fast is not None else "the reference engine"
    out.print(f"{game_id}, {agent} in every seat, on {esc(words)}: {games} games, {actions} actions in "
              f"{elapsed:.2f} s — [bold]{data['games_per_second']:.0f} games/s[/], "
              f"{data['actions_per_second']:.0f} actions/s", soft_wrap=True)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: REALMS_DATABASE_URL, else SQLite in "
                                                "the user data folder)")] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before moving")] = 0.4,
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="a host name to answer to besides localhost, 127.0.0.1, ::1 (repeatable; '*' for any)")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        help="address or network of a reverse proxy whose X-Forwarded-For/-Proto are believed (repeatable)")] = None,
    exempt_client: Annotated[list[str] | None, typer.Option(
        help="address or network spared the per-client rate limits and connection cap (repeatable)")] = None,
) -> None:
    """Serve the lobby and live games in the browser (with an embedded SQLite database by default).

    Every other limit (rates, caps, timeouts) is set by REALMS_* environment variables: see docs/server.md."""
    try:
        import uvicorn

        from realms.server.app import create_app
        from realms.server.limits import Settings, uvicorn_options
    except ModuleNotFoundError as e:
        fail(f"the web server needs the 'web' extra ({e.name} is missing): pip install 'realms[web]'")
        return
    import functools

    listening = [] if host in ("0.0.0.0", "::", "") else [host]  # its own address, when it names one
    try:
        settings = Settings.from_env(allowed_hosts=listening + (allowed_host or []) or None,
                                     trusted_proxies=trusted_proxy, exempt_clients=exempt_client,
                                     bot_warm=None if "REALMS_BOT_WARM" in os.environ else True)
    except ValueError as e:
        fail(f"a limit is malformed: {e}")
        return
    create_app = functools.partial(create_app, settings=settings)
    from realms.server.db import default_url

    url = db or default_url()
    shown = _check_database_url(url)
    sock = _listen(host, port)
    try:
        application = _open_app(create_app, url, shown, bot_delay)
    except BaseException:
        sock.close()
        raise
    import gc

    # long-lived objects (modules, tables, precomputed actions) need not be scanned again and again, and
    # the young generation may grow larger before a collection: fewer pauses under load
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    out.print(f"Realms is serving on [bold]http://{esc(host)}:{port}/[/] — database {esc(application.state.db_url)}",
              highlight=False)
    config = uvicorn.Config(application, host=host, port=port, log_level="warning", **uvicorn_options(settings))
    server = uvicorn.Server(config)
    server.run(sockets=[sock])  # the socket bound above: nothing can take the port in between
    if not server.started:
        fail("the web server did not start (see the messages above)", 1)


@app.command("reset-password")
def reset_password(
    name: Annotated[str, typer.Argument(help="the account's name")],
    db: Annotated[str | None, typer.Option(help="database URL (default: REALMS_DATABASE_URL, else SQLite in "
                                                "the user data folder)")] = None,
) -> None:
    """Set a new password for a player's account and end every session of it (the operator's reset, for a
    server that sends no e-mail). The password is asked twice on the terminal, not shown."""
    try:
        from sqlalchemy.exc import SQLAlchemyError

        from realms.server.db import default_url, make_engine, migrate
        from realms.server.livegame import ApiError
        from realms.server.manage import set_password
    except ModuleNotFoundError as e:
        fail(f"resetting a password needs the 'web' extra ({e.name} is missing): pip install 'realms[web]'")
    url = db or default_url()
    shown = _check_database_url(url)
    password = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    try:
        engine = make_engine(url)
        migrate(engine)
        account = set_password(engine, name, password)
    except ApiError as e:
        fail(e.message)
    except (SQLAlchemyError, OSError) as e:
        cause = getattr(e, "orig", None) or e
        first = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
        fail(f"cannot open the database {shown}: {first}", 1)
    out.print(f"New password set for {esc(account)}; every session of the account has ended.", highlight=False)


#: database URL schemes ``realms serve`` works with (``postgres://`` is taken as ``postgresql://``)
DATABASE_KINDS = ("sqlite", "postgresql", "postgres")


def _check_database_url(url: str) -> str:
    """The URL fit to print (password hidden); an unsupported or malformed URL fails with exit code 2."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        fail(f"--db {url!r} is not a database URL; use sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME")
        raise AssertionError("unreachable") from None
    kind = parsed.drivername.split("+")[0]
    shown = parsed.render_as_string(hide_password=True)
    if kind not in DATABASE_KINDS:
        fail(f"database kind {kind!r} ({shown}) is not supported; use sqlite:///FILE or "
             "postgresql://USER:PASSWORD@HOST/NAME")
    return shown


def _listen(host: str, port: int) -> Any:
    """A socket bound to (host, port), for uvicorn to serve on; a port in use fails before anything is printed."""
    import errno
    import socket

    if not 0 <= port <= 65535:
        fail(f"--port must be between 0 and 65535, got {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as e:
        fail(f"cannot listen on {host!r}: {getattr(e, 'strerror', None) or e}")
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        why = e.strerror or str(e)
        if e.errno == errno.EADDRINUSE:
            why = "the port is already in use (another server is running there?); choose another --port"
        fail(f"cannot listen on {host}:{port}: {why}", 1)
    sock.set_inheritable(True)
    return sock


def _open_app(create_app: Any, url: str, shown: str, bot_delay: float) -> Any:
    """``create_app`` with its database opened and migrated; a database that cannot be reached fails in one line."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    try:
        return create_app(url, bot_delay=bot_delay)
    except ModuleNotFoundError as e:
        fail(f"the database driver for {shown} is not installed ({e.name}); pip install 'realms[web]'", 1)
    except ArgumentError as e:
        fail(f"--db {shown}: {e}")
    except (SQLAlchemyError, OSError) as e:
        cause = getattr(e, "orig", None) or e
        first = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
        fail(f"cannot open the database {shown}: {first}", 1)
    raise AssertionError("unreachable")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("realms")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree that is not installed
            number = "unknown (not installed)"
        print(f"realms {number}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Kingdomino, Dominion and The Castles of Burgundy: play, score, sim, replay, bench, serve."""


def main() -> None:
    app()


if __name__ == "__main__":
    main()
