"""Reference pages: the effect vocabulary, where every number comes from, and the rulings."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

import sankore_rules as sr
from sankore_docs.words import (
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
from sankore_rules.sankore import engine
from sankore_rules.sankore.agenda import TASK_ARGS
from sankore_rules.sankore.tables import (
    DATA_FILES,
    Effect,
    EffectKind,
    RulesTables,
    Source,
    entries_with_source,
    field_sources,
    fields_with_source,
    sourced_entries,
    valued_fields,
)

__all__ = ["DATA_PAGES", "SECTIONS", "describe_entry", "overridden_values", "source_counts"]

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
    "solo": "rules/solo.md",
    "rulings": "reference/rulings.md",
    "drawing": "pictures.md",
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


def _value_words(name: str, value: Any, rules: sr.Rules) -> str | None:
    label = name.strip("_").replace("_", " ")  # "from_" is the arrow's "from"
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
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        # A list per turn (the solo boards): each list in words, turn by turn.
        turns = ["; ".join(str(v).replace("_", " ") for v in inner) or "nothing" for inner in value]
        return f"{label}: " + " / ".join(turns)
    if isinstance(value, tuple):
        return f"{label}: " + ", ".join(str(v) for v in value)
    if value is True:
        return label
    return f"{label} {value}"


def describe_entry(
    record: Any, rules: sr.Rules, separator: str = "; ", only: list[str] | None = None
) -> str:
    """A table entry's values in words: its fields, with its effects described.

    Fields left at their default (no Gold, no reward) and the entry's id are left out; with
    ``only``, every field but those named too.

    Raises:
        UnrenderedError: when one of its effects has no words.
    """
    if isinstance(record, Effect):
        return describe_effect(record, rules)
    parts = []
    for f in attrs.fields(type(record)):
        value = getattr(record, f.name)
        if f.name in ("id", "source", "sources") or (only is not None and f.name not in only):
            continue
        has_default = f.default is not attrs.NOTHING and not hasattr(f.default, "factory")
        if has_default and value == f.default:
            continue
        words = _value_words(f.name, value, rules)
        if words:
            parts.append(words)
    return separator.join(parts)


def overridden_values(tables: RulesTables) -> list[tuple[str, str, str, Source]]:
    """The values whose source differs from their entry's, from each entry's ``sources``.

    Rows of (file, entry, field, source); the entry's ``source`` covers its other values.
    """
    return [
        (file, where, key, source)
        for file, where, record in sourced_entries(tables)
        for key, source in record.sources.items()
    ]


def source_counts(tables: RulesTables) -> dict[str, dict[str, tuple[int, int]]]:
    """Per table and source: how many entries carry that source, and how many values.

    An entry is counted under its own ``source``; a value under the source it has after the
    entry's per-field ``sources``. Tables without sourced entries (the rulings) are left out.
    """
    counts: dict[str, dict[str, list[int]]] = {}

    def row(file: str) -> dict[str, list[int]]:
        return counts.setdefault(file, {str(s): [0, 0] for s in Source})

    for file, _, source in entries_with_source(tables):
        row(file)[str(source)][0] += 1
    for file, _, _, source in fields_with_source(tables):
        row(file)[str(source)][1] += 1
    return {f: {s: (n[0], n[1]) for s, n in counts[f].items()} for f in DATA_FILES if f in counts}


def _source_summary(rules: sr.Rules, page: str) -> str:
    counts = source_counts(rules.tables)
    sources = [str(s) for s in Source]
    headers = (
        "Table",
        *(f"Entries: {s}" for s in sources),
        *(f"Values: {s}" for s in sources),
        "Values in all",
    )
    rows: list[tuple[object, ...]] = []
    for file, by_source in counts.items():
        rows.append(
            (
                link(DATA_PAGES[file], page, file.replace("_", " ")),
                *(by_source[s][0] for s in sources),
                *(by_source[s][1] for s in sources),
                sum(n for _, n in by_source.values()),
            )
        )
    total = [sum(c[s][i] for c in counts.values()) for i in (0, 1) for s in sources]
    rows.append(("**All tables**", *total, sum(total[len(sources) :])))
    return table(headers, rows)


def _sources_reconstructed(rules: sr.Rules, page: str) -> str:
    rows = []
    for file, where, record in sourced_entries(rules.tables):
        values = field_sources(record)
        mine = [name for name, source in values if source == Source.RECONSTRUCTED]
        if not mine:
            continue
        words = sentence(describe_entry(record, rules, only=valued_fields(record)))
        which = "all" if len(mine) == len(values) else join([code(n) for n in mine])
        rows.append(
            (
                link(DATA_PAGES[file], page, f"{file}.toml"),
                code(where) if where else WHOLE_TABLE,
                which,
                words,
            )
        )
    return table(("Table", "Entry", "Reconstructed", "Values"), rows)


def _sources_fields(rules: sr.Rules, page: str) -> str:
    rows = [
        (
            link(DATA_PAGES[file], page, f"{file}.toml"),
            code(where) if where else WHOLE_TABLE,
            code(key),
            source_word(src),
        )
        for file, where, key, src in overridden_values(rules.tables)
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


#: The order the decisions table follows: the game's own, by the module that registers each
#: step (a module not listed comes last, in registration order).
_STEP_ORDER = (
    "setup",
    "turn",
    "enrol",
    "establish",
    "teach",
    "astronomy",
    "theology",
    "mathematics",
    "law",
    "graduate",
    "favour",
    "bonus",
    "objectives",
    "effects",
    "common",
)


def _steps_in_order() -> list[engine.Step]:
    def key(item: tuple[int, engine.Step]) -> tuple[int, int]:
        position, spec = item
        module = spec.resolve.__module__.rsplit(".", 1)[-1]
        rank = _STEP_ORDER.index(module) if module in _STEP_ORDER else len(_STEP_ORDER)
        return rank, position

    return [spec for _, spec in sorted(enumerate(engine.STEPS.values()), key=key)]


def _decisions(rules: sr.Rules, page: str) -> str:
    """Every decision kind, its prompt, the action kinds that answer it, the task's arguments.

    From the engine's registry (``engine.STEPS``) and the arguments each step declares
    (``agenda.TASK_ARGS``), so the table lists whatever the engine registers.
    """
    notation = link("rules/notation.md", page, "the notation page")
    rows = []
    automatic = []
    for spec in _steps_in_order():
        if spec.candidates is None:
            automatic.append(code(spec.kind))
            continue
        if not spec.prompt or not spec.answers:
            raise UnrenderedError(f"decision {spec.kind!r} has no prompt or no answers declared")
        args = TASK_ARGS.get(spec.kind, {})
        rows.append(
            (
                code(spec.kind),
                spec.prompt,
                ", ".join(code(verb) for verb in spec.answers),
                ", ".join(code(name) for name in args) or "none",
            )
        )
    return "\n\n".join(
        [
            table(("Kind", "Prompt", "Answered by", "Arguments"), rows),
            f"An action's first word is its kind; {notation} says what the words after it "
            "name. The agenda also holds automatic steps, which the engine carries out at once "
            "and which never become `state.decision`: " + join(automatic) + ".",
        ]
    )


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
    "decisions": _decisions,
}
