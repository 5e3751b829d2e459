"""Benchmark: agent steps per second of the vectorised environment, on one core.

Steps ``VectorGameEnv(--envs, players=--players)`` for ``--steps`` calls, each game taking a
uniformly random legal action (picked from the returned masks with one random number per game
and a few numpy calls per batch), and prints the agent steps (decisions, observations and masks
included) per second of the process's CPU time, the median over ``--rounds`` rounds, beside
the bare API's decisions per second (``sr.legal_actions`` then ``sr.apply``, no observation)
measured in the same rounds, then the target of issue 29 (10,000 agent steps/s for 2-player
Sankoré) and the share of the bare API's speed the environment keeps.

    .venv/bin/python benchmarks/vector_env_speed.py --envs 16 --steps 300
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import sankore_rules as sr
from sankore_rules.interfaces.ai.vector_env import VectorGameEnv

#: Issue 29's target: agent steps per second on one core, observations and masks included.
TARGET = 10_000


def vector(envs: int, players: int, steps: int, seed: int, game: str) -> int:
    environment = VectorGameEnv(envs, game=game, players=players, seed=seed)
    observations, _ = environment.reset()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        masks = observations["action_mask"]
        # A uniformly random legal action per row: the legal one of a random rank, found where
        # the running count of legal actions passes it. (One random number per game: drawing
        # one per action, as a policy's sampling would, costs the env's own bookkeeping again.)
        ranks = (rng.random(envs) * masks.sum(axis=1)).astype(np.int16)
        chosen = (masks.cumsum(axis=1, dtype=np.int16) > ranks[:, None]).argmax(axis=1)
        observations, *_ = environment.step(chosen)
    return envs * steps


def bare(players: int, decisions: int, seed: int, game: str) -> int:
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed, game=game)
    for _ in range(decisions):
        if sr.is_terminal(state):
            state = sr.new_game(players, seed=rng.getrandbits(64), game=game)
        legal = sr.legal_actions(state)
        state = sr.apply(state, legal[rng.randrange(len(legal))])
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="sankore")
    args = parser.parse_args()
    per_second: dict[str, list[float]] = {"vector env": [], "bare API": []}
    for r in range(args.rounds):
        seed = args.seed + 1000 * r
        start = time.process_time()
        done = vector(args.envs, args.players, args.steps, seed, args.game)
        per_second["vector env"].append(done / (time.process_time() - start))
        start = time.process_time()
        done = bare(args.players, args.envs * args.steps, seed, args.game)
        per_second["bare API"].append(done / (time.process_time() - start))
    print(
        f"{args.game}, {args.players} players, {args.envs} games x {args.steps} steps, "
        f"median of {args.rounds} rounds (CPU time, one core)"
    )
    for name, figures in per_second.items():
        print(f"{name:<12} {statistics.median(figures):>9.0f} agent steps/s")
    steps = statistics.median(per_second["vector env"])
    share = statistics.median(
        v / b for v, b in zip(per_second["vector env"], per_second["bare API"], strict=True)
    )
    met = "met" if steps >= TARGET else "NOT met"
    print(
        f"target: vector env >= {TARGET:,} agent steps/s: {steps:,.0f} ({met}); "
        f"{share:.2f} of the bare API's decisions/s in the same rounds"
    )


if __name__ == "__main__":
    main()
