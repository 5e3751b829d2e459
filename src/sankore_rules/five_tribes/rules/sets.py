"""Selling sets of different goods at the end of one's turn (FT-ACT-9, ruling FT-AMB-6).

``sell gold+silk+spice`` sells one set (the goods joined by ``+``, in table order) for its value
in the set table, in coins; the cards go to the discard pile. ``end`` ends the turn. A Djinn's
power may still be used here (``use sloar 1f``), a Djinn just taken's included (FT-PUB-16).
"""

from __future__ import annotations

from itertools import combinations

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, memo, names_nothing, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import removed
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import gain_coins
from sankore_rules.five_tribes.rules.djinns import use_options, use_power, use_refusal
from sankore_rules.five_tribes.state import FiveTribesState, player_to_change

__all__ = ["sell_options"]


def sell_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    """Every set the player can sell (each of different goods, largest first), then ``end``."""
    held = [g for g in rules.goods if g in state.players[task.player].goods]
    options = [
        Action("sell", ("+".join(chosen),))
        for size in range(len(held), 0, -1)
        for chosen in combinations(held, size)
    ]
    options += use_options(rules, state, task, "any")
    options.append(Action("end"))
    return options


def _check_sell(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action in memo(state, "sell", lambda: set(sell_options(rules, state, task))):
        return []
    if action.kind == "use":
        return use_refusal(rules, state, task, action, "any")
    if action.kind == "sell" and len(action.args) == 1:
        goods = action.args[0].split("+")
        missing = [
            g for g in goods if g in rules.goods and g not in state.players[task.player].goods
        ]
        if missing and all(g in rules.goods for g in goods):
            return [Reason("not_held", f"you hold no {missing[0]} card")]
        if len(set(goods)) != len(goods) and all(g in rules.goods for g in goods):
            return [Reason("not_different", "a set holds different goods only (FT-SC-7)")]
    return names_nothing()


@ENGINE.step(
    "sell",
    candidates=sell_options,
    check=_check_sell,
    prompt="Sell a set of different goods, use a Djinn's power, or end your turn",
    answers=("sell", "use", "end"),
)
def resolve_sell(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The set is sold for its value in coins and discarded; the player may sell another."""
    assert action is not None
    if action.kind == "end":
        return
    if action.kind == "use":
        use_power(rules, state, task, action)
        return
    goods = action.args[0].split("+")
    holder = player_to_change(state, task.player)
    for good in goods:
        holder.goods = removed(holder.goods, good)
    state.discard = (*state.discard, *goods)
    value = rules.set_value(len(goods))
    log(state, "sold", task.player, goods=goods, value=value)
    gain_coins(state, task.player, value, "sold a set")
    push(state, Task("sell", task.player))
