"""A player's move (FT-ACT-2..8): pick up a tile's meeples, drop them one by one, take a colour.

The move is asked one decision at a time: ``pick b3`` names the tile emptied, then each
``drop b4 red`` names the next tile and the meeple left on it. A step goes to an orthogonal
neighbour, never straight back to the tile just left (ruling FT-ENGINE-2), and the last meeple
must land on a tile already holding its colour (FT-ACT-5). A pick or a drop is legal only if the
move can still be finished that way, so no listed option leads into a dead end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, names_nothing, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules, Walker
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import add, gain_coins, place_camel
from sankore_rules.five_tribes.rules.djinns import use_options, use_power, use_refusal
from sankore_rules.five_tribes.state import FiveTribesState, Move
from sankore_rules.five_tribes.tables import PowerKind

__all__ = ["can_finish", "can_start", "movable"]

Holds = Callable[[int, int], bool]


def can_finish(rules: FiveTribesRules, holds: Holds, walker: Walker, hand: tuple[int, ...]) -> bool:
    """Whether the meeples in ``hand`` can all be dropped from ``walker`` on.

    The last one must land on a tile holding its colour then (FT-ACT-4, FT-ACT-5, ruling
    FT-ENGINE-2).

    ``holds(cell, colour)`` says whether a cell holds a meeple of that colour now. Either the
    last tile holds a colour of the hand already, or the walk passes it earlier, drops one of
    a colour the hand holds twice there, and comes back to it by a loop.
    """
    left = sum(hand)
    ends = rules.ends_after(walker, left)
    held = [c for c, n in enumerate(hand) if n]
    if any(holds(cell, c) for cell in ends for c in held):
        return True
    if left < 2 or not any(n >= 2 for n in hand):
        return False
    for steps in range(1, left):
        for cell, came_from in rules.walkers_after(walker, steps):
            if cell in ends and cell in rules.ends_after((cell, came_from), left - steps):
                return True
    return False


def can_start(rules: FiveTribesRules, state: FiveTribesState, cell: int) -> bool:
    """Whether a move can be made from ``cell``: it holds meeples and they can be dropped."""
    hand = state.meeples[cell]
    if not any(hand):
        return False
    meeples = state.meeples

    def holds(at: int, colour: int) -> bool:
        return at != cell and meeples[at][colour] > 0

    return can_finish(rules, holds, (cell, -1), hand)


def movable(rules: FiveTribesRules, state: FiveTribesState) -> list[int]:
    """The cells a move can start from now."""
    return [cell for cell in range(len(rules.cells)) if can_start(rules, state, cell)]


@ENGINE.step("turn")
def resolve_turn(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-ACT-2: the marker goes to the first free space of the Bid Order Track; then the move.

    FT-END-1, ruling FT-ENGINE-5 (FT-PUB-21): when no tile offers a legal move, the game
    ends at the end of this round. This player and every player after may still use their
    Djinns' powers in their turn (``powers``), but no one moves again.
    """
    marker = task.args["marker"]
    state.turn_order_track = replaced_at(
        state.turn_order_track, state.turn_order_track.index(marker), None
    )
    state.bid_order_track = replaced_at(
        state.bid_order_track, state.bid_order_track.index(None), marker
    )
    # The powers used stay spent until the round ends (ruling FT-ENGINE-8): a second marker
    # of the same player in this round does not make them usable again.
    log(state, "turn", task.player, marker=marker)
    if state.end_cause == "no_move" or not movable(rules, state):
        if not state.end_triggered:
            state.end_triggered, state.end_cause = True, "no_move"
            log(state, "end_triggered", None, cause="no_move")
        log(state, "no_move", task.player)
        push(state, Task("powers", task.player))
        return
    push(state, Task("pick", task.player))


def _cell(rules: FiveTribesRules, word: str) -> int | None:
    return rules.cell_index.get(word)


def _pick_candidates(
    rules: FiveTribesRules, state: FiveTribesState, task: Task
) -> Iterator[Action]:
    for cell, name in enumerate(rules.cells):
        if any(state.meeples[cell]):
            yield Action("pick", (name,))
    yield from use_options(rules, state, task, "any")


def _check_pick(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.kind == "use":
        return use_refusal(rules, state, task, action, "any")
    cell = _cell(rules, action.args[0]) if len(action.args) == 1 else None
    if cell is None:
        return names_nothing()
    if not any(state.meeples[cell]):
        return [Reason("empty_tile", f"{rules.cells[cell]} holds no meeple to pick up (FT-ACT-3)")]
    if not can_start(rules, state, cell):
        return [
            Reason(
                "no_way",
                f"the meeples of {rules.cells[cell]} cannot be dropped so that the last one "
                "lands on a tile holding its colour (FT-ACT-4, FT-ACT-5)",
            )
        ]
    return []


@ENGINE.step(
    "pick",
    candidates=_pick_candidates,
    check=_check_pick,
    prompt="Choose a tile whose meeples you move, or use a Djinn's power first",
    answers=("pick", "use"),
)
def resolve_pick(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-ACT-3: every meeple of the tile goes into the player's hand."""
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)
        return
    cell = rules.cell_index[action.args[0]]
    hand = state.meeples[cell]
    state.meeples = replaced_at(state.meeples, cell, (0,) * len(hand))
    state.move = Move(cell, cell, -1, hand)
    log(state, "pick", task.player, cell=rules.cells[cell], meeples=sum(hand))
    push(state, Task("drop", task.player))


def _drop_candidates(
    rules: FiveTribesRules, state: FiveTribesState, task: Task
) -> Iterator[Action]:
    move = state.move
    assert move is not None
    for cell, _ in rules.steps_from((move.cell, move.came_from)):
        for colour, count in enumerate(move.hand):
            if count:
                yield Action("drop", (rules.cells[cell], rules.colours[colour]))


def _check_drop(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    move = state.move
    assert move is not None
    if len(action.args) != 2:
        return names_nothing()
    cell = _cell(rules, action.args[0])
    colour = rules.colour_index.get(action.args[1])
    if cell is None or colour is None:
        return names_nothing()
    here = rules.cells[move.cell]
    if cell not in rules.neighbours[move.cell]:
        return [Reason("not_adjacent", f"{rules.cells[cell]} is not next to {here} (FT-ACT-4)")]
    if cell == move.came_from:
        return [
            Reason(
                "going_back", f"the move cannot go straight back to {rules.cells[cell]} (FT-ACT-4)"
            )
        ]
    if not move.hand[colour]:
        return [Reason("not_in_hand", f"no {rules.colours[colour]} meeple in hand")]
    hand = add(move.hand, colour, -1)
    meeples = state.meeples
    if not any(hand):
        if meeples[cell][colour]:
            return []
        return [
            Reason(
                "no_match",
                f"the last meeple must land on a tile holding its colour; {rules.cells[cell]} "
                f"holds no {rules.colours[colour]} meeple (FT-ACT-5)",
            )
        ]

    def holds(at: int, c: int) -> bool:
        return meeples[at][c] + (at == cell and c == colour) > 0

    if not can_finish(rules, holds, (cell, move.cell), hand):
        return [
            Reason(
                "dead_end",
                "the move could not be finished from there: no way leaves the last meeple on a "
                "tile of its colour (FT-ACT-4, FT-ACT-5)",
            )
        ]
    return []


@ENGINE.step(
    "drop",
    candidates=_drop_candidates,
    check=_check_drop,
    prompt="Choose the next tile and the meeple you drop on it",
    answers=("drop",),
)
def resolve_drop(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """One meeple on the next tile; after the last one, the colour is taken (FT-ACT-6)."""
    assert action is not None and state.move is not None
    move = state.move
    cell = rules.cell_index[action.args[0]]
    colour = rules.colour_index[action.args[1]]
    state.meeples = replaced_at(state.meeples, cell, add(state.meeples[cell], colour, 1))
    hand = add(move.hand, colour, -1)
    log(state, "drop", task.player, cell=rules.cells[cell], colour=rules.colours[colour])
    owner = state.camels[cell]
    if owner is not None:
        # The income_drop power pays the tile's owner only (FT-PUB-DJ-16).
        _owner_income(rules, state, owner, task.player)
    if any(hand):
        state.move = Move(move.start, cell, move.cell, hand)
        push(state, Task("drop", task.player))
        return
    state.move = None
    _take(rules, state, task.player, cell, colour)


def _owner_income(rules: FiveTribesRules, state: FiveTribesState, owner: int, mover: int) -> None:
    """``owner``'s income_drop powers, for a meeple ``mover`` dropped on ``owner``'s tile."""
    for djinn in state.players[owner].djinns:
        power = rules.djinn_by_id[djinn].power
        if power.kind is PowerKind.INCOME_DROP:
            gain_coins(state, owner, power.own if owner == mover else power.amount, djinn)


def _take(
    rules: FiveTribesRules, state: FiveTribesState, player: int, cell: int, colour: int
) -> None:
    """FT-ACT-6..8: the colour is taken from the last tile; an emptied tile takes a camel."""
    taken = state.meeples[cell][colour]
    state.meeples = replaced_at(state.meeples, cell, add(state.meeples[cell], colour, -taken))
    log(state, "take", player, cell=rules.cells[cell], colour=rules.colours[colour], count=taken)
    if not any(state.meeples[cell]):
        place_camel(rules, state, player, cell)
    # The colour's effect comes first (the ``tribe`` step, where a Djinn's power may still be
    # used before it, ruling FT-ENGINE-8), then the tile's action (ruling FT-AMB-4), then selling.
    tribe = Task("tribe", player, {"cell": cell, "colour": colour, "count": taken})
    push(state, tribe, Task("tile", player, {"cell": cell}), Task("sell", player))
