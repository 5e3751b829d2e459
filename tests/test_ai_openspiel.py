"""The OpenSpiel game (issue 13): pyspiel's random simulation test, MCTS to the end, and more.

``pyspiel.random_sim_test`` is OpenSpiel's own conformance check for a game: it plays random
games, cloning and serializing along the way and checking legal actions, masks, returns and
the game length against what the game declares.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

import sankore_rules as sr
from sankore_rules.interfaces.ai import openspiel_game
from sankore_rules.interfaces.ai.action_space import legal_indices, num_distinct_actions
from sankore_rules.interfaces.ai.returns import outcome, returns
from sankore_rules.interfaces.ai.tensors import (
    information_state_string,
    observation_string,
    observation_tensor,
    tensor_layout,
)

RULES = sr.load_rules()


def dealt(params: dict[str, object], setup: int = 7, decisions: int = 0) -> pyspiel.State:
    """A state of ``python_sankore`` after the deal of ``setup`` and a few first options."""
    state = pyspiel.load_game(openspiel_game.SHORT_NAME, params).new_initial_state()
    state.apply_action(setup)
    for _ in range(decisions):
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "turn_limit": 3},
        {"players": 3, "turn_limit": 2, "library": "six_shelf"},
        {"players": 4, "turn_limit": 2},
    ],
)
def test_passes_pyspiels_random_simulation_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_whole_game_passes_the_random_simulation_test() -> None:
    """The game as the rulebook has it, no turn limit, within the declared length."""
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_mcts_plays_a_game_to_the_end() -> None:
    """OpenSpiel's MCTS bot with random rollouts, against a random bot, to a terminal state."""
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 2, "turn_limit": 2})
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    state = game.new_initial_state()
    state.apply_action(11)
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 10
    assert returns(state.position) == state.returns()
    assert 0.0 == pytest.approx(sum(state.returns()))


def test_game_declares_the_engines_sizes() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 3, "setups": 50})
    game_type = game.get_type()
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert num_distinct_actions(RULES) == game.num_distinct_actions()
    assert [tensor_layout(RULES).size] == game.observation_tensor_shape()
    assert (3, 50, -1.0, 1.0) == (
        game.num_players(),
        game.max_chance_outcomes(),
        game.min_utility(),
        game.max_utility(),
    )


def test_the_deal_is_the_only_chance_and_is_the_engines_setup() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 3, "setups": 20})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert list(range(20)) == [k for k, _ in outcomes]
    assert 1.0 == pytest.approx(sum(p for _, p in outcomes))
    state.apply_action(13)
    assert sr.to_json(sr.new_game(players=3, seed=13)) == sr.to_json(state.position)
    while not state.is_terminal() and len(state.history()) < 200:
        assert not state.is_chance_node()
        assert legal_indices(state.position) == state.legal_actions()
        state.apply_action(state.legal_actions()[-1])


def test_views_are_the_tensor_and_strings_of_the_engine() -> None:
    state = dealt({"players": 3}, setup=4, decisions=25)
    decisions = state.history()[1:]
    observer = make_observation(state.get_game())
    for player in range(3):
        expected = observation_tensor(state.position, player)
        assert np.array_equal(expected, np.asarray(state.observation_tensor(player)))
        observer.set_from(state, player)
        assert np.array_equal(expected, observer.tensor)
        assert observation_string(state.position, player) == state.observation_string(player)
        assert information_state_string(
            state.position, player, decisions
        ) == state.information_state_string(player)


def test_information_state_hides_the_deal() -> None:
    """The setup number (a seed) predicts every hidden card: no player's string holds it."""
    state = dealt({"players": 2, "setups": 1_000_000}, setup=987_654, decisions=12)
    for player in range(2):
        assert "987654" not in state.information_state_string(player)
        assert "987654" not in state.observation_string(player)


def test_serialize_writes_the_deal_and_the_decisions() -> None:
    state = dealt({"players": 2, "library": "six_shelf"}, setup=3, decisions=30)
    text = state.serialize()
    assert [str(a) for a in state.history()] == text.split()
    again = state.get_game().deserialize_state(text)
    assert str(state) == str(again)
    assert state.history() == again.history()
    loaded = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state)
    )[1]
    assert str(state) == str(loaded)


def test_clone_shares_nothing_that_changes() -> None:
    state = dealt({"players": 2}, setup=8, decisions=10)
    clone = state.clone()
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert before == str(state)
    assert str(clone) != before


def test_a_game_cut_off_at_its_length_is_scored_as_it_stands() -> None:
    state = dealt({"players": 2, "max_game_length": 150}, setup=2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert 150 == len(state.history()) - 1
    assert not sr.is_terminal(state.position)
    assert outcome(state.position) == state.returns()
    assert [1.0, -1.0] == sorted(state.returns(), reverse=True)


@pytest.mark.parametrize("params", [{"players": 5}, {"setups": 0}, {"max_game_length": 0}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        openspiel_game.SankoreGame(params)
