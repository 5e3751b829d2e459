"""Enrol a Student (ENROL-1..10), and the Favour track's Enrol from any queue position.

Objective cards change where a Student may come from (#23: any position, OBJ-7) and where it
may go (#11: a space above its Introductory Class, OBJ-5); both are folded in here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.abilities import has_ability
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, names_nothing, push, step
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import State, Task, plain_task, player_to_change

__all__ = ["destinations", "enrol_space", "rightmost", "slide_out", "take_from_queue"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_PLACE: Final = OneWordActions("place")
_ENROL: Final = OneWordActions("enrol")


def enrol_space(rules: Rules, state: State, p: int, discipline: str) -> str:
    """The Student space under ``p``'s Introductory Class of ``discipline`` (ENROL-2)."""
    classes = state.players[p].classes
    tile = rules.intro_by_discipline[discipline]
    for intro in rules.intro_spaces:
        if classes[intro] == tile:
            return rules.spaces_under[intro][0]
    raise AssertionError(f"player {p} has no {discipline} Introductory Class")


def _allowed(
    rules: Rules, state: State, p: int, discipline: str, above: bool | None = None
) -> list[str]:
    """The spaces, empty or not, a new Student of ``discipline`` may go to (ENROL-2, OBJ-5).

    ``above``: whether ``p`` has card #11's ability, when the caller already asked.
    """
    under = enrol_space(rules, state, p, discipline)
    if above is None:
        above = has_ability(rules, state, p, "enrol_above")
    if not above:
        return [under]
    intro = rules.student_under[under]
    assert intro is not None
    return [under, *rules.arrows[intro]]


def destinations(
    rules: Rules, state: State, p: int, discipline: str, above: bool | None = None
) -> list[str]:
    """The empty spaces an enrolled Student of ``discipline`` may go to (ENROL-2/3, OBJ-5).

    ``above``: whether ``p`` has card #11's ability (OBJ-5), when the caller already asked.
    """
    students = state.players[p].students
    if above is False:  # the common case: the one space under the class (ENROL-2)
        under = enrol_space(rules, state, p, discipline)
        return [] if under in students else [under]
    return [s for s in _allowed(rules, state, p, discipline, above) if s not in students]


def rightmost(queue: Sequence[str | None]) -> int | None:
    """The position of a queue's rightmost Student, or None for an empty queue."""
    # Asked for every queue at every turn menu. Students fill a queue from the left (ENROL-4),
    # so its empty spaces are one run at the right end, found by two calls rather than a walk;
    # a queue edited by hand with a gap is walked from the right end.
    empty = queue.count(None)
    first_empty = queue.index(None) if empty else len(queue)
    if first_empty + empty == len(queue):
        return first_empty - 1 if first_empty else None
    for i in range(len(queue) - 1, -1, -1):
        if queue[i] is not None:
            return i
    return None


_rightmost = rightmost


def _enrol_reasons(
    rules: Rules, state: State, p: int, area: str, position: int | None
) -> list[Reason]:
    if area not in rules.discipline_index:
        return [Reason("bad_arguments", f"there is no {area!r} queue")]
    queue = state.queues[rules.discipline_index[area]]
    if position is None:
        position = _rightmost(queue)
        if position is None:
            return [Reason("queue_empty", f"the {area} queue has no Student left (ENROL-1)")]
    elif not 0 <= position < len(queue) or queue[position] is None:
        return [
            Reason(
                "no_student_there",
                f"no Student on space {position} of the {area} queue (OBJ-7, IC-FAV-3)",
            )
        ]
    student = queue[position]
    assert student is not None
    if not destinations(rules, state, p, student):
        where = "under" if not has_ability(rules, state, p, "enrol_above") else "under or above"
        return [
            Reason(
                "student_space_taken",
                f"the spaces {where} your {student} Introductory Class are taken (ENROL-3)"
                if where != "under"
                else f"the space under your {student} Introductory Class is taken (ENROL-3)",
            )
        ]
    return []


def slide_out(rules: Rules, state: State, area: str, position: int) -> tuple[str, int]:
    """Take the Student at ``position`` out of ``area``'s queue; those to its right slide left.

    Returns the Student and the space left empty at the right end, the one whose icons
    trigger (ENROL-4..7; AMB-12, OBJ-7). Taken from the right end, nothing slides.
    """
    i = rules.discipline_index[area]
    queue = state.queues[i]
    last = _rightmost(queue)
    assert last is not None
    student = queue[position]
    assert student is not None
    slid = (*queue[:position], *queue[position + 1 : last + 1], None, *queue[last + 1 :])
    state.queues = replaced_at(state.queues, i, slid)
    return student, last


def take_from_queue(rules: Rules, state: State, p: int, area: str, position: int) -> None:
    """Move a queue's Student to ``p``'s board and trigger the icons it uncovers.

    Students to the right slide left; the icons of the space left empty at the right end
    trigger (ENROL-4..7; AMB-9, AMB-12, OBJ-7). Taken from the right end, nothing slides.
    """
    student, last = slide_out(rules, state, area, position)
    log(state, "enrol", p, area=area, position=position, student=student)
    tasks = [Task("enrol_place", p, {"student": student})]
    space = rules.queue_layouts[state.player_count].spaces[last]
    if space.favour:
        tasks.append(plain_task("exchange", p))
    if space.sankore:
        tasks.append(Task("supply_sankore", p, {"discipline": area}))
    token = f"{area}:{last}"
    if space.book_majority:
        state.pending_scorings = (*state.pending_scorings, (area, "book", token))
    if space.prestige_majority:
        state.pending_scorings = (*state.pending_scorings, (area, "prestige", token))
    push(state, *tasks)


def _place_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    spaces = destinations(rules, state, task.player, task.args["student"])
    return [_PLACE[s] for s in spaces]


def _place_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.student_level:
        return names_nothing()
    space, student = action.args[0], task.args["student"]
    if space not in _allowed(rules, state, task.player, student):
        above = (
            " or above it (OBJ-5)" if has_ability(rules, state, task.player, "enrol_above") else ""
        )
        return [
            Reason(
                "not_under_intro_class",
                f"a {student} Student goes under your {student} Introductory Class{above}, "
                f"not on {space} (ENROL-2)",
            )
        ]
    if space in state.players[task.player].students:
        return [Reason("space_taken", f"{space} is occupied (ENROL-3)")]
    return []


@step(
    "enrol_place",
    candidates=_place_candidates,
    check=_place_check,
    prompt="Choose where the new Student goes",
    answers=("place",),
)
def _enrol_place(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    pl = player_to_change(state, task.player)
    pl.students = with_item(pl.students, action.args[0], task.args["student"])


# ---- the main action ----------------------------------------------------------------------------


def _candidates(rules: Rules, state: State, p: int) -> list[Action]:
    options = [_ENROL[area] for area in rules.disciplines]  # the rightmost Student
    if has_ability(rules, state, p, "enrol_anywhere"):
        # OBJ-7: any position, named by its number; the rightmost is 'enrol <area>' already.
        options += _anywhere(rules, state, rightmost=False)
    return options


def _anywhere(rules: Rules, state: State, *, rightmost: bool = True) -> list[Action]:
    """``enrol <area> <position>`` for every queued Student, or all but each rightmost one."""
    options = []
    for area in rules.disciplines:
        queue = state.queues[rules.discipline_index[area]]
        last = None if rightmost else _rightmost(queue)
        options += [
            Action("enrol", (area, str(pos)))
            for pos, s in enumerate(queue)
            if s is not None and pos != last
        ]
    return options


def _options(rules: Rules, state: State, p: int) -> list[Action]:
    # The check's tests without the words: a Student to take, and an empty space it may go to
    # (ENROL-1..3, OBJ-5); with #23, every other queued Student too (OBJ-7). In the
    # candidates' order: each queue's rightmost Student, then the others queue by queue.
    room: dict[str, bool] = {}  # whether a Student of a discipline has somewhere to go
    above = has_ability(rules, state, p, "enrol_above")

    def placeable(student: str | None) -> bool:
        if student is None:
            return False
        if student not in room:
            room[student] = bool(destinations(rules, state, p, student, above))
        return room[student]

    queues = list(zip(rules.disciplines, state.queues, strict=True))
    lasts: list[int | None] = []
    options: list[Action] = []
    for area, queue in queues:  # a loop: listed at every turn menu
        last = _rightmost(queue)
        lasts.append(last)
        if last is not None and placeable(queue[last]):
            options.append(_ENROL[area])
    if has_ability(rules, state, p, "enrol_anywhere"):
        options += [
            Action("enrol", (area, str(pos)))
            for (area, queue), last in zip(queues, lasts, strict=True)
            for pos, student in enumerate(queue)
            if pos != last and placeable(student)
        ]
    return options


def _position(action: Action) -> int | None:
    return int(action.args[1]) if len(action.args) == 2 and action.args[1].isdigit() else None


def _check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    if len(action.args) == 2 and _position(action) is not None:
        if not has_ability(rules, state, p, "enrol_anywhere"):
            return [
                Reason(
                    "no_such_ability", "only Objective card #23 lets you pick any Student (OBJ-7)"
                )
            ]
        area, position = action.args[0], _position(action)
        reasons = _enrol_reasons(rules, state, p, area, position)
        if not reasons and position == _rightmost(state.queues[rules.discipline_index[area]]):
            return [
                Reason(
                    "same_as_option",
                    f"space {position} holds the rightmost Student, which 'enrol {area}' "
                    "takes: choose that option (OBJ-7)",
                )
            ]
        return reasons
    if len(action.args) != 1:
        return [Reason("bad_arguments", "write 'enrol <area>'")]
    return _enrol_reasons(rules, state, p, action.args[0], None)


def _reads(state: State, p: int) -> tuple[object, ...]:
    # What ``_options`` reads: the queues, where the board's Students and Introductory Classes
    # are, and the completed cards (#11, #23: OBJ-5, OBJ-7).
    pl = state.players[p]
    return (state.queues, pl.students, pl.classes, pl.completed)


@turn_option(
    "enrol", main="enrol", candidates=_candidates, check=_check, options=_options, reads=_reads
)
def _enrol(rules: Rules, state: State, p: int, action: Action) -> None:
    area = action.args[0]
    position = _position(action)
    if position is None:
        position = _rightmost(state.queues[rules.discipline_index[area]])
    assert position is not None
    take_from_queue(rules, state, p, area, position)


# ---- the Favour track's Enrol (IC-FAV-3, AMB-9) --------------------------------------------------


def _any_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return _anywhere(rules, state)


def _any_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    position = _position(action)
    if position is None:
        return [Reason("bad_arguments", "write 'enrol <area> <position>'")]
    return _enrol_reasons(rules, state, task.player, action.args[0], position)


@step(
    "enrol_any",
    candidates=_any_candidates,
    check=_any_check,
    prompt="Choose a Student from any position of any queue",
    answers=("enrol",),
)
def _enrol_any(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # Any position; the Student still goes under its Introductory Class (AMB-9).
    assert action is not None
    take_from_queue(rules, state, task.player, action.args[0], int(action.args[1]))
