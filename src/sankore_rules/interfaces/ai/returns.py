"""What a game is worth to each deciding seat, for learning agents: two documented schemes.

A game gives points, not a win or a loss, and an agent needs one number per seat. The
PettingZoo environment and the OpenSpiel games pay it once, when the game ends (0 before). The
numbers are the game's own ``returns`` hook (see ``core/game.py``), reached through
[`sankore_rules.returns`][sankore_rules.returns]; this module is the agents' door onto it, for
every registered game. One value is listed per seat that takes decisions
(``game_of(state).agents(state)``): a seat the rules play by themselves (the solo game's
Scholar) counts as an opponent but gets no value of its own.

``"win_loss"`` (the default): zero-sum over the winners, ties broken by the game's rules first.
The winners share +1 and the others share -1: with ``k`` winners of ``n`` seats, each winner
gets ``1/k`` and each other seat ``-1/(n-k)``; when every seat wins, everyone gets 0. Two
seats: +1 and -1, a draw 0 and 0; alone against an automated seat: +1 for a win, -1 for a loss.
Always within [-1, 1].

``"score"``: each seat's points minus the mean of all seats' points, so the values sum to 0
over every seat and a lead is worth its size. Unbounded in principle.

Examples:
    >>> import sankore_rules as sr
    >>> returns_of(sr.new_game(players=2, seed=3))
    [0.0, 0.0]
    >>> returns_of(sr.new_game(players=1, seed=3, scholar="hard"))
    [0.0]
"""

from __future__ import annotations

from typing import Any

from sankore_rules import api
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces.ai.renamed import callable_as, renamed

__all__ = ["SCHEMES", "outcome", "returns", "returns_of"]

#: The reward schemes, by name.
SCHEMES = ("win_loss", "score")


def _check(scheme: object) -> None:
    if scheme not in SCHEMES:
        raise ValueError(f"scheme must be one of {', '.join(SCHEMES)}, got {scheme!r}")


def returns_of(state: Any, scheme: str = "win_loss") -> list[float]:
    """Each deciding seat's return for ``state``: 0 for everyone until the game is over.

    Raises:
        ValueError: for a scheme other than those of ``SCHEMES``.
    """
    _check(scheme)
    return api.returns(state, scheme)


def outcome(state: Any, scheme: str = "win_loss") -> list[float]:
    """The returns of ``state`` scored as it stands, ended or not (see ``returns_of``).

    A door that cuts a game short (OpenSpiel's ``max_game_length``) pays this.

    Raises:
        ValueError: for a scheme other than those of ``SCHEMES``.
    """
    _check(scheme)
    return game_of(state).returns(api.rules_of(state), state, scheme)


returns = renamed(returns_of, f"{__name__}.returns")
"""Deprecated: the old name of ``returns_of``, which it calls, with a DeprecationWarning."""
# ``from sankore_rules.interfaces.ai import returns`` is this module; once it was the function,
# so calling the module still works, with a DeprecationWarning.
callable_as(__name__, returns_of)
