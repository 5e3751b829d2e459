"""Chance as engine steps (core/chance.py), through the public API, for every built-in game.

Issue 39: a draw is a step of the engine resolved when it happens; by default from the seed (a
game replays), in the explicit mode by the caller, who sees its outcomes and probabilities.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import sankore_rules as sr
from positions import seeded_setup
from toy_game import NAME, registered

GAMES = [
    pytest.param({"players": 2}, id="sankore-2p"),
    pytest.param({"players": 3}, id="sankore-3p"),
    pytest.param({"players": 1, "scholar": "hard"}, id="solo"),
    pytest.param({"players": 2, "game": "five_tribes"}, id="five_tribes-2p"),
]


def _explicit_game(setup: dict[str, Any], seed: int) -> list[Any]:
    """The chance nodes of a random game in the explicit mode."""
    rng = random.Random(seed)
    state = sr.new_game(seed=seed, chance="explicit", **setup)
    nodes = []
    while not sr.is_terminal(state) and len(nodes) < 120:  # the setup's and some of play
        if state.current_player == sr.CHANCE:
            nodes.append(state)
            state = sr.apply(state, rng.choice(sr.chance_outcomes(state))[0])
        else:
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    return nodes


@pytest.mark.parametrize("setup", GAMES)
def test_every_chance_node_lists_its_outcomes_and_reads_back(setup: dict[str, Any]) -> None:
    nodes = _explicit_game(setup, seed=3)
    assert len(nodes) >= 5
    for node in nodes:
        outcomes = sr.chance_outcomes(node)
        assert len(outcomes) >= 2  # a draw of one outcome resolves by itself
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
        assert [a for a, _ in outcomes] == sr.legal_actions(node)
        assert sr.from_json(sr.to_json(node)) == node
        # Two clones resolve the draw differently.
        first, second = sr.apply(node, outcomes[0][0]), sr.apply(node, outcomes[1][0])
        assert first != second
        assert sr.is_terminal(first) or sr.legal_actions(first)


@pytest.mark.parametrize("setup", GAMES)
def test_the_default_mode_draws_from_the_seed(setup: dict[str, Any]) -> None:
    def played(seed: int) -> Any:
        rng = random.Random(0)
        state = sr.new_game(seed=seed, **setup)
        for _ in range(120):
            if sr.is_terminal(state):
                break
            assert sr.chance_outcomes(state) == []
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
        return state

    assert played(5) == played(5)
    assert played(5).draws > 0


def test_the_chance_option_is_checked_and_taken_by_every_game() -> None:
    with pytest.raises(ValueError, match="chance must be one of auto, explicit, got 'sometimes'"):
        sr.new_game(players=2, seed=1, chance="sometimes")
    assert sr.new_game(players=2, seed=1, chance="auto") == sr.new_game(players=2, seed=1)
    assert sr.new_game(players=2, seed=1, chance="explicit").explicit_chance
    # A game without chance steps (the tests' Hidden Nim) has none to hand over.
    with registered():
        state = sr.new_game(2, 5, game=NAME, chance="explicit")
        assert state == sr.new_game(2, 5, game=NAME)
        assert sr.chance_outcomes(state) == []


def test_an_outcome_that_is_not_one_is_refused_with_reasons() -> None:
    node = _explicit_game({"players": 2}, seed=4)[0]
    assert node.agenda[-1].kind == "setup_place"  # the setup, dealt first (SETUP-C-4)
    reasons = sr.explain(node, "put 99")
    assert [r.code for r in reasons] == ["no_such_option"]
    assert [r.code for r in sr.explain(node, "reveal law-1a")] == ["wrong_decision"]
    with pytest.raises(sr.IllegalAction):
        sr.apply(node, "end")
    assert node.current_player == sr.CHANCE  # unchanged


def test_a_replay_deals_the_sampled_hands_to_the_other_seats() -> None:
    """Game.replayed_outcome (Sankoré): at a deal to another seat, the lowest card of the
    sample's hand not dealt yet; at the seat's own deal and at any other draw, the true one."""
    game = sr.game_of(sr.new_game(players=2, seed=1))
    rules = sr.load_rules()
    start = seeded_setup(sr.new_game(players=2, seed=6, chance="explicit"))
    sample = start.clone()
    sample.players[0].objectives = (1, 2, 3, 4)
    sample.players[1].objectives = (9, 11, 20, 24)
    true = sr.Action("deal", ("7",))
    assert start.agenda[-1].args == {"player": 0}
    assert game.replayed_outcome(rules, start, true, sample, 0) == true  # seat 0's own
    assert game.replayed_outcome(rules, start, true, sample, 1) == sr.Action("deal", ("1",))
    state = start
    for card in ("5", "6", "7", "8"):  # seat 0 dealt, then seat 1's first card
        state = sr.apply(state, f"deal {card}")
    state = sr.apply(state, "deal 9")
    assert game.replayed_outcome(rules, state, true, sample, 0) == sr.Action("deal", ("11",))
