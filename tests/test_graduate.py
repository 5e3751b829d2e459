"""Graduate a Student: GRAD-1..11 (not from the bottom row, a Book of the Student's discipline,
the highest Graduation tile at or below the Student's level, the slots, the column's last tile
releasing a supply Sankoré tile and a Prestige token, the free Graduate), with the French worked
example GRAD-10.

Student levels (data/player_board.toml): s0* level 0, s1* 1, s2* 2, s3* 3, s4* 4; 4 Graduation
slots. Player 0 of ``started(2, 0)`` has an Astronomy Student on s0a and 1 Law Book.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, options, refused, started
from sankore_rules.core.shared import removed, with_item
from sankore_rules.sankore.state import Graduated, MadrasaTile, State


def position(
    students: dict[str, str],
    books: list[int],
    gone: tuple[str, ...] = (),
    favour_pos: int = 0,
) -> State:
    """Player 0 to play with these Students and Books; the ``gone`` Graduation tiles taken
    (held by player 1, so that every tile is still accounted for)."""

    def change(s: State) -> None:
        pl = s.players[0]
        pl.students = dict(students)
        pl.books = tuple(books)
        pl.favour_pos = favour_pos
        for tile in gone:
            s.graduation = removed(s.graduation, tile)
            s.players[1].graduations = (*s.players[1].graduations, Graduated(tile, None))

    return edit(started(2, 0), change)


# ---- GRAD-1..6 -----------------------------------------------------------------------------------


def test_grad_1_a_bottom_row_student_cannot_graduate() -> None:
    """GRAD-1: the Astronomy Student on s0a is refused (bottom_row), and not listed; an empty
    space is refused too (no_student_there)."""
    state = position({"s0a": "astronomy"}, [1, 0, 0, 0])
    refused(state, "graduate s0a", ["bottom_row"])
    refused(state, "graduate s1a", ["no_student_there"])
    assert [] == [o for o in options(state) if o.startswith("graduate")]


def test_grad_2_5_the_book_goes_to_the_library_and_the_student_onto_its_tile() -> None:
    """GRAD-2, GRAD-5: a level-1 Law Student pays a Law Book to the shelf chosen, takes the Law
    level-1 tile into a slot and sits on it."""
    state = position({"s0a": "astronomy", "s1c": "law"}, [0, 0, 0, 1])
    state = act(state, "graduate s1c")
    assert ["library law 0", "library law 1", "library law 2"] == options(state)
    state = act(state, "library law 1")
    pl = state.players[0]
    assert (Graduated("grad-law-1", "law"),) == pl.graduations
    assert {"s0a": "astronomy"} == pl.students
    assert (0, 0, 0, 0) == pl.books
    assert ((), ("law",), ()) == state.library
    assert "grad-law-1" not in state.graduation
    assert ("graduate",) == state.main_used


@pytest.mark.parametrize(
    ("space", "gone", "tile"),
    [
        ("s1a", (), "grad-the-1"),
        ("s2a", (), "grad-the-2"),
        ("s3a", (), "grad-the-3"),
        ("s4a", (), "grad-the-4"),
        ("s4a", ("grad-the-4",), "grad-the-3"),
        ("s3a", ("grad-the-3", "grad-the-2"), "grad-the-1"),
        ("s2b", ("grad-the-1",), "grad-the-2"),
    ],
)
def test_grad_3_4_the_highest_tile_at_or_below_the_students_level(
    space: str, gone: tuple[str, ...], tile: str
) -> None:
    """GRAD-3, GRAD-4, AMB-6: the level is the Student space's; the tile taken is the highest
    still there at or below it, never above it."""
    state = position({space: "theology"}, [0, 1, 0, 0], gone)
    state = act(state, f"graduate {space}", "library theology 0")
    assert (Graduated(tile, "theology"),) == state.players[0].graduations


def test_grad_6_no_tile_at_or_below_the_level() -> None:
    """GRAD-6: only the Theology level-3 and -4 tiles are left; a level-2 Theology Student
    cannot graduate (no_graduation_tile)."""
    state = position({"s2a": "theology"}, [0, 1, 0, 0], ("grad-the-1", "grad-the-2"))
    refused(state, "graduate s2a", ["no_graduation_tile"])


def test_grad_6_no_book_of_the_students_discipline() -> None:
    """GRAD-6, GRAD-2: a Law Book does not pay for a Theology Student (no_book)."""
    state = position({"s2a": "theology"}, [0, 0, 0, 3])
    refused(state, "graduate s2a", ["no_book"])


def test_grad_6_no_empty_slot() -> None:
    """GRAD-6: four Graduation tiles held already fill the four slots (no_graduation_slot)."""

    def change(s: State) -> None:
        for tile in ("grad-ast-1", "grad-ast-2", "grad-mat-1", "grad-mat-2"):
            s.graduation = removed(s.graduation, tile)
            s.players[0].graduations = (*s.players[0].graduations, Graduated(tile, None))

    state = edit(position({"s2a": "theology"}, [0, 1, 0, 0]), change)
    refused(state, "graduate s2a", ["no_graduation_slot"])


def test_grad_6_every_reason_at_once() -> None:
    """GRAD-6: no tile, no slot and no Book are all reported, in that order."""

    def change(s: State) -> None:
        for tile in ("grad-ast-1", "grad-ast-2", "grad-mat-1", "grad-mat-2"):
            s.graduation = removed(s.graduation, tile)
            s.players[0].graduations = (*s.players[0].graduations, Graduated(tile, None))

    state = edit(position({"s1a": "law"}, [1, 1, 1, 0], ("grad-law-1",)), change)
    refused(state, "graduate s1a", ["no_graduation_tile", "no_graduation_slot", "no_book"])


# ---- GRAD-7: the column's last tile --------------------------------------------------------------


def test_grad_7_the_last_tile_of_a_column_places_a_supply_sankore_tile() -> None:
    """GRAD-7, AMB-6, AMB-23: taking the last Mathematics tile places a Mathematics supply tile
    on the lowest-numbered empty Madrasa cell and gives 1 Mathematics Prestige token."""
    gone = ("grad-mat-1", "grad-mat-2", "grad-mat-3")
    state = position({"s4b": "mathematics"}, [0, 0, 1, 0], gone)
    prestige = state.supply_prestige[2]
    state = act(state, "graduate s4b", "library mathematics 0")
    assert (Graduated("grad-mat-4", "mathematics"),) == state.players[0].graduations
    assert MadrasaTile("mat-supply-1", star=True) == state.madrasa[0]
    assert ["mat-supply-2", "mat-supply-3"] == [
        t for t in state.supply_sankore if t.startswith("mat")
    ]
    assert (0, 0, 1, 0) == state.players[0].prestige
    assert prestige - 1 == state.supply_prestige[2]


def test_grad_7_a_column_with_tiles_left_releases_nothing() -> None:
    """GRAD-7: graduating while the column still holds tiles places no Sankoré tile."""
    state = position({"s4b": "mathematics"}, [0, 0, 1, 0], ("grad-mat-1", "grad-mat-2"))
    state = act(state, "graduate s4b", "library mathematics 0")
    assert [None] * 12 == [state.madrasa[c] for c in RULES.numbered_cells]
    assert (0, 0, 0, 0) == state.players[0].prestige


def test_grad_8_graduation_tiles_score_their_printed_prestige() -> None:
    """GRAD-8, AMB-6: each held tile adds its printed icons (data: level 1-2 one, 3-4 two)."""
    state = position({"s4b": "law", "s3a": "law"}, [0, 0, 0, 2])
    state = act(state, "graduate s4b", "library law 0", "end", "end", "graduate s3a")
    state = act(state, "library law 0")
    law = sr.final_scores(state).players[0].disciplines[3]
    assert 4 == law.icons["graduation"]


# ---- GRAD-10: the French example -----------------------------------------------------------------


def test_grad_10_french_example_ben_graduates_his_law_student() -> None:
    """GRAD-10: Ben has a Mathematics and a Law Student at level 2. The Mathematics level-2 tile
    is gone, so his Mathematics Student could only take level 1; the Law level-2 tile is still
    there: he pays 1 Law Book, takes it, and his Law Student sits on it."""
    gone = ("grad-mat-2", "grad-mat-3", "grad-mat-4")
    state = position({"s2a": "mathematics", "s2c": "law"}, [0, 0, 1, 1], gone)
    maths = act(state, "graduate s2a", "library mathematics 0")
    assert (Graduated("grad-mat-1", "mathematics"),) == maths.players[0].graduations
    state = act(state, "graduate s2c", "library law 0")
    pl = state.players[0]
    assert (Graduated("grad-law-2", "law"),) == pl.graduations
    assert {"s2a": "mathematics"} == pl.students
    assert (0, 0, 1, 0) == pl.books
    assert (("law",), (), ()) == state.library
    assert ["grad-law-1", "grad-law-3", "grad-law-4"] == [
        t for t in state.graduation if t.startswith("grad-law")
    ]


# ---- GRAD-11: the free Graduate ------------------------------------------------------------------


def test_grad_11_favour_track_graduate_needs_no_book() -> None:
    """GRAD-11, IC-FAV-12: with the disc on the last (12th) space, reward 12 graduates a Student
    without a Book; it is not the Graduate main action."""
    state = position({"s0a": "astronomy", "s3b": "law"}, [0, 0, 0, 0], favour_pos=11)
    state = act(state, "favour take")
    assert sorted(f"reward {i}" for i in range(1, 13)) == options(state)
    state = act(state, "reward 12")
    assert ["graduate s3b", "skip"] == options(state)
    state = act(state, "graduate s3b")
    pl = state.players[0]
    assert (Graduated("grad-law-3", "law"),) == pl.graduations
    assert ((), (), ()) == state.library
    assert ("favour",) == state.main_used
    assert 3 == pl.favour_tiles
    refused(state, "graduate s0a", ["bottom_row"])


def test_grad_11_class_reward_graduate_cannot_take_the_active_student() -> None:
    """GRAD-11, IC-ADV-8: teaching ast-3a with its Astronomy Student offers a free Graduate of
    any other Student above the bottom row; the active Student (on the tile) is not offered."""

    def change(s: State) -> None:
        pl = s.players[0]
        pl.classes = with_item(pl.classes, "c3", "ast-3a")
        pl.students = {**pl.students, **dict(s3a="astronomy", s3b="theology", s2a="law")}

    state = act(edit(started(2, 0), change), "teach c3", "student s3a")
    assert "graduate_free" == state.decision.kind
    assert ["graduate s2a", "graduate s3b", "skip"] == options(state)
    refused(state, "graduate s3a", ["no_student_there"])
    state = act(state, "graduate s3b")
    pl = state.players[0]
    assert (Graduated("grad-the-3", "theology"),) == pl.graduations
    assert (0, 0, 0, 1) == pl.books
    assert ("teach",) == state.main_used
