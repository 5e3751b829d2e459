"""What a solo state read from outside must satisfy beyond any game's checks.

``validity.state_problems`` runs this after the references, ranges, agenda and component
counts of every game, so each name here is known and every component is somewhere once. What
is left is the solo board's own order: the Scholar's turns decide how many cards are in its
slots and bound how many spaces of each row are used (SOLO-PH1..3; a turn uses the leftmost
empty space, SCHOLAR-4), its Class spaces fill lowest first (SOLO-PH2-4), and its last turn
ends the game (SOLO-FLOW-2).
"""

from __future__ import annotations

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.limits import SCHOLAR_ROWS
from sankore_rules.sankore.solo.common import SCHOLAR_DRAFT_TURN
from sankore_rules.sankore.state import DEAL_OBJECTIVE, SCHOLAR, State

__all__ = ["solo_problems"]

#: The steps of the Scholar's draft: its task, then the turn of its card (SOLO-SET-12).
_DRAFTING = frozenset(("scholar_draft", SCHOLAR_DRAFT_TURN))


def _used(turns: int, before: int, size: int) -> int:
    """How many of a phase's spaces ``turns`` Scholar turns have used."""
    return max(0, min(size, turns - before))


def _drawn(rules: Rules, slots: tuple[int, ...], phase2: tuple[str | None, ...]) -> str | None:
    """The discipline the Scholar's last turn of phase 1 or 2 drew: its card's or its Student's.

    SOLO-PH1-2, SOLO-PH2-2; None when no Student was drawn (SCHOLAR-1). A phase 2 row fills
    left to right (nothing leaves it before phase 3), so its last Student is the last drawn;
    in phase 3 a graduation may empty a space the next turn fills again (SCHOLAR-4), and the
    space the last turn used is not recorded.
    """
    if phase2:
        return phase2[-1]
    return rules.objective_cards[slots[-1]].discipline if slots else None


def solo_problems(rules: Rules, state: State) -> list[str]:
    """Everything that keeps a solo state from being a position of a solo game."""
    solo = state.solo
    assert solo is not None
    problems: list[str] = []
    if state.library_side != "three_shelf" or state.first_player != 0:
        problems.append("a solo game uses the 3-shelf Library and you play first (SOLO-SET-10, 11)")
    if solo.row not in SCHOLAR_ROWS:
        problems.append(f"row: one of {', '.join(SCHOLAR_ROWS)} (SCHOLAR-4)")
    scholar = state.players[SCHOLAR]
    turns = scholar.turns
    # A Scholar turn under way (its steps wait on a chance step of the explicit mode) has
    # already turned its card or used its space: it counts among those played.
    used = turns + any(t.kind == "scholar_turn_end" for t in state.agenda)
    phase1, phase2, phase3 = rules.solo_phase_turns
    if turns > rules.solo_turns or (turns == rules.solo_turns and not state.game_over):
        problems.append(f"the Scholar's turn {rules.solo_turns} is its last (SOLO-FLOW-2)")
    if state.end_cause == "scholar" and turns != rules.solo_turns:
        problems.append("end_cause: the Scholar's last turn ends the game only once played")
    drafting = any(t.kind in _DRAFTING for t in state.agenda)
    if drafting == (rules.solo_draft_space in solo.classes):
        problems.append("classes: the drafted tile is on its slot once the Scholar drafts")
    if (solo.current is None) != (used == 0):
        problems.append("current: set by each of the Scholar's turns, none before the first")
    elif (
        used
        and not solo.phase3
        and _drawn(rules, solo.slots, solo.phase2) not in (None, solo.current)
    ):
        problems.append("current: the discipline of the last card turned or Student drawn")
    # Issue 39: nobody knows the order of the Scholar's deck or bag, and neither does a state.
    if list(scholar.objectives) != sorted(scholar.objectives):
        problems.append("objectives: the Scholar's face-down deck keeps no order (sorted)")
    if list(solo.bag) != sorted(solo.bag):
        problems.append("bag: the Scholar's bag keeps no order (sorted)")
    dealt = rules.counts.objectives_dealt - sum(
        t.kind == DEAL_OBJECTIVE and t.args.get("player") == SCHOLAR for t in state.agenda
    )  # less the cards still to deal to it, in the explicit mode's setup
    if (
        len(solo.slots) != _used(used, 0, phase1)
        or len(scholar.objectives) + len(solo.slots) != dealt
    ):
        problems.append(f"slots: a card for each phase 1 turn played, from a deck of {dealt}")
    # SCHOLAR-4: a turn fills the leftmost empty space, so a row is as long as its turns
    # played only while no space was left empty (SCHOLAR-1) or emptied (SOLO-GRAD-1).
    played2 = _used(used, phase1, phase2)
    if not min(played2, 1) <= len(solo.phase2) <= played2:
        problems.append("phase2: at most one space used for each phase 2 turn (SOLO-PH2-3)")
    played3 = _used(used, phase1 + phase2, phase3)
    if not min(played3, 1) <= len(solo.phase3) <= played3:
        problems.append("phase3: at most one space used for each phase 3 turn (SOLO-PH3-2)")
    if used > phase1 + phase2 and (any(solo.phase2) or solo.tile_students):
        problems.append(
            "phase 3 began with every Student of the solo board in the bag (SOLO-PH3-1)"
        )
    on_row = len(solo.phase3) - solo.phase3.count(None)
    if len(scholar.graduations) + on_row > played3:
        problems.append("graduations: each took a Student off the phase 3 row (SOLO-GRAD-1)")
    established = [c in solo.classes for c in rules.solo_class_spaces]
    if established != sorted(established, reverse=True) or sum(established) > len(solo.phase2):
        problems.append(
            "classes: Establish fills the lowest-numbered spaces, one a turn (SOLO-PH2-4)"
        )
    return problems
