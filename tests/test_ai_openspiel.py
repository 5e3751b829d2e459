"""The OpenSpiel games of every game: pyspiel's own checks, its bots, and information sets.

``pyspiel.random_sim_test`` is OpenSpiel's conformance check for a game: it plays random
games, cloning and serializing along the way and checking legal actions, masks, returns and
the game length against what the game declares. ``generate_playthrough`` prints every view a
game offers; ``MCTSBot`` and ``ISMCTSBot`` (with the game's own resampling) play whole games.
They run for the three registered games: ``python_sankore`` (2-4 players),
``python_sankore_solo`` (one player against the Scholar) and ``python_five_tribes``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.generate_playthrough import playthrough
from open_spiel.python.observation import make_observation

import sankore_rules as sr
from sankore_rules.core.game import NotSupported
from sankore_rules.interfaces.ai import openspiel_game
from sankore_rules.interfaces.ai.action_space import legal_mask, num_distinct_actions
from sankore_rules.interfaces.ai.openspiel_game import SEED_BYTES, ProtocolState
from sankore_rules.interfaces.ai.returns import outcome, returns_of
from sankore_rules.interfaces.ai.tensors import (
    information_state_string,
    observation_string,
    observation_tensor,
)
from sankore_rules.interfaces.search import Determinizer
from toy_game import registered

#: Each registered game with parameters that keep a whole game short.
SHORT: dict[str, dict[str, Any]] = {
    "python_sankore": {"players": 2, "turn_limit": 1},
    "python_sankore_solo": {"scholar": "hard", "turn_limit": 1},
    "python_five_tribes": {"players": 2, "max_game_length": 16},
}
SEED_OF_BYTES = bytes(range(7, 7 + SEED_BYTES))


def dealt(name: str, params: dict[str, Any], decisions: int = 0) -> ProtocolState:
    """A state of ``name`` after the seed ``SEED_OF_BYTES`` (for a game that draws one), the
    deal, and a few first options."""
    state = pyspiel.load_game(name, params).new_initial_state()
    for byte in SEED_OF_BYTES[: state.seed_byte_count]:  # none if chance deals the setup
        state.apply_action(byte)
    while state.is_chance_node():  # the deal (issue 39), each its first outcome
        state.apply_action(state.chance_outcomes()[0][0])
    for _ in range(decisions):
        state.apply_action(state.legal_actions()[0])
    assert isinstance(state, ProtocolState)
    return state


def test_the_three_games_are_registered() -> None:
    # A game registered later in the same process (the tests' toy game, the example game of
    # examples/) joins them.
    later = ("python_hidden_nim", "python_high_card")
    builtin = {name for name in openspiel_game.SPECS if not name.startswith(later)}
    assert ["python_five_tribes", "python_sankore", "python_sankore_solo"] == sorted(builtin)
    registered = set(pyspiel.registered_names())
    assert set(openspiel_game.SPECS) <= registered


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_sankore", {"players": 2, "turn_limit": 3}),
        ("python_sankore", {"players": 3, "turn_limit": 2, "library": "six_shelf"}),
        ("python_sankore", {"players": 4, "turn_limit": 2}),
        ("python_sankore_solo", {"scholar": "very_hard", "turn_limit": 3}),
        ("python_sankore_solo", {"scholar": "easy"}),
        ("python_five_tribes", {"players": 2}),
        ("python_five_tribes", {"players": 4, "max_game_length": 60}),
    ],
)
def test_passes_pyspiels_random_simulation_test(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_whole_game_passes_the_random_simulation_test() -> None:
    """The game as the rulebook has it, no turn limit, within the declared length."""
    game = pyspiel.load_game("python_sankore", {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", SHORT)
def test_generate_playthrough_runs(name: str) -> None:
    """OpenSpiel's playthrough: every view, the public and private ones included."""
    params = ",".join(f"{k}={v}" for k, v in SHORT[name].items())
    text = playthrough(f"{name}({params})", None, seed=3)
    lines = text.splitlines()
    assert "GameType.provides_information_state_tensor = False" in lines
    assert "MaxChanceOutcomes() = 256" in lines
    if pyspiel.load_game(name).seed_byte_count:
        assert 'PublicObservationString() = "(drawing the seed: 0 of 16 bytes)"' in lines
        assert 'PrivateObservationString(0) = ""' in lines
    else:  # the setup's first chance node, its outcomes the deal's (Game.chance_setup)
        assert 'PublicObservationString() = "(drawing the seed: 0 of 16 bytes)"' not in lines
    assert any(line.startswith('PrivateObservationString(0) = "{"private":{') for line in lines)
    assert any(line.startswith("ObservationTensor(0).") for line in lines)
    assert not any(line.startswith("InformationStateTensor") for line in lines)
    assert lines[-1].startswith("Returns() = ")


def play(game: pyspiel.Game, bots: list[Any], rng: np.random.RandomState) -> ProtocolState:
    """A finished game: chance by ``rng``, each player by its bot."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [k for k, _ in state.chance_outcomes()]
            state.apply_action(outcomes[int(rng.randint(len(outcomes)))])
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert isinstance(state, ProtocolState)
    return state


@pytest.mark.parametrize("name", SHORT)
def test_mcts_plays_a_game_to_the_end(name: str) -> None:
    """OpenSpiel's MCTS bot with random rollouts, for every player, to a terminal state."""
    game = pyspiel.load_game(name, SHORT[name])
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=5, evaluator=evaluator, random_state=rng)
    state = play(game, [bot] * game.num_players(), rng)
    assert state.decisions > 5
    assert outcome(state.position) == state.returns()


@pytest.mark.parametrize("name", SHORT)
def test_ismcts_plays_a_game_to_the_end_with_the_games_resampling(name: str) -> None:
    """OpenSpiel's ISMCTSBot as shipped: it resamples through resample_from_infostate."""
    game = pyspiel.load_game(name, SHORT[name])
    rng = np.random.RandomState(6)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=5, random_state=rng)
    state = play(game, [bot] * game.num_players(), rng)
    assert state.decisions > 5
    assert outcome(state.position) == state.returns()
    assert [] == [p for p in state.returns() if p not in (-1.0, 1.0, 0.0, -0.5, 0.5)]


def test_five_tribes_is_played_to_its_end_by_openspiels_bots() -> None:
    """Issue 39: OpenSpiel's MCTS bot and its ISMCTSBot (resampling through
    resample_from_infostate, one world sampled per decision) play a whole 2-player game of
    Five Tribes, with no cut-off (``SHORT`` cuts it at 16 decisions for the other tests), to
    the end the rules give, its returns those of the final scores."""
    game = pyspiel.load_game("python_five_tribes", {"players": 2})
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng),
        ismcts.ISMCTSBot(
            game, evaluator, 2.0, max_simulations=2, max_world_samples=1, random_state=rng
        ),
    ]
    state = play(game, bots, rng)
    assert state.position.game_over and state.decisions < game.max_game_length()
    assert state.decisions > 100  # a whole game: 2 players take about 180 decisions
    assert outcome(state.position) == state.returns()
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_returns_are_zero_sum_and_the_solo_games_one_value() -> None:
    for name in ("python_sankore", "python_five_tribes"):
        state = play(
            pyspiel.load_game(name, SHORT[name]),
            [pyspiel.make_uniform_random_bot(p, 3) for p in range(2)],
            np.random.RandomState(3),
        )
        assert 0.0 == pytest.approx(sum(state.returns()))
        assert [1.0, -1.0] == sorted(state.returns(), reverse=True)
    solo = play(
        pyspiel.load_game("python_sankore_solo", SHORT["python_sankore_solo"]),
        [pyspiel.make_uniform_random_bot(0, 3)],
        np.random.RandomState(3),
    )
    assert returns_of(solo.position) == solo.returns()
    assert solo.returns()[0] in (1.0, -1.0)


@pytest.mark.parametrize(
    ("name", "params", "players", "utility", "sum_"),
    [
        ("python_sankore", {"players": 3}, 3, pyspiel.GameType.Utility.ZERO_SUM, 0.0),
        ("python_sankore_solo", {}, 1, pyspiel.GameType.Utility.GENERAL_SUM, None),
        ("python_five_tribes", {"players": 4}, 4, pyspiel.GameType.Utility.ZERO_SUM, 0.0),
    ],
)
def test_game_declares_the_engines_sizes(
    name: str, params: dict[str, Any], players: int, utility: Any, sum_: float | None
) -> None:
    game = pyspiel.load_game(name, params)
    game_type = game.get_type()
    state = dealt(name, params)
    rules = sr.rules_of(state.position)
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (utility, False) == (game_type.utility, game_type.provides_information_state_tensor)
    assert num_distinct_actions(rules) == game.num_distinct_actions()
    assert [len(observation_tensor(state.position, 0))] == game.observation_tensor_shape()
    assert (players, 256, -1.0, 1.0, 10_000) == (
        game.num_players(),
        game.max_chance_outcomes(),
        game.min_utility(),
        game.max_utility(),
        game.max_game_length(),
    )
    if sum_ is not None:
        assert sum_ == game.utility_sum()


def test_sankores_setup_is_dealt_at_chance_nodes_and_draws_no_seed() -> None:
    """Issue 39, ``Game.chance_setup``: the game starts at the setup's first chance node (the
    first Theology Book, SETUP-C-4), every place of the setup is one, then the hands and the
    first player; no seed is drawn, so no information set is indexed by a small seed."""
    game = pyspiel.load_game("python_sankore", {"players": 3})
    state = game.new_initial_state()
    assert 0 == state.seed_byte_count
    assert sr.to_json(sr.new_game(players=3, seed=0, chance="explicit")) == str(state)
    assert [(k, 1 / 4) for k in range(4)] == state.chance_outcomes()
    assert "put astronomy" == state.action_to_string(pyspiel.PlayerId.CHANCE, 0)
    setup = 0
    while state.position.agenda[-1].kind == "setup_place":
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
        setup += 1
        state.apply_action(outcomes[-1][0])
    assert setup > 60
    assert [(k, 1 / 24) for k in range(24)] == state.chance_outcomes()
    assert "deal 1" == state.action_to_string(pyspiel.PlayerId.CHANCE, 0)
    for _ in range(3 * 4):  # the hands (SETUP-P-8)
        state.apply_action(0)
    assert [(k, 1 / 3) for k in range(3)] == state.chance_outcomes()
    assert "first 2" == state.action_to_string(pyspiel.PlayerId.CHANCE, 2)
    state.apply_action(2)
    assert (2, 0) == (state.current_player(), state.decisions)
    # Then each draw of play is a chance node where it happens (issue 39).
    draws = 0
    while not state.is_terminal() and len(state.history()) < 300:
        if state.is_chance_node():
            draws += 1
            state.apply_action(state.chance_outcomes()[-1][0])
            continue
        assert list(np.flatnonzero(legal_mask(state.position))) == state.legal_actions()
        state.apply_action(state.legal_actions()[-1])
    assert draws > 0


@pytest.mark.parametrize(
    ("action", "refusal", "fragment"),
    [
        (256, ValueError, "a chance outcome is a byte of the seed, 0..255, got 256"),
        (1000, ValueError, "a chance outcome is a byte of the seed, 0..255, got 1000"),
        (-2, ValueError, "a chance outcome is a byte of the seed, 0..255, got -2"),
        (-1, pyspiel.SpielError, "action_id != kInvalidAction"),  # pyspiel's own check
    ],
)
def test_a_chance_outcome_outside_a_byte_is_refused(
    action: int, refusal: type[Exception], fragment: str
) -> None:
    # The built-in games deal their setup by chance steps (Game.chance_setup); the tests'
    # Hidden Nim deals from its seed, drawn a byte at a time.
    with registered():
        openspiel_game.register_games()
        state = pyspiel.load_game("python_hidden_nim").new_initial_state()
        assert SEED_BYTES == state.seed_byte_count
        state.apply_action(3)
        with pytest.raises(refusal) as refused:
            state.apply_action(action)
    assert fragment in str(refused.value)
    assert [3] == state.history()


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_sankore", {"players": 2}),
        ("python_sankore_solo", {"scholar": "medium"}),
        ("python_five_tribes", {"players": 3}),
    ],
)
def test_an_information_set_holds_deals_that_differ_only_in_hidden_parts(
    name: str, params: dict[str, Any]
) -> None:
    """Player 0 cannot tell its state from one whose hidden parts are redrawn.

    The Determinizer redraws what player 0 cannot see; wrapped as a state of the same game,
    its information state and observation are player 0's exactly, its full state another.
    """
    state = dealt(name, params, decisions=3)
    view = sr.observation(state.position, 0)
    samples = [Determinizer(view).sample(random.Random(k)) for k in range(4)]
    assert any(sr.to_json(s) != sr.to_json(state.position) for s in samples)
    others = []
    for k in range(4):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert isinstance(other, ProtocolState)
        others.append(other)
        # Its history replays to it: the seed's bytes (what every seat sees) kept, the
        # deal's chance outcomes dealing other hands, the rest as played.
        assert not other.resampled
        assert len(state.history()) == len(other.history())
        assert state.history()[:SEED_BYTES] == other.history()[:SEED_BYTES]
        replayed = other.get_game().deserialize_state(other.serialize())
        assert sr.to_json(replayed.position) == sr.to_json(other.position)
        assert state.information_state_string(0) == other.information_state_string(0)
        assert state.observation_string(0) == other.observation_string(0)
        assert state.observation_tensor(0) == other.observation_tensor(0)
        assert state.current_player() == other.current_player()
        assert state.legal_actions() == other.legal_actions()
        assert [p.player for p in state.full_history()] == [
            p.player for p in other.full_history()
        ], k
    # The deals differ in what player 0 cannot see: the whole states are others. Five
    # Tribes hides nothing from a seat that saw its game from the start (issue 39).
    redrawn = any(other.position != state.position for other in others)
    assert redrawn == (name != "python_five_tribes")


def test_a_resampled_state_replays_from_its_history_and_plays_on() -> None:
    """Issue 39: the setup's chance nodes deal what every seat sees and the hands, so a
    resampled state keeps the public setup, deals other hands, and its history (its chance
    outcomes included) replays to it."""
    state = dealt("python_sankore", {"players": 2}, decisions=2)
    assert 2 == state.decisions
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    public = ("theology_books", "port_tokens", "queues", "region_tiles", "madrasa", "draft")
    assert [getattr(state.position, f) for f in public] == [
        getattr(other.position, f) for f in public
    ]
    assert sr.to_json(state.position) != sr.to_json(other.position)
    assert state.position.players[0].objectives == other.position.players[0].objectives
    assert state.position.players[1].objectives != other.position.players[1].objectives
    text = other.serialize()
    assert "{" not in text  # its history alone: no position written after it
    again = other.get_game().deserialize_state(text)
    assert (other.position, other.history()) == (again.position, again.history())
    again.apply_action(again.legal_actions()[0])
    assert 3 == again.decisions


def test_the_information_state_tensor_is_refused_not_empty() -> None:
    state = dealt("python_sankore", {"players": 2})
    with pytest.raises(NotSupported, match="provides_information_state_tensor is False"):
        state.information_state_tensor(0)
    observer = make_observation(state.get_game(), pyspiel.IIGObservationType(perfect_recall=True))
    assert observer.tensor is None
    assert {} == observer.dict


def test_views_are_the_tensor_and_strings_of_the_engine() -> None:
    state = dealt("python_sankore", {"players": 3}, decisions=25)
    observer = make_observation(state.get_game())
    for player in range(3):
        expected = observation_tensor(state.position, player)
        assert np.array_equal(expected, np.asarray(state.observation_tensor(player)))
        observer.set_from(state, player)
        assert np.array_equal(expected, observer.tensor)
        assert observation_string(state.position, player) == state.observation_string(player)
        assert information_state_string(state.position, player) == (
            state.information_state_string(player)
        )


def test_public_and_private_views_split_what_a_player_sees() -> None:
    """Public: what every seat sees alike; private: where this seat sees otherwise."""
    state = dealt("python_sankore", {"players": 2}, decisions=4)
    game = state.get_game()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    hands = [list(p.objectives) for p in state.position.players]
    # The deal's chance nodes, each its first outcome: the lowest card left (OBJ-1).
    assert [[1, 2, 3, 4], [5, 6, 7, 8]] == hands
    assert (
        '{"private":{"players.0.objectives":[1,2,3,4],"players.1.objectives":4,"viewer":0}}'
        == private.string_from(state, 0)
    )
    assert (
        '{"private":{"players.0.objectives":4,"players.1.objectives":[5,6,7,8],"viewer":1}}'
        == private.string_from(state, 1)
    )
    seen = public.string_from(state, 0)
    assert seen == public.string_from(state, 1)
    assert seen.startswith('{"public":{')
    assert '"objectives":"?"' in seen
    assert "[4,5,2,23]" not in seen
    assert "[7,22,1,18]" not in seen


def test_serialize_writes_the_seed_and_the_decisions() -> None:
    state = dealt("python_sankore", {"players": 2, "library": "six_shelf"}, decisions=30)
    text = state.serialize()
    assert [str(a) for a in state.history()] == text.split()
    again = state.get_game().deserialize_state(text)
    assert str(state) == str(again)
    assert state.history() == again.history()
    loaded = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state)
    )[1]
    assert str(state) == str(loaded)


def test_clone_shares_nothing_that_changes() -> None:
    state = dealt("python_five_tribes", {"players": 2}, decisions=10)
    clone = state.clone()
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert before == str(state)
    assert str(clone) != before


def test_a_game_cut_off_at_its_length_is_scored_as_it_stands() -> None:
    state = dealt("python_sankore", {"players": 2, "max_game_length": 150})
    while not state.is_terminal():
        if state.is_chance_node():  # a draw of play: no decision
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    assert 150 == state.decisions
    assert not sr.is_terminal(state.position)
    assert outcome(state.position) == state.returns()
    assert [1.0, -1.0] == sorted(state.returns(), reverse=True)


@pytest.mark.parametrize(
    ("name", "params", "fragment"),
    [
        ("python_sankore", {"players": 5}, "players must be one of 2, 3, 4, got 5"),
        ("python_sankore", {"players": 1}, "players must be one of 2, 3, 4, got 1"),
        ("python_sankore", {"max_game_length": 0}, "max_game_length must be at least 1, got 0"),
        ("python_sankore", {"library": "round"}, "library"),
        ("python_sankore_solo", {"scholar": "impossible"}, "scholar must be one of"),
        ("python_five_tribes", {"players": 1}, "players must be one of 2, 3, 4, got 1"),
    ],
)
def test_bad_parameters_are_refused(name: str, params: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError) as refused:
        pyspiel.load_game(name, params)
    assert fragment in str(refused.value)


def test_an_unknown_parameter_is_refused_by_pyspiel() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'library'"):
        pyspiel.load_game("python_five_tribes", {"library": "six_shelf"})
