"""What the match server sends to whom: a seat's view, a spectator's, and the pictures.

Everything a client receives about a match is computed here from what its reader may see, so
that two matches whose visible parts agree give the same bytes:

- a seat gets [`observation`][sankore_rules.observation] for that seat, the pending decision,
  and the notation of every legal action when the decision is its own (the options of one's
  own decision are a function of what one sees);
- a spectator (no token) gets what every seat's observation shows alike: each part that any
  two seats see differently is replaced by ``HIDDEN``;
- the picture is the game's SVG drawing for that reader (the protocol's ``svg`` hook with a
  ``viewer``: a seat, or ``SPECTATOR``), which shows only what the reader may see; the
  conformance suite holds every game's drawing to that.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import orjson

from sankore_rules import api
from sankore_rules.core.game import SPECTATOR
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces import spectator
from sankore_rules.interfaces.svg import state_svg

__all__ = ["HIDDEN", "canonical", "match_view", "public_observation", "seat_picture"]

#: What stands for a part of the observation some seat does not see.
HIDDEN = "hidden"


def canonical(data: Any) -> bytes:
    """``data`` as compact UTF-8 JSON with sorted keys, the form the server sends.

    orjson writes it about ten times faster than the standard library (a view is several
    kilobytes, written once per seat per version); it stops at 64-bit integers, and the
    standard library writes the rare larger one (a seed in a record) the same way.
    """
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def public_observation(state: Any) -> dict[str, Any]:
    """What every seat of ``state`` sees alike (the spectator's observation)."""
    return spectator.public_observation(state, HIDDEN)


def match_view(
    state: Any, version: int, seat: int | None, seats: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """The JSON view of the match for ``seat`` (None: a spectator).

    Args:
        state: the match's current state.
        version: its version (the count of accepted actions).
        seat: the reader's seat, or None for a spectator.
        seats: each seat's kind and whether it is claimed (public).
    """
    game = game_of(state)
    rules = api.rules_of(state)
    over = game.is_terminal(state)
    observation = public_observation(state) if seat is None else api.observation(state, seat)
    mine = not over and seat is not None and game.current_player(state) == seat
    scores = None
    if over:
        scores = {"totals": game.totals(rules, state), "winners": list(game.winners(rules, state))}
    return {
        "version": version,
        "game": game.name,
        "seat": seat,
        "seats": list(seats),
        "observation": observation,
        "decision": game.decision_view(state),
        "legal": [str(a) for a in game.legal_actions(rules, state)] if mine else [],
        "terminal": over,
        "scores": scores,
    }


def seat_picture(state: Any, seat: int | None, clickable: bool = False) -> str:
    """The SVG of the table as ``seat`` (None: a spectator) may see it.

    ``clickable``: the seat to decide gets its legal actions on the picture's places
    (``data-actions``, see the docs' Pictures page); any other reader, the same picture.

    Raises:
        NotSupported: the game has no SVG drawing.
    """
    return state_svg(state, SPECTATOR if seat is None else seat, clickable=clickable)
