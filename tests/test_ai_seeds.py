"""Issue 39: seeds nobody can guess, and that no seat ever sees.

A game's seed fixes every card it will ever deal, so whoever learns it sees every hidden card:
the environments and bots draw their seeds from the operating system unless given one, the
vectorised environment deals each slot's games from a ``SeedSequence`` child so that no two
resets share a game, and no seed reaches an observation, an info or a rendered text.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
import pytest

from sankore_rules.interfaces.ai.environment import SeedStream
from sankore_rules.interfaces.ai.pettingzoo_env import raw_env
from sankore_rules.interfaces.ai.tensors import observation_tensor
from sankore_rules.interfaces.ai.vector_env import VectorGameEnv
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.interfaces.search import MctsBot

GAMES = [("sankore", 2, {}), ("sankore", 1, {"scholar": "easy"}), ("five_tribes", 3, {})]


def first_legal(masks: np.ndarray, turn: int) -> list[int]:
    """A legal action per row, varied by ``turn`` so games differ."""
    return [int(np.flatnonzero(row)[turn % int(row.sum())]) for row in masks]


def reseeded(state: Any) -> Any:
    """The same position under another seed (an editable copy, which every door takes): what
    a seat sees of it must not change."""
    draft = state.clone()
    draft.seed = state.seed ^ (1 << 100)
    return draft


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_no_door_of_the_environments_shows_the_seed(
    game: str, players: int, options: dict[str, str]
) -> None:
    """Every seat's observation and the rendered text are the same under another seed, and
    the infos hold nothing but arrays of small numbers (no state, no 128-bit seed)."""
    environment = raw_env(game, players, seed=3, options=options, render_mode="ansi")
    environment.reset()
    for turn in range(30):
        state = environment.game_state
        text = environment.render()
        assert text is not None and "seed" not in text and str(state.seed) not in text
        views = {a: environment.observe(a)["observation"] for a in environment.possible_agents}
        environment.game_state = reseeded(state)
        assert text == environment.render()
        for agent, view in views.items():
            assert np.array_equal(view, environment.observe(agent)["observation"])
        environment.game_state = state
        assert environment.infos == {a: {} for a in environment.possible_agents}
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(first_legal(mask[None, :], turn)[0])


def check_infos_hold_no_seed(infos: dict[str, Any], n: int) -> None:
    """Each info is a numeric array of the batch, or the final observations' object array."""
    assert "final_state" not in infos
    assert sorted(infos) == ["_final_obs", "acted", "final_obs", "rewards", "seat"]
    for key in ("seat", "acted", "rewards", "_final_obs"):
        assert infos[key].dtype in (np.int64, np.float32, np.bool_) and len(infos[key]) == n
    for final in infos["final_obs"]:
        assert final is None or sorted(final) == ["action_mask", "observation"]
        if final is not None:
            assert (final["observation"].dtype, final["action_mask"].dtype) == (
                np.float32,
                np.int8,
            )


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_vector_env_shows_no_seed(game: str, players: int, options: dict[str, str]) -> None:
    """The batch's observations are the same under other seeds; its infos carry none, across
    the automatic resets of games cut at 25 decisions."""
    envs = VectorGameEnv(3, game, players, seed=5, max_turns=25, options=options)
    observations, _ = envs.reset()
    ended = 0
    for turn in range(60):
        shown = observations["observation"].copy()
        for i, state in enumerate(envs.states):
            other = observation_tensor(reseeded(state), state.current_player)
            assert np.array_equal(shown[i], other)
        observations, _rewards, terminations, truncations, infos = envs.step(
            first_legal(observations["action_mask"], turn)
        )
        check_infos_hold_no_seed(infos, 3)
        ended += int((terminations | truncations).sum())
    assert ended >= 3


def setups(envs: VectorGameEnv, seed: int | None) -> tuple[list[int], list[bytes]]:
    """The seeds and first observations of the games a reset deals."""
    observations, _ = envs.reset(seed=seed)
    rows = [row.tobytes() for row in observations["observation"]]
    return [state.seed for state in envs.states], rows


def test_resets_of_neighbouring_seeds_share_no_game() -> None:
    """reset(seed=10) and reset(seed=11) deal 8 different games (before issue 39, slot 1 of
    one was slot 0 of the other); reset(seed=10) again deals the same 4, and a reset without
    a seed 4 more."""
    envs = VectorGameEnv(4, players=2)
    ten_seeds, ten_rows = setups(envs, 10)
    eleven_seeds, eleven_rows = setups(envs, 11)
    assert len(set(ten_seeds + eleven_seeds)) == 8
    assert len(set(ten_rows + eleven_rows)) == 8
    assert setups(envs, 10) == (ten_seeds, ten_rows)
    next_seeds, next_rows = setups(envs, None)
    assert len(set(ten_seeds + eleven_seeds + next_seeds)) == 12
    assert len(set(ten_rows + eleven_rows + next_rows)) == 12
    assert ten_seeds[0] == SeedStream(10).spawn(4)[0].next_seed()
    assert min(ten_seeds + eleven_seeds) > 2**64  # 128-bit seeds, not the small ones given


def test_every_game_a_run_deals_is_a_new_one() -> None:
    """Automatic resets take fresh children: 3 slots of games cut at 5 decisions deal 3 + 60
    games over 100 steps, every seed different."""
    envs = VectorGameEnv(3, players=2, seed=0, max_turns=5)
    observations, _ = envs.reset()
    dealt = [state.seed for state in envs.states]
    for turn in range(100):
        observations, *_ = envs.step(first_legal(observations["action_mask"], turn))
        dealt += [s.seed for s, n in zip(envs.states, envs.decisions, strict=True) if n == 0]
    assert len(dealt) == 3 + 60
    assert len(set(dealt)) == 63


def test_environments_without_a_seed_draw_it_from_the_operating_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two environments made without a seed play different games; the root they deal from
    is secrets.randbits(128): with it fixed, they play the games of that seed."""
    one, other = VectorGameEnv(2, players=2), VectorGameEnv(2, players=2)
    assert len(set(setups(one, None)[0] + setups(other, None)[0])) == 4
    single, twin = raw_env(players=2), raw_env(players=2)
    assert single.game_state.seed != twin.game_state.seed
    asked: list[int] = []

    def fixed(bits: int) -> int:
        asked.append(bits)
        return 1234

    monkeypatch.setattr(secrets, "randbits", fixed)
    assert setups(VectorGameEnv(2, players=2), None) == setups(
        VectorGameEnv(2, players=2, seed=1234), None
    )
    assert raw_env(players=2).game_state == raw_env(players=2, seed=1234).game_state
    assert asked == [128, 128]


def test_bots_without_a_seed_draw_it_from_the_operating_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RandomBot, GreedyBot and MctsBot made without a seed do not play alike; their seed is
    secrets.randbits(128)."""
    for make in (RandomBot, GreedyBot, MctsBot):
        assert make().rng.getstate() != make().rng.getstate()
    monkeypatch.setattr(secrets, "randbits", lambda bits: 99 if bits == 128 else 0)
    for make in (RandomBot, GreedyBot, MctsBot):
        assert make().rng.getstate() == make(99).rng.getstate()
