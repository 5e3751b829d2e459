"""Djinns: taking one at a Sacred Place (FT-TILE-5) and their powers (FT-DJ-1).

A power is data: a kind from [`PowerKind`][sankore_rules.five_tribes.tables.PowerKind] and an
amount in ``djinns.toml``. The powers that act once, on taking the Djinn, become decisions here
(``claim``, ``raise``, ``plant``, ``seed``, ``trade``); the lasting ones (``tithe``, ``toll``,
``double_builders``) are read where their moment comes. Adding a Djinn is a table edit; a new
kind of power is a change here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, names_nothing, no_words, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import (
    FAKIR,
    add,
    draw_meeple,
    gain_coins,
    holders,
    place_camel,
    place_piece,
    take_card,
    to_bag,
)
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import MeepleEffect, PowerKind, Price

__all__ = ["take_djinn"]

#: The decision each power acting once opens, one per unit of its amount (``trade`` once).
_ONCE = {
    PowerKind.CLAIM_TILE: "claim",
    PowerKind.PLACE_PALACE: "raise",
    PowerKind.PLACE_PALM: "plant",
    PowerKind.SEED_MEEPLES: "seed_draw",
}


def take_djinn(
    rules: FiveTribesRules, state: FiveTribesState, player: int, djinn: str, price: Price
) -> None:
    """``player`` pays ``price`` and takes ``djinn`` from the display; its power follows."""
    holder = state.players[player]
    elders = rules.effect_colour[MeepleEffect.ELDERS]
    # Spent Elders go back to the bag, spent Fakirs to the discard pile.
    holder.pool = add(holder.pool, elders, -price.elders)
    to_bag(state, elders, price.elders)
    holder.fakirs -= price.fakirs
    state.discard.extend([FAKIR] * price.fakirs)
    state.djinn_display.remove(djinn)
    holder.djinns.append(djinn)
    log(state, "djinn", player, djinn=djinn, elders=price.elders, fakirs=price.fakirs)
    for other, amount in holders(rules, state, PowerKind.TITHE, player):
        gain_coins(state, other, amount, "tithe")
    power = rules.djinn_by_id[djinn].power
    if power.kind in _ONCE:
        push(state, *[Task(_ONCE[power.kind], player) for _ in range(power.amount)])
    elif power.kind is PowerKind.TRADE_FAKIRS:
        push(state, Task("trade", player, {"left": power.amount}))


def _free_cells(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> Iterator[Action]:
    if state.players[task.player].camels:
        for cell, name in enumerate(rules.cells):
            if state.camels[cell] is None and not any(state.meeples[cell]):
                yield Action("claim", (name,))


def _own_cells(verb: str) -> Callable[[FiveTribesRules, FiveTribesState, Task], Iterator[Action]]:
    def candidates(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> Iterator[Action]:
        supply = state.palace_supply if verb == "raise" else state.palm_supply
        if supply:
            for cell, name in enumerate(rules.cells):
                if state.camels[cell] == task.player:
                    yield Action(verb, (name,))

    return candidates


def _listed_only(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    """The check of a power's placement: the cells it lists, nothing else."""
    spec = ENGINE.steps[task.kind]
    assert spec.candidates is not None
    if action in set(spec.candidates(rules, state, task)):
        return []
    return names_nothing()


@ENGINE.step(
    "claim",
    candidates=_free_cells,
    check=_listed_only,
    prompt="Choose an empty tile nobody controls for your camel",
    answers=("claim",),
)
def resolve_claim(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The claim_tile power: a camel on an empty, free tile."""
    assert action is not None
    place_camel(rules, state, task.player, rules.cell_index[action.args[0]])


@ENGINE.step(
    "raise",
    candidates=_own_cells("raise"),
    check=_listed_only,
    prompt="Choose a tile you control for a palace",
    answers=("raise",),
)
def resolve_raise(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The place_palace power: a palace from the supply on a tile the player controls."""
    assert action is not None
    place_piece(rules, state, task.player, rules.cell_index[action.args[0]], "palace")


@ENGINE.step(
    "plant",
    candidates=_own_cells("plant"),
    check=_listed_only,
    prompt="Choose a tile you control for a palm tree",
    answers=("plant",),
)
def resolve_plant(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The place_palm power: a palm tree from the supply on a tile the player controls."""
    assert action is not None
    place_piece(rules, state, task.player, rules.cell_index[action.args[0]], "palm")


@ENGINE.step("seed_draw")
def resolve_seed_draw(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The seed_meeples power: a meeple drawn from the bag (none when it is empty)."""
    colour = draw_meeple(state)
    if colour is not None:
        log(state, "drawn", task.player, colour=rules.colours[colour])
        push(state, Task("seed", task.player, {"colour": colour}))


def _any_cell(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> Iterator[Action]:
    for name in rules.cells:
        yield Action("seed", (name,))


@ENGINE.step(
    "seed",
    candidates=_any_cell,
    check=_listed_only,
    prompt="Choose the tile the meeple drawn goes on",
    answers=("seed",),
)
def resolve_seed(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The meeple drawn goes on the tile chosen."""
    assert action is not None
    cell = rules.cell_index[action.args[0]]
    state.meeples[cell] = add(state.meeples[cell], task.args["colour"], 1)
    log(state, "seeded", task.player, cell=action.args[0])


def _trade_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    if state.players[task.player].fakirs and state.market and task.args["left"]:
        return [Action("trade"), Action("done")]
    return [Action("done")]


def _check_trade(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.args:
        return no_words(action)
    if action in _trade_options(rules, state, task):
        return []
    if action.kind == "trade":
        return [Reason("nothing_to_trade", "no Fakir card to trade, or an empty market")]
    return names_nothing()


@ENGINE.step(
    "trade",
    candidates=_trade_options,
    check=_check_trade,
    prompt="Trade a Fakir card for the first card of the market, or be done",
    answers=("trade", "done"),
)
def resolve_trade(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The trade_fakirs power: a Fakir card to the discard pile, the market's first card taken."""
    assert action is not None
    if action.kind == "done":
        return
    holder = state.players[task.player]
    holder.fakirs -= 1
    state.discard.append(FAKIR)
    card = state.market.pop(0)
    take_card(state, task.player, card)
    log(state, "traded", task.player, card=card)
    push(state, Task("trade", task.player, {"left": task.args["left"] - 1}))
