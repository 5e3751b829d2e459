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
last commits; pass ``durable=True`` for ``synchronous=FULL`` (an fsync per commit). Several
server processes on one machine may share the file; processes on several machines share a
PostgreSQL database instead (``postgresql://user:password@host/dbname``, through psycopg 3).
"""

from __future__ import annotations

import abc
import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from attrs import frozen

__all__ = ["SCHEMA", "PostgresStorage", "SqliteStorage", "Storage", "StoredMatch", "open_storage"]

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


class Storage(abc.ABC):
    """The operations the server needs of a database; each one commits before it returns."""

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
    """

    def __init__(self, url: str, *, connections: int = 10) -> None:
        self.url = url
        self.connections = connections
        self._pool: asyncio.Queue[Any] | None = None
        self._all: list[Any] = []

    async def open(self) -> None:
        """Connect and create the tables that are missing."""
        import psycopg

        self._pool = asyncio.Queue()
        for _ in range(self.connections):
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            self._all.append(conn)
            self._pool.put_nowait(conn)
        # Two processes starting at once on a fresh database: one creates, one waits.
        async with self._connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(2851)")
            for statement in SCHEMA:
                await conn.execute(statement)

    async def close(self) -> None:
        """Close the connections."""
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
        """Accept ``action`` as the next version, if the match is still at ``version``."""
        async with self._connection() as conn, conn.transaction():
            cursor = await conn.execute(
                "UPDATE matches SET version = version + 1, finished = %s "
                "WHERE id = %s AND version = %s",
                (int(finished), match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            await conn.execute(
                "INSERT INTO actions VALUES (%s, %s, %s, %s)",
                (match_id, version + 1, seat, action),
            )
            return True

    async def playing(self) -> list[str]:
        """The matches under way with a bot seat."""
        rows = await self._rows(
            "SELECT id FROM matches WHERE finished = 0 AND seats LIKE %s", ('%"bot:%',)
        )
        return [r[0] for r in rows]


def open_storage(db: str, *, durable: bool = False) -> Storage:
    """The storage a ``--db`` value names: a PostgreSQL URL, or else a SQLite file path."""
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(db)
    return SqliteStorage(db, durable=durable)
