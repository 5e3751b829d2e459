"""Graduate a Student (GRAD-1..11), paid with a Book, or free from a class or the Favour track."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import removed, without
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, no_words, push, step
from sankore_rules.sankore.rules.common import (
    book_payment_reasons,
    can_pay_books,
    contribute_tasks,
    graduation_tile_for,
)
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import Graduated, State, Task, player_to_change

__all__ = ["graduation_tile_for"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_GRADUATE: Final = OneWordActions("graduate")


def _reasons(rules: Rules, state: State, p: int, action: Action, free: bool) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.student_level:
        return [Reason("bad_arguments", "write 'graduate <student space>'")]
    space = action.args[0]
    pl = state.players[p]
    student = pl.students.get(space)
    if student is None:
        return [Reason("no_student_there", f"you have no Student on {space} (GRAD-1)")]
    level = rules.student_level[space]
    if level < 1:
        return [Reason("bottom_row", "a Student in the bottom row cannot graduate (GRAD-1)")]
    reasons = []
    if graduation_tile_for(rules, state, student, level) is None:
        reasons.append(
            Reason(
                "no_graduation_tile",
                f"no {student} Graduation tile of level {level} or lower is left (GRAD-4, GRAD-6)",
            )
        )
    if len(pl.graduations) >= rules.graduation_slots:
        reasons.append(
            Reason("no_graduation_slot", "all your Graduation slots are full (GRAD-5, GRAD-6)")
        )
    if not free:
        reasons += book_payment_reasons(rules, state, p, student)  # GRAD-2
    return reasons


def _graduate(rules: Rules, state: State, p: int, space: str, free: bool) -> None:
    pl = player_to_change(state, p)
    student = pl.students[space]
    pl.students = without(pl.students, space)
    tile = graduation_tile_for(rules, state, student, rules.student_level[space])
    assert tile is not None
    state.graduation = removed(state.graduation, tile)
    pl.graduations = (*pl.graduations, Graduated(tile, student))  # GRAD-5
    log(state, "graduate", p, space=space, tile=tile, free=free)
    tasks = [] if free else [contribute_tasks(p, student)]
    if not any(rules.graduation_tiles[t].discipline == student for t in state.graduation):
        tasks.append(Task("supply_sankore", p, {"discipline": student}))  # GRAD-7
    push(state, *tasks)


def _candidates(
    rules: Rules, state: State, p: int, books: tuple[int, ...] | None = None
) -> list[Action]:
    # Bottom-row Students and Students with no tile left are refused by the check (GRAD-1,
    # GRAD-6): the same tests, asked here before wording any reason. With ``books`` (a
    # Bookshelf), only the Students a Book of their discipline on it can pay for (GRAD-2).
    students = state.players[p].students
    levels = rules.student_level
    index = rules.discipline_index
    options: list[Action] = []
    for s in rules.student_spaces:  # board order
        student = students.get(s)
        if student is None or (books is not None and books[index[student]] < 1):
            continue
        level = levels[s]
        if level >= 1 and graduation_tile_for(rules, state, student, level) is not None:
            options.append(_GRADUATE[s])
    return options


def _options(rules: Rules, state: State, p: int) -> list[Action]:
    # The candidates a Book can pay for (GRAD-2, RES-5), with a free Graduation slot (GRAD-5).
    pl = state.players[p]
    if len(pl.graduations) >= rules.graduation_slots or not can_pay_books(rules, state, p, "any"):
        return []
    return _candidates(rules, state, p, pl.books)


def _check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    return _reasons(rules, state, p, action, free=False)


@turn_option("graduate", main="graduate", candidates=_candidates, check=_check, options=_options)
def _graduate_main(rules: Rules, state: State, p: int, action: Action) -> None:
    _graduate(rules, state, p, action.args[0], free=False)


def _free_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [*_candidates(rules, state, task.player), Action("skip")]


def _free_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    return (
        no_words(action)
        if action.kind == "skip"
        else _reasons(rules, state, task.player, action, free=True)
    )


@step(
    "graduate_free",
    candidates=_free_candidates,
    check=_free_check,
    prompt="Graduate a Student without a Book, or skip",
    answers=("graduate", "skip"),
)
def _graduate_free(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # IC-ADV-8, IC-FAV-12; the active Student sits on its tile, so it cannot be chosen.
    assert action is not None
    if action.kind != "skip":
        _graduate(rules, state, task.player, action.args[0], free=True)
