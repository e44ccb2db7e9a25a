"""The games' playout policies (``rollout``) and Dominion's Big Money Ultimate plus X for every kingdom card."""

from __future__ import annotations

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.agents import AgentOptionsError, Playout
from realms.games.dominion.bots import BMU_PLUS_CARDS, BmuPlusBot, bmu_plus_rules
from realms.games.dominion.cards import NAMES
from realms.sim import run_tournament
from tests.games.per_game import declared


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_rollout_plays_whole_legal_games_and_beats_random(game_id: str) -> None:
    game = realms.games.get(game_id)
    assert isinstance(make_agent("rollout", game, 0), Playout)
    options, games = declared(game_id, "tables").ROLLOUT  # the game's tests/games/<id>/tables.py
    report = run_tournament(game_id, ["rollout"] + ["random"] * (options["players"] - 1), games=games,
                            seed=4, options=options)
    rollout, randoms = report.entrants[0], report.entrants[1:]
    assert rollout.mean_score > max(r.mean_score for r in randoms) + 5, report.to_json()


def test_burgundy_rollout_estimates_every_seat() -> None:
    game = realms.games.get("burgundy")
    state = game.new({"players": 3}, 2)
    bot = make_agent("rollout", game, 1)
    for _ in range(30):
        game.apply(state, bot.act(game, state))
    values = bot.value(game, state)
    assert len(values) == 3 and all(v >= vp for v, vp in zip(values, state.vp, strict=True))


def test_bmu_plus_exists_for_every_kingdom_card() -> None:
    from realms.games.dominion.cards import CARDS

    assert sorted(BMU_PLUS_CARDS) == sorted(c.name for c in CARDS if c.kingdom)
    for card in BMU_PLUS_CARDS:
        for copies in (1, 2):
            rules = bmu_plus_rules(card, copies)
            assert sum(1 for c, _ in rules.rules if NAMES[c] == card) == copies
        agent = make_agent(f"bmu-plus:card={card.lower().replace(' ', '-')}", "dominion", 1)
        assert isinstance(agent, BmuPlusBot) and agent.card == card


@pytest.mark.parametrize("card", BMU_PLUS_CARDS)
def test_bmu_plus_buys_its_card_and_finishes_games(card: str) -> None:
    game = realms.games.get("dominion")
    others = [n for n in ("Village", "Cellar", "Moat", "Workshop", "Smithy", "Market", "Mine", "Militia", "Remodel",
                          "Festival", "Library") if n != card][:9]
    state = game.new({"players": 2, "kingdom": [card, *others]}, 3)
    bots = [make_agent(f"bmu-plus:card={card}", game, 1), make_agent("big-money-ultimate", game, 2)]
    while state.to_move is not None:
        game.apply(state, bots[state.to_move].act(game, state))
    owned = state.owned[0][[i for i, n in enumerate(NAMES) if n == card][0]]
    # a card that trashes itself when played (Feast, Embargo, Treasure Map; Mining Village cashed in late) may be gone
    assert (0 if card in ("Feast", "Embargo", "Treasure Map", "Mining Village") else 1) <= owned <= 2


def test_bmu_plus_picks_a_card_of_the_kingdom_and_beats_big_money_ultimate() -> None:
    report = run_tournament("dominion", ["bmu-plus", "big-money-ultimate"], games=200, seed=5,
                            options={"players": 2, "kingdom": "first-game"})
    assert report.entrants[0].win_rate > 0.6, report.to_json()


def test_rollout_plus_buys_the_kingdoms_key_card_on_both_sides_and_ranks_like_rollout() -> None:
    game = realms.games.get("dominion")
    kingdom = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Remodel", "Smithy", "Village", "Witch", "Workshop"]
    witch = NAMES.index("Witch")
    for seed in (1, 2, 3):
        state = game.new({"players": 2, "kingdom": kingdom}, seed)
        bots = [make_agent("rollout-plus", game, 1), make_agent("rollout-plus", game, 2)]
        while state.to_move is not None:
            game.apply(state, bots[state.to_move].act(game, state))
        assert all(1 <= state.owned[p][witch] <= 2 for p in (0, 1)), seed  # Witch, as bmu-plus picks it
    plain, plus = make_agent("rollout", game, 1), make_agent("rollout-plus", game, 1)
    state = game.new({"players": 2, "kingdom": kingdom}, 4)
    actions = game.legal_actions(state)
    assert plus.rank(game, state, actions) == plain.rank(game, state, actions)


def test_bmu_plus_options_are_checked() -> None:
    with pytest.raises(AgentOptionsError, match="option 'card' must be one of adventurer, ambassador, artisan"):
        make_agent("bmu-plus:card=Platinum", "dominion")
    with pytest.raises(AgentOptionsError, match="option 'copies' must be from 1 to 2"):
        make_agent("bmu-plus:card=smithy,copies=3", "dominion")


def test_kingdomino_rollout_finishes_in_the_kernel_and_leaves_the_state_alone() -> None:
    """With numba in the kernel, without it through the reference engine: the same playout either way
    (``tests/agents/test_compiled_paths.py``)."""
    game = realms.games.get("kingdomino")
    state = game.new({"players": 4, "harmony": True, "middle_kingdom": True}, 6)
    bot = make_agent("light-rollout", game, 1)
    for _ in range(25):
        game.apply(state, bot.act(game, state))
    before = game.state_hash(state)
    results = [make_agent("rollout", game, seed).finish(game, state) for seed in (1, 1, 2)]
    assert game.state_hash(state) == before
    assert results[0] is not None and results[0].scores == results[1].scores
    assert len(results[0].scores) == 4 and all(s >= 0 for s in results[0].scores)
    # Dynasty is not in the kernel: the search then plays the rollout step by step
    dynasty = game.new({"players": 2, "dynasty": True}, 1)
    assert make_agent("rollout", game, 1).finish(game, dynasty) is None
    agent = make_agent("mc:iterations=4", game, 1)
    assert agent.act(game, dynasty) in game.legal_actions(dynasty)
