"""What a finished game is worth to each player, for learning agents: two documented schemes.

Sankoré gives points, not a win or a loss, and an agent needs one number per player. The
PettingZoo environment and the OpenSpiel game pay it once, when the game ends (0 before).

``"win_loss"`` (the default): zero-sum over the winners (TIE-1, TIE-2 break ties first). The
winners share +1 and the others share -1: with ``k`` winners of ``n`` players, each winner gets
``1/k`` and each other player ``-1/(n-k)``; when every player wins, everyone gets 0. Two players:
+1 and -1, a draw 0 and 0. Always within [-1, 1].

``"score"``: each player's points minus the mean of all players' points (SCORE-1), so the
values sum to 0 and a lead is worth its size. Unbounded in principle.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=3)
    >>> returns(state)
    [0.0, 0.0]
"""

from __future__ import annotations

from sankore_rules import api
from sankore_rules.sankore.state import State

__all__ = ["SCHEMES", "outcome", "returns"]

#: The reward schemes, by name.
SCHEMES = ("win_loss", "score")


def returns(state: State, scheme: str = "win_loss") -> list[float]:
    """Each player's return for ``state``: 0 for everyone until the game is over.

    Raises:
        ValueError: for a scheme other than those of ``SCHEMES``.
    """
    if scheme not in SCHEMES:
        raise ValueError(f"scheme must be one of {', '.join(SCHEMES)}, got {scheme!r}")
    n = state.player_count
    if not api.is_terminal(state):
        return [0.0] * n
    return outcome(state, scheme)


def outcome(state: State, scheme: str = "win_loss") -> list[float]:
    """The returns of ``state`` scored as it stands, ended or not (see ``returns``)."""
    scores = api.final_scores(state)
    n = state.player_count
    if scheme == "score":
        totals = [float(s.total) for s in scores.players]
        mean = sum(totals) / n
        return [t - mean for t in totals]
    k = len(scores.winners)
    if k == n:
        return [0.0] * n
    return [1.0 / k if p in scores.winners else -1.0 / (n - k) for p in range(n)]
