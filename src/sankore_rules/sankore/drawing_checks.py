"""Cross-checks of the drawing table (``drawing.toml``) against the other rule tables.

A drawing the tables accept is one the pictures can draw: every place of the other tables has
a position, every position lies inside its panel and every panel inside its picture, and every
colour is written ``#rrggbb``. Each failure names the key. The drawing's numbers are bounded
when it is read (``at_most(MAX_DRAWING_NUMBER)`` in the schema).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from sankore_rules.sankore.drawing import BOARD_PANELS, MADRASA_SIDES, Point, Size
from sankore_rules.sankore.schema import RulesTables
from sankore_rules.sankore.vocabulary import RulesDataError

__all__ = ["validate_drawing"]

#: A colour of the drawing: ``#rrggbb``.
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _fail(where: str, problem: str) -> RulesDataError:
    return RulesDataError("drawing.toml", where, problem)


def _same_keys(where: str, drawn: Mapping[str, object], wanted: set[str]) -> None:
    missing, unknown = sorted(wanted - set(drawn)), sorted(set(drawn) - wanted)
    if missing:
        raise _fail(where, f"no position for {', '.join(map(repr, missing))}")
    if unknown:
        raise _fail(where, f"{', '.join(map(repr, unknown))}: not in the rule tables")


def _inside(where: str, point: Point, size: Size) -> None:
    if not (0 <= point[0] <= size[0] and 0 <= point[1] <= size[1]):
        raise _fail(where, f"{list(point)} lies outside its {size[0]} x {size[1]} panel")


def validate_drawing(t: RulesTables) -> None:
    """Raise ``RulesDataError`` unless ``t.drawing`` draws every place the other tables hold.

    Every position lies inside its panel, every panel inside its picture; so a drawing the
    tables accept is one the pictures can draw. Its numbers are bounded already (the schema's
    ``at_most(MAX_DRAWING_NUMBER)``).
    """
    d = t.drawing
    regions = set(t.components.disciplines.regions)
    disciplines = set(t.components.disciplines.order)

    c = d.colours
    _same_keys("colours.disciplines", c.disciplines, disciplines)
    players = max(q.players for q in t.queues.layout)
    if len(c.players) < players:
        raise _fail("colours.players", f"needs a colour for each of {players} players")
    named = [
        *((f"colours.players[{i}]", v) for i, v in enumerate(c.players)),
        *((f"colours.disciplines.{k}", v) for k, v in c.disciplines.items()),
        *((f"colours.{k}", getattr(c, k)) for k in ("highlight", "board", "panel", "space", "ink")),
    ]
    for where, colour in named:
        if not _COLOUR.fullmatch(colour):
            raise _fail(where, f"{colour!r} is not a colour written #rrggbb")

    _same_keys("board.panels", d.board.panels, set(BOARD_PANELS))
    panel_size: dict[str, Size] = {}
    for name, (x, y, w, h) in d.board.panels.items():
        if w < 1 or h < 1 or x + w > d.board.size[0] or y + h > d.board.size[1]:
            raise _fail(f"board.panels.{name}", "must lie inside the board picture")
        panel_size[name] = (w, h)

    a = d.astronomy
    _same_keys("astronomy.places", a.places, {n.id for n in t.astronomy.node})
    _same_keys("astronomy.regions", a.regions, regions)
    _same_keys("astronomy.lines", a.lines, regions)
    for name, line in a.lines.items():
        if len(line) < 2:
            raise _fail(f"astronomy.lines.{name}", "a line needs two points or more")
    th = d.theology
    _same_keys("theology.cities", th.cities, {s.city for s in t.theology.space})
    _same_keys("theology.regions", th.regions, regions)
    m = d.mathematics
    _same_keys("mathematics.sides", m.sides, {"A", "B", "C", "D"})
    if sorted(m.sides.values()) != sorted(MADRASA_SIDES):
        raise _fail("mathematics.sides", f"must put one side on each of {sorted(MADRASA_SIDES)}")
    for letter, drawn in m.sides.items():
        if MADRASA_SIDES[drawn] != getattr(t.mathematics.sides, letter).orientation:
            raise _fail(f"mathematics.sides.{letter}", f"a {drawn} side is not of this orientation")
    _same_keys("mathematics.regions", m.regions, regions)
    _same_keys("law.regions", d.law.regions, regions)

    positions: list[tuple[str, str, Point]] = [
        *(("astronomy", f"astronomy.places.{k}", p) for k, p in a.places.items()),
        *(("astronomy", f"astronomy.regions.{k}", p) for k, p in a.regions.items()),
        *(
            ("astronomy", f"astronomy.lines.{k}[{i}]", p)
            for k, line in a.lines.items()
            for i, p in enumerate(line)
        ),
        *(("theology", f"theology.cities.{k}", p) for k, p in th.cities.items()),
        *(("theology", f"theology.regions.{k}", p) for k, p in th.regions.items()),
        ("mathematics", "mathematics.grid", m.grid),
        ("mathematics", "mathematics.students", m.students),
        *(("mathematics", f"mathematics.regions.{k}", p) for k, p in m.regions.items()),
        *(("law", f"law.regions.{k}", p) for k, p in d.law.regions.items()),
        ("queues", "queues.origin", d.queues.origin),
        ("graduation", "graduation.origin", d.graduation.origin),
        ("favour_track", "favour_track.origin", d.favour_track.origin),
    ]
    for panel, where, point in positions:
        _inside(where, point, panel_size[panel])

    pb = d.player_board
    _same_keys("player_board.classes", pb.classes, {s.id for s in t.player_board.classes})
    _same_keys("player_board.students", pb.students, {s.id for s in t.player_board.students})
    for where, point in (
        *((f"player_board.classes.{k}", p) for k, p in pb.classes.items()),
        *((f"player_board.students.{k}", p) for k, p in pb.students.items()),
        ("player_board.graduation.origin", pb.graduation.origin),
        ("player_board.supply", pb.supply),
    ):
        _inside(where, point, pb.size)
    for where, size in (
        ("astronomy.port_size", a.port_size),
        ("theology.city_size", th.city_size),
        ("queues.item", d.queues.item),
        ("graduation.item", d.graduation.item),
        ("favour_track.item", d.favour_track.item),
        ("library.slot", d.library.slot),
        ("player_board.class_size", pb.class_size),
        ("player_board.graduation.item", pb.graduation.item),
    ):
        if min(size) < 1:
            raise _fail(where, "a size must be at least 1 x 1")
    for where, length in (
        ("astronomy.place_radius", a.place_radius),
        ("theology.space_radius", th.space_radius),
        ("mathematics.cell", m.cell),
        ("law.space_radius", d.law.space_radius),
        ("law.column_width", d.law.column_width),
        ("library.width", d.library.width),
        ("player_board.student_radius", pb.student_radius),
    ):
        if length < 1:
            raise _fail(where, "must be at least 1")
