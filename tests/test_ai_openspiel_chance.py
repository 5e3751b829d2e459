"""OpenSpiel's chance nodes during play, and information-state keys a tabular method can hold.

Issue 39: a draw happens where it happens (a chance node with the draw's outcomes), a clone of a
state does not know the next draw, a resampled state's history replays to it, and an
outcome-sampling MCCFR keeps information-state keys of at most 2 KB.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import outcome_sampling_mccfr

import sankore_rules as sr
from sankore_rules.interfaces.ai import openspiel_game  # noqa: F401 - registers the games
from sankore_rules.interfaces.ai.openspiel_game import SEED_BYTES, ProtocolState

SEED_OF_BYTES = bytes(range(40, 40 + SEED_BYTES))


def _dealt(name: str, params: dict[str, Any]) -> ProtocolState:
    """A state after the seed's bytes, if the game has any, and the deal (random outcomes)."""
    state = pyspiel.load_game(name, params).new_initial_state()
    for byte in SEED_OF_BYTES[: state.seed_byte_count]:  # none if chance deals the setup
        state.apply_action(byte)
    rng = random.Random(0)
    while state.is_chance_node():  # the deal (issue 39)
        state.apply_action(rng.choice([k for k, _ in state.chance_outcomes()]))
    assert isinstance(state, ProtocolState)
    return state


def _to_a_draw(state: ProtocolState, rng: random.Random) -> ProtocolState:
    """``state`` played on with random options until a draw of two outcomes or more."""
    while not state.is_terminal():
        if state.is_chance_node():
            if len(state.chance_outcomes()) > 1:
                return state
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the game ended without a draw")


@pytest.mark.parametrize(
    ("name", "params", "verbs"),
    [
        ("python_sankore", {"players": 2}, {"reveal"}),  # a market pile's next top
        ("python_sankore_solo", {"scholar": "hard"}, {"reveal", "draw"}),  # + the Scholar's
        ("python_five_tribes", {"players": 2}, {"draw"}),  # cards, Djinns, meeples
    ],
    ids=["sankore", "solo", "five-tribes"],
)
def test_a_draw_during_play_is_a_chance_node_in_every_game(
    name: str, params: dict[str, Any], verbs: set[str]
) -> None:
    """Issue 39: in every game a draw during play is a chance node there and then, whose
    outcomes (numbered from 0, named, distinct) have the library's probabilities."""
    state = _dealt(name, params)
    dealt = len(state.history())  # the setup and the hands, dealt before the first decision
    assert 0 == state.decisions
    rng = random.Random(1)
    drawn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [k for k, _ in outcomes] == list(range(len(outcomes)))
            assert [p for _, p in outcomes] == [p for _, p in sr.chance_outcomes(state.position)]
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            names = [state.action_to_string(pyspiel.PlayerId.CHANCE, k) for k, _ in outcomes]
            assert {n.split()[0] for n in names} <= verbs
            assert len(set(names)) == len(names)
            drawn += 1
            state.apply_action(rng.choice([k for k, _ in outcomes]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert drawn > 5
    assert len(state.history()) == dealt + state.decisions + drawn


def test_two_clones_resolve_a_draw_differently() -> None:
    state = _to_a_draw(_dealt("python_sankore", {"players": 3}), random.Random(2))
    first, second = state.clone(), state.clone()
    first.apply_action(0)
    second.apply_action(1)
    assert first.position.market != second.position.market
    # Neither clone changed the state they were cloned from: its draw is still to come.
    assert state.is_chance_node()
    names = [state.action_to_string(pyspiel.PlayerId.CHANCE, k) for k in (0, 1)]
    revealed = {str(tile) for column in first.position.market for tile in column.visible()}
    assert names[0].split()[1] in revealed
    assert names[1].split()[1] not in revealed


def test_a_draw_outside_its_outcomes_is_refused() -> None:
    state = _to_a_draw(_dealt("python_sankore", {"players": 2}), random.Random(3))
    count = len(state.chance_outcomes())
    with pytest.raises(
        ValueError, match=rf"this draw's outcomes are 0\.\.{count - 1}, got {count}"
    ):
        state.apply_action(count)
    assert state.is_chance_node() and len(state.chance_outcomes()) == count


def test_a_resampled_states_history_replays_to_it_in_every_game() -> None:
    """Issue 39: resample_from_infostate gives a state of the player's information set whose
    history, its chance outcomes included, replays to it."""
    for name, params in (
        ("python_sankore", {"players": 3}),
        ("python_sankore_solo", {"scholar": "hard"}),
        ("python_five_tribes", {"players": 2}),
    ):
        game = pyspiel.load_game(name, params)
        state = _to_a_draw(_dealt(name, params), random.Random(4))
        for _ in range(12):  # on into the game
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            elif not state.is_terminal():
                state.apply_action(state.legal_actions()[0])
        while state.is_chance_node():
            state.apply_action(0)
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        positions = set()
        for _ in range(4):
            other = state.resample_from_infostate(player, sampler)
            assert not other.resampled
            key = other.information_state_string(player)
            assert key == state.information_state_string(player)
            again = game.deserialize_state(other.serialize())
            assert json.loads(str(again)) == json.loads(str(other))
            assert again.information_state_string(player) == key
            positions.add(str(other))
        # The rivals' hands of Sankoré are redrawn; Five Tribes hides nothing from a seat
        # that saw the game from its start (its decks keep no order, its coins are paid in
        # public).
        if name == "python_sankore":
            assert len(positions) > 1
        if name == "python_five_tribes":
            assert len(positions) == 1


def test_outcome_sampling_mccfr_runs_with_short_keys() -> None:
    """The issue's finding: 30 iterations on a 2-turn Sankoré made 8.8 MB of keys."""
    game = pyspiel.load_game("python_sankore", {"players": 2, "turn_limit": 2})
    np.random.seed(5)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    keys = list(solver._infostates)
    assert len(keys) > 100
    assert max(len(key) for key in keys) < 100  # the bound is 2 KB
    assert all(key.startswith("seat ") for key in keys)
    assert sum(len(key) for key in keys) < 100 * len(keys)
