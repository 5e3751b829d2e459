"""Rule tables of any game: TOML files read into frozen attrs records, checked, hashed and sourced.

A game describes its ruleset's tables as one frozen attrs class with a field per file, named by
the file's stem and typed by the record the file is read into, and a ``content_hash`` field.
[`load_tables`][sankore_rules.core.tables.load_tables] reads each file, from the bundled data or
from a folder of corrected copies, structures it with a strict converter (``5``, never ``"5"`` or
``5.0``; no unknown key), hashes the files' bytes, and refuses anything wrong with a
``RulesDataError`` naming the file, the entry and the field.

Before the game's own cross-checks, every table is held to the checks every game shares: each
number lies within ``0..MAX_TABLE_NUMBER`` (unless the schema gives a field another bound with
[`at_most`][sankore_rules.core.tables.at_most]) and each ``id`` reads back as one word of action
notation. After them, no ``id`` is used twice across the files, and each entry's per-field
provenance (``sources``) names a value the entry holds and changes its source.

Provenance (DESIGN "Data provenance"): a record with a ``source`` says where its values come from;
its ``sources`` table, keyed by field name (``knowledge``) or by one item of a list field
(``column_gold[3]``), gives single values a source of their own.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from enum import StrEnum
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs

from sankore_rules.core.errors import RulesDataError
from sankore_rules.core.words import ID_CHARACTERS, MAX_ID, word_problem

__all__ = [
    "MAXIMUM",
    "MAX_TABLE_BYTES",
    "MAX_TABLE_NUMBER",
    "at_most",
    "entries_with_source",
    "field_sources",
    "fields_with_source",
    "is_sourced",
    "load_tables",
    "parse_source_key",
    "sourced_entries",
    "strict_converter",
    "table_converter",
    "table_files",
    "table_values",
    "valued_fields",
]

#: The largest table is about 16 KB; a file past this bound is refused unread.
MAX_TABLE_BYTES = 1024 * 1024
#: Every number of a table is a count, a cost, a size, a level or a printed value: none is
#: negative, and few come near this. The bound keeps a table from asking for a board of millions
#: of rows; a field that needs more says so with ``at_most``.
MAX_TABLE_NUMBER = 100
#: The key of a field's metadata that bounds the numbers in it (see ``at_most``).
MAXIMUM = "sankore_rules.maximum"

#: Fields that name or label an entry rather than state something about the game.
_LABELS = frozenset(("id", "source", "sources"))
#: A key of ``sources``: a field name, or one item of a list field (``column_gold[3]``).
_SOURCE_KEY = re.compile(r"(\w+)(?:\[(\d+)\])?")

_T = TypeVar("_T")


# ---- the schema's words -------------------------------------------------------------------------


def at_most(maximum: int) -> dict[str, int]:
    """Field metadata: the numbers of this field, and of everything inside it, lie in 0..maximum.

    Examples:
        >>> at_most(5000)
        {'sankore_rules.maximum': 5000}
    """
    return {MAXIMUM: maximum}


def table_files(tables: type) -> dict[str, type[Any]]:
    """The files of a ruleset's tables class: each field's name (the stem) and record type.

    Every field but ``content_hash`` is a file, in the order the files are read and hashed.
    """
    attrs.resolve_types(tables)
    return {f.name: f.type for f in attrs.fields(tables) if f.name != "content_hash"}


# ---- reading ------------------------------------------------------------------------------------


def strict_converter() -> cattrs.Converter:
    """A converter that refuses unknown keys and coerces nothing (``"3"`` is no integer).

    Tables and the JSON of a state are both read with one.
    """
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    return converter


def table_converter() -> cattrs.Converter:
    """A strict converter that also reads closed vocabularies (``StrEnum``) as their members.

    A game adds hooks of its own (a key that is a Python keyword, say) to the one it gets.
    """
    converter = strict_converter()
    # Without this a StrEnum, being a str, would go through the str hook unchecked.
    converter.register_structure_hook(StrEnum, _member)
    return converter


def _exactly(kind: type) -> Callable[[Any, type], Any]:
    def check(value: Any, _: type) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {value!r}")
        return value

    return check


def _member(value: Any, cls: type[StrEnum]) -> StrEnum:
    if type(value) is not str or value not in {m.value for m in cls}:
        allowed = ", ".join(m.value for m in cls)
        raise ValueError(f"expected one of {allowed}, got {value!r}")
    return cls(value)


def _read(folder: Path | None, bundled: Traversable, stem: str) -> tuple[dict[str, Any], bytes]:
    name = f"{stem}.toml"
    if folder is None:
        raw = bundled.joinpath(name).read_bytes()
    else:
        path = folder / name
        if not path.is_file():
            raise RulesDataError(name, "file", f"missing from {folder}")
        try:
            with path.open("rb") as stream:
                raw = stream.read(MAX_TABLE_BYTES + 1)
        except OSError as exc:
            raise RulesDataError(name, "file", f"cannot read: {exc}") from exc
        if len(raw) > MAX_TABLE_BYTES:
            raise RulesDataError(name, "file", f"larger than {MAX_TABLE_BYTES} bytes")
    try:
        return tomllib.loads(raw.decode("utf-8")), raw
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RulesDataError(name, "syntax", str(exc)[:200]) from exc


def _structure(
    converter: cattrs.Converter, stem: str, data: dict[str, Any], record: type[_T]
) -> _T:
    try:
        return converter.structure(data, record)
    except cattrs.BaseValidationError as exc:
        # cattrs words each problem "<what is wrong> @ <path>"; the first is reported.
        problem, _, where = cattrs.transform_error(exc, path="")[0].rpartition(" @ ")
        raise RulesDataError(f"{stem}.toml", where or "entry", problem) from exc


def load_tables(
    tables: type[_T],
    folder: str | Path | None,
    *,
    bundled: Traversable,
    converter: cattrs.Converter,
    validate: Callable[[_T], None],
) -> _T:
    """Read, check and hash a ruleset's tables, from ``bundled`` or from ``folder``.

    Args:
        tables: the frozen attrs class of the ruleset's tables (a field per file and
            ``content_hash``).
        folder: a folder holding a copy of every file, or None for the bundled ones.
        bundled: where the bundled files are (``importlib.resources``).
        converter: the converter that structures each file (``table_converter()`` and the
            game's hooks).
        validate: the game's cross-checks of the loaded tables; it raises ``RulesDataError``.

    Returns:
        The tables, their ``content_hash`` the first 16 hex digits of a SHA-256 over each
        file's stem and bytes.

    Raises:
        RulesDataError: naming the file, the entry and the field of the first problem found.
    """
    where = None if folder is None else Path(folder)
    records: dict[str, Any] = {}
    digest = hashlib.sha256()
    for stem, record in table_files(tables).items():
        data, raw = _read(where, bundled, stem)
        digest.update(stem.encode() + b"\0" + raw + b"\0")
        records[stem] = _structure(converter, stem, data, record)
    make: Callable[..., _T] = tables  # an attrs class: a keyword per field
    loaded = make(**records, content_hash=digest.hexdigest()[:16])
    # The values first, so that no cross-check (nor a board built from the tables) meets a
    # negative count or a size that would take minutes or gigabytes.
    _check_values(loaded)
    validate(loaded)
    _check_sources(loaded)
    # Last: a game's own checks name a duplicate in its words (a space id two areas share).
    _check_ids_unique(loaded)
    return loaded


# ---- checks every game's tables pass ------------------------------------------------------------


def _is_id(where: str, value: Any) -> bool:
    return where.rpartition(".")[2] == "id" and isinstance(value, str)


def _check_values(tables: Any) -> None:
    # One walk over every value: each number within its bound, each id a word of notation
    # (ids are written in action notation and must read back as one word of it).
    for file, where, value, maximum in _bounded_values(tables):
        number = isinstance(value, int) and not isinstance(value, bool)
        if number and not 0 <= value <= maximum:
            raise RulesDataError(f"{file}.toml", where, f"{value} is not a number 0..{maximum}")
        if _is_id(where, value):
            problem = word_problem(value, ID_CHARACTERS)
            if problem is not None or len(value) > MAX_ID:
                raise RulesDataError(
                    f"{file}.toml", where, problem or f"an id of at most {MAX_ID} characters"
                )


def _check_ids_unique(tables: Any) -> None:
    # A ruleset's ids name its things in notation and in a state: one id, one thing.
    seen: dict[str, tuple[str, str]] = {}
    for file, where, value in table_values(tables):
        if not _is_id(where, value):
            continue
        if value in seen:
            first, at = seen[value]
            problem = f"id already used in {first}.toml ({at})" if first != file else None
            raise RulesDataError(f"{file}.toml", where, problem or "id used more than once")
        seen[value] = (file, where)


def _check_sources(tables: Any) -> None:
    # Each ``sources`` key names a value of its entry and changes its source: an override of a
    # field the entry does not hold, of an item past the end of a list, or one that repeats
    # what it overrides would make the provenance say something it does not mean.
    for file, where, record in sourced_entries(tables):
        fields = valued_fields(record)
        for key, source in getattr(record, "sources", {}).items():
            at = f"{where or 'table'}.sources.{key}"
            try:
                name, index = parse_source_key(key)
            except ValueError as exc:
                raise RulesDataError(f"{file}.toml", at, str(exc)) from exc
            if name not in fields:
                raise RulesDataError(
                    f"{file}.toml", at, f"the entry has no value {name!r} to give a source for"
                )
            overridden = record.source
            if index is not None:
                items = getattr(record, name)
                if not isinstance(items, tuple) or not 0 <= index < len(items):
                    raise RulesDataError(f"{file}.toml", at, f"{name!r} has no item {index}")
                overridden = record.sources.get(name, record.source)
            if source == overridden:
                raise RulesDataError(
                    f"{file}.toml", at, f"repeats the source it overrides ({source})"
                )


# ---- walking the tables -------------------------------------------------------------------------


def _bounded_values(tables: Any) -> Iterator[tuple[str, str, Any, int]]:
    """Every value of every table as (file, entry path, value, the bound of its numbers)."""

    def walk(
        file: str, where: str, value: Any, maximum: int
    ) -> Iterator[tuple[str, str, Any, int]]:
        yield file, where, value, maximum
        if attrs.has(type(value)):
            for f in attrs.fields(type(value)):
                if f.name not in ("source", "sources"):
                    path = f"{where}.{f.name}" if where else f.name
                    inner = f.metadata.get(MAXIMUM, maximum)
                    yield from walk(file, path, getattr(value, f.name), inner)
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                label = getattr(item, "id", None) or getattr(item, "number", None) or i
                yield from walk(file, f"{where}[{label}]", item, maximum)
        elif isinstance(value, Mapping):
            for k, v in value.items():
                yield from walk(file, f"{where}.{k}", v, maximum)

    for f in attrs.fields(type(tables)):
        if f.name != "content_hash":
            bound = f.metadata.get(MAXIMUM, MAX_TABLE_NUMBER)
            yield from walk(f.name, "", getattr(tables, f.name), bound)


def table_values(tables: Any) -> Iterator[tuple[str, str, Any]]:
    """Every value of every table, records and leaves alike, as (file, entry path, value).

    The path names each entry by its id (or number, or index) inside its table, as
    ``sourced_entries`` does. One walk over the tables, in time linear in their size.
    """
    for file, where, value, _ in _bounded_values(tables):
        yield file, where, value


# ---- provenance ---------------------------------------------------------------------------------


def is_sourced(value: Any) -> bool:
    """Whether ``value`` is a table entry that carries its own ``source``."""
    return attrs.has(type(value)) and isinstance(getattr(value, "source", None), StrEnum)


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

    Examples:
        >>> parse_source_key("column_gold[3]")
        ('column_gold', 3)
    """
    m = _SOURCE_KEY.fullmatch(key)
    if m is None:
        raise ValueError(f"{key!r} is not a field name or 'field[index]'")
    return m.group(1), None if m.group(2) is None else int(m.group(2))


def field_sources(record: Any) -> list[tuple[str, StrEnum]]:
    """Each value of a sourced entry with its source, as (field, source) pairs.

    A value's source is its own ``sources`` entry if it has one, else the entry's ``source``.
    A list field that the texts give only in part (some of its items have their own source)
    is split into its items, ``name[0]``, ``name[1]``, ...
    """
    overrides: dict[str, StrEnum] = dict(getattr(record, "sources", {}))
    split = {parse_source_key(k)[0] for k in overrides if parse_source_key(k)[1] is not None}
    rows: list[tuple[str, StrEnum]] = []
    for name in valued_fields(record):
        whole = overrides.get(name, record.source)
        if name in split:
            items = len(getattr(record, name))
            rows += [(f"{name}[{i}]", overrides.get(f"{name}[{i}]", whole)) for i in range(items)]
        else:
            rows.append((name, whole))
    return rows


def sourced_entries(tables: Any) -> list[tuple[str, str, Any]]:
    """Every table entry that carries a ``source``, as (file, entry path, record) rows.

    The path names each entry by its id (or number, or index) inside its table:
    ``space[djenne-middle]``, ``node[fez].spaces[6]``, ``rows``; a whole table's own record
    has the empty path.
    """
    return [
        (file, where, value) for file, where, value in table_values(tables) if is_sourced(value)
    ]


def entries_with_source(tables: Any) -> list[tuple[str, str, StrEnum]]:
    """Every table entry that carries a ``source``, as (file, entry, source) rows.

    The docs list the reconstructed ones in one place so an owner of the game can check them.
    """
    return [(file, where, record.source) for file, where, record in sourced_entries(tables)]


def fields_with_source(tables: Any) -> list[tuple[str, str, str, StrEnum]]:
    """Every value of every sourced entry with its source, as (file, entry, field, source) rows.

    The finer grain of ``entries_with_source``: an entry the worked examples give in part says
    which of its fields they give (``sources``), and each field is counted as its own.
    """
    return [
        (file, where, name, source)
        for file, where, record in sourced_entries(tables)
        for name, source in field_sources(record)
    ]
