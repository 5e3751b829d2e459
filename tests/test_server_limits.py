"""What a client may send the match server (issue 42), tried on a real server as a hostile client
would: made-up tokens under a rate limit, an 8 MB header, a foreign Host and Origin, odd seat
numbers, a binary WebSocket frame; and the library's own reasons and pictures over the wire.

Each server listens on 127.0.0.1 only; the rate limit's addresses are other loopback addresses
of the same machine (127.0.0.2, ...), which Linux routes to it.
"""

from __future__ import annotations

import contextlib
import json
import math
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

import sankore_rules as sr
from sankore_rules.core.game import SPECTATOR
from sankore_rules.interfaces.server.limits import address_key
from sankore_rules.interfaces.server.protocol import MAX_HEAD
from test_server import Client, Server, _json, claim, create, serving

#: The one name the module's server is told to answer to besides the loopback ones.
ALLOWED = "play.example.org"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that also answers to ``ALLOWED``, seeds allowed (to replay its games here)."""
    yield from serving(tmp_path_factory, "--allow-seeds", "--allowed-host", ALLOWED)


def _from(address: str, token: str | None = None) -> httpx.Client:
    """An HTTP client whose connections leave from ``address`` (a loopback one)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(transport=transport, headers=headers, timeout=30)


def _raw(port: int, head: bytes, source: str = "127.0.0.1") -> bytes:
    """Send ``head`` (a request without body) on a socket of its own; the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as s:
        s.sendall(head)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _head_of(size: int, host: str = "127.0.0.1") -> bytes:
    """A GET of the games whose request line and headers are exactly ``size`` bytes."""
    start = f"GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nX-Pad: "
    end = "\r\n\r\n"
    return (start + "p" * (size - len(start) - len(end)) + end).encode()


def _rss_kb(server: Server) -> int:
    """The server process's resident memory, in KiB."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1])


# ---- rate limits -------------------------------------------------------------------------------


def test_made_up_tokens_count_against_the_address(tmp_path: Path) -> None:
    """The finding: 30 creations with 30 made-up Bearer tokens got 30 x 201 under ``--rate 5``.

    Now a request is keyed by its address until its token is known to be a seat's: 10 at once
    (twice the rate), then 5 a second, whatever tokens it makes up; another address has its
    own budget, and so has a seat whose token was verified.
    """
    running = Server(str(tmp_path / "m.sqlite"), "--rate", "5").start()
    try:
        began = time.monotonic()
        statuses = []
        for k in range(30):
            with _from("127.0.0.1", token=f"made-up-{k}") as http:
                statuses.append(http.post(running.base + "/api/matches", json={}).status_code)
        refills = math.ceil(5 * (time.monotonic() - began))
        assert statuses[:10] == [201] * 10
        assert statuses.count(201) <= 10 + refills
        assert statuses.count(201) + statuses.count(429) == 30
        # Another address is not held back by the first one's requests.
        with _from("127.0.0.2") as other:
            made = other.post(running.base + "/api/matches", json={"players": 2})
            assert made.status_code == 201
            match = made.json()["match"]
            token = other.post(f"{running.base}/api/matches/{match}/seats/0").json()["token"]
        # Made-up tokens on a match's routes: each one refused (403), and each one counted.
        began = time.monotonic()
        with _from("127.0.0.3") as third:
            views = [
                third.get(
                    f"{running.base}/api/matches/{match}",
                    headers={"Authorization": f"Bearer made-up-{k}"},
                ).status_code
                for k in range(30)
            ]
        refills = math.ceil(5 * (time.monotonic() - began))
        assert views[:10] == [403] * 10
        assert views.count(403) <= 10 + refills and views.count(403) + views.count(429) == 30
        # The seat's verified token is limited on its own: the spent address does not stop it.
        with _from("127.0.0.3", token=token) as seat:
            answers = [seat.get(f"{running.base}/api/matches/{match}") for _ in range(10)]
        assert [a.status_code for a in answers] == [200] * 10
    finally:
        running.stop()


def test_an_ipv6_client_is_keyed_by_its_64() -> None:
    """A subscriber holds a whole IPv6 /64: a fresh address of it per request buys nothing."""
    assert address_key("2001:db8:1:2::9") == address_key("2001:db8:1:2:ffff:4:5:6")
    assert address_key("2001:db8:1:2::9") == "network 2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::9") == "network 2001:db8:1:3::/64"
    # IPv4, also written as an IPv4-mapped IPv6 address, is keyed by the address.
    assert address_key("::ffff:10.0.0.1") == address_key("10.0.0.1") == "address 10.0.0.1"
    assert address_key("10.0.0.2") == "address 10.0.0.2"


# ---- headers -----------------------------------------------------------------------------------


def test_an_8_mb_header_gets_431_and_costs_no_memory(server: Server) -> None:
    """The finding: an 8 MB header got 200, and 64 MB grew the process from 68 to 170 MB."""
    before = _rss_kb(server)
    refused = httpx.get(server.base + "/api/games", headers={"X-Big": "a" * (8 << 20)}, timeout=60)
    assert refused.status_code == 431
    assert _json(refused) == {"error": f"the request's headers are larger than {MAX_HEAD} bytes"}
    # 64 MB of one header: once they are sent, all but what the kernel's buffers hold (a few MB)
    # has been read by the server, which is measured before the connection closes.
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        with contextlib.suppress(OSError):
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
            for _ in range(64):
                s.sendall(b"a" * (1 << 20))
        grown = _rss_kb(server) - before
    assert grown < 8 * 1024
    # The cap is on the request line and headers, byte for byte.
    assert _raw(server.port, _head_of(MAX_HEAD)).startswith(b"HTTP/1.1 200 ")
    assert _raw(server.port, _head_of(MAX_HEAD + 1)).startswith(b"HTTP/1.1 431 ")
    # The connection's next request is not read: one answer, then the connection is closed.
    two = _head_of(MAX_HEAD + 1) + _head_of(200)
    assert _raw(server.port, two).count(b"HTTP/1.1 ") == 1


def test_the_header_cap_and_the_allow_list_follow_their_flags(tmp_path: Path) -> None:
    """``--max-header-bytes`` moves the cap; ``--allowed-host '*'`` lets every Host and Origin
    through (for a proxy in front that checks them)."""
    flags = ("--max-header-bytes", "4096", "--allowed-host", "*")
    running = Server(str(tmp_path / "m.sqlite"), *flags).start()
    try:
        assert _raw(running.port, _head_of(4096)).startswith(b"HTTP/1.1 200 ")
        assert _raw(running.port, _head_of(4097)).startswith(b"HTTP/1.1 431 ")
        anywhere = {"Host": "evil.example", "Origin": "https://evil.example"}
        made = httpx.post(running.base + "/api/matches", json={}, headers=anywhere)
        assert made.status_code == 201
    finally:
        running.stop()


# ---- Host and Origin ---------------------------------------------------------------------------


def test_only_the_allowed_hosts_are_answered(server: Server) -> None:
    """The finding: ``Host: evil.example`` was served (DNS rebinding worked)."""
    port = server.port
    answered = ["127.0.0.1", f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", ALLOWED]
    for host in [*answered, f"PLAY.Example.org:{port}"]:
        response = httpx.get(server.base + "/api/games", headers={"Host": host})
        assert response.status_code == 200, host
    for host in ["evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "example.org"]:
        response = httpx.get(server.base + "/api/games", headers={"Host": host})
        assert response.status_code == 400, host
        assert _json(response) == {"error": f"this server does not answer to the host {host!r}"}
    # The browser page and a WebSocket are no exception.
    assert httpx.get(server.base + "/", headers={"Host": "evil.example"}).status_code == 400
    match = create(server.base, players=2)
    rebound = socket.create_connection(("127.0.0.1", port))
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://evil.example:{port}/api/matches/{match}/events", sock=rebound)
    assert refused.value.response.status_code == 403
    # A request without Host (HTTP/1.0) names no allowed host either.
    assert _raw(port, b"GET /api/games HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 400 ")


def test_pages_of_other_sites_cannot_claim_act_or_listen(server: Server) -> None:
    """The finding: seats could be claimed cross-site, a foreign-Origin WebSocket accepted.

    A browser names the page's site in ``Origin``: requests from another site's page are
    refused, the server's own page and the allowed names' pages are served.
    """
    match = create(server.base, game="sankore", players=2, seed=12)
    seats = f"{server.base}/api/matches/{match}/seats"
    for origin in ["https://evil.example", "null", f"http://evil.example:{server.port}"]:
        refused = httpx.post(seats + "/0", headers={"Origin": origin})
        assert refused.status_code == 403, origin
        assert _json(refused) == {"error": f"requests from pages of {origin!r} are refused"}
    # Nothing was claimed: the seats are still free for the pages that may.
    own = httpx.post(seats + "/0", headers={"Origin": server.base})
    allowed = httpx.post(seats + "/1", headers={"Origin": f"https://{ALLOWED}"})
    assert (own.status_code, allowed.status_code) == (200, 200)
    tokens = [own.json()["token"], allowed.json()["token"]]
    state = sr.new_game(players=2, seed=12)
    seat = state.current_player
    me = Client(server.base, match, tokens[seat])
    action = {"action": str(sr.legal_actions(state)[0]), "version": 0}
    forged = me.http.post(
        f"/api/matches/{match}/actions", json=action, headers={"Origin": "https://evil.example"}
    )
    assert forged.status_code == 403
    assert me.view()["version"] == 0
    events = f"ws://127.0.0.1:{server.port}/api/matches/{match}/events"
    with pytest.raises(InvalidStatus) as listened:
        connect(events, origin=Origin("https://evil.example"))
    assert listened.value.response.status_code == 403
    with connect(events, origin=Origin(server.base)) as ws:
        assert json.loads(ws.recv(timeout=10)) == {"version": 0}


# ---- seat numbers ------------------------------------------------------------------------------


def test_seat_numbers_are_plain_ascii_decimals(server: Server) -> None:
    """The finding: ``²`` and a 5,000-digit seat answered 500 with a traceback, and ``00`` and
    an Arabic-Indic zero were other names of seat 0."""
    match = create(server.base, players=2)
    # Superscript two, 5,000 nines, leading zeros, Arabic-Indic and fullwidth zeros, signs...
    odd = ["%C2%B2", "9" * 5000, "00", "01", "%D9%A0", "%EF%BC%90", "-0", "+0", "0x0", "%200"]
    for seat in odd:
        response = httpx.post(f"{server.base}/api/matches/{match}/seats/{seat}")
        assert response.status_code == 404, seat
        assert _json(response)["error"].startswith("no seat ")
        assert _json(response)["error"].endswith(": seats are 0 to 1")
    # None of them claimed seat 0.
    assert claim(server.base, match, 0)
    assert httpx.post(f"{server.base}/api/matches/{match}/seats/0").status_code == 409


# ---- WebSocket frames --------------------------------------------------------------------------


def test_a_binary_frame_closes_its_socket_cleanly(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The finding: a binary frame logged "Task exception was never retrieved".

    Now it closes the socket with 1003 (a kind of data the server does not read), and a message
    larger than the server reads closes it with 1009; the server logs nothing.
    """
    running = Server(str(tmp_path / "m.sqlite")).start()
    try:
        match = create(running.base, players=2)
        events = f"ws://127.0.0.1:{running.port}/api/matches/{match}/events"
        frames: list[tuple[str | bytes, int]] = [(b"\x00\x01", 1003), ("x" * 5000, 1009)]
        for message, code in frames:
            with connect(events) as ws:
                assert json.loads(ws.recv(timeout=10)) == {"version": 0}
                ws.send(message)
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == code
        # The server goes on serving WebSockets, and text is still read and ignored.
        with connect(events) as ws:
            assert json.loads(ws.recv(timeout=10)) == {"version": 0}
            ws.send("hello")
            ws.ping().wait(10)
    finally:
        running.stop()
    logged = capfd.readouterr().err
    assert "Task exception" not in logged and "Traceback" not in logged, logged


# ---- the library's reasons and pictures --------------------------------------------------------


def test_an_action_answering_no_decision_gets_explains_reasons(server: Server) -> None:
    """The finding: an action not answering the pending decision got ``bad_notation`` where
    ``sr.explain`` says ``wrong_decision``. Now every refusal carries explain's reasons."""
    match = create(server.base, game="sankore", players=2, seed=31)
    state = sr.new_game(players=2, seed=31)
    seat = state.current_player
    me = Client(server.base, match, claim(server.base, match, seat))
    for text in ["teach c1a", "%%%", "draft ast-9z", "end"]:
        refused = me.act(text, 0)
        assert refused.status_code == 422, text
        expected = [{"code": r.code, "words": r.words} for r in sr.explain(state, text)]
        assert _json(refused)["reasons"] == expected
    assert _json(me.act("teach c1a", 0))["reasons"][0]["code"] == "wrong_decision"
    assert _json(me.act("%%%", 0)) == {
        "error": "not an action",
        "reasons": [{"code": "bad_notation", "words": "unexpected character in '%%%'"}],
    }
    assert me.view()["version"] == 0


def test_pictures_are_the_librarys_of_the_live_state(server: Server) -> None:
    """The finding: the server's Five Tribes picture never ringed the last action (it was drawn
    from ``to_json``, which drops the events). Now each reader's picture is, byte for byte,
    ``sr.state_svg`` of the state the match is in, for that reader."""
    match = create(server.base, game="five_tribes", players=2, seed=9)
    tokens = [claim(server.base, match, 0), claim(server.base, match, 1)]
    state = sr.new_game(players=2, seed=9, game="five_tribes")
    for version in range(4):
        action = str(sr.legal_actions(state)[0])
        response = Client(server.base, match, tokens[state.current_player]).act(action, version)
        assert response.status_code == 200, response.text
        state = sr.apply(state, action)
        for viewer, token in [(0, tokens[0]), (1, tokens[1]), (SPECTATOR, None)]:
            http = Client(server.base, match, token).http
            picture = http.get(f"/api/matches/{match}/picture")
            assert picture.text == sr.state_svg(state, viewer), (version, viewer)
            # Asked clickable, the seat to decide gets its actions on the places (issue 41).
            clickable = http.get(f"/api/matches/{match}/picture?clickable=1").text
            assert clickable == sr.state_svg(state, viewer, clickable=True), (version, viewer)
            assert ("data-actions" in clickable) == (viewer == state.current_player)
    # The last action is ringed: the picture is not the one of a state without its events.
    assert picture.text != sr.state_svg(sr.from_json(sr.to_json(state)), SPECTATOR)
