"""Games at scale (issue 14): local processes and Ray play the same games as one process;
tournaments of bots are summed up per bot with 95% intervals, in CSV and JSON."""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from sankore_rules.interfaces.simulation import (
    GameResult,
    GameSpec,
    SimulationError,
    play_game,
    run_games,
    seat_bots,
    standings,
    wilson_interval,
)

HAS_RAY = importlib.util.find_spec("ray") is not None
TAGS = (("source", "test"),)


def specs() -> list[GameSpec]:
    """Short games of every kind of bot, and a solo one, each with its record."""
    games = [
        GameSpec(
            seed=seed,
            players=2,
            bots=seat_bots(["mcts", "greedy"], 2, seed),
            options={"turn_limit": 2},
            mcts_iterations=6,
            record_tags=TAGS,
        )
        for seed in range(3)
    ]
    games.append(
        GameSpec(
            seed=9, players=3, bots=("random",) * 3, options={"turn_limit": 3}, record_tags=TAGS
        )
    )
    solo = GameSpec(
        seed=4,
        players=1,
        bots=("greedy",),
        options={"scholar": "easy", "turn_limit": 2},
        record_tags=TAGS,
    )
    games.append(solo)
    return games


@pytest.fixture(scope="module")
def sequential() -> list[GameResult]:
    return run_games(specs())


def test_two_processes_give_the_sequential_results(sequential: list[GameResult]) -> None:
    """Issue 14: --jobs 2 plays the same games, records included, in seed order."""
    assert sequential == run_games(specs(), jobs=2)
    assert all(r.record is not None for r in sequential)
    assert [0, 1, 2, 9, 4] == [r.seed for r in sequential]


@pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed (the ray extra)")
def test_ray_on_two_local_cpus_gives_the_sequential_results(
    sequential: list[GameResult],
) -> None:
    """Issue 14: the Ray backend, on a local instance of 2 CPUs started and stopped for the
    run, plays the same games, records included."""
    import ray

    assert sequential == run_games(specs(), jobs=2, backend="ray")
    assert not ray.is_initialized()


def test_a_result_names_the_bots_by_seat_and_the_automatic_seat(
    sequential: list[GameResult],
) -> None:
    """The Scholar's seat plays by itself (not one of the game's agents): it is "automatic"."""
    assert ("mcts", "greedy") == sequential[0].bots
    assert ("greedy", "mcts") == sequential[1].bots
    assert ("greedy", "automatic") == sequential[4].bots
    assert sequential[4] == play_game(specs()[4])


def test_seat_bots_turns_the_seats_each_game() -> None:
    with pytest.raises(ValueError, match="unknown bot 'a'"):
        seat_bots(["a", "b", "c"], 3, 0)
    assert [("mcts", "greedy", "random"), ("greedy", "random", "mcts")] == [
        seat_bots(["mcts", "greedy", "random"], 3, g) for g in range(2)
    ]
    assert ("random", "random") == seat_bots(["random"], 2, 5)
    with pytest.raises(ValueError, match="as many as the seats"):
        seat_bots(["mcts", "greedy"], 3, 0)


def test_wilson_interval_known_values() -> None:
    """The Wilson score interval at 95%, against values computed by hand."""
    assert (0.0, 1.0) == wilson_interval(0, 0)
    low, high = wilson_interval(50, 100)
    assert (0.4038, 0.5962) == (round(low, 4), round(high, 4))
    low, high = wilson_interval(0, 10)
    assert (0.0, 0.2775) == (round(low, 4), round(high, 4))


def result(bots: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...]) -> GameResult:
    return GameResult(0, bots, (), scores, winners, "madrasa", (0,) * len(bots), (0.0,) * len(bots))


def test_standings_count_wins_and_mean_scores_per_bot() -> None:
    """Per bot over every seat it played: wins (shared ones too), mean score, 95% intervals."""
    table = standings(
        [
            result(("mcts", "greedy"), (60, 40), (0,)),
            result(("greedy", "mcts"), (50, 50), (0, 1)),
            result(("mcts", "greedy"), (30, 70), (1,)),
            result(("greedy", "mcts"), (20, 80), (1,)),
        ]
    )
    assert ["greedy", "mcts"] == [s.bot for s in table]
    greedy, mcts = table
    assert (4, 2, 0.5, 45.0) == (greedy.games, greedy.wins, greedy.win_rate, greedy.mean_score)
    assert (4, 3, 0.75, 55.0) == (mcts.games, mcts.wins, mcts.win_rate, mcts.mean_score)
    # sd of (60, 50, 30, 80) is 20.8167; half width 1.96 * 20.8167 / 2
    assert (34.6, 75.4) == (round(mcts.score_low, 1), round(mcts.score_high, 1))
    assert (round(wilson_interval(3, 4)[0], 6), 0.75) == (round(mcts.win_low, 6), mcts.win_rate)


def test_bad_jobs_and_backends_are_refused() -> None:
    for options, message in (
        ({"jobs": 0}, "jobs must be at least 1"),
        ({"backend": "mpi"}, "unknown backend 'mpi'"),
        ({"address": "auto"}, "an address is for the ray backend"),
    ):
        with pytest.raises(SimulationError, match=message):
            run_games(specs()[:1], **options)  # type: ignore[arg-type]


# ---- the command line ------------------------------------------------------------------------


def cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sankore_rules", "simulate", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


GAME = ("--games", "4", "--seed", "3", "--turn-limit", "3", "--quiet")


def records(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


def test_simulate_jobs_2_writes_the_records_of_a_sequential_run(tmp_path: Path) -> None:
    """Issue 14: ``simulate --jobs 2`` writes the very records ``--jobs 1`` writes."""
    one = cli(tmp_path, *GAME, "--bot", "random,greedy", "--records", "one")
    two = cli(tmp_path, *GAME, "--bot", "random,greedy", "--records", "two", "--jobs", "2")
    assert (0, 0) == (one.returncode, two.returncode), one.stderr + two.stderr
    assert ["game-3.json", "game-4.json", "game-5.json", "game-6.json"] == list(
        records(tmp_path / "one")
    )
    assert records(tmp_path / "one") == records(tmp_path / "two")
    summaries = [
        [line for line in done.stdout.splitlines() if not line.startswith(("time: ", "records "))]
        for done in (one, two)
    ]
    assert summaries[0] == summaries[1]
    assert "bot        games  wins  win rate  95% CI        mean score  95% CI" in summaries[0]


def test_simulate_writes_the_standings_as_csv_and_json(tmp_path: Path) -> None:
    """Issue 14: a tournament prints per bot wins and mean score with 95% intervals, and
    writes them as CSV and JSON with the same figures."""
    done = cli(
        tmp_path,
        *GAME,
        "--bot",
        "greedy,random",
        "--standings-csv",
        "s.csv",
        "--standings-json",
        "s.json",
    )
    assert 0 == done.returncode, done.stderr
    rows = list(csv.DictReader((tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()))
    table = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert ["greedy", "random"] == [row["bot"] for row in rows] == [t["bot"] for t in table]
    fields = ["bot", "games", "wins", "win_rate", "win_low", "win_high", "mean_score"]
    assert [*fields, "score_low", "score_high"] == list(rows[0])
    for row, entry in zip(rows, table, strict=True):
        assert 4 == entry["games"] == int(row["games"])
        assert entry["wins"] == int(row["wins"])
        assert entry["win_low"] <= entry["win_rate"] <= entry["win_high"]
        assert entry["mean_score"] == float(row["mean_score"])
    lines = done.stdout.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("bot ")))
    assert ["greedy", "random"] == [line.split()[0] for line in lines[header + 1 : header + 3]]
    assert table[0]["wins"] + table[1]["wins"] >= 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--jobs", "0"), "--jobs must be at least 1, got 0"),
        (("--bot", "alphazero"), "unknown bot 'alphazero'"),
        (("--bot", "mcts,greedy,random"), "as many as the seats (2), not 3"),
        (("--backend", "ray", "--ray-address", "127.0.0.1:1"), "cannot reach the Ray cluster"),
        (("--ray-address", "auto"), "--ray-address goes with --backend ray"),
        (("--mcts-iterations", "0"), "needs a --mcts-time"),
        (("--mcts-time", "-1"), "--mcts-time must be a positive number"),
    ],
)
def test_simulate_refuses_bad_options_in_one_line(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    done = cli(tmp_path, "--games", "1", *args)
    assert 2 == done.returncode
    assert "Traceback" not in done.stderr
    assert 1 == len(done.stderr.splitlines())
    assert message in done.stderr


def test_simulate_shows_its_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    """Issue 14: the bar is drawn when standard error is a terminal (a pseudo-terminal here)."""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sankore_rules",
                "simulate",
                *("--games", "2", "--turn-limit", "2"),
            ],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=follower,
            text=True,
            timeout=120,
            check=False,
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert 0 == done.returncode
    assert "2/2 games" in shown.decode()


def test_play_against_the_mcts_bot(tmp_path: Path) -> None:
    """Issue 14: ``play --bot mcts`` seats the MCTS bot, with the budget given."""
    done = subprocess.run(
        [
            *(sys.executable, "-m", "sankore_rules", "play", "--seat", "1", "--seed", "4"),
            *("--bot", "mcts", "--mcts-iterations", "5", "--record", "game.json"),
        ],
        cwd=tmp_path,
        input="1\n" * 6 + "quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert 0 == done.returncode, done.stderr
    assert "you are P1 against 1 mcts bot(s)" in done.stdout
    assert "\nP0: " in done.stdout
    assert '"bots": "mcts"' in (tmp_path / "game.json").read_text(encoding="utf-8")
    bad = subprocess.run(
        [sys.executable, "-m", "sankore_rules", "play", "--bot", "mcts", "--mcts-time", "0"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (
        2,
        "sankore-rules: error: --mcts-time must be a positive number of seconds, got 0.0\n",
    ) == (
        bad.returncode,
        bad.stderr,
    )
