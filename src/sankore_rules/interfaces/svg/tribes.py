"""A Five Tribes state as a picture.

The Sultanate with its meeples, camels, palm trees and palaces, and a line per player.

Each tile is a square tinted by its kind, its points written in blue when Builders count it;
the meeples on it are discs of their colour with their number; a camel of its owner's colour
marks a controlled tile.
"""

from __future__ import annotations

from sankore_rules import api
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.interfaces.svg.canvas import Panel, el, picture, shape, text, title

__all__ = ["tribes_svg"]

CELL = 96
MARGIN = 24
#: The tint of each tile kind; a kind not listed is grey.
KIND_COLOURS = {
    "oasis": "#b8d8a8",
    "village": "#e8d2a6",
    "small_market": "#f0c987",
    "great_market": "#e0a95e",
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
PLAYER_COLOURS = ("#7d3c98", "#d35400", "#117a65", "#2c3e50")


def _cell(state: FiveTribesState, index: int) -> str:
    rules = api.rules_of(state)
    tile = rules.tile_by_id[state.tiles[index]]
    r, c = divmod(index, rules.columns)
    x, y = c * CELL, r * CELL
    parts = [
        el(
            "rect",
            x=x + 2,
            y=y + 2,
            width=CELL - 4,
            height=CELL - 4,
            rx=6,
            fill=KIND_COLOURS.get(tile.kind, "#cccccc"),
            stroke="#555555",
        ),
        text(x + 6, y + 16, rules.cells[index], font_size=11, fill="#333333"),
        text(
            x + CELL - 8,
            y + 16,
            str(tile.points),
            font_size=13,
            text_anchor="end",
            font_weight="bold",
            fill="#1f5fbf" if tile.blue else "#a83224",
        ),
        title(f"{rules.cells[index]}: {tile.kind.replace('_', ' ')}, {tile.points} points"),
    ]
    shown = [(c, n) for c, n in zip(rules.colours, state.meeples[index], strict=True) if n]
    for k, (colour, n) in enumerate(shown):
        cx, cy = x + 16 + 18 * k, y + CELL / 2 + 4
        parts.append(
            el(
                "circle",
                cx=cx,
                cy=cy,
                r=7,
                fill=MEEPLE_COLOURS.get(colour, "#999999"),
                stroke="#333333",
            )
        )
        parts.append(text(cx, cy + 20, str(n), font_size=11, text_anchor="middle"))
    owner = state.camels[index]
    if owner is not None:
        ink = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
        parts.append(shape("camel", x + CELL - 18, y + CELL - 16, 18, ink, "#222222"))
    for k in range(state.palms[index]):
        parts.append(shape("disc", x + 12 + 12 * k, y + CELL - 12, 9, "#3b7d23", "#222222"))
    for k in range(state.palaces[index]):
        parts.append(shape("trading_post", x + 40 + 12 * k, y + CELL - 12, 10, "#f5f5f5", "#222"))
    return el("g", *parts, data_cell=rules.cells[index])


def tribes_svg(state: FiveTribesState) -> str:
    """The whole Five Tribes state as an SVG document (what ``show --svg`` writes for it)."""
    rules = api.rules_of(state)
    width, height = rules.columns * CELL, rules.rows * CELL
    grid = "".join(_cell(state, i) for i in range(len(rules.cells)))
    lines = []
    for seat, p in enumerate(state.players):
        kept = ", ".join(f"{n} {c}" for c, n in zip(rules.colours, p.pool, strict=True) if n)
        words = (
            f"P{seat}: {p.coins} coins, {p.camels} camels, {kept or 'no meeples'}, "
            f"{len(p.goods)} goods, {p.fakirs} Fakirs, {len(p.djinns)} Djinns"
        )
        y = height + 22 + 20 * seat
        lines.append(text(0, y, words, font_size=13, fill=PLAYER_COLOURS[seat]))
    panel = Panel("sultanate", (MARGIN, MARGIN, width, height), grid, "".join(lines))
    size = (width + 2 * MARGIN, height + 2 * MARGIN + 20 * state.player_count + 8)
    label = f"Five Tribes: round {state.round}, {state.player_count} players"
    return picture("five-tribes", label, size, "#fbf6ec", [panel])
