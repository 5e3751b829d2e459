"""The rule tables: frozen attrs records for every TOML file in ``data/``, loading and validation.

Everything of the game that hangs on a number lives in these tables. Loading refuses, with the
file, entry and field named, any unknown key, wrong type, dangling reference or broken component
count, so that a corrected copy of the tables (``load_rules(path)``) can never quietly play on
with a mistake. The records are ``schema.py``'s, the cross-checks ``validation.py``'s; reading,
hashing, the checks every game shares and provenance are the loader of ``core/tables.py``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import cattrs

from sankore_rules.core import tables as loader
from sankore_rules.core.tables import (  # re-exported: provenance is part of the tables' API
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
from sankore_rules.sankore.validation import validate_tables
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


def _structure_arrow(conv: cattrs.Converter, value: Any) -> Arrow:
    # Arrow's "from" is a Python keyword.
    if not isinstance(value, dict) or set(value) - {"from", "to"} or "from" not in value:
        raise ValueError(f"an arrow needs exactly 'from' and 'to', got {value!r}")
    return Arrow(
        from_=conv.structure(value["from"], str),
        to=conv.structure(value.get("to", []), tuple[str, ...]),
    )


def _make_converter() -> cattrs.Converter:
    conv = loader.table_converter()
    conv.register_structure_hook(Arrow, lambda v, _: _structure_arrow(conv, v))
    return conv


_CONVERTER = _make_converter()


def load_tables(directory: str | Path | None = None) -> RulesTables:
    """Load and validate every table, from the bundled data or from ``directory``.

    Raises:
        RulesDataError: naming file, entry and field of the first problem found.
    """
    return loader.load_tables(
        RulesTables,
        directory,
        bundled=resources.files("sankore_rules") / "data",
        converter=_CONVERTER,
        validate=validate_tables,
    )
