"""``serve``'s hand-off: the match server parses its own arguments (extra ``server``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from sankore_rules.interfaces.cli.common import PROG, UNUSABLE


def run_serve(argv: Sequence[str]) -> int:
    """``serve``: the match server's own command line (``sankore-rules serve --help``)."""
    try:
        from sankore_rules.interfaces.server import main as serve
    except ImportError as exc:
        print(
            f"{PROG}: error: the match server needs the extra 'server': "
            f"pip install 'sankore-rules[server]' ({exc})",
            file=sys.stderr,
        )
        return UNUSABLE
    return serve(argv)
