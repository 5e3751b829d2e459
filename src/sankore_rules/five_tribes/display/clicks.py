"""Where each Five Tribes action is clicked: the place on the picture each kind stands for.

A tile of the Sultanate for what happens on a tile (meeples picked up or dropped, a meeple
assassinated there, a camel, a palace or a palm tree placed); a free space of the Turn Order
Track for a bid; a Djinn of the display for taking it; a seat's own Djinn for its power; a
rival's Viziers or Elders for killing one. What stands for no place (the tribe's action, a
tile's action, cards bought, goods sold, Fakirs added, the end of the turn) goes to the
picture's buttons; see ``core/clickable.py``.
"""

from __future__ import annotations

from collections.abc import Hashable

from sankore_rules.core.actions import Action
from sankore_rules.core.clickable import Clicks
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.display.describe import describe
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["clicks_for", "place_of"]

#: Kinds whose first word is a tile of the Sultanate.
_ON_CELL = frozenset({"pick", "drop", "claim", "raise", "plant", "place", "fill", "kill"})


def clicks_for(rules: FiveTribesRules, state: FiveTribesState, viewer: int | None) -> Clicks | None:
    """The legal actions on their places, for a picture of ``viewer`` if it is to decide."""
    task = state.decision
    if task is None or viewer is None or task.player != viewer:
        return None
    prompt = ENGINE.steps[task.kind].prompt or task.kind
    return Clicks(
        (
            (a, place_of(rules, state, a), describe(rules, state, a))
            for a in ENGINE.legal(rules, state)
        ),
        f"P{viewer}: {prompt}",
    )


def place_of(rules: FiveTribesRules, state: FiveTribesState, action: Action) -> Hashable | None:
    """The place ``action`` stands for on the picture, or None for one that stands for none."""
    kind, args = action.kind, action.args
    if not args:
        return None
    first = args[0]
    if kind == "kill" and first.startswith("p") and first[1:].isdigit() and len(args) == 2:
        return ("pool", int(first[1:]), args[1])
    if kind in _ON_CELL and first in rules.cell_index:
        return ("cell", rules.cell_index[first])
    if kind == "bid":
        return ("bid", first)
    if kind == "djinn":
        return ("djinn", first)
    if kind == "use" and state.current_player is not None:
        return ("power", state.current_player, first)
    return None
