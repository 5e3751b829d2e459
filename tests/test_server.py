"""The match server (issue 28), tested for real: a server process on a free loopback port.

Every test talks HTTP and WebSocket to ``sankore-rules serve`` (``server.main``) started by the
test in its own process; the games are checked against the library played locally with the
same seed. The ``server`` extra must be installed: without it these tests fail, they do not
skip (CI installs it).
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import starlette  # noqa: F401  (the server extra: its absence fails these tests)
from websockets.sync.client import connect

import sankore_rules as sr
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces.records import load_record, replay
from sankore_rules.interfaces.server.asgi import RateLimit
from sankore_rules.interfaces.server.views import HIDDEN, public_observation

SRC = str(Path(__file__).resolve().parents[1] / "src")
#: A PostgreSQL database for the tests that run on both stores (CI sets it).
POSTGRES = os.environ.get("SANKORE_TEST_POSTGRES")
BACKENDS = ["sqlite", *(["postgres"] if POSTGRES else [])]


def free_port() -> int:
    """A TCP port nothing listens on now, on the loopback address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``sankore-rules serve`` in a process of its own, on a free loopback port."""

    def __init__(self, db: str, *extra: str) -> None:
        self.db = db
        self.extra = extra
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start it and wait until it answers."""
        args = ["--port", str(self.port), "--db", self.db, "--bot-processes", "1", *self.extra]
        code = f"from sankore_rules.interfaces.server import main; main({args!r})"
        env = {**os.environ, "PYTHONPATH": SRC}
        self.process = subprocess.Popen([sys.executable, "-c", code], env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop it as an operator would (SIGTERM)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


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


def running_process(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie left unreaped has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class Client:
    """A client of one seat (or a spectator without a token)."""

    def __init__(self, base: str, match: str, token: str | None = None) -> None:
        self.base = base
        self.match = match
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=base, headers=headers, timeout=30)

    def view(self) -> dict[str, Any]:
        """The seat's view."""
        response = self.http.get(f"/api/matches/{self.match}")
        assert response.status_code == 200, response.text
        return dict(response.json())

    def act(self, action: str, version: int) -> httpx.Response:
        """Post an action answering ``version``."""
        body = {"action": action, "version": version}
        return self.http.post(f"/api/matches/{self.match}/actions", json=body)


def create(base: str, **body: Any) -> str:
    """Create a match; its id."""
    response = httpx.post(base + "/api/matches", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return str(response.json()["match"])


def claim(base: str, match: str, seat: int) -> str:
    """Claim a seat; its token."""
    response = httpx.post(f"{base}/api/matches/{match}/seats/{seat}", timeout=30)
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def wait_for(check: Any, seconds: float = 30) -> Any:
    """Poll ``check`` until it returns something true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def serving(folders: pytest.TempPathFactory, *extra: str) -> Iterator[Server]:
    """A server on a fresh SQLite file, for a module's tests, stopped after them."""
    running = Server(str(folders.mktemp("server") / "matches.sqlite"), *extra).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the protocol tests, seeds and positions allowed."""
    yield from serving(tmp_path_factory, "--allow-seeds", "--allow-positions")


def _json(response: httpx.Response) -> Any:
    assert "Traceback" not in response.text
    assert response.headers["content-type"].startswith("application/json"), response.text
    return response.json()


# ---- the protocol ------------------------------------------------------------------------------


def test_games_are_listed_with_their_options(server: Server) -> None:
    """GET /api/games lists every registered game with its player counts and options."""
    listed = httpx.get(server.base + "/api/games").json()
    assert [g["name"] for g in listed] == [g.name for g in sr.games()]
    sankore = listed[0]
    assert sankore["players"] == [1, 2, 3, 4]
    assert [o["name"] for o in sankore["options"]] == [o.name for o in sr.games()[0].options]
    assert sankore["options"][0]["choices"] == ["three_shelf", "six_shelf"]
    assert listed[1]["options"] == []


def test_a_seat_sees_its_observation_and_legal_actions(server: Server) -> None:
    """A claimed seat gets its observation (its own hand, OBJ-1), the decision, its legal
    actions; play moves on."""
    match = create(server.base, game="sankore", players=2, seed=11, seats=["human", "human"])
    tokens = [claim(server.base, match, 0), claim(server.base, match, 1)]
    again = httpx.post(f"{server.base}/api/matches/{match}/seats/0")
    assert (again.status_code, _json(again)["error"]) == (409, "seat 0 is claimed already")
    state = sr.new_game(players=2, seed=11)
    seat = state.current_player
    me = Client(server.base, match, tokens[seat])
    view = me.view()
    assert set(view) == {
        "version",
        "game",
        "seat",
        "seats",
        "observation",
        "decision",
        "legal",
        "terminal",
        "scores",
    }
    assert (view["version"], view["game"], view["seat"]) == (0, "sankore", seat)
    assert view["observation"] == json.loads(json.dumps(sr.observation(state, seat)))
    assert view["legal"] == [str(a) for a in sr.legal_actions(state)]
    assert view["decision"] == game_of(state).decision_view(state)
    assert (view["terminal"], view["scores"]) == (False, None)
    other = Client(server.base, match, tokens[1 - seat]).view()
    assert other["legal"] == []
    after = me.act(view["legal"][0], 0)
    assert after.status_code == 200
    state = sr.apply(state, view["legal"][0])
    assert _json(after)["version"] == 1
    assert _json(after)["observation"] == json.loads(json.dumps(sr.observation(state, seat)))


def test_a_spectator_sees_only_what_every_seat_sees(server: Server) -> None:
    """Without a token: the parts common to every seat's observation, no legal actions; every
    hand is hidden (OBJ-1)."""
    match = create(server.base, game="sankore", players=3, seed=4)
    view = Client(server.base, match).view()
    state = sr.new_game(players=3, seed=4)
    assert view["seat"] is None and view["legal"] == []
    assert view["observation"] == json.loads(json.dumps(public_observation(state)))
    assert view["observation"]["viewer"] == HIDDEN
    # Every player's Objective cards are hidden from a spectator.
    assert [p["objectives"] for p in view["observation"]["players"]] == [HIDDEN] * 3
    # The spectator's picture: every hand face down, each held card counted, none named.
    picture = httpx.get(f"{server.base}/api/matches/{match}/picture")
    assert picture.status_code == 200
    assert picture.headers["content-type"].startswith("image/svg+xml")
    assert 'aria-label="Sankoré as a spectator sees it"' in picture.text
    assert picture.text.count(">4 cards face down<") == 3
    for player in state.players:
        for card in player.objectives:
            assert f"#{card} " not in picture.text and f"#{card}<" not in picture.text


def test_refusals_carry_a_status_and_words_and_change_nothing(server: Server) -> None:
    """403 without the seat's token or out of turn, 409 stale, 422 with the library's reasons."""
    match = create(server.base, game="sankore", players=2, seed=5)
    tokens = [claim(server.base, match, 0), claim(server.base, match, 1)]
    elsewhere = create(server.base, game="sankore", players=2, seed=5)
    foreign = claim(server.base, elsewhere, 0)
    state = sr.new_game(players=2, seed=5)
    seat = state.current_player
    legal = str(sr.legal_actions(state)[0])
    cases = [
        (Client(server.base, match).act(legal, 0), 403),
        (Client(server.base, match, tokens[1 - seat]).act(legal, 0), 403),
        (Client(server.base, match, foreign).act(legal, 0), 403),
        (Client(server.base, match, "not-a-token").act(legal, 0), 403),
        (Client(server.base, match, tokens[seat]).act(legal, 7), 409),
    ]
    for response, status in cases:
        assert response.status_code == status, response.text
        assert isinstance(_json(response)["error"], str)
    assert _json(cases[4][0])["version"] == 0
    me = Client(server.base, match, tokens[seat])
    refused = me.act("draft ast-9z", 0)
    assert refused.status_code == 422
    expected = [
        {"code": r.code, "words": r.words}
        for r in sr.explain(state, sr.parse_action(state, "draft ast-9z"))
    ]
    assert _json(refused)["reasons"] == expected
    assert me.act("teach c1a", 0).status_code == 422
    assert _json(me.act("teach c1a", 0))["reasons"][0]["code"] == "wrong_decision"
    http = me.http
    bad = [
        (http.post(f"/api/matches/{match}/actions", content=b"{not json"), 400),
        (http.post(f"/api/matches/{match}/actions", json={"action": legal}), 400),
        (http.post(f"/api/matches/{match}/actions", json={"action": 3, "version": 0}), 400),
        (http.post(f"/api/matches/{match}/actions", content=b"[" * 70_000), 413),
        (http.get("/api/matches/nope"), 404),
        (http.get("/api/matches/" + "x" * 300), 404),
        (http.post(f"/api/matches/{match}/seats/9"), 404),
        (http.post("/api/matches", json={"game": "chess"}), 400),
        (http.post("/api/matches", json={"game": "sankore", "players": 7}), 400),
        (http.post("/api/matches", json={"options": {"colour": 1}}), 400),
        (http.post("/api/matches", json={"seats": ["human", "bot:alphazero"]}), 400),
        (http.get("/api/nothing-here"), 404),
        (http.delete("/api/games"), 405),
        (http.get(f"/api/matches/{match}/record"), 409),
    ]
    for response, status in bad:
        assert response.status_code == status, (response.request.url, response.text)
        assert isinstance(_json(response)["error"], str)
    assert me.view()["version"] == 0


def test_the_seed_is_the_servers_unless_allowed(tmp_path: Path) -> None:
    """A server that does not allow seeds refuses one, and draws 128 bits itself."""
    running = Server(str(tmp_path / "m.sqlite"), "--rate", "5").start()
    try:
        named = httpx.post(running.base + "/api/matches", json={"seed": 3})
        assert named.status_code == 400
        assert _json(named)["error"] == "this server draws every seed itself: leave seed out"
        match = create(running.base, players=2)
        with httpx.Client(base_url=running.base) as http:
            responses = [http.get(f"/api/matches/{match}") for _ in range(40)]
        # Requests are bounded per token (here per address, without one): 10 at once, 5 a second.
        statuses = [r.status_code for r in responses]
        assert statuses[0] == 200 and statuses.count(429) >= 10
        refused = next(r for r in responses if r.status_code == 429)
        assert _json(refused) == {"error": "too many requests: slow down"}
    finally:
        running.stop()


def test_rate_limit_refills_at_its_rate() -> None:
    """The bucket lets ``burst`` through at once, then ``rate`` a second."""
    limit = RateLimit(rate=1000.0, burst=3)
    assert [limit.allow("t") for _ in range(4)] == [True, True, True, False]
    time.sleep(0.01)
    assert limit.allow("t") and limit.allow("other")


def test_two_clients_posting_for_one_version_one_wins(server: Server) -> None:
    """Concurrent posts answering the same version: one 200, the others 409; no fork."""
    match = create(server.base, game="five_tribes", players=2, seed=8)
    state = sr.new_game(players=2, seed=8, game="five_tribes")
    seat = state.current_player
    token = claim(server.base, match, seat)
    legal = [str(a) for a in sr.legal_actions(state)]
    statuses: list[int] = []
    barrier = threading.Barrier(4)

    def post(action: str) -> None:
        client = Client(server.base, match, token)
        barrier.wait()
        statuses.append(client.act(action, 0).status_code)

    threads = [threading.Thread(target=post, args=(legal[i % len(legal)],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 409, 409, 409]
    assert Client(server.base, match, token).view()["version"] == 1


def test_websocket_pushes_the_version_after_every_action(server: Server) -> None:
    """WS events: the current version at once, then one message per accepted action."""
    match = create(server.base, game="sankore", players=2, seed=21)
    state = sr.new_game(players=2, seed=21)
    token = claim(server.base, match, state.current_player)
    me = Client(server.base, match, token)
    with connect(f"ws://127.0.0.1:{server.port}/api/matches/{match}/events") as ws:
        assert json.loads(ws.recv(timeout=10)) == {"version": 0}
        assert me.act(str(sr.legal_actions(state)[0]), 0).status_code == 200
        assert json.loads(ws.recv(timeout=10)) == {"version": 1}


def test_bots_play_their_seats_and_the_record_replays(server: Server) -> None:
    """Random, greedy and MCTS bots play a whole game; the record replays to its scores."""
    match = create(
        server.base,
        game="sankore",
        players=3,
        seed=2,
        options={"turn_limit": 2},
        seats=["bot:random", "bot:greedy", "bot:mcts"],
    )
    spectator = Client(server.base, match)
    view = wait_for(lambda: (v := spectator.view())["terminal"] and v, seconds=60)
    record = load_record(spectator.http.get(f"/api/matches/{match}/record").text)
    final = replay(record)
    assert list(record.scores or ()) == view["scores"]["totals"]
    assert sr.is_terminal(final) and len(record.actions) == view["version"]


# ---- nothing lost ------------------------------------------------------------------------------


def _play(client: Client, seat: int, rng: random.Random, acked: list[str], stop: Any) -> None:
    """Play ``seat``'s decisions at random until ``stop`` is set, keeping what was acknowledged."""
    while not stop.is_set():
        try:
            view = client.view()
            if view["terminal"]:
                return
            if not view["legal"]:
                time.sleep(0.01)
                continue
            action = rng.choice(view["legal"])
            response = client.act(action, view["version"])
        except httpx.TransportError:
            return
        if response.status_code == 200:
            acked.append(f"{view['version'] + 1} {action}")


@pytest.mark.parametrize("backend", BACKENDS)
def test_nothing_is_lost_when_the_server_is_killed(tmp_path: Path, backend: str) -> None:
    """SIGKILL mid-games, restart on the same database: every match goes on at its last version.

    Every acknowledged action is there, once; at most the one in flight at the kill was
    committed without its answer.
    """
    db = str(tmp_path / "m.sqlite") if backend == "sqlite" else str(POSTGRES)
    running = Server(db, "--allow-seeds").start()
    matches = []
    for k in range(4):
        game = "five_tribes" if k % 2 else "sankore"
        match = create(running.base, game=game, players=2, seed=100 + k)
        tokens = [claim(running.base, match, 0), claim(running.base, match, 1)]
        matches.append((game, 100 + k, match, tokens))
    bot = create(
        running.base, game="sankore", players=2, seed=7, seats=["bot:random", "bot:random"]
    )
    stop = threading.Event()
    acked: dict[str, list[str]] = {m[2]: [] for m in matches}
    threads = [
        threading.Thread(
            target=_play,
            args=(
                Client(running.base, match, tokens[seat]),
                seat,
                random.Random(seat),
                acked[match],
                stop,
            ),
        )
        for _, _, match, tokens in matches
        for seat in (0, 1)
    ]
    for t in threads:
        t.start()
    wait_for(lambda: all(len(a) >= 5 for a in acked.values()), seconds=60)
    assert running.process is not None
    workers = workers_of(running.process.pid)
    assert workers  # the bots' worker process, started with the server
    running.kill()
    # Its worker processes see their server gone and end too, SIGKILL or not.
    wait_for(lambda: not any(running_process(w) for w in workers), seconds=15)
    stop.set()
    for t in threads:
        t.join()
    restarted = Server(db, "--allow-seeds").start()
    try:
        for game, seed, match, tokens in matches:
            done = sorted(acked[match], key=lambda line: int(line.split(" ", 1)[0]))
            numbers = [int(line.split(" ", 1)[0]) for line in done]
            assert numbers == list(range(1, len(done) + 1)), "an action acknowledged twice"
            state = sr.new_game(players=2, seed=seed, game=game)
            for line in done:
                state = sr.apply(state, line.split(" ", 1)[1])
            views = [Client(restarted.base, match, t).view() for t in tokens]
            version = views[0]["version"]
            assert version in (len(done), len(done) + 1)
            if version == len(done) + 1:
                # The action in flight at the kill was committed: it is one of its legal ones.
                options = [str(a) for a in sr.legal_actions(state)]
                after = [sr.apply(state, a) for a in options]
                seen = [json.loads(json.dumps(sr.observation(s, 0))) for s in after]
                assert views[0]["observation"] in seen
            else:
                assert views[0]["observation"] == json.loads(json.dumps(sr.observation(state, 0)))
            # The match continues from there.
            seat = next(s for s in (0, 1) if views[s]["legal"])
            move = views[seat]["legal"][0]
            response = Client(restarted.base, match, tokens[seat]).act(move, version)
            assert response.status_code == 200 and response.json()["version"] == version + 1
        # The bots of a match under way resume after the restart.
        spectator = Client(restarted.base, bot)
        before = spectator.view()["version"]
        wait_for(lambda: spectator.view()["version"] > before or spectator.view()["terminal"])
    finally:
        restarted.stop()
