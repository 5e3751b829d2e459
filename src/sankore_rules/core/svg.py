"""Writing SVG, for every game's drawing: elements with escaped text, shapes, whole pictures.

Every picture is one ``<svg>`` of panels. A panel is a group placed at its box, holding two
layers: what the ruleset alone draws (``data-layer="board"``) and what the state puts on it
(``data-layer="pieces"``, the last action's marks included). The game viewer keeps the first
once and swaps the second from frame to frame.

Pictures carry no ids and no stylesheet: several can share one HTML page, and they look the
same as a file, inline in a page, or in a notebook. Elements a program may look for carry
``data-*`` attributes (``data-space``, ``data-piece``, ``data-player``, ``data-event`` ...).

Nothing here knows a game: a game's drawing (``sankore/display/svg``, ``five_tribes/display``)
builds its panels with these helpers, and a door that shows pictures frame after frame (the
viewer) takes a picture apart again with [`layers`][sankore_rules.core.svg.layers].
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache
from html import escape

from attrs import frozen

__all__ = [
    "SVG_NAMESPACE",
    "Layers",
    "Panel",
    "contrast",
    "el",
    "layers",
    "panel_group",
    "picture",
    "shape",
    "star",
    "text",
    "title",
]

#: The namespace of every picture's root element.
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


_SPECIAL = frozenset("&<>\"'")


def _value(value: object) -> str:
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is float:
        return f"{value:.1f}".removesuffix(".0")
    words = str(value)
    return escape(words, quote=True) if _SPECIAL.intersection(words) else words


_ATTRIBUTE: dict[str, str] = {"cls": "class"}


def _attribute(key: str) -> str:
    name = _ATTRIBUTE[key] = key.rstrip("_").replace("_", "-")
    return name


def el(name: str, *children: str, **attrs: object) -> str:
    """An element ``name`` holding ``children``, its content already written.

    Keyword arguments are its attributes: ``data_space`` is ``data-space``, ``cls`` is
    ``class``, and None leaves an attribute out.
    """
    head = name + "".join(
        f' {_ATTRIBUTE.get(key) or _attribute(key)}="{_value(value)}"'
        for key, value in attrs.items()
        if value is not None
    )
    if not children:
        return f"<{head}/>"
    return f"<{head}>{''.join(children)}</{name}>"


def text(x: float, y: float, words: str, **attrs: object) -> str:
    """A text element at (x, y), its words escaped."""
    return el("text", escape(words, quote=False), x=x, y=y, **attrs)


def title(words: str) -> str:
    """A tooltip for the element it is put in (also what a screen reader says)."""
    return el("title", escape(words, quote=False))


def contrast(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#rrggbb``)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_value(float(x))},{_value(float(y))}" for x, y in points)


@lru_cache(maxsize=4096)  # the same pieces stand in the same places frame after frame
def shape(kind: str, x: float, y: float, size: float, fill: str, ink: str) -> str:
    """A piece's outline centred on (x, y), ``size`` across.

    ``trading_post`` a house, ``mosque`` a dome, ``wall`` a crenellated block, ``crown`` a
    crown, ``camel`` a camel, ``disc`` a disc.
    """
    h = size / 2
    common = {"fill": fill, "stroke": ink, "stroke_width": 1.2}
    if kind == "trading_post":
        pts = [(x - h, y + h), (x - h, y - h / 4), (x, y - h), (x + h, y - h / 4), (x + h, y + h)]
        return el("polygon", points=_points(pts), **common)
    if kind == "mosque":
        d = (
            f"M{_value(x - h)},{_value(y + h)} V{_value(y)} "
            f"A{_value(h)},{_value(h)} 0 0 1 {_value(x + h)},{_value(y)} "
            f"V{_value(y + h)} Z"
        )
        return el("path", d=d, **common)
    if kind == "wall":
        q = size / 4
        pts = [(x - h, y + h / 2), (x - h, y - h / 2)]
        for i in range(4):
            left = x - h + i * q
            top = y - h / 2 - (q / 2 if i % 2 == 0 else 0)
            pts += [(left, top), (left + q, top)]
        pts += [(x + h, y - h / 2), (x + h, y + h / 2)]
        return el("polygon", points=_points(pts), **common)
    if kind == "crown":
        pts = [
            (x - h, y + h / 2),
            (x - h, y - h / 2),
            (x - h / 2, y),
            (x, y - h),
            (x + h / 2, y),
            (x + h, y - h / 2),
            (x + h, y + h / 2),
        ]
        return el("polygon", points=_points(pts), **common)
    if kind == "camel":
        d = (
            f"M{_value(x - h)},{_value(y + h / 3)} "
            f"q{_value(h / 4)},{_value(-h)} {_value(h / 2)},{_value(-h / 3)} "
            f"q{_value(h / 4)},{_value(-h)} {_value(h / 2)},0 "
            f"q{_value(h / 4)},{_value(-h * 0.8)} {_value(h / 2)},{_value(-h / 6)} "
            f"l{_value(h / 2)},{_value(-h / 2)} l0,{_value(h / 2)} "
            f"l{_value(-h / 3)},{_value(h * 0.9)} Z"
        )
        return el("path", d=d, stroke_linejoin="round", **common)
    return el("circle", cx=x, cy=y, r=h, **common)


@lru_cache(maxsize=4096)
def star(x: float, y: float, size: float, fill: str) -> str:
    """A five-pointed star centred on (x, y): the Prestige side of a Sankoré tile."""
    pts = []
    for i in range(10):
        radius = size / 2 if i % 2 == 0 else size / 5
        angle = math.pi / 2 + i * math.pi / 5
        pts.append((x + radius * math.cos(angle), y - radius * math.sin(angle)))
    return el("polygon", points=_points(pts), fill=fill)


@frozen
class Panel:
    """One panel of a picture: its name, its box, what the ruleset draws and what the state adds.

    Attributes:
        name: the panel's name (``astronomy``, ``library``, ``player-0`` ...).
        box: ``(x, y, width, height)`` inside the picture.
        board: the panel as the ruleset alone draws it.
        pieces: what the state puts on it, the last action's marks included; empty without a
            state.
    """

    name: str
    box: tuple[int, int, int, int]
    board: str
    pieces: str


def panel_group(panel: Panel, pieces: str | None = None) -> str:
    """A panel as placed in its picture; ``pieces`` replaces the panel's own pieces layer."""
    x, y, _, _ = panel.box
    return el(
        "g",
        el("g", panel.board, data_layer="board"),
        el("g", panel.pieces if pieces is None else pieces, data_layer="pieces"),
        data_panel=panel.name,
        transform=f"translate({x},{y})" if (x or y) else None,
    )


def picture(
    kind: str,
    label: str,
    size: tuple[int, int],
    background: str,
    panels: Iterable[Panel],
    header: str = "",
) -> str:
    """A whole picture: an ``<svg>`` document of ``size`` holding ``panels``.

    Args:
        kind: what it shows (``board``, ``library``, ``player-board``, ``area``, ``state``), as
            its ``data-picture`` attribute.
        label: its title, what a screen reader or a tooltip says.
        size: width and height in user units (also its size in pixels).
        background: the colour behind the panels.
        panels: the panels, drawn in order.
        header: extra content drawn over the panels (a line saying whose turn it is).
    """
    w, h = size
    content = "".join(panel_group(p) for p in panels)
    return el(
        "svg",
        title(label),
        el("rect", width=w, height=h, fill=background),
        content,
        header,
        xmlns=SVG_NAMESPACE,
        viewBox=f"0 0 {w} {h}",
        width=w,
        height=h,
        font_family="sans-serif",
        role="img",
        aria_label=label,
        data_picture=kind,
        style="max-width:100%;height:auto",
    )


# ---- taking a picture apart ---------------------------------------------------------------------

#: A pieces layer as ``panel_group`` opens it, and any ``g`` tag (``/`` for a closing one,
#: ``/>`` at the end for an empty one). Attribute values are escaped (``_value``), so a ``>``
#: only ever ends a tag.
_PIECES_OPEN = '<g data-layer="pieces">'
_G_TAG = re.compile(r"<(/?)g\b[^>]*?(/?)>")


@frozen
class Layers:
    """A picture taken apart: what stays from frame to frame, and what a state puts on it.

    Attributes:
        frame: the picture with every pieces layer emptied (``<g data-layer="pieces"></g>``).
        pieces: the content of each pieces layer, in the order they come in ``frame``.
    """

    frame: str
    pieces: tuple[str, ...]


def layers(svg: str) -> Layers:
    """``svg`` as its frame and its pieces layers (those ``panel_group`` writes).

    A picture made by [`picture`][sankore_rules.core.svg.picture] comes apart panel by
    panel; any other SVG text is all frame, with no pieces layer.
    """
    frame: list[str] = []
    pieces: list[str] = []
    at = 0
    while (start := svg.find(_PIECES_OPEN, at)) >= 0:
        inner = start + len(_PIECES_OPEN)
        end = _closing(svg, inner)
        frame.append(svg[at:inner])
        pieces.append(svg[inner:end])
        at = end
    frame.append(svg[at:])
    return Layers("".join(frame), tuple(pieces))


def _closing(svg: str, inner: int) -> int:
    """Where the ``</g>`` closing the group whose content starts at ``inner`` begins."""
    depth = 1
    for tag in _G_TAG.finditer(svg, inner):
        closing, empty = tag.groups()
        if closing:
            depth -= 1
            if depth == 0:
                return tag.start()
        elif not empty:
            depth += 1
    raise ValueError("an unclosed pieces layer: not a picture of sankore_rules.core.svg")
