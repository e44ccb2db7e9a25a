"""The agent registry and the game-agnostic random agent."""

from __future__ import annotations

import pytest

import realms.games
from realms.agents import agent_names, make_agent
from realms.agents.base import UnknownAgent


def test_random_agent_only_plays_legal_actions_and_is_seeded():
    game = realms.games.get("kingdomino")

    def play(seed: int) -> list[int]:
        state = game.new({"players": 2}, seed=3)
        bot = make_agent("random", game, seed)
        seen = []
        while state.to_move is not None:
            a = bot.act(game, state)
            assert a in game.legal_actions(state)
            game.apply(state, a)
            seen.append(a.index)
        return seen

    assert play(1) == play(1)
    assert play(1) != play(2)


def test_random_agent_is_roughly_uniform():
    game = realms.games.get("kingdomino")
    state = game.new({"players": 4}, seed=9)
    bot = make_agent("random", game, 0)
    counts = {a.index: 0 for a in game.legal_actions(state)}
    for _ in range(4000):
        counts[bot.act(game, state).index] += 1
    assert len(counts) == 4
    assert all(800 < c < 1200 for c in counts.values())


def test_unknown_agent_lists_the_known_ones():
    with pytest.raises(UnknownAgent, match="full-greedy"):
        make_agent("nobody", "kingdomino")


def test_game_bots_are_registered_by_name():
    assert {"random", "greedy", "full-greedy"} <= set(agent_names("kingdomino"))


def test_strategy_file_for_a_game_without_them_is_explained(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text("")
    with pytest.raises(UnknownAgent, match="no strategy files"):
        make_agent(str(path), "kingdomino")


def test_the_search_agents_are_loaded_when_first_named_not_with_the_agents(tmp_path):
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import realms.agents, realms.games\n"
        "print('realms.agents.search' in sys.modules, 'multiprocessing' in sys.modules)\n"
        "print('mc' in realms.agents.agent_names('kingdomino'), 'realms.agents.search' in sys.modules)\n"
        "print(type(realms.agents.make_agent('mc:iterations=5', 'kingdomino', 1)).__name__)\n"
        "print(realms.agents.SearchAgent.__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[:4] == ["False False", "True True", "SearchAgent", "SearchAgent"]


def test_a_search_agent_named_first_is_found_without_listing_the_agents():
    import subprocess
    import sys

    code = (
        "import realms.agents, realms.games\n"
        "from realms.core import agents\n"
        "print(type(agents.make_agent('ismcts:iterations=5', realms.games.get('dominion'), 1)).__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "SearchAgent"
