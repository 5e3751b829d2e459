"""The ``sankore-rules`` command line (issue 7), run as a subprocess on real files.

Every subcommand is checked for its output and exit status: 0 on success, 1 for an illegal
action or a record that does not replay, 2 for unusable input with a one-line message on
standard error and no traceback. The text rendering ``show`` prints is checked in-process too.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sankore_rules as sr
from positions import started
from sankore_rules.interfaces.bots import GreedyBot
from sankore_rules.interfaces.records import Record, load_record, replay, save_record
from sankore_rules.interfaces.render import render_scores, render_state

SIM_SEED = 5
SIM_GAMES = 3


def run(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m sankore_rules ARGS`` in ``cwd``, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "sankore_rules", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def run_all(cwd: Path, *commands: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """Several ``python -m sankore_rules`` commands run side by side (their start-up dominates)."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "sankore_rules", *args],
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args in commands
    ]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        results.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return results


def assert_unusable(result: subprocess.CompletedProcess[str], message: str) -> None:
    """Exit status 2, exactly one line on standard error, which says ``message``."""
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("sankore-rules: error: ")
    assert message in result.stderr


@pytest.fixture(scope="module")
def simulated(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """One ``simulate`` run writing its records, shared by the tests that read them."""
    folder = tmp_path_factory.mktemp("sim")
    result = run(
        folder,
        "simulate",
        "--players",
        "2",
        "--games",
        str(SIM_GAMES),
        "--seed",
        str(SIM_SEED),
        "--bot",
        "random",
        "--records",
        "records",
    )
    return folder, result


@pytest.fixture
def state_file(tmp_path: Path) -> Path:
    """A state file (``sr.to_json``) of a 2-player game on its first turn."""
    path = tmp_path / "state.json"
    path.write_text(sr.to_json(started(players=2, seed=5)), encoding="utf-8")
    return path


def record_path(folder: Path, seed: int) -> Path:
    return folder / "records" / f"game-{seed}.json"


# ---- simulate and replay -------------------------------------------------------------------


def test_simulate_prints_a_summary_and_writes_records(
    simulated: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """Issue 7: simulate plays K games and prints a summary table; issue 14: its progress bar
    stays quiet when standard error is not a terminal (here a pipe)."""
    folder, result = simulated
    assert result.returncode == 0
    assert "" == result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "3 games of Sankoré: The Pride of Mansa Musa: 2 players, library three_shelf",
        "random bots, seeds 5-7",
        "",
    ]
    [ends] = [line for line in lines if line.startswith("games ended by: ")]
    causes = dict(part.rsplit(" ", 1) for part in ends.removeprefix("games ended by: ").split(", "))
    assert SIM_GAMES == sum(int(n) for n in causes.values())
    assert set(causes) <= {"madrasa", "deadlock", "turn limit"}
    assert lines[3].split() == ["seat", "wins", "min", "mean", "max"]
    assert [lines[4].split()[0], lines[5].split()[0]] == ["P0", "P1"]
    assert any(line.startswith("decisions per game: ") for line in lines)
    assert any(line.endswith(" games per second") for line in lines)
    written = sorted(p.name for p in (folder / "records").iterdir())
    assert written == ["game-5.json", "game-6.json", "game-7.json"]


def test_simulate_summary_counts_the_recorded_wins(
    simulated: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """Issue 7: the wins column adds up the winners the records hold (shared wins each count)."""
    folder, result = simulated
    wins = [0, 0]
    for seed in range(SIM_SEED, SIM_SEED + SIM_GAMES):
        record = load_record(record_path(folder, seed).read_text(encoding="utf-8"))
        assert record.winners is not None
        for winner in record.winners:
            wins[winner] += 1
    rows = result.stdout.splitlines()[4:6]
    assert wins == [int(row.split()[1]) for row in rows]


def test_simulated_record_replays_to_the_same_final_scores(
    simulated: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """Issue 7: a record written by simulate replays to the final scores it recorded."""
    folder, _ = simulated
    path = record_path(folder, SIM_SEED)
    record = load_record(path.read_text(encoding="utf-8"))
    final = replay(record)
    assert sr.is_terminal(final)
    assert record.scores == tuple(p.total for p in sr.final_scores(final).players)
    assert dict(record.tags) == {"bots": "random", "source": "sankore-rules simulate"}

    result = run(folder, "replay", str(path))
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    expected_head = (
        f"Replayed {len(record.actions)} actions: the game is over, the recorded result confirmed."
    )
    assert expected_head == lines[0]
    sheet = [line.removesuffix("  winner") for line in lines if line.startswith("player ")]
    assert list(record.scores or ()) == [int(line.split()[-1]) for line in sheet]


def test_replay_any_rules_tries_a_record_of_another_ruleset(
    simulated: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    """Issue 7: --any-rules replays a record whose ruleset hash differs, with a warning."""
    folder, _ = simulated
    document = json.loads(record_path(folder, SIM_SEED).read_text(encoding="utf-8"))
    document["ruleset"]["hash"] = "0123456789abcdef"
    path = tmp_path / "older.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run(tmp_path, "replay", str(path), "--any-rules")
    assert result.returncode == 0
    assert result.stdout.startswith(f"Replayed {len(document['actions'])} actions: ")
    assert [
        f"sankore-rules: warning: {path} was made with ruleset 0123456789abcdef, "
        f"replayed with {sr.load_rules().content_hash}"
    ] == result.stderr.splitlines()


def test_replay_stops_at_the_first_illegal_action(tmp_path: Path) -> None:
    """Issue 7 / GRAD-1: replay reports the move number and the reasons, and exits 1."""
    state = started(players=2, seed=5)
    actions = []
    replayed = sr.new_game(players=2, seed=5)
    while replayed != state:  # the draft decisions started() took
        action = sr.legal_actions(replayed)[0]
        actions.append(str(action))
        replayed = sr.apply(replayed, action)
    path = tmp_path / "bad.json"
    path.write_text(
        save_record([*actions, "graduate s0a", "end"], players=2, seed=5), encoding="utf-8"
    )
    result = run(tmp_path, "replay", str(path))
    assert result.returncode == 1
    move = len(actions) + 1
    assert [
        f"Move {move} (graduate s0a) is illegal:",
        "  bottom_row: a Student in the bottom row cannot graduate (GRAD-1)",
    ] == result.stdout.splitlines()
    assert len(result.stderr.splitlines()) == 1
    assert f"move {move} (graduate s0a)" in result.stderr


def test_replay_refuses_a_record_whose_result_differs(
    simulated: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    """Issue 7: a record's stated result is checked against the replay (exit 1)."""
    folder, _ = simulated
    document = json.loads(record_path(folder, SIM_SEED + 1).read_text(encoding="utf-8"))
    true_scores = document["result"]["scores"]
    document["result"]["scores"] = [s + 100 for s in true_scores]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run(tmp_path, "replay", str(path))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert f"After move {len(document['actions'])} the game does not match the record:" == lines[0]
    assert lines[1].startswith("  result_differs: the record says scores ")
    assert f"the replay gives scores {true_scores}" in lines[1]


# ---- show, legal, explain ------------------------------------------------------------------


def test_show_renders_a_state_file(state_file: Path) -> None:
    """Issue 7: show prints the rendering of render_state and the running score."""
    state = sr.from_json(state_file.read_text(encoding="utf-8"))
    result = run(state_file.parent, "show", str(state_file))
    assert result.returncode == 0
    assert result.stderr == ""
    rendering, score = result.stdout.split("\n\nScore if the game ended now:\n")
    assert render_state(state) == rendering
    assert score.startswith(" " * 10 + "astronomy".rjust(13))


def test_show_renders_a_record_at_a_given_move(
    simulated: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """Issue 7: show accepts a record, replayed to its last state or to --move N."""
    folder, _ = simulated
    path = record_path(folder, SIM_SEED)
    record = load_record(path.read_text(encoding="utf-8"))
    whole = run(folder, "show", str(path))
    assert whole.returncode == 0
    assert "The game is over. Winner(s): " in whole.stdout
    assert "\n\nFinal scores:\n" in whole.stdout
    partial = run(folder, "show", str(path), "--move", "3", "--player", "1")
    assert partial.returncode == 0
    expected = render_state(replay(record, upto=3), viewer=1)
    assert expected == partial.stdout.split("\n\nScore if the game ended now:\n")[0]


def test_legal_lists_the_pending_decisions_options(state_file: Path) -> None:
    """Issue 7: legal prints the decision, then every legal action in notation, one a line."""
    state = sr.from_json(state_file.read_text(encoding="utf-8"))
    result = run(state_file.parent, "legal", str(state_file))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    player = state.current_player
    assert f"P{player} decides (turn): Take a main or bonus action, or end your turn" == lines[0]
    assert [str(a) for a in sr.legal_actions(state)] == lines[1:]
    assert lines[-1] == "end"


def test_explain_a_legal_action(state_file: Path) -> None:
    """Issue 7: explain says an action is legal and exits 0."""
    result = run(state_file.parent, "explain", str(state_file), "teach", "c0a")
    assert result.returncode == 0
    assert result.stdout == "legal: teach c0a\n"


def test_explain_grad_1_bottom_row_refused(state_file: Path) -> None:
    """GRAD-1 through explain: a bottom-row Student cannot graduate; the reason, exit 1."""
    result = run(state_file.parent, "explain", str(state_file), "graduate s0a")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "illegal: graduate s0a",
        "  bottom_row: a Student in the bottom row cannot graduate (GRAD-1)",
    ]
    assert result.stderr == ""


def test_explain_wrong_decision_and_bad_notation(state_file: Path) -> None:
    """Issue 7: an action kind this decision never takes (wrong_decision) and text that is not
    notation at all (bad_notation) are refused with their reasons (exit 1)."""
    wrong, bad = run_all(
        state_file.parent,
        ("explain", str(state_file), "fly", "north"),
        ("explain", str(state_file), "te$ch c1a"),
    )
    assert wrong.returncode == 1
    lines = wrong.stdout.splitlines()
    assert lines[0] == "illegal: fly north"
    assert lines[1].startswith(
        "  wrong_decision: 'fly' is not an answer to this decision (Take a main or bonus "
        "action, or end your turn); expected one of: "
    )
    assert bad.returncode == 1
    assert ["illegal: te$ch c1a", "  bad_notation: unexpected character in 'te$ch'"] == (
        bad.stdout.splitlines()
    )


def test_unusable_input_exits_2_with_a_one_line_message(state_file: Path) -> None:
    """Issue 7: missing files, malformed JSON, files of the wrong kind, inconsistent states
    (COMP counts), malformed records and unknown options all exit 2 with one line on stderr."""
    folder = state_file.parent
    (folder / "bad.json").write_text("{not json", encoding="utf-8")
    (folder / "list.json").write_text("[1, 2, 3]", encoding="utf-8")
    (folder / "broken.json").write_text(
        '{"format": "sankore-record", "version": 1, "actions": []}', encoding="utf-8"
    )
    document = json.loads(state_file.read_text(encoding="utf-8"))
    document["state"]["supply_books"][0] += 5
    (folder / "inconsistent.json").write_text(json.dumps(document), encoding="utf-8")
    document["state"]["supply_books"][0] -= 5
    document["state"]["library_side"] = "astronomy"
    (folder / "side.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / "short.json").write_text(save_record(["end"], players=2, seed=1), "utf-8")
    other = Record(players=2, seed=1, rules_name="house", rules_hash="0123456789abcdef")
    (folder / "other.json").write_text(save_record(other), encoding="utf-8")
    cases = [
        (("show", "nowhere.json"), "nowhere.json: no such file"),
        (("legal", "bad.json"), "bad.json: not JSON: "),
        (("show", "list.json"), "list.json: neither a game state nor a game record"),
        (("explain", "inconsistent.json", "end"), "inconsistent.json: inconsistent state: "),
        (("replay", "state.json"), "state.json: not a game record"),
        (("replay", "broken.json"), "broken.json: missing field setup"),
        (("legal", "other.json"), "other.json: this record was made with ruleset 'house'"),
        (("show", "state.json", "--move", "3"), "--move applies to a game record"),
        (("show", "side.json"), "side.json: inconsistent state: "),
        (("show", "short.json", "--move", "2"), "--move 2, but the record has only 1 actions"),
        (
            ("play", "--players", "2", "--seat", "2"),
            "--seat must be one of 0, 1 (the seats that decide), got 2",
        ),
        (("simulate", "--frobnicate"), "unrecognized arguments: --frobnicate"),
    ]
    results = run_all(folder, *(args for args, _ in cases))
    for (args, message), result in zip(cases, results, strict=True):
        assert (args, 2) == (args, result.returncode)
        assert (args, "") == (args, result.stdout)
        assert_unusable(result, message)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("library_side", "astronomy"),
        ("market", []),
        ("agenda", [{"kind": "fly", "player": 0, "args": {}}]),
        ("agenda", [{"kind": "turn", "player": 7, "args": {}}]),
    ],
)
def test_from_json_refuses_a_state_the_engine_cannot_play(field: str, value: object) -> None:
    """DESIGN (``from_json`` refuses malformed or inconsistent states with StateError): an
    unknown Library side (COMP-3), a market without its four columns (SETUP-C-15), a pending
    task of an unknown kind or for a player not in the game must be refused on reading, not
    crash ``legal_actions`` later with a KeyError, ValueError or IndexError."""
    document = json.loads(sr.to_json(started(players=2, seed=5)))
    document["state"][field] = value
    with pytest.raises(sr.StateError):
        sr.from_json(json.dumps(document))


def test_setup_p_9_from_json_refuses_a_player_without_an_introductory_class() -> None:
    """SETUP-P-9 / COMP-13: every player has a Class tile on each Introductory space from
    setup on; a state file missing one must be refused with StateError on reading, not
    accepted and then crash ``legal_actions`` with KeyError 'c0d'."""
    document = json.loads(sr.to_json(started(players=3, seed=4)))
    del document["state"]["players"][0]["classes"]["c0d"]
    with pytest.raises(sr.StateError):
        sr.from_json(json.dumps(document))


# ---- play ----------------------------------------------------------------------------------


def test_play_answers_bad_input_and_exits_on_end_of_input(tmp_path: Path) -> None:
    """Issue 7: bad input gets the reason and the prompt again; EOF ends the game cleanly."""
    result = run(
        tmp_path,
        "play",
        "--players",
        "2",
        "--seat",
        "0",
        "--seed",
        "4",
        "--bot",
        "random",
        stdin="99\nfly north\n1\n",
    )
    assert result.returncode == 0
    assert result.stderr == ""
    out = result.stdout
    assert "Sankoré: The Pride of Mansa Musa (seed 4): you are P0 against 1 random bot(s)." in out
    assert "Player P0 (you)" in out
    assert "> 99\nNot possible: there is no action 99: choose 1 to " in out
    assert "> fly north\nNot possible: 'fly' is not an answer to this decision" in out
    first = sr.legal_actions(sr.new_game(players=2, seed=4))[0]
    assert f"> 1\nP0: {first}\n" in out
    # Each option in words, its notation beside (issue 41).
    words = sr.describe(sr.new_game(players=2, seed=4), first)
    assert f"    1. {words}  [{first}]\n" in out
    assert out.endswith("> \nEnd of input: the game is left unfinished.\n")


def test_play_a_whole_game_by_numbers(tmp_path: Path) -> None:
    """Issue 7: always answering 1 plays a game to its end and shows the final scores."""
    result = run(
        tmp_path,
        "play",
        "--players",
        "2",
        "--seat",
        "1",
        "--seed",
        "4",
        "--bot",
        "random",
        stdin="1\n" * 3000,
    )
    assert result.returncode == 0
    assert "\nThe game is over.\n\nFinal scores:\n" in result.stdout
    last = result.stdout.splitlines()[-1]
    assert last in ("You win!", "You do not win this time.")


# ---- demo ----------------------------------------------------------------------------------


def test_demo_still_prints_the_summary_and_score_sheet(tmp_path: Path) -> None:
    """Issue 7: ``make demo`` keeps working: the game summary and the score sheet."""
    result = run(tmp_path, "demo", "--players", "3", "--seed", "7")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith(
        "Sankoré: The Pride of Mansa Musa, 3 players, library three_shelf, seed 7: "
        "greedy bots play a whole game.\n\n"
    )
    final = sr.new_game(players=3, seed=7)
    bots = {p: GreedyBot(seed=70 + p) for p in range(3)}
    decisions = 0
    while not sr.is_terminal(final):
        final = sr.apply(final, bots[final.current_player].choose(final))
        decisions += 1
    position = out.split(f"{decisions} decisions. The last position:\n\n")[1]
    assert position.startswith(render_state(final) + "\n\nFinal scores:\n")
    sheet = out.split("\nFinal scores:\n")[1].splitlines()
    assert sheet[0].split() == ["astronomy", "theology", "mathematics", "law", "total"]
    assert [line[:8] for line in sheet[2:5]] == ["player 0", "player 1", "player 2"]
    assert any(line.endswith("winner") for line in sheet[2:5])


# ---- the rendering (in-process) --------------------------------------------------------------


def test_render_state_shows_every_section() -> None:
    """Issue 7: render_state shows the areas, queues, Madrasa, Library and every player."""
    state = started(players=3, seed=2)
    text = render_state(state)
    assert (
        (text.splitlines()[0])
        == "Sankoré, 3 players, seed 2, Library three_shelf, ruleset sankore-standard"
    )
    for heading in (
        "Student queues",
        "Board areas",
        "The Madrasa",
        "The Library",
        "Advanced Class market",
        "Supply:",
        "Player P0",
        "Player P1",
        "Player P2",
    ):
        assert heading in text
    p = state.current_player
    assert p is not None
    objectives = ", ".join(f"#{n}" for n in state.players[p].objectives)
    assert f"  Objectives: {objectives}; completed: none" in text


def test_render_state_for_a_viewer_hides_others_objectives_and_the_seed() -> None:
    """Issue 7: with a viewer, the others' Objective cards show only as a count (as
    ``sr.observation`` does) and the seed is not shown."""
    state = started(players=2, seed=2)
    text = render_state(state, viewer=0)
    assert "seed" not in text.splitlines()[0]
    mine = ", ".join(f"#{n}" for n in state.players[0].objectives)
    assert f"  Objectives: {mine}; completed: none" in text
    assert f"  Objectives: {len(state.players[1].objectives)} hidden; completed: none" in text
    assert "Player P0 (you)" in text


def test_render_state_of_a_finished_game_names_the_winners() -> None:
    """Issue 7 / END-4: a finished game's rendering says so and names the winners."""
    record = load_record(save_record([], players=2, seed=1))
    state = record.start()
    from sankore_rules.interfaces.bots import RandomBot

    bot = RandomBot(seed=1)
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))
    winners = ", ".join(f"P{w}" for w in sr.final_scores(state).winners)
    assert f"The game is over. Winner(s): {winners}" == render_state(state).splitlines()[2]


def test_render_state_names_the_pending_decision_at_every_step() -> None:
    """Issue 7: every state of a whole random game renders, naming who decides what."""
    from sankore_rules.interfaces.bots import RandomBot
    from sankore_rules.sankore import engine

    state = sr.new_game(players=3, seed=8)
    bot = RandomBot(seed=8)
    while not sr.is_terminal(state):
        task = state.decision
        assert task is not None
        prompt = engine.STEPS[task.kind].prompt
        expected = f"Now: P{task.player} decides ({task.kind}): {prompt}"
        assert expected == render_state(state, viewer=task.player).splitlines()[2]
        state = sr.apply(state, bot.choose(state))


def test_simulate_turn_limit_bounds_every_game_and_is_recorded(tmp_path: Path) -> None:
    """Issue 11: ``--turn-limit 2`` ends every game after two turns each, says so, and writes
    the variant into each record, whose replay ends the same way."""
    result = run(
        tmp_path, "simulate", "--games", "2", "--seed", "0", "--turn-limit", "2", "--records", "out"
    )
    assert 0 == result.returncode, result.stderr
    assert "games ended by: turn limit 2" in result.stdout.splitlines()
    record = sr.load_record((tmp_path / "out" / "game-0.json").read_text(encoding="utf-8"))
    assert {"library": "three_shelf", "turn_limit": 2} == record.options
    final = sr.replay(record)
    assert ("turn_limit", [2, 2]) == (final.end_cause, [pl.turns for pl in final.players])


def test_turn_limit_below_zero_is_unusable(tmp_path: Path) -> None:
    """Issue 11: a negative ``--turn-limit`` is one line and exit 2, for simulate and play: the
    game's own refusal."""
    for command in ("simulate", "play --seat 0"):
        result = run(tmp_path, *command.split(), "--turn-limit", "-1")
        assert_unusable(result, "turn_limit must be a positive integer or None, got -1")


# ---- help, version, new, apply (issue 15) ----------------------------------------------------


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    from sankore_rules.interfaces.cli import build_parser

    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return {"": parser, **sub.choices}


def test_every_subcommand_documents_every_option_with_its_default() -> None:
    """Issue 15: each command's help has words for every argument, states each default, and
    shows no markup meant for Python docstrings."""
    undocumented = []
    unstated = []
    for name, parser in _subcommands().items():
        text = " ".join(parser.format_help().split())  # as read, whatever the wrapping
        assert not re.search(r"``|:func:|:class:|\*\*", text), (name, text)
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction | argparse._VersionAction):
                continue
            if not action.help or action.help == argparse.SUPPRESS:
                undocumented.append(f"{name} {action.dest}")
            default = action.default
            unset = default is None or default is False or default == argparse.SUPPRESS
            if action.option_strings and not unset:
                shown = f"default: {default}" in text or f"default {default}" in text
                if not shown and f"({default}, the default" not in text:
                    unstated.append(f"{name} {action.option_strings[-1]}={default}")
    assert [] == undocumented
    assert [] == unstated
    assert len(_subcommands()) >= 10


def test_version_is_the_package_version(tmp_path: Path) -> None:
    """Issue 15: ``--version`` prints the version the package and its metadata carry."""
    from importlib.metadata import version

    result = run(tmp_path, "--version")
    assert (0, f"sankore-rules {sr.__version__}\n") == (result.returncode, result.stdout)
    assert version("sankore-rules") == sr.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?", sr.__version__)


def test_new_writes_a_state_file_that_legal_explain_and_apply_read(tmp_path: Path) -> None:
    """Issue 15: ``new`` sets up the game ``new_game`` does and writes it for the commands that
    read state files; ``apply`` moves it on in place, and refuses an illegal action unchanged."""
    made = run(tmp_path, "new", "--players", "3", "--seed", "7", "-o", "state.json")
    assert 0 == made.returncode, made.stderr
    state = sr.new_game(players=3, seed=7)
    assert state == sr.from_json((tmp_path / "state.json").read_text(encoding="utf-8"))
    assert made.stdout.startswith("Wrote state.json (seed 7). P")
    first = str(sr.legal_actions(state)[0])
    legal = run(tmp_path, "legal", "state.json")
    assert [str(a) for a in sr.legal_actions(state)] == legal.stdout.splitlines()[1:]
    assert 0 == run(tmp_path, "explain", "state.json", first).returncode
    applied = run(tmp_path, "apply", "state.json", *first.split())
    assert 0 == applied.returncode, applied.stderr
    assert applied.stdout.startswith(f"Applied {first}, wrote state.json. P")
    after = sr.from_json((tmp_path / "state.json").read_text(encoding="utf-8"))
    assert sr.apply(state, first) == after
    refused = run(tmp_path, "apply", "state.json", "end")
    assert 1 == refused.returncode
    assert refused.stdout.startswith("illegal: end\n  wrong_decision: ")
    assert after == sr.from_json((tmp_path / "state.json").read_text(encoding="utf-8"))


def test_apply_to_a_record_needs_an_output_file(tmp_path: Path) -> None:
    """Issue 15: ``apply`` never writes a state over a game record."""
    (tmp_path / "game.json").write_text(save_record([], players=2, seed=1), encoding="utf-8")
    first = str(sr.legal_actions(sr.new_game(players=2, seed=1))[0])
    assert_unusable(run(tmp_path, "apply", "game.json", first), "game.json is a game record")
    written = run(tmp_path, "apply", "game.json", first, "-o", "next.json")
    assert 0 == written.returncode, written.stderr
    expected = sr.apply(sr.new_game(players=2, seed=1), first)
    assert expected == sr.from_json((tmp_path / "next.json").read_text(encoding="utf-8"))


def test_play_needs_no_seat_and_saves_its_record(tmp_path: Path) -> None:
    """Issue 15: ``play`` seats the player at P0 by default; ``--record`` writes the game, left
    unfinished here, as a record that replays to where it was left."""
    result = run(tmp_path, "play", "--seed", "4", "--record", "game.json", stdin="1\n1\n1\nquit\n")
    assert 0 == result.returncode, result.stderr
    assert "you are P0 against 1 greedy bot(s)" in result.stdout
    assert result.stdout.endswith("You leave the game.\nThe game's record is in game.json.\n")
    record = load_record((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert (2, 4, None) == (record.players, record.seed, record.scores)
    mine = [line[4:] for line in result.stdout.splitlines() if line.startswith(("P0: ", "P1: "))]
    assert tuple(mine) == record.actions
    assert {"human": "P0", "bots": "greedy", "source": "sankore-rules play"} == dict(record.tags)
    assert 0 == run(tmp_path, "replay", "game.json").returncode


# ---- the solo game (issue 10) ------------------------------------------------------------------


def test_simulate_solo_games_against_the_scholar(tmp_path: Path) -> None:
    """SOLO-SET-1, SOLO-END-2: ``simulate --players 1 --scholar hard`` plays solo games, shows
    your row and the Scholar's, and writes records that replay with their result."""
    result = run(
        tmp_path,
        *("simulate", "--players", "1", "--scholar", "hard", "--games", "2", "--seed", "3"),
        *("--records", "records", "--quiet"),
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == [
        "2 games of Sankoré: The Pride of Mansa Musa: 1 player, library three_shelf, scholar hard",
        "random bots, seeds 3-4",
    ]
    assert ["P0", "P1 (automatic)"] == [lines[4][:16].strip(), lines[5][:16].strip()]
    [ends] = [line for line in lines if line.startswith("games ended by: ")]
    assert set(ends.removeprefix("games ended by: ").split(", ")) <= {
        "madrasa 1",
        "madrasa 2",
        "scholar 1",
        "scholar 2",
    }
    record = load_record(record_path(tmp_path, 3).read_text(encoding="utf-8"))
    assert (1, "hard") == (record.players, record.options["scholar"])
    assert record.scores is not None and 2 == len(record.scores)
    assert sr.is_terminal(replay(record))
    shown = run(tmp_path, "replay", str(record_path(tmp_path, 4)))
    assert shown.returncode == 0
    assert "the recorded result confirmed" in shown.stdout
    assert any(line.startswith("Scholar ") for line in shown.stdout.splitlines())


def test_play_a_solo_game_by_numbers(tmp_path: Path) -> None:
    """SOLO-FLOW-1, SOLO-FLOW-3: ``play --players 1 --scholar easy`` seats you first, prints
    what the Scholar did and why after each of your turns, the result, and saves a record that
    replays to the same scores."""
    result = run(
        tmp_path,
        *("play", "--players", "1", "--scholar", "easy", "--seed", "3", "--record", "solo.json"),
        stdin="1\n" * 3000,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith(
        "Sankoré: The Pride of Mansa Musa (seed 3): you are P0 against P1, played by "
        "the rules after each turn."
    )
    assert "The Scholar (P1, easy)" in out
    assert "\n  The Scholar played: Turn 1, phase 1: card #" in out
    assert "\n  The Scholar played: Teach " in out
    assert "\nThe game is over.\n\nFinal scores:\n" in out
    assert out.splitlines()[-2].startswith(("You win!", "You do not win this time."))
    record = load_record((tmp_path / "solo.json").read_text(encoding="utf-8"))
    assert (1, "easy") == (record.players, record.options["scholar"])
    assert record.scores is not None and sr.is_terminal(replay(record))


def test_solo_options_that_do_not_fit_are_unusable(tmp_path: Path) -> None:
    """SOLO-SET-1, SOLO-SET-11: --players 1 needs --scholar, --scholar needs --players 1, and
    your seat in a solo game is 0."""
    no_scholar, for_three, seat, bad = run_all(
        tmp_path,
        ("simulate", "--players", "1", "--games", "1"),
        ("simulate", "--players", "3", "--scholar", "easy", "--games", "1"),
        ("play", "--players", "1", "--scholar", "easy", "--seat", "1"),
        ("play", "--players", "1", "--scholar", "legendary"),
    )
    assert_unusable(no_scholar, "the solo game (players=1) needs scholar= one of 'easy', ")
    assert_unusable(for_three, "scholar= sets the solo opponent of a game of players=1")
    assert_unusable(seat, "--seat must be one of 0 (the seats that decide), got 1")
    assert bad.returncode == 2
    assert "invalid choice: 'legendary'" in bad.stderr


def test_render_state_shows_the_scholars_board() -> None:
    """SOLO-SET-3, SOLO-SET-8, SOLO-SET-9: the text view names the solo game and shows the
    Scholar's board; for you, its deck and bag without their order."""
    from positions import solo

    state = sr.apply(solo("hard", 2), "end")
    text = render_state(state)
    assert text.splitlines()[0].startswith(
        "Sankoré, solo against the Scholar (hard: Muhammad al-Kabari, P1), seed 2"
    )
    assert "The Scholar (P1, hard) - 1 of 16 turns played" in text
    assert "  next: turn 2, phase 1, space 2: " in text
    assert "bag, in drawing order: " in text
    yours = render_state(state, viewer=0)
    assert "deck: 3 hidden" in yours
    assert "bag, in drawing order" not in yours


# ---- every game through the same commands (issue 26) -----------------------------------------


def _tribes_game(seed: int, players: int = 2) -> object:
    return sr.new_game(players=players, seed=seed, game="five_tribes")


def test_play_five_tribes_against_bots_by_piped_answers(tmp_path: Path) -> None:
    """FT-AUC-1 through ``play --game five-tribes``: the bids and picks are answered from
    standard input against a random bot, the bot's moves are shown, bad input gets the reason,
    and the end of input leaves the game cleanly with its record, which replays."""
    result = run(
        tmp_path,
        *("play", "--game", "five-tribes", "--seed", "3", "--bot", "random"),
        *("--record", "ft.json"),
        stdin="1\n99\n1\n1\n",
    )
    assert (0, "") == (result.returncode, result.stderr)
    out = result.stdout
    assert out.startswith(
        "Five Tribes (seed 3): you are P0 against 1 random bot(s). Type the number of an action"
    )
    state = _tribes_game(3)
    first = sr.legal_actions(state)[0]
    assert "\nNow: P0 decides (bid): Choose a space of the Turn Order Track\n" in out
    assert f"> 1\nP0: {first}\n" in out
    assert "> 99\nNot possible: there is no action 99: choose 1 to " in out
    assert out.endswith(
        "> \nEnd of input: the game is left unfinished.\nThe game's record is in ft.json.\n"
    )
    record = load_record((tmp_path / "ft.json").read_text(encoding="utf-8"))
    assert ("five_tribes", 2, 3, {}) == (record.game, record.players, record.seed, record.options)
    # The actions as play echoes them; the board's seat lines ("P0: 50 coins ...", "P1: ? coins"
    # for a rival's hidden coins, FT-PUB-3) are not.
    shown = [line[4:] for line in out.splitlines() if re.match(r"P[01]: (?!(\d+|\?) coins)", line)]
    assert tuple(shown) == record.actions
    assert 3 < len(record.actions)  # the bot's moves came between the answers
    assert replay(record) == _replayed(state, record.actions)
    assert {"human": "P0", "bots": "random", "source": "sankore-rules play"} == dict(record.tags)


def _replayed(state: object, actions: tuple[str, ...]) -> object:
    for action in actions:
        state = sr.apply(state, action)
    return state


def test_play_five_tribes_quit_and_help(tmp_path: Path) -> None:
    """``play --game five-tribes``: ``help``, ``score`` and ``board`` answer without acting;
    ``quit`` leaves the game at once (exit 0, nothing on standard error)."""
    result = run(
        tmp_path,
        *("play", "--game", "five_tribes", "--players", "3", "--seed", "3", "--seat", "1"),
        stdin="help\nscore\nboard\nquit\n1\n",
    )
    assert (0, "") == (result.returncode, result.stderr)
    out = result.stdout
    assert "you are P1 against 2 greedy bot(s)." in out
    assert "> help\nType the number of an action or its notation." in out
    assert "> score\nP0: " in out
    assert "> board\nFive Tribes, 3 players, round 1\n" in out
    assert out.endswith("> quit\nYou leave the game.\n")


def test_new_five_tribes_then_legal_apply_and_show(tmp_path: Path) -> None:
    """FT-SET-1, FT-AUC-1: ``new --game five-tribes`` writes the state ``new_game`` sets up;
    ``legal`` lists its bids, ``apply`` takes one in place, ``show`` prints the game's text and
    its running score."""
    made = run(tmp_path, "new", "--game", "five-tribes", "--players", "3", "--seed", "4")
    assert (0, "") == (made.returncode, made.stderr)
    state = _tribes_game(4, players=3)
    assert made.stdout == f"Wrote state.json (seed 4). {_decision(state)}\n"
    assert state == sr.from_json((tmp_path / "state.json").read_text(encoding="utf-8"))
    legal = run(tmp_path, "legal", "state.json")
    assert 0 == legal.returncode
    assert [_decision(state), *(str(a) for a in sr.legal_actions(state))] == (
        legal.stdout.splitlines()
    )
    applied = run(tmp_path, "apply", "state.json", "bid", "8")
    assert 0 == applied.returncode, applied.stderr
    after = sr.apply(state, "bid 8")
    assert applied.stdout == f"Applied bid 8, wrote state.json. {_decision(after)}\n"
    assert after == sr.from_json((tmp_path / "state.json").read_text(encoding="utf-8"))
    shown = run(tmp_path, "show", "state.json")
    assert 0 == shown.returncode
    assert shown.stdout == (
        f"{render_state(after)}\n\nScore if the game ended now:\n{render_scores(after)}\n"
    )


def _decision(state: object) -> str:
    view = sr.game_of(state).decision_view(state)
    assert view is not None
    return f"P{view['player']} decides ({view['kind']}): {view['prompt']}"


def test_view_writes_a_page_for_a_five_tribes_and_a_solo_record(tmp_path: Path) -> None:
    """``view`` pages through a record of any game: Five Tribes, and Sankoré solo
    (SOLO-SET-1), each written as one HTML page."""
    tribes = _tribes_game(6)
    tribes_actions = [str(a) for a in sr.legal_actions(tribes)[:1]]
    (tmp_path / "ft.json").write_text(
        save_record(tribes_actions, players=2, seed=6, game="five_tribes"), encoding="utf-8"
    )
    solo = sr.new_game(players=1, seed=6, scholar="hard")
    solo_actions = [str(sr.legal_actions(solo)[0])]
    (tmp_path / "solo.json").write_text(
        save_record(solo_actions, players=1, seed=6, scholar="hard"), encoding="utf-8"
    )
    ft, one = run_all(tmp_path, ("view", "ft.json"), ("view", "solo.json", "-o", "one.html"))
    assert (0, "", "Game viewer of 1 actions written to ft.html\n") == (
        ft.returncode,
        ft.stderr,
        ft.stdout,
    )
    assert (0, "", "Game viewer of 1 actions written to one.html\n") == (
        one.returncode,
        one.stderr,
        one.stdout,
    )
    for page in ("ft.html", "one.html"):
        text = (tmp_path / page).read_text(encoding="utf-8")
        assert text.startswith("<!doctype html>")
        assert text.rstrip().endswith("</html>")


def test_demo_five_tribes_is_played_by_greedy_bots(tmp_path: Path) -> None:
    """``demo --game five-tribes``: greedy bots (seeded ``seed * 10 + seat``) play a whole game,
    whose last position and final scores (FT-SC-1..8) are printed."""
    result = run(tmp_path, "demo", "--game", "five-tribes", "--seed", "5")
    assert (0, "") == (result.returncode, result.stderr)
    state = _tribes_game(5)
    bots = {p: GreedyBot(seed=50 + p) for p in range(2)}
    decisions = 0
    while not sr.is_terminal(state):
        state = sr.apply(state, bots[sr.game_of(state).current_player(state)].choose(state))
        decisions += 1
    assert result.stdout == (
        "Five Tribes, 2 players, seed 5: greedy bots play a whole game.\n\n"
        f"{decisions} decisions. The last position:\n\n{render_state(state)}\n\n"
        f"Final scores:\n{render_scores(state, final=True)}\n"
    )
    assert "The game is over. Winner(s): P" in result.stdout


def test_simulate_five_tribes_on_two_processes_equals_one(tmp_path: Path) -> None:
    """``simulate --game five-tribes --games 4``: two processes give the same summary and the
    same records as one, and each record replays to its recorded result."""
    one, two = run_all(
        tmp_path,
        *(
            (
                *("simulate", "--game", "five-tribes", "--games", "4", "--seed", "3"),
                *("--jobs", str(jobs), "--records", f"out{jobs}", "--quiet"),
            )
            for jobs in (1, 2)
        ),
    )
    assert (0, "", 0, "") == (one.returncode, one.stderr, two.returncode, two.stderr)

    def summary(result: subprocess.CompletedProcess[str]) -> list[str]:
        return [
            line
            for line in result.stdout.splitlines()
            if not line.startswith(("time: ", "records written to "))
        ]

    assert summary(one) == summary(two)
    assert summary(one)[:3] == ["4 games of Five Tribes: 2 players", "random bots, seeds 3-6", ""]
    names = [f"game-{seed}.json" for seed in range(3, 7)]
    assert names == sorted(p.name for p in (tmp_path / "out1").iterdir())
    for name in names:
        text = (tmp_path / "out1" / name).read_text(encoding="utf-8")
        assert text == (tmp_path / "out2" / name).read_text(encoding="utf-8")
        record = load_record(text)
        assert "five_tribes" == record.game
        assert sr.is_terminal(replay(record))


def test_game_is_not_read_as_games_and_no_option_is_abbreviated(tmp_path: Path) -> None:
    """``--game`` and ``--games`` are two options: neither is read for the other, and an
    abbreviation (``--gam``) is refused instead of being guessed (exit 2)."""
    both, short = run_all(
        tmp_path,
        ("simulate", "--game", "five-tribes", "--games", "2", "--seed", "0", "--quiet"),
        ("simulate", "--gam", "five-tribes"),
    )
    assert 0 == both.returncode, both.stderr
    assert both.stdout.splitlines()[:2] == [
        "2 games of Five Tribes: 2 players",
        "random bots, seeds 0-1",
    ]
    assert_unusable(short, "unrecognized arguments: --gam five-tribes")
    args = _subcommands()["simulate"].parse_args(["--game", "five-tribes", "--games", "3"])
    assert ("five_tribes", 3) == (args.game, args.games)


def test_an_option_of_another_game_is_refused(tmp_path: Path) -> None:
    """A setup flag the chosen game does not take is refused with exit 2 and one line: Five
    Tribes takes none of Sankoré's options (FT-SET-1); an unknown game is refused by argparse."""
    library, scholar, limit, chess = run_all(
        tmp_path,
        ("new", "--game", "five-tribes", "--library", "six_shelf"),
        ("demo", "--game", "five-tribes", "--scholar", "easy"),
        ("simulate", "--game", "five_tribes", "--turn-limit", "5"),
        ("new", "--game", "chess"),
    )
    assert_unusable(library, "--library is not an option of five_tribes (its options: none)")
    assert_unusable(scholar, "--scholar is not an option of five_tribes (its options: none)")
    assert_unusable(limit, "--turn-limit is not an option of five_tribes (its options: none)")
    assert (2, "") == (chess.returncode, chess.stdout)
    assert [
        "sankore-rules new: error: argument --game: invalid choice: 'chess' "
        "(choose from 'sankore', 'five_tribes') (see --help)"
    ] == chess.stderr.splitlines()
    assert not (tmp_path / "state.json").exists()


def test_player_counts_are_the_games_own(tmp_path: Path) -> None:
    """Each game's player counts: Five Tribes is for 2-4 (FT-SET-1), Sankoré 1-4."""
    (one,) = run_all(tmp_path, ("new", "--game", "five-tribes", "--players", "1"))
    assert_unusable(one, "--players must be one of 2, 3, 4 for five_tribes, got 1")


def test_option_flags_are_the_registered_games_options() -> None:
    """Issue 26: the setup flags are generated from ``game.options`` of every registered game,
    with their choices; none of them has a default of its own (the game's applies)."""
    parser = _subcommands()["new"]
    flags = {
        a.option_strings[0]: (a.choices, a.default)
        for a in parser._actions
        if a.dest.startswith("option_")
    }
    expected = {}
    for game in sr.games():
        for option in game.options:
            choices = [str(c) if c is not None else "none" for c in option.choices] or None
            expected["--" + option.name.replace("_", "-")] = (choices, None)
    assert expected == flags
    assert {"--library", "--scholar", "--turn-limit"} <= set(flags)


def test_a_toy_game_plays_through_the_command_line_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: a game the command line has never heard of (the tests' Hidden Nim) is set up
    with its own option flag (``--pile``, from its ``options``), listed, acted on, shown, played
    out by greedy bots and recorded, with no change to the command line; its flag is refused
    to Sankoré (exit 2)."""
    from sankore_rules.interfaces.cli import main
    from toy_game import registered

    path = str(tmp_path / "nim.json")
    with registered():
        made = ["new", "--game", "hidden-nim", "--players", "3", "--seed", "2", "--pile", "7"]
        assert 0 == main([*made, "-o", path])
        state = sr.new_game(players=3, seed=2, game="hidden_nim", pile=7)
        assert state == sr.from_json(Path(path).read_text(encoding="utf-8"))
        assert capsys.readouterr().out == f"Wrote {path} (seed 2). {_decision(state)}\n"
        assert 0 == main(["legal", path])
        listed = [_decision(state), *(str(a) for a in sr.legal_actions(state))]
        assert listed == capsys.readouterr().out.splitlines()
        first = str(sr.legal_actions(state)[0])
        assert 0 == main(["apply", path, *first.split()])
        after = sr.apply(state, first)
        capsys.readouterr()
        assert 0 == main(["show", path])
        assert capsys.readouterr().out == (
            f"{render_state(after)}\n\nScore if the game ended now:\n{render_scores(after)}\n"
        )
        assert 0 == main(["demo", "--game", "hidden_nim", "--seed", "4", "--pile", "9"])
        assert capsys.readouterr().out.startswith(
            "Hidden Nim, 2 players, pile 9, seed 4: greedy bots play a whole game.\n"
        )
        record = str(tmp_path / "nim-record.json")
        played = [str(a) for a in sr.legal_actions(state)[:1]]
        Path(record).write_text(
            save_record(played, players=3, seed=2, game="hidden_nim", pile=7), encoding="utf-8"
        )
        assert {"game": "hidden_nim", "players": 3, "seed": 2, "pile": 7} == json.loads(
            Path(record).read_text(encoding="utf-8")
        )["setup"]
        assert 0 == main(["replay", record])
        assert capsys.readouterr().out.startswith(
            f"Replayed 1 actions; the game goes on. {_decision(after)}\n"
        )
        assert 2 == main(["new", "--pile", "3", "-o", path])
        assert "--pile is not an option of sankore (its options: --library, --scholar, " in (
            capsys.readouterr().err
        )


# ---- one command line (issue 27) ---------------------------------------------------------------

GAME_COMMANDS = ("new", "play", "simulate", "demo", "random")


def test_every_command_that_sets_up_a_game_has_the_same_defaults() -> None:
    """Issue 27: ``--players`` (the game's usual count), ``--seed`` (a fresh one) and
    ``--turn-limit`` (none) default alike in every command that sets up a game."""
    commands = _subcommands()
    defaults = {
        name: {
            action.option_strings[-1]: action.default
            for action in commands[name]._actions
            if action.option_strings[-1] in ("--players", "--seed", "--turn-limit")
        }
        for name in GAME_COMMANDS
    }
    same = {"--players": None, "--seed": None, "--turn-limit": None}
    assert {name: same for name in GAME_COMMANDS} == defaults


def test_every_subcommand_has_a_one_line_summary_and_a_description() -> None:
    """Issue 27: the top-level help gives each subcommand a line, and each subcommand's own
    help opens with its description."""
    commands = _subcommands()
    top = commands[""].format_help()
    for name, parser in commands.items():
        if not name:
            continue
        assert re.search(rf"^    {name} +\S", top, flags=re.M), name
        assert parser.description, name
        assert parser.description.split()[0] in parser.format_help()


def test_legal_explain_and_show_print_json_for_scripts(state_file: Path) -> None:
    """Issue 27: ``--json`` on legal, explain and show: the decision, the options, the reasons
    with their codes, the state (or one player's observation) as data."""
    state = sr.from_json(state_file.read_text(encoding="utf-8"))
    legal, good, bad, whole, seen = run_all(
        state_file.parent,
        ("legal", "state.json", "--json"),
        ("explain", "state.json", "--json", str(sr.legal_actions(state)[0])),
        ("explain", "state.json", "--json", "draft", "no-such-tile"),
        ("show", "state.json", "--json"),
        ("show", "state.json", "--json", "--player", "1"),
    )
    decision = sr.game_of(state).decision_view(state)
    assert 0 == legal.returncode, legal.stderr
    assert {
        "game": "sankore",
        "over": False,
        "decision": decision,
        "actions": [str(a) for a in sr.legal_actions(state)],
    } == json.loads(legal.stdout)
    assert (0, {"action": str(sr.legal_actions(state)[0]), "legal": True, "reasons": []}) == (
        good.returncode,
        json.loads(good.stdout),
    )
    refused = json.loads(bad.stdout)
    assert (1, "draft no-such-tile", False) == (bad.returncode, refused["action"], refused["legal"])
    assert [
        {"code": r.code, "words": r.words} for r in sr.explain(state, "draft no-such-tile")
    ] == refused["reasons"]
    assert json.loads(sr.to_json(state)) == json.loads(whole.stdout)["state"]
    assert (
        json.loads(json.dumps(sr.observation(state, 1))) == json.loads(seen.stdout)["observation"]
    )


def test_commands_refuse_a_named_pipe_or_a_folder_at_once(tmp_path: Path) -> None:
    """Issue 30: a named pipe (which would block the read for ever) and a folder are refused by
    every command that reads a file, one line and exit 2, before anything is read."""
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    (tmp_path / "folder.json").mkdir()
    commands = [
        ("show", "FILE"),
        ("legal", "FILE"),
        ("explain", "FILE", "end"),
        ("apply", "FILE", "end", "-o", "out.json"),
        ("replay", "FILE"),
        ("view", "FILE"),
    ]
    for name, kind in (("game.json", "a named pipe"), ("folder.json", "a folder")):
        results = run_all(
            tmp_path, *[tuple(name if a == "FILE" else a for a in c) for c in commands]
        )
        for result in results:
            assert_unusable(result, f"{name}: {kind}, not a state or a record file")
    assert not (tmp_path / "out.json").exists()


def _played_moves(out: str) -> list[tuple[int, str]]:
    """Every ``P<n>: action`` line of a ``play`` transcript, as (seat, action)."""
    moves = []
    for line in out.splitlines():
        found = re.fullmatch(r"P(\d): (\S.*?)( \(the only option\))?", line)
        if found:
            moves.append((int(found.group(1)), found.group(2)))
    return moves


def test_play_undo_takes_back_your_last_decision_and_resume_goes_on(tmp_path: Path) -> None:
    """Issue 27: ``undo`` takes back the player's last typed decision and the bots' answers to
    it; the record written then ends before it; ``play --resume`` replays that record and goes
    on, writing the longer game back to it."""
    first = run(
        tmp_path,
        *("play", "--seed", "4", "--bot", "random", "--record", "game.json"),
        stdin="undo\n1\n1\nundo\nquit\n",
    )
    assert 0 == first.returncode, first.stderr
    out = first.stdout
    assert "> undo\nNothing to undo: you have taken no decision yet.\n" in out
    before_undo = out[: out.index("Undone: ")]
    moves = _played_moves(before_undo)
    typed = [i for i, (seat, _) in enumerate(moves) if seat == 0]
    second = moves[typed[1]][1]
    assert f"Undone: your {second} and what followed it.\n" in out
    record = load_record((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert tuple(action for _, action in moves[: typed[1]]) == record.actions
    assert (2, 4, None) == (record.players, record.seed, record.scores)

    resumed = run(tmp_path, "play", "--resume", "game.json", "--bot", "random", stdin="1\nquit\n")
    assert 0 == resumed.returncode, resumed.stderr
    assert f"Resumed after {len(record.actions)} actions.\n" in resumed.stdout
    assert resumed.stdout.endswith("You leave the game.\nThe game's record is in game.json.\n")
    longer = load_record((tmp_path / "game.json").read_text(encoding="utf-8"))
    new_moves = tuple(action for _, action in _played_moves(resumed.stdout))
    assert record.actions + new_moves == longer.actions
    assert len(new_moves) >= 1
    assert 0 == run(tmp_path, "replay", "game.json").returncode


def test_play_resume_refuses_setup_flags_and_a_finished_game(tmp_path: Path) -> None:
    """Issue 27: a resumed game is the record's own: setup flags beside ``--resume`` are
    refused, and so is a finished game."""
    (tmp_path / "game.json").write_text(save_record([], players=2, seed=4), encoding="utf-8")
    state, actions = sr.new_game(players=2, seed=4, turn_limit=2), []
    bot = GreedyBot(seed=1)
    while not sr.is_terminal(state):
        actions.append(str(bot.choose(state)))
        state = sr.apply(state, actions[-1])
    finished = save_record(actions, players=2, seed=4, turn_limit=2, final=state)
    (tmp_path / "over.json").write_text(finished, encoding="utf-8")
    flags, over = run_all(
        tmp_path,
        ("play", "--resume", "game.json", "--players", "3", "--seed", "1"),
        ("play", "--resume", "over.json"),
    )
    assert_unusable(flags, "--resume plays the record's own setup: drop --players, --seed")
    assert_unusable(over, "over.json: the game is over: there is nothing left to play")


def test_play_applies_a_decision_with_a_single_option_by_itself(tmp_path: Path) -> None:
    """Issue 27: a decision of yours with one option is applied by itself and said so; with
    ``--ask-forced`` it is asked like any other."""
    answers = "1\n" * 60 + "quit\n"
    plain = run(tmp_path, "play", "--seed", "4", "--bot", "random", stdin=answers)
    asked = run(tmp_path, "play", "--seed", "4", "--bot", "random", "--ask-forced", stdin=answers)
    forced = [line for line in plain.stdout.splitlines() if line.endswith("(the only option)")]
    assert forced, "the 60 first decisions include one with a single option"
    state = sr.new_game(players=2, seed=4)
    for seat, action in _played_moves(plain.stdout):
        options = sr.legal_actions(state)
        line = f"P{seat}: {action} (the only option)"
        assert (seat == 0 and len(options) == 1) == (line in forced)
        state = sr.apply(state, action)
    assert not [line for line in asked.stdout.splitlines() if "(the only option)" in line]
