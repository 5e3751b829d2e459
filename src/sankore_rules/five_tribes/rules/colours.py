"""What the meeples taken do, colour by colour (FT-MEEP-1..5).

Viziers and Elders go into the player's pool. Merchants, Builders and Assassins go back into
the bag: Merchants take as many market cards from its start; Builders earn coins for the blue
tiles around; Assassins kill one meeple. Builders and Assassins may be boosted by discarding
Fakir cards (``fakirs 2``); an Assassin's victim is named by ``kill``.
"""

from __future__ import annotations

from collections.abc import Iterator

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, memo, names_nothing, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import (
    FAKIR,
    add,
    gain_coins,
    place_camel,
    power_amount,
    take_card,
    to_bag,
)
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import MeepleEffect, PowerKind

__all__ = ["blue_tiles_around", "builders_coins", "kill_targets", "resolve_colour"]


def resolve_colour(
    rules: FiveTribesRules,
    state: FiveTribesState,
    player: int,
    cell: int,
    colour: int,
    count: int,
) -> None:
    """Carry out the effect of ``count`` meeples of ``colour`` taken on ``cell``."""
    effect = rules.tables.meeples.meeple[colour].effect
    holder = state.players[player]
    if effect in (MeepleEffect.VIZIERS, MeepleEffect.ELDERS):
        # FT-MEEP-1, FT-MEEP-2: kept in the pool.
        holder.pool = add(holder.pool, colour, count)
        return
    # FT-MEEP-3..5, ruling FT-AMB-1: the colours with an effect go back to the bag.
    to_bag(state, colour, count)
    if effect is MeepleEffect.MERCHANTS:
        taken = state.market[:count]
        del state.market[:count]
        for card in taken:
            take_card(state, player, card)
        log(state, "cards", player, taken=taken)
    elif effect is MeepleEffect.BUILDERS:
        push(state, Task("builders", player, {"cell": cell, "count": count}))
    else:
        push(state, Task("assassins", player, {"cell": cell, "count": count}))


def blue_tiles_around(rules: FiveTribesRules, state: FiveTribesState, cell: int) -> int:
    """The tiles with a blue value among ``cell`` and its 8 neighbours (ruling FT-AMB-2)."""
    return sum(rules.tile_by_id[state.tiles[c]].blue for c in rules.around[cell])


def builders_coins(
    rules: FiveTribesRules, state: FiveTribesState, player: int, cell: int, builders: int
) -> int:
    """FT-MEEP-4: blue tiles around x Builders (and Fakirs), doubled by a Djinn's power."""
    coins = blue_tiles_around(rules, state, cell) * builders
    factor = power_amount(rules, state, player, PowerKind.DOUBLE_BUILDERS)
    return coins * factor if factor else coins


def _fakir_candidates(
    rules: FiveTribesRules, state: FiveTribesState, task: Task
) -> Iterator[Action]:
    for n in range(state.players[task.player].fakirs + 1):
        yield Action("fakirs", (str(n),))


def _check_fakirs(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    held = state.players[task.player].fakirs
    if len(action.args) != 1 or action.args[0] not in {str(n) for n in range(held + 1)}:
        if (
            len(action.args) == 1
            and action.args[0].isdigit()
            and action.args[0] == str(int(action.args[0]))
        ):
            return [Reason("fakirs_short", f"you hold {held} Fakir cards")]
        return names_nothing()
    return []


def _discard_fakirs(state: FiveTribesState, player: int, action: Action) -> int:
    n = int(action.args[0])
    state.players[player].fakirs -= n
    state.discard.extend([FAKIR] * n)
    if n:
        log(state, "fakirs", player, discarded=n)
    return n


@ENGINE.step(
    "builders",
    candidates=_fakir_candidates,
    check=_check_fakirs,
    prompt="How many Fakir cards do you add to your Builders?",
    answers=("fakirs",),
)
def resolve_builders(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-MEEP-4: the Builders (and Fakirs) earn coins for the blue tiles around."""
    assert action is not None
    builders = task.args["count"] + _discard_fakirs(state, task.player, action)
    coins = builders_coins(rules, state, task.player, task.args["cell"], builders)
    gain_coins(state, task.player, coins, "builders")


@ENGINE.step(
    "assassins",
    candidates=_fakir_candidates,
    check=_check_fakirs,
    prompt="How many Fakir cards do you add to your Assassins?",
    answers=("fakirs",),
)
def resolve_assassins(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-MEEP-5: the reach is the Assassins plus the Fakirs; then the victim is chosen."""
    assert action is not None
    reach = task.args["count"] + _discard_fakirs(state, task.player, action)
    push(state, Task("kill", task.player, {"cell": task.args["cell"], "reach": reach}))


def kill_targets(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    """Every victim in reach (ruling FT-AMB-5).

    A rival's Vizier or Elder, at any distance, or a meeple on a tile at most ``reach``
    orthogonal steps from the move's last tile.
    """
    targets: list[Action] = []
    kept = [
        rules.effect_colour[MeepleEffect.VIZIERS],
        rules.effect_colour[MeepleEffect.ELDERS],
    ]
    for rival in range(state.player_count):
        if rival != task.player:
            for colour in kept:
                if state.players[rival].pool[colour]:
                    targets.append(Action("kill", (f"p{rival}", rules.colours[colour])))
    distances = rules.distance[task.args["cell"]]
    for cell, name in enumerate(rules.cells):
        if distances[cell] <= task.args["reach"]:
            for colour, count in enumerate(state.meeples[cell]):
                if count:
                    targets.append(Action("kill", (name, rules.colours[colour])))
    return targets


def _check_kill(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action in memo(state, "kill", lambda: set(kill_targets(rules, state, task))):
        return []
    if len(action.args) == 2 and action.args[0] in rules.cell_index:
        cell = rules.cell_index[action.args[0]]
        if rules.distance[task.args["cell"]][cell] > task.args["reach"]:
            return [
                Reason(
                    "out_of_reach",
                    f"{action.args[0]} is {rules.distance[task.args['cell']][cell]} steps away; "
                    f"your Assassins reach {task.args['reach']} (FT-MEEP-5, FT-AMB-5)",
                )
            ]
    return names_nothing()


@ENGINE.step(
    "kill",
    candidates=kill_targets,
    check=_check_kill,
    prompt="Choose the meeple your Assassins kill",
    answers=("kill",),
)
def resolve_kill(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The victim goes back into the bag; a tile it leaves empty takes the killer's camel."""
    assert action is not None
    where, colour_name = action.args
    colour = rules.colour_index[colour_name]
    to_bag(state, colour, 1)
    if where in rules.cell_index:
        cell = rules.cell_index[where]
        state.meeples[cell] = add(state.meeples[cell], colour, -1)
        log(state, "kill", task.player, cell=where, colour=colour_name)
        if not any(state.meeples[cell]):
            place_camel(rules, state, task.player, cell)
        return
    rival = int(where[1:])
    victim = state.players[rival]
    victim.pool = add(victim.pool, colour, -1)
    log(state, "kill", task.player, rival=rival, colour=colour_name)
