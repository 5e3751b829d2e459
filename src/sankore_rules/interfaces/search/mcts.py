"""An information-set Monte Carlo tree search bot (single-observer ISMCTS).

The bot searches one tree over its player's information set (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012). Each iteration draws a state consistent with
what the player sees ([`Determinizer`][sankore_rules.interfaces.search.Determinizer]), walks
the tree with UCB restricted to the actions legal in that state (counting, for each action,
how often it was available), adds one node, plays a few random decisions on, rates the result
and backs the rating up, each node rated for the player who chose its action.

A leaf is rated by the final scores once the game is over (1 for a win, shared among the
winners), otherwise by [`evaluate`][sankore_rules.interfaces.bots.evaluate]: each player's
worth against the best of the others, squashed into (0, 1).

The bot reads nothing but [`observation`][sankore_rules.observation] of the state it is given:
two states its player cannot tell apart get the same choice from bots of the same seed.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=5)
    >>> bot = MctsBot(seed=1, iterations=20)
    >>> bot.choose(state) in sr.legal_actions(state)
    True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.interfaces.bots import evaluate
from sankore_rules.interfaces.search.determinize import Determinizer
from sankore_rules.sankore.state import State

__all__ = ["MctsBot", "rate"]

#: How far apart two players' worths (``evaluate``) must be for the leader's rating to reach
#: about 0.88 (0.5 + tanh(1) / 2): about ten points of score, worth 2 each.
WORTH_SCALE = 20.0


class _Node:
    """The statistics of one action taken from the parent's information set."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def rate(state: State) -> list[float]:
    """Each player's rating of ``state`` in [0, 1], as the search backs it up.

    A finished game: 1 for a sole winner, 1/k for each of k sharing the win, 0 for the rest.
    A game under way: 0.5 + tanh(d / ``WORTH_SCALE``) / 2, where d is the player's
    [`evaluate`][sankore_rules.interfaces.bots.evaluate] worth minus the best of the others'.
    """
    scores = api.final_scores(state)
    seats = len(state.players)
    if state.game_over:
        winners = scores.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(seats)]
    worth = [evaluate(state, p, scores) for p in range(seats)]
    ratings = []
    for p in range(seats):
        best_other = max(w for q, w in enumerate(worth) if q != p)
        ratings.append(0.5 + 0.5 * math.tanh((worth[p] - best_other) / WORTH_SCALE))
    return ratings


class MctsBot:
    """Chooses by information-set Monte Carlo tree search from what its player sees.

    Args:
        seed: the seed of its draws: the same seed and the same observations give the same
            choices (with an iteration budget; a time budget depends on the machine).
        iterations: iterations per decision; None to search until ``time_limit``.
        time_limit: seconds per decision at most, or None for no time bound.
        exploration: the UCB exploration constant.
        rollout: random decisions played past the new node before it is rated.

    Raises:
        ValueError: for a budget that is neither an iteration count nor a time limit, or a
            negative or zero one.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 200,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: int = 0,
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("MctsBot needs a budget: iterations, time_limit or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit must be positive, got {time_limit}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout = rollout
        #: The number of iterations the last search ran (0 when the choice was forced).
        self.last_iterations = 0

    def choose(self, state: State) -> Action:
        """The most visited action of a search from ``player``'s observation of ``state``."""
        player = state.current_player
        if player is None:
            raise ValueError("the game is over: there is nothing to choose")
        return self.choose_from_observation(api.observation(state, player))

    def choose_from_observation(self, view: dict[str, Any]) -> Action:
        """The most visited action of a search from an observation of the pending decision.

        ``view`` is what [`observation`][sankore_rules.observation] gives the player who
        must decide now.

        Raises:
            ValueError: when ``view`` is not that player's observation of a game under way.
        """
        decision = view.get("decision")
        if decision is None or decision["player"] != view.get("viewer"):
            raise ValueError("the observation is not of its viewer's pending decision")
        determinizer = Determinizer(view)
        rng = self.rng
        first = determinizer.sample(rng)
        actions = api.legal_actions(first)
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        sample = first
        while True:
            self._iterate(root, sample)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            sample = determinizer.sample(rng)
        self.last_iterations = done
        by_key = {str(a): a for a in actions}
        ranked = sorted(
            (node.visits, node.total / max(node.visits, 1), key)
            for key, node in root.children.items()
            if key in by_key
        )
        return by_key[ranked[-1][2]]

    def _iterate(self, root: _Node, state: State) -> None:
        """One iteration on the determinized ``state``: select, expand, roll out, back up."""
        rng = self.rng
        node = root
        path: list[tuple[_Node, int]] = []
        while not state.game_over:
            player = state.current_player
            assert player is not None
            actions = api.legal_actions(state)
            untried: list[Action] = []
            present: list[tuple[_Node, Action]] = []
            for action in actions:
                child = node.children.get(str(action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    present.append((child, action))
            if untried:
                action = rng.choice(untried)
                child = node.children[str(action)] = _Node()
                child.available = 1
                path.append((child, player))
                state = api.apply(state, action)
                break
            child, action = max(present, key=lambda pair: self._ucb(pair[0]))
            path.append((child, player))
            state = api.apply(state, action)
            node = child
        for _ in range(self.rollout):
            if state.game_over:
                break
            state = api.apply(state, rng.choice(api.legal_actions(state)))
        ratings = rate(state)
        for child, player in path:
            child.visits += 1
            child.total += ratings[player]

    def _ucb(self, node: _Node) -> float:
        """The UCB value of an action, its availability counting as the parent's visits."""
        if node.visits == 0:
            return math.inf
        mean = node.total / node.visits
        return mean + self.exploration * math.sqrt(math.log(node.available) / node.visits)
