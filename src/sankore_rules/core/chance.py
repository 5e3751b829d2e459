"""Chance as steps of the engine: a draw is resolved when it happens, from what is left.

A random event of a game (a tile turned from a pile, a card drawn, a meeple taken from the
bag) is a *chance step* on the agenda: a task of the seat
[`CHANCE`][sankore_rules.core.chance.CHANCE] whose options are its outcomes, each with a
weight (a draw from an unseen pile: one outcome per kind of component left, weighted by how
many of it are left). The state holds what is left, never the order it will come in, so a
copy of a state does not know the next draw.

A chance step is resolved in one of two ways, by a flag of the state (``explicit_chance``):

- by default, at once, from the state's own seeded draw: a number taken from a hash
  (blake2b) of the game's name, the state's ``seed`` and its count of draws so far
  (``draws``), so the same seed and the same actions give the same game, and a record
  replays (a hash, not a seeded ``random.Random``: seeding one costs 15 times as much, and a
  playout draws often);
- in the *explicit* mode (``new_game(..., chance="explicit")``), the engine stops there like at
  a decision: ``current_player`` is ``CHANCE``,
  [`chance_outcomes`][sankore_rules.chance_outcomes] lists the outcomes with their
  probabilities, and ``apply`` of one of them resolves it. OpenSpiel's chance nodes are these.

A chance step with a single outcome is no chance: it resolves by itself in either mode. Every
resolution counts as a draw (``draws`` goes up by one), so a state switched from one mode to
the other goes on drawing from the same sequence.

A game without chance steps needs none of this: its states need no ``draws`` nor
``explicit_chance`` field.

Anchors: OpenSpiel's chance nodes and ``chance_outcomes()``; Ludii's and TAG's random moves.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from sankore_rules.core.actions import Action

__all__ = [
    "CHANCE",
    "CHANCE_MODES",
    "Outcomes",
    "chance_mode",
    "decision_words",
    "draw_number",
    "generator",
    "probabilities",
    "roll",
]

CHANCE = -2
"""The seat of a chance step: ``current_player`` at a chance step of the explicit mode.

(-1 is the spectator's viewer number, so chance takes -2.)
"""

#: The ways chance steps are resolved: from the state's generator, or by the caller.
CHANCE_MODES = ("auto", "explicit")

Outcomes = Callable[[Any, Any, Any], Sequence[tuple[Action, int]]]
"""A chance step's outcomes: ``outcomes(rules, state, task)``, (outcome, weight) pairs.

Each weight is a positive integer (how many of that kind of component are left), each outcome
an [`Action`][sankore_rules.Action] (``draw t3``) that the step's resolver is given. Registered
with [`Engine.chance`][sankore_rules.core.engine.Engine.chance]; the outcomes are computed from
what the state says is left, never from an order, and must not change the state.
"""


def decision_words(player: int, kind: str, prompt: str) -> str:
    """Who decides what, in the words every view uses: ``P1 decides (turn): <prompt>``.

    At a chance step (the explicit mode) no seat decides: ``chance draws (kind): <prompt>``.
    """
    if player == CHANCE:
        return f"chance draws ({kind}): {prompt}"
    return f"P{player} decides ({kind}): {prompt}"


def chance_mode(value: object) -> bool:
    """Whether the setup option ``chance`` asks for explicit chance steps.

    Raises:
        ValueError: for a value other than ``"auto"`` and ``"explicit"``.
    """
    if not isinstance(value, str) or value not in CHANCE_MODES:
        raise ValueError(f"chance must be one of {', '.join(CHANCE_MODES)}, got {value!r}")
    return value == "explicit"


def probabilities(weighted: Sequence[tuple[Action, int]]) -> list[tuple[Action, Fraction]]:
    """Each outcome with its exact probability (its weight over the sum of the weights)."""
    total = sum(weight for _, weight in weighted)
    return [(outcome, Fraction(weight, total)) for outcome, weight in weighted]


def generator(game: str, seed: int, draws: int) -> random.Random:
    """A generator for a game's next random event: its name, its seed and its draws so far.

    For a game that needs a ``random.Random`` (a shuffle); a chance step draws with
    ``draw_number``.
    """
    return random.Random(f"{game}:{seed}:{draws}")


def draw_number(game: str, seed: int, draws: int, below: int) -> int:
    """A number in ``0..below-1`` drawn from a game's name, its seed and its draws so far.

    A 256-bit hash taken modulo ``below``: the numbers are equally likely but for a bias
    under 2**-200 for any count of outcomes a game has.
    """
    digest = hashlib.blake2b(f"{game}:{seed}:{draws}".encode(), digest_size=32).digest()
    return int.from_bytes(digest, "big") % below


def roll(pick: int, weighted: Sequence[tuple[Action, int]]) -> Action:
    """The outcome at ``pick`` (``0 <= pick < sum of weights``), each spanning its weight."""
    for outcome, weight in weighted:
        if pick < weight:
            return outcome
        pick -= weight
    raise AssertionError("unreachable: pick < the sum of the weights")
