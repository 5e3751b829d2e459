"""The Law area action (RULES-CHECKLIST 11d, LAW-1..9, KNOW-11; rulings AMB-16, AMB-44).

Positions come from ``test_teach.position``: player 0 teaches a level-2 Law class (+3) on seed
0's first turn, with the Knowledge, support, Gold, Salt and Books each test needs. The Law
regions A-D stand for Astronomy, Theology, Mathematics and Law.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import act, codes, options
from sankore_rules.core.shared import with_item, without
from sankore_rules.sankore.state import MadrasaTile, State
from test_teach import P, idx, position, swap_region_tile, teach

LAW = idx("law")
Resources = tuple[int, int, int]  # Gold, Salt, Books
NUMBERS = {1: "bottom", 2: "bottom", 3: "bottom", 4: "middle", 5: "middle", 7: "top", 8: "top"}


def quiet_tiles(s: State) -> None:
    """Law region tiles whose bonus asks nothing: 1 Inspiration or a Favour step."""
    tiles = ("ast-board-1", "the-board-1", "law-board-2", "the-board-2")
    for region, tile in zip("ABCD", tiles, strict=True):
        swap_region_tile(s, f"law:{region}", tile)


def law(
    knowledge: int,
    *,
    supported: bool = True,
    gold: int = 1,
    salt: int = 1,
    books: tuple[int, int, int, int] = (1, 0, 0, 0),
    change: Callable[[State], None] | None = None,
) -> State:
    """Player 0 at the Law decision with exactly ``knowledge`` (1..12).

    Up to 5 an Astronomy Student teaches (no class bonus) with that Shared Knowledge; above,
    the Law Student's +3 adds to Shared Knowledge (5 at most) and pieces placed the rest.
    """
    if knowledge <= 5:
        student, rest = "astronomy", knowledge
    else:
        student, rest = "law", knowledge - 3
    shared = min(5, rest)
    placed = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5}[rest - shared]

    def setup(s: State) -> None:
        quiet_tiles(s)
        if change is not None:
            change(s)

    return teach(
        position(
            "law-2a",
            student=student,
            partner="astronomy" if supported else None,
            placed=placed,
            shared=shared,
            gold=gold,
            salt=salt,
            books=books,
            change=setup,
        )
    )


def missing(space: str, knowledge: int, supported: bool, resources: Resources) -> list[str]:
    """The reason codes a Crown on ``space`` (e.g. ``law-b7``) is refused with."""
    gold, salt, books = resources
    n = int(space[-1])
    row = NUMBERS[n]
    found = []
    if n > knowledge:
        found.append("knowledge_short")
    if row == "top" and not supported:
        found.append("needs_supported_class")
    if row == "bottom" and gold < 1:
        found.append("not_enough_gold")
    if row == "middle" and salt < 1:
        found.append("not_enough_salt")
    if row == "top" and books < 1:
        found.append("not_enough_books")
    return found


LAW_SPACES = [f"law-{region}{n}" for region in "abcd" for n in NUMBERS]


def expected(knowledge: int, supported: bool, resources: Resources) -> list[str]:
    return sorted(
        f"crown {space}"
        for space in LAW_SPACES
        if not missing(space, knowledge, supported, resources)
    )


def check_reasons(state: State, knowledge: int, supported: bool, resources: Resources) -> None:
    for space in LAW_SPACES:
        found = codes(state, f"crown {space}")
        assert (space, missing(space, knowledge, supported, resources)) == (space, found)


def crowns(state: State) -> list[str]:
    return [o for o in options(state) if o != "skip"]


@pytest.mark.parametrize("knowledge", [1, 3, 5, 7, 8])
@pytest.mark.parametrize("supported", [False, True])
@pytest.mark.parametrize(("gold", "salt", "books"), [(1, 1, 1), (1, 0, 0)])
def test_law_legal_spaces_are_those_within_knowledge_costs_and_support(
    knowledge: int, supported: bool, gold: int, salt: int, books: int
) -> None:
    """LAW-1..4, KNOW-1: thresholds; 1 Gold, 1 Salt or 1 Book by row; support for the top;
    the other spaces are refused with what they lack."""
    state = law(knowledge, supported=supported, gold=gold, salt=salt, books=(books, 0, 0, 0))
    assert expected(knowledge, supported, (gold, salt, books)) == crowns(state)
    check_reasons(state, knowledge, supported, (gold, salt, books))


@pytest.mark.parametrize("knowledge", [4, 5, 7, 8])
def test_law_legal_spaces_without_gold(knowledge: int) -> None:
    """LAW-3: no Gold closes the bottom rows only."""
    state = law(knowledge, gold=0, salt=1, books=(0, 1, 0, 0))
    assert expected(knowledge, True, (0, 1, 1)) == crowns(state)
    check_reasons(state, knowledge, True, (0, 1, 1))


def test_law_explain_names_what_is_missing() -> None:
    """KNOW-1, KNOW-6, LAW-3, LAW-4: Knowledge, Gold, Salt, Books and support, each named."""
    state = law(7, supported=False, gold=0, salt=1, books=(0, 0, 0, 0))
    assert [sr.Reason("knowledge_short", "needs Knowledge 8, you have 7 (KNOW-1)")] == sr.explain(
        state, "crown law-c8"
    )[:1]
    assert codes(state, "crown law-c8") == [
        "knowledge_short",
        "needs_supported_class",
        "not_enough_books",
    ]
    assert codes(state, "crown law-c1") == ["not_enough_gold"]
    assert codes(state, "crown law-c4") == []
    assert codes(law(5, salt=0), "crown law-d4") == ["not_enough_salt"]


def test_law_1_a_crown_goes_on_an_empty_space() -> None:
    """LAW-1: the Crown leaves the board; an occupied space is refused."""

    def taken(s: State) -> None:
        s.spaces = with_item(s.spaces, "law-a1", 1)

    state = law(1, change=taken)
    assert codes(state, "crown law-a1") == ["space_taken"]
    state = act(state, "crown law-b1")
    assert state.spaces == {"law-a1": 1, "law-b1": P}
    assert state.players[P].pieces[LAW] == 6


@pytest.mark.parametrize(
    ("space", "skills"),
    [
        ("law-a1", [("gold",), (), (), ()]),
        ("law-b1", [(), ("salt",), (), ()]),
        ("law-c1", [(), (), ("gold",), ()]),
        ("law-d1", [(), (), (), ("salt",)]),
    ],
)
def test_law_2_and_5_the_skill_tile_goes_to_the_regions_section(
    space: str, skills: list[tuple[str, ...]]
) -> None:
    """LAW-2, LAW-5, SKILL-2: regions A-D put their tile in Astronomy .. Law, no choice."""
    state = act(law(1), f"crown {space}")
    assert tuple(skills) == state.players[P].skills
    assert state.decision.kind == "promote_active"


@pytest.mark.parametrize(
    ("space", "left"),
    [("law-a2", (0, 1, [1, 0, 0, 0])), ("law-a4", (1, 0, [1, 0, 0, 0]))],
)
def test_law_3_bottom_costs_gold_middle_costs_salt(
    space: str, left: tuple[int, int, list[int]]
) -> None:
    """LAW-3: 1 Gold in the bottom row, 1 Salt in the middle row."""
    me = act(law(5), f"crown {space}").players[P]
    assert left == (me.gold, me.salt, list(me.books))


def test_law_3_and_amb_16_top_row_book_goes_to_the_library() -> None:
    """LAW-3, AMB-16: the top row's Book of any discipline is contributed to the Library."""
    state = act(law(7, books=(0, 0, 1, 0)), "crown law-a7")
    assert state.decision.kind == "contribute"
    assert options(state) == [
        "library mathematics 0",
        "library mathematics 1",
        "library mathematics 2",
    ]
    state = act(state, "library mathematics 1")
    me = state.players[P]
    assert (me.books, me.gold, me.salt) == ((0, 0, 0, 0), 1, 1)
    assert state.library == ((), ("mathematics",), ())


def test_law_4_top_row_needs_a_supported_class() -> None:
    """LAW-4: Knowledge 8 and a Book, but no support: every top-row space refuses."""
    state = law(8, supported=False)
    for region in "abcd":
        for n in (7, 8):
            assert codes(state, f"crown law-{region}{n}") == ["needs_supported_class"]


def test_law_6_first_crown_in_the_top_two_rows_places_the_regions_tile() -> None:
    """LAW-6, SANK-1: the middle row counts; the tile's bonus (1 Inspiration) is gained."""
    state = act(law(4), "crown law-a4")
    assert MadrasaTile("ast-board-1", star=False) == state.madrasa[0]
    assert "law:A" not in state.region_tiles
    assert state.players[P].inspiration == 2


def test_law_6_bottom_row_releases_nothing_and_a_tile_goes_once() -> None:
    """LAW-6: a bottom-row Crown, or a region whose tile has gone, places no tile."""
    before = law(4)
    bottom = act(before, "crown law-a3")
    assert before.region_tiles == bottom.region_tiles
    assert before.madrasa == bottom.madrasa
    gone = law(5, change=lambda s: setattr(s, "region_tiles", without(s.region_tiles, "law:A")))
    state = act(gone, "crown law-a5")
    assert before.madrasa == state.madrasa
    assert state.players[P].inspiration == 1


def test_law_7_top_row_collects_the_overflow_above() -> None:
    """LAW-7, RES-4: every Prestige token, and the Books the Bookshelf has room for."""

    def overflow(s: State) -> None:
        s.overflow_books = with_item(s.overflow_books, "A", [2, 0, 0, 1])
        s.overflow_prestige = with_item(s.overflow_prestige, "A", [1, 0, 0, 2])
        s.overflow_prestige = with_item(s.overflow_prestige, "B", [0, 3, 0, 0])

    state = law(7, books=(2, 0, 0, 1), change=overflow)
    state = act(state, "crown law-a7", "library law 0")
    me = state.players[P]
    assert me.prestige == (1, 0, 0, 2)
    assert me.books == (3, 0, 0, 1)
    assert state.overflow_books["A"] == (1, 0, 0, 0)
    assert state.overflow_prestige["A"] == (0, 0, 0, 0)
    assert state.overflow_prestige["B"] == (0, 3, 0, 0)
    assert me.skills == (("prestige_astronomy",), (), (), ())


def test_law_7_lower_rows_leave_the_overflow() -> None:
    """LAW-7: a middle-row Crown collects nothing."""

    def overflow(s: State) -> None:
        s.overflow_prestige = with_item(s.overflow_prestige, "A", [1, 0, 0, 0])

    state = act(law(5, change=overflow), "crown law-a5")
    assert state.overflow_prestige["A"] == (1, 0, 0, 0)
    assert state.players[P].prestige == (0, 0, 0, 0)


@pytest.mark.parametrize("region", ["a", "b", "c", "d"])
def test_law_8_and_know_11_the_top_pair_needs_7_and_8_a_book_and_support(region: str) -> None:
    """LAW-8, KNOW-11: one carpet under both top-row spaces: 1 Book and support; 7 and 8."""
    seven = law(7)
    assert codes(seven, f"crown law-{region}7") == []
    assert codes(seven, f"crown law-{region}8") == ["knowledge_short"]
    eight = law(8)
    assert codes(eight, f"crown law-{region}7") == []
    assert codes(eight, f"crown law-{region}8") == []
    alone = law(8, supported=False)
    assert codes(alone, f"crown law-{region}7") == ["needs_supported_class"]
    assert codes(alone, f"crown law-{region}8") == ["needs_supported_class"]
    bookless = law(8, books=(0, 0, 0, 0))
    assert codes(bookless, f"crown law-{region}7") == ["not_enough_books"]
    assert codes(bookless, f"crown law-{region}8") == ["not_enough_books"]


def test_law_9_french_example_aurélie_in_the_theology_region() -> None:
    """LAW-9, SKILL-9: Knowledge 5, 1 Salt for space 5 of region B; its Skill tile to
    Theology first; then region B's tile, whose bonus activates a section of choice."""

    def board(s: State) -> None:
        swap_region_tile(s, "law:B", "law-board-1")  # bonus: activate the Skill tiles

    state = law(5, change=board)
    assert codes(state, "crown law-b5") == []
    state = act(state, "crown law-b5")
    me = state.players[P]
    assert me.salt == 0
    assert me.skills == ((), ("book_section",), (), ())
    assert MadrasaTile("law-board-1", star=False) == state.madrasa[0]
    kinds = [e.kind for e in state.events]
    assert kinds.index("skill_gained") < kinds.index("sankore_placed")
    assert state.decision.kind == "choose_section"
    state = act(state, "section theology")  # the new tile already acts: 1 Theology Book
    me = state.players[P]
    assert (me.books, me.prestige) == ((1, 1, 0, 0), (0, 0, 0, 0))
