"""The argument parser of ``sankore-rules`` and its entry point, ``main``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from sankore_rules import __version__, api
from sankore_rules.core.game import NotSupported
from sankore_rules.interfaces.cli.common import (
    NONE,
    OK,
    OPTION_DEST,
    PROG,
    UNUSABLE,
    CommandError,
    all_options,
    choice_text,
    game_name,
    option_flag,
)
from sankore_rules.interfaces.cli.play import run_play
from sankore_rules.interfaces.cli.playouts import run_demo, run_random
from sankore_rules.interfaces.cli.record_commands import run_replay, run_view
from sankore_rules.interfaces.cli.serve import run_serve
from sankore_rules.interfaces.cli.simulate import run_simulate
from sankore_rules.interfaces.cli.state_commands import (
    run_apply,
    run_explain,
    run_legal,
    run_new,
    run_show,
)
from sankore_rules.interfaces.simulation import BOTS

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
        type=game_name,
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
    for name, (option, games) in all_options().items():
        shown = [choice_text(c) for c in option.choices]
        parser.add_argument(
            option_flag(option),
            dest=OPTION_DEST + name,
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
    sim.set_defaults(run=run_simulate)


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
    app.set_defaults(run=run_apply)

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
    show.set_defaults(run=run_show)

    legal = _command(sub, "legal", help="the legal actions of the pending decision")
    _file_options(legal)
    _json_option(legal, "the decision and its legal actions")
    legal.set_defaults(run=run_legal)

    explain = _command(sub, "explain", help="why an action is legal or refused")
    _file_options(explain)
    explain.add_argument("action", nargs="+", help="the action in notation, e.g. 'teach c1a'")
    _json_option(explain, "whether the action is legal, and each reason's code and words")
    explain.set_defaults(run=run_explain)

    rep = _command(sub, "replay", help="replay a record, checking every action")
    rep.add_argument("record", help="a game record")
    _file_options(rep, record_only=True)
    rep.set_defaults(run=run_replay)

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
    view.set_defaults(run=run_view)


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
    new.set_defaults(run=run_new)

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
    play.set_defaults(run=run_play)

    demo = _command(
        sub, "demo", help="a whole game played by greedy bots, its last position and final scores"
    )
    _setup_arguments(demo)
    demo.set_defaults(run=run_demo)

    rnd = _command(sub, "random", help="a seeded random game, its final scores")
    _setup_arguments(rnd)
    rnd.set_defaults(run=run_random)

    # Listed here for --help; main() hands its arguments to the server's own parser.
    _command(
        sub,
        "serve",
        help="serve matches of every game over HTTP, with a browser page (extra 'server')",
        add_help=False,
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["serve"]:
        return run_serve(given[1:])
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
