"""The server's bots, run in worker processes so that a search never blocks the event loop.

A bot's move is computed by [`bot_move`][sankore_rules.interfaces.server.bots.bot_move] in a
process of a pool, from text only: the random and greedy bots get the state's JSON (they are the
server's own players, like the rules' automatic steps), the MCTS bot only its seat's
observation, from which it searches over redrawn hidden parts.
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sankore_rules import api
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.interfaces.search import MctsBot

__all__ = ["BOTS", "BotBudget", "bot_move", "bot_pool"]

#: The seat kinds that are bots.
BOTS = ("bot:random", "bot:greedy", "bot:mcts")


class BotBudget:
    """The MCTS bot's budget per decision: an iteration count and a time bound in seconds."""

    def __init__(self, iterations: int = 200, seconds: float = 2.0) -> None:
        if iterations < 1 or seconds <= 0:
            raise ValueError("the MCTS budget needs at least one iteration and some time")
        self.iterations = iterations
        self.seconds = seconds


def bot_move(kind: str, text: str, seed: int, iterations: int, seconds: float) -> str:
    """The notation of the move the bot ``kind`` makes (run in a worker process).

    Args:
        kind: one of [`BOTS`][sankore_rules.interfaces.server.bots.BOTS].
        text: the state's JSON for ``bot:random`` and ``bot:greedy``; the deciding seat's
            observation as JSON for ``bot:mcts``.
        seed: the bot's seed for this decision.
        iterations: the MCTS iterations per decision.
        seconds: the MCTS time bound per decision.
    """
    if kind == "bot:mcts":
        bot = MctsBot(seed, iterations=iterations, time_limit=seconds)
        return str(bot.choose_from_observation(json.loads(text)))
    state = api.from_json(text)
    player: Any = GreedyBot(seed) if kind == "bot:greedy" else RandomBot(seed)
    return str(player.choose(state))


def _warm() -> None:
    """Load the bundled rules of every game once, so the first move is not slow."""
    for game in api.games():
        api.load_rules(game=game.name)


def bot_pool(processes: int) -> ProcessPoolExecutor:
    """A pool of ``processes`` worker processes, started fresh (not forked from the server)."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=processes, mp_context=context, initializer=_warm)
