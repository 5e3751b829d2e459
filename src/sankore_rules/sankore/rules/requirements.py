"""Objective card requirements: the count each condition compares, and its words (OBJ-1).

Kept below the turn and the objectives module so that any rule may ask whether a card's
requirement is met (the deadlock ruling does) without importing the turn menu.
"""

from __future__ import annotations

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Condition, ObjectiveCard

__all__ = ["condition_count", "describe_condition", "unmet_conditions"]


def condition_count(rules: Rules, state: State, p: int, cond: Condition) -> int:
    """The count a condition compares with its ``at_least``, for player ``p``."""
    pl = state.players[p]
    if cond.kind in ("pieces", "regions"):
        mine = [
            rules.area_spaces[s]
            for s, owner in state.spaces.items()
            if owner == p and rules.area_spaces[s].area == cond.area
        ]
        if cond.place == "oasis":
            mine = [s for s in mine if s.id in rules.oases]
        elif cond.place == "port":
            mine = [s for s in mine if s.id in rules.port_spaces]
        if cond.kind == "pieces":
            return len(mine)
        return len({s.region for s in mine if s.region is not None})
    if cond.kind == "graduations":
        return sum(1 for g in pl.graduations if rules.graduation_tiles[g.tile].level >= cond.level)
    if cond.kind == "advanced":
        return sum(1 for t in pl.classes.values() if rules.class_tiles[t].level > 0)
    if cond.kind == "skills":
        if cond.section is not None:
            return len(pl.skills[rules.discipline_index[cond.section]])
        return sum(len(section) for section in pl.skills)
    if cond.kind == "topmost":
        return sum(1 for s in pl.students if s in rules.topmost)
    if cond.kind == "student_level":
        return max((rules.student_level[s] for s in pl.students), default=0)
    if cond.kind == "favour":
        return pl.favour_pos + 1
    if cond.kind == "prestige":
        return sum(pl.prestige)
    if cond.kind == "books":
        return sum(pl.books)
    raise ValueError(f"unknown condition kind {cond.kind!r}")


def describe_condition(cond: Condition) -> str:
    """A condition in words, for explanations and the docs."""
    n = cond.at_least
    match cond.kind:
        case "pieces":
            where = {"oasis": " in Oases", "port": " in Port Cities"}.get(cond.place or "", "")
            return f"{n} of your pieces in {cond.area}{where}"
        case "regions":
            return f"pieces in {n} regions of {cond.area}"
        case "graduations":
            return f"{n} Graduation tile(s) of level {cond.level} or more"
        case "advanced":
            return f"{n} Advanced Classes on your board"
        case "skills":
            section = f" in your {cond.section} section" if cond.section else ""
            return f"{n} Skill tiles{section}"
        case "topmost":
            return f"{n} Students on the topmost spaces"
        case "student_level":
            return f"a Student on a level {n} space or higher"
        case "favour":
            return f"your Favour disc on space {n} or further"
        case "prestige":
            return f"{n} Prestige tokens in storage"
        case "books":
            return f"{n} Books on your Bookshelf"
    raise ValueError(f"unknown condition kind {cond.kind!r}")


def unmet_conditions(
    rules: Rules, state: State, p: int, card: ObjectiveCard
) -> list[tuple[Condition, int]]:
    """The conditions of ``card`` that ``p`` does not meet, each with what ``p`` has."""
    counts = ((cond, condition_count(rules, state, p, cond)) for cond in card.requirement)
    return [(cond, have) for cond, have in counts if have < cond.at_least]
