"""The observation tensor kept piece by piece (issue 29) equals the one written whole.

Sankoré's layout keeps each piece of a state's view and rewrites only what changed since the
seat's previous state; the AI door keeps each seat's previous tensor and rewrites only the
parts that changed. These tests hold both to the writer they replaced
(``tests/ai_tensor_reference.py``), value for value, on every state of whole games seen from
every seat: played in order, interleaved with other games (as a vectorised environment steps
them), and revisited out of order (as a search does). So the faster tensor shows exactly what
the old one did: the viewer's own hand only (OBJ-1), the Scholar's deck and bag counted only
(SOLO-SET-8, SOLO-SET-9), the piles' tops and sizes (SETUP-C-15, EST-2).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import sankore_rules as sr
from ai_tensor_reference import reference_tensor
from sankore_rules.core.shared import ReadOnlyDict
from sankore_rules.core.tasks import Task
from sankore_rules.interfaces.ai.tensors import TensorWriter, _moves, _turn, observation_tensor
from sankore_rules.sankore.agents import tensor_layout
from sankore_rules.sankore.agents.fields import Keyed, Memo
from sankore_rules.sankore.state import State
from strategies import LIBRARY_SIDES, PLAYER_COUNTS, Setup, play

RULES = sr.load_rules()


def game_states(setup: Setup, choice_seed: int) -> list[State]:
    """Every state of one random game, in order, the final one included."""
    states: list[State] = []
    game = play(setup, choice_seed, on_step=lambda s, _legal: states.append(s))
    assert game.final is not None
    return [*states, game.final]


GAMES = {
    (players, library): game_states(Setup(players, 97 + players, library), 5 * players)
    for players in PLAYER_COUNTS
    for library in LIBRARY_SIDES
}
SOLO = {
    scholar: game_states(Setup(1, 41, "three_shelf", scholar=scholar), 7)
    for scholar in ("easy", "very_hard")
}


def assert_equal_to_reference(tensor: np.ndarray, state: State, viewer: int) -> None:
    expected = np.array(reference_tensor(state, viewer), dtype=np.float32)
    assert tensor.dtype == np.float32
    assert np.array_equal(expected, tensor), np.flatnonzero(expected != tensor)[:10]


@pytest.mark.parametrize(("players", "library"), sorted(GAMES))
def test_every_state_in_order_equals_the_reference(players: int, library: str) -> None:
    """OBJ-1, SETUP-C-15: each seat's tensor, decision after decision, is the old one."""
    for state in GAMES[players, library]:
        for viewer in range(state.player_count):
            assert_equal_to_reference(observation_tensor(state, viewer), state, viewer)


@pytest.mark.parametrize("scholar", sorted(SOLO))
def test_every_solo_state_equals_the_reference(scholar: str) -> None:
    """SOLO-SET-8, SOLO-SET-9: the Scholar's board, counted not shown, as the old tensor."""
    for state in SOLO[scholar]:
        for viewer in range(state.player_count):
            assert_equal_to_reference(observation_tensor(state, viewer), state, viewer)


def test_interleaved_and_revisited_states_equal_the_reference() -> None:
    """OBJ-1: games stepped side by side, and states seen out of order, change nothing."""
    games = [*GAMES.values(), *SOLO.values()]
    rng = random.Random(29)
    writer = TensorWriter(tensor_layout(RULES))
    for _ in range(1500):
        slot = rng.randrange(len(games))
        state = games[slot][rng.randrange(len(games[slot]))]
        viewer = rng.randrange(state.player_count)
        assert_equal_to_reference(writer.tensor(state, viewer, slot=slot % 3), state, viewer)
        assert_equal_to_reference(observation_tensor(state, viewer), state, viewer)


def test_a_handed_out_tensor_is_not_rewritten_later() -> None:
    """The door hands out copies: a tensor taken earlier still shows its own state."""
    states = GAMES[4, "three_shelf"][100:140]
    taken = [observation_tensor(state, 0) for state in states]
    for state, tensor in zip(states, taken, strict=True):
        assert_equal_to_reference(tensor, state, 0)


def test_the_layout_writes_a_plain_list_like_the_reference() -> None:
    """The protocol's ``write`` into a list of floats gives the old values too (no numpy)."""
    layout = tensor_layout(RULES)
    for state in GAMES[3, "six_shelf"][::40]:
        for viewer in range(state.player_count):
            out = [0.0] * layout.size
            layout.write(state, viewer, out)
            assert_equal_to_reference(np.array(out, dtype=np.float32), state, viewer)


def test_a_draft_edited_between_calls_is_seen_as_it_is_now() -> None:
    """OBJ-1: a draft (``clone()``) may change after it is written; the next tensor shows it
    as it is then, the hand included, and a sealed state after it is written right too."""
    writer = TensorWriter(tensor_layout(RULES))
    state = GAMES[3, "three_shelf"][60]
    draft = state.clone()
    assert_equal_to_reference(writer.tensor(draft, 0), draft, 0)
    draft.players[0].gold = 7
    draft.players[0].objectives = draft.players[0].objectives[:1]
    free = next(space for space in RULES.area_spaces if space not in draft.spaces)
    draft.spaces = {**draft.spaces, free: 2}
    assert_equal_to_reference(writer.tensor(draft, 0), draft, 0)
    del draft.spaces[free]  # changed in place: the same object, another content
    assert_equal_to_reference(writer.tensor(draft, 0), draft, 0)
    following = GAMES[3, "three_shelf"][61]
    assert_equal_to_reference(writer.tensor(following, 0), following, 0)


def test_a_draft_decision_edited_in_place_is_seen_as_it_is_now() -> None:
    """A draft's pending decision may be edited in place between two calls: the tensor shows
    the discipline it names now (not one answered for the same object before), and the
    sealed states around it are written right."""
    writer = TensorWriter(tensor_layout(RULES))
    states = GAMES[3, "three_shelf"]
    state = states[13]
    task = state.decision
    assert task is not None and task.args["discipline"] == "astronomy"
    viewer = task.player
    assert_equal_to_reference(writer.tensor(state, viewer), state, viewer)
    draft = state.clone()
    edited = Task(task.kind, task.player, dict(task.args))
    draft.agenda = (*draft.agenda[:-1], edited)
    assert_equal_to_reference(writer.tensor(draft, viewer), draft, viewer)
    edited.args["discipline"] = "law"  # type: ignore[index]  # the same object, edited
    assert_equal_to_reference(writer.tensor(draft, viewer), draft, viewer)
    layout = tensor_layout(RULES)
    law = layout.offsets["decision.discipline"][0] + layout.ix.disc["law"]
    assert writer.tensor(draft, viewer)[law] == 1.0
    for following in states[14:20]:
        assert_equal_to_reference(writer.tensor(following, viewer), following, viewer)


def test_a_mapping_rewritten_key_by_key_equals_the_new_one_written_whole() -> None:
    """``Keyed.diff``: keys gone, come, moved to another place in the order or given another
    value (equal or not) leave ``out`` as writing the new mapping whole would."""
    positions = {key: k * 10 for k, key in enumerate("abcdefgh")}

    def put(out: list[float], _seen: object, entry: tuple[str, int], on: float) -> None:
        key, value = entry
        out[positions[key] + value % 10] = on

    known = Memo(put, None)
    pairs = [
        ({"a": 1, "b": 2}, {"a": 1, "b": 3}),  # a value changed
        ({"a": 1, "b": 2}, {"a": 1, "b": 2, "c": 4}),  # a key come
        ({"a": 1, "b": 2, "c": 4}, {"a": 1, "c": 4}),  # a key gone
        ({"a": 1, "b": 2, "c": 4}, {"c": 5, "a": 1, "d": 2}),  # moved, gone, come
        ({}, {"e": 7, "f": 8}),
        ({"g": 1, "h": 2}, {}),
        ({"a": 1001}, {"a": int("1001")}),  # an equal value that is another object
    ]
    # (A literal such as ``1001 + 0`` is folded into the same constant object as ``1001``.)
    assert pairs[-1][0]["a"] is not pairs[-1][1]["a"]
    for old, new in pairs:
        out = [0.0] * 80
        Keyed.all(known, out, ReadOnlyDict(old), 1.0)
        Keyed.diff(known, out, ReadOnlyDict(old), ReadOnlyDict(new))
        expected = [0.0] * 80
        Keyed.all(known, expected, ReadOnlyDict(new), 1.0)
        assert out == expected, (old, new)


def test_one_buffer_follows_games_of_every_shape() -> None:
    """A seat's kept tensor moves between player counts, the solo game and new games and
    shows each state exactly (seats from the viewer, OBJ-1; the Scholar's board, SOLO-SET-9)."""
    writer = TensorWriter(tensor_layout(RULES))
    order = [
        GAMES[2, "three_shelf"][10],
        GAMES[4, "six_shelf"][200],
        SOLO["easy"][30],
        GAMES[4, "six_shelf"][201],
        GAMES[2, "three_shelf"][-1],
        SOLO["very_hard"][-1],
        GAMES[3, "six_shelf"][0],
    ]
    for state in order:
        assert_equal_to_reference(writer.tensor(state, 1), state, 1)


@pytest.mark.parametrize(("players", "library"), [(3, "six_shelf"), (4, "three_shelf")])
def test_a_seat_started_from_the_last_seats_tensor_equals_the_reference(
    players: int, library: str
) -> None:
    """OBJ-1: a seat's tensor made from the tensor of the seat written before it (turned to
    its seat, the two hands swapped) is the old one, on every state of a game asked for the
    deciding seat only, as an environment asks; and the turned start is taken."""
    layout = tensor_layout(RULES)
    writer = TensorWriter(layout)
    adopted: list[int] = []
    adopt = layout.adopt

    def spy(state: State, player: int, out: object, source: object) -> object:
        adopted.append(player)
        return adopt(state, player, out, source)  # type: ignore[arg-type]

    layout.adopt = spy  # type: ignore[method-assign]
    try:
        for state in GAMES[players, library]:
            viewer = state.current_player if state.current_player is not None else 0
            assert_equal_to_reference(writer.tensor(state, viewer), state, viewer)
    finally:
        del layout.adopt  # type: ignore[method-assign]
    # Each seat's first tensor at least starts from another's: every seat but the first.
    assert len(set(adopted)) == players
    assert len(adopted) >= players - 1


def test_a_turned_view_takes_each_seat_row_from_the_other_seat() -> None:
    """Seen from seat b, row s of a seat axis is row (s + shift) % n of the view from seat
    b - shift; turning by 0 takes every value from where it is."""
    layout = tensor_layout(RULES)
    assert all(sources == list(range(lo, hi)) for lo, hi, sources in layout.seat_turn(3, 0))
    spans = {lo: (hi, sources) for lo, hi, sources in layout.seat_turn(3, 1)}
    start = {p.name: p.start for p in layout.parts}
    # ``seat.present`` (4 seats) opens the first span: rows 0, 1, 2 from rows 1, 2, 0; the
    # fourth seat, past the player count, stays.
    assert spans[0][1][:4] == [start["seat.present"] + k for k in (1, 2, 0, 3)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_turned_buffer_is_made_by_its_slice_copies_and_gathers(players: int) -> None:
    """The door turns a buffer with slice copies where a row moves whole and one gather of
    the rest that moves (``_moves``, ``_turn``): the same values as taking every position from
    its source."""
    layout = tensor_layout(RULES)
    source = np.arange(layout.size, dtype=np.float32)
    for shift in range(players):
        expected = source.copy()
        for lo, hi, sources in layout.seat_turn(players, shift):
            expected[lo:hi] = source[sources]
        turned = np.full(layout.size, -1.0, dtype=np.float32)
        moves = _moves(layout.seat_turn(players, shift))
        _turn(moves, source, source.data, turned, turned.data)
        assert np.array_equal(expected, turned)
        # Turning by 0 moves nothing; otherwise the player boards' rows move whole, and the
        # rest that moves is gathered in one call.
        assert (moves == ([], None, None)) == (shift == 0)
        assert shift == 0 or (moves.slices and moves.into is not None)
