"""The record commands: ``replay`` checks a game record, ``view`` writes its HTML viewer."""

from __future__ import annotations

import argparse
from pathlib import Path

from sankore_rules import api
from sankore_rules.interfaces.cli.common import OK, UNUSABLE, decision_line, fail, write_file
from sankore_rules.interfaces.cli.files import given_rules, load_record, replay_file
from sankore_rules.interfaces.records import RecordError, ReplayError
from sankore_rules.interfaces.render import render_scores
from sankore_rules.interfaces.viewer import viewer_html


def run_replay(args: argparse.Namespace) -> int:
    """``replay``: replay a record, checking each action, and print the scores."""
    record = load_record(args.record)
    state = replay_file(args, args.record, record)
    count = len(record.actions)
    if api.is_terminal(state):
        checked = ", the recorded result confirmed" if record.scores is not None else ""
        print(f"Replayed {count} actions: the game is over{checked}.\n\nFinal scores:")
        print(render_scores(state, final=True))
    else:
        print(f"Replayed {count} actions; the game goes on. {decision_line(state)}")
        print("\nScore if the game ended now:")
        print(render_scores(state, final=False))
    return OK


def run_view(args: argparse.Namespace) -> int:
    """``view``: write the record's HTML viewer (a record that does not replay is refused)."""
    record = load_record(args.record)
    replay_file(
        args, args.record, record
    )  # a record that does not replay is reported as replay does
    output = args.output or str(Path(args.record).with_suffix(".html"))
    try:
        page = viewer_html(
            record, rules=given_rules(args, record.game), check_rules=not args.any_rules
        )
    except (RecordError, ReplayError) as exc:
        fail(UNUSABLE, f"{args.record}: {exc}")
    write_file(output, page, "the viewer")
    print(f"Game viewer of {len(record.actions)} actions written to {output}")
    return OK
