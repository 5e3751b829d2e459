"""A state and its score sheet as readable text, for people, whatever the game.

The command line's ``show`` and ``play`` print it; a frontend may show it as a debugging view.
Each game draws itself through its hooks (``Game.text``, ``Game.seat_text``,
``Game.score_text``): this door only finds the state's game and its ruleset.

Examples:
    >>> import sankore_rules as sr
    >>> text = render_state(sr.new_game(players=2, seed=3))
    >>> text.splitlines()[0]
    'Sankoré, 2 players, seed 3, Library three_shelf, ruleset sankore-standard'
    >>> render_state(sr.new_game(players=2, seed=3, game="five_tribes")).splitlines()[0]
    'Five Tribes, 2 players, round 1'
"""

from __future__ import annotations

from typing import Any

from sankore_rules import api
from sankore_rules.core.registry import game_of

__all__ = ["render_scores", "render_state"]


def render_state(state: Any, *, viewer: int | None = None) -> str:
    """The whole state as text, as its game writes it.

    Args:
        state: the state to show, of any registered game.
        viewer: when given, show only what that seat may see (as
            [`observation`][sankore_rules.observation] does): in Sankoré the other players'
            Objective cards by count, and no seed.

    Raises:
        NotSupported: the state's game has no text view (for one seat, with ``viewer``).
    """
    game = game_of(state)
    rules = api.rules_of(state)
    if viewer is None:
        return game.text(rules, state)
    return game.seat_text(rules, state, viewer)


def render_scores(state: Any, *, final: bool | None = None) -> str:
    """The score sheet of ``state`` as text, as its game writes it.

    Args:
        state: a state of any registered game; before the end, the score as it stands.
        final: mark the winners; by default only once the game is over.
    """
    game = game_of(state)
    over = game.is_terminal(state) if final is None else final
    return game.score_text(api.rules_of(state), state, final=over)
