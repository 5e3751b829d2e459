"""Closed sets and bounds of a state's values, which the rules write and ``validity.py`` checks.

Below ``rules/`` so that the state's checks need nothing of the procedures.
"""

from __future__ import annotations

__all__ = ["END_CAUSES", "SCHOLAR_ROWS", "SEED_BOUND"]

#: Seeds lie strictly between -SEED_BOUND and SEED_BOUND: room for a 256-bit hash as a seed,
#: and a bound that keeps a seed's JSON short.
SEED_BOUND = 2**256

#: Why the end of the game may be triggered, in words for the ``end_triggered`` event.
END_CAUSES: dict[str, str] = {
    "madrasa": "the Madrasa is full",
    "deadlock": "no main action but Exchange a Favour can ever be taken again",
    "turn_limit": "the turn limit of this game is reached",
    "scholar": "the Scholar has finished its last turn",
}

#: The readings of which row space a Scholar's turn of phases 2 and 3 uses (ruling SCHOLAR-4),
#: the text's first: the leftmost empty space, or the space after the previous turn's.
SCHOLAR_ROWS = ("leftmost_empty", "next_space")
