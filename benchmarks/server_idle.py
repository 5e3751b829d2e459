"""Idle WebSockets on the match server: what they cost while nobody plays.

Starts ``sankore-rules serve`` (``server.main``) in a process of its own on a free 127.0.0.1
port, on a fresh SQLite file and, with ``--postgres URL``, on that PostgreSQL database; creates
``--sockets`` matches and opens one WebSocket on each, then, while they idle for ``--seconds``
seconds, measures the server process's CPU (from /proc) and the latency of ``GET /api/games``
(one request at a time). Bounded in count and time; nothing leaves the machine.

    python benchmarks/server_idle.py --sockets 2000 --seconds 5 [--postgres postgresql://...]

The goal (issue 42): 2,000 idle sockets cost under 15% of one core, and ``GET /api/games``
answers in under 20 ms (median). Before pushes were driven by events, a poller visited every
subscribed match ten times a second: 90% of a core and 744 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from server_load import _Connection, _cpu_seconds, _start
from websockets.asyncio.client import ClientConnection, connect


async def _idle(port: int, sockets: int, seconds: float, pid: int) -> tuple[float, list[float]]:
    """Open the sockets, let them idle; the server's share of a core and the GET latencies."""
    http = _Connection("127.0.0.1", port)
    body = {"game": "sankore", "players": 2}
    matches = [
        (await http.request("POST", "/api/matches", body))[1]["match"] for _ in range(sockets)
    ]
    opened: list[ClientConnection] = []
    for start in range(0, sockets, 100):
        batch = matches[start : start + 100]
        opened += await asyncio.gather(
            *(connect(f"ws://127.0.0.1:{port}/api/matches/{m}/events") for m in batch)
        )
    await asyncio.gather(*(socket.recv() for socket in opened))
    await asyncio.sleep(1)
    before, began = _cpu_seconds(pid), time.monotonic()
    latencies = []
    while time.monotonic() - began < seconds:
        sent = time.perf_counter()
        await http.request("GET", "/api/games")
        latencies.append(time.perf_counter() - sent)
        await asyncio.sleep(0.05)
    busy = (_cpu_seconds(pid) - before) / (time.monotonic() - began)
    await asyncio.gather(*(socket.close() for socket in opened))
    http.close()
    return busy, latencies


def main(argv: list[str] | None = None) -> None:
    """Measure idle sockets on SQLite and, with ``--postgres``, PostgreSQL; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=2000, help="idle WebSockets (max 5000)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long they idle (max 60)")
    parser.add_argument("--postgres", help="a PostgreSQL URL to measure too")
    args = parser.parse_args(argv)
    sockets = max(1, min(args.sockets, 5000))
    seconds = max(1.0, min(args.seconds, 60.0))
    stores = [("sqlite", None), *([("postgresql", args.postgres)] if args.postgres else [])]
    print(f"{sockets} idle WebSockets, one a match, {seconds:g} s")
    with tempfile.TemporaryDirectory() as folder:
        for store, url in stores:
            db = url or str(Path(folder) / "idle.sqlite")
            process, port = _start(db, "--max-sockets", str(sockets))
            try:
                busy, latencies = asyncio.run(_idle(port, sockets, seconds, process.pid))
            finally:
                process.terminate()
                process.wait(30)
            ordered = sorted(latencies)
            p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
            print(
                f"{store:<11} server CPU {busy:6.1%} of a core   GET /api/games "
                f"p50 {statistics.median(ordered) * 1000:6.2f} ms  p99 {p99 * 1000:6.2f} ms  "
                f"({len(ordered)} requests)"
            )


if __name__ == "__main__":
    main()
