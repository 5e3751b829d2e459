"""Enrol a Student: ENROL-1..10, the queue icons (free Exchange a Favour, supply Sankoré tile and
Prestige token, Book and Prestige majority scorings at the end of the turn with the queue's
Prestige token moved to the Law Overflow), Shared Knowledge rising, and the Favour track's Enrol
from any position (IC-FAV-3, AMB-9, AMB-12).

Queues are 2-player ones (data/queues.toml): space 0 Prestige majority (Knowledge 5), 1 Favour
(4), 2 Book majority (4), 3 Sankoré (3), 4 Favour (2), 5 the empty "+1" (1). Player 0 of
``started(2, 0)`` holds an Astronomy Student on s0a and Introductory Classes in the order
Astronomy, Theology, Mathematics, Law (Student spaces s0a..s0d).
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, options, refused, started
from sankore_rules.core.shared import adjusted, replaced_at, with_item
from sankore_rules.sankore.rules.common import shared_knowledge
from sankore_rules.sankore.rules.enrol import rightmost
from sankore_rules.sankore.state import MadrasaTile, State


def with_queue(area: int, students: list[str | None], favour_pos: int = 0) -> State:
    """``started(2, 0)`` with one queue replaced and player 0's Favour disc moved."""

    def change(s: State) -> None:
        s.queues = replaced_at(s.queues, area, students)
        s.players[0].favour_pos = favour_pos

    return edit(started(2, 0), change)


# ---- ENROL-1..3 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("queue", "position"),
    [
        (("law", "law", None, None), 1),
        (("law", "law", "law", "law"), 3),
        ((None, None, None, None), None),
        ((), None),
        # Edited by hand with a gap (the rules never make one: ENROL-4): still the rightmost.
        (("law", None, "law", None), 2),
        ((None, "law", None, None), 1),
        (("law", None, None, "law"), 3),
    ],
)
def test_enrol_1_rightmost_is_the_last_student_from_the_left(
    queue: tuple[str | None, ...], position: int | None
) -> None:
    """ENROL-1: the rightmost Student is the one taken, wherever the empty spaces lie."""
    assert position == rightmost(queue)


def test_enrol_1_takes_the_rightmost_student_whatever_its_discipline() -> None:
    """ENROL-1: the Astronomy queue's rightmost Student is a Theology Student; it is taken."""
    state = started(2, 0)
    assert ("law", "theology", "astronomy", "mathematics", "theology", None) == state.queues[0]
    state = act(state, "enrol astronomy")
    assert ("law", "theology", "astronomy", "mathematics", None, None) == state.queues[0]
    assert {"s0a": "astronomy", "s0b": "theology"} == state.players[0].students
    enrolled = [e.detail for e in state.events if e.kind == "enrol"]
    assert [{"area": "astronomy", "position": 4, "student": "theology"}] == enrolled


def test_enrol_2_goes_under_the_introductory_class_of_its_own_discipline() -> None:
    """ENROL-2: with the Introductory Classes ordered Law, Mathematics, Theology, Astronomy,
    the Theology Student goes to s0c."""

    def change(s: State) -> None:
        pl = s.players[0]
        pl.classes = {
            **pl.classes,
            **dict(
                c0a="intro-law",
                c0b="intro-mathematics",
                c0c="intro-theology",
                c0d="intro-astronomy",
            ),
        }
        pl.students = {"s0d": "astronomy"}

    state = act(edit(started(2, 0), change), "enrol astronomy")
    assert {"s0d": "astronomy", "s0c": "theology"} == state.players[0].students


def test_enrol_3_enrol_10_refused_when_the_space_is_taken() -> None:
    """ENROL-3, ENROL-10: the Theology queue's rightmost Student is an Astronomy Student and
    s0a is occupied: refused (student_space_taken), and not listed."""
    state = started(2, 0)
    assert "astronomy" == state.queues[1][4]
    refused(state, "enrol theology", ["student_space_taken"])
    assert "enrol theology" not in options(state)


def test_enrol_1_an_empty_queue_has_nobody_to_enrol() -> None:
    """ENROL-1: an empty queue is refused (queue_empty)."""
    state = with_queue(0, [None] * 6)
    refused(state, "enrol astronomy", ["queue_empty"])


# ---- ENROL-4..8: the icons -----------------------------------------------------------------------


def test_enrol_4_favour_icon_gives_a_free_exchange_a_favour() -> None:
    """ENROL-4: space 4 shows an Exchange a Favour: taken at once, not as a main action; here
    Take a Favour with the disc on space 1 gives 1 Gold or 1 Salt and a Favour tile."""
    state = act(started(2, 0), "enrol astronomy")
    assert ("exchange", 0) == (state.decision.kind, state.current_player)
    assert ["favour return", "favour take"] == options(state)
    state = act(state, "favour take")
    assert ["resource gold", "resource salt"] == options(state)
    state = act(state, "resource gold")
    pl = state.players[0]
    assert (3, 3) == (pl.gold, pl.favour_tiles)
    assert 27 == state.favour_supply
    assert ("enrol",) == state.main_used
    assert "turn" == state.decision.kind


def test_enrol_5_book_majority_icon_scores_the_area_at_the_end_of_the_turn() -> None:
    """ENROL-5, ENROL-8, MAJ-9: space 2 shows a Book majority: nothing happens until the turn
    ends; then each Astronomy region's winner takes its box's Book, empty regions' Books and the
    queue's Prestige token go to the Law Overflow of Astronomy (region A)."""

    def change(s: State) -> None:
        s.spaces = with_item(s.spaces, "oasis-a1", 0)
        s.spaces = with_item(s.spaces, "oasis-b1", 1)
        s.players[0].pieces = adjusted(s.players[0].pieces, 0, -1)
        s.players[1].pieces = adjusted(s.players[1].pieces, 0, -1)

    state = edit(with_queue(0, ["law", "theology", "mathematics", None, None, None]), change)
    state = act(state, "enrol astronomy")
    assert (("astronomy", "book", "astronomy:2"),) == state.pending_scorings
    assert (0, 0, 0, 1) == state.players[0].books
    assert "astronomy" == state.queue_tokens["astronomy:2"]
    assert "turn" == state.decision.kind
    state = act(state, "end")
    assert (1, 0, 0, 1) == state.players[0].books
    assert (0, 1, 1, 0) == state.players[1].books
    assert (0, 0, 1, 1) == state.overflow_books["A"]
    assert (1, 0, 0, 0) == state.overflow_prestige["A"]
    assert "astronomy:2" not in state.queue_tokens
    assert [(None, d) for d in ("astronomy", "theology", "mathematics", "law")] == [
        state.boxes[f"astronomy:{r}"] for r in "ABCD"
    ]
    assert ("astronomy:book",) == state.scorings_done


def test_enrol_6_prestige_majority_icon_scores_the_area_at_the_end_of_the_turn() -> None:
    """ENROL-6, ENROL-8: space 0 shows a Prestige majority; at the end of the turn each Theology
    region's winner takes its box's Prestige token; the queue's token goes to the Law Overflow
    of Theology (region B)."""

    def change(s: State) -> None:
        s.spaces = with_item(s.spaces, "gao-bottom", 0)  # region B
        s.spaces = with_item(s.spaces, "walata-bottom", 1)  # region C
        s.players[0].pieces = adjusted(s.players[0].pieces, 1, -1)
        s.players[1].pieces = adjusted(s.players[1].pieces, 1, -1)

    state = edit(with_queue(1, ["law", None, None, None, None, None]), change)
    state = act(state, "enrol theology")
    assert (("theology", "prestige", "theology:0"),) == state.pending_scorings
    assert (0, 0, 0, 0) == state.players[0].prestige
    state = act(state, "end")
    assert (0, 1, 0, 0) == state.players[0].prestige
    assert (0, 0, 1, 0) == state.players[1].prestige
    assert (1, 1, 0, 1) == state.overflow_prestige["B"]
    assert (0, 0, 0, 0) == state.overflow_books["B"]
    assert {"s0a": "astronomy", "s0d": "law"} == state.players[0].students
    assert "theology:0" not in state.queue_tokens


def test_enrol_7_sankore_icon_places_a_supply_tile_and_gives_a_prestige_token() -> None:
    """ENROL-7, SANK-1, SANK-11: space 3 shows a Sankoré tile: a Theology supply tile goes to
    the lowest-numbered empty Madrasa cell (r0c0), and the player gains 1 Theology Prestige."""
    state = with_queue(1, ["law", "law", "law", "mathematics", None, None])
    supply = state.supply_prestige
    state = act(state, "enrol theology")
    assert MadrasaTile("the-supply-1", star=True) == state.madrasa[0]
    assert "the-supply-1" not in state.supply_sankore
    assert (0, 1, 0, 0) == state.players[0].prestige
    assert (supply[0], supply[1] - 1, supply[2], supply[3]) == state.supply_prestige
    placed = [e.detail for e in state.events if e.kind == "sankore_placed"]
    assert [{"tile": "the-supply-1", "cell": "r0c0"}] == placed
    assert "turn" == state.decision.kind
    assert () == state.pending_scorings


def test_enrol_8_the_queue_token_waits_for_the_scoring() -> None:
    """ENROL-8: the Prestige token beside a majority space stays on the queue until the scoring
    resolves at the end of the turn, then lies on the Law Overflow (IC-BRD-4)."""
    state = act(with_queue(2, ["law", "law", "theology", None, None, None]), "enrol mathematics")
    assert "mathematics" == state.queue_tokens["mathematics:2"]
    assert (0, 0, 0, 0) == state.overflow_prestige["C"]
    state = act(state, "end")
    assert "mathematics:2" not in state.queue_tokens
    # The token, plus the four box Books: no Walls anywhere, so every region is empty (MAJ-7).
    assert (0, 0, 1, 0) == state.overflow_prestige["C"]
    assert (1, 1, 1, 1) == state.overflow_books["C"]


# ---- ENROL-9: Shared Knowledge -------------------------------------------------------------------


def test_enrol_9_shared_knowledge_rises_as_the_queue_empties() -> None:
    """ENROL-9, KNOW-4: Shared Knowledge of Astronomy is the highest number showing on its queue:
    1, then 2, 3, 4, 4, 5 as the five Students are taken; then the queue is empty."""

    def change(s: State) -> None:
        s.queues = replaced_at(
            s.queues, 0, ["mathematics", "mathematics", "theology", "astronomy", "law", None]
        )
        for pl in s.players:
            pl.students = {}

    state = edit(started(2, 0), change)
    seen = [shared_knowledge(RULES, state, "astronomy")]
    for _ in range(5):
        state = act(state, "enrol astronomy")
        if state.decision.kind == "exchange":  # the Favour icons of spaces 4 and 1
            state = act(state, "favour return")
        seen.append(shared_knowledge(RULES, state, "astronomy"))
        state = act(state, "end")
    assert [1, 2, 3, 4, 4, 5] == seen
    assert (None,) * 6 == state.queues[0]
    assert [1, 1, 1] == [shared_knowledge(RULES, state, d) for d in RULES.disciplines[1:]]
    refused(state, "enrol astronomy", ["queue_empty"])


# ---- the Favour track's Enrol (IC-FAV-3, AMB-9, AMB-12) ------------------------------------------


def take_enrol_reward(state: State) -> State:
    """Take a Favour with the disc on space 3 and choose its reward 3 (Enrol from anywhere)."""
    state = act(state, "favour take")
    assert ["reward 1", "reward 2", "reward 3"] == options(state)
    state = act(state, "reward 3")
    assert "enrol_any" == state.decision.kind
    return state


def test_amb_9_favour_enrol_offers_every_position_that_fits() -> None:
    """IC-FAV-3, AMB-9: every occupied position of every queue, whose Student's space under its
    Introductory Class is free."""
    state = take_enrol_reward(edit(started(2, 0), lambda s: setattr(s.players[0], "favour_pos", 2)))
    assert [
        "enrol astronomy 0",
        "enrol astronomy 1",
        "enrol astronomy 3",
        "enrol astronomy 4",
        "enrol law 0",
        "enrol law 1",
        "enrol law 3",
        "enrol law 4",
        "enrol mathematics 0",
        "enrol mathematics 2",
        "enrol mathematics 4",
        "enrol theology 0",
        "enrol theology 1",
        "enrol theology 2",
        "enrol theology 3",
    ] == options(state)
    refused(state, "enrol astronomy 2", ["student_space_taken"])
    refused(state, "enrol astronomy 5", ["no_student_there"])


def test_amb_12_students_slide_left_and_the_uncovered_right_end_triggers() -> None:
    """AMB-9, AMB-12: taking space 0 (a Prestige majority) of a full queue slides the others
    left; only the icon of space 4, now empty at the right end, triggers (a free Exchange)."""
    state = with_queue(0, ["law", "theology", "astronomy", "mathematics", "theology", None], 2)
    state = act(take_enrol_reward(state), "enrol astronomy 0")
    assert ("theology", "astronomy", "mathematics", "theology", None, None) == state.queues[0]
    assert {"s0a": "astronomy", "s0d": "law"} == state.players[0].students
    assert () == state.pending_scorings
    assert "exchange" == state.decision.kind
    assert 2 == shared_knowledge(RULES, state, "astronomy")


def test_amb_12_sliding_onto_a_book_majority_space_triggers_it() -> None:
    """AMB-12: three Students; taking space 0 leaves space 2 empty at the right end: the Book
    majority of space 2 is triggered, not the Prestige majority of space 0; the Favour main
    action is the only main action used, so Enrol remains available (TURN-5)."""
    state = with_queue(0, ["law", "theology", "mathematics", None, None, None], 2)
    state = act(take_enrol_reward(state), "enrol astronomy 0")
    assert ("theology", "mathematics", None, None, None, None) == state.queues[0]
    assert (("astronomy", "book", "astronomy:2"),) == state.pending_scorings
    assert 4 == shared_knowledge(RULES, state, "astronomy")
    assert ("favour",) == state.main_used
    assert 3 == state.players[0].favour_tiles
    assert [] == sr.explain(state, "enrol law")


def test_amb_9_favour_enrol_of_the_rightmost_student_is_an_ordinary_enrol() -> None:
    """AMB-9, ENROL-7: taking the rightmost Student from the Favour track triggers its own
    space's icon (here the Sankoré tile of space 3, with its Prestige token)."""
    state = with_queue(1, ["law", "law", "law", "mathematics", None, None], 2)
    state = act(take_enrol_reward(state), "enrol theology 3")
    assert ("law", "law", "law", None, None, None) == state.queues[1]
    assert MadrasaTile("the-supply-1", star=True) == state.madrasa[0]
    assert (0, 1, 0, 0) == state.players[0].prestige
