"""The match server: every registered game over HTTP and WebSockets, and a browser page.

``app(db=...)`` is the ASGI application (Starlette), to run under uvicorn or mount in another
ASGI service; ``main(argv)`` parses ``--host``, ``--port``, ``--db``, ``--workers`` and the
limits on what a client may send, and runs it with uvicorn (with a cap on request headers,
``protocol.py``), or with ``--check`` lists the stored matches this server cannot replay (a
damaged row, a ruleset it does not have) and exits. Matches are kept as their setup and
accepted actions in SQLite or PostgreSQL (``storage``); what each client gets is computed from
what its seat may see (``views``); the bots play in worker processes (``bots``). It needs the
``server`` extra (``pip install 'sankore-rules[server]'``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from collections.abc import Sequence

from sankore_rules.interfaces.server.asgi import app
from sankore_rules.interfaces.server.limits import DEFAULT_HOSTS
from sankore_rules.interfaces.server.protocol import MAX_HEAD, HeadCappedProtocol

__all__ = ["MAX_WEBSOCKET_MESSAGE", "app", "main", "parser"]

#: The largest WebSocket message a client may send, in bytes: the server reads none (a client
#: has nothing to say on it), so a small bound closes (1009) a socket used to push data.
MAX_WEBSOCKET_MESSAGE = 4096


def parser() -> argparse.ArgumentParser:
    """The command line of ``sankore-rules serve``."""
    p = argparse.ArgumentParser(
        prog="sankore-rules serve", description="Serve matches of every registered game."
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    p.add_argument("--port", type=int, default=8000, help="the port to listen on")
    p.add_argument(
        "--db",
        default="matches.sqlite",
        help="a SQLite file, or a PostgreSQL URL (postgresql://user:pw@host/db)",
    )
    p.add_argument("--workers", type=int, default=1, help="server processes (uvicorn workers)")
    p.add_argument("--bot-processes", type=int, default=2, help="worker processes of the MCTS bots")
    p.add_argument(
        "--picture-processes", type=int, default=1, help="worker processes drawing pictures"
    )
    p.add_argument(
        "--bot-attempts",
        type=int,
        default=3,
        help="how often a failing bot is asked before its seat plays a random legal action",
    )
    p.add_argument(
        "--worker-timeout",
        type=float,
        default=30.0,
        help="seconds a picture or a bot's decision (beyond its budget) may take before its "
        "worker process counts as hung and is replaced",
    )
    p.add_argument(
        "--max-bot-matches",
        type=int,
        default=2,
        help="live matches of bots alone one client (address) may have created",
    )
    p.add_argument(
        "--max-searches",
        type=int,
        default=1,
        help="MCTS decisions of one client's (address's) matches searched at once",
    )
    p.add_argument(
        "--max-sockets", type=int, default=64, help="WebSockets one client (address) may open"
    )
    p.add_argument("--mcts-iterations", type=int, default=200, help="MCTS iterations per move")
    p.add_argument("--mcts-seconds", type=float, default=2.0, help="MCTS seconds per move")
    p.add_argument("--allow-seeds", action="store_true", help="let a creation name its seed")
    p.add_argument(
        "--allow-positions", action="store_true", help="let a creation give its position"
    )
    p.add_argument(
        "--rate",
        type=float,
        default=200.0,
        help="requests per second per client address, or per seat once its token is verified "
        "(twice as many at once)",
    )
    p.add_argument(
        "--max-header-bytes",
        type=int,
        default=MAX_HEAD,
        help=f"the largest request line and headers of a request; 431 beyond ({MAX_HEAD})",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help=f"a host name the server answers to and whose pages may use it, besides "
        f"{', '.join(DEFAULT_HOSTS)} (repeatable; '*' for any)",
    )
    p.add_argument(
        "--durable", action="store_true", help="wait for the disk at every commit (fsync)"
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="list the stored matches this server cannot replay, then exit (status 1 if any)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server until it is stopped; the exit status.

    Raises:
        SystemExit: for arguments argparse refuses.
    """
    import uvicorn

    args = parser().parse_args(argv)
    if args.workers < 1 or args.bot_processes < 0 or args.picture_processes < 0:
        parser().error("--workers must be at least 1, and the processes at least 0")
    if min(args.bot_attempts, args.max_bot_matches, args.max_searches, args.max_sockets) < 0:
        parser().error("--bot-attempts and the --max-* limits must be at least 0")
    if args.max_searches < 1 or args.worker_timeout <= 0:
        parser().error("--max-searches must be at least 1 and --worker-timeout above 0")
    if args.max_header_bytes < 1024:
        parser().error("--max-header-bytes must be at least 1024")
    if args.check:
        return asyncio.run(check(args.db))
    config = {
        "db": args.db,
        "allow_seeds": args.allow_seeds,
        "allow_positions": args.allow_positions,
        "bot_processes": args.bot_processes,
        "picture_processes": args.picture_processes,
        "bot_attempts": max(1, args.bot_attempts),
        "worker_timeout": args.worker_timeout,
        "limits": {
            "bot_matches": args.max_bot_matches,
            "searches": args.max_searches,
            "sockets": args.max_sockets,
        },
        "mcts_iterations": args.mcts_iterations,
        "mcts_seconds": args.mcts_seconds,
        "rate": args.rate,
        "burst": 2 * args.rate,
        "durable": args.durable,
        "allowed_hosts": [*DEFAULT_HOSTS, *args.allowed_host],
    }
    # Each uvicorn worker process builds its own application from this.
    os.environ["SANKORE_SERVER_CONFIG"] = json.dumps(config)
    uvicorn.run(
        "sankore_rules.interfaces.server.asgi:from_environment",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="warning",
        http=HeadCappedProtocol,
        h11_max_incomplete_event_size=args.max_header_bytes,
        ws_max_size=MAX_WEBSOCKET_MESSAGE,
        ws="websockets-sansio" if _has_sansio() else "auto",
    )
    return 0


async def check(db: str) -> int:
    """Print the matches of ``db`` this server cannot replay, then a count; the exit status.

    One line per match that cannot be replayed (its id and why, the words its requests would
    be answered with), then a summary; 0 when every match replays, 1 otherwise. Nothing is
    written to the database beyond the columns a database made before them is given.
    """
    from sankore_rules.interfaces.server.replay import check as replay_all

    refused, checked, moved = await replay_all(db)
    for words in refused:
        print(words)
    print(
        f"{checked} matches checked: {len(refused)} cannot be replayed, {moved} were created "
        "under another version of their ruleset and replay under this one"
    )
    return 1 if refused else 0


def _has_sansio() -> bool:
    """Whether this uvicorn has the sans-I/O WebSocket implementation (no deprecated API)."""
    import importlib.util

    return (
        importlib.util.find_spec("uvicorn.protocols.websockets.websockets_sansio_impl") is not None
    )
