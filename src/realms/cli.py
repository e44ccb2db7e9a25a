"""The ``realms`` command: play, score, sim, replay, bench."""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import realms.games
from realms.agents import agent_names, make_agent
from realms.core.errors import RealmsError
from realms.core.game import Game
from realms.core.options import parse_option_pairs
from realms.core.record import GameRecord, load, parse, replay

app = typer.Typer(no_args_is_help=True, add_completion=False, help=__doc__,
                  context_settings={"help_option_names": ["-h", "--help"]})
out = Console()
err = Console(stderr=True)

OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeatable)")]
JsonArg = Annotated[bool, typer.Option("--json", help="print one JSON object")]


def fail(message: str, code: int = 2) -> None:
    err.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(code)


def _draw(game: Game, view: dict[str, Any], labels: list[str]) -> Any:
    """The game's terminal drawing of a view (its declared renderer), else the view as JSON."""
    renderer = game.renderer()
    if renderer is None:
        return json.dumps(view, indent=1)
    return renderer.render(view, labels)


def _split(names: str | None) -> list[str]:
    return [n.strip() for n in (names or "").split(",") if n.strip()]


def _print_result(game: Game, result: dict[str, Any], names: list[str]) -> None:
    renderer = game.renderer()
    if renderer is not None:
        out.print(renderer.render_result(result, names))
        return
    table = Table(title="Final scores", title_justify="left")
    for col in ("rank", "player", "score"):
        table.add_column(col)
    for s in sorted(range(len(names)), key=lambda s: result["ranks"][s]):
        table.add_row(str(result["ranks"][s]), names[s], str(result["scores"][s]))
    out.print(table)


@app.command("list")
def list_games() -> None:
    """The games and the agents each one offers."""
    for game_id in realms.games.ids():
        game = realms.games.get(game_id)
        out.print(f"[bold]{game_id}[/] ({game.name}, {game.min_players}-{game.max_players} players)")
        out.print("  agents: " + ", ".join(agent_names(game_id)))
        out.print("  options: " + ", ".join(f"{o.name}={o.default}" for o in game.options_spec))


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="kingdomino, ...")],
    bots: Annotated[str | None, typer.Option(help="comma-separated agents for the other seats; 'human' for a "
                                                   "friend at the same terminal")] = None,
    option: OptionArg = None,
    seed: Annotated[int | None, typer.Option(help="seed (random if omitted; printed so the game can be replayed)")]
    = None,
    record: Annotated[Path | None, typer.Option(help="save the game record to this file")] = None,
    seat: Annotated[int, typer.Option(help="your seat, 1-based")] = 1,
) -> None:
    """Play a game in the terminal against bots (and friends)."""
    try:
        game = realms.games.get(game_id)
        opts_raw: dict[str, Any] = dict(parse_option_pairs(option))
        bot_names = _split(bots)
        if "players" not in opts_raw and any(o.name == "players" for o in game.options_spec):
            if bot_names:
                opts_raw["players"] = len(bot_names) + 1
        opts = game.validate_options(opts_raw)
        players = opts.get("players", game.min_players)
        if not bot_names:
            bot_names = [game.default_agent] * (players - 1)
        if len(bot_names) != players - 1:
            fail(f"{players} players need {players - 1} bots, got {len(bot_names)} ({', '.join(bot_names)})")
        if not 1 <= seat <= players:
            fail(f"--seat must be between 1 and {players}")
        names = list(bot_names)
        names.insert(seat - 1, "human")
        seed = seed if seed is not None else secrets.randbelow(2**31)
        rec = GameRecord.start(game, opts, seed, names)
        agents = {s: make_agent(n, game, seed + 1000 * (s + 1)) for s, n in enumerate(names) if n != "human"}
    except RealmsError as e:
        fail(str(e))
        return
    labels = [("You" if n == "human" and s == seat - 1 else f"{n} ({s + 1})") for s, n in enumerate(names)]
    out.print(f"[bold]{game.name}[/], seed {seed}, options "
              + ", ".join(f"{k}={v}" for k, v in opts.items()))
    state = rec.state

    def save() -> None:
        if record is not None:
            rec.save(record)
            out.print(f"record saved to {record}")

    while not game.is_over(state):
        to_move = state.to_move
        if names[to_move] != "human":
            action = agents[to_move].act(game, state)
            for event in rec.play(action, log=True):
                if event.visible(seat - 1):
                    out.print(f"[dim]{labels[to_move]}:[/] {event.text}", highlight=False)
            continue
        view = game.view(state, to_move)
        out.rule(labels[to_move])
        out.print(_draw(game, view, labels))
        actions = game.legal_actions(state)
        table = Table.grid(padding=(0, 3))
        cols = 3 if len(actions) > 12 else 1
        for _ in range(cols):
            table.add_column()
        cells = [f"[bold]{i + 1:>3}[/]. {game.describe(state, a)}" for i, a in enumerate(actions)]
        rows = (len(cells) + cols - 1) // cols
        for r in range(rows):
            table.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else "" for c in range(cols)])
        out.print(table)
        while True:
            try:
                answer = out.input(f"[bold]{labels[to_move]}[/], your move (1-{len(actions)}, q to quit): ").strip()
            except (EOFError, KeyboardInterrupt):
                out.print("\ninput closed; the game stops here.")
                save()
                raise typer.Exit(1) from None
            if answer.lower() in ("q", "quit", "exit"):
                save()
                raise typer.Exit(0)
            if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
                out.print(f"[red]'{answer}' is not a move: type a number from 1 to {len(actions)}, or q.[/]",
                          highlight=False)
                continue
            break
        for event in rec.play(actions[int(answer) - 1], log=True):
            if event.visible(to_move):
                out.print(f"[dim]{labels[to_move]}:[/] {event.text}", highlight=False)
    out.print(_draw(game, game.view(state, seat - 1), labels))
    result = game.result(state)
    assert result is not None
    _print_result(game, result.to_json(), labels)
    save()


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
    switches = {name: True for name, on in (("harmony", harmony), ("middle_kingdom", middle_kingdom)) if on}
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as e:
        fail(f"cannot read {file}: {e.strerror or e}")
        return
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
) -> None:
    """Play many games between agents and report wins, scores, ranks and game length."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from realms.sim import run_tournament

    agents = _split(players)
    if not agents:
        fail("--players needs at least one agent")
    try:
        opts = dict(parse_option_pairs(option))
        show = err.is_terminal
        if show:
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=err, transient=True) as bar:
                task = bar.add_task(f"{game_id}", total=games)
                report = run_tournament(game_id, agents, games, seed, opts, jobs, not no_rotate,
                                        progress=lambda n: bar.update(task, completed=n))
        else:
            report = run_tournament(game_id, agents, games, seed, opts, jobs, not no_rotate)
    except RealmsError as e:
        fail(str(e))
        return
    if as_json:
        print(json.dumps(report.to_json()))
        return
    table = Table(title=f"{game_id}: {games} games, seed {seed}, {'rotating' if not no_rotate else 'fixed'} seats",
                  title_justify="left")
    for col in ("entrant", "wins", "win rate", "95% interval", "mean score", "mean rank"):
        table.add_column(col, justify="left" if col == "entrant" else "right")
    stat_keys = sorted({k for e in report.entrants for k in e.stat_sums})
    for k in stat_keys:
        table.add_column(k, justify="right")
    for e in report.entrants:
        lo, hi = e.win_rate_ci95
        row = [e.agent, f"{e.wins:g}", f"{e.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}", f"{e.mean_score:.2f}",
               f"{e.mean_rank:.2f}"]
        stats = e.stats()
        row += [f"{stats[k]:.2f}" if k in stats else "" for k in stat_keys]
        table.add_row(*row)
    out.print(table)
    out.print(f"shared wins: {report.ties} ({report.ties / games:.1%}); mean game length: "
              f"{report.mean_turns:.2f} turns; {report.seconds:.1f} s ({games / report.seconds:.0f} games/s)")


@app.command("replay")
def replay_cmd(
    file: Annotated[str, typer.Argument(metavar="FILE|-", help="a game record, or - for standard input")],
    as_json: JsonArg = False,
) -> None:
    """Re-play a game record, verify it, and print the final scores."""
    try:
        record = parse(sys.stdin.read(), "standard input") if file == "-" else load(file)
        rep = replay(record)
    except RealmsError as e:
        fail(str(e))
        return
    result = rep.result
    if as_json:
        print(json.dumps({"game": rep.game.id, "actions": rep.actions_applied, "verified": True,
                          "result": result.to_json()}))
        return
    names = [f"{n} ({i + 1})" for i, n in enumerate(record["players"])]
    out.print(f"[green]verified[/]: {rep.game.name}, seed {record['seed']}, {rep.actions_applied} actions replayed; "
              "the recorded result matches.")
    _print_result(rep.game, result.to_json(), names)


@app.command()
def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    agent: Annotated[str, typer.Option(help="agent in every seat")] = "random",
    seconds: Annotated[float, typer.Option(help="how long to play")] = 5.0,
    option: OptionArg = None,
    as_json: JsonArg = False,
) -> None:
    """Complete games per second in one process, every seat played by one agent."""
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
    start = time.perf_counter()
    deadline = start + seconds
    while True:
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
    data = {"game": game_id, "agent": agent, "games": games, "actions": actions, "seconds": round(elapsed, 3),
            "games_per_second": games / elapsed, "actions_per_second": actions / elapsed}
    if as_json:
        print(json.dumps(data))
        return
    out.print(f"{game_id}, {agent} in every seat: {games} games, {actions} actions in {elapsed:.2f} s — "
              f"[bold]{data['games_per_second']:.0f} games/s[/], {data['actions_per_second']:.0f} actions/s")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: REALMS_DATABASE_URL, else SQLite in "
                                                "the user data folder)")] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before moving")] = 0.4,
) -> None:
    """Serve the lobby and live games in the browser (with an embedded SQLite database by default)."""
    try:
        import uvicorn

        from realms.server.app import create_app
    except ModuleNotFoundError as e:
        fail(f"the web server needs the 'web' extra ({e.name} is missing): pip install 'realms[web]'")
        return
    application = create_app(db, bot_delay=bot_delay)
    import gc

    # long-lived objects (modules, tables, precomputed actions) need not be scanned again and again, and
    # the young generation may grow larger before a collection: fewer pauses under load
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    out.print(f"Realms is serving on [bold]http://{host}:{port}/[/] — database {application.state.db_url}")
    uvicorn.run(application, host=host, port=port, log_level="warning", ws="websockets-sansio",
                ws_per_message_deflate=False, ws_max_size=64 * 1024, timeout_keep_alive=60, proxy_headers=False)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
