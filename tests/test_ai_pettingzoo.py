"""The PettingZoo AEC environment of every game: PettingZoo's own API and seed tests, and more.

``api_test`` and ``seed_test`` are PettingZoo's conformance checks, run for Sankoré (2-4
players), the solo game against the Scholar and Five Tribes; the tests below them pin what those
leave open: the agents are the deciding seats, the mask is the engine's, rewards come once at
the end by the chosen scheme, a game that never ends is truncated at ``max_turns`` decisions,
``reset(seed=k)`` plays the first game of seed stream ``k``, and bad input is refused with
words. What seeds may and may not show is held by tests/test_ai_seeds.py.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

import sankore_rules as sr
from sankore_rules.interfaces.ai.action_space import (
    index_to_action,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.environment import SeedStream
from sankore_rules.interfaces.ai.pettingzoo_env import MAX_TURNS, GameEnv, env, raw_env
from sankore_rules.interfaces.ai.returns import returns_of
from sankore_rules.interfaces.ai.tensors import observation_tensor

#: The three games every door serves, each bounded to play in a moment.
GAMES: dict[str, dict[str, Any]] = {
    "sankore_2p": {"players": 2, "options": {"turn_limit": 3}},
    "sankore_3p": {"players": 3, "options": {"turn_limit": 2, "library": "six_shelf"}},
    "sankore_4p": {"players": 4, "options": {"turn_limit": 2}},
    "solo": {"players": 1, "options": {"scholar": "hard", "turn_limit": 3}},
    "five_tribes_2p": {"game": "five_tribes", "players": 2, "max_turns": 80},
    "five_tribes_3p": {"game": "five_tribes", "players": 3, "max_turns": 80},
}


# A dict observation (the tensor and the mask) is what the issue asks for, and what
# PettingZoo's own board games use; api_test only warns about it. Any other warning fails.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("name", GAMES)
def test_passes_pettingzoos_api_test(name: str) -> None:
    api_test(env(seed=5, **GAMES[name]), num_cycles=300)


@pytest.mark.parametrize("name", ["sankore_3p", "solo", "five_tribes_3p"])
def test_passes_pettingzoos_seed_test(name: str) -> None:
    seed_test(functools.partial(env, **GAMES[name]), num_cycles=200)


def play_out(environment: GameEnv, choose_seed: int = 0) -> dict[str, float]:
    """Play the environment's game to its end with masked random choices; the rewards seen."""
    rng = np.random.default_rng(choose_seed)
    seen = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _info = environment.last()
        seen[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert 0.0 == reward  # nothing is paid before the end
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("scheme", ["win_loss", "score"])
@pytest.mark.parametrize(
    ("kwargs", "agents"),
    [
        ({"players": 3, "options": {"turn_limit": 4}}, 3),
        ({"game": "five_tribes", "players": 2}, 2),
    ],
)
def test_rewards_come_at_the_end_by_the_scheme(
    kwargs: dict[str, Any], agents: int, scheme: str
) -> None:
    """Rewards are the final state's returns under the scheme, paid once; they sum to 0."""
    environment = raw_env(seed=11, rewards=scheme, **kwargs)
    environment.reset()
    seen = play_out(environment)
    final = environment.game_state
    assert sr.is_terminal(final)
    assert agents == len(seen)
    assert returns_of(final, scheme) == pytest.approx(list(seen.values()))
    assert 0.0 == pytest.approx(sum(seen.values()))
    assert [] == environment.agents


def test_the_solo_game_is_one_agent_against_the_scholar() -> None:
    """The Scholar (P1) plays by itself: the only agent is P0, paid +1 or -1 (SOLO-END-2)."""
    environment = raw_env(players=1, seed=2, options={"scholar": "hard", "turn_limit": 3})
    assert ["player_0"] == environment.possible_agents
    environment.reset()
    assert 2 == environment.game_state.player_count  # the Scholar's seat is there, but no agent
    seen = play_out(environment)
    assert sr.is_terminal(environment.game_state)
    assert [seen["player_0"]] == returns_of(environment.game_state)
    assert seen["player_0"] in (1.0, -1.0)


def test_five_tribes_agents_are_its_seats() -> None:
    environment = env(game="five_tribes", players=3, seed=1)
    environment.reset()
    assert ["player_0", "player_1", "player_2"] == environment.possible_agents
    assert environment.agent_selection in environment.possible_agents


def test_observation_is_the_agents_tensor_and_the_engines_mask() -> None:
    environment = raw_env(players=3, seed=5)
    environment.reset()
    rules = environment.rules
    for _ in range(40):
        state = environment.game_state
        acting = environment.agent_selection
        for p, agent in enumerate(environment.possible_agents):
            seen = environment.observe(agent)
            assert np.array_equal(observation_tensor(state, p), seen["observation"])
            mask = seen["action_mask"]
            assert np.dtype(np.int8) == mask.dtype
            assert (num_distinct_actions(rules),) == mask.shape
            if agent == acting:
                assert f"player_{state.current_player}" == acting
                assert np.array_equal(legal_mask(state), mask.astype(bool))
            else:
                assert not mask.any()
        legal = np.flatnonzero(environment.observe(acting)["action_mask"])
        environment.step(int(legal[0]))


def always_end(environment: GameEnv) -> int:
    """The index of ``end`` when it is legal, else the first legal index."""
    mask = environment.observe(environment.agent_selection)["action_mask"]
    legal = [int(i) for i in np.flatnonzero(mask)]
    ends = [i for i in legal if str(index_to_action(environment.rules, i)) == "end"]
    return ends[0] if ends else legal[0]


def test_a_game_that_never_ends_is_truncated_at_max_turns() -> None:
    """Ending every turn at once never ends a 2-player game: at max_turns all are truncated."""
    environment = raw_env(players=2, seed=1, max_turns=300)
    environment.reset()
    for _ in range(299):
        environment.step(always_end(environment))
        assert {"player_0": False, "player_1": False} == environment.truncations
    environment.step(always_end(environment))
    assert 300 == environment.decisions
    assert not sr.is_terminal(environment.game_state)
    assert {"player_0": True, "player_1": True} == environment.truncations
    assert {"player_0": False, "player_1": False} == environment.terminations
    assert {"player_0": 0.0, "player_1": 0.0} == environment.rewards
    stepped_out = []
    for agent in environment.agent_iter():
        _observation, reward, terminated, truncated, _info = environment.last()
        assert (0.0, False, True) == (reward, terminated, truncated)
        stepped_out.append(agent)
        environment.step(None)
    assert ["player_0", "player_1"] == sorted(stepped_out)
    assert [] == environment.agents


def test_truncation_is_on_by_default() -> None:
    assert 10_000 == MAX_TURNS == raw_env().max_turns
    assert raw_env(max_turns=None).max_turns is None


def test_a_dead_step_after_the_end_is_a_no_op_and_nothing_else_is_taken() -> None:
    """PettingZoo's dead step: None once done, even after every agent stepped out.

    The wrapped environment only warns then (PettingZoo's order wrapper); the raw one takes
    None and refuses anything else with PettingZoo's words.
    """
    wrapped = env(players=2, seed=3, max_turns=5)
    raw = raw_env(players=2, seed=3, max_turns=5)
    for environment in (wrapped, raw):
        environment.reset()
        for _agent in environment.agent_iter():
            _observation, _reward, terminated, truncated, _info = environment.last()
            done = terminated or truncated
            environment.step(None if done else always_end(environment.unwrapped))
        assert [] == environment.agents
        environment.step(None)
        environment.step(None)
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        raw.step(0)


def test_a_truncated_agent_can_only_step_out() -> None:
    environment = raw_env(players=2, seed=3, max_turns=1)
    environment.reset()
    environment.step(always_end(environment))
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        environment.step(0)


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        (np.array([3]), "an action is one int index, not a numpy array of shape (1,)"),
        (np.array(3), "an action is one int index, not a numpy array of shape ()"),
        (2.0, "an action is one int index, not float"),
        ("end", "an action is one int index, not str"),
        (True, "an action is one int index, not bool"),
        (None, "player_0 is to act: None is only for an agent done"),
        (-1, "action index must be 0..684, got -1"),
        (685, "action index must be 0..684, got 685"),
    ],
)
def test_bad_actions_are_refused_with_words(action: object, fragment: str) -> None:
    environment = env(players=2, seed=2)
    environment.reset()
    assert 685 == num_distinct_actions(environment.unwrapped.rules)
    before = sr.to_json(environment.unwrapped.game_state)
    with pytest.raises(ValueError) as refused:
        environment.step(action)
    assert fragment in str(refused.value)
    assert before == sr.to_json(environment.unwrapped.game_state)


def test_a_numpy_integer_is_an_action() -> None:
    environment = raw_env(players=2, seed=2)
    environment.reset()
    legal = np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])
    environment.step(legal[0])  # np.int64, what action_space.sample() gives
    assert 1 == environment.decisions


def test_an_illegal_action_is_refused_with_the_engines_reasons() -> None:
    environment = raw_env(players=2, seed=2)
    environment.reset()
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(sr.IllegalAction) as refused:
        environment.step(illegal)
    assert isinstance(refused.value, ValueError)
    assert refused.value.reasons
    assert 0 == environment.decisions


def test_reset_with_a_seed_plays_the_games_of_that_seed_stream() -> None:
    """Issue 39: reset(seed=k) plays the first game of SeedStream(k), later resets its next
    ones: 128-bit seeds, none of them k itself."""
    environment = raw_env(game="five_tribes", players=3)
    environment.reset(seed=42)
    stream = SeedStream(42)
    first, second = stream.next_seed(), stream.next_seed()
    assert 42 not in (first, second) and first != second
    expected = sr.new_game(players=3, seed=first, game="five_tribes")
    assert sr.to_json(expected) == sr.to_json(environment.game_state)
    environment.reset()
    after = sr.new_game(players=3, seed=second, game="five_tribes")
    assert sr.to_json(after) == sr.to_json(environment.game_state)


def test_the_constructors_seed_is_the_first_games() -> None:
    environment = raw_env(players=1, seed=21, options={"scholar": "easy"})
    before = sr.to_json(environment.game_state)
    environment.reset()
    assert before == sr.to_json(environment.game_state)
    first = SeedStream(21).next_seed()
    assert sr.to_json(sr.new_game(players=1, seed=first, scholar="easy")) == before


def test_the_game_state_leaves_aecenv_state_alone() -> None:
    """Issue 39: the game's state is game_state; AECEnv.state() (the global observation,
    which this environment does not offer) is PettingZoo's method, not hidden by it."""
    environment = raw_env(players=2, seed=4)
    environment.reset()
    assert environment.state.__func__ is AECEnv.state  # type: ignore[attr-defined]
    with pytest.raises(NotImplementedError):
        environment.state()
    assert sr.new_game(players=2, seed=SeedStream(4).next_seed()) == environment.game_state


def test_render_gives_the_text_view_of_the_agent_to_act() -> None:
    """Issue 39: the seat view of the agent to act (no seed: it would tell every hidden card)."""
    environment = raw_env(players=2, seed=4, render_mode="ansi")
    environment.reset()
    text = environment.render()
    state = environment.game_state
    seat = state.current_player
    assert text == sr.render_state(state, viewer=seat)
    assert text is not None and text.startswith("Sankoré, 2 players, Library three_shelf")
    assert "seed" not in text and str(state.seed) not in text


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"players": "2"}, "players must be one of 1, 2, 3, 4 for sankore, got '2'"),
        ({"players": 5}, "players must be one of 1, 2, 3, 4 for sankore, got 5"),
        ({"game": "five_tribes", "players": 1}, "players must be one of 2, 3, 4 for five_tribes"),
        ({"game": "chess"}, "game must be one of 'sankore', 'five_tribes', got 'chess'"),
        ({"game": 3}, "game must be a registered game's name or None, got 3"),
        ({"seed": "7"}, "seed must be an int of at least 0 or None, got '7'"),
        ({"seed": -7}, "seed must be an int of at least 0 or None, got -7"),
        ({"rewards": "points"}, "rewards must be one of win_loss, score, got 'points'"),
        ({"max_turns": 0}, "max_turns must be an int of at least 1 or None, got 0"),
        ({"max_turns": 2.5}, "max_turns must be an int of at least 1 or None, got 2.5"),
        ({"render_mode": "rgb_array"}, "render_mode must be 'ansi', 'human' or None"),
        ({"options": [("library", "six_shelf")]}, "options must be a mapping of option names"),
        ({"options": {"colour": "red"}}, "Sankoré takes no option colour"),
        ({"players": 1}, "the solo game (players=1) needs scholar= one of"),
        ({"game": "five_tribes", "options": {"turn_limit": 3}}, "Five Tribes takes no option"),
    ],
)
def test_bad_arguments_are_refused_with_words(kwargs: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError) as refused:
        env(**kwargs)
    assert fragment in str(refused.value)


def test_a_bad_reset_seed_is_refused() -> None:
    environment = raw_env(players=2)
    with pytest.raises(ValueError, match=r"seed must be an int of at least 0 or None, got 1\.5"):
        environment.reset(seed=1.5)  # type: ignore[arg-type]
