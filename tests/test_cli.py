"""The ``sankore-rules`` command line (issue 7), run as a subprocess on real files.

Every subcommand is checked for its output and exit status: 0 on success, 1 for an illegal
action or a record that does not replay, 2 for unusable input with a one-line message on
standard error and no traceback. The text rendering ``show`` prints is checked in-process too.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sankore_rules as sr
from positions import started
from sankore_rules.interfaces.records import Record, load_record, replay, save_record
from sankore_rules.interfaces.render import render_state

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
    assert lines[0] == (
        "3 games, 2 players, random bots, seeds 5-7, Library three_shelf, turn limit 200"
    )
    [ends] = [line for line in lines if line.startswith("games ended by: ")]
    causes = dict(part.rsplit(" ", 1) for part in ends.removeprefix("games ended by: ").split(", "))
    assert SIM_GAMES == sum(int(n) for n in causes.values())
    assert set(causes) <= {"full Madrasa", "deadlock (ENGINE-1)", "turn limit"}
    assert lines[2].split() == ["player", "wins", "min", "mean", "max"]
    assert [lines[3].split()[0], lines[4].split()[0]] == ["P0", "P1"]
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
    rows = result.stdout.splitlines()[3:5]
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
        (("play", "--players", "2", "--seat", "2"), "--seat must be 0..1 for 2 players"),
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
    assert "Sankoré (seed 4): you are P0 against 1 random bot(s)." in out
    assert "Player P0 (you)" in out
    assert "> 99\nNot possible: there is no action 99: choose 1 to " in out
    assert "> fly north\nNot possible: 'fly' is not an answer to this decision" in out
    first = sr.legal_actions(sr.new_game(players=2, seed=4))[0]
    assert f"> 1\nP0: {first}\n" in out
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
    assert out.startswith("Sankoré, 3 players, seed 7: greedy bots play a whole game.\n")
    assert "The Madrasa (upper case: star showing):" in out
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
    result = run(tmp_path, "simulate", "--games", "2", "--turn-limit", "2", "--records", "out")
    assert 0 == result.returncode, result.stderr
    assert "games ended by: turn limit 2" in result.stdout.splitlines()
    record = sr.load_record((tmp_path / "out" / "game-0.json").read_text(encoding="utf-8"))
    assert 2 == record.turn_limit
    final = sr.replay(record)
    assert ("turn_limit", [2, 2]) == (final.end_cause, [pl.turns for pl in final.players])


def test_turn_limit_below_zero_is_unusable(tmp_path: Path) -> None:
    """Issue 11: a negative ``--turn-limit`` is one line and exit 2, for simulate and play."""
    for command in ("simulate", "play --seat 0"):
        result = run(tmp_path, *command.split(), "--turn-limit", "-1")
        assert_unusable(result, "--turn-limit must be 0 (none) or more, got -1")


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
    assert lines[0] == (
        "2 games, solo against the hard Scholar, a random bot, seeds 3-4, Library three_shelf, "
        "turn limit 200"
    )
    assert [lines[3].split()[0], lines[4].split()[0]] == ["P0", "Scholar"]
    [ends] = [line for line in lines if line.startswith("games ended by: ")]
    assert set(ends.removeprefix("games ended by: ").split(", ")) <= {
        "full Madrasa 1",
        "full Madrasa 2",
        "the Scholar's last turn (SOLO-FLOW-2) 1",
        "the Scholar's last turn (SOLO-FLOW-2) 2",
    }
    record = load_record(record_path(tmp_path, 3).read_text(encoding="utf-8"))
    assert (1, "hard") == (record.players, record.scholar)
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
        "Sankoré (seed 3): you are P0 against the easy Scholar (P1), whose turns follow yours."
    )
    assert "The Scholar (P1, easy)" in out
    assert "\n  Scholar: Turn 1, phase 1: card #" in out
    assert "\n  Scholar: Teach " in out
    assert "\nThe game is over.\n\nFinal scores:\n" in out
    assert out.splitlines()[-2].startswith(("You win!", "You do not win this time."))
    record = load_record((tmp_path / "solo.json").read_text(encoding="utf-8"))
    assert (1, "easy") == (record.players, record.scholar)
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
    assert_unusable(no_scholar, "--players 1, the solo game, needs --scholar easy|medium|hard")
    assert_unusable(for_three, "--scholar is for the solo game (--players 1), not 3 players")
    assert_unusable(seat, "--seat must be 0 in a solo game: you play first (SOLO-SET-11)")
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
