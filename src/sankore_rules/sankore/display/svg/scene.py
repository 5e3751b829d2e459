"""What every panel draws with: the ruleset, its drawing table, the state, and the components.

A ``Scene`` is built once per picture. Panels ask it for the colours of a player or a
discipline, for the pieces (Trading Posts, Books, Students, tiles ...) as they are drawn
everywhere, and for the ring around whatever the last action touched.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable

from sankore_rules.core.clickable import Clicks
from sankore_rules.core.svg import contrast, el, shape, star, text, title
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.display.svg.marks import Key, Marks, marks_of
from sankore_rules.sankore.drawing import Drawing
from sankore_rules.sankore.state import State

__all__ = ["PIECE_SHAPES", "Scene"]

#: The shape of each kind of piece a player builds, in discipline order (Trading Posts,
#: Mosques, Walls, Crowns), and what each is called.
PIECE_SHAPES = ("trading_post", "mosque", "wall", "crown")
PIECE_NAMES = ("Trading Post", "Mosque", "Wall", "Crown")


#: Board layers drawn already, per ruleset: they depend on the ruleset alone (and the player
#: count, the Library side), and a game viewer draws hundreds of frames of one game.
_DRAWN: weakref.WeakKeyDictionary[Rules, dict[Hashable, str]] = weakref.WeakKeyDictionary()


class Scene:
    """The ruleset, its drawing, the state (None: the ruleset alone) and the last action's marks.

    Args:
        rules: the ruleset.
        state: the state to draw, or None for the board as the ruleset sets it out.
        marks: whether to ring what the state's last action touched.
        viewer: whose picture it is: None for everything, a seat, or -1 for a spectator.
        clicks: the legal actions of the seat the picture is for, when it is the one to decide
            and the picture is clickable: each place that stands for some gets a hit area
            where it is ringed (``ring``, ``frame``).
    """

    def __init__(
        self,
        rules: Rules,
        state: State | None,
        marks: bool = True,
        viewer: int | None = None,
        clicks: Clicks | None = None,
    ) -> None:
        self.rules = rules
        self.viewer = viewer
        self.drawing: Drawing = rules.tables.drawing
        self.state = state
        self.colours = self.drawing.colours
        self.ink = self.colours.ink
        self.marks: Marks = marks_of(rules, state.events) if state is not None and marks else {}
        self.clicks = clicks

    def once(self, key: Hashable, draw: Callable[[], str]) -> str:
        """What ``draw`` gives, drawn once per ruleset and ``key``: for board layers."""
        drawn = _DRAWN.setdefault(self.rules, {})
        if key not in drawn:
            drawn[key] = draw()
        return drawn[key]

    def hand_hidden(self, p: int) -> bool:
        """Whether player ``p``'s Objective cards are face down in this picture."""
        if self.viewer is None:
            return False
        return p != self.viewer or (self.state is not None and self.state.is_scholar(p))

    # ---- colours ----------------------------------------------------------------------------

    def player(self, p: int) -> str:
        """Player ``p``'s colour."""
        return self.colours.players[p]

    def discipline(self, d: str) -> str:
        """Discipline ``d``'s colour."""
        return self.colours.disciplines[d]

    # ---- marks ------------------------------------------------------------------------------

    def ring(self, key: Key, x: float, y: float, r: float) -> str:
        """A highlight circle of radius ``r`` round (x, y) if the last action touched ``key``.

        And the hit area of the place ``key`` if legal actions stand for it (``clicks``).
        """
        hit = "" if self.clicks is None else self.clicks.circle(key, x, y, r)
        kinds = self.marks.get(key)
        if not kinds:
            return hit
        return hit + el(
            "circle",
            title("last action: " + ", ".join(kinds)),
            cx=x,
            cy=y,
            r=r,
            fill="none",
            stroke=self.colours.highlight,
            stroke_width=3.5,
            data_event=" ".join(kinds),
        )

    def frame(self, key: Key, x: float, y: float, w: float, h: float) -> str:
        """A highlight rectangle round the box (x, y, w, h) if the last action touched ``key``.

        And the hit area of the place ``key`` if legal actions stand for it (``clicks``).
        """
        hit = "" if self.clicks is None else self.clicks.box(key, x, y, w, h)
        kinds = self.marks.get(key)
        if not kinds:
            return hit
        return hit + el(
            "rect",
            title("last action: " + ", ".join(kinds)),
            x=x - 3,
            y=y - 3,
            width=w + 6,
            height=h + 6,
            rx=5,
            fill="none",
            stroke=self.colours.highlight,
            stroke_width=3.5,
            data_event=" ".join(kinds),
        )

    # ---- components -------------------------------------------------------------------------

    def piece(self, area_index: int, p: int, x: float, y: float, size: float, where: str) -> str:
        """Player ``p``'s piece of the area ``area_index`` (0 Trading Post ... 3 Crown)."""
        fill = self.player(p)
        return el(
            "g",
            title(f"P{p}'s {PIECE_NAMES[area_index]} on {where}"),
            shape(PIECE_SHAPES[area_index], x, y, size, fill, self.ink),
            text(
                x,
                y + size * 0.32,
                str(p),
                font_size=size * 0.55,
                text_anchor="middle",
                fill=contrast(fill),
                font_weight="bold",
            ),
            data_piece=PIECE_SHAPES[area_index].replace("_", "-"),
            data_player=p,
        )

    def camel(self, p: int, x: float, y: float, size: float, where: str) -> str:
        """Player ``p``'s camel."""
        return el(
            "g",
            title(f"P{p}'s camel at {where}"),
            shape("camel", x, y, size, self.player(p), self.ink),
            data_piece="camel",
            data_player=p,
        )

    def disc(self, p: int, x: float, y: float, size: float, what: str) -> str:
        """Player ``p``'s disc (on the Favour track)."""
        fill = self.player(p)
        return el(
            "g",
            title(f"P{p}'s {what}"),
            shape("disc", x, y, size, fill, self.ink),
            text(
                x,
                y + size * 0.3,
                str(p),
                font_size=size * 0.6,
                text_anchor="middle",
                fill=contrast(fill),
                font_weight="bold",
            ),
            data_piece="disc",
            data_player=p,
        )

    def book(self, d: str, x: float, y: float, size: float = 10, note: str = "") -> str:
        """A Book of discipline ``d``, centred on (x, y)."""
        return el(
            "rect",
            title(f"{d} Book{note}"),
            x=x - size / 2,
            y=y - size * 0.65,
            width=size,
            height=size * 1.3,
            rx=1.5,
            fill=self.discipline(d),
            stroke=self.ink,
            stroke_width=0.8,
            data_book=d,
        )

    def token(self, d: str, x: float, y: float, size: float = 10, note: str = "") -> str:
        """A Prestige token of discipline ``d``."""
        return el(
            "g",
            title(f"{d} Prestige token{note}"),
            el("circle", cx=x, cy=y, r=size / 2, fill=self.discipline(d), stroke=self.ink),
            star(x, y, size * 0.7, contrast(self.discipline(d))),
            data_token=d,
        )

    def student(self, d: str, x: float, y: float, r: float, note: str = "") -> str:
        """A Student of discipline ``d``."""
        return el(
            "circle",
            title(f"{d} Student{note}"),
            cx=x,
            cy=y,
            r=r,
            fill=self.discipline(d),
            stroke=self.ink,
            stroke_width=1.2,
            data_student=d,
        )

    def sankore_tile(self, tile: str, x: float, y: float, size: float, starred: bool) -> str:
        """A Sankoré tile centred on (x, y), in its discipline's colour; a star when starred."""
        d = self.rules.sankore_tiles[tile].discipline
        side = "Prestige side" if starred else "bonus side"
        mark = (
            star(x, y, size * 0.7, contrast(self.discipline(d)))
            if starred
            else el("circle", cx=x, cy=y, r=size / 8, fill=contrast(self.discipline(d)))
        )
        return el(
            "g",
            title(f"Sankoré tile {tile} ({d}, {side} up)"),
            el(
                "rect",
                x=x - size / 2,
                y=y - size / 2,
                width=size,
                height=size,
                rx=size / 8,
                fill=self.discipline(d),
                stroke=self.ink,
            ),
            mark,
            data_tile=tile,
            data_star="yes" if starred else "no",
        )

    def space_circle(self, space: str, x: float, y: float, r: float, label: str, note: str) -> str:
        """An empty area space: a circle with its printed number (the ruleset's drawing)."""
        return el(
            "g",
            title(note),
            el(
                "circle",
                cx=x,
                cy=y,
                r=r,
                fill=self.colours.space,
                stroke=self.ink,
                stroke_width=1.2,
            ),
            text(x, y + 4, label, font_size=11, text_anchor="middle", fill=self.ink),
            data_space=space,
        )

    def heading(self, x: float, y: float, words: str, size: float = 15) -> str:
        """A panel's or a part's heading."""
        return text(x, y, words, font_size=size, font_weight="bold", fill=self.ink)

    def small(self, x: float, y: float, words: str, anchor: str = "start", size: float = 10) -> str:
        """Small print: a number, a cost, a label."""
        return text(x, y, words, font_size=size, fill=self.ink, text_anchor=anchor)

    def backdrop(self, w: float, h: float) -> str:
        """A panel's background."""
        return el(
            "rect",
            x=0,
            y=0,
            width=w,
            height=h,
            rx=8,
            fill=self.colours.panel,
            stroke=self.ink,
            stroke_width=1,
        )

    def region_boxes(self, area: str, region: str, x: float, y: float, tile: bool) -> str:
        """A region's scoring box and, where ``tile``, its Sankoré tile: the pieces layer.

        The box's Book and Prestige token, then the tile, left to right from (x, y).
        """
        if self.state is None:
            return ""
        key = f"{area}:{region}"
        book, prestige = self.state.boxes.get(key, (None, None))
        parts = [self.frame(("box", key), x, y - 9, 30, 18)]
        if book is not None:
            parts.append(self.book(book, x + 7, y, 9, f" in the scoring box of {key}"))
        if prestige is not None:
            parts.append(self.token(prestige, x + 22, y, 11, f" in the scoring box of {key}"))
        placed = self.state.region_tiles.get(key)
        if tile and placed is not None:
            parts.append(self.sankore_tile(placed, x + 48, y, 18, starred=False))
        return "".join(parts)

    def region_slots(self, x: float, y: float, tile: bool) -> str:
        """The empty scoring box (and Sankoré tile space) of a region: the board layer."""
        parts = [
            el(
                "rect",
                x=x,
                y=y - 9,
                width=30,
                height=18,
                rx=3,
                fill="none",
                stroke=self.ink,
                stroke_dasharray="3 2",
            )
        ]
        if tile:
            parts.append(
                el(
                    "rect",
                    x=x + 39,
                    y=y - 9,
                    width=18,
                    height=18,
                    rx=2,
                    fill="none",
                    stroke=self.ink,
                    stroke_dasharray="3 2",
                )
            )
        return "".join(parts)
