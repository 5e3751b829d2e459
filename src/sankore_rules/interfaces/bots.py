"""Bots that play any decision: a random one and a greedy one-decision lookahead.

Both are reproducible: the same seed and the same states give the same choices.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=5)
    >>> bot = RandomBot(seed=1)
    >>> bot.choose(state) in sr.legal_actions(state)
    True
"""

from __future__ import annotations

import random

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.sankore.rules.scoring import Scores
from sankore_rules.sankore.state import State

__all__ = ["GreedyBot", "RandomBot", "evaluate"]


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State | FiveTribesState) -> Action:
        """One of the legal actions of ``state`` (of either game), at random."""
        return self.rng.choice(api.legal_actions(state))


def evaluate(state: State, player: int, scores: Scores | None = None) -> float:
    """A rough worth of ``state`` for ``player``: score, then the means to score more.

    ``scores``, when given, is ``final_scores(state)``, for callers that rate every player.
    """
    pl = state.players[player]
    sheet = (api.final_scores(state) if scores is None else scores).players[player]
    icons = sum(sum(line.icons.values()) for line in sheet.disciplines)
    rules = api.rules_of(state)
    placed = sum(rules.counts.pieces_per_type - n for n in pl.pieces)
    levels = sum(rules.student_level[s] for s in pl.students)
    worth = 2.0 * sheet.total + 1.5 * icons + 2.0 * placed + 0.5 * levels
    worth += 0.6 * sum(pl.books) + 0.25 * (pl.gold + pl.salt) + 0.4 * pl.inspiration
    worth += 1.0 * len(pl.graduations) + 0.4 * sum(len(s) for s in pl.skills)
    worth -= 0.8 * pl.favour_tiles
    if state.current_player == player:
        worth += 1.5 * len(state.main_used)  # taking an action beats ending the turn idle
    return worth


class GreedyBot:
    """Looks one decision ahead and takes the action whose result scores best.

    Each result is scored by [`evaluate`][sankore_rules.interfaces.bots.evaluate].
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """The best-looking legal action; ties are broken at random."""
        player = state.current_player
        assert player is not None, "the game is over"
        best: list[Action] = []
        best_worth = float("-inf")
        for action in api.legal_actions(state):
            after = api.apply(state, action)
            worth = evaluate(after, player)
            if worth > best_worth + 1e-9:
                best, best_worth = [action], worth
            elif abs(worth - best_worth) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
