"""The Mathematics area action (RULES-CHECKLIST 11c, MATH-1..12; rulings AMB-3, AMB-25, AMB-44).

Positions come from ``test_teach.position``: player 0 teaches a level-2 Mathematics class (+3)
on seed 0's first turn, with the Knowledge, support and Books each test needs. Madrasa cells
are named r<row>c<column>; seed 0 starts with bonus tiles on r0c1, r1c3, r2c0 and r3c2.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import act, codes, options
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.state import MadrasaTile, State
from test_teach import P, idx, position, teach

MATHS = idx("mathematics")
WALLS = {
    "wall-a1": 1,
    "wall-a2": 2,
    "wall-a3": 3,
    "wall-a4": 4,
    "wall-b5": 5,
    "wall-b6": 6,
    "wall-b7": 7,
    "wall-b8": 8,
    "wall-c2": 2,
    "wall-c3": 3,
    "wall-c4": 4,
    "wall-c5": 5,
    "wall-d6": 6,
    "wall-d7": 7,
    "wall-d8": 8,
    "wall-d9": 9,
}


def mathematics(
    knowledge: int,
    *,
    supported: bool = True,
    books: tuple[int, int, int, int] = (1, 1, 0, 0),
    change: Callable[[State], None] | None = None,
) -> State:
    """Player 0 at the Mathematics decision with exactly ``knowledge`` (1..12).

    Up to 5 a Law Student teaches (no class bonus) with that Shared Knowledge; above, the
    Mathematics Student's +3 adds to Shared Knowledge (5 at most) and pieces placed the rest.
    """
    if knowledge <= 5:
        student, rest = "law", knowledge
    else:
        student, rest = "mathematics", knowledge - 3
    shared = min(5, rest)
    placed = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5}[rest - shared]
    return teach(
        position(
            "mat-2a",
            student=student,
            partner="law" if supported else None,
            placed=placed,
            shared=shared,
            books=books,
            change=change,
        )
    )


def missing(wall: str, knowledge: int, supported: bool, books: tuple[int, ...]) -> list[str]:
    """The reason codes a Wall on ``wall`` is refused with."""
    vertical = wall[5] in "bd"
    found = []
    if WALLS[wall] > knowledge:
        found.append("knowledge_short")
    if vertical and not supported:
        found.append("needs_supported_class")
    if (vertical and sum(1 for b in books if b) < 2) or sum(books) < 1:
        found.append("not_enough_books")
    return found


def expected(knowledge: int, supported: bool, books: tuple[int, ...]) -> list[str]:
    return sorted(f"wall {w}" for w in WALLS if not missing(w, knowledge, supported, books))


def walls(state: State) -> list[str]:
    return [o for o in options(state) if o != "skip"]


def full_madrasa(s: State) -> None:
    """Every cell holds a star-down tile with no bonus."""
    s.madrasa = [MadrasaTile("mat-supply-1", star=False) for _ in s.madrasa]


@pytest.mark.parametrize("knowledge", [1, 3, 5, 7, 9])
@pytest.mark.parametrize("supported", [False, True])
@pytest.mark.parametrize("books", [(1, 0, 0, 0), (2, 0, 0, 0), (1, 1, 0, 0)])
def test_math_legal_walls_are_those_within_knowledge_books_and_support(
    knowledge: int, supported: bool, books: tuple[int, int, int, int]
) -> None:
    """MATH-1..5, KNOW-1: thresholds; 1 Book for A/C; 2 different Books and support for B/D;
    the other Walls are refused with what they lack."""
    state = mathematics(knowledge, supported=supported, books=books)
    assert expected(knowledge, supported, books) == walls(state)
    for wall in WALLS:
        found = codes(state, f"wall {wall}")
        assert (wall, missing(wall, knowledge, supported, books)) == (wall, found)


def test_math_explain_names_what_is_missing() -> None:
    """KNOW-1, MATH-4, MATH-5: Knowledge, Books and support, each named."""
    state = mathematics(5, supported=False, books=(2, 0, 0, 0))
    assert [sr.Reason("knowledge_short", "needs Knowledge 6, you have 5 (KNOW-1)")] == sr.explain(
        state, "wall wall-b6"
    )[:1]
    assert codes(state, "wall wall-b6") == [
        "knowledge_short",
        "needs_supported_class",
        "not_enough_books",
    ]
    assert codes(state, "wall wall-b5") == ["needs_supported_class", "not_enough_books"]
    assert codes(state, "wall wall-c5") == []
    assert codes(mathematics(5, books=(2, 0, 0, 0)), "wall wall-b5") == ["not_enough_books"]


def test_math_1_a_wall_goes_on_an_empty_space() -> None:
    """MATH-1: the Wall leaves the board; an occupied space is refused."""

    def taken(s: State) -> None:
        s.spaces = with_item(s.spaces, "wall-a2", 1)

    state = mathematics(2, change=taken)
    assert codes(state, "wall wall-a2") == ["space_taken"]
    state = act(state, "wall wall-a1", "library astronomy 0")
    assert state.spaces["wall-a1"] == P
    assert state.players[P].pieces[MATHS] == 6


@pytest.mark.parametrize(
    ("wall", "line"),
    [
        ("wall-a2", ["r0c1", "r1c1", "r2c1", "r3c1"]),
        ("wall-c3", ["r0c1", "r1c1", "r2c1", "r3c1"]),
        ("wall-b6", ["r1c0", "r1c1", "r1c2", "r1c3"]),
        ("wall-d9", ["r3c0", "r3c1", "r3c2", "r3c3"]),
    ],
)
def test_math_2_and_6_horizontal_walls_face_columns_vertical_walls_rows(
    wall: str, line: list[str]
) -> None:
    """MATH-2, MATH-6, MATH-7: A and C line up with a column, B and D with a row."""
    state = act(mathematics(9, change=full_madrasa), f"wall {wall}")
    while state.decision.kind == "contribute":
        state = act(state, options(state)[0])
    assert state.decision.kind == "flip"
    assert [f"flip {cell}" for cell in line] == options(state)


def test_math_3_a_horizontal_wall_costs_one_book_to_the_library() -> None:
    """MATH-3: one Book of any discipline, onto a Library shelf of the player's choice."""
    state = act(mathematics(1, books=(1, 0, 0, 1)), "wall wall-a1")
    assert state.decision.kind == "contribute"
    assert [f"library {d} {shelf}" for d in ("astronomy", "law") for shelf in range(3)] == options(
        state
    )
    state = act(state, "library law 2")
    assert state.players[P].books == (1, 0, 0, 0)
    assert state.library == ((), (), ("law",))


def test_math_4_a_vertical_wall_costs_two_different_books() -> None:
    """MATH-4: after an Astronomy Book, the second must be of another discipline."""
    state = act(mathematics(5, books=(2, 1, 0, 0)), "wall wall-b5", "library astronomy 0")
    assert state.decision.kind == "contribute"
    assert options(state) == ["library theology 0", "library theology 1", "library theology 2"]
    state = act(state, "library theology 1")
    assert state.players[P].books == (1, 0, 0, 0)
    assert state.library == (("astronomy",), ("theology",), ())


def test_math_4_and_amb_25_a_library_with_one_slot_takes_one_book_only() -> None:
    """MATH-3, MATH-4, AMB-25: one free Library slot: a horizontal Wall, not a vertical one."""

    def nearly_full(s: State) -> None:
        s.library = [["law"] * 11, ["law"] * 11, ["law"] * 10]

    state = mathematics(5, change=nearly_full)
    assert codes(state, "wall wall-b5") == ["library_full"]
    assert codes(state, "wall wall-a1") == []


def _column_0(s: State) -> None:
    s.madrasa = replaced_at(
        s.madrasa, 0, MadrasaTile("the-board-1", star=False)
    )  # bonus: 1 Inspiration
    s.madrasa = replaced_at(s.madrasa, 12, MadrasaTile("ast-supply-2", star=True))


def test_math_7_flip_a_star_down_tile_of_the_line_and_take_its_bonus() -> None:
    """MATH-7: column 0 offers its two star-down tiles; the chosen one pays and turns."""
    state = act(mathematics(1, change=_column_0), "wall wall-a1", "library astronomy 0")
    assert options(state) == ["flip r0c0", "flip r2c0"]
    state = act(state, "flip r0c0")
    me = state.players[P]
    assert MadrasaTile("the-board-1", star=True) == state.madrasa[0]
    assert (me.inspiration, me.gold) == (2, 3)  # +1 Inspiration, +1 Gold (column 0's icon)


def test_math_8_gold_comes_even_when_nothing_can_flip() -> None:
    """MATH-8: column 1's only tile shows its star already; its Gold icon still pays."""

    def starred(s: State) -> None:
        s.madrasa = replaced_at(s.madrasa, 1, MadrasaTile("mat-madrasa", star=True))

    before = mathematics(2, change=starred)
    state = act(before, "wall wall-a2", "library astronomy 0")
    assert state.players[P].gold == 3
    assert before.madrasa == state.madrasa
    assert state.decision.kind == "promote_active"


def test_math_9_bonus_then_flip_then_gold() -> None:
    """MATH-9, IC-BRD-3, AMB-44: the tile's bonus, then the flip, then the line's Gold."""
    state = act(mathematics(1, change=_column_0), "wall wall-a1", "library astronomy 0")
    state = act(state, "flip r0c0")
    assert [(e.kind, e.detail.get("resource")) for e in state.events] == [
        ("gain", "inspiration"),
        ("flip", None),
        ("gain", "gold"),
    ]


def test_math_10_the_corner_is_not_for_the_mathematics_action() -> None:
    """MATH-10, ASTRO-13: the dark-blue corner is reached through Suakin or Zeila only."""
    state = mathematics(12)
    assert "wall wall-corner" not in options(state)
    assert codes(state, "wall wall-corner") == ["corner_only_by_port"]


def test_math_11_french_example_rémi_builds_on_the_top_side() -> None:
    """MATH-11, MATH-12: Knowledge 4, the top Wall marked 4, 1 Book to the Library; the
    column's topmost star-down tile gives an Exchange a Favour, turns; 2 Gold icons pay 2."""

    def column_3(s: State) -> None:
        s.madrasa = replaced_at(
            s.madrasa, 3, MadrasaTile("mat-board-1", star=False)
        )  # bonus: Exchange a Favour
        s.region_tiles = {k: t for k, t in s.region_tiles.items() if t != "mat-board-1"}

    state = mathematics(4, books=(0, 0, 1, 0), change=column_3)
    assert codes(state, "wall wall-a4") == []
    state = act(state, "wall wall-a4", "library mathematics 0")
    assert options(state) == ["flip r0c3", "flip r1c3"]
    state = act(state, "flip r0c3")
    assert state.decision.kind == "exchange"
    assert options(state) == ["favour return", "favour take"]
    state = act(state, "favour return")
    me = state.players[P]
    assert MadrasaTile("mat-board-1", star=True) == state.madrasa[3]
    assert (me.gold, me.favour_tiles, me.books) == (4, 1, (0, 0, 0, 0))
    assert state.library == (("mathematics",), (), ())
    assert state.main_used == ("teach",)  # the Exchange is not a main action


def test_math_12_a_flipped_tiles_exchange_may_take_a_favour() -> None:
    """MATH-12, FAV-2: the Exchange bonus may take a Favour: a reward and a Favour tile."""

    def column_3(s: State) -> None:
        s.madrasa = replaced_at(
            s.madrasa, 3, MadrasaTile("mat-board-1", star=False)
        )  # bonus: Exchange a Favour
        s.region_tiles = {k: t for k, t in s.region_tiles.items() if t != "mat-board-1"}

    state = mathematics(4, change=column_3)
    state = act(state, "wall wall-a4", "library astronomy 0", "flip r0c3", "favour take")
    assert state.decision.kind == "gain_resource"  # Favour space 1: 1 Gold or 1 Salt
    state = act(state, "resource salt")
    me = state.players[P]
    assert (me.gold, me.salt, me.favour_tiles) == (4, 2, 3)
