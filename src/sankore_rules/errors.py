"""Errors and the structured reasons an illegal action is refused with."""

from __future__ import annotations

from typing import NamedTuple

from sankore_rules.tables import RulesDataError

__all__ = ["ActionSyntaxError", "IllegalAction", "Reason", "RulesDataError", "StateError"]


class Reason(NamedTuple):
    """Why an action is refused: a stable ``code`` for programs and ``words`` for people.

    A named tuple: listing options builds and drops many of these, so they must cost little.

    >>> Reason("knowledge_short", "needs Knowledge 7, you have 5").code
    'knowledge_short'
    """

    code: str
    words: str

    def __str__(self) -> str:
        return f"{self.code}: {self.words}"


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reasons`` says why, each with a stable code."""

    def __init__(self, action: object, reasons: list[Reason] | tuple[Reason, ...]) -> None:
        self.action = action
        self.reasons: tuple[Reason, ...] = tuple(reasons)
        super().__init__(f"illegal action {action}: " + "; ".join(r.words for r in self.reasons))


class ActionSyntaxError(ValueError):
    """Action text that cannot be read as an action of the current decision."""


class StateError(ValueError):
    """A serialized state that is malformed or belongs to another ruleset."""
