"""Observation tensors and strings (issue 13): a fixed shape, and nothing hidden in them.

The leak test of ``test_observation.py`` extended to the tensor: two states that differ only
in what a player may not see (the other players' Objective cards, the order of the market's
piles below their tops, the seed; OBJ-1, SETUP-C-15) give that player the same tensor and the
same strings, while the players who can see the difference get different ones.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import sankore_rules as sr
from sankore_rules.core.information import adopt
from sankore_rules.interfaces.ai.tensors import (
    information_state_string,
    observation_string,
    observation_tensor,
)
from sankore_rules.sankore.agents import tensor_layout
from sankore_rules.sankore.state import MarketColumn, State
from strategies import (
    LIBRARY_SIDES,
    PLAYER_COUNTS,
    Setup,
    choice_seeds,
    copy_tables,
    edit_table,
    play,
    property_settings,
    setups,
)
from test_ai_games import assert_solo_hides

RULES = sr.load_rules()
LAYOUT = tensor_layout(RULES)
#: The bundled ruleset's tensor length; a change of layout is made on purpose. The segments of
#: a game of 2-4 players fill the first ``PLAYERS_SIZE`` values, the solo game's come after.
BUNDLED_SIZE = 7081  # issue 39: the chance steps (6 of them, the setup's 2) among the decisions
PLAYERS_SIZE = 6654


def moments(players: int, library: str, seed: int) -> list[State]:
    """A game's states: the start, every 25th decision, the end."""
    states: list[State] = []
    game = play(
        Setup(players, seed, library),
        choice_seed=seed,
        on_step=lambda s, _legal: states.append(s),
    )
    assert game.final is not None
    return [*states[::25], game.final]


GAMES = {
    (players, library): moments(players, library, 31 * players + len(library))
    for players in PLAYER_COUNTS
    for library in LIBRARY_SIDES
}


def hidden_variant(state: State, viewer: int) -> State:
    """``state`` changed only where ``viewer`` cannot see: the other players' hands dealt
    afresh from their cards and the undealt ones, each market pile reordered below its top,
    another seed."""
    variant = state.clone()
    others = [p for p in range(state.player_count) if p != viewer]
    held = {c for pl in state.players for c in (*pl.objectives, *pl.completed)}
    pool = [c for p in others for c in state.players[p].objectives]
    pool += [c for c in sorted(RULES.objective_cards) if c not in held]
    pool = pool[1:] + pool[:1]  # every hand of two or more cards changes
    for p in others:
        k = len(state.players[p].objectives)
        variant.players[p].objectives, pool = pool[:k], pool[k:]
    variant.market = [
        MarketColumn(
            c.level3,
            c.pile2[:1] + c.pile2[:0:-1],
            c.shown2,
            c.pile1[:1] + c.pile1[:0:-1],
            c.shown1,
        )
        for c in state.market
    ]
    variant.seed = state.seed + 1
    return variant


def assert_nothing_hidden_leaks(state: State) -> None:
    for viewer in range(state.player_count):
        variant = hidden_variant(state, viewer)
        assert sr.to_json(variant) != sr.to_json(state)  # the variant is another state
        assert sr.observation(variant, viewer) == sr.observation(state, viewer)
        assert np.array_equal(
            observation_tensor(state, viewer), observation_tensor(variant, viewer)
        )
        assert observation_string(state, viewer) == observation_string(variant, viewer)
        # A variant made by hand has no history: it takes the viewer's, as a sampler's does.
        adopt(variant, sr.information_state(state, viewer))
        assert information_state_string(state, viewer) == information_state_string(variant, viewer)
        for other in range(state.player_count):
            hand, changed = state.players[other].objectives, variant.players[other].objectives
            if other != viewer and sorted(hand) != sorted(changed):
                # The holder sees their own hand, so their tensor tells the two states apart.
                assert not np.array_equal(
                    observation_tensor(state, other), observation_tensor(variant, other)
                )


# ---- nothing hidden --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "library"), sorted(GAMES))
def test_tensor_hides_what_observation_hides(players: int, library: str) -> None:
    """OBJ-1, SETUP-C-15, EST-2: hands, pile order and seed change nothing a player sees."""
    for state in GAMES[players, library]:
        assert_nothing_hidden_leaks(state)


@property_settings(max_examples=15)
@given(setup=setups(), choice_seed=choice_seeds(), cut=st.integers(0, 400))
def test_prop_tensor_hides_at_random_points(setup: Setup, choice_seed: int, cut: int) -> None:
    state = play(setup, choice_seed, max_decisions=cut).final
    assert state is not None
    if state.solo is not None:  # the Scholar's hidden parts: see test_ai_games.py
        assert_solo_hides(state)
        return
    assert_nothing_hidden_leaks(state)


def test_hand_is_seen_by_its_holder_only() -> None:
    """OBJ-1: seat 0 (the viewer) shows the viewer's cards; the others, only how many."""
    state = GAMES[3, "three_shelf"][1]
    for viewer in range(3):
        views = LAYOUT.views(observation_tensor(state, viewer))
        hand = [str(c) for c in sorted(state.players[viewer].objectives)]
        cards = LAYOUT.parts[[name for name, _ in LAYOUT.segments].index("player.hand")].labels[1]
        assert hand == [c for c, on in zip(cards, views["player.hand"][0], strict=True) if on]
        assert 0 == views["player.hand"][1:].sum()
        sizes = [len(state.players[(viewer + k) % 3].objectives) / 4 for k in range(3)]
        assert sizes == pytest.approx(views["player.hand_size"][:3].tolist())


# ---- shape and content -----------------------------------------------------------------------


def test_shape_and_dtype_are_fixed_for_the_ruleset() -> None:
    """One length for every player count, Library side and moment of the game."""
    assert BUNDLED_SIZE == LAYOUT.size
    assert LAYOUT.parts[-1].stop == LAYOUT.size
    for states in GAMES.values():
        for state in states:
            for viewer in range(state.player_count):
                tensor = observation_tensor(state, viewer)
                assert ((BUNDLED_SIZE,), np.float32) == (tensor.shape, tensor.dtype)
                assert 0.0 <= float(tensor.min()) and float(tensor.max()) <= 1.0


def test_segments_tile_the_tensor() -> None:
    starts = [s.start for s in LAYOUT.parts]
    stops = [s.stop for s in LAYOUT.parts]
    assert starts[1:] == stops[:-1]
    assert all(s.size == int(np.prod(s.shape)) for s in LAYOUT.parts)
    assert len({s.name for s in LAYOUT.parts}) == len(LAYOUT.parts)
    assert [(s.name, s.size) for s in LAYOUT.parts] == list(LAYOUT.segments)
    solo = [s.start for s in LAYOUT.parts if s.name.startswith("solo.")]
    assert PLAYERS_SIZE == solo[0]
    assert LAYOUT.parts[-1].stop == BUNDLED_SIZE


def test_a_game_of_players_leaves_the_solo_segments_zero() -> None:
    """The solo segments come last and stay zero in a game of 2-4 players."""
    for states in GAMES.values():
        for state in states[:3]:
            assert 0 == observation_tensor(state, 0)[PLAYERS_SIZE:].sum()


def test_players_are_seen_from_the_viewers_seat() -> None:
    """Seat 0 is the viewer, seat 1 the next player: one network plays any seat."""
    state = GAMES[4, "six_shelf"][2]
    limit = RULES.limits.books_per_discipline
    for viewer in range(4):
        views = LAYOUT.views(observation_tensor(state, viewer))
        assert [1, 1, 1, 1] == views["seat.present"].tolist()
        for seat in range(4):
            p = (viewer + seat) % 4
            books = [b / limit for b in state.players[p].books]
            assert books == pytest.approx(views["player.books"][seat].tolist())
        first = (state.first_player - viewer) % 4
        assert [float(s == first) for s in range(4)] == views["seat.first"].tolist()
        deciding = (state.current_player - viewer) % 4  # type: ignore[operator]
        assert 1.0 == views["seat.deciding"][deciding]


def test_absent_seats_are_zero() -> None:
    state = GAMES[2, "three_shelf"][1]
    views = LAYOUT.views(observation_tensor(state, 1))
    assert [1, 1, 0, 0] == views["seat.present"].tolist()
    for s in LAYOUT.parts:
        if s.axes[0] == "seat":
            assert 0 == views[s.name][2:].sum(), s.name


def test_market_shows_pile_tops_and_sizes() -> None:
    """SETUP-C-15, EST-2: the top of each pile and how many tiles it holds."""
    state = GAMES[3, "six_shelf"][0]
    views = LAYOUT.views(observation_tensor(state, 0))
    tiles = [c.id for c in RULES.tables.classes.advanced]
    for col, column in enumerate(state.market):
        shown = {tiles[int(i)] for i in np.flatnonzero(views["market"][col].sum(axis=0))}
        assert set(column.visible()) == shown
        scale = RULES.counts.advanced_classes_per_discipline
        assert [len(column.pile2) / scale, len(column.pile1) / scale] == pytest.approx(
            views["market.piles"][col].tolist()
        )


def test_a_player_outside_the_game_is_refused() -> None:
    state = GAMES[2, "three_shelf"][0]
    for player in (-1, 2, True, "0", None):
        with pytest.raises(ValueError, match="player"):
            observation_tensor(state, player)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="player"):
            observation_string(state, player)  # type: ignore[arg-type]


def test_a_corrected_ruleset_gets_its_own_tensor_layout(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, "player_board", lambda data: data.update(graduation_slots=5))
    corrected = sr.load_rules(folder)
    layout = tensor_layout(corrected)
    assert layout.size > LAYOUT.size
    state = sr.new_game(players=3, seed=2, rules=corrected)
    assert (layout.size,) == observation_tensor(state, 0).shape


# ---- strings ----------------------------------------------------------------------------------


def test_observation_string_is_the_observation_as_canonical_json() -> None:
    state = GAMES[3, "three_shelf"][3]
    for viewer in range(3):
        text = observation_string(state, viewer)
        expected = sr.observation(state, viewer)
        expected.pop("events")
        assert json.loads(json.dumps(expected)) == json.loads(text)
        canonical = json.dumps(
            json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        assert canonical == text
        assert "\n" not in text


def test_information_state_string_is_the_seats_information_state() -> None:
    state = GAMES[2, "three_shelf"][2]
    assert information_state_string(state, 0) == sr.information_state_string(state, 0)
    assert information_state_string(state, 0) != information_state_string(state, 1)
    with pytest.warns(DeprecationWarning, match="history is ignored"):
        given = information_state_string(state, 0, [4, 0, 17])
    assert given == information_state_string(state, 0)
