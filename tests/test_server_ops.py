"""The match server under an operator's failures (issue 42): each finding reproduced on a real
server process on a free loopback port, and shown healed.

- a worker process of a pool killed: the pool is replaced, bots and pictures go on;
- a bot that keeps failing: its seat plays a random legal action, and the view says so;
- a damaged stored action, or a match of a ruleset the server lacks: the server starts, fences
  that match with words, serves the rest, and ``serve --check`` lists it;
- a database made before the ruleset was recorded: given the columns, its matches served;
- MCTS bots busy: people's views, pictures and quick bots' replies are not held up, and each
  client may start only so many bot matches and open only so many WebSockets;
- PostgreSQL restarted: 503 with words while it is down, service back by itself after;
- 2,000 idle WebSockets: the server idles too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import sankore_rules as sr
from sankore_rules import api
from sankore_rules.interfaces.server.replay import ruleset_pin
from sankore_rules.interfaces.server.storage import SqliteStorage, StorageDown, open_storage
from sankore_rules.interfaces.server.throttled import ThrottledLog
from test_server import (
    POSTGRES,
    SRC,
    Client,
    Server,
    claim,
    create,
    free_port,
    wait_for,
    workers_of,
)

# ---- helpers ----------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def version_of(base: str, match: str) -> int:
    """The match's version as a spectator sees it."""
    return int(Client(base, match).view()["version"])


def first_seat(seed: int, game: str = "sankore") -> int:
    """The seat that decides first in a 2-player match of ``game`` from ``seed``."""
    return int(sr.new_game(players=2, seed=seed, game=game).current_player)


def bot_first(base: str, seed: int, kind: str) -> str:
    """A match of a human and a ``kind`` bot, the bot deciding first; its id."""
    seats = ["human", "human"]
    seats[first_seat(seed)] = kind
    return create(base, game="sankore", players=2, seed=seed, seats=seats)


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    """A fresh SQLite file's path."""
    return str(tmp_path / "matches.sqlite")


def started(db: str, *extra: str) -> Server:
    """A server on ``db`` that takes seeds, started."""
    return Server(db, "--allow-seeds", *extra).start()


# ---- workers that die -------------------------------------------------------------------------


def test_a_killed_worker_is_replaced_and_bots_and_pictures_go_on(sqlite_db: str) -> None:
    """SIGKILL of every worker process (bots', pictures'): new bot matches move, bots of
    matches under way move, pictures answer 200: each pool is replaced at its next use."""
    server = started(sqlite_db, "--bot-processes", "2")
    try:
        assert server.process is not None
        warm = bot_first(server.base, 1, "bot:random")
        wait_for(lambda: version_of(server.base, warm) >= 1)
        assert httpx.get(f"{server.base}/api/matches/{warm}/picture").status_code == 200
        killed = workers_of(server.process.pid)
        # One worker of the quick bots' pool and one of the pictures'.
        assert len(killed) == 2
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        fresh = bot_first(server.base, 2, "bot:greedy")
        assert wait_for(lambda: version_of(server.base, fresh) >= 1, 30)
        picture = httpx.get(f"{server.base}/api/matches/{fresh}/picture", timeout=30)
        assert picture.status_code == 200 and picture.text.startswith("<svg")
        searching = bot_first(server.base, 3, "bot:mcts")
        assert wait_for(lambda: version_of(server.base, searching) >= 1, 30)
        # The killed processes are gone, and new ones serve.
        assert set(workers_of(server.process.pid)).isdisjoint(killed)
    finally:
        server.stop()


#: The note of a seat whose bot failed every attempt at some version.
FALLBACK = re.compile(
    r"the bot:mcts bot failed 2 times at version \d+ \(last: BrokenProcessPool: .*\); "
    r"this seat played a random legal action instead"
)


def test_a_bot_that_keeps_failing_plays_a_random_action_and_the_view_says_so(
    sqlite_db: str,
) -> None:
    """Every worker killed as soon as it starts: the MCTS bot fails ``--bot-attempts`` times,
    then its seat plays a random legal action, and every view names what happened."""
    server = started(
        sqlite_db, "--bot-attempts", "2", "--mcts-seconds", "60", "--mcts-iterations", "10000000"
    )
    stop = threading.Event()
    assert server.process is not None
    pid = server.process.pid

    def killer() -> None:
        while not stop.is_set():
            for worker in workers_of(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker, signal.SIGKILL)
            time.sleep(0.02)

    thread = threading.Thread(target=killer)
    thread.start()
    try:
        seed = 4
        match = bot_first(server.base, seed, "bot:mcts")
        bot = first_seat(seed)
        view = wait_for(lambda: (v := Client(server.base, match).view())["version"] >= 1 and v, 60)
        stop.set()
        thread.join()
        note = view["seats"][bot]["note"]
        assert note.startswith("the bot:mcts bot failed 2 times at version 0 (last: Broken")
        assert note.endswith("); this seat played a random legal action instead")
        # A seat's player sees it too (the note of the bot's latest fallback: the bot may have
        # failed again at its next decision meanwhile); the other seat has no note.
        human = Client(server.base, match, claim(server.base, match, 1 - bot))
        assert FALLBACK.fullmatch(human.view()["seats"][bot]["note"])
        assert "note" not in human.view()["seats"][1 - bot]
    finally:
        stop.set()
        thread.join()
        server.stop()
    # The note is stored with the match: a restarted server says it too.
    server = started(sqlite_db)
    try:
        assert FALLBACK.fullmatch(Client(server.base, match).view()["seats"][bot]["note"])
    finally:
        server.stop()


def test_a_hung_worker_is_ended_and_replaced(sqlite_db: str) -> None:
    """The quick bots' worker stopped (SIGSTOP: alive, never answering): after
    ``--worker-timeout`` seconds its process is killed, a new pool started, and the bot moves."""
    server = started(sqlite_db, "--worker-timeout", "1")
    try:
        assert server.process is not None
        warm = bot_first(server.base, 40, "bot:random")
        wait_for(lambda: version_of(server.base, warm) >= 1, 40)
        hung = workers_of(server.process.pid)
        assert len(hung) == 1
        os.kill(hung[0], signal.SIGSTOP)
        began = time.monotonic()
        match = bot_first(server.base, 41, "bot:random")
        wait_for(lambda: version_of(server.base, match) >= 1, 40)
        assert time.monotonic() - began >= 1
        # The hung process is gone (killed, reaped), and no note: the second attempt moved.
        assert not Path(f"/proc/{hung[0]}").exists()
        assert all("note" not in seat for seat in Client(server.base, match).view()["seats"])
    finally:
        server.stop()


# ---- matches the server cannot replay ---------------------------------------------------------


def _play_one(base: str, match: str, seed: int, game: str = "sankore") -> str:
    """Claim the seat that decides first and play its first legal action; that action."""
    seat = first_seat(seed, game)
    me = Client(base, match, claim(base, match, seat))
    action = str(me.view()["legal"][0])
    assert me.act(action, 0).status_code == 200
    return action


def _serve_check(db: str) -> subprocess.CompletedProcess[str]:
    """``sankore-rules serve --check --db DB``, run to its end."""
    code = "import sys; from sankore_rules.interfaces.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, "serve", "--check", "--db", db],
        env={**os.environ, "PYTHONPATH": SRC},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_damaged_row_is_fenced_and_the_rest_served_and_check_lists_it(sqlite_db: str) -> None:
    """A stored action the rules refuse (in a match whose bot resumes at start, the case that
    stopped the server), a ruleset the server lacks, a setup that is no JSON: the server
    starts, answers each of those matches 409 with words, serves the others; ``serve --check``
    lists the three and exits 1."""
    server = started(sqlite_db)
    try:
        damaged = create(server.base, game="sankore", players=2, seed=5, seats=["human", "human"])
        _play_one(server.base, damaged, 5)
        resumed = bot_first(server.base, 6, "bot:random")
        wait_for(lambda: version_of(server.base, resumed) >= 1)
        corrected = create(server.base, game="sankore", players=2, seed=7)
        _play_one(server.base, corrected, 7)
        unknown = create(server.base, game="five_tribes", players=2, seed=8)
        torn = create(server.base, game="sankore", players=2, seed=9)
        sound = create(server.base, game="five_tribes", players=2, seed=10)
        _play_one(server.base, sound, 10, "five_tribes")
    finally:
        server.stop()
    pin = ruleset_pin(sr.new_game(players=2, seed=5))
    with sqlite3.connect(sqlite_db) as db:
        stored = db.execute("SELECT game, ruleset, rules_hash FROM matches WHERE id = ?", (sound,))
        assert stored.fetchone() == ("five_tribes", *ruleset_pin(api.new_game(game="five_tribes")))
        db.execute("UPDATE actions SET action = 'bid 99' WHERE match_id = ?", (damaged,))
        db.execute("UPDATE actions SET action = 'bid 99' WHERE match_id = ?", (resumed,))
        db.execute("UPDATE matches SET rules_hash = 'beef' WHERE id = ?", (resumed,))
        # A rules correction: another hash of the same ruleset, its actions still replay.
        db.execute("UPDATE matches SET rules_hash = 'f00d' WHERE id = ?", (corrected,))
        # A position of a ruleset this server has not: its start cannot be made.
        db.execute(
            "UPDATE matches SET setup = ?, ruleset = 'gone', rules_hash = 'dead' WHERE id = ?",
            (json.dumps({"game": "five_tribes", "position": '{"rules": "dead"}'}), unknown),
        )
        db.execute("UPDATE matches SET setup = '{not json' WHERE id = ?", (torn,))
    server = started(sqlite_db)
    try:
        refused = httpx.get(f"{server.base}/api/matches/{damaged}")
        assert refused.status_code == 409
        assert refused.json()["error"] == (
            f"match {damaged}: its action 1 ('bid 99') cannot be replayed (it was created under "
            f"ruleset {pin[0]!r}, content hash {pin[1]}): IllegalAction: "
            + _refusal_words(5, "bid 99")
        )
        corrected_refused = httpx.get(f"{server.base}/api/matches/{resumed}")
        assert corrected_refused.status_code == 409
        assert corrected_refused.json()["error"].startswith(
            f"match {resumed}: its action 1 ('bid 99') cannot be replayed (it was created under "
            f"ruleset {pin[0]!r}, content hash beef; this server has {pin[0]!r}, content hash "
            f"{pin[1]}): IllegalAction: "
        )
        gone = httpx.get(f"{server.base}/api/matches/{unknown}").json()["error"]
        assert gone.startswith(
            f"match {unknown}: its setup cannot be replayed (it was created under ruleset "
            "'gone', content hash dead): "
        )
        assert (
            httpx.get(f"{server.base}/api/matches/{torn}")
            .json()["error"]
            .startswith(f"match {torn}: its row cannot be read: Expecting property name")
        )
        # The others are served, the corrected one under the server's ruleset.
        assert version_of(server.base, corrected) == 1
        assert Client(server.base, sound).view()["version"] == 1
        fresh = create(server.base, game="sankore", players=2)
        assert version_of(server.base, fresh) == 0
    finally:
        server.stop()
    checked = _serve_check(sqlite_db)
    assert checked.returncode == 1, checked.stderr
    lines = checked.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [
        f"match {damaged}",
        f"match {resumed}",
        f"match {unknown}",
        f"match {torn}",
    ]
    assert lines[:2] == [refused.json()["error"], corrected_refused.json()["error"]]
    assert lines[-1] == (
        "7 matches checked: 4 cannot be replayed, 1 were created under another version of "
        "their ruleset and replay under this one"
    )


def _refusal_words(seed: int, text: str) -> str:
    """What the library says when ``text`` is applied to the start of the sankore ``seed``."""
    state = sr.new_game(players=2, seed=seed)
    with pytest.raises(Exception) as refused:
        sr.apply(state, text)
    return str(refused.value)


# The schema of the first server (issue 28): no ruleset columns.
OLD_SCHEMA = (
    "CREATE TABLE matches (id TEXT PRIMARY KEY, setup TEXT NOT NULL, seats TEXT NOT NULL, "
    "version INTEGER NOT NULL, finished INTEGER NOT NULL, created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE tokens (match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT "
    "NULL, token_hash TEXT NOT NULL UNIQUE, PRIMARY KEY (match_id, seat))",
    "CREATE TABLE actions (match_id TEXT NOT NULL REFERENCES matches(id), number INTEGER NOT "
    "NULL, seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (match_id, number))",
)


def test_a_database_made_before_rulesets_were_recorded_is_given_the_columns(
    sqlite_db: str,
) -> None:
    """The migration: the columns are added, the game filled in from the setup, the ruleset
    left unknown; the old match is served and played on; a new one is pinned."""
    state = sr.new_game(players=2, seed=12)
    first = str(sr.legal_actions(state)[0])
    setup = {"game": "sankore", "players": 2, "seed": 12, "options": {}}
    with sqlite3.connect(sqlite_db) as db:
        for statement in OLD_SCHEMA:
            db.execute(statement)
        db.execute(
            "INSERT INTO matches VALUES ('old', ?, '[\"human\", \"human\"]', 1, 0, 0)",
            (json.dumps(setup),),
        )
        db.execute("INSERT INTO actions VALUES ('old', 1, ?, ?)", (state.current_player, first))
    assert _serve_check(sqlite_db).stdout.splitlines() == [
        "1 matches checked: 0 cannot be replayed, 0 were created under another version of "
        "their ruleset and replay under this one"
    ]
    server = started(sqlite_db)
    try:
        after = sr.apply(state, first)
        seat = after.current_player
        me = Client(server.base, "old", claim(server.base, "old", seat))
        assert me.view()["version"] == 1
        assert me.act(str(sr.legal_actions(after)[0]), 1).status_code == 200
        new = create(server.base, game="sankore", players=2)
    finally:
        server.stop()
    with sqlite3.connect(sqlite_db) as db:
        rows = db.execute("SELECT id, game, ruleset, rules_hash FROM matches ORDER BY created")
        assert rows.fetchall() == [
            ("old", "sankore", None, None),
            (new, "sankore", *ruleset_pin(state)),
        ]


# ---- bots apart from people -------------------------------------------------------------------


def test_searching_bots_do_not_hold_up_people_or_quick_bots(sqlite_db: str) -> None:
    """Six matches of MCTS bots alone keep both searching processes busy (queued searches of 3 s
    each): a quick bot's first move, a seat's view and a picture each still come within 2 s."""
    server = started(
        sqlite_db,
        *("--bot-processes", "2", "--mcts-seconds", "3", "--mcts-iterations", "100000000"),
        *("--max-bot-matches", "6", "--max-searches", "6"),
    )
    try:
        # The quick bots' and the pictures' processes started (as on a server that has run).
        warm = bot_first(server.base, 19, "bot:random")
        wait_for(lambda: version_of(server.base, warm) >= 1, 30)
        picture = httpx.get(f"{server.base}/api/matches/{warm}/picture", timeout=30)
        assert picture.status_code == 200
        for seed in range(6):
            create(server.base, game="sankore", players=2, seed=seed, seats=["bot:mcts"] * 2)
        time.sleep(1)
        for seed, kind in [(20, "bot:random"), (21, "bot:greedy")]:
            began = time.monotonic()
            match = bot_first(server.base, seed, kind)
            wait_for(lambda match=match: version_of(server.base, match) >= 1, 10)
            assert time.monotonic() - began < 2
            began = time.monotonic()
            assert httpx.get(f"{server.base}/api/matches/{match}/picture").status_code == 200
            assert Client(server.base, match).view()["version"] >= 1
            assert time.monotonic() - began < 2
        # A person's action, from the claim to the answer.
        began = time.monotonic()
        match = create(server.base, game="sankore", players=2, seed=22, seats=["human"] * 2)
        _play_one(server.base, match, 22)
        assert time.monotonic() - began < 2
    finally:
        server.stop()


def test_a_client_may_hold_only_so_many_bot_matches_searches_and_sockets(sqlite_db: str) -> None:
    """Default limits: two matches of bots alone per client, then 429 with words and nothing
    created; one MCTS search of a client's matches at a time, however many of its matches
    wait for one (one worker process busy of two); WebSockets capped by --max-sockets."""
    server = started(
        sqlite_db,
        *("--bot-processes", "2", "--mcts-seconds", "30", "--mcts-iterations", "100000000"),
        *("--max-sockets", "2"),
    )
    assert server.process is not None
    try:
        for _ in range(2):
            create(server.base, game="sankore", players=2, seats=["bot:mcts", "bot:mcts"])
        refused = httpx.post(
            server.base + "/api/matches", json={"players": 2, "seats": ["bot:random"] * 2}
        )
        assert (refused.status_code, refused.json()) == (
            429,
            {
                "error": "a client may have 2 matches of bots alone under way at once: wait for "
                "one to end"
            },
        )
        # People's matches with bots are not limited in number; their searches wait.
        mixed = [bot_first(server.base, seed, "bot:mcts") for seed in (31, 32)]
        with sqlite3.connect(sqlite_db) as db:
            assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 4
        time.sleep(3)
        assert len(workers_of(server.process.pid)) == 1
        assert [version_of(server.base, match) for match in mixed] == [0, 0]
        url = f"ws://127.0.0.1:{server.port}/api/matches/{mixed[0]}/events"
        with connect(url) as one, connect(url) as two:
            assert json.loads(one.recv(5)) == json.loads(two.recv(5)) == {"version": 0}
            with connect(url) as three, pytest.raises(ConnectionClosed) as closed:
                three.recv(5)
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
                4429,
                "a client may have 2 WebSockets open",
            )
        # Closed sockets are counted no more.
        with connect(url) as again:
            assert json.loads(again.recv(5)) == {"version": 0}
    finally:
        server.stop()


# ---- the database going away ------------------------------------------------------------------


class PrivateCluster:
    """A PostgreSQL cluster of the test's own, on a free loopback port, to stop and restart.

    The shared cluster of ``SANKORE_TEST_POSTGRES`` is never restarted: other tests may be
    using it. As root, the cluster runs as the ``postgres`` user (PostgreSQL refuses root).
    """

    def __init__(self, bindir: Path, run_as: list[str], folder: Path) -> None:
        self.bindir = bindir
        self.run_as = run_as
        self.data = folder / "data"
        self.log = folder / "log"
        self.port = free_port()
        self.url = f"postgresql://sankore@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self.run_as, str(self.bindir / tool), *args],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def create(self) -> None:
        """initdb: a superuser ``sankore``, trusted on the loopback address only."""
        self._run("initdb", "-D", str(self.data), "-U", "sankore", "-A", "trust", "--no-sync")

    def pg_ctl(self, *args: str) -> None:
        """Run pg_ctl on this cluster (``start``, ``stop``, ``restart``), waiting for it."""
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.data} -c fsync=off "
            "-c shared_buffers=16MB"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
            "-w",
            "-m",
            "fast",
            *args,
        )


@pytest.fixture
def private_postgres() -> Iterator[PrivateCluster]:
    """A PostgreSQL cluster of this test's own, started; skipped where there is none to make."""
    if not POSTGRES:
        pytest.skip("SANKORE_TEST_POSTGRES is not set: no PostgreSQL on this machine")
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: p.parts[-3])
    bindir = found[-1].parent if found else None
    if bindir is None and shutil.which("pg_ctl"):
        bindir = Path(str(shutil.which("pg_ctl"))).parent
    if bindir is None or not (bindir / "initdb").exists():
        pytest.skip("no pg_ctl and initdb to make a PostgreSQL cluster to restart")
    run_as: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot run PostgreSQL as postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    folder = Path(tempfile.mkdtemp(prefix="sankore-pg-"))
    if run_as:
        shutil.chown(folder, "postgres", "postgres")
    cluster = PrivateCluster(bindir, run_as, folder)
    try:
        cluster.create()
        cluster.pg_ctl("start")
    except (subprocess.SubprocessError, OSError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"cannot start a PostgreSQL cluster of the test's own: {exc}")
    try:
        yield cluster
    finally:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            cluster.pg_ctl("stop")
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def stderr_to(path: Path) -> Iterator[None]:
    """Processes started in the block write their standard error to ``path``."""
    saved = os.dup(2)
    with path.open("wb") as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def test_a_postgresql_restart_is_healed_and_a_stop_answered_503(
    private_postgres: PrivateCluster, tmp_path: Path
) -> None:
    """After a restart, requests go on (every pooled connection replaced, the listener back);
    while the database is stopped, a request is answered 503 with words; when it returns,
    service returns by itself within seconds; the log holds a few lines, not one a failure."""
    log = tmp_path / "server.log"
    with stderr_to(log):
        server = started(private_postgres.url)
    try:
        match = create(server.base, game="sankore", players=2, seed=30, seats=["human"] * 2)
        seat = first_seat(30)
        me = Client(server.base, match, claim(server.base, match, seat))
        state = sr.new_game(players=2, seed=30)
        moves = [str(a) for a in sr.legal_actions(state)]
        private_postgres.pg_ctl("restart")
        # The first request after the restart finds its connection lost: the read is tried
        # again on a new one, so no request fails.
        assert me.act(moves[0], 0).status_code == 200
        assert create(server.base, game="sankore", players=2)
        private_postgres.pg_ctl("stop")
        down = [httpx.post(server.base + "/api/matches", json={"players": 2}) for _ in range(50)]
        assert {response.status_code for response in down} == {503}
        assert down[-1].json()["error"].startswith("the database cannot be reached: ")
        assert down[-1].json()["error"].endswith("; try again in a few seconds")
        time.sleep(3)
        private_postgres.pg_ctl("start")
        began = time.monotonic()
        wait_for(
            lambda: (
                httpx.post(server.base + "/api/matches", json={"players": 2}).status_code == 201
            ),
            10,
        )
        assert time.monotonic() - began < 5
        view = me.view()
        assert view["version"] == 1
        # Another process's action is heard again (the listener is back).
        other = Client(server.base, match, claim(server.base, match, 1 - seat))
        assert other.view()["version"] == 1
    finally:
        server.stop()
    lines = log.read_text().splitlines()
    assert len(lines) < 12, lines


# ---- idle sockets -----------------------------------------------------------------------------

#: How many matches, each with one idle WebSocket (more than the hub caches: 2,000).
IDLE = 2100


def _store_matches(db: str, count: int) -> list[str]:
    """``count`` matches of two human seats written straight into ``db``; their ids."""
    state = sr.new_game(players=2, seed=1)
    pin = ruleset_pin(state)
    setup = {"game": "sankore", "players": 2, "seed": 1, "options": {}}

    async def write() -> list[str]:
        storage = SqliteStorage(db)
        await storage.open()
        try:
            ids = [f"idle{n}" for n in range(count)]
            for match in ids:
                await storage.create(match, setup, ["human", "human"], pin)
            return ids
        finally:
            await storage.close()

    return asyncio.run(write())


def test_idle_websockets_cost_nothing(sqlite_db: str) -> None:
    """2,100 matches, each with one idle WebSocket: the server uses under 15% of a core while
    nobody plays, ``GET /api/games`` answers in under 20 ms (median of 30), and an action on
    one match is still pushed to its socket."""
    ids = _store_matches(sqlite_db, IDLE)
    server = started(sqlite_db, "--max-sockets", str(IDLE), "--rate", "100000")
    assert server.process is not None
    pid = server.process.pid
    ws = f"ws://127.0.0.1:{server.port}/api/matches/"

    async def scenario() -> tuple[float, float, dict[str, int]]:
        sockets = []
        for start in range(0, IDLE, 100):
            batch = [connect_async(ws + match + "/events") for match in ids[start : start + 100]]
            sockets += await asyncio.gather(*batch)
        firsts = await asyncio.gather(*(socket.recv() for socket in sockets))
        assert {first for first in firsts} == {'{"version":0}'}
        await asyncio.sleep(1)
        before = cpu_seconds(pid)
        await asyncio.sleep(3)
        busy = (cpu_seconds(pid) - before) / 3
        with httpx.Client(base_url=server.base) as http:
            took = []
            for _ in range(30):
                began = time.perf_counter()
                assert http.get("/api/games").status_code == 200
                took.append(time.perf_counter() - began)
            seat = first_seat(1)
            token = http.post(f"/api/matches/{ids[7]}/seats/{seat}").json()["token"]
            action = str(sr.legal_actions(sr.new_game(players=2, seed=1))[0])
            posted = http.post(
                f"/api/matches/{ids[7]}/actions",
                json={"action": action, "version": 0},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert posted.status_code == 200
        pushed = json.loads(await asyncio.wait_for(sockets[7].recv(), 5))
        await asyncio.gather(*(socket.close() for socket in sockets))
        return busy, statistics.median(took), pushed

    try:
        busy, median, pushed = asyncio.run(scenario())
    finally:
        server.stop()
    assert pushed == {"version": 1}
    assert busy < 0.15, f"{busy:.0%} of a core with {IDLE} idle sockets"
    assert median < 0.020, f"GET /api/games took {median * 1000:.1f} ms (median)"


# ---- the log ----------------------------------------------------------------------------------


def test_a_repeated_failure_is_logged_once_then_counted(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first failure of a kind is logged; its repetitions within ``every`` seconds are not,
    and the next line after them says how many there were; kinds are counted apart."""
    now = [100.0]
    monkeypatch.setattr("sankore_rules.interfaces.server.throttled.time.monotonic", lambda: now[0])
    quiet = ThrottledLog(logging.getLogger("test.throttled"), every=10)
    with caplog.at_level(logging.WARNING, logger="test.throttled"):
        written = [quiet.warning("db", "down: %s", n) for n in range(5)]
        written.append(quiet.error("bot", "bot failed"))
        now[0] += 10
        written.append(quiet.warning("db", "down: %s", 5))
    assert written == [True, False, False, False, False, True, True]
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("WARNING", "down: 0"),
        ("ERROR", "bot failed"),
        ("WARNING", "down: 5 (and 4 more like it in the last 10 s)"),
    ]


# ---- the storage ------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", *(["postgres"] if POSTGRES else [])])
def test_a_match_is_stored_with_its_ruleset_and_other_writers_actions_are_announced(
    backend: str, tmp_path: Path
) -> None:
    """The pin (ruleset name and content hash) is read back as written, and None when not
    given; so are a seat's notes; ``ids`` lists the matches oldest first; another connection's
    appends are announced with their versions (SQLite's watcher as PostgreSQL's NOTIFY)."""
    db = str(tmp_path / "matches.sqlite") if backend == "sqlite" else str(POSTGRES)
    pin = ruleset_pin(sr.new_game(players=2, seed=1))
    suffix = os.urandom(4).hex()
    pinned, unpinned = f"pin{suffix}", f"nopin{suffix}"

    async def scenario() -> None:
        first, second = open_storage(db), open_storage(db)
        await first.open()
        await second.open()
        heard: list[tuple[str, int]] = []
        second.on_heard(lambda match, version: heard.append((match, version)))
        try:
            await first.create(pinned, {"game": "sankore"}, ["human", "human"], pin)
            await first.create(unpinned, {"game": "sankore"}, ["human", "human"])
            loaded = await second.load(pinned)
            assert loaded is not None and (loaded.ruleset, loaded.rules_hash) == pin
            loaded = await second.load(unpinned)
            assert loaded is not None and (loaded.ruleset, loaded.rules_hash) == (None, None)
            assert loaded.notes == {}
            await first.write_notes(unpinned, {1: "the bot failed"})
            loaded = await second.load(unpinned)
            assert loaded is not None and loaded.notes == {1: "the bot failed"}
            ids = await second.ids()
            assert ids.index(pinned) < ids.index(unpinned)
            assert await first.append(pinned, 0, 0, "pass", False)
            assert await first.append(pinned, 1, 1, "pass", False)
            for _ in range(100):
                if (pinned, 2) in heard:
                    break
                await asyncio.sleep(0.02)
            assert [news for news in heard if news[0] == pinned] == [(pinned, 1), (pinned, 2)]
        finally:
            await first.close()
            await second.close()

    asyncio.run(scenario())


def test_a_sqlite_file_locked_too_long_is_storage_down_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """Another process holding the write lock past ``busy_seconds``: the append raises
    ``StorageDown`` (the server's 503) and is not made; once the lock is let go, it is."""
    path = str(tmp_path / "matches.sqlite")

    async def scenario() -> None:
        storage = SqliteStorage(path, busy_seconds=0.1)
        await storage.open()
        try:
            await storage.create("m", {"game": "sankore"}, ["human", "human"])
            other = sqlite3.connect(path, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(StorageDown) as down:
                await storage.append("m", 0, 0, "pass", False)
            assert str(down.value) == "the database cannot be used: database is locked"
            other.execute("ROLLBACK")
            other.close()
            assert await storage.since("m", 0) == []
            assert await storage.append("m", 0, 0, "pass", False) is True
            assert await storage.since("m", 0) == ["pass"]
        finally:
            await storage.close()

    asyncio.run(scenario())
