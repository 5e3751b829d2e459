"""Information states (core/information.py): what a seat saw, in order, for every game.

Perfect recall is checked the way a researcher would break it: two games that differ only in
something hidden (the Scholar's face-down cards), or in one draw during play (a market tile, a
card, a meeple: every game, in the explicit mode of chance), are played on with the same
actions, and a seat's information states must be equal exactly as long as everything that seat
was shown was equal, and differ at every step after the first difference. (Five Tribes' decks
keep no order since issue 39: a draw is where two of its games part.)
"""

from __future__ import annotations

import gc
import json
import random
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core.information import (
    DIGEST_BYTES,
    InformationState,
    adopt,
    history,
    share,
    trail_of,
)
from sankore_rules.interfaces.search import Determinizer


def _played(state: Any, seed: int, decisions: int) -> list[Any]:
    """``state`` and the states of ``decisions`` random actions after it."""
    rng = random.Random(seed)
    states = [state]
    for _ in range(decisions):
        if sr.is_terminal(states[-1]):
            break
        states.append(sr.apply(states[-1], rng.choice(sr.legal_actions(states[-1]))))
    return states


def _replayed(start: Any, played: list[Any]) -> list[Any] | None:
    """The actions of ``played`` (trails) replayed from ``start``; None once one is illegal."""
    states = [start]
    for state in played[1:]:
        trail = trail_of(state)
        assert trail is not None and trail.action is not None
        if sr.explain(states[-1], trail.action):
            return states if len(states) > 1 else None
        states.append(sr.apply(states[-1], trail.action))
    return states


def _recall_violations(true: list[Any], edited: list[Any], seat: int) -> tuple[int, int]:
    """Steps where the seat's strings break perfect recall, and steps where it saw a difference.

    A step breaks it when the strings are equal although the seat was shown something
    different at that step or before, or differ although it was shown the same all along.
    """
    violations = differing = 0
    seen_difference = False
    # The first pair is the edit's start, which took the true state's information state.
    for a, b in zip(true[1:], edited[1:], strict=False):
        if sr.observation(a, seat) != sr.observation(b, seat):
            seen_difference = True
        differing += seen_difference
        equal = sr.information_state_string(a, seat) == sr.information_state_string(b, seat)
        violations += equal == seen_difference
    return violations, differing


def _edit(state: Any, change: Any) -> Any:
    """A sealed copy of ``state`` with ``change`` made to a draft of it."""
    draft = state.clone()
    change(draft)
    return sr.from_json(sr.to_json(draft))


def test_the_scholars_turned_card_is_remembered() -> None:
    """Solo: two games that differ only in the Scholar's face-down deck (SOLO-SET-9): each
    card of the true deck swapped for one nobody holds (the deck keeps no order, issue 39)."""
    seed = 12
    true = _played(sr.new_game(players=1, seed=seed, scholar="easy"), seed, 80)

    def other_deck(draft: Any) -> None:
        held = {c for pl in draft.players for c in (*pl.objectives, *pl.completed)}
        spare = sorted(set(range(1, 25)) - held)
        draft.players[1].objectives = tuple(spare[: len(draft.players[1].objectives)])

    edited_start = _edit(true[0], other_deck)
    adopt(edited_start, sr.information_state(true[0], 0))
    edited = _replayed(edited_start, true)
    assert edited is not None and len(edited) > 10
    violations, differing = _recall_violations(true, edited, 0)
    assert violations == 0
    assert differing > 0


def test_a_rivals_hidden_hand_edited_leaves_a_seats_information_states_equal() -> None:
    """Sankoré, 3 players: two games that differ only in seat 2's Objective hand (hidden from
    seat 0, SETUP-P-8) give seat 0 equal information states at every step the same actions
    reach (0 violations, no difference seen), while seat 2 sees its hand."""
    seed = 5
    true = _played(sr.new_game(players=3, seed=seed), seed, 120)

    def other_hand(draft: Any) -> None:
        held = {c for pl in draft.players for c in (*pl.objectives, *pl.completed)}
        spare = sorted(set(range(1, 25)) - held)
        draft.players[2].objectives = tuple(spare[: len(draft.players[2].objectives)])

    edited_start = _edit(true[0], other_hand)
    assert sr.observation(edited_start, 0) == sr.observation(true[0], 0)
    assert sr.observation(edited_start, 2) != sr.observation(true[0], 2)
    adopt(edited_start, sr.information_state(true[0], 0))
    edited = _replayed(edited_start, true)
    assert edited is not None and len(edited) > 10
    assert _recall_violations(true, edited, 0) == (0, 0)


def test_a_shared_information_state_is_the_seats_and_the_others_follow_the_history() -> None:
    """``share``: a state reached again by the same actions along another line takes the
    seat's information state as given (no observation worked out again), while every other
    seat's is still built from what it saw along the state's own history; a state the engine
    did not make is left alone."""
    states = _played(sr.new_game(players=2, seed=3), 3, 40)
    again = _replayed(states[0].clone(), states)  # the same actions, from a copy of the start
    assert again is not None and len(again) == len(states)
    mine = sr.information_state(states[-1], 0)
    share(again[-1], mine)
    assert sr.information_state(again[-1], 0) is mine
    theirs = sr.information_state(again[-1], 1)
    assert theirs is not sr.information_state(states[-1], 1)
    assert theirs == sr.information_state(states[-1], 1)  # built again, step by step
    loose = sr.from_json(sr.to_json(states[-1]))
    share(loose, mine)
    assert sr.information_state(loose, 0).length == 1  # its history starts with it


def _played_explicitly(state: Any, rng: random.Random, decisions: int) -> list[Any]:
    """``state`` (of the explicit mode) and the states of ``decisions`` random steps after it:
    chance steps drawn by their probabilities, decisions uniformly."""
    states = [state]
    for _ in range(decisions):
        state = states[-1]
        if sr.is_terminal(state):
            break
        outcomes = sr.chance_outcomes(state)
        if outcomes:
            actions, weights = zip(*outcomes, strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            action = rng.choice(sr.legal_actions(state))
        states.append(sr.apply(state, action))
    return states


def _draws_in_play(states: list[Any], steps: tuple[str, ...]) -> list[int]:
    """Where in ``states`` a chance step of ``steps`` with two outcomes or more is pending."""
    return [
        i
        for i, state in enumerate(states)
        if state.decision is not None
        and state.decision.kind in steps
        and len(sr.chance_outcomes(state)) > 1
    ]


@pytest.mark.parametrize(
    ("options", "steps"),
    [
        ({"players": 2}, ("market_turn",)),
        ({"players": 3}, ("market_turn",)),
        ({"players": 4}, ("market_turn",)),
        ({"players": 3, "game": "five_tribes"}, ("turn_card", "turn_djinn", "draw_meeple")),
    ],
    ids=["sankore-2", "sankore-3", "sankore-4", "five-tribes-3"],
)
def test_an_edited_draw_during_play_is_remembered_by_every_seat(
    options: dict[str, Any], steps: tuple[str, ...]
) -> None:
    """Two histories that share everything up to a draw during play (a market tile turned, a
    card or meeple drawn), where the edited one draws another outcome, then take the same
    actions as long as they are legal: every seat was shown the draw, so its information
    states, equal up to it, differ at every step after it (0 violations; the issue found Five
    Tribes' strings equal again 20 decisions after two deck orders showed different markets)."""
    seed = 21
    rng = random.Random(seed)
    true = _played_explicitly(sr.new_game(seed=seed, chance="explicit", **options), rng, 400)
    # The setup's draws come first, then the first decision of a seat: play begins there.
    play = next(i for i, state in enumerate(true) if not sr.chance_outcomes(state))
    at = next(i for i in _draws_in_play(true, steps) if i > play)
    drawn = trail_of(true[at + 1])
    assert drawn is not None
    other = next(a for a, _ in sr.chance_outcomes(true[at]) if a != drawn.action)
    edited = _replayed(sr.apply(true[at], other), true[at + 1 :])
    assert edited is not None and len(edited) > 10
    for seat in range(len(true[0].players)):
        # The pair at the draw's own step is the first to differ: it is counted from there.
        violations, differing = _recall_violations(true[at:], [true[at], *edited], seat)
        assert (violations, differing) == (0, len(edited)), seat


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 1, "scholar": "hard"}, {"players": 3, "game": "five_tribes"}],
    ids=["sankore-4", "solo", "five-tribes-3"],
)
def test_a_string_is_short_whatever_the_game_length(options: dict[str, Any]) -> None:
    """Every game's strings: the seat, the length and a 20-byte digest, 53 to 60 characters
    whatever the history's length (at most 2 KB, as OpenSpiel's tables and MCCFR want)."""
    states = _played(sr.new_game(seed=2, **options), 2, 300)
    assert len(states) > 50  # (a whole game, or 300 decisions of one)
    seat = len(states[0].players) - 1 if options["players"] > 1 else 0
    for state in (states[10], states[-1]):
        text = sr.information_state_string(state, seat)
        info = sr.information_state(state, seat)
        assert text == f"seat {seat} step {info.length} {info.digest.hex()}"
        assert len(info.digest) == DIGEST_BYTES and 53 <= len(text) <= 60
    assert sr.information_state(states[-1], seat).length == len(states)


def test_an_information_state_holds_the_seats_own_actions_and_every_observation() -> None:
    states = _played(sr.new_game(players=2, seed=9), 9, 6)
    last = states[-1]
    for seat in (0, 1):
        info = sr.information_state(last, seat)
        assert info.length == len(states) == len(info.steps)
        assert [s.observation for s in info.steps] == [sr.observation(s, seat) for s in states]
        own = [
            str(trail.action) if trail.player == seat else None
            for trail in (trail_of(s) for s in states[1:])
            if trail is not None
        ]
        assert [s.action for s in info.steps] == [None, *own]
        assert info.observation == sr.observation(last, seat)


def test_a_state_from_json_or_new_game_starts_its_own_history() -> None:
    states = _played(sr.new_game(players=3, seed=4), 4, 5)
    read = sr.from_json(sr.to_json(states[-1]))
    assert read == states[-1]
    assert sr.information_state(read, 0).length == 1
    assert sr.information_state(states[0], 0).length == 1
    chain = history(states[-1])
    # The first and the last states live in it; those in between are not remembered (their
    # information states were not asked), only the actions that made them.
    assert [s for s, _ in chain] == [states[0], None, None, None, None, states[-1]]
    assert [trail.action for _, trail in chain[1:] if trail is not None] == [
        trail.action for trail in map(trail_of, states[1:]) if trail is not None
    ]
    assert [trail_of(s) is None for s in states] == [True] + [False] * 5
    # Once a state's information state is asked, its line keeps it while it lives.
    sr.information_state(states[2], 1)
    assert history(states[-1])[2][0] is states[2]


def test_information_state_refuses_a_seat_the_game_lacks() -> None:
    state = sr.new_game(players=2, seed=1)
    for player in (-1, 2, True, "0"):
        with pytest.raises(ValueError, match=r"player must be 0\.\.1"):
            sr.information_state(state, player)  # type: ignore[arg-type]


def test_a_long_history_is_walked_without_recursion() -> None:
    states = _played(sr.new_game(players=2, seed=6, game="five_tribes"), 6, 2000)
    assert sr.information_state(states[-1], 0).length == len(states)


def test_each_state_remembers_its_information_state_once_asked() -> None:
    states = _played(sr.new_game(players=2, seed=7), 7, 30)
    first = sr.information_state(states[-1], 1)
    again = sr.information_state(states[-1], 1)
    assert first is again  # the trail's cache
    parent = sr.information_state(states[-2], 1)
    assert first.previous is parent


@pytest.mark.parametrize(
    "game, players, options",
    [("sankore", 3, {}), ("sankore", 1, {"scholar": "hard"}), ("five_tribes", 2, {})],
)
def test_a_sample_carries_the_seats_information_state(
    game: str, players: int, options: dict[str, Any]
) -> None:
    states = _played(sr.new_game(players=players, seed=8, game=game, **options), 8, 25)
    state = states[-1]
    seat = 0
    determinizer = Determinizer.of(state, seat)
    assert isinstance(determinizer.information, InformationState)
    rng = random.Random(0)
    for _ in range(3):
        sample = determinizer.sample(rng)
        assert sr.information_state_string(sample, seat) == sr.information_state_string(state, seat)
        legal = sr.legal_actions(sample)
        if legal:
            child = sr.apply(sample, legal[0])
            info = sr.information_state(child, seat)
            assert info.previous == sr.information_state(state, seat)
            assert info.length == len(states) + 1
    # A determinizer of an observation alone knows no history.
    plain = Determinizer(json.loads(json.dumps(sr.observation(state, seat))))
    assert plain.information is None
    assert sr.information_state(plain.sample(rng), seat).length == 1


def test_the_states_of_a_history_that_are_gone_are_replayed() -> None:
    """A trail keeps the actions, not the states: those collected are replayed when asked."""
    kept = _played(sr.new_game(players=3, seed=12), 12, 160)
    expected = [sr.information_state(kept[-1], seat) for seat in range(3)]
    # The same game again, keeping only its first and last states alive.
    rng = random.Random(12)
    first = state = sr.new_game(players=3, seed=12)
    for _ in range(len(kept) - 1):
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    gc.collect()
    alive = [past for past, _ in history(state)]
    assert alive[0] is first and alive[-1] is state
    # The states in between are gone, but for those the engine remembers listing (64).
    assert sum(past is None for past in alive) > 80
    for seat in range(3):
        again = sr.information_state(state, seat)
        assert again == expected[seat]
        assert [s.observation for s in again.steps] == [s.observation for s in expected[seat].steps]
