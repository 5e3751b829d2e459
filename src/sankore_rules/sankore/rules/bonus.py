"""Bonus actions: Transfer, Promote, Write a Book (BONUS-1..4), and their grants (AMB-14)."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import with_item, without
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, no_words, step
from sankore_rules.sankore.rules.common import gain_books
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import State, Task, player_to_change

__all__ = ["move_reasons"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_WRITE: Final = OneWordActions("write")


_NO_INSPIRATION = Reason(
    "no_inspiration",
    "this bonus action costs 1 Inspiration, you have none (BONUS-2, BONUS-3, BONUS-4)",
)


def _inspiration(state: State, p: int) -> list[Reason]:
    return [_NO_INSPIRATION] if state.players[p].inspiration < 1 else []


def _move_candidates(
    rules: Rules, state: State, p: int, kind: str, *, legal_only: bool = False
) -> list[Action]:
    """Every move of a Student to an empty space an arrow or its row leads to.

    With ``legal_only``, only the moves ``move_reasons`` allows: a Transfer from level 1 or
    above (BONUS-2), a Promote from under a Class tile (BONUS-3).
    """
    # The moves and their actions come from the ruleset's table (``Rules.student_moves``):
    # the targets of a Transfer are the other spaces of the origin's level (the origin itself
    # holds the Student, so it is never empty), those of a Promote the arrows' spaces.
    pl = state.players[p]
    students = pl.students
    moves = rules.student_moves[kind]
    options: list[Action] = []
    for origin in rules.student_spaces:  # board order
        if origin not in students:
            continue
        if kind == "transfer":
            if legal_only and rules.student_level[origin] < 1:
                continue
        else:
            under = rules.student_under[origin]
            if under is None or (legal_only and under not in pl.classes):
                continue
        options += [a for t, a in moves[origin] if t not in students]
    return options


def move_reasons(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    """Why a Transfer (BONUS-2) or Promote (BONUS-3) move is not allowed, ignoring its cost."""
    if len(action.args) != 2 or any(a not in rules.student_level for a in action.args):
        return [Reason("bad_arguments", f"write '{action.kind} <from space> <to space>'")]
    origin, target = action.args
    pl = state.players[p]
    if origin not in pl.students:
        return [Reason("no_student_there", f"you have no Student on {origin} (BONUS-2, BONUS-3)")]
    if target in pl.students:
        return [
            Reason(
                "space_taken",
                f"{target} is occupied: a Student moves to an empty space (BONUS-2, BONUS-3)",
            )
        ]
    if action.kind == "transfer":
        level = rules.student_level[origin]
        if level < 1:
            return [
                Reason("bottom_row", "only Students at level 1 or above can transfer (BONUS-2)")
            ]
        if rules.student_level[target] != level:
            return [
                Reason(
                    "wrong_level",
                    f"{target} is not at level {level}: a Transfer keeps the level (BONUS-2)",
                )
            ]
        return []
    under = rules.student_under[origin]
    if under is None or under not in pl.classes:
        return [Reason("no_class_above", f"there is no Class tile above {origin} (BONUS-3)")]
    if target not in rules.arrows[under]:
        return [Reason("no_arrow", f"no arrow leads from {under} to {target} (BONUS-3)")]
    return []


def _move(state: State, p: int, action: Action) -> None:
    origin, target = action.args
    pl = player_to_change(state, p)
    pl.students = with_item(without(pl.students, origin), target, pl.students[origin])
    log(state, action.kind, p, start=origin, end=target)


def _transfer_candidates(rules: Rules, state: State, p: int) -> list[Action]:
    return _move_candidates(rules, state, p, "transfer")


def _promote_candidates(rules: Rules, state: State, p: int) -> list[Action]:
    return _move_candidates(rules, state, p, "promote")


def _transfer_options(rules: Rules, state: State, p: int) -> list[Action]:
    return _move_candidates(rules, state, p, "transfer", legal_only=True)


def _promote_options(rules: Rules, state: State, p: int) -> list[Action]:
    return _move_candidates(rules, state, p, "promote", legal_only=True)


def _paid_check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    return move_reasons(rules, state, p, action)


def _inspiration_ready(rules: Rules, state: State, p: int) -> list[Reason]:
    # _inspiration() written out: asked for three families at every turn menu.
    return [_NO_INSPIRATION] if state.players[p].inspiration < 1 else []


def _paid_move(rules: Rules, state: State, p: int, action: Action) -> None:
    player_to_change(state, p).inspiration -= 1
    _move(state, p, action)


def _transfer_reads(state: State, p: int) -> tuple[object, ...]:
    # What ``_transfer_options`` reads: where the player's Students are.
    return (state.players[p].students,)


def _promote_reads(state: State, p: int) -> tuple[object, ...]:
    # What ``_promote_options`` reads: where the player's Students and Class tiles are.
    pl = state.players[p]
    return (pl.students, pl.classes)


turn_option(
    "transfer",
    main=None,
    candidates=_transfer_candidates,
    check=_paid_check,
    ready=_inspiration_ready,
    options=_transfer_options,
    reads=_transfer_reads,
)(_paid_move)
turn_option(
    "promote",
    main=None,
    candidates=_promote_candidates,
    check=_paid_check,
    ready=_inspiration_ready,
    options=_promote_options,
    reads=_promote_reads,
)(_paid_move)


def _write_candidates(rules: Rules, state: State, p: int) -> list[Action]:
    return [_WRITE[d] for d in rules.disciplines]


def _write_options(rules: Rules, state: State, p: int) -> list[Action]:
    # A Book left in the supply and room on the shelf (BONUS-4, RES-3, RES-4).
    books, limit = state.players[p].books, rules.limits.books_per_discipline
    return [
        _WRITE[d]
        for d, supply, held in zip(rules.disciplines, state.supply_books, books, strict=True)
        if supply > 0 and held < limit
    ]


def _write_check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.discipline_index:
        return [Reason("bad_arguments", "write 'write <discipline>'")]
    i = rules.discipline_index[action.args[0]]
    reasons = []
    if state.supply_books[i] == 0:
        reasons.append(
            Reason(
                "supply_empty", f"no {action.args[0]} Book is left in the supply (BONUS-4, RES-3)"
            )
        )
    if state.players[p].books[i] >= rules.limits.books_per_discipline:
        reasons.append(
            Reason(
                "bookshelf_full", f"your {action.args[0]} shelf has no empty space (BONUS-4, RES-4)"
            )
        )
    return reasons


@turn_option(
    "write",
    main=None,
    candidates=_write_candidates,
    check=_write_check,
    ready=_inspiration_ready,
    options=_write_options,
)
def _write(rules: Rules, state: State, p: int, action: Action) -> None:
    # BONUS-4
    player_to_change(state, p).inspiration -= 1
    gain_books(rules, state, p, action.args[0])


# ---- grants from Skill tiles and classes (IC-SKL-4, IC-SKL-6, IC-ADV-7; AMB-14) ---------------
#
# A grant is carried out inside the Teach that activates it, and may be declined. The Skill
# tile's Transfer is free, as its icon says; a granted Promote is the Promote bonus action and
# costs its 1 Inspiration, as the icon names no other price (AMB-14).


def _granted_candidates(kind: str):  # type: ignore[no-untyped-def]
    def candidates(rules: Rules, state: State, task: Task) -> list[Action]:
        return [*_move_candidates(rules, state, task.player, kind), Action("skip")]

    return candidates


def _free_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    return (
        no_words(action)
        if action.kind == "skip"
        else move_reasons(rules, state, task.player, action)
    )


def _paid_grant_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    reasons = _free_check(rules, state, task, action)
    if action.kind == "skip" or reasons:
        return reasons
    return _inspiration(state, task.player)


def _free_move(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    if action.kind != "skip":
        _move(state, task.player, action)


def _paid_grant(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    if action.kind != "skip":
        _paid_move(rules, state, task.player, action)


step(
    "transfer_student",
    candidates=_granted_candidates("transfer"),
    check=_free_check,
    prompt="Transfer a Student for free, or skip",
    answers=("transfer", "skip"),
)(_free_move)
step(
    "promote_student",
    candidates=_granted_candidates("promote"),
    check=_paid_grant_check,
    prompt="Promote a Student for 1 Inspiration, or skip",
    answers=("promote", "skip"),
)(_paid_grant)
