"""The turn and its end: TURN-1..7, storage limits STOR-1..4, the end trigger END-1/END-2, the
engine's deadlock ruling ENGINE-1 (data/rulings.toml) and the turn-limit variant.

Positions start from ``started(2, 0)``: player 0 is the first player, with an Astronomy Student
on s0a, the Advanced Class ast-1c on c1a, 1 Law Book, 2 Gold, 1 Salt, 1 Inspiration and 2 Favour
tiles; player 1 has a Theology Student on s0b.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import RULES, act, codes, edit, options, refused, started
from sankore_rules.core.shared import adjusted, popped, replaced_at, with_item
from sankore_rules.sankore.rules.deadlock import can_progress
from sankore_rules.sankore.state import Graduated, MadrasaTile, MarketColumn, State


def kinds(state: State) -> list[str]:
    return [e.kind for e in state.events]


def fill_madrasa(state: State, cells: int) -> State:
    """The first ``cells`` numbered Madrasa cells filled with board tiles (taken off the board)."""

    def change(s: State) -> None:
        for cell in RULES.numbered_cells[:cells]:
            key = sorted(s.region_tiles)[0]
            tile, s.region_tiles = popped(s.region_tiles, key)
            s.madrasa = replaced_at(s.madrasa, cell, MadrasaTile(tile, star=False))

    return edit(state, change)


def sankore_queue(area_index: int) -> State:
    """Player 0 to play; the queue of that area ends with a Theology Student on the Sankoré
    icon space (2-player space 3)."""

    def change(s: State) -> None:
        s.queues = replaced_at(s.queues, area_index, ["law", "law", "law", "theology", None, None])

    return edit(started(2, 0), change)


# ---- TURN-1: turn order --------------------------------------------------------------------------


def test_turn_1_turns_go_clockwise_from_the_first_player() -> None:
    """TURN-1: with 3 players and player 2 first, turns go 2, 0, 1, 2; each ended turn counts."""
    state = started(3, 0)
    assert 2 == state.first_player
    seen = [state.current_player]
    state = act(state, "establish law-1a", "class c1b", "library law 0")
    for _ in range(3):
        state = act(state, "end")
        seen.append(state.current_player)
    assert [2, 0, 1, 2] == seen
    assert [1, 1, 1] == [pl.turns for pl in state.players]


def test_turn_1_only_the_current_player_acts() -> None:
    """TURN-1: player 0's turn: player 1 may not act (not_your_decision)."""
    state = started(2, 0)
    snapshot = copy.deepcopy(state)
    assert ["not_your_decision"] == [r.code for r in sr.explain(state, "end", player=1)]
    with pytest.raises(sr.IllegalAction) as caught:
        sr.apply(state, "end", player=1)
    assert ["not_your_decision"] == [r.code for r in caught.value.reasons]
    assert snapshot == state
    assert 1 == act(state, "end").current_player


# ---- TURN-2, TURN-4, TURN-5: main actions --------------------------------------------------------


def test_turn_2_a_turn_may_have_no_main_action() -> None:
    """TURN-2: 0 main actions is a legal turn: 'end' is always offered and passes the turn."""
    state = started(2, 0)
    assert "end" in options(state)
    state = act(state, "end")
    assert (1, "turn") == (state.current_player, state.decision.kind)
    assert [1, 0] == [pl.turns for pl in state.players]


def test_turn_2_two_different_main_actions_then_no_third() -> None:
    """TURN-2: Return a Favour, then Establish, then nothing more: a third main action is
    refused (no_main_actions_left); the main actions used reset for the next player."""
    state = act(started(2, 0), "favour return")
    assert ("favour",) == state.main_used
    state = act(state, "establish law-1a", "class c1b", "library law 0")
    assert ("favour", "establish") == state.main_used
    assert "turn" == state.decision.kind
    refused(state, "teach c0a", ["no_main_actions_left"])
    refused(state, "enrol law", ["no_main_actions_left"])
    assert [] == [o for o in options(state) if o.split()[0] in ("enrol", "teach", "graduate")]
    state = act(state, "end")
    assert () == state.main_used
    assert [] == codes(state, "favour return")


def test_turn_2_the_same_main_action_twice_is_refused() -> None:
    """TURN-2: two main actions must be different: a second Establish is refused
    (action_already_taken), though its Book could be paid."""
    state = edit(
        started(2, 0),
        lambda s: setattr(s.players[0], "books", replaced_at(s.players[0].books, 3, 2)),
    )
    state = act(state, "establish law-1a", "class c1b", "library law 0")
    assert (0, 0, 0, 1) == state.players[0].books
    refused(state, "establish law-1e", ["action_already_taken"])


def test_turn_4_take_then_return_a_favour_is_one_action() -> None:
    """TURN-4, FAV-1: Take a Favour and Return a Favour are the same main action."""
    state = act(started(2, 0), "favour take", "resource gold")
    assert ("favour",) == state.main_used
    refused(state, "favour return", ["action_already_taken"])
    state = act(started(2, 0), "favour return")
    refused(state, "favour take", ["action_already_taken"])


def test_turn_5_free_exchange_is_not_a_main_action() -> None:
    """TURN-5, AMB-30: the Exchange a Favour of a queue icon is not a main action: afterwards
    Exchange a Favour may still be taken as one of the two main actions."""
    state = act(started(2, 0), "enrol astronomy")  # space 4: a Favour icon
    assert "exchange" == state.decision.kind
    state = act(state, "favour return")
    assert ("enrol",) == state.main_used
    assert 1 == state.players[0].favour_tiles
    assert [] == codes(state, "favour return")
    state = act(state, "favour return")
    assert ("enrol", "favour") == state.main_used
    assert 0 == state.players[0].favour_tiles


# ---- TURN-3: bonus actions -----------------------------------------------------------------------


def test_turn_3_bonus_actions_any_number_before_between_and_after_main_actions() -> None:
    """TURN-3, BONUS-1: three Write a Book bonus actions around two main actions, each paid
    with 1 Inspiration; none of them uses up a main action."""
    state = edit(started(2, 0), lambda s: setattr(s.players[0], "inspiration", 3))
    state = act(state, "write astronomy", "favour return", "write theology")
    state = act(state, "establish law-1a", "class c1b", "library law 0", "write mathematics")
    pl = state.players[0]
    assert ("favour", "establish") == state.main_used
    assert 0 == pl.inspiration
    assert (1, 1, 1, 0) == pl.books
    assert "turn" == state.decision.kind


def test_turn_3_no_bonus_action_inside_a_main_action() -> None:
    """TURN-3, BONUS-1: while a main action is being resolved only its own decision is asked:
    a bonus action is refused (bonus_during_action; ending the turn, action_in_progress),
    written as an Action or
    as notation alike; parse_action, which reads notation for the pending decision, refuses
    the kind outright (ActionSyntaxError)."""
    state = act(started(2, 0), "establish law-1a")
    assert "establish_space" == state.decision.kind
    refused(state, sr.Action("write", ("law",)), ["bonus_during_action"])
    refused(state, sr.Action("promote", ("s0a", "s1a")), ["bonus_during_action"])
    refused(state, sr.Action("end"), ["action_in_progress"])
    assert ["bonus_during_action"] == codes(state, "write law")
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, "write law")
    with pytest.raises(sr.ActionSyntaxError):
        sr.parse_action(state, "write law")


# ---- TURN-6, STOR: end of turn -------------------------------------------------------------------


def test_stor_1_2_extra_resources_go_back_at_the_end_of_the_turn() -> None:
    """STOR-1, STOR-2: over 2 Inspiration, 6 Gold, 4 Salt are returned when the turn ends, not
    before; the other player's stock is checked at the end of that player's own turn."""

    def change(s: State) -> None:
        p0, p1 = s.players
        p0.gold, p0.salt, p0.inspiration = 9, 6, 4
        p1.gold, p1.salt, p1.inspiration = 8, 5, 3

    state = edit(started(2, 0), change)
    state = act(state, "write astronomy")
    assert (9, 6, 3) == (state.players[0].gold, state.players[0].salt, state.players[0].inspiration)
    state = act(state, "end")
    assert (6, 4, 2) == (state.players[0].gold, state.players[0].salt, state.players[0].inspiration)
    assert (8, 5, 3) == (state.players[1].gold, state.players[1].salt, state.players[1].inspiration)
    returned = [e.detail for e in state.events if e.kind == "returned"]
    assert [
        {"resource": "inspiration", "count": 1},
        {"resource": "gold", "count": 3},
        {"resource": "salt", "count": 2},
    ] == returned
    state = act(state, "end")
    assert (6, 4, 2) == (state.players[1].gold, state.players[1].salt, state.players[1].inspiration)


def test_stor_1_books_never_exceed_three_per_discipline() -> None:
    """STOR-1, RES-4: a fourth Book of a discipline cannot be written."""
    state = edit(started(2, 0), lambda s: setattr(s.players[0], "inspiration", 3))
    state = act(state, "write law", "write law")
    assert 3 == state.players[0].books[3]
    refused(state, "write law", ["bookshelf_full"])


def test_stor_3_the_player_chooses_which_extra_prestige_to_return() -> None:
    """STOR-3, RES-8: 14 tokens with 2 Favour tiles (capacity 12): two decisions, one token each;
    only disciplines still held may be returned (no_token)."""

    def change(s: State) -> None:
        s.players[0].prestige = (5, 5, 3, 1)
        s.supply_prestige = [0, 0, 0, 0]

    state = act(edit(started(2, 0), change), "end")
    assert ("discard_prestige", 0) == (state.decision.kind, state.current_player)
    assert ["return astronomy", "return law", "return mathematics", "return theology"] == options(
        state
    )
    state = act(state, "return law")
    assert ("discard_prestige", 0) == (state.decision.kind, state.current_player)
    refused(state, "return law", ["no_token"])
    state = act(state, "return theology")
    assert (5, 4, 3, 0) == state.players[0].prestige
    assert (0, 1, 0, 1) == state.supply_prestige
    assert (1, "turn") == (state.current_player, state.decision.kind)


def test_stor_3_prestige_within_capacity_is_kept_and_one_choice_makes_itself() -> None:
    """STOR-3: 12 tokens with capacity 12 stay; 13 Astronomy tokens lose one without a question
    (a single possible answer)."""
    at_capacity = edit(started(2, 0), lambda s: setattr(s.players[0], "prestige", (6, 6, 0, 0)))
    state = act(at_capacity, "end")
    assert (6, 6, 0, 0) == state.players[0].prestige
    assert (1, "turn") == (state.current_player, state.decision.kind)

    def change(s: State) -> None:
        s.players[0].prestige = (13, 0, 0, 0)
        s.supply_prestige = replaced_at(s.supply_prestige, 0, 0)

    state = act(edit(started(2, 0), change), "end")
    assert (12, 0, 0, 0) == state.players[0].prestige
    assert 1 == state.supply_prestige[0]
    assert (1, "turn") == (state.current_player, state.decision.kind)


def test_turn_6_stor_4_majority_scorings_come_before_storage_limits() -> None:
    """TURN-6, STOR-4: at the end of the turn the triggered Book majority of Theology resolves
    first (player 0 wins region A's Astronomy Book), then extra Gold goes back."""

    def change(s: State) -> None:
        s.queues = replaced_at(
            s.queues, 1, ["law", "law", "mathematics", None, None, None]
        )  # space 2: Book majority
        s.spaces = with_item(s.spaces, "djenne-bottom", 0)
        s.players[0].pieces = adjusted(s.players[0].pieces, 1, -1)
        s.players[0].gold = 8

    state = act(edit(started(2, 0), change), "enrol theology")
    assert ("theology", "book", "theology:2") in state.pending_scorings
    assert (0, 0, 0, 1) == state.players[0].books
    state = act(state, "end")
    order = [k for k in kinds(state) if k in ("majority", "returned")]
    assert ["majority"] * 4 + ["returned"] == order
    assert (1, 0, 0, 1) == state.players[0].books
    assert 6 == state.players[0].gold


# ---- END-1, END-2, ENGINE-1: the end of the game -------------------------------------------------


def test_end_1_twelfth_numbered_cell_triggers_the_end_and_the_round_finishes() -> None:
    """END-1, END-2, SANK-9: the first player fills the 12th numbered cell; the other player
    still takes a turn, then the game is over."""
    state = fill_madrasa(sankore_queue(2), 11)
    state = act(state, "enrol mathematics")
    assert "end_triggered" in kinds(state)
    assert state.end_triggered
    last = RULES.numbered_cells[11]
    assert MadrasaTile("mat-supply-1", star=True) == state.madrasa[last]
    state = act(state, "end")
    assert (1, False) == (state.current_player, state.game_over)
    state = act(state, "end")
    assert sr.is_terminal(state)
    assert (None, None, []) == (state.current_player, state.decision, sr.legal_actions(state))
    assert [1, 1] == [pl.turns for pl in state.players]
    refused(state, sr.Action("end"), ["game_over"])


def test_end_2_triggered_by_the_last_player_of_the_round_ends_at_once() -> None:
    """END-2: the trigger in the turn of the player right of the first player: the game ends
    with that turn."""
    state = act(started(2, 0), "end")  # player 1 is the last of the round

    def change(s: State) -> None:
        s.queues = replaced_at(s.queues, 2, ["law", "law", "law", "astronomy", None, None])

    state = fill_madrasa(edit(state, change), 11)
    state = act(state, "enrol mathematics")
    assert state.end_triggered
    state = act(state, "end")
    assert state.game_over
    assert [1, 1] == [pl.turns for pl in state.players]


def test_end_2_three_players_trigger_mid_round() -> None:
    """END-2: 3 players, first player 2; player 0 triggers the end: player 1 plays, then the
    game ends before player 2 (the first player) plays again."""
    state = act(started(3, 0), "end")
    assert 0 == state.current_player

    def change(s: State) -> None:
        s.queues = replaced_at(
            s.queues, 2, ["law", "law", "law", "law", "mathematics", None, None]
        )  # space 4: Sankoré

    state = fill_madrasa(edit(state, change), 11)
    state = act(state, "enrol mathematics")
    assert state.end_triggered
    state = act(state, "end")
    assert (1, False) == (state.current_player, state.game_over)
    state = act(state, "end")
    assert state.game_over
    assert [1, 1, 1] == [pl.turns for pl in state.players]


def test_turn_2_end_1_players_who_only_pass_play_on() -> None:
    """TURN-2, END-1: a turn may hold no main action, and passing never ends the game: after
    three rounds of ``end`` the Madrasa is not full, so the game goes on."""
    state = act(started(2, 0), *["end"] * 6)
    assert (False, False, None) == (state.end_triggered, state.game_over, state.end_cause)
    assert ([3, 3], 0) == ([pl.turns for pl in state.players], state.current_player)


def test_turn_2_exchange_a_favour_alone_does_not_end_the_game() -> None:
    """TURN-2, END-1: rounds of nothing but Exchange a Favour do not end the game either."""
    state = act(started(2, 0), "favour return", "end", "favour return", "end")
    assert (False, False) == (state.end_triggered, state.game_over)


def dead(s: State) -> None:
    """A position no main action but Exchange a Favour can ever leave (ENGINE-1): the queues
    and the market are empty, every Student sits on a topmost space, no Graduation tile is
    left, no Inspiration, Favour discs on their first space, no Objective card in hand."""
    s.queues = [[None] * len(q) for q in s.queues]
    s.market = [MarketColumn(None, (), None, (), None) for _ in s.market]
    s.graduation = []
    for pl, space in zip(s.players, ("s4a", "s4b"), strict=True):
        pl.students = {space: "law"}
        pl.inspiration = 0
        pl.favour_pos = 0
        pl.objectives = ()


def test_engine_1_a_deadlock_triggers_the_end_and_the_round_is_played_out() -> None:
    """ENGINE-1, END-2: player 0 ends a turn in a dead position: the end is triggered for that
    cause; player 1 still plays, then the game is over."""
    state = act(edit(started(2, 0), dead), "end")
    assert (True, "deadlock", False) == (state.end_triggered, state.end_cause, state.game_over)
    [event] = [e for e in state.events if e.kind == "end_triggered"]
    assert "deadlock" == event.detail["cause"]
    assert not can_progress(RULES, state)
    state = act(state, "end")
    assert (True, [1, 1]) == (state.game_over, [pl.turns for pl in state.players])


def library_full(s: State) -> None:
    """Every Library slot holds a Book: nothing can be contributed (AMB-25)."""
    s.library = [["law"] * shelf.slots for shelf in RULES.library_sides[s.library_side].shelves]


def queue_student(s: State) -> None:
    s.queues = replaced_at(s.queues, 0, replaced_at(s.queues[0], 0, "law"))


def market_tile(s: State) -> None:
    s.market = replaced_at(s.market, 3, MarketColumn(None, (), None, (), "law-1a"))


def under_a_class(s: State) -> None:
    s.players[0].students = with_item(
        s.players[0].students, "s1a", "law"
    )  # under ast-1c, player 0's class on c1a


def transfer_with_inspiration(s: State) -> None:
    s.players[0].students = with_item(
        s.players[0].students, "s1c", "law"
    )  # no class on c1b; s1a, under c1a's class, is empty
    s.players[0].inspiration = 1


def transfer_without_inspiration(s: State) -> None:
    s.players[0].students = with_item(s.players[0].students, "s1c", "law")


def transfer_with_inspiration_on_the_track(s: State) -> None:
    s.players[0].students = with_item(s.players[0].students, "s1c", "law")
    s.players[0].favour_pos = 6  # space 7: 1 Inspiration


def free_establish_within_reach(s: State) -> None:
    market_tile(s)
    library_full(s)
    s.players[0].students = with_item(
        s.players[0].students, "s1c", "law"
    )  # c1b has no class; a free Establish can put one
    s.players[0].favour_pos = 4  # space 5: Establish without a Book


def market_tile_no_book(s: State) -> None:
    market_tile(s)
    for pl in s.players:
        pl.books = (0, 0, 0, 0)


def market_tile_book_by_writing(s: State) -> None:
    market_tile_no_book(s)
    s.players[1].inspiration = 1  # Write a Book (BONUS-4)


def market_tile_book_on_the_track(s: State) -> None:
    market_tile_no_book(s)
    s.players[1].favour_pos = 1  # space 2: a Book of any discipline


def market_tile_supply_empty(s: State) -> None:
    market_tile_book_by_writing(s)
    s.supply_books = replaced_at(s.supply_books, RULES.discipline_index["law"], 0)


def book_card_in_hand(s: State) -> None:
    market_tile_no_book(s)
    s.players[1].objectives = (14,)  # a Book each turn, once a level-3 Graduation tile is held


def book_card_completed(s: State) -> None:
    market_tile_no_book(s)
    s.players[1].completed = (14,)


def graduation_tile_no_book(s: State) -> None:
    graduation_tile(s)
    for pl in s.players:
        pl.books = (0, 0, 0, 0)


def market_tile_library_full(s: State) -> None:
    market_tile(s)
    library_full(s)
    s.players[0].students = with_item(s.players[0].students, "s1c", "law")


def graduation_tile(s: State) -> None:
    s.graduation = ["grad-law-1"]


def graduation_tile_library_full(s: State) -> None:
    graduation_tile(s)
    library_full(s)


def graduation_tile_free_graduate(s: State) -> None:
    graduation_tile_library_full(s)
    s.players[0].favour_pos = 11  # space 12: Graduate without a Book


def advance_card_completable(s: State) -> None:
    transfer_without_inspiration(s)
    s.players[0].objectives = (17,)  # round ability: advance the Favour disc
    s.players[0].skills = replaced_at(
        s.players[0].skills, 3, ("gold", "gold", "gold")
    )  # its requirement: 3 Law Skill tiles


def advance_card_out_of_reach(s: State) -> None:
    transfer_without_inspiration(s)
    s.players[0].objectives = (17,)  # 3 Law Skill tiles can only come from main actions


@pytest.mark.parametrize(
    ("change", "progress"),
    [
        (queue_student, True),
        (market_tile, True),
        (under_a_class, True),
        (transfer_with_inspiration, True),
        (transfer_without_inspiration, False),
        (transfer_with_inspiration_on_the_track, True),
        (free_establish_within_reach, True),
        (market_tile_library_full, False),
        (market_tile_no_book, False),
        (market_tile_book_by_writing, True),
        (market_tile_book_on_the_track, True),
        (market_tile_supply_empty, False),
        (book_card_in_hand, False),
        (book_card_completed, True),
        (graduation_tile_no_book, False),
        (graduation_tile, True),
        (graduation_tile_library_full, False),
        (graduation_tile_free_graduate, True),
        (advance_card_completable, True),
        (advance_card_out_of_reach, False),
    ],
    ids=lambda v: getattr(v, "__name__", str(v)),
)
def test_engine_1_what_keeps_a_game_alive(change: Callable[[State], None], progress: bool) -> None:
    """ENGINE-1: each way a main action other than Exchange a Favour may still come keeps the
    game going, and only those: a queue Student (Enrol); a market tile with room in the Library
    and a Book of its discipline held or within reach (Establish); a Student under a Class
    tile, or one a Transfer with Inspiration in hand or on the Favour track could bring there,
    or one a free Establish within reach could put a Class above (Teach); a Graduation tile for
    a Student above the bottom row, with room in the Library and a Book, or the free Graduate
    within reach; an Objective card whose round ability brings what is missing (the disc's
    advance, a Book), when it is completed or can still be completed with what is in reach."""
    state = edit(edit(started(2, 0), dead), change)
    assert progress == can_progress(RULES, state)
    state = act(state, "end")
    assert (not progress) == state.end_triggered


def test_engine_1_a_player_with_no_graduation_slot_cannot_graduate() -> None:
    """ENGINE-1, GRAD-6: a Graduation tile is left, but every slot of the one player with a
    Student above the bottom row is full."""

    def slots_full(s: State) -> None:
        graduation_tile(s)
        s.players[1].students = {}
        s.players[0].graduations = tuple(Graduated(f"grad-the-{i}", None) for i in range(1, 5))

    assert not can_progress(RULES, edit(edit(started(2, 0), dead), slots_full))


# ---- the turn-limit variant ----------------------------------------------------------------------


def test_turn_limit_ends_the_game_after_that_many_turns_each() -> None:
    """The turn-limit variant: with ``turn_limit=2`` the end is triggered as the first player
    ends a second turn, and the round is played out (END-2)."""
    state = sr.new_game(players=3, seed=4, turn_limit=2)
    assert 2 == state.turn_limit
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    state = act(state, "end", "end", "end", "end")
    assert (True, "turn_limit", False) == (state.end_triggered, state.end_cause, state.game_over)
    state = act(state, "end", "end")
    assert (True, [2, 2, 2]) == (state.game_over, [pl.turns for pl in state.players])


def test_turn_limit_is_off_by_default_and_checked() -> None:
    """The variant is never on by default, and a limit must be a positive whole number."""
    assert None is sr.new_game(players=2, seed=1).turn_limit
    for bad in (0, -3, 2.5, True, "10"):
        with pytest.raises(ValueError, match="turn_limit"):
            sr.new_game(players=2, seed=1, turn_limit=bad)  # type: ignore[arg-type]


def test_turn_limit_is_kept_in_json_and_shown_by_observation() -> None:
    """The variant is part of the state: JSON keeps it and every player sees it."""
    state = sr.new_game(players=2, seed=1, turn_limit=25)
    assert 25 == sr.from_json(sr.to_json(state)).turn_limit
    assert [25, 25] == [sr.observation(state, p)["turn_limit"] for p in (0, 1)]
