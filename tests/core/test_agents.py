"""Agents by name (realms.core.agents): what a name stands for, and that naming one builds only it."""

from __future__ import annotations

import pytest

import realms.agents  # noqa: F401  (registers the search agents, as every caller has them)
import realms.games
from realms.core import agents as core_agents
from realms.games.kingdomino.bots import FullGreedyAgent, GreedyAgent


def test_make_agent_builds_only_the_agent_it_is_asked_for(monkeypatch):
    game = realms.games.get("kingdomino")

    def no_level(game, agent):
        raise AssertionError(f"built the level playing {agent!r} to make another agent")

    monkeypatch.setattr(core_agents, "_level", no_level)
    bot = core_agents.make_agent("random", game, 3)
    assert bot.name == "random"
    assert isinstance(core_agents.make_agent("greedy", game, 3), GreedyAgent)


@pytest.fixture
def extra():
    added: list[tuple[str, str]] = []

    def register(game_id: str, name: str, factory):
        core_agents.register(game_id, name, factory)
        added.append((game_id, name))

    yield register
    for key in added:
        del core_agents._EXTRA[key]


def test_a_name_is_the_games_registration_then_its_level_then_its_own_agent_then_one_for_every_game(extra):
    game = realms.games.get("kingdomino")
    for_every_game = core_agents.RandomAgent
    extra("*", "greedy", for_every_game)
    extra("*", "easy", for_every_game)
    assert isinstance(core_agents.make_agent("greedy", game, 1), GreedyAgent)  # the game's own agent
    easy = core_agents.make_agent("easy", game, 1)
    assert isinstance(easy, GreedyAgent) and not isinstance(easy, FullGreedyAgent)  # the level's agent
    extra("kingdomino", "greedy", for_every_game)
    extra("kingdomino", "easy", for_every_game)
    assert type(core_agents.make_agent("greedy", game, 1)) is core_agents.RandomAgent
    assert type(core_agents.make_agent("easy", game, 1)) is core_agents.RandomAgent
    extra("*", "someone-new", for_every_game)
    assert type(core_agents.make_agent("someone-new", game, 1)) is core_agents.RandomAgent
    assert "someone-new" in core_agents.agent_names(game)


def test_the_same_name_and_seed_make_the_same_agent():
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, 4)
    for name in ("random", "greedy", "full-greedy", "easy", "medium"):
        a, b = core_agents.make_agent(name, game, 9), core_agents.make_agent(name, game, 9)
        assert type(a) is type(b) and a.act(game, state) == b.act(game, state)
