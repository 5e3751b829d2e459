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

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import sankore_rules as sr
from sankore_rules import api
from sankore_rules.interfaces.server.hub import ruleset_pin
from test_server import SRC, Client, Server, claim, create, wait_for

# ---- helpers ----------------------------------------------------------------------------------


def workers_of(pid: int) -> list[int]:
    """The worker processes (multiprocessing's spawned children) of process ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


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
        # A seat's player sees it too; the other seat has no note.
        human = Client(server.base, match, claim(server.base, match, 1 - bot))
        assert human.view()["seats"][bot]["note"] == note
        assert "note" not in human.view()["seats"][1 - bot]
    finally:
        stop.set()
        thread.join()
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
        assert httpx.get(f"{server.base}/api/matches/{resumed}").status_code == 409
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
    assert lines[0] == refused.json()["error"]
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
    """Six matches of MCTS bots alone keep their pool busy (queued searches of 3 s each): a
    quick bot's first move, a seat's view and a picture each still come within 2 s."""
    server = started(
        sqlite_db,
        *("--bot-processes", "1", "--mcts-seconds", "3", "--mcts-iterations", "100000000"),
        *("--max-bot-matches", "6", "--max-mcts-matches", "6"),
    )
    try:
        # The quick bots' and the pictures' processes started (as on a server that has run).
        warm = bot_first(server.base, 19, "bot:random")
        wait_for(lambda: version_of(server.base, warm) >= 1, 30)
        assert httpx.get(f"{server.base}/api/matches/{warm}/picture", timeout=30).status_code == 200
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
    finally:
        server.stop()


def test_a_client_may_hold_only_so_many_bot_matches_and_sockets(sqlite_db: str) -> None:
    """Default limits: two matches of bots alone and four with an MCTS bot per client; a
    WebSocket cap of --max-sockets; each refused with 429 and words, and nothing created."""
    server = started(
        sqlite_db, "--mcts-seconds", "30", "--mcts-iterations", "100000000", "--max-sockets", "2"
    )
    try:
        bots = [
            create(server.base, game="sankore", players=2, seats=["bot:mcts", "bot:mcts"])
            for _ in range(2)
        ]
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
        mixed = [
            create(server.base, game="sankore", players=2, seats=["human", "bot:mcts"])
            for _ in range(2)
        ]
        refused = httpx.post(
            server.base + "/api/matches", json={"players": 2, "seats": ["human", "bot:mcts"]}
        )
        assert (refused.status_code, refused.json()) == (
            429,
            {
                "error": "a client may have 4 matches with an MCTS bot under way at once: wait "
                "for one to end"
            },
        )
        # People's matches and quick bots' are not limited.
        create(server.base, game="sankore", players=2, seats=["human", "bot:random"])
        with sqlite3.connect(sqlite_db) as db:
            assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 5
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
        assert bots
    finally:
        server.stop()
