"""Reference pages: the effect vocabulary, where every number comes from, and the rulings."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import attrs

import sankore_rules as sr
from sankore_docs.words import (
    SOURCE_WORDS,
    UnrenderedError,
    code,
    describe_effect,
    describe_effects,
    join,
    link,
    sample_effect,
    sentence,
    source_word,
    table,
)
from sankore_rules.tables import (
    DATA_FILES,
    Effect,
    EffectKind,
    RulesTables,
    Source,
    entries_with_source,
)

__all__ = ["DATA_PAGES", "SECTIONS", "describe_entry", "field_sources"]

#: How the source pages name an entry that is a whole table.
WHOLE_TABLE = "(whole table)"

#: The page (path under ``docs/``) that documents each rule table.
DATA_PAGES: dict[str, str] = {
    "components": "components/box.md",
    "player_board": "components/player-board.md",
    "favour_track": "components/favour-track.md",
    "queues": "components/queues.md",
    "astronomy": "areas/astronomy.md",
    "theology": "areas/theology.md",
    "mathematics": "areas/mathematics.md",
    "law": "areas/law.md",
    "library": "components/library.md",
    "classes": "components/classes.md",
    "skill_tiles": "components/skill-tiles.md",
    "sankore_tiles": "components/sankore-tiles.md",
    "graduation_tiles": "components/graduation-tiles.md",
    "objectives": "components/objectives.md",
    "rulings": "reference/rulings.md",
}

# ---- reference pages -----------------------------------------------------------------------------


def _all_effects(value: Any) -> Iterable[Effect]:
    if isinstance(value, Effect):
        yield value
    elif attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            yield from _all_effects(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _all_effects(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _all_effects(item)


def _effects(rules: sr.Rules, page: str) -> str:
    uses: dict[Effect, list[str]] = {}
    for stem in DATA_FILES:
        for e in _all_effects(getattr(rules.tables, stem)):
            uses.setdefault(e, [])
            if stem not in uses[e]:
                uses[e].append(stem)
    kinds = []
    for kind in EffectKind:
        used = sorted({stem for e, stems in uses.items() if e.kind == kind for stem in stems})
        where = (
            join([link(DATA_PAGES[s], page, s.replace("_", " ")) for s in used]) or "no table yet"
        )
        kinds.append(
            (
                code(str(kind)),
                sentence(describe_effect(sample_effect(kind, rules), rules)),
                where,
            )
        )
    every = [
        (
            code(str(e.kind)),
            sentence(describe_effect(e, rules)),
            join([s.replace("_", " ") for s in stems]),
        )
        for e, stems in sorted(uses.items(), key=lambda item: (str(item[0].kind), repr(item[0])))
    ]
    return (
        "### The vocabulary\n\n"
        + table(("Kind", "For example", "Used in"), kinds)
        + "\n\n### Every effect the tables use\n\n"
        + table(("Kind", "In words", "Tables"), every)
    )


def _resolve(tables: RulesTables, file: str, where: str) -> Any:
    """The record an ``entries_with_source`` row names, found by walking its path."""
    value: Any = getattr(tables, file)
    for part in where.split("."):
        m = re.fullmatch(r"(\w+)((?:\[[^\]]+\])*)", part)
        if m is None:
            raise UnrenderedError(f"cannot read the entry path {file}:{where}")
        value = value[m.group(1)] if isinstance(value, dict) else getattr(value, m.group(1))
        for label in re.findall(r"\[([^\]]+)\]", m.group(2)):
            items = list(value)
            found = [
                item
                for i, item in enumerate(items)
                if str(getattr(item, "id", None) or getattr(item, "number", None) or i) == label
            ]
            if len(found) != 1:
                raise UnrenderedError(f"cannot find {label!r} in {file}:{where}")
            value = found[0]
    return value


def _value_words(name: str, value: Any, rules: sr.Rules) -> str | None:
    label = name.replace("_", " ")
    if isinstance(value, Effect):
        return f"{label}: {describe_effect(value, rules)}"
    if isinstance(value, tuple) and value and all(isinstance(v, Effect) for v in value):
        return f"{label}: {describe_effects(value, rules)}"
    if isinstance(value, tuple) and value and attrs.has(type(value[0])):
        if hasattr(value[0], "source"):  # listed as entries of their own
            return f"{label}: {len(value)} entries, each with its own source"
        return f"{label}: " + ", ".join(f"({describe_entry(v, rules, ', ')})" for v in value)
    if attrs.has(type(value)):
        inner = describe_entry(value, rules, ", ")
        return f"{label}: ({inner})" if inner else None
    if value is None or value == () or value is False:
        return None
    if isinstance(value, dict):
        return f"{label}: " + ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, tuple):
        return f"{label}: " + ", ".join(str(v) for v in value)
    if value is True:
        return label
    return f"{label} {value}"


def describe_entry(record: Any, rules: sr.Rules, separator: str = "; ") -> str:
    """A table entry's values in words: its fields, with its effects described.

    Fields left at their default (no Gold, no reward) and the entry's id are left out.

    Raises:
        UnrenderedError: when one of its effects has no words.
    """
    if isinstance(record, Effect):
        return describe_effect(record, rules)
    parts = []
    for f in attrs.fields(type(record)):
        value = getattr(record, f.name)
        if f.name in ("id", "source") or f.name.endswith("_source"):
            continue
        has_default = f.default is not attrs.NOTHING and not hasattr(f.default, "factory")
        if has_default and value == f.default:
            continue
        words = _value_words(f.name, value, rules)
        if words:
            parts.append(words)
    return separator.join(parts)


def field_sources(tables: RulesTables) -> list[tuple[str, str, str, object]]:
    """Values whose source is given by a field of their own (``effect_source``, ...).

    Rows of (file, entry, field, source); ``entries_with_source`` covers ``source`` fields.
    """
    rows: list[tuple[str, str, str, object]] = []

    def walk(file: str, where: str, value: Any) -> None:
        if attrs.has(type(value)):
            for f in attrs.fields(type(value)):
                item = getattr(value, f.name)
                if f.name.endswith("_source") and item is not None:
                    rows.append(
                        (file, where or "(whole table)", f.name.removesuffix("_source"), item)
                    )
                elif f.name != "source":
                    walk(file, f"{where}.{f.name}" if where else f.name, item)
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                label = getattr(item, "id", None) or getattr(item, "number", None) or i
                walk(file, f"{where}[{label}]", item)

    for stem in DATA_FILES:
        walk(stem, "", getattr(tables, stem))
    return rows


def _source_summary(rules: sr.Rules, page: str) -> str:
    counts: dict[str, dict[str, int]] = {}
    for file, _, source in entries_with_source(rules.tables):
        counts.setdefault(file, {w: 0 for w in SOURCE_WORDS.values()})[source_word(source)] += 1
    rows = [
        (link(DATA_PAGES[f], page, f.replace("_", " ")), *counts[f].values())
        for f in DATA_FILES
        if f in counts
    ]
    return table(("Table", "rulebook", "example", "reconstructed"), rows)


def _sources_reconstructed(rules: sr.Rules, page: str) -> str:
    rows = []
    for file, where, source in entries_with_source(rules.tables):
        if source != Source.RECONSTRUCTED:
            continue
        if where:
            values = sentence(describe_entry(_resolve(rules.tables, file, where), rules))
        else:  # the file's own source covers what its entries do not mark themselves
            values = "Every value of the table without a source of its own"
        rows.append(
            (
                link(DATA_PAGES[file], page, f"{file}.toml"),
                code(where) if where else WHOLE_TABLE,
                values or "The entry as a whole",
            )
        )
    return table(("Table", "Entry", "Values"), rows)


def _sources_fields(rules: sr.Rules, page: str) -> str:
    rows = [
        (
            link(DATA_PAGES[file], page, f"{file}.toml"),
            code(where),
            field.replace("_", " "),
            source_word(src),
        )
        for file, where, field, src in field_sources(rules.tables)
    ]
    return table(("Table", "Entry", "Value", "Source"), rows)


def _rulings(rules: sr.Rules, page: str) -> str:
    parts = []
    for r in rules.tables.rulings.ruling:
        text = [
            f"### {r.id} {{#{r.id.lower()}}}",
            f"**Question.** {r.question}",
            f"**The engine's choice.** {r.choice}",
            f"**Why.** {r.reason}",
        ]
        if r.alternative:
            text.append(f"**The other reading.** {r.alternative}")
        parts.append("\n\n".join(text))
    return "\n\n".join(parts)


def _ruleset(rules: sr.Rules, page: str) -> str:
    return f"Ruleset `{rules.name}`, content hash `{rules.content_hash}`."


#: Every section a page may ask for with a marker, and the function that renders it.


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "ruleset": _ruleset,
    "effects": _effects,
    "source-summary": _source_summary,
    "sources-reconstructed": _sources_reconstructed,
    "sources-fields": _sources_fields,
    "rulings": _rulings,
}
