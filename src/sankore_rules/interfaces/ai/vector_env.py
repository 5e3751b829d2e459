"""Many games of any registered game stepped in one call: a Gymnasium vector environment.

``VectorGameEnv(n, game="sankore", players=2)`` holds ``n`` games side by side. Each game has
exactly one seat to act at a time (a turn-based game; the seat may act several times in a row),
so ``step(actions)`` takes one action index per game, for that game's acting seat, and returns
stacked arrays: what the next acting seat of each game sees, its action mask, the reward of the
seat that acted, and the done flags. A game that ends is dealt afresh in the same call.

It is a ``gymnasium.vector.VectorEnv``: ``single_observation_space`` (a ``Dict`` of the
``observation`` tensor and the ``int8`` ``action_mask``), ``single_action_space``
(``Discrete``), their batched ``observation_space`` and ``action_space`` (``MultiDiscrete``),
and ``metadata["autoreset_mode"]``, so Gymnasium's vector wrappers
(``gymnasium.wrappers.vector.RecordEpisodeStatistics`` and the others) take it. Gymnasium's
batch layout is chosen over PettingZoo's parallel API because a masked turn-based game has one
agent to act per game, not every agent at once: a batch of "the seat to act in each game" is
what a self-play learner (AlphaZero, PPO with masks) feeds its network.

Rewards, seat by seat: Gymnasium's ``rewards`` is one number per game, so ``rewards[i]`` is
the reward of the seat that took ``actions[i]`` (``infos["acted"][i]``): 0 until the step that
ends the game, then that seat's return
([`returns`][sankore_rules.interfaces.ai.returns], ``"win_loss"`` or ``"score"``). Every
deciding seat's reward of the step is in ``infos["rewards"]``, shape ``(n, seats)``, column
``k`` for the ``k``-th deciding seat: a self-play learner credits the seats that did not make
the last move from there. ``infos["seat"]`` is, per game, the seat the returned observation
and mask belong to (the next to act).

Automatic reset is "same step" (``AutoresetMode.SAME_STEP``): when a game ends by a step, that
step returns its rewards and ``terminations[i] = True`` (or ``truncations[i]`` after
``max_turns`` decisions), while ``observations[i]`` and the mask already show the new game's
first decision. The ended game's last observation, seen by the seat that acted (its mask all
0: nothing is left to decide), is ``infos["final_obs"][i]``, as Gymnasium's own vector
environments give it (an object array, None for the games that go on; ``infos["_final_obs"]``
flags the ended ones). The ended game's state is not given: it holds the game's seed, and
nothing a seat sees carries one. So every row of every call is a decision to take, and no step
is spent on a dead game.

Observations are the [`observation_tensor`][sankore_rules.interfaces.ai.tensors.observation_tensor]
of the seat to act, in one preallocated ``(n, size)`` ``float32`` array; masks an ``(n,
actions)`` ``int8`` array. Those two arrays (and ``infos["seat"]``) are the environment's own
and are rewritten in place by the next ``step`` or ``reset``, as Gymnasium's vector
environments with shared memory do: copy them to keep them. Rewards, the done flags and the
other infos are new arrays at each call.

Processes: ``workers=0`` (the default) steps every game in this process; ``workers=k`` steps
them in ``k`` processes, this one and ``k - 1`` it starts, each a contiguous share of the
games, writing their rows into arrays in shared memory
([`vector_workers`][sankore_rules.interfaces.ai.vector_workers]), so steps per second grow
with cores. Both give exactly the same observations, masks, rewards and flags for the same
seed and actions. ``close()`` ends the workers (so does garbage collection, or the
interpreter's exit); use the environment as a context manager to be sure.

Seeds: every game gets a 128-bit seed from a
[`SeedStream`][sankore_rules.interfaces.ai.environment.SeedStream] (numpy's ``SeedSequence``).
``reset(seed=k)`` restarts the root from ``k`` and every reset spawns one child per game, of
which each game dealt in that slot takes a fresh child: a run is reproduced by its seed and its
actions, two resets share no game (``reset(seed=10)`` and ``reset(seed=11)`` as much as two
resets without a seed), and no number of seen seeds tells the next. Without a seed (here or at
the constructor) the root is 128 bits of the operating system's randomness. No seed appears
in the observations or the infos.

Speed: each game is a slot of one
[`TensorWriter`][sankore_rules.interfaces.ai.tensors.TensorWriter] per process, which keeps for
each seat the tensor it last showed and rewrites only the entries the decisions since changed
(or starts from the other seat's, turned, when that is nearer); one numpy call copies the
acting seats' tensors into the observations, and each legal action's flag is one item write
into the masks.

Examples:
    >>> envs = VectorGameEnv(3, players=2)
    >>> observations, infos = envs.reset(seed=7)
    >>> observations["observation"].shape[0], observations["action_mask"].shape[0]
    (3, 3)
    >>> actions = [int(row.nonzero()[0][0]) for row in observations["action_mask"]]
    >>> observations, rewards, terminations, truncations, infos = envs.step(actions)
    >>> rewards.shape, infos["rewards"].shape, bool(terminations.any())
    ((3,), (3, 2), False)
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from multiprocessing.process import BaseProcess
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from sankore_rules import api
from sankore_rules.core.errors import IllegalAction
from sankore_rules.interfaces.ai.action_space import action_space_of
from sankore_rules.interfaces.ai.environment import (
    MAX_TURNS,
    SeedStream,
    check_arguments,
    check_seed,
    whole,
)
from sankore_rules.interfaces.ai.tensors import tensor_layout
from sankore_rules.interfaces.ai.vector_slots import Batch, Buffers, Setup, SlotRange

__all__ = ["VectorGameEnv"]

Observations = dict[str, npt.NDArray[Any]]
#: What ``step`` returns: observations, rewards, terminations, truncations, infos.
Step = tuple[Observations, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]


class VectorGameEnv(VectorEnv[Observations, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of one registered game, stepped together (see the module's docstring).

    Args:
        num_envs: how many games run side by side, at least 1.
        game: a registered game's name; None for the first registered game (Sankoré).
        players: a player count the game takes.
        seed: the first ``reset()``'s seed, an int of at least 0, or None (a root drawn from
            the operating system).
        rewards: ``"win_loss"`` or ``"score"``.
        max_turns: the decisions a game may last before it is truncated; None for no bound.
        options: the game's setup options; ``rules`` a ruleset of the game.
        workers: 0 to step every game in this process; ``k`` (at most ``num_envs``) to step
            them in ``k`` processes: this one and ``k - 1`` worker processes it starts (on
            ``n`` cores, ``workers=n`` keeps them all busy).
        context: how workers start, ``"spawn"`` or ``"forkserver"``.

    Raises:
        ValueError: for any argument the environment or the game does not take, with words.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's VectorEnv declares it so
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

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
        *,
        workers: int = 0,
        context: str = "spawn",
    ) -> None:
        from sankore_rules.interfaces.ai.vector_workers import CONTEXTS, WorkerPool

        if not whole(num_envs) or num_envs < 1:
            raise ValueError(f"num_envs must be an int of at least 1, got {num_envs!r}")
        found = check_arguments(game, players, seed, rewards, max_turns, options)
        if not whole(workers) or not 0 <= workers <= num_envs:
            raise ValueError(f"workers must be an int from 0 to num_envs, got {workers!r}")
        if context not in CONTEXTS:
            raise ValueError(f"context must be one of {', '.join(CONTEXTS)}, got {context!r}")
        self.num_envs = num_envs
        self.game = found
        self.players = players
        self.options: dict[str, Any] = dict(options or {})
        self.reward_scheme = rewards
        self.max_turns = max_turns
        self.workers = workers
        self.rules = api.load_rules(game=found.name) if rules is None else rules
        self._root = SeedStream(seed)
        # Deals one game now, so that the game refuses a bad option here.
        first = api.new_game(players, 0, game=found.name, rules=self.rules, **self.options)
        agents = found.agents(first)
        self.seats = len(agents)
        # A seat's column in infos["rewards"], looked up for the whole batch at once.
        self._column = np.zeros(max(agents) + 1, dtype=np.int64)
        self._column[list(agents)] = np.arange(self.seats)
        space = action_space_of(self.rules)
        self._space = space
        self.observation_size = tensor_layout(self.rules).size
        self.action_count = space.size
        self.single_action_space = spaces.Discrete(space.size)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (space.size,), np.int8),
            }
        )
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        setup = Setup(found.name, players, self.options, rewards, max_turns)
        shape = (num_envs, self.observation_size, space.size, self.seats)
        self._batch: Batch
        if workers:
            # The bundled ruleset is loaded by each worker; only a caller's own is sent.
            sent = None if rules is None else self.rules
            self._batch = WorkerPool(
                setup, self.rules, sent, *shape, workers=workers, context=context
            )
        else:
            buffers = Buffers(*shape, memory=bytearray)
            self._batch = SlotRange(setup, self.rules, buffers, 0, num_envs)
        self._buffers = self._batch.buffers
        self._rows = np.arange(num_envs)
        self._ready = False

    @property
    def processes(self) -> list[BaseProcess]:
        """The worker processes started (none with ``workers`` 0 or 1)."""
        return list(getattr(self._batch, "processes", []))

    @property
    def states(self) -> list[Any]:
        """Each game's state, in this process's mode only (``workers=0``).

        It holds the game's seed: it is for tests and tools, never for what a seat sees.

        Raises:
            AttributeError: with worker processes, where the states live in the workers.
        """
        if isinstance(self._batch, SlotRange):
            return self._batch.states
        raise AttributeError("with worker processes the games' states live in the workers")

    @property
    def decisions(self) -> list[int]:
        """The decisions each game has taken since it was dealt (``workers=0`` only).

        Raises:
            AttributeError: with worker processes.
        """
        if isinstance(self._batch, SlotRange):
            return self._batch.decisions
        raise AttributeError("with worker processes the games live in the workers")

    # ---- the loop ----------------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal a new game in every slot, from fresh children of the root seed stream.

        ``seed`` restarts the root from itself. ``options`` is Gymnasium's per-reset argument,
        ignored (the setup options are the constructor's), except that a ``reset_mask`` is
        refused: every game is dealt afresh, and the games that end are dealt in the same step.

        Raises:
            ValueError: for a seed that is not an int of at least 0, or a ``reset_mask``; once
                the environment is closed.
        """
        self._check_open()
        check_seed(seed)
        if options and "reset_mask" in options:
            raise ValueError(
                "reset_mask is not taken: reset() deals every game afresh, and a game that "
                "ends is dealt again in the same step (AutoresetMode.SAME_STEP)"
            )
        if seed is not None:
            self._root = SeedStream(seed)
        self._batch.reset(self._root.spawn(self.num_envs))
        self._ready = True
        buffers = self._buffers
        return (
            {"observation": buffers.observations, "action_mask": buffers.masks},
            {"seat": buffers.seat},
        )

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Step:
        """Take ``actions[i]`` for the seat to act in game ``i``, for every game.

        Raises:
            ValueError: before ``reset`` or after ``close``; for a batch of the wrong length,
                an index that is no int or outside the action space, or (as
                [`IllegalAction`][sankore_rules.IllegalAction]) an illegal one. A refused
                batch changes no game.
        """
        self._check_open()
        if not self._ready:
            raise ValueError("call reset() before step()")
        buffers = self._buffers
        buffers.actions[:] = self._checked(actions)
        self._batch.step()
        acted = buffers.acted.copy()
        every = buffers.rewards.copy()
        terminations = buffers.terminations.copy()
        truncations = buffers.truncations.copy()
        ended = terminations | truncations
        final: npt.NDArray[np.object_] = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended).tolist():
            final[i] = {
                "observation": buffers.final[i].copy(),
                "action_mask": np.zeros(self.action_count, dtype=np.int8),
            }
        infos: dict[str, Any] = {
            "seat": buffers.seat,
            "acted": acted,
            "rewards": every,
            "final_obs": final,
            "_final_obs": ended,
        }
        rewards = every[self._rows, self._column[acted]]
        observations: Observations = {
            "observation": buffers.observations,
            "action_mask": buffers.masks,
        }
        return observations, rewards, terminations, truncations, infos

    def __enter__(self) -> VectorGameEnv:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close_extras(self, **kwargs: Any) -> None:
        """End the worker processes, if any (``close()`` calls it once)."""
        self._batch.close()

    # ---- helpers -------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.closed:
            raise ValueError("the environment is closed: make a new one")

    def _checked(self, actions: object) -> npt.NDArray[np.int64]:
        """The batch's indices once each is an int, in the space and legal (per the masks)."""
        if not isinstance(actions, np.ndarray | Sequence) or isinstance(actions, str):
            raise ValueError(f"actions must be a sequence of {self.num_envs} indices")
        if isinstance(actions, np.ndarray) and actions.ndim != 1:
            raise ValueError(f"actions must be one index per game, not of shape {actions.shape}")
        if len(actions) != self.num_envs:
            raise ValueError(f"actions must hold {self.num_envs} indices, got {len(actions)}")
        if not (isinstance(actions, np.ndarray) and actions.dtype.kind in "iu"):
            for i, index in enumerate(actions):
                if isinstance(index, bool) or not isinstance(index, numbers.Integral):
                    kind = type(index).__name__
                    raise ValueError(f"game {i}: an action is one int index, not {kind}")
        indices = np.asarray(actions, dtype=np.int64)
        outside = np.flatnonzero((indices < 0) | (indices >= self.action_count))
        if outside.size:
            i = int(outside[0])
            raise ValueError(f"game {i}: action index must be 0..{self.action_count - 1}")
        illegal = np.flatnonzero(self._buffers.masks[self._rows, indices] == 0)
        if illegal.size:
            i = int(illegal[0])
            # The mask is the legal actions exactly: the game says why, in the engine's words.
            raise IllegalAction(*self._batch.refusal(i, int(indices[i])))
        return indices
