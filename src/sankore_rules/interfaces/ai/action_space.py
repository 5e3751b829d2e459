"""A fixed action space per ruleset, for any game: every action an index, a mask of the legal ones.

Learning agents and search libraries (OpenSpiel, PettingZoo, RLlib) want actions as integers
``0..n-1`` with ``n`` fixed for the game, and a mask of those legal now. Each game numbers its
own actions (the hook ``action_space`` of [`Game`][sankore_rules.core.game.Game], an
[`ActionSpace`][sankore_rules.core.game.ActionSpace]): a pure function of its tables, the same
in every run and process, whatever the player count. This module asks the ruleset's game for
it and names no game; the docs page "Game-AI interfaces" prints each game's numbering.

Examples:
    >>> import sankore_rules as sr
    >>> rules = sr.load_rules()
    >>> state = sr.new_game(players=2, seed=1)
    >>> mask = legal_mask(state)
    >>> [index_to_action(rules, int(i)) for i in mask.nonzero()[0]] == sorted(
    ...     sr.legal_actions(state), key=lambda a: action_to_index(rules, a))
    True
    >>> index_to_action(rules, action_to_index(rules, "end"))
    Action(kind='end', args=())
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from sankore_rules import api
from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.game import ActionSpace, Game
from sankore_rules.core.registry import game_of, game_of_rules
from sankore_rules.interfaces.ai.renamed import callable_as, renamed

__all__ = [
    "action_space",
    "action_space_of",
    "action_to_index",
    "check_rules",
    "check_state",
    "index_to_action",
    "indexer",
    "indices_of",
    "layout_digest",
    "legal_indices",
    "legal_mask",
    "num_distinct_actions",
]


def check_rules(rules: object) -> Game[Any, Any]:
    """The game of ``rules``.

    Raises:
        ValueError: ``rules`` is no ruleset of a registered game.
    """
    try:
        return game_of_rules(rules)
    except TypeError as exc:
        raise ValueError(f"{type(rules).__name__} is not the ruleset of any game") from exc


def action_space_of(rules: Any) -> ActionSpace:
    """The fixed numbering of ``rules``' actions, as its game gives it.

    Raises:
        ValueError: ``rules`` is no ruleset of a registered game.
    """
    return check_rules(rules).action_space(rules)


def num_distinct_actions(rules: Any) -> int:
    """How many actions ``rules``' space numbers: every index lies in ``0..n-1``.

    Examples:
        >>> import sankore_rules as sr
        >>> num_distinct_actions(sr.load_rules())
        685
    """
    return action_space_of(rules).size


def layout_digest(rules: Any) -> str:
    """A short hash of the numbering: two rulesets with the same digest number alike.

    It hashes the notation of every action in index order, so it is the same in every process.
    """
    space = action_space_of(rules)
    text = "\n".join(str(space.action(i)) for i in range(space.size))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_state(state: object) -> Game[Any, Any]:
    """The game of ``state``.

    Raises:
        ValueError: ``state`` is not a state of any registered game.
    """
    try:
        return game_of(state)
    except TypeError as exc:
        raise ValueError(
            f"the game-AI interfaces encode game states, not a {type(state).__name__}"
        ) from exc


def action_to_index(rules: Any, action: Action | str) -> int:
    """The index of ``action`` (an [`Action`][sankore_rules.Action] or its notation).

    Raises:
        ValueError: for text that is no notation, something that is no well-formed Action
            (words that are not strings), or an action no decision of this ruleset can list.
    """
    parsed = parse_notation(action) if isinstance(action, str) else action
    return action_space_of(rules).index(parsed)


def index_to_action(rules: Any, index: int) -> Action:
    """The action numbered ``index`` (an int or a numpy integer; not a bool or a float).

    Raises:
        ValueError: for an index outside ``0..num_distinct_actions(rules) - 1``.
    """
    return action_space_of(rules).action(index)


def indices_of(space: ActionSpace, actions: Sequence[Action]) -> list[int]:
    """The index of each of ``actions`` in ``space``, in their order.

    A space that holds its numbering as a mapping (``indices``, as every
    ``core.agents.NumberedSpace`` does) answers with one lookup
    per action.

    Raises:
        ValueError: for an action the space does not number.
    """
    return indexer(space)(actions)


def indexer(space: ActionSpace) -> Callable[[Sequence[Action]], list[int]]:
    """``indices_of`` for one space, its numbering found once.

    For a door that indexes every listing of a game (an environment).
    """
    numbering = getattr(space, "indices", None)

    def one_by_one(actions: Sequence[Action]) -> list[int]:
        return [space.index(a) for a in actions]

    if not isinstance(numbering, Mapping):
        return one_by_one
    look = numbering.__getitem__

    def looked_up(actions: Sequence[Action]) -> list[int]:
        try:
            return list(map(look, actions))
        except (KeyError, TypeError):
            return one_by_one(actions)  # the space's own index() says what is wrong

    return looked_up


def legal_indices(state: Any) -> list[int]:
    """The indices of ``state``'s legal actions, ascending; [] once the game is over.

    Raises:
        ValueError: ``state`` is not a game state.
    """
    check_state(state)
    space = action_space_of(api.rules_of(state))
    return sorted(indices_of(space, api.legal_actions(state)))


def legal_mask(state: Any) -> npt.NDArray[np.bool_]:
    """A bool array over the action space, true exactly at ``legal_actions(state)``.

    Raises:
        ValueError: ``state`` is not a game state.
    """
    check_state(state)
    space = action_space_of(api.rules_of(state))
    mask = np.zeros(space.size, dtype=np.bool_)
    mask[indices_of(space, api.legal_actions(state))] = True
    return mask


action_space = renamed(action_space_of, f"{__name__}.action_space")
"""Deprecated: the old name of ``action_space_of``, which it calls, with a DeprecationWarning."""
# ``from sankore_rules.interfaces.ai import action_space`` is this module; once it was the
# function, so calling the module still works, with a DeprecationWarning.
callable_as(__name__, action_space_of)
