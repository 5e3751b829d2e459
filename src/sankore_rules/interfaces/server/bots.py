"""The server's bots, run in worker processes so that a search never blocks the event loop.

A bot's move is computed by [`bot_move`][sankore_rules.interfaces.server.bots.bot_move] in a
process of a pool, from text only: the random and greedy bots get the state's JSON (they are the
server's own players, like the rules' automatic steps), the MCTS bot only its seat's
observation, from which it searches over redrawn hidden parts.

The pools heal: a worker process that dies (killed, out of memory) breaks Python's
``ProcessPoolExecutor`` for good, so [`Workers`][sankore_rules.interfaces.server.bots.Workers]
replaces a broken pool by a new one and runs the interrupted call again. The MCTS bots search in
a pool of their own, at a lower scheduling priority, so that a search never delays the quick
bots, the pictures or the answers to people.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from sankore_rules import api
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.interfaces.search import MctsBot

__all__ = [
    "BOTS",
    "SEARCHING",
    "BotBudget",
    "BotPools",
    "Workers",
    "bot_move",
    "bot_pool",
    "random_move",
]

#: The seat kinds that are bots.
BOTS = ("bot:random", "bot:greedy", "bot:mcts")
#: The bots that search (seconds a decision), kept in a pool apart from the quick ones.
SEARCHING = frozenset({"bot:mcts"})
#: How much lower the searching bots' processes are scheduled (``nice``) than the server.
SEARCH_NICENESS = 10
#: The seconds a new pool's first call may take beyond its timeout: a process starts and
#: loads every game's rules first.
STARTING_SECONDS = 30.0

log = logging.getLogger("sankore_rules.server")
Result = TypeVar("Result")


class BotBudget:
    """The MCTS bot's budget per decision: an iteration count and a time bound in seconds."""

    def __init__(self, iterations: int = 200, seconds: float = 2.0) -> None:
        if iterations < 1 or seconds <= 0:
            raise ValueError("the MCTS budget needs at least one iteration and some time")
        self.iterations = iterations
        self.seconds = seconds


def bot_move(kind: str, text: str, seed: int, iterations: int, seconds: float) -> str:
    """The notation of the move the bot ``kind`` makes (run in a worker process).

    Args:
        kind: one of [`BOTS`][sankore_rules.interfaces.server.bots.BOTS].
        text: the state's JSON for ``bot:random`` and ``bot:greedy``; the deciding seat's
            observation as JSON for ``bot:mcts``.
        seed: the bot's seed for this decision.
        iterations: the MCTS iterations per decision.
        seconds: the MCTS time bound per decision.
    """
    if kind == "bot:mcts":
        bot = MctsBot(seed, iterations=iterations, time_limit=seconds)
        return str(bot.choose_from_observation(json.loads(text)))
    state = api.from_json(text)
    player: Any = GreedyBot(seed) if kind == "bot:greedy" else RandomBot(seed)
    return str(player.choose(state))


def random_move(state: Any, seed: int) -> str:
    """The notation of a random legal action of ``state``: a failed bot's fallback.

    It is computed in the server process itself (a millisecond), so that it still comes when
    every worker process fails.
    """
    return str(RandomBot(seed).choose(state))


def _warm(niceness: int) -> None:
    """Load the bundled rules of every game once, so the first move is not slow.

    And watch the server: a worker whose server is gone ends (see ``_orphaned``).
    """
    if niceness:
        os.nice(niceness)
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(target=_orphaned, args=(server,), daemon=True).start()
    for game in api.games():
        api.load_rules(game=game.name)


def _orphaned(server: multiprocessing.process.BaseProcess) -> None:
    """End this worker once its server process is gone, whatever ended it.

    A server stopped as it should be shuts its pool down; one killed (SIGKILL, the machine's
    memory killer) cannot, and its workers would wait for calls forever: each holds its end
    of the pool's queue too, so it never reads the end of it. The server's handle in a
    spawned process (``multiprocessing.parent_process()``) is ready once the server has
    ended, even one killed before this worker started.
    """
    server.join()
    os._exit(0)


def bot_pool(processes: int, niceness: int = 0) -> ProcessPoolExecutor:
    """A pool of ``processes`` worker processes, started fresh (not forked from the server).

    Args:
        processes: how many worker processes at most.
        niceness: how much lower than the server's their scheduling priority is.
    """
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=processes, mp_context=context, initializer=_warm, initargs=(niceness,)
    )


class Workers:
    """A pool of worker processes that heals: a broken or hung pool is replaced.

    Python's process pool is broken for good once one of its processes dies: every call then
    fails with ``BrokenProcessPool``. A call that meets a broken pool here replaces it (once,
    however many calls meet it at the same time) and is run again, up to ``attempts`` times. A
    call that takes longer than ``timeout`` seconds (a process stopped, or looping) ends the
    pool's processes, replaces the pool, and fails with ``TimeoutError``.

    Calls are handed to the pool only as processes are free (the others wait here, in order),
    so that the timeout counts a call's work, not its wait behind others.

    Args:
        name: what the pool is for, in the log (``"searching bots"``, ``"pictures"``).
        processes: its worker processes; 0 runs the calls on a thread of the server (tests of
            the hub alone).
        niceness: how much lower than the server's the processes' scheduling priority is.
        attempts: how many times a call meets a broken pool before its failure is given up.
        timeout: the seconds a call may take (None: no bound); a new pool's first call may
            take ``STARTING_SECONDS`` more, to start its process.
    """

    def __init__(
        self,
        name: str,
        processes: int,
        *,
        niceness: int = 0,
        attempts: int = 3,
        timeout: float | None = None,
    ) -> None:
        self.name = name
        self.processes = processes
        self.niceness = niceness
        self.attempts = attempts
        self.timeout = timeout
        #: How many times the pool was replaced.
        self.replaced = 0
        # Made at the first call: a pool never used costs no process and no semaphore.
        self._pool: ProcessPoolExecutor | None = None
        self._answered = False
        self._free = asyncio.Semaphore(max(1, processes))

    async def run(self, function: Callable[..., Result], *args: Any) -> Result:
        """``function(*args)`` in a worker process, through however many broken pools.

        Raises:
            BrokenProcessPool: when the pool broke ``attempts`` times during this call.
            TimeoutError: when the call took longer than ``timeout`` (the pool is replaced).
        """
        loop = asyncio.get_running_loop()
        async with self._free:
            for attempt in range(1, self.attempts + 1):
                if self._pool is None and self.processes > 0:
                    self._pool, self._answered = bot_pool(self.processes, self.niceness), False
                pool = self._pool
                limit = self.timeout
                if limit is not None and not self._answered:
                    limit += STARTING_SECONDS
                try:
                    result = await asyncio.wait_for(
                        loop.run_in_executor(pool, function, *args), limit
                    )
                except BrokenProcessPool:
                    if attempt == self.attempts:
                        raise
                    self._replace(pool, "died")
                    continue
                except TimeoutError:
                    self._replace(pool, f"did not answer in {limit:g} s")
                    raise TimeoutError(f"the {self.name} did not answer in {limit:g} s") from None
                self._answered = True
                return result
        raise AssertionError("unreachable")  # pragma: no cover

    def _replace(self, old: ProcessPoolExecutor | None, why: str) -> None:
        """Put a new pool in place of ``old``, unless another call did already."""
        if old is None or self._pool is not old:
            return
        log.warning("a worker process of the %s %s: starting a new pool", self.name, why)
        _end(old, wait=False)
        self._pool, self._answered = bot_pool(self.processes, self.niceness), False
        self.replaced += 1

    def shutdown(self) -> None:
        """Stop the worker processes now, dropping the calls under way and not started."""
        pool, self._pool = self._pool, None
        if pool is not None:
            # A search may have seconds to go: a server that stops does not wait for it.
            _end(pool, wait=True)


def _end(pool: ProcessPoolExecutor, *, wait: bool) -> None:
    """End a pool's processes at once, and shut it down.

    The executor offers no way to end a call under way, so its processes are killed (a stopped
    one too), then the executor is shut down; waiting for it lets its thread close its queues.
    """
    for process in dict(getattr(pool, "_processes", None) or {}).values():
        process.kill()
    pool.shutdown(wait=wait, cancel_futures=True)


class BotPools:
    """Where the server's bots decide, each owner's searches taking turns.

    The searching bots decide in a pool of their own, at a lower priority, the quick ones in
    another. An owner is whoever created the match (a client's address): its searches run
    ``searches`` at a time, the others wait, so one client's matches never fill the searching
    bots' pool however many it starts.

    Args:
        processes: the searching bots' worker processes (0: every bot on a thread of the
            server, for tests of the hub alone).
        budget: every search's budget.
        searches: how many searches of one owner run at once.
        timeout: the seconds a decision may take beyond its budget before its process counts
            as hung and is replaced.
    """

    def __init__(
        self, processes: int, budget: BotBudget, searches: int = 1, timeout: float = 30.0
    ) -> None:
        if searches < 1:
            raise ValueError("an owner needs at least one search at a time")
        self.budget = budget
        self.searches = searches
        self._searching = Workers(
            "searching bots",
            processes,
            niceness=SEARCH_NICENESS,
            timeout=budget.seconds + timeout,
        )
        self._quick = Workers("quick bots", 1 if processes > 0 else 0, timeout=timeout)
        #: Each owner's turns at searching, and how many of its searches run or wait.
        self._turns: dict[str, tuple[asyncio.Semaphore, int]] = {}

    async def decide(self, owner: str, kind: str, state: Any, seat: int) -> str:
        """The notation of the move the bot ``kind`` makes at ``seat`` of ``state``.

        Raises:
            Exception: whatever the bot or its pool raised (``BrokenProcessPool`` through
                every replacement of the pool, an error of the bot).
        """
        searching = kind in SEARCHING
        text = json.dumps(api.observation(state, seat)) if searching else api.to_json(state)
        args = (kind, text, secrets.randbits(64), self.budget.iterations, self.budget.seconds)
        if not searching:
            return await self._quick.run(bot_move, *args)
        turns, waiting = self._turns.get(owner) or (asyncio.Semaphore(self.searches), 0)
        self._turns[owner] = (turns, waiting + 1)
        try:
            async with turns:
                return await self._searching.run(bot_move, *args)
        finally:
            turns, waiting = self._turns[owner]
            if waiting > 1:
                self._turns[owner] = (turns, waiting - 1)
            else:
                del self._turns[owner]

    def shutdown(self) -> None:
        """Stop every bot's worker processes now."""
        self._searching.shutdown()
        self._quick.shutdown()
