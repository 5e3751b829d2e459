"""The auction (FT-RND-1, FT-AUC-1, FT-AUC-2) and the order of play it sets (FT-ACT-1).

In the order of the Bid Order Track, each marker goes to a free space of the Turn Order Track and
its owner pays that bid at once. The "0" column holds three markers: a marker placed there
goes to the bottom and pushes those already there up. Then markers act from the highest bid
down, and in the "0" column from the bottom up. A bid_discount power (``use kumarbi 2f``)
makes the bid cost the value of the space that many steps lower (FT-PUB-DJ-13).
"""

from __future__ import annotations

from collections.abc import Iterator

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, names_nothing, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import pay_coins
from sankore_rules.five_tribes.rules.djinns import use_options, use_power, use_refusal
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["action_order", "bid_price", "free_bids"]


def free_bids(rules: FiveTribesRules, state: FiveTribesState) -> list[int]:
    """The Turn Order Track's values with a free space, lowest first (one "0" for the column)."""
    values: list[int] = []
    for value, marker in zip(rules.tables.tracks.bids, state.turn_order_track, strict=True):
        if marker is None and value not in values:
            values.append(value)
    return sorted(values)


def bid_price(
    rules: FiveTribesRules, state: FiveTribesState, player: int, value: int, discount: int = 0
) -> int:
    """What a bid of ``value`` costs ``player``, ``discount`` steps down the track.

    The value of the space ``discount`` distinct values lower (FT-PUB-DJ-13; ``0`` at the
    bottom), or every coin they have when no free space is affordable and this is the
    cheapest one (ruling FT-ENGINE-1).
    """
    values = sorted(set(rules.tables.tracks.bids))
    price = values[max(0, values.index(value) - discount)]
    coins = state.players[player].coins
    free = free_bids(rules, state)
    if price > coins and free and free[0] > coins and value == free[0]:
        return coins
    return price


def action_order(rules: FiveTribesRules, state: FiveTribesState) -> list[int]:
    """The markers on the Turn Order Track in the order they act (FT-ACT-1)."""
    placed = [
        (value, position, marker)
        for position, (value, marker) in enumerate(
            zip(rules.tables.tracks.bids, state.turn_order_track, strict=True)
        )
        if marker is not None
    ]
    # Highest bid first; the "0" column's spaces come in table order, bottom first.
    placed.sort(key=lambda entry: (-entry[0], entry[1]))
    return [marker for _, _, marker in placed]


@ENGINE.step("auction")
def resolve_auction(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Every marker bids, in the order of the Bid Order Track (FT-AUC-1)."""
    log(state, "round", None, round=state.round)
    state.used_powers = ()
    bids = [
        Task("bid", state.markers[marker], {"marker": marker, "discount": 0})
        for marker in state.bid_order_track
        if marker is not None
    ]
    push(state, *bids, Task("actions", -1))


def _bid_candidates(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> Iterator[Action]:
    for value in free_bids(rules, state):
        yield Action("bid", (str(value),))
    yield from use_options(rules, state, task, "bid")


def _check_bid(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.kind == "use":
        return use_refusal(rules, state, task, action, "bid")
    values = {str(v): v for v in rules.tables.tracks.bids}
    if len(action.args) != 1 or action.args[0] not in values:
        return names_nothing()
    value = values[action.args[0]]
    if value not in free_bids(rules, state):
        return [Reason("bid_taken", f"the bid space {value} is taken (FT-AUC-1, FT-AUC-2)")]
    coins = state.players[task.player].coins
    if bid_price(rules, state, task.player, value, task.args["discount"]) > coins:
        return [Reason("coins_short", f"a bid of {value} needs {value} coins, you have {coins}")]
    return []


@ENGINE.step(
    "bid",
    candidates=_bid_candidates,
    check=_check_bid,
    prompt="Choose a space of the Turn Order Track",
    answers=("bid", "use"),
)
def resolve_bid(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The marker leaves the Bid Order Track for the space bid; the bid is paid at once."""
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)
        return
    value = int(action.args[0])
    marker = task.args["marker"]
    price = bid_price(rules, state, task.player, value, task.args["discount"])
    state.bid_order_track = replaced_at(
        state.bid_order_track, state.bid_order_track.index(marker), None
    )
    spaces = [i for i, v in enumerate(rules.tables.tracks.bids) if v == value]
    if value == 0:
        # FT-AUC-2: the newcomer takes the bottom space, those there move up.
        column = [
            state.turn_order_track[i] for i in spaces if state.turn_order_track[i] is not None
        ]
        track = list(state.turn_order_track)
        for i, occupant in zip(spaces, [marker, *column], strict=False):
            track[i] = occupant
        state.turn_order_track = tuple(track)
    else:
        state.turn_order_track = replaced_at(state.turn_order_track, spaces[0], marker)
    pay_coins(state, task.player, price, "bid")
    log(state, "bid", task.player, marker=marker, bid=value, paid=price)


@ENGINE.step("actions")
def resolve_actions(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The action phase: one turn per marker, in bid order (FT-ACT-1), then the round's end."""
    turns = [
        Task("turn", state.markers[marker], {"marker": marker})
        for marker in action_order(rules, state)
    ]
    push(state, *turns, Task("round_end", -1))
