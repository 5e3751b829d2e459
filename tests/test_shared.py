"""The containers states share (``sankore_rules.core.shared``, DESIGN Speed, issue 12).

A ``ReadOnlyDict`` refuses every change and otherwise behaves as a dict (equality, JSON, pickle,
copy); the helpers return changed copies and leave their input alone; states share every
container an action did not change, and JSON builds the same read-only containers.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import sankore_rules as sr
from positions import changeable_parts, started
from sankore_rules.core.shared import (
    ReadOnlyDict,
    adjusted,
    popped,
    removed,
    replaced_at,
    with_item,
    without,
)

REFUSED: list[tuple[str, Callable[[Any], object]]] = [
    ("setitem", lambda d: d.__setitem__("b", 2)),
    ("delitem", lambda d: d.__delitem__("a")),
    ("pop", lambda d: d.pop("a")),
    ("popitem", lambda d: d.popitem()),
    ("clear", lambda d: d.clear()),
    ("update", lambda d: d.update(b=2)),
    ("setdefault", lambda d: d.setdefault("b", 2)),
    ("ior", lambda d: d.__ior__({"b": 2})),
]


@pytest.mark.parametrize(("name", "change"), REFUSED, ids=[name for name, _ in REFUSED])
def test_a_read_only_dict_refuses_every_change(name: str, change: Callable[[Any], object]) -> None:
    """Each mutating method of dict raises TypeError and leaves the contents as they were."""
    d = ReadOnlyDict({"a": 1})
    with pytest.raises(TypeError):
        change(d)
    assert {"a": 1} == d


def test_a_read_only_dict_reads_writes_and_copies_as_a_dict() -> None:
    """Equal to a dict of the same items, written by json as an object, and pickled or copied
    as a read-only dict with its items in order."""
    d = ReadOnlyDict({"b": 2, "a": 1})
    assert {"a": 1, "b": 2} == d
    assert '{"b": 2, "a": 1}' == json.dumps(d)
    for again in (pickle.loads(pickle.dumps(d)), copy.copy(d), copy.deepcopy(d)):
        assert ReadOnlyDict is type(again)
        assert [("b", 2), ("a", 1)] == list(again.items())


def test_the_helpers_return_changed_copies_and_leave_their_input_alone() -> None:
    """``with_item``, ``without``, ``popped``, ``adjusted``, ``replaced_at`` and ``removed``."""
    d = ReadOnlyDict({"a": 1, "b": 2})
    assert (ReadOnlyDict, {"a": 1, "b": 3}) == (type(with_item(d, "b", 3)), with_item(d, "b", 3))
    assert ["a", "b", "c"] == list(with_item(d, "c", 3))  # a new key goes last, as in a dict
    assert {"b": 2} == without(d, "a")
    assert (1, {"b": 2}) == popped(d, "a")
    assert (None, d) == popped(d, "z")
    assert popped(d, "z")[1] is d
    assert {"a": 1, "b": 2} == d
    t = (1, 2, 1)
    assert ((1, 4, 1), (1, 9, 1), (2, 1)) == (
        adjusted(t, 1, 2),
        replaced_at(t, 1, 9),
        removed(t, 1),
    )
    assert (1, 2, 1) == t


def test_states_hold_only_read_only_containers() -> None:
    """A new game, a solo game and a state read from JSON hold tuples and read-only dicts."""
    for state in (started(4, 1), sr.new_game(players=1, seed=2, scholar="hard")):
        assert [] == changeable_parts(state)
        assert [] == changeable_parts(sr.from_json(sr.to_json(state)))


def test_apply_shares_what_the_action_did_not_change() -> None:
    """An Enrol replaces the queues and the player's Students; the board's other containers
    are the very objects of the state before, and a clone shares them all."""
    before = started(2, 0)
    after = sr.apply(before, "enrol astronomy")
    assert after.queues is not before.queues
    assert after.players[0].students is not before.players[0].students
    assert after.spaces is before.spaces
    assert after.library is before.library
    assert after.players[1].students is before.players[1].students
    clone = before.clone()
    assert clone.queues is before.queues and clone.region_tiles is before.region_tiles
    assert clone.agenda is before.agenda and clone.players[0] is not before.players[0]
