"""The vectorised environment (issues 29 and 39): shapes, automatic reset, the same play as
the bare API stepped alike, Gymnasium's vector API and wrappers, and the worker processes.

``VectorGameEnv`` runs N games of a registered game side by side; each test names what it
holds. The observations are the seat to act's tensor (OBJ-1: a hand seen by its holder only,
held by tests/test_ai_tensors.py), compared here with the single-game door's. What the seeds
may and may not show is held by tests/test_ai_seeds.py.
"""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import sankore_rules as sr
from ai_tensor_reference import reference_tensor
from sankore_rules.interfaces.ai.action_space import (
    index_to_action,
    legal_mask,
    num_distinct_actions,
)
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
    assert rewards.shape == (4,)
    assert rewards.dtype == np.float32
    assert infos["rewards"].shape == (4, 3)
    assert terminations.shape == truncations.shape == (4,)
    assert sorted(infos) == ["_final_obs", "acted", "final_obs", "rewards", "seat"]
    assert infos["final_obs"].tolist() == [None] * 4
    assert infos["_final_obs"].tolist() == [False] * 4


def test_a_gymnasium_vector_env_with_single_and_batched_spaces() -> None:
    """Issue 39: Gymnasium's VectorEnv, its spaces single and batched, same-step autoreset."""
    envs = VectorGameEnv(3, players=2, seed=1)
    size, actions = tensor_layout(RULES).size, num_distinct_actions(RULES)
    assert isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.single_action_space == spaces.Discrete(actions)
    assert envs.action_space == spaces.MultiDiscrete([actions] * 3)
    single = envs.single_observation_space
    assert isinstance(single, spaces.Dict)
    assert single["observation"] == spaces.Box(0.0, 1.0, (size,), np.float32)
    assert single["action_mask"] == spaces.Box(0, 1, (actions,), np.int8)
    batched = envs.observation_space
    assert isinstance(batched, spaces.Dict)
    assert batched["observation"] == spaces.Box(0.0, 1.0, (3, size), np.float32)
    assert batched["action_mask"] == spaces.Box(0, 1, (3, actions), np.int8)
    observations, _ = envs.reset()
    assert observations in batched
    assert envs.action_space.contains(np.array(first_legal(observations["action_mask"], 0)))


def test_record_episode_statistics_records_each_games_return_and_length() -> None:
    """Issue 39: Gymnasium's RecordEpisodeStatistics over the vector env: an episode's length
    is its game's decisions, its return the reward of the seat that made the last one."""
    envs = RecordEpisodeStatistics(
        VectorGameEnv(3, players=2, seed=4, options={"turn_limit": 2}, max_turns=28)
    )
    observations, _ = envs.reset()
    lengths = [0, 0, 0]
    recorded: list[tuple[int, float]] = []
    expected: list[tuple[int, float]] = []
    cut: list[float] = []
    for turn in range(400):
        actions = first_legal(observations["action_mask"], turn)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        ended = terminations | truncations
        lengths = [n + 1 for n in lengths]
        if ended.any():
            assert infos["_episode"].tolist() == ended.tolist()
            for i in np.flatnonzero(ended).tolist():
                column = int(infos["acted"][i])
                assert rewards[i] == infos["rewards"][i][column]
                expected.append((lengths[i], float(rewards[i])))
                if truncations[i]:
                    cut.append(float(rewards[i]))
                recorded.append((int(infos["episode"]["l"][i]), float(infos["episode"]["r"][i])))
                lengths[i] = 0
        else:
            assert "episode" not in infos
    assert recorded == expected
    assert list(envs.length_queue) == [n for n, _ in expected]
    assert list(envs.return_queue) == [r for _, r in expected]
    assert {1.0, -1.0} <= {r for _, r in expected}  # games the rules ended, won and lost
    assert cut and set(cut) == {0.0}  # a game cut at 28 decisions pays nothing


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("sankore", 2, {}), ("sankore", 1, {"scholar": "hard"}), ("five_tribes", 2, {})],
)
def test_steps_as_the_bare_api_stepped_alike(
    game: str, players: int, options: dict[str, str]
) -> None:
    """Each game of the batch is sr.apply of its action: the same next state, the rewards of
    its returns at its end, its final observation seen by the seat that acted, a fresh game
    dealt in its slot, and a cut at max_turns decisions."""
    n = 3
    envs = VectorGameEnv(n, game, players, 11, max_turns=60, options=options)
    observations, infos = envs.reset()
    rules = envs.rules
    ended = 0
    for turn in range(150):
        before = list(envs.states)
        counts = list(envs.decisions)
        actions = first_legal(observations["action_mask"], turn)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        for i, state in enumerate(before):
            after = sr.apply(state, index_to_action(rules, actions[i]))
            acted = state.current_player
            assert infos["acted"][i] == acted
            if sr.is_terminal(after) or counts[i] + 1 == 60:
                ended += 1
                assert bool(terminations[i]) == sr.is_terminal(after)
                assert bool(truncations[i]) == (not sr.is_terminal(after))
                paid = sr.returns(after) if sr.is_terminal(after) else [0.0] * envs.seats
                assert infos["rewards"][i].tolist() == pytest.approx(paid)
                assert rewards[i] == pytest.approx(paid[0 if players == 1 else acted])
                final = infos["final_obs"][i]
                assert np.array_equal(final["observation"], observation_tensor(after, acted))
                assert not final["action_mask"].any()
                assert envs.decisions[i] == 0 and envs.states[i] != after
            else:
                assert not terminations[i] and not truncations[i]
                assert infos["final_obs"][i] is None
                assert rewards[i] == 0.0 and not infos["rewards"][i].any()
                assert envs.states[i] == after and envs.decisions[i] == counts[i] + 1
            seat = envs.states[i].current_player
            assert infos["seat"][i] == seat
            assert np.array_equal(
                observations["observation"][i], observation_tensor(envs.states[i], seat)
            )
            assert np.array_equal(observations["action_mask"][i], legal_mask(envs.states[i]))
    assert ended >= n  # every game was cut at 60 decisions and dealt afresh


def test_a_finished_game_is_dealt_afresh_in_the_same_step() -> None:
    """Automatic reset, same step: the row shows the new game's first decision."""
    envs = VectorGameEnv(2, players=2, seed=5)
    observations, _ = envs.reset()
    turn = 0
    while True:
        step = envs.step(first_legal(observations["action_mask"], turn))
        observations, _rewards, terminations, _truncations, infos = step
        turn += 1
        if terminations.any():
            break
    i = int(np.flatnonzero(terminations)[0])
    assert infos["final_obs"][i] is not None
    assert sorted(infos["rewards"][i].tolist()) == [-1.0, 1.0]
    fresh = envs.states[i]
    assert envs.decisions[i] == 0 and not sr.is_terminal(fresh)
    seat = fresh.current_player
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
    with pytest.raises(ValueError, match=r"game 1: action index must be 0\.\.684"):
        envs.step([0, 685])
    with pytest.raises(ValueError, match=r"one index per game, not of shape \(2, 1\)"):
        envs.step(np.zeros((2, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="reset_mask is not taken"):
        envs.reset(options={"reset_mask": np.array([True, False])})
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
    with pytest.raises(ValueError, match="workers must be an int from 0 to num_envs, got 3"):
        VectorGameEnv(2, workers=3)
    with pytest.raises(ValueError, match="context must be one of spawn, forkserver, got 'fork'"):
        VectorGameEnv(2, workers=1, context="fork")
    with pytest.raises(ValueError, match="seed must be an int of at least 0 or None, got -1"):
        VectorGameEnv(2, seed=-1)


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


def play_batch(envs: VectorGameEnv, turns: int) -> list[Any]:
    """Everything the batch returns over ``turns`` steps after a reset, copied."""
    observations, infos = envs.reset(seed=23)
    seen: list[Any] = [observations["observation"].copy(), observations["action_mask"].copy()]
    for turn in range(turns):
        actions = first_legal(observations["action_mask"], turn)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        finals = [None if f is None else f["observation"].tolist() for f in infos["final_obs"]]
        seen += [
            observations["observation"].copy(),
            observations["action_mask"].copy(),
            rewards,
            terminations,
            truncations,
            infos["seat"].copy(),
            infos["acted"],
            infos["rewards"],
            finals,
        ]
    return seen


def test_worker_processes_give_exactly_what_one_process_gives() -> None:
    """Issue 39: 5 games in 2 processes, this one and a worker it starts (shares of 2 and 3
    games, the first played here), stepped across the
    automatic resets of games cut at 40 decisions: every array equal to the one-process run's;
    an illegal action is refused with the same reasons and changes no game; close() ends the
    workers."""
    kwargs: dict[str, Any] = {"players": 2, "max_turns": 40}
    alone = play_batch(VectorGameEnv(5, **kwargs), 130)
    with VectorGameEnv(5, **kwargs, workers=2) as envs:
        assert [p.is_alive() for p in envs.processes] == [True]
        together = play_batch(envs, 130)
        assert len(alone) == len(together) == 2 + 9 * 130
        for k, (one, other) in enumerate(zip(alone, together, strict=True)):
            assert np.array_equal(np.asarray(one), np.asarray(other)), k
        masks = together[-8]
        illegal = int(np.flatnonzero(masks[3] == 0)[0])
        actions = first_legal(masks, 0)
        local = VectorGameEnv(5, **kwargs)
        play_batch(local, 130)
        with pytest.raises(sr.IllegalAction) as there:
            envs.step([*actions[:3], illegal, actions[4]])
        with pytest.raises(sr.IllegalAction) as here:
            local.step([*actions[:3], illegal, actions[4]])
        assert there.value.reasons == here.value.reasons and there.value.reasons
        assert str(there.value) == str(here.value)
        # Row 1 is in this process's own share: refused alike.
        mine = int(np.flatnonzero(masks[1] == 0)[0])
        with pytest.raises(sr.IllegalAction) as there:
            envs.step([actions[0], mine, *actions[2:]])
        with pytest.raises(sr.IllegalAction) as here:
            local.step([actions[0], mine, *actions[2:]])
        assert str(there.value) == str(here.value) and there.value.reasons
        after = envs.step(actions)
        expected = local.step(actions)
        assert np.array_equal(after[0]["observation"], expected[0]["observation"])
        assert np.array_equal(after[1], expected[1])
        processes = envs.processes
    assert [p.is_alive() for p in processes] == [False]
    assert [p.exitcode for p in processes] == [0]
    with pytest.raises(ValueError, match="the environment is closed"):
        envs.step(actions)
    with pytest.raises(ValueError, match="the environment is closed"):
        envs.reset()
    envs.close()  # a second close does nothing


def test_workers_end_when_the_environment_is_collected() -> None:
    """Issue 39: an environment dropped without close() ends its workers when collected."""
    envs = VectorGameEnv(2, players=2, seed=1, workers=2, context="forkserver")
    envs.reset()
    processes = envs.processes
    assert [p.is_alive() for p in processes] == [True]
    with pytest.raises(AttributeError, match="live in the workers"):
        envs.states  # noqa: B018 - the refusal is what is tested
    del envs
    gc.collect()
    assert [p.is_alive() for p in processes] == [False]
