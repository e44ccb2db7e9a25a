"""The opponent model of Dominion's rollout (``bots.OpponentModel``, ``mc:model=true``): it reads another seat's
strategy from its buys, which every seat sees, and nothing hidden."""

from __future__ import annotations

import pytest

import realms.games
from realms.agents import make_agent as make_search
from realms.core.agents import agent_input, make_agent
from realms.core.rng import Rng, derive_seed
from realms.games.dominion.bots import MODELS, OpponentModel

GAME = realms.games.get("dominion")
WITCH = {"players": 2, "kingdom": "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"}


def _observed(opts, other, seed, turns=None, copies=1):
    """Readings of seat 1 by ``copies`` models, each fed its own determinized copy for seat 0 at seat 0's
    decisions, in a game of ``rollout-auto`` (seat 0) against ``other`` (seat 1); with ``turns``, stop there."""
    s = GAME.new(opts, seed)
    seats = [make_agent("rollout-auto", GAME, derive_seed(seed, 0)), make_agent(other, GAME, derive_seed(seed, 1))]
    models = [OpponentModel() for _ in range(copies)]
    rngs = [Rng(derive_seed(seed, 10 + i)) for i in range(copies)]
    readings: list[list[tuple]] = [[] for _ in range(copies)]
    while s.to_move is not None and (turns is None or s.turns[1] < turns):
        if s.to_move == 0:
            for i, m in enumerate(models):
                readings[i].append(m.observe(agent_input(GAME, s, 0, rngs[i]), 0))
        GAME.apply(s, seats[s.to_move].act(GAME, s))
    return readings, models


@pytest.mark.parametrize("other", ["big-money", "militia-big-money"])
def test_it_reads_a_buy_list_opponent_after_some_turns(other):
    hits = 0
    for seed in range(4):
        readings, _ = _observed(WITCH, other, seed, turns=14)
        assert readings[0][0] == (None, None)  # nothing seen yet: the policy's own reading
        hits += readings[0][-1] == (None, other)
    assert hits >= 3


def test_witch_big_money_is_read_as_the_policy_reads_it_or_as_itself():
    # on the Witch kingdom the policy's own reading (Big Money Ultimate plus raced Witches) explains Witch-BM's buys
    # about as well as Witch-BM's own rules: it is never read as another strategy
    for seed in range(3):
        readings, models = _observed(WITCH, "witch-big-money", seed)
        assert {r[1] for r in readings[0]} <= {None, "witch-big-money"}
        assert models[0].misses[1][0] <= 1


def test_a_seat_that_plays_as_the_policy_reads_it_keeps_the_policy_reading():
    for seed in range(3):
        readings, _ = _observed(WITCH, "rollout-auto", seed, turns=14)
        assert readings[0][-1] == (None, None)


def test_it_never_reads_hidden_state():
    # two models fed different determinizations (the other seat's hand and deck, every draw pile resampled) of the
    # same positions read the same at every step and count the same misses
    for seed in range(2):
        readings, models = _observed(WITCH, "witch-big-money", seed, copies=2)
        assert readings[0] == readings[1]
        assert models[0].misses == models[1].misses
        assert len(models[0].misses[1]) == 1 + len(MODELS)


def test_the_search_with_the_model_is_deterministic_and_plays():
    s = GAME.new(WITCH, 5)
    me = [make_search("mc:iterations=200,model=true", "dominion", 7) for _ in range(2)]
    bot = make_agent("witch-big-money", GAME, 1)  # (read as the policy's own reading or as itself)
    moves = [[], []]
    while s.to_move is not None and s.turns[1] < 8:
        if s.to_move == 0:
            for i, a in enumerate(me):
                moves[i].append(a.act(GAME, agent_input(GAME, s, 0, Rng(derive_seed(3, len(moves[i]))))))
            GAME.apply(s, moves[0][-1])
        else:
            GAME.apply(s, bot.act(GAME, s))
    assert moves[0] == moves[1] and moves[0]
    assert me[0]._observer.misses[1][1 + MODELS.index("witch-big-money")] <= 1


def test_with_ties_to_the_named_strategy_witch_big_money_is_read_as_itself(monkeypatch):
    monkeypatch.setattr(OpponentModel, "prefer_named", 4)
    for seed in range(3):
        readings, models = _observed(WITCH, "witch-big-money", seed, turns=14)
        assert readings[0][0] == (None, None)
        assert readings[0][-1] == (None, "witch-big-money")


@pytest.mark.parametrize("rush", ["workshop-gardens", "bureaucrat-gardens"])
def test_a_gardens_rush_is_read_as_the_rush(rush):
    # the policy's own reading (Big Money Ultimate plus one kingdom card) explains neither the Workshops (or the
    # Bureaucrats) nor the Gardens; the rush among the models explains them all
    gardens = {"players": 2, "kingdom": "Cellar,Gardens,Market,Merchant,Militia,Bureaucrat,Remodel,Smithy,Village,"
                                        "Workshop"}
    for seed in range(3):
        readings, models = _observed(gardens, rush, seed, turns=10)
        assert readings[0][-1] == (None, rush)
        assert models[0].misses[1][1 + MODELS.index(rush)] == 0
