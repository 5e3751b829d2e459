"""Many games of any registered game stepped in one call: a vectorised, masked environment.

``VectorGameEnv(n, game="sankore", players=2)`` holds ``n`` games side by side. Each game has
exactly one seat to act at a time (a turn-based game; the seat may act several times in a row),
so ``step(actions)`` takes one action index per game, for that game's acting seat, and returns
stacked arrays: what the next acting seat of each game sees, its action mask, each seat's reward,
and the done flags. A game that ends is dealt afresh in the same call (automatic reset).

The conventions are Gymnasium's vector API (``reset(seed=) -> (observations, infos)``,
``step(actions) -> (observations, rewards, terminations, truncations, infos)``, arrays with the
games along the first axis), chosen over PettingZoo's parallel API because a masked turn-based
game has one agent to act per game, not every agent at once: a batch of "the seat to act in each
game" is what a self-play learner (AlphaZero, PPO with masks) feeds its network, and Gymnasium's
batch layout is what such learners take. The multi-agent part lives in two places:

- ``rewards`` has shape ``(n, seats)``: every deciding seat's return when its game ends
  ([`returns`][sankore_rules.interfaces.ai.returns], ``"win_loss"`` or ``"score"``), 0 otherwise;
- ``infos["seat"]`` is, per game, the seat the returned observation and mask belong to (the
  next to act), and ``infos["acted"]`` the seat that took the stepped action.

Automatic reset is "same step" (Gymnasium's ``AutoresetMode.SAME_STEP``): when a game ends by a
step, that step returns its rewards and ``terminations[i] = True`` (or ``truncations[i]`` after
``max_turns`` decisions), while ``observations[i]`` and the mask already show the new game's first
decision; the ended game's last state is in ``infos["final_state"][i]`` (None for the others).
So every row of every call is a decision to take, and no step is spent on a dead game.

Observations are the [`observation_tensor`][sankore_rules.interfaces.ai.tensors.observation_tensor]
of the seat to act, written into one preallocated ``(n, size)`` ``float32`` array; masks are an
``(n, actions)`` ``int8`` array. Those two arrays (and ``infos["seat"]``) are the environment's
own and are rewritten in place by the next ``step`` or ``reset``, as Gymnasium's vector
environments do: copy them to keep them. Rewards and the done flags are new arrays at each call.

Speed: each game is a slot of one
[`TensorWriter`][sankore_rules.interfaces.ai.tensors.TensorWriter], which keeps for each seat
the tensor it last showed and rewrites only the entries the decisions since changed (or starts
from the other seat's, turned, when that is nearer); one numpy call copies the acting seats'
tensors into the observations, and each legal action's flag is one item write into the
masks.

Seeds: ``reset(seed=k)`` restarts the generator that deals every game's 128-bit seed from ``k``,
so a run is reproduced by its seed and its actions; game ``i``'s games are those a
[`GameEnv`][sankore_rules.interfaces.ai.pettingzoo_env.GameEnv] dealt from seed ``k + i`` would
play, and stepping it alike gives the same observations and rewards.

Examples:
    >>> envs = VectorGameEnv(3, players=2)
    >>> observations, infos = envs.reset(seed=7)
    >>> observations["observation"].shape[0], observations["action_mask"].shape[0]
    (3, 3)
    >>> actions = [int(row.nonzero()[0][0]) for row in observations["action_mask"]]
    >>> observations, rewards, terminations, truncations, infos = envs.step(actions)
    >>> rewards.shape, bool(terminations.any())
    ((3, 2), False)
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from sankore_rules import api
from sankore_rules.interfaces.ai.action_space import action_space, indexer
from sankore_rules.interfaces.ai.environment import MAX_TURNS, check_arguments, whole
from sankore_rules.interfaces.ai.returns import returns
from sankore_rules.interfaces.ai.tensors import TensorWriter, tensor_layout

__all__ = ["VectorGameEnv"]

#: The seeds of the games a generator deals: 128 bits, as the games' own fresh seeds.
_SEED_BITS = 128

Observations = dict[str, npt.NDArray[Any]]
Step = tuple[
    Observations,
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
    dict[str, Any],
]


class VectorGameEnv:
    """``num_envs`` games of one registered game, stepped together (see the module's docstring).

    Args:
        num_envs: how many games run side by side, at least 1.
        game: a registered game's name; None for the first registered game (Sankoré).
        players: a player count the game takes.
        seed: the first ``reset()``'s seed, or None (games dealt from the system's randomness).
        rewards: ``"win_loss"`` or ``"score"``.
        max_turns: the decisions a game may last before it is truncated; None for no bound.
        options: the game's setup options; ``rules`` a ruleset of the game.

    Raises:
        ValueError: for any argument the environment or the game does not take, with words.
    """

    def __init__(
        self,
        num_envs: int,
        game: str | None = None,
        players: int = 2,
        seed: int | None = None,
        rewards: str = "win_loss",
        max_turns: int | None = MAX_TURNS,
        options: Mapping[str, Any] | None = None,
        rules: Any = None,
    ) -> None:
        if not whole(num_envs) or num_envs < 1:
            raise ValueError(f"num_envs must be an int of at least 1, got {num_envs!r}")
        found = check_arguments(game, players, seed, rewards, max_turns, options)
        self.num_envs = num_envs
        self.game = found
        self.players = players
        self.options: dict[str, Any] = dict(options or {})
        self.reward_scheme = rewards
        self.max_turns = max_turns
        self.rules = api.load_rules(game=found.name) if rules is None else rules
        self._seed = seed
        self._dealers = [random.Random() for _ in range(num_envs)]
        self._pending_seeds: list[int | None] = [None] * num_envs
        # Deals one game now, so that the game refuses a bad option here.
        first = api.new_game(players, 0, game=found.name, rules=self.rules, **self.options)
        self.seats = len(found.agents(first))
        self._space = action_space(self.rules)
        self._indices = indexer(self._space)
        layout = tensor_layout(self.rules)
        self.observation_size = layout.size
        self.action_count = self._space.size
        self.states: list[Any] = [first] * num_envs
        self.decisions = [0] * num_envs
        self._legal: list[dict[int, Any]] = [{} for _ in range(num_envs)]
        self._observations = np.zeros((num_envs, layout.size), dtype=np.float32)
        self._flat = self._observations.reshape(-1)  # the same memory, the rows end to end
        self._masks = np.zeros((num_envs, self._space.size), dtype=np.int8)
        self._mask_bytes = self._masks.data.cast("B")  # the rows end to end, as bytes
        self._seat = np.zeros(num_envs, dtype=np.int64)
        # Each game's tensor from each seat, kept and rewritten from the state it showed (game
        # ``i`` is the writer's slot ``i``), a seat's from another's where that is nearer.
        self._writer = TensorWriter(layout)
        self._ready = False

    # ---- the loop ----------------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal a new game in every slot: game ``i`` from the generator seeded ``seed + i``.

        ``options`` is Gymnasium's per-reset argument, ignored: the setup options are the
        constructor's.

        Raises:
            ValueError: for a seed that is not an int.
        """
        if seed is not None and not whole(seed):
            raise ValueError(f"seed must be an int or None, got {seed!r}")
        start = self._seed if seed is None else seed
        self._seed = None
        for i in range(self.num_envs):
            if start is None:
                self._dealers[i] = random.Random()
                self._pending_seeds[i] = None
            else:
                # A given seed plays its own game first, as GameEnv(seed=k) does.
                self._dealers[i] = random.Random(start + i)
                self._pending_seeds[i] = start + i
            self._deal(i)
        self._ready = True
        return self._observe(), {"seat": self._seat}

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Step:
        """Take ``actions[i]`` for the seat to act in game ``i``, for every game.

        Raises:
            ValueError: before ``reset``; for a batch of the wrong length, an index that is no
                int or outside the action space, or (as
                [`IllegalAction`][sankore_rules.IllegalAction]) an illegal one. A refused
                batch changes no game.
        """
        if not self._ready:
            raise ValueError("call reset() before step()")
        if len(actions) != self.num_envs:
            raise ValueError(f"actions must hold {self.num_envs} indices, got {len(actions)}")
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            actions = actions.tolist()  # Python ints: looked up without a conversion each
        chosen = [self._action(i, a) for i, a in enumerate(actions)]
        rewards = np.zeros((self.num_envs, self.seats), dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        final: list[Any] = [None] * self.num_envs
        acted = self._seat.copy()
        game, rules, states, decisions = self.game, self.rules, self.states, self.decisions
        limit = self.max_turns
        for i, action in enumerate(chosen):
            state = game.apply(rules, states[i], action)
            decisions[i] += 1
            if game.is_terminal(state):
                rewards[i] = returns(state, self.reward_scheme)
                terminations[i] = True
            elif limit is None or decisions[i] < limit:
                states[i] = state
                continue
            else:
                truncations[i] = True
            final[i] = state
            self._deal(i)
        infos = {"seat": self._seat, "acted": acted, "final_state": final}
        return self._observe(), rewards, terminations, truncations, infos

    def close(self) -> None:
        """Nothing to release."""

    # ---- helpers -------------------------------------------------------------------------

    def _action(self, i: int, index: object) -> Any:
        if type(index) is int:
            found = self._legal[i].get(index)
            if found is not None:
                return found
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise ValueError(f"game {i}: an action is one int index, not {type(index).__name__}")
        found = self._legal[i].get(int(index))
        if found is not None:
            return found
        if not 0 <= int(index) < self.action_count:
            raise ValueError(f"game {i}: action index must be 0..{self.action_count - 1}")
        # Not listed: apply says why, in the engine's words (an IllegalAction).
        api.apply(self.states[i], self._space.action(int(index)))
        raise AssertionError("an unlisted action was accepted")  # pragma: no cover

    def _deal(self, i: int) -> None:
        pending = self._pending_seeds[i]
        if pending is not None:
            seed, self._pending_seeds[i] = pending, None
        else:
            seed = self._dealers[i].getrandbits(_SEED_BITS)
        self.states[i] = api.new_game(
            self.players, seed, game=self.game.name, rules=self.rules, **self.options
        )
        self.decisions[i] = 0

    def _observe(self) -> Observations:
        game, rules, index, into = self.game, self.rules, self._indices, self._writer.into
        acting: list[int] = []
        tensors: list[npt.NDArray[np.float32]] = []
        self._masks.fill(0)
        # Each legal action's flag set through a memoryview: an item write costs less than
        # numpy making index arrays of a batch's few hundred (row, column) pairs.
        flags, row = self._mask_bytes, self.action_count
        for i, state in enumerate(self.states):
            seat = game.current_player(state)
            assert seat is not None, "a live game has a seat to act"
            actions = game.legal_actions(rules, state)
            indices = index(actions)
            self._legal[i] = dict(zip(indices, actions, strict=True))
            base = i * row
            for k in indices:
                flags[base + k] = 1
            acting.append(seat)
            tensors.append(into(state, seat, i))
        self._seat[:] = acting
        np.concatenate(tensors, out=self._flat)  # one call: np.stack makes a view of each
        return {"observation": self._observations, "action_mask": self._masks}
