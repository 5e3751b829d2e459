"""``play``: a game in the terminal against bots, with undo, resumed from a record."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.errors import ActionSyntaxError
from sankore_rules.core.game import Game
from sankore_rules.interfaces.cli.common import (
    OK,
    OPTION_DEST,
    PROG,
    UNUSABLE,
    all_options,
    chosen_game,
    chosen_seed,
    decision_line,
    fail,
    game_setup,
    mcts_budget,
    option_flag,
    start_game,
    write_file,
)
from sankore_rules.interfaces.cli.files import load_record
from sankore_rules.interfaces.records import RecordError, ReplayError, replay, save_record
from sankore_rules.interfaces.render import render_scores, render_state
from sankore_rules.interfaces.simulation import make_bot

_PLAY_HELP = (
    "Type the number of an action or its notation. Other commands: 'board' shows the whole "
    "state, 'score' the running score, 'undo' takes back your last decision (and the bots' "
    "answers to it), 'help' this text, 'quit' ends the game."
)


def _events(state: Any) -> list[str]:
    """What the last action did, a line per event (the game's words, or plain ones)."""
    return api.game_of(state).describe_events(state)


def _menu(state: Any, actions: Sequence[Action]) -> str:
    """The pending decision and its options, numbered: each in words, its notation beside."""
    lines = [decision_line(state)]
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


def run_play(args: argparse.Namespace) -> int:
    """``play``: a new game, or the one ``--resume`` names, played against bots."""
    if args.resume is not None:
        played, state = _resumed(args)
    else:
        game = chosen_game(args)
        players, options = game_setup(args, game)
        seed = chosen_seed(args)
        state = start_game(game, players, seed, options)
        played = _Played(game, (players, seed, options))
    agents = played.game.agents(state)
    if args.seat not in agents:
        seats = ", ".join(str(p) for p in agents)
        fail(UNUSABLE, f"--seat must be one of {seats} (the seats that decide), got {args.seat}")
    iterations, seconds = mcts_budget(args)
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
        option_flag(option)
        for name, (option, _) in all_options().items()
        if getattr(args, OPTION_DEST + name, None) is not None
    ]
    if given:
        fail(UNUSABLE, f"--resume plays the record's own setup: drop {', '.join(given)}")
    path: str = args.resume
    record = load_record(path)
    try:
        final = replay(record)  # every action checked, as replay does
        state = record.start()
    except (RecordError, ReplayError) as exc:
        fail(UNUSABLE, f"{path}: {exc}")
    if api.is_terminal(final):
        fail(UNUSABLE, f"{path}: the game is over: there is nothing left to play")
    game = api.game_of(state)
    played = _Played(game, (record.players, record.seed, dict(record.options)))
    for action in record.actions:
        # A resumed game's earlier decisions are the player's to take back as well.
        chosen = game.current_player(state) == args.seat
        state = played.apply(state, action, chosen=chosen)
    return played, state


def _save_played(args: argparse.Namespace, path: str, played: _Played) -> None:
    """Write the game ``play`` played as a record (finished or not), for ``replay`` and ``show``."""
    final = start_game(played.game, played.players, played.seed, played.options)
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
    write_file(path, text, "the record")
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
