"""``legal_actions`` is complete: every well-formed action ``explain`` accepts is listed.

The turn menu and some decisions skip candidates an option-wide check already refuses (a
column whose Book cannot be paid, bonus actions without Inspiration). This test enumerates
every well-formed action of those decisions by brute force, at many positions of random games,
and checks that the listed actions are exactly the ones ``explain`` accepts.
"""

from __future__ import annotations

import random

import pytest

import sankore_rules as sr
from probes import all_area_actions, all_turn_actions
from sankore_rules.core.actions import Action

RULES = sr.load_rules()


#: Random games wander for hundreds of turns before a deadlock (ENGINE-1); the positions
#: checked here come from their first turns, as they did before deadlocks were told apart.
TURN_LIMIT = 40


def _positions(players: int, seed: int, every: int) -> list[sr.State]:
    rng = random.Random(seed)
    state = sr.new_game(players=players, seed=seed, turn_limit=TURN_LIMIT)
    seen = []
    step = 0
    while not sr.is_terminal(state):
        if state.decision is not None and state.decision.kind == "turn" and step % every == 0:
            seen.append(state)
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
        step += 1
    return seen


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_turn_menu_lists_exactly_what_explain_accepts(players: int, seed: int) -> None:
    for state in _positions(players, seed, every=7):
        listed = set(sr.legal_actions(state))
        accepted = {a for a in all_turn_actions(state) if not sr.explain(state, a)}
        assert listed == accepted


def test_establish_refused_for_a_column_without_a_book_names_the_book() -> None:
    """EST-4: a column whose Book cannot be paid is not listed, and explain says why."""
    state = sr.new_game(players=2, seed=4)
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    p = state.current_player
    assert p is not None
    empty = [d for d, n in zip(RULES.disciplines, state.players[p].books, strict=True) if n == 0]
    tile = state.market[RULES.discipline_index[empty[0]]].visible()[0]
    assert Action("establish", (tile,)) not in sr.legal_actions(state)
    assert [r.code for r in sr.explain(state, f"establish {tile}")] == ["no_book"]


def test_area_decisions_list_exactly_what_explain_accepts() -> None:
    """ASTRO/THEO/MATH/LAW: the area decisions list only open spaces within reach; every other
    well-formed choice is one ``explain`` refuses."""
    areas = set(RULES.disciplines)
    seen = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = sr.new_game(players=2 + seed % 3, seed=seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state):
            decision = state.decision
            if decision is not None and decision.kind in areas:
                listed = set(sr.legal_actions(state))
                accepted = {a for a in all_area_actions(decision.kind) if not sr.explain(state, a)}
                assert listed == accepted
                seen += 1
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    assert seen > 20
