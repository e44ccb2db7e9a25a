"""The simulator plays on a game's fast path where one applies, with exactly the reference's results."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import realms.games
from realms.cli import app
from realms.sim import run_tournament

fast = pytest.importorskip("realms.games.kingdomino.fast")
needs_numba = pytest.mark.skipif(not fast.AVAILABLE, reason="numba is not installed (the 'fast' extra)")


def _same(a, b):
    a, b = a.to_json(), b.to_json()
    for d in (a, b):
        d.pop("seconds", None)
    assert a == b


@needs_numba
@pytest.mark.parametrize("agents, options", [
    (["random", "full-greedy"], {}),
    (["full-greedy", "greedy", "random"], {"harmony": True}),
    (["random", "random", "full-greedy", "greedy"], {"middle_kingdom": True}),
    (["full-greedy", "random"], {"dynasty": True}),
])
def test_fast_path_report_equals_the_reference_report(agents, options):
    fast_rep = run_tournament("kingdomino", agents, games=24, seed=9, options=options)
    ref_rep = run_tournament("kingdomino", agents, games=24, seed=9, options=options, reference=True)
    _same(fast_rep, ref_rep)


@needs_numba
def test_fast_path_with_worker_processes_equals_one_process():
    _same(run_tournament("kingdomino", ["random", "full-greedy"], games=30, seed=2, jobs=2),
          run_tournament("kingdomino", ["random", "full-greedy"], games=30, seed=2, reference=True))


def test_agents_without_a_fast_path_play_through_the_protocol():
    game = realms.games.get("kingdomino")
    assert game.fast_games(game.validate_options({"players": 2}), ["random", "rollout"]) is None
    _same(run_tournament("kingdomino", ["random", "rollout"], games=6, seed=1),
          run_tournament("kingdomino", ["random", "rollout"], games=6, seed=1, reference=True))


@needs_numba
def test_sim_and_bench_take_reference():
    runner = CliRunner()
    a = runner.invoke(app, ["sim", "kingdomino", "--players", "random,full-greedy", "--games", "10", "--json"])
    b = runner.invoke(app, ["sim", "kingdomino", "--players", "random,full-greedy", "--games", "10", "--json",
                            "--reference"])
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    ja, jb = json.loads(a.output), json.loads(b.output)
    ja.pop("seconds"), jb.pop("seconds")
    assert ja == jb
    for flag, path in (([], "fast"), (["--reference"], "reference")):
        out = runner.invoke(app, ["bench", "kingdomino", "--seconds", "0.2", "--json", *flag])
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["path"] == path


@pytest.mark.parametrize("agents, options", [
    (["big-money-ultimate", "smithy-big-money"], {}),
    (["witch-big-money", "militia-big-money", "big-money"], {"kingdom": "Witch,Militia,Moat,Smithy,Village,Market,"
                                                                       "Cellar,Chapel,Festival,Library"}),
])
def test_dominion_lean_path_report_equals_the_reference_report(agents, options):
    _same(run_tournament("dominion", agents, games=16, seed=4, options=options),
          run_tournament("dominion", agents, games=16, seed=4, options=options, reference=True))


@pytest.mark.parametrize("players, options, jobs", [
    (2, {}, 1),
    (3, {"scenario": "random", "black_depot_timing": "during-effects"}, 1),
    (2, {"scenario": "free-choice"}, 2),
])
def test_burgundy_fast_path_report_equals_the_reference_report(players, options, jobs):
    """The compiled kernel with numba, the lean path without."""
    agents = ["random"] * players
    _same(run_tournament("burgundy", agents, games=8, seed=8, options=options, jobs=jobs),
          run_tournament("burgundy", agents, games=8, seed=8, options=options, reference=True))


@needs_numba
def test_tournament_takes_reference():
    runner = CliRunner()
    args = ["tournament", "kingdomino", "--players", "random,greedy,full-greedy", "--games", "4", "--json"]
    a, b = runner.invoke(app, args), runner.invoke(app, [*args, "--reference"])
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    ja, jb = json.loads(a.output), json.loads(b.output)
    ja.pop("seconds"), jb.pop("seconds")
    assert ja == jb


@needs_numba
def test_sim_says_which_implementation_played():
    runner = CliRunner()
    args = ["sim", "kingdomino", "--players", "random,full-greedy", "--games", "4"]
    fast = runner.invoke(app, args)
    ref = runner.invoke(app, [*args, "--reference"])
    assert fast.exit_code == 0 and ref.exit_code == 0, fast.output + ref.output
    assert "on the compiled kernel" in fast.output
    assert "on the reference engine (as asked)" in ref.output
    bench = runner.invoke(app, ["bench", "dominion", "--agent", "random", "--seconds", "0.2"])
    assert bench.exit_code == 0 and "on the compiled kernel" in bench.output, bench.output


@needs_numba
@pytest.mark.parametrize("game_id, agents, fallback", [
    ("kingdomino", ["random", "full-greedy"], "the reference engine"),
    ("burgundy", ["random", "random"], "the lean path"),
])
def test_a_variant_the_kernel_does_not_declare_is_played_by_the_reference(monkeypatch, game_id, agents, fallback):
    """A new option (a variant added to the rules and not to the kernel) and a new value of an option the kernel
    knows: the kernel declines both (its COVERS), the simulator says so, and its table is the reference's."""
    from realms.core.options import Option

    game = realms.games.get(game_id)
    kernel = pytest.importorskip(f"realms.games.{game_id}.{'fast' if game_id == 'kingdomino' else 'kernel'}")
    monkeypatch.setattr(type(game), "options_spec",
                        (*game.options_spec, Option("test_variant", "bool", False, "a variant of the tests")))
    opts = game.validate_options({"players": len(agents)})
    assert kernel.uncovered(opts) == ["test_variant"]
    assert game.play_path(opts, agents) == f"{fallback} (the compiled kernel does not cover test_variant)"
    _same(run_tournament(game_id, agents, games=4, seed=5),
          run_tournament(game_id, agents, games=4, seed=5, reference=True))
    monkeypatch.undo()
    name, known = "tiebreak", kernel.COVERS["tiebreak"]  # both games have one, with two values
    monkeypatch.setitem(kernel.COVERS, name, known[:1])
    opts = game.validate_options({"players": len(agents), name: known[-1]})
    assert kernel.uncovered(opts) == [f"{name}={known[-1]}"]
    assert not kernel.supports(opts, agents)
