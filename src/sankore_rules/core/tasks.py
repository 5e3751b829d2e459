"""The engine's two records: a step waiting on a game's agenda, and an event of the last apply.

Every game's state holds an ``agenda`` of [`Task`][sankore_rules.Task] and the ``events`` of
the action that made it; the engine reads and writes only these (and a game's steps).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import field, frozen

__all__ = ["Event", "Task"]


@frozen
class Task:
    """A step waiting on the agenda: a decision to make or a rule to carry out.

    [`State.decision`][sankore_rules.State.decision] is the pending one: a Task whose ``kind``
    says what is asked and which actions answer it (the [decisions](#decisions) table lists
    every kind with its prompt and its action verbs).

    Attributes:
        kind: names the step (``turn``, ``astronomy``, ``contribute`` ...).
        player: whose step it is.
        args: the step's parameters, JSON values only (the class being taught, the amount to
            gain ...); read-only once the state holding the task is sealed.

    Examples:
        >>> import sankore_rules as sr
        >>> task = sr.new_game(players=2, seed=3).decision
        >>> task.kind, task.player
        ('draft', 1)
    """

    kind: str
    player: int
    args: Mapping[str, Any] = field(factory=dict)


@frozen
class Event:
    """A frozen record of something that happened during the last ``apply``.

    Frontends animate these and tests assert on them; ``state.events`` holds those of the
    action that made ``state``.

    Attributes:
        kind: what happened (``enrol``, ``camel``, ``gain``, ``sankore_placed``,
            ``end_triggered`` ...).
        player: who it happened to, or None for an event of the whole game.
        detail: the particulars, JSON values only (``{"tile": ..., "cell": ...}``).
    """

    kind: str
    player: int | None
    detail: dict[str, Any] = field(factory=dict)
