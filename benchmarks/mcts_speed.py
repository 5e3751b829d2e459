"""Benchmark: the MCTS bot's iterations per second, today's code beside a baseline (issue 29).

The same decisions are searched by ``MctsBot(seed, iterations=N)`` under two versions of the
package: a baseline (by default the code of commit ``BASELINE_COMMIT``, where issue 29 started,
extracted with ``git archive``; or any ``src`` folder given with ``--baseline``) and the
current one (this checkout's ``src``, or another given with ``--current``). Each version runs
in its own subprocess (its ``PYTHONPATH`` set to that ``src``), the two alternating,
``--rounds`` times, the order swapped every round; each process times every decision's
``choose`` (CPU time of the process, the determinization of the observation included) after
one untimed warm-up search.

The decisions: the states of seeded random games (``RandomBot``) after a fixed number of
decisions, moved on to the first decision with at least three options: Sankoré with 2, 3 and 4
players (three games each) and Five Tribes with 2, 3 and 4 (two games each). Both
versions must build the very same states: their JSON is compared through a digest.

Printed: iterations per second per group of decisions and in all (median over rounds) for
each version, the ratio current / baseline, and the target issue 29 sets (at least 2.0).
Benchmarks are not tests: this measures and prints.

    .venv/bin/python benchmarks/mcts_speed.py --rounds 5 --iterations 200
    .venv/bin/python benchmarks/mcts_speed.py --baseline /path/to/old/src --current other/src
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from baselines import REPO, baseline_source

#: The commit issue 29 started from: "today's figure" of its MCTS target.
BASELINE_COMMIT = "e415ced"
#: The ratio issue 29 asks for: iterations per second at least doubled.
TARGET = 2.0

#: (game, players, seeds, decisions played before the searched one).
DECISIONS = (
    ("sankore", 2, (1, 2, 3), 40),
    ("sankore", 3, (1, 2, 3), 40),
    ("sankore", 4, (1, 2, 3), 40),
    ("five_tribes", 2, (1, 2), 15),
    ("five_tribes", 3, (1, 2), 15),
    ("five_tribes", 4, (1, 2), 15),
)


# ---- the worker: one version of the package, in its own process --------------------------------


def decision_states() -> list[tuple[str, Any]]:
    """The searched states, each with its group's name (``sankore 2p``)."""
    import sankore_rules as sr
    from sankore_rules.interfaces.bots import RandomBot

    states = []
    for game, players, seeds, played in DECISIONS:
        for seed in seeds:
            state = sr.new_game(players=players, seed=seed, game=game)
            bot = RandomBot(seed)
            for _ in range(played):
                state = sr.apply(state, bot.choose(state))
            while len(sr.legal_actions(state)) < 3:
                state = sr.apply(state, bot.choose(state))
            states.append((f"{game} {players}p", state))
    return states


def work(iterations: int) -> None:
    """Search every decision once and print, as JSON, iterations and CPU seconds per group."""
    import sankore_rules as sr
    from sankore_rules.interfaces.search import MctsBot

    states = decision_states()
    digest = hashlib.sha256("".join(sr.to_json(s) for _, s in states).encode()).hexdigest()
    MctsBot(seed=0, iterations=iterations).choose(states[0][1])  # imports and caches warm
    groups: dict[str, list[float]] = {}
    for k, (group, state) in enumerate(states):
        bot = MctsBot(seed=k, iterations=iterations)
        start = time.process_time()
        bot.choose(state)
        seconds = time.process_time() - start
        figures = groups.setdefault(group, [0.0, 0.0])
        figures[0] += bot.last_iterations
        figures[1] += seconds
    print(json.dumps({"digest": digest, "groups": groups}))


# ---- the driver: alternating processes ---------------------------------------------------------


def run_worker(source: Path, iterations: int) -> dict[str, Any]:
    """One worker's figures, the package imported from ``source``."""
    env = dict(os.environ, PYTHONPATH=str(source))
    done = subprocess.run(
        [sys.executable, __file__, "--worker", "--iterations", str(iterations)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


def rate(groups: dict[str, list[float]], group: str | None) -> float:
    """Iterations per second of one group of decisions, or of all (``group`` None)."""
    chosen = [v for k, v in groups.items() if group in (None, k)]
    return sum(v[0] for v in chosen) / sum(v[1] for v in chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="per decision")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--baseline", help=f"the baseline's src folder (default: {BASELINE_COMMIT})"
    )
    parser.add_argument("--current", help="the current code's src folder (default: this one)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        work(args.iterations)
        return
    with tempfile.TemporaryDirectory() as workdir:
        versions = {
            "baseline": baseline_source(args.baseline, BASELINE_COMMIT, Path(workdir)),
            "current": Path(args.current) if args.current else REPO / "src",
        }
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in versions}
        for r in range(args.rounds):
            order = list(versions) if r % 2 == 0 else list(reversed(versions))
            for name in order:
                runs[name].append(run_worker(versions[name], args.iterations))
    digests = {run["digest"] for every in runs.values() for run in every}
    if len(digests) != 1:
        sys.exit("the two versions did not build the same decision states: no comparison")
    count = sum(len(seeds) for *_, seeds, _ in DECISIONS)
    print(
        f"MctsBot iterations per second: {count} decisions, {args.iterations} iterations each, "
        f"CPU time, median of {args.rounds} alternating rounds"
    )
    label = args.baseline or BASELINE_COMMIT
    print(f"{'decisions':<16}{'baseline':>12}{'current':>12}{'ratio':>8}   baseline: {label}")
    groups = [f"{g} {p}p" for g, p, _, _ in DECISIONS]
    ratio = 0.0
    for group in [*groups, None]:
        base = statistics.median(rate(run["groups"], group) for run in runs["baseline"])
        now = statistics.median(rate(run["groups"], group) for run in runs["current"])
        ratio = now / base
        print(f"{group or 'all':<16}{base:>12.0f}{now:>12.0f}{ratio:>7.2f}x")
    verdict = "met" if ratio >= TARGET else "NOT met"
    print(f"target (issue 29): all >= {TARGET:.1f}x the baseline: {verdict} ({ratio:.2f}x)")


if __name__ == "__main__":
    main()
