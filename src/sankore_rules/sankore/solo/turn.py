"""The Scholar's turn: its current discipline, its phase, its actions, and its last turn.

Each turn (SOLO-FLOW-3) sets the current discipline, takes the actions its card slot or row
space lists ([`actions`][sankore_rules.sankore.solo.actions]) and ends with Teach a Class
([`teach`][sankore_rules.sankore.solo.teach]). The phase decides where the discipline comes from:

- phase 1 (turns 1-4): the top card of the Scholar's deck, into the lowest free card slot
  (SOLO-PH1-1..4);
- phase 2 (turns 5-9): a Student drawn from the bag onto the phase 2 row (SOLO-PH2-1..4);
- phase 3 (turns 10-16): every Student of the solo board goes back into the bag first, then a
  Student is drawn each turn onto the phase 3 row (SOLO-PH3-1..3).

The card turned and the Student drawn are chance steps (``scholar_card_turn``,
``scholar_bag_draw``): the deck and the bag keep no order, so the turn pushes the draw and its
resolution carries the turn on, once the card or Student is known. In the explicit mode the
draw waits for the caller in the middle of the Scholar's turn.

In phases 2 and 3 the turn uses the leftmost empty space of the row and takes the actions that
space lists (SCHOLAR-4): a space a graduation emptied is used again.

Its turn ends as anyone's does: majority scorings triggered during it (MAJ-1); no storage check
(SOLO-FLOW-5). After its last turn the Madrasa is filled and the game ends (SOLO-SANK-4,
SOLO-FLOW-2).
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.shared import ReadOnlyDict, removed, replaced_at
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import ENGINE, log, push, step
from sankore_rules.sankore.rules.common import trigger_end
from sankore_rules.sankore.solo.common import (
    SCHOLAR_BAG_DRAW,
    SCHOLAR_CARD_TURN,
    a,
    anticlockwise,
    bag_outcomes,
    card_outcomes,
    draw_from_bag,
    put_in_bag,
    solo_of,
    supply_tile,
    tell,
)
from sankore_rules.sankore.state import SCHOLAR, MadrasaTile, State, Task, player_to_change
from sankore_rules.sankore.tables import ScholarAction

__all__ = ["ACTION_STEPS", "phase_of", "row_space", "turn_actions"]

#: The step that carries out each action a turn may list.
ACTION_STEPS: dict[ScholarAction, str] = {
    ScholarAction.CONTRIBUTE_BOOK: "scholar_contribute",
    ScholarAction.ENROL_DISCIPLINE: "scholar_enrol",
    ScholarAction.ESTABLISH: "scholar_establish",
    ScholarAction.GAIN_PRESTIGE: "scholar_prestige",
    ScholarAction.GRADUATE: "scholar_graduate",
    ScholarAction.PLACE_SANKORE: "scholar_sankore",
}


def phase_of(rules: Rules, turn: int) -> tuple[int, int]:
    """The phase (1-3) of the Scholar's ``turn`` (counted from 1) and its place in the phase.

    Examples:
        >>> from sankore_rules.sankore.board import load_rules
        >>> [phase_of(load_rules(), t) for t in (1, 4, 5, 9, 10, 16)]
        [(1, 0), (1, 3), (2, 0), (2, 4), (3, 0), (3, 6)]
    """
    index = turn - 1
    for phase, turns in enumerate(rules.solo_phase_turns, start=1):
        if index < turns:
            return phase, index
        index -= turns
    raise ValueError(f"the Scholar has no turn {turn}: its last is {rules.solo_turns}")


def row_space(rules: Rules, state: State, turn: int) -> tuple[int, int]:
    """The phase of the Scholar's ``turn`` and the card slot or row space (from 0) it uses.

    Phase 1 turns a card into the next slot (SOLO-PH1-3). Phases 2 and 3 put the Student on the
    leftmost empty space of the row (SOLO-PH2-3, SOLO-PH3-2, SCHOLAR-4): a space emptied by a
    graduation, or left empty by an empty bag (SCHOLAR-1), is the one used next. The phase 3
    row is empty when its first turn begins, its Students of phase 2 being back in the bag.
    With the setup option ``scholar_row="next_space"`` each turn uses the space after the
    previous turn's instead, its place in the phase.
    """
    phase, index = phase_of(rules, turn)
    solo = solo_of(state)
    if phase == 1 or solo.row == "next_space":
        return phase, index
    row = () if phase == 3 and index == 0 else (solo.phase2, solo.phase3)[phase - 2]
    return phase, row.index(None) if None in row else len(row)


def turn_actions(
    rules: Rules, difficulty: str, turn: int, space: int | None = None
) -> tuple[ScholarAction, ...]:
    """What the card slot or row space of the Scholar's ``turn`` lists, before Teach.

    ``space`` is the space of the row the turn uses (see ``row_space``); by default the turn's
    place in its phase, which is that space while no space of the row was emptied.
    """
    board = rules.solo_difficulties[difficulty]
    phase, index = phase_of(rules, turn)
    return (board.phase1, board.phase2, board.phase3)[phase - 1][index if space is None else space]


def _back_to_bag(rules: Rules, state: State) -> None:
    """SOLO-PH3-1: every Student on the solo board goes back into the bag, row by row."""
    solo = solo_of(state)
    students = [s for s in solo.phase2 if s is not None]
    students += [solo.tile_students[c] for c in rules.solo_class_spaces if c in solo.tile_students]
    solo.phase2 = (None,) * len(solo.phase2)
    solo.tile_students = ReadOnlyDict()
    for student in students:
        put_in_bag(state, student)
    tell(
        state,
        "phase3",
        f"Phase 3 begins: the {len(students)} Students of the solo board go back into the bag "
        "(SOLO-PH3-1)",
        students=students,
    )


@step("scholar_turn")
def _scholar_turn(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-FLOW-3: the turn's discipline comes from a card turned (phase 1) or a Student drawn
    # (phases 2 and 3): a chance step, whose resolution carries the turn on.
    turn = state.players[SCHOLAR].turns + 1
    phase, index = row_space(rules, state, turn)
    if phase == 1:
        push(state, Task(SCHOLAR_CARD_TURN, CHANCE))  # the top of the deck (SOLO-PH1-2)
        return
    if phase_of(rules, turn) == (3, 0):  # the first turn of phase 3
        _back_to_bag(rules, state)
    if solo_of(state).bag:
        push(state, Task(SCHOLAR_BAG_DRAW, CHANCE))
        return
    # SCHOLAR-1: an empty bag gives the discipline after the last one, anticlockwise.
    _onto_row(state, phase, index, None)
    last = solo_of(state).current or rules.disciplines[-1]
    discipline = anticlockwise(rules, last)[1]
    _play(
        rules,
        state,
        index,
        discipline,
        f"the bag is empty: space {index + 1} of the phase {phase} row stays without a "
        f"Student, and {discipline} follows {last} anticlockwise (SCHOLAR-1)",
    )


def _deck(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    # Every card of the face-down deck may be its top: each as likely.
    return card_outcomes(state.players[SCHOLAR].objectives)


@ENGINE.chance(
    SCHOLAR_CARD_TURN,
    outcomes=_deck,
    prompt="Turn the top card of the Scholar's deck",
    answers=("reveal",),
)
def _card_turn(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-PH1-2, SOLO-PH1-3: the card turned goes into the lowest-numbered free card slot.
    assert action is not None
    card = int(action.args[0])
    scholar = player_to_change(state, SCHOLAR)
    scholar.objectives = removed(scholar.objectives, card)
    solo = solo_of(state)
    solo.slots = (*solo.slots, card)
    discipline = rules.objective_cards[card].discipline
    _play(
        rules,
        state,
        len(solo.slots) - 1,
        discipline,
        f"card #{card}, turned into card slot {len(solo.slots)}, shows {discipline} (SOLO-PH1-2)",
    )


def _bag(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    return bag_outcomes(state)


@ENGINE.chance(
    SCHOLAR_BAG_DRAW,
    outcomes=_bag,
    prompt="Draw a Student from the Scholar's bag",
    answers=("draw",),
)
def _bag_draw(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-PH2-2, SOLO-PH3-2: the Student drawn goes onto the row and gives the discipline.
    assert action is not None
    student = action.args[0]
    phase, index = row_space(rules, state, state.players[SCHOLAR].turns + 1)
    draw_from_bag(state, student)
    _onto_row(state, phase, index, student)
    _play(
        rules,
        state,
        index,
        student,
        f"{a(student)} Student drawn from the bag, onto space {index + 1} of the "
        f"phase {phase} row (SOLO-PH{phase}-2)",
    )


def _onto_row(state: State, phase: int, index: int, student: str | None) -> None:
    """Put the turn's Student (None: the bag was empty) on the space it uses of its row."""
    # The leftmost empty space of the row (SOLO-PH2-3, SOLO-PH3-2, SCHOLAR-4).
    solo = solo_of(state)
    row = solo.phase2 if phase == 2 else solo.phase3
    row = replaced_at(row, index, student) if index < len(row) else (*row, student)
    if phase == 2:
        solo.phase2 = row
    else:
        solo.phase3 = row


def _play(rules: Rules, state: State, index: int, discipline: str, source: str) -> None:
    """The rest of the turn, once its card or Student gave ``discipline`` (from ``source``).

    ``index`` is the card slot or row space the turn used (``row_space``): it lists the
    turn's actions.
    """
    solo = solo_of(state)
    turn = state.players[SCHOLAR].turns + 1
    phase = phase_of(rules, turn)[0]
    solo.current = discipline  # SOLO-FLOW-3
    listed = turn_actions(rules, solo.difficulty, turn, index)
    words = ", ".join(a.value.replace("_", " ") for a in listed) or "no action"
    tell(
        state,
        "turn",
        f"Turn {turn}, phase {phase}: {source}; current discipline {discipline}. "
        f"Listed: {words}, then Teach a Class (SOLO-FLOW-3)",
        turn=turn,
        phase=phase,
        space=index + 1,
        discipline=discipline,
        actions=[a.value for a in listed],
    )
    push(
        state,
        *(Task(ACTION_STEPS[a], SCHOLAR) for a in listed),
        Task("scholar_teach", SCHOLAR),
        Task("end_turn_scorings", SCHOLAR),  # MAJ-1; no storage check (SOLO-FLOW-5)
        Task("scholar_turn_end", SCHOLAR),
        Task("next_turn", SCHOLAR),
    )


@step("scholar_turn_end")
def _scholar_turn_end(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-SANK-4, SOLO-FLOW-2: after its last turn the Scholar fills the Madrasa with supply
    # tiles, the current discipline's first, and the game is over (SCHOLAR-5: no tokens).
    if state.players[SCHOLAR].turns + 1 < rules.solo_turns:
        return
    solo = solo_of(state)
    current = solo.current or rules.disciplines[0]
    filled = []
    for cell in rules.numbered_cells:
        if state.madrasa[cell] is not None:
            continue
        tile = supply_tile(rules, state, current)
        if tile is None:
            break
        state.supply_sankore = removed(state.supply_sankore, tile)
        state.madrasa = replaced_at(state.madrasa, cell, MadrasaTile(tile, star=True))
        log(state, "sankore_placed", SCHOLAR, tile=tile, cell=rules.cell_name(cell))
        filled.append(tile)
    tell(
        state,
        "last_turn",
        f"The Scholar's turn {rules.solo_turns} is its last: "
        + (
            f"{len(filled)} supply tiles fill the Madrasa, {current} first (SOLO-SANK-4)"
            if filled
            else "the Madrasa is already full"
        )
        + "; the game ends (SOLO-FLOW-2)",
        tiles=filled,
    )
    trigger_end(state, "scholar", SCHOLAR)
