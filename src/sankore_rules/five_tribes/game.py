"""Five Tribes assembled: importing this module registers every step of its rules.

The public functions of [`sankore_rules`][sankore_rules] reach Five Tribes through here.
"""

from __future__ import annotations

from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules import (  # noqa: F401 - imported for their step registrations
    auction,
    colours,
    djinns,
    move,
    round,
    sets,
    tiles,
)

__all__ = ["ENGINE"]
