"""Search under hidden information (issue 14): determinized states and the ISMCTS bot.

A sampled state must agree with everything its player sees, be a valid state that plays on
to the end, redraw the hidden parts afresh on each draw, and the MCTS bot must decide from the
observation alone.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import sankore_rules as sr
from sankore_rules.interfaces.bots import RandomBot
from sankore_rules.interfaces.search import Determinizer, MctsBot, rate, sample_state
from sankore_rules.sankore.state import State


def positions(players: int, seed: int, every: int = 9, turn_limit: int = 10) -> list[State]:
    """Every ``every``-th state of a random game, the first and the last included."""
    scholar = "hard" if players == 1 else None
    state = sr.new_game(players=players, seed=seed, scholar=scholar, turn_limit=turn_limit)
    bot = RandomBot(seed)
    states = [state]
    n = 0
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))
        n += 1
        if n % every == 0 or sr.is_terminal(state):
            states.append(state)
    return states


def mid_game(players: int, seed: int = 2, decisions: int = 40) -> State:
    """The state after ``decisions`` random decisions."""
    scholar = "medium" if players == 1 else None
    state = sr.new_game(players=players, seed=seed, scholar=scholar)
    bot = RandomBot(seed)
    for _ in range(decisions):
        state = sr.apply(state, bot.choose(state))
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sampled_states_agree_with_every_observation_and_are_valid(players: int) -> None:
    """Issue 14: observation(sampled, p) == observation(state, p), for every viewer, along
    random games; the sample passes from_json's checks (integrity, references, agenda)."""
    rng = random.Random(players)
    checked = 0
    for seed in (0, 1):
        for state in positions(players, seed):
            for viewer in range(state.player_count):
                sampled = sample_state(state, viewer, rng)
                assert sr.observation(state, viewer) == sr.observation(sampled, viewer)
                assert sampled == sr.from_json(sr.to_json(sampled))
                checked += 1
    assert checked >= 2 * 3 * 2


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_sampled_state_plays_to_the_end(players: int) -> None:
    """Issue 14: a sample is a game like any other: random play takes it to its end."""
    sampled = sample_state(mid_game(players), 0, random.Random(5))
    bot = RandomBot(5)
    steps = 0
    while not sr.is_terminal(sampled) and steps < 5000:
        sampled = sr.apply(sampled, bot.choose(sampled))
        steps += 1
    assert sr.is_terminal(sampled)
    assert len(sr.final_scores(sampled).players) == sampled.player_count


def test_samples_redraw_other_hands_uniformly_and_keep_the_viewers() -> None:
    """Issue 14: over 400 draws (fixed seed) P1's hand takes many values, each unseen card
    lands in it about 4/20 of the time, and P0's own hand never changes."""
    state = mid_game(3, decisions=10)
    determinizer = Determinizer.of(state, 0)
    rng = random.Random(14)
    hands: Counter[int] = Counter()
    distinct = set()
    for _ in range(400):
        sampled = determinizer.sample(rng)
        assert state.players[0].objectives == sampled.players[0].objectives
        hand = sampled.players[1].objectives
        distinct.add(tuple(sorted(hand)))
        hands.update(hand)
    seen = set(state.players[0].objectives)
    unseen = set(range(1, 25)) - seen
    assert unseen == set(hands)
    expected = 400 * 4 / len(unseen)  # 80 each
    assert all(0.6 * expected < n < 1.4 * expected for n in hands.values()), hands
    assert len(distinct) > 300


def test_samples_redraw_the_market_piles_below_their_tops_and_the_seed() -> None:
    """Issue 14: a pile's top tile stays, and below it the pile holds the unseen tiles in no
    order (its next top is drawn when it is turned, issue 39); every sample has a new seed."""
    state = mid_game(2, decisions=10)
    rng = random.Random(3)
    samples = [sample_state(state, 0, rng) for _ in range(50)]
    for column in range(4):
        true = state.market[column].pile1
        assert list(true[1:]) == sorted(true[1:])
        # Every level-1 tile not in sight is in the pile: each sample holds the same ones.
        assert {true} == {s.market[column].pile1 for s in samples}
    assert 50 == len({s.seed for s in samples})


def test_solo_samples_redraw_the_scholars_deck_and_keep_its_counted_bag() -> None:
    """Issue 14, issue 39: in a solo game the Scholar's face-down deck is redrawn (sorted: it
    keeps no order); its bag, whose counts are public and which keeps no order either, is the
    true one in every sample (SCHOLAR-9)."""
    state = mid_game(1, decisions=20)
    assert state.solo is not None
    assert (1, 4) == (len(state.players[1].objectives), len(state.solo.bag))
    rng = random.Random(9)
    samples = [sample_state(state, 0, rng) for _ in range(200)]
    decks = {s.players[1].objectives for s in samples}
    # Its one card left is any you have not seen: not yours, not in a slot, not the draft's.
    (draft,) = [e for e in sr.information_state(state, 0).events() if e["kind"] == "scholar"][:1]
    seen = {*state.players[0].objectives, *state.solo.slots, draft["detail"]["card"]}
    unseen = set(range(1, 25)) - seen
    assert 16 == len(unseen)
    assert {(c,) for c in unseen} == decks
    assert {state.solo.bag} == {s.solo.bag for s in samples if s.solo is not None}


def test_the_scholars_draft_card_never_comes_back_into_its_deck() -> None:
    """Issue 39, SOLO-SET-12: the card turned for the Scholar's draft goes back to the box;
    samples from your information state never put it into the Scholar's deck, which is drawn
    from the cards you never saw, every one of them in turn."""
    state = sr.new_game(players=1, seed=4, scholar="easy")
    while state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    state = sr.apply(state, "end")  # a turn later the draft's event is no longer the last
    draft_cards = [
        e["detail"]["card"]
        for e in sr.information_state(state, 0).events()
        if e["kind"] == "scholar" and e["detail"]["action"] == "draft"
    ]
    assert 1 == len(draft_cards)
    determinizer = Determinizer.of(state, 0)
    rng = random.Random(1)
    cards = Counter(c for _ in range(200) for c in determinizer.sample(rng).players[1].objectives)
    unseen = set(range(1, 25)) - set(state.players[0].objectives) - set(state.solo.slots)
    assert 18 == len(unseen - set(draft_cards))  # 24 less your 4, a slot's and the draft's
    assert unseen - set(draft_cards) == set(cards)


def test_a_determinizer_refuses_what_is_not_an_observation() -> None:
    with pytest.raises(ValueError, match="not an observation"):
        Determinizer({"viewer": 0})


# ---- the ISMCTS bot ------------------------------------------------------------------------


def test_the_mcts_bot_decides_from_the_observation_only() -> None:
    """Issue 14: two states that differ only in what the player cannot see get the same
    choice from bots of the same seed, whatever the true hands and piles are."""
    state = mid_game(2, decisions=30)
    while len(sr.legal_actions(state)) < 3:
        state = sr.apply(state, sr.legal_actions(state)[0])
    player = state.current_player
    assert player is not None
    other = sample_state(state, player, random.Random(77))
    assert other != state
    assert other.players[1 - player].objectives != state.players[1 - player].objectives
    assert sr.observation(other, player) == sr.observation(state, player)
    first = MctsBot(seed=6, iterations=40).choose(state)
    second = MctsBot(seed=6, iterations=40).choose(other)
    assert first == second
    view = sr.observation(state, player)
    assert first == MctsBot(seed=6, iterations=40).choose_from_observation(view)


def test_the_mcts_bot_is_reproducible_and_legal() -> None:
    state = mid_game(3, decisions=20)
    bots = [MctsBot(seed=2, iterations=25), MctsBot(seed=2, iterations=25)]
    for _ in range(6):
        a, b = bots[0].choose(state), bots[1].choose(state)
        assert a == b
        assert a in sr.legal_actions(state)
        state = sr.apply(state, a)


def test_the_mcts_bot_answers_a_forced_decision_without_searching() -> None:
    state = sr.new_game(players=2, seed=1)
    bot = MctsBot(seed=1, iterations=10)
    while len(sr.legal_actions(state)) != 1:
        state = sr.apply(state, bot.choose(state))
    assert sr.legal_actions(state) == [bot.choose(state)]
    assert 0 == bot.last_iterations


def test_the_mcts_bot_plays_a_solo_game_to_the_end() -> None:
    state = sr.new_game(players=1, seed=3, scholar="easy", turn_limit=4)
    bot = MctsBot(seed=3, iterations=8)
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))
    assert sr.final_scores(state).scholar == 1


def test_the_mcts_bot_stops_at_its_time_limit() -> None:
    state = mid_game(2, decisions=30)
    while len(sr.legal_actions(state)) < 3:
        state = sr.apply(state, sr.legal_actions(state)[0])
    bot = MctsBot(seed=1, iterations=None, time_limit=0.05)
    assert bot.choose(state) in sr.legal_actions(state)
    assert bot.last_iterations >= 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": None}, "needs a budget"),
        ({"iterations": 0}, "at least 1"),
        ({"time_limit": 0.0}, "positive"),
        ({"determinizations": 0}, "determinizations must be at least 1"),
    ],
)
def test_the_mcts_bot_refuses_a_budget_that_is_none(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        MctsBot(**options)  # type: ignore[arg-type]


def test_rate_scores_a_finished_game_by_its_returns_and_an_even_start_as_even() -> None:
    """A finished game rates each seat (1 + r) / 2 of its win/loss return r: 1 and 0 for a
    sole winner of two; an even start rates every seat 0.5."""
    assert {0: 0.5, 1: 0.5, 2: 0.5} == rate(sr.new_game(players=3, seed=1))
    state = sr.new_game(players=2, seed=1, turn_limit=1)
    bot = RandomBot(1)
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))
    winners = sr.final_scores(state).winners
    expected = {p: 1 / len(winners) if p in winners else 0.0 for p in range(2)}
    assert expected == rate(state)
