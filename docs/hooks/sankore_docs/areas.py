"""The four board areas rendered from their tables: spaces, costs, rewards, map and Madrasa."""

from __future__ import annotations

from collections.abc import Callable

import sankore_rules as sr
from sankore_docs.words import (
    ROW_WORDS,
    UnrenderedError,
    code,
    describe_cost,
    describe_effect,
    describe_effects,
    disc,
    entry_source,
    join,
    region,
    sentence,
    source_word,
    supported,
    table,
    value_source,
)
from sankore_rules.sankore.tables import Cost, Effect, EffectKind

__all__ = ["SECTIONS"]

# ---- Astronomy -----------------------------------------------------------------------------------


def _astronomy_places(rules: sr.Rules, page: str) -> str:
    t = rules.tables.astronomy
    start = rules.astro_start
    rows = []
    for node in t.node:
        if node.kind == "oasis":
            rows.append(
                (
                    code(node.id),
                    "Oasis",
                    region(rules, node.region),
                    "beyond the dotted line" if node.zone == "outer" else "Timbuktu's side",
                    rules.route_distance[start][node.id],
                    node.number,
                    f"{t.oasis_gold} Gold",
                    supported(False),
                    f"gain {t.oasis_salt} Salt; the camel stays here",
                    entry_source(node),
                )
            )
        elif node.kind == "port":
            for i, space in enumerate(node.spaces):
                reward = []
                if space.token:
                    reward.append("take the Prestige token drawn onto this space at setup")
                if space.reward:
                    reward.append(describe_effects(space.reward, rules))
                if not reward:
                    raise UnrenderedError(f"{node.id}:{i} gives nothing")
                rows.append(
                    (
                        code(f"{node.id}:{i}"),
                        f"{node.name}, space {i + 1} of {len(node.spaces)}",
                        region(rules, node.region),
                        "beyond the dotted line" if node.zone == "outer" else "Timbuktu's side",
                        rules.route_distance[start][node.id],
                        space.number,
                        f"{node.gold} Gold",
                        supported(True),
                        sentence(join(reward)) + "; the camel goes back to Timbuktu",
                        entry_source(space),
                    )
                )
    headers = (
        "Space",
        "Place",
        "Region",
        "Side of the line",
        "Knowledge from Timbuktu",
        "Tie-break number",
        "Cost",
        "Supported Class",
        "Reward",
        "Source",
    )
    return table(headers, rows)


def _astronomy_cities(rules: sr.Rules, page: str) -> str:
    t = rules.tables.astronomy
    rows = [
        (
            node.name,
            code(node.id),
            region(rules, node.region),
            f"{node.gold} Gold",
            len(node.spaces),
            entry_source(node),
        )
        for node in t.node
        if node.kind == "port"
    ]
    rows.insert(0, ("Oasis (each)", "", "", f"{t.oasis_gold} Gold", 1, entry_source(t)))
    return table(("Place", "Id", "Region", "Cost per Trading Post", "Spaces", "Source"), rows)


def _astronomy_paths(rules: sr.Rules, page: str) -> str:
    rows = [
        (
            code(p.ends[0]),
            code(p.ends[1]),
            p.knowledge,
            "yes, crosses the region's line" if p.dotted else "no",
            entry_source(p),
        )
        for p in rules.tables.astronomy.path
    ]
    return table(("From", "To", "Knowledge", "Dotted", "Source"), rows)


# ---- Theology ------------------------------------------------------------------------------------


def _theology_rows(rules: sr.Rules, page: str) -> str:
    rows_t = rules.tables.theology.rows
    rows = [
        (
            ROW_WORDS[name],
            describe_cost(getattr(rows_t, name)),
            supported(getattr(rows_t, name).supported),
            entry_source(rows_t),
        )
        for name in ("bottom", "middle", "top")
    ]
    return table(("Row", "Cost", "Supported Class", "Source"), rows)


def _theology_book_rows() -> tuple[str, ...]:
    # THEO-5: the Books drawn at setup lie on the bottom and middle rows.
    return ("bottom", "middle")


def _theology_spaces(rules: sr.Rules, page: str) -> str:
    t = rules.tables.theology
    book_spaces = [s for s in t.space if s.row in _theology_book_rows()]
    if len(book_spaces) != rules.counts.theology_books_drawn:
        raise UnrenderedError(
            f"{len(book_spaces)} Theology spaces hold a Book, "
            f"but {rules.counts.theology_books_drawn} are drawn"
        )
    rows = []
    for s in t.space:
        cost = getattr(t.rows, s.row)
        reward = []
        if s.row in _theology_book_rows():
            reward.append("take the Book lying on the space")
        if s.activate is not None:
            reward.append(
                describe_effect(Effect(EffectKind.ACTIVATE_SKILLS, discipline=s.activate), rules)
            )
        if s.skill is not None:
            effect = Effect(EffectKind.SKILL_TILE, icon=s.skill.icon, discipline=s.skill.section)
            reward.append(describe_effect(effect, rules))
        if s.madrasa_student is not None:
            d = disc(rules, s.madrasa_student)
            reward.append(
                f"send one of your {d} Students (from your board or a Graduation tile, not the "
                f"active one) to the Madrasa and gain 1 {d} Prestige token for each {d} star "
                "showing there"
            )
        if not reward:
            raise UnrenderedError(f"Theology space {s.id} gives nothing")
        also = ""
        if s.row == "top":
            also = ". The region's first top-row Mosque also places the region's Sankoré tile"
        rows.append(
            (
                code(s.id),
                s.city,
                region(rules, s.region),
                ROW_WORDS[s.row],
                s.knowledge,
                describe_cost(cost),
                supported(cost.supported),
                sentence(join(reward)) + also,
                entry_source(s),
            )
        )
    headers = (
        "Space",
        "City",
        "Region",
        "Row",
        "Knowledge",
        "Cost",
        "Supported Class",
        "Reward",
        "Source",
    )
    return table(headers, rows)


# ---- Law -----------------------------------------------------------------------------------------


def _law_rows(rules: sr.Rules, page: str) -> str:
    rows_t = rules.tables.law.rows
    rows = [
        (
            ROW_WORDS[name],
            describe_cost(getattr(rows_t, name)),
            supported(getattr(rows_t, name).supported),
            entry_source(rows_t),
        )
        for name in ("bottom", "middle", "top")
    ]
    return table(("Row", "Cost", "Supported Class", "Source"), rows)


def _law_spaces(rules: sr.Rules, page: str) -> str:
    t = rules.tables.law
    rows = []
    for s in t.space:
        cost = getattr(t.rows, s.row)
        section = rules.region_discipline[s.region]
        skill = Effect(EffectKind.SKILL_TILE, icon=s.skill, discipline=section)
        reward = [sentence(describe_effect(skill, rules))]
        if s.row in ("middle", "top"):
            reward.append(
                "The region's first Crown in its top two rows also places its Sankoré tile"
            )
        if s.row == "top":
            reward.append("Take everything lying on the region's Overflow space")
        rows.append(
            (
                code(s.id),
                region(rules, s.region),
                ROW_WORDS[s.row],
                s.knowledge,
                describe_cost(cost),
                supported(cost.supported),
                ". ".join(reward),
                entry_source(s),
            )
        )
    headers = ("Space", "Region", "Row", "Knowledge", "Cost", "Supported Class", "Reward", "Source")
    return table(headers, rows)


# ---- Mathematics ---------------------------------------------------------------------------------


def _lines_of_wall(rules: sr.Rules, wall: str) -> list[str]:
    """The Madrasa rows and columns a Wall lines up with, read from ``rules.madrasa_graph``."""
    g = rules.madrasa_graph
    cells = {c for kind, c in g.neighbors(("wall", wall)) if kind == "cell"}
    lines = [f"row {r}" for r, row in enumerate(rules.row_cells) if set(row) <= cells]
    lines += [f"column {c}" for c, col in enumerate(rules.column_cells) if set(col) <= cells]
    if not lines:
        raise UnrenderedError(f"Wall {wall} lines up with no whole row or column")
    return lines


def _mathematics_grid(rules: sr.Rules, page: str) -> str:
    m = rules.tables.mathematics
    order = {cell: i + 1 for i, cell in enumerate(rules.numbered_cells)}
    headers = ["", *[f"column {c}" for c in range(m.columns)], "Gold icons of the row"]
    rows = []
    for r in range(m.rows):
        cells = []
        for c in range(m.columns):
            cell = r * m.columns + c
            name = rules.cell_name(cell)
            if cell in order:
                cells.append(f"{code(name)} fills {order[cell]}")
            else:
                cells.append(f"{code(name)} starts with a tile")
        rows.append([f"row {r}", *cells, m.row_gold[r]])
    rows.append(["Gold icons of the column", *m.column_gold, ""])
    # The texts give one column's Gold icons (MATH-11): say which, line by line.
    exceptions = [
        f"the Gold icons of {line} {i}: {value_source(m, f'{key}[{i}]')}"
        for key, line in (("row_gold", "row"), ("column_gold", "column"))
        for i in range(len(getattr(m, key)))
        if value_source(m, f"{key}[{i}]") != source_word(m.source)
    ]
    return (
        table(headers, rows)
        + "\n\nGrid, numbering and Gold icons: "
        + "; ".join([source_word(m.source), *exceptions])
        + "."
    )


def _mathematics_sides(rules: sr.Rules, page: str) -> str:
    sides = rules.tables.mathematics.sides
    rows = []
    for letter in ("A", "B", "C", "D"):
        side = getattr(sides, letter)
        lines_word = "columns" if side.orientation == "horizontal" else "rows"
        cost = Cost(books=side.books, distinct_books=side.distinct_books, supported=side.supported)
        rows.append(
            (
                letter,
                side.orientation,
                f"the Madrasa's {lines_word}",
                describe_cost(cost),
                supported(side.supported),
                entry_source(sides),
            )
        )
    return table(
        ("Side", "Orientation", "Lines up with", "Cost", "Supported Class", "Source"), rows
    )


def _wall_reward(gold: int) -> str:
    flip = "Flip a face-down tile of the line and take its bonus"
    return f"{flip}, then gain {gold} Gold" if gold else f"{flip}; the line shows no Gold icon"


def _mathematics_walls(rules: sr.Rules, page: str) -> str:
    m = rules.tables.mathematics
    rows: list[tuple[object, ...]] = []
    for w in m.wall:
        side = getattr(m.sides, w.side)
        cost = Cost(books=side.books, distinct_books=side.distinct_books, supported=side.supported)
        rows.append(
            (
                code(w.id),
                w.side,
                join(_lines_of_wall(rules, w.id)),
                w.number,
                w.number,
                describe_cost(cost),
                supported(side.supported),
                _wall_reward(rules.wall_gold[w.id]),
                entry_source(w),
            )
        )
    corner = m.corner
    rows.append(
        (
            code(corner.id),
            "corner",
            join(_lines_of_wall(rules, corner.id)),
            "only through Suakin or Zeila",
            corner.number,
            "nothing",
            supported(False),
            "wins every Madrasa tie of its lines; no flip, no Gold",
            entry_source(corner),
        )
    )
    headers = (
        "Wall space",
        "Side",
        "Lines up with",
        "Knowledge",
        "Value (tie-breaks)",
        "Cost",
        "Supported Class",
        "Reward",
        "Source",
    )
    return table(headers, rows)


def _mathematics_students(rules: sr.Rules, page: str) -> str:
    ms = rules.tables.mathematics.madrasa_students
    names = join([disc(rules, d) for d in ms.disciplines])
    return (
        f"The Madrasa has one Theology space for the Students of each of these disciplines: "
        f"{names}. Each holds any number of Students (source: {entry_source(ms)})."
    )


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "astronomy-cities": _astronomy_cities,
    "astronomy-places": _astronomy_places,
    "astronomy-paths": _astronomy_paths,
    "theology-rows": _theology_rows,
    "theology-spaces": _theology_spaces,
    "mathematics-grid": _mathematics_grid,
    "mathematics-sides": _mathematics_sides,
    "mathematics-walls": _mathematics_walls,
    "mathematics-students": _mathematics_students,
    "law-rows": _law_rows,
    "law-spaces": _law_spaces,
}
