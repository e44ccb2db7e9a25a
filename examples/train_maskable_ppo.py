"""Learned baselines: sb3-contrib's MaskablePPO on a two-player Realms game, several seeds, evaluated with intervals.

The learner plays ``realms.rl.SingleAgentEnv(GAME)`` from a random seat (drawn at every reset) against
``--opponent`` (``random`` by default); the reward is the environment's default, ``win``: +1 for a sole win,
0 for a shared first place, -1 for a loss, given when the game ends (``--reward margin``: the score minus the
other's). The masks come from the environment's own ``action_masks()``, which MaskablePPO reads at every step,
so the policy only ever samples legal actions. Dominion is played with the fixed First Game kingdom (the game's
default ``kingdom``) and Burgundy with its basic scenario (board 1 for both), so a run is reproducible.

After training each seed, the deterministic policy (``predict(..., action_masks=mask, deterministic=True)``)
plays ``--eval-games`` games against each of ``random`` and the game's rule bots, its default bot among them
(``EVAL_AGAINST``; ``--eval-against`` to choose), the learner's seat alternating game by game, every game reset
with a seed of its own (1,000,000 and up; training resets with the seed itself once, then goes on with the
environment's own generator).
A game won counts 1, a shared first place 1/2. For each seed and opponent it reports the win rate with a Wilson
95% interval, then over the seeds the mean, the min-max and the standard deviation, and writes
``<game>_results.json`` (everything: the settings, each seed's training figures, the per-seed rows and the
spreads) and ``<game>_results.csv`` (the per-seed rows) into ``--out``, with each seed's model
(``<game>_seed<S>.zip``).

    .venv/bin/python examples/train_maskable_ppo.py --game dominion --steps 49152 --seeds 0,1,2 --out examples/out

Needs the ``baselines`` extra (``pip install -e '.[baselines]'``: torch, sb3-contrib).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

import realms.rl
from realms.core.errors import RealmsError

#: the options of each game's baseline: two players and a fixed setup
GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "dominion": {"players": 2, "kingdom": "first-game"},
    "burgundy": {"players": 2, "scenario": "basic"},
    "kingdomino": {"players": 2},
}
#: the opponents each game's policy is evaluated against by default: random and the rule bots, the game's default
#: agent among them (Dominion's big-money-ultimate, Burgundy's greedy, Kingdomino's full-greedy)
EVAL_AGAINST: dict[str, list[str]] = {
    "dominion": ["random", "big-money", "big-money-ultimate"],
    "burgundy": ["random", "greedy"],
    "kingdomino": ["random", "greedy", "full-greedy"],
}
#: the first seed of the evaluation games (game g is played from EVAL_SEED + g): apart from the training seeds
EVAL_SEED = 1_000_000


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion ``successes / n`` (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def make_env(game: str, opponent: str, reward: str = "win") -> realms.rl.SingleAgentEnv:
    return realms.rl.SingleAgentEnv(game, opponents=[opponent], seat=None, options=GAME_OPTIONS[game], reward=reward)


def evaluate(predict: Any, game: str, opponent: str, games: int, first_seed: int = EVAL_SEED) -> dict[str, Any]:
    """Plays ``games`` games of ``predict(observation_dict, mask) -> action`` against ``opponent``, the learner's
    seat alternating (game g at seat g % 2, from seed ``first_seed + g``). Counts the wins, shared wins and
    losses, the mean final score of each side, the decisions, and the decisions whose action the mask did not
    allow (``illegal``: such an action ends the game as a loss, without scores)."""
    wins = ties = losses = decisions = illegal = 0
    scores: list[float] = []
    opponent_scores: list[float] = []
    envs = [realms.rl.SingleAgentEnv(game, opponents=[opponent], seat=s, options=GAME_OPTIONS[game], illegal="lose")
            for s in (0, 1)]
    for g in range(games):
        env = envs[g % 2]
        obs, _ = env.reset(seed=first_seed + g)
        done = False
        while not done:
            mask = env.action_masks()
            action = int(predict(obs, mask))
            decisions += 1
            if not mask[action]:
                illegal += 1
            obs, _, done, _, info = env.step(action)
        if "illegal" in info:  # the game ended at once, lost, with no scores
            winners = []
        else:
            res = env.table.result()
            winners = res.winners
            scores.append(float(res.scores[env.seat]))
            opponent_scores.append(float(res.scores[1 - env.seat]))
        if env.seat not in winners:
            losses += 1
        elif len(winners) == 1:
            wins += 1
        else:
            ties += 1
    score = wins + ties / 2
    lo, hi = wilson(score, games)
    return {"opponent": opponent, "games": games, "wins": wins, "ties": ties, "losses": losses,
            "win_rate": score / games, "ci_low": lo, "ci_high": hi,
            "mean_score": round(statistics.fmean(scores), 2) if scores else None,
            "mean_opponent_score": round(statistics.fmean(opponent_scores), 2) if scores else None,
            "decisions": decisions, "illegal": illegal}


def spread(values: list[float]) -> dict[str, float]:
    return {"mean": statistics.fmean(values), "min": min(values), "max": max(values),
            "std": statistics.stdev(values) if len(values) > 1 else 0.0}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAME_OPTIONS), default="dominion")
    ap.add_argument("--opponent", default="random", help="the training opponent (a registered agent's name)")
    ap.add_argument("--steps", type=int, default=49_152,
                    help="training steps (learner decisions) per seed, rounded up to whole rollouts of --n-steps")
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--eval-against", default=None,
                    help="comma-separated opponents to evaluate against (default: EVAL_AGAINST's for the game)")
    ap.add_argument("--reward", choices=("win", "margin"), default="win")
    ap.add_argument("--n-steps", type=int, default=2048, help="MaskablePPO's rollout length")
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--n-epochs", type=int, default=10)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--ent-coef", type=float, default=0.0)
    ap.add_argument("--threads", type=int, default=1, help="torch's CPU threads")
    ap.add_argument("--out", default="examples/out")
    args = ap.parse_args(argv)
    try:
        seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    except ValueError:
        ap.error(f"--seeds must be whole numbers separated by commas, got {args.seeds!r}")
    against = args.eval_against.split(",") if args.eval_against else EVAL_AGAINST[args.game]
    if not seeds:
        ap.error("--seeds names no seed (a comma-separated list such as 0,1,2)")
    for name in [args.opponent, *against]:  # (checked before any training, not after the first seed's)
        try:
            make_env(args.game, name, args.reward)
        except RealmsError as e:
            ap.error(f"{name!r}: {e}")

    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import is_masking_supported

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    rows: list[dict[str, Any]] = []
    runs: list[dict[str, Any]] = []
    for seed in seeds:
        env = make_env(args.game, args.opponent, args.reward)
        assert is_masking_supported(env)
        model = MaskablePPO("MultiInputPolicy", env, n_steps=args.n_steps, batch_size=args.batch_size,
                            n_epochs=args.n_epochs, learning_rate=args.lr, gamma=args.gamma, ent_coef=args.ent_coef,
                            seed=seed, device="cpu", verbose=0)
        t0 = time.time()
        model.learn(total_timesteps=args.steps)
        train_s = time.time() - t0
        model.save(out / f"{args.game}_seed{seed}.zip")
        # the Monitor that sb3 wraps the environment in: every training game's return
        returns = model.get_env().env_method("get_episode_rewards")[0]
        run = {"seed": seed, "steps": model.num_timesteps, "train_s": round(train_s, 1),
               "steps_per_s": round(model.num_timesteps / max(train_s, 1e-9), 1), "train_games": len(returns),
               "last_100_mean_reward": round(float(np.mean(returns[-100:])), 3) if returns else None}

        def predict(obs: dict[str, np.ndarray], mask: np.ndarray, model: Any = model) -> int:
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            return int(action)

        t1 = time.time()
        for opponent in against:
            r = evaluate(predict, args.game, opponent, args.eval_games)
            row = {"game": args.game, "trained_against": args.opponent, "seed": seed,
                   "train_steps": model.num_timesteps, **r}
            rows.append(row)
            print(f"{args.game} seed {seed} vs {opponent}: {r['win_rate']:.1%} "
                  f"({r['ci_low']:.1%}-{r['ci_high']:.1%}), {r['wins']} won, {r['ties']} shared, {r['losses']} lost "
                  f"of {r['games']}, mean score {r['mean_score']} vs {r['mean_opponent_score']}; "
                  f"illegal {r['illegal']} of {r['decisions']} decisions", flush=True)
        run["eval_s"] = round(time.time() - t1, 1)
        runs.append(run)
        print(f"{args.game} seed {seed}: {run['steps']} steps, {run['train_games']} games in {run['train_s']} s "
              f"({run['steps_per_s']} steps/s; mean reward of the last 100 {run['last_100_mean_reward']}), "
              f"evaluation {run['eval_s']} s", flush=True)

    spreads = {}
    for opponent in against:
        rates = [r["win_rate"] for r in rows if r["opponent"] == opponent]
        spreads[opponent] = spread(rates)
        s = spreads[opponent]
        print(f"{args.game} vs {opponent} over {len(rates)} seeds: mean {s['mean']:.1%}, "
              f"min-max {s['min']:.1%}-{s['max']:.1%}, sd {s['std']:.1%}", flush=True)
    results = {"game": args.game, "options": GAME_OPTIONS[args.game], "reward": args.reward,
               "trained_against": args.opponent, "seeds": seeds, "eval_games": args.eval_games,
               "hyperparameters": {k: getattr(args, k) for k in ("steps", "n_steps", "batch_size", "n_epochs", "lr",
                                                                   "gamma", "ent_coef", "threads")},
               "runs": runs, "evaluations": rows, "spread": spreads}
    (out / f"{args.game}_results.json").write_text(json.dumps(results, indent=2))
    with open(out / f"{args.game}_results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return results


if __name__ == "__main__":
    main()
