"""Objective card requirements: the count each condition compares, and its words (OBJ-1).

Kept below the turn and the objectives module so that any rule may ask whether a card's
requirement is met (the deadlock ruling does) without importing the turn menu.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from sankore_rules.core.shared import ReadOnlyDict
from sankore_rules.sankore.board import AreaSpace, Rules
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Condition, ObjectiveCard

__all__ = ["condition_count", "describe_condition", "requirement_met", "unmet_conditions"]


def condition_count(rules: Rules, state: State, p: int, cond: Condition) -> int:
    """The count a condition compares with its ``at_least``, for player ``p``."""
    count = _COUNTS.get(cond.kind)
    if count is None:
        raise ValueError(f"unknown condition kind {cond.kind!r}")
    return count(rules, state, p, cond)


# ---- one count per condition kind ---------------------------------------------------------------


def _pieces_counted(rules: Rules, state: State, p: int, cond: Condition) -> Sequence[AreaSpace]:
    """``p``'s pieces in the condition's area, in its Oases or Port spaces when it says so."""
    mine = _pieces_by_area(rules, state, p).get(cond.area or "", ())
    if cond.place == "oasis":
        return [s for s in mine if s.id in rules.oases]
    if cond.place == "port":
        return [s for s in mine if s.id in rules.port_spaces]
    return mine


def _count_pieces(rules: Rules, state: State, p: int, cond: Condition) -> int:
    if cond.place is None:  # the commonest condition of all, asked at every turn menu
        return len(_pieces_by_area(rules, state, p).get(cond.area or "", ()))
    return len(_pieces_counted(rules, state, p, cond))


def _count_regions(rules: Rules, state: State, p: int, cond: Condition) -> int:
    mine = _pieces_counted(rules, state, p, cond)
    return len({s.region for s in mine if s.region is not None})


def _count_graduations(rules: Rules, state: State, p: int, cond: Condition) -> int:
    levels = [rules.graduation_tiles[g.tile].level for g in state.players[p].graduations]
    return len([level for level in levels if level >= cond.level])


def _count_advanced(rules: Rules, state: State, p: int, cond: Condition) -> int:
    tiles = state.players[p].classes.values()
    return len([t for t in tiles if rules.class_tiles[t].level > 0])


def _count_skills(rules: Rules, state: State, p: int, cond: Condition) -> int:
    skills = state.players[p].skills
    if cond.section is not None:
        return len(skills[rules.discipline_index[cond.section]])
    return sum(map(len, skills))


def _count_topmost(rules: Rules, state: State, p: int, cond: Condition) -> int:
    return len([s for s in state.players[p].students if s in rules.topmost])


def _count_student_level(rules: Rules, state: State, p: int, cond: Condition) -> int:
    return max([rules.student_level[s] for s in state.players[p].students], default=0)


def _count_favour(rules: Rules, state: State, p: int, cond: Condition) -> int:
    return state.players[p].favour_pos + 1


def _count_prestige(rules: Rules, state: State, p: int, cond: Condition) -> int:
    return sum(state.players[p].prestige)


def _count_books(rules: Rules, state: State, p: int, cond: Condition) -> int:
    return sum(state.players[p].books)


_Count = Callable[[Rules, State, int, Condition], int]

#: The count of each condition kind (the closed list of ``objectives.toml``).
_COUNTS: dict[str, _Count] = {
    "pieces": _count_pieces,
    "regions": _count_regions,
    "graduations": _count_graduations,
    "advanced": _count_advanced,
    "skills": _count_skills,
    "topmost": _count_topmost,
    "student_level": _count_student_level,
    "favour": _count_favour,
    "prestige": _count_prestige,
    "books": _count_books,
}


def _pieces_by_area(rules: Rules, state: State, p: int) -> Mapping[str, Sequence[AreaSpace]]:
    """The spaces holding ``p``'s pieces, by area.

    Positions share their ``spaces`` until a piece is placed, so the index of the last
    read-only ``spaces`` looked at is kept, and most listings find it there. A plain dict (a
    draft edited by hand) may still change, and is looked at afresh.
    """
    global _indexed
    spaces = state.spaces
    if type(spaces) is not ReadOnlyDict:
        return _spaces_of(rules, spaces, p)
    indexed_spaces, indexed_rules, by_player = _indexed
    if indexed_spaces is not spaces or indexed_rules is not rules:
        by_player = {}
        _indexed = (spaces, rules, by_player)  # one triple, swapped whole
    pieces = by_player.get(p)
    if pieces is None:
        pieces = by_player[p] = _spaces_of(rules, spaces, p)
    return pieces


#: The last read-only ``spaces`` indexed, the rules it was indexed with, and its pieces by
#: player and area. It holds on to one ``spaces`` only; a read-only dict never changes, so what
#: was worked out of it stays true.
_indexed: tuple[object, object, dict[int, dict[str, list[AreaSpace]]]] = (None, None, {})


def _spaces_of(rules: Rules, spaces: Mapping[str, int], p: int) -> dict[str, list[AreaSpace]]:
    area_spaces = rules.area_spaces
    by_area: dict[str, list[AreaSpace]] = {}
    for space, owner in spaces.items():
        if owner == p:
            piece = area_spaces[space]
            by_area.setdefault(piece.area, []).append(piece)
    return by_area


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
    # where the generator costs three times the test of a one-condition card; and
    # ``condition_count`` written out, for the same reason.
    counts = _COUNTS
    for cond in card.requirement:
        count = counts.get(cond.kind)
        if count is None:
            raise ValueError(f"unknown condition kind {cond.kind!r}")
        if count(rules, state, p, cond) < cond.at_least:
            return False
    return True
