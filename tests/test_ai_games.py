"""The game-AI interfaces serve every game (issue 26): Sankoré, its solo game, and Five Tribes.

Random games are played through the doors, which name no game: every legal action has an
index that reads back to it, the mask is true exactly at the legal actions, and the tensor has
the layout's size with every value in [0, 1]. The leak test builds a second state by changing
only a hidden part of the first's JSON (a deck's order, the Scholar's bag and draft card, the
seed) and reading it back with ``sr.from_json``: the seat gets the same tensor and strings;
a change the seat can see changes its tensor.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import sankore_rules as sr
from sankore_rules.core.information import adopt
from sankore_rules.interfaces.ai.action_space import (
    action_to_index,
    index_to_action,
    layout_digest,
    legal_indices,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.tensors import (
    information_state_string,
    observation_string,
    observation_tensor,
    segment_views,
    tensor_layout,
)
from strategies import PLAYER_COUNTS, SOLO_DIFFICULTIES

RULES = sr.load_rules()
TRIBES = sr.load_rules(game="five_tribes")
#: The bundled rulesets' sizes: a change of numbering or layout is made on purpose.
SANKORE_ACTIONS = 685
SANKORE_TENSOR = 7081
TRIBES_ACTIONS = 1188
TRIBES_TENSOR = 1109  # the setup deal's three chance steps among the decision kinds

Edit = Callable[[dict[str, Any]], None]


def check_step(state: Any, viewers: tuple[int, ...]) -> None:
    """Every legal action round-trips, the mask is exactly the legal actions, tensors fit."""
    rules = sr.rules_of(state)
    legal = sr.legal_actions(state)
    for action in legal:
        assert action == index_to_action(rules, action_to_index(rules, action))
    mask = legal_mask(state)
    assert np.dtype(np.bool_) == mask.dtype
    assert (num_distinct_actions(rules),) == mask.shape
    expected = sorted(action_to_index(rules, a) for a in legal)
    assert expected == [int(i) for i in np.flatnonzero(mask)] == legal_indices(state)
    size = tensor_layout(rules).size
    for viewer in viewers:
        tensor = observation_tensor(state, viewer)
        assert np.dtype(np.float32) == tensor.dtype
        assert (size,) == tensor.shape
        assert 0.0 <= float(tensor.min()) and float(tensor.max()) <= 1.0


def play_out(state: Any, seed: int, every: int = 1) -> tuple[list[Any], int]:
    """Random play to the end, checking every ``every``-th step; the states passed, decisions."""
    rng = random.Random(seed)
    viewers = sr.game_of(state).agents(state)
    states: list[Any] = []
    steps = 0
    while not sr.is_terminal(state):
        if steps % every == 0:
            check_step(state, viewers)
            states.append(state)
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
        steps += 1
    check_step(state, viewers)
    assert not legal_mask(state).any()
    return [*states, state], steps


def edited(state: Any, edit: Edit) -> Any:
    """``state`` with ``edit`` applied to its JSON's state, read back with every check."""
    document = json.loads(sr.to_json(state))
    edit(document["state"])
    return sr.from_json(json.dumps(document))


def assert_same_for(state: Any, variant: Any, viewer: int) -> None:
    """``viewer`` cannot tell ``variant`` from ``state``: same observation, tensor and strings."""
    assert sr.to_json(variant) != sr.to_json(state)
    seen, other = sr.observation(state, viewer), sr.observation(variant, viewer)
    seen.pop("events", None)  # the last action's, which a state read from JSON has not
    other.pop("events", None)
    assert seen == other
    assert np.array_equal(observation_tensor(state, viewer), observation_tensor(variant, viewer))
    assert observation_string(state, viewer) == observation_string(variant, viewer)
    adopt(variant, sr.information_state(state, viewer))  # what a sampler's state gets
    assert information_state_string(state, viewer) == information_state_string(variant, viewer)


def assert_differs_for(state: Any, variant: Any, viewer: int) -> None:
    assert not np.array_equal(
        observation_tensor(state, viewer), observation_tensor(variant, viewer)
    )
    assert observation_string(state, viewer) != observation_string(variant, viewer)


# ---- the solo game ------------------------------------------------------------------------------


def solo_hidden(data: dict[str, Any]) -> None:
    """SOLO-SET-9, SCHOLAR-9: a card of the Scholar's deck swapped with a card nobody holds
    (the deck and the bag keep no order, issue 39: their content is what hides); and another
    seed."""
    deck = data["players"][1]["objectives"]
    if deck:
        held = {c for pl in data["players"] for c in (*pl["objectives"], *pl["completed"])}
        deck[0] = min(set(range(1, 25)) - held - set(data["solo"]["slots"]))
        deck.sort()
    data["seed"] += 1


def assert_solo_hides(state: Any) -> None:
    """The solo leak test: the Scholar's hidden parts change nothing you see (seat 0)."""
    assert_same_for(state, edited(state, solo_hidden), 0)


@pytest.mark.parametrize("difficulty", SOLO_DIFFICULTIES)
def test_solo_games_through_the_doors(difficulty: str) -> None:
    """SOLO-SET-1: every difficulty, every decision (yours alone), to the end."""
    for seed in range(3):
        state = sr.new_game(players=1, seed=seed, scholar=difficulty)
        assert (0,) == sr.game_of(state).agents(state)
        states, steps = play_out(state, seed)
        assert steps > 20
        for moment in states[::10]:
            assert_solo_hides(moment)


def test_solo_tensor_shows_the_scholars_board() -> None:
    """The solo segments: present, difficulty, the bag counted (SOLO-SET-8), the deck counted."""
    state = sr.new_game(players=1, seed=4, scholar="medium")
    rng = random.Random(4)
    while not state.solo.bag:
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    layout = tensor_layout(RULES)
    views = segment_views(layout, observation_tensor(state, 0))
    assert [1.0] == views["solo.present"].tolist()
    assert [0.0, 1.0, 0.0, 0.0] == views["solo.difficulty"].tolist()
    per = RULES.counts.students_per_discipline
    counts = [state.solo.bag.count(d) / per for d in RULES.disciplines]
    assert counts == pytest.approx(views["solo.bag"].tolist())
    assert [1.0] == views["solo.deck"].tolist()  # 4 cards of 4 (SOLO-SET-9)
    cards = len(RULES.objective_cards)
    hand = views["player.hand"].reshape(-1, cards)
    assert len(state.players[0].objectives) == hand[0].sum()  # your own cards (OBJ-1)
    assert 0 == hand[1].sum()  # the Scholar's deck: nobody sees it (SOLO-SET-9)

    def other_bag(data: dict[str, Any]) -> None:
        """A Student of the bag swapped with one of another discipline in a queue."""
        bag = data["solo"]["bag"]
        queue = next(q for q in data["queues"] if any(d not in (None, bag[0]) for d in q))
        k = next(i for i, d in enumerate(queue) if d not in (None, bag[0]))
        bag[0], queue[k] = queue[k], bag[0]
        bag.sort()  # the bag keeps no order (issue 39)

    assert_differs_for(state, edited(state, other_bag), 0)


def test_the_scholars_last_turn_ending_the_game_is_shown() -> None:
    """SOLO-FLOW-2: the Scholar's 16th turn triggers the end, a cause only the solo game has."""
    state = sr.new_game(players=1, seed=5, scholar="easy")
    states, _ = play_out(state, 5)
    final = states[-1]
    assert "scholar" == final.end_cause
    views = segment_views(tensor_layout(RULES), observation_tensor(final, 0))
    assert [1.0] == views["solo.end_scholar"].tolist()
    assert 0 == views["end.cause"].sum()
    assert [1.0, 1.0] == [*views["end.triggered"], *views["end.over"]]


def test_a_seat_outside_the_solo_game_is_refused() -> None:
    state = sr.new_game(players=1, seed=1, scholar="easy")
    for player in (-1, 2, True, 0.0):
        with pytest.raises(ValueError, match=r"player must be 0\.\.1"):
            observation_tensor(state, player)  # type: ignore[arg-type]


# ---- Sankoré with a turn limit ----------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sankore_games_with_a_turn_limit(players: int) -> None:
    for seed in range(2):
        state = sr.new_game(players=players, seed=seed, turn_limit=2)
        states, _ = play_out(state, seed, every=3)
        assert "turn_limit" == states[-1].end_cause


# ---- Five Tribes --------------------------------------------------------------------------------


def tribes_hidden(data: dict[str, Any]) -> None:
    """The resource and Djinn decks reordered, another seed and count of draws."""
    data["deck"].reverse()
    data["djinn_deck"].reverse()
    data["seed"] += 1
    data["draws"] += 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_five_tribes_games_to_the_end(players: int) -> None:
    """Every action the engine lists has an index, at every decision of whole games."""
    for seed in range(3):
        state = sr.new_game(players=players, seed=10 * players + seed, game="five_tribes")
        states, steps = play_out(state, seed, every=2)
        assert steps > 50
        for moment in states[::25]:
            for viewer in range(players):
                assert_same_for(moment, edited(moment, tribes_hidden), viewer)


def test_five_tribes_tensor_changes_with_what_a_seat_sees() -> None:
    state = sr.new_game(players=3, seed=2, game="five_tribes")

    def richer(data: dict[str, Any]) -> None:
        data["players"][2]["coins"] += 5
        data["bank"] -= 5

    def market(data: dict[str, Any]) -> None:
        data["market"][0], data["deck"][0] = data["deck"][0], data["market"][0]

    # FT-PUB-3: coins are kept face down, so only their holder sees them change.
    assert_differs_for(state, edited(state, richer), 2)
    for viewer in range(2):
        assert_same_for(state, edited(state, richer), viewer)
    swapped = edited(state, market)
    if swapped.market[0] != state.market[0]:
        assert_differs_for(state, swapped, 0)
    views = segment_views(tensor_layout(TRIBES), observation_tensor(state, 1))
    scale = 4 * TRIBES.tables.tracks.start_coins
    assert [state.players[1].coins / scale] == pytest.approx(views["player.coins"].tolist())


def test_five_tribes_seats_and_indices_are_refused_outside_the_game() -> None:
    state = sr.new_game(players=2, seed=1, game="five_tribes")
    with pytest.raises(ValueError, match=r"player must be 0\.\.1"):
        observation_tensor(state, 2)
    with pytest.raises(ValueError, match=r"action index must be 0\.\.1187"):
        index_to_action(TRIBES, TRIBES_ACTIONS)
    with pytest.raises(ValueError, match="not an action of ruleset"):
        action_to_index(TRIBES, "kill p4 yellow")
    with pytest.raises(ValueError, match="not an action of ruleset"):
        action_to_index(TRIBES, "teach c1a")


def test_five_tribes_strings_are_its_observation() -> None:
    state = sr.new_game(players=2, seed=5, game="five_tribes")
    expected = sr.observation(state, 1)
    expected.pop("events")
    assert expected == json.loads(observation_string(state, 1))


# ---- sizes --------------------------------------------------------------------------------------


def test_the_bundled_sizes() -> None:
    """The numbering and layouts agents are trained on; Sankoré's indices did not move."""
    assert SANKORE_ACTIONS == num_distinct_actions(RULES)
    assert "423502307332ac5b" == layout_digest(RULES)
    assert TRIBES_ACTIONS == num_distinct_actions(TRIBES)
    for rules, size in ((RULES, SANKORE_TENSOR), (TRIBES, TRIBES_TENSOR)):
        layout = tensor_layout(rules)
        assert size == layout.size == sum(length for _, length in layout.segments)
    assert sr.Action("bid", ("0",)) == index_to_action(TRIBES, 0)
    # Issue 43 added "tribe" last, so that every action before it kept its index.
    assert sr.Action("end") == index_to_action(TRIBES, TRIBES_ACTIONS - 2)
    assert sr.Action("tribe") == index_to_action(TRIBES, TRIBES_ACTIONS - 1)


def test_importing_the_ai_doors_without_numpy_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "try:\n"
        "    import sankore_rules.interfaces.ai\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'sankore-rules[ai]'" in done.stdout
