"""Decision kinds (issue 15): each declares its prompt and the action kinds that answer it.

The declarations are what the API reference's decisions table shows; these tests hold the
engine's options to them, so the table stays true.
"""

from __future__ import annotations

import random

import pytest

import sankore_rules as sr
from sankore_rules.sankore import engine
from sankore_rules.sankore.rules.turn import TURN_MENU, TURN_OPTIONS


def test_every_decision_declares_a_prompt_and_its_answers() -> None:
    undeclared = [
        kind
        for kind, spec in engine.STEPS.items()
        if spec.candidates is not None and not (spec.prompt and spec.answers)
    ]
    assert [] == undeclared


def test_automatic_steps_declare_no_answers() -> None:
    answered = [k for k, s in engine.STEPS.items() if s.candidates is None and s.answers]
    assert [] == answered


def test_the_turn_is_answered_by_every_turn_option_and_end() -> None:
    """TURN-1: the turn menu offers every registered option, and ``end``."""
    assert sorted([*TURN_OPTIONS, "end"]) == sorted(engine.STEPS["turn"].answers)
    assert TURN_MENU == engine.ALWAYS_KINDS["turn"]


@pytest.mark.parametrize("seed", range(6))
def test_every_listed_option_is_of_a_kind_its_decision_declares(seed: int) -> None:
    rng = random.Random(seed)
    state = sr.new_game(players=2 + seed % 3, seed=seed, turn_limit=30)
    strays: set[tuple[str, str]] = set()
    met: set[str] = set()
    while not sr.is_terminal(state):
        task = state.decision
        assert task is not None
        met.add(task.kind)
        options = sr.legal_actions(state)
        answers = engine.STEPS[task.kind].answers
        strays |= {(task.kind, a.kind) for a in options if a.kind not in answers}
        state = sr.apply(state, rng.choice(options))
    assert set() == strays
    assert {"draft", "turn"} <= met


def test_the_prompt_reaches_the_observation() -> None:
    state = sr.new_game(players=2, seed=4)
    assert state.decision is not None
    prompt = sr.observation(state, 0)["decision"]["prompt"]
    assert engine.STEPS[state.decision.kind].prompt == prompt
