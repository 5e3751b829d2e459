"""Games between bots at scale, of any game: one process, local processes, or a Ray cluster.

A game is described by a [`GameSpec`][sankore_rules.interfaces.simulation.GameSpec] (its game
by name, its seed, setup options and the bot in each deciding seat) and played by
[`play_game`][sankore_rules.interfaces.simulation.play_game] into a
[`GameResult`][sankore_rules.interfaces.simulation.GameResult] (its actions and scores). Both
are small records of plain values, so they travel between processes and machines as they are;
no state does. A bot's seed comes from the game's seed and its seat, so a game plays the same
wherever it runs, and [`run_games`][sankore_rules.interfaces.simulation.run_games] returns the
same results in the same order on every backend.

Everything about the game is asked of it through the game protocol: who decides (``agents``;
the seats it plays by itself are named ``"automatic"`` in the results), the points and the
winners. [`standings`][sankore_rules.interfaces.simulation.standings] sums results up per bot:
games, wins with a Wilson 95% interval on the win rate, mean score with a normal 95% interval.

Examples:
    >>> spec = GameSpec(seed=3, players=2, bots=("random", "greedy"), options={"turn_limit": 5})
    >>> result = play_game(spec)
    >>> result == play_game(spec)
    True
    >>> [s.bot for s in standings([result])]
    ['greedy', 'random']
    >>> tribes = play_game(GameSpec(seed=3, players=2, bots=("random",) * 2, game="five_tribes"))
    >>> tribes.winners == play_game(GameSpec(3, 2, ("random",) * 2, game="five-tribes")).winners
    True
"""

from __future__ import annotations

import math
import multiprocessing
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Protocol

from attrs import field, frozen

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.core.registry import find_game
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.interfaces.records import save_record
from sankore_rules.interfaces.search import MctsBot

__all__ = [
    "BOTS",
    "Bot",
    "GameResult",
    "GameSpec",
    "SimulationError",
    "Standing",
    "make_bot",
    "play_game",
    "play_games",
    "run_games",
    "seat_bots",
    "standings",
    "wilson_interval",
]

#: The bots by name, as ``--bot`` and [`GameSpec`][sankore_rules.interfaces.simulation.GameSpec]
#: name them.
BOTS = ("greedy", "mcts", "random")
#: The name the results and standings give a seat the game plays by itself (Sankoré's Scholar).
AUTOMATIC_NAME = "automatic"
#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


class Bot(Protocol):
    """Anything that picks an action for the pending decision."""

    def choose(self, state: Any) -> Action:
        """One legal action of ``state``."""
        ...


class SimulationError(Exception):
    """A simulation that cannot run: a backend missing or unreachable, a bad option."""


def make_bot(
    name: str, seed: int, *, mcts_iterations: int | None = 200, mcts_time: float | None = None
) -> Bot:
    """The bot called ``name`` (one of ``BOTS``), seeded with ``seed``.

    Raises:
        ValueError: for a name not in ``BOTS``, or an MCTS budget that is not one.
    """
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "mcts":
        return MctsBot(seed, iterations=mcts_iterations, time_limit=mcts_time)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}")


def seat_bots(names: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bot of each seat in the ``game``-th game of a tournament between ``names``.

    One name plays every seat. As many names as seats are turned one seat further each game,
    so that over ``players`` games each bot has sat in each seat once.

    Raises:
        ValueError: for an unknown bot, or as many names as neither 1 nor the seats.

    Examples:
        >>> seat_bots(["mcts", "greedy"], 2, 0), seat_bots(["mcts", "greedy"], 2, 1)
        (('mcts', 'greedy'), ('greedy', 'mcts'))
    """
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}: choose from {', '.join(BOTS)}")
    if len(names) == 1:
        return tuple(names) * players
    if len(names) != players:
        raise ValueError(
            f"name one bot for every seat or as many as the seats ({players}), not {len(names)}"
        )
    return tuple(names[(p + game) % players] for p in range(players))


def _options(value: Mapping[str, Any]) -> dict[str, Any]:
    """A spec's setup options as a plain dict (a copy: the spec stays as it was made)."""
    return dict(value)


@frozen
class GameSpec:
    """One game to play: its game and setup, and the bot in each deciding seat.

    Attributes:
        seed: the game's seed; each bot's is ``seed * 100 + seat``.
        players: the player count given to [`new_game`][sankore_rules.new_game].
        bots: the bot of each deciding seat by name (``Game.agents``), the lowest seat first:
            one per player, and one for a solo Sankoré game (yours).
        game: the game's registered name (``"five_tribes"``; Sankoré by default).
        options: the game's setup options, as ``new_game`` takes them
            (``{"turn_limit": 6}``).
        mcts_iterations: the MCTS bots' iterations per decision (None: ``mcts_time`` only).
        mcts_time: the MCTS bots' seconds per decision at most, or None.
        record_tags: when not None, the result carries the game's record
            ([`save_record`][sankore_rules.save_record]) with these tags.
    """

    seed: int
    players: int
    bots: tuple[str, ...]
    game: str = "sankore"
    options: Mapping[str, Any] = field(factory=dict, converter=_options, hash=False)
    mcts_iterations: int | None = 200
    mcts_time: float | None = None
    record_tags: tuple[tuple[str, str], ...] | None = None

    def setup(self) -> dict[str, Any]:
        """The setup options ``new_game`` is given (a copy)."""
        return dict(self.options)


@frozen
class GameResult:
    """What a game between bots came to; equal results mean the same game.

    Attributes:
        seed: the game's seed.
        bots: the bot of each seat by name; a seat the game plays by itself is
            ``"automatic"``.
        actions: every action taken, in notation.
        scores: each seat's points (``Game.totals``; whole numbers as ints).
        winners: the winners' seats.
        end_cause: why the game ended, as the state names it (None when it does not).
        decisions: how many decisions each seat took.
        seconds: the time each seat's bot took to choose, in all (not part of equality).
        record: the game's record as JSON text, when the spec asked for it.
    """

    seed: int
    bots: tuple[str, ...]
    actions: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    end_cause: str | None
    decisions: tuple[int, ...]
    seconds: tuple[float, ...] = field(eq=False)
    record: str | None = None


def play_game(spec: GameSpec) -> GameResult:
    """Play the game ``spec`` describes to its end.

    Raises:
        ValueError: for a game or setup the library does not have, an unknown bot, or not one
            bot per deciding seat.
    """
    game = find_game(spec.game)
    setup = spec.setup()
    state = api.new_game(players=spec.players, seed=spec.seed, game=game.name, **setup)
    rules = api.rules_of(state)
    agents = game.agents(state)
    if len(spec.bots) != len(agents):
        raise ValueError(
            f"{game.name} with players={spec.players} has {len(agents)} deciding seat(s): "
            f"name as many bots, not {len(spec.bots)}"
        )
    bots = {
        seat: make_bot(
            name,
            spec.seed * 100 + seat,
            mcts_iterations=spec.mcts_iterations,
            mcts_time=spec.mcts_time,
        )
        for seat, name in zip(agents, spec.bots, strict=True)
    }
    seats = game.seats(state)
    actions: list[str] = []
    decisions = [0] * seats
    seconds = [0.0] * seats
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None, "a game under way has a deciding seat"
        started = time.perf_counter()
        action = bots[player].choose(state)
        seconds[player] += time.perf_counter() - started
        decisions[player] += 1
        actions.append(str(action))
        state = game.apply(rules, state, action)
    named = dict(zip(agents, spec.bots, strict=True))
    record = None
    if spec.record_tags is not None:
        record = save_record(
            actions,
            players=spec.players,
            seed=spec.seed,
            game=game.name,
            final=state,
            tags=dict(spec.record_tags),
            **setup,
        )
    return GameResult(
        seed=spec.seed,
        bots=tuple(named.get(seat, AUTOMATIC_NAME) for seat in range(seats)),
        actions=tuple(actions),
        scores=tuple(_number(t) for t in game.totals(rules, state)),
        winners=tuple(game.winners(rules, state)),
        # Not a hook of the protocol: both built-in games' states name the cause.
        end_cause=getattr(state, "end_cause", None),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        record=record,
    )


def _number(value: float) -> float:
    """``value`` as an int when it is whole (points are), so results read as they always did."""
    return int(value) if float(value).is_integer() else value


def play_games(specs: Sequence[GameSpec]) -> list[GameResult]:
    """[`play_game`][sankore_rules.interfaces.simulation.play_game] for each spec, in order."""
    return [play_game(spec) for spec in specs]


#: How many batches of games ``run_games`` makes per CPU of a Ray cluster.
BATCHES_PER_CPU = 4

#: Called after each game with (games done, games in all).
Progress = Callable[[int, int], None]


def run_games(
    specs: Sequence[GameSpec],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play every game of ``specs``; the results come in the order of ``specs``.

    Args:
        specs: the games.
        jobs: with ``backend="local"``, how many processes play (1: this one); with
            ``"ray"``, how many CPUs a local Ray instance started here gets.
        backend: ``"local"`` or ``"ray"`` (the ``ray`` extra:
            ``pip install 'sankore-rules[ray]'``).
        address: with ``"ray"``, the address of a running cluster (``"auto"``, or
            ``"ray://head:10001"``); None starts a local Ray instance and stops it after.
        progress: called after each game with (done, total) (on Ray, after each batch of
            games: a few batches per CPU).

    Raises:
        SimulationError: for a bad ``jobs`` or ``backend``, Ray missing or unreachable.
    """
    if jobs < 1:
        raise SimulationError(f"jobs must be at least 1, got {jobs}")
    if backend == "ray":
        return _run_ray(specs, jobs, address, progress)
    if backend != "local":
        raise SimulationError(f"unknown backend {backend!r}: choose local or ray")
    if address is not None:
        raise SimulationError("an address is for the ray backend")
    if jobs == 1:
        results = []
        for spec in specs:
            results.append(play_game(spec))
            if progress is not None:
                progress(len(results), len(specs))
        return results
    # spawn: a fresh interpreter per worker, the same on every platform, and safe in a
    # program that runs threads (fork would copy their locks mid-use).
    context = multiprocessing.get_context("spawn")
    found: dict[int, GameResult] = {}
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {pool.submit(play_game, spec): i for i, spec in enumerate(specs)}
        for future in as_completed(futures):
            found[futures[future]] = future.result()
            if progress is not None:
                progress(len(found), len(specs))
    return [found[i] for i in range(len(specs))]


def _run_ray(
    specs: Sequence[GameSpec], jobs: int, address: str | None, progress: Progress | None
) -> list[GameResult]:
    """``run_games`` on Ray: batches of games as tasks, gathered in the order of ``specs``."""
    try:
        import ray  # the optional extra, loaded only when asked for
    except ImportError as exc:
        raise SimulationError(
            "the ray backend needs Ray: pip install 'sankore-rules[ray]'"
        ) from exc
    started_here = not ray.is_initialized()
    if started_here and address not in (None, "auto", "local"):
        _probe(address)
    if started_here:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options.update(RAY_LOCAL_OPTIONS, num_cpus=jobs)
        try:
            ray.init(address=address, **options)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError ...
            where = "start a local Ray instance" if address is None else f"reach {address}"
            raise SimulationError(f"cannot {where}: {exc}") from exc
    try:
        # Batches of games, a few per CPU, rather than one task a game: a task costs Ray
        # milliseconds of scheduling and transfer, a random game less than that.
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = max(1, int(resources.get("CPU", 1)))
        size = max(1, math.ceil(len(specs) / (BATCHES_PER_CPU * cpus)))
        batches = [list(specs[i : i + size]) for i in range(0, len(specs), size)]
        task = ray.remote(play_games)
        refs = [task.remote(batch) for batch in batches]
        index = {ref: i for i, ref in enumerate(refs)}
        found: dict[int, list[GameResult]] = {}
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                found[index[ref]] = ray.get(ref)
            if progress is not None:
                progress(sum(map(len, found.values())), len(specs))
        return [result for i in range(len(batches)) for result in found[i]]
    finally:
        if started_here:
            ray.shutdown()


#: How ``run_games`` starts a local Ray instance, beside its CPU count. Ray runs its workers at
#: niceness 15 by default, below everything else on the machine: on a busy machine they
#: played 8 times slower than one local process. A cluster's workers are set up by
#: ``ray start --system-config='{"worker_niceness": 0}'`` on each node.
RAY_LOCAL_OPTIONS: dict[str, Any] = {
    "include_dashboard": False,
    "log_to_driver": False,
    "_system_config": {"worker_niceness": 0},
}

#: Seconds to wait for a Ray cluster's head to answer before giving up on it.
CONNECT_TIMEOUT = 5.0


def _probe(address: str) -> None:
    """Refuse quickly an address where nothing listens (Ray itself retries for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise SimulationError(
            f"cannot reach {address}: a Ray address is HOST:PORT, ray://HOST:PORT or auto"
        )
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise SimulationError(f"cannot reach the Ray cluster at {address}: {exc}") from exc


@frozen
class Standing:
    """One bot's record over a set of games.

    Attributes:
        bot: the bot's name.
        games: the seats it played (a bot in two seats of a game counts twice).
        wins: the games it won, shared wins included.
        win_rate: ``wins / games``.
        win_low: the lower end of the Wilson 95% interval of the win rate.
        win_high: its upper end.
        mean_score: its mean total.
        score_low: the lower end of the normal 95% interval of the mean score.
        score_high: its upper end.
    """

    bot: str
    games: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float

    def as_dict(self) -> dict[str, Any]:
        """The standing as a JSON-ready dict, in field order."""
        return {name: getattr(self, name) for name in STANDING_FIELDS}


#: The columns of a standings CSV file, and the keys of its JSON.
STANDING_FIELDS = (
    "bot",
    "games",
    "wins",
    "win_rate",
    "win_low",
    "win_high",
    "mean_score",
    "score_low",
    "score_high",
)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% by default).

    Examples:
        >>> low, high = wilson_interval(73, 100)
        >>> round(low, 3), round(high, 3)
        (0.636, 0.807)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def standings(results: Sequence[GameResult]) -> list[Standing]:
    """Per bot (by name, sorted): games, wins and mean score, with 95% intervals."""
    scores: dict[str, list[float]] = {}
    wins: dict[str, int] = {}
    for result in results:
        for seat, (bot, score) in enumerate(zip(result.bots, result.scores, strict=True)):
            scores.setdefault(bot, []).append(score)
            wins[bot] = wins.get(bot, 0) + (seat in result.winners)
    table = []
    for bot in sorted(scores):
        totals = scores[bot]
        n = len(totals)
        mean = sum(totals) / n
        spread = math.sqrt(sum((t - mean) ** 2 for t in totals) / (n - 1)) if n > 1 else 0.0
        half = Z95 * spread / math.sqrt(n)
        low, high = wilson_interval(wins[bot], n)
        table.append(
            Standing(bot, n, wins[bot], wins[bot] / n, low, high, mean, mean - half, mean + half)
        )
    return table
