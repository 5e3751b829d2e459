"""The rule tables: frozen attrs records for every TOML file in ``data/``, loading and validation.

Everything of the game that hangs on a number lives in these tables. Loading refuses, with the
file, entry and field named, any unknown key, wrong type, dangling reference or broken component
count, so that a corrected copy of the tables (``load_rules(path)``) can never quietly play on
with a mistake.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import cattrs

from sankore_rules.sankore.provenance import (  # re-exported: provenance is part of the tables' API
    entries_with_source,
    field_sources,
    fields_with_source,
    is_sourced,
    parse_source_key,
    sourced_entries,
    table_values,
    valued_fields,
)
from sankore_rules.sankore.schema import (  # the records, re-exported for callers
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
    EnrolByArea,
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
    Solo,
    SoloClassSpace,
    SoloDifficulty,
    SoloPhases,
    Start,
    StudentsInBag,
    StudentSpace,
    Theology,
    TheologyRows,
    TheologySpace,
    WallEnds,
    WallSide,
    WallSides,
    WallSpace,
)
from sankore_rules.sankore.vocabulary import (
    RESOURCES,
    Cost,
    Effect,
    EffectKind,
    RulesDataError,
    ScholarAction,
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
    "EnrolByArea",
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
    "ScholarAction",
    "Shelf",
    "SkillGrant",
    "SkillIcon",
    "SkillTiles",
    "Solo",
    "SoloClassSpace",
    "SoloDifficulty",
    "SoloPhases",
    "Source",
    "Start",
    "StudentSpace",
    "StudentsInBag",
    "Theology",
    "TheologyRows",
    "TheologySpace",
    "WallEnds",
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
    "table_values",
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


#: The largest table is about 16 KB; a file past this bound is refused unread.
MAX_TABLE_BYTES = 1024 * 1024


def _read_toml(directory: Path | None, stem: str) -> tuple[dict[str, Any], bytes]:
    name = f"{stem}.toml"
    if directory is None:
        raw = resources.files("sankore_rules").joinpath("data", name).read_bytes()
    else:
        path = directory / name
        if not path.is_file():
            raise RulesDataError(name, "file", f"missing from {directory}")
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
    from sankore_rules.sankore.validation import validate_tables  # validation reads these records

    validate_tables(tables)
    return tables
