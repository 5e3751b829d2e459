"""Errors every game raises, and the structured reasons an illegal action is refused with."""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "ActionSyntaxError",
    "IllegalAction",
    "Reason",
    "RulesDataError",
    "StateError",
    "shown",
]


class Reason(NamedTuple):
    """Why an action is refused: a stable ``code`` for programs and ``words`` for people.

    A named tuple: listing options builds and drops many of these, so they must cost little.

    Attributes:
        code: a stable identifier for programs (``knowledge_short``, ``not_your_decision``).
        words: the reason in words for people, citing the rule (``... (TEACH-2)``).

    Examples:
        >>> Reason("knowledge_short", "needs Knowledge 7, you have 5").code
        'knowledge_short'
    """

    code: str
    words: str

    def __str__(self) -> str:
        return f"{self.code}: {self.words}"


class RulesDataError(ValueError):
    """A rule table is malformed: the message names the file, the entry and the field."""

    def __init__(self, file: str, where: str, problem: str) -> None:
        self.file = file
        self.where = where
        self.problem = problem
        super().__init__(f"{file}: {where}: {problem}")


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reasons`` says why, each with a stable code."""

    def __init__(self, action: object, reasons: list[Reason] | tuple[Reason, ...]) -> None:
        self.action = action
        self.reasons: tuple[Reason, ...] = tuple(reasons)
        super().__init__(
            f"illegal action {shown(action)}: " + "; ".join(r.words for r in self.reasons)
        )


def shown(value: object, limit: int = 80, *, as_repr: bool = False) -> str:
    """``value`` as short text for an error message, never failing.

    Its ``str`` (its ``repr`` with ``as_repr``), cut to ``limit`` characters. A refused input
    may be huge or hostile (an Action of numbers, an object whose ``__str__`` raises); saying
    what was refused must not fail or flood the message.
    """
    try:
        text = repr(value) if as_repr else str(value)
    except Exception:  # any failure of a foreign __str__ just means "unprintable"
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ActionSyntaxError(ValueError):
    """Action text that cannot be read as an action of the current decision."""


class StateError(ValueError):
    """A state that cannot be used as given.

    A serialized state that is malformed or belongs to another ruleset, or a change in place
    to a sealed state (see ``core/values.py``: change a ``clone()`` instead).
    """
