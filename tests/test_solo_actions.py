"""The Scholar's actions and their priorities (RULES-CHECKLIST 16c: SOLO-BOOK, SOLO-ENRD,
SOLO-ENRA, SOLO-EST, SOLO-PRES, SOLO-GRAD, SOLO-SANK-1..3; rulings AMB-34, AMB-36, AMB-38,
SCHOLAR-2, SCHOLAR-7, SCHOLAR-8).

Each test edits a solo game at your first turn into the position it needs, runs one Scholar
step on it (``scholar_does``) and checks the exact outcome and the words the Scholar logs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from positions import RULES, SCHOLAR, edit, scholar_does, solo, whys
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.solo.actions import enrol_choice, market_tile, shelf_choice
from sankore_rules.sankore.state import MadrasaTile, MarketColumn, State

IDX = RULES.discipline_index
A, T, M, L = RULES.disciplines


def at(current: str, change: Callable[[State], None] | None = None, seed: int = 0) -> State:
    """A solo game at your first turn whose Scholar's current discipline is ``current``."""

    def set_up(state: State) -> None:
        state.solo.current = current
        if change is not None:
            change(state)

    return edit(solo(seed=seed), set_up)


# ---- Contribute a Book (SOLO-BOOK-1..4) ---------------------------------------------------------


def test_solo_book_2_a_book_of_the_current_discipline_from_the_supply() -> None:
    """SOLO-BOOK-2: from the general supply while it has one; the Scholar's own Book stays."""
    state = at(
        T,
        lambda s: setattr(
            s.players[SCHOLAR], "books", replaced_at(s.players[SCHOLAR].books, IDX[T], 2)
        ),
    )
    after = scholar_does(state, "scholar_contribute")
    assert state.supply_books[IDX[T]] - 1 == after.supply_books[IDX[T]]
    assert 2 == after.players[SCHOLAR].books[IDX[T]]
    assert ((T,), (), ()) == after.library
    assert "a theology Book from the general supply (SOLO-BOOK-2)" in whys(after)[0]


def test_solo_book_2_from_its_storage_when_the_supply_has_none() -> None:
    """SOLO-BOOK-2: the Scholar's storage is the reserve."""

    def change(s: State) -> None:
        s.supply_books = replaced_at(s.supply_books, IDX[T], 0)
        s.players[SCHOLAR].books = replaced_at(s.players[SCHOLAR].books, IDX[T], 2)

    after = scholar_does(at(T, change), "scholar_contribute")
    assert 1 == after.players[SCHOLAR].books[IDX[T]]
    assert ((T,), (), ()) == after.library
    assert "from its storage, the supply having none" in whys(after)[0]


def test_solo_book_2_amb_36_neither_gives_the_next_discipline_anticlockwise() -> None:
    """SOLO-BOOK-2, AMB-36: no Theology Book anywhere: a Mathematics one."""

    def change(s: State) -> None:
        s.supply_books = replaced_at(s.supply_books, IDX[T], 0)
        s.players[SCHOLAR].books = (0, 0, 0, 0)

    after = scholar_does(at(T, change), "scholar_contribute")
    assert ((M,), (), ()) == after.library
    assert "(no theology Book anywhere: the next anticlockwise)" in whys(after)[0]


def _library(*shelves: list[str]) -> Callable[[State], None]:
    def change(s: State) -> None:
        s.library = [list(shelf) for shelf in shelves]

    return change


@pytest.mark.parametrize(
    ("shelves", "expected", "priority"),
    [
        # 1: won by 1 (shelf 2) and won on a tie (shelf 1): the uppermost of them.
        (([L], [T, L], [T, T, L]), 1, "priority 1"),
        # 1 skips a shelf won by 2; 2: fewest Books to win (shelf 2 needs 2, shelf 1 needs 4).
        (([T, T], [L, L, L], [A]), 2, "priority 2"),
        # 2 counts LIB-3's tie: one Book after a tied Law would not win shelf 0, so 2 are needed
        # there; shelf 1 needs 3.
        (([L], [L, L], [A, A, A]), 0, "priority 2"),
    ],
)
def test_solo_book_3_shelf_priorities(
    shelves: tuple[list[str], ...], expected: int, priority: str
) -> None:
    """SOLO-BOOK-3, SCHOLAR-2: secure a lead of 2 where the discipline wins (a tie it wins
    included), else the fewest Books to win (LIB-3's tie rule), else the uppermost."""
    state = at(T, _library(*shelves))
    shelf, why = shelf_choice(RULES, state, T)
    assert expected == shelf
    assert priority in why


def test_solo_book_3_the_uppermost_shelf_when_no_shelf_can_be_won() -> None:
    """SOLO-BOOK-3 priority 3: the uppermost shelf with room."""
    full = [L] * 10
    state = at(T, _library(full, full, [*full]))
    assert (0, "shelf 0 is the uppermost with room (SOLO-BOOK-3, priority 3)") == shelf_choice(
        RULES, state, T
    )
    state = at(T, _library([*full, A], full, full))
    assert 1 == shelf_choice(RULES, state, T)[0]


def test_solo_book_4_the_book_goes_to_the_shelfs_leftmost_free_slot() -> None:
    """SOLO-BOOK-4, RES-5: the next slot of the chosen shelf; a full Library takes nothing
    (AMB-25)."""
    after = scholar_does(at(T, _library([L, A], [T, L], [])), "scholar_contribute")
    assert ((L, A), (T, L, T), ()) == after.library
    full = (L,) * 11
    after = scholar_does(at(T, _library(full, full, full)), "scholar_contribute")
    assert (full, full, full) == after.library
    assert ["Contribute a Book: the Library is full (AMB-25)"] == whys(after)


def test_solo_book_1_no_book_when_teaching_mathematics_or_law() -> None:
    """SOLO-BOOK-1, SOLO-TEACH-3: the Scholar contributes only when a turn lists it: its
    Walls and Crowns cost no Book."""
    for area in (M, L):
        state = at(area)
        after = scholar_does(state, "scholar_teach")
        assert state.library == after.library
        assert state.players[SCHOLAR].books == after.players[SCHOLAR].books
        assert 6 == after.players[SCHOLAR].pieces[IDX[area]]


# ---- Enrol by Discipline (SOLO-ENRD-1..4, AMB-38) ------------------------------------------------


def _queues(*queues: list[str | None]) -> Callable[[State], None]:
    def change(s: State) -> None:
        s.queues = [list(q) for q in queues]

    return change


QUEUES = _queues(
    [T, A, L, M, T, None],  # astronomy
    [A, A, A, A, M, None],  # theology
    [T, T, T, T, T, None],  # mathematics
    [L, L, L, L, None, None],  # law
)


def test_solo_enrd_1_2_a_rightmost_student_nearest_area_anticlockwise() -> None:
    """SOLO-ENRD-1, SOLO-ENRD-2: Theology Students are rightmost in the Astronomy and the
    Mathematics queues; Mathematics is nearer anticlockwise from Theology."""
    state = at(T, QUEUES)
    assert ("mathematics", 4, T) == enrol_choice(RULES, state, T)[:3]
    after = scholar_does(state, "scholar_enrol")
    assert (T, T, T, T, None, None) == after.queues[IDX[M]]
    assert (
        "Enrol by Discipline: rightmost theology Student, in the mathematics queue, the nearest "
        "area anticlockwise from theology holding one there (SOLO-ENRD-2); into the bag "
        "(SOLO-ENRD-3)"
    ) == whys(after, "enrol_discipline")[0]


def test_solo_enrd_2_deeper_when_no_rightmost_student_matches() -> None:
    """SOLO-ENRD-2: no rightmost Astronomy Student: the second from the right, the nearest
    area first (Astronomy's own queue holds a Mathematics one there, Theology's an Astronomy)."""
    state = at(A, QUEUES)
    assert ("theology", 3, A) == enrol_choice(RULES, state, A)[:3]


def test_solo_enrd_2_the_own_area_first_among_equal_depths() -> None:
    """SOLO-ENRD-2: a Law Student rightmost in the Law queue and in the Astronomy queue (edited):
    the Law queue, the discipline's own area."""
    change = _queues(
        [T, A, L, M, L, None],
        [A, A, A, A, M, None],
        [T, T, T, T, T, None],
        [L, L, L, L, None, None],
    )
    assert ("law", 3, L) == enrol_choice(RULES, at(L, change), L)[:3]


def test_solo_enrd_2_amb_38_no_student_of_the_discipline_gives_the_next() -> None:
    """SOLO-ENRD-2, AMB-38: no Mathematics Student in any queue (edited): a Law Student, the
    next discipline anticlockwise, searched from the Law area."""
    change = _queues(
        [T, A, L, A, T, None],
        [A, A, A, A, T, None],
        [T, T, T, T, T, None],
        [L, L, L, L, None, None],
    )
    area, position, d, why = enrol_choice(RULES, at(M, change), M)
    assert ("law", 3, L) == (area, position, d)
    assert "no queue holds a mathematics Student, law is next anticlockwise" in why


def test_solo_enrd_3_4_the_student_goes_into_the_bag_and_the_others_slide() -> None:
    """SOLO-ENRD-3, SOLO-ENRD-4: the second from the right of the Theology queue leaves it; the
    Student to its right slides left; the space left empty at the right end (a Favour icon)
    gives the Scholar nothing (AMB-12, AMB-34)."""
    state = at(A, QUEUES)
    after = scholar_does(state, "scholar_enrol")
    assert (A, A, A, M, None, None) == after.queues[IDX[T]]
    assert tuple(sorted([*state.solo.bag, A])) == after.solo.bag  # the bag keeps no order
    assert "theology queue: its Favour icon does nothing" in whys(after, "reward_let_go")[0]


def test_solo_enrd_4_amb_34_queue_icons_trigger_for_the_scholar() -> None:
    """AMB-34, AMB-12: the Scholar's Enrol uncovering a Sankoré icon places a supply tile of
    the area with a Prestige token; a Book majority icon waits for the end of its turn."""
    others = ([T] * 5 + [None], [M] * 5 + [None], [L] * 5 + [None])
    state = at(A, _queues([T, A, L, A, None, None], *others))
    after = scholar_does(state, "scholar_enrol")  # Astronomy's index 3: a Sankoré icon
    assert (T, A, L, None, None, None) == after.queues[IDX[A]]
    assert MadrasaTile("ast-supply-1", star=True) == after.madrasa[RULES.numbered_cells[0]]
    assert (1, 0, 0, 0) == after.players[SCHOLAR].prestige
    state = at(T, _queues([A] * 5 + [None], [T, A, T, None, None, None], *others[1:]))
    after = scholar_does(state, "scholar_enrol")  # Theology's index 2: a Book majority icon
    assert (("theology", "book", "theology:2"),) == after.pending_scorings
    scored = scholar_does(after, "end_turn_scorings")
    assert () == scored.pending_scorings
    assert ("theology:book",) == scored.scorings_done
    assert "theology:2" not in scored.queue_tokens


def test_solo_enrd_every_queue_empty_enrols_nothing() -> None:
    """SOLO-ENRD-1: with every queue empty, nothing."""
    after = scholar_does(at(T, _queues(*([[None] * 6] * 4))), "scholar_enrol")
    assert ["Enrol by Discipline: every queue is empty"] == whys(after)


# ---- Enrol by Area (SOLO-ENRA-1, 2; SCHOLAR-8) ---------------------------------------------------


def test_solo_enra_1_2_the_rightmost_student_of_the_areas_queue_onto_the_tile() -> None:
    """SOLO-ENRA-1, SOLO-ENRA-2: the rightmost Student of the current area's queue, whatever
    its discipline, onto the tile that triggered the action."""
    state = at(T, QUEUES)
    state = edit(
        state, lambda s: setattr(s.solo, "classes", {**s.solo.classes, "solo-c1": "the-2a"})
    )
    after = scholar_does(state, "scholar_enrol_area", space="solo-c1")
    assert {"solo-c1": M} == after.solo.tile_students
    assert (A, A, A, A, None, None) == after.queues[IDX[T]]
    assert state.solo.bag == after.solo.bag


def test_solo_enra_scholar_8_an_empty_queue_passes_to_the_next_area() -> None:
    """SCHOLAR-8, SOLO-DISC-2: the Law queue is empty: the Astronomy queue's rightmost."""
    change = _queues([T, A, L, M, T, None], [A] * 5 + [None], [T] * 5 + [None], [None] * 6)
    state = edit(
        at(L, change), lambda s: setattr(s.solo, "classes", {**s.solo.classes, "solo-c1": "law-2a"})
    )
    after = scholar_does(state, "scholar_enrol_area", space="solo-c1")
    assert {"solo-c1": T} == after.solo.tile_students
    assert "the law queue is empty: next anticlockwise" in whys(after)[0]


def test_solo_enra_scholar_8_establishing_a_level_2_tile_triggers_it() -> None:
    """SCHOLAR-8: a tile listed in solo.toml (levels 2 and 3) triggers Enrol by Area at once."""

    def change(s: State) -> None:
        s.solo.classes = {**s.solo.classes, **dict({"solo-c1": "law-1a", "solo-c2": "law-1e"})}

    after = scholar_does(at(L, change), "scholar_establish")
    assert "law-2b" == after.solo.classes["solo-c3"]
    assert "solo-c3" in after.solo.tile_students
    actions = [e.detail["action"] for e in after.events if e.kind == "scholar"]
    assert ["establish", "enrol_area"] == actions[:2]


# ---- Establish (SOLO-EST-1..3, SOLO-PH2-4, AMB-36) ----------------------------------------------


def test_solo_est_1_3_a_tile_of_the_current_discipline_without_a_book() -> None:
    """SOLO-EST-1, SOLO-EST-3: the bottom row's Law tile onto the lowest free Class space, no
    Book paid; the market refills as for a player (EST-10)."""
    state = at(L)
    after = scholar_does(state, "scholar_establish")
    assert {
        "solo-draft": state.solo.classes["solo-draft"],
        "solo-c1": "law-1e",
    } == after.solo.classes
    # The level-1 pile's top moves down and a new top is turned: law-1b, the draw this game's
    # seed gives (the chance step market_turn).
    assert (
        MarketColumn(
            "law-3a",
            ("law-2c", "law-2a", "law-2d"),
            "law-2b",
            ("law-1b", "law-1c"),
            "law-1d",
        )
        == after.market[IDX[L]]
    )
    assert state.library == after.library
    assert state.players[SCHOLAR].books == after.players[SCHOLAR].books
    assert [] == after.solo.tile_students.get("solo-c1", [])


@pytest.mark.parametrize(
    ("filled", "space", "row", "tile"),
    [
        (0, "solo-c1", 1, "law-1e"),  # turn 5: the lowest row
        (1, "solo-c2", 2, "law-1d"),  # turn 6: the level-1 pile's top
        (2, "solo-c3", 3, "law-2b"),  # turn 7: the level-2 row
        (3, "solo-c4", 4, "law-2c"),  # turn 8: the level-2 pile's top
        (4, "solo-c5", 5, "law-3a"),  # turn 9: the level-3 tile
    ],
)
def test_solo_est_2_the_class_space_names_the_market_row(
    filled: int, space: str, row: int, tile: str
) -> None:
    """SOLO-EST-2, SOLO-PH2-4: the lowest-numbered free Class space names the market row,
    counted from the bottom."""

    def change(s: State) -> None:
        for c in RULES.solo_class_spaces[:filled]:
            s.solo.classes = with_item(s.solo.classes, c, "ast-1a")

    state = at(L, change)
    assert row == RULES.solo_market_row[space]
    assert tile == market_tile(state.market[IDX[L]], row)
    after = scholar_does(state, "scholar_establish")
    assert tile == after.solo.classes[space]


def test_solo_est_3_amb_36_a_row_without_the_discipline_gives_the_next() -> None:
    """SOLO-EST-3, AMB-36: the level-3 Law tile is gone: the Astronomy one, next anticlockwise;
    a row empty in every column leaves the space free."""

    def change(s: State) -> None:
        for c in RULES.solo_class_spaces[:4]:
            s.solo.classes = with_item(s.solo.classes, c, "ast-1a")
        column = s.market[IDX[L]]
        emptied = MarketColumn(None, column.pile2, column.shown2, column.pile1, column.shown1)
        s.market = replaced_at(s.market, IDX[L], emptied)

    after = scholar_does(at(L, change), "scholar_establish")
    assert "ast-3a" == after.solo.classes["solo-c5"]
    assert "(the row has no law tile: next anticlockwise)" in whys(after)[0]

    def empty(s: State) -> None:
        change(s)
        s.market = [MarketColumn(None, c.pile2, c.shown2, c.pile1, c.shown1) for c in s.market]

    after = scholar_does(at(L, empty), "scholar_establish")
    assert "solo-c5" not in after.solo.classes
    assert ["Establish: market row 5 is empty; solo-c5 stays free (AMB-36)"] == whys(after)


# ---- Gain Prestige (SOLO-PRES-1, SCHOLAR-7) -----------------------------------------------------


def test_solo_pres_1_a_token_of_the_current_discipline_else_the_next() -> None:
    """SOLO-PRES-1: a Law token; with none left, an Astronomy one (anticlockwise, wrapping)."""
    state = at(L)
    after = scholar_does(state, "scholar_prestige")
    assert (0, 0, 0, 1) == after.players[SCHOLAR].prestige
    assert state.supply_prestige[IDX[L]] - 1 == after.supply_prestige[IDX[L]]
    after = scholar_does(
        at(L, lambda s: setattr(s, "supply_prestige", replaced_at(s.supply_prestige, IDX[L], 0))),
        "scholar_prestige",
    )
    assert (1, 0, 0, 0) == after.players[SCHOLAR].prestige
    assert (
        "Gain Prestige: an astronomy Prestige token from the supply, none of law being left "
        "(next anticlockwise) (SOLO-PRES-1)"
    ) == whys(after)[0]


# ---- Graduate (SOLO-GRAD-1, 2; AMB-36) ----------------------------------------------------------


def test_solo_grad_1_2_the_leftmost_student_of_the_phase_3_row_takes_the_top_tile() -> None:
    """SOLO-GRAD-1, SOLO-GRAD-2: the leftmost Student still on the row, on the highest tile of
    its discipline, whatever the level, without a Book."""
    state = at(T, lambda s: setattr(s.solo, "phase3", [None, L, T]))
    after = scholar_does(state, "scholar_graduate")
    assert (None, None, T) == after.solo.phase3
    assert ["grad-law-4"] == [g.tile for g in after.players[SCHOLAR].graduations]
    assert [L] == [g.student for g in after.players[SCHOLAR].graduations]
    assert "grad-law-4" not in after.graduation
    assert state.library == after.library


def test_solo_grad_amb_36_a_student_without_a_tile_is_passed_over() -> None:
    """AMB-36: no Law tile left: the Theology Student after it graduates."""

    def change(s: State) -> None:
        s.solo.phase3 = [L, T]
        s.graduation = [g for g in s.graduation if not g.startswith("grad-law")]

    after = scholar_does(at(T, change), "scholar_graduate")
    assert (L, None) == after.solo.phase3
    assert "grad-the-4" == after.players[SCHOLAR].graduations[0].tile
    assert "(the law Students left of it have no tile left, AMB-36)" in whys(after)[0]


def test_solo_grad_amb_36_the_last_tile_of_a_column_releases_a_sankore_tile() -> None:
    """AMB-36, GRAD-7: the column's last tile places a supply tile of its discipline, with a
    Prestige token."""

    def change(s: State) -> None:
        s.solo.phase3 = [M]
        s.graduation = [g for g in s.graduation if g != "grad-mat-4" and g != "grad-mat-3"]
        s.graduation = [g for g in s.graduation if g not in ("grad-mat-2",)]

    state = at(T, change)
    after = scholar_does(state, "scholar_graduate")
    assert "grad-mat-1" == after.players[SCHOLAR].graduations[0].tile
    assert MadrasaTile("mat-supply-1", star=True) == after.madrasa[RULES.numbered_cells[0]]
    assert 1 == after.players[SCHOLAR].prestige[IDX[M]]


# ---- Place a Sankoré tile (SOLO-SANK-1..3, SOLO-DISC-3) -----------------------------------------


def test_solo_sank_1_3_a_supply_tile_into_the_lowest_space_and_a_token() -> None:
    """SOLO-SANK-1, SOLO-SANK-3: a double-Prestige tile of the current discipline into the
    lowest-numbered free space, star up, and a Prestige token of its discipline."""
    state = at(T)
    after = scholar_does(state, "scholar_sankore")
    assert MadrasaTile("the-supply-1", star=True) == after.madrasa[RULES.numbered_cells[0]]
    assert "the-supply-1" not in after.supply_sankore
    assert (0, 1, 0, 0) == after.players[SCHOLAR].prestige


def test_solo_sank_2_a_full_madrasa_sends_the_tile_to_its_storage() -> None:
    """SOLO-SANK-2: the Madrasa full, the tile goes to the Scholar's storage, 1 Prestige icon
    at the end; the token is still gained (SCHOLAR-6)."""

    def change(s: State) -> None:
        for cell in RULES.numbered_cells:
            s.madrasa = replaced_at(s.madrasa, cell, MadrasaTile("law-board-1", star=False))

    after = scholar_does(at(T, change), "scholar_sankore")
    assert ("the-supply-1",) == after.players[SCHOLAR].kept_sankore
    assert (0, 1, 0, 0) == after.players[SCHOLAR].prestige
    assert "into its storage, the Madrasa being full (SOLO-SANK-2)" in whys(after)[0]


def test_solo_disc_3_no_tile_of_the_discipline_gives_the_next_anticlockwise() -> None:
    """SOLO-DISC-3, SCHOLAR-7: no Law tile left in the supply: an Astronomy tile and token."""
    state = at(
        L,
        lambda s: setattr(
            s, "supply_sankore", [t for t in s.supply_sankore if not t.startswith("law")]
        ),
    )
    after = scholar_does(state, "scholar_sankore")
    assert MadrasaTile("ast-supply-1", star=True) == after.madrasa[RULES.numbered_cells[0]]
    assert (1, 0, 0, 0) == after.players[SCHOLAR].prestige
