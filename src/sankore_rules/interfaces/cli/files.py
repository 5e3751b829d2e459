"""Reading the files the commands take: state files and game records, refused in words."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from typing import Any

from sankore_rules import api
from sankore_rules.core.errors import RulesDataError, StateError
from sankore_rules.interfaces.cli.common import ILLEGAL, PROG, UNUSABLE, fail, print_reasons
from sankore_rules.interfaces.records import (
    Record,
    RecordError,
    ReplayError,
    is_record,
    record_from_document,
    replay,
)


def given_rules(args: argparse.Namespace, game: str | None) -> Any:
    """The ruleset of ``--rules DIR`` for ``game`` (None without ``--rules``)."""
    path: str | None = getattr(args, "rules", None)
    if path is None:
        return None
    try:
        return api.load_rules(path, game=game)
    except (RulesDataError, OSError, ValueError) as exc:
        fail(UNUSABLE, f"cannot load the rule tables from {path}: {exc}")


#: A state file is about 20 KB and a long game's record about 10 KB; reading stops well past
#: that, so that a huge file is refused instead of read whole. Devices, named pipes and
#: folders are refused before any read (``_read_bytes``).
MAX_FILE_BYTES = 4 * 1024 * 1024


def _file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def _read_bytes(path: str) -> bytes:
    """At most ``MAX_FILE_BYTES + 1`` bytes of the regular file ``path``.

    Anything else is refused before a byte is read: a named pipe or a terminal would block the
    command for ever, a device may never end. The file is opened without blocking (opening a
    named pipe otherwise waits for a writer) and the open file itself is checked, so that a
    path swapped between a check and the open cannot slip through.
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        fail(UNUSABLE, f"{path}: {_file_kind(mode)}, not a state or a record file")
    with os.fdopen(descriptor, "rb") as stream:
        return stream.read(MAX_FILE_BYTES + 1)


def read_json(path: str) -> tuple[str, object]:
    """The text of the regular file ``path`` and its parsed JSON."""
    try:
        raw = _read_bytes(path)
    except FileNotFoundError:
        fail(UNUSABLE, f"{path}: no such file")
    except OSError as exc:
        fail(UNUSABLE, f"{path}: cannot read: {exc}")
    if len(raw) > MAX_FILE_BYTES:
        fail(UNUSABLE, f"{path}: larger than {MAX_FILE_BYTES} bytes: not a state or a record")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(UNUSABLE, f"{path}: cannot read: {exc}")
    try:
        document: object = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, huge numbers, deep nesting
        fail(UNUSABLE, f"{path}: not JSON: {str(exc)[:200]}")
    return text, document


def load_record(path: str) -> Record:
    """The game record in the file ``path``; a state file or a bad record is refused."""
    _, document = read_json(path)
    if not is_record(document):
        fail(UNUSABLE, f"{path}: not a game record (a state file cannot be replayed)")
    return _record(path, document)


def _record(path: str, document: object) -> Record:
    try:
        return record_from_document(document)
    except RecordError as exc:
        fail(UNUSABLE, f"{path}: {exc}")


def replay_file(
    args: argparse.Namespace, path: str, record: Record, upto: int | None = None
) -> Any:
    """The record's state after ``upto`` actions (all by default); a failure is reported."""
    rules = given_rules(args, record.game)
    check = not args.any_rules
    if not check and record.rules_hash is not None:
        ruleset: Any = rules if rules is not None else api.load_rules(game=record.game)
        if ruleset.content_hash != record.rules_hash:
            print(
                f"{PROG}: warning: {path} was made with ruleset {record.rules_hash}, "
                f"replayed with {ruleset.content_hash}",
                file=sys.stderr,
            )
    try:
        return replay(record, rules=rules, upto=upto, check_rules=check)
    except RecordError as exc:
        fail(UNUSABLE, f"{path}: {exc}")
    except ReplayError as exc:
        _print_replay_error(exc)
        fail(ILLEGAL, f"{path}: {exc}")


def _print_replay_error(exc: ReplayError) -> None:
    if exc.action is not None:
        print(f"Move {exc.move} ({exc.action}) is illegal:")
    else:
        print(f"After move {exc.move - 1} the game does not match the record:")
    print_reasons(exc.reasons)


def load_state(args: argparse.Namespace) -> Any:
    """The state a state file holds, or a record's state after ``--move`` actions."""
    path: str = args.file
    text, document = read_json(path)
    upto: int | None = getattr(args, "move", None)
    if upto is not None and upto < 0:
        fail(UNUSABLE, f"--move must be 0 or more, got {upto}")
    if is_record(document):
        record = _record(path, document)
        if upto is not None and upto > len(record.actions):
            fail(
                UNUSABLE,
                f"{path}: --move {upto}, but the record has only {len(record.actions)} actions",
            )
        return replay_file(args, path, record, upto)
    if upto is not None:
        fail(UNUSABLE, f"{path}: --move applies to a game record, not to a state file")
    if not isinstance(document, dict) or "state" not in document:
        fail(UNUSABLE, f"{path}: neither a game state nor a game record")
    # --rules loads the tables of the game the document is a state of.
    game = next((g for g in api.games() if g.reads(document)), None)
    try:
        return api.from_json(text, given_rules(args, None if game is None else game.name))
    except StateError as exc:
        fail(UNUSABLE, f"{path}: {exc}")
