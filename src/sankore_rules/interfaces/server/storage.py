"""Where the match server keeps its matches: SQLite (embedded) or PostgreSQL (shared).

A match is stored as what is needed to play it again, never as a state: its setup (the game,
the player count, the options and the seed, or a starting position), the ruleset it was created
under (its game, name and content hash, so that a server upgraded to corrected rules knows which
matches were played under others), the kind of each seat (``human``, ``bot:mcts``...), the hash
of each claimed seat's token, and the list of accepted actions in notation with the version
they made. A database made before the ruleset was recorded is given the columns when a server
opens it (its matches' ruleset is then unknown: they are replayed under the server's). The
server rebuilds a state by replaying the actions and keeps it in memory as a cache only: the
database is the truth.

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
database never reads back what it wrote. SQLite announces too: a watcher looks at
``data_version`` ten times a second (one cheap statement) and, when another connection
committed, reads the actions added since the last it saw and announces them; so WebSocket
pushes follow announcements, and nothing visits the matches that nobody plays.

A database that goes away (a PostgreSQL restart, a network cut) is met with
[`StorageDown`][sankore_rules.interfaces.server.storage.StorageDown], which the server answers
with a 503 and words; every connection that was open when it went is replaced at its next use,
so service comes back by itself as soon as the database does.
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

from attrs import field, frozen

from sankore_rules.interfaces.server.throttled import ThrottledLog

log = logging.getLogger("sankore_rules.server")
#: How often SQLite's watcher looks for other connections' commits.
WATCH_SECONDS = 0.1
#: How long a PostgreSQL connection attempt may take before the database counts as down.
CONNECT_SECONDS = 3
#: After a failed connection attempt, how long requests are answered "down" without trying
#: again: a database behind a network cut would otherwise cost each of them CONNECT_SECONDS.
DOWN_SECONDS = 1.0

#: The PostgreSQL channel on which every appended action is announced as "match_id version".
CHANNEL = "sankore_actions"

__all__ = [
    "CHANNEL",
    "SCHEMA",
    "PostgresStorage",
    "SqliteStorage",
    "Storage",
    "StorageDown",
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
        created DOUBLE PRECISION NOT NULL,
        game TEXT,
        ruleset TEXT,
        rules_hash TEXT,
        notes TEXT)""",
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
#: The columns added to ``matches`` since the first schema, for databases made before them.
ADDED_COLUMNS = ("game", "ruleset", "rules_hash", "notes")
#: The columns a new match's row is written with.
_MATCH_COLUMNS = "id, setup, seats, version, finished, created, game, ruleset, rules_hash"


class StorageDown(Exception):
    """The database cannot be reached now; the server answers 503 and tries again later."""


@frozen
class StoredMatch:
    """A match as the database holds it.

    Attributes:
        id: the match's identifier.
        setup: how it starts (``game``, ``players``, ``options``, ``seed``, or ``position``).
        seats: each seat's kind (``human``, ``bot:random``, ``bot:greedy``, ``bot:mcts``).
        tokens: the hash of each claimed seat's token, by seat.
        actions: every accepted action in notation; the version is their count.
        ruleset: the name of the ruleset it was created under (None: not recorded).
        rules_hash: that ruleset's content hash (None: not recorded).
        notes: what everyone should know of a seat, in words (a bot's fallback), by seat.
    """

    id: str
    setup: dict[str, Any]
    seats: tuple[str, ...]
    tokens: dict[int, str]
    actions: tuple[str, ...]
    ruleset: str | None = None
    rules_hash: str | None = None
    notes: dict[int, str] = field(factory=dict)

    @property
    def version(self) -> int:
        """How many actions were accepted."""
        return len(self.actions)


#: Called with a match id and its new version when another writer announces an action.
Listener = Callable[[str, int], None]
#: The name and content hash of a ruleset.
Pin = tuple[str, str]


def _stored(
    match_id: str, row: Sequence[Any], tokens: dict[int, str], actions: list[str]
) -> StoredMatch:
    """A match from its row (setup, seats, ruleset, rules_hash, notes), tokens and actions."""
    return StoredMatch(
        id=match_id,
        setup=json.loads(row[0]),
        seats=tuple(json.loads(row[1])),
        tokens=tokens,
        actions=tuple(actions),
        ruleset=row[2],
        rules_hash=row[3],
        notes={int(seat): str(words) for seat, words in json.loads(row[4] or "{}").items()},
    )


def _row(
    match_id: str, setup: dict[str, Any], seats: Sequence[str], pin: Pin | None
) -> tuple[Any, ...]:
    """The values of a new match's row, in the order of ``_MATCH_COLUMNS``."""
    ruleset, rules_hash = pin if pin is not None else (None, None)
    return (
        match_id,
        json.dumps(setup),
        json.dumps(list(seats)),
        0,
        0,
        time.time(),
        setup.get("game"),
        ruleset,
        rules_hash,
    )


class Storage(abc.ABC):
    """The operations the server needs of a database; each one commits before it returns."""

    def __init__(self) -> None:
        self._heard: dict[str, int] = {}
        self._listeners: list[Listener] = []
        self._gap_listeners: list[Callable[[], None]] = []
        self._quiet = ThrottledLog(log)

    def heard(self, match_id: str) -> int:
        """The latest version of the match another writer announced (0: none heard)."""
        return self._heard.get(match_id, 0)

    def on_heard(self, listener: Listener) -> None:
        """Call ``listener(match_id, version)`` for every announcement of another writer."""
        self._listeners.append(listener)

    def on_gap(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever announcements may have been lost (a reconnection)."""
        self._gap_listeners.append(listener)

    def _gap(self) -> None:
        for listener in self._gap_listeners:
            listener()

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
    async def create(
        self, match_id: str, setup: dict[str, Any], seats: Sequence[str], pin: Pin | None = None
    ) -> None:
        """Store a new match at version 0, created under the ruleset ``pin`` (name, hash)."""

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
    async def write_notes(self, match_id: str, notes: dict[int, str]) -> None:
        """Keep the match's notes on its seats (all of them, replacing those kept)."""

    @abc.abstractmethod
    async def playing(self) -> list[str]:
        """The ids of the matches not finished that have a bot seat."""

    @abc.abstractmethod
    async def ids(self) -> list[str]:
        """The ids of every match, oldest first."""


# ---- SQLite ---------------------------------------------------------------------------------


class _Guarded(sqlite3.Connection):
    """A SQLite connection whose operational failures are ``StorageDown``.

    A write lock held too long by another process, a full or failing disk: the server answers
    503, as it does for a PostgreSQL that cannot be reached.
    """

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        """Run one statement.

        Raises:
            StorageDown: the file cannot be read or written now.
        """
        try:
            return super().execute(sql, parameters)
        except sqlite3.OperationalError as exc:
            raise StorageDown(f"the database cannot be used: {exc}") from exc


class SqliteStorage(Storage):
    """Matches in one SQLite file, in WAL mode; several processes may share it.

    The calls are short (a few tens of microseconds) and run on the event loop's thread: one
    connection per process, so a write is never interleaved with another of the same process.

    Args:
        path: the database file (created when missing).
        durable: fsync every commit (``synchronous=FULL``), surviving a power cut too.
        busy_seconds: how long a statement waits for another process's write lock before the
            database counts as down (``StorageDown``: a 503).
    """

    def __init__(self, path: str, *, durable: bool = False, busy_seconds: float = 10.0) -> None:
        super().__init__()
        self.path = path
        self.durable = durable
        self.busy_seconds = busy_seconds
        self._db: sqlite3.Connection | None = None
        self._watching: asyncio.Task[None] | None = None

    @property
    def db(self) -> sqlite3.Connection:
        """The open connection."""
        if self._db is None:
            raise RuntimeError("the storage is not open")
        return self._db

    async def open(self) -> None:
        """Connect, switch to WAL, create the tables that are missing, and start watching."""
        db = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, factory=_Guarded
        )
        db.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in SCHEMA:
                db.execute(statement)
            have = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
            for column in ADDED_COLUMNS:
                if column not in have:
                    db.execute(f"ALTER TABLE matches ADD COLUMN {column} TEXT")
            db.execute("UPDATE matches SET game = json_extract(setup, '$.game') WHERE game IS NULL")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        self._db = db
        # Both read now, not when the watcher first runs: a commit in between would be missed.
        seen = db.execute("SELECT coalesce(max(rowid), 0) FROM actions").fetchone()[0]
        version = await self.outside_writes()
        self._watching = asyncio.create_task(self._watch(int(seen), version))

    async def _watch(self, seen: int, version: int) -> None:
        """Announce the actions other connections commit, as PostgreSQL's NOTIFY would.

        ``data_version`` moves only when another connection commits, so a process alone on its
        file reads one number ten times a second and nothing else.

        Args:
            seen: the last action's rowid already known.
            version: ``data_version`` when it was known.
        """
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                now = await self.outside_writes()
                if now == version:
                    continue
                version = now
                rows = self.db.execute(
                    "SELECT rowid, match_id, number FROM actions WHERE rowid > ? ORDER BY rowid",
                    (seen,),
                ).fetchall()
            except sqlite3.Error as exc:
                self._quiet.warning("watch", "watching the SQLite file for news: %s", exc)
                continue
            for rowid, match_id, number in rows:
                seen = max(seen, int(rowid))
                self._announce(str(match_id), int(number))

    async def close(self) -> None:
        """Stop watching and close the connection."""
        if self._watching is not None:
            self._watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watching
            self._watching = None
        if self._db is not None:
            self._db.close()
            self._db = None

    async def outside_writes(self) -> int:
        """SQLite's ``data_version``: it moves on every commit of another connection."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    async def create(
        self, match_id: str, setup: dict[str, Any], seats: Sequence[str], pin: Pin | None = None
    ) -> None:
        """Store a new match at version 0, created under the ruleset ``pin``."""
        self.db.execute(
            f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            _row(match_id, setup, seats, pin),
        )

    async def load(self, match_id: str) -> StoredMatch | None:
        """The match as stored, or None.

        Raises:
            ValueError: a row whose JSON is damaged.
        """
        row = self.db.execute(
            "SELECT setup, seats, ruleset, rules_hash, notes FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            return None
        return _stored(match_id, row, await self.tokens(match_id), await self.since(match_id, 0))

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

    async def write_notes(self, match_id: str, notes: dict[int, str]) -> None:
        """Keep the match's notes on its seats."""
        self.db.execute("UPDATE matches SET notes = ? WHERE id = ?", (json.dumps(notes), match_id))

    async def playing(self) -> list[str]:
        """The matches under way with a bot seat."""
        rows = self.db.execute(
            "SELECT id FROM matches WHERE finished = 0 AND seats LIKE '%\"bot:%'"
        )
        return [r[0] for r in rows]

    async def ids(self) -> list[str]:
        """Every match's id, oldest first."""
        return [r[0] for r in self.db.execute("SELECT id FROM matches ORDER BY created")]


# ---- PostgreSQL -----------------------------------------------------------------------------


class PostgresStorage(Storage):
    """Matches in a PostgreSQL database, shared by server processes on several machines.

    Its connections are opened when first needed and replaced when lost: one found broken (the
    database restarted, the network cut) makes every connection opened before it be replaced
    at its next use, and a read that met a lost connection is tried once more on a new one. A
    write is not tried again (it may have been committed before the link broke): its caller
    gets [`StorageDown`][sankore_rules.interfaces.server.storage.StorageDown].

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
        #: The idle connections (None: to be opened at the next use), with their generation.
        self._pool: asyncio.Queue[tuple[Any, int]] | None = None
        #: Moves when a connection is found lost: the older ones are replaced at their next use.
        self._generation = 0
        self._listening: asyncio.Task[None] | None = None
        self._ready: asyncio.Event | None = None
        self._sessions = 0
        #: Until when (monotonic) the database counts as down, and the words of why.
        self._down: tuple[float, str] = (0.0, "")

    async def open(self) -> None:
        """Connect and create the tables that are missing (and the columns, for old ones)."""
        self._pool = asyncio.Queue()
        for _ in range(self.connections):
            self._pool.put_nowait((None, self._generation))
        # Two processes starting at once on a fresh database: one creates, one waits.
        async with self._connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(2851)")
            for statement in SCHEMA:
                await conn.execute(statement)
            for column in ADDED_COLUMNS:
                await conn.execute(f"ALTER TABLE matches ADD COLUMN IF NOT EXISTS {column} TEXT")
            await conn.execute(
                "UPDATE matches SET game = setup::json ->> 'game' WHERE game IS NULL"
            )
        self._ready = asyncio.Event()
        self._listening = asyncio.create_task(self._listen())
        await self._ready.wait()

    async def _connect(self) -> Any:
        """A new connection, set up as every connection of this storage is.

        Raises:
            StorageDown: the database cannot be reached.
        """
        import psycopg

        until, why = self._down
        if time.monotonic() < until:
            raise StorageDown(why)
        try:
            conn = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=CONNECT_SECONDS
            )
            if not self.durable:
                await conn.execute("SET synchronous_commit = off")
        except (OSError, psycopg.Error) as exc:
            why = f"the database cannot be reached: {_first_line(exc)}"
            self._down = (time.monotonic() + DOWN_SECONDS, why)
            raise StorageDown(why) from exc
        return conn

    async def _listen(self) -> None:
        """Hear every action announced on ``CHANNEL``, reconnecting when the link drops."""
        import psycopg

        assert self._ready is not None
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_SECONDS
                )
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # A new session: what was announced while none listened is lost, so
                    # every cached match must be read again once, and every match someone
                    # listens to looked at.
                    self._sessions += 1
                    if self._ready.is_set():
                        log.warning("listening for actions on PostgreSQL again")
                        self._gap()
                    self._ready.set()
                    async for note in conn.notifies():
                        match_id, _, version = note.payload.rpartition(" ")
                        if version.isdigit():
                            self._announce(match_id, int(version))
            except (OSError, psycopg.Error) as exc:
                # The link is gone, and likely every pooled connection's with it.
                self._generation += 1
                self._quiet.warning(
                    "listen",
                    "listening for actions on PostgreSQL: %s; again in 1 s",
                    _first_line(exc),
                )
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
        pool, self._pool = self._pool, None
        while pool is not None and not pool.empty():
            conn, _ = pool.get_nowait()
            if conn is not None:
                await conn.close()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        """A connection of the pool, opened or replaced first when needed.

        Raises:
            StorageDown: the database cannot be reached, or the connection was lost in use.
        """
        import psycopg

        if self._pool is None:
            raise RuntimeError("the storage is not open")
        conn, generation = await self._pool.get()
        try:
            if conn is not None and (generation != self._generation or conn.closed):
                await conn.close()
                conn = None
            if conn is None:
                conn, generation = await self._connect(), self._generation
            try:
                yield conn
            except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                if conn.broken or conn.closed:
                    # Lost: so, likely, is every connection opened with it.
                    self._generation += 1
                # Its state is not known: a new one is opened at the next use.
                await _close_quietly(conn)
                conn = None
                self._quiet.warning("lost", "the database connection failed: %s", _first_line(exc))
                raise StorageDown(f"the database connection failed: {_first_line(exc)}") from exc
        finally:
            self._pool.put_nowait((conn, generation))

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        """The rows a reading statement gives, tried once more on a new connection if lost."""
        for attempt in (1, 2):
            try:
                async with self._connection() as conn:
                    cursor = await conn.execute(sql, args)
                    return list(await cursor.fetchall())
            except StorageDown:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    async def create(
        self, match_id: str, setup: dict[str, Any], seats: Sequence[str], pin: Pin | None = None
    ) -> None:
        """Store a new match at version 0, created under the ruleset ``pin``."""
        async with self._connection() as conn:
            await conn.execute(
                f"INSERT INTO matches ({_MATCH_COLUMNS}) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                _row(match_id, setup, seats, pin),
            )

    async def load(self, match_id: str) -> StoredMatch | None:
        """The match as stored, or None.

        Raises:
            ValueError: a row whose JSON is damaged.
        """
        rows = await self._rows(
            "SELECT setup, seats, ruleset, rules_hash, notes FROM matches WHERE id = %s",
            (match_id,),
        )
        if not rows:
            return None
        return _stored(
            match_id, rows[0], await self.tokens(match_id), await self.since(match_id, 0)
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

    async def write_notes(self, match_id: str, notes: dict[int, str]) -> None:
        """Keep the match's notes on its seats."""
        async with self._connection() as conn:
            await conn.execute(
                "UPDATE matches SET notes = %s WHERE id = %s", (json.dumps(notes), match_id)
            )

    async def playing(self) -> list[str]:
        """The matches under way with a bot seat."""
        rows = await self._rows(
            "SELECT id FROM matches WHERE finished = 0 AND seats LIKE %s", ('%"bot:%',)
        )
        return [r[0] for r in rows]

    async def ids(self) -> list[str]:
        """Every match's id, oldest first."""
        return [r[0] for r in await self._rows("SELECT id FROM matches ORDER BY created", ())]


async def _close_quietly(conn: Any) -> None:
    """Close a connection that is being given up, whatever state it is in."""
    with contextlib.suppress(Exception):
        await conn.close()


def _first_line(exc: BaseException) -> str:
    """An exception's first line: a driver's message may run over several."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def open_storage(db: str, *, durable: bool = False) -> Storage:
    """The storage a ``--db`` value names: a PostgreSQL URL, or else a SQLite file path."""
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(db, durable=durable)
    return SqliteStorage(db, durable=durable)
