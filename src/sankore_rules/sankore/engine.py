"""Sankoré's engine: the [`Engine`][sankore_rules.core.engine.Engine] its rules register on.

The rules modules register their steps with ``@step(...)``; the public functions list, check and
apply through ``legal``, ``check`` and ``decide``. The names below are this engine's (and the
core's helpers), so a rules module imports everything it needs from here.
"""

from __future__ import annotations

from sankore_rules.core.engine import (
    NAMES_NOTHING,
    Engine,
    Step,
    log,
    memo,
    names_nothing,
    no_words,
    push,
)
from sankore_rules.sankore.state import State

__all__ = [
    "ALWAYS_KINDS",
    "ELSEWHERE",
    "ENGINE",
    "NAMES_NOTHING",
    "STEPS",
    "Step",
    "check",
    "decide",
    "filtered",
    "legal",
    "log",
    "memo",
    "names_nothing",
    "no_words",
    "perform",
    "push",
    "settle",
    "step",
]

#: Sankoré's engine: every step of its rules, the Scholar's included.
ENGINE = Engine("sankore", sealed=State)

STEPS = ENGINE.steps
ALWAYS_KINDS = ENGINE.always_kinds
ELSEWHERE = ENGINE.elsewhere
step = ENGINE.step
legal = ENGINE.legal
filtered = ENGINE.filtered
settle = ENGINE.settle
check = ENGINE.check
decide = ENGINE.decide
perform = ENGINE.perform
