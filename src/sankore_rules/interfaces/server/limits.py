"""What a client may ask of the match server: how often, and under which Host and Origin.

- [`RateLimit`][sankore_rules.interfaces.server.limits.RateLimit]: a token bucket per key. The
  server keys a request by the client's address (an IPv6 one by its /64), and by its seat only
  once the request's token is known to be that seat's: a made-up token is no key of its own,
  so inventing tokens buys nothing.
- [`AllowedHosts`][sankore_rules.interfaces.server.limits.AllowedHosts]: ASGI middleware that
  answers only requests whose ``Host`` is a name the server is known by, and refuses a request
  (a WebSocket included) that a page of another site sends from a visitor's browser: its
  ``Origin`` names that site. The first stops DNS rebinding (a hostile name resolved to this
  server reaches it with that name as its Host); the second stops another site's page from
  claiming seats, acting or listening on the visitor's behalf.

The cap on a request's headers lives in the HTTP protocol itself (``protocol.py``): it must act
before the headers are read into memory.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from sankore_rules.interfaces.server.views import canonical

__all__ = ["DEFAULT_HOSTS", "AllowedHosts", "RateLimit", "address_key", "host_name"]

#: The names a server answers to unless told more: the loopback ones.
DEFAULT_HOSTS = ("127.0.0.1", "localhost", "::1")


class RateLimit:
    """A token bucket per key: ``burst`` requests at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        """Whether one more request of ``key`` may go through now."""
        now = time.monotonic()
        level, then = self._buckets.get(key, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        if len(self._buckets) > 100_000:
            # Forget the quiet keys rather than grow without end.
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 60}
        if level < 1:
            self._buckets[key] = (level, now)
            return False
        self._buckets[key] = (level - 1, now)
        return True


def address_key(address: str) -> str:
    """The rate limit's key for a client's address: an IPv4 address, or an IPv6 one's /64.

    One subscriber is given a whole IPv6 /64 and may take a fresh address of it for every
    request: keyed by the address alone, each would have a budget of its own.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return f"address {address}"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return f"address {ip.ipv4_mapped}"
        return f"network {ipaddress.ip_network(f'{ip}/64', strict=False)}"
    return f"address {ip}"


def host_name(authority: str) -> str:
    """The host name in a ``Host`` header's value, lower-cased, without port or brackets.

    The value is ``name``, ``name:port``, ``[v6 address]`` or ``[v6 address]:port``.
    """
    authority = authority.strip().lower()
    if authority.startswith("["):
        return authority[1 : authority.find("]")] if "]" in authority else authority
    return authority.rpartition(":")[0] if authority.count(":") == 1 else authority


class AllowedHosts:
    """ASGI middleware: only the allowed ``Host`` names, and no ``Origin`` of another site.

    A request is refused, before the application sees it, when:

    - its ``Host`` is missing or names no allowed host (``400``);
    - it carries an ``Origin`` (browsers add one to every cross-origin request, to every
      ``POST`` and to every WebSocket handshake) whose host is not allowed, or ``null`` (a
      sandboxed or local page): ``403``.

    A WebSocket so refused is closed before it is accepted (the handshake's answer is ``403``).
    Requests without ``Origin`` (curl, programs, a browser's own navigation) pass the second
    check: they cannot be forged by another site's page.

    Args:
        app: the application behind.
        hosts: the allowed host names (ports are not compared); ``"*"`` allows every Host and
            every Origin (a proxy in front checks them).
    """

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(host_name(h) for h in hosts)
        self.anything = "*" in self.hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Refuse the request, or pass it on."""
        if scope["type"] not in ("http", "websocket") or self.anything:
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope["headers"])
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": refusal[1]})
        else:
            body = canonical({"error": refusal[1]})
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
            ]
            await send({"type": "http.response.start", "status": refusal[0], "headers": headers})
            await send({"type": "http.response.body", "body": body})

    def refusal(self, headers: Iterable[tuple[bytes, bytes]]) -> tuple[int, str] | None:
        """The status and words a request with these headers is refused with; None: none."""
        host = origin = None
        for name, value in headers:
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"origin":
                origin = value.decode("latin-1")
        if host is None or host_name(host) not in self.hosts:
            return 400, f"this server does not answer to the host {(host or '')[:64]!r}"
        if origin is not None and _origin_host(origin) not in self.hosts:
            return 403, f"requests from pages of {origin[:64]!r} are refused"
        return None


def _origin_host(origin: str) -> str | None:
    """The host name of an ``Origin`` header's value; None for ``null`` or nonsense."""
    try:
        return urlsplit(origin.strip()).hostname
    except ValueError:
        return None
