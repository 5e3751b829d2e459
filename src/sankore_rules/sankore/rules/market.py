"""The Advanced Class market: a tile leaves it, and its pile turns a new top (EST-9, EST-10).

Each column's piles show their top tile; below it a pile is in no order (the state keeps its
tiles sorted), so which tile is turned next is not in the state: when a pile's top leaves (its
tile is taken, or it moves down to the column's shown place), the next top is a chance step of
the engine (``market_turn``, see ``core/chance.py``), one outcome per tile below the top, each
as likely. The step is resolved before the tile leaves, so that at the step the market is
still the one every seat saw; once the outcome is known, the tile leaves and the new top shows.
A pile with a single tile below its top turns it without a draw.
"""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.shared import replaced_at
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import ENGINE, push
from sankore_rules.sankore.state import MARKET_TURN, MarketColumn, State, Task

__all__ = ["take_from_market"]

#: Its outcomes, one per tile: ``reveal <tile>``.
_REVEAL: Final = OneWordActions("reveal")


def take_from_market(rules: Rules, state: State, tile_id: str) -> None:
    """Remove a tile from the market; a dealt tile is replaced from its pile (EST-9, EST-10).

    When the pile that refills the gap has more than one tile below its top, which one is
    turned is drawn first: the chance step ``market_turn`` goes on top of the agenda and takes
    the tile once it is resolved. Whatever the caller pushes after this call is resolved
    before the tile leaves, so it must not read the market.
    """
    column = state.market[rules.discipline_index[rules.class_tiles[tile_id].discipline]]
    pile = column.pile_turned_by(tile_id)
    if pile is not None and len(getattr(column, pile)) > 2:
        push(state, Task(MARKET_TURN, CHANCE, {"tile": tile_id}))
    else:
        _take(rules, state, tile_id)


def _take(rules: Rules, state: State, tile_id: str) -> None:
    """Remove ``tile_id``; the pile's second tile, when one moves up, is its new top."""
    d = rules.class_tiles[tile_id].discipline
    i = rules.discipline_index[d]
    c = state.market[i]
    if tile_id == c.level3:
        c = MarketColumn(None, c.pile2, c.shown2, c.pile1, c.shown1)
    elif c.pile2 and tile_id == c.pile2[0]:
        c = MarketColumn(c.level3, c.pile2[1:], c.shown2, c.pile1, c.shown1)
    elif tile_id == c.shown2:
        pile, shown = (c.pile2[1:], c.pile2[0]) if c.pile2 else ((), None)
        c = MarketColumn(c.level3, pile, shown, c.pile1, c.shown1)
    elif c.pile1 and tile_id == c.pile1[0]:
        c = MarketColumn(c.level3, c.pile2, c.shown2, c.pile1[1:], c.shown1)
    else:
        pile, shown = (c.pile1[1:], c.pile1[0]) if c.pile1 else ((), None)
        c = MarketColumn(c.level3, c.pile2, c.shown2, pile, shown)
    state.market = replaced_at(state.market, i, c)


def _turned(rules: Rules, state: State, task: Task) -> tuple[int, MarketColumn, str | None]:
    """The column of the tile a ``market_turn`` takes, its index, and the pile it turns."""
    tile_id = task.args["tile"]
    i = rules.discipline_index[rules.class_tiles[tile_id].discipline]
    column = state.market[i]
    return i, column, column.pile_turned_by(tile_id)


def _outcomes(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    # One outcome per tile below the top: every tile is unique, so each weighs one.
    _, column, pile = _turned(rules, state, task)
    below: tuple[str, ...] = () if pile is None else getattr(column, pile)[1:]
    return [(_REVEAL[t], 1) for t in below]


@ENGINE.chance(
    MARKET_TURN,
    outcomes=_outcomes,
    prompt="Turn the next tile of a market pile",
    answers=("reveal",),
)
def _market_turn(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # The turned tile goes right below the top; then the tile leaves as it always did.
    assert action is not None
    i, column, pile = _turned(rules, state, task)
    assert pile is not None  # the step's arguments were checked when it was pushed or read
    top, *below = getattr(column, pile)
    turned = action.args[0]
    ordered = (top, turned, *sorted(t for t in below if t != turned))
    c = column
    if pile == "pile2":
        column = MarketColumn(c.level3, ordered, c.shown2, c.pile1, c.shown1)
    else:
        column = MarketColumn(c.level3, c.pile2, c.shown2, ordered, c.shown1)
    state.market = replaced_at(state.market, i, column)
    _take(rules, state, task.args["tile"])
