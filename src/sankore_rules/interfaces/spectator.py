"""What every seat sees alike: the spectator's observation, for the doors that need one.

The match server sends it to a client without a seat's token, and OpenSpiel's public observer
is built from it. Both take each seat's observation and keep the parts all seats see the same,
going down dicts and lists of one shape; a part that any two seats see differently is replaced
by a marker (each door has its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sankore_rules import api
from sankore_rules.core.registry import game_of

__all__ = ["common_view", "public_observation"]


def common_view(views: Sequence[Any], hidden: Any) -> Any:
    """What every one of ``views`` shows alike; ``hidden`` where some view shows otherwise.

    >>> common_view([{"a": 1, "b": [2, 3]}, {"a": 1, "b": [2, 4]}], "?")
    {'a': 1, 'b': [2, '?']}
    """
    first = views[0]
    if all(v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) and v.keys() == first.keys() for v in views):
        return {key: common_view([v[key] for v in views], hidden) for key in first}
    if all(isinstance(v, list) and len(v) == len(first) for v in views):
        return [common_view([v[i] for v in views], hidden) for i in range(len(first))]
    return hidden


def public_observation(state: Any, hidden: Any) -> dict[str, Any]:
    """What every seat of ``state`` sees alike, with ``hidden`` for the rest."""
    seats = game_of(state).seats(state)
    shared = common_view([api.observation(state, seat) for seat in range(seats)], hidden)
    assert isinstance(shared, dict)
    return shared
