"""Five Tribes over random whole games of 2-4 players: they end; meeples, cards, camels, coins,
palm trees, palaces and Djinns are conserved; JSON round-trips; ``apply`` never changes its
input; a game replays from its seed and actions; ``observation`` hides the decks and the seed.
And the two games' states are refused by each other's ruleset (RULES-CHECKLIST 18)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sankore_rules as sr
from sankore_rules.five_tribes.serial import problems
from sankore_rules.five_tribes.state import FiveTribesState
from strategies import choice_seeds, property_settings
from tribes_positions import TRIBES

#: No random game comes near this many decisions (about 150-250 is usual).
MAX_DECISIONS = 3000


def _play(players: int, seed: int, choice_seed: int) -> tuple[FiveTribesState, list[str]]:
    """A random game, checked at every step; its last state and its actions."""
    state = sr.new_game(players=players, seed=seed, game="five_tribes")
    rng = random.Random(choice_seed)
    played: list[str] = []
    while not sr.is_terminal(state):
        assert len(played) < MAX_DECISIONS
        options = sr.legal_actions(state)
        assert options, "a game that is not over always has a legal action"
        before = sr.to_json(state)
        _near_misses_agree(state, options, rng)
        action = rng.choice(options)
        after = sr.apply(state, action)
        assert sr.to_json(state) == before, "apply changed its input"
        assert problems(TRIBES, after) == []
        assert sr.from_json(sr.to_json(after)) == after
        assert sr.explain(state, action) == []
        state = after
        played.append(str(action))
    assert sr.legal_actions(state) == [] and state.current_player is None
    return state, played


#: Words of every kind the decisions use, to build actions that are nearly legal.
_WORDS = (
    "0", "1", "3", "a1", "b2", "e6", "red", "blue", "p1", "gold", "2e", "1f", "sloar", "anun-nak",
    "x",
)  # fmt: skip


def _near_misses_agree(
    state: FiveTribesState, options: list[sr.Action], rng: random.Random
) -> None:
    """One source of truth: a fuzzed action is refused with reasons exactly when it is not
    listed, and refusing it changes nothing."""
    for _ in range(3):
        kinds = [*(a.kind for a in options), "drop", "pick", "bid", "sell", "kill", "use", "keep"]
        kind = rng.choice(kinds)
        words = tuple(rng.choice(_WORDS) for _ in range(rng.randrange(3)))
        action = sr.Action(kind, words)
        reasons = sr.explain(state, action)
        assert (reasons == []) == (action in options), (action, reasons)
        assert all(r.code and r.words for r in reasons)
        if reasons:
            with pytest.raises(sr.IllegalAction):
                sr.apply(state, action)


@property_settings(max_examples=6)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 2**64), choice_seeds())
def test_random_games_end_conserve_round_trip_and_replay(
    players: int, seed: int, choice_seed: int
) -> None:
    """Random games end with every component accounted for; replaying their actions from the
    seed reaches the same final state and scores."""
    final, played = _play(players, seed, choice_seed)
    assert final.end_cause in ("last_camel", "no_move")
    replayed = sr.new_game(players=players, seed=seed, game="five_tribes")
    for action in played:
        replayed = sr.apply(replayed, action)
    assert replayed == final
    assert sr.final_scores(replayed) == sr.final_scores(final)
    scores = sr.final_scores(final)
    assert [p.total for p in scores.players] == [sum(p.breakdown.values()) for p in scores.players]


def test_observation_hides_the_decks_and_the_seed() -> None:
    """What a player sees: deck sizes only, no seed or draw count, the bag counted; FT-PUB-3
    (ruling FT-ENGINE-9): only one's own coins, the others' and the bank's hidden."""
    state = sr.new_game(players=3, seed=12, game="five_tribes")
    seen = sr.observation(state, 1)
    assert seen["deck"] == 45 and seen["djinn_deck"] == 19
    assert [p["coins"] for p in seen["players"]] == [None, 50, None]
    assert seen["bank"] is None
    assert "seed" not in seen and "draws" not in seen
    assert seen["bag"] == [0, 0, 0, 0, 0] and seen["viewer"] == 1
    assert seen["decision"]["kind"] == "bid"
    text = json.dumps(seen)
    assert all(f'"{d}"' not in text for d in state.djinn_deck)
    with pytest.raises(ValueError, match=r"player must be 0\.\.2"):
        sr.observation(state, 3)


def test_each_game_refuses_the_other_games_state() -> None:
    """A Five Tribes state given the Sankoré ruleset, and the other way, is a StateError."""
    tribes = sr.new_game(players=2, seed=1, game="five_tribes")
    sankore = sr.new_game(players=2, seed=1)
    with pytest.raises(sr.StateError, match="a state of five_tribes: a ruleset of another game"):
        sr.from_json(sr.to_json(tribes), sr.load_rules())
    with pytest.raises(sr.StateError, match="a state of sankore: a ruleset of another game"):
        sr.from_json(sr.to_json(sankore), sr.load_rules(game="five_tribes"))
    with pytest.raises(ValueError, match="rules= is a ruleset of sankore, not of five_tribes"):
        sr.new_game(players=2, game="five_tribes", rules=sr.load_rules())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules= is a ruleset of five_tribes, not of sankore"):
        sr.new_game(players=2, rules=sr.load_rules(game="five_tribes"))  # type: ignore[arg-type]


def test_a_tampered_state_is_refused_with_what_is_wrong() -> None:
    """A state whose meeples do not add up, or with an unknown field, is a StateError."""
    state = sr.new_game(players=2, seed=3, game="five_tribes")
    document = json.loads(sr.to_json(state))
    document["state"]["bag"] = [1, 0, 0, 0, 0]
    with pytest.raises(
        sr.StateError, match=r"meeples, bag, players' pool, move.hand: 17 yellow meeples, not 16"
    ):
        sr.from_json(json.dumps(document))
    document = json.loads(sr.to_json(state))
    document["state"]["extra"] = 1
    with pytest.raises(sr.StateError, match="extra"):
        sr.from_json(json.dumps(document))


def test_new_game_refuses_what_five_tribes_does_not_have() -> None:
    """Player counts other than 2-4, Sankoré's options and unknown games are refused."""
    with pytest.raises(ValueError, match="players must be 2, 3 or 4, got 1"):
        sr.new_game(players=1, game="five_tribes")
    with pytest.raises(ValueError, match="Sankoré alone"):
        sr.new_game(players=2, game="five_tribes", scholar="easy")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="game must be one of 'sankore', 'five_tribes'"):
        sr.new_game(players=2, game="chess")  # type: ignore[call-overload]


def _leaves(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))] or [path]
    return [path]


def _mid_game() -> str:
    state = sr.new_game(players=3, seed=8, game="five_tribes")
    rng = random.Random(8)
    for _ in range(40):
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    return sr.to_json(state)


MID_GAME = _mid_game()
_JUNK = st.one_of(
    st.integers(-3, 40), st.booleans(), st.none(), st.text(max_size=3), st.just([]), st.just({})
)


@property_settings(max_examples=80)
@given(st.data())
def test_a_tampered_value_is_refused_or_plays_on_soundly(data: st.DataObject) -> None:
    """The trust boundary: any one value of a state's JSON changed, ``from_json`` either refuses
    it with a StateError or returns a state the engine lists, explains and scores."""
    document = json.loads(MID_GAME)
    path = data.draw(st.sampled_from(_leaves(document["state"])))
    holder = document["state"]
    for key in path[:-1]:
        holder = holder[key]
    if path:
        holder[path[-1]] = data.draw(_JUNK)
    try:
        state = sr.from_json(json.dumps(document))
    except sr.StateError:
        return
    options = sr.legal_actions(state)
    assert all(sr.explain(state, a) == [] for a in options)
    sr.final_scores(state)
    if options:
        sr.apply(state, options[0])
