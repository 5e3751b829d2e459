"""Reading a game's state from parsed JSON: what every game's ``from_json`` shares.

Each game checks its own document and its own rules; structuring the ``state`` object into the
game's state class, and refusing what does not fit with the field named, is the same for all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import cattrs

from sankore_rules.core.errors import StateError

__all__ = ["accept", "structure_state"]

T = TypeVar("T")


def structure_state(converter: cattrs.Converter, document: dict[str, Any], cls: type[T]) -> T:
    """The document's ``state`` object as a ``cls``.

    Raises:
        StateError: no ``state`` object, or a missing, extra or mistyped field (named, at most
            three of them).
    """
    data = document.get("state")
    if not isinstance(data, dict):
        raise StateError("missing 'state' object")
    try:
        return converter.structure(data, cls)
    except cattrs.BaseValidationError as exc:
        raise StateError("; ".join(cattrs.transform_error(exc, path="state")[:3])) from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise StateError(f"malformed state: {exc}") from exc


def accept(rules: Any, state: Any, problems: Callable[[Any, Any], list[str]]) -> None:
    """Refuse a state read from JSON unless it is of ``rules`` and ``problems`` finds nothing.

    ``problems`` is the game's own check of a state against its ruleset; the first three it
    finds are named.

    Raises:
        StateError: a state of another ruleset, or one some game could not reach.
    """
    if state.rules_hash != rules.content_hash:
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            f"not with the given one ({rules.content_hash})"
        )
    found = problems(rules, state)
    if found:
        raise StateError("inconsistent state: " + "; ".join(found[:3]))
