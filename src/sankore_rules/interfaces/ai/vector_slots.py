"""The games of a vectorised environment, slot by slot, written into arrays they are given.

[`VectorGameEnv`][sankore_rules.interfaces.ai.vector_env.VectorGameEnv] keeps its batch in
[`Buffers`][sankore_rules.interfaces.ai.vector_slots.Buffers]: one numpy array per field
(observations, masks, rewards, ...), a row per game. A
[`SlotRange`][sankore_rules.interfaces.ai.vector_slots.SlotRange] plays the games of some rows
and writes only those rows. In one process a single range holds every row of arrays of its
own; in the multi-process mode each worker holds one range of arrays in shared memory, so the
same code steps a game whichever process runs it, and both modes give the same numbers.

A range trusts its actions: the environment has checked each against the masks (which are
the legal actions exactly) before any range steps, so a refused batch changes no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from sankore_rules import api
from sankore_rules.core.errors import IllegalAction, Reason
from sankore_rules.core.registry import find_game
from sankore_rules.interfaces.ai.action_space import action_space_of, indexer
from sankore_rules.interfaces.ai.environment import SeedStream
from sankore_rules.interfaces.ai.returns import returns_of
from sankore_rules.interfaces.ai.tensors import TensorWriter, tensor_layout

__all__ = ["Batch", "Buffers", "Setup", "SlotRange"]


class Setup(NamedTuple):
    """What every game of a batch is: enough to rebuild the batch in another process."""

    game: str
    players: int
    options: Mapping[str, Any]
    rewards: str
    max_turns: int | None


class Buffers:
    """The batch's arrays, a row per game, on memory the caller provides.

    Args:
        rows: how many games.
        size: the observation tensor's size.
        actions: the action space's size.
        seats: the deciding seats of a game (the columns of ``rewards``).
        memory: makes a writable buffer of so many bytes (a ``bytearray``, or a shared
            ``RawArray`` for worker processes); its results are kept in ``blocks``.

    Attributes:
        observations: ``(rows, size)`` float32, the seat to act's tensor.
        masks: ``(rows, actions)`` int8, 1 at its legal actions.
        seat: ``(rows,)`` int64, the seat to act.
        acted: ``(rows,)`` int64, the seat that took the last stepped action.
        rewards: ``(rows, seats)`` float32, each deciding seat's reward of the last step.
        terminations: ``(rows,)`` bool, a game the last step ended by the rules.
        truncations: ``(rows,)`` bool, a game the last step cut at ``max_turns``.
        final: ``(rows, size)`` float32, an ended game's last tensor, seen by ``acted``.
        actions: ``(rows,)`` int64, the indices to take at the next step.
    """

    def __init__(
        self, rows: int, size: int, actions: int, seats: int, memory: Callable[[int], Any]
    ) -> None:
        self.fields: dict[str, tuple[tuple[int, ...], type[np.generic]]] = {
            "observations": ((rows, size), np.float32),
            "masks": ((rows, actions), np.int8),
            "seat": ((rows,), np.int64),
            "acted": ((rows,), np.int64),
            "rewards": ((rows, seats), np.float32),
            "terminations": ((rows,), np.bool_),
            "truncations": ((rows,), np.bool_),
            "final": ((rows, size), np.float32),
            "actions": ((rows,), np.int64),
        }
        self.blocks = {
            name: memory(int(np.prod(shape)) * np.dtype(dtype).itemsize)
            for name, (shape, dtype) in self.fields.items()
        }
        self._view(self.blocks)

    @classmethod
    def over(
        cls, blocks: Mapping[str, Any], fields: Mapping[str, tuple[tuple[int, ...], Any]]
    ) -> Buffers:
        """The same arrays over ``blocks`` made by another process's ``Buffers``."""
        buffers = cls.__new__(cls)
        buffers.fields = dict(fields)
        buffers.blocks = dict(blocks)
        buffers._view(buffers.blocks)
        return buffers

    def _view(self, blocks: Mapping[str, Any]) -> None:
        arrays = {
            name: np.frombuffer(blocks[name], dtype=dtype).reshape(shape)
            for name, (shape, dtype) in self.fields.items()
        }
        self.observations: npt.NDArray[np.float32] = arrays["observations"]
        self.masks: npt.NDArray[np.int8] = arrays["masks"]
        self.seat: npt.NDArray[np.int64] = arrays["seat"]
        self.acted: npt.NDArray[np.int64] = arrays["acted"]
        self.rewards: npt.NDArray[np.float32] = arrays["rewards"]
        self.terminations: npt.NDArray[np.bool_] = arrays["terminations"]
        self.truncations: npt.NDArray[np.bool_] = arrays["truncations"]
        self.final: npt.NDArray[np.float32] = arrays["final"]
        self.actions: npt.NDArray[np.int64] = arrays["actions"]


class Batch(Protocol):
    """Games that step together and write into ``buffers``.

    A [`SlotRange`][sankore_rules.interfaces.ai.vector_slots.SlotRange] in this process, or the
    worker processes' ranges (``vector_workers.WorkerPool``).
    """

    buffers: Buffers

    def reset(self, streams: list[SeedStream]) -> None:
        """Deal a new game in every row, row ``i``'s games from ``streams[i]``."""

    def step(self) -> None:
        """Take each row's index in ``buffers.actions``, deal afresh where a game ended."""

    def refusal(self, row: int, index: int) -> tuple[Any, tuple[Reason, ...]]:
        """The action of ``index`` and why row ``row``'s game refuses it."""

    def close(self) -> None:
        """Release what the games hold (processes, memory)."""


class SlotRange:
    """The games of rows ``start`` to ``stop`` (excluded) of ``buffers``.

    Args:
        setup: what the games are.
        rules: their ruleset.
        buffers: the batch's arrays; only this range's rows are written.
        start: the first row.
        stop: the row after the last.
    """

    def __init__(self, setup: Setup, rules: Any, buffers: Buffers, start: int, stop: int) -> None:
        self.setup = setup
        self.game = find_game(setup.game)
        self.rules = rules
        self.start, self.stop = start, stop
        count = stop - start
        self._space = action_space_of(rules)
        self._indices = indexer(self._space)
        self._writer = TensorWriter(tensor_layout(rules))
        self.states: list[Any] = [None] * count
        self.decisions = [0] * count
        self._streams: list[SeedStream] = []
        self._legal: list[dict[int, Any]] = [{} for _ in range(count)]
        rows = slice(start, stop)
        self._observations = buffers.observations[rows]
        self._flat = self._observations.reshape(-1)  # the same memory, the rows end to end
        self._masks = buffers.masks[rows]
        self._mask_bytes = self._masks.data.cast("B")  # the rows end to end, as bytes
        self._seat = buffers.seat[rows]
        self._acted = buffers.acted[rows]
        self._rewards = buffers.rewards[rows]
        self._terminations = buffers.terminations[rows]
        self._truncations = buffers.truncations[rows]
        self._final = buffers.final[rows]
        self._actions = buffers.actions[rows]
        self.buffers = buffers

    def reset(self, streams: list[SeedStream]) -> None:
        """Deal a new game in every slot, slot ``k``'s games from ``streams[k]``."""
        self._streams = streams
        for k in range(len(self.states)):
            self._deal(k)
        self._observe()

    def step(self) -> None:
        """Take each row's index in ``buffers.actions``, deal afresh where a game ended."""
        game, rules, states, decisions = self.game, self.rules, self.states, self.decisions
        limit, scheme, legal = self.setup.max_turns, self.setup.rewards, self._legal
        self._rewards.fill(0.0)
        self._terminations.fill(False)
        self._truncations.fill(False)
        self._acted[:] = self._seat
        for k, index in enumerate(self._actions.tolist()):
            state = game.apply(rules, states[k], legal[k][index])
            decisions[k] += 1
            if game.is_terminal(state):
                self._rewards[k] = returns_of(state, scheme)
                self._terminations[k] = True
            elif limit is None or decisions[k] < limit:
                states[k] = state
                continue
            else:
                self._truncations[k] = True
            self._writer.copy_into(state, int(self._acted[k]), self._final[k], k)
            self._deal(k)
        self._observe()

    def close(self) -> None:
        """Nothing to release: the games live in this process."""

    def refusal(self, k: int, index: int) -> tuple[Any, tuple[Reason, ...]]:
        """Why slot ``k``'s game (row ``start + k``) refuses the action of ``index``.

        The action and the engine's reasons, as [`IllegalAction`][sankore_rules.IllegalAction]
        holds them: they cross a process boundary where the exception itself does not.
        """
        action = self._space.action(index)
        try:
            api.apply(self.states[k], action)
        except IllegalAction as refused:
            return refused.action, refused.reasons
        raise AssertionError("an action left out of the mask was accepted")  # pragma: no cover

    # ---- helpers -------------------------------------------------------------------------

    def _deal(self, k: int) -> None:
        setup = self.setup
        self.states[k] = api.new_game(
            setup.players,
            self._streams[k].next_seed(),
            game=setup.game,
            rules=self.rules,
            **setup.options,
        )
        self.decisions[k] = 0

    def _observe(self) -> None:
        game, rules, index, into = self.game, self.rules, self._indices, self._writer.into
        acting: list[int] = []
        tensors: list[npt.NDArray[np.float32]] = []
        self._masks.fill(0)
        # Each legal action's flag set through a memoryview: an item write costs less than
        # numpy making index arrays of a batch's few hundred (row, column) pairs.
        flags, row = self._mask_bytes, self._masks.shape[1]
        for k, state in enumerate(self.states):
            seat = game.current_player(state)
            assert seat is not None, "a live game has a seat to act"
            actions = game.legal_actions(rules, state)
            indices = index(actions)
            self._legal[k] = dict(zip(indices, actions, strict=True))
            base = k * row
            for i in indices:
                flags[base + i] = 1
            acting.append(seat)
            tensors.append(into(state, seat, k))
        self._seat[:] = acting
        np.concatenate(tensors, out=self._flat)  # one call: np.stack makes a view of each
