"""Five Tribes moves (RULES-CHECKLIST 18: FT-ACT-3..9, FT-END-1; rulings FT-ENGINE-2,
FT-ENGINE-3, FT-ENGINE-5)."""

from __future__ import annotations

from sankore_rules.core.shared import removed
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.state import Move
from tribes_positions import TRIBES, arrive, ask, codes, deal, legal, on, play, position, put


def test_ft_act_3_to_5_which_tiles_and_drops_are_legal() -> None:
    """FT-ACT-3, FT-PUB-8: a tile with meeples is picked up whole. FT-ACT-4: drops go one per
    tile to an orthogonal neighbour. FT-ACT-5: the last lands on its colour; a pick or drop
    that cannot end so is refused."""
    state = position()
    put(state, "b2", "red", "blue")
    put(state, "c3", "blue")
    put(state, "a2", "yellow")
    state.agenda = (Task("pick", 0),)
    assert legal(state) == ["pick b2"]
    assert codes(state, "pick c3") == ["no_way"]  # one blue: no neighbour holds blue
    assert codes(state, "pick a2") == ["no_way"]
    assert codes(state, "pick d4") == ["empty_tile"]
    assert codes(state, "pick z9") == ["no_such_option"]
    state = play(state, "pick b2")
    assert on(state, "b2") == {}
    assert state.move == Move(7, 7, -1, (0, 0, 0, 1, 1))
    # Only red first, to b3 or c2, lets the blue end on c3's blue.
    assert legal(state) == ["drop b3 red", "drop c2 red"]
    assert codes(state, "drop a1 red") == ["not_adjacent"]  # diagonal
    assert codes(state, "drop b3 blue") == ["dead_end"]
    assert codes(state, "drop a2 red") == ["dead_end"]
    assert codes(state, "drop b3 green") == ["not_in_hand"]


def test_ft_act_6_and_7_the_colour_is_taken_and_an_emptied_tile_takes_a_camel() -> None:
    """FT-ACT-6: the last meeple and all of its colour on the tile are taken. FT-ACT-7: the
    emptied tile takes the player's camel."""
    state = position()
    put(state, "b2", "red", "blue")
    put(state, "c3", "blue")
    state.agenda = (Task("pick", 0),)
    state = play(state, "pick b2", "drop c2 red")  # the blue then has one way: c3
    assert on(state, "c2") == {"red": 1}
    assert on(state, "c3") == {}
    assert state.camels[TRIBES.cell_index["c3"]] == 0
    assert state.players[0].camels == 10
    kinds = [e.kind for e in state.events]
    assert kinds[:4] == ["drop", "drop", "take", "camel"]
    assert state.events[2].detail == {"cell": "c3", "colour": "blue", "count": 2}


def test_ft_act_4_no_going_straight_back() -> None:
    """FT-ACT-4, ruling FT-ENGINE-2: a step back to the tile just left is refused."""
    state = position()
    put(state, "b4", "white")
    state.move = Move(TRIBES.cell_index["b2"], TRIBES.cell_index["b3"], TRIBES.cell_index["b2"],
                      (0, 2, 0, 0, 0))  # fmt: skip
    state.bag = (16, 18, 18, 18, 18)
    state.agenda = (Task("drop", 0),)
    assert codes(state, "drop b2 white") == ["going_back"]
    assert "drop b2 white" not in legal(state)


def test_ft_engine_2_a_loop_may_end_on_a_tile_the_move_passed() -> None:
    """Ruling FT-ENGINE-2: with two reds in hand and no red anywhere, the move can still end by
    dropping a red on a tile and coming back to it by a loop of four steps."""
    state = position()
    put(state, "b2", "red", "red", "green", "yellow", "white")
    state.agenda = (Task("pick", 0),)
    assert legal(state) == ["pick b2"]
    state = play(state, "pick b2")
    while state.move is not None:
        state = play(state, legal(state)[0])
    take = next(e for e in state.events if e.kind == "take")
    assert take.detail["colour"] == "red" and take.detail["count"] == 2
    put_back = position()
    put_back.agenda = (Task("pick", 0),)
    put(put_back, "d5", "yellow", "white")  # two colours, one each, no match anywhere
    assert codes(put_back, "pick d5") == ["no_way"]


def test_ft_engine_3_a_player_without_camels_leaves_the_tile_free() -> None:
    """Ruling FT-ENGINE-3: the emptied tile stays free when its player has no camel left."""
    state = position()
    state.players[0].camels = 0
    state.camels = (0,) * 11 + state.camels[11:]
    put(state, "c3", "blue")
    state = arrive(state, "c2", "c3", "blue")
    assert on(state, "c3") == {} and state.camels[TRIBES.cell_index["c3"]] is None


def test_ft_act_8_colour_then_tile_then_selling() -> None:
    """FT-ACT-8, FT-PUB-10: after the take, the colour's effect (Builders ask for Fakirs), then
    the tile's action, then selling."""
    state = position()
    state.players[0].fakirs = 1
    state.deck = removed(state.deck, "fakir")
    put(state, "c3", "blue", "yellow")
    state = arrive(state, "c2", "c3", "blue")
    assert state.decision == Task("builders", 0, {"cell": 14, "count": 2, "factor": 1})
    assert [t.kind for t in reversed(state.agenda)] == ["builders", "tile", "sell"]


def test_ft_act_9_selling_comes_at_the_end_of_the_turn() -> None:
    """FT-ACT-9 (ruling FT-AMB-6): the sell decision lists every set of different goods held."""
    state = position()
    deal(state, 0, "gold", "silk", "gold")
    state = ask(state, "sell", 0)
    assert legal(state) == ["sell gold+silk", "sell gold", "sell silk", "end"]
    assert codes(state, "sell gold+gold") == ["not_different"]
    assert codes(state, "sell ivory") == ["not_held"]


def test_ft_end_1_the_last_camel_ends_the_game_at_the_end_of_the_round() -> None:
    """FT-END-1, FT-PUB-20: placing one's last camel triggers the end; the player finishes the
    turn and the round is played out first."""
    state = position()
    state.players[0].camels = 1
    state.camels = (0,) * 10 + state.camels[10:]
    state.bid_order_track = [1, 3, 0, None]
    state.turn_order_track = [None, None, None, 2, None, None, None, None, None]
    put(state, "c3", "yellow")
    put(state, "d1", "green")
    put(state, "d2", "green")
    below = (Task("round_end", -1), Task("turn", 1, {"marker": 2}))
    state = arrive(state, "c2", "c3", "yellow", below=below)
    assert state.end_triggered and state.end_cause == "last_camel"
    assert state.players[0].camels == 0
    # The Village's palace is placed (compulsory, FT-PUB-13); nothing to sell: the turn ends.
    assert state.palaces[TRIBES.cell_index["c3"]] == 1
    assert state.decision == Task("pick", 1) and not state.game_over
    assert legal(state) == ["pick d1", "pick d2"]
    state = play(state, "pick d1")
    while state.decision is not None:
        state = play(state, legal(state)[-1])  # skip, end
    assert state.game_over and state.round == 1
    assert state.events[-1].kind == "game_over"


def test_ft_engine_5_no_legal_move_ends_the_game_at_the_round_end() -> None:
    """FT-END-1, FT-PUB-21, ruling FT-ENGINE-5: when the player to move has no legal move, the
    end is triggered; the player, holding no Djinn, has nothing to do; the round ends and the
    game with it, with no further bid."""
    state = position()
    put(state, "a1", "yellow")
    put(state, "e6", "white")
    state.bid_order_track = [None, 1, 2, 3]
    state.turn_order_track = [0, None, None, None, None, None, None, None, None]
    state.agenda = (Task("round_end", -1),)
    state = ask(state, "turn", 0, marker=0)
    assert state.game_over and state.end_cause == "no_move" and state.round == 1
    assert state.decision is None
    assert [e.kind for e in state.events] == [
        "turn", "end_triggered", "no_move", "game_over"
    ]  # fmt: skip
