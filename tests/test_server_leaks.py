"""The match server leaks nothing (issue 28): two matches differing only in hidden parts.

How the pair is built: a seed pins down everything, visible and hidden, so two seeds never give
two games whose visible parts agree. Instead the test sets up one game ``A`` and redraws, with
the game's own sampler, everything one seat cannot see (the other hands, the piles' order, the
seed): ``B`` agrees with ``A`` in all that seat sees and differs in what it does not. For a
spectator, ``B`` is redrawn for seat 0 and then for seat 1, so that it differs in what each seat
alone sees and agrees only in what both see. Both are started on the server from those positions
(``--allow-positions``), and both are played with the same actions. For as long as the reader's
observation of ``A`` and of ``B`` agree (a later draw may show a redrawn card to everyone: then
there is nothing left to compare), every answer the reader gets is the same byte for byte: the
view, the picture, a refusal, the WebSocket messages. The same holds for a spectator while what
every seat sees agrees. The record, given only at the end, names the seed and is no part of
this.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import sankore_rules as sr
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces.server.views import public_observation
from test_server import Client, Server, claim, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that starts matches from given positions."""
    yield from serving(tmp_path_factory, "--allow-positions")


def _pair(game: str, seats: tuple[int, ...], seed: int) -> tuple[Any, Any]:
    """A game, and the same game with what each of ``seats`` cannot see redrawn in turn."""
    a = sr.new_game(players=2, seed=seed, game=game)
    rules = sr.rules_of(a)
    b = a
    for seat in seats:
        b = game_of(a).sampler(rules, sr.observation(b, seat)).sample(random.Random(seed))
    # Through JSON, as the server keeps them.
    return sr.from_json(sr.to_json(a)), sr.from_json(sr.to_json(b))


def _start(server: Server, state: Any) -> tuple[str, list[str]]:
    body = {"game": game_of(state).name, "position": sr.to_json(state), "seats": ["human"] * 2}
    response = httpx.post(server.base + "/api/matches", json=body)
    assert response.status_code == 201, response.text
    match = response.json()["match"]
    return match, [claim(server.base, match, 0), claim(server.base, match, 1)]


def _same(a: httpx.Response, b: httpx.Response) -> None:
    assert (a.status_code, a.content) == (b.status_code, b.content)


@pytest.mark.parametrize("game", ["sankore", "five_tribes"])
@pytest.mark.parametrize("reader", [0, 1, None], ids=["seat0", "seat1", "spectator"])
def test_answers_depend_only_on_what_the_reader_sees(
    server: Server, game: str, reader: int | None
) -> None:
    """OBJ-1 (a hidden hand) over the wire: every endpoint and WebSocket message is the same for
    two matches the reader cannot tell apart."""
    # For a spectator, every seat's hidden parts are redrawn (what seat 0 alone sees, too).
    a, b = _pair(game, (0, 1) if reader is None else (reader,), seed=40 + (reader or 0))
    assert sr.to_json(a) != sr.to_json(b), "the pair must differ in something hidden"
    (ma, ta), (mb, tb) = _start(server, a), _start(server, b)
    ca = [Client(server.base, ma, t) for t in ta]
    cb = [Client(server.base, mb, t) for t in tb]
    read_a = Client(server.base, ma, None if reader is None else ta[reader])
    read_b = Client(server.base, mb, None if reader is None else tb[reader])

    def seen(state: Any) -> Any:
        view = public_observation(state) if reader is None else sr.observation(state, reader)
        return json.loads(json.dumps(view))

    rng = random.Random(7)
    compared = 0
    with contextlib.ExitStack() as stack:
        ws_a = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/api/matches/{ma}/events"))
        ws_b = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/api/matches/{mb}/events"))
        for version in range(12):
            if seen(a) != seen(b) or sr.is_terminal(a):
                break
            for path in ("", "/picture", "/record"):
                _same(
                    read_a.http.get(f"/api/matches/{ma}{path}"),
                    read_b.http.get(f"/api/matches/{mb}{path}"),
                )
            if reader is not None:
                # A refusal for the reader: an action that is never legal (a Library shelf
                # the board lacks), and a stale version.
                never = "library law 99"
                _same(read_a.act(never, version), read_b.act(never, version))
                _same(read_a.act(never, version + 5), read_b.act(never, version + 5))
            both = sorted(
                {str(x) for x in sr.legal_actions(a)} & {str(x) for x in sr.legal_actions(b)}
            )
            if not both:
                break
            action = rng.choice(both)
            seat = a.current_player
            answer_a = ca[seat].act(action, version)
            answer_b = cb[seat].act(action, version)
            assert answer_a.status_code == answer_b.status_code == 200
            a, b = sr.apply(a, action), sr.apply(b, action)
            if seat == reader and seen(a) == seen(b):
                _same(answer_a, answer_b)
            compared += 1
        messages_a = [ws_a.recv(timeout=10) for _ in range(compared + 1)]
        messages_b = [ws_b.recv(timeout=10) for _ in range(compared + 1)]
    assert messages_a == messages_b
    assert [json.loads(m) for m in messages_a] == [{"version": v} for v in range(compared + 1)]
    assert compared >= 3, "the pair must be comparable for a few actions"
