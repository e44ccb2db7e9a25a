"""The numpy policy of the training example: its gradient, its agent, and its registration by name."""

from __future__ import annotations

import numpy as np

import realms.games
from realms.agents import make_agent
from realms.core.rng import Rng
from realms.rl.policy import Policy, PolicyAgent, register


def test_gradient_matches_finite_differences():
    rng = np.random.default_rng(0)
    pol = Policy.new(7, 5, 4, rng)
    pol.p["W2"] = rng.standard_normal((5, 4)).astype(np.float32)
    x = rng.standard_normal(7).astype(np.float32)
    mask = np.array([1, 0, 1, 1, 0], dtype=bool)
    grads = pol.zero_grads()
    pol.accumulate(grads, x, mask, 2, 1.0)
    eps = 1e-3
    for key in ("W1", "W2", "b1"):
        flat = pol.p[key].reshape(-1)
        for i in range(0, flat.size, max(1, flat.size // 6)):
            old = flat[i]
            flat[i] = old + eps
            up = np.log(pol.probs(x, mask)[2])
            flat[i] = old - eps
            down = np.log(pol.probs(x, mask)[2])
            flat[i] = old
            assert abs((up - down) / (2 * eps) - grads[key].reshape(-1)[i]) < 2e-2
    assert pol.probs(x, mask)[~mask].sum() == 0


def test_a_saved_policy_is_an_agent_by_name(tmp_path, monkeypatch):
    from realms.core import agents as core_agents

    # the agent registered here is this test's only: other tests (test_plugins) list the game's agents
    monkeypatch.setattr(core_agents, "_EXTRA", dict(core_agents._EXTRA))
    game = realms.games.get("kingdomino")
    table_obs = sum(int(np.prod(s)) for _, s in game.observation().fields(game.validate_options({"players": 2})))
    pol = Policy.new(table_obs, game.action_space_size, 8, np.random.default_rng(1))
    path = tmp_path / "p.npz"
    pol.save(path)
    register(path, "rl-test-policy")
    agent = make_agent("rl-test-policy", "kingdomino", 3)
    assert isinstance(agent, PolicyAgent)
    state = game.new({"players": 2}, 4)
    other = make_agent("random", "kingdomino", 5)
    while state.to_move is not None:
        who = agent if state.to_move == 0 else other
        action = who.act(game, state)
        assert action in game.legal_actions(state)
        game.apply(state, action)
    again = PolicyAgent(Policy.load(path), Rng(0))
    s1 = game.new({"players": 2}, 6)
    assert again.act(game, s1) == agent.act(game, s1)


def test_realms_policy_env_var_offers_it_to_the_cli_and_lobby(tmp_path):
    """With REALMS_RL_POLICY set, importing realms.agents (as the CLI and the server do) offers ``rl-policy``."""
    import os
    import subprocess
    import sys

    game = realms.games.get("kingdomino")
    n_in = sum(int(np.prod(s)) for _, s in game.observation().fields(game.validate_options({"players": 2})))
    path = tmp_path / "p.npz"
    Policy.new(n_in, game.action_space_size, 4, np.random.default_rng(2)).save(path)
    code = ("from realms.agents import agent_names, make_agent; import realms.games; "
            "print('rl-policy' in agent_names('kingdomino'), type(make_agent('rl-policy', 'kingdomino', 1)).__name__)")
    env = {**os.environ, "REALMS_RL_POLICY": str(path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "PolicyAgent"]
    env.pop("REALMS_RL_POLICY")
    out = subprocess.run([sys.executable, "-c", "from realms.agents import agent_names; "
                          "print('rl-policy' in agent_names('kingdomino'))"], capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.stdout.strip() == "False"


def test_the_committed_baseline_loads_and_plays():
    """examples/results/kingdomino_policy.npz (the trained baseline of docs/rl.md) stays small, fits today's
    Kingdomino encoding and action space, and plays legal moves to the end of a game."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "results" / "kingdomino_policy.npz"
    assert path.stat().st_size < 1 << 20
    game = realms.games.get("kingdomino")
    n_in = sum(int(np.prod(s)) for _, s in game.observation().fields(game.validate_options({"players": 2})))
    policy = Policy.load(path)
    assert policy.game_id == "kingdomino"
    assert policy.p["W1"].shape[1] == n_in and policy.p["W2"].shape[0] == game.action_space_size
    agent = PolicyAgent(policy, Rng(0))
    other = make_agent("random", "kingdomino", 7)
    state = game.new({"players": 2}, 8)
    while state.to_move is not None:
        who = agent if state.to_move == 1 else other
        action = who.act(game, state)
        assert action in game.legal_actions(state)
        game.apply(state, action)
