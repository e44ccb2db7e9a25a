"""``mc:portfolio=true``: the search runs once per strategy the seat itself may follow (Dominion's rollout offers
the opponent models' strategies that the kingdom allows and its own reading never plays, a Gardens rush among
them), and plays the choice of the strategy that scores best."""

from __future__ import annotations

import realms.games
from realms.agents import make_agent as make_search
from realms.core.agents import agent_input, make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.dominion.bots import RolloutAutoBot

GAME = realms.games.get("dominion")
GARDENS = {"players": 2, "kingdom": "Cellar,Gardens,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Workshop"}


def test_the_portfolio_holds_the_strategies_the_kingdom_allows_beyond_the_own_reading():
    policy = RolloutAutoBot(Rng(0))
    assert "workshop-gardens" in policy.portfolio(GAME.new(GARDENS, 1), 0)
    bureaucrat = GAME.new({"players": 2, "kingdom": "Bureaucrat,Gardens,Village,Cellar,Moat,Workshop,Woodcutter,"
                                                     "Chapel,Remodel,Moneylender"}, 1)
    assert {"workshop-gardens", "bureaucrat-gardens"} <= set(policy.portfolio(bureaucrat, 0))
    first_game = GAME.new({"players": 2, "kingdom": "first-game"}, 1)  # Workshop but no Gardens: no rush
    assert "workshop-gardens" not in policy.portfolio(first_game, 0)
    money = GAME.new({"players": 2, "kingdom": "Cellar,Chapel,Moat,Harbinger,Vassal,Village,Bureaucrat,Moneylender,"
                                                "Poacher,Library"}, 1)
    assert policy.portfolio(money, 0) == []  # no named strategy's cards: the own reading alone


def test_the_portfolio_leaves_out_what_loses_to_the_own_reading_in_the_simulator():
    # Smithy and Militia money are allowed on the Witch kingdom but lose to Witch money there (the simulator's 200
    # games against bmu-plus, which plays Witch): the search spends no budget on them
    witch = GAME.new({"players": 2, "kingdom": "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,"
                                                "Workshop"}, 1)
    assert RolloutAutoBot(Rng(0)).portfolio(witch, 0) == []


def _game(agent: str, seed: int, turns: int = 6) -> tuple[list[str], list]:
    s = GAME.new(GARDENS, seed)
    me = make_search(agent, "dominion", 7)
    rush = make_agent("workshop-gardens", GAME, 1)
    moves, strategies = [], []
    while s.to_move is not None and s.turns[1] < turns:
        if s.to_move == 0:
            a = me.act(GAME, agent_input(GAME, s, 0, Rng(derive_seed(3, len(moves)))))
            moves.append(str(a))
            strategies.append(getattr(me, "last_strategy", None))
            GAME.apply(s, a)
        else:
            GAME.apply(s, rush.act(GAME, s))
    return moves, strategies


def test_the_portfolio_search_is_deterministic_and_takes_up_the_rush_against_a_rusher():
    moves, strategies = _game("mc:iterations=300,model=true,portfolio=true", 11)
    again, _ = _game("mc:iterations=300,model=true,portfolio=true", 11)
    assert moves == again and moves
    # against a Gardens rush, on its kingdom, the search finds the rush its own reading never plays
    assert "workshop-gardens" in strategies
    assert any(m in ("buy Workshop", "buy Gardens") for m in moves)


def test_without_the_portfolio_the_search_plays_its_own_reading():
    moves, _ = _game("mc:iterations=300,model=true", 11)
    assert moves and not any(m in ("buy Workshop", "buy Gardens") for m in moves)
