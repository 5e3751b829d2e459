"""Establish an Advanced Class (EST-1..11), paid with a Book or free from the Favour track."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import with_item
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, names_nothing, no_words, push, step
from sankore_rules.sankore.rules.common import (
    book_payment_reasons,
    contribute_tasks,
    free_library_slots,
)
from sankore_rules.sankore.rules.market import take_from_market
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import State, Task, player_to_change

__all__ = ["take_from_market"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_ESTABLISH: Final = OneWordActions("establish")
_CLASS: Final = OneWordActions("class")


def _tile_reasons(rules: Rules, state: State, p: int, action: Action, free: bool) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.class_tiles:
        return [Reason("bad_arguments", "write 'establish <Advanced Class tile>'")]
    tile = rules.class_tiles[action.args[0]]
    column = state.market[rules.discipline_index[tile.discipline]]
    if tile.id not in column.visible():
        return [
            Reason("tile_not_available", f"{tile.id} is not a visible tile of the market (EST-2)")
        ]
    if free:
        return []
    # EST-1, EST-4: one Book of the tile's discipline goes to the Library.
    return book_payment_reasons(rules, state, p, tile.discipline)


def _establish(rules: Rules, state: State, p: int, tile_id: str, free: bool) -> None:
    log(state, "establish", p, tile=tile_id, free=free)
    tasks = [Task("establish_space", p, {"tile": tile_id})]
    if not free:
        tasks.append(contribute_tasks(p, rules.class_tiles[tile_id].discipline))
    push(state, *tasks)
    # Last: the pile's new top may be a chance step, resolved before the tasks above.
    take_from_market(rules, state, tile_id)


def _candidates(rules: Rules, state: State, p: int) -> list[Action]:
    return _free_candidates_all(rules, state)


def _options(rules: Rules, state: State, p: int) -> list[Action]:
    # A column whose Book the player cannot contribute offers nothing: the same payment test
    # that refuses each of its tiles (EST-1, EST-4), ``can_pay_books`` of one Book written out,
    # its Library room asked once: a Book of the column's discipline (the market's columns
    # follow the disciplines' order) and a free Library slot.
    if free_library_slots(rules, state) < 1:
        return []
    books = state.players[p].books
    return [
        _ESTABLISH[t]
        for held, col in zip(books, state.market, strict=True)
        if held >= 1
        for t in col.visible()
    ]


def _free_candidates_all(rules: Rules, state: State) -> list[Action]:
    return [_ESTABLISH[t] for col in state.market for t in col.visible()]


def _check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    return _tile_reasons(rules, state, p, action, free=False)


def _reads(state: State, p: int) -> tuple[object, ...]:
    # What ``_options`` reads: the Library, the player's Bookshelf and the market.
    return (state.library_side, state.library, state.players[p].books, state.market)


@turn_option(
    "establish",
    main="establish",
    candidates=_candidates,
    check=_check,
    options=_options,
    reads=_reads,
)
def _establish_main(rules: Rules, state: State, p: int, action: Action) -> None:
    _establish(rules, state, p, action.args[0], free=False)


def _free_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [*_free_candidates_all(rules, state), Action("skip")]


def _free_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)
    return _tile_reasons(rules, state, task.player, action, free=True)


@step(
    "establish_free",
    candidates=_free_candidates,
    check=_free_check,
    prompt="Establish an Advanced Class without a Book, or skip",
    answers=("establish", "skip"),
)
def _establish_free(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # EST-11, IC-FAV-5.
    assert action is not None
    if action.kind != "skip":
        _establish(rules, state, task.player, action.args[0], free=True)


def _space_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    # EST-5/6, AMB-28: by level; level 1 anywhere above the Introductory row.
    level = rules.class_tiles[task.args["tile"]].level
    return [_CLASS[c] for c in rules.class_spaces_for_level[level]]


def _space_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.class_row:
        return names_nothing()
    level = rules.class_tiles[task.args["tile"]].level
    allowed = rules.class_spaces_for_level[level]
    if action.args[0] not in allowed:
        return [
            Reason(
                "row_not_allowed",
                f"a level-{level} Class goes on {', '.join(allowed)}, not {action.args[0]} "
                "(EST-6, AMB-28)",
            )
        ]
    # A free Establish during Teach a Class cannot replace the class being taught: the active
    # Student sits on it and its Knowledge bonus and area are in use (TEACH-2, TEACH-5).
    if state.teaching is not None and state.teaching[:2] == (task.player, action.args[0]):
        return [
            Reason(
                "class_being_taught",
                f"the class on {action.args[0]} is being taught (TEACH-2, TEACH-5)",
            )
        ]
    return []


@step(
    "establish_space",
    candidates=_space_candidates,
    check=_space_check,
    prompt="Choose the Class space for the new Advanced Class",
    answers=("class",),
)
def _establish_space(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # EST-7/8: any allowed space, even over another tile (which goes back to the box).
    assert action is not None
    pl = player_to_change(state, task.player)
    replaced = pl.classes.get(action.args[0])
    pl.classes = with_item(pl.classes, action.args[0], task.args["tile"])
    log(
        state,
        "class_placed",
        task.player,
        tile=task.args["tile"],
        space=action.args[0],
        replaced=replaced,
    )
