"""A log that says a repeated failure once in a while, not at every repetition.

A server whose database is down, or whose bots keep failing, meets the same failure many times a
second; logging each one fills the disk and hides everything else. A
[`ThrottledLog`][sankore_rules.interfaces.server.throttled.ThrottledLog] writes the first of a
kind at once, then at most one line per ``every`` seconds for that kind, counting the ones it
kept quiet.
"""

from __future__ import annotations

import logging
import time

__all__ = ["ThrottledLog"]


class ThrottledLog:
    """Log lines by kind, at most one line per kind every ``every`` seconds.

    Args:
        log: the logger written to.
        every: the seconds between two lines of one kind.
    """

    def __init__(self, log: logging.Logger, every: float = 10.0) -> None:
        self.log = log
        self.every = every
        # kind -> (when its last line was written, how many were kept quiet since)
        self._last: dict[str, tuple[float, int]] = {}

    def warning(self, kind: str, message: str, *args: object) -> bool:
        """Log ``message % args`` at WARNING unless ``kind`` was logged in the last seconds.

        Returns:
            Whether a line was written.
        """
        return self._write(logging.WARNING, kind, message, args)

    def error(self, kind: str, message: str, *args: object) -> bool:
        """Log ``message % args`` at ERROR unless ``kind`` was logged in the last seconds.

        Returns:
            Whether a line was written.
        """
        return self._write(logging.ERROR, kind, message, args)

    def _write(self, level: int, kind: str, message: str, args: tuple[object, ...]) -> bool:
        now = time.monotonic()
        then, quiet = self._last.get(kind, (-self.every, 0))
        if now - then < self.every:
            self._last[kind] = (then, quiet + 1)
            return False
        if len(self._last) > 10_000:
            # Kinds may name matches: forget the old ones rather than grow without end.
            self._last = {k: v for k, v in self._last.items() if now - v[0] < self.every}
        suffix = f" (and {quiet} more like it in the last {self.every:g} s)" if quiet else ""
        self.log.log(level, message + suffix, *args)
        self._last[kind] = (now, 0)
        return True
