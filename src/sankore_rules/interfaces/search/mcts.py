"""An information-set Monte Carlo tree search bot (single-observer ISMCTS), for any game.

The bot searches one tree over its player's information set (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012). Each iteration takes a state consistent with
what the player sees ([`Determinizer`][sankore_rules.interfaces.search.Determinizer]), walks
the tree with UCB restricted to the actions legal in that state (counting, for each action,
how often it was available), adds one node, plays a few random decisions on, rates the result
and backs the rating up, each node rated for the player who chose its action.

The states come from a small pool drawn afresh for each decision and taken in turn (eight by
default: ``MctsBot(determinizations=...)``). Each remembers, at every node it reached, the
state it stood in there and that state's legal actions, so no step an earlier iteration took
on the same determinization is worked out again: most iterations apply one action, to the new
node, and rate one position (``Game.evaluate_seats``, every seat's worth at once).

Only the seats the game lists as deciding (``agents``) ever choose: the turns a game plays by
itself (the Scholar's, in a solo Sankoré game) happen inside ``apply``. A leaf is rated by the
game's returns once the game is over (``Game.returns``, win/loss, mapped from [-1, 1] onto
[0, 1]), otherwise by the game's evaluation (``Game.evaluate``, of every seat at once): each
seat's worth against the best of the others, squashed into (0, 1).

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
import time
from collections.abc import Mapping
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.core.game import Game
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces.bots import bot_random
from sankore_rules.interfaces.search.determinize import Determinizer

__all__ = ["MctsBot", "rate"]

#: How far apart two seats' worths (``Game.evaluate``) must be for the leader's rating to reach
#: about 0.88 (0.5 + tanh(1) / 2): about ten points of Sankoré's score, worth 2 each.
WORTH_SCALE = 20.0
#: How many determinized states a search draws by default (see ``MctsBot``): on the decisions
#: of benchmarks/mcts_speed.py, at 200 iterations, four were no faster than eight (the engine's
#: work per iteration hardly shrinks below it), and more keep more of the hidden parts' spread.
DETERMINIZATIONS = 8


class _Node:
    """The statistics of one action taken from the parent's information set.

    ``seen`` keeps, per determinization of the search's pool (by its index), where that
    determinization stands at this node: the search walks each determinization down the
    same tree many times, and each step of it is worked out once.
    """

    __slots__ = ("available", "children", "seen", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.seen: dict[int, _Seen] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Seen:
    """One determinization's state at a node, with its listing and rating once worked out.

    Attributes:
        state: the determinized state reached at the node.
        options: the legal actions of ``state``, None until first needed, [] once the game
            is over.
        player: the seat deciding in ``state`` (0 until listed, or once the game is over).
        nodes: the node's child of each option, in the same order, once every option has
            one (children are never removed, so it stays true).
        ratings: the ratings of a finished ``state``, once rated.
    """

    __slots__ = ("nodes", "options", "player", "ratings", "state")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.options: list[Action] | None = None
        self.player = 0
        self.nodes: list[_Node] | None = None
        self.ratings: dict[int, float] | None = None

    def listing(self, game: Game[Any, Any], rules: Any) -> list[Action]:
        """The legal actions, listed once; [] once the game is over."""
        options = self.options
        if options is None:
            state = self.state
            if game.is_terminal(state):
                options = []
            else:
                player = game.current_player(state)
                assert player is not None, "a game under way has a deciding seat"
                self.player = player
                options = game.legal_actions(rules, state)
            self.options = options
        return options


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
    worth = game.evaluate_seats(rules, state)
    ratings = {}
    for p in agents:
        best_other = max(w for q, w in enumerate(worth) if q != p)
        ratings[p] = 0.5 + 0.5 * math.tanh((worth[p] - best_other) / WORTH_SCALE)
    return ratings


class MctsBot:
    """Chooses by information-set Monte Carlo tree search from what its player sees.

    A search draws a pool of ``determinizations`` states its player cannot tell from the true
    one and cycles through them, iteration after iteration; each keeps, node by node, the
    state it reached and that state's legal actions, so walking it down the tree again costs
    no new ``apply`` or listing. Iterations past the pool's size therefore cost a fraction
    of the first ones, at the price of fewer redraws of the hidden parts (and of the draws
    still to come, which each state's seed fixes).

    Args:
        seed: the seed of its draws: the same seed and the same observations give the same
            choices (with an iteration budget; a time budget depends on the machine). None
            (the default) draws one from the operating system, so nobody can foretell them.
        iterations: iterations per decision; None to search until ``time_limit``.
        time_limit: seconds per decision at most, or None for no time bound.
        exploration: the UCB exploration constant.
        rollout: random decisions played past the new node before it is rated.
        determinizations: how many determinized states a search draws and cycles through
            (the first ``determinizations`` iterations each draw a fresh one).

    Raises:
        ValueError: for a budget that is neither an iteration count nor a time limit, or a
            negative or zero one, or fewer than one determinization.
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 200,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: int = 0,
        determinizations: int = DETERMINIZATIONS,
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("MctsBot needs a budget: iterations, time_limit or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit must be positive, got {time_limit}")
        if determinizations < 1:
            raise ValueError(f"determinizations must be at least 1, got {determinizations}")
        self.rng = bot_random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout = rollout
        self.determinizations = determinizations
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
        first = _Seen(determinizer.sample(rng))
        options = first.listing(game, rules)
        self.last_iterations = 0
        if len(options) == 1:
            return options[0]
        root = _Node()
        root.seen[0] = first
        pool = self.determinizations
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            index = done % pool
            if index not in root.seen:
                root.seen[index] = _Seen(determinizer.sample(rng))
            self._iterate(game, rules, root, index)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        # Ties go to the greater notation, as they did when children were keyed by it.
        ranked = sorted(
            (node.visits, node.total / max(node.visits, 1), str(action), action)
            for action, node in root.children.items()
            if action in options
        )
        return ranked[-1][3]

    def _iterate(self, game: Game[Any, Any], rules: Any, root: _Node, index: int) -> None:
        """One iteration on determinization ``index``: select, expand, roll out, back up."""
        exploration, log, sqrt = self.exploration, math.log, math.sqrt
        node, seen = root, root.seen[index]
        path: list[tuple[_Node, int]] = []
        while True:
            options = seen.options
            if options is None:
                options = seen.listing(game, rules)
            if not options:  # the game is over here: its rating is the same every time
                if seen.ratings is None:
                    seen.ratings = _rate(game, rules, seen.state)
                ratings = seen.ratings
                break
            nodes = seen.nodes
            if nodes is None:
                children = node.children
                untried = [a for a in options if a not in children]
                if untried:
                    for action in options:
                        present = children.get(action)
                        if present is not None:
                            present.available += 1
                    ratings = self._expand(game, rules, node, seen, untried, index, path)
                    break
                nodes = seen.nodes = [children[a] for a in options]
            # UCB, an action's availability counting as the parent's visits; every child
            # was backed up when it was added, so its visits are at least 1.
            best_value, best = -math.inf, 0
            for i, candidate in enumerate(nodes):
                candidate.available += 1
                visits = candidate.visits
                value = candidate.total / visits + exploration * sqrt(
                    log(candidate.available) / visits
                )
                if value > best_value:
                    best_value, best = value, i
            child = nodes[best]
            path.append((child, seen.player))
            below = child.seen.get(index)
            if below is None:
                below = child.seen[index] = _Seen(game.apply(rules, seen.state, options[best]))
            node, seen = child, below
        for child, player in path:
            child.visits += 1
            child.total += ratings[player]

    def _expand(
        self,
        game: Game[Any, Any],
        rules: Any,
        node: _Node,
        seen: _Seen,
        untried: list[Action],
        index: int,
        path: list[tuple[_Node, int]],
    ) -> dict[int, float]:
        """Add the child of a random untried action to ``node``, on ``path``, and rate it."""
        rng = self.rng
        action = rng.choice(untried)
        child = node.children[action] = _Node()
        child.available = 1
        path.append((child, seen.player))
        state = game.apply(rules, seen.state, action)
        child.seen[index] = _Seen(state)
        for _ in range(self.rollout):
            if game.is_terminal(state):
                break
            state = game.apply(rules, state, rng.choice(game.legal_actions(rules, state)))
        return _rate(game, rules, state)
