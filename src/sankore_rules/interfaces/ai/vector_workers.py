"""Worker processes that step a vectorised environment's games, over shared memory.

In the manner of Gymnasium's ``AsyncVectorEnv`` with shared memory: a
[`WorkerPool`][sankore_rules.interfaces.ai.vector_workers.WorkerPool] splits the batch's rows
into one contiguous share per worker, the calling process being the first worker: it plays the
first share itself while the processes it started play theirs, rather than wait for them (on
two cores, ``workers=2`` keeps both busy with one process started, and a step costs one
message and its answer, not two). Every array of the batch
([`Buffers`][sankore_rules.interfaces.ai.vector_slots.Buffers]) lives in shared memory, so a
step sends each started worker one short message, each plays its share of the games
([`SlotRange`][sankore_rules.interfaces.ai.vector_slots.SlotRange], the code one process runs)
and writes its rows in place, and answers "done": no observation is pickled. The games' seeds
reach the workers as ``SeedSequence`` children, so a seed gives the same games and numbers with
any number of workers.

The workers are started with ``spawn`` by default (or ``forkserver``), as the match server's
bot pool is: a fork would copy whatever threads and locks the parent holds (numpy's, a
server's event loop). They end when the pool is closed, when it is garbage collected, at the
interpreter's exit, and by themselves when the parent's end of their pipe closes.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import signal
import traceback
import weakref
from collections.abc import Callable, Mapping, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from sankore_rules import api
from sankore_rules.core.errors import Reason
from sankore_rules.interfaces.ai.environment import SeedStream
from sankore_rules.interfaces.ai.vector_slots import Buffers, Setup, SlotRange

__all__ = ["CONTEXTS", "WorkerPool"]

#: The start methods a pool takes: those that start a worker without copying the parent.
CONTEXTS = ("spawn", "forkserver")
#: Seconds a closing pool waits for a worker to leave before it ends it.
_JOIN_SECONDS = 5.0


class WorkerPool:
    """``workers`` processes, this one and ``workers - 1`` started, each stepping a share.

    Each steps a contiguous share of ``rows`` games; this process steps the first.

    Args:
        setup: what the games are.
        own_rules: the ruleset this process plays its share by.
        rules: a ruleset to send to the workers, or None for the game's bundled one, which
            each worker loads itself.
        rows: how many games.
        size: the observation tensor's size.
        actions: the action space's size.
        seats: the deciding seats of a game.
        workers: how many processes, at most ``rows``.
        context: ``"spawn"`` or ``"forkserver"``.

    Raises:
        RuntimeError: a worker failed to start (its traceback in the message).
    """

    def __init__(
        self,
        setup: Setup,
        own_rules: Any,
        rules: Any,
        rows: int,
        size: int,
        actions: int,
        seats: int,
        workers: int,
        context: str = "spawn",
    ) -> None:
        starter = (
            multiprocessing.get_context("forkserver")
            if context == "forkserver"
            else multiprocessing.get_context("spawn")
        )
        self.buffers = Buffers(rows, size, actions, seats, lambda n: starter.RawArray("b", n))
        bounds = [rows * w // workers for w in range(workers + 1)]
        self.shares = list(itertools.pairwise(bounds))
        self._own = SlotRange(setup, own_rules, self.buffers, *self.shares[0])
        self._connections: list[Connection] = []
        #: The worker processes started, one per share but the first.
        self.processes: list[BaseProcess] = []
        # Set before any worker starts, so that a failure below still ends the ones started.
        self._finalizer = weakref.finalize(self, _shutdown, self._connections, self.processes)
        for start, stop in self.shares[1:]:
            parent, child = starter.Pipe()
            process = starter.Process(
                target=_work,
                args=(child, setup, rules, self.buffers.blocks, self.buffers.fields, start, stop),
                name=f"sankore-vector-{start}-{stop}",
                daemon=True,
            )
            process.start()
            child.close()  # the worker's end: closed here, so a dead worker reads as EOF
            self._connections.append(parent)
            self.processes.append(process)
        try:
            self._gather()  # each worker's "ready"
        except BaseException:
            self.close()
            raise

    def reset(self, streams: list[SeedStream]) -> None:
        """Deal a new game in every row, row ``i``'s games from ``streams[i]``."""
        shares = [streams[start:stop] for start, stop in self.shares]
        self._call("reset", shares[1:], lambda: self._own.reset(shares[0]))

    def step(self) -> None:
        """Every worker takes its rows' indices in ``buffers.actions``."""
        self._call("step", [None] * len(self._connections), self._own.step)

    def refusal(self, row: int, index: int) -> tuple[Any, tuple[Reason, ...]]:
        """The action of ``index`` and why row ``row``'s game refuses it."""
        for w, (start, stop) in enumerate(self.shares):
            if start <= row < stop:
                if w == 0:
                    return self._own.refusal(row - start, index)
                self._connections[w - 1].send(("refusal", (row - start, index)))
                found: tuple[Any, tuple[Reason, ...]] = _answer(self._connections[w - 1])
                return found
        raise IndexError(f"no row {row}")

    def close(self) -> None:
        """Ask every worker to leave, end those that do not in time (idempotent)."""
        self._finalizer()

    # ---- helpers -------------------------------------------------------------------------

    def _call(self, command: str, arguments: Sequence[object], own: Callable[[], None]) -> None:
        """Send ``command`` to the started workers, do ``own`` share here, gather the answers."""
        for connection, argument in zip(self._connections, arguments, strict=True):
            connection.send((command, argument))
        try:
            own()
        finally:
            self._gather()  # even when this share failed: no pipe may keep a stale answer

    def _gather(self) -> None:
        # Every worker's answer is read, even after a failure, so no pipe holds a stale one.
        failures = []
        for connection in self._connections:
            try:
                _answer(connection)
            except RuntimeError as failure:
                failures.append(failure)
        if failures:
            raise failures[0]


def _answer(connection: Connection) -> Any:
    try:
        status, value = connection.recv()
    except (EOFError, OSError) as exc:
        raise RuntimeError("a worker process of the vectorised environment has died") from exc
    if status != "ok":
        raise RuntimeError(f"a worker process of the vectorised environment failed:\n{value}")
    return value


def _shutdown(connections: list[Connection], processes: list[BaseProcess]) -> None:
    for connection in connections:
        # A worker already gone, or the pipe already closed: nothing to tell.
        with contextlib.suppress(OSError, ValueError):
            connection.send(("close", None))
    for process in processes:
        process.join(_JOIN_SECONDS)
        if process.is_alive():
            process.terminate()
            process.join(_JOIN_SECONDS)
    for connection in connections:
        connection.close()


def _work(
    connection: Connection,
    setup: Setup,
    rules: Any,
    blocks: Mapping[str, Any],
    fields: Mapping[str, tuple[tuple[int, ...], Any]],
    start: int,
    stop: int,
) -> None:
    """A worker's life: build its share of the games, then answer commands.

    It leaves when told to close, or when the parent's end of the pipe closes.
    """
    # Ctrl-C reaches the whole process group: the parent closes the pool, the workers wait.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        games = SlotRange(
            setup,
            api.load_rules(game=setup.game) if rules is None else rules,
            Buffers.over(blocks, fields),
            start,
            stop,
        )
    except Exception:
        connection.send(("error", traceback.format_exc()))
        return
    connection.send(("ok", None))
    while True:
        try:
            command, argument = connection.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if command == "close":
            return
        try:
            if command == "reset":
                games.reset(argument)
                answer = None
            elif command == "step":
                games.step()
                answer = None
            else:  # "refusal"
                answer = games.refusal(*argument)
        except Exception:
            connection.send(("error", traceback.format_exc()))
            continue
        connection.send(("ok", answer))
