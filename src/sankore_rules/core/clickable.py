"""Pictures one plays by clicking: the legal actions on the places they stand for.

A game's drawing asks [`Clicks`][sankore_rules.core.clickable.Clicks] for the pending decision
of the seat the picture is for: each legal action with the place it stands for on the picture
(a key the game chooses, such as ``("space", "fez:1")``, the same keys its marks of the last
action use), or None, and its words. Where the drawing puts a place, it asks for its hit area
(``circle`` or ``box``): a see-through shape over the place, outlined, that carries
``data-actions`` (a JSON array of the notations, ``str(action)``), the words as its tooltip,
and ``tabindex`` so that a page reaches it by keyboard. Last, ``controls`` draws a panel of
labelled buttons for every action no place took: those that stand for no place (end the turn,
skip, a payment, an order) and any whose place the picture did not draw. So every legal action
is on at least one element, by construction, and nothing else is.

A picture for anyone but the seat to decide is drawn with no ``Clicks`` at all: no
``data-actions`` anywhere, the hidden parts as hidden as ever.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable, Sequence

from sankore_rules.core.actions import Action
from sankore_rules.core.svg import Panel, el, text, title

__all__ = ["CONTROLS_PANEL", "Clicks", "with_controls"]

#: The name of the panel of buttons (``data-panel``).
CONTROLS_PANEL = "controls"
#: The outline of what can be clicked: a colour no piece of either game uses.
OUTLINE = "#1769aa"
#: The buttons' sizes: height, gap, padding, and the width of a character of their words.
_BUTTON_H, _GAP, _PAD, _CHAR = 22, 6, 8, 6.2
#: Room for the panel's heading.
_HEAD = 26


class Clicks:
    """The pending decision's legal actions, each on its place of the picture or on a button.

    Args:
        options: each legal action, the key of the place it stands for (None: no place), and
            its words; in the order of the legal actions.
        prompt: what the decision asks, for the panel of buttons' heading.
    """

    def __init__(
        self, options: Iterable[tuple[Action, Hashable | None, str]], prompt: str = ""
    ) -> None:
        self.prompt = prompt
        self._words: dict[Action, str] = {}
        self._placed: dict[Hashable, list[Action]] = {}
        for action, key, words in options:
            self._words[action] = words
            if key is not None:
                self._placed.setdefault(key, []).append(action)
        self._drawn: set[Action] = set()

    def circle(self, key: Hashable, x: float, y: float, r: float) -> str:
        """The hit area of the place ``key``: a circle of radius ``r`` round (x, y)."""
        return self._hit(key, "circle", cx=x, cy=y, r=r)

    def box(self, key: Hashable, x: float, y: float, w: float, h: float) -> str:
        """The hit area of the place ``key``: the box (x, y, w, h)."""
        return self._hit(key, "rect", x=x, y=y, width=w, height=h, rx=4)

    def _hit(self, key: Hashable, shape: str, **where: float) -> str:
        actions = self._placed.get(key)
        if not actions:
            return ""
        self._drawn.update(actions)
        return _target(
            actions,
            [self._words[a] for a in actions],
            el(
                shape,
                **where,
                fill="#ffffff",
                fill_opacity=0,
                stroke=OUTLINE,
                stroke_width=2,
                stroke_dasharray="4 2",
            ),
        )

    def loose(self) -> list[Action]:
        """The actions no hit area took yet, in the order of the legal actions."""
        return [a for a in self._words if a not in self._drawn]

    def controls(self, width: int) -> Panel | None:
        """The panel of buttons, ``width`` wide, for the actions no hit area took; None if none.

        Call it once the rest of the picture is drawn. Its box is at (0, 0): the picture puts it
        where it goes.
        """
        actions = self.loose()
        if not actions:
            return None
        buttons: list[str] = []
        x, y = _PAD, _HEAD
        for action in actions:
            words = self._words[action]
            w = round(len(words) * _CHAR + 2 * _PAD)
            if x > _PAD and x + w > width - _PAD:
                x, y = _PAD, y + _BUTTON_H + _GAP
            buttons.append(
                _target(
                    [action],
                    [words],
                    el(
                        "rect",
                        x=x,
                        y=y,
                        width=w,
                        height=_BUTTON_H,
                        rx=5,
                        fill="#eef5fb",
                        stroke=OUTLINE,
                    ),
                    text(x + _PAD, y + 15, words, font_size=11, fill="#10344f"),
                )
            )
            x += w + _GAP
        self._drawn.update(actions)
        height = y + _BUTTON_H + _PAD
        heading = text(_PAD, 18, self.prompt or "Choose", font_size=13, font_weight="bold")
        backdrop = el("rect", width=width, height=height, rx=8, fill="#ffffff", stroke=OUTLINE)
        return Panel(
            CONTROLS_PANEL, (0, 0, width, height), "", backdrop + heading + "".join(buttons)
        )


def with_controls(
    clicks: Clicks, size: tuple[int, int], panels: Sequence[Panel], top: int, margin: int
) -> tuple[tuple[int, int], list[Panel]]:
    """A picture's panels with the panel of buttons inserted at ``top``, under the status line.

    The panels from ``top`` down move down to make room, so the prompt and its buttons are
    the first thing a player reads; nothing moves when every action took a place.

    Args:
        clicks: the actions, every place of the picture drawn already.
        size: the picture's width and height.
        panels: its panels.
        top: where the buttons go (the height of what stays above them).
        margin: the room left and right of the buttons, and under them.
    """
    w, h = size
    controls = clicks.controls(w - 2 * margin)
    if controls is None:
        return size, list(panels)
    room = controls.box[3] + margin
    moved = [
        p
        if p.box[1] < top
        else Panel(p.name, (p.box[0], p.box[1] + room, *p.box[2:]), p.board, p.pieces)
        for p in panels
    ]
    placed = Panel(controls.name, (margin, top, *controls.box[2:]), "", controls.pieces)
    return (w, h + room), [*moved, placed]


def _target(actions: Sequence[Action], words: Sequence[str], *content: str) -> str:
    """A group standing for ``actions``: their notations, their words, reachable by keyboard."""
    said = "; ".join(words)
    return el(
        "g",
        title(said),
        *content,
        data_actions=json.dumps([str(a) for a in actions], separators=(",", ":")),
        tabindex=0,
        role="button",
        cursor="pointer",
    )
