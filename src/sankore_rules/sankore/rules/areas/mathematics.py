"""The Mathematics area action (MATH-1..12): build a Wall, flip a Madrasa tile, take Gold."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import replaced_at
from sankore_rules.sankore.abilities import has_ability
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.effects import effect_tasks
from sankore_rules.sankore.engine import log, names_nothing, no_words, push, step
from sankore_rules.sankore.rules.common import (
    SKIP,
    area_options,
    book_payment_reasons,
    can_pay_books,
    contribute_tasks,
    knowledge_reasons,
    open_spaces,
    piece_reasons,
    place_piece,
    teaching_knowledge,
    teaching_supported,
    within_knowledge,
)
from sankore_rules.sankore.state import MadrasaTile, State, Task, player_to_change
from sankore_rules.sankore.tables import WallSide

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_WALL: Final = OneWordActions("wall")

AREA = "mathematics"


def _side(rules: Rules, wall: str) -> WallSide:
    side: WallSide = getattr(rules.tables.mathematics.sides, rules.wall_spaces[wall].side)
    return side


def _candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    have = teaching_knowledge(rules, state)  # Walls out of reach are refused by the check
    walls = open_spaces(state, rules.wall_spaces)
    reach = [w for w in walls if within_knowledge(rules.wall_spaces[w].number, have)]
    return [_WALL[w] for w in reach] + [SKIP]


def _options(rules: Rules, state: State, task: Task) -> list[Action]:
    # The candidates the check accepts: a vertical side needs a Supported Class and its Books
    # are contributed (MATH-4).
    # Both depend on the Wall's side alone.
    walls = rules.wall_spaces

    def side_of(action: Action) -> str:
        return walls[action.args[0]].side

    def allowed(action: Action, supported: bool) -> bool:
        side = _side(rules, action.args[0])
        return (supported or not side.supported) and can_pay_books(
            rules, state, task.player, "any", side.books, side.distinct_books
        )

    return area_options(rules, state, task, AREA, _candidates, allowed, side_of)


def _check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)
    if len(action.args) != 1 or action.args[0] not in rules.wall_spaces:
        if action.args == (rules.corner_id,):
            return [
                Reason(
                    "corner_only_by_port",
                    "the corner Wall space is reached only through Suakin or Zeila (ASTRO-13)",
                )
            ]
        return [Reason("bad_arguments", "write 'wall <Wall space>'")]
    wall = rules.wall_spaces[action.args[0]]
    if wall.id in state.spaces:
        return [Reason("space_taken", f"{wall.id} already holds a Wall (MATH-1)")]
    side = _side(rules, wall.id)
    pl = state.players[task.player]
    reasons = knowledge_reasons(wall.number, teaching_knowledge(rules, state))  # MATH-5
    if side.supported and not teaching_supported(rules, state):
        reasons.append(
            Reason(
                "needs_supported_class",
                f"side {wall.side} is vertical: it needs a Supported Class (MATH-4)",
            )
        )
    reasons += book_payment_reasons(
        rules, state, task.player, "any", side.books, side.distinct_books
    )
    return reasons + piece_reasons(rules, pl, AREA)


@step(
    AREA,
    candidates=_candidates,
    check=_check,
    lister=_options,
    prompt="Place a Wall on an empty Wall space, or skip",
    answers=("wall", "skip"),
)
def _mathematics(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    p = task.player
    if action.kind == "skip":
        log(state, "area_skipped", p, area=AREA)
        return
    wall = action.args[0]
    side = _side(rules, wall)
    place_piece(rules, state, p, AREA, wall)
    # MATH-3/4: Books to the Library; MATH-7..9: flip a tile of the line, then its Gold.
    push(
        state,
        contribute_tasks(p, "any", side.books, side.distinct_books),
        Task("flip", p, {"wall": wall}),
        Task("wall_gold", p, {"wall": wall}),
    )


def _flip_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    # OBJ-6: card #21 lets a new Wall flip any face-down tile of the Madrasa.
    if has_ability(rules, state, task.player, "flip_any"):
        line: tuple[int, ...] = tuple(range(rules.madrasa_cells))
    else:
        line = rules.wall_line[task.args["wall"]]
    return [
        Action("flip", (rules.cell_name(c),))
        for c in line
        if (t := state.madrasa[c]) is not None and not t.star
    ]


def _flip_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    cell = rules.cell_index(action.args[0]) if len(action.args) == 1 else None
    if cell is None:
        return names_nothing()
    wall = task.args["wall"]
    if not has_ability(rules, state, task.player, "flip_any") and cell not in rules.wall_line[wall]:
        return [
            Reason(
                "not_in_wall_line",
                f"{action.args[0]} is not in the line of the Wall on {wall} (MATH-7)",
            )
        ]
    tile = state.madrasa[cell]
    if tile is None:
        return [Reason("no_tile_there", f"no tile lies on {action.args[0]} (MATH-7)")]
    if tile.star:
        return [Reason("already_flipped", f"the tile on {action.args[0]} is star side up (MATH-7)")]
    return []


@step(
    "flip",
    candidates=_flip_candidates,
    check=_flip_check,
    prompt="Choose a face-down Madrasa tile to flip",
    answers=("flip",),
)
def _flip(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    cell = rules.cell_index(action.args[0])
    assert cell is not None
    tile = state.madrasa[cell]
    assert tile is not None
    # MATH-9, IC-BRD-3: the tile's bonus first, then the flip.
    info = rules.sankore_tiles[tile.tile]
    push(
        state,
        *effect_tasks(rules, task.player, info.bonus, area=info.discipline),
        Task("show_star", task.player, {"cell": action.args[0]}),
    )


@step("show_star")
def _show_star(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    cell = rules.cell_index(task.args["cell"])
    assert cell is not None
    tile = state.madrasa[cell]
    assert tile is not None
    state.madrasa = replaced_at(state.madrasa, cell, MadrasaTile(tile.tile, star=True))
    log(state, "flip", task.player, cell=task.args["cell"], tile=tile.tile)


@step("wall_gold")
def _wall_gold(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    gold = rules.wall_gold[task.args["wall"]]  # MATH-8: whatever was flipped
    if gold:
        player_to_change(state, task.player).gold += gold
        log(state, "gain", task.player, resource="gold", count=gold)


def _free_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    walls = open_spaces(state, (*rules.wall_spaces, rules.corner_id))
    return [_WALL[w] for w in walls] + [Action("skip")]


def _free_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)
    if len(action.args) != 1 or (
        action.args[0] not in rules.wall_spaces and action.args[0] != rules.corner_id
    ):
        return [Reason("bad_arguments", "write 'wall <Wall space>'")]
    if action.args[0] in state.spaces:
        return [Reason("space_taken", f"{action.args[0]} already holds a Wall (MATH-1)")]
    return piece_reasons(rules, state.players[task.player], AREA)


@step(
    "free_wall",
    candidates=_free_candidates,
    check=_free_check,
    prompt="Place a free Wall on any empty Wall space, the corner included, or skip",
    answers=("wall", "skip"),
)
def _free_wall(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # ASTRO-13, MATH-10, AMB-3: no cost, no flip, no Gold.
    assert action is not None
    if action.kind != "skip":
        place_piece(rules, state, task.player, AREA, action.args[0])
