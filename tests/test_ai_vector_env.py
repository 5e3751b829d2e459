"""The vectorised environment (issue 29): shapes, automatic reset, and the same play as
single environments stepped alike.

``VectorGameEnv`` runs N games of a registered game side by side; each test names what it
holds. The observations are the seat to act's tensor (OBJ-1: a hand seen by its holder only,
held by tests/test_ai_tensors.py), compared here with the single-game door's.
"""

from __future__ import annotations

import numpy as np
import pytest

import sankore_rules as sr
from ai_tensor_reference import reference_tensor
from sankore_rules.interfaces.ai.action_space import legal_mask, num_distinct_actions
from sankore_rules.interfaces.ai.pettingzoo_env import GameEnv
from sankore_rules.interfaces.ai.tensors import observation_tensor, tensor_layout
from sankore_rules.interfaces.ai.vector_env import VectorGameEnv

RULES = sr.load_rules()


def first_legal(masks: np.ndarray, turn: int) -> list[int]:
    """A legal action per row, varied by ``turn`` so games differ."""
    actions = []
    for row in masks:
        legal = np.flatnonzero(row)
        actions.append(int(legal[turn % len(legal)]))
    return actions


def test_shapes_and_dtypes() -> None:
    """One row per game: the tensor, the mask over the action space, a reward per seat."""
    envs = VectorGameEnv(4, players=3, seed=2)
    observations, infos = envs.reset()
    size, actions = tensor_layout(RULES).size, num_distinct_actions(RULES)
    assert observations["observation"].shape == (4, size)
    assert observations["observation"].dtype == np.float32
    assert observations["action_mask"].shape == (4, actions)
    assert observations["action_mask"].dtype == np.int8
    assert infos["seat"].shape == (4,)
    step = envs.step(first_legal(observations["action_mask"], 0))
    observations, rewards, terminations, truncations, infos = step
    assert rewards.shape == (4, 3)
    assert rewards.dtype == np.float32
    assert terminations.shape == truncations.shape == (4,)
    assert infos["final_state"] == [None] * 4


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("sankore", 2, {}), ("sankore", 1, {"scholar": "hard"}), ("five_tribes", 2, {})],
)
def test_equal_to_single_environments_stepped_alike(
    game: str, players: int, options: dict[str, str]
) -> None:
    """Game i of the batch plays as GameEnv(seed=k + i) given the same actions: the same
    observation, mask and rewards at every step, across a game's end and its reset."""
    n, seed = 3, 11
    envs = VectorGameEnv(n, game, players, seed, max_turns=60, options=options)
    singles = [GameEnv(game, players, seed + i, max_turns=60, options=options) for i in range(n)]
    for single in singles:
        single.reset()
    observations, _ = envs.reset()
    ended = 0
    for turn in range(150):
        for i, single in enumerate(singles):
            seen = single.observe(single.agent_selection)
            assert np.array_equal(seen["observation"], observations["observation"][i])
            assert np.array_equal(seen["action_mask"], observations["action_mask"][i])
        actions = first_legal(observations["action_mask"], turn)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        for i, single in enumerate(singles):
            acting = single.agent_selection
            single.step(actions[i])
            assert infos["acted"][i] == single.possible_agents.index(acting) or players == 1
            if single.terminations[acting] or single.truncations[acting]:
                ended += 1
                assert bool(terminations[i]) == single.terminations[acting]
                assert bool(truncations[i]) == single.truncations[acting]
                expected = [single.rewards[a] for a in single.possible_agents]
                assert rewards[i].tolist() == pytest.approx(expected)
                assert infos["final_state"][i] == single.state
                single.reset()
            else:
                assert not terminations[i] and not truncations[i]
                assert rewards[i].tolist() == [0.0] * rewards.shape[1]
    assert ended >= n  # every game was cut at 60 decisions and dealt afresh


def test_a_finished_game_is_dealt_afresh_in_the_same_step() -> None:
    """Automatic reset, same step: the row shows the new game's first decision."""
    envs = VectorGameEnv(2, players=2, seed=5)
    observations, _ = envs.reset()
    turn = 0
    while True:
        step = envs.step(first_legal(observations["action_mask"], turn))
        observations, rewards, terminations, _truncations, infos = step
        turn += 1
        if terminations.any():
            break
    i = int(np.flatnonzero(terminations)[0])
    final = infos["final_state"][i]
    assert sr.is_terminal(final)
    assert rewards[i].tolist() == sr.returns(final)
    fresh = envs.states[i]
    assert envs.decisions[i] == 0 and not sr.is_terminal(fresh)
    seat = sr.rules_of(fresh) and fresh.current_player
    assert np.array_equal(observations["observation"][i], observation_tensor(fresh, seat))
    assert np.array_equal(observations["action_mask"][i], legal_mask(fresh).astype(np.int8))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """A bad batch raises with words and leaves every game as it was."""
    envs = VectorGameEnv(2, players=2, seed=3)
    observations, _ = envs.reset()
    before = list(envs.states)
    illegal = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    with pytest.raises(sr.IllegalAction):
        envs.step([first_legal(observations["action_mask"], 0)[0], illegal])
    with pytest.raises(ValueError, match="2 indices"):
        envs.step([0])
    with pytest.raises(ValueError, match="one int index"):
        envs.step([0.5, 1])  # type: ignore[list-item]  # refused on purpose
    assert envs.states == before


def test_step_before_reset_and_bad_arguments_are_refused() -> None:
    """Arguments the environment does not take are refused in words."""
    with pytest.raises(ValueError, match="reset"):
        VectorGameEnv(1).step([0])
    with pytest.raises(ValueError, match="num_envs"):
        VectorGameEnv(0)
    with pytest.raises(ValueError, match="players"):
        VectorGameEnv(2, players=7)
    with pytest.raises(ValueError, match="rewards"):
        VectorGameEnv(2, rewards="elo")


@pytest.mark.parametrize("players", [2, 4])
def test_every_observation_equals_the_reference_tensor(players: int) -> None:
    """OBJ-1: each row is the acting seat's tensor as the writer of tests/ai_tensor_reference.py
    makes it (the viewer's own hand only), step after step, a seat's tensor started from the
    other seat's where that is nearer, across the automatic reset of a game cut short."""
    envs = VectorGameEnv(3, players=players, seed=17, max_turns=90)
    observations, infos = envs.reset()
    for turn in range(200):
        for i, state in enumerate(envs.states):
            seat = int(infos["seat"][i])
            assert seat == state.current_player
            expected = np.array(reference_tensor(state, seat), dtype=np.float32)
            assert np.array_equal(expected, observations["observation"][i]), (turn, i)
        observations, *_, infos = envs.step(first_legal(observations["action_mask"], turn))
    assert envs.decisions == [20, 20, 20]  # each game was cut at 90 decisions, twice
