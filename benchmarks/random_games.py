"""Benchmark: random full games, timing every ``sr.legal_actions`` and ``sr.apply`` call.

Plays ``--games`` games for each player count in ``--players``, and for each difficulty in
``--scholars`` solo games against the Scholar (whose turns play themselves), with uniformly
random choices (what ``sankore_rules.interfaces.bots.RandomBot`` does), game ``i`` of a player
count or difficulty using seed ``--seed + i`` for both the setup and the choices, so runs are
reproducible. Prints, per player count, per difficulty and overall: games per second,
decisions per second, the median and 95th percentile microseconds of ``sr.legal_actions`` and
of ``sr.apply``, and the process's peak resident memory (``resource.getrusage``). With
``--tracemalloc`` it also prints the peak traced Python allocation, at a cost in speed.

Nothing is cached on a state: ``sr.legal_actions`` lists the options afresh at every call
("legal_actions"), and ``sr.apply`` checks only the action it is given. The "legal computed"
column times a second listing, on a clone of each state; it measures the same work as
"legal_actions" and is kept so that older runs, made when ``sr.apply`` listed and cached the
options, can be compared. Games/s and decisions/s count only the game itself, not that extra
timing run.

    .venv/bin/python benchmarks/random_games.py --games 20 --players 2 3 4 --seed 0 --turn-limit 100

A solo game is about a fifth as long in decisions as a 2-player one (you decide; the Scholar's
whole turn runs inside the ``sr.apply`` of your ``end``), so its ``apply`` p95 carries the
Scholar's turn. The "all" line adds up the games of players; "solo" the games of the Scholar.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field

import sankore_rules as sr

MAX_DECISIONS = 10_000
SCHOLARS = ("easy", "medium", "hard", "very_hard")


@dataclass
class Tally:
    """Timings gathered over a set of games."""

    games: int = 0
    decisions: int = 0
    wall_ns: int = 0
    cpu_ns: int = 0
    legal_ns: list[int] = field(default_factory=list)
    computed_ns: list[int] = field(default_factory=list)
    apply_ns: list[int] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.wall_ns += other.wall_ns
        self.cpu_ns += other.cpu_ns
        self.legal_ns += other.legal_ns
        self.computed_ns += other.computed_ns
        self.apply_ns += other.apply_ns


def play(
    players: int,
    seed: int,
    library: str,
    turn_limit: int | None,
    tally: Tally,
    scholar: str | None = None,
) -> None:
    """Play one random game to its end, adding its timings to ``tally``."""
    perf = time.perf_counter_ns
    cpu = time.process_time_ns  # CPU time: steadier than wall time on a shared machine
    rng = random.Random(seed)
    extra = 0  # time spent on the uncached timing run, left out of the game's time
    extra_cpu = 0
    start, start_cpu = perf(), cpu()
    state = sr.new_game(
        players=players, seed=seed, library=library, turn_limit=turn_limit, scholar=scholar
    )
    decisions = 0
    while not sr.is_terminal(state):
        e0, c0 = perf(), cpu()
        fresh = state.clone()
        e1 = perf()
        sr.legal_actions(fresh)
        e2 = perf()
        tally.computed_ns.append(e2 - e1)
        extra += e2 - e0
        extra_cpu += cpu() - c0
        t0 = perf()
        actions = sr.legal_actions(state)
        t1 = perf()
        action = rng.choice(actions)
        t2 = perf()
        state = sr.apply(state, action)
        t3 = perf()
        tally.legal_ns.append(t1 - t0)
        tally.apply_ns.append(t3 - t2)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{players} players, seed {seed}: no end after {decisions}")
    sr.final_scores(state)
    tally.wall_ns += perf() - start - extra
    tally.cpu_ns += cpu() - start_cpu - extra_cpu
    tally.games += 1
    tally.decisions += decisions


def us(values: list[int], q: float) -> float:
    """The ``q`` quantile of nanosecond timings, in microseconds."""
    if q == 0.5:
        return statistics.median(values) / 1000
    return statistics.quantiles(values, n=100)[round(q * 100) - 1] / 1000


def report(label: str, t: Tally) -> str:
    seconds = t.wall_ns / 1e9
    cpu_seconds = t.cpu_ns / 1e9
    return (
        f"{label:>9} | {t.games:5d} | {t.decisions:9d} | {t.decisions / max(t.games, 1):8.1f} | "
        f"{t.games / seconds:7.2f} | {t.games / cpu_seconds:7.2f} | {t.decisions / seconds:8.0f} | "
        f"{us(t.legal_ns, 0.5):6.1f} {us(t.legal_ns, 0.95):6.1f} | "
        f"{us(t.computed_ns, 0.5):6.1f} {us(t.computed_ns, 0.95):7.1f} | "
        f"{us(t.apply_ns, 0.5):6.1f} {us(t.apply_ns, 0.95):7.1f}"
    )


def peak_rss_mib() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / 2**20  # KiB on Linux


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument(
        "--scholars",
        nargs="*",
        default=list(SCHOLARS),
        choices=SCHOLARS,
        help="the difficulties of the solo games timed beside them (none: no solo games)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--library", default="three_shelf", choices=["three_shelf", "six_shelf"])
    parser.add_argument(
        "--turn-limit",
        type=int,
        default=100,
        help="the turn-limit variant, so that random games stay of comparable length (0: none)",
    )
    parser.add_argument(
        "--tracemalloc", action="store_true", help="also trace Python allocations (slower)"
    )
    args = parser.parse_args(argv)
    if args.tracemalloc:
        tracemalloc.start()
    sr.new_game(players=2, seed=0)  # load the rule tables before timing anything
    print(
        f"sankore_rules random games: {args.games} per player count and solo difficulty, "
        f"seed {args.seed}, "
        f"{args.library}, turn limit {args.turn_limit or 'none'}, "
        f"Python {sys.version.split()[0]}"
    )
    print(
        "  players | games | decisions | dec/game | games/s | games/s |    dec/s | "
        "legal_actions us | legal computed us | apply us\n"
        "          |       |           |          |  (wall) |   (cpu) |   (wall) | "
        "median    p95 | median     p95 | median     p95"
    )
    total = Tally()
    for players in args.players:
        tally = Tally()
        for i in range(args.games):
            play(players, args.seed + i, args.library, args.turn_limit or None, tally)
        print(report(str(players), tally))
        total.add(tally)
    if len(args.players) > 1:
        print(report("all", total))
    alone = Tally()
    for scholar in args.scholars:  # the solo game: the 3-shelf Library (SOLO-SET-10)
        tally = Tally()
        for i in range(args.games):
            play(1, args.seed + i, "three_shelf", args.turn_limit or None, tally, scholar)
        print(report(f"1/{scholar.replace('very_', 'v.')}", tally))
        alone.add(tally)
    if len(args.scholars) > 1:
        print(report("solo", alone))
    print(f"peak resident memory: {peak_rss_mib():.1f} MiB")
    if args.tracemalloc:
        _, peak = tracemalloc.get_traced_memory()
        print(f"peak traced Python allocation: {peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
