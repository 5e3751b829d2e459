"""Probe actions for the listing tests: every well-formed action of a decision, and near misses.

``mutations`` makes options that are not listed by swapping one word of a listed option for
another id of the same sort that the ruleset knows; ``all_turn_actions`` and
``all_area_actions`` enumerate every well-formed action of the turn menu and the area
decisions by brute force.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from positions import RULES
from sankore_rules.core.actions import Action
from sankore_rules.sankore.state import State

Sort = Callable[[State], tuple[str, ...]]


def _fixed(*values: str) -> Sort:
    return lambda state: values


def _player(state: State) -> int:
    assert state.current_player is not None
    return state.current_player


DISCIPLINES = _fixed(*RULES.disciplines)
STUDENT_SPACES = _fixed(*RULES.student_level)
CLASS_SPACES = _fixed(*RULES.class_row)
CLASS_TILES = _fixed(*RULES.class_tiles)
CARDS = _fixed(*(str(n) for n in RULES.objective_cards))
WALLS = _fixed(*RULES.wall_spaces, RULES.corner_id)

#: For each action kind, the sort of each of its words: the ids a mutation may swap in. The
#: numbers are those the ruleset or the player's own board has (a queue's positions, the
#: Favour track's spaces, a Skill section's places, the player's Graduation tiles).
SORTS: dict[str, tuple[Sort, ...]] = {
    "enrol": (DISCIPLINES, lambda s: tuple(str(i) for i in range(len(s.queues[0])))),
    "establish": (CLASS_TILES,),
    "teach": (CLASS_SPACES,),
    "graduate": (STUDENT_SPACES,),
    "favour": (_fixed("take", "return"),),
    "transfer": (STUDENT_SPACES, STUDENT_SPACES),
    "promote": (STUDENT_SPACES, STUDENT_SPACES),
    "write": (DISCIPLINES,),
    "complete": (CARDS,),
    "objective": (CARDS, WALLS, WALLS),
    "return": (DISCIPLINES,),
    "library": (DISCIPLINES, lambda s: tuple(str(i) for i in range(len(s.library)))),
    "draft": (CLASS_TILES,),
    "class": (CLASS_SPACES,),
    "place": (STUDENT_SPACES,),
    "resource": (_fixed("gold", "salt", "inspiration"),),
    "book": (DISCIPLINES,),
    "prestige": (DISCIPLINES,),
    "section": (DISCIPLINES,),
    "skill": (
        _fixed(*RULES.disciplines, "discard"),
        _fixed(*(str(i) for i in range(RULES.skill_section_size))),
    ),
    "reward": (_fixed(*(str(i + 1) for i in range(len(RULES.favour_rewards)))),),
    "student": (STUDENT_SPACES,),
    "promote_to": (STUDENT_SPACES,),
    "camel": (_fixed(*RULES.oases, *RULES.port_spaces), _fixed("camel", "timbuktu")),
    "crown": (_fixed(*RULES.law_spaces), _fixed("gold", "salt", "book")),
    "mosque": (_fixed(*RULES.theology_spaces),),
    "wall": (WALLS,),
    "flip": (_fixed(*(RULES.cell_name(c) for c in range(RULES.madrasa_cells))),),
    "sankore": (_fixed("bonus", "keep"),),
}


def _madrasa_sorts(action: Action, state: State) -> tuple[str, ...] | None:
    # 'madrasa board <space>' or 'madrasa graduation <tile>': the second word's sort hangs on
    # the first, which is therefore kept.
    if action.args[0] == "board":
        return STUDENT_SPACES(state)
    return tuple(str(i) for i in range(len(state.players[_player(state)].graduations)))


def mutations(state: State, action: Action) -> list[Action]:
    """Every action made from ``action`` by swapping one word for another of its sort."""
    if action.kind == "madrasa":
        values = _madrasa_sorts(action, state) or ()
        return [Action("madrasa", (action.args[0], v)) for v in values if v != action.args[1]]
    if action.kind == "order":
        return []  # every order of the four Introductory Classes is always an option
    sorts = SORTS.get(action.kind, ())
    assert len(sorts) >= len(action.args), f"no sort for every word of {action}"
    found = []
    for i, (word, sort) in enumerate(zip(action.args, sorts, strict=False)):
        found += [
            Action(action.kind, (*action.args[:i], v, *action.args[i + 1 :]))
            for v in sort(state)
            if v != word
        ]
    return found


def all_turn_actions(state: State) -> list[Action]:
    areas = RULES.disciplines
    actions = [Action("end"), Action("favour", ("take",)), Action("favour", ("return",))]
    actions += [Action("enrol", (a,)) for a in areas]
    actions += [Action("enrol", (a, str(i))) for a in areas for i in range(len(state.queues[0]))]
    actions += [Action("establish", (t,)) for t in RULES.class_tiles]
    actions += [Action("teach", (c,)) for c in RULES.class_spaces]
    actions += [Action("graduate", (s,)) for s in RULES.student_spaces]
    actions += [Action("write", (d,)) for d in areas]
    actions += [Action("complete", (str(n),)) for n in RULES.objective_cards]
    for kind in ("transfer", "promote"):
        actions += [Action(kind, pair) for pair in itertools.permutations(RULES.student_spaces, 2)]
    actions += [Action("objective", (str(n),)) for n in RULES.objective_cards]
    walls = list(RULES.wall_spaces)
    actions += [Action("objective", ("4", a, b)) for a in walls for b in walls if a != b]
    return actions


def all_area_actions(kind: str) -> list[Action]:
    actions = [Action("skip")]
    if kind == "astronomy":
        places = (*RULES.oases, *RULES.port_spaces)
        actions += [Action("camel", (d, s)) for d in places for s in ("camel", "timbuktu")]
    elif kind == "theology":
        actions += [Action("mosque", (s,)) for s in RULES.theology_spaces]
    elif kind == "mathematics":
        actions += [Action("wall", (w,)) for w in (*RULES.wall_spaces, RULES.corner_id)]
    else:
        actions += [Action("crown", (s,)) for s in RULES.law_spaces]
        actions += [
            Action("crown", (s, pay)) for s in RULES.law_spaces for pay in ("gold", "salt", "book")
        ]
    return actions
