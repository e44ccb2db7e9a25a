"""Same seed, same move, with or without the compiled kernels: a search's playout policy that finishes playouts in
a numba kernel makes, where the kernel is missing, the same draws and choices through the reference engine."""

from __future__ import annotations

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.agents import RandomAgent
from realms.core.rng import Rng, derive_seed


def _positions(game, options, count, steps):
    out = []
    for g in range(count):
        state = game.new(game.validate_options(options), derive_seed(5, g))
        walker = RandomAgent(Rng(g))
        for _ in range(steps * (g + 1)):
            if state.to_move is None:
                break
            game.apply(state, walker.act(game, state))
        if state.to_move is not None and len(game.legal_actions(state)) > 1:
            out.append(state)
    return out


def _choices(game, agent_name, positions):
    return [make_agent(agent_name, game, 11 + i).act(game, game.clone(s)).index for i, s in enumerate(positions)]


@pytest.mark.parametrize("agent", ["mc:iterations=24,policy=random", "mc:iterations=12,policy=rollout",
                                   "mc:iterations=12,policy=greedy-playout"])
def test_kingdomino_searches_choose_the_same_without_the_kernel(agent, monkeypatch):
    from realms.games.kingdomino import fast

    if not fast.AVAILABLE:
        pytest.skip("numba is not installed (the 'fast' extra): only one path here")
    game = realms.games.get("kingdomino")
    positions = _positions(game, {"players": 3}, 7, 6)
    assert len(positions) >= 5
    compiled = _choices(game, agent, positions)
    monkeypatch.setattr(fast, "AVAILABLE", False)
    assert _choices(game, agent, positions) == compiled


def test_burgundy_random_playouts_choose_the_same_without_the_kernel(monkeypatch):
    from realms.games.burgundy import kernel

    if not kernel.AVAILABLE:
        pytest.skip("numba is not installed (the 'fast' extra): only one path here")
    game = realms.games.get("burgundy")
    positions = _positions(game, {"players": 2}, 4, 25)
    assert len(positions) >= 3
    for agent in ("mc:iterations=8,policy=random", "mc:iterations=8,policy=random-playout"):
        compiled = _choices(game, agent, positions)
        monkeypatch.setattr(kernel, "AVAILABLE", False)
        assert _choices(game, agent, positions) == compiled, agent
        monkeypatch.undo()


@pytest.mark.parametrize(("game_id", "policy"), [("kingdomino", "random"), ("kingdomino", "rollout"),
                                                 ("kingdomino", "greedy-playout"), ("burgundy", "random"),
                                                 ("burgundy", "random-playout")])
def test_a_playout_is_the_same_game_without_the_kernel(game_id, policy, monkeypatch):
    """The playout itself (``finish``): the same result from the same agent seed, and the same draws taken."""
    module = __import__(f"realms.games.{game_id}.{'fast' if game_id == 'kingdomino' else 'kernel'}",
                        fromlist=["AVAILABLE"])
    if not module.AVAILABLE:
        pytest.skip("numba is not installed (the 'fast' extra): only one path here")
    game = realms.games.get(game_id)
    positions = _positions(game, {"players": 3}, 4, 10)

    def results():
        out = []
        for i, s in enumerate(positions):
            agent = make_agent(policy, game, 40 + i)
            r = agent.finish(game, s)
            out.append((r.scores, r.ranks, agent.rng.state))
        return out

    compiled = results()
    monkeypatch.setattr(module, "AVAILABLE", False)
    assert results() == compiled


def test_burgundy_rollout_says_which_policy_plays(monkeypatch):
    """Burgundy's informed ``rollout`` exists only in the kernel: without numba another policy stands in, and
    the agent says so."""
    from realms.games.burgundy import kernel

    game = realms.games.get("burgundy")
    assert make_agent("rollout", game, 1).path == ("kernel" if kernel.AVAILABLE else "light-rollout")
    monkeypatch.setattr(kernel, "AVAILABLE", False)
    assert make_agent("rollout", game, 1).path == "light-rollout"
    assert make_agent("random-playout", game, 1).path == "reference"
