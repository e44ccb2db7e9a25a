"""Bot levels: easy, medium and hard per game, each a named agent resolving to a concrete spec."""

from __future__ import annotations

import re

import pytest

import realms.games
from realms.agents import agent_names, make_agent
from realms.agents.levels import LEVEL_NAMES, levels_of
from realms.core.agents import choose


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_every_game_has_three_levels_that_play_a_legal_move(game_id):
    game = realms.games.get(game_id)
    assert [lv.name for lv in levels_of(game_id)] == list(LEVEL_NAMES)
    state = game.new({}, seed=2)
    for level in levels_of(game_id):
        assert level.name in agent_names(game_id) and level.description
        base = level.agent.partition(":")[0]
        assert base in agent_names(game_id)
        name = level.name if level.name != "hard" else None
        agent = make_agent(name or re.sub(r"iterations=\d+", "iterations=20", level.agent), game, seed=4)
        assert choose(agent, game, game.clone(state)) in game.legal_actions(state)


def test_hard_is_a_playout_budget_with_a_time_cap():
    """A busy server plays ``hard`` at its measured strength (the same playouts), never longer than the cap."""
    from realms.agents.search import SearchAgent

    for game_id in realms.games.ids():
        agent = make_agent("hard", game_id, seed=1)
        assert isinstance(agent, SearchAgent) and agent.cfg.iterations >= 1000 and agent.cfg.cap == 6.0
        assert "at most 6 s" in next(lv for lv in realms.games.get(game_id).levels if lv.name == "hard").description


def test_a_level_is_seeded_like_any_agent():
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=9)
    a, b = make_agent("easy", game, seed=3), make_agent("easy", game, seed=3)
    assert choose(a, game, game.clone(state)) == choose(b, game, game.clone(state))
