"""The ``sankore-rules`` command line: new, apply, show, view, legal, explain, replay, play ...

Exit status: 0 on success; 1 for an illegal action or a record that does not replay; 2 for
unusable input (a missing file, malformed JSON, an unknown option), with a one-line message on
standard error.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

from sankore_rules import __version__, api
from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.errors import ActionSyntaxError, Reason, RulesDataError, StateError
from sankore_rules.five_tribes.game import ENGINE as TRIBES_ENGINE
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.interfaces.records import (
    Record,
    RecordError,
    ReplayError,
    is_record,
    record_from_document,
    replay,
    save_record,
)
from sankore_rules.interfaces.render import render_scores, render_state
from sankore_rules.interfaces.simulation import (
    BOTS,
    SCHOLAR_NAME,
    STANDING_FIELDS,
    GameResult,
    GameSpec,
    SimulationError,
    Standing,
    make_bot,
    run_games,
    seat_bots,
    standings,
)
from sankore_rules.interfaces.svg import state_svg
from sankore_rules.interfaces.svg.tribes import tribes_svg
from sankore_rules.interfaces.tribes_render import render_tribes, render_tribes_scores
from sankore_rules.interfaces.viewer import viewer_html
from sankore_rules.sankore import engine
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State

__all__ = ["main", "render_scores", "render_standings", "standings_csv"]

PROG = "sankore-rules"
#: What ``--help`` says the program is, in plain words (the docstring's markup is for Python).
DESCRIPTION = (
    "A rules engine for the board games Sankoré and Five Tribes (--game five-tribes): start a "
    "game and write its state file (new), "
    "act on it (apply), look at it (show, legal, explain), replay a game record, let bots play "
    "(simulate, demo) or play against them (play)."
)
EPILOG = (
    "Exit status: 0 on success; 1 for an illegal action or a record that does not replay; "
    "2 for unusable input."
)
OK, ILLEGAL, UNUSABLE = 0, 1, 2
#: The Scholar's difficulties (``--scholar``), for a solo game (``--players 1``).
SCHOLARS = ("easy", "medium", "hard", "very_hard")
#: ``simulate``'s default turn limit: far above a game's usual length (20-60 turns each), and a
#: bound for bots that would otherwise pass for ever in a game that can still progress.
SIMULATE_TURN_LIMIT = 200


class CommandError(Exception):
    """Stops a command with an exit status and a one-line message for standard error."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _fail(status: int, message: str) -> NoReturn:
    raise CommandError(status, message)


# ---- reading files -----------------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> Rules | None:
    path: str | None = getattr(args, "rules", None)
    if path is None:
        return None
    try:
        return api.load_rules(path)
    except (RulesDataError, OSError) as exc:
        _fail(UNUSABLE, f"cannot load the rule tables from {path}: {exc}")


#: A state file is about 20 KB and a long game's record about 10 KB; reading stops well past
#: that, so that a huge file or a device (``/dev/zero``) is refused instead of read forever.
MAX_FILE_BYTES = 4 * 1024 * 1024


def _read_json(path: str) -> tuple[str, object]:
    """The text of the file ``path`` and its parsed JSON."""
    try:
        with Path(path).open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        _fail(UNUSABLE, f"{path}: no such file")
    except OSError as exc:
        _fail(UNUSABLE, f"{path}: cannot read: {exc}")
    if len(raw) > MAX_FILE_BYTES:
        _fail(UNUSABLE, f"{path}: larger than {MAX_FILE_BYTES} bytes: not a state or a record")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        _fail(UNUSABLE, f"{path}: cannot read: {exc}")
    try:
        document: object = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, huge numbers, deep nesting
        _fail(UNUSABLE, f"{path}: not JSON: {str(exc)[:200]}")
    return text, document


def _load_record(path: str) -> Record:
    _, document = _read_json(path)
    if not is_record(document):
        _fail(UNUSABLE, f"{path}: not a game record (a state file cannot be replayed)")
    try:
        return record_from_document(document)
    except RecordError as exc:
        _fail(UNUSABLE, f"{path}: {exc}")


def _replay(
    args: argparse.Namespace, path: str, record: Record, upto: int | None = None
) -> State | FiveTribesState:
    """The record's state after ``upto`` actions (all by default); a failure is reported."""
    rules = _rules(args)
    check = not args.any_rules
    if not check and record.rules_hash is not None:
        ruleset = rules if rules is not None else api.load_rules()
        if ruleset.content_hash != record.rules_hash:
            print(
                f"{PROG}: warning: {path} was made with ruleset {record.rules_hash}, "
                f"replayed with {ruleset.content_hash}",
                file=sys.stderr,
            )
    try:
        return replay(record, rules=rules, upto=upto, check_rules=check)
    except RecordError as exc:
        _fail(UNUSABLE, f"{path}: {exc}")
    except ReplayError as exc:
        _print_replay_error(exc)
        _fail(ILLEGAL, f"{path}: {exc}")


def _print_replay_error(exc: ReplayError) -> None:
    if exc.action is not None:
        print(f"Move {exc.move} ({exc.action}) is illegal:")
    else:
        print(f"After move {exc.move - 1} the game does not match the record:")
    _print_reasons(exc.reasons)


def _print_reasons(reasons: Sequence[Reason]) -> None:
    for reason in reasons:
        print(f"  {reason.code}: {reason.words}")


def _load_state(args: argparse.Namespace) -> State | FiveTribesState:
    """The state a state file holds, or a record's state after ``--move`` actions."""
    path: str = args.file
    text, document = _read_json(path)
    upto: int | None = getattr(args, "move", None)
    if upto is not None and upto < 0:
        _fail(UNUSABLE, f"--move must be 0 or more, got {upto}")
    if is_record(document):
        try:
            record = record_from_document(document)
        except RecordError as exc:
            _fail(UNUSABLE, f"{path}: {exc}")
        if upto is not None and upto > len(record.actions):
            _fail(
                UNUSABLE,
                f"{path}: --move {upto}, but the record has only {len(record.actions)} actions",
            )
        return _replay(args, path, record, upto)
    if upto is not None:
        _fail(UNUSABLE, f"{path}: --move applies to a game record, not to a state file")
    if not isinstance(document, dict) or "state" not in document:
        _fail(UNUSABLE, f"{path}: neither a game state nor a game record")
    try:
        state = api.from_json(text, _rules(args))
    except StateError as exc:
        _fail(UNUSABLE, f"{path}: {exc}")
    return state  # from_json checked it whole: the engine can work with it (issue 16)


def _new_game(
    players: int,
    seed: int | None,
    library: str = "three_shelf",
    turn_limit: int | None = None,
    scholar: str | None = None,
) -> State:
    try:
        return api.new_game(
            players=players, seed=seed, library=library, turn_limit=turn_limit, scholar=scholar
        )
    except ValueError as exc:  # a seed out of bounds, or solo options that do not fit
        _fail(UNUSABLE, str(exc))


def _solo_options(args: argparse.Namespace) -> None:
    """``--scholar`` goes with ``--players 1``, and only with it (SOLO-SET-1)."""
    if args.players == 1 and args.scholar is None:
        _fail(UNUSABLE, f"--players 1, the solo game, needs --scholar {'|'.join(SCHOLARS)}")
    if args.players != 1 and args.scholar is not None:
        _fail(UNUSABLE, f"--scholar is for the solo game (--players 1), not {args.players} players")


def _seats(players: int) -> int:
    """Score sheets of a game: a solo game scores you and the Scholar."""
    return 2 if players == 1 else players


def _name(state_or_scholar: int | None, p: int) -> str:
    """``P0``, ``P1`` ..., or ``Scholar`` for the Scholar's seat."""
    return "Scholar" if state_or_scholar == p else f"P{p}"


def _decision_line(state: State | FiveTribesState) -> str:
    task = state.decision
    if task is None:
        return "The game is over: there is nothing left to decide."
    steps = TRIBES_ENGINE.steps if isinstance(state, FiveTribesState) else engine.STEPS
    prompt = steps[task.kind].prompt or task.kind
    return f"P{task.player} decides ({task.kind}): {prompt}"


# ---- show, legal, explain, replay --------------------------------------------------------------


def _write(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(UNUSABLE, f"cannot write {what} to {path}: {exc}")


def _show(args: argparse.Namespace) -> int:
    if args.svg is not None and args.player is not None:
        # The picture shows every hand: it is no view for one player.
        _fail(UNUSABLE, "--svg draws the whole state: it does not take --player")
    state = _load_state(args)
    if args.player is not None and not 0 <= args.player < state.player_count:
        _fail(UNUSABLE, f"--player must be 0..{state.player_count - 1}, got {args.player}")
    if isinstance(state, FiveTribesState):
        if args.svg is not None:
            _write(args.svg, tribes_svg(state), "the picture")
            print(f"Picture of the state written to {args.svg}")
            return OK
        # Five Tribes hides nothing a player's view would leave out but the decks' order,
        # which the text view does not show.
        print(render_tribes(state))
        over = api.is_terminal(state)
        print("\nFinal scores:" if over else "\nScore if the game ended now:")
        print(render_tribes_scores(api.final_scores(state)))
        return OK
    if args.svg is not None:
        _write(args.svg, state_svg(state), "the picture")
        print(f"Picture of the state written to {args.svg}")
        return OK
    print(render_state(state, viewer=args.player))
    over = api.is_terminal(state)
    print("\nFinal scores:" if over else "\nScore if the game ended now:")
    print(render_scores(api.final_scores(state), final=over))
    return OK


def _legal(args: argparse.Namespace) -> int:
    state = _load_state(args)
    print(_decision_line(state))
    for action in api.legal_actions(state):
        print(action)
    return OK


def _explain(args: argparse.Namespace) -> int:
    state = _load_state(args)
    text = " ".join(args.action)
    reasons = api.explain(state, text)
    if not reasons:
        print(f"legal: {api.parse_action(state, text)}")
        return OK
    print(f"illegal: {text}")
    _print_reasons(reasons)
    return ILLEGAL


def _write_state(state: State | FiveTribesState, path: str) -> None:
    """Write ``state`` as a state file (``to_json``); ``-`` is standard output."""
    text = api.to_json(state)
    if path == "-":
        print(text)
        return
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        _fail(UNUSABLE, f"cannot write {path}: {exc}")


def _tribes_options(args: argparse.Namespace) -> bool:
    """Whether ``--game five-tribes`` is asked for; Sankoré's options are refused with it."""
    if getattr(args, "game", "sankore") != "five-tribes":
        return False
    if getattr(args, "scholar", None) is not None or getattr(args, "library", None) not in (
        None,
        "three_shelf",
    ):
        _fail(UNUSABLE, "--scholar and --library are Sankoré's options, not Five Tribes'")
    if getattr(args, "turn_limit", 0):
        _fail(UNUSABLE, "--turn-limit is a Sankoré option, not Five Tribes'")
    if args.players == 1:
        _fail(UNUSABLE, "Five Tribes is played by 2, 3 or 4 players")
    return True


def _new_tribes(players: int, seed: int | None) -> FiveTribesState:
    try:
        return api.new_game(players=players, seed=seed, game="five_tribes")
    except ValueError as exc:  # a seed out of bounds
        _fail(UNUSABLE, str(exc))


def _new(args: argparse.Namespace) -> int:
    state: State | FiveTribesState
    if _tribes_options(args):
        state = _new_tribes(args.players, args.seed)
    else:
        _solo_options(args)
        state = _new_game(args.players, args.seed, args.library, _turn_limit(args), args.scholar)
    _write_state(state, args.output)
    if args.output != "-":
        print(f"Wrote {args.output} (seed {state.seed}). {_decision_line(state)}")
    return OK


def _apply(args: argparse.Namespace) -> int:
    output: str | None = args.output
    if output is None:
        _, document = _read_json(args.file)
        if is_record(document):
            _fail(UNUSABLE, f"{args.file} is a game record: name the state file to write with -o")
        output = args.file
    state = _load_state(args)
    text = " ".join(args.action)
    reasons = api.explain(state, text)
    if reasons:
        print(f"illegal: {text}")
        _print_reasons(reasons)
        return ILLEGAL
    action = api.parse_action(state, text)
    state = api.apply(state, action)
    _write_state(state, output)
    if output != "-":
        print(f"Applied {action}, wrote {output}. {_decision_line(state)}")
    return OK


def _replay_command(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    state = _replay(args, args.record, record)
    count = len(record.actions)
    if isinstance(state, FiveTribesState):
        over = api.is_terminal(state)
        what = "the game is over" if over else f"the game goes on. {_decision_line(state)}"
        print(f"Replayed {count} actions: {what}\n")
        print(render_tribes_scores(api.final_scores(state)))
        return OK
    if api.is_terminal(state):
        checked = ", the recorded result confirmed" if record.scores is not None else ""
        print(f"Replayed {count} actions: the game is over{checked}.\n\nFinal scores:")
        print(render_scores(api.final_scores(state)))
    else:
        print(f"Replayed {count} actions; the game goes on. {_decision_line(state)}")
        print("\nScore if the game ended now:")
        print(render_scores(api.final_scores(state), final=False))
    return OK


def _view(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    _replay(args, args.record, record)  # a record that does not replay is reported as replay does
    output = args.output or str(Path(args.record).with_suffix(".html"))
    try:
        page = viewer_html(record, rules=_rules(args), check_rules=not args.any_rules)
    except (RecordError, ReplayError) as exc:
        _fail(UNUSABLE, f"{args.record}: {exc}")
    _write(output, page, "the viewer")
    print(f"Game viewer of {len(record.actions)} actions written to {output}")
    return OK


# ---- simulate ----------------------------------------------------------------------------------


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


def _turn_limit(args: argparse.Namespace) -> int | None:
    """``--turn-limit`` as ``new_game`` takes it: 0 is no limit."""
    if args.turn_limit < 0:
        _fail(UNUSABLE, f"--turn-limit must be 0 (none) or more, got {args.turn_limit}")
    return int(args.turn_limit) or None


#: How ``simulate`` names the causes of a game's end (``State.end_cause``).
ENDS = {
    "madrasa": "full Madrasa",
    "deadlock": "deadlock (ENGINE-1)",
    "turn_limit": "turn limit",
    "scholar": "the Scholar's last turn (SOLO-FLOW-2)",
}


def _bot_names(args: argparse.Namespace) -> list[str]:
    """``--bot``'s names, checked against the bots and the seats."""
    names = [n.strip() for n in str(args.bot).split(",")]
    try:
        seat_bots(names, args.players, 0)
    except ValueError as exc:
        _fail(UNUSABLE, f"--bot: {exc}")
    return names


def _mcts_budget(args: argparse.Namespace) -> tuple[int | None, float | None]:
    """``--mcts-iterations`` and ``--mcts-time`` as the MCTS bot takes them (0: no bound)."""
    iterations: int = args.mcts_iterations
    seconds: float | None = args.mcts_time
    if iterations < 0:
        _fail(UNUSABLE, f"--mcts-iterations must be 0 (none) or more, got {iterations}")
    if seconds is not None and not seconds > 0:
        _fail(UNUSABLE, f"--mcts-time must be a positive number of seconds, got {seconds}")
    if iterations == 0 and seconds is None:
        _fail(UNUSABLE, "--mcts-iterations 0 needs a --mcts-time")
    return iterations or None, seconds


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        _fail(UNUSABLE, f"--games must be at least 1, got {args.games}")
    if args.jobs < 1:
        _fail(UNUSABLE, f"--jobs must be at least 1, got {args.jobs}")
    if args.ray_address is not None and args.backend != "ray":
        _fail(UNUSABLE, "--ray-address goes with --backend ray")
    _solo_options(args)
    names = _bot_names(args)
    iterations, seconds = _mcts_budget(args)
    turn_limit = _turn_limit(args)
    _new_game(args.players, args.seed, args.library, turn_limit, args.scholar)  # checks them
    folder: Path | None = None
    if args.records is not None:
        folder = Path(args.records)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(UNUSABLE, f"cannot make the records folder {folder}: {exc}")
    tags = (("bots", args.bot), ("source", f"{PROG} simulate"))
    specs = [
        GameSpec(
            seed=args.seed + game,
            players=args.players,
            bots=seat_bots(names, args.players, game),
            library=args.library,
            turn_limit=turn_limit,
            scholar=args.scholar,
            mcts_iterations=iterations,
            mcts_time=seconds,
            record_tags=None if folder is None else tags,
        )
        for game in range(args.games)
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
        _fail(UNUSABLE, str(exc))
    elapsed = time.perf_counter() - started
    if show:
        sys.stderr.write("\n")
    if folder is not None:
        for result in results:
            target = folder / f"game-{result.seed}.json"
            try:
                target.write_text(result.record or "", encoding="utf-8")
            except OSError as exc:
                _fail(UNUSABLE, f"cannot write {target}: {exc}")
    _print_summary(args, names, turn_limit, results, elapsed)
    table = standings(results)
    if len(names) > 1 or args.players == 1:
        print()
        print(render_standings(table))
    for path, text in (
        (args.standings_csv, standings_csv(table)),
        (args.standings_json, json.dumps([s.as_dict() for s in table], indent=2) + "\n"),
    ):
        if path is not None:
            _write(path, text, "the standings")
    if folder is not None:
        print(f"records written to {folder}/game-<seed>.json")
    return OK


def _print_summary(
    args: argparse.Namespace,
    names: list[str],
    turn_limit: int | None,
    results: Sequence[GameResult],
    elapsed: float,
) -> None:
    """The summary ``simulate`` prints: per seat, how the games ended, their length, speed."""
    seats = _seats(args.players)
    scholar = next((seat for seat, bot in enumerate(results[0].bots) if bot == SCHOLAR_NAME), None)
    last = args.seed + args.games - 1
    limit = "no turn limit" if turn_limit is None else f"turn limit {turn_limit}"
    bots = " and ".join(names)
    who = (
        f"solo against the {args.scholar} Scholar, a {bots} bot"
        if args.players == 1
        else f"{args.players} players, {bots} bots"
    )
    if len(names) > 1:
        who += " (seats turned each game)"
    print(f"{args.games} games, {who}, seeds {args.seed}-{last}, Library {args.library}, {limit}\n")
    print(f"{'player':<8}{'wins':>6}{'min':>6}{'mean':>8}{'max':>6}")
    for p in range(seats):
        scores_p = [r.scores[p] for r in results]
        wins = sum(p in r.winners for r in results)
        mean = sum(scores_p) / len(scores_p)
        name = _name(scholar, p)
        print(f"{name:<8}{wins:>6}{min(scores_p):>6}{mean:>8.1f}{max(scores_p):>6}")
    shared = sum(len(r.winners) > 1 for r in results)
    print(f"\nshared wins: {shared} of {args.games} games")
    causes: dict[str, int] = {}
    for r in results:
        cause = r.end_cause or "unknown"
        causes[cause] = causes.get(cause, 0) + 1
    ends = ", ".join(f"{ENDS.get(c, c)} {n}" for c, n in sorted(causes.items()))
    print(f"games ended by: {ends}")
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


# ---- play --------------------------------------------------------------------------------------

_PLAY_HELP = (
    "Type the number of an action or its notation. Other commands: 'board' shows the whole "
    "state, 'score' the running score, 'help' this text, 'quit' ends the game."
)


def _menu(state: State, actions: Sequence[Action]) -> str:
    lines = [_decision_line(state)]
    lines.extend(f"  {i:>3}. {action}" for i, action in enumerate(actions, start=1))
    return "\n".join(lines)


def _read_choice(
    state: State, actions: Sequence[Action], line: str
) -> tuple[Action | None, str | None]:
    """The action ``line`` names, or None and what to tell the player."""
    text = line.strip()
    # ASCII digits only ("²" and "٤" are digits to str.isdigit but not to int()), and few of
    # them: int() refuses numbers of thousands of digits.
    if text.isascii() and text.isdigit() and len(text) <= 6:
        number = int(text)
        if 1 <= number <= len(actions):
            return actions[number - 1], None
        return None, f"there is no action {number}: choose 1 to {len(actions)}"
    try:
        action = parse_notation(text)
    except ActionSyntaxError as exc:
        return None, str(exc)
    reasons = api.explain(state, action)
    if reasons:
        return None, "; ".join(r.words for r in reasons)
    return action, None


def _play(args: argparse.Namespace) -> int:
    _solo_options(args)
    if args.players == 1 and args.seat != 0:
        _fail(UNUSABLE, "--seat must be 0 in a solo game: you play first (SOLO-SET-11)")
    if not 0 <= args.seat < _seats(args.players):
        _fail(UNUSABLE, f"--seat must be 0..{args.players - 1} for {args.players} players")
    # Without --seed the game draws a fresh seed; it is shown, so the game can be set up again.
    state = _new_game(args.players, args.seed, args.library, _turn_limit(args), args.scholar)
    played: list[str] = []
    try:
        return _play_game(args, state, played)
    finally:
        if args.record is not None:
            _save_played(args, state.seed, played)


def _save_played(args: argparse.Namespace, seed: int, played: list[str]) -> None:
    """Write the game ``play`` played as a record (finished or not), for ``replay`` and ``show``."""
    turn_limit = _turn_limit(args)
    start = _new_game(args.players, seed, args.library, turn_limit, args.scholar)
    final = start
    for action in played:
        final = api.apply(final, action)
    text = save_record(
        played,
        players=args.players,
        seed=seed,
        library=args.library,
        turn_limit=turn_limit,
        scholar=args.scholar,
        final=final if api.is_terminal(final) else None,
        tags={"bots": args.bot, "human": f"P{args.seat}", "source": f"{PROG} play"},
    )
    try:
        Path(args.record).write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(UNUSABLE, f"cannot write {args.record}: {exc}")
    print(f"The game's record is in {args.record}.")


def _play_game(args: argparse.Namespace, state: State, played: list[str]) -> int:
    """The game loop of ``play``; every action taken is appended to ``played``."""
    seat: int = args.seat
    iterations, seconds = _mcts_budget(args)
    bots = {
        p: make_bot(args.bot, state.seed * 100 + p, mcts_iterations=iterations, mcts_time=seconds)
        for p in range(args.players)
        if p != seat
    }
    against = (
        f"the {args.scholar} Scholar (P1), whose turns follow yours"
        if args.players == 1
        else f"{args.players - 1} {args.bot} bot(s)"
    )
    print(f"Sankoré (seed {state.seed}): you are P{seat} against {against}. {_PLAY_HELP}")
    show_board = True
    while not api.is_terminal(state):
        player = state.current_player
        assert player is not None
        if player != seat:
            action = bots[player].choose(state)
            print(f"P{player}: {action}")
            state = api.apply(state, action)
            played.append(str(action))
            show_board = True
            continue
        if show_board:
            print("\n" + render_state(state, viewer=seat) + "\n")
            show_board = False
        actions = api.legal_actions(state)
        print(_menu(state, actions))
        while True:
            sys.stdout.write("> ")
            sys.stdout.flush()
            line = sys.stdin.readline()
            if not line:
                print("\nEnd of input: the game is left unfinished.")
                return OK
            if not sys.stdin.isatty():
                # Echo piped input so a transcript reads like a terminal session.
                sys.stdout.write(line if line.endswith("\n") else line + "\n")
            command = line.strip().lower()
            if command in ("quit", "exit"):
                print("You leave the game.")
                return OK
            if command in ("help", "?"):
                print(_PLAY_HELP)
                continue
            if command == "board":
                print(render_state(state, viewer=seat))
                continue
            if command == "score":
                print(render_scores(api.final_scores(state), final=False))
                continue
            if not command:
                continue
            chosen, problem = _read_choice(state, actions, line)
            if chosen is not None:
                break
            print(f"Not possible: {problem}")
        print(f"P{seat}: {chosen}")
        state = api.apply(state, chosen)
        played.append(str(chosen))
        for event in state.events:
            if event.kind == "scholar":  # what the Scholar did, and why (SOLO-FLOW-3)
                print(f"  Scholar: {event.detail['why']}")
    scores = api.final_scores(state)
    print("\nThe game is over.\n\nFinal scores:")
    print(render_scores(scores))
    verdict = "You win!" if seat in scores.winners else "You do not win this time."
    if scores.scholar is not None and seat not in scores.winners:
        verdict += " You need more than the Scholar's total to win (SOLO-END-2)."
    print(f"\n{verdict}")
    return OK


# ---- demo and random (kept from the first release) ---------------------------------------------


def _madrasa_letters(state: State) -> str:
    """The Madrasa as a grid: each tile's discipline initial, upper case when its star shows."""
    rules = api.rules_of(state)
    rows = []
    for cells in rules.row_cells:
        letters = []
        for cell in cells:
            tile = state.madrasa[cell]
            if tile is None:
                letters.append(".")
            else:
                letter = rules.sankore_tiles[tile.tile].discipline[0]
                letters.append(letter.upper() if tile.star else letter)
        rows.append(" ".join(letters))
    return "\n".join(rows)


def _tribes_playout(args: argparse.Namespace, verbose: bool) -> int:
    """A seeded Five Tribes game played by random choices, and its scores."""
    state = _new_tribes(args.players, args.seed)
    bot = RandomBot(seed=args.seed)
    decisions = 0
    if verbose:
        print(f"Five Tribes, {args.players} players, seed {args.seed}: random players.\n")
    while not api.is_terminal(state):
        state = api.apply(state, bot.choose(state))
        decisions += 1
        for event in state.events:
            if verbose and event.kind in ("round", "end_triggered"):
                print(f"  {event.kind.replace('_', ' ')}: {event.detail}")
    if verbose:
        print(f"\n{decisions} decisions, {state.round} rounds.\n")
        print(render_tribes(state))
        print("\nFinal scores:")
    print(render_tribes_scores(api.final_scores(state)))
    return OK


def _demo(args: argparse.Namespace) -> int:
    if _tribes_options(args):
        return _tribes_playout(args, verbose=True)
    state = _new_game(args.players, args.seed)
    bots = [GreedyBot(seed=args.seed * 10 + p) for p in range(args.players)]
    decisions = 0
    print(f"Sankoré, {args.players} players, seed {args.seed}: greedy bots play a whole game.\n")
    filled = sum(t is not None for t in state.madrasa)
    while not api.is_terminal(state):
        player = state.current_player
        assert player is not None
        state = api.apply(state, bots[player].choose(state))
        decisions += 1
        for event in state.events:
            if event.kind == "sankore_placed":
                filled += 1
                print(
                    f"  turn {state.players[player].turns + 1:>2}, player {player}: "
                    f"Sankoré tile {event.detail['tile']} to {event.detail['cell']} "
                    f"(Madrasa {filled}/{len(state.madrasa)})"
                )
            elif event.kind == "end_triggered":
                why = event.detail.get("reason", "the Madrasa is full")
                print(f"  the end is triggered ({why}); the round is played out")
    turns = [pl.turns for pl in state.players]
    print(
        f"\n{decisions} decisions, {turns[0]} turns each.\n\nThe Madrasa "
        "(upper case: star showing):"
    )
    print(_madrasa_letters(state))
    print("\nFinal scores:")
    print(render_scores(api.final_scores(state)))
    return OK


def _random_game(args: argparse.Namespace) -> int:
    if _tribes_options(args):
        return _tribes_playout(args, verbose=False)
    state = _new_game(args.players, args.seed)
    bot = RandomBot(seed=args.seed)
    while not api.is_terminal(state):
        state = api.apply(state, bot.choose(state))
    print(render_scores(api.final_scores(state)))
    return OK


# ---- the parser --------------------------------------------------------------------------------


class _HelpFormatter(argparse.HelpFormatter):
    """Help that states each option's default, where it has one and the help does not say it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        unstated = default is None or default is False or default == argparse.SUPPRESS
        if action.option_strings and not unstated and "default" not in text:
            text += " (default: %(default)s)"
        return text


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error message (status 2) instead of usage plus message.

    Its help states the defaults; every subcommand's parser is one of these.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(UNUSABLE, f"{self.prog}: error: {message} (see --help)\n")


def _game_options(parser: argparse.ArgumentParser, seed: int | None = 0) -> None:
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        choices=(1, 2, 3, 4),
        help="2-4, or 1 for the solo game against the Scholar (with --scholar)",
    )
    parser.add_argument(
        "--scholar",
        choices=SCHOLARS,
        help="the Scholar's difficulty, in a solo game (--players 1)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=seed,
        help="the game's seed: the same seed sets up the same game"
        + ("; a fresh one by default" if seed is None else ""),
    )
    parser.add_argument(
        "--library",
        default="three_shelf",
        choices=("three_shelf", "six_shelf"),
        help="the Library side",
    )


def _game_choice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        default="sankore",
        choices=("sankore", "five-tribes"),
        help="which game: Sankoré or Five Tribes (the state files say which, for the others)",
    )


def _turn_limit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--turn-limit",
        type=int,
        default=0,
        metavar="N",
        help="end the game once a player has had N turns (0, the default: no limit)",
    )


def _mcts_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mcts-iterations",
        type=int,
        default=200,
        metavar="N",
        help="the mcts bot's iterations per decision (0: bounded by --mcts-time only)",
    )
    parser.add_argument(
        "--mcts-time",
        type=float,
        metavar="SECONDS",
        help="the mcts bot's time per decision at most (choices then vary with the machine)",
    )


def _file_options(parser: argparse.ArgumentParser, record_only: bool = False) -> None:
    if not record_only:
        parser.add_argument(
            "file", metavar="FILE", help="a state file (to_json, new) or a game record"
        )
        parser.add_argument(
            "--move", type=int, metavar="N", help="for a record: the state after N actions"
        )
    parser.add_argument(
        "--rules", metavar="DIR", help="a folder of corrected rule tables to play by"
    )
    parser.add_argument(
        "--any-rules",
        action="store_true",
        help="replay a record even if it was made with another ruleset (with a warning)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    parser = _Parser(prog=PROG, description=DESCRIPTION, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=_Parser,
        metavar="COMMAND",
        help="one of these; 'sankore-rules COMMAND --help' describes it",
    )

    sim = sub.add_parser("simulate", help="play games between bots and summarise them")
    _game_options(sim)
    sim.add_argument(
        "--games", type=int, default=10, metavar="N", help="how many games (seeds S, S+1 ...)"
    )
    sim.add_argument(
        "--bot",
        default="random",
        metavar="NAME[,NAME...]",
        help=f"the bots' strategy, one of {', '.join(BOTS)}; or one per seat, comma-separated, "
        "for a tournament (the seats turn each game)",
    )
    _mcts_options(sim)
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="local processes playing games side by side; with --backend ray and no "
        "--ray-address, the CPUs of the local Ray instance",
    )
    sim.add_argument(
        "--backend",
        default="local",
        choices=("local", "ray"),
        help="where the games run: this machine's processes, or Ray (pip install "
        "'sankore-rules[ray]')",
    )
    sim.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="a running Ray cluster (auto, or ray://HEAD:10001); without it a local Ray "
        "instance is started and stopped",
    )
    sim.add_argument(
        "--standings-csv", metavar="FILE", help="write the standings per bot as CSV to FILE"
    )
    sim.add_argument(
        "--standings-json", metavar="FILE", help="write the standings per bot as JSON to FILE"
    )
    sim.add_argument("--records", metavar="DIR", help="write each game's record into DIR")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument(
        "--turn-limit",
        type=int,
        default=SIMULATE_TURN_LIMIT,
        metavar="N",
        help="end each game once a player has had N turns (the turn-limit variant; "
        f"default {SIMULATE_TURN_LIMIT}, so that bots that only pass still finish); "
        "0 plays the game as the rulebook has it",
    )
    sim.set_defaults(run=_simulate)

    new = sub.add_parser(
        "new",
        help="set up a game and write its state file (for legal, explain, apply, show)",
        description="Set up a game and write its state file, which legal, explain, apply and "
        "show read.",
    )
    _game_options(new, seed=None)
    _game_choice(new)
    _turn_limit_option(new)
    new.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default="state.json",
        help="the state file to write; - writes it to standard output",
    )
    new.set_defaults(run=_new)

    app = sub.add_parser(
        "apply",
        help="apply an action to a state file and write the new state",
        description="Apply one action, in notation, to a state (or a record's state) and write "
        "the state it leads to. An illegal action changes nothing: its reasons are printed.",
    )
    _file_options(app)
    app.add_argument("action", nargs="+", help="the action in notation, e.g. 'teach c1a'")
    app.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="the state file to write (default: FILE itself, for a state file); "
        "- writes it to standard output",
    )
    app.set_defaults(run=_apply)

    show = sub.add_parser("show", help="render a state or a record's last state as text")
    _file_options(show)
    show.add_argument(
        "--player", type=int, metavar="P", help="show only what player P (0, 1 ...) may see"
    )
    show.add_argument(
        "--svg",
        metavar="FILE",
        help="write a picture of the whole state (SVG) to FILE instead of printing text",
    )
    show.set_defaults(run=_show)

    legal = sub.add_parser("legal", help="the legal actions of the pending decision")
    _file_options(legal)
    legal.set_defaults(run=_legal)

    explain = sub.add_parser("explain", help="why an action is legal or refused")
    _file_options(explain)
    explain.add_argument("action", nargs="+", help="the action in notation, e.g. 'teach c1a'")
    explain.set_defaults(run=_explain)

    rep = sub.add_parser("replay", help="replay a record, checking every action")
    rep.add_argument("record", help="a game record")
    _file_options(rep, record_only=True)
    rep.set_defaults(run=_replay_command)

    view = sub.add_parser(
        "view", help="write a game record as one HTML page that steps through the game"
    )
    view.add_argument("record", help="a game record")
    view.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="the page to write (default: the record's name with .html)",
    )
    _file_options(view, record_only=True)
    view.set_defaults(run=_view)

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    _game_options(play, seed=None)
    play.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="P",
        help="your seat: 0 plays P0, 1 plays P1 ... (0 in a solo game, which you play first)",
    )
    play.add_argument("--bot", default="greedy", choices=BOTS, help="the other players' strategy")
    _mcts_options(play)
    _turn_limit_option(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="write the game's record to FILE when it ends or you leave it (for replay, show)",
    )
    play.set_defaults(run=_play)

    demo = sub.add_parser("demo", help="a seeded game played by greedy bots, with a summary")
    demo.add_argument("--players", type=int, default=3, choices=(2, 3, 4), help="how many players")
    demo.add_argument("--seed", type=int, default=7, help="the game's seed")
    _game_choice(demo)
    demo.set_defaults(run=_demo)

    rnd = sub.add_parser("random", help="a seeded random game, its final scores")
    rnd.add_argument("--players", type=int, default=3, choices=(2, 3, 4), help="how many players")
    rnd.add_argument("--seed", type=int, default=0, help="the game's seed")
    _game_choice(rnd)
    rnd.set_defaults(run=_random_game)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except CommandError as exc:
        sys.stdout.flush()
        message = " ".join(exc.message.splitlines())
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return exc.status
    except BrokenPipeError:
        # The reader went away (``... | head``): stop quietly, as Unix tools do, and keep
        # Python from complaining about the unflushed output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status
