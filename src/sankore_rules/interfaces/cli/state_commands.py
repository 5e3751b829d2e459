"""The state-file commands: ``new``, ``legal``, ``explain``, ``apply`` and ``show``.

``new`` writes a state file; ``legal``, ``explain`` and ``show`` read one (or a record's state
after ``--move`` actions); ``apply`` writes the state an action leads to.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from sankore_rules import api
from sankore_rules.interfaces.cli.common import (
    ILLEGAL,
    OK,
    UNUSABLE,
    chosen_game,
    chosen_seed,
    decision_line,
    fail,
    game_setup,
    print_reasons,
    start_game,
    write_file,
)
from sankore_rules.interfaces.cli.files import load_state, read_json
from sankore_rules.interfaces.records import is_record
from sankore_rules.interfaces.render import render_scores, render_state
from sankore_rules.interfaces.svg import state_svg


def _print_scores(state: Any) -> None:
    """The score sheet under its heading: the final one, or the running one."""
    print("\nFinal scores:" if api.is_terminal(state) else "\nScore if the game ended now:")
    print(render_scores(state))


def _write_state(state: Any, path: str) -> None:
    """Write ``state`` as a state file (``to_json``); ``-`` is standard output."""
    text = api.to_json(state)
    if path == "-":
        print(text)
        return
    write_file(path, text + "\n", "the state")


def run_new(args: argparse.Namespace) -> int:
    """``new``: set up a game and write its state file."""
    game = chosen_game(args)
    players, options = game_setup(args, game)
    seed = chosen_seed(args)
    state = start_game(game, players, seed, options)
    _write_state(state, args.output)
    if args.output != "-":
        print(f"Wrote {args.output} (seed {seed}). {decision_line(state)}")
    return OK


def run_show(args: argparse.Namespace) -> int:
    """``show``: the state as text, JSON or a picture, whole or as one player sees it."""
    if args.svg is not None and args.player is not None:
        # The picture shows every hand: it is no view for one player.
        fail(UNUSABLE, "--svg draws the whole state: it does not take --player")
    state = load_state(args)
    seats = api.game_of(state).seats(state)
    if args.player is not None and not 0 <= args.player < seats:
        fail(UNUSABLE, f"--player must be 0..{seats - 1}, got {args.player}")
    if args.svg is not None:
        write_file(args.svg, state_svg(state), "the picture")
        print(f"Picture of the state written to {args.svg}")
        return OK
    if args.json:
        # The whole state as a state file holds it, or what one player may see.
        seen: dict[str, Any] = (
            {"state": json.loads(api.to_json(state))}
            if args.player is None
            else {"observation": api.observation(state, args.player)}
        )
        _print_json({**_decision_json(state), **seen})
        return OK
    print(render_state(state, viewer=args.player))
    _print_scores(state)
    return OK


def _decision_json(state: Any) -> dict[str, Any]:
    """Whether the game is over and the pending decision, for ``--json``."""
    return {
        "game": api.game_of(state).name,
        "over": api.is_terminal(state),
        "decision": api.game_of(state).decision_view(state),
    }


def _print_json(document: object) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))


def run_legal(args: argparse.Namespace) -> int:
    """``legal``: the pending decision and its legal actions."""
    state = load_state(args)
    if args.json:
        actions = [str(action) for action in api.legal_actions(state)]
        _print_json({**_decision_json(state), "actions": actions})
        return OK
    print(decision_line(state))
    for action in api.legal_actions(state):
        print(action)
    return OK


def run_explain(args: argparse.Namespace) -> int:
    """``explain``: whether an action is legal, and why not (status 1 when refused)."""
    state = load_state(args)
    text = " ".join(args.action)
    reasons = api.explain(state, text)
    if args.json:
        _print_json(
            {
                "action": str(api.parse_action(state, text)) if not reasons else text,
                "legal": not reasons,
                "reasons": [{"code": r.code, "words": r.words} for r in reasons],
            }
        )
        return ILLEGAL if reasons else OK
    if not reasons:
        print(f"legal: {api.parse_action(state, text)}")
        return OK
    print(f"illegal: {text}")
    print_reasons(reasons)
    return ILLEGAL


def run_apply(args: argparse.Namespace) -> int:
    """``apply``: write the state an action leads to; an illegal one changes nothing."""
    output: str | None = args.output
    if output is None:
        _, document = read_json(args.file)
        if is_record(document):
            fail(UNUSABLE, f"{args.file} is a game record: name the state file to write with -o")
        output = args.file
    state = load_state(args)
    text = " ".join(args.action)
    reasons = api.explain(state, text)
    if reasons:
        print(f"illegal: {text}")
        print_reasons(reasons)
        return ILLEGAL
    action = api.parse_action(state, text)
    state = api.apply(state, action)
    _write_state(state, output)
    if output != "-":
        print(f"Applied {action}, wrote {output}. {decision_line(state)}")
    return OK
