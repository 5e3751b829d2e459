"""The solo setup (SOLO-SET-1..13): a 2-player setup, the Scholar's board, deck, bag and draft.

You are P0 and play first (SOLO-SET-11); the Scholar is P1. The common, player and draft setup
are a 2-player game's, drawn from the seed in the same order (SOLO-SET-2), or, in the explicit
mode, dealt by the same chance steps (but for the first player: you); then the Scholar's
seat is changed as the solo rules say, and its draft is an automatic step after yours.

The card turned for its draft is not in the state before it is turned: it comes from the
undealt cards, the chance step ``scholar_draft_turn`` drawing it when the Scholar drafts.
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.shared import ReadOnlyDict, adjusted, removed, with_item
from sankore_rules.core.values import draft_of
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import ENGINE, push, settle, step
from sankore_rules.sankore.limits import SCHOLAR_ROWS
from sankore_rules.sankore.placements import place_tasks
from sankore_rules.sankore.rules.setup import deal, deal_tasks
from sankore_rules.sankore.solo.common import (
    SCHOLAR_DRAFT_TURN,
    a,
    anticlockwise,
    card_outcomes,
    put_in_bag,
    solo_of,
    tell,
)
from sankore_rules.sankore.state import SCHOLAR, SoloState, State, Task, player_to_change

__all__ = ["SCHOLAR_ROWS", "SOLO_LIBRARY", "draft_choice", "new_solo_state"]

#: The solo game is played on the Library's 3-shelf side (SOLO-SET-10).
SOLO_LIBRARY = "three_shelf"
#: You: the human player, first to play (SOLO-SET-11).
YOU = 0


def new_solo_state(
    rules: Rules,
    difficulty: object,
    seed: object,
    library: object,
    turn_limit: object = None,
    row: object = SCHOLAR_ROWS[0],
    explicit: bool = False,
) -> State:
    """A new solo game against the Scholar of ``difficulty``, waiting for your draft.

    The arguments come from callers as they are: each is checked (the seed, Library side and
    turn limit as in every game, by ``deal``). ``row`` is the reading of ruling SCHOLAR-4: the
    row space each of the Scholar's phase 2 and 3 turns uses (``SCHOLAR_ROWS``); ``explicit``
    leaves every chance step to the caller (``core/chance.py``), the setup's included.

    Raises:
        ValueError: for a difficulty the solo boards do not have, the 6-shelf Library, a row
            reading not in ``SCHOLAR_ROWS``, or a seed or turn limit the game does not have.
    """
    choices = ", ".join(repr(d) for d in rules.solo_difficulties)
    if not isinstance(difficulty, str) or difficulty not in rules.solo_difficulties:
        raise ValueError(f"scholar must be one of {choices}, got {difficulty!r}")
    if not isinstance(row, str) or row not in SCHOLAR_ROWS:
        readings = ", ".join(repr(r) for r in SCHOLAR_ROWS)
        raise ValueError(f"scholar_row must be one of {readings} (SCHOLAR-4), got {row!r}")
    if library != SOLO_LIBRARY:
        raise ValueError(
            f"the solo game is played on the Library's 3-shelf side (SOLO-SET-10): "
            f"library must be {SOLO_LIBRARY!r}, got {library!r}"
        )
    state = deal(rules, 2, seed, library, turn_limit, explicit)  # SOLO-SET-2
    scholar = player_to_change(state, SCHOLAR)
    # SOLO-SET-6: no resource board, so no resources, no Prestige storage and no Favour tiles
    # (AMB-37: you keep the 2-player game's two); SOLO-SET-7: its Favour disc is in the box.
    state.favour_supply += scholar.favour_tiles
    scholar.favour_tiles = 0
    scholar.gold = scholar.salt = scholar.inspiration = 0
    scholar.favour_pos = -1
    scholar.classes = ReadOnlyDict()  # the solo board has no Introductory Classes
    # SOLO-SET-4, SOLO-SET-5: its pieces on the solo board and its Camel on Timbuktu are the
    # 2-player setup's. SOLO-SET-9: the 4 cards dealt to its seat are its face-down deck, in
    # no order (each top is drawn when turned); the card of its draft is drawn from the
    # undealt ones when it drafts (SOLO-SET-12).
    scholar.objectives = tuple(sorted(scholar.objectives))
    state.first_player = YOU  # SOLO-SET-11
    state.solo = draft_of(SoloState)(
        difficulty=difficulty,
        current=None,
        slots=(),
        bag=(),
        phase2=(),
        phase3=(),
        classes=ReadOnlyDict(),
        tile_students=ReadOnlyDict(),
        row=row,
    )
    # SOLO-SET-12: you draft first, then the Scholar; then your first turn (SOLO-FLOW-1).
    push(
        state,
        Task("draft", YOU),
        Task("scholar_draft", SCHOLAR),
        Task("draft_finish", YOU),
        Task("turn", YOU),
    )
    push(state, *deal_tasks(rules, state))  # the explicit mode deals the cards (SETUP-P-8)
    if explicit:  # and, before them, every random placement of the setup
        push(state, *place_tasks(rules, state))
    settle(rules, state)
    state.seal()
    return state


def draft_choice(
    rules: Rules, draft: tuple[tuple[str, str, str], ...], discipline: str
) -> tuple[tuple[str, str, str], str]:
    """The combination the Scholar drafts for a card of ``discipline``, and why.

    The one whose Advanced Class tile is of that discipline, else the one whose Book is
    (SOLO-SET-12). One player has drafted before it, and each Book goes with a tile of another
    discipline (AMB-10), so one of the two is always left; should neither be, the Scholar looks
    at the next discipline anticlockwise the same way (AMB-39).
    """
    for d in anticlockwise(rules, discipline):
        fallback = "" if d == discipline else f", none being left for {discipline} (AMB-39)"
        for combo in draft:
            if rules.class_tiles[combo[0]].discipline == d:
                return combo, f"its Advanced Class tile is {d}{fallback} (SOLO-SET-12)"
        for combo in draft:
            if combo[1] == d:
                return combo, (
                    f"its Book is {d}, no {d} Advanced Class tile being left{fallback} "
                    "(SOLO-SET-12)"
                )
    raise ValueError("no draft combination is left for the Scholar")


@step("scholar_draft")
def _scholar_draft(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-SET-12: the top undealt card is turned: a chance step among the undealt cards.
    push(state, Task(SCHOLAR_DRAFT_TURN, CHANCE))


def undealt_cards(rules: Rules, state: State) -> list[int]:
    """The Objective cards in no hand, deck or slot: those the draft's card is turned from."""
    out = {c for pl in state.players for c in (*pl.objectives, *pl.completed)}
    out.update(solo_of(state).slots)
    return sorted(set(rules.objective_cards) - out)


def _undealt(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    return card_outcomes(undealt_cards(rules, state))


@ENGINE.chance(
    SCHOLAR_DRAFT_TURN,
    outcomes=_undealt,
    prompt="Turn the top undealt card for the Scholar's draft",
    answers=("reveal",),
)
def _draft_turn(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-SET-12, SOLO-SET-13: the turned card's discipline picks the combination; the
    # Student goes into the bag, the tile onto the bottom-centre slot, the Book into storage.
    # The card goes back to the box with the other undealt cards.
    assert action is not None
    card = int(action.args[0])
    solo = solo_of(state)
    discipline = rules.objective_cards[card].discipline
    combo, why = draft_choice(rules, state.draft, discipline)
    state.draft = removed(state.draft, combo)
    tile, book, student = combo
    solo.classes = with_item(solo.classes, rules.solo_draft_space, tile)
    scholar = player_to_change(state, SCHOLAR)
    scholar.books = adjusted(scholar.books, rules.discipline_index[book], 1)
    put_in_bag(state, student)
    tell(
        state,
        "draft",
        f"Draft: card #{card} turned, {discipline}, and returned to the box; the Scholar "
        f"takes {tile}, {a(book)} Book and {a(student)} Student: {why}",
        card=card,
        discipline=discipline,
        tile=tile,
        book=book,
        student=student,
    )
