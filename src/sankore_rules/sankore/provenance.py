"""Where the rule tables' values come from (DESIGN "Data provenance", issue 18).

Every table entry with a ``source`` says whether its values are the rulebook's, a worked
example's, or reconstructed; its ``sources`` gives single values a source of their own, keyed
by field name or by one item of a list field (``column_gold[3]``). This module reads both: the
entries with their source, and each value with its own. ``validation.py`` checks the keys; the
docs count and list them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from sankore_rules.sankore.schema import DATA_FILES, RulesTables
from sankore_rules.sankore.vocabulary import Source

__all__ = [
    "entries_with_source",
    "field_sources",
    "fields_with_source",
    "is_sourced",
    "parse_source_key",
    "sourced_entries",
    "table_values",
    "valued_fields",
]

#: Fields that name or label an entry rather than state something about the game.
_LABELS = frozenset(("id", "source", "sources"))

#: A key of ``sources``: a field name, or one item of a list field (``column_gold[3]``).
_SOURCE_KEY = re.compile(r"(\w+)(?:\[(\d+)\])?")


def is_sourced(value: Any) -> bool:
    """Whether ``value`` is a table entry that carries its own ``source``."""
    return attrs.has(type(value)) and isinstance(getattr(value, "source", None), Source)


def _entries_of_their_own(value: Any) -> bool:
    # A field holding sourced entries (the spaces of a table, its sides) is no value of the
    # entry holding it: each of those entries is counted on its own.
    if isinstance(value, tuple | list):
        return bool(value) and all(is_sourced(v) for v in value)
    return is_sourced(value)


def valued_fields(record: Any) -> list[str]:
    """The fields of a sourced entry that state something: what provenance is given for.

    Left out: its labels (``id``, ``source``, ``sources``), fields left at their default (a
    space with no reward says nothing about rewards) and fields holding entries of their own.
    """
    names = []
    for f in attrs.fields(type(record)):
        value = getattr(record, f.name)
        if f.name in _LABELS or _entries_of_their_own(value):
            continue
        # A factory default (the empty ``sources``) is a label, left out above.
        if f.default is not attrs.NOTHING and value == f.default:
            continue
        names.append(f.name)
    return names


def parse_source_key(key: str) -> tuple[str, int | None]:
    """A ``sources`` key read as (field name, item index or None).

    Raises:
        ValueError: for a key that is neither ``name`` nor ``name[index]``.
    """
    m = _SOURCE_KEY.fullmatch(key)
    if m is None:
        raise ValueError(f"{key!r} is not a field name or 'field[index]'")
    return m.group(1), None if m.group(2) is None else int(m.group(2))


def field_sources(record: Any) -> list[tuple[str, Source]]:
    """Each value of a sourced entry with its source, as (field, source) pairs.

    A value's source is its own ``sources`` entry if it has one, else the entry's ``source``.
    A list field that the texts give only in part (some of its items have their own source)
    is split into its items, ``name[0]``, ``name[1]``, ...
    """
    overrides: dict[str, Source] = dict(record.sources)
    split = {parse_source_key(k)[0] for k in overrides if parse_source_key(k)[1] is not None}
    rows: list[tuple[str, Source]] = []
    for name in valued_fields(record):
        whole = overrides.get(name, record.source)
        if name in split:
            items = len(getattr(record, name))
            rows += [(f"{name}[{i}]", overrides.get(f"{name}[{i}]", whole)) for i in range(items)]
        else:
            rows.append((name, whole))
    return rows


def table_values(tables: RulesTables) -> Iterator[tuple[str, str, Any]]:
    """Every value of every table, records and leaves alike, as (file, entry path, value).

    The path names each entry by its id (or number, or index) inside its table, as
    [`sourced_entries`][sankore_rules.sankore.provenance.sourced_entries] does. One walk over the
    tables, in time linear in their size: ``validation.py`` checks every number and id with it.
    """

    def walk(file: str, where: str, value: Any) -> Iterator[tuple[str, str, Any]]:
        yield file, where, value
        if attrs.has(type(value)):
            for f in attrs.fields(type(value)):
                if f.name not in ("source", "sources"):
                    path = f"{where}.{f.name}" if where else f.name
                    yield from walk(file, path, getattr(value, f.name))
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                label = getattr(item, "id", None) or getattr(item, "number", None) or i
                yield from walk(file, f"{where}[{label}]", item)
        elif isinstance(value, Mapping):
            for k, v in value.items():
                yield from walk(file, f"{where}.{k}", v)

    for stem in DATA_FILES:
        yield from walk(stem, "", getattr(tables, stem))


def sourced_entries(tables: RulesTables) -> list[tuple[str, str, Any]]:
    """Every table entry that carries a ``source``, as (file, entry path, record) rows.

    The path names each entry by its id (or number, or index) inside its table:
    ``space[djenne-middle]``, ``node[fez].spaces[6]``, ``rows``; a whole table's own record
    has the empty path.
    """
    return [
        (file, where, value) for file, where, value in table_values(tables) if is_sourced(value)
    ]


def entries_with_source(tables: RulesTables) -> list[tuple[str, str, Source]]:
    """Every table entry that carries a ``source``, as (file, entry, source) rows.

    The docs list the reconstructed ones in one place so an owner of the game can check them.
    """
    return [(file, where, record.source) for file, where, record in sourced_entries(tables)]


def fields_with_source(tables: RulesTables) -> list[tuple[str, str, str, Source]]:
    """Every value of every sourced entry with its source, as (file, entry, field, source) rows.

    The finer grain of
    [`entries_with_source`][sankore_rules.sankore.provenance.entries_with_source]: an entry the
    worked examples give in part says which of its fields they give (``sources``), and each field is
    counted as its own.
    """
    return [
        (file, where, name, source)
        for file, where, record in sourced_entries(tables)
        for name, source in field_sources(record)
    ]
