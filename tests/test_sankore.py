"""Sankoré tiles and the limits of the supply and of storage: SANK-1..11 (the lowest-numbered
empty cell, bonuses and chains, supply tiles, the end trigger and the keep-or-bonus choice after
it) and RES-3..RES-8 (empty supplies, a full Bookshelf, the Library's shelves, Prestige storage
and its Favour tiles).

Madrasa cells are numbered in data/mathematics.toml; in reading order (index = 4 * row + column)
the numbered cells are, from 1 to 12: 0, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 15 (r0c0, r0c2, ...).
Tiles used (data/sankore_tiles.toml): ast-board-3 places a Theology supply tile; the-board-1 and
law-board-2 give 1 Inspiration; supply tiles have no bonus and give 1 Prestige token instead.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, options, refused, started, with_decision
from sankore_rules.core.shared import popped, removed, replaced_at, without
from sankore_rules.sankore.state import MadrasaTile, State, Task

NUMBERED = (0, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 15)


def board_key(state: State, tile: str) -> str:
    return next(key for key, t in state.region_tiles.items() if t == tile)


def unlock(state: State, tile: str) -> State:
    """Player 0 unlocks a board tile (taken off its region), as an area action would."""
    state = edit(
        state, lambda s: setattr(s, "region_tiles", without(s.region_tiles, board_key(s, tile)))
    )
    return with_decision(state, Task("place_sankore_tile", 0, {"tile": tile, "supply": False}))


def filled(state: State, cells: tuple[int, ...], keep: tuple[str, ...] = ()) -> State:
    """The given Madrasa cells filled with board tiles other than ``keep``."""

    def change(s: State) -> None:
        spare = [k for k in sorted(s.region_tiles) if s.region_tiles[k] not in keep]
        for cell, key in zip(cells, spare, strict=False):
            tile, s.region_tiles = popped(s.region_tiles, key)
            s.madrasa = replaced_at(s.madrasa, cell, MadrasaTile(tile, star=False))

    return edit(state, change)


def placed(state: State) -> list[dict[str, object]]:
    return [e.detail for e in state.events if e.kind == "sankore_placed"]


# ---- SANK-1, SANK-2: placement -------------------------------------------------------------------


def test_sank_1_2_a_board_tile_goes_to_the_first_numbered_cell_and_gives_its_bonus() -> None:
    """SANK-1, SANK-2, IC-SNK-4: the-board-1 lands on numbered cell 1 (r0c0), star side down,
    and its bonus (1 Inspiration) is taken."""
    state = unlock(started(2, 0), "the-board-1")
    assert MadrasaTile("the-board-1", star=False) == state.madrasa[0]
    assert [{"tile": "the-board-1", "cell": "r0c0"}] == placed(state)
    assert 2 == state.players[0].inspiration
    assert "the-board-1" not in state.region_tiles.values()


def test_sank_1_the_lowest_numbered_empty_cell_not_the_next_one() -> None:
    """SANK-1: numbered cells 1 and 3 are full, cell 2 (r0c2) is empty: the tile goes there."""
    state = filled(started(2, 0), (0, 3), keep=("the-board-1",))
    state = unlock(state, "the-board-1")
    assert [{"tile": "the-board-1", "cell": "r0c2"}] == placed(state)


def test_sank_1_numbering_order_of_the_madrasa() -> None:
    """SANK-1, GAP-8: the twelve numbered cells fill in the table's order."""
    assert NUMBERED == RULES.numbered_cells
    state = filled(started(2, 0), NUMBERED[:7], keep=("the-board-1",))
    state = unlock(state, "the-board-1")
    assert [{"tile": "the-board-1", "cell": "r2c2"}] == placed(state)


def test_sank_3_the_first_crown_in_a_regions_upper_rows_unlocks_its_tile() -> None:
    """SANK-3, LAW-6, SANK-1: player 0 teaches the Law Introductory Class (Knowledge 0 + 5 + 1)
    and crowns law-b4 (middle row): region B's tile (law-board-2 in this game) goes to r0c0 and
    gives its bonus (1 Inspiration); player 1's Crown on law-b5 next unlocks nothing more."""

    def change(s: State) -> None:
        s.players[0].students = {"s0d": "law"}
        s.players[1].students = {"s0d": "law"}
        s.queues = replaced_at(s.queues, 3, [None] * 6)

    state = edit(started(2, 0), change)
    assert "law-board-2" == state.region_tiles["law:B"]
    state = act(state, "teach c0d", "crown law-b4")
    assert [{"tile": "law-board-2", "cell": "r0c0"}] == placed(state)
    assert MadrasaTile("law-board-2", star=False) == state.madrasa[0]
    assert "law:B" not in state.region_tiles
    assert 2 == state.players[0].inspiration
    state = act(state, "promote_to s1d", "end", "teach c0d", "crown law-b5")
    assert 1 == state.current_player
    assert [] == placed(state)
    assert None is state.madrasa[2]


def test_sank_6_a_new_wall_flips_a_face_down_tile_of_its_line() -> None:
    """SANK-6, IC-BRD-3: a Wall on wall-a1 (column 0) offers the face-down tiles of column 0
    (not the supply tile showing its star); the flipped tile's bonus is taken, it shows its
    star, then the column's Gold icon pays 1 Gold."""

    def change(s: State) -> None:
        s.players[0].students = {"s0c": "mathematics"}
        s.region_tiles = without(s.region_tiles, board_key(s, "the-board-1"))
        s.supply_sankore = removed(s.supply_sankore, "the-supply-1")
        s.madrasa = replaced_at(s.madrasa, 0, MadrasaTile("the-board-1", star=False))
        s.madrasa = replaced_at(s.madrasa, 4, MadrasaTile("the-supply-1", star=True))

    state = edit(started(2, 0), change)
    assert MadrasaTile("ast-madrasa", star=False) == state.madrasa[8]
    state = act(state, "teach c0c", "wall wall-a1", "library law 0")
    assert ["flip r0c0", "flip r2c0"] == options(state)
    state = act(state, "flip r0c0")
    pl = state.players[0]
    assert MadrasaTile("the-board-1", star=True) == state.madrasa[0]
    assert MadrasaTile("ast-madrasa", star=False) == state.madrasa[8]
    assert (3, 3) == (pl.inspiration, pl.gold)  # class reward + tile bonus; 2 + 1 Gold


# ---- SANK-4, SANK-11: chains and supply tiles ----------------------------------------------------


def test_sank_4_a_bonus_that_places_a_tile_chains() -> None:
    """SANK-4, IC-SNK-5, AMB-23: ast-board-3 goes to r0c0; its bonus places a Theology supply
    tile on the next numbered cell (r0c2), which gives 1 Theology Prestige token."""
    state = unlock(started(2, 0), "ast-board-3")
    assert [
        {"tile": "ast-board-3", "cell": "r0c0"},
        {"tile": "the-supply-1", "cell": "r0c2"},
    ] == placed(state)
    assert MadrasaTile("the-supply-1", star=True) == state.madrasa[2]
    assert (0, 1, 0, 0) == state.players[0].prestige
    assert ["the-supply-2", "the-supply-3"] == [
        t for t in state.supply_sankore if t.startswith("the")
    ]


def test_sank_11_amb_22_a_supply_tile_gives_a_prestige_token_and_no_bonus() -> None:
    """SANK-11, AMB-22, AMB-23: a supply tile shows its star and gives only 1 Prestige token of
    its discipline."""
    state = started(2, 0)
    before = state.players[0]
    state = with_decision(state, Task("supply_sankore", 0, {"discipline": "law"}))
    pl = state.players[0]
    assert MadrasaTile("law-supply-1", star=True) == state.madrasa[0]
    assert (0, 0, 0, 1) == pl.prestige
    assert (before.gold, before.salt, before.inspiration) == (pl.gold, pl.salt, pl.inspiration)
    assert "turn" == state.decision.kind


def test_sank_11_amb_23_no_supply_tile_left_places_nothing() -> None:
    """SANK-11, AMB-23: with the three Law supply tiles gone, a Law supply tile cannot be placed
    and no Prestige token comes with it."""

    def change(s: State) -> None:
        for tile in ("law-supply-1", "law-supply-2", "law-supply-3"):
            s.supply_sankore = removed(s.supply_sankore, tile)
            s.players[1].kept_sankore = (*s.players[1].kept_sankore, tile)

    state = with_decision(
        edit(started(2, 0), change), Task("supply_sankore", 0, {"discipline": "law"})
    )
    assert [None] * 12 == [state.madrasa[c] for c in NUMBERED]
    assert (0, 0, 0, 0) == state.players[0].prestige


# ---- SANK-9, SANK-10: the end trigger and after ----------------------------------------------


def test_sank_9_the_twelfth_numbered_cell_triggers_the_end() -> None:
    """SANK-9, END-1, AMB-21: the tile filling the last numbered cell (r3c3) triggers the end;
    its bonus is taken normally."""
    state = filled(started(2, 0), NUMBERED[:11], keep=("the-board-1",))
    assert not state.end_triggered
    state = unlock(state, "the-board-1")
    assert [{"tile": "the-board-1", "cell": "r3c3"}] == placed(state)
    assert state.end_triggered
    assert ["end_triggered"] == [e.kind for e in state.events if e.kind == "end_triggered"]
    assert 2 == state.players[0].inspiration


def after_the_end(tile: str) -> State:
    """The Madrasa full and the end triggered; player 0 unlocks ``tile``."""
    state = filled(started(2, 0), NUMBERED, keep=(tile,))
    state = edit(state, lambda s: setattr(s, "end_triggered", True))
    state = unlock(state, tile)
    assert ("sankore_after_end", 0) == (state.decision.kind, state.current_player)
    assert ["sankore bonus", "sankore keep"] == options(state)
    return state


def test_sank_10_keep_the_tile_as_one_prestige() -> None:
    """SANK-10, END-3: kept face up, it counts 1 Prestige of its discipline at the end, outside
    the storage; no bonus."""
    state = act(after_the_end("the-board-1"), "sankore keep")
    pl = state.players[0]
    assert ("the-board-1",) == pl.kept_sankore
    assert 1 == pl.inspiration
    assert (0, 0, 0, 0) == pl.prestige
    theology = sr.final_scores(state).players[0].disciplines[1]
    assert 1 == theology.icons["sankore"]


def test_sank_10_or_take_the_bonus_and_discard_it() -> None:
    """SANK-10: the bonus (1 Inspiration) is taken and the tile leaves the game."""
    state = act(after_the_end("the-board-1"), "sankore bonus")
    pl = state.players[0]
    assert () == pl.kept_sankore
    assert ("the-board-1",) == state.discarded_sankore
    assert 2 == pl.inspiration
    assert "turn" == state.decision.kind


def test_sank_10_amb_21_a_chain_past_the_twelfth_cell_asks_for_the_chained_tile() -> None:
    """SANK-10, AMB-21: ast-board-3 fills the last numbered cell; the Theology supply tile its
    bonus places finds no room: keep it (1 Prestige, no token) or take its token and discard."""
    state = filled(started(2, 0), NUMBERED[:11], keep=("ast-board-3",))
    state = unlock(state, "ast-board-3")
    assert state.end_triggered
    assert ("sankore_after_end", ["sankore bonus", "sankore keep"]) == (
        state.decision.kind,
        options(state),
    )
    kept = act(state, "sankore keep")
    assert (("the-supply-1",), (0, 0, 0, 0)) == (
        kept.players[0].kept_sankore,
        kept.players[0].prestige,
    )
    bonus = act(state, "sankore bonus")
    assert (("the-supply-1",), (0, 1, 0, 0)) == (bonus.discarded_sankore, bonus.players[0].prestige)


# ---- RES-3..RES-6: the supply, the Bookshelf, the Library ----------------------------------------


def test_res_3_no_book_left_in_the_supply_nothing_gained() -> None:
    """RES-3: a Law Book to gain with none in the supply: nothing; a chosen Book of that
    discipline is refused (supply_empty)."""
    state = edit(
        started(2, 0), lambda s: setattr(s, "supply_books", replaced_at(s.supply_books, 3, 0))
    )
    gained = with_decision(state, Task("gain_book", 0, {"discipline": "law", "amount": 1}))
    assert (0, 0, 0, 1) == gained.players[0].books
    choose = with_decision(state, Task("choose_book", 0))
    assert ["book astronomy", "book mathematics", "book theology"] == options(choose)
    refused(choose, "book law", ["supply_empty"])


def test_res_3_part_of_a_gain_when_the_supply_runs_short() -> None:
    """RES-3: 2 Law Books to gain, 1 in the supply: 1 gained."""
    state = edit(
        started(2, 0), lambda s: setattr(s, "supply_books", replaced_at(s.supply_books, 3, 1))
    )
    state = with_decision(state, Task("gain_book", 0, {"discipline": "law", "amount": 2}))
    assert (0, 0, 0, 2) == state.players[0].books
    assert 0 == state.supply_books[3]


def test_res_4_amb_7_a_full_bookshelf_row_gains_nothing() -> None:
    """RES-4, AMB-7: 3 Law Books held: a fourth is not gained and stays in the supply."""
    state = edit(
        started(2, 0),
        lambda s: setattr(s.players[0], "books", replaced_at(s.players[0].books, 3, 3)),
    )
    supply = state.supply_books[3]
    gained = with_decision(state, Task("gain_book", 0, {"discipline": "law", "amount": 1}))
    assert ((0, 0, 0, 3), supply) == (gained.players[0].books, gained.supply_books[3])
    refused(with_decision(state, Task("choose_book", 0)), "book law", ["bookshelf_full"])


@pytest.mark.parametrize(("held", "after"), [(1, 2), (3, 3)])
def test_res_4_a_section_book_skill_tile_with_and_without_room(held: int, after: int) -> None:
    """RES-4, IC-SKL-5: activating the Law section holding a 'Book of this section' tile gains
    1 Law Book, unless the Law row of the Bookshelf is full; never anything else."""

    def change(s: State) -> None:
        s.players[0].skills = replaced_at(s.players[0].skills, 3, ("book_section",))
        s.players[0].books = replaced_at(s.players[0].books, 3, held)

    state = edit(started(2, 0), change)
    state = with_decision(state, Task("activate_skills", 0, {"discipline": "law"}))
    pl = state.players[0]
    assert ((0, 0, 0, after), (0, 0, 0, 0)) == (pl.books, pl.prestige)


def test_res_5_a_contributed_book_takes_the_leftmost_free_slot_of_its_shelf() -> None:
    """RES-5: the Law Book joins shelf 1 after the Books already there; a full shelf cannot take
    it (shelf_full), another discipline is not this payment (wrong_discipline)."""

    def change(s: State) -> None:
        s.library = [["theology"] * 11, ["astronomy", "mathematics"], []]

    state = act(edit(started(2, 0), change), "establish law-1a", "class c1b")
    assert ["library law 1", "library law 2"] == options(state)
    refused(state, "library law 0", ["shelf_full"])
    refused(state, "library astronomy 1", ["wrong_discipline"])
    state = act(state, "library law 1")
    assert ("astronomy", "mathematics", "law") == state.library[1]


def test_res_6_no_prestige_token_left_nothing_gained() -> None:
    """RES-6: a Theology token to gain with none in the supply: nothing (here from the Sankoré
    icon of a queue, ENROL-7); a chosen one is refused (supply_empty)."""

    def change(s: State) -> None:
        s.supply_prestige = replaced_at(s.supply_prestige, 1, 0)
        s.queues = replaced_at(s.queues, 1, ["law", "law", "law", "mathematics", None, None])

    state = act(edit(started(2, 0), change), "enrol theology")
    assert MadrasaTile("the-supply-1", star=True) == state.madrasa[0]
    assert (0, 0, 0, 0) == state.players[0].prestige
    choose = with_decision(state, Task("choose_prestige", 0))
    refused(choose, "prestige theology", ["supply_empty"])


# ---- RES-7, RES-8: Prestige storage --------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "kept"), [(0, 15), (2, 12), (3, 10), (5, 6), (8, 0)])
def test_res_7_capacity_is_sixteen_less_two_per_favour_tile(tiles: int, kept: int) -> None:
    """RES-7: with 15 Astronomy tokens and 0, 2, 3, 5 or 8 Favour tiles, the storage check keeps
    15 (all), 12, 10, 6 or 0 of them."""

    def change(s: State) -> None:
        s.players[0].prestige = (15, 0, 0, 0)
        s.players[0].favour_tiles = tiles
        s.supply_prestige = replaced_at(s.supply_prestige, 0, 0)

    state = act(edit(started(2, 0), change), "end")
    assert (kept, 0, 0, 0) == state.players[0].prestige
    assert 15 - kept == state.supply_prestige[0]


def test_res_8_amb_7_tokens_over_capacity_are_chosen_at_the_gain() -> None:
    """RES-8, AMB-7: with the storage already full at a gain, "you may choose which tokens to
    keep". At capacity (12 with 2 Favour tiles) the Sankoré icon's
    Theology token is gained and the player returns one token at once, before the turn menu
    comes back; ending the turn finds nothing over capacity."""

    def change(s: State) -> None:
        s.players[0].prestige = (6, 0, 0, 6)
        s.queues = replaced_at(s.queues, 1, ["law", "law", "law", "mathematics", None, None])

    state = act(edit(started(2, 0), change), "enrol theology")
    assert (6, 1, 0, 6) == state.players[0].prestige
    assert ("discard_prestige", {"keep": 12}) == (state.decision.kind, dict(state.decision.args))
    assert ["return astronomy", "return law", "return theology"] == options(state)
    state = act(state, "return astronomy")
    assert (5, 1, 0, 6) == state.players[0].prestige
    assert (0, "turn") == (state.current_player, state.decision.kind)
    state = act(state, "end")
    assert (1, "turn") == (state.current_player, state.decision.kind)
