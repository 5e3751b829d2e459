"""The match server's ASGI application: the JSON protocol, the pushes and the browser page.

Routes (see the docs page "Match server" for the protocol with an example session):

- ``GET /api/games``: the registered games with their options.
- ``POST /api/matches``: create a match; ``201 {"match": ID, "seats": N}``.
- ``POST /api/matches/{ID}/seats/{N}``: claim a human seat; ``{"token": T}``, once.
- ``GET /api/matches/{ID}``: the view of the token's seat, or a spectator's without a token.
- ``POST /api/matches/{ID}/actions``: ``{"action", "version"}``; 200, 403, 409 or 422.
- ``GET /api/matches/{ID}/picture``: the seat's SVG picture.
- ``GET /api/matches/{ID}/record``: the game record, once the game is over.
- ``WS /api/matches/{ID}/events``: ``{"version": V}`` now and after every accepted action.
- ``/``: the browser client (static files).

Every refusal is JSON ``{"error": words}`` with its status, never a stack trace. What a client
may send is bounded (``limits.py``): bodies to ``MAX_BODY`` bytes; requests by a rate per
address, or per seat once the request's token is known to be that seat's; the ``Host`` and
``Origin`` to the allowed hosts. A WebSocket reads no binary frame: one closes it (1003).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from sankore_rules.interfaces.server.bots import BotBudget
from sankore_rules.interfaces.server.hub import ClientLimits, Hub, Refusal
from sankore_rules.interfaces.server.limits import (
    DEFAULT_HOSTS,
    AllowedHosts,
    RateLimit,
    address_key,
)
from sankore_rules.interfaces.server.storage import StorageDown, open_storage
from sankore_rules.interfaces.server.views import canonical

__all__ = ["MAX_BODY", "RateLimit", "app", "from_environment"]

#: The largest request body read, in bytes (a starting position is the largest body).
MAX_BODY = 64 * 1024
STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("sankore_rules.server")

Handler = Callable[[Request], Awaitable[Response]]


def _json(data: Any, status: int = 200) -> Response:
    body = data if isinstance(data, bytes) else canonical(data)
    return Response(body, status_code=status, media_type="application/json")


def _token(request: Request | WebSocket) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(403, "the credential is 'Authorization: Bearer <token>'")
    return token.strip()


async def _body(request: Request) -> object:
    """The request's JSON body, read up to ``MAX_BODY`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise Refusal(413, f"the body is larger than {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refusal(413, f"the body is larger than {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks) or b"null")
    except (ValueError, RecursionError):
        raise Refusal(400, "the body is not JSON") from None


def app(
    db: str = "matches.sqlite",
    *,
    allow_seeds: bool = False,
    allow_positions: bool = False,
    bot_processes: int = 2,
    picture_processes: int = 1,
    bot_attempts: int = 3,
    limits: dict[str, int] | None = None,
    worker_timeout: float = 30.0,
    mcts_iterations: int = 200,
    mcts_seconds: float = 2.0,
    rate: float = 200.0,
    burst: float = 400.0,
    durable: bool = False,
    allowed_hosts: Sequence[str] = DEFAULT_HOSTS,
) -> Starlette:
    """The match server as an ASGI application, to run with uvicorn or mount in another.

    Args:
        db: a SQLite file path, or a PostgreSQL URL (``postgresql://...``).
        allow_seeds: let a creation name its seed (tests, demos).
        allow_positions: let a creation give its starting position (tests, tutorials).
        bot_processes: the worker processes the MCTS bots search in.
        picture_processes: the worker processes that draw pictures.
        bot_attempts: how often a bot is asked before its seat plays a random legal action.
        limits: what one client may hold at once (``ClientLimits``'s fields).
        worker_timeout: the seconds a worker process's call may take before it counts as hung.
        mcts_iterations: the MCTS bot's iterations per decision.
        mcts_seconds: the MCTS bot's time bound per decision.
        rate: the requests per second each address (or verified seat) may make...
        burst: ...and how many at once.
        durable: wait for the disk at every commit (survives a power cut, not only a crash).
        allowed_hosts: the host names the server answers to (``Host``), and whose pages may
            send it requests (``Origin``); ``"*"``: any.
    """
    hub = Hub(
        open_storage(db, durable=durable),
        allow_seeds=allow_seeds,
        allow_positions=allow_positions,
        bot_processes=bot_processes,
        picture_processes=picture_processes,
        bot_attempts=bot_attempts,
        limits=ClientLimits(**(limits or {})),
        worker_timeout=worker_timeout,
        budget=BotBudget(mcts_iterations, mcts_seconds),
    )
    limit = RateLimit(rate, burst)

    def rate_key(request: Request) -> str:
        """Whom a request counts against: its seat, once its token is known to be the seat's.

        Else its address: a made-up token is no key of its own.
        """
        match = request.path_params.get("match")
        try:
            token = _token(request)
        except Refusal:
            token = None
        seat = None if match is None or token is None else hub.known_seat(match, token)
        if seat is not None:
            return f"seat {seat} of {match}"
        return address_key(request.client.host if request.client else "-")

    def guarded(handler: Handler) -> Handler:
        async def run(request: Request) -> Response:
            try:
                if not limit.allow(rate_key(request)):
                    raise Refusal(429, "too many requests: slow down")
                return await handler(request)
            except Refusal as refusal:
                return _json(refusal.body(), refusal.status)
            except StorageDown as down:
                return _json({"error": f"{down}; try again in a few seconds"}, 503)

        return run

    async def list_games(request: Request) -> Response:
        return _json(hub.games())

    async def create(request: Request) -> Response:
        client = request.client.host if request.client else None
        return _json(await hub.create(await _body(request), client), 201)

    async def claim(request: Request) -> Response:
        match = request.path_params["match"]
        return _json(await hub.claim(match, request.path_params["seat"]))

    async def view(request: Request) -> Response:
        return _json(await hub.view(request.path_params["match"], _token(request)))

    async def act(request: Request) -> Response:
        body = await _body(request)
        return _json(await hub.act(request.path_params["match"], _token(request), body))

    async def picture(request: Request) -> Response:
        clickable = request.query_params.get("clickable") in ("1", "true")
        svg = await hub.picture(request.path_params["match"], _token(request), clickable)
        return Response(svg, media_type="image/svg+xml")

    async def record(request: Request) -> Response:
        return _json(await hub.record(request.path_params["match"]))

    async def events(socket: WebSocket) -> None:
        match = socket.path_params["match"]
        client = socket.client.host if socket.client else None
        try:
            live = await hub.live(match)
        except Refusal as refusal:
            await socket.close(code=4404, reason=refusal.error[:100])
            return
        except StorageDown as down:
            await socket.close(code=1013, reason=str(down)[:100])
            return
        await socket.accept()
        try:
            queue = hub.subscribe(match, client)
        except Refusal as refusal:
            # Said after the handshake, so that the client can read why.
            await socket.close(code=4000 + refusal.status, reason=refusal.error[:100])
            return
        try:
            last = live.version
            await socket.send_json({"version": last})
            receiver = asyncio.create_task(_drain(socket))
            while not receiver.done():
                getter = asyncio.create_task(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if getter not in done:
                    getter.cancel()
                    break
                version = getter.result()
                if version > last:
                    last = version
                    await socket.send_json({"version": version})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.unsubscribe(match, queue, client)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def refused(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        words = exc.detail if isinstance(exc, HTTPException) else "internal error"
        if status == 500:
            log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
        return _json({"error": words}, status)

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    match = "/api/matches/{match}"
    routes = [
        Route("/", index),
        Route("/api/games", guarded(list_games)),
        Route("/api/matches", guarded(create), methods=["POST"]),
        Route(match, guarded(view)),
        Route(match + "/seats/{seat}", guarded(claim), methods=["POST"]),
        Route(match + "/actions", guarded(act), methods=["POST"]),
        Route(match + "/picture", guarded(picture)),
        Route(match + "/record", guarded(record)),
        WebSocketRoute(match + "/events", events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(
        routes=routes,
        middleware=[Middleware(AllowedHosts, hosts=allowed_hosts)],
        lifespan=lifespan,
        exception_handlers={HTTPException: refused, Exception: refused},
    )
    application.state.hub = hub
    return application


async def _drain(socket: WebSocket) -> None:
    """Read (and ignore) the text the client sends, until it goes.

    The protocol has no binary messages: a binary frame closes the socket with 1003 (the data
    is of a kind the server does not read). ``receive_text`` raised ``KeyError`` on one, in a
    task nobody awaits ("Task exception was never retrieved").
    """
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("bytes") is not None:
                await socket.close(code=1003, reason="this socket reads no binary frames")
                return


def from_environment() -> Starlette:
    """The application as ``main`` configures it through ``SANKORE_SERVER_*`` variables.

    uvicorn's worker processes each build their own application by calling this.
    """
    config = json.loads(os.environ.get("SANKORE_SERVER_CONFIG", "{}"))
    return app(**config)
