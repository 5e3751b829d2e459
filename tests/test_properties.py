"""Random-play conformance (DESIGN "Tests", STYLE practice 9): properties of every legal game.

From seeded setups for 2-4 players on both Library sides, random legal play checks that:
nothing listed is refused and ``explain`` has nothing to say against it (ENGINE one source of
truth); whatever ``explain`` refuses, ``apply`` refuses with the same reasons and leaves the
state unchanged; ``apply`` never changes its input, nor any state it returned before (they
share containers); copies (``clone``, JSON) equal the state;
the box is conserved (COMP-4, COMP-8..11: 52 Books, 60 Prestige, 32 Students, 28 Sankoré
tiles, 32 Favour tiles); games end with every player having had the same number of turns
(END-1, END-2, ENGINE-1); and a game is reproduced by its setup, seed and action list.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import sankore_rules as sr
from positions import RULES, changeable_parts
from sankore_rules.sankore.integrity import component_counts, integrity_problems
from sankore_rules.sankore.state import State
from strategies import (
    MAX_DECISIONS,
    Playthrough,
    Setup,
    action_texts,
    choice_seeds,
    fuzzed_actions,
    play,
    playthroughs,
    property_settings,
    setups,
)

#: What the box holds (COMP-4, COMP-8, COMP-9, COMP-10, COMP-11), independent of the tables.
BOX = {"books": 52, "prestige": 60, "students": 32, "sankore": 28, "favour": 32}


def snapshot(state: State) -> tuple[str, list[sr.Event]]:
    """Everything a state holds: its JSON text and the events of the apply that made it."""
    return sr.to_json(state), list(state.events)


def differing_fields(state: State, other: State) -> list[str]:
    """The names of the fields where two states differ (the fields ``==`` compares)."""
    return [
        f.name
        for f in attrs.fields(State)
        if f.eq and getattr(state, f.name) != getattr(other, f.name)
    ]


def box_totals(state: State) -> dict[str, int]:
    counts = component_counts(RULES, state)
    return {name: sum(counts[name]) for name in BOX}


def _final(record_final: State | None) -> State:
    assert record_final is not None
    return record_final


# ---- nothing listed is refused --------------------------------------------------------------


@property_settings(max_examples=6)
@given(setup=setups(), choice_seed=choice_seeds())
def test_prop_every_listed_action_is_accepted_and_leaves_input_unchanged(
    setup: Setup, choice_seed: int
) -> None:
    """ENGINE: each listed action has no reason against it and ``apply`` takes it.

    At every decision of a whole random game, every listed action is applied to the state;
    the state is the same afterwards, and every result conserves the box.
    """

    def check_step(state: State, legal: list[sr.Action]) -> None:
        assert legal, f"no legal action at {state.decision}"
        before = snapshot(state)
        for action in legal:
            assert [] == sr.explain(state, action), str(action)
            after = sr.apply(state, action)
            assert [] == integrity_problems(RULES, after), str(action)
        assert before == snapshot(state)

    record = play(setup, choice_seed, on_step=check_step)
    assert sr.is_terminal(_final(record.final))


@property_settings(max_examples=6)
@given(setup=setups(), choice_seed=choice_seeds())
def test_prop_no_state_of_a_game_changes_after_apply_returns_it(
    setup: Setup, choice_seed: int
) -> None:
    """DESIGN Speed: states share every container an action did not change (issue 12).

    So those containers are tuples and read-only dicts in every state of a random game, and no
    state changes once ``apply`` has returned it: at the game's end, each state's key and JSON
    are those it had when it was made.
    """
    made: list[tuple[State, object, str]] = []

    def check_step(state: State, legal: list[sr.Action]) -> None:
        assert [] == changeable_parts(state)
        made.append((state, state.key(), sr.to_json(state)))

    record = play(setup, choice_seed, on_step=check_step)
    final = _final(record.final)
    assert [] == changeable_parts(final)
    assert made
    for state, key, text in made:
        assert key == state.key()
        assert text == sr.to_json(state)


@property_settings(max_examples=25)
@given(record=playthroughs(), data=st.data())
def test_prop_fuzzed_actions_refused_with_explains_reasons(
    record: Playthrough, data: st.DataObject
) -> None:
    """ENGINE: ``explain`` is [] exactly for listed actions; else ``apply`` gives its reasons.

    Near misses of listed actions (kind or words swapped, words added or dropped) and made-up
    actions are refused with the same reasons by ``explain`` and ``apply``, state unchanged.
    """
    state = _final(record.final)
    before = snapshot(state)
    legal = sr.legal_actions(state)
    for action in data.draw(st.lists(fuzzed_actions(state), min_size=1, max_size=20)):
        reasons = sr.explain(state, action)
        assert (action in legal) == (reasons == []), (str(action), reasons)
        if reasons:
            assert all(r.code and r.words for r in reasons), reasons
            with pytest.raises(sr.IllegalAction) as refused:
                sr.apply(state, action)
            assert tuple(reasons) == refused.value.reasons
        else:
            assert [] == integrity_problems(RULES, sr.apply(state, action))
    assert before == snapshot(state)


@property_settings(max_examples=20)
@given(record=playthroughs(), data=st.data())
def test_prop_fuzzed_text_refused_with_explains_reasons(
    record: Playthrough, data: st.DataObject
) -> None:
    """ENGINE: text that is not notation is ``bad_notation`` in ``explain`` and an
    ``ActionSyntaxError`` in ``apply``; readable text is judged like the action it names, with
    the same reasons from both; ``parse_action`` accepts only kinds the decision takes."""
    state = _final(record.final)
    before = snapshot(state)
    legal = sr.legal_actions(state)
    for text in data.draw(st.lists(action_texts(state), min_size=1, max_size=20)):
        reasons = sr.explain(state, text)
        if ["bad_notation"] == [r.code for r in reasons]:
            with pytest.raises(sr.ActionSyntaxError) as unreadable:
                sr.apply(state, text)
            assert reasons[0].words == str(unreadable.value)
            with pytest.raises(sr.ActionSyntaxError):
                sr.parse_action(state, text)
            continue
        words = text.split()
        action = sr.Action(words[0].lower(), tuple(words[1:]))
        assert sr.explain(state, action) == reasons
        if reasons:
            with pytest.raises(sr.IllegalAction) as refused:
                sr.apply(state, text)
            assert tuple(reasons) == refused.value.reasons
        else:
            assert action in legal
            assert action == sr.parse_action(state, text)
            assert sr.apply(state, text) == sr.apply(state, action)
    assert before == snapshot(state)


@property_settings(max_examples=15)
@given(record=playthroughs())
def test_prop_only_the_deciding_player_may_act(record: Playthrough) -> None:
    """ENGINE: every listed action, offered by another player, is ``not_your_decision``."""
    state = _final(record.final)
    if sr.is_terminal(state):
        return
    assert state.current_player is not None
    for action in sr.legal_actions(state):
        assert [] == sr.explain(state, action, player=state.current_player)
        for other in range(state.player_count):
            if other == state.current_player:
                continue
            reasons = sr.explain(state, action, player=other)
            assert ["not_your_decision"] == [r.code for r in reasons]
            with pytest.raises(sr.IllegalAction) as refused:
                sr.apply(state, action, player=other)
            assert tuple(reasons) == refused.value.reasons


# ---- copies -------------------------------------------------------------------------------


@property_settings(max_examples=15)
@given(record=playthroughs())
def test_prop_json_round_trip_is_equal_at_random_points(record: Playthrough) -> None:
    """DESIGN API: ``from_json(to_json(s)) == s`` (lossless round trip) anywhere in a game."""
    state = _final(record.final)
    copy = sr.from_json(sr.to_json(state))
    assert [] == differing_fields(state, copy)
    assert state == copy


@property_settings(max_examples=15)
@given(record=playthroughs())
def test_prop_clone_is_equal_at_random_points(record: Playthrough) -> None:
    """DESIGN API: ``state.clone()`` is a copy equal to the state anywhere in a game, the
    events of the last ``apply`` included (they take part in ``==``)."""
    state = _final(record.final)
    copy = state.clone()
    assert [] == differing_fields(state, copy)
    assert state == copy


@property_settings(max_examples=10)
@given(setup=setups(), choice_seed=choice_seeds(), cut=st.integers(0, 400))
def test_prop_json_copy_has_the_same_future(setup: Setup, choice_seed: int, cut: int) -> None:
    """DESIGN API: a state read back from JSON offers the same actions and, under the same
    actions, reaches the same end as the original."""
    record = play(setup, choice_seed)
    original = setup.new_game()
    for text in record.actions[:cut]:
        original = sr.apply(original, text)
    copy = sr.from_json(sr.to_json(original))
    for text in record.actions[cut:]:
        assert set(sr.legal_actions(original)) == set(sr.legal_actions(copy))
        original, copy = sr.apply(original, text), sr.apply(copy, text)
    assert sr.to_json(original) == sr.to_json(copy)
    assert sr.final_scores(original) == sr.final_scores(copy)


@property_settings(max_examples=15)
@given(record=playthroughs())
def test_prop_json_copy_lists_actions_in_the_same_order(record: Playthrough) -> None:
    """DESIGN API, bots: equal states list their actions in the same order, so a seeded bot
    (or a client choosing by index) picks the same action after a save and load."""
    state = _final(record.final)
    copy = sr.from_json(sr.to_json(state))
    assert [str(a) for a in sr.legal_actions(state)] == [str(a) for a in sr.legal_actions(copy)]


# ---- the box, the end, the replay -------------------------------------------------------------


@property_settings(max_examples=12)
@given(setup=setups(), choice_seed=choice_seeds())
def test_prop_components_conserved_along_random_games(setup: Setup, choice_seed: int) -> None:
    """COMP-4, COMP-8..11: 52 Books, 60 Prestige, 32 Students, 28 Sankoré, 32 Favour tiles."""

    def check_step(state: State, legal: list[sr.Action]) -> None:
        assert [] == integrity_problems(RULES, state)
        assert BOX == box_totals(state)

    record = play(setup, choice_seed, on_step=check_step)
    final = _final(record.final)
    assert [] == integrity_problems(RULES, final)
    assert BOX == box_totals(final)


@property_settings(max_examples=15)
@given(setup=setups(), choice_seed=choice_seeds())
def test_prop_random_games_end_with_equal_turns(setup: Setup, choice_seed: int) -> None:
    """END-1, END-2, ENGINE-1: a random game ends within a bound of decisions, every player
    having had the same number of turns, and then nothing is left to decide. SCORE-1: each
    score sheet adds up: points are icons times value, the total is the sum of the points."""
    record = play(setup, choice_seed)
    final = _final(record.final)
    assert len(record.actions) < MAX_DECISIONS
    assert sr.is_terminal(final)
    assert final.game_over
    assert 1 == len({pl.turns for pl in final.players}), [pl.turns for pl in final.players]
    assert final.players[0].turns > 0
    assert [] == sr.legal_actions(final)
    assert final.current_player is None
    assert final.decision is None
    scores = sr.final_scores(final)
    for sheet in scores.players:
        for line in sheet.disciplines:
            assert line.points == sum(line.icons.values()) * line.value
            assert line.value == scores.values[line.discipline]
        assert sheet.total == sum(line.points for line in sheet.disciplines)
    assert scores.winners == tuple(p.player for p in scores.players if p.winner)


@property_settings(max_examples=10)
@given(setup=setups(), choice_seed=choice_seeds())
def test_prop_replaying_the_action_list_gives_the_same_game(setup: Setup, choice_seed: int) -> None:
    """DESIGN "One decision at a time": setup options, seed and actions reproduce a game."""
    record = play(setup, choice_seed)
    replay = setup.new_game()
    for text in record.actions:
        replay = sr.apply(replay, text)
    final = _final(record.final)
    assert [] == differing_fields(final, replay)
    assert final == replay
    assert sr.to_json(final) == sr.to_json(replay)
    assert sr.final_scores(final) == sr.final_scores(replay)
