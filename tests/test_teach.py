"""Teach a Class, Knowledge, Supported Classes and Skill tiles (RULES-CHECKLIST 5c, 7, 8, 9).

Every position is seed 0's first turn (player 0 to act) with player 0's board rebuilt by hand:
one class with a Student under it, the pieces already placed (School Knowledge), the area's
queue emptied from the right (Shared Knowledge) and the resources the test needs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import RULES, act, codes, edit, options, started
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.state import State

P = 0  # seed 0's first player, who acts in every position below
# Shared Knowledge on the 2-player queue (5, 4, 4, 3, 2, +1) -> spaces emptied from the right.
EMPTIED_FOR_SHARED = {1: 1, 2: 2, 3: 3, 4: 5, 5: 6}
SPACE_FOR_LEVEL = {1: "c1a", 2: "c2a", 3: "c3"}


def class_space(tile: str) -> str:
    info = RULES.class_tiles[tile]
    if info.level == 0:
        return RULES.intro_spaces[RULES.discipline_index[info.discipline]]
    return SPACE_FOR_LEVEL[info.level]


def position(
    tile: str,
    *,
    space: str | None = None,
    student: str | None = None,
    partner: str | None = None,
    placed: int = 0,
    shared: int = 1,
    gold: int = 2,
    salt: int = 1,
    books: tuple[int, int, int, int] = (0, 0, 0, 0),
    change: Callable[[State], None] | None = None,
) -> State:
    """Player 0 on turn, whose only taught class is ``tile``.

    The class sits on ``space`` (default: the lowest space its level allows). ``student``
    (default: the class's discipline) sits on the first Student space under the class and
    ``partner`` on the second (making the class Supported); ``placed`` pieces of the class's
    area have left the board and that area's queue shows ``shared``.
    """
    base = started(2, 0)
    assert base.current_player == P
    area = RULES.class_tiles[tile].discipline
    space = space or class_space(tile)

    def setup(s: State) -> None:
        pl = s.players[P]
        i = RULES.discipline_index[area]
        pl.classes = {k: v for k, v in pl.classes.items() if k in RULES.intro_spaces}
        pl.classes = with_item(pl.classes, space, tile)
        under = RULES.spaces_under[space]
        pl.students = {under[0]: student or area}
        if partner is not None:
            pl.students = {**pl.students, under[1]: partner}
        pl.pieces = replaced_at(pl.pieces, i, 7 - placed)
        queue = s.queues[i]
        kept = len(queue) - EMPTIED_FOR_SHARED[shared]
        s.queues = replaced_at(s.queues, i, (*queue[:kept], *(None,) * (len(queue) - kept)))
        pl.gold, pl.salt, pl.books = gold, salt, tuple(books)
        if change is not None:
            change(s)

    return edit(base, setup)


def teach(state: State, space: str | None = None, student_space: str | None = None) -> State:
    """Teach the class on ``space`` (default: the first with a Student under it)."""
    pl = state.players[P]
    if space is None:
        space = next(c for c in pl.classes if set(RULES.spaces_under[c]) & set(pl.students))
    state = act(state, f"teach {space}")
    if state.decision is not None and state.decision.kind == "activate_student":
        state = act(state, f"student {student_space or RULES.spaces_under[space][0]}")
    return state


def idx(discipline: str) -> int:
    return RULES.discipline_index[discipline]


# Mathematics walls open at each Knowledge total, given support and Books of two disciplines.
WALLS_UP_TO = {
    1: ["wall wall-a1"],
    2: ["wall wall-a1", "wall wall-a2", "wall wall-c2"],
    3: ["wall wall-a1", "wall wall-a2", "wall wall-a3", "wall wall-c2", "wall wall-c3"],
    4: [
        "wall wall-a1",
        "wall wall-a2",
        "wall wall-a3",
        "wall wall-a4",
        "wall wall-c2",
        "wall wall-c3",
        "wall wall-c4",
    ],
    5: [
        "wall wall-a1",
        "wall wall-a2",
        "wall wall-a3",
        "wall wall-a4",
        "wall wall-b5",
        "wall wall-c2",
        "wall wall-c3",
        "wall wall-c4",
        "wall wall-c5",
    ],
}


def open_walls(state: State) -> list[str]:
    assert state.decision is not None and state.decision.kind == "mathematics"
    return [o for o in options(state) if o != "skip"]


# ---- 5c. Teach a Class -------------------------------------------------------------------------


def test_teach_1_only_classes_with_a_student_below_can_be_taught() -> None:
    """TEACH-1: a class is taught only when a Student sits directly under it."""
    state = position("ast-1e")
    assert [o for o in options(state) if o.startswith("teach")] == ["teach c1a"]
    assert codes(state, "teach c0b") == ["no_student_in_class"]
    assert codes(state, "teach c2a") == ["no_class_there"]


def test_teach_1_introductory_class_with_its_student_can_be_taught() -> None:
    """TEACH-1: Introductory classes are taught like Advanced ones."""
    state = position("intro-law")
    assert [o for o in options(state) if o.startswith("teach")] == ["teach c0d"]


def test_teach_2_the_active_student_moves_onto_the_class() -> None:
    """TEACH-2: the chosen Student leaves its space for the tile; the other stays."""
    state = act(position("ast-1e", partner="law"), "teach c1a")
    assert state.decision.kind == "activate_student"
    assert options(state) == ["student s1a", "student s1b"]
    state = act(state, "student s1b")
    assert state.teaching == (P, "c1a", "law", "s1b")
    assert state.players[P].students == {"s1a": "astronomy"}


def test_teach_3_introductory_class_activates_no_skill() -> None:
    """TEACH-3: an Introductory class skips the Skill step (only its Gold reward comes)."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("salt", "salt"))

    state = teach(position("intro-astronomy", change=skills))
    assert state.decision.kind == "astronomy"
    assert (state.players[P].gold, state.players[P].salt) == (3, 1)


def test_teach_3_advanced_class_activates_its_section_whatever_the_student() -> None:
    """TEACH-3: an Advanced class activates its discipline's section, matching Student or not."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("salt", "salt"))
        s.players[P].skills = replaced_at(s.players[P].skills, idx("law"), ("gold",))

    for student in ("astronomy", "law"):
        state = teach(position("ast-1e", student=student, change=skills))
        assert state.decision.kind == "astronomy"
        assert (state.players[P].gold, state.players[P].salt) == (2, 3)


def test_teach_4_reward_only_when_the_student_matches() -> None:
    """TEACH-4: the class's Gold reward comes with an Astronomy Student, not a Law one."""
    matching = teach(position("ast-1c"))
    other = teach(position("ast-1c", student="law"))
    assert matching.players[P].gold == 3
    assert other.players[P].gold == 2


def test_teach_4_a_book_reward_asks_for_the_books_discipline() -> None:
    """TEACH-4, IC-ADV-1: a matching Student's reward is 1 Book of the player's choice."""
    state = teach(position("ast-1a"))
    assert state.decision.kind == "choose_book"
    assert options(state) == ["book astronomy", "book law", "book mathematics", "book theology"]
    state = act(state, "book law")
    assert (state.players[P].books, state.players[P].prestige) == ((0, 0, 0, 1), (0, 0, 0, 0))


def test_teach_4_a_prestige_reward_is_of_the_classs_discipline() -> None:
    """TEACH-4, IC-ADV-10: a level-2 Astronomy class gives 1 Astronomy Prestige token."""
    state = teach(position("ast-2d"))
    assert state.players[P].prestige == (1, 0, 0, 0)


def test_teach_5_area_action_is_the_classs_discipline() -> None:
    """TEACH-5: the area action follows the class, whatever the active Student."""
    assert teach(position("ast-1e", student="law")).decision.kind == "astronomy"
    assert teach(position("the-1e", student="mathematics", shared=2)).decision.kind == "theology"
    assert teach(position("law-1e", student="astronomy")).decision.kind == "law"


def test_teach_6_supported_spaces_need_a_supported_class() -> None:
    """TEACH-6: a top-row Law space opens only to a Supported class."""
    books = (1, 0, 0, 0)
    alone = teach(position("law-2a", placed=6, books=books))  # Knowledge 4 + 1 + 3
    supported = teach(position("law-2a", partner="law", placed=6, books=books))
    assert codes(alone, "crown law-a8") == ["needs_supported_class"]
    assert codes(supported, "crown law-a8") == []


def test_teach_7_class_bonus_only_with_a_matching_student() -> None:
    """TEACH-7, KNOW-5: Law class +2 counts for a Law Student (3), not another (1)."""
    matching = teach(position("law-1e", gold=1, salt=1))
    other = teach(position("law-1e", student="theology", gold=1, salt=1))
    assert codes(matching, "crown law-a3") == []
    assert codes(matching, "crown law-a4") == ["knowledge_short"]
    assert codes(other, "crown law-a2") == ["knowledge_short"]
    assert options(other) == [
        "crown law-a1",
        "crown law-b1",
        "crown law-c1",
        "crown law-d1",
        "skip",
    ]


def test_teach_8_promotion_chooses_between_empty_arrow_targets() -> None:
    """TEACH-8: both arrow targets are empty, so the player chooses; the Student moves up."""
    state = act(teach(position("ast-1e")), "skip")
    assert state.decision.kind == "promote_active"
    assert options(state) == ["promote_to s2a", "promote_to s2b"]
    state = act(state, "promote_to s2b")
    assert state.players[P].students == {"s2b": "astronomy"}
    assert state.teaching is None
    assert state.decision.kind == "turn"


def test_teach_9_destination_needs_no_class_above() -> None:
    """TEACH-9: s2a has no class tile above it and still takes the promoted Student."""
    state = act(teach(position("ast-1e")), "skip", "promote_to s2a")
    assert "c2a" not in state.players[P].classes
    assert state.players[P].students == {"s2a": "astronomy"}


def test_teach_10_no_empty_target_sends_the_student_out_of_the_game() -> None:
    """TEACH-10: both spaces above are taken: the active Student goes back to the box."""

    def blocked(s: State) -> None:
        s.players[P].students = {**s.players[P].students, **dict({"s2a": "law", "s2b": "theology"})}

    before = position("ast-1e", change=blocked)
    state = act(teach(before), "skip")
    assert state.players[P].students == {"s2a": "law", "s2b": "theology"}
    assert before.students_out[idx("astronomy")] + 1 == state.students_out[idx("astronomy")]
    assert "student_retired" in [e.kind for e in state.events]
    assert state.decision.kind == "turn"


def test_teach_11_student_on_a_topmost_space_scores_one_prestige() -> None:
    """TEACH-11: promoted from the top class to s4c, the Student counts 1 Mathematics icon."""
    state = teach(position("mat-3a"))  # no Books: no Wall possible, the area is skipped
    assert options(state) == [
        "promote_to s4a",
        "promote_to s4b",
        "promote_to s4c",
        "promote_to s4d",
    ]
    state = act(state, "promote_to s4c")
    me = sr.final_scores(state).players[P]
    board = {line.discipline: line.icons["board"] for line in me.disciplines}
    assert board == {"astronomy": 0, "theology": 0, "mathematics": 1, "law": 0}


def test_teach_12_steps_run_in_order_without_bonus_actions() -> None:
    """TEACH-12: Student, Skill tiles, reward, then the area; no bonus action in between."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("salt",))

    state = act(position("ast-1c", change=skills), "teach c1a")
    assert [e.kind for e in state.events] == ["action", "teach", "activate_skills", "gain", "gain"]
    assert [e.detail["resource"] for e in state.events if e.kind == "gain"] == ["salt", "gold"]
    assert state.decision.kind == "astronomy"
    assert ["bonus_during_action"] == [r.code for r in sr.explain(state, "write law")]
    assert ["action_in_progress"] == [r.code for r in sr.explain(state, sr.Action("end"))]


def test_teach_13_french_example_promotion_goes_to_the_free_space() -> None:
    """TEACH-13: Ben's Mathematics Student must take the left arrow (the right is occupied)."""

    def board(s: State) -> None:
        s.players[P].classes = with_item(s.players[P].classes, "c2b", "the-2a")
        s.players[P].students = with_item(s.players[P].students, "s2c", "law")

    state = position("mat-1e", space="c1b", change=board)
    state = act(state, "teach c1b")  # no Book: no Wall, the area is skipped; one arrow left
    assert state.players[P].students == {"s2b": "mathematics", "s2c": "law"}
    assert state.decision.kind == "turn"


def test_teach_14_french_example_rémi_gains_salt_and_gold_from_skills() -> None:
    """TEACH-14, SKILL-9: a Gain-Salt and a Gain-Gold tile in Mathematics give 1 Salt, 1 Gold."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("mathematics"), ("salt", "gold"))

    state = teach(position("mat-1e", books=(1, 0, 0, 0), change=skills))
    assert state.decision.kind == "mathematics"
    assert (state.players[P].gold, state.players[P].salt) == (3, 2)


# ---- 7. Knowledge & costs ----------------------------------------------------------------------


def supported_maths(**kwargs: object) -> State:
    """A Supported Mathematics class with a Law Student (no class bonus) and two Books."""
    return teach(position("mat-1e", student="law", partner="law", books=(1, 1, 0, 0), **kwargs))


def test_know_1_threshold_must_be_reached() -> None:
    """KNOW-1: Law Knowledge 5 opens the space marked 5, not the one marked 7."""
    state = teach(position("law-1e", partner="law", placed=2, gold=1, books=(1, 0, 0, 0)))
    assert codes(state, "crown law-a5") == []
    assert [sr.Reason("knowledge_short", "needs Knowledge 7, you have 5 (KNOW-1)")] == sr.explain(
        state, "crown law-a7"
    )


@pytest.mark.parametrize(
    ("placed", "shared", "student", "total"),
    [(1, 2, "mathematics", 5), (0, 3, "mathematics", 5), (2, 1, "law", 3), (0, 1, "law", 1)],
)
def test_know_2_total_is_school_plus_shared_plus_class_bonus(
    placed: int, shared: int, student: str, total: int
) -> None:
    """KNOW-2: School + Shared + class bonus (+2 only for a Mathematics Student)."""
    state = teach(
        position(
            "mat-1e",
            student=student,
            partner="law",
            placed=placed,
            shared=shared,
            books=(1, 1, 0, 0),
        )
    )
    assert WALLS_UP_TO[total] == open_walls(state)


@pytest.mark.parametrize(
    ("placed", "school"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)]
)
def test_know_3_school_knowledge_follows_the_piece_track(placed: int, school: int) -> None:
    """KNOW-3, AMB-45: the number uncovered by the last piece gone (player_board.toml)."""
    assert WALLS_UP_TO[school + 1] == open_walls(supported_maths(placed=placed))


@pytest.mark.parametrize("shared", [1, 2, 3, 4, 5])
def test_know_4_shared_knowledge_is_the_highest_number_showing_on_the_queue(shared: int) -> None:
    """KNOW-4: emptied queue spaces 5,4,4,3,2,+1 from the right show 1..5."""
    assert WALLS_UP_TO[shared] == open_walls(supported_maths(shared=shared))


def test_know_5_class_bonus_only_for_a_matching_student() -> None:
    """KNOW-5: the +3 of a level-2 Mathematics class counts only for a Mathematics Student."""
    books = (1, 1, 0, 0)
    matching = teach(position("mat-2a", partner="law", books=books))
    other = teach(position("mat-2a", student="law", partner="law", books=books))
    assert WALLS_UP_TO[4] == open_walls(matching)
    assert WALLS_UP_TO[1] == open_walls(other)


def test_know_6_every_carpet_cost_must_be_paid_as_well() -> None:
    """KNOW-6: Knowledge 5 is not enough without the space's Salt; both reasons are given."""
    state = teach(position("the-1e", placed=2, salt=1))
    assert codes(state, "mosque djenne-middle") == ["not_enough_salt"]
    assert codes(state, "mosque kano-middle") == ["knowledge_short", "not_enough_salt"]
    law = teach(position("law-1e", placed=1, gold=0, salt=1))  # Knowledge 4
    assert codes(law, "crown law-a1") == ["not_enough_gold"]
    assert codes(law, "crown law-a4") == []


def test_know_7_a_shared_carpet_costs_each_of_its_spaces() -> None:
    """KNOW-7: both top-row spaces of a Law region need the carpet's Book."""
    poor = teach(position("law-2a", partner="law", placed=6, gold=1))
    assert codes(poor, "crown law-a7") == ["not_enough_books"]
    assert codes(poor, "crown law-a8") == ["not_enough_books"]
    rich = teach(position("law-2a", partner="law", placed=6, gold=1, books=(0, 1, 0, 0)))
    assert codes(rich, "crown law-a7") == []
    assert codes(rich, "crown law-a8") == []


def test_know_8_two_meeple_spaces_need_a_supported_class() -> None:
    """KNOW-8: enough Knowledge and Salt, but the top row asks for a Supported Class."""
    state = teach(position("the-2a", placed=6, shared=5, salt=3))
    for space in ("aoudaghost-top-left", "tadmekka-top-right", "niani-top-left"):
        assert codes(state, f"mosque {space}") == ["needs_supported_class"]


def test_know_9_knowledge_is_a_threshold_not_spent() -> None:
    """KNOW-9: using Knowledge 3 up does not lower the next class's total (which grows)."""
    state = teach(position("law-1e", partner="law"))  # 0 + 1 + 2
    assert codes(state, "crown law-a3") == []
    state = act(state, "crown law-a3", "promote_to s2a", "end")
    state = act(state, "end")  # the second player passes
    assert state.current_player == P
    state = act(state, "teach c1a")  # the partner Student, now School Knowledge 1
    assert state.decision.kind == "law"
    assert codes(state, "crown law-b3") == []
    assert codes(state, "crown law-a4") == []
    assert codes(state, "crown law-a3") == ["space_taken"]


def test_know_10_french_illustration_three_plus_four_plus_two_is_nine() -> None:
    """KNOW-10: Astronomy School 3 + Shared 4 + class 2 = 9: from Oasis a3, 9 not 10."""

    def camel(s: State) -> None:
        s.players[P].camel = "oasis-a3"
        s.spaces = with_item(s.spaces, "oasis-a3", P)

    state = teach(position("ast-1e", partner="law", placed=3, shared=4, gold=3, change=camel))
    assert codes(state, "camel cairo:0 camel") == []
    assert [sr.Reason("knowledge_short", "needs Knowledge 10, you have 9 (KNOW-1)")] == sr.explain(
        state, "camel suakin:0 camel"
    )


def test_know_12_french_example_dylan_places_in_djenné_not_aoudaghost() -> None:
    """KNOW-12, THEO-12: 2 + 3 + 2 = 7 reaches Aoudaghost (7) but it needs support; Djenné."""

    def board(s: State) -> None:
        s.theology_books = with_item(s.theology_books, "djenne-middle", "law")
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("gold",))

    state = teach(position("the-1e", placed=2, shared=3, salt=3, change=board))
    assert codes(state, "mosque aoudaghost-top-left") == ["needs_supported_class"]
    assert codes(state, "mosque aoudaghost-top-right") == [
        "knowledge_short",
        "needs_supported_class",
    ]
    assert codes(state, "mosque djenne-middle") == []
    state = act(state, "mosque djenne-middle")
    me = state.players[P]
    assert state.spaces["djenne-middle"] == P
    assert (me.salt, me.books, me.gold) == (1, (0, 0, 0, 1), 3)  # 2 Salt; Book; Djenné's skills
    assert "djenne-middle" not in state.theology_books


# ---- 8. Supported Classes ----------------------------------------------------------------------


def test_supp_1_both_spaces_occupied_make_the_class_supported() -> None:
    """SUPP-1: the active Student still counts for its space; one Student alone does not."""
    supported = teach(position("ast-1e", partner="law", shared=2))
    alone = teach(position("ast-1e", shared=2))
    assert codes(supported, "camel fez:0 timbuktu") == []
    assert codes(alone, "camel fez:0 timbuktu") == ["needs_supported_class"]


def test_supp_1_an_introductory_class_is_never_supported() -> None:
    """SUPP-1, GAP-11: an Introductory class has one Student space under it."""
    state = teach(position("intro-astronomy", placed=3))  # 3 + 1 + 1 = 5
    assert codes(state, "camel fez:0 timbuktu") == ["needs_supported_class"]


def test_supp_2_only_the_active_student_is_promoted() -> None:
    """SUPP-2: the other Student of a Supported class stays where it is."""
    state = act(teach(position("ast-1e", partner="law")), "skip", "promote_to s2a")
    assert state.players[P].students == {"s1b": "law", "s2a": "astronomy"}


def _transfer_skill(extra: dict[str, str]) -> Callable[[State], None]:
    def change(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("transfer",))
        s.players[P].students = {**s.players[P].students, **dict(extra)}

    return change


def test_supp_3_a_student_arriving_in_the_other_space_makes_it_supported() -> None:
    """SUPP-3, AMB-13: a Transfer Skill tile fills the empty space: Port Cities open."""
    state = teach(position("ast-1e", shared=2, change=_transfer_skill({"s1c": "law"})))
    assert state.decision.kind == "transfer_student"
    state = act(state, "transfer s1c s1b")
    assert state.decision.kind == "astronomy"
    assert codes(state, "camel fez:0 timbuktu") == []


def test_amb_13_supported_is_tested_when_the_space_is_chosen() -> None:
    """SUPP-1, AMB-13: both spaces were occupied when the class was chosen, but the partner is
    transferred away during the Skill step: when the Port City space is chosen the other space
    is empty, so the class is no longer Supported."""
    state = teach(position("ast-1e", partner="law", shared=2, change=_transfer_skill({})))
    assert state.decision.kind == "transfer_student"
    at_choice = act(state, "skip")
    assert at_choice.decision.kind == "astronomy"
    assert codes(at_choice, "camel fez:0 timbuktu") == []  # the partner stayed: Supported
    state = act(state, "transfer s1b s1c")  # the partner leaves during the Skill step
    assert state.decision.kind == "astronomy"
    assert codes(state, "camel fez:0 timbuktu") == ["needs_supported_class"]


def test_amb_13_refilling_the_active_students_own_space_is_not_support() -> None:
    """AMB-13: the other space stays empty, so a Student moved onto the active one's is not."""
    state = teach(position("ast-1e", shared=2, change=_transfer_skill({"s1c": "law"})))
    state = act(state, "transfer s1c s1a")
    assert state.players[P].students == {"s1a": "law"}
    assert codes(state, "camel fez:0 timbuktu") == ["needs_supported_class"]


SUPPORTED_ONLY = {
    "astronomy": sorted(
        f"camel {city}:{i} timbuktu"
        for city in (
            "cairo",
            "fez",
            "marrakesh",
            "mogadishu",
            "suakin",
            "tripoli",
            "tunis",
            "zeila",
        )
        for i in range(3)
    ),
    "theology": [
        f"mosque {city}-top-{side}"
        for city in ("agadez", "aoudaghost", "niani", "tadmekka")
        for side in ("left", "right")
    ],
    "mathematics": [f"wall wall-{w}" for w in ("b5", "b6", "b7", "b8", "d6", "d7", "d8", "d9")],
    "law": [f"crown law-{r}{n}" for r in "abcd" for n in (7, 8)],
}


@pytest.mark.parametrize(
    ("tile", "area"),
    [("ast-2a", "astronomy"), ("the-2a", "theology"), ("mat-2a", "mathematics"), ("law-2a", "law")],
)
def test_supp_4_spaces_that_need_a_supported_class(tile: str, area: str) -> None:
    """SUPP-4: Port Cities, Theology and Law top rows, vertical Walls; nothing else."""
    rich = position(tile, placed=6, shared=5, gold=6, salt=4, books=(2, 2, 2, 2))
    state = teach(rich)  # Knowledge 4 + 5 + 3 = 12, unsupported
    assert area == state.decision.kind
    spec_candidates = sr.legal_actions(
        teach(position(tile, partner="law", placed=6, shared=5, gold=6, salt=4, books=(2, 2, 2, 2)))
    )
    every = sorted(str(a) for a in spec_candidates if a.kind != "skip")
    refused = sorted(a for a in every if codes(state, a) == ["needs_supported_class"])
    assert SUPPORTED_ONLY[area] == refused
    assert sorted(set(every) - set(refused)) == [o for o in options(state) if o != "skip"]


# ---- 9. Skill tiles ----------------------------------------------------------------------------


def law_position(**kwargs: object) -> State:
    """A Law class with its Law Student: Knowledge 0 + 1 + 2 = 3 unless told otherwise."""
    return teach(position("law-1e", **kwargs))


def test_skill_1_a_law_space_gives_its_skill_tile() -> None:
    """SKILL-1, LAW-5: law-a1 gives a Gain-Gold tile, into the Astronomy section."""
    before = law_position(gold=1)
    state = act(before, "crown law-a1")
    assert state.players[P].skills == (("gold",), (), (), ())
    assert before.skill_stacks["gold"] - 1 == state.skill_stacks["gold"]


def test_skill_2_a_port_city_tile_goes_to_a_section_of_choice() -> None:
    """SKILL-2, ASTRO-14: the Fez right space's Skill tile may go in any section."""
    state = teach(position("ast-1e", partner="law", shared=2))
    state = act(state, "camel fez:2 timbuktu")
    assert state.decision.kind == "skill_tile"
    assert options(state) == [
        "skill astronomy",
        "skill law",
        "skill mathematics",
        "skill theology",
    ]
    state = act(state, "skill mathematics")
    assert state.players[P].skills == ((), (), ("inspiration",), ())


def _sections(theology: tuple[str, ...]) -> Callable[[State], None]:
    def change(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("gold",))
        s.players[P].skills = replaced_at(s.players[P].skills, idx("theology"), theology)

    return change


def test_skill_3_and_5_a_full_section_takes_no_fourth_tile() -> None:
    """SKILL-3, SKILL-5: three tiles at most; the ribbon's section only, nothing moves."""
    state = law_position(salt=1, change=_sections(("gold", "promote", "inspiration")))
    state = act(state, "crown law-b1")  # a Gain-Salt tile for the Theology section
    assert state.decision.kind == "skill_tile"
    assert options(state) == [
        "skill discard",
        "skill theology 0",
        "skill theology 1",
        "skill theology 2",
    ]


def test_skill_4_a_replaced_tile_goes_back_to_the_box() -> None:
    """SKILL-4, SKILL-5: the replaced tile leaves the game; the other sections stay."""
    before = law_position(salt=1, change=_sections(("gold", "promote", "inspiration")))
    state = act(before, "crown law-b1", "skill theology 1")
    assert state.players[P].skills[idx("astronomy")] == ("gold",)
    assert sorted(state.players[P].skills[idx("theology")]) == ["gold", "inspiration", "salt"]
    assert before.skill_stacks["promote"] == state.skill_stacks["promote"]
    assert before.skill_stacks["salt"] - 1 == state.skill_stacks["salt"]


def test_skill_4_replacing_is_allowed_even_when_the_section_has_room() -> None:
    """SKILL-4: a player 'may always replace' a tile already in the section."""
    state = act(law_position(salt=1, change=_sections(("promote",))), "crown law-b1")
    assert state.decision.kind == "skill_tile"
    assert options(state) == ["skill theology", "skill theology 0"]


def test_skill_6_every_tile_of_the_section_acts_once() -> None:
    """SKILL-6: Gold, Gold, Salt give 2 Gold and 1 Salt."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(
            s.players[P].skills, idx("mathematics"), ("gold", "gold", "salt")
        )

    state = teach(position("mat-1e", change=skills))
    assert (state.players[P].gold, state.players[P].salt) == (4, 2)


def swap_region_tile(s: State, key: str, tile: str) -> None:
    """Put ``tile`` on the board space ``key``, swapping with wherever it was."""
    where = next((k for k, t in s.region_tiles.items() if t == tile), None)
    if where is not None:
        s.region_tiles = with_item(s.region_tiles, where, s.region_tiles[key])
    s.region_tiles = with_item(s.region_tiles, key, tile)


def test_skill_7_a_sankoré_bonus_activates_a_section_of_choice() -> None:
    """SKILL-7, IC-SNK-2: the Law region B tile lets the player activate Astronomy."""

    def board(s: State) -> None:
        swap_region_tile(s, "law:B", "law-board-1")
        s.players[P].skills = replaced_at(s.players[P].skills, idx("astronomy"), ("gold", "salt"))

    state = act(law_position(placed=2, change=board), "crown law-b5")  # 2 + 1 + 2 = 5
    assert state.decision.kind == "choose_section"
    state = act(state, "section astronomy")
    assert (state.players[P].gold, state.players[P].salt) == (3, 1)  # 1 Salt paid, 1 gained


SKILL_EFFECTS = {
    "gold": {"gold": 1},
    "salt": {"salt": 1},
    "inspiration": {"inspiration": 1},
    "advance_favour": {"favour_pos": 2},
    "return_favour": {"favour_tiles": -1},
    "book_section": {"mathematics books": 1},
    "prestige_law": {"law prestige": 1},
}


def _summary(state: State) -> dict[str, int]:
    me = state.players[P]
    counts = {
        "gold": me.gold,
        "salt": me.salt,
        "inspiration": me.inspiration,
        "favour_pos": me.favour_pos,
        "favour_tiles": me.favour_tiles,
    }
    for d in RULES.disciplines:
        counts[f"{d} books"] = me.books[idx(d)]
        counts[f"{d} prestige"] = me.prestige[idx(d)]
    return counts


@pytest.mark.parametrize("icon", sorted(SKILL_EFFECTS))
def test_skill_8_each_tile_does_what_the_appendix_says(icon: str) -> None:
    """SKILL-8, IC-SKL-1..10: a single tile in the Mathematics section, activated once."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("mathematics"), (icon,))

    before = position("mat-1e", change=skills)
    after = _summary(teach(before))
    changed = {k: v - _summary(before)[k] for k, v in after.items() if v != _summary(before)[k]}
    assert SKILL_EFFECTS[icon] == changed


@pytest.mark.parametrize(
    ("icon", "decision"),
    [("book_any", "choose_book"), ("transfer", "transfer_student"), ("promote", "promote_student")],
)
def test_skill_8_tiles_that_ask_a_choice(icon: str, decision: str) -> None:
    """SKILL-8, IC-SKL-4/6/8: any-Book, Transfer and Promote tiles ask the player."""

    def skills(s: State) -> None:
        s.players[P].skills = replaced_at(s.players[P].skills, idx("mathematics"), (icon,))
        s.players[P].students = {**s.players[P].students, **dict(s1c="law", s0d="law")}

    state = teach(position("mat-1e", change=skills), "c1a")
    assert decision == state.decision.kind


def test_skill_8_an_empty_stack_gives_no_tile() -> None:
    """SKILL-8, GAP-17: with no Gain-Gold tile left, law-a1 gives none."""
    state = act(
        law_position(
            gold=1, change=lambda s: setattr(s, "skill_stacks", {**s.skill_stacks, "gold": 0})
        ),
        "crown law-a1",
    )
    assert state.players[P].skills == ((), (), (), ())
    assert state.spaces["law-a1"] == P


def test_skill_9_french_example_aurélies_tile_follows_the_ribbon() -> None:
    """SKILL-9, LAW-9: the Theology region's Law space puts its tile in the Theology section."""
    state = act(law_position(placed=2), "crown law-b5")
    assert state.players[P].skills == ((), ("book_section",), (), ())


def test_teach_2_the_class_being_taught_cannot_be_replaced_during_its_teach() -> None:
    """TEACH-2, TEACH-5, AMB-28: a free Establish won in the middle of Teach a Class (here
    the class's own reward, Exchange a Favour, taking Favour reward 5) may go on any other
    allowed space, but not on the class being taught, whose tile holds the active Student."""
    state = position("ast-2c", change=lambda s: setattr(s.players[P], "favour_pos", 4))
    state = teach(state)
    state = act(state, "favour take", "reward 5")
    assert "establish_free" == state.decision.kind
    tile = next(
        a.args[0]
        for a in sr.legal_actions(state)
        if a.kind == "establish" and RULES.class_tiles[a.args[0]].level == 2
    )
    state = act(state, f"establish {tile}")
    assert "establish_space" == state.decision.kind
    taught = state.teaching[1]
    assert f"class {taught}" not in options(state)
    assert ["class_being_taught"] == [r.code for r in sr.explain(state, f"class {taught}")]
