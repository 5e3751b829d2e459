"""Where the match server keeps its matches: SQLite (embedded) or PostgreSQL (shared).

A match is stored as what is needed to play it again, never as a state: its setup (the game,
the player count, the options and the seed, or a starting position), the kind of each seat
(``human``, ``bot:mcts``...), the hash of each claimed seat's token, and the list of accepted
actions in notation with the version they made. The server rebuilds a state by replaying the
actions and keeps it in memory as a cache only: the database is the truth.

Every write is one transaction, committed before the call returns, and every action is
appended under the version it answers: the match's row moves from version ``V`` to ``V + 1``
only when it is still at ``V``, and the action's number is part of its key. So two servers (or
two requests) answering the same version cannot both be accepted, and a match never forks.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction survives the
server process being killed (the operating system holds it), and only a power cut can lose the
last commits; pass ``durable=True`` for ``synchronous=FULL`` (an fsync per commit). PostgreSQL
is given the same bargain: its sessions commit with ``synchronous_commit = off``, so a commit
is in the database server's memory, visible to every other session and kept when the match
server is killed, and only a crash of the database's machine can lose the last fraction of a
second (never a torn or forked match); ``durable=True`` waits for the disk, as PostgreSQL's
default does. Several
server processes on one machine may share the file; processes on several machines share a
PostgreSQL database instead (``postgresql://user:password@host/dbname``, through psycopg 3).

A server process keeps each match's state in memory and must learn of the actions other
processes append, without asking the database on every request. Each storage says what it
knows of other writers: [`heard`][sankore_rules.interfaces.server.storage.Storage.heard] gives
the latest version of a match another process announced (PostgreSQL: ``NOTIFY`` on commit,
heard by a ``LISTEN`` connection), and
[`outside_writes`][sankore_rules.interfaces.server.storage.Storage.outside_writes] a number that
changes whenever another writer may have written something not announced so (SQLite: its
``data_version``, which moves on every commit of another connection; PostgreSQL: a count of
the listener's reconnections, across which announcements may be lost). A process alone on its
database never reads back what it wrote.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from attrs import frozen

log = logging.getLogger("sankore_rules.server")

#: The PostgreSQL channel on which every appended action is announced as "match_id version".
CHANNEL = "sankore_actions"

__all__ = [
    "CHANNEL",
    "SCHEMA",
    "PostgresStorage",
    "SqliteStorage",
    "Storage",
    "StoredMatch",
    "open_storage",
]

#: The tables, in SQL both databases read.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        setup TEXT NOT NULL,
        seats TEXT NOT NULL,
        version INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tokens (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        PRIMARY KEY (match_id, seat))""",
    """CREATE TABLE IF NOT EXISTS actions (
        match_id TEXT NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (match_id, number))""",
)


@frozen
class StoredMatch:
    """A match as the database holds it.

    Attributes:
        id: the match's identifier.
        setup: how it starts (``game``, ``players``, ``options``, ``seed``, or ``position``).
        seats: each seat's kind (``human``, ``bot:random``, ``bot:greedy``, ``bot:mcts``).
        tokens: the hash of each claimed seat's token, by seat.
        actions: every accepted action in notation; the version is their count.
    """

    id: str
    setup: dict[str, Any]
    seats: tuple[str, ...]
    tokens: dict[int, str]
    actions: tuple[str, ...]

    @property
    def version(self) -> int:
        """How many actions were accepted."""
        return len(self.actions)


#: Called with a match id and its new version when another writer announces an action.
Listener = Callable[[str, int], None]


class Storage(abc.ABC):
    """The operations the server needs of a database; each one commits before it returns."""

    def __init__(self) -> None:
        self._heard: dict[str, int] = {}
        self._listeners: list[Listener] = []

    def heard(self, match_id: str) -> int:
        """The latest version of the match another writer announced (0: none heard)."""
        return self._heard.get(match_id, 0)

    def on_heard(self, listener: Listener) -> None:
        """Call ``listener(match_id, version)`` for every announcement of another writer."""
        self._listeners.append(listener)

    def _announce(self, match_id: str, version: int) -> None:
        if version > self._heard.get(match_id, 0):
            self._heard[match_id] = version
            if len(self._heard) > 100_000:
                # Only news newer than a cached copy matters; old entries can go.
                self._heard = dict(list(self._heard.items())[-50_000:])
            for listener in self._listeners:
                listener(match_id, version)

    @abc.abstractmethod
    async def outside_writes(self) -> int:
        """A number that changes when another writer may have written unannounced."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect and create the tables that are missing."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Close the connections."""

    @abc.abstractmethod
    async def create(self, match_id: str, setup: dict[str, Any], seats: Sequence[str]) -> None:
        """Store a new match at version 0."""

    @abc.abstractmethod
    async def load(self, match_id: str) -> StoredMatch | None:
        """The match as stored, or None when there is none by that id."""

    @abc.abstractmethod
    async def since(self, match_id: str, version: int) -> list[str]:
        """The actions accepted after ``version``, in order."""

    @abc.abstractmethod
    async def tokens(self, match_id: str) -> dict[int, str]:
        """The hash of each claimed seat's token."""

    @abc.abstractmethod
    async def claim(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give ``seat`` its token; False when the seat was claimed already."""

    @abc.abstractmethod
    async def append(
        self, match_id: str, version: int, seat: int, action: str, finished: bool
    ) -> bool:
        """Accept ``action`` as version ``version + 1``; False when the match is not at it."""

    @abc.abstractmethod
    async def playing(self) -> list[str]:
        """The ids of the matches not finished that have a bot seat."""


# ---- SQLite ---------------------------------------------------------------------------------


class SqliteStorage(Storage):
    """Matches in one SQLite file, in WAL mode; several processes may share it.

    The calls are short (a few tens of microseconds) and run on the event loop's thread: one
    connection per process, so a write is never interleaved with another of the same process.

    Args:
        path: the database file (created when missing).
        durable: fsync every commit (``synchronous=FULL``), surviving a power cut too.
    """

    def __init__(self, path: str, *, durable: bool = False) -> None:
        super().__init__()
        self.path = path
        self.durable = durable
        self._db: sqlite3.Connection | None = None

    @property
    def db(self) -> sqlite3.Connection:
        """The open connection."""
        if self._db is None:
            raise RuntimeError("the storage is not open")
        return self._db

    async def open(self) -> None:
        """Connect, switch to WAL, and create the tables that are missing."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA busy_timeout = 10000")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys = ON")
        for statement in SCHEMA:
            db.execute(statement)
        self._db = db

    async def close(self) -> None:
        """Close the connection."""
        if self._db is not None:
            self._db.close()
            self._db = None

    async def outside_writes(self) -> int:
        """SQLite's ``data_version``: it moves on every commit of another connection."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    async def create(self, match_id: str, setup: dict[str, Any], seats: Sequence[str]) -> None:
        """Store a new match at version 0."""
        self.db.execute(
            "INSERT INTO matches VALUES (?, ?, ?, 0, 0, ?)",
            (match_id, json.dumps(setup), json.dumps(list(seats)), time.time()),
        )

    async def load(self, match_id: str) -> StoredMatch | None:
        """The match as stored, or None."""
        row = self.db.execute(
            "SELECT setup, seats FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            return None
        return StoredMatch(
            id=match_id,
            setup=json.loads(row[0]),
            seats=tuple(json.loads(row[1])),
            tokens=await self.tokens(match_id),
            actions=tuple(await self.since(match_id, 0)),
        )

    async def since(self, match_id: str, version: int) -> list[str]:
        """The actions accepted after ``version``."""
        rows = self.db.execute(
            "SELECT action FROM actions WHERE match_id = ? AND number > ? ORDER BY number",
            (match_id, version),
        )
        return [r[0] for r in rows]

    async def tokens(self, match_id: str) -> dict[int, str]:
        """The hash of each claimed seat's token."""
        rows = self.db.execute(
            "SELECT seat, token_hash FROM tokens WHERE match_id = ?", (match_id,)
        )
        return {int(seat): str(h) for seat, h in rows}

    async def claim(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give ``seat`` its token, once."""
        cursor = self.db.execute(
            "INSERT INTO tokens VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (match_id, seat, token_hash),
        )
        return cursor.rowcount == 1

    async def append(
        self, match_id: str, version: int, seat: int, action: str, finished: bool
    ) -> bool:
        """Accept ``action`` as the next version, if the match is still at ``version``."""
        db = self.db
        # IMMEDIATE takes the write lock first: another process cannot slip in between the
        # version check and the insert.
        db.execute("BEGIN IMMEDIATE")
        try:
            moved = db.execute(
                "UPDATE matches SET version = version + 1, finished = ? "
                "WHERE id = ? AND version = ?",
                (int(finished), match_id, version),
            ).rowcount
            if moved == 1:
                db.execute(
                    "INSERT INTO actions VALUES (?, ?, ?, ?)", (match_id, version + 1, seat, action)
                )
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return moved == 1

    async def playing(self) -> list[str]:
        """The matches under way with a bot seat."""
        rows = self.db.execute(
            "SELECT id FROM matches WHERE finished = 0 AND seats LIKE '%\"bot:%'"
        )
        return [r[0] for r in rows]


# ---- PostgreSQL -----------------------------------------------------------------------------


class PostgresStorage(Storage):
    """Matches in a PostgreSQL database, shared by server processes on several machines.

    Args:
        url: a libpq connection URL (``postgresql://user:password@host:5432/dbname``).
        connections: how many connections this process keeps open.
        durable: wait for the disk at every commit (``synchronous_commit = on``).
    """

    def __init__(self, url: str, *, connections: int = 10, durable: bool = False) -> None:
        super().__init__()
        self.url = url
        self.connections = connections
        self.durable = durable
        self._pool: asyncio.Queue[Any] | None = None
        self._all: list[Any] = []
        self._listening: asyncio.Task[None] | None = None
        self._ready: asyncio.Event | None = None
        self._sessions = 0

    async def open(self) -> None:
        """Connect and create the tables that are missing."""
        import psycopg

        self._pool = asyncio.Queue()
        for _ in range(self.connections):
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            if not self.durable:
                await conn.execute("SET synchronous_commit = off")
            self._all.append(conn)
            self._pool.put_nowait(conn)
        # Two processes starting at once on a fresh database: one creates, one waits.
        async with self._connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(2851)")
            for statement in SCHEMA:
                await conn.execute(statement)
        self._ready = asyncio.Event()
        self._listening = asyncio.create_task(self._listen())
        await self._ready.wait()

    async def _listen(self) -> None:
        """Hear every action announced on ``CHANNEL``, reconnecting when the link drops."""
        import psycopg

        assert self._ready is not None
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # A new session: what was announced while none listened is lost, so
                    # every cached match must be read again once.
                    self._sessions += 1
                    self._ready.set()
                    async for note in conn.notifies():
                        match_id, _, version = note.payload.rpartition(" ")
                        if version.isdigit():
                            self._announce(match_id, int(version))
            except (OSError, psycopg.Error) as exc:
                log.warning("listening for actions on PostgreSQL: %s; again in 1 s", exc)
                self._sessions += 1
                self._ready.set()
                await asyncio.sleep(1)

    async def outside_writes(self) -> int:
        """How many times the listener (re)connected: announcements may be lost between."""
        return self._sessions

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening
            self._listening = None
        for conn in self._all:
            await conn.close()
        self._all = []
        self._pool = None

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        if self._pool is None:
            raise RuntimeError("the storage is not open")
        conn = await self._pool.get()
        try:
            yield conn
        finally:
            self._pool.put_nowait(conn)

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        async with self._connection() as conn:
            cursor = await conn.execute(sql, args)
            return list(await cursor.fetchall())

    async def create(self, match_id: str, setup: dict[str, Any], seats: Sequence[str]) -> None:
        """Store a new match at version 0."""
        async with self._connection() as conn:
            await conn.execute(
                "INSERT INTO matches VALUES (%s, %s, %s, 0, 0, %s)",
                (match_id, json.dumps(setup), json.dumps(list(seats)), time.time()),
            )

    async def load(self, match_id: str) -> StoredMatch | None:
        """The match as stored, or None."""
        rows = await self._rows("SELECT setup, seats FROM matches WHERE id = %s", (match_id,))
        if not rows:
            return None
        return StoredMatch(
            id=match_id,
            setup=json.loads(rows[0][0]),
            seats=tuple(json.loads(rows[0][1])),
            tokens=await self.tokens(match_id),
            actions=tuple(await self.since(match_id, 0)),
        )

    async def since(self, match_id: str, version: int) -> list[str]:
        """The actions accepted after ``version``."""
        rows = await self._rows(
            "SELECT action FROM actions WHERE match_id = %s AND number > %s ORDER BY number",
            (match_id, version),
        )
        return [r[0] for r in rows]

    async def tokens(self, match_id: str) -> dict[int, str]:
        """The hash of each claimed seat's token."""
        rows = await self._rows(
            "SELECT seat, token_hash FROM tokens WHERE match_id = %s", (match_id,)
        )
        return {int(seat): str(h) for seat, h in rows}

    async def claim(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give ``seat`` its token, once."""
        async with self._connection() as conn:
            cursor = await conn.execute(
                "INSERT INTO tokens VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (match_id, seat, token_hash),
            )
            return bool(cursor.rowcount == 1)

    async def append(
        self, match_id: str, version: int, seat: int, action: str, finished: bool
    ) -> bool:
        """Accept ``action`` as the next version, if the match is still at ``version``.

        One statement, so one round trip and one transaction: the version moves, the action
        is inserted and announced on ``CHANNEL`` (delivered at the commit), or nothing is.
        """
        async with self._connection() as conn:
            cursor = await conn.execute(
                "WITH moved AS (UPDATE matches SET version = version + 1, finished = %s "
                "WHERE id = %s AND version = %s RETURNING id), "
                "added AS (INSERT INTO actions SELECT id, %s, %s, %s FROM moved "
                "RETURNING match_id) "
                "SELECT pg_notify(%s, match_id || ' ' || %s) FROM added",
                (
                    int(finished),
                    match_id,
                    version,
                    version + 1,
                    seat,
                    action,
                    CHANNEL,
                    str(version + 1),
                ),
            )
            return len(await cursor.fetchall()) == 1

    async def playing(self) -> list[str]:
        """The matches under way with a bot seat."""
        rows = await self._rows(
            "SELECT id FROM matches WHERE finished = 0 AND seats LIKE %s", ('%"bot:%',)
        )
        return [r[0] for r in rows]


def open_storage(db: str, *, durable: bool = False) -> Storage:
    """The storage a ``--db`` value names: a PostgreSQL URL, or else a SQLite file path."""
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(db, durable=durable)
    return SqliteStorage(db, durable=durable)
