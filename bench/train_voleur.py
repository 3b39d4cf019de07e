"""Train sb3-contrib's MaskablePPO on Le Voleur de Données against the random bot, then
measure its win rate against that bot and the random policy's (a benchmark, not a test).

Needs ``torch`` and ``sb3-contrib`` (not project dependencies)::

    pip install torch sb3-contrib
    PYTHONPATH=src python bench/train_voleur.py --steps 50000 --games 500 --seat 0

The learner plays ``--seat`` (by default a data manager; the thief is drawn by the game's
options) at 4 players; the other seats are random bots. Its result per game is its reward
(1 for a win, a share for a shared win, 0 for a loss), averaged with a 95 % interval.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import gymnasium
import numpy as np

import ludinum.envs  # noqa: F401  (registers the ids)


def make_env(players: int, seat: int) -> gymnasium.Env[Any, Any]:
    from sb3_contrib.common.wrappers import ActionMasker

    env = gymnasium.make("ludinum/Voleur-v0", players=players, seat=seat, opponents="random")
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(
    policy: Any, players: int, seat: int, games: int, seed: int
) -> tuple[float, float]:
    """Mean reward of ``policy`` (None: uniform among the legal actions) and its 95 %
    half-width over ``games`` games."""
    env = gymnasium.make("ludinum/Voleur-v0", players=players, seat=seat, opponents="random")
    rng = np.random.default_rng(seed)
    results = []
    for game in range(games):
        obs, info = env.reset(seed=seed + game)
        done = False
        reward = 0.0
        while not done:
            mask = info["action_mask"].astype(bool)
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = policy.predict(obs, action_masks=mask, deterministic=True)
            obs, reward, done, _trunc, info = env.step(int(action))
        results.append(float(reward))
    mean = sum(results) / len(results)
    var = sum((r - mean) ** 2 for r in results) / max(1, len(results) - 1)
    return mean, 1.96 * math.sqrt(var / len(results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps")
    parser.add_argument("--games", type=int, default=500, help="evaluation games")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)

    env = make_env(args.players, args.seat)
    model = MaskablePPO(
        "MlpPolicy", env, seed=args.seed, verbose=0, n_steps=2048, batch_size=256, n_epochs=4
    )
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    trained = time.perf_counter() - started
    ppo, ppo_ci = evaluate(model, args.players, args.seat, args.games, 10_000)
    rnd, rnd_ci = evaluate(None, args.players, args.seat, args.games, 10_000)
    print(f"training: {args.steps} steps in {trained:.0f} s")
    print(f"MaskablePPO vs random bots: {ppo:.3f} ± {ppo_ci:.3f} ({args.games} games)")
    print(f"random policy vs random bots: {rnd:.3f} ± {rnd_ci:.3f} ({args.games} games)")


if __name__ == "__main__":
    main()
