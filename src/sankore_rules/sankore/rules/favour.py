"""Exchange a Favour: Take a Favour or Return a Favour (FAV-1..9), main or free."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.effects import effect_tasks
from sankore_rules.sankore.engine import log, names_nothing, push, step
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import State, Task, plain_task, player_to_change

__all__ = ["favour_reasons"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_REWARD: Final = OneWordActions("reward")


def can_take_favour(rules: Rules, state: State, p: int) -> bool:
    """Whether ``p`` may Take a Favour (FAV-3, AMB-8); ``favour_reasons`` words a refusal.

    It needs a Favour tile in the supply and Prestige spaces left for it to cover.
    """
    storage = rules.tables.components.prestige_storage
    return (
        state.favour_supply >= 1
        and (state.players[p].favour_tiles + 1) * storage.covered_per_favour_tile <= storage.spaces
    )


_TAKE = Action("favour", ("take",))
_RETURN = Action("favour", ("return",))


def _options(rules: Rules, state: State, p: int) -> list[Action]:
    options = [_TAKE] if can_take_favour(rules, state, p) else []
    if state.players[p].favour_tiles >= 1:  # FAV-4, AMB-8
        options.append(_RETURN)
    return options


def favour_reasons(rules: Rules, state: State, p: int, version: str) -> list[Reason]:
    """Why ``p`` cannot Take or Return a Favour now (AMB-8)."""
    pl = state.players[p]
    if version == "take":
        if can_take_favour(rules, state, p):
            return []
        storage = rules.tables.components.prestige_storage
        reasons = []
        if state.favour_supply < 1:
            reasons.append(
                Reason("no_favour_tiles", "the supply has no Favour tile left (FAV-3, AMB-8)")
            )
        if (pl.favour_tiles + 1) * storage.covered_per_favour_tile > storage.spaces:
            reasons.append(
                Reason("storage_covered", "no Prestige spaces are left to cover (FAV-3, AMB-8)")
            )
        return reasons
    if version == "return":
        if pl.favour_tiles < 1:
            return [Reason("no_favour_to_return", "you hold no Favour tile (FAV-4, AMB-8)")]
        return []
    return [Reason("bad_arguments", "write 'favour take' or 'favour return'")]


def _resolve(rules: Rules, state: State, p: int, version: str) -> None:
    if version == "take":
        # FAV-2, FAV-3: the Favour tile and a reward at or left of the disc. The tile is taken
        # first so that a Take nested in the reward (an Enrol uncovering a Favour icon) finds
        # the supply and the storage as they really are (AMB-8).
        push(state, plain_task("take_favour_tile", p), plain_task("favour_reward", p))
    else:
        push(state, plain_task("return_favour", p))  # FAV-4


def _candidates(rules: Rules, state: State, p: int) -> list[Action]:
    return [_TAKE, _RETURN]


def _check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    if len(action.args) != 1:
        return [Reason("bad_arguments", "write 'favour take' or 'favour return'")]
    return favour_reasons(rules, state, p, action.args[0])


@turn_option("favour", main="favour", candidates=_candidates, check=_check, options=_options)
def _favour(rules: Rules, state: State, p: int, action: Action) -> None:
    _resolve(rules, state, p, action.args[0])


def _free_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return _candidates(rules, state, task.player)


def _free_options(rules: Rules, state: State, task: Task) -> list[Action]:
    return _options(rules, state, task.player)


def _free_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    return _check(rules, state, task.player, action)


@step(
    "exchange",
    candidates=_free_candidates,
    check=_free_check,
    lister=_free_options,
    prompt="Exchange a Favour (free): take one or return one",
    answers=("favour",),
)
def _exchange(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # ENROL-4, FAV-8, AMB-30: not a main action, either version.
    assert action is not None
    _resolve(rules, state, task.player, action.args[0])


def _reward_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    pos = state.players[task.player].favour_pos
    return [_REWARD[str(i + 1)] for i in range(pos + 1)]


def _reward_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    spaces = len(rules.favour_rewards)
    if len(action.args) != 1 or not (
        action.args[0].isdigit() and 1 <= int(action.args[0]) <= spaces
    ):
        return names_nothing()
    disc = state.players[task.player].favour_pos + 1
    if int(action.args[0]) > disc:
        return [
            Reason(
                "beyond_favour_disc",
                f"space {action.args[0]} is right of your disc (on space {disc}): take a reward "
                "at or left of it (FAV-2)",
            )
        ]
    return []


@step(
    "favour_reward",
    candidates=_reward_candidates,
    check=_reward_check,
    prompt="Choose a Favour reward at or left of your disc",
    answers=("reward",),
)
def _favour_reward(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    i = int(action.args[0]) - 1
    log(state, "favour_reward", task.player, space=i + 1)
    push(state, *effect_tasks(rules, task.player, rules.favour_rewards[i]))


@step("take_favour_tile")
def _take_favour_tile(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    state.favour_supply -= 1
    player_to_change(state, task.player).favour_tiles += 1
    log(state, "favour_taken", task.player)
