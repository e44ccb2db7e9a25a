"""Train a small masked policy for two-player Kingdomino with plain numpy (REINFORCE with a baseline).

The learner plays ``realms.rl.SingleAgentEnv("kingdomino")`` from a random seat against an opponent
(``random`` by default). The policy is a one-hidden-layer network over the game's observation encoding;
illegal actions are masked out of its softmax, so it only ever chooses legal moves. Each update uses a
batch of whole games; the return is the final score margin (scaled), the baseline a running mean.
Every ``--eval-every`` updates it plays ``--eval-games`` games greedily (argmax) against ``random`` and
``greedy`` and records the win rates.

    .venv/bin/python examples/train_kingdomino.py --minutes 30 --out examples/out

writes ``kingdomino_policy.npz`` (the weights), ``kingdomino_curve.csv`` and ``kingdomino_curve.png``
(the learning curve). The saved policy is an agent: ``realms.rl.policy.PolicyAgent`` (see docs/rl.md).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np

import realms.games
import realms.rl
from realms.agents import make_agent
from realms.core.agents import choose
from realms.core.rng import Rng
from realms.rl.policy import Policy, PolicyAgent


def play_episode(env: realms.rl.SingleAgentEnv, policy: Policy, rng: np.random.Generator, seed: int,
                 greedy: bool = False) -> tuple[list, float, float]:
    """One game: the (observation, mask, action) of each learner decision, the margin and the win reward."""
    obs, _ = env.reset(seed=seed)
    steps = []
    done = False
    while not done:
        x, mask = obs["observation"], obs["action_mask"].astype(bool)
        probs = policy.probs(x, mask)
        a = int(np.argmax(probs)) if greedy else int(rng.choice(len(probs), p=probs))
        steps.append((x, mask, a))
        obs, _, done, _, _ = env.step(a)
    res = env.table.result()
    seat = env.seat
    margin = realms.rl.rewards_of(res, "margin")[seat]
    win = realms.rl.rewards_of(res, "win")[seat]
    return steps, margin, win


def evaluate(policy: Policy, opponent: str, games: int, seed: int) -> float:
    """Share of games won (shared wins count half) by the argmax policy against ``opponent``."""
    kd = realms.games.get("kingdomino")
    agent = PolicyAgent(policy, Rng(seed))
    won = 0.0
    for g in range(games):
        state = kd.new({"players": 2}, seed + g)
        seat = g % 2
        other = make_agent(opponent, kd, seed + 1000 + g)
        while state.to_move is not None:
            who = agent if state.to_move == seat else other
            kd.apply(state, choose(who, kd, state))
        res = kd.result(state)
        if seat in res.winners:
            won += 1.0 / len(res.winners)
    return won / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--eval-every", type=int, default=20)
    ap.add_argument("--eval-games", type=int, default=60)
    ap.add_argument("--final-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="examples/out")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    env = realms.rl.SingleAgentEnv("kingdomino", opponents=[args.opponent], seat=None, options={"players": 2})
    rng = np.random.default_rng(args.seed)
    policy = Policy.new(env.table.obs_size, env.table.n_actions, args.hidden, rng)
    opt = policy.adam(args.lr)
    baseline = 0.0
    curve: list[dict] = []
    start = time.time()
    update = 0
    episode = 0

    def record() -> None:
        row = {"update": update, "episodes": episode, "minutes": round((time.time() - start) / 60, 2),
               "vs_random": evaluate(policy, "random", args.eval_games, 10_000_000),
               "vs_greedy": evaluate(policy, "greedy", args.eval_games, 20_000_000)}
        curve.append(row)
        print(row, flush=True)

    record()
    while time.time() - start < args.minutes * 60:
        grads = policy.zero_grads()
        margins = []
        for _ in range(args.batch):
            steps, margin, _win = play_episode(env, policy, rng, args.seed * 1_000_003 + episode)
            episode += 1
            ret = margin / 20.0
            adv = ret - baseline
            margins.append(ret)
            for x, mask, a in steps:
                policy.accumulate(grads, x, mask, a, adv / args.batch)
        baseline = 0.9 * baseline + 0.1 * float(np.mean(margins))
        opt(grads)
        update += 1
        if update % args.eval_every == 0:
            record()
            policy.save(out / "kingdomino_policy.npz")
    record()
    policy.save(out / "kingdomino_policy.npz")
    final = {f"final_vs_{opp}": evaluate(policy, opp, args.final_games, 30_000_000) for opp in ("random", "greedy")}
    print({"final_games": args.final_games, **final}, flush=True)
    with open(out / "kingdomino_curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(curve[0]))
        w.writeheader()
        w.writerows(curve)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 4))
        eps = [r["episodes"] for r in curve]
        ax.plot(eps, [r["vs_random"] for r in curve], label="vs random")
        ax.plot(eps, [r["vs_greedy"] for r in curve], label="vs greedy")
        ax.axhline(0.5, color="grey", lw=0.5)
        ax.set_xlabel("training games")
        ax.set_ylabel(f"win rate ({args.eval_games} games, argmax policy)")
        ax.set_title("Kingdomino, 2 players: numpy REINFORCE with action masking")
        ax.legend()
        fig.tight_layout()
        fig.savefig(out / "kingdomino_curve.png", dpi=100)
    except ImportError:
        print("matplotlib is not installed: no plot (the curve is in the CSV)")


if __name__ == "__main__":
    main()
