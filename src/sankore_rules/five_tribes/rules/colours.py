"""What the meeples taken do, colour by colour (FT-MEEP-1..5).

Viziers and Elders go into the player's pool. Merchants, Builders and Assassins go back into
the bag: Merchants take as many market cards from its start; Builders earn coins for the blue
tiles around; Assassins kill one meeple. Builders and Assassins may be boosted by discarding
Fakir cards (``fakirs 2``); an Assassin's victim is named by ``kill``. Djinns' powers come in
here: double_builders (``use echidna 2e`` while the Builders wait for their Fakirs),
double_kill (``use ibus 1e`` while the Assassins choose), protect_pool, assassin_spoils and
income_kill.
"""

from __future__ import annotations

from collections.abc import Iterator

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, memo, names_nothing, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import (
    FAKIR,
    add,
    gain_coins,
    holds,
    income,
    place_camel,
    take_card,
    to_bag,
)
from sankore_rules.five_tribes.rules.djinns import use_options, use_power, use_refusal
from sankore_rules.five_tribes.rules.draws import draw_cards
from sankore_rules.five_tribes.state import FiveTribesState, player_to_change
from sankore_rules.five_tribes.tables import MeepleEffect, PowerKind

__all__ = ["blue_tiles_around", "builders_coins", "kill_targets", "resolve_colour"]


def _tribe_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    return [Action("tribe"), *use_options(rules, state, task, "any")]


def _check_tribe(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.kind == "use":
        return use_refusal(rules, state, task, action, "any")
    return [] if action == Action("tribe") else names_nothing()


@ENGINE.step(
    "tribe",
    candidates=_tribe_options,
    check=_check_tribe,
    prompt="Carry out the action of the tribe taken, or use a Djinn's power first",
    answers=("tribe", "use"),
)
def resolve_tribe(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-ACT-6: the meeples taken act; a power used first comes back here (ruling FT-ENGINE-8).

    The meeples wait in this step's arguments (``serial`` counts them there) until they act.
    """
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)
        return
    args = task.args
    resolve_colour(rules, state, task.player, args["cell"], args["colour"], args["count"])


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
    if effect in (MeepleEffect.VIZIERS, MeepleEffect.ELDERS):
        # FT-MEEP-1, FT-MEEP-2: kept in the pool.
        holder = player_to_change(state, player)
        holder.pool = add(holder.pool, colour, count)
        return
    # FT-MEEP-3..5, ruling FT-AMB-1: the colours with an effect go back to the bag.
    to_bag(state, colour, count)
    if effect is MeepleEffect.MERCHANTS:
        taken = list(state.market[:count])
        state.market = state.market[count:]
        for card in taken:
            take_card(state, player, card)
        log(state, "cards", player, taken=taken)
    elif effect is MeepleEffect.BUILDERS:
        push(state, Task("builders", player, {"cell": cell, "count": count, "factor": 1}))
    else:
        push(state, Task("assassins", player, {"cell": cell, "count": count}))


def blue_tiles_around(rules: FiveTribesRules, state: FiveTribesState, cell: int) -> int:
    """The tiles with a blue value among ``cell`` and its 8 neighbours (ruling FT-AMB-2)."""
    return sum(rules.tile_by_id[state.tiles[c]].blue for c in rules.around[cell])


def builders_coins(
    rules: FiveTribesRules, state: FiveTribesState, cell: int, builders: int, factor: int = 1
) -> int:
    """FT-MEEP-4: blue tiles around x Builders (and Fakirs), x a double_builders power's factor."""
    return blue_tiles_around(rules, state, cell) * builders * factor


def _fakir_candidates(
    rules: FiveTribesRules, state: FiveTribesState, task: Task
) -> Iterator[Action]:
    for n in range(state.players[task.player].fakirs + 1):
        yield Action("fakirs", (str(n),))
    if task.kind == "builders":
        yield from use_options(rules, state, task, "builders")


def _check_fakirs(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.kind == "use":
        return use_refusal(rules, state, task, action, task.kind)
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
    if n:
        player_to_change(state, player).fakirs -= n
        state.discard = (*state.discard, *[FAKIR] * n)
    if n:
        log(state, "fakirs", player, discarded=n)
    return n


@ENGINE.step(
    "builders",
    candidates=_fakir_candidates,
    check=_check_fakirs,
    prompt="How many Fakir cards do you add to your Builders?",
    answers=("fakirs", "use"),
)
def resolve_builders(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-MEEP-4: the Builders (and Fakirs) earn coins for the blue tiles around."""
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)
        return
    builders = task.args["count"] + _discard_fakirs(state, task.player, action)
    coins = builders_coins(rules, state, task.args["cell"], builders, task.args["factor"])
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
    push(state, Task("kill", task.player, {"cell": task.args["cell"], "reach": reach, "kills": 1}))


def kill_targets(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    """Every victim in reach (ruling FT-AMB-5).

    A rival's Vizier or Elder, at any distance (unless a protect_pool power shields them,
    FT-PUB-DJ-4), or a meeple on a tile at most ``reach`` orthogonal steps from the move's
    last tile.
    """
    targets: list[Action] = []
    kept = [
        rules.effect_colour[MeepleEffect.VIZIERS],
        rules.effect_colour[MeepleEffect.ELDERS],
    ]
    for rival in range(state.player_count):
        if rival != task.player and not holds(rules, state, rival, PowerKind.PROTECT_POOL):
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


def _kill_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    targets = kill_targets(rules, state, task)
    return targets + use_options(rules, state, task, "kill") if targets else []


def _check_kill(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.kind == "use":
        if not kill_targets(rules, state, task):
            return names_nothing()
        return use_refusal(rules, state, task, action, "kill")
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
    candidates=_kill_options,
    check=_check_kill,
    prompt="Choose the meeple your Assassins kill",
    answers=("kill", "use"),
)
def resolve_kill(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The victim goes back into the bag; a tile it leaves empty takes the killer's camel.

    The camel goes only if the player has one left after the tile the move ended on, which
    took its camel first (FT-PUB-12). A double_kill power asks for the next victim, in the
    same place.
    """
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)
        return
    # The next victim's decision goes first, under a card the kill may draw (``_kill``).
    if task.args["kills"] > 1:
        at = action.args[0]
        place = rules.cell_index[at] if at in rules.cell_index else len(rules.cells) + int(at[1:])
        args = {"at": place, "left": task.args["kills"] - 1}
        push(state, Task("kill_again", task.player, args))
    _kill(rules, state, task.player, action)


def _kill(rules: FiveTribesRules, state: FiveTribesState, player: int, action: Action) -> None:
    """One victim killed: to the bag, or what an assassin_spoils power makes of it.

    A card it draws is a chance step pushed on top of the agenda: whatever decision the
    caller pushes must be pushed before.
    """
    where, colour_name = action.args
    colour = rules.colour_index[colour_name]
    spoils = holds(rules, state, player, PowerKind.ASSASSIN_SPOILS)
    effect = rules.tables.meeples.meeple[colour].effect
    if where in rules.cell_index:
        cell = rules.cell_index[where]
        state.meeples = replaced_at(state.meeples, cell, add(state.meeples[cell], colour, -1))
        log(state, "kill", player, cell=where, colour=colour_name)
    else:
        cell = -1
        victim = player_to_change(state, int(where[1:]))
        victim.pool = add(victim.pool, colour, -1)
        log(state, "kill", player, rival=int(where[1:]), colour=colour_name)
    if spoils and effect in (MeepleEffect.VIZIERS, MeepleEffect.ELDERS):
        # FT-PUB-DJ-12: the victim joins the killer's pool instead of the bag.
        killer = player_to_change(state, player)
        killer.pool = add(killer.pool, colour, 1)
    else:
        to_bag(state, colour, 1)
        if spoils and effect is MeepleEffect.MERCHANTS:
            # The card is drawn (a chance step) before any decision that follows the kill.
            draw_cards(state, player, 1)
        elif spoils and effect is MeepleEffect.BUILDERS and cell >= 0:
            gain_coins(state, player, builders_coins(rules, state, cell, 1), "kandicha")
    # Per meeple killed, each victim of a double_kill too (ruling FT-ENGINE-12).
    income(rules, state, PowerKind.INCOME_KILL, player)
    if cell >= 0 and not any(state.meeples[cell]):
        place_camel(rules, state, player, cell)


def _again_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    at, cells = task.args["at"], len(rules.cells)
    if at < cells:
        name = rules.cells[at]
        return [
            Action("kill", (name, rules.colours[c])) for c, n in enumerate(state.meeples[at]) if n
        ]
    rival = state.players[at - cells]
    kept = (rules.effect_colour[MeepleEffect.VIZIERS], rules.effect_colour[MeepleEffect.ELDERS])
    return [Action("kill", (f"p{at - cells}", rules.colours[c])) for c in kept if rival.pool[c]]


def _check_again(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action in _again_options(rules, state, task):
        return []
    if action.kind == "kill" and len(action.args) == 2:
        return [Reason("same_place", "the next victim must be in the same place (FT-PUB-DJ-10)")]
    return names_nothing()


@ENGINE.step(
    "kill_again",
    candidates=_again_options,
    check=_check_again,
    prompt="Choose the next meeple your Assassins kill, in the same place",
    answers=("kill",),
)
def resolve_kill_again(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The double_kill power's next victim (FT-PUB-DJ-10), in the place of the first."""
    assert action is not None
    if task.args["left"] > 1:
        push(state, Task("kill_again", task.player, {**task.args, "left": task.args["left"] - 1}))
    _kill(rules, state, task.player, action)
