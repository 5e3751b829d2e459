"""The Scholar's Teach a Class and its Supported Class bonuses (RULES-CHECKLIST 16c-d:
SOLO-TEACH-1..9, SOLO-SUP-1..5; rulings AMB-31..AMB-34, SCHOLAR-3).

The positions are an easy Scholar (School Knowledge 0 with every piece home) with its
Knowledge set through the area's queue (Shared Knowledge 1 to 5) and its pieces at home
(School Knowledge), and pieces put on the board by hand to make the majorities each filter
looks at.
"""

from __future__ import annotations

from collections.abc import Callable

from positions import RULES, SCHOLAR, edit, scholar_does, solo, whys
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.solo.common import knowledge
from sankore_rules.sankore.state import MadrasaTile, State

IDX = RULES.discipline_index
A, T, M, L = RULES.disciplines
#: Queues whose Shared Knowledge is 1..5 (the 2-player layout: 5 4 4 3 2 1 left to right).
SHARED = {
    1: ["x"] * 5 + [None],
    2: ["x"] * 4 + [None] * 2,
    3: ["x"] * 3 + [None] * 3,
    4: ["x"] + [None] * 5,
    5: [None] * 6,
}


def teaching(
    area: str,
    shared: int,
    placed: int = 0,
    pieces: dict[str, int] | None = None,
    change: Callable[[State], None] | None = None,
    difficulty: str = "easy",
) -> State:
    """A solo game whose Scholar teaches ``area`` with that Shared Knowledge and ``placed``
    pieces of the area gone from home; ``pieces`` puts pieces on board spaces (owner by id)."""

    def set_up(state: State) -> None:
        state.solo.current = area
        queue = tuple(area if s else None for s in SHARED[shared])
        state.queues = replaced_at(state.queues, IDX[area], queue)
        state.players[SCHOLAR].pieces = replaced_at(
            state.players[SCHOLAR].pieces, IDX[area], 7 - placed
        )
        state.spaces = {**state.spaces, **dict(pieces or {})}
        if change is not None:
            change(state)

    return edit(solo(difficulty), set_up)


def placed(before: State, after: State) -> dict[str, int]:
    """The pieces ``after`` has on the board that ``before`` had not."""
    return {s: p for s, p in after.spaces.items() if s not in before.spaces}


# ---- SOLO-TEACH-1..5 -----------------------------------------------------------------------------


def test_solo_teach_1_3_only_the_area_action_paying_nothing() -> None:
    """SOLO-TEACH-1, SOLO-TEACH-3: one Mosque on the board; no Salt paid (it has none), no Book
    contributed, no Student moved, no resource gained."""
    state = teaching(T, 3)
    after = scholar_does(state, "scholar_teach")
    assert {"aoudaghost-bottom": SCHOLAR} == placed(state, after)
    scholar = after.players[SCHOLAR]
    assert (0, 0, 0) == (scholar.gold, scholar.salt, scholar.inspiration)
    assert state.library == after.library
    assert 6 == scholar.pieces[IDX[T]]
    assert {} == scholar.students


def test_solo_teach_2_no_piece_left_moves_on_to_the_next_discipline() -> None:
    """SOLO-TEACH-2: no Mosque left: a Wall, Mathematics being next anticlockwise."""
    shared = [M if s else None for s in SHARED[2]]
    state = teaching(
        T,
        3,
        placed=7,
        change=lambda s: setattr(s, "queues", replaced_at(s.queues, IDX[M], tuple(shared))),
    )
    after = scholar_does(state, "scholar_teach")
    assert {"wall-a2": SCHOLAR} == placed(state, after)
    assert (
        "Teach Mathematics (the current discipline is theology): no Mosque left" in whys(after)[0]
    )


def test_scholar_3_no_space_within_knowledge_moves_on_too() -> None:
    """SCHOLAR-3: Knowledge 1 reaches no Theology space: the first Wall, in Mathematics."""
    state = teaching(T, 1)
    after = scholar_does(state, "scholar_teach")
    assert {"wall-a1": SCHOLAR} == placed(state, after)
    assert "no empty theology space within Knowledge 1 (SCHOLAR-3)" in whys(after)[0]


def test_solo_teach_4_knowledge_is_shared_plus_school() -> None:
    """SOLO-TEACH-4: Shared 3 plus the medium board's 3 after two Mosques placed: 6, with no
    Class bonus."""
    state = teaching(T, 3, placed=2, difficulty="medium")
    assert 6 == knowledge(RULES, state, T)
    after = scholar_does(state, "scholar_teach")
    (event,) = [e for e in after.events if e.kind == "scholar" and e.detail["action"] == "teach"]
    assert 6 == event.detail["knowledge"]
    assert "Knowledge 6 (shared 3 + school 3, SOLO-TEACH-4)" in event.detail["why"]


def test_solo_teach_5_reaching_a_supported_space_is_enough() -> None:
    """SOLO-TEACH-5: Knowledge 8 reaches the top row without a Supported Class; the highest,
    first region: Aoudaghost's right space (8)."""
    state = teaching(T, 5, placed=3)
    assert 8 == knowledge(RULES, state, T)
    after = scholar_does(state, "scholar_teach")
    assert {"aoudaghost-top-right": SCHOLAR} == placed(state, after)


# ---- SOLO-TEACH-6: the filters (AMB-31) ----------------------------------------------------------


def test_solo_teach_6_filter_1_a_region_nobody_holds() -> None:
    """SOLO-TEACH-6 filter 1, AMB-31: you hold A and B, the Scholar C: D, which nobody holds."""
    pieces = {"djenne-bottom": 0, "gao-bottom": 0, "walata-bottom": SCHOLAR}
    state = teaching(T, 3, pieces=pieces)
    after = scholar_does(state, "scholar_teach")
    assert {"kano-bottom": SCHOLAR} == placed(state, after)
    assert "filter 1: region D, where nobody holds the majority" in whys(after)[0]


def test_solo_teach_6_filter_2_a_region_it_takes_from_you() -> None:
    """SOLO-TEACH-6 filter 2: you hold every region; in A and B a 3 beats your 2 on the tie
    (MAJ-4), in C the Scholar holds already, in D it cannot reach Agadez; filter 4: A."""
    pieces = {"djenne-bottom": 0, "gao-bottom": 0, "walata-bottom": SCHOLAR, "kano-bottom": 0}
    state = teaching(T, 3, pieces=pieces)
    after = scholar_does(state, "scholar_teach")
    assert {"aoudaghost-bottom": SCHOLAR} == placed(state, after)
    why = whys(after)[0]
    assert "filter 2: region A, B, where it takes your majority" in why
    assert "filter 4: region A, first alphabetically" in why


def test_solo_teach_6_filters_3_4_highest_value_then_first_region() -> None:
    """SOLO-TEACH-6 filters 3 and 4: every region open, the 3s beat the 2s, A comes first."""
    state = teaching(T, 3)
    after = scholar_does(state, "scholar_teach")
    assert {"aoudaghost-bottom": SCHOLAR} == placed(state, after)
    assert (
        "filter 1: region A, B, C, D, where nobody holds the majority; filter 3: the highest "
        "value, 3; filter 4: region A, first alphabetically: a Mosque on aoudaghost-bottom"
    ) in whys(after)[0]


def test_solo_teach_6_no_tier_applies_falls_to_the_values() -> None:
    """AMB-31: a region the Scholar holds is in neither tier: with every region its own,
    filter 3 alone decides."""
    pieces = {"djenne-bottom": 1, "gao-bottom": 1, "walata-bottom": 1, "kano-bottom": 1}
    state = teaching(T, 3, pieces=pieces)
    after = scholar_does(state, "scholar_teach")
    assert {"aoudaghost-bottom": SCHOLAR} == placed(state, after)
    assert "filter 1" not in whys(after)[0]


# ---- SOLO-TEACH-7: Astronomy ---------------------------------------------------------------------

#: Every region but A held by the Scholar, so that filter 3 decides among what the camel reaches.
HELD = {"oasis-b1": 1, "oasis-c1": 1, "oasis-d1": 1}


def test_solo_teach_7_the_camel_sets_out_from_its_place_when_that_reaches() -> None:
    """SOLO-TEACH-7, AMB-2: from its Oasis a2 the camel reaches a3 (2) where Timbuktu could not
    (4); crossing A's line outward places A's Sankoré tile; the camel stays on a3."""

    def camel(s: State) -> None:
        s.players[SCHOLAR].camel = "oasis-a2"

    state = teaching(A, 2, pieces={**HELD, "oasis-a2": 1}, change=camel)
    tile = state.region_tiles["astronomy:A"]
    after = scholar_does(state, "scholar_teach")
    assert {"oasis-a3": SCHOLAR} == placed(state, after)
    assert "oasis-a3" == after.players[SCHOLAR].camel
    assert ["oasis-a2"] == [e.detail["start"] for e in after.events if e.kind == "camel"]
    assert "astronomy:A" not in after.region_tiles
    assert MadrasaTile(tile, star=False) == after.madrasa[RULES.numbered_cells[0]]
    assert 0 == after.players[SCHOLAR].salt  # no Salt (SOLO-FLOW-4)


def test_solo_teach_7_from_timbuktu_when_only_timbuktu_reaches() -> None:
    """SOLO-TEACH-7: the camel on a3 reaches nothing of region D; from Timbuktu it reaches d2
    (3)."""

    def camel(s: State) -> None:
        s.players[SCHOLAR].camel = "oasis-a3"

    pieces = {"oasis-a3": 1, "oasis-a1": 1, "oasis-a2": 1}
    pieces |= {f"{city}:{i}": 0 for city in ("fez", "marrakesh") for i in range(3)}
    pieces |= {"oasis-b1": 1, "oasis-b2": 1, "oasis-c1": 1, "oasis-c2": 1, "oasis-d1": 1}
    state = teaching(A, 3, pieces=pieces, change=camel)
    after = scholar_does(state, "scholar_teach")
    assert {"oasis-d2": SCHOLAR} == placed(state, after)
    assert ["timbuktu"] == [e.detail["start"] for e in after.events if e.kind == "camel"]


# ---- SOLO-TEACH-8: Mathematics -------------------------------------------------------------------


def test_solo_teach_8_the_tile_nearest_to_the_wall_is_flipped() -> None:
    """SOLO-TEACH-8, AMB-34: a bottom Wall (side C) flips its column's tile nearest the bottom,
    r2c0; its bonus (a Favour) is let go; no Gold (SOLO-FLOW-4)."""
    state = teaching(M, 2, pieces={"wall-a1": 0})
    assert "ast-madrasa" == state.madrasa[8].tile
    after = scholar_does(state, "scholar_teach")
    assert {"wall-c2": SCHOLAR} == placed(state, after)
    assert MadrasaTile("ast-madrasa", star=True) == after.madrasa[8]
    assert "ast-madrasa: exchange favour let go" in " ".join(whys(after, "reward_let_go"))
    assert 0 == after.players[SCHOLAR].gold


def test_solo_teach_8_a_top_wall_flips_from_the_top() -> None:
    """SOLO-TEACH-8: a Wall of side A flips the first face-down tile from row 0 down."""
    from sankore_rules.sankore.solo.teach import _flip_nearest

    state = solo()
    assert "mat-madrasa" == state.madrasa[1].tile  # r0c1
    after = edit(state, lambda s: _flip_nearest(RULES, s, "wall-a2"))
    assert after.madrasa[1].star


# ---- SOLO-TEACH-9 and the Supported Class bonuses ------------------------------------------------


def test_solo_teach_9_sup_2_the_bonus_when_knowledge_reaches_a_supported_space() -> None:
    """SOLO-TEACH-9, AMB-32, SOLO-SUP-2: Knowledge 7 reaches two top-left spaces; filter 1
    sends the Mosque to Kano's middle row (region D, a law region), yet the bonus is taken: a
    Law Prestige token."""
    pieces = {"djenne-bottom": 0, "gao-bottom": 0, "walata-bottom": 0}
    state = teaching(T, 5, placed=2, pieces=pieces)
    after = scholar_does(state, "scholar_teach")
    assert {"kano-middle": SCHOLAR} == placed(state, after)
    assert (0, 0, 0, 1) == after.players[SCHOLAR].prestige
    assert "a law Prestige token, region D being law's (SOLO-SUP-2)" in whys(after)[-1]


def test_solo_sup_1_the_port_spaces_token() -> None:
    """SOLO-SUP-1: its Knowledge reaches Fez from its Oasis a3; the highest space left, Fez's
    middle one, holds a drawn token, which the Scholar takes; the camel goes home."""

    def camel(s: State) -> None:
        s.players[SCHOLAR].camel = "oasis-a3"

    state = teaching(A, 1, pieces={**HELD, "oasis-a3": 1, "fez:2": 0}, change=camel)
    token = state.port_tokens["fez:1"]
    after = scholar_does(state, "scholar_teach")
    assert {"fez:1": SCHOLAR} == placed(state, after)
    assert "fez:1" not in after.port_tokens
    assert 1 == after.players[SCHOLAR].prestige[IDX[token]]
    assert "timbuktu" == after.players[SCHOLAR].camel
    assert 0 == after.players[SCHOLAR].gold


def test_solo_sup_1_a_reward_of_prestige_and_nothing_else() -> None:
    """SOLO-SUP-1, AMB-34: Zeila's right space: its Astronomy Prestige, not its free Wall."""
    pieces = {f"{n}:{i}": 0 for n in ("marrakesh", "fez", "tunis", "tripoli") for i in range(3)}
    pieces |= {"oasis-a3": 0, "oasis-b3": 0, "oasis-c3": 0, "suakin:2": 0}
    pieces |= {"cairo:2": 0, "mogadishu:2": 0}
    state = teaching(A, 5, placed=4, pieces=pieces)
    after = scholar_does(state, "scholar_teach")
    assert {"zeila:2": SCHOLAR} == placed(state, after)
    assert (1, 0, 0, 0) == after.players[SCHOLAR].prestige
    assert "free wall let go" in " ".join(whys(after, "reward_let_go"))
    assert 7 == after.players[SCHOLAR].pieces[IDX[M]]  # no Wall placed


def test_solo_sup_3_catching_up_the_walls_row() -> None:
    """SOLO-SUP-3, AMB-33: Wall b5 lines up with row 0; its flip leaves row 0 one star behind
    every other row (2 each), so it flips on, nearest first, until it has as many."""

    def madrasa(s: State) -> None:
        s.madrasa = [None] * 16
        for cell in (4, 5, 9, 10, 12, 13):  # rows 1-3: two stars each
            s.madrasa = replaced_at(s.madrasa, cell, MadrasaTile("law-supply-1", star=True))
        for cell, tile in ((0, "ast-board-1"), (1, "mat-madrasa"), (2, "the-board-1")):
            s.madrasa = replaced_at(s.madrasa, cell, MadrasaTile(tile, star=False))
        s.spaces = {**s.spaces, **dict({w: 0 for w in ("wall-c5",)})}

    state = teaching(M, 5, change=madrasa)
    after = scholar_does(state, "scholar_teach")
    assert {"wall-b5": SCHOLAR} == placed(state, after)
    assert [False, True, True] == [after.madrasa[c].star for c in (0, 1, 2)]
    assert "Supported Class bonus: 1 more tile flipped" in whys(after, "supported_bonus")[0]


def test_solo_sup_3_no_catch_up_when_the_row_is_not_behind_all() -> None:
    """SOLO-SUP-3: row 0 one star, row 1 none: nothing more is flipped."""
    state = teaching(M, 5, pieces={"wall-c5": 0})
    after = scholar_does(state, "scholar_teach")
    assert {"wall-b5": SCHOLAR} == placed(state, after)
    assert "0 more tiles flipped" in whys(after, "supported_bonus")[0]


def test_solo_sup_4_5_the_overflow_with_the_most_prestige_and_its_contents() -> None:
    """SOLO-SUP-4, SOLO-SUP-5, AMB-32: Knowledge 8 reaches the top row: region C's Overflow
    holds the most Prestige (3), so a Crown in C, the highest space there, law-c8; it takes
    C's Overflow, Books and Prestige, and C's Sankoré tile."""

    def overflow(s: State) -> None:
        s.overflow_prestige = with_item(s.overflow_prestige, "B", [0, 2, 0, 0])
        s.overflow_prestige = with_item(s.overflow_prestige, "C", [1, 0, 2, 0])
        s.overflow_books = with_item(s.overflow_books, "C", [0, 0, 0, 4])

    state = teaching(L, 5, placed=3, change=overflow)
    after = scholar_does(state, "scholar_teach")
    assert {"law-c8": SCHOLAR} == placed(state, after)
    assert (0, 0, 0, 0) == after.overflow_prestige["C"] == after.overflow_books["C"]
    assert (0, 2, 0, 0) == after.overflow_prestige["B"]
    assert (1, 0, 2, 0) == after.players[SCHOLAR].prestige
    assert 4 == after.players[SCHOLAR].books[IDX[L]]  # beyond 3: no limit (SOLO-FLOW-5)
    assert "law:C" not in after.region_tiles
    assert "whose Overflow holds the most Prestige tokens, 3 (SOLO-SUP-4)" in whys(after)[0]


def test_solo_sup_4_equal_overflows_leave_the_normal_priorities() -> None:
    """SOLO-SUP-4: every Overflow empty: the normal filters, law-a8."""
    state = teaching(L, 5, placed=3)
    after = scholar_does(state, "scholar_teach")
    assert {"law-a8": SCHOLAR} == placed(state, after)


def test_solo_teach_4_the_knowledge_query_shows_the_scholars_parts() -> None:
    """SOLO-TEACH-4, SOLO-FLOW-5: ``sr.knowledge`` gives the Scholar's Shared and School
    Knowledge, never a Class or card bonus; ``sr.storage`` says its storage has no limit."""
    import pytest

    import sankore_rules as sr

    state = teaching(T, 3, placed=2, difficulty="medium")
    parts = sr.knowledge(state, SCHOLAR, T)
    assert (3, 3, 0, 0, 6) == (
        parts.shared,
        parts.school,
        parts.class_bonus,
        parts.abilities,
        parts.total,
    )
    assert ["aoudaghost-bottom", "djenne-bottom"] == sorted(
        p.space for p in sr.reachable_spaces(state, SCHOLAR, T) if p.knowledge <= 3
    )[:2]
    with pytest.raises(ValueError, match="no limit"):
        sr.storage(state, SCHOLAR)
