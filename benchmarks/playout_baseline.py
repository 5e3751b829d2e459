"""Benchmark: random playouts through ``sr.apply`` against python-chess, today beside a baseline.

Issue 39 asks that chance steps and information states cost playouts nothing relative to
python-chess. This runs ``speed.py``'s side-by-side section (random 4-player Sankoré games
through ``sr.apply`` beside python-chess's random playouts, alternating blocks of CPU time in
one process) under two versions of the package: the baseline (by default commit
``BASELINE_COMMIT``, where issue 39's work started, extracted with ``git archive``) and this
checkout's ``src``. The versions run in turn, each in its own process, ``--rounds`` times, the
order swapped every round, so that a busy moment of a shared machine falls on both.

Printed: each version's decisions/s and ratio to python-chess per round, the medians, and the
ratio of the ratios (current / baseline; 1.00 or more: no slower relative to python-chess).
Benchmarks are not tests: this measures and prints.

    .venv/bin/python benchmarks/playout_baseline.py --rounds 4
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from baselines import REPO, baseline_source

#: The commit issue 39's work started from.
BASELINE_COMMIT = "6242675"
SPEED = Path(__file__).resolve().parent / "speed.py"
RATIO = re.compile(r"ratio: ([0-9.]+)x python-chess")
DECISIONS = re.compile(r"games: +([0-9]+) decisions/s")


def run_version(source: Path, blocks: int, block: float) -> tuple[float, float]:
    """(decisions/s, ratio to python-chess) of one run of ``speed.py --only chess``."""
    env = dict(os.environ, PYTHONPATH=str(source))
    command = [sys.executable, str(SPEED), "--only", "chess"]
    done = subprocess.run(
        [*command, "--rounds", str(blocks), "--block", str(block)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    ratio, decisions = RATIO.search(done.stdout), DECISIONS.search(done.stdout)
    if ratio is None or decisions is None:
        sys.exit(f"speed.py printed no ratio:\n{done.stdout}\n{done.stderr}")
    return float(decisions.group(1)), float(ratio.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="runs of each version")
    parser.add_argument("--blocks", type=int, default=5, help="timed blocks per run")
    parser.add_argument("--block", type=float, default=1.0, help="CPU seconds per block")
    parser.add_argument(
        "--baseline", help=f"the baseline's src folder (default: {BASELINE_COMMIT})"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        sources = {
            "baseline": baseline_source(args.baseline, BASELINE_COMMIT, Path(workdir)),
            "current": REPO / "src",
        }
        ratios: dict[str, list[float]] = {name: [] for name in sources}
        for k in range(args.rounds):
            order = list(sources) if k % 2 == 0 else list(reversed(sources))
            for name in order:
                rate, ratio = run_version(sources[name], args.blocks, args.block)
                ratios[name].append(ratio)
                print(f"round {k + 1} {name:8}: {rate:8.0f} decisions/s, {ratio:.2f}x python-chess")
                sys.stdout.flush()
    medians = {name: statistics.median(found) for name, found in ratios.items()}
    label = args.baseline or BASELINE_COMMIT
    for name, median in medians.items():
        print(f"{name} ({label if name == 'baseline' else 'this checkout'}): {median:.2f}x")
    print(f"current / baseline: {medians['current'] / medians['baseline']:.2f} (target >= 1.00)")


if __name__ == "__main__":
    main()
