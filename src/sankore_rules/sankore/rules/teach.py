"""Teach a Class (TEACH-1..14): class, active Student, skills, reward, area, promotion."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import adjusted, with_item, without
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.effects import effect_tasks
from sankore_rules.sankore.engine import log, names_nothing, push, step
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import State, Task, plain_task, player_to_change

__all__: list[str] = []

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_TEACH: Final = OneWordActions("teach")
_STUDENT: Final = OneWordActions("student")
_PROMOTE_TO: Final = OneWordActions("promote_to")


def _candidates(rules: Rules, state: State, p: int) -> list[Action]:
    classes = state.players[p].classes
    return [_TEACH[c] for c in rules.class_spaces if c in classes]  # board order


def _has_student_below(rules: Rules, students: Mapping[str, str], space: str) -> bool:
    """Whether a Student sits on a space below the class on ``space`` (TEACH-1)."""
    return not students.keys().isdisjoint(rules.spaces_under[space])


def _options(rules: Rules, state: State, p: int) -> list[Action]:
    # The check's test without the words: a Class tile with a Student below it (TEACH-1). The
    # classes above the player's Students are found from the Students, the fewer; a class is
    # above exactly the spaces ``_has_student_below`` looks at.
    pl = state.players[p]
    classes = pl.classes
    under = rules.student_under
    above = {under[s] for s in pl.students}
    return [_TEACH[c] for c in rules.class_spaces if c in classes and c in above]


def _check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.class_row:
        return [Reason("bad_arguments", "write 'teach <class space>'")]
    space = action.args[0]
    pl = state.players[p]
    if space not in pl.classes:
        return [Reason("no_class_there", f"there is no Class tile on {space} (TEACH-1)")]
    if not _has_student_below(rules, pl.students, space):
        return [
            Reason("no_student_in_class", f"no Student sits below the class on {space} (TEACH-1)")
        ]
    return []


def _reads(state: State, p: int) -> tuple[object, ...]:
    # What ``_options`` reads: the board's Class tiles and Students.
    pl = state.players[p]
    return (pl.classes, pl.students)


@turn_option(
    "teach", main="teach", candidates=_candidates, check=_check, options=_options, reads=_reads
)
def _teach(rules: Rules, state: State, p: int, action: Action) -> None:
    push(state, Task("activate_student", p, {"class": action.args[0]}))


def _student_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    students = state.players[task.player].students
    return [_STUDENT[s] for s in rules.spaces_under[task.args["class"]] if s in students]


def _student_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.student_level:
        return names_nothing()
    space, class_space = action.args[0], task.args["class"]
    if space not in rules.spaces_under[class_space]:
        return [
            Reason(
                "not_below_class",
                f"{space} is not below the class on {class_space}: the active Student is one "
                "of its own (TEACH-1, TEACH-2)",
            )
        ]
    if space not in state.players[task.player].students:
        return [Reason("no_student_there", f"you have no Student on {space} (TEACH-2)")]
    return []


@step(
    "activate_student",
    candidates=_student_candidates,
    check=_student_check,
    prompt="Choose the Student to activate",
    answers=("student",),
)
def _activate_student(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # TEACH-2: the active Student moves onto the tile, leaving its space.
    assert action is not None
    p, class_space, origin = task.player, task.args["class"], action.args[0]
    pl = player_to_change(state, p)
    student = pl.students[origin]
    pl.students = without(pl.students, origin)
    state.teaching = (p, class_space, student, origin)
    tile = rules.class_tiles[pl.classes[class_space]]
    log(state, "teach", p, space=class_space, tile=tile.id, student=student)
    tasks: list[Task] = []
    if tile.level > 0:  # TEACH-3: an Advanced Class activates its discipline's Skill tiles
        tasks.append(Task("activate_skills", p, {"discipline": tile.discipline}))
    if student == tile.discipline:  # TEACH-4: the reward needs a matching Student
        tasks += effect_tasks(rules, p, tile.reward, klass=tile.discipline)
    tasks.append(plain_task(tile.discipline, p))  # TEACH-5: the area action of its discipline
    tasks.append(plain_task("promote_active", p))
    push(state, *tasks)


def _promote_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    assert state.teaching is not None
    _, class_space, _, _ = state.teaching
    students = state.players[task.player].students
    targets = [_PROMOTE_TO[s] for s in rules.arrows[class_space] if s not in students]
    return targets or [Action("retire")]  # TEACH-10: no empty space above


def _promote_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    assert state.teaching is not None
    class_space = state.teaching[1]
    students = state.players[task.player].students
    if action.kind == "retire":
        if action.args:
            return names_nothing()
        free = [s for s in rules.arrows[class_space] if s not in students]
        if free:
            return [
                Reason(
                    "space_above_free",
                    f"an arrow leads to the empty space {free[0]}: the active Student moves up "
                    "and leaves the game only when none does (TEACH-8, TEACH-10)",
                )
            ]
        return []
    if len(action.args) != 1 or action.args[0] not in rules.student_level:
        return names_nothing()
    target = action.args[0]
    if target not in rules.arrows[class_space]:
        return [Reason("no_arrow", f"no arrow leads from {class_space} to {target} (TEACH-8)")]
    if target in students:
        return [
            Reason("space_taken", f"{target} is occupied: arrows lead to empty spaces (TEACH-8)")
        ]
    return []


@step(
    "promote_active",
    candidates=_promote_candidates,
    lister=_promote_candidates,  # its check accepts every candidate, in any state
    check=_promote_check,
    prompt="Choose where the active Student moves up to",
    answers=("promote_to", "retire"),
)
def _promote_active(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # TEACH-8..10: along an arrow to an empty space, or out of the game.
    assert action is not None and state.teaching is not None
    p, _, student, _ = state.teaching
    state.teaching = None
    if action.kind == "retire":
        state.students_out = adjusted(state.students_out, rules.discipline_index[student], 1)
        log(state, "student_retired", p, student=student)
    else:
        pl = player_to_change(state, p)
        pl.students = with_item(pl.students, action.args[0], student)
        log(state, "student_promoted", p, student=student, space=action.args[0])
