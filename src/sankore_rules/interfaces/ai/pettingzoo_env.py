"""A PettingZoo AEC environment: Sankoré for multi-agent reinforcement learning.

Agents are ``player_0``, ``player_1`` ...; the agent to act is the player whose decision is pending,
so one player may act several times in a row (a turn is many decisions). Each agent's action space
is ``Discrete(num_distinct_actions(rules))``
([`action_space`][sankore_rules.interfaces.ai.action_space]), and its observation a dict:
``observation``, the ``float32`` tensor of [`tensors`][sankore_rules.interfaces.ai.tensors] seen
from its seat, and ``action_mask``, an ``int8`` array that is 1 exactly at the legal actions when
the agent is to act (all 0 otherwise). Rewards come once, when the game ends, by the scheme chosen
([`returns`][sankore_rules.interfaces.ai.returns]: ``"win_loss"`` by default, or ``"score"``); then
every agent terminates. No agent is ever truncated: bound a game's length with ``turn_limit``, the
engine's own variant.

An illegal action raises [`IllegalAction`][sankore_rules.IllegalAction] with its reasons: a learning
loop samples from the mask, so an illegal action is a bug to see, not a move to punish.

``seed`` makes a run reproducible: each ``reset()`` deals the next game of a generator started
from it, and ``reset(seed=s)`` starts the generator again from ``s``. Without a seed, games are
dealt from the operating system's randomness.

Examples:
    >>> environment = env(players=2, seed=1)
    >>> environment.reset()
    >>> observation, reward, terminated, truncated, info = environment.last()
    >>> int(observation["action_mask"].sum()) > 0, reward, terminated
    (True, 0.0, False)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sankore_rules import api
from sankore_rules.interfaces.ai.action_space import (
    index_to_action,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.returns import SCHEMES, returns
from sankore_rules.interfaces.ai.tensors import observation_tensor, tensor_layout
from sankore_rules.interfaces.render import render_state
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State

__all__ = ["SankoreEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class SankoreEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # pettingzoo is untyped
    """The environment itself; ``env`` wraps it in PettingZoo's checks of use.

    Args:
        players: 2, 3 or 4.
        library: ``"three_shelf"`` or ``"six_shelf"``.
        seed: the start of the generator that deals each game (see the module's docstring).
        turn_limit: the engine's variant that ends a game after that many turns a player.
        rewards: ``"win_loss"`` or ``"score"`` ([`returns`][sankore_rules.interfaces.ai.returns]).
        render_mode: ``"ansi"`` (``render()`` returns the text view) or ``"human"`` (prints it).
        rules: a ruleset from [`load_rules`][sankore_rules.load_rules]; the bundled one by default.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "sankore_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        library: str = "three_shelf",
        seed: int | None = None,
        turn_limit: int | None = None,
        rewards: str = "win_loss",
        render_mode: str | None = None,
        rules: Rules | None = None,
    ) -> None:
        super().__init__()
        if rewards not in SCHEMES:
            raise ValueError(f"rewards must be one of {', '.join(SCHEMES)}, got {rewards!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or 'human', got {render_mode!r}")
        self.rules = rules if rules is not None else api.load_rules()
        self.players = players
        self.library = library
        self.turn_limit = turn_limit
        self.reward_scheme = rewards
        self.render_mode = render_mode
        self._dealer = random.Random(seed)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        n = num_distinct_actions(self.rules)
        size = tensor_layout(self.rules).size
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state: State = self._deal()  # to look at before the first reset, which deals it
        self._dealer = random.Random(seed)

    # ---- the spaces -------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object at every call)."""
        return self.action_spaces[agent]

    # ---- the AEC loop -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the next of the generator, or the first from ``seed`` when given."""
        if seed is not None:
            self._dealer = random.Random(seed)
        self.state = self._deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        if self.render_mode == "human":
            self.render()

    def _deal(self) -> State:
        return api.new_game(
            self.players,
            seed=self._dealer.getrandbits(128),
            library=self.library,
            rules=self.rules,
            turn_limit=self.turn_limit,
        )

    def _select(self) -> None:
        current = self.state.current_player
        if current is not None:
            self.agent_selection = self.possible_agents[current]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees, and its action mask (all 0 when it is not to act)."""
        p = self.possible_agents.index(agent)
        if self.state.current_player == p:
            mask = legal_mask(self.state).astype(np.int8)
        else:
            mask = np.zeros(num_distinct_actions(self.rules), dtype=np.int8)
        return {"observation": observation_tensor(self.state, p), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take the action numbered ``action`` for the agent to act (``None`` once it is done).

        Raises:
            IllegalAction: for an action that is not legal now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent must act"
        chosen = index_to_action(self.rules, int(action))
        self.state = api.apply(self.state, chosen, player=self.possible_agents.index(agent))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if api.is_terminal(self.state):
            for a, value in zip(
                self.possible_agents, returns(self.state, self.reward_scheme), strict=True
            ):
                self.rewards[a] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The text view of the game ([`render_state`][sankore_rules.render_state])."""
        text = render_state(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> SankoreEnv:
    """The environment without PettingZoo's wrappers."""
    return SankoreEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment in PettingZoo's checks of use (actions in range, reset before step).

    Takes the arguments of
    [`SankoreEnv`][sankore_rules.interfaces.ai.pettingzoo_env.SankoreEnv]: ``players``,
    ``library``, ``seed``, ``turn_limit``, ``rewards``, ``render_mode``, ``rules``.
    """
    wrapped: AECEnv[str, Observation, int] = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(SankoreEnv(**kwargs))
    )
    return wrapped
