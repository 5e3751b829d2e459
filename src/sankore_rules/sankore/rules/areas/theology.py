"""The Theology area action (THEO-1..12): place a Mosque, take the space's reward."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions, new_action
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import adjusted, popped, replaced_at, without
from sankore_rules.sankore.abilities import area_discount
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, names_nothing, no_words, push, step
from sankore_rules.sankore.rules.common import (
    SKIP,
    area_options,
    can_pay,
    gain_prestige,
    knowledge_reasons,
    open_spaces,
    pay_reasons,
    piece_reasons,
    place_piece,
    take_region_tile,
    teaching_knowledge,
    teaching_supported,
    within_knowledge,
)
from sankore_rules.sankore.state import Graduated, State, Task, player_to_change
from sankore_rules.sankore.tables import Cost

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_MOSQUE: Final = OneWordActions("mosque")

AREA = "theology"


def _row_cost(rules: Rules, row: str) -> Cost:
    cost: Cost = getattr(rules.tables.theology.rows, row)
    return cost


def _salt(rules: Rules, state: State, p: int, cost: Cost) -> int:
    """The Salt a Mosque space costs ``p`` (THEO-3), less any Objective card discount."""
    return max(0, cost.salt - area_discount(rules, state, p, AREA, "salt"))


def _candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    have = teaching_knowledge(rules, state)  # spaces out of reach are refused by the check
    spaces = open_spaces(state, rules.theology_spaces)
    reach = [s for s in spaces if within_knowledge(rules.theology_spaces[s].knowledge, have)]
    return [_MOSQUE[s] for s in reach] + [SKIP]


def _options(rules: Rules, state: State, task: Task) -> list[Action]:
    # The candidates the check accepts: the top row needs a Supported Class (THEO-4) and the
    # Salt is paid (THEO-3).
    # Both depend on the space's row alone.
    pl = state.players[task.player]
    spaces = rules.theology_spaces

    def row(action: Action) -> str:
        return spaces[action.args[0]].row

    def allowed(action: Action, supported: bool) -> bool:
        cost = _row_cost(rules, row(action))
        salt = _salt(rules, state, task.player, cost)
        return (supported or not cost.supported) and can_pay(pl, salt=salt)

    return area_options(rules, state, task, AREA, _candidates, allowed, row)


def _check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)
    if len(action.args) != 1 or action.args[0] not in rules.theology_spaces:
        return [Reason("bad_arguments", "write 'mosque <Theology space>'")]
    space = rules.theology_spaces[action.args[0]]
    if space.id in state.spaces:
        return [Reason("space_taken", f"{space.id} already holds a Mosque (THEO-1)")]
    pl = state.players[task.player]
    cost = _row_cost(rules, space.row)  # THEO-3, THEO-4
    reasons = knowledge_reasons(space.knowledge, teaching_knowledge(rules, state))
    if cost.supported and not teaching_supported(rules, state):
        reasons.append(
            Reason(
                "needs_supported_class", f"{space.city}'s top row needs a Supported Class (THEO-4)"
            )
        )
    salt = _salt(rules, state, task.player, cost)
    return reasons + pay_reasons(pl, salt=salt) + piece_reasons(rules, pl, AREA)


@step(
    AREA,
    candidates=_candidates,
    check=_check,
    lister=_options,
    prompt="Place a Mosque on an empty Theology space, or skip",
    answers=("mosque", "skip"),
)
def _theology(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    p = task.player
    if action.kind == "skip":
        log(state, "area_skipped", p, area=AREA)
        return
    space = rules.theology_spaces[action.args[0]]
    pl = player_to_change(state, p)
    cost = _row_cost(rules, space.row)
    pl.salt -= _salt(rules, state, p, cost)
    place_piece(rules, state, p, AREA, space.id)
    tasks: list[Task] = []
    if space.row == "top":
        # THEO-10, AMB-5: the region's first top-row Mosque takes its tile, first (AMB-44).
        tile = take_region_tile(state, p, f"{AREA}:{space.region}")
        if tile is not None:
            tasks.append(tile)
    book, state.theology_books = popped(state.theology_books, space.id)
    if book is not None:  # THEO-5; a Book with no room goes to the supply (RES-4, AMB-7)
        i = rules.discipline_index[book]
        if pl.books[i] < rules.limits.books_per_discipline:
            pl.books = adjusted(pl.books, i, 1)
            log(state, "gain_book", p, discipline=book, count=1, source=space.id)
        else:
            state.supply_books = adjusted(state.supply_books, i, 1)
    if space.activate is not None:  # THEO-6
        tasks.append(Task("activate_skills", p, {"discipline": space.activate}))
    if space.skill is not None:  # THEO-7: the section is the one printed
        tasks.append(
            Task("skill_tile", p, {"icon": space.skill.icon, "section": space.skill.section})
        )
    if space.madrasa_student is not None:  # THEO-8
        tasks.append(Task("madrasa_student", p, {"discipline": space.madrasa_student}))
    push(state, *tasks)


def _student_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    d = task.args["discipline"]
    pl = state.players[task.player]
    options = [
        new_action(Action, ("madrasa", ("board", s)))
        for s in rules.student_spaces
        if pl.students.get(s) == d
    ]
    options += [
        Action("madrasa", ("graduation", str(i)))
        for i, g in enumerate(pl.graduations)
        if g.student == d
    ]
    return [*options, Action("skip")]


def _student_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)
    d = task.args["discipline"]
    pl = state.players[task.player]
    match action.args:
        case ("board", space) if space in rules.student_level:
            student = pl.students.get(space)
            where = space
        case ("graduation", index) if index.isdigit():
            if int(index) >= len(pl.graduations):
                return [
                    Reason(
                        "graduation_not_held",
                        f"you hold {len(pl.graduations)} Graduation tiles, none numbered {index} "
                        "(THEO-8)",
                    )
                ]
            student = pl.graduations[int(index)].student
            where = f"Graduation tile {index}"
        case _:
            return names_nothing()
    if student is None:
        return [Reason("no_student_there", f"no Student is on {where} (THEO-8)")]
    if student != d:
        return [
            Reason(
                "wrong_discipline",
                f"the space shows {d}: the Student on {where} is {student} (THEO-8)",
            )
        ]
    return []


@step(
    "madrasa_student",
    candidates=_student_candidates,
    check=_student_check,
    prompt="Send a Student of the shown discipline to the Madrasa, or skip",
    answers=("madrasa", "skip"),
)
def _madrasa_student(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # THEO-8/9, AMB-4: from the board or a Graduation tile (the active Student sits on its
    # class tile, so it is never offered); Prestige for each matching star showing.
    assert action is not None
    if action.kind == "skip":
        return
    p, d = task.player, task.args["discipline"]
    pl = player_to_change(state, p)
    where, which = action.args
    if where == "board":
        pl.students = without(pl.students, which)
    else:
        i = int(which)
        pl.graduations = replaced_at(pl.graduations, i, Graduated(pl.graduations[i].tile, None))
    state.madrasa_students = (*state.madrasa_students, (p, d))
    stars = sum(
        1
        for t in state.madrasa
        if t is not None and t.star and rules.sankore_tiles[t.tile].discipline == d
    )
    log(state, "madrasa_student", p, student=d, stars=stars)
    gain_prestige(rules, state, p, d, stars)
