"""What every command shares: exit statuses, errors, the games' setup from flags, writing.

A command stops with ``fail``, which ``main`` turns into an exit status and a one-line message
on standard error. Every command that sets up a game reads ``--game``, ``--players``, ``--seed``
and the game's option flags alike, through ``game_setup`` and ``chosen_seed``.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from sankore_rules import api
from sankore_rules.core.chance import decision_words
from sankore_rules.core.errors import Reason
from sankore_rules.core.game import Game, Option

PROG = "sankore-rules"
#: The exit statuses (the package's docstring says when each is given).
OK, ILLEGAL, UNUSABLE = 0, 1, 2
#: Fresh seeds are this many random bits: unguessable, and ``simulate``'s seeds S, S+1 ... stay
#: below every game's bound (2**128).
SEED_BITS = 127
#: What an option flag reads as None (an option that is off: no turn limit).
NONE = "none"
#: The prefix of the attributes option flags are parsed into.
OPTION_DEST = "option_"


class CommandError(Exception):
    """Stops a command with an exit status and a one-line message for standard error."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def fail(status: int, message: str) -> NoReturn:
    """Stop the command: ``main`` prints ``message`` and exits with ``status``."""
    raise CommandError(status, message)


def game_name(text: str) -> str:
    """``--game``'s value as the registry names games: ``five-tribes`` is ``five_tribes``."""
    return text.replace("-", "_")


def option_flag(option: Option) -> str:
    """The flag of a setup option: ``turn_limit`` is ``--turn-limit``."""
    return "--" + option.name.replace("_", "-")


def choice_text(value: Any) -> str:
    """A choice of an option as its flag takes it: ``none`` for None."""
    return NONE if value is None else str(value)


def _option_value(option: Option, text: str) -> Any:
    """An option flag's text as a value: the choice it names, else a number, None or the text.

    ``none`` is None; a value that is no choice is left for the game to check.
    """
    for choice in option.choices:
        if choice_text(choice) == text:
            return choice
    if text == NONE:
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def all_options() -> dict[str, tuple[Option, list[str]]]:
    """Every registered game's setup options by name, each with the games that take it."""
    found: dict[str, tuple[Option, list[str]]] = {}
    for game in api.games():
        for option in game.options:
            found.setdefault(option.name, (option, []))[1].append(game.name)
    return found


def chosen_game(args: argparse.Namespace) -> Game[Any, Any]:
    """The game ``--game`` names."""
    return api.find_game(args.game)


def game_setup(args: argparse.Namespace, game: Game[Any, Any]) -> tuple[int, dict[str, Any]]:
    """The player count and the setup options given for ``game``; a flag it lacks is refused."""
    players: int = game.default_players if args.players is None else args.players
    if players not in game.player_counts:
        counts = ", ".join(str(n) for n in game.player_counts)
        fail(UNUSABLE, f"--players must be one of {counts} for {game.name}, got {players}")
    takes = {o.name for o in game.options}
    options: dict[str, Any] = {}
    for name, (option, _) in all_options().items():
        given = getattr(args, OPTION_DEST + name, None)
        if given is None:  # not given: argparse's default
            continue
        if name not in takes:
            flags = ", ".join(option_flag(o) for o in game.options) or "none"
            fail(
                UNUSABLE,
                f"{option_flag(option)} is not an option of {game.name} (its options: {flags})",
            )
        options[name] = _option_value(option, given)
    return players, options


def start_game(game: Game[Any, Any], players: int, seed: int, options: dict[str, Any]) -> Any:
    """A new game of ``game``; a setup the game refuses stops the command (status 2)."""
    try:
        return api.new_game(players=players, seed=seed, game=game.name, **options)
    except ValueError as exc:  # a seed out of bounds, an option value the game refuses
        fail(UNUSABLE, str(exc))


def chosen_seed(args: argparse.Namespace) -> int:
    """``--seed``, or fresh random bits: shown, so that the game can be set up again.

    Every command that sets up a game takes ``--seed`` alike, a fresh seed by default.
    """
    if args.seed is None:
        args.seed = secrets.randbits(SEED_BITS)
    return int(args.seed)


def setup_words(players: int, options: dict[str, Any], game: Game[Any, Any]) -> str:
    """The setup in words: ``2 players, library three_shelf, turn limit 200``."""
    given = {o.name: options.get(o.name, o.default) for o in game.options}
    words = [f"{players} player{'s' if players != 1 else ''}"]
    words += [f"{k.replace('_', ' ')} {v}" for k, v in given.items() if v is not None]
    return ", ".join(words)


def decision_line(state: Any) -> str:
    """The pending decision in one line: who decides what, or that the game is over."""
    view = api.game_of(state).decision_view(state)
    if view is None:
        return "The game is over: there is nothing left to decide."
    return decision_words(view["player"], view["kind"], view["prompt"] or view["kind"])


def write_file(path: str, text: str, what: str) -> None:
    """Write ``text`` to ``path``; a failure stops the command, naming ``what`` was written."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(UNUSABLE, f"cannot write {what} to {path}: {exc}")


def print_reasons(reasons: Sequence[Reason]) -> None:
    """Print each reason an action is refused, its code and its words."""
    for reason in reasons:
        print(f"  {reason.code}: {reason.words}")


def mcts_budget(args: argparse.Namespace) -> tuple[int | None, float | None]:
    """``--mcts-iterations`` and ``--mcts-time`` as the MCTS bot takes them (0: no bound)."""
    iterations: int = args.mcts_iterations
    seconds: float | None = args.mcts_time
    if iterations < 0:
        fail(UNUSABLE, f"--mcts-iterations must be 0 (none) or more, got {iterations}")
    if seconds is not None and not seconds > 0:
        fail(UNUSABLE, f"--mcts-time must be a positive number of seconds, got {seconds}")
    if iterations == 0 and seconds is None:
        fail(UNUSABLE, "--mcts-iterations 0 needs a --mcts-time")
    return iterations or None, seconds
