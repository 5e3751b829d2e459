"""Bots that play any decision of any game: a random one and a greedy one-decision lookahead.

Both are reproducible: the same seed and the same states give the same choices. Without a
seed a bot draws its own from the operating system (``secrets``), so nobody can foretell its
choices and two bots made alike do not play alike. The greedy
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
import secrets
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.core.registry import game_of

__all__ = ["SEED_BITS", "GreedyBot", "RandomBot", "bot_random", "evaluate"]

#: Worths closer than this are a tie, broken at random.
TIE = 1e-9
#: The bits of a seed a bot draws from the operating system when given none.
SEED_BITS = 128


def bot_random(seed: int | None) -> random.Random:
    """A bot's generator: of ``seed``, or of ``SEED_BITS`` bits from the operating system.

    ``random.Random()`` would seed itself from the system too, but says nothing of it; this
    says it, and is the one place every bot of the package gets its generator from.
    """
    return random.Random(secrets.randbits(SEED_BITS) if seed is None else seed)


class RandomBot:
    """Chooses uniformly among the legal actions.

    Args:
        seed: the seed of its choices; None (the default) for one from the operating system.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = bot_random(seed)

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

    Args:
        seed: the seed of its tie-breaks; None (the default) for one from the operating system.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = bot_random(seed)

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
