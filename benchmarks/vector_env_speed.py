"""Benchmark: agent steps per second of the vectorised environment, in one process and in
worker processes, side by side.

Steps ``VectorGameEnv(--envs, players=--players)`` for ``--steps`` calls, each game taking a
uniformly random legal action (picked from the returned masks with one random number per game
and a few numpy calls per batch), in one process (``workers=0``) and in ``--workers`` processes
over shared memory (this one playing the first share, ``--workers - 1`` started), and prints
the agent steps (decisions, observations and masks included) per second of wall-clock time,
the median over ``--rounds`` rounds, beside the bare
API's decisions per second (``sr.legal_actions`` then ``sr.apply``, no observation) in this
process. Wall-clock time, because the workers' CPU time is not this process's: on a machine
others are using, the figures move with their load, so run it when the machine is quiet. Beside
each, the CPU time one agent step costs, summed over this process and the workers (read from
``/proc`` on Linux): that figure hardly moves with the load, and shows what the processes add.
Last, the machine's own ceiling at the time: how much faster the same pure-Python loop runs in
``--workers`` processes at once than one after another. On a quiet machine of two cores it is
near 2x; when others load it, it falls, and the workers' speed-up with it.

Then the targets of issue 39: the worker processes at least 1.5x the one process on two
cores, and at least 10,000 agent steps/s for 2-player Sankoré.

    .venv/bin/python benchmarks/vector_env_speed.py --envs 64 --steps 200 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import time

import numpy as np

import sankore_rules as sr
from sankore_rules.interfaces.ai.vector_env import VectorGameEnv

#: Issue 39's targets: agent steps per second with the workers, observations and masks
#: included, and the workers' speed-up over one process on two cores.
TARGET = 10_000
SPEEDUP = 1.5


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used, or 0 where /proc is not."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def vector(environment: VectorGameEnv, steps: int, seed: int) -> tuple[float, float]:
    """Agent steps per second of wall-clock time over ``steps`` calls after a reset, and the
    CPU microseconds per agent step of this process and the workers together."""
    envs = environment.num_envs
    observations, _ = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    workers = sum(cpu_seconds(p.pid) for p in environment.processes)
    own = time.process_time()
    start = time.perf_counter()
    for _ in range(steps):
        masks = observations["action_mask"]
        # A uniformly random legal action per row: the legal one of a random rank, found where
        # the running count of legal actions passes it. (One random number per game: drawing
        # one per action, as a policy's sampling would, costs the env's own bookkeeping again.)
        ranks = (rng.random(envs) * masks.sum(axis=1)).astype(np.int16)
        chosen = (masks.cumsum(axis=1, dtype=np.int16) > ranks[:, None]).argmax(axis=1)
        observations, *_ = environment.step(chosen)
    wall = time.perf_counter() - start
    used = time.process_time() - own
    used += sum(cpu_seconds(p.pid) for p in environment.processes) - workers
    return envs * steps / wall, used * 1e6 / (envs * steps)


def bare(players: int, decisions: int, seed: int, game: str) -> float:
    """Decisions per second of wall-clock time of the bare API, random legal actions."""
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed, game=game)
    start = time.perf_counter()
    for _ in range(decisions):
        if sr.is_terminal(state):
            state = sr.new_game(players, seed=rng.getrandbits(64), game=game)
        legal = sr.legal_actions(state)
        state = sr.apply(state, legal[rng.randrange(len(legal))])
    return decisions / (time.perf_counter() - start)


def burn(count: int) -> int:
    """A pure-Python loop of ``count`` rounds: the work of the ceiling measurement."""
    total = 0
    for i in range(count):
        total += i * i
    return total


def ceiling(workers: int, count: int = 2_000_000) -> float:
    """How much faster ``workers`` loops run in as many processes at once than in a row."""
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        pool.map(burn, [1] * workers)  # started and warm before the clock
        start = time.perf_counter()
        for _ in range(workers):
            burn(count)
        serial = time.perf_counter() - start
        start = time.perf_counter()
        pool.map(burn, [count] * workers)
        return serial / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="sankore")
    args = parser.parse_args()
    kwargs = {"game": args.game, "players": args.players}
    one = VectorGameEnv(args.envs, **kwargs)
    many = VectorGameEnv(args.envs, **kwargs, workers=args.workers)
    names = ("one process", f"{args.workers} workers", "bare API")
    per_second: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names[:2]}
    ceilings: list[float] = []
    try:
        for r in range(args.rounds):
            seed = args.seed + 1000 * r
            # Taken in turns within each round, so that a change in the machine's load
            # falls on both.
            for name, environment in zip(names, (one, many), strict=False):
                speed, cost = vector(environment, args.steps, seed)
                per_second[name].append(speed)
                cpu[name].append(cost)
            per_second[names[2]].append(bare(args.players, args.steps * 16, seed, args.game))
            ceilings.append(ceiling(args.workers))
    finally:
        many.close()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"{args.game}, {args.players} players, {args.envs} games x {args.steps} steps, "
        f"median of {args.rounds} rounds (wall clock; {cores} cores, load average {load})"
    )
    medians = {name: statistics.median(figures) for name, figures in per_second.items()}
    for name, figure in medians.items():
        if name in cpu:
            cost = statistics.median(cpu[name])
            print(f"{name:<12} {figure:>9,.0f} agent steps/s, {cost:6.1f} us of CPU per step")
        else:
            print(f"{name:<12} {figure:>9,.0f} decisions/s")
    speedup = statistics.median(
        m / o for m, o in zip(per_second[names[1]], per_second[names[0]], strict=True)
    )
    steps = medians[names[1]]
    print(
        f"target: {names[1]} >= {SPEEDUP}x one process: {speedup:.2f}x "
        f"({'met' if speedup >= SPEEDUP else 'NOT met'})"
    )
    print(
        f"target: {names[1]} >= {TARGET:,} agent steps/s: {steps:,.0f} "
        f"({'met' if steps >= TARGET else 'NOT met'})"
    )
    print(
        f"machine's ceiling in the same rounds: a pure-Python loop in {args.workers} processes "
        f"ran {statistics.median(ceilings):.2f}x one process (about {args.workers}x when quiet)"
    )


if __name__ == "__main__":
    main()
