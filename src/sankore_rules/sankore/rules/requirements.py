"""Objective card requirements: the count each condition compares, and its words (OBJ-1).

Kept below the turn and the objectives module so that any rule may ask whether a card's
requirement is met (the deadlock ruling does) without importing the turn menu.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from sankore_rules.core.shared import ReadOnlyDict
from sankore_rules.sankore.board import AreaSpace, Rules
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Condition, ObjectiveCard

__all__ = [
    "cards_met",
    "condition_count",
    "describe_condition",
    "owned_spaces",
    "requirement_met",
    "unmet_conditions",
]


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
    return _regions(_pieces_counted(rules, state, p, cond))


def _regions(pieces: Iterable[AreaSpace]) -> int:
    """How many regions ``pieces`` stand in."""
    return len({s.region for s in pieces if s.region is not None})


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
    read-only ``spaces`` looked at is kept, every player's pieces at once (the players'
    turn menus ask in turn), and most listings find it there. A plain dict (a draft edited by
    hand) may still change, and is looked at afresh.
    """
    global _indexed
    spaces = state.spaces
    if type(spaces) is not ReadOnlyDict:
        return _spaces_by_owner(rules, spaces).get(p, _NO_PIECES)
    indexed_spaces, indexed_rules, by_player = _indexed
    if indexed_spaces is not spaces or indexed_rules is not rules:
        by_player = _spaces_by_owner(rules, spaces)
        _indexed = (spaces, rules, by_player)  # one triple, swapped whole
    return by_player.get(p, _NO_PIECES)


#: The last read-only ``spaces`` indexed, the rules it was indexed with, and its pieces by
#: player and area. It holds on to one ``spaces`` only; a read-only dict never changes, so what
#: was worked out of it stays true.
_indexed: tuple[object, object, dict[int, dict[str, list[AreaSpace]]]] = (None, None, {})

#: The pieces of a player who has none on the board.
_NO_PIECES: Mapping[str, Sequence[AreaSpace]] = ReadOnlyDict()


def owned_spaces(state: State, p: int) -> tuple[str, ...]:
    """The spaces holding ``p``'s pieces, in the order they were taken.

    All that a pieces or regions condition counts of the board: the rest it counts is the
    ruleset's. So a kept answer of such conditions for ``p`` stays true while these are the
    same, whatever the other players place meanwhile. Like ``_pieces_by_area``, the last
    read-only ``spaces`` looked at is indexed for every player at once.
    """
    global _owned
    spaces = state.spaces
    indexed_spaces, by_owner = _owned
    if indexed_spaces is not spaces:
        found: dict[int, list[str]] = {}
        for space, owner in spaces.items():
            mine = found.get(owner)
            if mine is None:
                found[owner] = [space]
            else:
                mine.append(space)
        by_owner = {owner: tuple(mine) for owner, mine in found.items()}
        if type(spaces) is ReadOnlyDict:  # (a plain dict may still change)
            _owned = (spaces, by_owner)  # one pair, swapped whole
    return by_owner.get(p, ())


#: The last read-only ``spaces`` ``owned_spaces`` indexed, and its spaces by owner.
_owned: tuple[object, dict[int, tuple[str, ...]]] = (None, {})


def _spaces_by_owner(
    rules: Rules, spaces: Mapping[str, int]
) -> dict[int, dict[str, list[AreaSpace]]]:
    """The spaces holding each player's pieces, by player and area, in the board's order."""
    area_spaces = rules.area_spaces
    by_owner: dict[int, dict[str, list[AreaSpace]]] = {}
    for space, owner in spaces.items():
        piece = area_spaces[space]
        mine = by_owner.get(owner)
        if mine is None:
            mine = by_owner[owner] = {}
        pieces = mine.get(piece.area)
        if pieces is None:
            mine[piece.area] = [piece]
        else:
            pieces.append(piece)
    return by_owner


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
    return bool(cards_met(rules, state, p, (card,)))


def cards_met(
    rules: Rules, state: State, p: int, cards: Iterable[ObjectiveCard]
) -> list[ObjectiveCard]:
    """The cards among ``cards`` whose every condition ``p`` meets, in their order."""
    # Asked for every card in hand at every turn menu: loops, not all() over a generator
    # (which costs three times the test of a one-condition card), ``condition_count`` written
    # out, and the commonest conditions, pieces or regions anywhere in an area, counted here
    # from the index of ``p``'s pieces, looked up once for all the cards.
    counts = _COUNTS
    by_area: Mapping[str, Sequence[AreaSpace]] | None = None
    met: list[ObjectiveCard] = []
    for card in cards:
        for cond in card.requirement:
            kind = cond.kind
            if (kind == "pieces" or kind == "regions") and cond.place is None:
                if by_area is None:
                    by_area = _pieces_by_area(rules, state, p)
                mine = by_area.get(cond.area or "", ())
                have = len(mine) if kind == "pieces" else _regions(mine)
            else:
                count = counts.get(kind)
                if count is None:
                    raise ValueError(f"unknown condition kind {kind!r}")
                have = count(rules, state, p, cond)
            if have < cond.at_least:
                break
        else:
            met.append(card)
    return met
