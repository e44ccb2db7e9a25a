"""Plug-in points are declared on the game: its agents (with a default), strategy files, terminal renderer,
calculator and simulator statistics; a game depends on ``realms.core`` alone, and nothing above the games
finds a game's parts by module name."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import realms.agents
import realms.games
from realms.cli import app
from realms.core import agents as core_agents
from realms.core.errors import UnknownAgent
from realms.sim import run_tournament
from tests.core.fake_game import Nim, TakeFixed, TakeMost

SRC = Path(realms.games.__file__).resolve().parents[1]  # src/realms


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def test_a_game_imports_nothing_from_realms_but_core_and_its_own_package():
    games = SRC / "games"
    checked = 0
    wrong = []
    for path in sorted(games.rglob("*.py")):
        rel = path.relative_to(games)
        own = "realms.games" if len(rel.parts) == 1 else f"realms.games.{rel.parts[0]}"
        for line, module in _imported_modules(path):
            checked += 1
            if module.split(".")[0] != "realms":
                continue
            if module == "realms.core" or module.startswith("realms.core."):
                continue
            if module == own or module.startswith(own + "."):
                continue
            wrong.append(f"{path.relative_to(SRC)}:{line} imports {module}")
    assert checked > 50  # the scan saw the games' imports
    assert not wrong, "\n".join(wrong)


LAYERS_ABOVE = ["cli.py", "sim", "agents", "core/agents.py", "core/plugins.py"]
#: what a game declares; the layers above call these on the game, never probe for them
PLUGIN_NAMES = {"agents", "default_agent", "strategy_loader", "load_agent_file", "renderer", "render",
                "render_result", "calculator", "stats", "GAME", "AGENTS"}

#: a module inside a game's package, such as ``realms.games.{game_id}.render``
GAME_PART = re.compile(r"realms\.games\.[\w{}]+\.\w+")


def test_nothing_above_the_games_looks_a_games_parts_up_by_module_name():
    wrong = []
    for entry in LAYERS_ABOVE:
        base = SRC / entry
        for path in [base] if base.is_file() else sorted(base.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                where = f"{path.relative_to(SRC)}:{getattr(node, 'lineno', '?')}"
                if isinstance(node, ast.Import):
                    wrong += [f"{where} imports {a.name}" for a in node.names if a.name in ("importlib", "inspect")]
                elif isinstance(node, ast.ImportFrom) and node.module in ("importlib", "inspect"):
                    wrong.append(f"{where} imports from {node.module}")
                elif isinstance(node, ast.Attribute) and node.attr in ("import_module", "signature"):
                    wrong.append(f"{where} uses {node.attr}")
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                        "getattr", "hasattr", "__import__"):
                    names = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant)]
                    if node.func.id == "__import__" or not names or names[0] in PLUGIN_NAMES:
                        wrong.append(f"{where} calls {node.func.id}({', '.join(map(repr, names))})")
                elif isinstance(node, ast.Constant) and isinstance(node.value, str) and GAME_PART.search(node.value):
                    wrong.append(f"{where} names a game's module: {GAME_PART.search(node.value)[0]}")
    assert not wrong, "\n".join(wrong)


EXPECTED = {
    # game: (some of its own agents, default agent, has strategy files, has a calculator)
    "kingdomino": ({"greedy", "full-greedy"}, "full-greedy", False, True),
    "dominion": ({"big-money", "big-money-ultimate", "witch-big-money"}, "big-money-ultimate", True, False),
    "burgundy": ({"greedy"}, "greedy", False, False),
}


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_each_game_declares_its_plugins(game_id):
    game = realms.games.get(game_id)
    own, default, strategies, calculator = EXPECTED[game_id]
    assert own <= set(game.agents())
    assert game.default_agent == default
    assert core_agents.default_agent(game) == default == realms.agents.default_agent(game_id)
    everywhere = {"random", "mc", "uct", "ismcts", "easy", "medium", "hard"}  # levels: realms.agents.levels
    assert set(core_agents.agent_names(game)) == set(game.agents()) | everywhere
    assert (game.strategy_loader() is not None) is strategies
    assert (game.calculator() is not None) is calculator
    # one fixed renderer signature: render(view, names) and render_result(result, names)
    renderer = game.renderer()
    assert renderer is not None
    state = game.new({}, seed=3)
    names = [f"P{s + 1}" for s in range(game.players(state))]
    bots = [core_agents.make_agent(default, game, s) for s in range(len(names))]
    console = Console(record=True, width=160)
    console.print(renderer.render(game.view(state, 0), names))
    while state.to_move is not None:
        game.apply(state, bots[state.to_move].act(game, state))
    result = game.result(state)
    assert result is not None
    console.print(renderer.render_result(result.to_json(), names))
    assert "P1" in console.export_text()
    stats = game.stats(state)
    assert stats == [] or len(stats) == len(names)


def test_dominion_declares_the_province_statistics():
    game = realms.games.get("dominion")
    state = game.new({"players": 2}, seed=1)
    bots = [core_agents.make_agent("big-money", game, s) for s in range(2)]
    while state.to_move is not None:
        game.apply(state, bots[state.to_move].act(game, state))
    stats = game.stats(state)
    assert len(stats) == 2 and any("province_4_turn" in seat for seat in stats)


@pytest.fixture
def nim():
    game = Nim()
    realms.games.register(game)
    yield game
    realms.games.unregister(game.id)
    assert game.id not in realms.games.ids()


def test_a_registered_game_offers_its_own_agents_by_name(nim, tmp_path):
    assert "test-nim" in realms.games.ids() and realms.games.get("test-nim") is nim
    assert realms.agents.agent_names("test-nim") == ["ismcts", "mc", "random", "take-most", "uct"]
    assert realms.agents.default_agent("test-nim") == "take-most"
    assert isinstance(realms.agents.make_agent("take-most", "test-nim", 1), TakeMost)
    assert isinstance(core_agents.make_agent("random", nim, 1), core_agents.RandomAgent)
    strategy = tmp_path / "two.toml"
    strategy.write_text("take = 2\n")
    bot = realms.agents.make_agent(str(strategy), nim, 0)
    assert isinstance(bot, TakeFixed) and bot.n == 2
    with pytest.raises(UnknownAgent, match="take-most"):
        realms.agents.make_agent("greedy", "test-nim")


def test_agents_registered_beside_a_games_own_are_offered_too(nim):
    core_agents.register("test-nim", "take-one", lambda rng: TakeFixed(rng, 1))
    try:
        assert "take-one" in realms.agents.agent_names("test-nim")
        assert realms.agents.make_agent("take-one", "test-nim").n == 1  # type: ignore[attr-defined]
        assert "take-one" not in realms.agents.agent_names("kingdomino")
    finally:
        del core_agents._EXTRA[("test-nim", "take-one")]


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_simulator_plays_a_registered_game_with_its_agents_and_statistics(nim, tmp_path, jobs):
    strategy = tmp_path / "one.toml"
    strategy.write_text("take = 1\n")
    report = run_tournament("test-nim", ["take-most", str(strategy)], games=8, seed=3, options={"pile": 9},
                            jobs=jobs)
    assert [e.agent for e in report.entrants] == ["take-most", str(strategy)]
    assert sum(e.wins for e in report.entrants) == 8
    # every game of 9 counters is taken up by the two seats: the statistic averages to 9 across entrants
    means = [e.stats()["counters_taken"] for e in report.entrants]
    assert sum(means) == pytest.approx(9)


def test_the_cli_uses_a_registered_games_renderer_calculator_and_agents(nim):
    runner = CliRunner()
    r = runner.invoke(app, ["sim", "test-nim", "--players", "take-most,random", "--games", "4", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [e["agent"] for e in data["entrants"]] == ["take-most", "random"]
    assert "counters_taken" in data["entrants"][0]["stats"]

    r = runner.invoke(app, ["score", "test-nim", "-", "--json"], input="8\n")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"counters": 8, "first_player_wins": False}
    r = runner.invoke(app, ["score", "test-nim", "-"], input="7\n")
    assert r.exit_code == 0 and "7 counters: the first player wins" in r.output
    r = runner.invoke(app, ["score", "test-nim", "-", "--harmony"], input="7\n")
    assert r.exit_code == 2 and "unknown option 'harmony'" in r.output

    # the human moves once (takes 3 of 4), the default agent takes the last one
    r = runner.invoke(app, ["play", "test-nim", "-o", "pile=4", "--seed", "1"], input="3\n")
    assert r.exit_code == 0, r.output
    assert "pile: 4 (You)" in r.output and "winner: take-most (2)" in r.output


def test_score_for_a_game_without_a_calculator_names_the_games_with_one():
    r = CliRunner().invoke(app, ["score", "dominion", "-"], input="x\n")
    assert r.exit_code == 2
    assert "no scoring calculator for 'dominion'" in r.output and "games with one: kingdomino" in r.output
