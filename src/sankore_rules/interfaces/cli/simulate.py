"""``simulate``: games between bots, in processes or on Ray, summarised and ranked."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from sankore_rules.interfaces.cli.common import (
    OK,
    PROG,
    UNUSABLE,
    chosen_game,
    chosen_seed,
    fail,
    game_setup,
    mcts_budget,
    setup_words,
    start_game,
    write_file,
)
from sankore_rules.interfaces.simulation import (
    BOTS,
    STANDING_FIELDS,
    GameResult,
    GameSpec,
    SimulationError,
    Standing,
    run_games,
    seat_bots,
    standings,
)


def _progress(stream: IO[str], done: int, total: int, started: float) -> None:
    """Redraw the progress bar on ``stream``: games done, and games per second so far."""
    width = 30
    filled = width * done // total
    elapsed = max(time.perf_counter() - started, 1e-9)
    stream.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
        f"{done / elapsed:.1f} games/s"
    )
    stream.flush()


def _bot_names(args: argparse.Namespace, seats: int) -> list[str]:
    """``--bot``'s names, checked against the bots and the ``seats`` that decide."""
    names = [n.strip() for n in str(args.bot).split(",")]
    try:
        seat_bots(names, seats, 0)
    except ValueError as exc:
        fail(UNUSABLE, f"--bot: {exc}")
    return names


def run_simulate(args: argparse.Namespace) -> int:
    """``simulate``: play ``--games`` seeded games between bots and summarise them."""
    if args.games < 1:
        fail(UNUSABLE, f"--games must be at least 1, got {args.games}")
    if args.jobs < 1:
        fail(UNUSABLE, f"--jobs must be at least 1, got {args.jobs}")
    if args.ray_address is not None and args.backend != "ray":
        fail(UNUSABLE, "--ray-address goes with --backend ray")
    game = chosen_game(args)
    players, options = game_setup(args, game)
    seed = chosen_seed(args)
    first = start_game(game, players, seed, options)  # checks the setup
    deciding = len(game.agents(first))
    names = _bot_names(args, deciding)
    iterations, seconds = mcts_budget(args)
    folder: Path | None = None
    if args.records is not None:
        folder = Path(args.records)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(UNUSABLE, f"cannot make the records folder {folder}: {exc}")
    tags = (("bots", args.bot), ("source", f"{PROG} simulate"))
    specs = [
        GameSpec(
            seed=seed + number,
            players=players,
            bots=seat_bots(names, deciding, number),
            game=game.name,
            options=options,
            mcts_iterations=iterations,
            mcts_time=seconds,
            record_tags=None if folder is None else tags,
        )
        for number in range(args.games)
    ]
    started = time.perf_counter()
    # The bar only where someone watches: not into a pipe, a file or a log.
    show = not args.quiet and sys.stderr.isatty()
    try:
        results = run_games(
            specs,
            jobs=args.jobs,
            backend=args.backend,
            address=args.ray_address,
            progress=(lambda done, total: _progress(sys.stderr, done, total, started))
            if show
            else None,
        )
    except SimulationError as exc:
        fail(UNUSABLE, str(exc))
    elapsed = time.perf_counter() - started
    if show:
        sys.stderr.write("\n")
    if folder is not None:
        for result in results:
            write_file(str(folder / f"game-{result.seed}.json"), result.record or "", "the record")
    print(f"{args.games} games of {game.title}: {setup_words(players, options, game)}")
    _print_summary(args, names, results, elapsed)
    table = standings(results)
    if len(names) > 1 or deciding < len(results[0].scores):
        print()
        print(render_standings(table))
    for path, text in (
        (args.standings_csv, standings_csv(table)),
        (args.standings_json, json.dumps([s.as_dict() for s in table], indent=2) + "\n"),
    ):
        if path is not None:
            write_file(path, text, "the standings")
    if folder is not None:
        print(f"records written to {folder}/game-<seed>.json")
    return OK


def _print_summary(
    args: argparse.Namespace, names: list[str], results: Sequence[GameResult], elapsed: float
) -> None:
    """The summary ``simulate`` prints: per seat, how the games ended, their length, speed."""
    last = args.seed + args.games - 1
    turned = " (seats turned each game)" if len(names) > 1 else ""
    print(f"{' and '.join(names)} bots{turned}, seeds {args.seed}-{last}\n")
    print(f"{'seat':<16}{'wins':>6}{'min':>8}{'mean':>8}{'max':>8}")
    for p, bot in enumerate(results[0].bots):
        scores_p = [r.scores[p] for r in results]
        wins = sum(p in r.winners for r in results)
        mean = sum(scores_p) / len(scores_p)
        # A seat the game plays by itself is named by the results, not by --bot.
        name = f"P{p}" if bot in BOTS else f"P{p} ({bot})"
        print(f"{name:<16}{wins:>6}{min(scores_p):>8}{mean:>8.1f}{max(scores_p):>8}")
    shared = sum(len(r.winners) > 1 for r in results)
    print(f"\nshared wins: {shared} of {args.games} games")
    causes: dict[str, int] = {}
    for r in results:
        cause = (r.end_cause or "unknown").replace("_", " ")
        causes[cause] = causes.get(cause, 0) + 1
    print(f"games ended by: {', '.join(f'{c} {n}' for c, n in sorted(causes.items()))}")
    decisions = [len(r.actions) for r in results]
    print(
        f"decisions per game: {sum(decisions) / len(decisions):.1f} on average "
        f"(min {min(decisions)}, max {max(decisions)})"
    )
    print(f"time: {elapsed:.2f} s, {args.games / max(elapsed, 1e-9):.1f} games per second")


def render_standings(table: Sequence[Standing]) -> str:
    """The standings as a text table: per bot, wins and mean score with 95% intervals."""
    lines = [
        f"{'bot':<10}{'games':>6}{'wins':>6}{'win rate':>10}  {'95% CI':<13}"
        f"{'mean score':>11}  95% CI"
    ]
    for s in table:
        lines.append(
            f"{s.bot:<10}{s.games:>6}{s.wins:>6}{s.win_rate:>10.3f}  "
            f"{f'{s.win_low:.3f}-{s.win_high:.3f}':<13}{s.mean_score:>11.1f}  "
            f"{s.score_low:.1f}-{s.score_high:.1f}"
        )
    return "\n".join(lines)


def standings_csv(table: Sequence[Standing]) -> str:
    """The standings as CSV text, a header line then one line per bot."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_FIELDS)
    for s in table:
        writer.writerow(s.as_dict().values())
    return out.getvalue()
