"""Objective card requirements: the count each condition compares, and its words (OBJ-1).

Kept below the turn and the objectives module so that any rule may ask whether a card's
requirement is met (the deadlock ruling does) without importing the turn menu.
"""

from __future__ import annotations

from sankore_rules.sankore.board import AreaSpace, Rules
from sankore_rules.sankore.engine import memo
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Condition, ObjectiveCard

__all__ = ["condition_count", "describe_condition", "requirement_met", "unmet_conditions"]


def condition_count(rules: Rules, state: State, p: int, cond: Condition) -> int:
    """The count a condition compares with its ``at_least``, for player ``p``."""
    pl = state.players[p]
    if cond.kind in ("pieces", "regions"):
        mine = [s for s in _pieces(rules, state, p) if s.area == cond.area]
        if cond.place == "oasis":
            mine = [s for s in mine if s.id in rules.oases]
        elif cond.place == "port":
            mine = [s for s in mine if s.id in rules.port_spaces]
        if cond.kind == "pieces":
            return len(mine)
        return len({s.region for s in mine if s.region is not None})
    if cond.kind == "graduations":
        levels = [rules.graduation_tiles[g.tile].level for g in pl.graduations]
        return len([level for level in levels if level >= cond.level])
    if cond.kind == "advanced":
        return len([t for t in pl.classes.values() if rules.class_tiles[t].level > 0])
    if cond.kind == "skills":
        if cond.section is not None:
            return len(pl.skills[rules.discipline_index[cond.section]])
        return sum(map(len, pl.skills))
    if cond.kind == "topmost":
        return len([s for s in pl.students if s in rules.topmost])
    if cond.kind == "student_level":
        return max([rules.student_level[s] for s in pl.students], default=0)
    if cond.kind == "favour":
        return pl.favour_pos + 1
    if cond.kind == "prestige":
        return sum(pl.prestige)
    if cond.kind == "books":
        return sum(pl.books)
    raise ValueError(f"unknown condition kind {cond.kind!r}")


def _pieces(rules: Rules, state: State, p: int) -> list[AreaSpace]:
    """The spaces holding ``p``'s pieces; worked out once while a decision's options are listed."""
    return memo(state, ("pieces", p), lambda: _spaces_of(rules, state, p))


def _spaces_of(rules: Rules, state: State, p: int) -> list[AreaSpace]:
    area_spaces = rules.area_spaces
    return [area_spaces[s] for s, owner in state.spaces.items() if owner == p]


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


def requirement_met(rules: Rules, state: State, p: int, card: ObjectiveCard) -> bool:
    """Whether ``p`` meets every condition of ``card``: ``unmet_conditions`` is empty."""
    # A loop, not all() over a generator: asked for every card in hand at every turn menu,
    # where the generator costs three times the test of a one-condition card.
    for cond in card.requirement:
        if condition_count(rules, state, p, cond) < cond.at_least:
            return False
    return True
