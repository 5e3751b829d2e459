"""Load on the match server: N concurrent matches of random clients over HTTP, on loopback.

Starts ``sankore-rules serve`` (``server.main``) in a process of its own on a free
127.0.0.1 port, on a fresh SQLite file, and, when ``--postgres URL`` is given, again on that
PostgreSQL database; then plays ``--matches`` matches at once for ``--seconds`` seconds, each a
client that claims both seats and posts a random legal action for whichever seat decides
(then fetches the view of the seat whose turn it is, as that seat's client would after the
push), starting a new match when one ends. Bounded in count and time; nothing leaves the
machine.

Each store is measured twice:

- **paced**: the matches together offer ``--rate`` actions a second (each match one action
  every ``matches / rate`` seconds, from a random phase). The latency of an action is counted
  from the moment it was due, not from when the client got round to sending it, so a server
  that falls behind is charged for the wait it causes (no "coordinated omission");
- **flat out**: every client posts its next action as soon as it has the answer to the last.
  This gives the most actions a second the server (and this client, on the same cores) can
  take; its latency is set by the queue: with 50 clients always waiting, Little's law makes
  the mean latency 50 / (requests a second), whatever the server does.

For each it prints the accepted actions per second, the p50 and p99 latency of the action
posts, and the server process's CPU time per accepted action (from /proc: the figure the
neighbours on a shared machine disturb least).

    python benchmarks/server_load.py --matches 50 --seconds 10 [--postgres postgresql://...]

The goal on a 2-core machine: 50 concurrent matches taking at least 500 accepted actions a
second with p99 at most 50 ms, on SQLite: the paced run at ``--rate 500``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: str, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
    """``sankore-rules serve`` on ``db`` (and ``extra`` arguments), started; it and its port."""
    port = _free_port()
    args = ["--port", str(port), "--db", db, "--bot-processes", "1", "--rate", "100000", *extra]
    code = f"from sankore_rules.interfaces.server import main; main({args!r})"
    process = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": SRC})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return process, port
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


class _Connection:
    """A minimal HTTP/1.1 keep-alive client on asyncio streams.

    httpx's async client costs several milliseconds a request on this machine, more than the
    server itself: the load would measure the client. This one writes a request and reads a
    response with a Content-Length, nothing more (all the server sends).
    """

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """Send a request; the status and the parsed JSON answer."""
        if self._streams is None:
            self._streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._streams
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        status_line = await reader.readline()
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        answer = await reader.readexactly(length)
        return int(status_line.split()[1]), json.loads(answer)

    def close(self) -> None:
        """Close the connection."""
        if self._streams is not None:
            self._streams[1].close()


async def _match(
    port: int, rng: random.Random, until: float, interval: float, out: dict[str, Any]
) -> None:
    """Play matches one after another until ``until``: both seats, random legal actions.

    With ``interval`` > 0, one action is due every ``interval`` seconds (from a random phase)
    and its latency counts from when it was due; with 0, each goes as soon as it can.
    """
    http = _Connection("127.0.0.1", port)
    due = time.monotonic() + rng.random() * interval
    try:
        while time.monotonic() < until:
            body = {"game": "sankore", "players": 2, "options": {"turn_limit": 6}}
            match = (await http.request("POST", "/api/matches", body))[1]["match"]
            tokens = [
                (await http.request("POST", f"/api/matches/{match}/seats/{seat}"))[1]["token"]
                for seat in (0, 1)
            ]
            path = f"/api/matches/{match}"
            view = (await http.request("GET", path, token=tokens[0]))[1]
            while time.monotonic() < until and not view["terminal"]:
                if not view["legal"]:
                    seat = view["decision"]["player"]
                    view = (await http.request("GET", path, token=tokens[seat]))[1]
                    continue
                action = {"action": rng.choice(view["legal"]), "version": view["version"]}
                now = time.monotonic()
                if interval > 0:
                    due = max(due + interval, now - 1.0)  # (after a new match's set-up)
                    if due > now:
                        await asyncio.sleep(due - now)
                started = min(due, time.monotonic()) if interval > 0 else time.monotonic()
                status, answer = await http.request(
                    "POST", path + "/actions", action, tokens[view["seat"]]
                )
                out["latency"].append(time.monotonic() - started)
                if status == 200:
                    out["accepted"] += 1
                    view = answer
                else:
                    out["refused"] += 1
                    view = (await http.request("GET", path, token=tokens[view["seat"]]))[1]
    finally:
        http.close()


def _cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _load(port: int, matches: int, seconds: float, rate: float) -> dict[str, Any]:
    out: dict[str, Any] = {"accepted": 0, "refused": 0, "latency": []}
    interval = matches / rate if rate > 0 else 0.0
    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(
        *(_match(port, random.Random(i), until, interval, out) for i in range(matches))
    )
    out["seconds"] = time.monotonic() - started
    return out


def _report(label: str, out: dict[str, Any], cpu: float) -> None:
    latency = sorted(out["latency"])
    p50 = latency[len(latency) // 2] * 1000 if latency else float("nan")
    p99 = (
        latency[min(len(latency) - 1, int(len(latency) * 0.99))] * 1000 if latency else float("nan")
    )
    rate = out["accepted"] / out["seconds"]
    per_action = cpu / out["accepted"] * 1e6 if out["accepted"] else float("nan")
    print(
        f"{label:<22} {out['accepted']:>7} accepted  {rate:7.1f} actions/s  "
        f"p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  server CPU {per_action:5.0f} us/action  "
        f"({out['refused']} refused)"
    )


def main(argv: list[str] | None = None) -> None:
    """Run the load on SQLite and, with ``--postgres``, on PostgreSQL; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (max 500)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long (max 120)")
    parser.add_argument(
        "--rate", type=float, default=500.0, help="actions a second offered in the paced run"
    )
    parser.add_argument("--postgres", help="a PostgreSQL URL to measure too")
    args = parser.parse_args(argv)
    matches = max(1, min(args.matches, 500))
    seconds = max(1.0, min(args.seconds, 120.0))
    rate = max(1.0, min(args.rate, 100_000.0))
    stores = [("sqlite", None), *([("postgresql", args.postgres)] if args.postgres else [])]
    print(f"{matches} concurrent matches of random clients, {seconds:g} s a run")
    with tempfile.TemporaryDirectory() as folder:
        for store, url in stores:
            process, port = _start(url or str(Path(folder) / "load.sqlite"))
            try:
                for label, offered in ((f"paced at {rate:g}/s", rate), ("flat out", 0.0)):
                    before = _cpu_seconds(process.pid)
                    out = asyncio.run(_load(port, matches, seconds, offered))
                    _report(f"{store} {label}", out, _cpu_seconds(process.pid) - before)
            finally:
                process.terminate()
                process.wait(10)


if __name__ == "__main__":
    main()
