"""The rule tables: frozen attrs records for every TOML file in ``data/``, loading and validation.

Everything of the game that hangs on a number lives in these tables. Loading refuses, with the
file, entry and field named, any unknown key, wrong type, dangling reference or broken component
count, so that a corrected copy of the tables (``load_rules(path)``) can never quietly play on
with a mistake.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Mapping
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs

from sankore_rules.schema import (  # the records, re-exported for callers
    DATA_FILES,
    Ability,
    Arrow,
    AstroNode,
    Astronomy,
    AstroPath,
    Classes,
    ClassSpace,
    ClassTile,
    Components,
    Condition,
    Corner,
    Counts,
    Disciplines,
    FavourSpace,
    FavourTrack,
    GraduationTile,
    GraduationTiles,
    Law,
    LawSpace,
    Library,
    LibrarySide,
    Limits,
    MadrasaStudents,
    Mathematics,
    ObjectiveCard,
    Objectives,
    PlayerBoard,
    PortSpace,
    PrestigeStorage,
    QueueLayout,
    Queues,
    QueueSpace,
    RulesTables,
    Ruling,
    Rulings,
    SankoreTile,
    SankoreTiles,
    Shelf,
    SkillGrant,
    SkillIcon,
    SkillTiles,
    Start,
    StudentsInBag,
    StudentSpace,
    Theology,
    TheologyRows,
    TheologySpace,
    WallSide,
    WallSides,
    WallSpace,
)
from sankore_rules.vocabulary import (
    RESOURCES,
    Cost,
    Effect,
    EffectKind,
    RulesDataError,
    Source,
)

__all__ = [
    "DATA_FILES",
    "RESOURCES",
    "Ability",
    "Arrow",
    "AstroNode",
    "AstroPath",
    "Astronomy",
    "ClassSpace",
    "ClassTile",
    "Classes",
    "Components",
    "Condition",
    "Corner",
    "Cost",
    "Counts",
    "Disciplines",
    "Effect",
    "EffectKind",
    "FavourSpace",
    "FavourTrack",
    "GraduationTile",
    "GraduationTiles",
    "Law",
    "LawSpace",
    "Library",
    "LibrarySide",
    "Limits",
    "MadrasaStudents",
    "Mathematics",
    "ObjectiveCard",
    "Objectives",
    "PlayerBoard",
    "PortSpace",
    "PrestigeStorage",
    "QueueLayout",
    "QueueSpace",
    "Queues",
    "RulesDataError",
    "RulesTables",
    "Ruling",
    "Rulings",
    "SankoreTile",
    "SankoreTiles",
    "Shelf",
    "SkillGrant",
    "SkillIcon",
    "SkillTiles",
    "Source",
    "Start",
    "StudentSpace",
    "StudentsInBag",
    "Theology",
    "TheologyRows",
    "TheologySpace",
    "WallSide",
    "WallSides",
    "WallSpace",
    "entries_with_source",
    "field_sources",
    "fields_with_source",
    "is_sourced",
    "load_tables",
    "parse_source_key",
    "sourced_entries",
    "valued_fields",
]


# ---- loading ------------------------------------------------------------------------------------

_T = TypeVar("_T")


def _strict(kind: type[_T], check: Callable[[Any], bool]) -> Callable[[Any, type], _T]:
    def structure(value: Any, _: type) -> _T:
        if not check(value):
            raise TypeError(f"expected {kind.__name__}, got {value!r}")
        return value  # type: ignore[no-any-return]

    return structure


def _make_converter() -> cattrs.Converter:
    # Strict: a table must say 5, not "5" or 5.0; unknown keys are refused.
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(
        int, _strict(int, lambda v: isinstance(v, int) and not isinstance(v, bool))
    )
    conv.register_structure_hook(bool, _strict(bool, lambda v: isinstance(v, bool)))
    conv.register_structure_hook(str, _strict(str, lambda v: isinstance(v, str)))
    # Closed vocabularies are read as their enums (a StrEnum would otherwise pass as a str).
    conv.register_structure_hook(StrEnum, _structure_enum)
    # Arrow's "from" is a Python keyword.
    conv.register_structure_hook(
        Arrow,
        lambda v, _: _structure_arrow(conv, v),
    )
    return conv


def _structure_enum(value: Any, cls: type[StrEnum]) -> StrEnum:
    if not isinstance(value, str) or value not in {m.value for m in cls}:
        allowed = ", ".join(m.value for m in cls)
        raise ValueError(f"expected one of {allowed}, got {value!r}")
    return cls(value)


def _structure_arrow(conv: cattrs.Converter, value: Any) -> Arrow:
    if not isinstance(value, dict) or set(value) - {"from", "to"} or "from" not in value:
        raise ValueError(f"an arrow needs exactly 'from' and 'to', got {value!r}")
    return Arrow(
        from_=conv.structure(value["from"], str),
        to=conv.structure(value.get("to", []), tuple[str, ...]),
    )


_CONVERTER = _make_converter()


def _read_toml(directory: Path | None, stem: str) -> tuple[dict[str, Any], bytes]:
    name = f"{stem}.toml"
    if directory is None:
        raw = resources.files("sankore_rules").joinpath("data", name).read_bytes()
    else:
        path = directory / name
        if not path.is_file():
            raise RulesDataError(name, "file", f"missing from {directory}")
        raw = path.read_bytes()
    try:
        return tomllib.loads(raw.decode("utf-8")), raw
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesDataError(name, "syntax", str(exc)) from exc


def load_tables(directory: str | Path | None = None) -> RulesTables:
    """Load and validate every table, from the bundled data or from ``directory``.

    Raises:
        RulesDataError: naming file, entry and field of the first problem found.
    """
    folder = None if directory is None else Path(directory)
    loaded: dict[str, Any] = {}
    digest = hashlib.sha256()
    for stem, cls in DATA_FILES.items():
        data, raw = _read_toml(folder, stem)
        digest.update(stem.encode() + b"\0" + raw + b"\0")
        try:
            loaded[stem] = _CONVERTER.structure(data, cls)
        except cattrs.BaseValidationError as exc:
            messages = cattrs.transform_error(exc, path="")
            where, _, problem = messages[0].rpartition(" @ ")
            raise RulesDataError(f"{stem}.toml", problem or "entry", where) from exc
    tables = RulesTables(**loaded, content_hash=digest.hexdigest()[:16])
    from sankore_rules.validation import validate_tables  # validation reads these records

    validate_tables(tables)
    return tables


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


def sourced_entries(tables: RulesTables) -> list[tuple[str, str, Any]]:
    """Every table entry that carries a ``source``, as (file, entry path, record) rows.

    The path names each entry by its id (or number, or index) inside its table:
    ``space[djenne-middle]``, ``node[fez].spaces[6]``, ``rows``; a whole table's own record
    has the empty path.
    """
    rows: list[tuple[str, str, Any]] = []

    def walk(file: str, where: str, value: Any) -> None:
        if attrs.has(type(value)):
            if is_sourced(value):
                rows.append((file, where, value))
            for f in attrs.fields(type(value)):
                if f.name not in ("source", "sources"):
                    walk(file, f"{where}.{f.name}" if where else f.name, getattr(value, f.name))
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                label = getattr(item, "id", None) or getattr(item, "number", None) or i
                walk(file, f"{where}[{label}]", item)
        elif isinstance(value, Mapping):
            for k, v in value.items():
                walk(file, f"{where}.{k}", v)

    for stem in DATA_FILES:
        walk(stem, "", getattr(tables, stem))
    return rows


def entries_with_source(tables: RulesTables) -> list[tuple[str, str, Source]]:
    """Every table entry that carries a ``source``, as (file, entry, source) rows.

    The docs list the reconstructed ones in one place so an owner of the game can check them.
    """
    return [(file, where, record.source) for file, where, record in sourced_entries(tables)]


def fields_with_source(tables: RulesTables) -> list[tuple[str, str, str, Source]]:
    """Every value of every sourced entry with its source, as (file, entry, field, source) rows.

    The finer grain of :func:`entries_with_source`: an entry the worked examples give in part
    says which of its fields they give (``sources``), and each field is counted as its own.
    """
    return [
        (file, where, name, source)
        for file, where, record in sourced_entries(tables)
        for name, source in field_sources(record)
    ]
