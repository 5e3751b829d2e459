"""Random solo games at each difficulty (DESIGN "Tests"; SOLO-FLOW-2, SOLO-END-1, COMP-4..11).

You play random legal actions against the Scholar; at every decision: every listed action is
accepted with nothing against it and leaves its input unchanged (purity), the JSON round trip
is exact and ``from_json`` accepts the state (its solo checks included), every component of
the box is where it should be, once; the game ends after at most 16 turns each, with equal
turns; and the same seed and actions replay it exactly. The property tests of
``test_properties.py`` draw solo games too (``strategies.setups``).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sankore_rules as sr
from positions import RULES, SCHOLAR
from sankore_rules.sankore.integrity import component_counts, integrity_problems
from sankore_rules.sankore.state import State
from sankore_rules.sankore.validity import state_problems
from strategies import SOLO_DIFFICULTIES, Setup, choice_seeds, play, property_settings

BOX = {"books": 52, "prestige": 60, "students": 32, "sankore": 28, "favour": 32}


def box_totals(state: State) -> dict[str, int]:
    counts = component_counts(RULES, state)
    return {name: sum(counts[name]) for name in BOX}


def check_position(state: State, legal: list[sr.Action]) -> None:
    """Every check a solo position must pass, and every listed action on it."""
    assert [] == state_problems(RULES, state)
    assert BOX == box_totals(state)
    text = sr.to_json(state)
    assert state == sr.from_json(text)
    assert legal, f"no legal action at {state.decision}"
    assert 0 == state.current_player  # the Scholar never decides (SOLO-FLOW-3)
    for action in legal:
        assert [] == sr.explain(state, action), str(action)
        after = sr.apply(state, action)
        assert [] == integrity_problems(RULES, after), str(action)
    assert text == sr.to_json(state)  # apply never changes its input


@pytest.mark.parametrize("difficulty", SOLO_DIFFICULTIES)
@property_settings(max_examples=3)
@given(seed=st.integers(0, 2**31 - 1), choice_seed=choice_seeds())
def test_prop_random_solo_games_keep_every_invariant(
    difficulty: str, seed: int, choice_seed: int
) -> None:
    """Whole random games at each difficulty: purity, JSON, validity, conservation at every
    decision; the end after at most 16 turns each (SOLO-FLOW-2); the replay is identical."""
    setup = Setup(1, seed, "three_shelf", scholar=difficulty)
    record = play(setup, choice_seed, on_step=check_position)
    final = record.final
    assert final is not None and sr.is_terminal(final)
    turns = [pl.turns for pl in final.players]
    assert turns[0] == turns[1] <= RULES.solo_turns
    assert final.end_cause in ("madrasa", "scholar")
    # The Scholar's last turn ends the game, or a full Madrasa ends it sooner (or as that
    # turn fills it, which keeps the Madrasa as the cause).
    assert final.end_cause == "madrasa" or turns[1] == RULES.solo_turns
    assert BOX == box_totals(final)
    scores = sr.final_scores(final)
    assert SCHOLAR == scores.scholar
    you, scholar = (sheet.total for sheet in scores.players)
    assert scores.winners == ((0,) if you > scholar else (SCHOLAR,))
    replay = setup.new_game()
    for text in record.actions:
        replay = sr.apply(replay, text)
    assert final == replay
    assert sr.to_json(final) == sr.to_json(replay)


@pytest.mark.parametrize("difficulty", SOLO_DIFFICULTIES)
def test_the_same_seed_sets_up_and_plays_the_same_scholar(difficulty: str) -> None:
    """The Scholar's deck, draft and bag come from the seed: two games of one seed and one
    action list are equal at every step, and another seed gives another game."""
    first = play(Setup(1, 99, "three_shelf", scholar=difficulty), 5, max_decisions=120)
    again = play(Setup(1, 99, "three_shelf", scholar=difficulty), 5, max_decisions=120)
    assert first.actions == again.actions
    assert first.final == again.final
    other = Setup(1, 100, "three_shelf", scholar=difficulty).new_game()
    assert other.players[SCHOLAR].objectives != first.setup.new_game().players[SCHOLAR].objectives


@pytest.mark.parametrize("difficulty", SOLO_DIFFICULTIES)
def test_observation_hides_the_scholars_deck_and_bag_order(difficulty: str) -> None:
    """SOLO-SET-9, SOLO-SET-8: your observation shows how many cards the Scholar's deck
    holds and how many Students of each discipline its bag holds, never their order; two
    states differing only in those orders look the same to you."""
    record = play(Setup(1, 7, "three_shelf", scholar=difficulty), 7, max_decisions=60)
    state = record.final
    assert state is not None
    seen = sr.observation(state, 0)
    assert len(state.players[SCHOLAR].objectives) == seen["players"][SCHOLAR]["objectives"]
    assert "bag" not in seen["solo"]
    assert [state.solo.bag.count(d) for d in RULES.disciplines] == seen["solo"]["bag_counts"]
    shuffled = state.clone()
    shuffled.players[SCHOLAR].objectives = shuffled.players[SCHOLAR].objectives[::-1]
    shuffled.solo.bag = shuffled.solo.bag[::-1]
    assert seen == sr.observation(shuffled, 0)
