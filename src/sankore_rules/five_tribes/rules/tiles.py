"""The action of the tile where a move ended (FT-TILE-1..5, ruling FT-AMB-4).

``palm`` on an Oasis, ``palace`` on a Village, ``buy gold`` or ``buy gold silk`` at a Small or
Large Market, ``djinn <id> <price>`` at a Sacred Place (the price ``2e`` is two Elders, ``1e1f``
an Elder and a Fakir card), or ``skip``. An Oasis's palm tree and a Village's palace must be
placed while the supply lasts (the kind's ``compulsory``, FT-PUB-13), unless a Djinn's
power moves the piece to a tile around (``use hagis 1e``); the other actions may be skipped.
"""

from __future__ import annotations

from itertools import combinations

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, memo, names_nothing
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import removed
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import pay_coins, place_piece, take_card
from sankore_rules.five_tribes.rules.djinns import (
    NEARBY_MOMENT,
    take_djinn,
    use_options,
    use_power,
    use_refusal,
)
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import MeepleEffect, Price, TileAction

__all__ = ["price_word", "tile_options"]


def price_word(price: Price) -> str:
    """The word naming a way to pay for a Djinn: ``2e`` or ``1e1f``."""
    return f"{price.elders}e" + (f"{price.fakirs}f" if price.fakirs else "")


def tile_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    """Every option the tile offers the player now: its own, ``skip``, then the Djinns' powers."""
    cell = task.args["cell"]
    kind = rules.tile_kind(state.tiles[cell])
    holder = state.players[task.player]
    options: list[Action] = []
    if kind.action is TileAction.PALM and state.palm_supply:
        options.append(Action("palm"))
    elif kind.action is TileAction.PALACE and state.palace_supply:
        options.append(Action("palace"))
    elif kind.action is TileAction.MARKET and holder.coins >= kind.price:
        shown = state.market[: kind.among]
        picks = {
            tuple(sorted(shown[i] for i in chosen))
            for chosen in combinations(range(len(shown)), min(kind.cards, len(shown)))
        }
        options.extend(Action("buy", pick) for pick in sorted(picks) if pick)
    elif kind.action is TileAction.DJINN:
        elders = holder.pool[rules.effect_colour[MeepleEffect.ELDERS]]
        for price in rules.tables.djinns.price:
            if elders >= price.elders and holder.fakirs >= price.fakirs:
                for djinn in state.djinn_display:
                    options.append(Action("djinn", (djinn, price_word(price))))
    if options and kind.action in NEARBY_MOMENT:
        options += use_options(rules, state, task, NEARBY_MOMENT[kind.action])
    if not (options and kind.compulsory):
        options.append(Action("skip"))
    # Any point of the turn (ruling FT-ENGINE-8): before the tile's action too. Listed after
    # ``skip`` is settled, so a power is never the only way past a compulsory tile.
    options += use_options(rules, state, task, "any")
    return options


def _check_tile(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action in memo(state, "tile", lambda: set(tile_options(rules, state, task))):
        return []
    kind = rules.tile_kind(state.tiles[task.args["cell"]])
    if action.kind == "skip" and not action.args and kind.compulsory:
        return [
            Reason(
                "compulsory",
                f"the {kind.id.replace('_', ' ')}'s action must be taken while the supply "
                "lasts (FT-PUB-13)",
            )
        ]
    if action.kind == "use":
        moment = NEARBY_MOMENT.get(kind.action, "")
        return use_refusal(rules, state, task, action, moment, "any")
    if action.kind == "buy" and kind.action is TileAction.MARKET:
        coins = state.players[task.player].coins
        if coins < kind.price:
            return [Reason("coins_short", f"the market asks {kind.price} coins, you have {coins}")]
    if action.kind == "djinn" and kind.action is TileAction.DJINN and len(action.args) == 2:
        prices = {price_word(p): p for p in rules.tables.djinns.price}
        price = prices.get(action.args[1])
        if price is not None and action.args[0] in state.djinn_display:
            return [
                Reason(
                    "cannot_pay",
                    f"a Djinn paid {action.args[1]} needs {price.elders} Elders and "
                    f"{price.fakirs} Fakir cards (FT-TILE-5)",
                )
            ]
    if action.kind in ("palm", "palace") and not action.args:
        return [Reason("wrong_tile", f"this tile does not offer '{action.kind}' (FT-TILE)")]
    return names_nothing()


#: Every tile's verbs are understood at every tile, so that the wrong one is told why.
ENGINE.always_kinds["tile"] = ("palm", "palace", "buy", "djinn", "skip", "use")


@ENGINE.step(
    "tile",
    candidates=tile_options,
    check=_check_tile,
    prompt="Take the action of the tile, or skip it if it may be skipped",
    answers=("palm", "palace", "buy", "djinn", "skip", "use"),
)
def resolve_tile(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Carry out the chosen tile action (FT-TILE-1..5)."""
    assert action is not None
    cell = task.args["cell"]
    if action.kind == "use":
        use_power(rules, state, task, action)
    elif action.kind in ("palm", "palace"):
        place_piece(rules, state, task.player, cell, action.kind)
    elif action.kind == "buy":
        kind = rules.tile_kind(state.tiles[cell])
        pay_coins(state, task.player, kind.price, "market")
        for card in action.args:
            state.market = removed(state.market, card)
            take_card(state, task.player, card)
        log(state, "bought", task.player, cards=list(action.args))
    elif action.kind == "djinn":
        prices = {price_word(p): p for p in rules.tables.djinns.price}
        take_djinn(rules, state, task.player, action.args[0], prices[action.args[1]])
    else:
        log(state, "skip", task.player, cell=rules.cells[cell])
