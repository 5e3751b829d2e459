"""Game end and final scoring with exact numbers (END-3..7, SANK-10, MADR, LIB, SCORE, TIE).

Every test builds an end position by hand (``edit``) and reads the score sheet from
``sr.final_scores``; every sheet read here also has its total checked against its lines. The
rulings these tests follow are AMB-19..AMB-27 in ``data/rulings.toml``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, options, started, with_decision
from sankore_rules.core.shared import adjusted, popped, removed, replaced_at, with_item, without
from sankore_rules.sankore.integrity import integrity_problems
from sankore_rules.sankore.rules.common import contribute_tasks, sankore_tile_task
from sankore_rules.sankore.rules.scoring import PlayerScore, Scores
from sankore_rules.sankore.state import Graduated, MadrasaTile, State

AST, THE, MAT, LAW = RULES.disciplines
NO_ICONS = {"tokens": 0, "sankore": 0, "board": 0, "objectives": 0, "graduation": 0}


# ---- helpers -------------------------------------------------------------------------------------


def scores_of(state: State) -> Scores:
    """The score sheet, with every player's total checked against its discipline lines."""
    scores = sr.final_scores(state)
    for sheet in scores.players:
        assert sum(line.points for line in sheet.disciplines) == sheet.total
        for line in sheet.disciplines:
            assert sum(line.icons.values()) * line.value == line.points
            assert scores.values[line.discipline] == line.value
        assert (sheet.player in scores.winners) == sheet.winner
    return scores


def sheet(scores: Scores, player: int) -> PlayerScore:
    return scores.players[player]


def icons(scores: Scores, player: int, discipline: str) -> dict[str, int]:
    return next(x.icons for x in sheet(scores, player).disciplines if x.discipline == discipline)


def points(scores: Scores, player: int) -> dict[str, int]:
    return {x.discipline: x.points for x in sheet(scores, player).disciplines}


def place(state: State, player: int, space: str) -> None:
    """Put one of ``player``'s pieces from home on an area space (keeps the counts honest)."""
    area = RULES.area_spaces[space].area
    state.players[player].pieces = adjusted(
        state.players[player].pieces, RULES.discipline_index[area], -1
    )
    state.spaces = with_item(state.spaces, space, player)


def take_prestige(state: State, player: int, discipline: str, n: int = 1) -> None:
    """Move ``n`` Prestige tokens of ``discipline`` from the supply to a player's storage."""
    i = RULES.discipline_index[discipline]
    state.supply_prestige = adjusted(state.supply_prestige, i, -n)
    state.players[player].prestige = adjusted(state.players[player].prestige, i, n)


def star_tile(state: State, cell: str, tile: str) -> None:
    """Put a supply (double-Prestige) tile star up on a Madrasa cell."""
    state.supply_sankore = removed(state.supply_sankore, tile)
    state.madrasa = replaced_at(
        state.madrasa, RULES.cell_index(cell) or 0, MadrasaTile(tile, star=True)
    )


def shelves(*books: list[str]) -> Callable[[State], None]:
    """An edit that lays the Library's shelves out as given (Books taken from the supply, then
    from the Theology spaces when the supply has run out)."""

    def change(state: State) -> None:
        library = list(state.library)
        for shelf, row in enumerate(books):
            for d in row:
                i = RULES.discipline_index[d]
                if state.supply_books[i] > 0:
                    state.supply_books = adjusted(state.supply_books, i, -1)
                else:
                    space = next(s for s, b in state.theology_books.items() if b == d)
                    state.theology_books = without(state.theology_books, space)
                library[shelf] = (*library[shelf], d)
        state.library = tuple(library)

    return change


def build(
    players: int = 2,
    library: str = "three_shelf",
    *edits: Callable[[State], None],
    honest: bool = True,
) -> State:
    """A game past its draft with the edits applied in order; unless ``honest`` is False (a
    component is in hand, on its way somewhere), the component counts still add up."""
    state = started(players=players, seed=0, library=library)
    for change in edits:
        state = edit(state, change)
    if honest:
        assert integrity_problems(RULES, state) == []
    return state


def clear_students(state: State) -> None:
    """Take the drafted Students off the boards (they never score) to keep sheets minimal."""
    for pl in state.players:
        for d in pl.students.values():
            state.students_out = adjusted(state.students_out, RULES.discipline_index[d], 1)
        pl.students = {}


def finish(state: State) -> State:
    """Trigger the end and let every player end a turn until the game is over (END-2)."""
    state = edit(state, lambda st: setattr(st, "end_triggered", True))
    turns = 0
    while not sr.is_terminal(state):
        assert state.decision is not None
        assert state.decision.kind == "turn"
        state = act(state, "end")
        turns += 1
        assert turns <= state.player_count
    return state


# ---- LIB: Library values (END-6) -----------------------------------------------------------------


def test_lib_1_empty_library_every_value_is_zero() -> None:
    """LIB-1: with no Books in the Library every discipline is worth 0, so icons score 0."""
    state = build(2, "three_shelf", lambda st: take_prestige(st, 0, AST, 3))
    scores = scores_of(state)
    assert scores.values == {AST: 0, THE: 0, MAT: 0, LAW: 0}
    assert dict(NO_ICONS, tokens=3) == icons(scores, 0, AST)
    assert sheet(scores, 0).total == 0


def test_lib_2_three_shelf_most_two_second_one() -> None:
    """LIB-2: on a 3-shelf shelf the most Books add 2, the second most add 1, the rest 0."""
    state = build(2, "three_shelf", shelves([AST, AST, THE, AST, MAT, THE, LAW]))
    assert scores_of(state).values == {AST: 2, THE: 1, MAT: 0, LAW: 0}


def test_lib_3_tie_goes_to_the_discipline_that_reached_the_count_first() -> None:
    """LIB-3: Theology's first Book is leftmost, but Astronomy reached 2 Books first and wins."""
    state = build(2, "three_shelf", shelves([THE, AST, AST, THE]))
    assert scores_of(state).values == {AST: 2, THE: 1, MAT: 0, LAW: 0}


def test_lib_3_tie_for_second_place_leftmost_wins() -> None:
    """LIB-3: Law leads with 2; Theology and Mathematics tie on 1 and Theology came first."""
    state = build(2, "three_shelf", shelves([LAW, THE, MAT, LAW]))
    assert scores_of(state).values == {AST: 0, THE: 1, MAT: 0, LAW: 2}


def test_lib_3_three_way_tie_of_three_books() -> None:
    """LIB-3: three disciplines with 3 Books each; the order the 3rd Books arrived decides."""
    row = [MAT, AST, THE, THE, AST, MAT, THE, MAT, AST]
    # Theology reaches 3 at slot 6, Mathematics at slot 7, Astronomy at slot 8.
    state = build(2, "three_shelf", shelves(row))
    assert scores_of(state).values == {AST: 0, THE: 2, MAT: 1, LAW: 0}


def test_lib_4_values_add_up_over_all_three_shelves() -> None:
    """LIB-4: Astronomy wins shelves 0 and 1 and is second on shelf 2: 2 + 2 + 1 = 5."""
    state = build(
        2,
        "three_shelf",
        shelves([AST, AST, LAW], [AST, THE], [MAT, MAT, AST, THE]),
    )
    # shelf 0: AST 2, LAW 1; shelf 1: AST 2 (reached 1 first), THE 1; shelf 2: MAT 2, AST 1.
    assert scores_of(state).values == {AST: 5, THE: 1, MAT: 2, LAW: 1}


def test_lib_amb_25_lone_discipline_has_no_second_place() -> None:
    """AMB-25 (LIB-2): a shelf holding one discipline gives 2 and no second place."""
    state = build(2, "three_shelf", shelves([], [LAW, LAW, LAW]))
    assert scores_of(state).values == {AST: 0, THE: 0, MAT: 0, LAW: 2}


def test_lib_5_six_shelf_books_may_go_on_any_of_the_six_shelves() -> None:
    """LIB-5: contributing on the 6-shelf side offers all six shelves; the Book goes there."""
    state = build(2, "six_shelf")
    assert len(state.library) == 6
    state = with_decision(state, contribute_tasks(0, LAW))
    assert [f"library law {i}" for i in range(6)] == options(state)
    state = act(state, "library law 5")
    assert state.library == ((), (), (), (), (), (LAW,))
    assert scores_of(state).values == {AST: 0, THE: 0, MAT: 0, LAW: 1}


def test_lib_6_six_shelf_only_winners_two_on_large_one_on_small() -> None:
    """LIB-6: large shelves (0, 2, 4) give their winner 2, small ones (1, 3, 5) give 1; no
    second place on this side."""
    state = build(
        2,
        "six_shelf",
        shelves(
            [AST, AST, THE],  # large: AST +2 (THE second: nothing)
            [THE, THE, MAT],  # small: THE +1
            [MAT, LAW, LAW],  # large: LAW +2
            [LAW],  # small: LAW +1
            [AST, MAT, MAT, MAT],  # large: MAT +2
            [AST, AST, LAW, LAW],  # small: AST +1 (reached 2 first)
        ),
    )
    assert scores_of(state).values == {AST: 3, THE: 1, MAT: 2, LAW: 3}


def test_lib_7_six_shelf_tie_goes_to_the_count_reached_first() -> None:
    """LIB-7, AMB-25: on the 6-shelf side too, a tie goes to whoever reached the count first."""
    state = build(2, "six_shelf", shelves([LAW, MAT, MAT, LAW], [THE, AST, AST, THE]))
    assert scores_of(state).values == {AST: 1, THE: 0, MAT: 2, LAW: 0}


def test_lib_6_table_six_shelf_sizes() -> None:
    """LIB-6, GAP-14: the 6-shelf side alternates larger (+2) and smaller (+1) shelves."""
    side = RULES.library_sides["six_shelf"].shelves
    assert [(s.slots, s.points, s.second) for s in side] == [(7, 2, 0), (4, 1, 0)] * 3
    side3 = RULES.library_sides["three_shelf"].shelves
    assert [(s.slots, s.points, s.second) for s in side3] == [(11, 2, 1)] * 3


# ---- MADR: the Madrasa's Prestige tiles (END-5) -------------------------------------------------


def walls(cell: str, tile: str, *owned: tuple[int, str]) -> Callable[[State], None]:
    """An edit: a star-up tile on ``cell`` and Walls placed for (player, wall id) pairs."""

    def change(state: State) -> None:
        star_tile(state, cell, tile)
        for p, wall in owned:
            place(state, p, wall)

    return change


def test_madr_1_walls_in_row_and_column_are_added() -> None:
    """MADR-1, AMB-24: r1c1 - P0 has a column Wall (a2) and a row Wall (b6): 2 Walls beat P1's
    single higher Wall d7 (on rows alone P1 would win 7 over 6)."""
    state = build(
        2,
        "three_shelf",
        walls("r1c1", "mat-supply-1", (0, "wall-a2"), (0, "wall-b6"), (1, "wall-d7")),
    )
    assert scores_of(state).madrasa == {"r1c1": 0}


def test_madr_1_walls_of_other_lines_do_not_count() -> None:
    """MADR-1: Walls outside the tile's row and column count for nothing (r1c1: a1, b5 miss)."""
    state = build(
        2,
        "three_shelf",
        walls(
            "r1c1", "mat-supply-1", (0, "wall-a1"), (0, "wall-b5"), (0, "wall-c5"), (1, "wall-c3")
        ),
    )
    assert scores_of(state).madrasa == {"r1c1": 1}


def test_madr_2_winner_gains_one_icon_outside_storage() -> None:
    """MADR-2: the tile counts as 1 icon of its discipline even with a full Prestige storage."""
    library = shelves([MAT, MAT])  # Mathematics worth 2

    def full_storage(st: State) -> None:
        st.players[0].favour_tiles = 8  # 16 spaces - 2 x 8: no room at all
        st.favour_supply -= 6

    state = build(
        2, "three_shelf", library, full_storage, walls("r1c1", "mat-supply-1", (0, "wall-a2"))
    )
    scores = scores_of(state)
    assert scores.madrasa == {"r1c1": 0}
    assert dict(NO_ICONS, sankore=1) == icons(scores, 0, MAT)
    assert sheet(scores, 0).total == 2
    assert sheet(scores, 0).prestige_tokens == 0
    assert sheet(scores, 1).total == 0


@pytest.mark.parametrize(("low", "high"), [(0, 1), (1, 0)])
def test_madr_3_tie_goes_to_the_highest_numbered_wall(low: int, high: int) -> None:
    """MADR-3: r2c2 - one Wall each in column 2: c4 (4) beats a3 (3), whoever owns it."""
    state = build(
        2, "three_shelf", walls("r2c2", "law-supply-1", (low, "wall-a3"), (high, "wall-c4"))
    )
    assert {"r2c2": high} == scores_of(state).madrasa


def test_madr_3_highest_wall_decides_between_pairs() -> None:
    """MADR-3: r2c2 - 2 Walls each: P1's d8 is the highest of all and wins the tie."""
    state = build(
        2,
        "three_shelf",
        walls(
            "r2c2",
            "law-supply-1",
            (0, "wall-b7"),
            (0, "wall-c4"),
            (1, "wall-a3"),
            (1, "wall-d8"),
        ),
    )
    assert scores_of(state).madrasa == {"r2c2": 1}


@pytest.mark.parametrize(("horizontal", "vertical"), [(0, 1), (1, 0)])
def test_madr_3_equal_walls_vertical_side_wins(horizontal: int, vertical: int) -> None:
    """MADR-3: r0c3 - c5 (bottom side, horizontal) and b5 (right side, vertical) are both 5:
    the vertical one wins."""
    state = build(
        2,
        "three_shelf",
        walls("r0c3", "ast-supply-1", (horizontal, "wall-c5"), (vertical, "wall-b5")),
    )
    assert {"r0c3": vertical} == scores_of(state).madrasa


def test_madr_3_corner_wins_a_tie_in_row_0() -> None:
    """MADR-3, AMB-24: r0c2 - the corner Wall lines up with row 0 and beats d6 in a tie."""
    state = build(
        2, "three_shelf", walls("r0c2", "the-supply-1", (1, "wall-d6"), (0, "wall-corner"))
    )
    assert scores_of(state).madrasa == {"r0c2": 0}


def test_madr_3_corner_wins_a_tie_in_column_0() -> None:
    """MADR-3, AMB-24: r3c0 - the corner lines up with column 0 too and beats d9 (9)."""
    state = build(
        2, "three_shelf", walls("r3c0", "the-supply-1", (0, "wall-d9"), (1, "wall-corner"))
    )
    assert scores_of(state).madrasa == {"r3c0": 1}


def test_madr_3_corner_does_not_beat_more_walls() -> None:
    """MADR-2/3: the corner wins ties only; 2 Walls in r0c0's lines beat the corner alone."""
    state = build(
        2,
        "three_shelf",
        walls("r0c0", "ast-supply-1", (0, "wall-corner"), (1, "wall-a1"), (1, "wall-c2")),
    )
    assert scores_of(state).madrasa == {"r0c0": 1}


def test_madr_3_corner_misses_other_rows_and_columns() -> None:
    """AMB-24: the corner is in row 0 and column 0 only; in r1c1 it counts for nothing."""
    state = build(
        2, "three_shelf", walls("r1c1", "mat-supply-1", (0, "wall-corner"), (1, "wall-a2"))
    )
    assert scores_of(state).madrasa == {"r1c1": 1}


def test_madr_3_three_players_most_walls_wins() -> None:
    """MADR-2: with 3 players, the one with 2 Walls takes r3c3 from two with 1 higher Wall."""
    state = build(
        3,
        "three_shelf",
        walls(
            "r3c3",
            "law-supply-2",
            (0, "wall-d9"),
            (1, "wall-b8"),
            (2, "wall-a4"),
            (2, "wall-c5"),
        ),
    )
    assert scores_of(state).madrasa == {"r3c3": 2}


def test_madr_4_no_walls_in_the_lines_goes_to_nobody() -> None:
    """MADR-4, AMB-24: a star tile with no Walls in its row or column stays unclaimed."""
    state = build(2, "three_shelf", shelves([LAW]), walls("r1c1", "law-supply-1", (0, "wall-a1")))
    scores = scores_of(state)
    assert scores.madrasa == {"r1c1": None}
    assert icons(scores, 0, LAW) == NO_ICONS
    assert icons(scores, 1, LAW) == NO_ICONS


def test_madr_1_only_star_tiles_are_awarded() -> None:
    """MADR-1: tiles still bonus side up are not awarded; star tiles are, each on its own."""

    def board_tile(st: State, cell: str, tile: str, star: bool) -> None:
        st.region_tiles = {k: v for k, v in st.region_tiles.items() if v != tile}
        st.madrasa = replaced_at(
            st.madrasa, RULES.cell_index(cell) or 0, MadrasaTile(tile, star=star)
        )

    def flipped(st: State) -> None:
        board_tile(st, "r3c1", "ast-board-3", star=True)  # flipped by a Wall: Prestige side
        board_tile(st, "r0c0", "law-board-2", star=False)  # still bonus side up
        place(st, 0, "wall-a2")  # column 1: r3c1 (and the unflipped r0c1 bonus tile)
        place(st, 1, "wall-c2")  # column 0: only the face-down r0c0 and the r2c0 bonus tile

    state = build(2, "three_shelf", shelves([AST, AST]), flipped)
    scores = scores_of(state)
    assert scores.madrasa == {"r3c1": 0}
    assert dict(NO_ICONS, sankore=1) == icons(scores, 0, AST)
    assert sheet(scores, 0).total == 2
    assert sheet(scores, 1).total == 0


def test_madr_2_each_tile_is_awarded_separately() -> None:
    """MADR-2: a player may take several tiles; each is 1 icon of its own discipline."""

    def two_tiles(st: State) -> None:
        star_tile(st, "r0c0", "ast-supply-1")
        star_tile(st, "r0c2", "law-supply-1")
        star_tile(st, "r3c3", "law-supply-2")
        place(st, 0, "wall-b5")  # row 0: r0c0, r0c2
        place(st, 1, "wall-b8")  # row 3: r3c3

    state = build(2, "three_shelf", shelves([AST, LAW, LAW]), two_tiles)
    scores = scores_of(state)
    assert scores.madrasa == {"r0c0": 0, "r0c2": 0, "r3c3": 1}
    assert scores.values == {AST: 1, THE: 0, MAT: 0, LAW: 2}
    assert points(scores, 0) == {AST: 1, THE: 0, MAT: 0, LAW: 2}
    assert points(scores, 1) == {AST: 0, THE: 0, MAT: 0, LAW: 2}


# ---- SANK-10 / END-3: tiles placed after the Madrasa is full ------------------------------------


def full_madrasa(spare: str) -> Callable[[State], None]:
    """An edit filling the 12 numbered cells (11 board tiles, all but ``spare``, and 1 supply
    tile) and triggering the end."""

    def change(state: State) -> None:
        keys = sorted(k for k, v in state.region_tiles.items() if v != spare)
        assert len(keys) == 11
        for cell, key in zip(RULES.numbered_cells, keys, strict=False):
            tile, state.region_tiles = popped(state.region_tiles, key)
            state.madrasa = replaced_at(state.madrasa, cell, MadrasaTile(tile, star=False))
        last = RULES.numbered_cells[11]
        state.supply_sankore = removed(state.supply_sankore, "mat-supply-3")
        state.madrasa = replaced_at(state.madrasa, last, MadrasaTile("mat-supply-3", star=True))
        state.end_triggered = True

    return change


def after_end(tile: str, supply: bool) -> State:
    """Player 0 must place ``tile`` once the Madrasa is full (END-3)."""

    def take(st: State) -> None:
        if supply:
            st.supply_sankore = removed(st.supply_sankore, tile)
        else:
            st.region_tiles = {k: v for k, v in st.region_tiles.items() if v != tile}

    state = build(
        2,
        "three_shelf",
        clear_students,
        shelves([AST, AST, THE]),
        full_madrasa("the-board-1"),
        take,
        honest=False,
    )
    state = with_decision(state, sankore_tile_task(0, tile, supply))
    assert integrity_problems(RULES, state) == []
    assert state.decision is not None
    assert state.decision.kind == "sankore_after_end"
    assert options(state) == ["sankore bonus", "sankore keep"]
    return state


def test_end_3_sank_10_kept_tile_scores_one_icon() -> None:
    """END-3, SANK-10: a kept supply tile is 1 icon of its discipline outside storage, and gives
    no Prestige token."""
    state = act(after_end("ast-supply-2", supply=True), "sankore keep")
    assert state.players[0].kept_sankore == ("ast-supply-2",)
    assert "ast-supply-2" not in [t.tile for t in state.madrasa if t is not None]
    assert state.players[0].prestige == (0, 0, 0, 0)
    assert integrity_problems(RULES, state) == []
    scores = scores_of(state)
    assert dict(NO_ICONS, sankore=1) == icons(scores, 0, AST)
    assert sheet(scores, 0).total == 2
    assert sheet(scores, 0).prestige_tokens == 0


def test_end_3_sank_10_bonus_discards_the_tile() -> None:
    """END-3, SANK-10: taking the bonus of a supply tile (its Prestige token, AMB-22) discards
    it; the token scores as a token, the tile scores nothing."""
    state = act(after_end("ast-supply-2", supply=True), "sankore bonus")
    assert state.players[0].kept_sankore == ()
    assert state.discarded_sankore == ("ast-supply-2",)
    assert state.players[0].prestige == (1, 0, 0, 0)
    assert integrity_problems(RULES, state) == []
    scores = scores_of(state)
    assert dict(NO_ICONS, tokens=1) == icons(scores, 0, AST)
    assert sheet(scores, 0).total == 2


def test_end_3_sank_10_kept_board_tile_skips_its_bonus() -> None:
    """END-3, SANK-10: a board tile kept gives no bonus (no Inspiration) and 1 icon."""
    before = after_end("the-board-1", supply=False)
    state = act(before, "sankore keep")
    assert before.players[0].inspiration == state.players[0].inspiration
    assert state.players[0].kept_sankore == ("the-board-1",)
    scores = scores_of(state)
    assert dict(NO_ICONS, sankore=1) == icons(scores, 0, THE)
    assert sheet(scores, 0).total == 1


def test_end_3_tile_after_a_stall_trigger_follows_sank_10() -> None:
    """END-3, SANK-10, ENGINE-1: once the end is triggered by a deadlock or the turn limit while
    the Madrasa still has free numbered cells, a tile to place still offers the keep-or-bonus
    choice instead of going into the Madrasa."""

    def stalled(st: State) -> None:
        st.end_triggered = True  # the Madrasa still has free numbered cells
        st.end_cause = "deadlock"
        st.supply_sankore = removed(st.supply_sankore, "ast-supply-2")

    before = build(2, "three_shelf", clear_students, stalled, honest=False)
    state = with_decision(before, sankore_tile_task(0, "ast-supply-2", True))
    assert state.decision is not None
    assert state.decision.kind == "sankore_after_end"
    assert options(state) == ["sankore bonus", "sankore keep"]
    state = act(state, "sankore keep")
    assert state.players[0].kept_sankore == ("ast-supply-2",)
    assert state.madrasa == before.madrasa
    assert state.players[0].prestige == (0, 0, 0, 0)


# ---- END-4: remaining Prestige majorities at game end -----------------------------------------


def majority_position(st: State) -> None:
    """Theology A: P1; Theology B: P0; Mathematics A: P0; Law A: P0 (law already scored)."""
    place(st, 1, "djenne-bottom")
    place(st, 0, "gao-bottom")
    place(st, 0, "wall-a1")
    place(st, 0, "law-a1")
    st.scorings_done = (*st.scorings_done, "law:prestige")


def test_end_4_final_prestige_majorities_are_resolved() -> None:
    """END-4, AMB-20: every Prestige majority not yet performed is scored at game end."""
    state = finish(build(2, "three_shelf", clear_students, majority_position))
    assert state.game_over
    # theology:B box (theology) and mathematics:A box (astronomy) to P0; theology:A to P1.
    assert state.players[0].prestige == (1, 1, 0, 0)
    assert state.players[1].prestige == (1, 0, 0, 0)
    for area in (AST, THE, MAT):
        for region in "ABCD":
            assert state.boxes[f"{area}:{region}"][1] is None
    assert ("law:prestige", f"{AST}:prestige", f"{THE}:prestige", f"{MAT}:prestige") == (
        state.scorings_done
    )
    assert integrity_problems(RULES, state) == []


def test_end_4_empty_regions_send_tokens_to_the_overflow() -> None:
    """END-4, MAJ-7: regions without pieces send their box token to the area's Law Overflow."""
    before = build(2, "three_shelf", clear_students, majority_position)
    state = finish(before)
    # Astronomy: 4 empty regions -> overflow A gets one token of each discipline.
    added = {
        r: [
            a - b
            for a, b in zip(state.overflow_prestige[r], before.overflow_prestige[r], strict=True)
        ]
        for r in "ABCD"
    }
    assert added == {"A": [1, 1, 1, 1], "B": [0, 0, 1, 1], "C": [0, 1, 1, 1], "D": [0, 0, 0, 0]}


def test_end_4_performed_scorings_and_book_majorities_are_not_resolved() -> None:
    """END-4, AMB-20: a Prestige scoring already performed is not repeated (P0's Law Crown
    gains nothing) and no Book majority is scored: Books stay in their boxes."""
    before = build(2, "three_shelf", clear_students, majority_position)
    state = finish(before)
    assert before.boxes["law:A"] == state.boxes["law:A"]
    for key, (book, _) in before.boxes.items():
        assert book == state.boxes[key][0]
    assert before.players[0].books == state.players[0].books
    assert before.players[1].books == state.players[1].books
    assert before.overflow_books == state.overflow_books


def test_end_4_final_majority_without_room_goes_to_overflow() -> None:
    """END-4, MAJ-8: a final-majority winner with a full Prestige storage gets nothing."""

    def no_room(st: State) -> None:
        st.players[1].favour_tiles = 8
        st.favour_supply -= 6

    state = finish(build(2, "three_shelf", clear_students, majority_position, no_room))
    assert state.players[1].prestige == (0, 0, 0, 0)
    assert state.players[0].prestige == (1, 1, 0, 0)


def test_end_7_final_majority_tokens_score() -> None:
    """END-4 then END-6/7: tokens won in the final majorities are scored with the Library's
    values (astronomy 2, theology 1): P0 has 1 + 1 tokens = 3, P1 has 1 astronomy = 2."""
    state = finish(build(2, "three_shelf", clear_students, shelves([AST, THE]), majority_position))
    scores = scores_of(state)
    assert scores.values == {AST: 2, THE: 1, MAT: 0, LAW: 0}
    assert [p.total for p in scores.players] == [3, 2]
    assert scores.winners == (0,)
    assert dict(NO_ICONS, tokens=1) == icons(scores, 0, THE)


# ---- SCORE: every icon source -------------------------------------------------------------------


def test_score_2_tokens_in_storage() -> None:
    """SCORE-2, SCORE-1: 3 Law tokens at value 2 and 2 Theology tokens at value 1 = 8."""
    state = build(
        2,
        "three_shelf",
        clear_students,
        shelves([LAW, THE]),
        lambda st: take_prestige(st, 0, LAW, 3),
        lambda st: take_prestige(st, 0, THE, 2),
    )
    scores = scores_of(state)
    assert dict(NO_ICONS, tokens=3) == icons(scores, 0, LAW)
    assert dict(NO_ICONS, tokens=2) == icons(scores, 0, THE)
    assert points(scores, 0) == {AST: 0, THE: 2, MAT: 0, LAW: 6}
    assert sheet(scores, 0).total == 8
    assert sheet(scores, 0).prestige_tokens == 5


def test_score_3_madrasa_award_and_kept_tiles_both_count() -> None:
    """SCORE-3: a Madrasa award and a kept tile of the same discipline make 2 sankore icons."""

    def kept(st: State) -> None:
        st.supply_sankore = removed(st.supply_sankore, "law-supply-3")
        st.players[0].kept_sankore = (*st.players[0].kept_sankore, "law-supply-3")

    state = build(
        2,
        "three_shelf",
        clear_students,
        shelves([LAW, LAW, LAW]),
        walls("r0c0", "law-supply-1", (0, "wall-a1")),
        kept,
    )
    scores = scores_of(state)
    assert dict(NO_ICONS, sankore=2) == icons(scores, 0, LAW)
    assert sheet(scores, 0).total == 4


def test_score_4_students_on_topmost_spaces() -> None:
    """SCORE-4, TEACH-11, AMB-26: 1 icon of its own discipline per Student on s4a-s4d; a
    Student one level lower (s3a) scores nothing."""

    def students(st: State) -> None:
        clear_students(st)
        board = {"s4a": AST, "s4b": AST, "s4d": LAW, "s3a": THE}
        for space, d in board.items():
            st.students_out = adjusted(st.students_out, RULES.discipline_index[d], -1)
            st.players[1].students = with_item(st.players[1].students, space, d)

    state = build(2, "three_shelf", students, shelves([AST, THE, LAW], [LAW]))
    scores = scores_of(state)
    assert scores.values == {AST: 2, THE: 1, MAT: 0, LAW: 2}
    assert dict(NO_ICONS, board=2) == icons(scores, 1, AST)
    assert dict(NO_ICONS, board=1) == icons(scores, 1, LAW)
    assert icons(scores, 1, THE) == NO_ICONS
    assert sheet(scores, 1).total == 6


def test_score_5_completed_objectives_only() -> None:
    """SCORE-5: completed card #3 (Law, 2 icons) scores; cards left in hand score nothing."""
    assert (RULES.objective_cards[3].discipline, RULES.objective_cards[3].prestige) == (LAW, 2)

    def completed(st: State) -> None:
        for pl in st.players:
            if 3 in pl.objectives:
                pl.objectives = tuple(n for n in pl.objectives if n != 3)
        st.players[0].completed = (*st.players[0].completed, 3)

    state = build(2, "three_shelf", clear_students, shelves([LAW]), completed)
    scores = scores_of(state)
    assert dict(NO_ICONS, objectives=2) == icons(scores, 0, LAW)
    assert sheet(scores, 0).total == 4
    in_hand = {RULES.objective_cards[n].discipline for n in state.players[1].objectives}
    for d in in_hand:
        assert icons(scores, 1, d) == NO_ICONS
    assert sheet(scores, 1).total == 0


def test_score_6_graduation_tiles() -> None:
    """SCORE-6, GRAD-8: each Graduation tile scores the icons printed on it (ast-3: 2)."""
    assert RULES.graduation_tiles["grad-ast-3"].prestige == 2
    assert RULES.graduation_tiles["grad-ast-1"].prestige == 1

    def graduated(st: State) -> None:
        clear_students(st)
        for tile in ("grad-ast-1", "grad-ast-3"):
            st.graduation = removed(st.graduation, tile)
            st.students_out = adjusted(st.students_out, 0, -1)
            st.players[1].graduations = (*st.players[1].graduations, Graduated(tile, AST))

    state = build(2, "three_shelf", graduated, shelves([AST]))
    scores = scores_of(state)
    assert dict(NO_ICONS, graduation=3) == icons(scores, 1, AST)
    assert sheet(scores, 1).total == 6


def test_score_1_every_source_on_one_sheet() -> None:
    """SCORE-1..6: all five sources on one player's sheet, multiplied by each value."""

    def everything(st: State) -> None:
        clear_students(st)
        take_prestige(st, 0, AST, 2)  # tokens
        take_prestige(st, 0, MAT, 1)
        star_tile(st, "r1c1", "mat-supply-1")  # Madrasa award
        place(st, 0, "wall-a2")
        st.supply_sankore = removed(st.supply_sankore, "the-supply-1")  # kept tile
        st.players[0].kept_sankore = (*st.players[0].kept_sankore, "the-supply-1")
        st.students_out = adjusted(st.students_out, 3, -1)  # topmost Student
        st.players[0].students = with_item(st.players[0].students, "s4c", LAW)
        for pl in st.players:  # card 8: Theology, 2 icons
            if 8 in pl.objectives:
                pl.objectives = tuple(n for n in pl.objectives if n != 8)
        st.players[0].completed = (*st.players[0].completed, 8)
        st.graduation = removed(st.graduation, "grad-law-4")  # Graduation tile: Law, 2
        st.students_out = adjusted(st.students_out, 3, -1)
        st.players[0].graduations = (*st.players[0].graduations, Graduated("grad-law-4", LAW))

    assert (RULES.objective_cards[8].discipline, RULES.objective_cards[8].prestige) == (THE, 2)
    assert RULES.graduation_tiles["grad-law-4"].prestige == 2
    library = shelves([AST, AST, MAT], [THE, LAW, LAW], [MAT, MAT, LAW])
    state = build(2, "three_shelf", library, everything)
    scores = scores_of(state)
    assert scores.values == {AST: 2, THE: 1, MAT: 3, LAW: 3}
    expected = {
        AST: dict(NO_ICONS, tokens=2),
        THE: dict(NO_ICONS, sankore=1, objectives=2),
        MAT: dict(NO_ICONS, tokens=1, sankore=1),
        LAW: dict(NO_ICONS, board=1, graduation=2),
    }
    assert expected == {d: icons(scores, 0, d) for d in RULES.disciplines}
    assert points(scores, 0) == {AST: 4, THE: 3, MAT: 6, LAW: 9}
    assert sheet(scores, 0).total == 22
    assert sheet(scores, 0).prestige_tokens == 3
    assert [p.total for p in scores.players] == [22, 0]


def test_score_7_highest_total_wins() -> None:
    """SCORE-7: the highest total wins, whatever the tie-break figures say (P1 has more Favour
    tiles and fewer tokens but 1 point more)."""

    def position(st: State) -> None:
        take_prestige(st, 0, THE, 4)  # 4 x 1 = 4
        take_prestige(st, 1, AST, 1)  # 1 x 2 + 3 x 1 = 5
        take_prestige(st, 1, THE, 3)
        st.players[1].favour_tiles += 1
        st.favour_supply -= 1

    state = build(3, "three_shelf", clear_students, shelves([AST, THE]), position)
    scores = scores_of(state)
    assert [p.total for p in scores.players] == [4, 5, 0]
    assert scores.winners == (1,)
    assert [p.winner for p in scores.players] == [False, True, False]


# ---- TIE: tie-breaks -----------------------------------------------------------------------------


def tied_position(favour: tuple[int, int], p0_icons: str) -> Callable[[State], None]:
    """Both players score 4 (astronomy worth 2). P0's icons are 2 tokens or 1 token + 1
    Graduation icon; P1 always has 2 tokens. ``favour`` sets the Favour tiles held."""

    def change(st: State) -> None:
        clear_students(st)
        take_prestige(st, 1, AST, 2)
        if p0_icons == "tokens":
            take_prestige(st, 0, AST, 2)
        else:
            take_prestige(st, 0, AST, 1)
            st.graduation = removed(st.graduation, "grad-ast-1")
            st.students_out = adjusted(st.students_out, 0, -1)
            st.players[0].graduations = (*st.players[0].graduations, Graduated("grad-ast-1", AST))
        for p, n in enumerate(favour):
            st.favour_supply += st.players[p].favour_tiles - n
            st.players[p].favour_tiles = n

    return change


def test_tie_1_fewer_favour_tiles_wins() -> None:
    """TIE-1: equal totals; P1 holds 1 Favour tile against P0's 3 and wins."""
    state = build(2, "three_shelf", shelves([AST]), tied_position((3, 1), "tokens"))
    scores = scores_of(state)
    assert [p.total for p in scores.players] == [4, 4]
    assert [p.favour_tiles for p in scores.players] == [3, 1]
    assert scores.winners == (1,)


def test_tie_1_decides_before_tokens() -> None:
    """TIE-1 before TIE-2: P0 has fewer Favour tiles but also fewer tokens, and still wins."""
    state = build(2, "three_shelf", shelves([AST]), tied_position((0, 2), "graduation"))
    scores = scores_of(state)
    assert [p.total for p in scores.players] == [4, 4]
    assert [p.prestige_tokens for p in scores.players] == [1, 2]
    assert scores.winners == (0,)


def test_tie_2_more_prestige_tokens_wins() -> None:
    """TIE-2, AMB-27: equal totals and Favour tiles; only physical tokens count, so P1 with
    2 tokens beats P0 with 1 token + 1 Graduation icon."""
    state = build(2, "three_shelf", shelves([AST]), tied_position((2, 2), "graduation"))
    scores = scores_of(state)
    assert [p.total for p in scores.players] == [4, 4]
    assert [p.prestige_tokens for p in scores.players] == [1, 2]
    assert scores.winners == (1,)
    assert [p.winner for p in scores.players] == [False, True]


def test_tie_3_still_tied_players_share_the_win() -> None:
    """TIE-3, AMB-27: same total, Favour tiles and tokens: both players win."""
    state = build(2, "three_shelf", shelves([AST]), tied_position((2, 2), "tokens"))
    scores = scores_of(state)
    assert scores.winners == (0, 1)
    assert [p.winner for p in scores.players] == [True, True]


def test_tie_2_decides_a_tie_at_zero() -> None:
    """TIE-2: an empty Library makes every total 0; the only token holder wins the tie."""
    state = build(4, "three_shelf", clear_students, lambda st: take_prestige(st, 2, AST, 1))
    scores = scores_of(state)
    assert [p.total for p in scores.players] == [0, 0, 0, 0]
    assert scores.winners == (2,)  # TIE-2: P2 holds the only token


def test_tie_2_only_among_tied_leaders() -> None:
    """TIE-1/2 only separate the tied leaders: P2 has more tokens but a lower total."""

    def position(st: State) -> None:
        clear_students(st)
        take_prestige(st, 0, AST, 2)  # 4
        take_prestige(st, 1, AST, 2)  # 4
        take_prestige(st, 2, THE, 3)  # 3 (theology worth 1)

    state = build(3, "three_shelf", shelves([AST, THE]), position)
    scores = scores_of(state)
    assert [p.total for p in scores.players] == [4, 4, 3]
    assert scores.winners == (0, 1)
