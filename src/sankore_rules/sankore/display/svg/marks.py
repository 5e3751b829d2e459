"""What the last action did, as places on the pictures: ``state.events`` turned into marks.

Each event names the things it changed (a space, a queue space, a Madrasa cell, a shelf, a
player's Class or Student space, a resource); the pictures ring each one in the highlight colour
and say which events touched it (``data-event``). Events that change nothing one can point at
(``end_turn``, ``action``) mark nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import Event

__all__ = ["Key", "Marks", "marks_of"]

#: A thing on a picture: its kind, then what names it (``("space", "fez:1")``,
#: ``("student", 0, "s1a")``, ``("queue", "law", 3)``).
Key = tuple[object, ...]
#: The things the last action touched, each with the kinds of the events that touched it.
Marks = dict[Key, list[str]]


def _keys(rules: Rules, event: Event) -> list[Key]:
    d, p = event.detail, event.player
    kind = event.kind
    if kind == "place_piece":
        return [("space", d["space"])]
    if kind == "camel":
        return [("place", d["end"]), ("camel", p)]
    if kind == "enrol":
        return [("queue", d["area"], d["position"])]
    if kind in ("sankore_placed", "flip"):
        cell = rules.cell_index(str(d["cell"]))
        return [] if cell is None else [("cell", cell)]
    if kind == "contribute":
        return [("shelf", d["shelf"]), ("books", p, d["discipline"])]
    if kind in ("favour_advance", "favour_returned", "favour_taken"):
        return [("favour", p)]
    if kind == "favour_reward":
        return [("favour_space", d["space"] - 1)]
    if kind in ("teach", "class_placed"):
        return [("class", p, d["space"])]
    if kind == "student_promoted":
        return [("student", p, d["space"])]
    if kind in ("transfer", "promote"):
        return [("student", p, d["end"])]
    if kind == "graduate":
        return [("graduation", d["tile"]), ("graduated", p, d["tile"])]
    if kind == "majority":
        return [("box", f"{d['area']}:{d['region']}")]
    if kind == "collect_overflow":
        return [("overflow", d["region"])]
    if kind == "madrasa_student":
        return [("madrasa_students", d["student"])]
    if kind in ("gain_book", "gain_prestige"):
        what = "books" if kind == "gain_book" else "prestige"
        keys: list[Key] = [(what, p, d["discipline"])]
        if "source" in d:
            keys.append(("space", d["source"]))
        return keys
    if kind in ("gain", "returned") and "resource" in d:
        return [("resource", p, d["resource"])]
    if kind in ("skill_gained", "skill_replaced"):
        return [("skills", p, d["section"])]
    if kind == "objective_completed":
        return [("objective", p, d["card"])]
    return []


def marks_of(rules: Rules, events: Iterable[Event]) -> Marks:
    """The things ``events`` touched, each with the kinds of the events, in order."""
    marks: Marks = {}
    for event in events:
        for key in _keys(rules, event):
            kinds = marks.setdefault(key, [])
            if event.kind not in kinds:
                kinds.append(event.kind)
    return marks
