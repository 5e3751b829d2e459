"""The drawing table (``data/drawing.toml``): where the pictures put each place, and their colours.

The SVG pictures of ``sankore_rules.interfaces.svg`` take every position from this table and
every connection from the ruleset's graphs, so a corrected board is redrawn by editing numbers,
not code. No rule reads it: it holds no number of the game, and so no ``source``. It is loaded
and checked with the other tables, and ``validate_drawing()`` refuses, naming the key, a
drawing that leaves a place of the other tables undrawn, puts one outside its panel, or gives
a colour that is not ``#rrggbb``.

Units are SVG user units, x to the right and y downwards. A panel is ``[x, y, width, height]``
inside its picture; a position is ``[x, y]`` inside its panel.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from sankore_rules.sankore.vocabulary import RulesDataError

if TYPE_CHECKING:
    from sankore_rules.sankore.schema import RulesTables

__all__ = [
    "BOARD_PANELS",
    "MAX_DRAWING_NUMBER",
    "AstronomyDrawing",
    "BoardDrawing",
    "Colours",
    "Drawing",
    "LawDrawing",
    "LibraryDrawing",
    "MathematicsDrawing",
    "PlayerBoardDrawing",
    "RowDrawing",
    "TheologyDrawing",
    "validate_drawing",
]

Point = tuple[int, int]
Size = tuple[int, int]
Box = tuple[int, int, int, int]

#: The panels of the main board picture, in the order they are drawn.
BOARD_PANELS = (
    "astronomy",
    "theology",
    "mathematics",
    "law",
    "queues",
    "graduation",
    "favour_track",
)
#: No picture is wider or taller than this; a larger number is a mistake, not a drawing.
MAX_DRAWING_NUMBER = 5000
#: Sides of the Madrasa as drawn, and the orientation of a Wall side drawn there.
MADRASA_SIDES = {
    "top": "horizontal",
    "bottom": "horizontal",
    "left": "vertical",
    "right": "vertical",
}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@frozen
class Colours:
    """The colours: each player's pieces, each discipline's, and the board's own."""

    players: tuple[str, ...]
    disciplines: dict[str, str]
    highlight: str
    board: str
    panel: str
    space: str
    ink: str


@frozen
class BoardDrawing:
    """The main board picture: its size and where each of its panels goes."""

    size: Size
    panels: dict[str, Box]


@frozen
class AstronomyDrawing:
    """The camel map: each place, each region's label and boxes, each region's dotted line."""

    place_radius: int
    port_size: Size
    places: dict[str, Point]
    regions: dict[str, Point]
    lines: dict[str, tuple[Point, ...]]


@frozen
class TheologyDrawing:
    """The Theology area: each city (its centre) and each region's label and boxes."""

    space_radius: int
    city_size: Size
    cities: dict[str, Point]
    regions: dict[str, Point]


@frozen
class MathematicsDrawing:
    """The Madrasa: its grid, which side of it each Wall side is drawn on, its Students."""

    cell: int
    grid: Point
    sides: dict[str, str]
    students: Point
    regions: dict[str, Point]


@frozen
class LawDrawing:
    """The Law area: the top-left corner of each region's column (Overflow, then rows)."""

    space_radius: int
    column_width: int
    regions: dict[str, Point]


@frozen
class RowDrawing:
    """Things drawn in rows (queues, Graduation tiles, Favour track): first one, size, gap."""

    origin: Point
    item: Size
    gap: int


@frozen
class LibraryDrawing:
    """The Library picture: its width, the first shelf, a Book slot and the gaps."""

    width: int
    origin: Point
    slot: Size
    gap: int


@frozen
class PlayerBoardDrawing:
    """A player board picture: its size, each Class and Student space, the other parts."""

    size: Size
    class_size: Size
    student_radius: int
    classes: dict[str, Point]
    students: dict[str, Point]
    graduation: RowDrawing
    supply: Point


@frozen
class Drawing:
    """``drawing.toml``."""

    colours: Colours
    board: BoardDrawing
    astronomy: AstronomyDrawing
    theology: TheologyDrawing
    mathematics: MathematicsDrawing
    law: LawDrawing
    queues: RowDrawing
    graduation: RowDrawing
    favour_track: RowDrawing
    library: LibraryDrawing
    player_board: PlayerBoardDrawing


# ---- checks ------------------------------------------------------------------------------------


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


def _check_numbers(where: str, value: object) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int) and not 0 <= value <= MAX_DRAWING_NUMBER:
        raise _fail(where, f"{value} is not a number 0..{MAX_DRAWING_NUMBER}")
    if isinstance(value, tuple):
        for i, item in enumerate(value):
            _check_numbers(f"{where}[{i}]", item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_numbers(f"{where}.{key}", item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            _check_numbers(f"{where}.{field.name}".lstrip("."), getattr(value, field.name))


def validate_drawing(t: RulesTables) -> None:
    """Raise ``RulesDataError`` unless ``t.drawing`` draws every place the other tables hold.

    Every position lies inside its panel, every panel inside its picture; so a drawing the
    tables accept is one the pictures can draw.
    """
    d = t.drawing
    _check_numbers("", d)
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
