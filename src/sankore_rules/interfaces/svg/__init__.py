"""Pictures of a game as SVG, whatever the game: the door to each game's drawing.

[`state_svg`][sankore_rules.interfaces.svg.state_svg] draws the whole table of a state, or the
empty table of a ruleset, as the state's game draws it (its hook ``Game.svg``). A game's own
extra pictures (Sankoré's main board, Library, player board) live in its package.

The pictures are built with ``sankore_rules.core.svg``: one ``<svg>`` element of panels, a
``<title>`` per thing for tooltips and screen readers, ``data-*`` attributes on what a program
may look for (``data-piece``, ``data-player``, ``data-event`` for the last action's marks).

Examples:
    >>> import sankore_rules as sr
    >>> svg = state_svg(sr.new_game(players=2, seed=3))
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    >>> 'data-picture="five-tribes"' in state_svg(sr.load_rules(game="five_tribes"))
    True

    The picture of the seat to decide, to play by clicking:

    >>> state = sr.new_game(players=2, seed=3)
    >>> state.current_player
    1
    >>> 'data-actions="[&quot;draft' in state_svg(state, 1, clickable=True)
    True
    >>> 'data-actions' in state_svg(state, 0, clickable=True)
    False
"""

from __future__ import annotations

from typing import Any

from sankore_rules import api
from sankore_rules.core.registry import game_of, game_of_rules

__all__ = ["state_svg"]


def state_svg(source: Any, viewer: int | None = None, *, clickable: bool = False) -> str:
    """The whole table as one SVG picture: of a state, or empty for a ruleset alone.

    This is what ``sankore-rules show --svg`` writes and each frame of the viewer shows.

    Args:
        source: a state of any registered game, or a ruleset (the table before setup).
        viewer: None draws everything; a seat, only what that seat may see (what the match
            server sends it); ``SPECTATOR`` (-1), only what every seat sees.
        clickable: a picture the seat ``viewer`` plays by clicking, when it is the seat to
            decide: every element standing for some of its legal actions carries
            ``data-actions`` (a JSON array of their notations), and those that stand for no
            place are labelled buttons inside the picture (the game's hook
            ``Game.clickable_svg``). For any other viewer, the plain picture.

    Raises:
        TypeError: ``source`` is neither a state nor a ruleset of a registered game.
        NotSupported: its game has no SVG drawing, or no clickable one and ``viewer`` decides.
    """
    try:
        game = game_of(source)
    except TypeError:
        try:
            game = game_of_rules(source)
        except TypeError:
            raise TypeError(
                f"expected a state or a ruleset of a registered game, got {type(source).__name__}"
            ) from None
        return game.svg(source, None)
    rules = api.rules_of(source)
    if clickable and viewer is not None:
        return game.clickable_svg(rules, source, viewer)
    return game.svg(rules, source, viewer)
