"""What several rules do alike: coins to and from the bank, the bag, cards, camels, powers.

Every helper changes the state it is given (a draft ``apply`` made) and logs what it did. A
draft shares its containers with the sealed state it came from, so a helper replaces a
container it changes (tuples never change) and takes a player's holdings with
``player_to_change``.
"""

from __future__ import annotations

from sankore_rules.core.engine import log
from sankore_rules.core.shared import adjusted, replaced_at
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.state import FiveTribesState, player_to_change
from sankore_rules.five_tribes.tables import PowerKind

__all__ = [
    "FAKIR",
    "add",
    "gain_coins",
    "holds",
    "income",
    "pay_coins",
    "place_camel",
    "place_piece",
    "power_amount",
    "take_card",
    "to_bag",
]

#: The word a Fakir card goes by in the market and in actions (``buy fakir``).
FAKIR = "fakir"


#: ``counts`` with ``n`` more (or, negative, fewer) of ``colour``: ``core/shared.py``'s.
add = adjusted


def gain_coins(state: FiveTribesState, player: int, amount: int, why: str) -> int:
    """The bank pays ``player`` up to ``amount`` coins (all it has, if it runs short)."""
    paid = min(amount, state.bank)
    if paid > 0:
        state.bank -= paid
        player_to_change(state, player).coins += paid
        log(state, "coins", player, gained=paid, why=why)
    return paid


def pay_coins(state: FiveTribesState, player: int, amount: int, why: str) -> None:
    """``player`` pays ``amount`` coins (never more than they hold) to the bank."""
    paid = min(amount, state.players[player].coins)
    if paid:
        player_to_change(state, player).coins -= paid
    state.bank += paid
    if paid:
        log(state, "coins", player, paid=paid, why=why)


def to_bag(state: FiveTribesState, colour: int, n: int) -> None:
    """Put ``n`` meeples of ``colour`` into the bag."""
    state.bag = add(state.bag, colour, n)


def take_card(state: FiveTribesState, player: int, card: str) -> None:
    """``player`` takes the resource card ``card`` into hand."""
    holder = player_to_change(state, player)
    if card == FAKIR:
        holder.fakirs += 1
    else:
        holder.goods = (*holder.goods, card)


def place_camel(rules: FiveTribesRules, state: FiveTribesState, player: int, cell: int) -> None:
    """``player`` puts a camel on the emptied ``cell`` and controls it (FT-ACT-7).

    A cell already controlled stays its owner's; a player without camels puts none
    (ruling FT-ENGINE-3). The last camel triggers the end of the game (FT-END-1).
    """
    if state.camels[cell] is not None or state.players[player].camels == 0:
        return
    holder = player_to_change(state, player)
    holder.camels -= 1
    state.camels = replaced_at(state.camels, cell, player)
    log(state, "camel", player, cell=rules.cells[cell])
    if holder.camels == 0 and not state.end_triggered:
        state.end_triggered, state.end_cause = True, "last_camel"
        log(state, "end_triggered", player, cause="last_camel")


def place_piece(
    rules: FiveTribesRules, state: FiveTribesState, player: int, cell: int, piece: str
) -> None:
    """A ``"palm"`` tree or a ``"palace"`` from the supply onto ``cell`` (FT-TILE-1, FT-TILE-2).

    A palace pays the holders of an income_palace power (FT-PUB-DJ-17).
    """
    if piece == "palm":
        state.palm_supply -= 1
        state.palms = adjusted(state.palms, cell, 1)
    else:
        state.palace_supply -= 1
        state.palaces = adjusted(state.palaces, cell, 1)
    log(state, piece, player, cell=rules.cells[cell])
    if piece == "palace":
        income(rules, state, PowerKind.INCOME_PALACE, player)


def power_amount(
    rules: FiveTribesRules, state: FiveTribesState, player: int, kind: PowerKind
) -> int:
    """The total amount of the Djinn power ``kind`` that ``player`` holds (0 for none)."""
    return sum(
        rules.djinn_by_id[d].power.amount
        for d in state.players[player].djinns
        if rules.djinn_by_id[d].power.kind is kind
    )


def holds(rules: FiveTribesRules, state: FiveTribesState, player: int, kind: PowerKind) -> bool:
    """Whether ``player`` holds a Djinn with the power ``kind``."""
    return any(rules.djinn_by_id[d].power.kind is kind for d in state.players[player].djinns)


def income(
    rules: FiveTribesRules, state: FiveTribesState, kind: PowerKind, actor: int, times: int = 1
) -> None:
    """Pay every holder of the income power ``kind`` for ``actor``'s act, ``times`` over.

    The holder's own act pays the power's ``own`` coins, a rival's its ``amount``.
    """
    for p in range(state.player_count):
        for d in state.players[p].djinns:
            power = rules.djinn_by_id[d].power
            if power.kind is kind:
                coins = (power.own if p == actor else power.amount) * times
                gain_coins(state, p, coins, d)
