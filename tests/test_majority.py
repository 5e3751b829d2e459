"""Majority scorings: MAJ-1..11 (who wins a region, the tie to the highest-numbered space, empty
regions and winners without room sending the token to the Law Overflow, Book against Prestige
scorings, the queue's Prestige token, several scorings in a turn, each box scored once), and the
Prestige scorings left for the game's end (END-4, AMB-20).

Theology regions (data/theology.toml, number = Knowledge): A djenne-bottom 2, aoudaghost-bottom
3, djenne-middle 5, aoudaghost-top-left 7, aoudaghost-top-right 8; B gao-bottom 2, ... Law
region A: law-a1 .. law-a8. Scoring boxes hold the Book and Prestige of their region's
discipline (A astronomy, B theology, C mathematics, D law); a discipline's Law Overflow is its
region's (Theology -> B). Triggers are the 2-player queue's space 2 (Book majority) and space 0
(Prestige majority), taken by player 0 (Astronomy Student on s0a) with a Law Student.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, started, with_decision
from sankore_rules.core.shared import adjusted, replaced_at, with_item
from sankore_rules.sankore.state import State, Task

BOOK_TRIGGER = ["mathematics", "mathematics", "law", None, None, None]
PRESTIGE_TRIGGER = ["law", None, None, None, None, None]


def board(
    pieces: dict[str, int], queue: int = 1, students: list[str | None] | None = None
) -> State:
    """Player 0 to play; ``pieces`` (space -> owner) on the board; queue ``queue`` replaced."""

    def change(s: State) -> None:
        for space, owner in pieces.items():
            s.spaces = with_item(s.spaces, space, owner)
            s.players[owner].pieces = adjusted(
                s.players[owner].pieces, RULES.discipline_index[RULES.area_spaces[space].area], -1
            )
        if students is not None:
            s.queues = replaced_at(s.queues, queue, list(students))

    return edit(started(2, 0), change)


def majority_events(state: State) -> list[tuple[str, str, int | None, str]]:
    return [
        (e.detail["area"], e.detail["region"], e.player, e.detail["scoring"])
        for e in state.events
        if e.kind == "majority"
    ]


def theology_prestige(pieces: dict[str, int], **player0: object) -> State:
    """Player 0 triggers the Theology Prestige majority and ends the turn."""

    def change(s: State) -> None:
        for name, value in player0.items():  # a player's sequences are tuples
            setattr(s.players[0], name, tuple(value) if isinstance(value, list) else value)

    return act(edit(board(pieces, 1, PRESTIGE_TRIGGER), change), "enrol theology", "end")


# ---- MAJ-1, MAJ-2: what triggers a scoring, and when it resolves --------------------------------


def test_maj_1_a_queue_icon_scores_at_the_end_of_the_turn() -> None:
    """MAJ-1: the Theology Book majority is triggered by the enrolment and resolved only when
    the turn ends."""
    state = board({"djenne-bottom": 0}, 1, BOOK_TRIGGER)
    state = act(state, "enrol theology")
    assert ("astronomy", "astronomy") == state.boxes["theology:A"]
    assert [] == majority_events(state)
    state = act(state, "end")
    assert (None, "astronomy") == state.boxes["theology:A"]
    assert [
        ("theology", "A", 0, "book"),
        ("theology", "B", None, "book"),
        ("theology", "C", None, "book"),
        ("theology", "D", None, "book"),
    ] == majority_events(state)


def test_maj_2_amb_19_a_sankore_tile_scores_its_own_disciplines_area() -> None:
    """MAJ-2, AMB-19, IC-SNK-6: the tile law-board-3 (Prestige majority) scores the Law area at
    the end of the turn; no queue token moves."""
    state = board({"law-a1": 0, "law-d2": 1})
    state = with_decision(
        state, Task("place_sankore_tile", 0, {"tile": "law-board-3", "supply": False})
    )
    assert (("law", "prestige", ""),) == state.pending_scorings
    assert "turn" == state.decision.kind
    tokens = dict(state.queue_tokens)
    state = act(state, "end")
    assert (1, 0, 0, 0) == state.players[0].prestige
    assert (0, 0, 0, 1) == state.players[1].prestige
    assert (0, 1, 1, 0) == state.overflow_prestige["D"]
    assert tokens == state.queue_tokens
    assert ("law:prestige",) == state.scorings_done


def test_maj_2_ic_snk_7_a_book_scoring_tile() -> None:
    """MAJ-2, IC-SNK-7: the-board-3 (Book majority) scores the Theology area's Books."""
    state = board({"gao-bottom": 1})
    state = with_decision(
        state, Task("place_sankore_tile", 0, {"tile": "the-board-3", "supply": False})
    )
    state = act(state, "end")
    assert (0, 1, 1, 0) == state.players[1].books
    assert (1, 0, 1, 1) == state.overflow_books["B"]


# ---- MAJ-3, MAJ-4: the winner of a region --------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "winner"),
    [
        ({"djenne-bottom": 0}, 0),
        ({"djenne-bottom": 0, "aoudaghost-bottom": 0, "aoudaghost-top-left": 1}, 0),  # MAJ-3
        ({"djenne-middle": 0, "aoudaghost-top-left": 1}, 1),  # MAJ-4: 7 beats 5
        ({"djenne-bottom": 1, "aoudaghost-top-right": 0, "aoudaghost-bottom": 1}, 1),
        (
            {
                "djenne-bottom": 0,
                "aoudaghost-top-right": 0,
                "aoudaghost-bottom": 1,
                "aoudaghost-top-left": 1,
            },
            0,  # MAJ-4: 2 against 2, player 0 holds the 8
        ),
    ],
)
def test_maj_3_4_most_pieces_win_ties_go_to_the_highest_numbered_space(
    pieces: dict[str, int], winner: int
) -> None:
    """MAJ-3, MAJ-4: most Mosques in Theology region A win its Prestige token (Astronomy);
    equal counts go to the player on the highest-numbered space."""
    state = theology_prestige(pieces)
    assert [("theology", "A", winner, "prestige")] == majority_events(state)[:1]
    assert 1 == state.players[winner].prestige[0]
    assert 0 == state.players[1 - winner].prestige[0]


def test_maj_3_amb_19_camels_are_not_pieces() -> None:
    """MAJ-3, AMB-19: a Camel standing in Astronomy region A does not count; the Trading Post
    does."""

    def change(s: State) -> None:
        s.players[1].camel = "oasis-a2"
        s.queues = replaced_at(s.queues, 0, list(PRESTIGE_TRIGGER))

    state = edit(board({"oasis-a1": 0}), change)
    state = act(state, "enrol astronomy", "end")
    assert (1, 0, 0, 0) == state.players[0].prestige
    assert (0, 0, 0, 0) == state.players[1].prestige


# ---- MAJ-5..8: where the tokens go ---------------------------------------------------------------


def test_maj_5_7_book_scoring_winners_take_box_books_empty_regions_overflow() -> None:
    """MAJ-5, MAJ-7: each region's winner takes the box's Book; the Books of empty regions go
    to the Theology Overflow (Law region B)."""
    state = board({"djenne-bottom": 1, "walata-bottom": 0, "kano-bottom": 1}, 1, BOOK_TRIGGER)
    state = act(state, "enrol theology", "end")
    assert (0, 0, 1, 1) == state.players[0].books  # the drafted Law Book and region C's
    assert (1, 0, 1, 1) == state.players[1].books  # regions A and D, and the drafted one
    assert (0, 1, 0, 0) == state.overflow_books["B"]
    assert [None] * 4 == [state.boxes[f"theology:{r}"][0] for r in "ABCD"]
    assert ["astronomy", "theology", "mathematics", "law"] == [
        state.boxes[f"theology:{r}"][1] for r in "ABCD"
    ]


def test_maj_6_7_prestige_scoring_winners_take_box_tokens_empty_regions_overflow() -> None:
    """MAJ-6, MAJ-7: each region's winner takes the box's Prestige token; the other tokens and
    the queue's token go to the Theology Overflow."""
    state = theology_prestige({"gao-bottom": 0, "agadez-bottom": 1})
    assert (0, 1, 0, 0) == state.players[0].prestige
    assert (0, 0, 0, 1) == state.players[1].prestige
    assert (1, 1, 1, 0) == state.overflow_prestige["B"]
    assert (0, 0, 0, 0) == state.overflow_books["B"]


def test_maj_8_a_winner_without_bookshelf_room() -> None:
    """MAJ-8: the winner of region D already holds 3 Law Books: the Law Book goes to the
    Overflow instead."""
    state = board({"kano-bottom": 0}, 1, BOOK_TRIGGER)
    state = edit(
        state, lambda s: setattr(s.players[0], "books", replaced_at(s.players[0].books, 3, 3))
    )
    state = act(state, "enrol theology", "end")
    assert (0, 0, 0, 3) == state.players[0].books
    assert (1, 1, 1, 1) == state.overflow_books["B"]
    assert ("theology", "D", None, "book") == majority_events(state)[3]


def test_maj_8_a_winner_without_prestige_room() -> None:
    """MAJ-8, RES-7: 12 tokens with 2 Favour tiles fill the storage: the token won goes to the
    Overflow; with one tile returned (capacity 14) it is kept."""
    full = theology_prestige({"djenne-bottom": 0}, prestige=[0, 6, 6, 0])
    assert (0, 6, 6, 0) == full.players[0].prestige
    # Region A's token, the three empty regions' and the queue's Theology token.
    assert (1, 2, 1, 1) == full.overflow_prestige["B"]
    roomy = theology_prestige({"djenne-bottom": 0}, prestige=[0, 6, 6, 0], favour_tiles=1)
    assert (1, 6, 6, 0) == roomy.players[0].prestige


def test_maj_8_the_other_player_can_win_too() -> None:
    """MAJ-3, MAJ-8: the winner need not be the player whose turn it is, and that player's
    storage is what counts."""
    state = theology_prestige({"djenne-bottom": 1}, prestige=[0, 6, 6, 0])
    assert (1, 0, 0, 0) == state.players[1].prestige


# ---- MAJ-9..11 -----------------------------------------------------------------------------------


def test_maj_9_the_queue_token_joins_the_overflow_of_the_scored_discipline() -> None:
    """MAJ-9, ENROL-8: the Theology queue's token beside space 0 ends on the Theology Overflow
    (Law region B), next to the Books or tokens of empty regions."""
    state = theology_prestige({})
    assert "theology:0" not in state.queue_tokens
    assert "theology" == state.queue_tokens["theology:2"]
    assert (1, 2, 1, 1) == state.overflow_prestige["B"]


def test_maj_10_books_won_are_not_usable_in_the_same_turn() -> None:
    """MAJ-10: the Astronomy Book won in Theology region A arrives at the end of the turn: an
    Astronomy tile cannot be established with it before then."""
    state = board({"djenne-bottom": 0}, 1, BOOK_TRIGGER)
    state = act(state, "enrol theology")
    assert ["no_book"] == [r.code for r in sr.explain(state, "establish ast-1d")]
    state = act(state, "end", "end")
    assert (1, 0, 0, 1) == state.players[0].books
    assert [] == sr.explain(state, "establish ast-1d")


def test_maj_11_several_scorings_resolve_in_the_order_triggered() -> None:
    """MAJ-11, AMB-19: a Book scoring of Theology (queue) then a Prestige scoring of Law (a
    Sankoré tile) in one turn: Theology's four regions first, then Law's."""
    state = board({"djenne-bottom": 0, "law-b1": 1}, 1, BOOK_TRIGGER)
    state = act(state, "enrol theology")
    state = with_decision(
        state, Task("place_sankore_tile", 0, {"tile": "law-board-3", "supply": False})
    )
    assert (("theology", "book", "theology:2"), ("law", "prestige", "")) == state.pending_scorings
    state = act(state, "end")
    assert [("theology", r) for r in "ABCD"] + [("law", r) for r in "ABCD"] == [
        (area, region) for area, region, _, _ in majority_events(state)
    ]
    assert (1, 0, 0, 1) == state.players[0].books
    assert (0, 1, 0, 0) == state.players[1].prestige
    assert ("theology:book", "law:prestige") == state.scorings_done


def test_maj_11_amb_19_each_box_is_scored_once() -> None:
    """MAJ-11, AMB-19: the Theology Book scoring triggered twice in a turn (queue, then the tile
    the-board-3): the second finds the boxes empty; the winner gains one Book, not two."""
    state = board({"djenne-bottom": 0}, 1, BOOK_TRIGGER)
    state = act(state, "enrol theology")
    state = with_decision(
        state, Task("place_sankore_tile", 0, {"tile": "the-board-3", "supply": False})
    )
    state = act(state, "end")
    assert (1, 0, 0, 1) == state.players[0].books
    assert (0, 1, 1, 1) == state.overflow_books["B"]
    assert 4 == len(majority_events(state))
    assert ("theology:book",) == state.scorings_done


# ---- END-4, AMB-20: scorings at the end of the game ----------------------------------------------


def test_end_4_amb_20_remaining_prestige_majorities_score_at_the_end_books_do_not() -> None:
    """END-4, AMB-20: when the game ends (here by the turn-limit variant), the Prestige scorings
    not yet performed resolve in every area; Theology's, done during play, is not redone; no
    Book scoring happens."""

    def two_turns(s: State) -> None:
        s.turn_limit = 2

    state = board(
        {"djenne-bottom": 0, "law-c1": 1, "wall-a1": 0, "oasis-b1": 1}, 1, PRESTIGE_TRIGGER
    )
    state = act(edit(state, two_turns), "enrol theology", "end")
    assert ("theology:prestige",) == state.scorings_done
    assert (1, 0, 0, 0) == state.players[0].prestige
    state = act(state, "end", "end", "end")
    assert (True, "turn_limit") == (state.game_over, state.end_cause)
    assert (
        "theology:prestige",
        "astronomy:prestige",
        "mathematics:prestige",
        "law:prestige",
    ) == state.scorings_done
    assert [
        ("astronomy", "B", 1, "prestige"),
        ("mathematics", "A", 0, "prestige"),
        ("law", "C", 1, "prestige"),
    ] == [m for m in majority_events(state) if m[2] is not None]
    assert (2, 0, 0, 0) == state.players[0].prestige
    assert (0, 1, 1, 0) == state.players[1].prestige
    assert all(book is not None for book, _ in state.boxes.values())
