"""The Five Tribes table as one SVG picture: the Sultanate, the tracks, the markets, the players.

The picture is made of the panels of ``core.svg``: a status line saying whose turn it is, a
panel per row of the Sultanate, then, beside the Sultanate, the tracks (the Turn Order Track and
the Bid Order Track), the resource-card market, the Djinn display and a legend, and under it a
panel per player. What the ruleset alone fixes (the cells and their tiles, the track spaces, the
legend) is each panel's board layer; what the state puts there (meeples, camels, palm trees,
palaces, markers, cards, Djinns, players' holdings, the rings round what the last action
touched) is its pieces layer, which the viewer swaps from frame to frame.

A program finds its way with ``data-*`` attributes: a tile is the group with ``data-cell``
(exactly one per cell); a piece is a group with ``data-piece`` (``meeple``, ``camel``,
``palm``, ``palace``, ``marker``, ``card``, ``djinn``, ``vizier``, ``elder``, ``good``,
``fakir``) and where it is (``data-on`` a cell, ``data-track`` and ``data-space`` a track's
space, ``data-player`` a player's); a ring round what the last action touched carries the
kinds of the events that touched it (``data-event``).

The look the panels share (sizes, colours, rings, badges) is ``look``; the panels beside
and under the Sultanate are ``panels``.
"""

from __future__ import annotations

from sankore_rules.core.clickable import Clicks, with_controls
from sankore_rules.core.svg import Panel, el, picture, shape, text, title
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.display import panels as side
from sankore_rules.five_tribes.display.clicks import clicks_for
from sankore_rules.five_tribes.display.look import (
    BACKGROUND,
    CELL,
    GAP,
    INK,
    KIND_COLOURS,
    MARGIN,
    MEEPLE_COLOURS,
    PLAYER_COLOURS,
    PLAYER_H,
    PLAYER_SHAPES,
    PLAYER_W,
    SIDE,
    SIDE_PANELS,
    STATUS,
    Marks,
    badge,
    heading,
    marks_of,
    meeple,
    player_colour,
    ring,
)
from sankore_rules.five_tribes.display.text import KIND_LETTER, kind_name, now
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = [
    "KIND_COLOURS",
    "MEEPLE_COLOURS",
    "PLAYER_COLOURS",
    "PLAYER_SHAPES",
    "Marks",
    "marks_of",
    "state_svg",
]


# ---- the whole picture --------------------------------------------------------------------------


def state_svg(
    rules: FiveTribesRules,
    state: FiveTribesState | None,
    *,
    viewer: int | None = None,
    clickable: bool = False,
) -> str:
    """The whole table as an SVG document: the game's drawing hook.

    Args:
        rules: the ruleset.
        state: the state to draw, or None for the empty table (the tiles are dealt at
            setup, so only the cells, the tracks' spaces and the legend are drawn).
        viewer: draw the table as this seat sees it: the other players' coins are hidden
            (FT-PUB-3); ``SPECTATOR`` (-1) hides every seat's. None (the door's picture)
            draws the whole state, every coin shown.
        clickable: when ``viewer`` is the seat to decide, put its legal actions on the
            picture (``data-actions`` on the tiles, track spaces, Djinns and pools they stand
            for, and a panel of buttons at the bottom for the others; see
            ``core/clickable.py``). For any other viewer the picture is the plain one.
    """
    clicks = clicks_for(rules, state, viewer) if clickable and state is not None else None
    board_w, board_h = rules.columns * CELL, rules.rows * CELL
    top = STATUS + MARGIN
    seats = 0 if state is None else state.player_count
    player_rows = (seats + 1) // 2
    width = MARGIN + board_w + MARGIN + SIDE + MARGIN
    height = top + board_h + MARGIN + player_rows * (PLAYER_H + GAP)
    marks: Marks = {} if state is None else marks_of(rules, state)
    panels = [Panel("status", (0, 0, width, STATUS), "", _status(rules, state))]
    for row in range(rules.rows):
        cells = range(row * rules.columns, (row + 1) * rules.columns)
        panels.append(
            Panel(
                f"row-{row}",
                (MARGIN, top + row * CELL, board_w, CELL),
                "".join(_tile(rules, state, i) for i in cells),
                ""
                if state is None
                else "".join(_pieces(rules, state, i, marks, clicks) for i in cells),
            )
        )
    side_x, y = MARGIN + board_w + MARGIN, top
    for name, h in SIDE_PANELS:
        box = (side_x, y, SIDE, h - 8)
        if name == "tracks":
            panels.append(
                Panel(
                    name,
                    box,
                    side.tracks_board(rules, state),
                    side.markers(rules, state, marks, clicks),
                )
            )
        elif name == "market":
            panels.append(Panel(name, box, heading("Resource-card market"), side.market(state)))
        elif name == "djinns":
            panels.append(
                Panel(name, box, heading("Djinn display"), side.display(rules, state, clicks))
            )
        else:
            panels.append(Panel(name, box, side.legend(rules), ""))
        y += h
    if state is not None:
        turn = state.current_player
        for seat in range(seats):
            box = (
                MARGIN + seat % 2 * (PLAYER_W + GAP),
                top + board_h + MARGIN + seat // 2 * (PLAYER_H + GAP),
                PLAYER_W,
                PLAYER_H,
            )
            hidden = viewer is not None and seat != viewer
            pieces = side.player(rules, state, seat, turn == seat, hidden, marks, clicks)
            panels.append(Panel(f"player-{seat}", box, "", pieces))
    if clicks is not None:
        (width, height), panels = with_controls(clicks, (width, height), panels, STATUS, MARGIN)
    label = (
        "Five Tribes: the whole table"
        if viewer is None
        else "Five Tribes as a spectator sees it"
        if viewer < 0
        else f"Five Tribes as P{viewer} sees it"
    )
    return picture("five-tribes", label, (width, height), BACKGROUND, panels)


def _status(rules: FiveTribesRules, state: FiveTribesState | None) -> str:
    """Whose turn it is (their badge first) and what they decide, or who won."""
    if state is None:
        words = f"Five Tribes · ruleset {rules.name}"
        return text(MARGIN, 20, words, font_size=15, font_weight="bold", fill=INK)
    seat = state.current_player
    if seat is not None and seat < 0:
        seat = None  # a chance step (explicit mode): no seat decides, so no badge
    mark = "" if seat is None else badge(seat, MARGIN + 8, 14, 18)
    x = MARGIN if seat is None else MARGIN + 24
    words = f"Round {state.round} · {now(rules, state)}"
    return mark + text(x, 20, words, font_size=15, font_weight="bold", fill=INK)


# ---- the Sultanate ------------------------------------------------------------------------------


def _tile(rules: FiveTribesRules, state: FiveTribesState | None, index: int) -> str:
    """A tile's square in its row's panel: its kind's tint and letter, its points."""
    x = index % rules.columns * CELL
    name = rules.cells[index]
    square = {"x": x + 2, "y": 2, "width": CELL - 4, "height": CELL - 4, "rx": 6}
    label = text(x + 6, 16, name, font_size=11, fill="#333333")
    if state is None or not state.tiles[index]:  # no state, or a cell not dealt yet
        return el(
            "g", el("rect", **square, fill="#e6e0d2", stroke="#555555"), label, data_cell=name
        )
    tile = rules.tile_by_id[state.tiles[index]]
    letter = KIND_LETTER.get(tile.kind, "?")
    return el(
        "g",
        el("rect", **square, fill=KIND_COLOURS.get(tile.kind, "#cccccc"), stroke="#555555"),
        label,
        text(x + CELL / 2, 17, letter, font_size=14, font_weight="bold", text_anchor="middle"),
        text(
            x + CELL - 8,
            16,
            str(tile.points),
            font_size=13,
            text_anchor="end",
            font_weight="bold",
            fill="#1f5fbf" if tile.blue else "#a83224",
        ),
        title(
            f"{name}: {kind_name(tile.kind)}, {tile.points} points"
            + (" (blue: Builders count it)" if tile.blue else "")
        ),
        data_cell=name,
        data_tile=tile.id,
        data_kind=tile.kind,
    )


def _pieces(
    rules: FiveTribesRules,
    state: FiveTribesState,
    index: int,
    marks: Marks,
    clicks: Clicks | None = None,
) -> str:
    """The meeples, the camel, the palm trees and the palaces on one tile, and its ring.

    Over them, the tile's hit area when legal actions stand for it (``clicks``).
    """
    x = index % rules.columns * CELL
    name = rules.cells[index]
    parts = [ring(marks, ("cell", index), x + 2, 2, CELL - 4, CELL - 4, data_on=name)]
    for k, (colour, n) in enumerate(zip(rules.colours, state.meeples[index], strict=True)):
        if not n:
            continue
        cx, cy = x + 12 + 18 * k, CELL / 2 - 4
        parts.append(
            el(
                "g",
                meeple(colour, cx, cy, 8),
                text(cx, cy + 21, str(n), font_size=11, text_anchor="middle"),
                title(f"{n} {colour} on {name}"),
                data_piece="meeple",
                data_colour=colour,
                data_count=n,
                data_on=name,
            )
        )
    owner = state.camels[index]
    if owner is not None:
        ink = player_colour(owner)
        parts.append(
            el(
                "g",
                shape("camel", x + CELL - 22, CELL - 16, 22, ink, "#222222"),
                text(x + CELL - 8, CELL - 24, str(owner), font_size=11, font_weight="bold"),
                title(f"P{owner}'s camel on {name}: P{owner} controls it"),
                data_piece="camel",
                data_player=owner,
                data_on=name,
            )
        )
    for k in range(state.palms[index]):
        palm = shape("disc", x + 12 + 12 * k, CELL - 12, 9, "#3b7d23", "#222222")
        parts.append(
            el("g", palm, title(f"a palm tree on {name}"), data_piece="palm", data_on=name)
        )
    for k in range(state.palaces[index]):
        house = shape(
            "trading_post",
            x + 16 + 12 * (state.palms[index] + k),
            CELL - 12,
            10,
            "#f5f5f5",
            "#222222",
        )
        parts.append(
            el("g", house, title(f"a palace on {name}"), data_piece="palace", data_on=name)
        )
    if clicks is not None:
        parts.append(clicks.box(("cell", index), x + 2, 2, CELL - 4, CELL - 4))
    return "".join(parts)
