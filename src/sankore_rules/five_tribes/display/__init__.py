"""How Five Tribes shows itself: text for a terminal, an SVG picture, and events in words.

The game's door hooks (``FiveTribesGame.text``, ``svg``, ``describe_events``,
``score_text``) import this package on first use, so playing a game loads none of it.

- ``text``: the text view (the grid, the tracks, the markets, every player, who decides, and
  a legend of its letters) and the score sheet;
- ``picture``: the table as one SVG picture, in the panels and layers of ``core.svg``;
- ``words``: what each event of the last action did, as a sentence.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=1, game="five_tribes")
    >>> render_text(sr.rules_of(state), state).splitlines()[0]
    'Five Tribes, 2 players, round 1'
"""

from __future__ import annotations

from sankore_rules.five_tribes.display.picture import state_svg
from sankore_rules.five_tribes.display.text import render_scores, render_text
from sankore_rules.five_tribes.display.words import describe_events

__all__ = ["describe_events", "render_scores", "render_text", "state_svg"]
