"""Games per second of `simulate`'s backends: 1 process, N local processes, Ray on N CPUs.

The same games (random bots, 2 players, seeds 0..GAMES-1) are played on each backend; the
results are checked equal to the sequential run's. Local processes are timed from the pool's
start (spawned interpreters importing the package included); Ray's start-up (``ray.init`` and
a first task on each worker) is timed on its own, then the games.

    python benchmarks/simulate_scale.py --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import time

from sankore_rules.interfaces.simulation import (
    RAY_LOCAL_OPTIONS,
    GameSpec,
    play_game,
    run_games,
)


def _warm(_: int) -> int:
    import sankore_rules.interfaces.simulation  # noqa: F401 - what a worker loads first

    return os.getpid()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--turn-limit", type=int, default=200)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    specs = [
        GameSpec(
            seed=s, players=2, bots=(args.bot, args.bot), options={"turn_limit": args.turn_limit}
        )
        for s in range(args.games)
    ]
    print(f"{args.games} games, 2 players, {args.bot} bots, load average {os.getloadavg()[0]:.1f}")
    started = time.perf_counter()
    sequential = run_games(specs)
    elapsed = time.perf_counter() - started
    print(f"1 process:        {args.games / elapsed:6.1f} games/s ({elapsed:.1f} s)")
    started = time.perf_counter()
    pooled = run_games(specs, jobs=args.jobs)
    elapsed = time.perf_counter() - started
    assert pooled == sequential
    print(f"{args.jobs} processes:      {args.games / elapsed:6.1f} games/s ({elapsed:.1f} s)")
    if args.no_ray:
        return
    import ray

    started = time.perf_counter()
    ray.init(num_cpus=args.jobs, **RAY_LOCAL_OPTIONS)
    warm = ray.remote(_warm)
    ray.get([warm.remote(i) for i in range(args.jobs)])
    ray.get(ray.remote(play_game).remote(specs[0]))
    startup = time.perf_counter() - started
    try:
        started = time.perf_counter()
        clustered = run_games(specs, backend="ray")
        elapsed = time.perf_counter() - started
    finally:
        ray.shutdown()
    assert clustered == sequential
    print(
        f"Ray on {args.jobs} CPUs:    {args.games / elapsed:6.1f} games/s ({elapsed:.1f} s), "
        f"after a start-up of {startup:.1f} s"
    )
    print("every backend's results equal to the sequential run's")


if __name__ == "__main__":
    main()
