"""Five Tribes' side of the public functions.

What [`sankore_rules`][sankore_rules] calls for a Five Tribes state, given its ruleset.

``observation`` is here because what a player may see is the game's business: the order of the
resource deck and of the Djinn deck (only how many cards), the seed and the count of draws made
(which would predict every draw) are hidden. The bag is already only counted.
"""

from __future__ import annotations

import json
from typing import Any

from sankore_rules.core.actions import Action
from sankore_rules.core.errors import StateError
from sankore_rules.five_tribes import serial
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.game import ENGINE
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["decision_kinds", "observation", "read"]


def read(rules: FiveTribesRules, document: dict[str, Any]) -> FiveTribesState:
    """The state in the parsed JSON ``document``, checked against ``rules``.

    Raises:
        StateError: the document is not a sound Five Tribes state of ``rules``.
    """
    state = serial.read_state(document)
    if state.rules_hash != rules.content_hash:
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            f"not with the given one ({rules.content_hash})"
        )
    found = serial.problems(rules, state)
    if found:
        raise StateError("inconsistent state: " + "; ".join(found[:3]))
    return state


def decision_kinds(rules: FiveTribesRules, state: FiveTribesState) -> tuple[str, set[str]]:
    """The pending decision's prompt and the action kinds that answer it."""
    task = state.decision
    assert task is not None
    spec = ENGINE.steps[task.kind]
    assert spec.candidates is not None
    kinds = {a.kind for a in spec.candidates(rules, state, task)}
    kinds.update(ENGINE.always_kinds.get(task.kind, ()))
    return spec.prompt, kinds


def observation(rules: FiveTribesRules, state: FiveTribesState, player: int) -> dict[str, Any]:
    """What ``player`` may see, JSON-ready (see the module's docstring for what is hidden)."""
    data: dict[str, Any] = json.loads(serial.write_state(state))["state"]
    for hidden in ("seed", "draws"):
        data.pop(hidden)
    data["deck"] = len(data["deck"])
    data["djinn_deck"] = len(data["djinn_deck"])
    data["viewer"] = player
    data["events"] = [
        {"kind": e.kind, "player": e.player, "detail": dict(e.detail)} for e in state.events
    ]
    data["decision"] = ENGINE.decision_view(state)
    return data


def options(rules: FiveTribesRules, state: FiveTribesState) -> list[Action]:
    """Every legal action of the pending decision."""
    return ENGINE.legal(rules, state)
