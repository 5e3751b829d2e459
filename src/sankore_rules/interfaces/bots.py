"""Bots that play any decision of any game: a random one and a greedy one-decision lookahead.

Both are reproducible: the same seed and the same states give the same choices. The greedy
bot rates each result by its game's own evaluation (the ``evaluate`` hook of the game
protocol), so it plays every registered game that offers one.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=5)
    >>> bot = RandomBot(seed=1)
    >>> bot.choose(state) in sr.legal_actions(state)
    True
    >>> tribes = sr.new_game(players=2, seed=5, game="five_tribes")
    >>> GreedyBot(seed=1).choose(tribes) in sr.legal_actions(tribes)
    True
"""

from __future__ import annotations

import random
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.core.registry import game_of

__all__ = ["GreedyBot", "RandomBot", "evaluate"]

#: Worths closer than this are a tie, broken at random.
TIE = 1e-9


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Action:
        """One of the legal actions of ``state``, at random."""
        return self.rng.choice(api.legal_actions(state))


def evaluate(state: Any, player: int) -> float:
    """A rough worth of ``state`` for ``player``, as its game rates it (higher is better).

    Raises:
        NotSupported: the state's game offers no evaluation.
    """
    return game_of(state).evaluate(api.rules_of(state), state, player)


class GreedyBot:
    """Looks one decision ahead and takes the action whose result its game rates best.

    Each result is rated by [`evaluate`][sankore_rules.interfaces.bots.evaluate] for the
    player deciding now.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Action:
        """The best-looking legal action; ties are broken at random.

        Raises:
            ValueError: the game is over.
        """
        game = game_of(state)
        rules = api.rules_of(state)
        player = game.current_player(state)
        if player is None:
            raise ValueError("the game is over: there is nothing to choose")
        best: list[Action] = []
        best_worth = float("-inf")
        for action in game.legal_actions(rules, state):
            worth = game.evaluate(rules, game.apply(rules, state, action), player)
            if worth > best_worth + TIE:
                best, best_worth = [action], worth
            elif abs(worth - best_worth) <= TIE:
                best.append(action)
        return self.rng.choice(best)
