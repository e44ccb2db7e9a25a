"""``realms analyze`` and realms.agents.analysis: the seat to move's best moves at a step of a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import realms.games
from realms.agents import make_agent
from realms.agents.analysis import analyze, analyze_record
from realms.cli import app
from realms.core.agents import choose
from realms.core.record import GameRecord

runner = CliRunner()


def _record(game_id: str, options: dict, seed: int, steps: int | None = None) -> dict:
    game = realms.games.get(game_id)
    rec = GameRecord.start(game, options, seed, ["random"] * options.get("players", 2))
    bots = [make_agent("random", game, seed + i) for i in range(len(rec.players))]
    n = 0
    while not game.is_over(rec.state) and (steps is None or n < steps):
        rec.play(choose(bots[game.to_move(rec.state)], game, rec.state))
        n += 1
    return rec.to_json()


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("analyze") / "kingdomino.json"
    path.write_text(json.dumps(_record("kingdomino", {"players": 2}, 11)))
    return str(path)


def test_json_lists_the_moves_best_first_with_the_documented_keys(finished):
    r = runner.invoke(app, ["analyze", finished, "--step", "9", "--agent", "ismcts", "--iterations", "120",
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    record = json.loads(open(finished).read())
    game = realms.games.get("kingdomino")
    state = game.new(record["options"], record["seed"])
    for a in record["actions"][:9]:
        game.apply(state, game.action_from_json(a))
    assert data["seat"] == game.to_move(state) and data["step"] == 9
    assert data["moves"] and len(data["moves"]) <= 5
    for m in data["moves"]:
        assert {"action", "text", "win_chance", "expected_score", "visits"} <= set(m)
        assert 0.0 <= m["win_chance"] <= 1.0 and m["visits"] > 0
        assert game.action_from_json(m["action"]) in game.legal_actions(state)
    visits = [m["visits"] for m in data["moves"]]
    assert visits == sorted(visits, reverse=True)  # a tree: most visited first


def test_an_iteration_budget_and_a_seed_give_the_same_figures(finished):
    args = ["analyze", finished, "--step", "4", "--agent", "mc", "--iterations", "60", "--seed", "3", "--json"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    means = [m["visits"] for m in json.loads(first.output)["moves"]]
    assert len(set(means)) == 1  # mc: every root action the same number of playouts


def test_the_default_step_of_a_finished_game_is_its_last_decision(finished):
    record = json.loads(open(finished).read())
    data = analyze_record(record, kind="uct", iterations=30, seed=1)
    assert data["step"] == len(record["actions"]) - 1


def test_text_output_names_the_seat_and_the_moves(finished):
    r = runner.invoke(app, ["analyze", finished, "--step", "2", "--iterations", "40"])
    assert r.exit_code == 0, r.output
    assert "to move after 2 actions" in r.output and "win chance" in r.output


def test_the_text_table_lists_the_moves_by_win_chance_and_says_so(finished):
    r = runner.invoke(app, ["analyze", finished, "--step", "9", "--agent", "ismcts", "--iterations", "120"])
    assert r.exit_code == 0, r.output
    chances = [float(w.rstrip("%")) for line in r.output.splitlines() for w in line.split() if w.endswith("%")]
    assert len(chances) >= 2 and chances == sorted(chances, reverse=True), r.output
    assert "best first by win chance" in " ".join(r.output.split())


@pytest.mark.parametrize("args, message", [
    (["--step", "100000"], "outside the record"),
    (["--step", "-1"], "outside the record"),
    (["--agent", "greedy"], "search agent"),
])
def test_a_bad_step_or_agent_is_one_line_and_exit_2(finished, args, message):
    r = runner.invoke(app, ["analyze", finished, "--iterations", "10", *args])
    assert r.exit_code == 2
    assert message in r.output and len(r.output.strip().splitlines()) == 1


def test_a_bad_record_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = runner.invoke(app, ["analyze", str(bad)])
    assert r.exit_code == 2 and "not valid JSON" in r.output
    r = runner.invoke(app, ["analyze", "-"], input="{}")
    assert r.exit_code == 2 and "missing" in r.output


def test_hidden_information_is_resampled_for_the_seat_only():
    """The analysis asks for determinizations of the seat to move only (its knowledge, never the truth)."""
    game = realms.games.get("dominion")
    record = _record("dominion", {"players": 2}, 5, steps=12)
    state = game.new(record["options"], record["seed"])
    for a in record["actions"]:
        game.apply(state, game.action_from_json(a))
    seat = game.to_move(state)
    seen: list[int] = []
    real = type(game).determinize

    class Watching(type(game)):  # type: ignore[misc]
        def determinize(self, s, who, rng):
            seen.append(who)
            return real(self, s, who, rng)

    watched = Watching.__new__(Watching)
    watched.__dict__.update(game.__dict__)
    found = analyze(watched, state, kind="ismcts", iterations=30, seed=2)
    assert found.seat == seat and found.moves
    assert seen and set(seen) == {seat}


def test_a_dominion_analysis_carries_each_moves_message_key_and_kingdomino_only_its_text():
    """Each move's ``say`` is the game's describe_say (the client words it in the reader's language); a game
    that gives English text only (Kingdomino) sends none."""
    game = realms.games.get("dominion")
    record = _record("dominion", {"players": 2}, 7, steps=9)
    state = game.new(record["options"], record["seed"])
    for a in record["actions"]:
        game.apply(state, game.action_from_json(a))
    data = analyze_record(record, kind="mc", iterations=40, seed=1, top=0)
    assert data["moves"]
    catalogue = json.loads((Path(realms.__file__).parent / "web" / "i18n" / "en.json").read_text())
    for m in data["moves"]:
        action = game.action_from_json(m["action"])
        assert m["say"] == game.describe_say(state, action) and m["text"] == game.describe(state, action)
        assert f"dominion.say.{m['say']['key']}" in catalogue
    json.dumps(data)  # plain JSON all through
    kingdomino = analyze_record(_record("kingdomino", {"players": 2}, 3, steps=4), kind="mc", iterations=20, seed=1)
    assert kingdomino["moves"] and all("say" not in m for m in kingdomino["moves"])
