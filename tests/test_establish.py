"""Establish an Advanced Class: EST-1..11 (visible tiles, the Book paid to the Library, where each
level may go, replacing a class, refilling the market, the free Establish of the Favour track).

``started(2, 0)``: player 0 holds 1 Law Book and ast-1c on c1a. The Law market column is
level 3 law-3a; level-2 pile law-2c on top of (law-2a, law-2d) with law-2b dealt; level-1 pile
law-1e on top of (law-1b, law-1c, law-1d) with law-1a dealt. Below its top a pile is in no
order: its next top is a chance step (``market_turn``), resolved here by hand in the explicit
mode.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, options, refused, started
from sankore_rules.core.shared import replaced_at
from sankore_rules.sankore.state import MarketColumn, State

LAW_COLUMN = MarketColumn(
    level3="law-3a",
    pile2=("law-2c", "law-2a", "law-2d"),
    shown2="law-2b",
    pile1=("law-1e", "law-1b", "law-1c", "law-1d"),
    shown1="law-1a",
)


def with_books(books: list[int]) -> State:
    return edit(started(2, 0), lambda s: setattr(s.players[0], "books", tuple(books)))


# ---- EST-1..4: which tiles, for what -------------------------------------------------------------


def test_est_1_a_book_of_the_tiles_discipline_goes_to_the_chosen_shelf() -> None:
    """EST-1, RES-5: law-1a costs the Law Book, placed on the Library shelf chosen."""
    state = act(started(2, 0), "establish law-1a")
    assert ("establish_space", 0) == (state.decision.kind, state.current_player)
    state = act(state, "class c1b")
    assert ["library law 0", "library law 1", "library law 2"] == options(state)
    state = act(state, "library law 2")
    pl = state.players[0]
    assert (0, 0, 0, 0) == pl.books
    assert ((), (), ("law",)) == state.library
    assert "law-1a" == pl.classes["c1b"]
    assert ("establish",) == state.main_used
    assert "turn" == state.decision.kind


def test_est_2_every_visible_tile_is_offered() -> None:
    """EST-2, SETUP-C-16: with a Book of each discipline, the 20 visible tiles are offered: the
    level-3 tile, the tops of both piles and both dealt tiles of each column."""
    state = with_books([1, 1, 1, 1])
    offered = [o.split()[1] for o in options(state) if o.startswith("establish ")]
    assert sorted(t for column in state.market for t in column.visible()) == offered
    assert 20 == len(offered)


def test_est_2_a_tile_below_a_pile_top_is_not_visible() -> None:
    """EST-2: law-1d lies under law-1e in the pile; ast-1c is on player 0's board; neither can
    be taken (tile_not_available); a made-up tile is bad_arguments."""
    state = with_books([1, 1, 1, 1])
    refused(state, "establish law-1d", ["tile_not_available"])
    refused(state, "establish ast-1c", ["tile_not_available"])
    refused(state, "establish law-9z", ["bad_arguments"])


def test_est_3_a_level_3_tile_costs_one_book_too() -> None:
    """EST-3, EST-6: law-3a costs 1 Book; it can only go on the top space (asked of nobody)."""
    state = act(started(2, 0), "establish law-3a")
    assert "contribute" == state.decision.kind
    assert "law-3a" == state.players[0].classes["c3"]
    state = act(state, "library law 0")
    assert (0, 0, 0, 0) == state.players[0].books
    assert (("law",), (), ()) == state.library


def test_est_4_no_book_of_the_discipline_no_tile() -> None:
    """EST-4: player 0 holds no Astronomy Book: no Astronomy tile (no_book); none is listed."""
    state = started(2, 0)
    refused(state, "establish ast-1d", ["no_book"])
    assert [] == [o for o in options(state) if o.startswith("establish ast")]


def test_est_4_amb_25_a_full_library_takes_no_book() -> None:
    """EST-4, AMB-25: every shelf full: the Book cannot be contributed (library_full)."""

    def change(s: State) -> None:
        s.library = [["astronomy"] * 11, ["theology"] * 11, ["mathematics"] * 11]

    refused(edit(started(2, 0), change), "establish law-1a", ["library_full"])


# ---- EST-5..8: where the tile goes ---------------------------------------------------------------


def test_est_5_6_spaces_by_level() -> None:
    """EST-5, EST-6, AMB-28: level 1 in rows 1-3 (never the Introductory row), level 2 in the
    top two rows, level 3 on the top space only."""
    level1 = act(with_books([0, 0, 0, 3]), "establish law-1a")
    assert ["class c1a", "class c1b", "class c1c", "class c2a", "class c2b", "class c3"] == options(
        level1
    )
    refused(level1, "class c0d", ["row_not_allowed"])
    assert ["a level-1 Class goes on c1a, c1b, c1c, c2a, c2b, c3, not c0d (EST-6, AMB-28)"] == [
        r.words for r in sr.explain(level1, "class c0d")
    ]
    level2 = act(with_books([0, 0, 0, 3]), "establish law-2b")
    assert ["class c2a", "class c2b", "class c3"] == options(level2)
    refused(level2, "class c1c", ["row_not_allowed"])


def test_est_7_a_tile_may_go_where_nothing_is_below() -> None:
    """EST-7: law-1a on the top space, with no class or Student anywhere below it."""
    state = act(started(2, 0), "establish law-1a", "class c3", "library law 0")
    assert "law-1a" == state.players[0].classes["c3"]
    assert {"s0a": "astronomy"} == state.players[0].students


def test_est_8_replacing_a_class_returns_it_to_the_box() -> None:
    """EST-8, AMB-28: law-1a over ast-1c on c1a: ast-1c leaves the game (not back in the
    market); the Students under c1a stay on their spaces."""
    state = edit(
        started(2, 0),
        lambda s: setattr(
            s.players[0], "students", {**s.players[0].students, "s1a": "law", "s1b": "theology"}
        ),
    )
    state = act(state, "establish law-1a", "class c1a")
    placed = [e.detail for e in state.events if e.kind == "class_placed"]
    assert [{"tile": "law-1a", "space": "c1a", "replaced": "ast-1c"}] == placed
    state = act(state, "library law 0")
    pl = state.players[0]
    assert "law-1a" == pl.classes["c1a"]
    assert {"s0a": "astronomy", "s1a": "law", "s1b": "theology"} == pl.students
    assert all("ast-1c" not in column.visible() for column in state.market)


# ---- EST-9, EST-10: the market -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "turned", "column"),
    [
        (
            "law-1a",  # the dealt level-1 tile: the pile's top takes its place, one is turned
            "law-1d",
            MarketColumn(
                "law-3a", LAW_COLUMN.pile2, "law-2b", ("law-1d", "law-1b", "law-1c"), "law-1e"
            ),
        ),
        (
            "law-1e",  # the level-1 pile's top: the next tile is turned
            "law-1c",
            MarketColumn(
                "law-3a", LAW_COLUMN.pile2, "law-2b", ("law-1c", "law-1b", "law-1d"), "law-1a"
            ),
        ),
        (
            "law-2b",  # the dealt level-2 tile
            "law-2a",
            MarketColumn("law-3a", ("law-2a", "law-2d"), "law-2c", LAW_COLUMN.pile1, "law-1a"),
        ),
        (
            "law-2c",  # the level-2 pile's top
            "law-2d",
            MarketColumn("law-3a", ("law-2d", "law-2a"), "law-2b", LAW_COLUMN.pile1, "law-1a"),
        ),
        (
            "law-3a",  # EST-10: the level-3 tile is never replaced, and nothing is turned
            None,
            MarketColumn(None, LAW_COLUMN.pile2, "law-2b", LAW_COLUMN.pile1, "law-1a"),
        ),
    ],
)
def test_est_9_10_the_market_refills(tile: str, turned: str | None, column: MarketColumn) -> None:
    """EST-9, EST-10: what the Law column shows after each visible tile is taken: still 2 tiles
    of each level on offer, the level-3 tile excepted once gone. The pile's new top is drawn
    from the tiles below the old one, each as likely, when the tile leaves."""
    assert LAW_COLUMN == started(2, 0).market[3]
    explicit = edit(started(2, 0), lambda s: setattr(s, "explicit_chance", True))
    state = act(explicit, f"establish {tile}")
    if turned is not None:
        assert sr.CHANCE == state.current_player
        assert LAW_COLUMN == state.market[3]  # at the chance step, nothing has moved yet
        pile = LAW_COLUMN.pile1 if tile.startswith("law-1") else LAW_COLUMN.pile2
        outcomes = sr.chance_outcomes(state)
        assert [f"reveal {t}" for t in pile[1:]] == [str(a) for a, _ in outcomes]
        assert [1 / 3 if len(pile) == 4 else 1 / 2] * (len(pile) - 1) == [p for _, p in outcomes]
        state = act(state, f"reveal {turned}")
    assert 0 == state.current_player
    assert column == state.market[3]
    shown = 4 if tile == "law-3a" else 5
    assert [5, 5, 5, shown] == [len(c.visible()) for c in state.market]


def test_est_9_a_column_runs_dry() -> None:
    """EST-9: with one level-1 tile left in the pile, taking the dealt one deals it; taking the
    last one leaves that slot empty."""
    short = MarketColumn("law-3a", LAW_COLUMN.pile2, "law-2b", ("law-1e",), "law-1a")
    state = edit(
        with_books([0, 0, 0, 2]), lambda s: setattr(s, "market", replaced_at(s.market, 3, short))
    )
    state = act(state, "establish law-1a", "class c1b", "library law 0")
    assert MarketColumn("law-3a", LAW_COLUMN.pile2, "law-2b", (), "law-1e") == state.market[3]
    state = act(state, "end", "end")  # player 1's turn passes (one main action taken: no stall)
    state = act(state, "establish law-1e", "class c1c", "library law 0")
    assert MarketColumn("law-3a", LAW_COLUMN.pile2, "law-2b", (), None) == state.market[3]
    assert ("law-3a", "law-2c", "law-2b") == state.market[3].visible()


# ---- EST-11: the free Establish ------------------------------------------------------------------


def free_establish() -> State:
    """Player 0's disc on the Favour track's 5th space; Take a Favour, reward 5."""
    state = edit(started(2, 0), lambda s: setattr(s.players[0], "favour_pos", 4))
    state = act(state, "favour take")
    assert ["reward 1", "reward 2", "reward 3", "reward 4", "reward 5"] == options(state)
    state = act(state, "reward 5")
    assert "establish_free" == state.decision.kind
    return state


def test_est_11_free_establish_takes_no_book() -> None:
    """EST-11, IC-FAV-5: any visible tile, of any discipline, with no Book; the Favour tile is
    taken; Establish is still available as a main action (TURN-5)."""
    state = free_establish()
    offered = options(state)
    assert "skip" in offered
    assert 21 == len(offered)  # 20 visible tiles and 'skip'
    refused(state, "establish ast-1b", ["tile_not_available"])
    state = act(state, "establish ast-3a")
    pl = state.players[0]
    assert "ast-3a" == pl.classes["c3"]
    assert (0, 0, 0, 1) == pl.books
    assert ((), (), ()) == state.library
    assert None is state.market[0].level3
    assert 3 == pl.favour_tiles
    assert ("favour",) == state.main_used
    assert [] == sr.explain(state, "establish law-1a")


def test_est_11_free_establish_may_be_skipped() -> None:
    """EST-11: the free Establish may be declined: the market is unchanged."""
    before = started(2, 0).market
    state = act(free_establish(), "skip")
    assert before == state.market
    assert "turn" == state.decision.kind
    assert 3 == state.players[0].favour_tiles
    assert RULES.class_tiles["ast-3a"].level == 3


def test_res_5_a_shelf_the_library_does_not_have_is_bad_arguments() -> None:
    """RES-5: the Book goes on one of the Library's shelves; a shelf number beyond them names
    nothing (bad_arguments), while a real shelf is accepted."""
    state = started(2, 0)
    tile = next(a for a in sr.legal_actions(state) if a.kind == "establish")
    state = sr.apply(state, tile)
    if state.decision.kind == "establish_space":
        state = sr.apply(state, sr.legal_actions(state)[0])
    assert "contribute" == state.decision.kind
    d = RULES.class_tiles[tile.args[0]].discipline
    refused(state, f"library {d} 7", ["bad_arguments"])
    assert [] == sr.explain(state, f"library {d} 2")
