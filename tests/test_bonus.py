"""Bonus actions: BONUS-1..4 (Transfer a Student to a space of the same level, Promote a Student
through the class above it along the arrows, Write a Book), each paid with 1 Inspiration, and
their versions granted by Skill tiles (IC-SKL-4, IC-SKL-6, AMB-14).

Board geometry (data/player_board.toml): s1a/s1b sit under c1a, s1c/s1d under c1b, s1e/s1f under
c1c; arrows lead c0a -> s1a, s1c; c1a -> s2a, s2b; c1b -> s2b, s2c. ``started(2, 0)``: player 0
has ast-1c on c1a, an Astronomy Student on s0a, 1 Law Book and 1 Inspiration.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

from positions import act, edit, options, refused, started, with_decision
from sankore_rules.core.shared import replaced_at
from sankore_rules.sankore.state import State, Task


def students(inspiration: int = 1, **where: str) -> State:
    """Player 0 to play with the Astronomy Student on s0a plus ``where`` and some Inspiration."""

    def change(s: State) -> None:
        s.players[0].students = {**s.players[0].students, **dict(where)}
        s.players[0].inspiration = inspiration

    return edit(started(2, 0), change)


def moves(state: State, kind: str) -> list[str]:
    return [o for o in options(state) if o.startswith(kind + " ")]


# ---- BONUS-2: Transfer ---------------------------------------------------------------------------


def test_bonus_2_transfer_to_any_empty_space_of_the_same_level() -> None:
    """BONUS-2: 1 Inspiration moves the level-1 Law Student from s1a to s1f (no arrow needed);
    every empty space of its level is offered; the bottom row never is."""
    state = students(s1a="law", s2a="theology")
    assert [
        "transfer s1a s1b",
        "transfer s1a s1c",
        "transfer s1a s1d",
        "transfer s1a s1e",
        "transfer s1a s1f",
        "transfer s2a s2b",
        "transfer s2a s2c",
        "transfer s2a s2d",
    ] == moves(state, "transfer")
    state = act(state, "transfer s1a s1f")
    pl = state.players[0]
    assert {"s0a": "astronomy", "s1f": "law", "s2a": "theology"} == pl.students
    assert 0 == pl.inspiration
    assert () == state.main_used
    assert "turn" == state.decision.kind


def test_bonus_2_topmost_students_transfer_among_the_topmost_spaces() -> None:
    """BONUS-2: a level-4 Student moves to another level-4 space."""
    state = act(students(s4a="law"), "transfer s4a s4d")
    assert {"s0a": "astronomy", "s4d": "law"} == state.players[0].students


def test_bonus_2_transfer_refusals() -> None:
    """BONUS-2: the bottom row (bottom_row), another level (wrong_level), an occupied space
    (space_taken), an empty origin (no_student_there), malformed (bad_arguments)."""
    state = students(s1a="law", s2a="theology")
    refused(state, "transfer s0a s0b", ["bottom_row"])
    refused(state, "transfer s1a s2b", ["wrong_level"])
    refused(state, "transfer s1a s2a", ["space_taken"])
    refused(state, "transfer s1c s1d", ["no_student_there"])
    refused(state, "transfer s1a", ["bad_arguments"])


def test_bonus_2_transfer_needs_inspiration() -> None:
    """BONUS-2: without Inspiration: no_inspiration, before the move's own reasons."""
    state = students(inspiration=0, s1a="law")
    refused(state, "transfer s1a s1f", ["no_inspiration"])
    refused(state, "transfer s0a s0b", ["no_inspiration", "bottom_row"])
    assert [] == moves(state, "transfer")


# ---- BONUS-3: Promote ----------------------------------------------------------------------------


def test_bonus_3_promote_through_the_class_above_along_an_arrow() -> None:
    """BONUS-3: the Law Student on s1a, under ast-1c (c1a), moves up to s2b; the class is not
    taught (no reward, no area action, no main action)."""
    state = students(s1a="law")
    # s0a may go up through its Introductory Class, to s1c only (s1a is occupied).
    assert ["promote s0a s1c", "promote s1a s2a", "promote s1a s2b"] == moves(state, "promote")
    state = act(state, "promote s1a s2b")
    pl = state.players[0]
    assert {"s0a": "astronomy", "s2b": "law"} == pl.students
    assert (0, 2, 1) == (pl.inspiration, pl.gold, pl.salt)
    assert () == state.main_used
    assert "turn" == state.decision.kind


def test_bonus_3_the_destination_needs_no_class_above_it() -> None:
    """BONUS-3: from s0a through the Astronomy Introductory Class to s1c, under the empty c1b."""
    state = act(students(), "promote s0a s1c")
    assert {"s1c": "astronomy"} == state.players[0].students
    assert "c1b" not in state.players[0].classes


def test_bonus_3_promote_refusals() -> None:
    """BONUS-3: no class above the Student (no_class_above: s1c under the empty c1b, and a
    topmost space), no arrow to that space (no_arrow), an occupied destination (space_taken)."""
    state = students(s1a="law", s1c="theology", s4a="mathematics", s2a="astronomy")
    refused(state, "promote s1c s2c", ["no_class_above"])
    refused(state, "promote s4a s4b", ["no_class_above"])
    refused(state, "promote s1a s2c", ["no_arrow"])
    refused(state, "promote s1a s2a", ["space_taken"])
    refused(state, "promote s1f s2d", ["no_student_there"])


def test_bonus_3_promote_needs_inspiration() -> None:
    """BONUS-3: without Inspiration: no_inspiration."""
    state = students(inspiration=0, s1a="law")
    refused(state, "promote s1a s2b", ["no_inspiration"])
    refused(state, "promote s1a s2c", ["no_inspiration", "no_arrow"])


# ---- BONUS-4: Write a Book -----------------------------------------------------------------------


def test_bonus_4_write_a_book_of_any_discipline() -> None:
    """BONUS-4: 1 Inspiration for 1 Book of a chosen discipline from the supply."""
    state = students()
    supply = state.supply_books
    assert ["write astronomy", "write law", "write mathematics", "write theology"] == moves(
        state, "write"
    )
    state = act(state, "write mathematics")
    assert (0, 0, 1, 1) == state.players[0].books
    assert (supply[0], supply[1], supply[2] - 1, supply[3]) == state.supply_books
    assert 0 == state.players[0].inspiration


def test_bonus_4_write_refusals() -> None:
    """BONUS-4, RES-3, RES-4: no Inspiration (no_inspiration), no such Book left in the supply
    (supply_empty), that Bookshelf row full (bookshelf_full); all three at once."""

    def change(s: State) -> None:
        s.supply_books = replaced_at(s.supply_books, 2, 0)
        s.players[0].books = replaced_at(s.players[0].books, 3, 3)

    state = edit(students(), change)
    refused(state, "write mathematics", ["supply_empty"])
    refused(state, "write law", ["bookshelf_full"])
    refused(state, "write nothing", ["bad_arguments"])
    broke = edit(state, lambda s: setattr(s.players[0], "inspiration", 0))
    refused(broke, "write astronomy", ["no_inspiration"])
    refused(broke, "write law", ["no_inspiration", "bookshelf_full"])
    both = edit(broke, lambda s: setattr(s, "supply_books", replaced_at(s.supply_books, 3, 0)))
    refused(both, "write law", ["no_inspiration", "supply_empty", "bookshelf_full"])


# ---- BONUS-1: any number -------------------------------------------------------------------------


def test_bonus_1_any_number_in_a_row() -> None:
    """BONUS-1: three bonus actions in a row (Transfer, Promote, Write), 1 Inspiration each."""
    state = students(inspiration=3, s1a="law")
    state = act(state, "transfer s1a s1b", "promote s1b s2a", "write theology")
    pl = state.players[0]
    assert {"s0a": "astronomy", "s2a": "law"} == pl.students
    assert (0, 1, 0, 1) == pl.books
    assert 0 == pl.inspiration
    assert () == state.main_used


# ---- IC-SKL-4, IC-SKL-6, AMB-14: granted versions ------------------------------------------------


def test_ic_skl_4_a_transfer_skill_tile_is_free_and_may_be_declined() -> None:
    """IC-SKL-4, AMB-14: activating a Law section holding a Transfer tile offers a Transfer at
    no Inspiration cost, or 'skip'."""

    def change(s: State) -> None:
        s.players[0].skills = replaced_at(s.players[0].skills, 3, ("transfer",))

    state = edit(students(s1a="law"), change)
    state = with_decision(state, Task("activate_skills", 0, {"discipline": "law"}))
    assert "transfer_student" == state.decision.kind
    assert "skip" in options(state)
    taken = act(state, "transfer s1a s1e")
    assert {"s0a": "astronomy", "s1e": "law"} == taken.players[0].students
    assert 1 == taken.players[0].inspiration
    skipped = act(state, "skip")
    assert {"s0a": "astronomy", "s1a": "law"} == skipped.players[0].students
    refused(state, "transfer s0a s0b", ["bottom_row"])


@pytest.mark.parametrize(("inspiration", "left"), [(1, 0), (2, 1)])
def test_ic_skl_6_a_promote_skill_tile_costs_its_inspiration(inspiration: int, left: int) -> None:
    """IC-SKL-6, AMB-14: the Skill tiles' appendix says "with no cost" of the Transfer only;
    the Promote tile grants the Promote bonus action, which costs 1 Inspiration."""

    def change(s: State) -> None:
        s.players[0].skills = replaced_at(s.players[0].skills, 2, ("promote",))
        s.players[0].inspiration = inspiration

    state = edit(students(s1a="law"), change)
    state = with_decision(state, Task("activate_skills", 0, {"discipline": "mathematics"}))
    assert "promote_student" == state.decision.kind
    assert ["promote s0a s1c", "promote s1a s2a", "promote s1a s2b", "skip"] == options(state)
    state = act(state, "promote s1a s2a")
    assert {"s0a": "astronomy", "s2a": "law"} == state.players[0].students
    assert left == state.players[0].inspiration


def test_ic_skl_6_a_promote_skill_tile_without_inspiration_lapses() -> None:
    """IC-SKL-6, AMB-14: with no Inspiration the granted Promote cannot be paid: declining is
    the only option, so it lapses by itself and nothing moves."""

    def change(s: State) -> None:
        s.players[0].skills = replaced_at(s.players[0].skills, 2, ("promote",))
        s.players[0].inspiration = 0

    state = edit(students(s1a="law"), change)
    state = with_decision(state, Task("activate_skills", 0, {"discipline": "mathematics"}))
    assert "turn" == state.decision.kind
    assert {"s0a": "astronomy", "s1a": "law"} == state.players[0].students
