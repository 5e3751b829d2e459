"""The component families rendered from their tables: boards, track, tiles, cards, the box."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sankore_rules as sr
from sankore_docs.reference import DATA_PAGES
from sankore_docs.words import (
    UnrenderedError,
    code,
    describe_ability,
    describe_condition,
    describe_effect,
    describe_effects,
    disc,
    entry_source,
    join,
    link,
    plural,
    sentence,
    source_word,
    table,
    value_source,
)
from sankore_rules.sankore.tables import (
    Ability,
    Effect,
    EffectKind,
    SkillGrant,
    field_sources,
    sourced_entries,
    valued_fields,
)

__all__ = ["SECTIONS"]

# ---- player board --------------------------------------------------------------------------------


def _player_board_classes(rules: sr.Rules, page: str) -> str:
    pb = rules.tables.player_board
    rows = []
    for c in pb.classes:
        levels = [
            str(lv) for lv, spaces in sorted(rules.class_spaces_for_level.items()) if c.id in spaces
        ]
        if c.row == 0:
            holds = "an Introductory Class"
        else:
            holds = "Advanced Classes of level " + join(levels, "or") if levels else "nothing"
        if c.row == pb.second_row:
            holds += "; the drafted class goes in this row"
        rows.append(
            (
                code(c.id),
                c.row,
                holds,
                join([code(s) for s in rules.spaces_under[c.id]]) or "none",
                join([code(s) for s in rules.arrows[c.id]], "or") or "none",
            )
        )
    return (
        table(("Class space", "Row", "Holds", "Student spaces under it", "Arrows lead up to"), rows)
        + f"\n\nSource: {value_source(pb, 'classes')}."
    )


def _player_board_students(rules: sr.Rules, page: str) -> str:
    pb = rules.tables.player_board
    rows = []
    for s in pb.students:
        notes = []
        if s.level == 0:
            notes.append("enrolled Students arrive here; cannot graduate")
        if s.topmost:
            notes.append("scores 1 Prestige icon of its Student's discipline at the end")
        rows.append(
            (
                code(s.id),
                s.level,
                code(s.under) if s.under else "no class",
                "; ".join(notes) or "",
            )
        )
    return table(("Student space", "Level", "Under class", "Notes"), rows)


def _player_board_knowledge(rules: sr.Rules, page: str) -> str:
    pb = rules.tables.player_board
    rows = [(0, 0, link("reference/rulings.md#amb-45", page, "ruling AMB-45"))] + [
        (i + 1, k, value_source(pb, f"school_knowledge[{i}]"))
        for i, k in enumerate(pb.school_knowledge)
    ]
    knowledge = table(("Pieces of the type placed", "School Knowledge", "Source"), rows)
    return (
        knowledge
        + f"\n\nEvery player board has {pb.graduation_slots} Graduation slots (source: "
        + f"{value_source(pb, 'graduation_slots')}); a Skill section holds "
        + f"{pb.skill_section_size} tiles (source: {value_source(pb, 'skill_section_size')})."
    )


# ---- queues, favour track, library ---------------------------------------------------------------


def _queue_icons(space: Any) -> str:
    icons = []
    if space.favour:
        icons.append("a free Exchange a Favour")
    if space.sankore:
        icons.append(
            "a supply Sankoré tile of the area's discipline goes to the Madrasa, with 1 Prestige"
            " token of that discipline"
        )
    if space.book_majority:
        icons.append("a Book majority scoring of the area at the end of the turn")
    if space.prestige_majority:
        icons.append("a Prestige majority scoring of the area at the end of the turn")
    return sentence(join(icons)) if icons else "nothing"


def _queues(rules: sr.Rules, page: str) -> str:
    parts = []
    bag = rules.tables.components.students_in_bag.per_player_count
    for layout in rules.tables.queues.layout:
        rows = []
        last = len(layout.spaces) - 1
        for i, space in enumerate(layout.spaces):
            note = " (the “+1” space, left empty)" if i == last else ""
            rows.append((f"{i}{note}", space.knowledge, _queue_icons(space)))
        per = bag[str(layout.players)]
        parts.append(
            f"### {layout.players} players\n\n"
            f"{per} Students of each discipline go in the bag. "
            f"Source: {entry_source(layout)}.\n\n"
            + table(
                (
                    "Position (0 = leftmost, as in `enrol <area> <position>`)",
                    "Shared Knowledge once empty",
                    "Taking its Student gives",
                ),
                rows,
            )
        )
    return "\n\n".join(parts)


def _favour_track(rules: sr.Rules, page: str) -> str:
    ft = rules.tables.favour_track
    rows = []
    for i, space in enumerate(ft.space):
        start = " (discs start here)" if i == ft.start else ""
        rows.append(
            (
                f"{i + 1}{start}",
                sentence(describe_effects(space.reward, rules)),
                entry_source(space),
            )
        )
    return table(("Space", "Reward", "Source"), rows) + (
        f"\n\nStarting space: {value_source(ft, 'start')} "
        f"({link('reference/rulings.md#gap-21', page, 'ruling GAP-21')})."
    )


def _advance_words(value: Any, advancing_icons: set[str], rules: sr.Rules) -> str | None:
    """Words for a value that advances the Favour disc, directly or by a Skill tile; else None."""
    if isinstance(value, Effect):
        if value.kind == EffectKind.ADVANCE_FAVOUR or (
            value.kind == EffectKind.SKILL_TILE and value.icon in advancing_icons
        ):
            return sentence(describe_effect(value, rules))
        return None
    icon = value.icon if isinstance(value, SkillGrant) else value
    if isinstance(icon, str) and icon in advancing_icons:
        return (
            f"A Skill tile {code(icon)}, which advances the disc whenever its section is activated"
        )
    if isinstance(value, Ability):
        found = [_advance_words(e, advancing_icons, rules) for e in value.effects]
        return join([w for w in found if w]) or None
    return None


def _favour_advances(rules: sr.Rules, page: str) -> str:
    """Every value of the tables that moves a Favour disc right (FAV-6, FAV-7)."""
    advancing = {
        i.id
        for i in rules.tables.skill_tiles.icon
        if any(e.kind == EffectKind.ADVANCE_FAVOUR for e in i.effect)
    }
    rows = []
    for file, where, record in sourced_entries(rules.tables):
        sources = dict(field_sources(record))
        for name in valued_fields(record):
            value = getattr(record, name)
            items = value if isinstance(value, tuple) else (value,)
            for i, item in enumerate(items):
                words = _advance_words(item, advancing, rules)
                if words:
                    source = sources.get(f"{name}[{i}]", sources.get(name))
                    rows.append(
                        (
                            link(DATA_PAGES[file], page, file.replace("_", " ")),
                            code(where) if where else "the table",
                            words,
                            source_word(source),
                        )
                    )
    return table(("Table", "Entry", "Advances the disc", "Source"), rows)


def _library(rules: sr.Rules, page: str) -> str:
    parts = []
    for side in rules.tables.library.side:
        rows = [
            (
                i + 1,
                shelf.slots,
                f"+{shelf.points}",
                f"+{shelf.second}" if shelf.second else "nothing",
                entry_source(shelf),
            )
            for i, shelf in enumerate(side.shelves)
        ]
        parts.append(
            f"### Side {code(side.id)}\n\n{len(side.shelves)} shelves, top to bottom "
            f"(source of the side: {entry_source(side)}).\n\n"
            + table(("Shelf", "Slots", "Most Books adds", "Second most adds", "Source"), rows)
        )
    return "\n\n".join(parts)


# ---- classes and tiles ---------------------------------------------------------------------------


def _reward_words(effects: Sequence[Effect], rules: sr.Rules, none: str) -> str:
    return sentence(describe_effects(effects, rules)) if effects else none


def _classes_introductory(rules: sr.Rules, page: str) -> str:
    rows = [
        (
            code(c.id),
            disc(rules, c.discipline),
            f"+{c.knowledge}",
            _reward_words(c.reward, rules, "no Student reward"),
            entry_source(c),
        )
        for c in rules.tables.classes.introductory
    ]
    return table(("Tile", "Discipline", "Knowledge bonus", "Student reward", "Source"), rows)


def _classes_advanced(rules: sr.Rules, page: str) -> str:
    parts = []
    for d in rules.disciplines:
        rows = []
        for c in rules.tables.classes.advanced:
            if c.discipline != d:
                continue
            spaces = rules.class_spaces_for_level.get(c.level, ())
            rows.append(
                (
                    code(c.id),
                    c.level,
                    join([code(s) for s in spaces], "or") or "none",
                    f"+{c.knowledge}" if c.knowledge else "none",
                    _reward_words(c.reward, rules, "no Student reward"),
                    entry_source(c),
                )
            )
        parts.append(
            f"### {disc(rules, d)}\n\n"
            + table(
                ("Tile", "Level", "May go on", "Knowledge bonus", "Student reward", "Source"), rows
            )
        )
    return "\n\n".join(parts)


def _skill_tiles(rules: sr.Rules, page: str) -> str:
    rows = [
        (
            code(i.id),
            i.count,
            sentence(describe_effects(i.effect, rules)),
            value_source(i, "effect"),
            value_source(i, "count"),
        )
        for i in rules.tables.skill_tiles.icon
    ]
    return table(
        ("Stack", "Tiles", "Effect when its section is activated", "Effect source", "Count source"),
        rows,
    )


def _sankore_tiles(rules: sr.Rules, page: str) -> str:
    where = {
        "madrasa": "on an unnumbered Madrasa space, bonus side up",
        "board": "drawn onto a Sankoré space of Astronomy, Theology or Law",
        "supply": "in the supply (Prestige on both sides)",
    }
    rows = []
    for t in rules.tables.sankore_tiles.tile:
        if t.placement not in where:
            raise UnrenderedError(f"Sankoré tile {t.id} starts at unknown {t.placement!r}")
        if t.bonus:
            bonus = sentence(describe_effects(t.bonus, rules))
        elif t.placement == "supply":
            bonus = (
                f"None; placing it gives 1 {disc(rules, t.discipline)} Prestige token instead "
                f"({link('reference/rulings.md#amb-22', page, 'ruling AMB-22')})"
            )
        else:
            raise UnrenderedError(f"Sankoré tile {t.id} has no bonus")
        rows.append(
            (
                code(t.id),
                disc(rules, t.discipline),
                where[t.placement],
                bonus,
                entry_source(t),
            )
        )
    return table(("Tile", "Discipline", "Starts", "Placement bonus", "Source"), rows)


def _graduation_tiles(rules: sr.Rules, page: str) -> str:
    rows = [
        (
            code(g.id),
            disc(rules, g.discipline),
            g.level,
            plural(g.prestige, "Prestige icon", "Prestige icons"),
            entry_source(g),
        )
        for g in sorted(
            rules.tables.graduation_tiles.tile,
            key=lambda g: (rules.discipline_index[g.discipline], g.level),
        )
    ]
    return table(("Tile", "Column", "Level", "Scores at the end", "Source"), rows)


def _objectives(rules: sr.Rules, page: str) -> str:
    rows = []
    for card in rules.tables.objectives.card:
        requirement = getattr(card, "requirement", ())
        ability = getattr(card, "ability", None)
        rows.append(
            (
                f"#{card.number}",
                disc(rules, card.discipline),
                card.prestige,
                sentence(join([describe_condition(c, rules) for c in requirement]))
                or "not in the tables",
                describe_ability(ability, rules) if ability is not None else "not in the tables",
                entry_source(card),
            )
        )
    return table(
        ("Card", "Prestige discipline", "Prestige icons", "Requirement", "Ability", "Source"), rows
    )


def _box(rules: sr.Rules, page: str) -> str:
    comp = rules.tables.components
    c = comp.counts
    d = comp.disciplines
    regions = join(
        [f"{letter} is {disc(rules, name)}" for letter, name in sorted(d.regions.items())]
    )
    order = join([disc(rules, x) for x in d.order])
    counts = [
        ("Books per discipline", c.books_per_discipline),
        ("Prestige tokens per discipline", c.prestige_per_discipline),
        ("Students per discipline", c.students_per_discipline),
        ("Sankoré tiles", c.sankore_tiles),
        ("Favour tiles", c.favour_tiles),
        ("Pieces of each type per player", c.pieces_per_type),
        ("Advanced Class tiles per discipline", c.advanced_classes_per_discipline),
        ("Skill tiles", c.skill_tiles),
        ("Objective cards", c.objective_cards),
        ("Objective cards dealt to each player", c.objectives_dealt),
        ("Books drawn onto Theology", c.theology_books_drawn),
        ("Prestige tokens drawn onto Port Cities", c.port_prestige_drawn),
    ]
    lim = comp.limits
    st = comp.start
    ps = comp.prestige_storage
    bag = comp.students_in_bag.per_player_count
    start_favour = (
        "as many as there are players"
        if st.favour_tiles_per_player == "player_count"
        else st.favour_tiles_per_player
    )
    return "\n\n".join(
        [
            f"### Disciplines\n\nIn board order: {order}. Region letters: {regions}. "
            f"Source: {entry_source(d)}.",
            "### Counts\n\n"
            + table(("Component", "Number"), counts)
            + f"\n\nSource: {entry_source(c)}.",
            "### Students in the bag\n\n"
            + table(("Players", "Students of each discipline"), sorted(bag.items()))
            + f"\n\nSource: {entry_source(comp.students_in_bag)}.",
            "### Limits at the end of a turn\n\n"
            + table(
                ("Kept at most", "Number"),
                [
                    ("Inspiration", lim.inspiration),
                    ("Gold", lim.gold),
                    ("Salt", lim.salt),
                    ("Books of each discipline", lim.books_per_discipline),
                ],
            )
            + f"\n\nSource: {entry_source(lim)}.",
            "### Starting resources\n\n"
            + table(
                ("Each player starts with", "Number"),
                [
                    ("Inspiration", st.inspiration),
                    ("Gold", st.gold),
                    ("Salt", st.salt),
                    ("Favour tiles", start_favour),
                ],
            )
            + f"\n\nSource: {entry_source(st)}.",
            f"### Prestige storage\n\n{ps.spaces} spaces; each Favour tile covers "
            f"{ps.covered_per_favour_tile} of them. Source: {entry_source(ps)}.",
        ]
    )


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "player-board-classes": _player_board_classes,
    "player-board-students": _player_board_students,
    "player-board-knowledge": _player_board_knowledge,
    "queues": _queues,
    "favour-track": _favour_track,
    "favour-advances": _favour_advances,
    "library": _library,
    "classes-introductory": _classes_introductory,
    "classes-advanced": _classes_advanced,
    "skill-tiles": _skill_tiles,
    "sankore-tiles": _sankore_tiles,
    "graduation-tiles": _graduation_tiles,
    "objectives": _objectives,
    "box": _box,
}
