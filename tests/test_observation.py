"""What a player may see (DESIGN "Public API": ``observation``; OBJ-1, SETUP-C-15).

The serialized observation of each player must not contain the other players' Objective card
numbers (only how many they hold), the order of the Advanced Class market's piles below their
top tiles (only how many), or the seed (which predicts every draw); it must contain the viewer's
own hand and everything public, unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sankore_rules as sr
from sankore_rules.sankore.state import State
from strategies import Setup, choice_seeds, play, property_settings, setups

#: No hand dealt from this seed, for 2, 3 or 4 players, holds card 4 (the hand size, which
#: the observation shows instead), and the seed's digits appear nowhere else in a state.
SEED = 777000111
HIDDEN_KEYS = {"seed"}


def serialized(state: State, player: int) -> str:
    return json.dumps(sr.observation(state, player))


def hidden_pile_tiles(state: State) -> list[str]:
    """The market tiles below the top of their pile, whose order a player may not see."""
    return [
        tile
        for column in state.market
        for pile in (column.pile1, column.pile2)
        for tile in pile[1:]
    ]


def json_values(data: Any) -> Iterator[Any]:
    """Every key and value in a JSON-ready structure."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from json_values(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from json_values(value)
    else:
        yield data


def seeded_game(players: int) -> list[State]:
    """The start, the first turn and a late state of a seeded game."""
    record = play(Setup(players, SEED, "three_shelf"), choice_seed=SEED, max_decisions=150)
    state = record.setup.new_game()
    states = [state]
    for text in record.actions:
        state = sr.apply(state, text)
        if state.decision is not None and state.decision.kind == "turn" and len(states) == 1:
            states.append(state)
    states.append(state)
    return states


GAMES = {players: seeded_game(players) for players in (2, 3, 4)}


def check_hidden(state: State, viewer: int, seed: int) -> None:
    """The checks every observation passes, at any point of any game."""
    observation = sr.observation(state, viewer)
    text = json.dumps(observation)
    full = sr.to_json(state)
    for other, pl in enumerate(state.players):
        hand_field = observation["players"][other]["objectives"]
        if other == viewer and not state.is_scholar(viewer):
            assert list(pl.objectives) == hand_field
            continue
        assert len(pl.objectives) == hand_field
        for card in pl.objectives:
            if card != len(pl.objectives):
                assert str(card) not in json.dumps(hand_field)
        if len(pl.objectives) > 1:
            assert json.dumps(pl.objectives) in full
            assert json.dumps(pl.objectives) not in text
    for tile in hidden_pile_tiles(state):
        assert f'"{tile}"' in full
        assert f'"{tile}"' not in text
    assert HIDDEN_KEYS.isdisjoint(observation)
    assert "game" in observation
    assert seed not in list(json_values(observation))
    assert not any(isinstance(v, str) and str(seed) in v for v in json_values(observation))


# ---- the hidden parts -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_hides_the_other_players_objective_cards(players: int) -> None:
    """OBJ-1 (a hidden hand): the others' hand field holds how many cards, not which."""
    for state in GAMES[players]:
        for viewer in range(players):
            observation = sr.observation(state, viewer)
            text = json.dumps(observation)
            for other, pl in enumerate(state.players):
                if other == viewer:
                    continue
                hand_field = json.dumps(observation["players"][other]["objectives"])
                assert str(len(pl.objectives)) == hand_field
                assert len(pl.objectives) not in pl.objectives  # so the check below bites
                assert () == tuple(c for c in pl.objectives if str(c) in hand_field)
                assert json.dumps(pl.objectives) in sr.to_json(state)
                assert json.dumps(pl.objectives) not in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_shows_the_viewers_own_hand(players: int) -> None:
    """OBJ-1: the viewer sees the numbers of their own Objective cards."""
    for state in GAMES[players]:
        for viewer in range(players):
            observation = sr.observation(state, viewer)
            hand = state.players[viewer].objectives
            assert hand
            assert list(hand) == observation["players"][viewer]["objectives"]
            assert json.dumps(hand) in json.dumps(observation)
            assert viewer == observation["viewer"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_hides_the_market_piles_below_their_tops(players: int) -> None:
    """SETUP-C-15, EST-2: only a pile's top tile and its size are visible."""
    for state in GAMES[players]:
        hidden = hidden_pile_tiles(state)
        assert hidden
        if state is GAMES[players][0]:
            assert 4 * (3 + 2) == len(hidden)  # piles of 4 and 3 tiles at setup
        full = sr.to_json(state)
        for viewer in range(players):
            observation = sr.observation(state, viewer)
            text = json.dumps(observation)
            assert [] == [t for t in hidden if f'"{t}"' not in full]
            assert [] == [t for t in hidden if f'"{t}"' in text]
            shown = [
                {
                    "pile1_top": column.pile1[0] if column.pile1 else None,
                    "pile1_count": len(column.pile1),
                    "pile2_top": column.pile2[0] if column.pile2 else None,
                    "pile2_count": len(column.pile2),
                    "shown1": column.shown1,
                    "shown2": column.shown2,
                    "level3": column.level3,
                }
                for column in state.market
            ]
            assert shown == observation["market"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_hides_the_seed(players: int) -> None:
    """DESIGN "One decision at a time": the seed predicts every draw, so no player sees it."""
    for state in GAMES[players]:
        assert str(SEED) in sr.to_json(state)
        for viewer in range(players):
            assert str(SEED) not in serialized(state, viewer)
            assert "seed" not in sr.observation(state, viewer)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_shows_everything_public_unchanged(players: int) -> None:
    """DESIGN API: apart from hands, piles and seed, a player sees the whole state as
    ``to_json`` writes it (the last apply's events aside), and the pending decision."""
    for state in GAMES[players]:
        for viewer in range(players):
            full = json.loads(sr.to_json(state))["state"]
            observation = json.loads(serialized(state, viewer))
            for key, value in full.items():
                if key in ("seed", "market", "events"):
                    continue
                if key == "players":
                    for pl_full, pl_seen in zip(value, observation["players"], strict=True):
                        pl_full.pop("objectives")
                        pl_seen.pop("objectives")
                        assert pl_full == pl_seen
                    continue
                assert value == observation[key], key
            decision = state.decision
            if decision is None:
                assert observation["decision"] is None
            else:
                assert decision.kind == observation["decision"]["kind"]
                assert decision.player == observation["decision"]["player"]
                assert observation["decision"]["prompt"]


@property_settings(max_examples=15)
@given(
    seed_setup=setups(seeds=st.integers(10**9, 2**31 - 1)),
    choice_seed=choice_seeds(),
    cut=st.integers(0, 400),
)
def test_prop_observation_hides_at_random_points(
    seed_setup: Setup, choice_seed: int, cut: int
) -> None:
    """OBJ-1, SETUP-C-15, EST-2: no observation, anywhere in a game, shows a hidden part."""
    state = play(seed_setup, choice_seed, max_decisions=cut).final
    assert state is not None
    for viewer in range(state.player_count):
        check_hidden(state, viewer, seed_setup.seed)


# ---- who may look -----------------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [-1, 3, 10, True, "0", None, 1.0])
def test_observation_of_no_such_player_refused(viewer: Any) -> None:
    """DESIGN API: an observation is for a player of the game (0..players-1)."""
    state = GAMES[3][0]
    with pytest.raises(ValueError, match="player"):
        sr.observation(state, viewer)


def test_the_scholar_seat_sees_its_own_deck_only_counted() -> None:
    """SOLO-SET: nobody knows the order of the Scholar's face-down deck, its own seat neither."""
    state = sr.new_game(players=1, seed=11, scholar="hard")
    deck = state.players[1].objectives
    assert len(deck) > 1
    assert len(deck) == sr.observation(state, 1)["players"][1]["objectives"]
    assert list(state.players[0].objectives) == sr.observation(state, 0)["players"][0]["objectives"]
