"""An information-set Monte Carlo tree search bot (single-observer ISMCTS), for any game.

The bot searches one tree over its player's information set (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012). Each iteration draws a state consistent with
what the player sees ([`Determinizer`][sankore_rules.interfaces.search.Determinizer]), walks
the tree with UCB restricted to the actions legal in that state (counting, for each action,
how often it was available), adds one node, plays a few random decisions on, rates the result
and backs the rating up, each node rated for the player who chose its action.

Only the seats the game lists as deciding (``agents``) ever choose: the turns a game plays by
itself (the Scholar's, in a solo Sankoré game) happen inside ``apply``. A leaf is rated by the
game's returns once the game is over (``Game.returns``, win/loss, mapped from [-1, 1] onto
[0, 1]), otherwise by the game's evaluation (``Game.evaluate``): each seat's worth against the
best of the others, squashed into (0, 1).

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
from collections.abc import Mapping
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.core.game import Game
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces.search.determinize import Determinizer

__all__ = ["MctsBot", "rate"]

#: How far apart two seats' worths (``Game.evaluate``) must be for the leader's rating to reach
#: about 0.88 (0.5 + tanh(1) / 2): about ten points of Sankoré's score, worth 2 each.
WORTH_SCALE = 20.0


class _Node:
    """The statistics of one action taken from the parent's information set."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def rate(state: Any) -> dict[int, float]:
    """Each deciding seat's rating of ``state`` in [0, 1], as the search backs it up.

    A finished game: the seat's win/loss return ``r`` of ``Game.returns`` as ``(1 + r) / 2``
    (1 for a sole winner of two, 0.5 for everyone when all share the win). A game under way:
    0.5 + tanh(d / ``WORTH_SCALE``) / 2, where d is the seat's evaluation minus the best of the
    other seats' (the seats the game plays by itself count among the others).
    """
    return _rate(game_of(state), api.rules_of(state), state)


def _rate(game: Game[Any, Any], rules: Any, state: Any) -> dict[int, float]:
    agents = game.agents(state)
    if game.is_terminal(state):
        returns = game.returns(rules, state, "win_loss")
        return {p: (1.0 + r) / 2.0 for p, r in zip(agents, returns, strict=True)}
    worth = [game.evaluate(rules, state, p) for p in range(game.seats(state))]
    ratings = {}
    for p in agents:
        best_other = max(w for q, w in enumerate(worth) if q != p)
        ratings[p] = 0.5 + 0.5 * math.tanh((worth[p] - best_other) / WORTH_SCALE)
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

    def choose(self, state: Any) -> Action:
        """The most visited action of a search from the deciding player's observation.

        Raises:
            ValueError: the game is over.
        """
        player = game_of(state).current_player(state)
        if player is None:
            raise ValueError("the game is over: there is nothing to choose")
        return self._search(Determinizer.of(state, player))

    def choose_from_observation(self, view: Mapping[str, Any], rules: Any = None) -> Action:
        """The most visited action of a search from an observation of the pending decision.

        ``view`` is what [`observation`][sankore_rules.observation] gives the player who
        must decide now; ``rules`` the ruleset, when it is not the game's bundled one.

        Raises:
            ValueError: when ``view`` is not that player's observation of a game under way.
        """
        decision = view.get("decision") if isinstance(view, Mapping) else None
        if not isinstance(decision, Mapping) or decision.get("player") != view.get("viewer"):
            raise ValueError("the observation is not of its viewer's pending decision")
        return self._search(Determinizer(view, rules))

    def _search(self, determinizer: Determinizer) -> Action:
        """The most visited action at the root of a search over ``determinizer``'s samples."""
        game, rules, rng = determinizer.game, determinizer.rules, self.rng
        first = determinizer.sample(rng)
        actions = game.legal_actions(rules, first)
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        sample = first
        while True:
            self._iterate(game, rules, root, sample)
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

    def _iterate(self, game: Game[Any, Any], rules: Any, root: _Node, state: Any) -> None:
        """One iteration on the determinized ``state``: select, expand, roll out, back up."""
        rng = self.rng
        node = root
        path: list[tuple[_Node, int]] = []
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None, "a game under way has a deciding seat"
            untried: list[Action] = []
            present: list[tuple[_Node, Action]] = []
            for action in game.legal_actions(rules, state):
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
                state = game.apply(rules, state, action)
                break
            child, action = max(present, key=lambda pair: self._ucb(pair[0]))
            path.append((child, player))
            state = game.apply(rules, state, action)
            node = child
        for _ in range(self.rollout):
            if game.is_terminal(state):
                break
            state = game.apply(rules, state, rng.choice(game.legal_actions(rules, state)))
        ratings = _rate(game, rules, state)
        for child, player in path:
            child.visits += 1
            child.total += ratings[player]

    def _ucb(self, node: _Node) -> float:
        """The UCB value of an action, its availability counting as the parent's visits."""
        if node.visits == 0:
            return math.inf
        mean = node.total / node.visits
        return mean + self.exploration * math.sqrt(math.log(node.available) / node.visits)
