"""A PettingZoo AEC environment of any registered game, for multi-agent reinforcement learning.

``env(game="sankore", players=2)`` (or ``env()``) is Sankoré for 2 players, ``env(players=1,
options={"scholar": "hard"})`` the solo game against the Scholar, ``env(game="five_tribes",
players=3)`` Five Tribes. The agents are the seats that take decisions
(``game_of(state).agents(state)``), named ``player_<seat>``: a seat the rules play by
themselves (the Scholar) is no agent, so the solo game is a one-agent environment. The agent to
act is the seat whose decision is pending, so one agent may act several times in a row (a
player's turn is many decisions).

Each agent's action space is ``Discrete(num_distinct_actions(rules))``
([`action_space`][sankore_rules.interfaces.ai.action_space]), and its observation a dict:
``observation``, the ``float32`` tensor of [`tensors`][sankore_rules.interfaces.ai.tensors] seen
from its seat, and ``action_mask``, an ``int8`` array that is 1 exactly at the legal actions when
the agent is to act (all 0 otherwise). Rewards come once, when the game ends, by the scheme chosen
([`returns`][sankore_rules.interfaces.ai.returns]: ``"win_loss"`` by default, or ``"score"``); then
every agent terminates.

Truncation: a decision counts as a turn, and after ``max_turns`` decisions (``MAX_TURNS``, 10,000,
by default: random games of the bundled games take a few hundred, so only a policy that never
lets a game end, such as one ending every turn at once without scoring, reaches it) every live
agent is truncated (``truncations[agent] = True``) with no reward: the game was cut, not decided.
``max_turns=None`` lifts the bound.

An action is one integer index. Anything else (a numpy array, a float, a string, ``None`` for a
live agent), an index outside the space, or an illegal index raises ``ValueError`` with words: an
illegal one raises [`IllegalAction`][sankore_rules.IllegalAction] (a ``ValueError``) with the
engine's reasons. The mask is in every observation and a learning loop samples from it, so an
illegal action is a bug to see, not a move to punish. Once an agent is terminated or truncated it
steps out with ``step(None)``, PettingZoo's dead step; any other action for it is refused.

Seeds: every game's seed (128 bits) comes from a
[`SeedStream`][sankore_rules.interfaces.ai.environment.SeedStream], numpy's ``SeedSequence``:
``reset(seed=k)`` restarts the stream from ``k`` and plays its first game, and each later
``reset()`` plays the stream's next, so a run is reproduced by its seed and its actions, and no
number of games tells the next one's seed. The constructor's ``seed`` is the first
``reset()``'s. Without any seed the stream's root is 128 bits of the operating system's
randomness. Nothing an agent sees carries a seed: not the observation, not the infos, not
``render()``, which draws the position as the agent to act sees it.

The game's state is ``game_state`` (it was ``state`` until issue 39, which hid PettingZoo's
``AECEnv.state()``, the global observation; no alias is kept, since one named ``state`` would
hide it still). It holds the game's seed: it is for tests and tools, never for an agent.

Examples:
    >>> environment = env(players=2, seed=1)
    >>> environment.reset()
    >>> observation, reward, terminated, truncated, info = environment.last()
    >>> int(observation["action_mask"].sum()) > 0, reward, terminated
    (True, 0.0, False)
    >>> env(players=1, options={"scholar": "hard"}).possible_agents
    ['player_0']
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sankore_rules import api
from sankore_rules.interfaces.ai.action_space import action_space_of, indexer
from sankore_rules.interfaces.ai.environment import (
    MAX_TURNS,
    SeedStream,
    check_arguments,
    check_seed,
)
from sankore_rules.interfaces.ai.returns import returns_of
from sankore_rules.interfaces.ai.tensors import TensorWriter, tensor_layout

__all__ = ["MAX_TURNS", "GameEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class GameEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # pettingzoo is untyped
    """The environment itself; ``env`` wraps it in PettingZoo's check that reset comes first.

    Args:
        game: a registered game's name (``"sankore"``, ``"five_tribes"``); None for the first
            registered game, Sankoré, as [`new_game`][sankore_rules.new_game] picks.
        players: a player count the game takes (Sankoré: 1 for the solo game, 2, 3 or 4).
        seed: the first game's seed (see the module's docstring), or None.
        rewards: ``"win_loss"`` or ``"score"`` ([`returns`][sankore_rules.interfaces.ai.returns]).
        max_turns: the decisions a game may last before every live agent is truncated, at
            least 1; None for no bound.
        render_mode: ``"ansi"`` (``render()`` returns the text view of the agent to act) or
            ``"human"`` (prints it).
        options: the game's setup options (Sankoré's ``library``, ``scholar``, ``turn_limit``).
        rules: a ruleset of the game from [`load_rules`][sankore_rules.load_rules]; the bundled
            one by default.

    Raises:
        ValueError: for any argument the environment or the game does not take, with words.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "sankore_rules_v1",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | None = None,
        players: int = 2,
        seed: int | None = None,
        rewards: str = "win_loss",
        max_turns: int | None = MAX_TURNS,
        render_mode: str | None = None,
        options: Mapping[str, Any] | None = None,
        rules: Any = None,
    ) -> None:
        super().__init__()
        found = check_arguments(game, players, seed, rewards, max_turns, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, got {render_mode!r}")
        self.game = found
        self.players = players
        self.options: dict[str, Any] = dict(options or {})
        self.reward_scheme = rewards
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.rules = api.load_rules(game=found.name) if rules is None else rules
        self._seeds = SeedStream(seed)
        # Deals now, so that the game refuses a bad option here: the game the first reset()
        # plays, unless it is given a seed.
        self.game_state: Any = self._deal()
        self._dealt: Any = self.game_state
        self._seat = {f"player_{p}": p for p in found.agents(self.game_state)}
        self._agent = {p: agent for agent, p in self._seat.items()}
        self.possible_agents = list(self._seat)
        self._space = action_space_of(self.rules)
        self._indices = indexer(self._space)
        self._size = self._space.size
        layout = tensor_layout(self.rules)
        size = layout.size
        # This environment's own writer: each seat's tensor is rewritten from its previous one.
        self._writer = TensorWriter(layout)
        # The legal actions of the state last listed, by index: (state, {index: action}).
        self._legal: tuple[Any, dict[int, Any]] = (None, {})
        # Every agent's spaces are the same: one of each, shared (a Box of the tensor's size
        # costs a game's deal to build).
        actions = spaces.Discrete(self._size)
        seen = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._size,), np.int8),
            }
        )
        self.action_spaces = dict.fromkeys(self.possible_agents, actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, seen)
        self.decisions = 0

    # ---- the spaces -------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object at every call)."""
        return self.action_spaces[agent]

    # ---- the AEC loop -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the stream's next, or the first of a stream of ``seed`` when given.

        ``options`` is PettingZoo's per-reset argument, ignored (as PettingZoo's own environments
        ignore what they do not read): the game's setup options are the constructor's.

        Raises:
            ValueError: for a seed that is not an int of at least 0.
        """
        check_seed(seed)
        if seed is not None:
            self._seeds = SeedStream(seed)
            self._dealt = None
        self.game_state = self._deal() if self._dealt is None else self._dealt
        self._dealt = None
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        if self.render_mode == "human":
            self.render()

    def _deal(self) -> Any:
        return api.new_game(
            self.players,
            self._seeds.next_seed(),
            game=self.game.name,
            rules=self.rules,
            **self.options,
        )

    def _select(self) -> None:
        current = self.game.current_player(self.game_state)
        if current is not None:
            self.agent_selection = self._agent[current]

    def _listed(self) -> dict[int, Any]:
        """The legal actions of the current state by index, listed once per state."""
        state, legal = self._legal
        if state is not self.game_state:
            actions = self.game.legal_actions(self.rules, self.game_state)
            legal = dict(zip(self._indices(actions), actions, strict=True))
            self._legal = (self.game_state, legal)
        return legal

    def _mask(self) -> npt.NDArray[np.int8]:
        """A new mask of the current state's legal actions."""
        # A few dozen item writes into a bytearray, then one numpy call, cost less than
        # numpy's zeros and an index array.
        flags = bytearray(self._size)
        for index in self._listed():
            flags[index] = 1
        return np.frombuffer(flags, dtype=np.int8)

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees, and its action mask (all 0 when it is not to act).

        Both arrays are new: the caller may keep them.
        """
        seat = self._seat[agent]
        state = self.game_state
        if self.game.current_player(state) == seat and not self.game.is_terminal(state):
            mask = self._mask()
        else:
            mask = np.zeros(self._size, dtype=np.int8)
        return {"observation": self._writer.tensor(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take the action numbered ``action`` for the agent to act (``None`` once it is done).

        Raises:
            ValueError: for an action that is not one int, outside the action space, or (as
                [`IllegalAction`][sankore_rules.IllegalAction], with the engine's reasons) not
                legal now; for anything but None from an agent that is done.
        """
        agent = self.agent_selection
        if agent not in self.agents:
            # Every agent has stepped out: PettingZoo's dead step, with nobody left to remove.
            if action is not None:
                raise ValueError("when an agent is dead, the only valid action is None")
            return
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self._index(action)
        chosen = self._listed().get(index)
        if chosen is None:  # not listed: apply says why, in the engine's words
            chosen = self._space.action(index)
        self.game_state = self.game.apply(self.rules, self.game_state, chosen, self._seat[agent])
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        # Rewards come only when the game ends, so before that they stay the zeros that
        # reset() set, and accumulating them would add nothing.
        if self.game.is_terminal(self.game_state):
            values = returns_of(self.game_state, self.reward_scheme)
            self.rewards = dict(zip(self.possible_agents, values, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.max_turns is not None and self.decisions >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def _index(self, action: object) -> int:
        if type(action) is int and 0 <= action < self._size:
            return action
        if action is None:
            raise ValueError(f"{self.agent_selection} is to act: None is only for an agent done")
        if isinstance(action, np.ndarray):
            raise ValueError(
                f"an action is one int index, not a numpy array of shape {action.shape}"
            )
        if isinstance(action, bool) or not isinstance(action, numbers.Integral):
            raise ValueError(f"an action is one int index, not {type(action).__name__}")
        index = int(action)
        if not 0 <= index < self._size:
            raise ValueError(f"action index must be 0..{self._size - 1}, got {index}")
        return index

    def render(self) -> str | None:
        """The position as the agent to act sees it (after the end, the one that acted last).

        The game's ``seat_text`` hook: it shows no seed and no other seat's hidden parts.

        Raises:
            NotSupported: the game has no text view for one seat.
        """
        seat = self._seat[self.agent_selection]
        text = self.game.seat_text(self.rules, self.game_state, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


#: The environment without PettingZoo's wrapper: the class itself (PettingZoo's ``raw_env``).
raw_env = GameEnv


def env(
    game: str | None = None,
    players: int = 2,
    seed: int | None = None,
    rewards: str = "win_loss",
    max_turns: int | None = MAX_TURNS,
    render_mode: str | None = None,
    options: Mapping[str, Any] | None = None,
    rules: Any = None,
) -> AECEnv[str, Observation, int]:
    """The environment in PettingZoo's check of use (reset before step, observe, render).

    Takes the arguments of
    [`GameEnv`][sankore_rules.interfaces.ai.pettingzoo_env.GameEnv]. PettingZoo's bounds wrapper
    is left out: the environment refuses an out-of-range action itself, with a ``ValueError``.
    """
    wrapped: AECEnv[str, Observation, int] = wrappers.OrderEnforcingWrapper(
        GameEnv(game, players, seed, rewards, max_turns, render_mode, options, rules)
    )
    return wrapped
