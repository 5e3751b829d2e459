"""Where each Sankoré action is clicked: the place on the picture each kind stands for.

A place is named by the key its marks of the last action use (``marks.Key``): building on a
space is clicked on the space, teaching on the Class, a Student's move on the Student, a Book
given to the Library on its shelf, a Madrasa tile flipped on its cell. What stands for no place
(end the turn, skip, the draft, an order, a Sankoré tile's use, an Objective card) goes to the
picture's buttons; see ``core/clickable.py``.
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.clickable import Clicks
from sankore_rules.sankore import engine
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.display.describe import describe
from sankore_rules.sankore.display.svg.marks import Key
from sankore_rules.sankore.rules.enrol import rightmost
from sankore_rules.sankore.state import State

__all__ = ["clicks_for", "place_of"]

#: Kinds whose first word is a space of the board (an area's, a Wall's).
_ON_SPACE = frozenset({"camel", "mosque", "wall", "crown"})
#: Kinds whose first word is a Class space of the player's board.
_ON_CLASS = frozenset({"class", "teach"})
#: Kinds whose first word is a Student space of the player's board.
_ON_STUDENT = frozenset({"student", "promote_to", "graduate", "promote", "transfer"})
#: Kinds whose word is a discipline, clicked on the player's row of that discipline.
_ON_HOLDING = {"book": "books", "write": "books", "prestige": "prestige", "return": "prestige"}


def clicks_for(rules: Rules, state: State, viewer: int | None) -> Clicks | None:
    """The legal actions on their places, for a picture of ``viewer`` if it is to decide."""
    task = state.decision
    if task is None or viewer is None or task.player != viewer:
        return None
    legal = engine.legal(rules, state)
    prompt = engine.STEPS[task.kind].prompt or task.kind
    return Clicks(
        ((a, place_of(rules, state, a), describe(rules, state, a)) for a in legal),
        f"P{viewer}: {prompt}",
    )


def place_of(rules: Rules, state: State, action: Action) -> Key | None:
    """The place ``action`` stands for on the picture, or None for one that stands for none."""
    kind, args = action.kind, action.args
    p = state.current_player
    if not args or p is None:
        return None
    first = args[0]
    if kind in _ON_SPACE:
        return ("space", first)
    if kind in _ON_CLASS:
        return ("class", p, first)
    if kind in _ON_STUDENT:
        return ("student", p, first)
    if kind in _ON_HOLDING:
        return (_ON_HOLDING[kind], p, first)
    if kind in ("section", "skill") and first in rules.disciplines:
        return ("skills", p, first)
    if kind == "resource":
        return ("resource", p, first)
    if kind == "flip":
        return ("cell", rules.cell_index(first))
    if kind == "library" and len(args) == 2:
        return ("shelf", int(args[1]))
    if kind == "reward":
        return ("favour_space", int(first) - 1)
    if kind == "favour":
        return ("favour", p)
    if kind == "enrol":
        return _queue_place(rules, state, args)
    if kind == "madrasa" and len(args) == 2:
        if first == "board":
            return ("student", p, args[1])
        return ("graduated", p, state.players[p].graduations[int(args[1])].tile)
    return None


def _queue_place(rules: Rules, state: State, args: tuple[str, ...]) -> Key | None:
    """The queue space of the Student ``enrol <area> [<position>]`` takes."""
    area = args[0]
    if area not in rules.discipline_index:
        return None
    if len(args) > 1:
        return ("queue", area, int(args[1]))
    last = rightmost(state.queues[rules.discipline_index[area]])
    return None if last is None else ("queue", area, last)
