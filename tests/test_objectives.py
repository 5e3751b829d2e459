"""Objective cards: requirements, Complete an Objective and every card's ability (BONUS-5,
BONUS-6, OBJ-1..OBJ-7; rulings AMB-15 and AMB-42; the 24 cards of data/objectives.toml).

For each card: a position where its requirement is just met (``complete <n>`` is offered and moves
the card face up), one where it is missed by one (``objective_unmet`` naming the condition and the
count the player has), the ability's exact effect, and its Prestige icons at the end.

Positions are seed 0's first turn (player 0 to act, player 1 holding cards 11, 5, 22 and 13),
edited by hand. Area actions come from ``test_teach.position``/``teach``: player 0 teaches one
class whose Student does not match it (no class bonus), so the Knowledge is exactly the School
Knowledge of the pieces placed plus the Shared Knowledge of the queue.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import RULES, act, codes, edit, options, refused, started
from sankore_rules.core.shared import adjusted, removed, replaced_at, with_item, without
from sankore_rules.sankore.rules.requirements import condition_count
from sankore_rules.sankore.state import Event, Graduated, MadrasaTile, State
from sankore_rules.sankore.tables import Condition
from test_teach import P, idx, position, teach

OTHER = 1
Change = Callable[[State], None]


# ---- helpers -------------------------------------------------------------------------------------


def take_card(s: State, number: int) -> None:
    """Take card ``number`` out of every hand and every completed row."""
    for pl in s.players:
        if number in pl.objectives:
            pl.objectives = tuple(n for n in pl.objectives if n != number)
        if number in pl.completed:
            pl.completed = tuple(n for n in pl.completed if n != number)


def in_hand(number: int, p: int = P) -> Change:
    """An edit giving card ``number`` to player ``p``'s hand."""

    def change(s: State) -> None:
        take_card(s, number)
        s.players[p].objectives = (*s.players[p].objectives, number)

    return change


def completed(*numbers: int, p: int = P) -> Change:
    """An edit laying cards ``numbers`` face up in front of player ``p``."""

    def change(s: State) -> None:
        for number in numbers:
            take_card(s, number)
            s.players[p].completed = (*s.players[p].completed, number)

    return change


def place(s: State, p: int, *spaces: str) -> None:
    """Move pieces of ``p`` from home onto area spaces."""
    for space in spaces:
        area = RULES.area_spaces[space].area
        s.players[p].pieces = adjusted(s.players[p].pieces, idx(area), -1)
        s.spaces = with_item(s.spaces, space, p)


def pieces(*spaces: str, p: int = P) -> Change:
    return lambda s: place(s, p, *spaces)


def chain(*changes: Change) -> Change:
    def change(s: State) -> None:
        for c in changes:
            c(s)

    return change


def game(*changes: Change) -> State:
    """Seed 0's first turn (player 0 to act) with the edits applied in order."""
    state = started(2, 0)
    assert P == state.current_player
    return edit(state, chain(*changes))


def books(*counts: int) -> Change:
    """Player 0's Bookshelf set to ``counts`` (Books taken from or put back to the supply)."""

    def change(s: State) -> None:
        pl = s.players[P]
        for i, n in enumerate(counts):
            s.supply_books = adjusted(s.supply_books, i, -(n - pl.books[i]))
            pl.books = replaced_at(pl.books, i, n)

    return change


def skills(**sections: tuple[str, ...]) -> Change:
    """Player 0's Skill sections, by discipline (tiles taken from their stacks)."""

    def change(s: State) -> None:
        for d, icons in sections.items():
            s.players[P].skills = replaced_at(s.players[P].skills, idx(d), icons)
            for icon in icons:
                s.skill_stacks = with_item(s.skill_stacks, icon, s.skill_stacks[icon] - 1)

    return change


def graduations(*tiles: str) -> Change:
    """Player 0 holds these Graduation tiles, each with a Student of its discipline."""
    by_prefix = {"ast": "astronomy", "the": "theology", "mat": "mathematics", "law": "law"}

    def change(s: State) -> None:
        for tile in tiles:
            d = by_prefix[tile.split("-")[1]]
            s.graduation = removed(s.graduation, tile)
            s.students_out = adjusted(s.students_out, idx(d), -1)
            s.players[P].graduations = (*s.players[P].graduations, Graduated(tile, d))

    return change


def students(**where: str) -> Change:
    """Player 0's Students replaced by ``where`` (space -> discipline)."""
    return lambda s: setattr(s.players[P], "students", dict(where))


def classes(**where: str) -> Change:
    """Advanced Class tiles added to player 0's board (space -> tile)."""
    return lambda s: setattr(s.players[P], "classes", {**s.players[P].classes, **where})


def setattrs(**values: object) -> Change:
    def change(s: State) -> None:
        for name, value in values.items():
            setattr(s.players[P], name, value)

    return change


def prestige(*counts: int) -> Change:
    def change(s: State) -> None:
        for i, n in enumerate(counts):
            s.supply_prestige = adjusted(s.supply_prestige, i, -n)
            s.players[P].prestige = adjusted(s.players[P].prestige, i, n)

    return change


def spare_law_student(s: State) -> None:
    """A Theology Student on the Law queue's "+1" space: ``enrol law`` then triggers no icon."""
    i = idx("law")
    s.queues = replaced_at(s.queues, i, replaced_at(s.queues[i], 5, "theology"))


def to_next_turn(state: State) -> State:
    """Player 0 enrols and ends; player 1 ends: player 0's next turn."""
    state = act(state, "enrol law", "end", "end")
    assert (P, "turn") == (state.current_player, state.decision.kind)
    return state


def turn_options(state: State, kind: str) -> list[str]:
    """The turn menu's options of one kind."""
    assert "turn" == state.decision.kind
    return [o for o in options(state) if o.split()[0] == kind]


def words(state: State, text: str) -> list[tuple[str, str]]:
    return [(r.code, r.words) for r in sr.explain(state, text)]


# ---- OBJ-1, BONUS-5: each card's requirement, just met and just missed ---------------------------

# card -> (edit meeting the requirement exactly, edit missing it by one, the words then).
REQUIREMENTS: dict[int, tuple[Change, Change, str]] = {
    1: (
        pieces("oasis-a1", "oasis-b1"),
        pieces("oasis-a1", "fez:0"),  # a Port City space is no Oasis
        "2 of your pieces in astronomy in Oases (you have 1; BONUS-5)",
    ),
    2: (
        pieces("djenne-bottom", "gao-bottom"),
        chain(pieces("djenne-bottom"), pieces("gao-bottom", p=OTHER)),
        "2 of your pieces in theology (you have 1; BONUS-5)",
    ),
    3: (
        pieces("law-a1", "law-b1", "law-c1"),
        pieces("law-a1", "law-b1", "wall-a1"),
        "3 of your pieces in law (you have 2; BONUS-5)",
    ),
    4: (
        pieces("wall-a1", "wall-b5"),
        chain(pieces("wall-a1"), pieces("wall-a2", p=OTHER)),
        "2 of your pieces in mathematics (you have 1; BONUS-5)",
    ),
    5: (
        pieces("law-a1", "law-a2"),
        pieces("law-a1", "oasis-a1"),
        "2 of your pieces in law (you have 1; BONUS-5)",
    ),
    6: (
        pieces("wall-a1", "wall-a2", "wall-corner"),  # the corner is a Wall too
        pieces("wall-a1", "wall-a2"),
        "3 of your pieces in mathematics (you have 2; BONUS-5)",
    ),
    7: (
        pieces("fez:0"),
        pieces("oasis-a1", "oasis-a3"),
        "1 of your pieces in astronomy in Port Cities (you have 0; BONUS-5)",
    ),
    8: (
        pieces("djenne-bottom", "gao-bottom", "walata-bottom"),  # regions A, B, C
        pieces("djenne-bottom", "aoudaghost-bottom", "gao-bottom"),  # A, A, B
        "pieces in 3 regions of theology (you have 2; BONUS-5)",
    ),
    9: (books(2, 1, 1, 1), books(1, 1, 1, 1), "5 Books on your Bookshelf (you have 4; BONUS-5)"),
    10: (
        skills(astronomy=("gold", "salt"), theology=("gold", "salt"), law=("gold", "salt")),
        skills(astronomy=("gold", "salt"), theology=("gold", "salt"), law=("gold",)),
        "6 Skill tiles (you have 5; BONUS-5)",
    ),
    11: (
        graduations("grad-ast-1", "grad-the-2"),
        graduations("grad-ast-1"),
        "2 Graduation tile(s) of level 1 or more (you have 1; BONUS-5)",
    ),
    12: (
        # ast-1c on c1a from the draft, plus two more.
        classes(c1b="the-1a", c2a="mat-2a"),
        classes(c1b="the-1a"),
        "3 Advanced Classes on your board (you have 2; BONUS-5)",
    ),
    13: (
        pieces("law-a1", "law-b1", "law-c1"),
        pieces("law-a1", "law-a2", "law-b1"),
        "pieces in 3 regions of law (you have 2; BONUS-5)",
    ),
    14: (
        graduations("grad-law-3"),
        graduations("grad-ast-2", "grad-the-2"),  # two tiles, but below level 3
        "1 Graduation tile(s) of level 3 or more (you have 0; BONUS-5)",
    ),
    15: (
        pieces("oasis-a1", "tripoli:0", "oasis-c1"),  # regions A, B, C
        pieces("oasis-a1", "fez:0", "oasis-b1"),  # A, A, B
        "pieces in 3 regions of astronomy (you have 2; BONUS-5)",
    ),
    16: (
        students(s4a="law", s4b="theology"),
        students(s4a="law", s3a="theology"),
        "2 Students on the topmost spaces (you have 1; BONUS-5)",
    ),
    17: (
        skills(law=("gold", "salt", "inspiration")),
        skills(law=("gold", "salt"), astronomy=("gold", "salt", "inspiration")),
        "3 Skill tiles in your law section (you have 2; BONUS-5)",
    ),
    18: (
        pieces("wall-a1", "wall-b5"),
        pieces("wall-a1", "wall-a2", "wall-corner"),  # the corner is in no region
        "pieces in 2 regions of mathematics (you have 1; BONUS-5)",
    ),
    19: (
        setattrs(favour_pos=5),  # the sixth space
        setattrs(favour_pos=4),
        "your Favour disc on space 6 or further (you have 5; BONUS-5)",
    ),
    20: (
        pieces("djenne-bottom", "gao-bottom", "walata-bottom", "kano-bottom"),
        pieces("djenne-bottom", "gao-bottom", "walata-bottom"),
        "4 of your pieces in theology (you have 3; BONUS-5)",
    ),
    21: (
        pieces("wall-a1", "wall-a2", "wall-b5", "wall-c2"),
        pieces("wall-a1", "wall-a2", "wall-b5"),
        "4 of your pieces in mathematics (you have 3; BONUS-5)",
    ),
    22: (
        prestige(2, 1, 1, 1),
        prestige(1, 1, 1, 1),
        "5 Prestige tokens in storage (you have 4; BONUS-5)",
    ),
    23: (
        students(s0a="astronomy", s3a="law"),
        students(s0a="astronomy", s2a="law"),
        "a Student on a level 3 space or higher (you have 2; BONUS-5)",
    ),
    24: (
        pieces("oasis-a1", "oasis-b1", "oasis-c1", "fez:0", "cairo:1"),
        pieces("oasis-a1", "oasis-b1", "oasis-c1", "fez:0"),
        "5 of your pieces in astronomy (you have 4; BONUS-5)",
    ),
}
CARDS = sorted(REQUIREMENTS)
CARD_IDS = [f"card_{n:02d}" for n in CARDS]


def test_obj_1_the_table_has_24_cards_each_with_a_requirement_here() -> None:
    """OBJ-1: 24 cards, numbered 1..24; every one has a scenario below."""
    assert list(range(1, 25)) == sorted(RULES.objective_cards)
    assert list(range(1, 25)) == CARDS


@pytest.mark.parametrize("number", CARDS, ids=CARD_IDS)
def test_bonus_5_obj_1_card_requirement_just_met_completes_it(number: int) -> None:
    """BONUS-5, OBJ-1: the requirement just met: ``complete <n>`` is on the turn menu and lays
    the card face up (out of the hand, into ``completed``); it is a bonus action."""
    state = game(in_hand(number), REQUIREMENTS[number][0])
    hand = list(state.players[P].objectives)
    assert f"complete {number}" in turn_options(state, "complete")
    assert [] == sr.explain(state, f"complete {number}")
    after = act(state, f"complete {number}")
    me = after.players[P]
    assert tuple(n for n in hand if n != number) == me.objectives
    assert (number,) == me.completed
    assert [
        Event("action", P, {"action": f"complete {number}"}),
        Event("objective_completed", P, {"card": number}),
    ] == after.events
    assert () == after.main_used
    assert ("turn", P) == (after.decision.kind, after.decision.player)
    assert f"complete {number}" not in turn_options(after, "complete")


@pytest.mark.parametrize("number", CARDS, ids=CARD_IDS)
def test_bonus_5_obj_1_card_requirement_missed_by_one_is_explained(number: int) -> None:
    """BONUS-5, OBJ-1: one short of the requirement: not offered; ``explain`` names the
    condition and the count the player has, with the single code ``objective_unmet``."""
    state = game(in_hand(number), REQUIREMENTS[number][1])
    assert f"complete {number}" not in turn_options(state, "complete")
    expected = [("objective_unmet", f"card #{number} needs {REQUIREMENTS[number][2]}")]
    assert expected == words(state, f"complete {number}")
    refused(state, f"complete {number}", ["objective_unmet"])


def test_obj_1_piece_counts_follow_the_spaces_they_are_asked_about() -> None:
    """OBJ-1: a piece count is of the position asked about. Positions share their spaces, and
    the count of the last read-only spaces is kept; a new one, or a draft's plain dict changed
    in place, is counted afresh."""
    law_pieces = Condition("pieces", 2, area="law")
    law_regions = Condition("regions", 1, area="law")
    state = game(pieces("law-a1"))
    assert (1, 1) == (
        condition_count(RULES, state, P, law_pieces),
        condition_count(RULES, state, P, law_regions),
    )
    more = game(pieces("law-a1", "law-b1"))
    assert (2, 2) == (
        condition_count(RULES, more, P, law_pieces),
        condition_count(RULES, more, P, law_regions),
    )
    assert 1 == condition_count(RULES, state, P, law_pieces)
    draft = state.clone()
    draft.spaces = dict(draft.spaces)  # a plain dict, changed in place below
    assert 1 == condition_count(RULES, draft, P, law_pieces)
    draft.spaces["law-b1"] = P
    assert 2 == condition_count(RULES, draft, P, law_pieces)
    assert 0 == condition_count(RULES, draft, OTHER, law_pieces)


def test_bonus_5_completing_needs_no_inspiration_and_two_cards_fit_in_one_turn() -> None:
    """BONUS-5, BONUS-6: completing costs nothing and is no main action: with no Inspiration
    player 0 completes #9 and #22 in one turn, then still has two main actions."""
    state = game(setattrs(inspiration=0), in_hand(22), books(2, 1, 1, 1), prestige(2, 1, 1, 1))
    assert ["complete 22", "complete 9"] == turn_options(state, "complete")
    state = act(state, "complete 9", "complete 22")
    assert (17, 23, 8) == state.players[P].objectives
    assert (9, 22) == state.players[P].completed
    assert (0, ()) == (state.players[P].inspiration, state.main_used)
    assert "enrol astronomy" in options(state)


def test_bonus_5_a_card_not_in_hand_is_refused() -> None:
    """BONUS-5: only a card of one's own hand: #11 is player 1's (not_in_hand), a completed card
    cannot be completed again, and a number that is no card is bad_arguments."""
    state = game(books(2, 1, 1, 1))
    refused(state, "complete 11", ["not_in_hand"])
    assert [("not_in_hand", "card #11 is not in your hand (BONUS-5)")] == words(
        state, "complete 11"
    )
    state = act(state, "complete 9")
    refused(state, "complete 9", ["not_in_hand"])
    refused(state, "complete 99", ["bad_arguments"])
    refused(state, "complete 0", ["bad_arguments"])
    refused(state, "complete nine", ["bad_arguments"])


def test_bonus_5_no_completing_inside_a_main_action() -> None:
    """BONUS-5, TURN-3: Complete an Objective is a bonus action: not while an area decision of a
    Teach a Class is pending, even with the requirement met; once back on the menu it is."""
    state = area("theology", 2, change=chain(books(2, 1, 1, 1), completed(7)))
    refused(state, "complete 9", ["bonus_during_action"])
    refused(state, "objective 7", ["bonus_during_action"])
    state = act(state, "skip", "promote_to s3a")
    assert "turn" == state.decision.kind
    assert [] == sr.explain(state, "complete 9")
    assert [] == sr.explain(state, "objective 7")


def test_obj_1_the_hand_stays_hidden_completed_cards_are_public() -> None:
    """OBJ-1, BONUS-5: in another player's observation the hand is only a count, while the
    completed card is shown; the owner sees the whole hand."""
    state = act(game(books(2, 1, 1, 1)), "complete 9")
    theirs = sr.observation(state, OTHER)["players"][P]
    mine = sr.observation(state, P)["players"][P]
    assert (3, [9]) == (theirs["objectives"], theirs["completed"])
    assert ([17, 23, 8], [9]) == (mine["objectives"], mine["completed"])
    assert 4 == sr.observation(state, P)["players"][OTHER]["objectives"]
    assert [11, 5, 22, 13] == sr.observation(state, OTHER)["players"][OTHER]["objectives"]


# ---- OBJ-2: Prestige icons at the end (SCORE-5) --------------------------------------------------


def objective_icons(state: State, p: int) -> dict[str, int]:
    sheet = sr.final_scores(state).players[p]
    return {line.discipline: line.icons["objectives"] for line in sheet.disciplines}


@pytest.mark.parametrize("number", CARDS, ids=CARD_IDS)
def test_obj_2_card_prestige_icons_count_once_completed(number: int) -> None:
    """OBJ-2, SCORE-5: a completed card adds its Prestige icons to its discipline's line; the
    same card in hand adds nothing."""
    card = RULES.objective_cards[number]
    done = game(completed(number))
    expected = {d: 0 for d in RULES.disciplines}
    assert expected == objective_icons(game(in_hand(number)), P)
    expected[card.discipline] = card.prestige
    assert expected == objective_icons(done, P)
    assert {d: 0 for d in RULES.disciplines} == objective_icons(done, OTHER)


def test_obj_2_icons_by_card_as_printed_in_the_table() -> None:
    """OBJ-2: each card's icon discipline and count (objectives.toml): 9 cards show two."""
    icons = {n: (c.discipline[:3], c.prestige) for n, c in RULES.objective_cards.items()}
    assert {
        1: ("ast", 1),
        2: ("the", 1),
        3: ("law", 2),
        4: ("mat", 1),
        5: ("law", 1),
        6: ("mat", 2),
        7: ("ast", 1),
        8: ("the", 2),
        9: ("mat", 1),
        10: ("law", 1),
        11: ("ast", 2),
        12: ("the", 1),
        13: ("law", 2),
        14: ("mat", 1),
        15: ("ast", 1),
        16: ("the", 2),
        17: ("law", 1),
        18: ("mat", 2),
        19: ("ast", 1),
        20: ("the", 1),
        21: ("mat", 2),
        22: ("law", 1),
        23: ("the", 2),
        24: ("ast", 2),
    } == icons


def test_obj_2_several_completed_cards_add_up() -> None:
    """OBJ-2, SCORE-5: #11 (2 Astronomy), #15 (1 Astronomy) and #23 (2 Theology) together."""
    state = game(completed(11, 15, 23))
    assert {"astronomy": 3, "theology": 2, "mathematics": 0, "law": 0} == objective_icons(state, P)


# ---- area positions ------------------------------------------------------------------------------

# Knowledge from the pieces already placed (School) beyond the queue's 5 (Shared).
PLACED_FOR_SCHOOL = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5, 5: 7}
OFF_STUDENT = {"astronomy": "law", "theology": "law", "mathematics": "law", "law": "astronomy"}
TILE = {"astronomy": "ast-1e", "theology": "the-2a", "mathematics": "mat-2a", "law": "law-2a"}


def area(
    discipline: str,
    knowledge: int,
    *,
    supported: bool = False,
    gold: int = 2,
    salt: int = 1,
    shelf: tuple[int, int, int, int] = (0, 0, 0, 0),
    change: Change | None = None,
) -> State:
    """Player 0 at ``discipline``'s area decision with exactly ``knowledge`` (no class bonus:
    the Student does not match the class)."""
    shared = min(5, knowledge)
    other = OFF_STUDENT[discipline]
    state = teach(
        position(
            TILE[discipline],
            student=other,
            partner=other if supported else None,
            placed=PLACED_FOR_SCHOOL[knowledge - shared],
            shared=shared,
            gold=gold,
            salt=salt,
            books=shelf,
            change=change,
        )
    )
    assert (discipline, P) == (state.decision.kind, state.decision.player)
    return state


def knowledge_of(state: State, text: str) -> list[tuple[str, str]]:
    return [(r.code, r.words) for r in sr.explain(state, text) if r.code == "knowledge_short"]


# ---- BONUS-6 a: area_knowledge cards #1, #2, #5, #6, #18, #20, #24 -------------------------------

# card -> (area, Knowledge without the card, action needing exactly Knowledge + bonus, action
# needing one more).
KNOWLEDGE_CARDS = {
    1: ("astronomy", 1, "camel oasis-a2 timbuktu", "camel oasis-d2 timbuktu"),  # 2 / 3 steps
    24: ("astronomy", 1, "camel oasis-d2 timbuktu", "camel oasis-a3 timbuktu"),  # 3 / 4 steps
    2: ("theology", 2, "mosque aoudaghost-bottom", "mosque agadez-bottom"),  # 3 / 4
    20: ("theology", 2, "mosque agadez-bottom", "mosque djenne-middle"),  # 4 / 5
    5: ("law", 1, "crown law-a2", "crown law-a3"),  # 2 / 3
    6: ("mathematics", 1, "wall wall-a2", "wall wall-a3"),  # 2 / 3
    18: ("mathematics", 1, "wall wall-a3", "wall wall-a4"),  # 3 / 4
}


@pytest.mark.parametrize(
    "number", sorted(KNOWLEDGE_CARDS), ids=[f"card_{n:02d}" for n in sorted(KNOWLEDGE_CARDS)]
)
def test_bonus_6_area_knowledge_card_reaches_exactly_its_bonus_further(number: int) -> None:
    """BONUS-6 a, AMB-42: the card adds its Knowledge to its area's action by itself: a space
    needing Knowledge + bonus opens, one needing a step more stays closed; without the card
    (or with it still in hand) the first space is short."""
    discipline, knowledge, reached, beyond = KNOWLEDGE_CARDS[number]
    bonus = RULES.objective_cards[number].ability.amount
    state = area(
        discipline, knowledge, gold=3, salt=3, shelf=(1, 0, 0, 0), change=completed(number)
    )
    without = edit(state, in_hand(number))
    have = knowledge + bonus
    assert [] == sr.explain(state, reached)
    assert reached in options(state)
    assert [
        ("knowledge_short", f"needs Knowledge {have + 1}, you have {have} (KNOW-1)")
    ] == knowledge_of(state, beyond)
    assert beyond not in options(state)
    short = [("knowledge_short", f"needs Knowledge {have}, you have {knowledge} (KNOW-1)")]
    assert short == knowledge_of(without, reached)
    assert reached not in options(without)


def test_obj_card_01_knowledge_only_for_its_owner_and_its_discipline() -> None:
    """BONUS-6 a: #1 (Astronomy +1) held by player 1, or #2 (Theology +1) held by player 0, adds
    nothing to player 0's Astronomy action."""
    for change in (completed(1, p=OTHER), completed(2)):
        state = area("astronomy", 1, gold=3, change=change)
        assert ["knowledge_short"] == codes(state, "camel oasis-a2 timbuktu")


def test_obj_card_01_the_bonus_counts_after_the_move_too() -> None:
    """BONUS-6 a: #1 applied for real: the camel goes 2 steps with Knowledge 1 + 1, pays 1 Gold
    and gains 2 Salt at the Oasis."""
    state = act(area("astronomy", 1, gold=3, change=completed(1)), "camel oasis-a2 timbuktu")
    me = state.players[P]
    assert ("oasis-a2", P) == (me.camel, state.spaces["oasis-a2"])
    assert (2, 3) == (me.gold, me.salt)


def test_obj_card_24_two_more_knowledge_and_cards_add_up_with_card_01() -> None:
    """BONUS-6 a: #1 and #24 together give Astronomy +3: 4 steps (oasis-a3) with Knowledge 1."""
    state = area("astronomy", 1, gold=3, change=completed(1, 24))
    assert [] == sr.explain(state, "camel oasis-a3 timbuktu")
    assert [("knowledge_short", "needs Knowledge 5, you have 4 (KNOW-1)")] == knowledge_of(
        state, "camel oasis-d3 timbuktu"
    )


# ---- BONUS-6 a: area_discount cards #8, #13, #15 -------------------------------------------------


@pytest.mark.parametrize(
    ("space", "knowledge", "supported", "salt"),
    [
        ("gao-bottom", 5, False, 0),  # 1 Salt -> 0
        ("djenne-middle", 5, False, 1),  # 2 Salt -> 1
        ("aoudaghost-top-left", 7, True, 2),  # 3 Salt -> 2
    ],
)
def test_obj_card_08_theology_costs_one_salt_less(
    space: str, knowledge: int, supported: bool, salt: int
) -> None:
    """BONUS-6 a, AMB-42: with #8 a Mosque costs 1 Salt less (never below 0): the player has
    exactly the lowered cost and pays it all; without #8 that Salt is too little."""
    state = area("theology", knowledge, supported=supported, salt=salt, change=completed(8))
    without = edit(state, in_hand(8))
    assert ["not_enough_salt"] == codes(without, f"mosque {space}")
    assert f"mosque {space}" in options(state)
    after = act(state, f"mosque {space}")
    assert (P, 0) == (after.spaces[space], after.players[P].salt)


def test_obj_card_08_the_discount_is_exactly_one_salt() -> None:
    """BONUS-6 a: #8 at a middle-row Mosque (2 Salt) with 3 Salt: 2 Salt stay."""
    after = act(area("theology", 5, salt=3, change=completed(8)), "mosque djenne-middle")
    assert 2 == after.players[P].salt


def test_obj_card_13_law_bottom_row_costs_no_gold_and_salt_is_unchanged() -> None:
    """BONUS-6 a: #13 lowers a Crown's Gold by 1: the bottom row (1 Gold) costs nothing with 0
    Gold; the middle row's Salt is not lowered (not_enough_salt with 0 Salt)."""
    state = area("law", 4, gold=0, salt=0, change=completed(13))
    assert "crown law-a1" in options(state)
    assert ["not_enough_salt"] == codes(state, "crown law-a4")
    after = act(state, "crown law-a1")
    assert (P, 0, 0) == (after.spaces["law-a1"], after.players[P].gold, after.players[P].salt)
    without = edit(state, in_hand(13))
    assert ["not_enough_gold"] == codes(without, "crown law-a1")


def test_obj_card_13_the_discount_takes_exactly_one_gold() -> None:
    """BONUS-6 a: #13 with 2 Gold at a bottom-row Crown: both Gold stay."""
    after = act(area("law", 1, gold=2, change=completed(13)), "crown law-a1")
    assert 2 == after.players[P].gold


def test_obj_card_15_astronomy_oasis_free_and_port_one_gold_less() -> None:
    """BONUS-6 a: #15 lowers a Trading Post's Gold by 1: an Oasis (1 Gold) costs nothing with
    0 Gold and still gives 2 Salt; Fez (2 Gold) costs 1."""
    oasis = area("astronomy", 1, gold=0, change=completed(15))
    after = act(oasis, "camel oasis-a1 timbuktu")
    assert (0, 3) == (after.players[P].gold, after.players[P].salt)
    without = edit(oasis, in_hand(15))
    assert ["not_enough_gold"] == codes(without, "camel oasis-a1 timbuktu")
    port = area("astronomy", 4, supported=True, gold=1, change=completed(15))
    after = act(port, "camel fez:0 timbuktu")
    assert (P, 0) == (after.spaces["fez:0"], after.players[P].gold)
    without = edit(port, in_hand(15))
    assert ["not_enough_gold"] == codes(without, "camel fez:0 timbuktu")


# ---- OBJ-3: #3, a Crown for 1 Book, Salt or Gold (AMB-42) ---------------------------------------


def crown_position(*, supported: bool = True, gold: int = 1, salt: int = 1) -> State:
    """Player 0 at the Law decision with Knowledge 7, 1 Astronomy Book and #3 completed."""
    return area(
        "law",
        7,
        supported=supported,
        gold=gold,
        salt=salt,
        shelf=(1, 0, 0, 0),
        change=completed(3),
    )


def test_obj_3_card_03_every_payment_is_offered() -> None:
    """OBJ-3: with #3 each open Crown space is offered with its printed cost and with each of
    gold, salt and book instead, except the one that costs what the carpet asks anyway (1 Gold
    on the bottom row a1-a3, 1 Salt on the middle row a4-a5, a Book on the top row a7): that
    option is listed once."""
    state = crown_position()
    offered = [o for o in options(state) if o.startswith("crown law-a")]
    assert [
        "crown law-a1",
        "crown law-a1 book",
        "crown law-a1 salt",
        "crown law-a2",
        "crown law-a2 book",
        "crown law-a2 salt",
        "crown law-a3",
        "crown law-a3 book",
        "crown law-a3 salt",
        "crown law-a4",
        "crown law-a4 book",
        "crown law-a4 gold",
        "crown law-a5",
        "crown law-a5 book",
        "crown law-a5 gold",
        "crown law-a7",
        "crown law-a7 gold",
        "crown law-a7 salt",
    ] == offered


@pytest.mark.parametrize(
    ("payment", "left"),
    [("gold", (0, 1, [1, 0, 0, 0])), ("salt", (1, 0, [1, 0, 0, 0]))],
)
def test_obj_3_card_03_top_row_crown_paid_with_gold_or_salt(
    payment: str, left: tuple[int, int, list[int]]
) -> None:
    """OBJ-3: a top-row Crown (printed cost: a Book) paid with exactly 1 Gold or 1 Salt; the
    Book stays on the shelf and the Library is untouched."""
    state = crown_position()
    after = act(state, f"crown law-a7 {payment}")
    me = after.players[P]
    assert P == after.spaces["law-a7"]
    assert left == (me.gold, me.salt, list(me.books))
    assert ((), (), ()) == after.library


def test_obj_3_card_03_bottom_row_crown_paid_with_a_book() -> None:
    """OBJ-3, AMB-16: a bottom-row Crown (printed cost: 1 Gold) paid with the Book instead: the
    Book goes to the Library; Gold and Salt stay."""
    state = act(crown_position(), "crown law-a1 book")
    assert ("contribute", P) == (state.decision.kind, state.decision.player)
    state = act(state, "library astronomy 0")
    me = state.players[P]
    assert (1, 1, (0, 0, 0, 0)) == (me.gold, me.salt, me.books)
    assert (("astronomy",), (), ()) == state.library
    assert P == state.spaces["law-a1"]


def test_obj_3_amb_42_card_03_knowledge_is_still_needed() -> None:
    """OBJ-3: the space's Knowledge is still needed: law-a8 (8) with Knowledge 7."""
    state = crown_position()
    for payment in ("gold", "salt", "book"):
        refused(state, f"crown law-a8 {payment}", ["knowledge_short"])


def test_obj_3_amb_42_card_03_the_supported_class_is_still_needed() -> None:
    """AMB-42: only the carpet's cost is replaced: the top row still needs a Supported Class."""
    state = crown_position(supported=False)
    for payment in ("gold", "salt", "book"):
        refused(state, f"crown law-a7 {payment}", ["needs_supported_class"])
    assert [] == sr.explain(state, "crown law-a5 gold")


def test_obj_3_card_03_the_chosen_payment_must_be_there() -> None:
    """OBJ-3: 1 Gold chosen with no Gold is not_enough_gold; Salt likewise."""
    state = crown_position(gold=0, salt=0)
    refused(state, "crown law-a7 gold", ["not_enough_gold"])
    refused(state, "crown law-a7 salt", ["not_enough_salt"])
    assert [] == sr.explain(state, "crown law-a7")


def test_obj_3_card_03_a_payment_equal_to_the_printed_cost_is_the_plain_option() -> None:
    """OBJ-3: ``crown law-a1 gold`` (the bottom row asks 1 Gold), ``crown law-a4 salt`` (the
    middle row asks 1 Salt) and ``crown law-a7 book`` (the top row asks a Book) are the plain
    options under other names: refused, naming them."""
    state = crown_position()
    refused(state, "crown law-a1 gold", ["same_as_option"])
    refused(state, "crown law-a4 salt", ["same_as_option"])
    assert "choose 'crown law-a7'" in sr.explain(state, "crown law-a7 book")[0].words


def test_obj_3_card_03_without_the_card_no_alternative_payment() -> None:
    """OBJ-3: #3 still in hand: ``crown <space> gold`` is no_such_ability and not offered."""
    state = edit(crown_position(), in_hand(3))
    refused(state, "crown law-a1 gold", ["no_such_ability"])
    assert [] == [o for o in options(state) if len(o.split()) == 3]


# ---- OBJ-4: #4, move a Wall up to 3 numbers higher (AMB-15, AMB-42) ------------------------------


def walls_position() -> State:
    """Player 0's turn with #4 completed, Walls on wall-a1 and wall-b6; player 1's on wall-a3
    and wall-b8. Column 3 (wall-a4's line, 2 Gold) holds the face-down law-madrasa tile."""
    return game(
        completed(4),
        spare_law_student,
        pieces("wall-a1", "wall-b6"),
        pieces("wall-a3", "wall-b8", p=OTHER),
    )


def test_obj_4_card_04_moves_are_those_1_to_3_higher_on_the_same_side() -> None:
    """OBJ-4, AMB-42: the empty spaces of the same side numbered higher, up to 3 more."""
    assert [
        "objective 4 wall-a1 wall-a2",
        "objective 4 wall-a1 wall-a4",
        "objective 4 wall-b6 wall-b7",
    ] == turn_options(walls_position(), "objective")


def test_obj_4_card_04_the_move_flips_nothing_and_gains_no_gold() -> None:
    """OBJ-4: wall-a1 to wall-a4 (3 higher): the Wall moves; no tile flips, no Gold (wall-a4's
    line shows 2), no piece leaves home, no main action is used."""
    state = walls_position()
    after = act(state, "objective 4 wall-a1 wall-a4")
    assert {"wall-a4": P, "wall-b6": P, "wall-a3": OTHER, "wall-b8": OTHER} == after.spaces
    assert state.madrasa == after.madrasa
    assert MadrasaTile("law-madrasa", star=False) == after.madrasa[7]
    me, before = after.players[P], state.players[P]
    assert (before.gold, before.salt, before.inspiration) == (me.gold, me.salt, me.inspiration)
    assert (7, 7, 5, 7) == me.pieces
    assert ((), (4,)) == (after.main_used, after.abilities_used)
    assert [
        Event("action", P, {"action": "objective 4 wall-a1 wall-a4"}),
        Event("ability", P, {"card": 4}),
    ] == after.events
    assert "turn" == after.decision.kind


def test_obj_4_card_04_refusals() -> None:
    """OBJ-4, AMB-42: another side (even 1 higher), a lower number, a taken space, a Wall not
    one's own (or none), and the corner are refused."""
    state = walls_position()
    refused(state, "objective 4 wall-a1 wall-c2", ["wall_out_of_reach"])
    refused(state, "objective 4 wall-a1 wall-b5", ["wall_out_of_reach"])
    refused(state, "objective 4 wall-b6 wall-b5", ["wall_out_of_reach"])
    refused(state, "objective 4 wall-a1 wall-a3", ["space_taken"])
    refused(state, "objective 4 wall-b6 wall-b8", ["space_taken"])
    refused(state, "objective 4 wall-a3 wall-a4", ["not_your_wall"])
    refused(state, "objective 4 wall-a2 wall-a4", ["not_your_wall"])
    refused(state, "objective 4 wall-corner wall-a2", ["bad_arguments"])
    refused(state, "objective 4 wall-a1", ["bad_arguments"])
    assert [
        ("wall_out_of_reach", "wall-c2 is not 1 to 3 numbers higher on side A (OBJ-4)"),
    ] == words(state, "objective 4 wall-a1 wall-c2")
    assert [
        (
            "wall_out_of_reach",
            "the corner Wall space lies on no side: card #4 moves a Wall along one (OBJ-4)",
        ),
    ] == words(state, "objective 4 wall-a1 wall-corner")


def test_obj_4_amb_15_card_04_once_per_turn_and_again_next_turn() -> None:
    """AMB-15, AMB-42: a second move in the same turn is ability_used; after player 1's turn
    player 0 may move a Wall again."""
    state = act(walls_position(), "objective 4 wall-a1 wall-a2")
    assert [] == turn_options(state, "objective")
    refused(state, "objective 4 wall-b6 wall-b7", ["ability_used"])
    refused(state, "objective 4 wall-a2 wall-a4", ["ability_used"])
    state = to_next_turn(state)
    assert () == state.abilities_used
    assert [
        "objective 4 wall-a2 wall-a4",
        "objective 4 wall-b6 wall-b7",
    ] == turn_options(state, "objective")
    state = act(state, "objective 4 wall-b6 wall-b7")
    assert {"wall-a2": P, "wall-b7": P, "wall-a3": OTHER, "wall-b8": OTHER} == state.spaces


def test_obj_4_card_04_only_once_completed() -> None:
    """BONUS-6 b: #4 in hand gives no move (no_such_ability)."""
    state = game(in_hand(4), pieces("wall-a1"))
    assert [] == turn_options(state, "objective")
    refused(state, "objective 4 wall-a1 wall-a2", ["no_such_ability"])


# ---- OBJ-5: #11, enrol above the Introductory Class (AMB-42) -------------------------------------

# The Astronomy queue full, an Astronomy Student at the right end (space 5, no icon).
FULL_QUEUE = ["law", "theology", "astronomy", "mathematics", "theology", "astronomy"]


def enrol_position(*changes: Change) -> State:
    """Player 0 (Astronomy Student on s0a; c0a's arrows lead to s1a and s1c) may enrol the
    Astronomy queue's rightmost Student, an Astronomy Student."""
    return game(
        lambda s: setattr(s, "queues", replaced_at(s.queues, 0, tuple(FULL_QUEUE))), *changes
    )


def test_obj_5_card_11_enrols_although_the_space_under_the_class_is_taken() -> None:
    """OBJ-5, AMB-42: s0a is taken; with #11 the Student is offered the empty spaces c0a's
    arrows lead to (s1a, s1c) and goes where the player chooses."""
    state = enrol_position(completed(11))
    assert "enrol astronomy" in options(state)
    state = act(state, "enrol astronomy")
    assert ("enrol_place", P) == (state.decision.kind, state.decision.player)
    assert ["place s1a", "place s1c"] == options(state)
    state = act(state, "place s1c")
    assert {"s0a": "astronomy", "s1c": "astronomy"} == state.players[P].students
    assert ("law", "theology", "astronomy", "mathematics", "theology", None) == state.queues[0]
    assert "turn" == state.decision.kind


def test_obj_5_enrol_3_without_card_11_the_taken_space_refuses() -> None:
    """ENROL-3, OBJ-5: with #11 in hand the same enrolment is student_space_taken."""
    state = enrol_position(in_hand(11))
    assert "enrol astronomy" not in options(state)
    refused(state, "enrol astronomy", ["student_space_taken"])


def test_obj_5_amb_42_card_11_the_space_under_the_class_is_offered_when_empty() -> None:
    """AMB-42: with s0a empty the player chooses among s0a and the two arrow targets."""
    state = act(enrol_position(completed(11), students()), "enrol astronomy")
    assert ["place s0a", "place s1a", "place s1c"] == options(state)
    state = act(state, "place s1a")
    assert {"s1a": "astronomy"} == state.players[P].students


def test_obj_5_card_11_only_empty_targets_and_a_single_one_makes_itself() -> None:
    """OBJ-5: s0a and s1a taken: s1c is the only space, the Student goes there by itself; with
    s1c taken too, the enrolment is refused."""
    state = act(enrol_position(completed(11), students(s0a="law", s1a="law")), "enrol astronomy")
    assert "turn" == state.decision.kind
    assert {"s0a": "law", "s1a": "law", "s1c": "astronomy"} == state.players[P].students
    full = enrol_position(completed(11), students(s0a="law", s1a="law", s1c="law"))
    refused(full, "enrol astronomy", ["student_space_taken"])


def test_obj_5_card_11_applies_to_the_favour_tracks_enrol_too() -> None:
    """OBJ-5, AMB-42, IC-FAV-3: the Favour track's Enrol from anywhere may take an Astronomy
    Student although s0a is taken, onto an arrow target."""
    state = enrol_position(completed(11), setattrs(favour_pos=2))
    state = act(state, "favour take", "reward 3")
    assert "enrol_any" == state.decision.kind
    assert "enrol astronomy 2" in options(state)
    state = act(state, "enrol astronomy 2")
    assert ["place s1a", "place s1c"] == options(state)


# ---- OBJ-6: #21, a new Wall flips any face-down tile ---------------------------------------------


def flip_position(*changes: Change) -> State:
    """Player 0 at the Mathematics decision, Knowledge 1, 1 Astronomy Book. Face-down tiles:
    r0c1 (mat-madrasa), r1c3 (law-madrasa), r2c0 (ast-madrasa), r3c0 (the-board-1, 1
    Inspiration), r3c2 (the-madrasa, 1 Inspiration); r1c1 shows its star."""

    def madrasa(s: State) -> None:
        s.region_tiles = without(s.region_tiles, "astronomy:D")  # the-board-1
        s.madrasa = replaced_at(s.madrasa, 12, MadrasaTile("the-board-1", star=False))
        s.supply_sankore = removed(s.supply_sankore, "ast-supply-1")
        s.madrasa = replaced_at(s.madrasa, 5, MadrasaTile("ast-supply-1", star=True))

    return area("mathematics", 1, shelf=(1, 0, 0, 0), change=chain(madrasa, *changes))


def test_obj_6_card_21_any_face_down_tile_may_flip() -> None:
    """OBJ-6: with #21 wall-a1 (column 0) may flip every face-down tile of the Madrasa; the
    star-up one is not offered."""
    state = act(flip_position(completed(21)), "wall wall-a1", "library astronomy 0")
    assert ("flip", P) == (state.decision.kind, state.decision.player)
    assert ["flip r0c1", "flip r1c3", "flip r2c0", "flip r3c0", "flip r3c2"] == options(state)


def test_obj_6_without_card_21_only_the_walls_line() -> None:
    """MATH-7, OBJ-6: with #21 in hand only column 0's face-down tiles are offered."""
    state = act(flip_position(in_hand(21)), "wall wall-a1", "library astronomy 0")
    assert ["flip r2c0", "flip r3c0"] == options(state)


def test_obj_6_card_21_tile_outside_the_line_gold_from_the_walls_line() -> None:
    """OBJ-6: flipping r3c2 (outside column 0) gives its bonus (1 Inspiration) and turns it;
    the Gold is column 0's (1), not row 3's (2) nor column 2's (0)."""
    state = act(flip_position(completed(21)), "wall wall-a1", "library astronomy 0")
    before = state.players[P]
    state = act(state, "flip r3c2")
    me = state.players[P]
    assert MadrasaTile("the-madrasa", star=True) == state.madrasa[14]
    assert MadrasaTile("ast-madrasa", star=False) == state.madrasa[8]
    assert (before.inspiration + 1, before.gold + 1) == (me.inspiration, me.gold)
    assert [("gain", "inspiration", 1), ("flip", None, None), ("gain", "gold", 1)] == [
        (e.kind, e.detail.get("resource"), e.detail.get("count")) for e in state.events
    ][:3]


# ---- OBJ-7: #23, enrol from any position of a queue (AMB-42) -------------------------------------


def queue_position(queue: list[str | None], *changes: Change) -> State:
    return game(lambda s: setattr(s, "queues", replaced_at(s.queues, 0, tuple(queue))), *changes)


def test_obj_7_card_23_every_occupied_position_is_offered() -> None:
    """OBJ-7: with #23 the menu offers each queue position whose Student has a free space
    (player 0's s0a is taken, so Astronomy Students are not offered); the rightmost Student
    can still be taken with the plain ``enrol <area>``."""
    state = queue_position(
        ["law", "theology", "astronomy", "mathematics", None, None], completed(23)
    )
    assert [
        "enrol astronomy",
        "enrol astronomy 0",
        "enrol astronomy 1",
    ] == [o for o in turn_options(state, "enrol") if o.startswith("enrol astronomy")]
    refused(state, "enrol astronomy 3", ["same_as_option"])  # the rightmost: 'enrol astronomy'
    refused(state, "enrol astronomy 2", ["student_space_taken"])
    refused(state, "enrol astronomy 5", ["no_student_there"])


def test_obj_7_card_23_from_the_middle_the_queue_slides_and_the_right_end_triggers() -> None:
    """OBJ-7: taking space 2 (a Book majority icon) of four Students: the others slide left and
    only space 3's icon, now empty at the right end, triggers (a supply Sankoré tile and its
    Prestige token); no Book majority scoring is pending."""
    state = queue_position(
        ["law", "theology", "mathematics", "theology", None, None], completed(23)
    )
    state = act(state, "enrol astronomy 2")
    assert ("law", "theology", "theology", None, None, None) == state.queues[0]
    assert {"s0a": "astronomy", "s0c": "mathematics"} == state.players[P].students
    assert () == state.pending_scorings
    assert MadrasaTile("ast-supply-1", star=True) == state.madrasa[0]
    assert (1, 0, 0, 0) == state.players[P].prestige
    assert ("enrol",) == state.main_used


def test_obj_7_card_23_from_the_left_end_the_book_majority_at_the_right_end() -> None:
    """OBJ-7: three Students, space 0 (Prestige majority) taken: the Book majority of space 2,
    left empty at the right end, is the scoring triggered."""
    state = queue_position(["theology", "law", "mathematics", None, None, None], completed(23))
    state = act(state, "enrol astronomy 0")
    assert ("law", "mathematics", None, None, None, None) == state.queues[0]
    assert {"s0a": "astronomy", "s0b": "theology"} == state.players[P].students
    assert (("astronomy", "book", "astronomy:2"),) == state.pending_scorings


def test_obj_7_card_23_the_rightmost_student_triggers_its_own_space() -> None:
    """OBJ-7, ENROL-7: with #23 the rightmost Student (space 3) is an ordinary enrolment, named
    by the plain ``enrol astronomy`` (its number names the same option and is refused as
    such): its own space's Sankoré icon triggers."""
    queue: list[str | None] = ["law", "theology", "mathematics", "theology", None, None]
    state = queue_position(queue, completed(23))
    assert ["same_as_option"] == codes(state, "enrol astronomy 3")
    state = act(state, "enrol astronomy")
    assert ("law", "theology", "mathematics", None, None, None) == state.queues[0]
    assert {"s0a": "astronomy", "s0b": "theology"} == state.players[P].students
    assert (1, 0, 0, 0) == state.players[P].prestige


def test_obj_7_without_card_23_a_position_is_no_such_ability() -> None:
    """OBJ-7: with #23 in hand, ``enrol <area> <position>`` is refused; the menu offers the
    rightmost Student only."""
    state = queue_position(["law", "theology", "mathematics", None, None, None])
    assert ["enrol astronomy"] == [
        o for o in turn_options(state, "enrol") if o.startswith("enrol astronomy")
    ]
    refused(state, "enrol astronomy 0", ["no_such_ability"])


# ---- BONUS-6 b: round abilities #7, #9, #12, #14, #17, #19 (AMB-15) ------------------------------


def gains(state: State) -> tuple[int, int, int, list[int], int]:
    me = state.players[P]
    return (me.gold, me.salt, me.inspiration, list(me.books), me.favour_pos)


# card -> (the choice it asks, if any; Gold, Salt, Inspiration, Books, Favour space after).
ROUND_CARDS: dict[int, tuple[str | None, tuple[int, int, int, list[int], int]]] = {
    7: (None, (3, 1, 1, [0, 0, 0, 1], 0)),
    9: (None, (2, 2, 1, [0, 0, 0, 1], 0)),
    12: (None, (2, 1, 2, [0, 0, 0, 1], 0)),
    14: ("book theology", (2, 1, 1, [0, 1, 0, 1], 0)),
    17: (None, (2, 1, 1, [0, 0, 0, 1], 1)),
    19: (None, (2, 2, 1, [0, 0, 0, 1], 0)),
}


@pytest.mark.parametrize(
    "number", sorted(ROUND_CARDS), ids=[f"card_{n:02d}" for n in sorted(ROUND_CARDS)]
)
def test_bonus_6_amb_15_round_card_gains_exactly_once_per_turn(number: int) -> None:
    """BONUS-6 b, AMB-15: ``objective <n>`` from the turn menu gives exactly the card's effect
    (from Gold 2, Salt 1, Inspiration 1, a Law Book, Favour space 1); it is no main action; a
    second use that turn is ability_used; the next turn it is offered again."""
    choice, after = ROUND_CARDS[number]
    state = game(completed(number), spare_law_student)
    assert [f"objective {number}"] == turn_options(state, "objective")
    state = act(state, f"objective {number}")
    if choice is not None:
        assert "choose_book" == state.decision.kind
        assert ["book astronomy", "book law", "book mathematics", "book theology"] == options(state)
        state = act(state, choice)
    assert after == gains(state)
    assert ((), (number,)) == (state.main_used, state.abilities_used)
    assert [] == turn_options(state, "objective")
    refused(state, f"objective {number}", ["ability_used"])
    state = to_next_turn(state)
    assert [f"objective {number}"] == turn_options(state, "objective")


@pytest.mark.parametrize("number", [7, 9, 12, 14, 17, 19])
def test_bonus_6_round_card_in_hand_cannot_be_used(number: int) -> None:
    """BONUS-6: a card still in hand gives no ability (no_such_ability)."""
    state = game(in_hand(number))
    assert [] == turn_options(state, "objective")
    refused(state, f"objective {number}", ["no_such_ability"])


def test_bonus_6_area_and_passive_cards_are_not_used_from_the_menu() -> None:
    """BONUS-6: an area card (#1) and a passive card (#10) are not round abilities."""
    state = game(completed(1, 10))
    assert [] == turn_options(state, "objective")
    refused(state, "objective 1", ["no_such_ability"])
    refused(state, "objective 10", ["no_such_ability"])
    refused(state, "objective 7 gold", ["no_such_ability"])
    refused(state, "objective 99", ["bad_arguments"])


def test_amb_15_two_round_cards_each_once_in_the_same_turn() -> None:
    """AMB-15: #7 and #19 are separate abilities: both may be used in one turn."""
    state = act(game(completed(7, 19)), "objective 7", "objective 19")
    assert (3, 2) == (state.players[P].gold, state.players[P].salt)
    assert (7, 19) == state.abilities_used
    refused(state, "objective 7", ["ability_used"])


def test_obj_card_07_bad_words_are_refused() -> None:
    """BONUS-6 b: a round card that takes no words refuses extra ones."""
    refused(game(completed(7)), "objective 7 gold", ["bad_arguments"])


# ---- BONUS-6 c: storage_bonus cards #10, #16, #22 (STOR-1, STOR-2) -------------------------------

# card -> (resource, the limit without the card, with it).
STORAGE_CARDS = {10: ("gold", 6, 8), 16: ("salt", 4, 6), 22: ("inspiration", 2, 3)}


@pytest.mark.parametrize(
    "number", sorted(STORAGE_CARDS), ids=[f"card_{n:02d}" for n in sorted(STORAGE_CARDS)]
)
def test_bonus_6_storage_card_raises_the_end_of_turn_limit(number: int) -> None:
    """BONUS-6 c, STOR-1: the passive card raises the end-of-turn limit of its resource by
    exactly its amount: one over the raised limit returns 1; exactly at it returns nothing;
    without the card the ordinary limit applies."""
    resource, plain, raised = STORAGE_CARDS[number]
    over = setattrs(**{resource: raised + 1})
    state = act(game(completed(number), over), "end")
    assert raised == getattr(state.players[P], resource)
    assert [Event("returned", P, {"resource": resource, "count": 1})] == [
        e for e in state.events if e.kind == "returned"
    ]
    state = act(game(completed(number), setattrs(**{resource: raised})), "end")
    assert raised == getattr(state.players[P], resource)
    assert [] == [e for e in state.events if e.kind == "returned"]
    state = act(game(in_hand(number), over), "end")
    assert plain == getattr(state.players[P], resource)


def test_obj_card_10_only_the_owner_and_only_its_resource() -> None:
    """BONUS-6 c: #10 (Gold) held by player 0 leaves the Salt limit at 4; held by player 1 it
    does not raise player 0's Gold limit."""
    state = act(game(completed(10), setattrs(gold=8, salt=6)), "end")
    assert (8, 4) == (state.players[P].gold, state.players[P].salt)
    state = act(game(completed(10, p=OTHER), setattrs(gold=8)), "end")
    assert 6 == state.players[P].gold


def test_amb_15_a_used_ability_and_completed_cards_survive_json() -> None:
    """AMB-15, BONUS-5: after completing #9 and using #7, the JSON round trip keeps both: the
    card stays face up and #7 is still used for this turn."""

    def hand_of_four(s: State) -> None:  # issue 16: from_json wants the cards dealt, no more
        s.players[P].objectives = tuple(n for n in s.players[P].objectives if n != 8)

    state = act(game(completed(7), hand_of_four, books(2, 1, 1, 1)), "complete 9", "objective 7")
    again = sr.from_json(sr.to_json(state))
    assert state == again
    assert ((7, 9), (17, 23)) == (again.players[P].completed, again.players[P].objectives)
    refused(again, "objective 7", ["ability_used"])


def test_bonus_6_a_round_ability_that_would_give_nothing_is_not_offered() -> None:
    """BONUS-6 (b), issue 5 "offered exactly when they apply": #14 (a Book of any discipline)
    with every Bookshelf row full, and #17 (advance the disc) on the last Favour space, are not
    offered and are refused with ``ability_would_do_nothing``; with room they are offered."""

    def full_shelf(s: State) -> None:
        s.players[P].books = (3, 3, 3, 3)

    def last_space(s: State) -> None:
        s.players[P].favour_pos = len(RULES.favour_rewards) - 1

    state = game(completed(14, 17), full_shelf, last_space)
    assert [] == turn_options(state, "objective")
    refused(state, "objective 14", ["ability_would_do_nothing"])
    refused(state, "objective 17", ["ability_would_do_nothing"])
    state = game(completed(14, 17))
    assert ["objective 14", "objective 17"] == turn_options(state, "objective")
