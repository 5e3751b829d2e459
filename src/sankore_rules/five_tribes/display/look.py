"""The look shared by the panels of the Five Tribes picture: sizes, colours, marks, badges.

Each player has a colour that reads on the background and a shape of their own (a disc, a
crown, a house, a dome) with their seat number on it, so that no one needs to tell colours
apart. What the last action touched is ringed in the highlight colour, each ring carrying the
kinds of the events that touched it (``data-event``).
"""

from __future__ import annotations

from sankore_rules.core.svg import contrast, el, shape, text, title
from sankore_rules.core.tasks import Event
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = [
    "KIND_COLOURS",
    "MEEPLE_COLOURS",
    "PLAYER_COLOURS",
    "PLAYER_SHAPES",
    "Key",
    "Marks",
    "badge",
    "heading",
    "marks_of",
    "meeple",
    "player_colour",
    "ring",
]

#: A tile square's side, the room round the grid, and the room of the status line above it.
CELL = 96
MARGIN = 24
STATUS = 28
#: The column beside the Sultanate: its width, and the height of each of its panels.
SIDE = 320
SIDE_PANELS = (("tracks", 132), ("market", 104), ("djinns", 96), ("legend", 160))
#: A player's panel under the Sultanate (two to a row), and the gap between panels.
PLAYER_W, PLAYER_H, GAP = 446, 118, 12
#: The tint of each tile kind; a kind not listed is grey.
KIND_COLOURS = {
    "oasis": "#b8d8a8",
    "village": "#e8d2a6",
    "small_market": "#f0c987",
    "large_market": "#e0a95e",
    "sacred_place": "#c9b3d9",
}
#: The meeples' colours, by their ids in the meeple table.
MEEPLE_COLOURS = {
    "yellow": "#f2c511",
    "white": "#fafafa",
    "green": "#2e9e50",
    "blue": "#2f7fd1",
    "red": "#c63a2d",
}
#: Each seat's colour: dark enough to read on the background, and unlike the meeples'.
PLAYER_COLOURS = ("#7d3c98", "#b34700", "#0e6b58", "#2c3e50")
#: Each seat's shape, for whoever cannot tell the colours apart (the seat number is on it).
PLAYER_SHAPES = ("disc", "crown", "trading_post", "mosque")
#: The picture's background, the ink of its words, the rings' colour, and the faces of the
#: resource cards and the Djinns.
BACKGROUND = "#fbf6ec"
INK = "#3d2b1f"
HIGHLIGHT = "#e0115f"
CARD = "#fffdf7"
DJINN = "#efe4ff"

#: A thing on the picture the last action may have touched: ``("cell", index)``,
#: ``("marker", marker)`` (wherever the marker now stands) or ``("player", seat)``.
Key = tuple[str, int]
#: The things the last action touched, each with the kinds of the events that touched it.
Marks = dict[Key, list[str]]
#: The events that change what a player holds: their panel is ringed.
_HOLDINGS = frozenset(
    {"bought", "cards", "djinn", "kept", "sold", "fakirs", "drew", "power", "kill"}
)


def marks_of(rules: FiveTribesRules, state: FiveTribesState) -> Marks:
    """What the last action (``state.events``) touched, each with the kinds that touched it.

    A cell an event names (a pick, a drop, a take, a camel, a palm tree, a palace, a kill,
    meeples drawn onto it); the marker a bid or a turn moved, on the space it now stands on;
    the panel of a player whose cards, Djinns or meeples changed.
    """
    marks: Marks = {}
    for event in state.events:
        for key in _keys(rules, state, event):
            kinds = marks.setdefault(key, [])
            if event.kind not in kinds:
                kinds.append(event.kind)
    return marks


def _keys(rules: FiveTribesRules, state: FiveTribesState, event: Event) -> list[Key]:
    detail, player = event.detail, event.player
    keys: list[Key] = []
    cell = detail.get("cell")
    if isinstance(cell, str) and cell in rules.cell_index:
        keys.append(("cell", rules.cell_index[cell]))
    if event.kind in ("bid", "turn"):
        keys.append(("marker", int(detail["marker"])))
    if player is not None and event.kind in _HOLDINGS:
        keys.append(("player", player))
    if event.kind == "kill" and "rival" in detail:
        keys.append(("player", int(detail["rival"])))
    return keys


def ring(marks: Marks, key: Key, x: float, y: float, w: float, h: float, **attrs: object) -> str:
    """A highlight frame round the box (x, y, w, h) if the last action touched ``key``."""
    kinds = marks.get(key)
    if not kinds:
        return ""
    return el(
        "rect",
        title("last action: " + ", ".join(k.replace("_", " ") for k in kinds)),
        x=x - 3,
        y=y - 3,
        width=w + 6,
        height=h + 6,
        rx=6,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=3.5,
        data_event=" ".join(kinds),
        **attrs,
    )


def player_colour(seat: int) -> str:
    """Seat ``seat``'s colour."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def badge(seat: int, x: float, y: float, size: float) -> str:
    """Seat ``seat``'s shape in its colour, its number written on it."""
    colour = player_colour(seat)
    return shape(PLAYER_SHAPES[seat % len(PLAYER_SHAPES)], x, y, size, colour, "#222222") + text(
        x,
        y + size / 4 + 1,
        str(seat),
        font_size=round(size * 0.55),
        font_weight="bold",
        text_anchor="middle",
        fill=contrast(colour),
    )


def meeple(colour: str, cx: float, cy: float, r: float) -> str:
    """A meeple's disc in its colour, its initial on it."""
    fill = MEEPLE_COLOURS.get(colour, "#999999")
    return el("circle", cx=cx, cy=cy, r=r, fill=fill, stroke="#333333") + text(
        cx,
        cy + r / 2,
        colour[0].upper(),
        font_size=round(r * 1.3),
        text_anchor="middle",
        fill=contrast(fill),
    )


def heading(words: str) -> str:
    """A panel's title, at its top left."""
    return text(0, 13, words, font_size=13, font_weight="bold", fill=INK)
