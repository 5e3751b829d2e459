"""uvicorn's httptools protocol with a cap on a request's head (its request line and headers).

httptools reads a header of any length, keeping it whole in memory until its end: an 8 MB header
was answered like any other, and 64 MB of one grew the server by 100 MB. The cap has to act on
the bytes as they arrive, before the parser keeps them, so it lives here rather than in the
application: while a request's head is being read, at most the bytes left under the cap are
handed to the parser; a head still unfinished when the cap is reached gets ``431`` and its
connection is closed. The cap is uvicorn's ``h11_max_incomplete_event_size`` (what bounds the
same thing under uvicorn's other HTTP implementation), so one setting holds for both.

Before closing, the connection reads and drops what the client still sends for a moment
(``LINGER_SECONDS``): a client that writes its whole request before reading the answer (most
do) then reads the ``431`` instead of a reset connection.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.server import ServerState

from sankore_rules.interfaces.server.views import canonical

__all__ = ["LINGER_SECONDS", "MAX_HEAD", "HeadCappedProtocol"]

#: The default cap on a request's request line and headers, in bytes (h11's default too).
MAX_HEAD = 16 * 1024

#: How long a refused connection drops what its client still sends before it is closed.
LINGER_SECONDS = 2.0


class HeadCappedProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` refusing, with ``431``, a request whose head exceeds the cap."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        #: The cap, in bytes, on the request line and headers of one request.
        self.max_head = int(self.config.h11_max_incomplete_event_size or MAX_HEAD)
        self._in_head = True
        self._head_bytes = 0
        self._refused = False

    def data_received(self, data: bytes) -> None:
        """Parse ``data``, handing the parser no more of a head than the cap allows.

        Once a head is whole, the rest of ``data`` goes to the parser at once: the head of a
        request pipelined behind it in the same read is counted only from the next read, so
        it may pass the cap by up to one read (about 256 KiB); memory stays bounded all the same.
        """
        while data and not self._refused:
            if not self._in_head:
                super().data_received(data)
                return
            room = self.max_head - self._head_bytes
            if room <= 0:
                self._refuse()
                return
            piece, data = data[:room], data[room:]
            self._head_bytes += len(piece)
            super().data_received(piece)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                # Refused by the parser (400), or handed over to a WebSocket protocol.
                return

    def on_headers_complete(self) -> None:
        """The head is whole: the rest is the body, which the application bounds itself."""
        self._in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        """The request is whole: what comes next is the head of another one."""
        super().on_message_complete()
        self._in_head = True
        self._head_bytes = 0

    def _refuse(self) -> None:
        """Answer ``431``, stop reading requests, and close the connection after a moment."""
        self._refused = True
        body = canonical({"error": f"the request's headers are larger than {self.max_head} bytes"})
        head = [STATUS_LINE[431]]
        for name, value in self.server_state.default_headers:
            head.extend([name, b": ", value, b"\r\n"])
        head.append(b"content-type: application/json\r\n")
        head.append(b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body))
        self.transport.write(b"".join([*head, body]))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)
