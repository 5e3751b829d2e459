"""``demo`` and ``random``: a whole seeded game played by bots, its end shown."""

from __future__ import annotations

import argparse
from typing import Any

from sankore_rules import api
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.interfaces.cli.common import (
    OK,
    chosen_game,
    chosen_seed,
    game_setup,
    setup_words,
    start_game,
)
from sankore_rules.interfaces.render import render_scores, render_state


def _playout(
    args: argparse.Namespace, bot: type[GreedyBot] | type[RandomBot]
) -> tuple[Any, int, str]:
    """A seeded game played to its end by ``bot``s; its last state, decisions, setup in words.

    Each seat's bot is seeded ``seed * 10 + seat``.
    """
    game = chosen_game(args)
    players, options = game_setup(args, game)
    seed = chosen_seed(args)
    state = start_game(game, players, seed, options)
    bots = {p: bot(seed=seed * 10 + p) for p in game.agents(state)}
    decisions = 0
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None, "a game under way has a deciding seat"
        state = api.apply(state, bots[player].choose(state))
        decisions += 1
    return state, decisions, f"{game.title}, {setup_words(players, options, game)}"


def run_demo(args: argparse.Namespace) -> int:
    """``demo``: greedy bots play a whole game; its last position and final scores."""
    state, decisions, setup = _playout(args, GreedyBot)
    print(f"{setup}, seed {args.seed}: greedy bots play a whole game.\n")
    print(f"{decisions} decisions. The last position:\n")
    print(render_state(state))
    print("\nFinal scores:")
    print(render_scores(state, final=True))
    return OK


def run_random(args: argparse.Namespace) -> int:
    """``random``: random bots play a whole game; its final scores."""
    state, _, setup = _playout(args, RandomBot)
    # The seed is said: by default a fresh one, which sets the same game up again.
    print(f"{setup}, seed {args.seed}: random bots play a whole game.\n")
    print(render_scores(state, final=True))
    return OK
