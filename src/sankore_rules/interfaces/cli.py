"""The ``sankore-rules`` command line: new, apply, show, view, legal, explain, replay, play ...

It plays every registered game (``--game``; Sankoré by default) and names none: a game's setup
options become flags (``--library``, ``--scholar``, ``--turn-limit`` are Sankoré's), a state or a
record file says its own game, and the text, pictures, events and score sheets come from the
game through the game protocol (``core/game.py``).

Exit status: 0 on success; 1 for an illegal action or a record that does not replay; 2 for
unusable input (a missing file, malformed JSON, an unknown option, a flag the chosen game does
not take), with a one-line message on standard error.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import secrets
import stat
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

from sankore_rules import __version__, api
from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.errors import ActionSyntaxError, Reason, RulesDataError, StateError
from sankore_rules.core.game import Game, NotSupported, Option
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
from sankore_rules.interfaces.viewer import viewer_html

__all__ = ["build_parser", "main", "render_standings", "standings_csv"]

PROG = "sankore-rules"
#: What ``--help`` says the program is, in plain words (the docstring's markup is for Python);
#: ``{games}`` is filled with the registered games' titles.
DESCRIPTION = (
    "A rules engine for board games ({games}; --game chooses): start a game and write its "
    "state file (new), act on it (apply), look at it (show, legal, explain), replay a game "
    "record or page through it (replay, view), let bots play (simulate, demo, random) or play "
    "against them (play)."
)
EPILOG = (
    "Exit status: 0 on success; 1 for an illegal action or a record that does not replay; "
    "2 for unusable input."
)
OK, ILLEGAL, UNUSABLE = 0, 1, 2
#: Fresh seeds are this many random bits: unguessable, and ``simulate``'s seeds S, S+1 ... stay
#: below every game's bound (2**128).
SEED_BITS = 127
#: What an option flag reads as None (an option that is off: no turn limit).
NONE = "none"
#: The prefix of the attributes option flags are parsed into.
_OPTION_DEST = "option_"


class CommandError(Exception):
    """Stops a command with an exit status and a one-line message for standard error."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _fail(status: int, message: str) -> NoReturn:
    raise CommandError(status, message)


# ---- the games and their setup ------------------------------------------------------------------


def _game_name(text: str) -> str:
    """``--game``'s value as the registry names games: ``five-tribes`` is ``five_tribes``."""
    return text.replace("-", "_")


def _flag(option: Option) -> str:
    return "--" + option.name.replace("_", "-")


def _shown(value: Any) -> str:
    """A choice of an option as its flag takes it: ``none`` for None."""
    return NONE if value is None else str(value)


def _option_value(option: Option, text: str) -> Any:
    """An option flag's text as a value: the choice it names, else a number, None or the text.

    ``none`` is None; a value that is no choice is left for the game to check.
    """
    for choice in option.choices:
        if _shown(choice) == text:
            return choice
    if text == NONE:
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def _all_options() -> dict[str, tuple[Option, list[str]]]:
    """Every registered game's setup options by name, each with the games that take it."""
    found: dict[str, tuple[Option, list[str]]] = {}
    for game in api.games():
        for option in game.options:
            found.setdefault(option.name, (option, []))[1].append(game.name)
    return found


def _chosen_game(args: argparse.Namespace) -> Game[Any, Any]:
    return api.find_game(args.game)


def _setup(args: argparse.Namespace, game: Game[Any, Any]) -> tuple[int, dict[str, Any]]:
    """The player count and the setup options given for ``game``; a flag it lacks is refused."""
    players: int = game.default_players if args.players is None else args.players
    if players not in game.player_counts:
        counts = ", ".join(str(n) for n in game.player_counts)
        _fail(UNUSABLE, f"--players must be one of {counts} for {game.name}, got {players}")
    takes = {o.name for o in game.options}
    options: dict[str, Any] = {}
    for name, (option, _) in _all_options().items():
        given = getattr(args, _OPTION_DEST + name, None)
        if given is None:  # not given: argparse's default
            continue
        if name not in takes:
            flags = ", ".join(_flag(o) for o in game.options) or "none"
            _fail(
                UNUSABLE,
                f"{_flag(option)} is not an option of {game.name} (its options: {flags})",
            )
        options[name] = _option_value(option, given)
    return players, options


def _new_game(game: Game[Any, Any], players: int, seed: int, options: dict[str, Any]) -> Any:
    try:
        return api.new_game(players=players, seed=seed, game=game.name, **options)
    except ValueError as exc:  # a seed out of bounds, an option value the game refuses
        _fail(UNUSABLE, str(exc))


def _seed(args: argparse.Namespace) -> int:
    """``--seed``, or fresh random bits: shown, so that the game can be set up again.

    Every command that sets up a game takes ``--seed`` alike, a fresh seed by default.
    """
    if args.seed is None:
        args.seed = secrets.randbits(SEED_BITS)
    return int(args.seed)


def _setup_words(players: int, options: dict[str, Any], game: Game[Any, Any]) -> str:
    """The setup in words: ``2 players, library three_shelf, turn limit 200``."""
    given = {o.name: options.get(o.name, o.default) for o in game.options}
    words = [f"{players} player{'s' if players != 1 else ''}"]
    words += [f"{k.replace('_', ' ')} {v}" for k, v in given.items() if v is not None]
    return ", ".join(words)


# ---- reading files -----------------------------------------------------------------------------


def _rules(args: argparse.Namespace, game: str | None) -> Any:
    """The ruleset of ``--rules DIR`` for ``game`` (None without ``--rules``)."""
    path: str | None = getattr(args, "rules", None)
    if path is None:
        return None
    try:
        return api.load_rules(path, game=game)
    except (RulesDataError, OSError, ValueError) as exc:
        _fail(UNUSABLE, f"cannot load the rule tables from {path}: {exc}")


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
        _fail(UNUSABLE, f"{path}: {_file_kind(mode)}, not a state or a record file")
    with os.fdopen(descriptor, "rb") as stream:
        return stream.read(MAX_FILE_BYTES + 1)


def _read_json(path: str) -> tuple[str, object]:
    """The text of the regular file ``path`` and its parsed JSON."""
    try:
        raw = _read_bytes(path)
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
    return _record(path, document)


def _record(path: str, document: object) -> Record:
    try:
        return record_from_document(document)
    except RecordError as exc:
        _fail(UNUSABLE, f"{path}: {exc}")


def _replay(args: argparse.Namespace, path: str, record: Record, upto: int | None = None) -> Any:
    """The record's state after ``upto`` actions (all by default); a failure is reported."""
    rules = _rules(args, record.game)
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


def _load_state(args: argparse.Namespace) -> Any:
    """The state a state file holds, or a record's state after ``--move`` actions."""
    path: str = args.file
    text, document = _read_json(path)
    upto: int | None = getattr(args, "move", None)
    if upto is not None and upto < 0:
        _fail(UNUSABLE, f"--move must be 0 or more, got {upto}")
    if is_record(document):
        record = _record(path, document)
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
    # --rules loads the tables of the game the document is a state of.
    game = next((g for g in api.games() if g.reads(document)), None)
    try:
        return api.from_json(text, _rules(args, None if game is None else game.name))
    except StateError as exc:
        _fail(UNUSABLE, f"{path}: {exc}")


# ---- what a state says -------------------------------------------------------------------------


def _decision_line(state: Any) -> str:
    view = api.game_of(state).decision_view(state)
    if view is None:
        return "The game is over: there is nothing left to decide."
    return f"P{view['player']} decides ({view['kind']}): {view['prompt'] or view['kind']}"


def _print_scores(state: Any) -> None:
    """The score sheet under its heading: the final one, or the running one."""
    print("\nFinal scores:" if api.is_terminal(state) else "\nScore if the game ended now:")
    print(render_scores(state))


def _events(state: Any) -> list[str]:
    """What the last action did, a line per event (the game's words, or plain ones)."""
    return api.game_of(state).describe_events(state)


def _write(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(UNUSABLE, f"cannot write {what} to {path}: {exc}")


def _write_state(state: Any, path: str) -> None:
    """Write ``state`` as a state file (``to_json``); ``-`` is standard output."""
    text = api.to_json(state)
    if path == "-":
        print(text)
        return
    _write(path, text + "\n", "the state")


# ---- new, show, legal, explain, apply, replay, view ---------------------------------------------


def _new(args: argparse.Namespace) -> int:
    game = _chosen_game(args)
    players, options = _setup(args, game)
    seed = _seed(args)
    state = _new_game(game, players, seed, options)
    _write_state(state, args.output)
    if args.output != "-":
        print(f"Wrote {args.output} (seed {seed}). {_decision_line(state)}")
    return OK


def _show(args: argparse.Namespace) -> int:
    if args.svg is not None and args.player is not None:
        # The picture shows every hand: it is no view for one player.
        _fail(UNUSABLE, "--svg draws the whole state: it does not take --player")
    state = _load_state(args)
    seats = api.game_of(state).seats(state)
    if args.player is not None and not 0 <= args.player < seats:
        _fail(UNUSABLE, f"--player must be 0..{seats - 1}, got {args.player}")
    if args.svg is not None:
        _write(args.svg, state_svg(state), "the picture")
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


def _legal(args: argparse.Namespace) -> int:
    state = _load_state(args)
    if args.json:
        actions = [str(action) for action in api.legal_actions(state)]
        _print_json({**_decision_json(state), "actions": actions})
        return OK
    print(_decision_line(state))
    for action in api.legal_actions(state):
        print(action)
    return OK


def _explain(args: argparse.Namespace) -> int:
    state = _load_state(args)
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
    _print_reasons(reasons)
    return ILLEGAL


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
    if api.is_terminal(state):
        checked = ", the recorded result confirmed" if record.scores is not None else ""
        print(f"Replayed {count} actions: the game is over{checked}.\n\nFinal scores:")
        print(render_scores(state, final=True))
    else:
        print(f"Replayed {count} actions; the game goes on. {_decision_line(state)}")
        print("\nScore if the game ended now:")
        print(render_scores(state, final=False))
    return OK


def _view(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    _replay(args, args.record, record)  # a record that does not replay is reported as replay does
    output = args.output or str(Path(args.record).with_suffix(".html"))
    try:
        page = viewer_html(record, rules=_rules(args, record.game), check_rules=not args.any_rules)
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


def _bot_names(args: argparse.Namespace, seats: int) -> list[str]:
    """``--bot``'s names, checked against the bots and the ``seats`` that decide."""
    names = [n.strip() for n in str(args.bot).split(",")]
    try:
        seat_bots(names, seats, 0)
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
    game = _chosen_game(args)
    players, options = _setup(args, game)
    seed = _seed(args)
    first = _new_game(game, players, seed, options)  # checks the setup
    deciding = len(game.agents(first))
    names = _bot_names(args, deciding)
    iterations, seconds = _mcts_budget(args)
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
        _fail(UNUSABLE, str(exc))
    elapsed = time.perf_counter() - started
    if show:
        sys.stderr.write("\n")
    if folder is not None:
        for result in results:
            _write(str(folder / f"game-{result.seed}.json"), result.record or "", "the record")
    print(f"{args.games} games of {game.title}: {_setup_words(players, options, game)}")
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
            _write(path, text, "the standings")
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


# ---- play --------------------------------------------------------------------------------------

_PLAY_HELP = (
    "Type the number of an action or its notation. Other commands: 'board' shows the whole "
    "state, 'score' the running score, 'undo' takes back your last decision (and the bots' "
    "answers to it), 'help' this text, 'quit' ends the game."
)


def _menu(state: Any, actions: Sequence[Action]) -> str:
    """The pending decision and its options, numbered: each in words, its notation beside."""
    lines = [_decision_line(state)]
    lines.extend(
        f"  {i:>3}. {api.describe(state, action)}  [{action}]"
        for i, action in enumerate(actions, start=1)
    )
    return "\n".join(lines)


def _read_choice(
    state: Any, actions: Sequence[Action], line: str
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


class _Played:
    """The game ``play`` is playing: its setup, and every action with the state before it.

    ``chosen[i]`` is true where the player typed the ``i``-th action (not a bot's, not one
    applied by itself as a decision's only option): ``undo`` goes back to before the last one.
    """

    def __init__(self, game: Game[Any, Any], setup: tuple[int, int, dict[str, Any]]) -> None:
        self.game = game
        self.players, self.seed, self.options = setup
        self.actions: list[str] = []
        self.before: list[Any] = []
        self.chosen: list[bool] = []

    def apply(self, state: Any, action: Action | str, chosen: bool) -> Any:
        """The state after ``action``, remembered so that it can be undone."""
        after = api.apply(state, action)
        self.actions.append(str(action))
        self.before.append(state)
        self.chosen.append(chosen)
        return after

    def undo(self) -> tuple[Any, str] | None:
        """The state before the player's last typed decision, and that decision; None if none."""
        if True not in self.chosen:
            return None
        last = len(self.chosen) - 1 - self.chosen[::-1].index(True)
        state, action = self.before[last], self.actions[last]
        del self.actions[last:], self.before[last:], self.chosen[last:]
        return state, action


def _play(args: argparse.Namespace) -> int:
    if args.resume is not None:
        played, state = _resumed(args)
    else:
        game = _chosen_game(args)
        players, options = _setup(args, game)
        seed = _seed(args)
        state = _new_game(game, players, seed, options)
        played = _Played(game, (players, seed, options))
    agents = played.game.agents(state)
    if args.seat not in agents:
        seats = ", ".join(str(p) for p in agents)
        _fail(UNUSABLE, f"--seat must be one of {seats} (the seats that decide), got {args.seat}")
    iterations, seconds = _mcts_budget(args)
    record: str | None = args.record if args.record is not None else args.resume
    try:
        return _play_game(args, state, played, (iterations, seconds))
    finally:
        if record is not None:
            _save_played(args, record, played)


def _resumed(args: argparse.Namespace) -> tuple[_Played, Any]:
    """The game of the record ``--resume`` names, replayed to where it was left."""
    given = [f"--{name}" for name in ("players", "seed") if getattr(args, name) is not None]
    given += [
        _flag(option)
        for name, (option, _) in _all_options().items()
        if getattr(args, _OPTION_DEST + name, None) is not None
    ]
    if given:
        _fail(UNUSABLE, f"--resume plays the record's own setup: drop {', '.join(given)}")
    path: str = args.resume
    record = _load_record(path)
    try:
        final = replay(record)  # every action checked, as replay does
        state = record.start()
    except (RecordError, ReplayError) as exc:
        _fail(UNUSABLE, f"{path}: {exc}")
    if api.is_terminal(final):
        _fail(UNUSABLE, f"{path}: the game is over: there is nothing left to play")
    game = api.game_of(state)
    played = _Played(game, (record.players, record.seed, dict(record.options)))
    for action in record.actions:
        # A resumed game's earlier decisions are the player's to take back as well.
        chosen = game.current_player(state) == args.seat
        state = played.apply(state, action, chosen=chosen)
    return played, state


def _save_played(args: argparse.Namespace, path: str, played: _Played) -> None:
    """Write the game ``play`` played as a record (finished or not), for ``replay`` and ``show``."""
    final = _new_game(played.game, played.players, played.seed, played.options)
    for action in played.actions:
        final = api.apply(final, action)
    text = save_record(
        played.actions,
        players=played.players,
        seed=played.seed,
        game=played.game.name,
        final=final if api.is_terminal(final) else None,
        tags={"bots": args.bot, "human": f"P{args.seat}", "source": f"{PROG} play"},
        **played.options,
    )
    _write(path, text, "the record")
    print(f"The game's record is in {path}.")


def _show_events(state: Any) -> None:
    for line in _events(state):
        print(f"  {line}")


def _play_game(
    args: argparse.Namespace,
    state: Any,
    played: _Played,
    budget: tuple[int | None, float | None],
) -> int:
    """The game loop of ``play``; every action taken is remembered by ``played``.

    The whole board is drawn once, then on request (``board``) and after an ``undo``; between
    them only what changed is printed: each action and what it did.
    """
    game = played.game
    seat: int = args.seat
    agents = game.agents(state)
    bots = {
        p: make_bot(args.bot, played.seed * 100 + p, mcts_iterations=budget[0], mcts_time=budget[1])
        for p in agents
        if p != seat
    }
    others = [f"{len(bots)} {args.bot} bot(s)"] if bots else []
    automatic = [f"P{p}" for p in range(game.seats(state)) if p not in agents]
    if automatic:  # seats the rules play (Sankoré's Scholar)
        others.append(f"{', '.join(automatic)}, played by the rules after each turn")
    against = " and ".join(others)
    print(f"{game.title} (seed {played.seed}): you are P{seat} against {against}. {_PLAY_HELP}")
    if played.actions:
        print(f"Resumed after {len(played.actions)} actions.")
    print("\n" + render_state(state, viewer=seat) + "\n")
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None, "a game under way has a deciding seat"
        if player != seat:
            action = bots[player].choose(state)
            print(f"P{player}: {action}")
            state = played.apply(state, action, chosen=False)
            _show_events(state)
            continue
        actions = api.legal_actions(state)
        if len(actions) == 1 and not args.ask_forced:
            print(f"P{seat}: {actions[0]} (the only option)")
            state = played.apply(state, actions[0], chosen=False)
            _show_events(state)
            continue
        print(_menu(state, actions))
        answer = _ask(state, actions, seat)
        if answer is None:
            return OK
        if answer == _UNDO:
            undone = played.undo()
            if undone is None:
                print("Nothing to undo: you have taken no decision yet.")
                continue
            state, taken_back = undone
            print(f"Undone: your {taken_back} and what followed it.")
            print("\n" + render_state(state, viewer=seat) + "\n")
            continue
        assert isinstance(answer, Action)
        print(f"P{seat}: {answer}")
        state = played.apply(state, answer, chosen=True)
        _show_events(state)
    print("\nThe game is over.\n\nFinal scores:")
    print(render_scores(state, final=True))
    won = seat in game.winners(api.rules_of(state), state)
    print("\nYou win!" if won else "\nYou do not win this time.")
    return OK


#: What ``_ask`` answers when the player types ``undo``.
_UNDO = "undo"


def _ask(state: Any, actions: Sequence[Action], seat: int) -> Action | str | None:
    """The action the player types, or ``_UNDO``, after any commands; None when they leave."""
    while True:
        sys.stdout.write("> ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            print("\nEnd of input: the game is left unfinished.")
            return None
        if not sys.stdin.isatty():
            # Echo piped input so a transcript reads like a terminal session.
            sys.stdout.write(line if line.endswith("\n") else line + "\n")
        command = line.strip().lower()
        if command in ("quit", "exit"):
            print("You leave the game.")
            return None
        if command == _UNDO:
            return _UNDO
        if command in ("help", "?"):
            print(_PLAY_HELP)
        elif command == "board":
            print(render_state(state, viewer=seat))
        elif command == "score":
            print(render_scores(state, final=False))
        elif command:
            chosen, problem = _read_choice(state, actions, line)
            if chosen is not None:
                return chosen
            print(f"Not possible: {problem}")


# ---- demo and random ---------------------------------------------------------------------------


def _playout(
    args: argparse.Namespace, bot: type[GreedyBot] | type[RandomBot]
) -> tuple[Any, int, str]:
    """A seeded game played to its end by ``bot``s; its last state, decisions, setup in words.

    Each seat's bot is seeded ``seed * 10 + seat``.
    """
    game = _chosen_game(args)
    players, options = _setup(args, game)
    seed = _seed(args)
    state = _new_game(game, players, seed, options)
    bots = {p: bot(seed=seed * 10 + p) for p in game.agents(state)}
    decisions = 0
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None, "a game under way has a deciding seat"
        state = api.apply(state, bots[player].choose(state))
        decisions += 1
    return state, decisions, f"{game.title}, {_setup_words(players, options, game)}"


def _demo(args: argparse.Namespace) -> int:
    state, decisions, setup = _playout(args, GreedyBot)
    print(f"{setup}, seed {args.seed}: greedy bots play a whole game.\n")
    print(f"{decisions} decisions. The last position:\n")
    print(render_state(state))
    print("\nFinal scores:")
    print(render_scores(state, final=True))
    return OK


def _random_game(args: argparse.Namespace) -> int:
    state, _, setup = _playout(args, RandomBot)
    # The seed is said: by default a fresh one, which sets the same game up again.
    print(f"{setup}, seed {args.seed}: random bots play a whole game.\n")
    print(render_scores(state, final=True))
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

    Its help states the defaults; every subcommand's parser is one of these. Long options are
    never abbreviated: ``--game`` must not be read as ``--games``, nor a typo as some option.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(UNUSABLE, f"{self.prog}: error: {message} (see --help)\n")


def _command(sub: Any, name: str, **kwargs: Any) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` opens with its one-line summary, when it has no longer text."""
    summary: str = kwargs["help"]
    kwargs.setdefault("description", summary[0].upper() + summary[1:] + ".")
    parser: argparse.ArgumentParser = sub.add_parser(name, **kwargs)
    return parser


def _setup_arguments(parser: argparse.ArgumentParser) -> None:
    """``--game``, ``--players``, ``--seed`` and every registered game's option flags.

    Every command that sets up a game takes them with the same defaults: the game's usual
    player count, a fresh seed (printed, so the game can be set up again), and each option's
    own default (no turn limit).
    """
    names = [game.name for game in api.games()]
    parser.add_argument(
        "--game",
        type=_game_name,
        default=names[0],
        choices=names,
        help="which game: "
        + ", ".join(f"{g.name} ({g.title})" for g in api.games())
        + "; a - in a name reads as _",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="how many players; by default the game's usual count ("
        + ", ".join(f"{g.name} {g.default_players}" for g in api.games())
        + ")",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="the game's seed: the same seed sets up the same game; a fresh one by default",
    )
    for name, (option, games) in _all_options().items():
        shown = [_shown(c) for c in option.choices]
        parser.add_argument(
            _flag(option),
            dest=_OPTION_DEST + name,
            choices=shown or None,
            metavar=None if shown else "VALUE",
            help=f"{option.doc}; an option of {', '.join(games)}"
            + ("" if option.default is None else f", {option.default} when not given")
            + (f" ({NONE}: off)" if option.default is None and not shown else ""),
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


def _json_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--json", action="store_true", help=f"print {what} as JSON, for scripts")


def _simulate_parser(sub: Any) -> None:
    sim = _command(sub, "simulate", help="play games between bots and summarise them")
    _setup_arguments(sim)
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
    sim.set_defaults(run=_simulate)


def _file_parsers(sub: Any) -> None:
    app = _command(
        sub,
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

    show = _command(sub, "show", help="render a state or a record's last state as text")
    _file_options(show)
    show.add_argument(
        "--player", type=int, metavar="P", help="show only what player P (0, 1 ...) may see"
    )
    show.add_argument(
        "--svg",
        metavar="FILE",
        help="write a picture of the whole state (SVG) to FILE instead of printing text",
    )
    _json_option(show, "the state (or, with --player, what that player sees) and the decision")
    show.set_defaults(run=_show)

    legal = _command(sub, "legal", help="the legal actions of the pending decision")
    _file_options(legal)
    _json_option(legal, "the decision and its legal actions")
    legal.set_defaults(run=_legal)

    explain = _command(sub, "explain", help="why an action is legal or refused")
    _file_options(explain)
    explain.add_argument("action", nargs="+", help="the action in notation, e.g. 'teach c1a'")
    _json_option(explain, "whether the action is legal, and each reason's code and words")
    explain.set_defaults(run=_explain)

    rep = _command(sub, "replay", help="replay a record, checking every action")
    rep.add_argument("record", help="a game record")
    _file_options(rep, record_only=True)
    rep.set_defaults(run=_replay_command)

    view = _command(
        sub, "view", help="write a game record as one HTML page that steps through the game"
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    games = ", ".join(game.title for game in api.games())
    parser = _Parser(prog=PROG, description=DESCRIPTION.format(games=games), epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=_Parser,
        metavar="COMMAND",
        help="one of these; 'sankore-rules COMMAND --help' describes it",
    )
    _simulate_parser(sub)

    new = _command(
        sub,
        "new",
        help="set up a game and write its state file (for legal, explain, apply, show)",
        description="Set up a game and write its state file, which legal, explain, apply and "
        "show read.",
    )
    _setup_arguments(new)
    new.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default="state.json",
        help="the state file to write; - writes it to standard output",
    )
    new.set_defaults(run=_new)

    _file_parsers(sub)

    play = _command(sub, "play", help="play a game in the terminal against bots")
    _setup_arguments(play)
    play.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="P",
        help="your seat: 0 plays P0, 1 plays P1 ... (one of the seats that decide)",
    )
    play.add_argument("--bot", default="greedy", choices=BOTS, help="the other players' strategy")
    _mcts_options(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="write the game's record to FILE when it ends or you leave it (for replay, show); "
        "with --resume, the resumed record by default",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the unfinished game of a record (play --record, simulate --records), "
        "with its own setup",
    )
    play.add_argument(
        "--ask-forced",
        action="store_true",
        help="ask even when a decision has a single option (by default it is applied by itself)",
    )
    play.set_defaults(run=_play)

    demo = _command(
        sub, "demo", help="a whole game played by greedy bots, its last position and final scores"
    )
    _setup_arguments(demo)
    demo.set_defaults(run=_demo)

    rnd = _command(sub, "random", help="a seeded random game, its final scores")
    _setup_arguments(rnd)
    rnd.set_defaults(run=_random_game)

    # Listed here for --help; main() hands its arguments to the server's own parser.
    _command(
        sub,
        "serve",
        help="serve matches of every game over HTTP, with a browser page (extra 'server')",
        add_help=False,
    )
    return parser


def _serve(argv: Sequence[str]) -> int:
    """``serve``: the match server's own command line (``sankore-rules serve --help``)."""
    try:
        from sankore_rules.interfaces.server import main as serve
    except ImportError as exc:
        print(
            f"{PROG}: error: the match server needs the extra 'server': "
            f"pip install 'sankore-rules[server]' ({exc})",
            file=sys.stderr,
        )
        return UNUSABLE
    return serve(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["serve"]:
        return _serve(given[1:])
    args = build_parser().parse_args(given)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except (CommandError, NotSupported) as exc:
        # NotSupported: the game lacks a hook the command needs (a text view, a picture).
        sys.stdout.flush()
        failure = exc if isinstance(exc, CommandError) else CommandError(UNUSABLE, str(exc))
        message = " ".join(failure.message.splitlines())
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return failure.status
    except BrokenPipeError:
        # The reader went away (``... | head``): stop quietly, as Unix tools do, and keep
        # Python from complaining about the unflushed output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status
