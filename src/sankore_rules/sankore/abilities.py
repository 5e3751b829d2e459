"""What completed Objective cards change in other rules: queries the rules modules ask.

Kept apart from ``rules/objectives.py`` (completing cards, round abilities), and below
``rules/``, so that every rules module, and the state's checks (``validity.py``), can ask "does
this player hold such an ability?" without importing the procedures.
"""

from __future__ import annotations

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Ability

__all__ = ["abilities", "area_discount", "area_knowledge", "has_ability", "storage_bonus"]


def abilities(rules: Rules, state: State, p: int, kind: str) -> list[Ability]:
    """The abilities of ``kind`` on ``p``'s completed Objective cards."""
    completed = state.players[p].completed
    if not completed:  # most of the game: nothing to look up
        return []
    cards = rules.objective_cards
    return [cards[n].ability for n in completed if cards[n].ability.kind == kind]


def has_ability(rules: Rules, state: State, p: int, kind: str) -> bool:
    """Whether ``p`` has completed a card with that ability."""
    completed = state.players[p].completed
    if not completed:  # most of the game
        return False
    cards = rules.objective_cards
    for n in completed:
        if cards[n].ability.kind == kind:
            return True
    return False


def area_knowledge(rules: Rules, state: State, p: int, area: str) -> int:
    """Extra Knowledge ``p``'s cards give in that area's actions."""
    if not state.players[p].completed:  # most of the game: no card, no ability
        return 0
    return _total(abilities(rules, state, p, "area_knowledge"), discipline=area)


def area_discount(rules: Rules, state: State, p: int, area: str, resource: str) -> int:
    """How much less of ``resource`` that area's spaces cost ``p``."""
    if not state.players[p].completed:  # most of the game: no card, no ability
        return 0
    return _total(abilities(rules, state, p, "area_discount"), discipline=area, resource=resource)


def storage_bonus(rules: Rules, state: State, p: int, resource: str) -> int:
    """How much more of ``resource`` ``p`` may keep at the end of a turn."""
    if not state.players[p].completed:  # most of the game: no card, no ability
        return 0
    return _total(abilities(rules, state, p, "storage_bonus"), resource=resource)


def _total(found: list[Ability], discipline: str | None = None, resource: str | None = None) -> int:
    """The amounts of the abilities ``found`` for that discipline and resource (None: any)."""
    # A loop rather than sum() over a generator: asked for most options listed, nearly always
    # of no ability at all.
    total = 0
    for a in found:
        if (discipline is None or a.discipline == discipline) and (
            resource is None or a.resource == resource
        ):
            total += a.amount
    return total
