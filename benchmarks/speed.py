"""Benchmark: sankore_rules against python-chess, the yardstick, measured side by side.

Prints, for the build of ``sankore_rules`` this interpreter imports (pure Python or compiled):

- decisions/s and games/s of random 4-player games (uniform random choices, the turn-limit
  variant at 100 turns so that games stay comparable), beside python-chess's random-playout
  plies/s, measured in the same process by alternating timed blocks of each (CPU time, so a
  busy neighbour on a shared machine slows both alike); the ratio is of the blocks' medians;
- microseconds per ``sr.legal_actions`` (on a state that has not listed its options yet) and per
  ``sr.apply``, over every decision of a few games;
- bytes per stored state: tracemalloc's count of what the states kept from real games hold,
  as ``apply`` returns them and once their options have been listed;
- what answers that cannot go stale cost: the library seals the states it hands out and
  remembers their listed options, beside a naive cache that seals nothing (and answers wrongly
  once a state is changed in place); the same games both ways, paired game by game;
- games/s and decisions/s of random solo games against the Scholar, at each difficulty (your
  random choices; the Scholar's whole turn runs inside the ``apply`` of your ``end``);
- decisions/s and games/s of random Five Tribes games (2-4 players in turn) beside the
  Sankoré playouts above, alternating blocks of each, both games' states sealed values whose
  listed options the engine remembers (Five Tribes is always pure Python: the compiled build
  leaves its modules interpreted);
- games/s of random playouts on 1 and on 2 processes (``multiprocessing``);
- what ``gc.freeze()`` does for a search that keeps every state it makes.

    .venv/bin/python benchmarks/speed.py              # make bench runs it on both builds
    .venv/bin/python benchmarks/speed.py --rounds 3 --block 0.5   # a quicker, rougher look
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import chess

import sankore_rules as sr
from sankore_rules.five_tribes.state import FiveTribesState

PLAYERS = 4
TURN_LIMIT = 100
SECTIONS = ("chess", "tribes", "freshness", "solo", "calls", "memory", "processes", "gc")
SCHOLARS = ("easy", "medium", "hard", "very_hard")


def build() -> str:
    """Which build of sankore_rules this process imports."""
    from sankore_rules.sankore import engine

    return "compiled (mypyc)" if not engine.__file__.endswith(".py") else "pure Python"


class RandomPlayouts:
    """Random games of one game, one after another, seeds 0, 1, 2 ...; ``start`` sets one up."""

    def __init__(self, start: Callable[[int], sr.State | FiveTribesState]) -> None:
        self.start = start
        self.seed = 0
        self.games = 0

    def run(self, seconds: float) -> tuple[int, float]:
        """Play until ``seconds`` of CPU time have passed; (decisions, CPU seconds)."""
        clock = time.process_time
        decisions, begun = 0, clock()
        while clock() - begun < seconds:
            rng = random.Random(self.seed)
            state = self.start(self.seed)
            while not sr.is_terminal(state):
                state = sr.apply(state, rng.choice(sr.legal_actions(state)))
                decisions += 1
            self.seed += 1
            self.games += 1
        return decisions, clock() - begun


def sankore_playouts() -> RandomPlayouts:
    """Random 4-player Sankoré games at the turn limit."""
    return RandomPlayouts(
        lambda seed: sr.new_game(players=PLAYERS, seed=seed, turn_limit=TURN_LIMIT)
    )


def tribes_playouts() -> RandomPlayouts:
    """Random Five Tribes games of 2, 3 and 4 players in turn."""
    return RandomPlayouts(
        lambda seed: sr.new_game(players=2 + seed % 3, seed=seed, game="five_tribes")
    )


class ChessPlayouts:
    """python-chess random games from the starting position, the usual playout loop."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def run(self, seconds: float) -> tuple[int, float]:
        """Play until ``seconds`` of CPU time have passed; (plies, CPU seconds)."""
        clock = time.process_time
        plies, start = 0, clock()
        while clock() - start < seconds:
            board = chess.Board()
            while not board.is_game_over():
                board.push(self.rng.choice(list(board.legal_moves)))
                plies += 1
        return plies, clock() - start


Runner = RandomPlayouts | ChessPlayouts


def alternate(
    first: Runner, second: Runner, rounds: int, block: float
) -> tuple[list[float], list[float], int, float]:
    """Timed blocks of ``first`` and ``second`` in turn, after a warm-up of each.

    Returns each one's rates per block, and the decisions and CPU seconds ``first`` played.
    """
    first.run(block / 4)  # warm up both (tables loaded, caches filled)
    second.run(block / 4)
    if isinstance(first, RandomPlayouts):
        first.games = 0
    first_rates: list[float] = []
    second_rates: list[float] = []
    played, spent = 0, 0.0
    for _ in range(rounds):
        decisions, seconds = first.run(block)
        first_rates.append(decisions / seconds)
        played += decisions
        spent += seconds
        done, seconds = second.run(block)
        second_rates.append(done / seconds)
    return first_rates, second_rates, played, spent


def side_by_side(rounds: int, block: float) -> None:
    """Alternate timed blocks of both workloads and print the medians and their ratio."""
    ours = sankore_playouts()
    our_rates, their_rates, played, spent = alternate(ours, ChessPlayouts(), rounds, block)
    ours_median, theirs_median = statistics.median(our_rates), statistics.median(their_rates)
    print(
        f"random {PLAYERS}-player games: {ours_median:8.0f} decisions/s (median of {rounds} "
        f"blocks of {block:g} s CPU; range {min(our_rates):.0f}-{max(our_rates):.0f}), "
        f"{ours.games / spent:.2f} games/s, "
        f"{played / max(ours.games, 1):.0f} decisions/game"
    )
    print(
        f"python-chess random playouts: {theirs_median:8.0f} plies/s "
        f"(range {min(their_rates):.0f}-{max(their_rates):.0f}), python-chess {chess.__version__}"
    )
    print(f"ratio: {ours_median / theirs_median:.2f}x python-chess")


def two_games(rounds: int, block: float) -> None:
    """Five Tribes beside Sankoré: alternate timed blocks, print the medians and the ratio."""
    tribes = tribes_playouts()
    tribes_rates, sankore_rates, played, spent = alternate(
        tribes, sankore_playouts(), rounds, block
    )
    ours, theirs = statistics.median(tribes_rates), statistics.median(sankore_rates)
    print(
        f"random Five Tribes games (2-4 players): {ours:8.0f} decisions/s (median of {rounds} "
        f"blocks; range {min(tribes_rates):.0f}-{max(tribes_rates):.0f}), "
        f"{tribes.games / spent:.2f} games/s, {played / max(tribes.games, 1):.0f} decisions/game"
    )
    print(
        f"random {PLAYERS}-player Sankoré games, same blocks: {theirs:8.0f} decisions/s "
        f"(range {min(sankore_rates):.0f}-{max(sankore_rates):.0f})"
    )
    from sankore_rules.five_tribes.engine import ENGINE as TRIBES_ENGINE
    from sankore_rules.sankore.engine import ENGINE as SANKORE_ENGINE

    sealed = TRIBES_ENGINE.sealed is not None and SANKORE_ENGINE.sealed is not None
    print(f"ratio: Five Tribes {ours / theirs:.2f}x Sankoré (states sealed in both: {sealed})")


class CachedAnswers:
    """Sankoré's engine as the public functions reach it (``api.engine``), with a naive cache.

    What an engine that does not seal its states could do: ``legal`` remembers the options it
    listed for a state, and ``decide`` applies an action found among them without a check. It
    answers wrongly once a state is changed in place, which sealed states rule out; this is the
    yardstick ``freshness`` measures the library against.
    """

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.listed: tuple[object, list[sr.Action]] = (None, [])

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def legal(self, rules: Any, state: Any) -> list[sr.Action]:
        """The engine's listing, remembered for ``state``."""
        listed: list[sr.Action] = self.engine.legal(rules, state)
        self.listed = (state, listed)
        return listed

    def decide(self, rules: Any, state: Any, action: Any, player: Any = None) -> Any:
        """A listed action applied without a check; anything else checked as usual."""
        listed_for, options = self.listed
        if listed_for is state and player is None and action in options:
            return self.engine.perform(rules, state, action)
        return self.engine.decide(rules, state, action, player)


def timed_game(seed: int, naive: bool) -> tuple[int, float]:
    """One random game through ``sr.legal_actions`` and ``sr.apply``; (decisions, CPU seconds).

    With ``naive``, the engine seals nothing and ``CachedAnswers`` stands between the public
    functions and it; otherwise the library as it is.
    """
    from sankore_rules import api
    from sankore_rules.sankore import engine

    rng = random.Random(seed)
    state = sr.new_game(players=PLAYERS, seed=seed, turn_limit=TURN_LIMIT)
    sealed = engine.ENGINE.sealed
    if naive:
        api.engine = CachedAnswers(engine)  # type: ignore[assignment]
        engine.ENGINE.sealed = None
    try:
        clock = time.process_time
        decisions, start = 0, clock()
        while not sr.is_terminal(state):
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
            decisions += 1
        return decisions, clock() - start
    finally:
        api.engine = engine
        engine.ENGINE.sealed = sealed


def freshness(games: int) -> None:
    """What answers that cannot go stale cost, beside a naive cache that can.

    The library seals every state it hands out (a change in place is refused), so it may
    remember the options it listed; the yardstick remembers them without sealing anything. Both
    loops play the same games through the same public functions. Each game is played both ways
    in a row (which goes first alternates), and the cost is the median over games of the
    paired ratio of their CPU times: a burst of load from a neighbour falls on one pair, not on
    the figure.
    """
    timed_game(0, True)  # warm up
    seconds = {False: 0.0, True: 0.0}
    costs: list[float] = []
    decisions = 0
    for seed in range(games):
        spent: dict[bool, float] = {}
        for naive in (False, True) if seed % 2 else (True, False):
            played, spent[naive] = timed_game(seed, naive)
            seconds[naive] += spent[naive]
        costs.append(spent[False] / spent[True] - 1)
        decisions += played
    sealed, naive_rate = decisions / seconds[False], decisions / seconds[True]
    low, median, high = statistics.quantiles(costs, n=4)
    pooled = naive_rate / sealed - 1
    print(
        f"sealed states, answers remembered: {sealed:8.0f} decisions/s; a naive cache that can "
        f"go stale: {naive_rate:8.0f} decisions/s ({games} games each)"
    )
    print(
        f"answers that cannot go stale cost {median * 100:+.1f}% (median of the games' paired "
        f"ratios; quartiles {low * 100:+.1f}% to {high * 100:+.1f}%; pooled {pooled * 100:+.1f}%)"
    )


def solo_games(block: float) -> None:
    """Random solo games against the Scholar, ``block`` CPU seconds per difficulty."""
    clock = time.process_time
    for scholar in SCHOLARS:
        games = decisions = 0
        start = clock()
        while clock() - start < block:
            rng = random.Random(games)
            state = sr.new_game(players=1, seed=games, scholar=scholar)
            while not sr.is_terminal(state):
                state = sr.apply(state, rng.choice(sr.legal_actions(state)))
                decisions += 1
            games += 1
        seconds = clock() - start
        print(
            f"random solo games, {scholar + ' Scholar:':<19} {games / seconds:6.1f} games/s, "
            f"{decisions / seconds:6.0f} decisions/s, {decisions / games:.0f} decisions/game"
        )


def per_call(games: int) -> None:
    """Microseconds per ``legal_actions`` (listing afresh) and per ``apply``."""
    perf = time.perf_counter_ns
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    for seed in range(1000, 1000 + games):
        rng = random.Random(seed)
        state = sr.new_game(players=PLAYERS, seed=seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state):
            t0 = perf()
            actions = sr.legal_actions(state)
            t1 = perf()
            state = sr.apply(state, rng.choice(actions))
            t2 = perf()
            legal_ns.append(t1 - t0)
            apply_ns.append(t2 - t1)
    for name, values in (("legal_actions", legal_ns), ("apply", apply_ns)):
        print(
            f"{name:>13}: mean {statistics.fmean(values) / 1000:6.1f} us, median "
            f"{statistics.median(values) / 1000:6.1f} us, "
            f"p95 {statistics.quantiles(values, n=20)[-1] / 1000:6.1f} us "
            f"({len(values)} calls)"
        )


def kept_states(games: int, list_options: bool) -> list[sr.State]:
    """Every state of ``games`` random games, as a search tree would keep them."""
    kept: list[sr.State] = []
    for seed in range(2000, 2000 + games):
        rng = random.Random(seed)
        state = sr.new_game(players=PLAYERS, seed=seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state):
            actions = sr.legal_actions(state)
            state = sr.apply(state, rng.choice(actions))
            if list_options and not sr.is_terminal(state):
                sr.legal_actions(state)
            kept.append(state)
    return kept


def bytes_per_state(games: int) -> None:
    """What a kept state costs, counted by tracemalloc (sharing counted once)."""
    for list_options, label in ((False, "as apply returns them"), (True, "options listed")):
        gc.collect()
        tracemalloc.start()
        kept = kept_states(games, list_options)
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"bytes per stored state ({label}): {held / len(kept):7.0f} ({len(kept)} states)")
        del kept


def playout_games(seed: int) -> int:
    """One random game (a worker's job); its decision count."""
    rng = random.Random(seed)
    state = sr.new_game(players=PLAYERS, seed=seed, turn_limit=TURN_LIMIT)
    decisions = 0
    while not sr.is_terminal(state):
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
        decisions += 1
    return decisions


def processes(games: int) -> None:
    """Games/s of the same random games on 1 and on 2 worker processes."""
    seeds = list(range(3000, 3000 + games))
    for workers in (1, 2):
        with multiprocessing.Pool(workers) as pool:
            pool.map(playout_games, range(workers))  # start-up and table loading left out
            start = time.perf_counter()
            pool.map(playout_games, seeds, chunksize=1)
            seconds = time.perf_counter() - start
        print(f"{workers} process{'es' if workers > 1 else '  '}: {games / seconds:6.2f} games/s")


def tree_growth(states: int, freeze: bool) -> float:
    """Decisions/s of random playouts that keep every state, as a search tree does."""
    kept: list[sr.State] = []
    gc.collect()
    if freeze:
        gc.freeze()
    seed, start = 4000, time.process_time()
    while len(kept) < states:
        rng = random.Random(seed)
        state = sr.new_game(players=PLAYERS, seed=seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state) and len(kept) < states:
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
            kept.append(state)
            if freeze and len(kept) % 10_000 == 0:
                gc.freeze()  # what is kept for good needs no more collecting
        seed += 1
    rate = len(kept) / (time.process_time() - start)
    gc.unfreeze()
    return rate


def garbage_collection(states: int) -> None:
    """A growing tree with the default collector, and with ``gc.freeze()`` as it grows."""
    plain = tree_growth(states, freeze=False)
    frozen = tree_growth(states, freeze=True)
    print(
        f"keeping {states} states: {plain:7.0f} decisions/s, with gc.freeze() every 10,000: "
        f"{frozen:7.0f} decisions/s ({frozen / plain:.2f}x)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed blocks of each workload")
    parser.add_argument("--block", type=float, default=1.5, help="CPU seconds per block")
    parser.add_argument("--games", type=int, default=6, help="games for per-call and memory")
    parser.add_argument(
        "--fresh-games", type=int, default=120, help="games of each loop in the freshness run"
    )
    parser.add_argument("--parallel-games", type=int, default=24, help="games per process run")
    parser.add_argument("--tree", type=int, default=100_000, help="states kept in the gc run")
    parser.add_argument(
        "--only", nargs="+", choices=SECTIONS, default=list(SECTIONS), help="sections to run"
    )
    args = parser.parse_args(argv)
    sr.new_game(players=2, seed=0)  # load the rule tables before timing anything
    print(f"sankore_rules {build()}, Python {sys.version.split()[0]}")
    sections: dict[str, Callable[[], None]] = {
        "chess": lambda: side_by_side(args.rounds, args.block),
        "tribes": lambda: two_games(args.rounds, args.block),
        "freshness": lambda: freshness(args.fresh_games),
        "solo": lambda: solo_games(args.block),
        "calls": lambda: per_call(args.games),
        "memory": lambda: bytes_per_state(args.games),
        "processes": lambda: processes(args.parallel_games),
        "gc": lambda: garbage_collection(args.tree),
    }
    for name in SECTIONS:
        if name in args.only:
            sections[name]()
            sys.stdout.flush()


if __name__ == "__main__":
    main()
