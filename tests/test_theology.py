"""The Theology area action (RULES-CHECKLIST 11b, THEO-1..12; rulings AMB-4, AMB-5, AMB-44).

Positions come from ``test_teach.position``: player 0 teaches a level-2 Theology class (+3) on
seed 0's first turn, with the Knowledge, support and Salt each test needs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import act, codes, options
from sankore_rules.core.shared import replaced_at, with_item, without
from sankore_rules.sankore.state import Graduated, MadrasaTile, State
from test_teach import P, idx, position, swap_region_tile, teach

THEO = idx("theology")

# Knowledge and row of every Theology space (data/theology.toml).
SPACES = {
    "djenne-bottom": (2, "bottom"),
    "djenne-middle": (5, "middle"),
    "aoudaghost-bottom": (3, "bottom"),
    "aoudaghost-top-left": (7, "top"),
    "aoudaghost-top-right": (8, "top"),
    "gao-bottom": (2, "bottom"),
    "gao-middle": (5, "middle"),
    "tadmekka-bottom": (3, "bottom"),
    "tadmekka-middle": (6, "middle"),
    "tadmekka-top-left": (8, "top"),
    "tadmekka-top-right": (9, "top"),
    "walata-bottom": (2, "bottom"),
    "walata-middle": (5, "middle"),
    "niani-bottom": (3, "bottom"),
    "niani-top-left": (7, "top"),
    "niani-top-right": (8, "top"),
    "kano-bottom": (3, "bottom"),
    "kano-middle": (6, "middle"),
    "agadez-bottom": (4, "bottom"),
    "agadez-top-left": (8, "top"),
    "agadez-top-right": (9, "top"),
}
SALT = {"bottom": 1, "middle": 2, "top": 3}


def theology(
    knowledge: int,
    *,
    supported: bool = True,
    student: str = "theology",
    salt: int = 3,
    change: Callable[[State], None] | None = None,
) -> State:
    """Player 0 at the Theology decision with exactly ``knowledge`` (2..12).

    Up to 5 a Law Student teaches (no class bonus) with that Shared Knowledge; above, a
    ``student`` of Theology adds +3 to Shared 5 at most, and pieces already placed the rest;
    any other ``student`` gets no bonus.
    """
    bonus = 3 if knowledge > 5 and student == "theology" else 0
    if knowledge <= 5:
        student = "law"
    rest = knowledge - bonus
    shared = min(5, rest)
    school = rest - shared
    placed = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5, 5: 7}[school]
    return teach(
        position(
            "the-2a",
            student=student,
            partner="law" if supported else None,
            placed=placed,
            shared=shared,
            salt=salt,
            change=change,
        )
    )


def missing(space: str, knowledge: int, supported: bool, salt: int) -> list[str]:
    """The reason codes a Mosque on ``space`` is refused with."""
    needed, row = SPACES[space]
    found = []
    if needed > knowledge:
        found.append("knowledge_short")
    if row == "top" and not supported:
        found.append("needs_supported_class")
    if salt < SALT[row]:
        found.append("not_enough_salt")
    return found


def expected(knowledge: int, supported: bool, salt: int) -> list[str]:
    return sorted(
        f"mosque {space}" for space in SPACES if not missing(space, knowledge, supported, salt)
    )


def check_reasons(state: State, knowledge: int, supported: bool, salt: int) -> None:
    for space in SPACES:
        found = codes(state, f"mosque {space}")
        assert (space, missing(space, knowledge, supported, salt)) == (space, found)


def spaces(state: State) -> list[str]:
    return [o for o in options(state) if o != "skip"]


@pytest.mark.parametrize("knowledge", [2, 3, 5, 7, 8, 10])
@pytest.mark.parametrize("supported", [False, True])
@pytest.mark.parametrize("salt", [1, 3])
def test_theo_legal_spaces_are_those_within_knowledge_salt_and_support(
    knowledge: int, supported: bool, salt: int
) -> None:
    """THEO-1..4, KNOW-1: every empty space whose threshold, Salt and support are met; the
    others are refused with what they lack."""
    state = theology(knowledge, supported=supported, salt=salt)
    assert expected(knowledge, supported, salt) == spaces(state)
    check_reasons(state, knowledge, supported, salt)


def test_theo_legal_spaces_with_two_salt() -> None:
    """THEO-3: 2 Salt opens the bottom and middle rows, not the top."""
    state = theology(10, salt=2)
    assert expected(10, True, 2) == spaces(state)
    check_reasons(state, 10, True, 2)
    assert len(spaces(state)) == 13


def test_theo_explain_names_what_is_missing() -> None:
    """KNOW-1, KNOW-6, THEO-4: Knowledge, Salt and support, each named."""
    state = theology(7, supported=False, salt=2)
    assert [sr.Reason("knowledge_short", "needs Knowledge 8, you have 7 (KNOW-1)")] == sr.explain(
        state, "mosque agadez-top-left"
    )[:1]
    assert codes(state, "mosque agadez-top-left") == [
        "knowledge_short",
        "needs_supported_class",
        "not_enough_salt",
    ]
    assert codes(state, "mosque aoudaghost-top-left") == [
        "needs_supported_class",
        "not_enough_salt",
    ]
    assert codes(state, "mosque djenne-middle") == []
    poor = theology(5, salt=1)
    assert codes(poor, "mosque gao-middle") == ["not_enough_salt"]


def test_theo_1_a_mosque_goes_on_an_empty_space() -> None:
    """THEO-1: the Mosque leaves the board; a space with a Mosque is taken."""

    def taken(s: State) -> None:
        s.spaces = with_item(s.spaces, "gao-bottom", 1)

    state = theology(2, change=taken)
    assert codes(state, "mosque gao-bottom") == ["space_taken"]
    state = act(state, "mosque djenne-bottom")
    assert state.spaces == {"gao-bottom": 1, "djenne-bottom": P}
    assert state.players[P].pieces[THEO] == 6


@pytest.mark.parametrize(
    ("space", "salt_left"),
    [("walata-bottom", 2), ("walata-middle", 1), ("niani-top-right", 0)],
)
def test_theo_3_salt_by_row(space: str, salt_left: int) -> None:
    """THEO-3: 1, 2 and 3 Salt for the bottom, middle and top rows."""
    state = act(theology(8, salt=3), f"mosque {space}")
    assert salt_left == state.players[P].salt


def test_theo_4_top_row_needs_a_supported_class() -> None:
    """THEO-4: Knowledge and Salt are there, the support is not."""
    state = theology(10, supported=False)
    for space in (s for s, (_, row) in SPACES.items() if row == "top"):
        assert codes(state, f"mosque {space}") == ["needs_supported_class"]


def test_theo_5_lower_rows_give_the_book_lying_there() -> None:
    """THEO-5: djenne-bottom's Law Book goes to the Bookshelf."""

    def book(s: State) -> None:
        s.theology_books = with_item(s.theology_books, "djenne-bottom", "law")

    state = act(theology(2, change=book), "mosque djenne-bottom")
    assert state.players[P].books == (0, 0, 0, 1)
    assert "djenne-bottom" not in state.theology_books


def test_theo_5_a_book_with_no_room_goes_to_the_supply() -> None:
    """THEO-5, RES-4, AMB-7: a fourth Law Book is not kept."""

    def book(s: State) -> None:
        s.theology_books = with_item(s.theology_books, "djenne-bottom", "law")
        s.players[P].books = (0, 0, 0, 3)

    before = theology(2, change=book)
    state = act(before, "mosque djenne-bottom")
    assert state.players[P].books == (0, 0, 0, 3)
    assert before.supply_books[idx("law")] + 1 == state.supply_books[idx("law")]


def test_theo_6_middle_row_activates_the_section_shown() -> None:
    """THEO-6: Tadmekka's middle space activates Mathematics (Gold), not Astronomy (Salt)."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("mathematics"), ("gold",))
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("salt",))

    state = act(theology(6, change=skills), "mosque tadmekka-middle")
    me = state.players[P]
    assert (me.gold, me.salt) == (3, 1)  # 2 + 1 Gold; 3 - 2 Salt, none gained


@pytest.mark.parametrize(
    ("space", "skills"),
    [
        ("niani-top-left", [(), (), ("book_section",), ()]),
        ("tadmekka-top-left", [(), ("salt",), (), ()]),
        ("agadez-top-left", [(), (), (), ("transfer",)]),
    ],
)
def test_theo_7_top_left_skill_tile_goes_to_the_section_shown(
    space: str, skills: list[tuple[str, ...]]
) -> None:
    """THEO-7, SKILL-2: no choice of section."""
    state = act(theology(8, change=_quiet_tiles), f"mosque {space}")
    assert tuple(skills) == state.players[P].skills


def _quiet_tiles(s: State) -> None:
    """Region tiles whose bonus asks nothing: 1 Inspiration (A, B, C), a Favour step (D)."""
    for region, tile in zip(
        "ABCD", ("ast-board-1", "the-board-1", "law-board-2", "the-board-2"), strict=True
    ):
        swap_region_tile(s, f"theology:{region}", tile)


def _astronomers(s: State) -> None:
    _quiet_tiles(s)
    s.players[P].students = with_item(s.players[P].students, "s1c", "astronomy")
    s.players[P].graduations = (Graduated("grad-ast-1", "astronomy"),)


def test_theo_8_madrasa_student_from_board_or_graduation_not_the_active_one() -> None:
    """THEO-8, AMB-4: an Astronomy Student from the board or a Graduation tile; the active
    Astronomy Student is not offered."""
    state = theology(9, student="astronomy", change=_astronomers)
    state = act(state, "mosque tadmekka-top-right")
    assert state.decision.kind == "madrasa_student"
    assert options(state) == ["madrasa board s1c", "madrasa graduation 0", "skip"]
    state = act(state, "madrasa graduation 0")
    assert (Graduated("grad-ast-1", None),) == state.players[P].graduations
    assert state.madrasa_students == ((P, "astronomy"),)
    assert state.players[P].students["s1c"] == "astronomy"


def test_theo_8_without_such_a_student_the_reward_is_lost() -> None:
    """THEO-8, AMB-4: no Astronomy Student: the Mosque is placed, nothing else happens."""
    state = act(theology(10, change=_quiet_tiles), "mosque tadmekka-top-right")
    assert state.madrasa_students == ()
    assert state.decision.kind == "promote_active"


def test_theo_9_prestige_for_each_matching_star_showing() -> None:
    """THEO-9: one Astronomy star counts; Law stars and star-down tiles do not."""

    def stars(s: State) -> None:
        _astronomers(s)
        s.madrasa = replaced_at(s.madrasa, 8, MadrasaTile("ast-madrasa", star=True))
        s.madrasa = replaced_at(s.madrasa, 7, MadrasaTile("law-madrasa", star=True))
        s.madrasa = replaced_at(s.madrasa, 0, MadrasaTile("ast-supply-1", star=False))
        swap_region_tile(s, "theology:B", "the-board-1")  # bonus: 1 Inspiration

    state = act(theology(10, change=stars), "mosque tadmekka-top-right", "madrasa board s1c")
    assert state.players[P].prestige == (1, 0, 0, 0)


def test_theo_10_first_top_row_mosque_of_a_region_places_its_tile() -> None:
    """THEO-10, AMB-5: Niani's top row releases region C's tile; the next Mosque does not."""

    def board(s: State) -> None:
        swap_region_tile(s, "theology:C", "ast-board-1")  # bonus: 1 Inspiration

    state = act(theology(8, change=board), "mosque niani-top-left")
    assert MadrasaTile("ast-board-1", star=False) == state.madrasa[0]
    assert "theology:C" not in state.region_tiles
    assert state.players[P].inspiration == 2
    again = act(
        theology(
            8, change=lambda s: setattr(s, "region_tiles", without(s.region_tiles, "theology:C"))
        ),
        "mosque niani-top-left",
    )
    assert theology(8).madrasa == again.madrasa
    assert again.players[P].inspiration == 1


def test_theo_10_lower_rows_release_no_tile() -> None:
    """THEO-10: a middle-row Mosque leaves region B's tile on the board."""
    before = theology(6)
    state = act(before, "mosque tadmekka-middle")
    assert before.region_tiles == state.region_tiles
    assert before.madrasa == state.madrasa


def test_theo_11_french_example_dylan_at_tadmekka() -> None:
    """THEO-11: Knowledge 10, Supported, 3 Salt at Tadmekka's top-right; region B's tile (1
    Inspiration) first; an Astronomy Student to the Madrasa; 2 Astronomy stars: 2 Prestige."""

    def board(s: State) -> None:
        _astronomers(s)
        swap_region_tile(s, "theology:B", "the-board-1")  # bonus: 1 Inspiration
        s.madrasa = replaced_at(s.madrasa, 8, MadrasaTile("ast-madrasa", star=True))
        s.madrasa = replaced_at(s.madrasa, 0, MadrasaTile("ast-supply-1", star=True))

    before = theology(10, change=board)
    assert codes(before, "mosque tadmekka-top-right") == []
    state = act(before, "mosque tadmekka-top-right")
    me = state.players[P]
    assert MadrasaTile("the-board-1", star=False) == state.madrasa[2]
    assert (me.salt, me.inspiration) == (0, 2)
    assert state.decision.kind == "madrasa_student"
    state = act(state, "madrasa board s1c")
    me = state.players[P]
    assert me.prestige == (2, 0, 0, 0)
    assert state.madrasa_students == ((P, "astronomy"),)
    assert "s1c" not in me.students
    assert before.supply_prestige[0] - 2 == state.supply_prestige[0]


def test_theo_12_french_example_djenné_and_aoudaghost() -> None:
    """THEO-12: Djenné's middle space needs 5 and 2 Salt; Aoudaghost 7, support, 3 Salt."""
    assert codes(theology(4), "mosque djenne-middle") == ["knowledge_short"]
    assert codes(theology(5, salt=2), "mosque djenne-middle") == []
    assert codes(theology(5, salt=1), "mosque djenne-middle") == ["not_enough_salt"]
    assert codes(theology(6), "mosque aoudaghost-top-left") == ["knowledge_short"]
    assert codes(theology(7), "mosque aoudaghost-top-left") == []
    assert codes(theology(7, salt=2), "mosque aoudaghost-top-left") == ["not_enough_salt"]
    assert codes(theology(7, supported=False), "mosque aoudaghost-top-left") == [
        "needs_supported_class"
    ]
    state = act(theology(7, salt=3), "mosque djenne-middle")
    assert state.players[P].salt == 1
