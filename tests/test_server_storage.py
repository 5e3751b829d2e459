"""The match server's storage (issue 28), on SQLite and, when ``SANKORE_TEST_POSTGRES`` names a
database (``postgresql://user:password@host/db``; CI sets it), on PostgreSQL too: the same tests
run against each.

A match is its setup, its seats, its tokens' hashes and its accepted actions; an action is
appended under the version it answers, so two writers answering one version cannot both win.
Two server processes sharing one database see each other's actions and push them.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

import sankore_rules as sr
from sankore_rules.interfaces.server.storage import (
    SqliteStorage,
    Storage,
    StoredMatch,
    open_storage,
)
from test_server import BACKENDS, POSTGRES, Client, Server, claim, create, wait_for


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database: a fresh SQLite file, or the PostgreSQL of ``SANKORE_TEST_POSTGRES``."""
    yield str(tmp_path / "matches.sqlite") if request.param == "sqlite" else str(POSTGRES)


def _run(db: str, scenario: object) -> None:
    async def go() -> None:
        stores = [open_storage(db), open_storage(db)]
        for store in stores:
            await store.open()
        try:
            await scenario(*stores)  # type: ignore[operator]
        finally:
            for store in stores:
                await store.close()

    asyncio.run(go())


def _id() -> str:
    import secrets

    return "t" + secrets.token_hex(6)


def test_a_match_is_stored_as_setup_seats_tokens_and_actions(db: str) -> None:
    """Created at version 0, read back exactly; a token once per seat; actions in order."""

    async def scenario(store: Storage, _: Storage) -> None:
        match = _id()
        setup = {"game": "sankore", "players": 2, "seed": 2**127 + 5, "options": {}}
        await store.create(match, setup, ["human", "bot:mcts"])
        assert await store.load(match) == StoredMatch(
            id=match, setup=setup, seats=("human", "bot:mcts"), tokens={}, actions=()
        )
        # Token hashes are unique across matches (a PostgreSQL database outlives a test run).
        assert await store.claim(match, 0, match + "h0") is True
        assert await store.claim(match, 0, match + "h1") is False
        assert await store.append(match, 0, 1, "draft ast-1e", False) is True
        assert await store.append(match, 1, 0, "draft law-1d", False) is True
        loaded = await store.load(match)
        assert loaded is not None
        assert (loaded.tokens, loaded.actions, loaded.version) == (
            {0: match + "h0"},
            ("draft ast-1e", "draft law-1d"),
            2,
        )
        assert await store.since(match, 1) == ["draft law-1d"]
        assert match in await store.playing()
        assert await store.append(match, 2, 0, "end", True) is True
        assert match not in await store.playing()
        assert await store.load("no-such-match") is None

    _run(db, scenario)


def test_two_writers_answering_one_version_one_wins(db: str) -> None:
    """Two connections (as two server processes) append for version 0: one is accepted."""

    async def scenario(first: Storage, second: Storage) -> None:
        match = _id()
        await first.create(match, {"game": "five_tribes"}, ["human", "human"])
        won = await asyncio.gather(
            first.append(match, 0, 0, "bid 1", False), second.append(match, 0, 1, "bid 2", False)
        )
        assert sorted(won) == [False, True]
        assert len(await second.since(match, 0)) == 1
        assert await first.append(match, 0, 0, "bid 3", False) is False

    _run(db, scenario)


def test_a_writer_learns_of_another_writers_actions_without_reading_them(db: str) -> None:
    """What a process needs to keep its cached matches current without a query per request:
    another connection's append is announced with its version (PostgreSQL's NOTIFY) or moves
    ``outside_writes`` (SQLite's data_version); one's own appends move nothing of one's own."""

    async def scenario(first: Storage, second: Storage) -> None:
        match = _id()
        await first.create(match, {"game": "sankore"}, ["human", "human"])
        heard: list[tuple[str, int]] = []
        second.on_heard(lambda match_id, version: heard.append((match_id, version)))
        mine, theirs = await first.outside_writes(), await second.outside_writes()
        assert await first.append(match, 0, 0, "pass", False) is True
        assert await first.outside_writes() == mine
        if isinstance(second, SqliteStorage):
            assert await second.outside_writes() != theirs
            assert second.heard(match) == 0
        else:
            for _ in range(500):
                if second.heard(match) == 1:
                    break
                await asyncio.sleep(0.01)
            assert second.heard(match) == 1
            assert (match, 1) in heard
            assert await second.outside_writes() == theirs

    _run(db, scenario)


def test_two_server_processes_share_one_database(db: str) -> None:
    """An action taken through one server is seen, and pushed, by the other; a restart of
    either loses nothing."""
    one = Server(db, "--allow-seeds").start()
    two = Server(db, "--allow-seeds").start()
    try:
        match = create(one.base, game="sankore", players=2, seed=17)
        state = sr.new_game(players=2, seed=17)
        seat = state.current_player
        token = claim(two.base, match, seat)
        taken = httpx.post(f"{two.base}/api/matches/{match}/seats/{seat}")
        assert taken.status_code == 409
        with connect(f"ws://127.0.0.1:{two.port}/api/matches/{match}/events") as ws:
            assert json.loads(ws.recv(timeout=10)) == {"version": 0}
            action = str(sr.legal_actions(state)[0])
            assert Client(one.base, match, token).act(action, 0).status_code == 200
            assert json.loads(ws.recv(timeout=10)) == {"version": 1}
        # The second process answers for version 0 late: refused, no fork.
        assert Client(two.base, match, token).act(action, 0).status_code == 409
        one.kill()
        view = Client(two.base, match, token).view()
        state = sr.apply(state, action)
        assert view["observation"] == json.loads(json.dumps(sr.observation(state, seat)))
        bot = create(two.base, players=2, seed=3, seats=["bot:random", "bot:greedy"])
        wait_for(lambda: Client(two.base, bot).view()["version"] >= 3)
    finally:
        one.stop()
        two.stop()
