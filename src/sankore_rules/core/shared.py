"""Containers that states share: read-only dicts, and the helpers that make changed copies.

``apply`` returns a new state, and copying every container of a state on every ``apply`` costs
more than the action itself. So a state's containers are never changed once built: sequences are
tuples, mappings are [`ReadOnlyDict`][sankore_rules.core.shared.ReadOnlyDict]s, and the states
an action did not change share them. An action replaces a container with a changed copy
(``with_item``, ``without``, ``popped``, ``adjusted``, ``replaced_at``, ``removed``), never
changes it.

A write site that forgets to replace would change every state sharing the container, so a miss
is made loud: ``mypy`` refuses a ``ReadOnlyDict``'s mutating methods at the call, and Python
raises if one is called all the same.
"""

from __future__ import annotations

from typing import Any, Never, NoReturn, TypeVar

__all__ = [
    "ReadOnlyDict",
    "adjusted",
    "popped",
    "removed",
    "replaced_at",
    "shared_form",
    "with_item",
    "without",
]

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class ReadOnlyDict(dict[K, V]):
    """A dict whose contents never change, so that states can share it.

    It is a ``dict`` (reads cost what a dict's do, ``json`` writes it as an object, it compares
    equal to a dict of the same items); its mutating methods raise ``TypeError``. They take
    ``Never``, so that ``mypy`` refuses a call to one where it is written. Make a changed copy
    with [`with_item`][sankore_rules.core.shared.with_item] or
    [`without`][sankore_rules.core.shared.without].

    Examples:
        >>> d = ReadOnlyDict({"a": 1})
        >>> d["a"] = 2  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        TypeError: a ReadOnlyDict never changes
        >>> with_item(d, "a", 2), d
        ({'a': 2}, {'a': 1})
    """

    __slots__ = ()

    def _refuse(self, never: Never, *args: Never, **kwargs: Never) -> NoReturn:
        raise TypeError("a ReadOnlyDict never changes: make a changed copy (with_item, without)")

    # Each mutating method of dict, refused. The required argument is for mypy: ``clear()``
    # and ``popitem()`` take none, so a call to them is refused as one missing.
    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    pop = popitem = clear = update = setdefault = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and copy would otherwise fill an empty one item by item, which it refuses.
        return (ReadOnlyDict, (dict(self),))


def with_item(mapping: dict[K, V], key: K, value: V) -> ReadOnlyDict[K, V]:
    """A copy of ``mapping`` with ``key`` set to ``value``.

    Examples:
        >>> with_item(ReadOnlyDict({"a": 1}), "b", 2)
        {'a': 1, 'b': 2}
    """
    new: ReadOnlyDict[K, V] = ReadOnlyDict(mapping)
    dict.__setitem__(new, key, value)
    return new


def without(mapping: dict[K, V], key: K) -> ReadOnlyDict[K, V]:
    """A copy of ``mapping`` without ``key``, which it must hold.

    Examples:
        >>> without(ReadOnlyDict({"a": 1, "b": 2}), "a")
        {'b': 2}
    """
    new: ReadOnlyDict[K, V] = ReadOnlyDict(mapping)
    dict.__delitem__(new, key)
    return new


def popped(mapping: ReadOnlyDict[K, V], key: K) -> tuple[V | None, ReadOnlyDict[K, V]]:
    """``mapping[key]`` (None without it) and ``mapping`` without ``key`` (itself without it).

    Examples:
        >>> popped(ReadOnlyDict({"a": 1, "b": 2}), "a")
        (1, {'b': 2})
        >>> popped(ReadOnlyDict({"b": 2}), "a")
        (None, {'b': 2})
    """
    value = mapping.get(key)
    return (None, mapping) if value is None else (value, without(mapping, key))


def adjusted(counts: tuple[int, ...], index: int, change: int) -> tuple[int, ...]:
    """``counts`` with ``change`` added at ``index``, as a new tuple.

    Examples:
        >>> adjusted((1, 2, 3, 4), 2, -1)
        (1, 2, 2, 4)
    """
    return (*counts[:index], counts[index] + change, *counts[index + 1 :])


def replaced_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with ``value`` at ``index``, as a new tuple.

    Examples:
        >>> replaced_at(("a", "b"), 0, "c")
        ('c', 'b')
    """
    return (*values[:index], value, *values[index + 1 :])


def removed(values: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``values`` without the first ``value`` (which it must hold), as a new tuple.

    Examples:
        >>> removed(("a", "b", "a"), "a")
        ('b', 'a')
    """
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def shared_form(value: Any) -> Any:
    """``value`` with its lists as tuples and its dicts as read-only dicts, all the way down.

    What a state edited by hand gets when ``apply`` copies it: the containers states share.

    Examples:
        >>> shared_form([1, [2, 3], {"a": [4]}])
        (1, (2, 3), {'a': (4,)})
    """
    if isinstance(value, list | tuple) and not hasattr(value, "_fields"):
        return tuple([shared_form(v) for v in value])
    if isinstance(value, dict):
        return ReadOnlyDict({k: shared_form(v) for k, v in value.items()})
    return value
