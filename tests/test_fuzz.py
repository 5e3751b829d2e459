"""Fuzz tests of the trust boundary (issue 16): hostile states, tables, records and text.

Each test draws tampered input from ``strategies.py`` and demands one of two outcomes: the
input is refused with the library's own error (``StateError``, ``RulesDataError``,
``RecordError``, ``ActionSyntaxError``, reasons), or it is accepted and then plays: a random
game from an accepted state runs to its end (or a cap) with every position passing the full
validation ``from_json`` runs, and a listed option at every decision. Anything else (another
exception, a position that fails validation later, a decision without options) fails the test.

Five Tribes goes through the same doors (issue 31): its states, records, tables and action
text, with its own check (``five_tribes.serial.problems``) at every position played.

The budget is small in ``make test``; ``make fuzz`` sets ``SANKORE_FUZZ_EXAMPLES`` to run many
more examples and prints what was tried, refused, and accepted and played.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import sankore_rules as sr
from positions import RULES
from sankore_rules.five_tribes import serial as tribes_serial
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.interfaces import cli
from sankore_rules.sankore.state import State
from sankore_rules.sankore.validity import state_problems
from strategies import (
    TRIBES_DATA_DIR,
    base_states,
    copy_tables,
    hostile_action_objects,
    hostile_texts,
    mutated_record_documents,
    mutated_state_documents,
    mutated_table,
    mutated_tribes_documents,
    mutated_tribes_records,
    mutated_tribes_table,
    property_settings,
    toml_text,
    tribes_base_states,
)

#: Examples per fuzz test; ``make fuzz`` raises it.
EXAMPLES = int(os.environ.get("SANKORE_FUZZ_EXAMPLES", "0")) or None
#: Decisions played from an accepted state (a whole game is 300-400).
PLAY_CAP = 500

FIGURES: dict[str, Counter[str]] = {}


def budget(default: int) -> Any:
    """The hypothesis settings of one fuzz test: ``default`` examples, or ``make fuzz``'s."""
    return property_settings(EXAMPLES or default)


def tally(test: str, outcome: str) -> None:
    """Count an outcome of a fuzz test; ``make fuzz`` prints the counts at the end."""
    FIGURES.setdefault(test, Counter())[outcome] += 1


def play_checked(
    state: Any,
    seed: int,
    rules: Any = RULES,
    problems: Callable[[Any, Any], list[str]] = state_problems,
) -> int:
    """Play random legal actions from ``state``, validating every position with ``problems``
    (the game's full check, Sankoré's by default); the decisions played."""
    rng = random.Random(seed)
    for decision in range(PLAY_CAP):
        assert [] == problems(rules, state), f"after {decision} decisions"
        if sr.is_terminal(state):
            return decision
        legal = sr.legal_actions(state)
        assert legal, f"no option at {state.decision} after {decision} decisions"
        state = sr.apply(state, rng.choice(legal))
    return PLAY_CAP


# ---- states ----------------------------------------------------------------------------------


@budget(120)
@given(document=mutated_state_documents(), seed=st.integers(0, 2**32 - 1))
def test_fuzz_tampered_states_are_refused_or_play_safely(
    document: dict[str, Any], seed: int
) -> None:
    """Issue 16: ``from_json`` refuses a tampered state with a StateError, or the state plays
    to its end with every position valid; the CLI says the same with exit 2 or a rendering."""
    state = read_or_refuse("states", document)
    if state is not None:
        play_checked(state, seed)


def read_or_refuse(test: str, document: dict[str, Any]) -> Any:
    """The state ``from_json`` reads from ``document``, None when refused with a StateError.

    The CLI must agree: exit 2 and one line for a refused state, a drawing for an accepted
    one, whose every seat's observation is made too.
    """
    text = json.dumps(document)
    try:
        state = sr.from_json(text)
    except sr.StateError:
        tally(test, "refused")
        status, err = run_cli("legal", text)
        assert 2 == status
        assert 1 == len(err.splitlines())
        return None
    tally(test, "accepted and played")
    for player in range(state.player_count):
        sr.observation(state, player)
    assert 0 == run_cli("show", text)[0]
    return state


def run_cli(command: str, text: str) -> tuple[int, str]:
    """Run ``sankore-rules COMMAND FILE`` in process on ``text``; the status and stderr."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.json"
        path.write_text(text, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main([command, str(path)])
    return status, err.getvalue()


# ---- records ---------------------------------------------------------------------------------


@budget(60)
@given(document=mutated_record_documents())
def test_fuzz_tampered_records_are_refused_or_replay(document: dict[str, Any]) -> None:
    """Issue 16: a tampered record is a RecordError, a ReplayError, or replays; the CLI
    answers with exit 2, 1 or 0 and never a traceback."""
    text = json.dumps(document)
    try:
        state = sr.replay(sr.load_record(text))
    except sr.RecordError:
        tally("records", "refused (RecordError)")
        expected = 2
    except sr.ReplayError:
        tally("records", "refused (ReplayError)")
        expected = 1
    else:
        tally("records", "accepted and replayed")
        assert [] == state_problems(RULES, state)
        expected = 0
    status, err = run_cli("replay", text)
    assert expected == status
    assert (0 if expected == 0 else 1) == len(err.splitlines())


# ---- action text and Action objects ----------------------------------------------------------


def explain_and_apply_agree(test: str, state: State, action: Any) -> None:
    """``explain`` and ``apply`` give the same answer for ``action``; the state is unchanged.

    The answer is an ActionSyntaxError (``bad_notation`` from explain), reasons, or a legal
    action whose result passes the full check.
    """
    before = sr.to_json(state)
    reasons = sr.explain(state, action)
    try:
        after = sr.apply(state, action)
    except sr.ActionSyntaxError as exc:
        tally(test, "ActionSyntaxError")
        assert [sr.Reason("bad_notation", str(exc))] == reasons
    except sr.IllegalAction as exc:
        tally(test, "reasons")
        assert tuple(reasons) == exc.reasons
    else:
        tally(test, "legal")
        assert [] == reasons
        assert [] == state_problems(RULES, after)
    assert before == sr.to_json(state)


@budget(150)
@given(data=st.data())
def test_fuzz_hostile_action_text_gets_syntax_errors_or_reasons(data: st.DataObject) -> None:
    """Issue 16: any text is an ActionSyntaxError (``bad_notation`` from explain) or reasons,
    the same from ``explain`` and ``apply``; nothing else is raised, the state is unchanged."""
    state, _ = data.draw(st.sampled_from(base_states()))
    explain_and_apply_agree("text", state, data.draw(hostile_texts(state)))


@budget(100)
@given(data=st.data())
def test_fuzz_malformed_action_objects_get_the_same_reasons(data: st.DataObject) -> None:
    """Issue 16: an Action of the wrong types or words gets reasons (``not_an_action``), the
    same from ``explain`` and ``apply``; the state is unchanged."""
    state, _ = data.draw(st.sampled_from(base_states()))
    explain_and_apply_agree("objects", state, data.draw(hostile_action_objects()))


# ---- rule tables -----------------------------------------------------------------------------


@contextlib.contextmanager
def table_folder(stem: str, data: dict[str, Any]) -> Iterator[Path]:
    """A copy of the bundled tables with ``stem`` replaced by ``data``."""
    with tempfile.TemporaryDirectory() as name:
        folder = copy_tables(Path(name))
        (folder / f"{stem}.toml").write_text(toml_text(data), encoding="utf-8")
        yield folder


@budget(40)
@given(change=mutated_table(), seed=st.integers(0, 2**32 - 1))
def test_fuzz_tampered_tables_are_refused_or_play(
    change: tuple[str, dict[str, Any]], seed: int
) -> None:
    """Issue 16: ``load_rules`` refuses tampered tables with a RulesDataError naming the file,
    or every setup of the loaded rules plays a random game with every position valid."""
    stem, data = change
    with table_folder(stem, data) as folder:
        try:
            rules = sr.load_rules(folder)
        except sr.RulesDataError as exc:
            tally("tables", "refused")
            assert exc.file.endswith(".toml")
            return
    tally("tables", "accepted and played")
    rng = random.Random(seed)
    for players in (2, 3, 4):
        state = sr.new_game(players, seed=rng.randrange(1000), rules=rules, library="six_shelf")
        play_checked(state, seed, rules)


# ---- Five Tribes -----------------------------------------------------------------------------

TRIBES = sr.load_rules(game="five_tribes")


def play_tribes_checked(state: FiveTribesState, seed: int, rules: Any = TRIBES) -> int:
    """Play random legal Five Tribes actions, validating every position; the decisions."""
    return play_checked(state, seed, rules, tribes_serial.problems)


@budget(60)
@given(document=mutated_tribes_documents(), seed=st.integers(0, 2**32 - 1))
def test_fuzz_tampered_tribes_states_are_refused_or_play_safely(
    document: dict[str, Any], seed: int
) -> None:
    """Issue 31: ``from_json`` refuses a tampered Five Tribes state with a StateError, or the
    state plays to its end with every position sound; the CLI agrees (exit 2, or a drawing)."""
    state = read_or_refuse("tribes states", document)
    if state is not None:
        play_tribes_checked(state, seed)


@budget(30)
@given(document=mutated_tribes_records())
def test_fuzz_tampered_tribes_records_are_refused_or_replay(document: dict[str, Any]) -> None:
    """Issue 31: a tampered Five Tribes record is a RecordError, a ReplayError, or replays to a
    sound state."""
    try:
        state = sr.replay(sr.load_record(json.dumps(document)))
    except sr.RecordError:
        tally("tribes records", "refused (RecordError)")
    except sr.ReplayError:
        tally("tribes records", "refused (ReplayError)")
    else:
        tally("tribes records", "accepted and replayed")
        assert [] == tribes_serial.problems(TRIBES, state)


@budget(60)
@given(data=st.data())
def test_fuzz_hostile_tribes_action_text_gets_syntax_errors_or_reasons(
    data: st.DataObject,
) -> None:
    """Issue 31: any text at a Five Tribes decision is an ActionSyntaxError or reasons, the same
    from ``explain`` and ``apply``; the state is unchanged and a legal result is sound."""
    state, _ = data.draw(st.sampled_from([b for b in tribes_base_states() if not b[0].game_over]))
    text = data.draw(hostile_texts(state))
    before = sr.to_json(state)
    reasons = sr.explain(state, text)
    try:
        after = sr.apply(state, text)
    except sr.ActionSyntaxError as exc:
        tally("tribes text", "ActionSyntaxError")
        assert [sr.Reason("bad_notation", str(exc))] == reasons
    except sr.IllegalAction as exc:
        tally("tribes text", "reasons")
        assert tuple(reasons) == exc.reasons
    else:
        tally("tribes text", "legal")
        assert [] == reasons
        assert [] == tribes_serial.problems(TRIBES, after)
    assert before == sr.to_json(state)


@budget(20)
@given(change=mutated_tribes_table(), seed=st.integers(0, 2**32 - 1))
def test_fuzz_tampered_tribes_tables_are_refused_or_play(
    change: tuple[str, dict[str, Any]], seed: int
) -> None:
    """Issue 31: ``load_rules(game="five_tribes")`` refuses tampered tables with a
    RulesDataError naming the file, or a game of the loaded rules plays with every position
    sound."""
    stem, data = change
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for table in TRIBES_DATA_DIR.glob("*.toml"):
            (folder / table.name).write_bytes(table.read_bytes())
        (folder / f"{stem}.toml").write_text(toml_text(data), encoding="utf-8")
        try:
            rules = sr.load_rules(folder, game="five_tribes")
        except sr.RulesDataError as exc:
            tally("tribes tables", "refused")
            assert exc.file.endswith(".toml")
            return
    tally("tribes tables", "accepted and played")
    players = 2 + seed % 3
    try:
        state = sr.new_game(players, seed=seed % 1000, game="five_tribes", rules=rules)
    except ValueError:
        # Tables too short for this many players (a setup of too few tiles, say): refused
        # at the setup, with a message, not later.
        tally("tribes tables", "setup refused")
        return
    play_tribes_checked(state, seed, rules)


def test_fuzz_figures(capsys: Any) -> None:
    """Print what the fuzz tests above tried when ``make fuzz`` runs them (they run first)."""
    if EXAMPLES is None:
        return
    with capsys.disabled():
        for test, counts in sorted(FIGURES.items()):
            total = sum(counts.values())
            parts = ", ".join(f"{n} {what}" for what, n in sorted(counts.items()))
            print(f"\nfuzz {test}: {total} tried: {parts}")
