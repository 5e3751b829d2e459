"""The drawing table (``data/drawing.toml``): where the pictures put each place, and their colours.

The SVG pictures of ``sankore_rules.interfaces.svg`` take every position from this table and
every connection from the ruleset's graphs, so a corrected board is redrawn by editing numbers,
not code. No rule reads it: it holds no number of the game, and so no ``source``. It is loaded
and checked with the other tables: its numbers lie within ``0..MAX_DRAWING_NUMBER``, and
``drawing_checks.py`` refuses, naming the key, a drawing that leaves a place of the other tables
undrawn, puts one outside its panel, or gives a colour that is not ``#rrggbb``.

Units are SVG user units, x to the right and y downwards. A panel is ``[x, y, width, height]``
inside its picture; a position is ``[x, y]`` inside its panel.
"""

from __future__ import annotations

from attrs import frozen

__all__ = [
    "BOARD_PANELS",
    "MADRASA_SIDES",
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
